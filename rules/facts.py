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
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar, overload

import numpy as np

from rules.flights import JumpOver, balls_flown_over, cue_ball_flights
from sim.constants import MotionState
from sim.digest import LogDigest, balls_with_part_below, digest_log
from sim.events import EVENT_DTYPE, EventKind
from sim.result import ShotResult

if TYPE_CHECKING:
    from sim.balls import BallState
    from sim.table import Table

#: Two cue-ball contacts closer in time than this (s) are simultaneous (snooker 3.5).
SIMULTANEOUS_CONTACT_S = 1e-9

_BALL_BALL = int(EventKind.BALL_BALL)
_BALL_CUSHION = int(EventKind.BALL_CUSHION)
_BALL_POCKET = int(EventKind.BALL_POCKET)
_LINE_CROSSING = int(EventKind.LINE_CROSSING)
_OFF_TABLE = int(EventKind.OFF_TABLE)
_AIRBORNE = int(MotionState.AIRBORNE)
#: Where the fields a worded row reads sit in a row's tuple (``EVENT_DTYPE``'s order).
_T_FIELD, _KIND_FIELD, _A_FIELD, _B_FIELD = (
    (EVENT_DTYPE.names or ()).index(name) for name in ("t", "kind", "a", "b")
)


T = TypeVar("T")

#: Logs of at most this many rows are read as whole columns once and sorted into kinds in one
#: pass (``ShotFacts._short_log_rows``); longer ones by one mask per kind of row.
SHORT_LOG_ROWS = 48


class once(Generic[T]):  # noqa: N801 (read like functools.cached_property)
    """A property worked out on its first read and kept in the instance's ``__dict__``, where
    later reads find it without calling back here: ``functools.cached_property`` without the
    lock it takes on every first read in Python 3.11 (about 1 us, a dozen times a ruling)."""

    def __init__(self, compute: Callable[[Any], T]) -> None:
        self._compute = compute
        self._name = compute.__name__
        self.__doc__ = compute.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self._name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> once[T]: ...
    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...
    def __get__(self, instance: object | None, owner: type | None = None) -> once[T] | T:
        if instance is None:
            return self
        value = self._compute(instance)
        instance.__dict__[self._name] = value
        return value


class Contact(NamedTuple):
    """A ball-ball contact: row ``event`` of the log, at time ``t`` (s), between ``ball`` and
    ``other``."""

    event: int
    t: float
    ball: int
    other: int


class Pocketing(NamedTuple):
    """Ball ``ball`` fell into pocket ``pocket`` (id) named ``pocket_name`` at row ``event``."""

    event: int
    t: float
    ball: int
    pocket: int
    pocket_name: str


class CushionHit(NamedTuple):
    """Ball ``ball`` met cushion ``cushion`` (id into ``Table.cushions``) at row ``event``."""

    event: int
    t: float
    ball: int
    cushion: int


class LineCrossing(NamedTuple):
    """Ball ``ball``'s centre crossed marked line ``line`` (named ``line_name``) at row
    ``event``; ``direction`` is +1 towards the foot / top end (+y), -1 towards the head / baulk
    end (-y)."""

    event: int
    t: float
    ball: int
    line: int
    line_name: str
    direction: int


