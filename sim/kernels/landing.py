"""Event resolvers for balls off the cloth: bounces, leaving the table, nose-edge and 3-D
ball-ball contacts, and the jump of a struck ball (Numba; docs/physics-airborne.md).

Each resolver gives the balls involved new segments (:func:`sim.kernels.predict.set_flight`
for a flight, :func:`sim.kernels.predict.set_segment` back on the cloth) and returns the
event's fields ``(kind, b, speed, x, y)`` for the loop to log. A ball on the cloth that gets a
downward impulse keeps to the cloth (the rigid slate takes it); one that gets an upward impulse
flies, unless its hop would stay under ``BOUNCE_SETTLE_HEIGHT``.
"""

from __future__ import annotations

import math

import numpy as np

from sim.constants import BOUNCE_SETTLE_HEIGHT, ZENO_SPEED
from sim.events import EventKind
from sim.kernels.flight import (
    edge_normal,
    settles,
    slate_bounce,
)
from sim.kernels.jit import kernel
from sim.kernels.motion import AIRBORNE, OFF_TABLE, POCKETED, classify, norm2
from sim.kernels.predict import height_at, set_flight, set_segment, state_at
from sim.kernels.resolve import resolve_ball_ball_in_flight, resolve_cushion_in_flight
from sim.kernels.woodwork import leaves_the_bed, nearer_jaw
from sim.params import P_CUSHION_H, P_E_T, P_G, P_R, P_U_S

_BOUNCE = int(EventKind.BOUNCE)
_OFF_TABLE = int(EventKind.OFF_TABLE)
_BALL_CUSHION = int(EventKind.BALL_CUSHION)


@kernel
def place(i, t, px, py, z, vx, vy, vz, wx, wy, wz, seg, p):
    """Ball ``i`` at height ``z`` with velocity ``(vx, vy, vz)``: a flight when it is above the
    cloth or leaves it fast enough to rise ``BOUNCE_SETTLE_HEIGHT``, else on the cloth
    (``vz`` dropped, state classified). Mutates row ``i`` of ``seg``."""
    g = p[P_G]
    if z > 0.0 or (vz > 0.0 and not settles(vz, g, BOUNCE_SETTLE_HEIGHT)):
        set_flight(i, t, px, py, z, vx, vy, vz, wx, wy, wz, seg, p)
        return
    st, vx, vy, wx, wy, wz = classify(vx, vy, wx, wy, wz, p[P_R])
    set_segment(i, t, np.int64(st), px, py, vx, vy, wx, wy, wz, seg, p)


@kernel
def strike_jump(seg, vz, p):
    """Ball 0, just struck with vertical velocity ``vz`` (m/s, < 0: the elevated cue drives it
    into the slate), bounces off the slate at once (docs/physics-airborne.md section 2)."""
    if vz >= 0.0:
        return
    px = seg.pos[0, 0]
    py = seg.pos[0, 1]
    V = seg.vel
    W = seg.spin
    vx, vy, vzo, wx, wy, wz = slate_bounce(
        V[0, 0], V[0, 1], vz, W[0, 0], W[0, 1], W[0, 2], p[P_R], p[P_E_T], p[P_U_S]
    )
    place(np.int64(0), 0.0, px, py, 0.0, vx, vy, vzo, wx, wy, wz, seg, p)


@kernel
def _update_sides(i, py, lines, side):
    """A ball that came down at ``y = py`` is on these sides of the marked lines (no crossing
    is logged for a line passed in the air)."""
    for k in range(lines.shape[0]):
        side[i, k] = 1 if py >= lines[k] else -1


