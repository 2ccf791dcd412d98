"""The digest of a shot's event log: the facts every ruling asks for, read in one compiled pass.

A referee asks the same things of every shot: which ball the cue ball met first (and which
others at the same instant), which balls dropped and where, which left the table, which met a
cushion, whether a cushion was met after the first contact, whether the cue ball was in the air
before it. :func:`digest_log` answers all of them from the log alone (``EVENT_DTYPE``, any log:
simulated or built by hand), through ``sim.kernels.digest.log_digest``; the records of every row
of a kind (every contact, every cushion hit) stay the referee's business (``rules.facts``).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from sim.errors import InvalidEventLogError
from sim.events import EVENT_DTYPE
from sim.kernels import digest as _kernels

_HEADER = _kernels.HEADER


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
    """

    first_contact: tuple[int, float, int] | None
    first_contact_balls: frozenset[int]
    cushion_after_first_contact: bool
    landed_before_first_contact: bool
    pocketed: tuple[Drop, ...]
    left_table: tuple[Drop, ...]
    cushioned: frozenset[int]
    strike_speed: float | None


def _read_only_log(events: np.ndarray) -> np.ndarray:
    """``events`` as a read-only C-contiguous array (itself when it is one, as the engine's and
    ``ShotResult.from_log``'s logs are; else a read-only view or copy): one compiled
    specialisation of the kernel serves every log."""
    if not events.flags.c_contiguous:
        events = np.ascontiguousarray(events)
    if events.flags.writeable:
        events = events.view()
        events.flags.writeable = False
    return events


def digest_log(events: np.ndarray, n_balls: int, simultaneous_s: float = 0.0) -> LogDigest:
    """The :class:`LogDigest` of ``events`` (an ``EVENT_DTYPE`` array in time order) of a shot
    of ``n_balls`` balls; contacts of the cue ball at most ``simultaneous_s`` seconds after its
    first one are part of it.

    Raises ``InvalidEventLogError`` for a log of another dtype, one with more than one
    dimension, or one naming a ball outside ``0 .. n_balls - 1``; ``ValueError`` for a bad
    ``n_balls`` or ``simultaneous_s``. Reads its inputs only."""
    if not (
        isinstance(events, np.ndarray)
        and events.ndim == 1
        and (events.dtype is EVENT_DTYPE or events.dtype == EVENT_DTYPE)
    ):
        got = getattr(events, "dtype", type(events).__name__)
        raise InvalidEventLogError(
            f"an event log is a one-dimensional array of dtype sim.EVENT_DTYPE; got {got}"
        )
    if type(n_balls) is not int and (
        isinstance(n_balls, bool) or not isinstance(n_balls, np.integer)
    ):
        raise ValueError(f"n_balls must be a whole number of balls, at least 1; got {n_balls!r}")
    n = int(n_balls)
    if n < 1:
        raise ValueError(f"n_balls must be a whole number of balls, at least 1; got {n_balls!r}")
    if not 0.0 <= simultaneous_s < 1.0:
        raise ValueError(f"simultaneous_s must be in [0, 1) s; got {simultaneous_s!r}")
    ints_out = np.empty(_HEADER + 8 * n, np.int64)
    floats_out = np.empty(2 + 2 * n)
    used = _kernels.log_digest(
        _read_only_log(events), n, float(simultaneous_s), ints_out, floats_out
    )
    ints: list[int] = ints_out[:used].tolist()
    first_row, first_ball, after, landed, bad_row, n_pocketed, n_off, n_first, _ = ints[:_HEADER]
    if bad_row >= 0:
        row = events[bad_row]
        raise InvalidEventLogError(
            f"row {bad_row} of the event log names ball {int(row['a'])}"
            + (f" and ball {int(row['b'])}" if int(row["kind"]) == 1 else "")
            + f"; a shot of {n} balls names balls 0..{n - 1}"
        )
    n_drops = n_pocketed + n_off
    floats: list[float] = floats_out[: 2 + n_drops].tolist()
    drops: list[Drop] = []
    for j in range(n_drops):
        at = _HEADER + 3 * j
        drops.append(Drop(ints[at], ints[at + 1], floats[2 + j], ints[at + 2]))
    at = _HEADER + 3 * n_drops
    speed = floats[1]
    return LogDigest(
        None if first_row < 0 else (first_row, floats[0], first_ball),
        frozenset(ints[at : at + n_first]),
        after == 1,
        landed == 1,
        tuple(drops[:n_pocketed]),
        tuple(drops[n_pocketed:]),
        frozenset(ints[at + n_first :]),
        None if speed != speed else speed,
    )
