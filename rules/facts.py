"""ShotFacts: what a shot did, read off the event log, in the terms the rules use.

The referee reads a shot only through ``result.events``, ``result.initial`` and ``result.final``
(so hand-built ``ShotResult.from_log(...)`` logs are judged exactly like simulated ones). This
module turns those into facts: the first ball the cue ball met, the balls pocketed and where,
the cushions touched after the first contact, the object balls that reached a cushion, the
marked lines crossed, the balls that left the table (``OFF_TABLE`` rows) and the object balls
the cue ball flew over before its first contact. Facts are physical; whether they make a foul
is the games' business.

The facts every ruling asks for (the first contact, the balls pocketed and where, the balls
off the table, the balls that met a cushion, a cushion after the first contact) come from one
compiled pass over the log, ``sim.digest.digest_log``; it also refuses a log that names a ball
the shot does not have. The records of every row of a kind (every contact, every cushion hit,
every line crossing) are read from the log's columns when a clause asks for them (one NumPy
mask per kind of row, each column then read at those rows once). Each fact is worked out the
first time a game's clause asks for it and kept (:class:`once`). Nothing here mutates its
inputs.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from itertools import compress
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from rules.evidence import describe_event
from rules.flights import (
    JumpOver,
    flight_over_ball_hit,
    jumps_before_contact,
    launch_landing,
    logged_positions,
)
from rules.records import (
    Contact,
    CushionHit,
    LineCrossing,
    LogRows,
    OffTable,
    Pocketing,
    Row,
)
from rules.values import once
from sim.constants import MotionState
from sim.digest import LogDigest, balls_with_part_below, digest_log
from sim.events import EVENT_DTYPE, EventKind
from sim.result import ShotResult

if TYPE_CHECKING:
    from sim.balls import BallState
    from sim.params import Params
    from sim.strike import Strike
    from sim.table import Table

#: Two cue-ball contacts closer in time than this (s) are simultaneous (snooker 3.5).
SIMULTANEOUS_CONTACT_S = 1e-9

_BALL_BALL = int(EventKind.BALL_BALL)
_BALL_CUSHION = int(EventKind.BALL_CUSHION)
_BALL_POCKET = int(EventKind.BALL_POCKET)
_LINE_CROSSING = int(EventKind.LINE_CROSSING)
_OFF_TABLE = int(EventKind.OFF_TABLE)
_BOUNCE = int(EventKind.BOUNCE)
_STRIKE = int(EventKind.STRIKE)
_AIRBORNE = int(MotionState.AIRBORNE)
#: Where the fields a worded row reads sit in a row's tuple (``EVENT_DTYPE``'s order).
_T_FIELD, _KIND_FIELD, _A_FIELD, _B_FIELD = (
    (EVENT_DTYPE.names or ()).index(name) for name in ("t", "kind", "a", "b")
)


class JudgedShot(Protocol):
    """What the referee reads of a shot: a ``sim.ShotResult``, simulated or built by hand
    (``ShotResult.from_log``). The log (``events``, ``sim.EVENT_DTYPE`` rows in time order),
    the balls at t = 0 and at rest, the strike that played it (None for a hand-built log: the
    clauses that need the strike's tip offset or direction are then judged from the rows alone
    or as declared) and the physical parameters (the cloth's frictions for a stroke's
    strength). A result's ``snapshots``, when it has one per row, are read too."""

    @property
    def events(self) -> np.ndarray: ...
    @property
    def initial(self) -> BallState: ...
    @property
    def final(self) -> BallState: ...
    @property
    def strike(self) -> Strike | None: ...
    @property
    def params(self) -> Params: ...


def on_table_indices(state: BallState) -> frozenset[int]:
    """Indices of the balls on the table in ``state`` (its ``on_table`` mask): the mask read as
    one list, the indices picked in C (``itertools.compress``), no array made."""
    flags = np.asarray(state.on_table).tolist()
    return frozenset(compress(range(len(flags)), flags))