@kernel
def resolve_air(i, kind, top, t, seg, model, side):
    """Ball ``i`` lands (``kind`` BOUNCE: on the slate when ``top`` is -1, else on that top: a
    rail's or a jaw's strip, a knuckle, or the rail body round a pocket, ids of
    :mod:`sim.kernels.woodwork`) or leaves the table (OFF_TABLE). Returns ``(kind, b, speed,
    x, y)``, ``b`` the top's cushion id (the rail body round a pocket: the pocket's nearer
    jaw)."""
    p = model.p
    px, py, vx, vy, wx, wy, wz = state_at(i, t, seg, p)
    _z, vz = height_at(i, t, seg, p)
    if kind == _BOUNCE:
        R = p[P_R]
        nvx, nvy, nvz, nwx, nwy, nwz = slate_bounce(vx, vy, vz, wx, wy, wz, R, p[P_E_T], p[P_U_S])
        if top < 0:
            _update_sides(i, py, model.lines, side)
            place(i, t, px, py, 0.0, nvx, nvy, nvz, nwx, nwy, nwz, seg, p)
            return _BOUNCE, -1, -vz, px, py
        outward, b = _outward_on_top(top, px, py, vx, vy, model)
        if not outward and not settles(nvz, p[P_G], BOUNCE_SETTLE_HEIGHT):
            set_flight(i, t, px, py, p[P_CUSHION_H], nvx, nvy, nvz, nwx, nwy, nwz, seg, p)
            return _BOUNCE, b, -vz, px, py
        kind = _OFF_TABLE  # falls off outward, or comes to rest on the rail top
        top = b
    set_segment(i, t, np.int64(OFF_TABLE), px, py, 0.0, 0.0, 0.0, 0.0, 0.0, seg, p)
    return _OFF_TABLE, top, math.sqrt(vx * vx + vy * vy + vz * vz), px, py


@kernel(inline=True)
def _outward_on_top(top, px, py, vx, vy, model):
    """``(outward, b)`` for a ball landing at ``(px, py)`` moving at ``(vx, vy)`` on ``top``
    (an id of :mod:`sim.kernels.woodwork`): a strip's outward side is away from its cushion's
    line; a knuckle's top has none (the ball bounces or rests there); the rail body round a
    pocket's is away from the bed. ``b``: the cushion id the log names."""
    ns = model.segments.shape[0]
    na = model.arcs.shape[0]
    if top < ns:
        s = model.segments[top]
        return vx * s[4] + vy * s[5] < 0.0, top
    if top < ns + na:
        return False, top
    back = model.backs[top - ns - na]
    return leaves_the_bed(px, py, vx, vy, model.rim), nearer_jaw(px, py, model.segments, back)


@kernel(inline=True)
def _on_edge(i, sg, offset, t, seg, model):
    """Flying ball ``i`` against the edge at the rail-top height ``offset`` m in front of the
    line ``sg`` (a row ``x1, y1, x2, y2, nx, ny``, ``n`` toward the balls: a cushion's nose
    edge, or a piece of a pocket's back with offset 0), seen in the vertical plane across the
    edge: ``(on, px, py, vx, vy, wx, wy, wz, tx, ty, fx, fy, cos0, s_down)``.
    ``on``: the centre is over the edge's length (not beyond its ends), in front of it (toward
    the table) and above it; then ``(tx, ty)`` is the edge's unit direction, ``(fx, fy)`` the
    foot of the centre on the edge line, ``theta0`` the angle of the centre from the vertical
    over the edge (``cos0``) and ``s_down`` its speed along the circle of radius R about the
    edge, downhill toward the table (< 0: climbing toward the rail top). Pure."""
    p = model.p
    R = p[P_R]
    px, py, vx, vy, wx, wy, wz = state_at(i, t, seg, p)
    z, vz = height_at(i, t, seg, p)
    dx = sg[2] - sg[0]
    dy = sg[3] - sg[1]
    length = math.sqrt(dx * dx + dy * dy)
    tx = dx / length
    ty = dy / length
    u = ((px - sg[0]) * tx + (py - sg[1]) * ty) / length
    # the centre's offset across the edge (toward the table) and above it, m
    across = (px - sg[0]) * sg[4] + (py - sg[1]) * sg[5] - offset
    up = z + R - p[P_CUSHION_H]
    fx = sg[0] + u * dx + offset * sg[4]
    fy = sg[1] + u * dy + offset * sg[5]
    if u <= 0.0 or u >= 1.0 or across <= 0.0 or up <= 0.0:
        return False, px, py, vx, vy, wx, wy, wz, tx, ty, fx, fy, 0.0, 0.0
    radius = math.sqrt(across * across + up * up)
    cos0 = up / radius
    sin0 = across / radius
    s_down = (vx * sg[4] + vy * sg[5]) * cos0 - vz * sin0
    return True, px, py, vx, vy, wx, wy, wz, tx, ty, fx, fy, cos0, s_down


