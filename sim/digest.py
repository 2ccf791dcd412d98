"""The digest of a shot's event log: the facts every ruling asks for, read in one compiled pass.

A referee asks the same things of every shot: which ball the cue ball met first (and which
others at the same instant), which balls dropped and where, which left the table, which met a
cushion, whether a cushion was met after the first contact, whether the cue ball was in the air
before it. :func:`digest_log` answers all of them from the log alone (``EVENT_DTYPE``, any log:
simulated or built by hand), through ``sim.kernels.digest.log_digest``; the records of every row
of a kind (every contact, every cushion hit) stay the referee's business (``rules.facts``).
Two compiled questions of the balls' places sit beside it: which balls came past a line during
the shot (:func:`balls_with_part_below`), which balls lie within a reach of one ball
(:func:`balls_within`).
"""

from __future__ import annotations

import math
import threading
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from sim.errors import InvalidBallStateError, InvalidEventLogError
from sim.events import EVENT_DTYPE
from sim.kernels import digest as _kernels
from sim.result import read_only_view

if TYPE_CHECKING:
    from sim.balls import BallState

_HEADER = _kernels.HEADER
#: The dtypes of a state's positions and on-table mask (dtype objects: comparing one with a
#: dtype is half the cost of comparing with ``np.float64``).
_FLOAT, _BOOL = np.dtype(np.float64), np.dtype(np.bool_)
#: The empty set of balls, one value for every digest that has none of a kind.
_NO_BALLS: frozenset[int] = frozenset()
#: The real-number types a length may be given as (concrete types: an ``isinstance`` against
#: ``numbers.Real`` walks the ABC machinery, about a microsecond a call).
_REAL_TYPES = (int, float, np.integer, np.floating)


class Drop(NamedTuple):
    """Ball ``ball`` fell into pocket ``pocket`` (id into ``Table.pockets``), or left the table
    over rail ``pocket`` (-1 when no rail is named), at row ``row`` of the log, time ``t`` (s):
    its first such row."""

    ball: int
    row: int
    t: float
    pocket: int


class LogDigest(NamedTuple):
    """What one log says about the facts every ruling needs.

    Fields:
        first_contact: (row, t s, object ball) of the cue ball's first ball-ball contact, or
            None when it met no ball.
        first_contact_balls: every ball the cue ball met within ``simultaneous_s`` of that
            first contact (empty when none).
        cushion_after_first_contact: some ball met a cushion at a later row than the first
            contact (False without a contact).
        landed_before_first_contact: a ``BOUNCE`` or ``OFF_TABLE`` row comes before the first
            contact (anywhere in the log when there is none): the cue ball may have flown.
        pocketed: the first pocketing of each ball pocketed, in the order they dropped
            (``Drop.pocket`` is the pocket id).
        left_table: the first ``OFF_TABLE`` row of each ball that left the table, in order
            (``Drop.pocket`` is the rail id, -1 when none).
        cushioned: every ball (the cue ball included) that met a cushion.
        strike_speed: the speed (m/s) of the cue ball's first ``STRIKE`` row, None when the log
            has none (a hand-built log).
        crossings: (ball, line id, direction) of every ``LINE_CROSSING`` row, in log order
            (direction +1 towards +y, -1 towards -y).
    """

    first_contact: tuple[int, float, int] | None
    first_contact_balls: frozenset[int]
    cushion_after_first_contact: bool
    landed_before_first_contact: bool
    pocketed: tuple[Drop, ...]
    left_table: tuple[Drop, ...]
    cushioned: frozenset[int]
    strike_speed: float | None
    crossings: tuple[tuple[int, int, int], ...]


#: The dtype objects met so far that equal ``EVENT_DTYPE`` (the engine's logs carry one of their
#: own, the compiled code's): a log's dtype is recognised by identity, since comparing two
#: structured dtypes field by field costs about 0.7 us, a tenth of a digest.
_LOG_DTYPES: list[np.dtype] = [EVENT_DTYPE]


