"""The digest of an event log, compiled: one pass over a shot's rows that finds the facts a
referee asks of every shot (the cue ball's first contact, the balls pocketed and where, the balls
that left the table, the balls that met a cushion), so that judging a shot does not read the log
column by column in Python.

The kernel writes its findings into two flat arrays its caller hands it, laid out below;
``sim.digest`` checks the log, calls the kernel and reads the arrays into a ``LogDigest``.

Integer array (int64), the header first:

==== ==========================================================================================
 0   row of the cue ball's first ball-ball contact, -1 when it met no ball
 1   the ball it met there (-1 when none)
 2   1 when some ball met a cushion after that row (0 when not, or no contact)
 3   1 when a ``BOUNCE`` or ``OFF_TABLE`` row comes before that row (anywhere in the log
     when there is no contact)
 4   first row naming a ball outside ``0 .. n - 1`` (``a`` of any row, ``b`` of a ball-ball
     row), -1 when none: the log is not of these balls
 5   P, balls pocketed (each counted once)
 6   Q, balls that left the table (``OFF_TABLE`` rows, each ball once)
 7   F, balls the cue ball met at its first contact (simultaneous within the tolerance)
 8   C, balls that met a cushion at any time
 9   X, ``LINE_CROSSING`` rows
10   row of the cue ball's first ``STRIKE`` row, -1 when none
==== ==========================================================================================

then P triples (ball, row, pocket id) in the order the balls first dropped, Q triples (ball,
row, rail id) in the order the balls first left, F balls and C balls in ascending order, and X
triples (ball, line id, direction) of the line crossings in log order.

Float array (float64): the first contact's time (s, NaN when none), the speed of the first
``STRIKE`` row of the cue ball (m/s, NaN when none), then the P pocketing times and the Q
leaving times (s), in the order of the triples.
"""

from __future__ import annotations

import math

import numpy as np

from sim.events import EventKind
from sim.kernels.jit import kernel

_STRIKE = int(EventKind.STRIKE)
_BALL_BALL = int(EventKind.BALL_BALL)
_BALL_CUSHION = int(EventKind.BALL_CUSHION)
_BALL_POCKET = int(EventKind.BALL_POCKET)
_LINE_CROSSING = int(EventKind.LINE_CROSSING)
_BOUNCE = int(EventKind.BOUNCE)
_OFF_TABLE = int(EventKind.OFF_TABLE)

#: Entries of the integer header (see the module).
HEADER = 11


@kernel(inline=True)
def _note_first(first_row: np.ndarray, order: np.ndarray, count: int, ball: int, row: int) -> int:
    """Note ``row`` as ``ball``'s first row of a kind, unless it has one (``first_row[ball]``,
    -1 when none), appending the ball to ``order`` (``count`` long); returns the new count."""
    if first_row[ball] >= 0:
        return count
    first_row[ball] = row
    order[count] = ball
    return count + 1


