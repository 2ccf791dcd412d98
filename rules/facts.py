"""ShotFacts: what a shot did, read off the event log, in the terms the rules use.

The referee reads a shot only through ``result.events``, ``result.initial`` and ``result.final``
(so hand-built ``ShotResult.from_log(...)`` logs are judged exactly like simulated ones). This
module turns those into facts: the first ball the cue ball met, the balls pocketed and where,
the cushions touched after the first contact, the object balls that reached a cushion, the
marked lines crossed, the balls that left the table (``OFF_TABLE`` rows) and the object balls
the cue ball flew over before its first contact. Facts are physical; whether they make a foul
is the games' business.

Nothing here mutates its inputs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

import numpy as np

from sim.constants import MotionState
from sim.events import EventKind

if TYPE_CHECKING:
    from sim.balls import BallState
    from sim.table import Table

#: Two cue-ball contacts closer in time than this (s) are simultaneous (snooker 3.5).
SIMULTANEOUS_CONTACT_S = 1e-9


@dataclass(frozen=True)
class Contact:
    """A ball-ball contact: row ``event`` of the log, at time ``t`` (s), between ``ball`` and
    ``other``."""

    event: int
    t: float
    ball: int
    other: int


@dataclass(frozen=True)
class Pocketing:
    """Ball ``ball`` fell into pocket ``pocket`` (id) named ``pocket_name`` at row ``event``."""

    event: int
    t: float
    ball: int
    pocket: int
    pocket_name: str


@dataclass(frozen=True)
class CushionHit:
    """Ball ``ball`` met cushion ``cushion`` (id into ``Table.cushions``) at row ``event``."""

    event: int
    t: float
    ball: int
    cushion: int


@dataclass(frozen=True)
class LineCrossing:
    """Ball ``ball``'s centre crossed marked line ``line`` (named ``line_name``) at row
    ``event``; ``direction`` is +1 towards the foot / top end (+y), -1 towards the head / baulk
    end (-y)."""

    event: int
    t: float
    ball: int
    line: int
    line_name: str
    direction: int


@dataclass(frozen=True)
class OffTable:
    """Ball ``ball`` left the table at row ``event`` (an ``OFF_TABLE`` row, time ``t`` s): over
    rail ``rail`` (id, -1 when the engine names none) or at rest on a rail top
    (docs/physics-airborne.md §4)."""

    event: int
    t: float
    ball: int
    rail: int


@dataclass(frozen=True)
class JumpOver:
    """Before its first contact the cue ball flew over object ball ``ball``: its flight that
    ends at row ``event`` (time ``t`` s) passed the ball's centre, horizontally closer than
    ``2 R`` to it, without touching it first (a jump shot, WPBSA Section 2 definition 2.19)."""

    event: int
    t: float
    ball: int


def cue_ball_flights(
    events: np.ndarray, first_contact_row: int | None, airborne_after: np.ndarray | None
) -> list[tuple[int, np.ndarray, np.ndarray]]:
    """The cue ball's straight flights before its first contact, as (row that ends the flight,
    start (2,) m, end (2,) m).

    Between two consecutive rows of the cue ball (ball ``a`` = 0) nothing but gravity acts on a
    flying ball, so its horizontal path is the straight segment between the two recorded
    centres (docs/physics-airborne.md §1). A segment is a flight when it ends in a landing
    (``BOUNCE``) or in leaving the table (``OFF_TABLE``), or, when ``airborne_after`` (per row,
    the cue ball airborne right after it: the result's snapshots) is given, when the cue ball
    was airborne after the segment's first row (a flight that ends in the first contact).
    """
    kind = np.asarray(events["kind"]).astype(np.int64)
    a_col = np.asarray(events["a"]).astype(np.int64)
    end = len(kind) if first_contact_row is None else first_contact_row + 1
    own = np.flatnonzero(a_col[:end] == 0)
    xy = np.column_stack(
        [np.asarray(events["x"], dtype=float), np.asarray(events["y"], dtype=float)]
    ).reshape(-1, 2)
    landing = (kind == int(EventKind.BOUNCE)) | (kind == int(EventKind.OFF_TABLE))
    flights = []
    for i, j in zip(own[:-1].tolist(), own[1:].tolist(), strict=True):
        flying = bool(landing[j]) or (airborne_after is not None and bool(airborne_after[i]))
        if flying:
            flights.append((j, xy[i], xy[j]))
    return flights


def balls_flown_over(
    flights: list[tuple[int, np.ndarray, np.ndarray]],
    t_col: np.ndarray,
    centres: dict[int, np.ndarray],
    radius: float,
) -> tuple[JumpOver, ...]:
    """The object balls (``centres``: index -> (2,) m, where they rest before the first
    contact) that a flight passes over: the ball's centre projects strictly inside the flight's
    horizontal segment and lies closer than ``2 radius`` to it. Each ball once, first flight."""
    seen: dict[int, JumpOver] = {}
    for row, p, q in flights:
        d = q - p
        length2 = float(d @ d)
        if length2 <= 0.0:
            continue
        for ball, c in centres.items():
            if ball in seen:
                continue
            s = float((c - p) @ d) / length2
            gap = float(np.hypot(*(p + s * d - c)))
            if 0.0 < s < 1.0 and gap < 2.0 * radius:
                seen[ball] = JumpOver(row, float(t_col[row]), ball)
    return tuple(sorted(seen.values(), key=lambda j: (j.event, j.ball)))


def on_table_indices(state: BallState) -> frozenset[int]:
    """Indices of the balls on the table in ``state`` (its ``on_table`` mask)."""
    return frozenset(np.flatnonzero(np.asarray(state.on_table)).tolist())


@dataclass(frozen=True)
class ShotFacts:
    """Rule-relevant facts of one shot.

    Fields:
        n_balls: number of balls in the state arrays.
        on_table_before: balls on the table at t = 0 (from ``result.initial``).
        on_table_after: balls on the table at rest (from ``result.final``).
        cue_start: the cue ball's centre at t = 0, metres (NaN, NaN when it was off the table).
        contacts: every ball-ball contact, in log order.
        first_contact: the cue ball's first contact with an object ball, or None if it met none.
        first_contact_balls: every object ball the cue ball met at the time of its first contact
            (several when contacts are simultaneous within ``SIMULTANEOUS_CONTACT_S``).
        pocketings: every pocketing, in log order.
        cushion_hits: every ball-cushion contact, in log order.
        line_crossings: every marked-line crossing, in log order.
        off_table: every ball that left the table (``OFF_TABLE`` rows), in log order.
        cue_ball_jumps: the object balls the cue ball flew over before its first contact.
        shot: the log and the two states the facts were read from (kept, not compared, for
            ``recorded_positions``, which is worked out only when asked for).
    """

    n_balls: int
    on_table_before: frozenset[int]
    on_table_after: frozenset[int]
    cue_start: tuple[float, float]
    contacts: tuple[Contact, ...]
    first_contact: Contact | None
    first_contact_balls: frozenset[int]
    pocketings: tuple[Pocketing, ...]
    cushion_hits: tuple[CushionHit, ...]
    line_crossings: tuple[LineCrossing, ...]
    off_table: tuple[OffTable, ...]
    cue_ball_jumps: tuple[JumpOver, ...]
    shot: tuple[np.ndarray, BallState, BallState] = field(repr=False, compare=False)

    @cached_property
    def recorded_positions(self) -> tuple[np.ndarray, ...]:
        """For each ball, its centre at t = 0, at every row where it is ball ``a`` (log order),
        and at rest if on the table: ``(k, 2)`` arrays, metres (for "did part of the ball pass
        a line"). Read as columns: the three sources are stacked in that order and one stable
        sort by ball splits them."""
        events, initial, final = self.shot
        n = self.n_balls
        a_col = np.asarray(events["a"]).astype(np.int64)
        own = (a_col >= 0) & (a_col < n)
        xy_col = np.column_stack(
            [np.asarray(events["x"], dtype=float), np.asarray(events["y"], dtype=float)]
        ).reshape(-1, 2)
        first_rows = np.flatnonzero(np.asarray(initial.on_table))
        last_rows = np.flatnonzero(np.asarray(final.on_table))
        ball_key = np.concatenate([first_rows, a_col[own], last_rows])
        points = np.concatenate(
            [
                np.asarray(initial.pos, dtype=float).reshape(-1, 2)[first_rows],
                xy_col[own],
                np.asarray(final.pos, dtype=float).reshape(-1, 2)[last_rows],
            ]
        )
        order = np.argsort(ball_key, kind="stable")
        by_ball = points[order]
        bounds = np.searchsorted(ball_key[order], np.arange(n + 1)).tolist()
        return tuple(by_ball[bounds[i] : bounds[i + 1]] for i in range(n))

    # ------------------------------------------------------------------ construction
    @classmethod
    def from_result(cls, result: Any, table: Table) -> ShotFacts:
        """Read the facts of ``result`` (a ``sim.ShotResult`` or anything with ``events``,
        ``initial`` and ``final``) on ``table``; its snapshots, when it has one per row, say
        whether the cue ball was in the air before a first contact. Does not mutate ``result``."""
        snapshots = getattr(result, "snapshots", None)
        airborne = None
        if snapshots is not None and len(snapshots) == len(result.events) and len(snapshots):
            airborne = np.asarray(snapshots.motion)[:, 0] == int(MotionState.AIRBORNE)
        return cls.from_log(
            table, result.initial, result.events, result.final, cue_airborne_after=airborne
        )

    @classmethod
    def from_log(
        cls,
        table: Table,
        initial: BallState,
        events: np.ndarray,
        final: BallState,
        cue_airborne_after: np.ndarray | None = None,
    ) -> ShotFacts:
        """Facts from the three parts of a shot: the state at t = 0, the log (dtype
        ``sim.EVENT_DTYPE``, time order), and the state at rest; ``cue_airborne_after`` (per
        row, bool) tells whether the cue ball was airborne right after each row (without it a
        flight is seen only where it lands, see ``cue_ball_flights``). Does not mutate its
        inputs."""
        n = int(np.asarray(initial.pos).shape[0])
        before = on_table_indices(initial)
        after = on_table_indices(final)
        cue_start = (
            (float(initial.pos[0][0]), float(initial.pos[0][1]))
            if 0 in before
            else (float("nan"), float("nan"))
        )
        pocket_names = [p.name for p in table.pockets]
        line_names = [ln.name for ln in table.lines]

        # The log is read as columns, once: each kind of row is picked with a mask and its
        # fields converted to Python numbers in one call (no per-row structured indexing).
        kind = np.asarray(events["kind"]).astype(np.int64)
        rows = np.arange(len(kind))
        t_col = np.asarray(events["t"], dtype=float)
        a_col = np.asarray(events["a"]).astype(np.int64)
        b_col = np.asarray(events["b"]).astype(np.int64)

        def columns(k: int) -> tuple[list[int], list[float], list[int], list[int]]:
            sel = kind == int(k)
            return (
                rows[sel].tolist(),
                t_col[sel].tolist(),
                a_col[sel].tolist(),
                b_col[sel].tolist(),
            )

        contacts = [Contact(*r) for r in zip(*columns(EventKind.BALL_BALL), strict=True)]
        pocketings = [
            Pocketing(i, t, a, b, pocket_names[b] if 0 <= b < len(pocket_names) else f"pocket {b}")
            for i, t, a, b in zip(*columns(EventKind.BALL_POCKET), strict=True)
        ]
        cushions = [CushionHit(*r) for r in zip(*columns(EventKind.BALL_CUSHION), strict=True)]
        crossing_sel = kind == int(EventKind.LINE_CROSSING)
        directions = np.asarray(events["direction"])[crossing_sel].astype(np.int64).tolist()
        crossings = [
            LineCrossing(i, t, a, b, line_names[b] if 0 <= b < len(line_names) else f"line {b}", d)
            for (i, t, a, b), d in zip(
                zip(*columns(EventKind.LINE_CROSSING), strict=True), directions, strict=True
            )
        ]

        first: Contact | None = None
        first_balls: set[int] = set()
        for c in contacts:
            if 0 not in (c.ball, c.other):
                continue
            other = c.other if c.ball == 0 else c.ball
            if first is None:
                first = Contact(c.event, c.t, 0, other)
                first_balls.add(other)
            elif c.t - first.t <= SIMULTANEOUS_CONTACT_S:
                first_balls.add(other)
            else:
                break

        off_table = [OffTable(*r) for r in zip(*columns(EventKind.OFF_TABLE), strict=True)]
        start_xy = np.asarray(initial.pos, dtype=float).reshape(-1, 2)
        flights = cue_ball_flights(
            events, None if first is None else first.event, cue_airborne_after
        )
        jumps = balls_flown_over(
            flights,
            t_col,
            {b: start_xy[b] for b in sorted(before) if b != 0},
            float(table.ball_radius),
        )

        return cls(
            n_balls=n,
            on_table_before=before,
            on_table_after=after,
            cue_start=cue_start,
            contacts=tuple(contacts),
            first_contact=first,
            first_contact_balls=frozenset(first_balls),
            pocketings=tuple(pocketings),
            cushion_hits=tuple(cushions),
            line_crossings=tuple(crossings),
            off_table=tuple(off_table),
            cue_ball_jumps=jumps,
            shot=(events, initial, final),
        )

    # ------------------------------------------------------------------ derived facts
    @property
    def first_ball_hit(self) -> int | None:
        """The object ball the cue ball met first, or None."""
        return None if self.first_contact is None else self.first_contact.other

    @property
    def pocketed(self) -> tuple[int, ...]:
        """Balls pocketed, in the order they dropped (each once)."""
        seen: list[int] = []
        for p in self.pocketings:
            if p.ball not in seen:
                seen.append(p.ball)
        return tuple(seen)

    @property
    def object_balls_pocketed(self) -> tuple[int, ...]:
        """Object balls (index > 0) pocketed, in order."""
        return tuple(b for b in self.pocketed if b != 0)

    @property
    def cue_ball_pocketed(self) -> bool:
        """True when the cue ball fell into a pocket."""
        return 0 in self.pocketed

    def pocketing_of(self, ball: int) -> Pocketing | None:
        """The pocketing of ``ball``, or None if it stayed up."""
        for p in self.pocketings:
            if p.ball == ball:
                return p
        return None

    @property
    def balls_off_table(self) -> frozenset[int]:
        """Balls the engine sent off the table (an ``OFF_TABLE`` row), the cue ball included."""
        return frozenset(o.ball for o in self.off_table)

    def off_table_of(self, ball: int) -> OffTable | None:
        """The ``OFF_TABLE`` row of ``ball``, or None if the engine kept it on the table."""
        for o in self.off_table:
            if o.ball == ball:
                return o
        return None

    def cushion_hits_after_first_contact(self) -> tuple[CushionHit, ...]:
        """Cushion contacts by any ball (cue or object) after the cue ball's first contact."""
        if self.first_contact is None:
            return ()
        start = self.first_contact.event
        return tuple(h for h in self.cushion_hits if h.event > start)

    @property
    def object_balls_to_cushion(self) -> frozenset[int]:
        """Distinct object balls that touched a cushion at any time in the shot."""
        return frozenset(h.ball for h in self.cushion_hits if h.ball != 0)

    def crossings_of(
        self, line_name: str, direction: int | None = None
    ) -> tuple[LineCrossing, ...]:
        """Crossings of the line called ``line_name``, optionally only in ``direction`` (+1/-1)."""
        return tuple(
            c
            for c in self.line_crossings
            if c.line_name == line_name and (direction is None or c.direction == direction)
        )

    def balls_with_part_below(self, y_line: float, radius: float) -> frozenset[int]:
        """Object balls that came, during the shot, with some part on the head side of
        ``y = y_line``: a recorded centre with ``y - radius < y_line`` (at an event of the ball
        or at rest) for a ball that was wholly on the other side at t = 0. Part of a ball
        passing a line between its recorded positions on a curved slide is not seen; a centre
        crossing is, through the log's LINE_CROSSING rows (``crossings_of``)."""
        found = set()
        for b in range(1, self.n_balls):
            pts = self.recorded_positions[b]
            if b in self.on_table_before:
                if pts.size and float(pts[0, 1]) - radius < y_line:
                    continue  # already over the line before the shot: it did not cross
                pts = pts[1:]
            if pts.size and bool(np.any(pts[:, 1] - radius < y_line)):
                found.add(b)
        return frozenset(found)

    def describe_event(self, event: int, names: tuple[str, ...] | None = None) -> str:
        """A logged fact in plain words, for a foul's evidence ("event 3 at t = 0.412 s: the cue
        ball met the 3")."""

        def nm(i: int) -> str:
            if names is not None and 0 <= i < len(names):
                return "the cue ball" if names[i] == "cue" else f"the {names[i]}"
            return "the cue ball" if i == 0 else f"ball {i}"

        for c in self.contacts:
            if c.event == event:
                return f"event {event} at t = {c.t:.3f} s: {nm(c.ball)} met {nm(c.other)}"
        for p in self.pocketings:
            if p.event == event:
                where = p.pocket_name  # the name as drawn (sim.table.POCKET_NAMES)
                return (
                    f"event {event} at t = {p.t:.3f} s: {nm(p.ball)} fell into the {where} pocket"
                )
        for h in self.cushion_hits:
            if h.event == event:
                return f"event {event} at t = {h.t:.3f} s: {nm(h.ball)} met cushion {h.cushion}"
        for o in self.off_table:
            if o.event == event:
                return f"event {event} at t = {o.t:.3f} s: {nm(o.ball)} left the table"
        for j in self.cue_ball_jumps:
            if j.event == event:
                return (
                    f"event {event} at t = {j.t:.3f} s: the cue ball ended a flight over "
                    f"{nm(j.ball)}"
                )
        for x in self.line_crossings:
            if x.event == event:
                way = "towards the foot" if x.direction > 0 else "towards the head"
                line = x.line_name.replace("_", " ")
                return f"event {event} at t = {x.t:.3f} s: {nm(x.ball)} crossed the {line} {way}"
        return f"event {event}"