@kernel(inline=True)
def _spot_taken(i, x, y, z, t, seg, p):
    """Whether a ball in play other than ``i`` is within 2R (3-D) of the spot ``(x, y)`` at
    height ``z`` (m) at ``t``."""
    R = p[P_R]
    for k in range(seg.state.shape[0]):
        if k == i or seg.state[k] == POCKETED or seg.state[k] == OFF_TABLE:
            continue
        kx, ky, _kvx, _kvy, _kwx, _kwy, _kwz = state_at(k, t, seg, p)
        kz, _kvz = height_at(k, t, seg, p)
        if (kx - x) ** 2 + (ky - y) ** 2 + (kz - z) ** 2 < 4.0 * R * R:
            return True
    return False


@kernel(from_python=True, from_kernels=True)
def edge_ride_over(i, sg, offset, t, seg, model):
    """Flying ball ``i`` resting on an edge at the rail-top height (``offset`` m in front of
    the line ``sg``: :func:`_on_edge`) with its centre in front of it and climbing toward the
    rail top, too slowly to leave the edge (``s^2 < g R cos
    theta``), rides over the crest in one step and leaves the table (the mirror of
    :func:`edge_ride_off`; docs/physics-notes.md, "A flying ball resting on a nose edge").

    Turning about the edge from ``theta0`` to the crest raises the centre by ``R (1 - cos
    theta0)``, so the ball reaches it with ``s_c^2 = s^2 - 2 g R (1 - cos theta0)``; while
    ``s_c^2 <= g R`` the normal force never vanishes on the way (it is least at the crest), and
    past the crest the ball is on the rail top moving outward: it has left the table. It is
    placed over the edge, its bottom at the nose height, as a ball that lands on a rail top
    moving outward (``resolve_air``). Returns False, changing nothing, when the ball is not
    climbing over the edge in contact (then the impulse model takes it), beyond the edge's
    ends, or when the crest is taken by another ball."""
    p = model.p
    R = p[P_R]
    g = p[P_G]
    on, _px, _py, _vx, _vy, _wx, _wy, _wz, _tx, _ty, fx, fy, cos0, s_down = _on_edge(
        i, sg, offset, t, seg, model
    )
    if not on or s_down >= 0.0:
        return False
    crest2 = s_down * s_down - 2.0 * g * R * (1.0 - cos0)
    if crest2 <= 0.0 or crest2 > g * R:
        return False  # falls back toward the table (edge_ride_off), or leaves the edge in flight
    if _spot_taken(i, fx, fy, p[P_CUSHION_H], t, seg, p):
        return False
    set_segment(i, t, np.int64(OFF_TABLE), fx, fy, 0.0, 0.0, 0.0, 0.0, 0.0, seg, p)
    return True