@kernel(from_python=True)
def log_digest(
    events: np.ndarray, n: int, simultaneous_s: float, ints: np.ndarray, floats: np.ndarray
) -> int:
    """Write the digest of one log of ``n`` balls into ``ints`` and ``floats``, as the module
    lays them out; returns how many entries of ``ints`` it wrote.

    ``events``: the log, shape (rows,), dtype ``EVENT_DTYPE``, time order (read-only and
    C-contiguous: the one specialisation compiled). ``simultaneous_s`` (s): a cue-ball contact
    at most this long after the first one is part of it. ``ints`` (int64, at least
    ``HEADER + 8 n + 3 rows``) and ``floats`` (float64, at least ``2 + 2 n``): the caller's
    buffers (an array returned from compiled code costs about 1 us to hand back to Python,
    more than the pass over a break's log)."""
    kind, a, b = events["kind"], events["a"], events["b"]
    t, speed = events["t"], events["speed"]
    rows = kind.shape[0]
    first_row = -1
    first_ball = -1
    first_t = np.nan
    contacts_done = False
    cushion_after = 0
    landed = 0
    bad_row = -1
    strike_speed = np.nan
    strike_row = -1
    # per ball, one block of n each: first pocketing row, first OFF_TABLE row (-1: none), met
    # at the first contact, met a cushion (1: yes); then the balls in the order they dropped,
    # and in the order they left
    scratch = np.full(6 * n, -1, dtype=np.int64)
    pocket_row, off_row = scratch[:n], scratch[n : 2 * n]
    met_first, cushioned = scratch[2 * n : 3 * n], scratch[3 * n : 4 * n]
    pocket_order, off_order = scratch[4 * n : 5 * n], scratch[5 * n :]
    n_pocketed = 0
    n_off = 0
    n_first = 0
    n_cushioned = 0
    for i in range(rows):
        k = kind[i]
        ball = a[i]
        if ball < 0 or ball >= n or (k == _BALL_BALL and (b[i] < 0 or b[i] >= n)):
            if bad_row < 0:
                bad_row = i
            continue
        if k == _BALL_BALL:
            if contacts_done or (ball != 0 and b[i] != 0):
                continue
            other = b[i] if ball == 0 else ball
            if first_row < 0:
                first_row, first_ball, first_t = i, other, t[i]
            elif not t[i] - first_t <= simultaneous_s:  # later (or a NaN time): the end
                contacts_done = True
                continue
            if met_first[other] < 0:
                met_first[other] = 1
                n_first += 1
        elif k == _BALL_CUSHION:
            if cushioned[ball] < 0:
                cushioned[ball] = 1
                n_cushioned += 1
            if first_row >= 0:
                cushion_after = 1
        elif k == _BALL_POCKET:
            n_pocketed = _note_first(pocket_row, pocket_order, n_pocketed, ball, i)
        elif k == _OFF_TABLE:
            if first_row < 0:
                landed = 1
            n_off = _note_first(off_row, off_order, n_off, ball, i)
        elif k == _BOUNCE:
            if first_row < 0:
                landed = 1
        elif k == _STRIKE and ball == 0 and strike_row < 0:
            strike_speed, strike_row = speed[i], i
    ints[0], ints[1], ints[2] = first_row, first_ball, cushion_after
    ints[3], ints[4] = landed, bad_row
    ints[5], ints[6], ints[7], ints[8] = n_pocketed, n_off, n_first, n_cushioned
    floats[0], floats[1] = first_t, strike_speed
    at = HEADER
    for j in range(n_pocketed + n_off):
        ball = pocket_order[j] if j < n_pocketed else off_order[j - n_pocketed]
        row = pocket_row[ball] if j < n_pocketed else off_row[ball]
        ints[at], ints[at + 1], ints[at + 2] = ball, row, b[row]
        floats[2 + j] = t[row]
        at += 3
    for j in range(n):
        if met_first[j] > 0:
            ints[at] = j
            at += 1
    for j in range(n):
        if cushioned[j] > 0:
            ints[at] = j
            at += 1
    n_crossings = 0
    for i in range(rows):
        if kind[i] == _LINE_CROSSING:
            ints[at], ints[at + 1], ints[at + 2] = a[i], b[i], events["direction"][i]
            at += 3
            n_crossings += 1
    ints[9], ints[10] = n_crossings, strike_row
    return at


@kernel(from_python=True)
def balls_within(
    pos: np.ndarray, on_table: np.ndarray, ball: int, reach: float, out: np.ndarray
) -> int:
    """Write into ``out`` (int64, at least n) the balls on the table other than ``ball`` whose
    centre lies at most ``reach`` (m) from ``ball``'s, ascending; returns how many. ``pos``
    ``(n, 2)`` float and ``on_table`` ``(n,)`` bool, read-only and C-contiguous (the one
    specialisation compiled). Distances are ``hypot`` of the coordinate differences; NaN is
    never within reach."""
    bx, by = pos[ball, 0], pos[ball, 1]
    count = 0
    for j in range(on_table.shape[0]):
        if j != ball and on_table[j] and math.hypot(pos[j, 0] - bx, pos[j, 1] - by) <= reach:
            out[count] = j
            count += 1
    return count


@kernel(from_python=True)
def balls_with_part_below(
    events: np.ndarray,
    y_line: float,
    radius: float,
    pos0: np.ndarray,
    on0: np.ndarray,
    pos1: np.ndarray,
    on1: np.ndarray,
    out: np.ndarray,
) -> int:
    """Write into ``out`` (int64, at least n) the object balls that came with some part below
    ``y = y_line`` (m): a logged centre of theirs (a row where they are ``a``) or their centre
    at rest on the table (``pos1``, ``on1``) with ``y - radius < y_line``, leaving out the
    balls already so at t = 0 (``pos0``, ``on0``: on the table with ``y - radius < y_line``)
    and the cue ball (0); ascending, returns how many. States are ``(n, 2)`` float and
    ``(n,)`` bool arrays; NaN is never below."""
    n = on0.shape[0]
    a, y = events["a"], events["y"]
    below = np.zeros(n, dtype=np.bool_)
    for i in range(a.shape[0]):
        ball = a[i]
        if 0 < ball < n and y[i] - radius < y_line:
            below[ball] = True
    for j in range(n):
        if on1[j] and pos1[j, 1] - radius < y_line:
            below[j] = True
    count = 0
    for j in range(1, n):
        if below[j] and not (on0[j] and pos0[j, 1] - radius < y_line):
            out[count] = j
            count += 1
    return count
