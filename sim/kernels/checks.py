"""Fast input checks for simulate() (Numba): overlapping balls, balls clear of the cushions.

Both are pre-checks: they answer "certainly fine" cheaply; anything else is handed to the
exact (slower) Python checks of ``sim.balls`` and ``sim.table`` for the verdict and the message.
Pure functions.
"""

from __future__ import annotations

import math

from sim.kernels.jit import kernel


@kernel(from_python=True, from_kernels=True)
def any_overlap(pos, on_table, min_dist):
    """True when two on-table balls' centres are closer than ``min_dist`` m.

    ``pos`` (n, 2) float64, ``on_table`` (n,) bool.
    """
    n = pos.shape[0]
    lim = min_dist * min_dist
    for i in range(n):
        if not on_table[i]:
            continue
        for j in range(i + 1, n):
            if not on_table[j]:
                continue
            dx = pos[j, 0] - pos[i, 0]
            dy = pos[j, 1] - pos[i, 1]
            if dx * dx + dy * dy < lim:
                return True
    return False


#: How far (m) beyond a feature's reach a centre must be, along x or y, for
#: :func:`all_clearly_on_cloth` to skip its exact distance: far above the rounding of the exact
#: test, so a skipped feature is one the exact test would have passed.
SKIP_SLACK = 1e-9


@kernel(from_python=True, from_kernels=True)
def all_clearly_on_cloth(pos, on_table, width, length, clearance, segments, arcs, pockets):
    """True when every on-table centre lies in the nose-line rectangle [0, width] x
    [0, length], at least ``clearance`` m from every straight cushion (clamped to the segment)
    and knuckle, and outside every pocket capture circle. False means "check exactly".

    A centre farther than the feature's reach (``clearance`` beyond a segment's ends, or the
    radius plus ``clearance`` from a circle's centre) along x or along y, by ``SKIP_SLACK``, is
    clear of it without the exact distance."""
    n = pos.shape[0]
    for i in range(n):
        if not on_table[i]:
            continue
        x = pos[i, 0]
        y = pos[i, 1]
        if not (0.0 <= x <= width and 0.0 <= y <= length):
            return False
        for k in range(segments.shape[0]):
            x1 = segments[k, 0]
            y1 = segments[k, 1]
            x2 = segments[k, 2]
            y2 = segments[k, 3]
            reach = clearance + SKIP_SLACK
            if x < min(x1, x2) - reach or x > max(x1, x2) + reach:
                continue
            if y < min(y1, y2) - reach or y > max(y1, y2) + reach:
                continue
            dx = x2 - x1
            dy = y2 - y1
            s = ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy)
            s = min(1.0, max(0.0, s))
            if math.hypot(x - (x1 + s * dx), y - (y1 + s * dy)) < clearance:
                return False
        for k in range(arcs.shape[0]):
            reach = arcs[k, 2] + clearance + SKIP_SLACK
            if abs(x - arcs[k, 0]) > reach or abs(y - arcs[k, 1]) > reach:
                continue
            if math.hypot(x - arcs[k, 0], y - arcs[k, 1]) - arcs[k, 2] < clearance:
                return False
        for k in range(pockets.shape[0]):
            reach = pockets[k, 2] + SKIP_SLACK
            if abs(x - pockets[k, 0]) > reach or abs(y - pockets[k, 1]) > reach:
                continue
            if math.hypot(x - pockets[k, 0], y - pockets[k, 1]) <= pockets[k, 2]:
                return False
    return True


@kernel(from_python=True, from_kernels=True)
def clearly_valid(
    pos, on_table, min_dist, width, length, clearance, segments, arcs, pockets
):  # fmt: skip
    """Both pre-checks of ``simulate()`` in one compiled call: True when no two on-table
    centres are closer than ``min_dist`` m (:func:`any_overlap` false) and every on-table
    centre is clearly on the cloth (:func:`all_clearly_on_cloth`). False means "run the
    checks one by one" (they find which fails and name it)."""
    if any_overlap(pos, on_table, min_dist):
        return False
    return all_clearly_on_cloth(pos, on_table, width, length, clearance, segments, arcs, pockets)