@kernel(from_python=True, from_kernels=True)
def edge_ride_off(i, sg, offset, t, seg, model):
    """Flying ball ``i`` resting on an edge at the rail-top height (``offset`` m in front of
    the line ``sg``: :func:`_on_edge`) with its centre in front of it slides off toward the
    table (or into a pocket's hole) in one step:
    the frictionless slide down the circle of radius R about the edge, in the vertical plane
    across it, driven by the ball's weight (the edge's version of ``stick.ride_off``).

    With the centre at angle ``theta0`` from the vertical over the edge (``cos theta0 = (z + R
    - h) / R``) and the speed ``s`` along the circle downhill, the ball leaves the edge where
    the normal force vanishes, ``cos theta_s = (s^2 / (g R) + 2 cos theta0) / 3``, with speed
    ``sqrt(s^2 + 2 g R (cos theta0 - cos theta_s))``; it is placed there at once with a hop of
    at most the settling speed off the edge; its velocity along the edge is kept, the one
    into the edge (a rounding's worth in a persistent contact) is lost, so energy never rises.
    Returns False, changing nothing, beyond the edge's ends, with the centre over or behind the
    edge, when fast enough to leave at once, or when the spot is taken by another ball."""
    p = model.p
    R = p[P_R]
    g = p[P_G]
    h = p[P_CUSHION_H]
    on, _px, _py, vx, vy, wx, wy, wz, tx, ty, fx, fy, cos0, s_down = _on_edge(
        i, sg, offset, t, seg, model
    )
    if not on:
        return False
    if s_down < 0.0 and s_down * s_down > 2.0 * g * R * (1.0 - cos0):
        return False  # climbing over the edge: edge_ride_over or the impulse model takes it
    s2 = s_down * s_down
    cos_s = (s2 / (g * R) + 2.0 * cos0) / 3.0
    if cos_s >= cos0:
        return False
    sin_s = math.sqrt(max(1.0 - cos_s * cos_s, 0.0))
    # the spot, from the foot of the centre on the edge
    nx = fx + R * sin_s * sg[4]
    ny = fy + R * sin_s * sg[5]
    nz = h + R * cos_s - R
    if _spot_taken(i, nx, ny, nz, t, seg, p):
        return False
    speed = math.sqrt(s2 + 2.0 * g * R * (cos0 - cos_s))
    hop = min(speed, math.sqrt(2.0 * g * BOUNCE_SETTLE_HEIGHT))
    down = math.sqrt(max(speed * speed - hop * hop, 0.0))
    v_across = hop * sin_s + down * cos_s
    v_edge = vx * tx + vy * ty
    out_x = v_edge * tx + v_across * sg[4]
    out_y = v_edge * ty + v_across * sg[5]
    place(i, t, nx, ny, nz, out_x, out_y, hop * cos_s - down * sin_s, wx, wy, wz, seg, p)
    return True