def _check_log(events: object) -> None:
    """``InvalidEventLogError`` unless ``events`` is a one-dimensional ``EVENT_DTYPE`` array."""
    if isinstance(events, np.ndarray) and events.ndim == 1:
        dtype = events.dtype
        for known in _LOG_DTYPES:
            if dtype is known:
                return
        if dtype == EVENT_DTYPE:
            if len(_LOG_DTYPES) < 8:
                _LOG_DTYPES.append(dtype)
            return
    got = getattr(events, "dtype", type(events).__name__)
    raise InvalidEventLogError(
        f"an event log is a one-dimensional array of dtype sim.EVENT_DTYPE; got {got}"
    )


class _Buffers(threading.local):
    """The kernels' output arrays, kept per thread and grown as needed: each function here
    copies what its kernel wrote into Python values before it returns, so a buffer is free
    again once it returns (two ``np.empty`` calls a ruling cost about 3 us right after a
    shot)."""

    def __init__(self) -> None:
        self.ints = np.empty(256, np.int64)
        self.floats = np.empty(64)

    def at_least(self, n_ints: int, n_floats: int) -> tuple[np.ndarray, np.ndarray]:
        """(ints, floats) of at least these lengths."""
        if self.ints.shape[0] < n_ints:
            self.ints = np.empty(2 * n_ints, np.int64)
        if self.floats.shape[0] < n_floats:
            self.floats = np.empty(2 * n_floats)
        return self.ints, self.floats


_BUFFERS = _Buffers()
_new_tuple = tuple.__new__  # a named tuple made from a tuple, without its Python ``__new__``


def digest_log(events: np.ndarray, n_balls: int, simultaneous_s: float = 0.0) -> LogDigest:
    """The :class:`LogDigest` of ``events`` (an ``EVENT_DTYPE`` array in time order) of a shot
    of ``n_balls`` balls; contacts of the cue ball at most ``simultaneous_s`` seconds after its
    first one are part of it.

    Raises ``InvalidEventLogError`` for a log of another dtype, one with more than one
    dimension, or one naming a ball outside ``0 .. n_balls - 1``; ``ValueError`` for a bad
    ``n_balls`` or ``simultaneous_s``. Reads its inputs only."""
    _check_log(events)
    if type(n_balls) is not int and (
        isinstance(n_balls, bool) or not isinstance(n_balls, np.integer)
    ):
        raise ValueError(f"n_balls must be a whole number of balls, at least 1; got {n_balls!r}")
    n = int(n_balls)
    if n < 1:
        raise ValueError(f"n_balls must be a whole number of balls, at least 1; got {n_balls!r}")
    if not 0.0 <= simultaneous_s < 1.0:
        raise ValueError(f"simultaneous_s must be in [0, 1) s; got {simultaneous_s!r}")
    ints_out, floats_out = _BUFFERS.at_least(_HEADER + 8 * n + 3 * len(events), 2 + 2 * n)
    used = _kernels.log_digest(
        read_only_view(events), n, float(simultaneous_s), ints_out, floats_out
    )
    ints: list[int] = ints_out[:used].tolist()
    (first_row, first_ball, after, landed, bad_row, n_pocketed, n_off, n_first, n_cushioned,
     n_crossings, strike_row) = ints[:_HEADER]  # fmt: skip
    if bad_row >= 0:
        row = events[bad_row]
        raise InvalidEventLogError(
            f"row {bad_row} of the event log names ball {int(row['a'])}"
            + (f" and ball {int(row['b'])}" if int(row["kind"]) == 1 else "")
            + f"; a shot of {n} balls names balls 0..{n - 1}"
        )
    n_drops = n_pocketed + n_off
    floats: list[float] = floats_out[: 2 + n_drops].tolist()
    pocketed: tuple[Drop, ...] = ()
    left_table: tuple[Drop, ...] = ()
    at = _HEADER + 3 * n_drops
    if n_drops:  # the (ball, row, pocket) triples and their times, read as four columns
        drops = ints[_HEADER:at]
        columns = zip(drops[0::3], drops[1::3], floats[2:], drops[2::3], strict=True)
        made = tuple([_new_tuple(Drop, fields) for fields in columns])
        pocketed, left_table = made[:n_pocketed], made[n_pocketed:]
    cushioned_at = at + n_first
    crossings_at = cushioned_at + n_cushioned
    crossings: tuple[tuple[int, int, int], ...] = ()
    if n_crossings:  # (ball, line, direction) triples
        rows = ints[crossings_at:]
        crossings = tuple(zip(rows[0::3], rows[1::3], rows[2::3], strict=True))
    return _new_tuple(
        LogDigest,
        (
            None if first_row < 0 else (first_row, floats[0], first_ball),
            frozenset(ints[at:cushioned_at]) if n_first else _NO_BALLS,
            after == 1,
            landed == 1,
            pocketed,
            left_table,
            frozenset(ints[cushioned_at:crossings_at]) if n_cushioned else _NO_BALLS,
            None if strike_row < 0 else floats[1],
            crossings,
        ),
    )


