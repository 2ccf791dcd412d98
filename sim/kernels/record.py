"""The record step of the event loop (:mod:`sim.kernels.loop`): each event's row of the log with
a snapshot of every ball (:func:`record_event`), and the shot's output once the loop stops
(:func:`shot_output`). The layout of the log and the snapshots is :mod:`sim.kernels.shot_types`
(``EventLog``, ``SNAP_*``, ``ShotOutput``).
"""

from __future__ import annotations

import numpy as np

from sim.kernels.jit import kernel
from sim.kernels.motion import AIRBORNE, OFF_TABLE, POCKETED, STATIONARY
from sim.kernels.predict import height_at, state_at
from sim.kernels.shot_types import (
    SNAP_POS,
    SNAP_SPIN,
    SNAP_VEL,
    SNAP_VZ,
    SNAP_WIDTH,
    SNAP_Z,
    ShotOutput,
)


@kernel(inline=True)
def record_event(row, ev, seg, p, log):
    """Write ``ev`` and a snapshot of every ball at ``ev.t`` into row ``row`` of ``log``
    (resting and pocketed balls are copied: their segments hold zero velocity and spin). The
    record's fields are set by item (``rec["t"]``), not as attributes: a NumPy record, as the
    pure-Python path gives, has no field attributes."""
    rec = log.events[row]
    rec["t"] = ev.t
    rec["kind"] = ev.kind
    rec["a"] = ev.a
    rec["b"] = ev.b
    rec["speed"] = ev.speed
    rec["x"] = ev.x
    rec["y"] = ev.y
    rec["direction"] = ev.direction
    S = seg.state
    n = S.shape[0]
    f = log.snap_f
    cn = log.events.shape[0] * n  # one block's rows of balls
    for i in range(n):
        b = row * n + i  # ball i of this row, in every block
        if S[i] in (STATIONARY, POCKETED, OFF_TABLE):
            f[SNAP_POS * cn + 2 * b] = seg.pos[i, 0]
            f[SNAP_POS * cn + 2 * b + 1] = seg.pos[i, 1]
            f[SNAP_VEL * cn + 2 * b] = 0.0
            f[SNAP_VEL * cn + 2 * b + 1] = 0.0
            f[SNAP_SPIN * cn + 3 * b] = 0.0
            f[SNAP_SPIN * cn + 3 * b + 1] = 0.0
            f[SNAP_SPIN * cn + 3 * b + 2] = 0.0
            f[SNAP_Z * cn + b] = 0.0
            f[SNAP_VZ * cn + b] = 0.0
        else:
            px, py, vx, vy, wx, wy, wz = state_at(i, ev.t, seg, p)
            f[SNAP_POS * cn + 2 * b] = px
            f[SNAP_POS * cn + 2 * b + 1] = py
            f[SNAP_VEL * cn + 2 * b] = vx
            f[SNAP_VEL * cn + 2 * b + 1] = vy
            f[SNAP_SPIN * cn + 3 * b] = wx
            f[SNAP_SPIN * cn + 3 * b + 1] = wy
            f[SNAP_SPIN * cn + 3 * b + 2] = wz
            if S[i] == AIRBORNE:
                z, vz = height_at(i, ev.t, seg, p)
                f[SNAP_Z * cn + b] = z
                f[SNAP_VZ * cn + b] = vz
            else:
                f[SNAP_Z * cn + b] = 0.0
                f[SNAP_VZ * cn + b] = 0.0
        log.snap_motion[row, i] = S[i]


@kernel(into_caller=True)
def shot_output(status, count, log, seg, in_place):
    """The :class:`ShotOutput`: the first ``count`` rows of ``log`` and which balls end on the
    table. ``in_place`` False: fresh copies (blocks of ``count`` rows, as ``ShotOutput``
    documents), so the caller may hand ``log`` to the next shot. True (a log made for this
    shot alone): the log's own arrays, blocks of ``capacity`` rows, the event times written
    after the last block; nothing is copied (a shot of hundreds of balls logs tens of
    megabytes: copying them into fresh pages was a sixth of its time).

    Nothing moves after the last record (the loop stops right after one), so the final state
    is the last snapshot. With no event at all the snapshots hold one row instead, the
    segments (which all start at t = 0 at rest): the final state, logged at no time.

    Arrays are copied element by element, never by slice assignment: an array assigned to a
    slice makes Numba compile its shape-mismatch message (string formatting of the shapes),
    about 3 s of the first compile, for copies whose shapes match by construction.
    """
    n = seg.state.shape[0]
    rows = max(count, 1)
    f = log.snap_f
    cn = log.events.shape[0] * n  # one block of the log: capacity rows of n balls
    kn = cn if in_place else rows * n  # one block of the output
    floats = f if in_place else np.empty(SNAP_WIDTH * kn + count)
    if count > 0:
        if not in_place:
            # The first count rows of each capacity-sized block of the log are contiguous.
            for c0, width in (
                (SNAP_POS, 2), (SNAP_VEL, 2), (SNAP_SPIN, 3), (SNAP_Z, 1), (SNAP_VZ, 1)
            ):  # fmt: skip
                for k in range(width * kn):  # element by element: see below
                    floats[c0 * kn + k] = f[c0 * cn + k]
        motion_rows = log.snap_motion if in_place else log.snap_motion[:count].copy()
    else:
        for i in range(n):  # row 0 of each block: the segments
            for a in range(2):
                floats[SNAP_POS * kn + 2 * i + a] = seg.pos[i, a]
                floats[SNAP_VEL * kn + 2 * i + a] = seg.vel[i, a]
            for a in range(3):
                floats[SNAP_SPIN * kn + 3 * i + a] = seg.spin[i, a]
            floats[SNAP_Z * kn + i] = seg.z[i]
            floats[SNAP_VZ * kn + i] = seg.vz[i]
        if in_place:
            for i in range(n):
                log.snap_motion[0, i] = seg.state[i]
            motion_rows = log.snap_motion
        else:
            motion_rows = seg.state.copy().reshape((1, n))
    motion = motion_rows[rows - 1]
    on_table = np.empty(n, dtype=np.bool_)
    for i in range(n):
        on_table[i] = motion[i] != POCKETED and motion[i] != OFF_TABLE
    events = log.events if in_place else log.events[:count].copy()
    for k in range(count):
        floats[SNAP_WIDTH * kn + k] = events[k]["t"]
    # One float array for six quantities: each array boxed costs ~1 us.
    return ShotOutput(np.int64(status), np.int64(count), events, floats, motion_rows, on_table)
