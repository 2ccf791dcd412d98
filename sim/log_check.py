"""The checks of a hand-built event log (``ShotResult.from_log``): a log that could have happened
on its table, between its two states.

The engine's own logs hold all of this by construction; a log written by hand (a rule tester's
position, a test) may not, and a referee judging it would rule on something no shot can do. So
a hand-built log is refused, with the row and what is allowed, when:

- it is not a one-dimensional array of ``EVENT_DTYPE`` (or a sequence of such rows): a plain
  number array is not read as rows;
- a row's ``kind`` is not an ``EventKind``, or its time is not finite, negative, or earlier than
  the row before (a log is in time order);
- a row names a ball outside ``0 .. n - 1``, or a ball-ball row names one ball twice;
- a row's other party is not one of the table's: the cushion of a ``BALL_CUSHION`` row
  (``Table.cushions``), the pocket of a ``BALL_POCKET`` row (``Table.pockets``), the line of a
  ``LINE_CROSSING`` row (``Table.lines``), the rail of a ``BOUNCE`` or ``OFF_TABLE`` row (a
  cushion id, or -1);
- it does not fit its states: a ball it names was off the table at t = 0, or a ball it pockets
  or sends off the table is still on the table at rest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from sim.errors import InvalidBallStateError, InvalidEventLogError
from sim.events import EVENT_DTYPE, EventKind

if TYPE_CHECKING:
    from sim.balls import BallState
    from sim.table import Table

_KINDS = np.array(sorted(int(k) for k in EventKind))


def _row_error(row: int, words: str) -> InvalidEventLogError:
    return InvalidEventLogError(f"row {row} of the event log: {words}")


def _as_log(events: object) -> np.ndarray:
    """``events`` as a fresh one-dimensional ``EVENT_DTYPE`` array, else the error."""
    if isinstance(events, np.ndarray) and events.dtype.names != EVENT_DTYPE.names:
        raise InvalidEventLogError(
            "an event log is an array of rows of dtype sim.EVENT_DTYPE (fields "
            f"{', '.join(EVENT_DTYPE.names or ())}); got an array of dtype {events.dtype}"
        )
    try:
        log = np.array(events, dtype=EVENT_DTYPE, copy=True)
    except (TypeError, ValueError) as error:
        raise InvalidEventLogError(
            f"an event log is a sequence of rows (t, kind, a, b, speed, x, y, direction); "
            f"these cannot be read as rows: {error}"
        ) from None
    if log.ndim != 1:
        raise InvalidEventLogError(
            f"an event log is one-dimensional (one row per event); got shape {log.shape}"
        )
    return log


def checked_hand_built_log(
    table: Table, initial: BallState, events: object, final: BallState
) -> np.ndarray:
    """``events`` as a read-only ``EVENT_DTYPE`` copy, once every check of the module holds;
    ``InvalidEventLogError`` (the log) or ``InvalidBallStateError`` (states of different sizes)
    naming the first row and rule broken otherwise."""
    n = int(initial.n)
    if int(final.n) != n:
        raise InvalidBallStateError(
            f"the initial and final states must hold the same balls; got {n} and {int(final.n)}"
        )
    log = _as_log(events)
    kind = log["kind"].astype(np.int64)
    a, b, t = log["a"].astype(np.int64), log["b"].astype(np.int64), log["t"]
    rows = np.arange(log.shape[0])
    bad = rows[~np.isin(kind, _KINDS)]
    if bad.size:
        raise _row_error(
            int(bad[0]),
            f"kind {int(kind[bad[0]])} is not an event kind; kinds are "
            f"{', '.join(f'{int(k)} {k.name}' for k in EventKind)}",
        )
    bad = rows[~np.isfinite(t) | (t < 0.0)]
    if bad.size:
        raise _row_error(int(bad[0]), f"time {float(t[bad[0]])!r} s; times are finite, >= 0 s")
    bad = rows[1:][t[1:] < t[:-1]]
    if bad.size:
        i = int(bad[0])
        raise _row_error(
            i,
            f"time {float(t[i])} s is before the row before's {float(t[i - 1])} s; a log is in "
            "time order",
        )
    bad = rows[(a < 0) | (a >= n)]
    if bad.size:
        raise _row_error(
            int(bad[0]), f"ball {int(a[bad[0]])}; a shot of {n} balls names 0..{n - 1}"
        )
    contact = kind == EventKind.BALL_BALL
    bad = rows[contact & ((b < 0) | (b >= n) | (b == a))]
    if bad.size:
        i = int(bad[0])
        raise _row_error(
            i,
            f"a ball-ball contact of ball {int(a[i])} with ball {int(b[i])}; the other ball is "
            f"another of 0..{n - 1}",
        )
    parties = (
        (EventKind.BALL_CUSHION, 0, len(table.cushions), "cushion"),
        (EventKind.BALL_POCKET, 0, len(table.pockets), "pocket"),
        (EventKind.LINE_CROSSING, 0, len(table.lines), "line"),
        (EventKind.BOUNCE, -1, len(table.cushions), "rail (a cushion id, or -1)"),
        (EventKind.OFF_TABLE, -1, len(table.cushions), "rail (a cushion id, or -1)"),
    )
    for row_kind, low, count, what in parties:
        bad = rows[(kind == row_kind) & ((b < low) | (b >= count))]
        if bad.size:
            i = int(bad[0])
            raise _row_error(
                i,
                f"{row_kind.name} names {what} {int(b[i])}; the {table.name} table has "
                f"{what.split(' ')[0]}s {low}..{count - 1}",
            )
    on_before = np.asarray(initial.on_table, dtype=bool)
    named = np.concatenate([np.stack([rows, a], axis=1), np.stack([rows, b], axis=1)[contact]])
    bad = named[~on_before[named[:, 1]]] if named.size else named
    if bad.size:
        order = np.argsort(bad[:, 0], kind="stable")
        i, ball = (int(v) for v in bad[order[0]])
        raise _row_error(
            i, f"ball {ball} was not on the table at t = 0; only a ball on it can move"
        )
    on_after = np.asarray(final.on_table, dtype=bool)
    gone = (kind == EventKind.BALL_POCKET) | (kind == EventKind.OFF_TABLE)
    bad = rows[gone & on_after[a]]
    if bad.size:
        i = int(bad[0])
        how = "pocketed" if kind[i] == EventKind.BALL_POCKET else "off the table"
        raise _row_error(
            i,
            f"ball {int(a[i])} is {how} here but on the table in the final state; a ball gone "
            "stays off it",
        )
    log.flags.writeable = False
    return log
