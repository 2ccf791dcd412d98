"""Event times: ball-ball, ball-cushion (segments and arcs), ball-pocket, line crossings (Numba).

Each function takes the balls' states at the current time (scalars), a validity window ``T``
(seconds from now; beyond it the closed-form motion no longer holds, docs/physics.md §1.6 and 2.9
item 1) and returns the time from now of the first event, or ``inf``. Polynomials follow
docs/physics.md §2.3-2.7; the contact rule is :func:`sim.kernels.roots.first_descent_root`: an
event needs the gap to close (approach test), and touching bodies count only when closing
(docs/physics.md §2.3 degenerate cases, 2.9 items 3-5). All functions are pure.

A cheap reach test runs first: a ball cannot travel farther than ``|v| T + |a| T^2 / 2`` in the
window, so bodies farther apart than the reaches cannot meet. A ball's cushion and pocket
searches first box its centre's path over the window (:func:`path_box`) and solve only the
cushions and capture circles that box can touch.
"""

from __future__ import annotations

import math

from sim.kernels.jit import kernel
from sim.kernels.motion import acceleration, norm2
from sim.kernels.roots import first_descent_root, first_descent_root_quadratic

NO_EVENT = math.inf


@kernel
def reach(vx, vy, ax, ay, T):
    """Upper bound on the distance a ball moves in ``T`` seconds, m."""
    return norm2(vx, vy) * T + 0.5 * norm2(ax, ay) * T * T


@kernel
def distance_reaches_time(Ax, Ay, Bx, By, Cx, Cy, dist, D, T):
    """First time in [0, T] at which ``|A t^2 + B t + C|`` falls to ``D`` while shrinking, s.

    ``C`` is the offset now (``dist = |C|``), ``B`` its rate and ``A`` half its (constant)
    second derivative. Squaring gives the quartic of docs/physics.md §2.3 and 2.5::

        (A.A) t^4 + 2 (A.B) t^3 + (B.B + 2 A.C) t^2 + 2 (B.C) t + (C.C - D^2) = 0

    with ``C.C - D^2`` taken as ``(dist - D)(dist + D)`` (no cancellation near contact).
    Returns ``inf`` when there is none (contact rule of ``first_descent_root``).
    """
    c4 = Ax * Ax + Ay * Ay
    c3 = 2.0 * (Ax * Bx + Ay * By)
    c2 = Bx * Bx + By * By + 2.0 * (Ax * Cx + Ay * Cy)
    c1 = 2.0 * (Bx * Cx + By * Cy)
    c0 = (dist - D) * (dist + D)
    return first_descent_root(c0, c1, c2, c3, c4, T)


@kernel(from_python=True, from_kernels=True)
def ball_ball_time(s1, p1x, p1y, v1x, v1y, w1x, w1y, s2, p2x, p2y, v2x, v2y, w2x, w2y, D, T, p):
    """Time until balls 1 and 2 (states ``s1``, ``s2``) touch while approaching, s, or inf.

    Contact when ``|dr(t)| = D`` with ``dr = A t^2 + B t + C`` the centre offset from ball 1
    to ball 2 (docs/physics.md §2.3), solved by :func:`distance_reaches_time`.
    """
    a1x, a1y = acceleration(s1, v1x, v1y, w1x, w1y, p)
    a2x, a2y = acceleration(s2, v2x, v2y, w2x, w2y, p)
    Cx = p2x - p1x
    Cy = p2y - p1y
    dist = norm2(Cx, Cy)
    if dist - D > reach(v1x, v1y, a1x, a1y, T) + reach(v2x, v2y, a2x, a2y, T):
        return NO_EVENT
    Ax = 0.5 * (a2x - a1x)
    Ay = 0.5 * (a2y - a1y)
    Bx = v2x - v1x
    By = v2y - v1y
    if Ax == 0.0 and Ay == 0.0 and Bx == 0.0 and By == 0.0:
        return NO_EVENT  # no relative motion (docs/physics.md §2.3, degenerate A = B = 0)
    if closest_approach_bound(Ax, Ay, Bx, By, Cx, Cy, T) > D * (1.0 + 1e-9) + 1e-12:
        return NO_EVENT
    return distance_reaches_time(Ax, Ay, Bx, By, Cx, Cy, dist, D, T)


@kernel(into_caller=True)
def closest_approach_bound(Ax, Ay, Bx, By, Cx, Cy, T):
    """A lower bound on ``|A t^2 + B t + C|`` over ``[0, T]``, m: the closest approach of the
    straight-line part ``|B t + C|`` (at ``t = -B.C / B.B`` clamped to the window) less the
    most the quadratic part can take off, ``|A| T^2``. Above the contact distance, the pair
    cannot touch in the window and its quartic need not be solved."""
    bb = Bx * Bx + By * By
    t = 0.0
    if bb > 0.0:
        t = min(max(-(Bx * Cx + By * Cy) / bb, 0.0), T)
    return norm2(Bx * t + Cx, By * t + Cy) - norm2(Ax, Ay) * T * T


