"""Straight sight lines between balls on the cloth, compiled: can a ball of radius ``R`` roll in
a straight line from one centre to strike another ball without touching any third ball?

These are the geometric queries behind the snooker referee's "snookered" and "any part of a
ball on" tests (WPBSA Section 2, "Snookered"; rule 3.14); the rules that say which balls are on
and which obstruct stay in ``rules``. Public entry points with checked arguments are in
``sim.sightlines``.

Conventions: centres in table-frame metres; ``targets`` and ``obstacles`` are ``(m, 2)`` and
``(k, 2)`` float64 arrays; every ball has radius ``radius``. A stroke is *blocked* by an
obstacle whose centre lies ahead of the start (positive projection on the stroke) and within
``2 R + graze`` of the segment the moving centre sweeps (touching counts as a hit). Obstacles
further than ``4 R + graze + margin`` from the segment start -> target, along or across it, are
skipped before any of that arithmetic: a stroke that meets the target ends within ``2 R`` of
its centre, so nothing further out can touch it.

Entry points return a code: 1 yes, 0 no, or ``-1 - k`` when the k-th array argument holds a
number that is not finite (so the caller can name it).
"""

from __future__ import annotations

import math

import numpy as np

from sim.kernels.jit import kernel

#: What :func:`any_place_edges_clear` returns when some place is free but none sees a target,
#: and when every place is occupied.
NONE_CLEAR = -1
ALL_OCCUPIED = -2


@kernel(inline=True)
def all_finite(points: np.ndarray) -> bool:
    """Whether every number of ``points`` (``(k, 2)``) is finite."""
    for j in range(points.shape[0]):
        if not (math.isfinite(points[j, 0]) and math.isfinite(points[j, 1])):
            return False
    return True


@kernel(inline=True)
def _in_box(px: float, py: float, ux: float, uy: float, dist: float, wide: float) -> bool:
    """Whether a point at (px, py) from the start (m) lies in the box ``wide`` (m) around the
    segment of length ``dist`` along the unit vector (ux, uy): along it and across it."""
    along = px * ux + py * uy
    return -wide <= along <= dist + wide and abs(px * uy - py * ux) <= wide


@kernel(inline=True, allocates=True)
def _near_obstacles(
    cx: float, cy: float, tx: float, ty: float, obstacles: np.ndarray, wide: float
) -> np.ndarray:
    """The obstacles (rows of ``obstacles``, in order) in the box ``wide`` (m) around the
    segment from the start (cx, cy) to the target (tx, ty) (:func:`_in_box`): ``(j, 2)``."""
    rx, ry = tx - cx, ty - cy
    dist = math.hypot(rx, ry)
    if dist == 0.0:
        return obstacles
    ux, uy = rx / dist, ry / dist
    near = np.empty_like(obstacles)
    count = 0
    for j in range(obstacles.shape[0]):
        if _in_box(obstacles[j, 0] - cx, obstacles[j, 1] - cy, ux, uy, dist, wide):
            near[count, 0] = obstacles[j, 0]
            near[count, 1] = obstacles[j, 1]
            count += 1
    return near[:count]


@kernel(inline=True)
def _sweep_blocked(
    px: float, py: float, sx: float, sy: float, length2: float, reach: float
) -> bool:
    """Whether an obstacle at (px, py) from the start (m) touches a ball whose centre sweeps
    from the start by (sx, sy): ahead of the start and within ``reach`` of the segment."""
    proj = sx * px + sy * py
    if proj <= 0.0:
        return False  # behind the start
    t = min(max(proj / (length2 if length2 > 0.0 else 1.0), 0.0), 1.0)
    return math.hypot(px - t * sx, py - t * sy) <= reach


@kernel(inline=True)
def _both_edges_clear(
    cx: float,
    cy: float,
    tx: float,
    ty: float,
    obstacles: np.ndarray,
    radius: float,
    graze: float,
    margin: float,
) -> bool:
    """Whether both extreme edges of the target at (tx, ty) can be struck from (cx, cy): the
    centre travels at ``asin(2R / D)`` either side of the line of centres, a length
    ``sqrt(D^2 - 4 R^2)``, and no obstacle near the way (``4 R + graze + margin``) touches
    either sweep.
    A target touching the start (``D <= 2R``) counts as clear."""
    rx, ry = tx - cx, ty - cy
    dist = math.hypot(rx, ry)
    if dist <= 2.0 * radius:
        return True
    ux, uy = rx / dist, ry / dist
    sin_a = min(2.0 * radius / dist, 1.0)
    cos_a = math.sqrt(1.0 - sin_a * sin_a)
    length = math.sqrt(max(dist * dist - 4.0 * radius * radius, 0.0))
    reach = 2.0 * radius + graze
    wide = 4.0 * radius + graze + margin
    # the left edge's sweep (the left normal is (-uy, ux)), then the right one's
    lx = length * (cos_a * ux + sin_a * -uy)
    ly = length * (cos_a * uy + sin_a * ux)
    qx = length * (cos_a * ux + -1.0 * sin_a * -uy)
    qy = length * (cos_a * uy + -1.0 * sin_a * ux)
    l2, q2 = lx * lx + ly * ly, qx * qx + qy * qy
    for j in range(obstacles.shape[0]):
        px, py = obstacles[j, 0] - cx, obstacles[j, 1] - cy
        if not _in_box(px, py, ux, uy, dist, wide):
            continue  # too far from the way to the target to touch a stroke that meets it
        if _sweep_blocked(px, py, lx, ly, l2, reach) or _sweep_blocked(px, py, qx, qy, q2, reach):
            return False
    return True