class OffTable(NamedTuple):
    """Ball ``ball`` left the table at row ``event`` (an ``OFF_TABLE`` row, time ``t`` s): over
    rail ``rail`` (id, -1 when the engine names none) or at rest on a rail top
    (docs/physics-airborne.md §4)."""

    event: int
    t: float
    ball: int
    rail: int


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
        shot: the log and the two states the facts were read from.

    Build with :meth:`from_result` or :meth:`from_log`; the inputs are only read.
    """

    def __init__(
        self,
        table: Table,
        initial: BallState,
        events: np.ndarray,
        final: BallState,
        cue_airborne_after: Any = None,
    ) -> None:
        """The facts of one shot (see :meth:`from_log`); ``cue_airborne_after`` is a (rows,)
        bool array, or a callable giving the cue ball's motion codes after each row
        (``MotionState``, a (rows,) int array: a result's snapshots, read only when a flight
        is looked for), or None."""
        self._table = table
        self._airborne = cue_airborne_after
        self.shot: tuple[np.ndarray, BallState, BallState] = (events, initial, final)
        self._rows_logged = len(events)
        self._by_kind: dict[tuple[int, bool], list[tuple[int, float, int, int, int]]] = {}
        self._below: dict[tuple[float, float], frozenset[int]] = {}

    def __repr__(self) -> str:
        return (
            f"ShotFacts(n_balls={self.n_balls}, rows={self._rows_logged}, "
            f"first_contact={self.first_contact!r}, pocketed={self.pocketed!r})"
        )

    # ------------------------------------------------------------------ construction
    @classmethod
    def from_result(cls, result: Any, table: Table) -> ShotFacts:
        """Read the facts of ``result`` (a ``sim.ShotResult`` or anything with ``events``,
        ``initial`` and ``final``) on ``table``; its snapshots, when it has one per row, say
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
    def _read_result(cls, result: Any, table: Table) -> ShotFacts:
        events = result.events
        snapshots = getattr(result, "snapshots", None)
        airborne = None
        if snapshots is not None and len(snapshots) == len(events) and len(snapshots):

            def airborne() -> np.ndarray:
                codes: np.ndarray = np.asarray(snapshots.motion)[:, 0]
                return codes

        return cls(table, result.initial, events, result.final, airborne)

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

    # ------------------------------------------------------------------ the log's columns
    def _rows(self, kind: int, cue_only: bool = False) -> list[tuple[int, float, int, int, int]]:
        """The log's rows of ``kind`` (only those where the cue ball is ``a`` or ``b`` when
        ``cue_only``) as (row, t, a, b, direction), in log order: one mask over the kind column,
        then each column read at those rows once. Kept per (kind, cue_only)."""
        key = (kind, cue_only)
        found = self._by_kind.get(key)
        if found is None and self._rows_logged <= SHORT_LOG_ROWS:
            found = self._short_log_rows().get(key, [])
            self._by_kind[key] = found
        if found is None:
            events = self.shot[0]
            mask = self._kind == kind
            if cue_only:
                mask &= (self._a == 0) | (events["b"] == 0)
            rows = mask.nonzero()[0]
            found = (
                list(
                    zip(
                        rows.tolist(),
                        events["t"][rows].tolist(),
                        self._a[rows].tolist(),
                        events["b"][rows].tolist(),
                        events["direction"][rows].tolist(),
                        strict=True,
                    )
                )
                if len(rows)
                else []
            )
            self._by_kind[key] = found
        return found

    def _short_log_rows(self) -> dict[tuple[int, bool], list[tuple[int, float, int, int, int]]]:
        """Every row of a short log (``SHORT_LOG_ROWS`` at most) by (kind, cue_only), as
        ``_rows`` gives them: the five columns read once as lists and the rows sorted into
        kinds in one pass (cheaper than a mask per kind when there are a few dozen rows)."""
        by_kind = self.__dict__.get("_short_rows")
        if by_kind is None:
            events = self.shot[0]
            by_kind = {}
            columns = (
                self._kind.tolist(),
                events["t"].tolist(),
                self._a.tolist(),
                events["b"].tolist(),
                events["direction"].tolist(),
            )
            for row, (kind, t, a, b, d) in enumerate(zip(*columns, strict=True)):
                entry = (row, t, a, b, d)
                by_kind.setdefault((kind, False), []).append(entry)
                if a == 0 or b == 0:
                    by_kind.setdefault((kind, True), []).append(entry)
            self.__dict__["_short_rows"] = by_kind
        return by_kind

    # ------------------------------------------------------------------ the states
    @once
    def n_balls(self) -> int:
        return int(self.shot[1].pos.shape[0])

    @once
    def _kind(self) -> np.ndarray:
        """The log's ``kind`` column, read when a clause first needs rows of the log (most
        rulings read only its digest)."""
        column: np.ndarray = self.shot[0]["kind"]
        return column

    @once
    def _a(self) -> np.ndarray:
        """The log's ``a`` column (see ``_kind``)."""
        column: np.ndarray = self.shot[0]["a"]
        return column

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
        return tuple(Pocketing(i, t, a, b, self._pocket_name(b)) for i, t, a, b, _ in found)

    def _pocket_name(self, pocket: int) -> str:
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
    def cue_ball_jumps(self) -> tuple[JumpOver, ...]:
        events, initial, _ = self.shot
        first = self.first_contact
        end = self._rows_logged if first is None else first.event + 1
        landed = self.digest.landed_before_first_contact
        airborne = self._airborne
        # no landing and never in the air before the first contact: no flight. Read as a list
        # (``in`` on ``tolist()``: a fraction of numpy's compare and ``any`` on a short log)
        if callable(airborne):  # a result's snapshots: the cue ball's motion codes
            codes = airborne()
            if not landed and _AIRBORNE not in codes[:end].tolist():
                return ()
            airborne = codes == _AIRBORNE
        elif not landed and (airborne is None or True not in np.asarray(airborne[:end]).tolist()):
            return ()
        flights = cue_ball_flights(events, None if first is None else first.event, airborne)
        if not flights:
            return ()
        start_xy = np.asarray(initial.pos, dtype=float).reshape(-1, 2)
        centres = {b: start_xy[b] for b in sorted(self.on_table_before) if b != 0}
        t_col = np.asarray(events["t"], dtype=float)
        return balls_flown_over(flights, t_col, centres, float(self._table.ball_radius))

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
                return Pocketing(d.row, d.t, ball, d.pocket, self._pocket_name(d.pocket))
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
        ball met the 3")."""

        def nm(i: int) -> str:
            if names is not None and 0 <= i < len(names):
                return "the cue ball" if names[i] == "cue" else f"the {names[i]}"
            return "the cue ball" if i == 0 else f"ball {i}"

        # the row read once, as a tuple of its fields (in ``EVENT_DTYPE`` order)
        row = self.shot[0][event].item() if 0 <= event < self._rows_logged else None
        kind = None if row is None else int(row[_KIND_FIELD])
        # Each row has one kind, so only that kind's fact is worded, in the order a row that is
        # two facts at once is worded: a contact, pocketing, cushion or leaving the table
        # first (read off the row itself), then the end of a flight, then a line crossing.
        if row is not None and kind in (_BALL_BALL, _BALL_POCKET, _BALL_CUSHION, _OFF_TABLE):
            t, a, b = float(row[_T_FIELD]), int(row[_A_FIELD]), int(row[_B_FIELD])
            head = f"event {event} at t = {t:.3f} s: {nm(a)}"
            if kind == _BALL_BALL:
                return f"{head} met {nm(b)}"
            if kind == _BALL_POCKET:
                return f"{head} fell into the {self._pocket_name(b)} pocket"
            if kind == _BALL_CUSHION:
                return f"{head} met cushion {b}"
            return f"{head} left the table"
        for j in self.cue_ball_jumps if kind is not None else ():
            if j.event == event:
                return (
                    f"event {event} at t = {j.t:.3f} s: the cue ball ended a flight over "
                    f"{nm(j.ball)}"
                )
        if kind == _LINE_CROSSING:
            for x in self.line_crossings:
                if x.event == event:
                    way = "towards the foot" if x.direction > 0 else "towards the head"
                    line = x.line_name.replace("_", " ")
                    return (
                        f"event {event} at t = {x.t:.3f} s: {nm(x.ball)} crossed the {line} {way}"
                    )
        return f"event {event}"