def balls_with_part_below(
    events: np.ndarray, initial: BallState, final: BallState, y_line: float, radius: float
) -> frozenset[int]:
    """The object balls that came, during the shot logged in ``events``, with some part below
    ``y = y_line`` (m; the head side of the head string, say) when they were wholly above it
    at t = 0 (``initial``): a centre logged at a row of the ball, or its centre at rest
    (``final``), with ``y - radius < y_line``. Part of a ball passing the line between two
    logged centres is not seen (a centre crossing a marked line is, by its ``LINE_CROSSING``
    row). NaN is never below.

    Raises ``InvalidEventLogError`` for a log that is not an ``EVENT_DTYPE`` array,
    ``InvalidBallStateError`` for states of different sizes, ``ValueError`` for a line or radius
    that is not a finite number (radius >= 0: 0 asks for the centres themselves). Reads its
    inputs only."""
    _check_log(events)
    n = int(initial.n)
    if int(final.n) != n:
        raise InvalidBallStateError(
            f"the initial and final states must hold the same balls; got {n} and {int(final.n)}"
        )
    if not (math.isfinite(y_line) and math.isfinite(radius) and radius >= 0.0):
        raise ValueError(
            f"y_line must be finite and radius a finite length >= 0 m; got {y_line!r}, {radius!r}"
        )
    out = _BUFFERS.at_least(n, 0)[0]
    count = _kernels.balls_with_part_below(
        read_only_view(events), float(y_line), float(radius),
        read_only_view(initial.pos, _FLOAT), read_only_view(initial.on_table, _BOOL),
        read_only_view(final.pos, _FLOAT), read_only_view(final.on_table, _BOOL), out,
    )  # fmt: skip
    return frozenset(out[:count].tolist())


def balls_within(pos: np.ndarray, on_table: np.ndarray, ball: int, reach: float) -> tuple[int, ...]:
    """The balls on the table (``on_table``, shape (n,) bool) other than ``ball`` whose centre
    (``pos``, shape (n, 2), m) lies at most ``reach`` metres from ``ball``'s, ascending: the
    balls touching it for ``reach = 2 R + gap`` (snooker's touching ball, French text §7). Empty
    when ``ball`` is off the table. Compiled (``sim.kernels.digest.balls_within``): one call
    instead of a dozen small array operations.

    Raises ``InvalidBallStateError`` for arrays of other shapes or a ball outside
    ``0 .. n - 1``, ``ValueError`` for a reach that is not a finite length >= 0. Reads its
    inputs only."""
    pos = read_only_view(np.asarray(pos), _FLOAT)
    on_table = read_only_view(np.asarray(on_table), _BOOL)
    n = on_table.shape[0] if on_table.ndim == 1 else -1
    if pos.shape != (n, 2):
        raise InvalidBallStateError(
            f"pos must have shape (n, 2) and on_table shape (n,); got {pos.shape} and "
            f"{on_table.shape}"
        )
    if isinstance(ball, bool) or not isinstance(ball, int | np.integer) or not 0 <= ball < n:
        raise InvalidBallStateError(f"ball must be a ball index 0..{n - 1}; got {ball!r}")
    if isinstance(reach, bool) or not isinstance(reach, _REAL_TYPES) or not 0.0 <= reach < math.inf:
        raise ValueError(f"reach must be a finite length >= 0 m; got {reach!r}")
    if not on_table[ball]:
        return ()
    out = _BUFFERS.at_least(n, 0)[0]
    count = _kernels.balls_within(pos, on_table, int(ball), float(reach), out)
    return tuple(out[:count].tolist())