@kernel
def resolve_air_cushion(i, c, t, seg, model, persistent):
    """Flying ball ``i`` touches cushion ``c``: a straight piece's nose edge or the top edge of
    a piece of a pocket's back (``c`` from ``ns + na``, logged as the pocket's nearer jaw:
    :mod:`sim.kernels.woodwork`), both with the 3-D normal to the edge, or a knuckle's post
    (horizontal normal); the cushion model resolves it
    (:func:`sim.kernels.resolve.resolve_cushion_in_flight`). A ``persistent`` contact with an
    edge (found again within ZENO_WINDOW at under ZENO_SPEED) goes to :func:`edge_ride_off` or
    :func:`edge_ride_over` where they apply. Returns ``(kind, b, speed, x, y)``."""
    p = model.p
    R = p[P_R]
    px, py, vx, vy, wx, wy, wz = state_at(i, t, seg, p)
    z, vz = height_at(i, t, seg, p)
    ns = model.segments.shape[0]
    na = model.arcs.shape[0]
    b = c
    if c < ns or c >= ns + na:  # a nose edge, or a piece of a pocket's back (offset 0)
        if c < ns:
            sg = model.segments[c]
            offset = model.rim[1]
        else:
            sg = model.back_edges[c - ns - na]
            offset = 0.0
            pieces = model.back_edges.shape[0] // model.backs.shape[0]
            b = nearer_jaw(px, py, model.segments, model.backs[(c - ns - na) // pieces])
        nx, ny, nz, _dist = edge_normal(px, py, z + R, sg, p[P_CUSHION_H], offset)
        speed = vx * nx + vy * ny + vz * nz
        if persistent and speed < ZENO_SPEED:
            if edge_ride_off(i, sg, offset, t, seg, model):
                return _BALL_CUSHION, b, max(speed, 0.0), px, py
            if edge_ride_over(i, sg, offset, t, seg, model):
                return _OFF_TABLE, b, max(speed, 0.0), px, py
    else:  # a knuckle's post: toward its axis
        dx = model.arcs[c - ns, 0] - px
        dy = model.arcs[c - ns, 1] - py
        d = norm2(dx, dy)
        nx = dx / d
        ny = dy / d
        nz = 0.0
    speed = vx * nx + vy * ny + vz * nz
    vx, vy, vz, wx, wy, wz = resolve_cushion_in_flight(vx, vy, vz, wx, wy, wz, nx, ny, nz, p)
    place(i, t, px, py, z, vx, vy, vz, wx, wy, wz, seg, p)
    return _BALL_CUSHION, b, max(speed, 0.0), px, py


@kernel(allocates=True)
def pair_contact(i, j, t, seg, p):
    """Balls ``i`` and ``j`` touching at ``t`` s, seen in 3-D as both resolvers of a flying pair
    read them: ``(n, dist, speed, pix, piy, zi, pjx, pjy, zj, v1, w1, v2, w2)``, with ``n`` (3,)
    the unit line of centres from ``i`` to ``j``, ``dist`` the centre distance (m), ``speed``
    the approach speed along ``n`` (m/s, > 0 closing), the centres and heights (m), and fresh
    (3,) velocity and spin arrays of each ball (m/s, rad/s) for the resolver to change. Pure."""
    pix, piy, vix, viy, wix, wiy, wiz = state_at(i, t, seg, p)
    pjx, pjy, vjx, vjy, wjx, wjy, wjz = state_at(j, t, seg, p)
    zi, vzi = height_at(i, t, seg, p)
    zj, vzj = height_at(j, t, seg, p)
    n = np.array([pjx - pix, pjy - piy, zj - zi])
    dist = math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2])
    n /= dist
    v1 = np.array([vix, viy, vzi])
    v2 = np.array([vjx, vjy, vzj])
    w1 = np.array([wix, wiy, wiz])
    w2 = np.array([wjx, wjy, wjz])
    speed = (v1[0] - v2[0]) * n[0] + (v1[1] - v2[1]) * n[1] + (v1[2] - v2[2]) * n[2]
    return n, dist, speed, pix, piy, zi, pjx, pjy, zj, v1, w1, v2, w2


@kernel
def place_pair(i, j, t, pix, piy, zi, v1, w1, pjx, pjy, zj, v2, w2, seg, p, changed):
    """Both balls of a flying pair after their contact, from their centres, heights, velocity
    and spin arrays: a ball on the slate keeps to it (no downward velocity into it); ``j``
    joins ``i``'s group in ``changed``. Mutates ``v1``, ``v2``, ``seg`` and ``changed``."""
    if zi <= 0.0 and v1[2] < 0.0:
        v1[2] = 0.0
    if zj <= 0.0 and v2[2] < 0.0:
        v2[2] = 0.0
    place(i, t, pix, piy, zi, v1[0], v1[1], v1[2], w1[0], w1[1], w1[2], seg, p)
    place(j, t, pjx, pjy, zj, v2[0], v2[1], v2[2], w2[0], w2[1], w2[2], seg, p)
    changed[j] = True


#: Rounds of a flying pair's impulse and the slate's rebound under a ball on the cloth, at
#: most (:func:`resolve_air_pair`): each round's speeds fall by the restitutions, so a few do;
#: what a last round would still push into the slate is taken by it (rigid).
SLATE_ROUNDS = 64