@kernel
def segment_fraction(x, y, x1, y1, x2, y2):
    """Where the foot of the perpendicular from (x, y) falls on the line through the segment
    (x1, y1)-(x2, y2): 0 at the first end, 1 at the second, outside [0, 1] beyond the ends."""
    dx = x2 - x1
    dy = y2 - y1
    return ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy)


@kernel(from_python=True, from_kernels=True)
def ball_segment_time(px, py, vx, vy, ax, ay, seg, R, T):
    """Time until a ball's centre comes within ``R`` of a straight cushion, s, or inf.

    ``seg`` is a row ``(x1, y1, x2, y2, nx, ny)`` with the unit normal pointing to the side
    the balls are on. Gap ``n.(r(t) - p1) - R`` (docs/physics.md §2.4, contact offset ``d_c = R``);
    the contact point must project inside the segment, ``s in [0, 1]``, else the arcs at the
    ends take over.
    """
    x1 = seg[0]
    y1 = seg[1]
    nx = seg[4]
    ny = seg[5]
    c0 = nx * (px - x1) + ny * (py - y1) - R
    c1 = nx * vx + ny * vy
    c2 = 0.5 * (nx * ax + ny * ay)
    if c0 > abs(c1) * T + abs(c2) * T * T:
        return NO_EVENT
    t = first_descent_root_quadratic(c0, c1, c2, T)
    if t == NO_EVENT:
        return NO_EVENT
    rx = px + vx * t + 0.5 * ax * t * t
    ry = py + vy * t + 0.5 * ay * t * t
    s = segment_fraction(rx, ry, x1, y1, seg[2], seg[3])
    if s < 0.0 or s > 1.0:
        return NO_EVENT
    return t


@kernel(from_python=True, from_kernels=True)
def ball_circle_time(px, py, vx, vy, ax, ay, cx, cy, radius, T):
    """Time until a ball's centre, moving in, reaches distance ``radius`` from (cx, cy), s.

    Quartic of docs/physics.md §2.5 (knuckle: ``radius = R + rho``) and 2.6 (pocket capture circle:
    ``radius = r_p``, the centre enters it).
    """
    Cx = px - cx
    Cy = py - cy
    dist = norm2(Cx, Cy)
    if dist - radius > reach(vx, vy, ax, ay, T):
        return NO_EVENT
    return distance_reaches_time(0.5 * ax, 0.5 * ay, vx, vy, Cx, Cy, dist, radius, T)


@kernel(from_python=True, from_kernels=True)
def line_crossing_time(py, vy, ay, y_line, side, T):
    """Time until a ball's centre crosses ``y = y_line`` from side ``side``, s, or inf.

    ``side`` is +1 when the ball is on the ``y >= y_line`` side, -1 otherwise (kept by the
    loop, so that a ball sitting on the line just after crossing is not counted twice). The
    crossing direction is ``-side``. docs/physics.md §2.7 (zero-effect virtual event).
    """
    if side > 0:
        c0 = py - y_line
        c1 = vy
        c2 = 0.5 * ay
    else:
        c0 = y_line - py
        c1 = -vy
        c2 = -0.5 * ay
    if c0 > abs(c1) * T + abs(c2) * T * T:
        return NO_EVENT
    return first_descent_root_quadratic(c0, c1, c2, T)


@kernel(inline=True)
def _window_to_beat(best, T):
    """The window in which a body must be met to beat ``best`` (s), with a hair of slack so
    that rounding in a reach test never drops an exact tie: ``min(T, best)`` widened by one
    part in 1e9 plus 1e-12 s."""
    return min(T, best) * (1.0 + 1e-9) + 1e-12


#: Widening of a path box (m, plus this fraction of its largest coordinate): far above the
#: rounding of the positions (~1e-15 m) and of the solvers' contact tests (~1e-13 m), so a box
#: never leaves out a point where a solver could report contact.
PATH_BOX_SLACK = 1e-9


@kernel(inline=True)
def _axis_range(p0, v, a, T):
    """``(lo, hi)``: the range of ``p0 + v t + a t^2 / 2`` over ``t`` in ``[0, T]`` (m): the
    two ends and, when the coordinate turns back inside the window, the turning point
    ``p0 + v t_v / 2`` at ``t_v = -v / a``."""
    end = p0 + (v + 0.5 * a * T) * T
    lo = min(p0, end)
    hi = max(p0, end)
    if a != 0.0:
        tv = -v / a
        if 0.0 < tv < T:
            turn = p0 + 0.5 * v * tv
            lo = min(lo, turn)
            hi = max(hi, turn)
    return lo, hi