@kernel(from_python=True)
def any_target_edges_clear(
    cx: float,
    cy: float,
    targets: np.ndarray,
    obstacles: np.ndarray,
    radius: float,
    graze: float,
    margin: float,
) -> int:
    """1 when some target (``(m, 2)``) can be struck at both extreme edges from (cx, cy) free
    of the obstacles (``(k, 2)``), 0 when none can ("snookered" when the targets are the balls
    on and the obstacles the balls not on); -1 / -2 when a centre of ``targets`` /
    ``obstacles`` is not finite."""
    if not all_finite(targets):
        return -1
    if not all_finite(obstacles):
        return -2
    for i in range(targets.shape[0]):
        if _both_edges_clear(
            cx, cy, targets[i, 0], targets[i, 1], obstacles, radius, graze, margin
        ):
            return 1
    return 0


@kernel(from_python=True)
def any_place_edges_clear(
    places: np.ndarray,
    occupied: np.ndarray,
    clearance: float,
    targets: np.ndarray,
    obstacles: np.ndarray,
    radius: float,
    graze: float,
    margin: float,
) -> int:
    """The first of ``places`` (``(p, 2)`` start centres, in order) from which some target can
    be struck at both extreme edges, skipping the places where the starting ball would come
    closer than ``2 R + clearance`` to a ball of ``occupied`` (``(q, 2)``); NONE_CLEAR when
    none can, ALL_OCCUPIED when every place is occupied, ``-3 - k`` when a centre of the k-th
    array (places, occupied, targets, obstacles) is not finite."""
    for k, arr in enumerate((places, occupied, targets, obstacles)):
        if not all_finite(arr):
            return -3 - k
    free_place = False
    limit = 2.0 * radius + clearance
    for p in range(places.shape[0]):
        cx, cy = places[p, 0], places[p, 1]
        taken = False
        for j in range(occupied.shape[0]):
            if math.hypot(occupied[j, 0] - cx, occupied[j, 1] - cy) < limit:
                taken = True
                break
        if taken:
            continue
        free_place = True
        for i in range(targets.shape[0]):
            if _both_edges_clear(
                cx, cy, targets[i, 0], targets[i, 1], obstacles, radius, graze, margin
            ):
                return p
    return NONE_CLEAR if free_place else ALL_OCCUPIED


@kernel(from_python=True)
def any_line_clear(
    cx: float,
    cy: float,
    tx: float,
    ty: float,
    obstacles: np.ndarray,
    radius: float,
    graze: float,
    margin: float,
    samples: int,
) -> int:
    """1 when some straight line from (cx, cy) strikes the target at (tx, ty) free of the
    obstacles, 0 when none does, -1 when a centre of ``obstacles`` is not finite. The lines:
    ``samples`` directions evenly spread in angle from the left extreme edge to the right one
    (both included), each cut where the moving centre meets the target,
    ``s = (T - C).v - sqrt(4 R^2 - h^2)`` with ``h`` the target centre's distance from the
    line. A target touching the start counts as hit."""
    if not all_finite(obstacles):
        return -1
    dx, dy = tx - cx, ty - cy
    dist = math.hypot(dx, dy)
    if dist <= 2.0 * radius or obstacles.shape[0] == 0:
        return 1
    near = _near_obstacles(cx, cy, tx, ty, obstacles, 4.0 * radius + graze + margin)
    if near.shape[0] == 0:
        return 1  # no ball within 4R of the way to the target: every line is free
    base = math.atan2(dy, dx)
    alpha = math.asin(2.0 * radius / dist)
    start = base - alpha
    step = ((base + alpha) - start) / (samples - 1)  # numpy.linspace's step, to the ulp
    reach = 2.0 * radius + graze
    for k in range(samples):
        angle = start + k * step if k < samples - 1 else base + alpha
        vx, vy = math.cos(angle), math.sin(angle)
        along = dx * vx + dy * vy
        h = abs(dx * vy - dy * vx)
        run = along - math.sqrt(max(4.0 * radius * radius - h * h, 0.0))
        sx, sy = (cx + run * vx) - cx, (cy + run * vy) - cy  # the end point's rounding kept
        length2 = sx * sx + sy * sy
        blocked = False
        for j in range(near.shape[0]):
            if _sweep_blocked(near[j, 0] - cx, near[j, 1] - cy, sx, sy, length2, reach):
                blocked = True
                break
        if not blocked:
            return 1
    return 0