@kernel
def _slate_rebound(z, v, w, p):
    """A ball at the slate (``z <= 0`` m) pushed into it (``v[2] < 0``) bounces off it
    (:func:`sim.kernels.flight.slate_bounce`: restitution e_t, the cloth's friction); True when
    it did. ``v``, ``w``: float64 (3,) velocity and spin, changed in place."""
    if z > 0.0 or v[2] >= 0.0:
        return False
    vx, vy, vz, wx, wy, wz = slate_bounce(v[0], v[1], v[2], w[0], w[1], w[2], p[P_R], p[P_E_T],
                                          p[P_U_S])  # fmt: skip
    v[0] = vx
    v[1] = vy
    v[2] = vz
    w[0] = wx
    w[1] = wy
    w[2] = wz
    return True


@kernel(from_python=True, from_kernels=True)
def pair_over_the_slate(v1, w1, z1, v2, w2, z2, n, p):
    """Two balls touching along the 3-D line of centres ``n`` (unit (3,), ball 1 to ball 2), of
    which one at least flies; ``z1``, ``z2``: their heights, m (0 on the cloth). The ball-ball
    model's impulse (:func:`sim.kernels.resolve.resolve_ball_ball_in_flight`); a ball at the
    slate that it pushes into the slate rebounds from it (the slate's bounce, e_t), which may
    send it back into the other ball: impulse and rebound are taken in turn (sequential
    impulses) until the pair separates with no ball pushed into the slate, at most
    :data:`SLATE_ROUNDS` rounds (docs/physics-airborne.md section 2). ``v1``, ``w1``, ``v2``,
    ``w2``: float64 (3,) velocities (m/s) and spins (rad/s), changed in place. Returns the
    rounds of rebound taken."""
    resolve_ball_ball_in_flight(v1, w1, v2, w2, n, p)
    for rounds in range(SLATE_ROUNDS):
        rebound_1 = _slate_rebound(z1, v1, w1, p)
        rebound_2 = _slate_rebound(z2, v2, w2, p)
        if not (rebound_1 or rebound_2):
            return rounds
        closing = (v1[0] - v2[0]) * n[0] + (v1[1] - v2[1]) * n[1] + (v1[2] - v2[2]) * n[2]
        if closing <= 0.0:
            return rounds + 1
        resolve_ball_ball_in_flight(v1, w1, v2, w2, n, p)
    return SLATE_ROUNDS


@kernel(allocates=True)
def resolve_air_pair(i, j, t, seg, p, changed):
    """Balls ``i < j``, at least one flying, touch: the 3-D line of centres, the ball-ball
    model with it and the slate's rebound under a ball on the cloth
    (:func:`pair_over_the_slate`); a ball on the cloth so pushed up flies. Returns the approach
    speed, m/s, and ball ``i``'s centre (x, y)."""
    R = p[P_R]
    D = 2.0 * R
    n, dist, speed, pix, piy, zi, pjx, pjy, zj, v1, w1, v2, w2 = pair_contact(i, j, t, seg, p)
    pair_over_the_slate(v1, w1, zi, v2, w2, zj, n, p)
    if dist < D:  # lift the flying ball(s) clear along the normal, never into the slate
        gap = D - dist
        if seg.state[i] == AIRBORNE and seg.state[j] == AIRBORNE:
            gap *= 0.5
        if seg.state[i] == AIRBORNE:
            pix -= gap * n[0]
            piy -= gap * n[1]
            zi = max(zi - gap * n[2], 0.0)
        if seg.state[j] == AIRBORNE:
            pjx += gap * n[0]
            pjy += gap * n[1]
            zj = max(zj + gap * n[2], 0.0)
    place_pair(i, j, t, pix, piy, zi, v1, w1, pjx, pjy, zj, v2, w2, seg, p, changed)
    return max(speed, 0.0), pix, piy