@kernel(inline=True, from_python=True, from_kernels=True)
def path_box(px, py, vx, vy, ax, ay, T):
    """The axis-aligned box holding a ball's centre over ``[0, T]`` s on the path
    ``r(t) = p + v t + a t^2 / 2``, widened by ``PATH_BOX_SLACK``: ``(cx, cy, hx, hy)``, its
    centre and half-sizes (m). Infinite half-sizes (nothing culled) when ``T`` is not
    finite."""
    if not math.isfinite(T):
        return px, py, math.inf, math.inf
    xlo, xhi = _axis_range(px, vx, ax, T)
    ylo, yhi = _axis_range(py, vy, ay, T)
    slack = PATH_BOX_SLACK * (1.0 + max(max(abs(xlo), abs(xhi)), max(abs(ylo), abs(yhi))))
    return (
        0.5 * (xlo + xhi), 0.5 * (ylo + yhi), 0.5 * (xhi - xlo) + slack, 0.5 * (yhi - ylo) + slack,
    )  # fmt: skip


@kernel(inline=True, from_python=True, from_kernels=True)
def box_misses_segment(cx, cy, hx, hy, seg, R):
    """True when no point of the box ``(cx, cy, hx, hy)`` can be in contact with the straight
    cushion ``seg`` (a row of :func:`ball_segment_time`): the whole box is more than ``R`` in
    front of its line, or projects wholly beyond one end of it (contact needs the gap
    ``n.(r - p1) - R <= 0`` and the fraction ``s`` in [0, 1]). Conservative: a box passing
    both tests may still miss."""
    x1 = seg[0]
    y1 = seg[1]
    if seg[4] * (cx - x1) + seg[5] * (cy - y1) - (abs(seg[4]) * hx + abs(seg[5]) * hy) > R:
        return True
    ux = seg[2] - x1
    uy = seg[3] - y1
    along = ux * (cx - x1) + uy * (cy - y1)
    spread = abs(ux) * hx + abs(uy) * hy
    return along + spread < 0.0 or along - spread > ux * ux + uy * uy


@kernel(inline=True, from_python=True, from_kernels=True)
def box_misses_circle(cx, cy, hx, hy, qx, qy, radius):
    """True when every point of the box ``(cx, cy, hx, hy)`` is farther than ``radius`` from
    ``(qx, qy)`` (m): a centre on the box cannot reach a knuckle or capture circle there."""
    dx = max(abs(qx - cx) - hx, 0.0)
    dy = max(abs(qy - cy) - hy, 0.0)
    return dx * dx + dy * dy > radius * radius


@kernel(from_python=True, from_kernels=True)
def earliest_cushion(px, py, vx, vy, ax, ay, segments, arcs, R, T):
    """First cushion contact of one ball within ``T``: ``(time, cushion id)`` or (inf, -1).

    Cushion ids: segment rows first, then arcs (``ns + row``). Ties go to the lower id. A
    cushion that the centre's path box (:func:`path_box`) over the window cannot touch is not
    solved; once a contact is found the box shrinks to the window left to beat it
    (:func:`_window_to_beat`). Such a cushion could not be the earliest, so the answer is the
    same as solving all of them.
    """
    best = NO_EVENT
    best_id = -1
    ns = segments.shape[0]
    cx, cy, hx, hy = path_box(px, py, vx, vy, ax, ay, T)
    for k in range(ns):
        seg = segments[k]
        if box_misses_segment(cx, cy, hx, hy, seg, R):
            continue
        t = ball_segment_time(px, py, vx, vy, ax, ay, seg, R, T)
        if t < best:
            best = t
            best_id = k
            cx, cy, hx, hy = path_box(px, py, vx, vy, ax, ay, _window_to_beat(best, T))
    for k in range(arcs.shape[0]):
        radius = R + arcs[k, 2]
        if box_misses_circle(cx, cy, hx, hy, arcs[k, 0], arcs[k, 1], radius):
            continue
        t = ball_circle_time(px, py, vx, vy, ax, ay, arcs[k, 0], arcs[k, 1], radius, T)
        if t < best:
            best = t
            best_id = ns + k
            cx, cy, hx, hy = path_box(px, py, vx, vy, ax, ay, _window_to_beat(best, T))
    return best, best_id


@kernel(from_python=True, from_kernels=True)
def earliest_pocket(px, py, vx, vy, ax, ay, pockets, T):
    """First pocket capture of one ball within ``T``: ``(time, pocket id)`` or (inf, -1).

    As in :func:`earliest_cushion`, a pocket whose capture circle the path box cannot reach
    (over the window, then over the window left to beat the capture found) is not solved."""
    best = NO_EVENT
    best_id = -1
    cx, cy, hx, hy = path_box(px, py, vx, vy, ax, ay, T)
    for k in range(pockets.shape[0]):
        if box_misses_circle(cx, cy, hx, hy, pockets[k, 0], pockets[k, 1], pockets[k, 2]):
            continue
        t = ball_circle_time(px, py, vx, vy, ax, ay, pockets[k, 0], pockets[k, 1], pockets[k, 2], T)
        if t < best:
            best = t
            best_id = k
            cx, cy, hx, hy = path_box(px, py, vx, vy, ax, ay, _window_to_beat(best, T))
    return best, best_id