class ShotFacts:
    """Rule-relevant facts of one shot, each read off the log when first asked for.

    Facts (read-only attributes, worked out once):
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
        cue_ball_jump_over_hit: its flight over the ball it hit first, landing beyond it.
        cue_ball_launch: the row ending its flight from the strike, when it left the cloth.
        shot: the log and the two states the facts were read from.

    Build with :meth:`from_result` or :meth:`from_log`; the inputs are only read.
    """

    def __init__(
        self,
        table: Table,
        initial: BallState,
        events: np.ndarray,
        final: BallState,
        cue_airborne_after: np.ndarray | Callable[[], np.ndarray] | None = None,
        positions_after: Callable[[int], np.ndarray] | None = None,
    ) -> None:
        """The facts of one shot (see :meth:`from_log`); ``cue_airborne_after`` is a (rows,)
        bool array, or a callable giving the cue ball's motion codes after each row
        (``MotionState``, a (rows,) int array: a result's snapshots, read only when a flight
        is looked for), or None; ``positions_after(row)`` every ball's centre ((n, 2) m) right
        after a row (a result's snapshots), or None: then each ball's last logged centre."""
        self._table = table
        self._airborne = cue_airborne_after
        self._positions = positions_after
        self.shot: tuple[np.ndarray, BallState, BallState] = (events, initial, final)
        self._rows_logged = len(events)
        self._below: dict[tuple[float, float], frozenset[int]] = {}

    def __repr__(self) -> str:
        return (
            f"ShotFacts(n_balls={self.n_balls}, rows={self._rows_logged}, "
            f"first_contact={self.first_contact!r}, pocketed={self.pocketed!r})"
        )

    # ------------------------------------------------------------------ construction
    @classmethod
    def from_result(cls, result: JudgedShot, table: Table) -> ShotFacts:
        """Read the facts of ``result`` (a ``sim.ShotResult``: :class:`JudgedShot`) on
        ``table``; its snapshots, when it has one per row, say
        whether the cue ball was in the air before a first contact. Does not mutate ``result``.

        The facts of the last ``sim.ShotResult`` read are kept with it, and asking again for
        the same result on the same table (the same objects) gives them back: a study's record
        reads the very facts its ruling was judged from instead of reading the log twice. Only a
        ``ShotResult`` is kept: it is a frozen value with read-only arrays, so the facts of one
        are the facts of it for good. The result is held by a weak reference and the facts are
        let go with it (a result of hundreds of balls is tens of megabytes: dropping it frees
        them); while it lives no other object can take its identity. Any other object is read
        afresh on every call."""
        last = cls._last_read
        if last is not None and last[0]() is result and last[1] is table:
            return last[2]
        facts = cls._read_result(result, table)
        if type(result) is ShotResult:
            cls._last_read = (weakref.ref(result, cls._let_go), table, facts)
        return facts

    @classmethod
    def _let_go(cls, gone: weakref.ref[Any]) -> None:
        """Let the kept facts go with their result (``gone``, its dead weak reference); a bound
        method, so that it needs no module global when it runs at interpreter exit."""
        last = cls._last_read
        if last is not None and last[0] is gone:
            cls._last_read = None

    #: (weak reference to the result, table, facts) of the last ``ShotResult`` read by
    #: :meth:`from_result`; None once that result is gone.
    _last_read: tuple[weakref.ref[Any], Table, ShotFacts] | None = None

    @classmethod
    def _read_result(cls, result: JudgedShot, table: Table) -> ShotFacts:
        events = result.events
        snapshots = getattr(result, "snapshots", None)
        airborne = positions = None
        if snapshots is not None and len(snapshots) == len(events) and len(snapshots):

            def airborne() -> np.ndarray:
                codes: np.ndarray = np.asarray(snapshots.motion)[:, 0]
                return codes

            def positions(row: int) -> np.ndarray:
                centres: np.ndarray = snapshots.pos[row]
                return centres

        return cls(table, result.initial, events, result.final, airborne, positions)

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
        return cls(table, initial, events, final, cue_airborne_after)

    def _rows(self, kind: int, cue_only: bool = False) -> list[Row]:
        """The log's rows of ``kind`` (``rules.records.LogRows.of``)."""
        return self._log_rows.of(kind, cue_only)

    @once
    def _log_rows(self) -> LogRows:
        """The log's rows by kind, read when a clause first asks for rows (most rulings read
        only the log's digest)."""
        return LogRows(self.shot[0])

    # ------------------------------------------------------------------ the states
    @once
    def n_balls(self) -> int:
        return int(self.shot[1].pos.shape[0])

    @property
    def _a(self) -> np.ndarray:
        """The log's ``a`` column (``rules.records.LogRows.a``)."""
        return self._log_rows.a

    @once
    def on_table_before(self) -> frozenset[int]:
        return on_table_indices(self.shot[1])

    @once
    def on_table_after(self) -> frozenset[int]:
        return on_table_indices(self.shot[2])

    @once
    def cue_start(self) -> tuple[float, float]:
        initial = self.shot[1]
        if not bool(initial.on_table[0]):
            return (float("nan"), float("nan"))
        x, y = initial.pos[0].tolist()
        return (float(x), float(y))

    # ------------------------------------------------------------------ the rows, by kind
    @once
    def contacts(self) -> tuple[Contact, ...]:
        return tuple(Contact(i, t, a, b) for i, t, a, b, _ in self._rows(_BALL_BALL))

    @once
    def digest(self) -> LogDigest:
        """The log's digest (``sim.digest.digest_log``, simultaneous contacts within
        ``SIMULTANEOUS_CONTACT_S``); ``InvalidEventLogError`` for a log naming a ball outside
        the shot's."""
        return digest_log(self.shot[0], self.n_balls, SIMULTANEOUS_CONTACT_S)

    @once
    def first_contact(self) -> Contact | None:
        first = self.digest.first_contact
        return None if first is None else Contact(first[0], first[1], 0, first[2])

    @once
    def first_contact_balls(self) -> frozenset[int]:
        return self.digest.first_contact_balls

    @once
    def pocketings(self) -> tuple[Pocketing, ...]:
        found = self._rows(_BALL_POCKET)
        if not found:
            return ()
        return tuple(Pocketing(i, t, a, b, self.pocket_name(b)) for i, t, a, b, _ in found)

    def pocket_name(self, pocket: int) -> str:
        """Pocket ``pocket``'s name as drawn (``sim.table.POCKET_NAMES``), or "pocket N" for an
        id the table does not have."""
        pockets = self._table.pockets
        return pockets[pocket].name if 0 <= pocket < len(pockets) else f"pocket {pocket}"

    @once
    def cushion_hits(self) -> tuple[CushionHit, ...]:
        return tuple(CushionHit(i, t, a, b) for i, t, a, b, _ in self._rows(_BALL_CUSHION))

    @once
    def line_crossings(self) -> tuple[LineCrossing, ...]:
        found = self._rows(_LINE_CROSSING)
        if not found:
            return ()
        names = [ln.name for ln in self._table.lines]
        return tuple(
            LineCrossing(i, t, a, b, names[b] if 0 <= b < len(names) else f"line {b}", d)
            for i, t, a, b, d in found
        )

    @once
    def off_table(self) -> tuple[OffTable, ...]:
        return tuple(OffTable(i, t, a, b) for i, t, a, b, _ in self._rows(_OFF_TABLE))

    @once
    def _cue_airborne(self) -> np.ndarray | None:
        """Per row, whether the cue ball was airborne right after it ((rows,) bool): from the
        result's snapshots or the ``cue_airborne_after`` given; None when neither is known."""
        airborne = self._airborne
        if callable(airborne):  # a result's snapshots: the cue ball's motion codes
            flying: np.ndarray = airborne() == _AIRBORNE
            return flying
        return None if airborne is None else np.asarray(airborne, dtype=bool)

    @once
    def cue_ball_jumps(self) -> tuple[JumpOver, ...]:
        first = self.first_contact
        end = self._rows_logged if first is None else first.event + 1
        airborne = self._cue_airborne
        # no landing and never in the air before the first contact: no flight. Read as a list
        # (``in`` on ``tolist()``: a fraction of numpy's ``any`` on a short log)
        if not self.digest.landed_before_first_contact and (
            airborne is None or True not in airborne[:end].tolist()
        ):
            return ()
        events, initial, _ = self.shot
        return jumps_before_contact(
            events,
            initial,
            None if first is None else first.event,
            airborne,
            self.on_table_before,
            float(self._table.ball_radius),
        )

    @once
    def cue_ball_jump_over_hit(self) -> JumpOver | None:
        """After its first contact, the cue ball's flight over the ball it hit, landing on that
        ball's far side before it meets anything else (``rules.flights.flight_over_ball_hit``;
        WPBSA definition 2.19), or None. A cue ball on the cloth right after the contact (the
        snapshots say so) never flew from it."""
        first = self.first_contact
        if first is None:
            return None
        airborne = self._cue_airborne
        if airborne is not None and len(airborne) > first.event and not airborne[first.event]:
            return None
        # the flight starts at the last of the simultaneous first contacts
        start = max(
            c.event
            for c in self.contacts
            if 0 in (c.ball, c.other) and c.t - first.t <= SIMULTANEOUS_CONTACT_S
        )
        radius = float(self._table.ball_radius)
        for ball in sorted(self.first_contact_balls):
            jump = flight_over_ball_hit(self.shot[0], start, ball, self._positions_after, radius)
            if jump is not None:
                return jump
        return None

    @once
    def cue_ball_launch(self) -> int | None:
        """The row that ends the cue ball's first flight when it left the cloth at the strike
        (its landing, leaving the table, or what it met in the air), else None
        (``rules.flights.launch_landing``)."""
        events = self.shot[0]
        airborne = self._airborne
        # a simulated shot: its first row is the strike, and the snapshot right after it says
        # at once whether the cue ball left the cloth (most strikes: no flight)
        first_is_strike = len(events) and int(events["kind"][0]) == _STRIKE
        if callable(airborne) and first_is_strike and int(airborne()[0]) != _AIRBORNE:
            return None
        return launch_landing(events, self._cue_airborne)

    @once
    def _positions_after(self) -> Callable[[int], np.ndarray]:
        """``positions(row)``: every ball's centre ((n, 2) m) right after a row: the result's
        snapshots, else each ball's last logged centre (``rules.flights.logged_positions``)."""
        if self._positions is not None:
            return self._positions
        return logged_positions(self.shot[0], self.shot[1]).__getitem__

    @once
    def recorded_positions(self) -> tuple[np.ndarray, ...]:
        """For each ball, its centre at t = 0, at every row where it is ball ``a`` (log order),
        and at rest if on the table: ``(k, 2)`` arrays, metres (for "did part of the ball pass
        a line"). Read as columns: the three sources are stacked in that order and one stable
        sort by ball splits them."""
        events, initial, final = self.shot
        n = self.n_balls
        a_col = np.asarray(self._a).astype(np.int64)
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

    # ------------------------------------------------------------------ derived facts
    @property
    def first_ball_hit(self) -> int | None:
        """The object ball the cue ball met first, or None."""
        return None if self.first_contact is None else self.first_contact.other

    @once
    def pocketed(self) -> tuple[int, ...]:
        """Balls pocketed, in the order they dropped (each once)."""
        return tuple(d.ball for d in self.digest.pocketed)

    @once
    def object_balls_pocketed(self) -> tuple[int, ...]:
        """Object balls (index > 0) pocketed, in order."""
        return tuple(b for b in self.pocketed if b != 0)

    @property
    def cue_ball_pocketed(self) -> bool:
        """True when the cue ball fell into a pocket."""
        return 0 in self.pocketed

    def pocketing_of(self, ball: int) -> Pocketing | None:
        """The pocketing of ``ball``, or None if it stayed up."""
        for d in self.digest.pocketed:
            if d.ball == ball:
                return Pocketing(d.row, d.t, ball, d.pocket, self.pocket_name(d.pocket))
        return None

    @once
    def balls_off_table(self) -> frozenset[int]:
        """Balls the engine sent off the table (an ``OFF_TABLE`` row), the cue ball included."""
        return frozenset(d.ball for d in self.digest.left_table)

    def off_table_of(self, ball: int) -> OffTable | None:
        """The ``OFF_TABLE`` row of ``ball``, or None if the engine kept it on the table."""
        for d in self.digest.left_table:
            if d.ball == ball:
                return OffTable(d.row, d.t, ball, d.pocket)
        return None

    def cushion_hits_after_first_contact(self) -> tuple[CushionHit, ...]:
        """Cushion contacts by any ball (cue or object) after the cue ball's first contact."""
        if self.first_contact is None:
            return ()
        start = self.first_contact.event
        return tuple(h for h in self.cushion_hits if h.event > start)

    @once
    def cushion_after_first_contact(self) -> bool:
        """Whether any ball (cue or object) met a cushion after the cue ball's first contact:
        ``cushion_hits_after_first_contact()`` is not empty, from the log's digest without
        making their records (the pool rule "a cushion after contact" asks only that)."""
        return self.digest.cushion_after_first_contact

    @once
    def object_balls_to_cushion(self) -> frozenset[int]:
        """Distinct object balls that touched a cushion at any time in the shot."""
        return self.digest.cushioned - {0}

    def _line_ids(self, line_name: str) -> set[int]:
        """The ids (into ``Table.lines``) of the table's lines called ``line_name``."""
        return {i for i, ln in enumerate(self._table.lines) if ln.name == line_name}

    def crossings_of(
        self, line_name: str, direction: int | None = None
    ) -> tuple[LineCrossing, ...]:
        """Crossings of the line called ``line_name``, optionally only in ``direction`` (+1/-1);
        only the rows of the lines so named become records (a "line N" name: line_crossings)."""
        if "line_crossings" not in self.__dict__ and not line_name.startswith("line "):
            wanted = self._line_ids(line_name)
            return tuple(
                LineCrossing(i, t, a, b, line_name, d)
                for i, t, a, b, d in (self._rows(_LINE_CROSSING) if wanted else ())
                if b in wanted and (direction is None or d == direction)
            )
        same = (c for c in self.line_crossings if c.line_name == line_name)
        return tuple(c for c in same if direction is None or c.direction == direction)

    def balls_crossing(self, line_name: str, direction: int) -> frozenset[int]:
        """The balls (the cue ball included) whose centre crossed the line called ``line_name``
        in ``direction`` (+1 towards the foot, -1 towards the head): the balls of
        ``crossings_of(line_name, direction)``, from the log's digest without making records."""
        if line_name.startswith("line "):  # a line id the table lacks, named by its number
            return frozenset(c.ball for c in self.crossings_of(line_name, direction))
        wanted = self._line_ids(line_name)
        crossings = self.digest.crossings if wanted else ()
        return frozenset(ball for ball, line, d in crossings if line in wanted and d == direction)

    def balls_with_part_below(self, y_line: float, radius: float) -> frozenset[int]:
        """Object balls that came, during the shot, with some part on the head side of
        ``y = y_line``: a recorded centre with ``y - radius < y_line`` (at an event of the ball
        or at rest) for a ball that was wholly on the other side at t = 0. Part of a ball
        passing a line between its recorded positions on a curved slide is not seen; a centre
        crossing is, through the log's LINE_CROSSING rows (``crossings_of``). NaN is never below.
        Compiled: ``sim.digest.balls_with_part_below``."""
        key = (y_line, radius)
        known = self._below.get(key)
        if known is None:
            events, initial, final = self.shot
            known = self._below[key] = balls_with_part_below(events, initial, final, y_line, radius)
        return known

    def describe_event(self, event: int, names: tuple[str, ...] | None = None) -> str:
        """A logged fact in plain words, for a foul's evidence ("event 3 at t = 0.412 s: the cue
        ball met the 3"): ``rules.evidence.describe_event``."""
        return describe_event(self, event, names)
