"""Motion segments and cached next-event predictions of the event loop (Numba).

Each ball carries the start of its current motion segment (:class:`~sim.kernels.shot_types.
Segments`); its state at a later time comes from the closed forms of :mod:`sim.kernels.motion`.
Its cached next events (:class:`~sim.kernels.shot_types.Predictions`) are the end of its motion
state, its first cushion contact, its first pocket capture, its next marked-line crossing and,
per pair ``i < j``, the first contact time.

A ball's *horizon* is the earliest of its transition, cushion and pocket times: its path
changes there, so pair predictions only look up to ``min(horizon_i, horizon_j)``
(docs/physics.md §2.1).
"""

from __future__ import annotations

import math

import numpy as np

from sim.events import EventKind
from sim.kernels.detect import (
    ball_ball_time,
    earliest_cushion,
    earliest_pocket,
    line_crossing_time,
    path_box,
)
from sim.kernels.flight import (
    corner_contact_time,
    descent_time,
    edge_contact_time,
    exit_time,
    flight_height,
    pair_contact_time,
    post_contact_time,
)
from sim.kernels.jit import kernel
from sim.kernels.motion import (
    AIRBORNE,
    OFF_TABLE,
    POCKETED,
    ROLLING,
    SLIDING,
    acceleration,
    evolve,
    transition_time,
)
from sim.kernels.woodwork import LANDS_ON_TOP, under_a_descent
from sim.params import P_CUSHION_H, P_G, P_R

_BOUNCE = int(EventKind.BOUNCE)
_OFF_TABLE = int(EventKind.OFF_TABLE)

#: From this many balls up, ``predict_pairs`` keeps each row's earliest pair contact
#: (``Predictions.first_pair_t`` and ``first_pair_j``) and the next-event scan reads those n minima
#: instead of the n (n - 1) / 2 pair times: linear per event up to 256 balls
#: (benchmarks/many_balls.py). 16 (was 32): the snooker break-off (22 balls) -4 %, the 8-ball
#: break (16) -1 %, the 9-ball break (10) unchanged at 8 or 16; below it the plain scan is kept.
ROW_MINIMA_FROM = 16

#: How far below the rail tops (m) a flying ball may be and still come down onto one now: the
#: rounding of a height set at the nose height. A ball lower than that and not rising never
#: comes down through the tops (``descent_time`` would say "now", which is meant for a ball a
#: rounding's worth under the slate).
TOP_LEVEL_SLACK = 1e-9


@kernel(inline=True)
def is_translating(state):
    """True for the motion states in which a ball's centre moves (sliding, rolling)."""
    return state in (SLIDING, ROLLING)


@kernel(inline=True, from_python=True, from_kernels=True)
def state_at(i, t, seg, p):
    """Ball ``i``'s ``(px, py, vx, vy, wx, wy, wz)`` at time ``t`` s from its segment. Pure."""
    P = seg.pos
    V = seg.vel
    W = seg.spin
    return evolve(
        seg.state[i], P[i, 0], P[i, 1], V[i, 0], V[i, 1], W[i, 0], W[i, 1], W[i, 2],
        t - seg.t0[i], p,
    )  # fmt: skip


@kernel(inline=True)
def set_segment(i, t, state, px, py, vx, vy, wx, wy, wz, seg, p):
    """Start a new segment of ball ``i`` at ``t`` s with the given motion code and state, and
    set the time its motion state ends. Mutates row ``i`` of ``seg``."""
    seg.t0[i] = t
    seg.state[i] = state
    seg.pos[i, 0] = px
    seg.pos[i, 1] = py
    seg.vel[i, 0] = vx
    seg.vel[i, 1] = vy
    seg.spin[i, 0] = wx
    seg.spin[i, 1] = wy
    seg.spin[i, 2] = wz
    seg.tau[i] = t + transition_time(state, vx, vy, wx, wy, wz, p)
    seg.z[i] = 0.0
    seg.vz[i] = 0.0


@kernel(inline=True)
def set_flight(i, t, px, py, z, vx, vy, vz, wx, wy, wz, seg, p):
    """Start a flight of ball ``i`` at ``t`` s from height ``z`` m with vertical velocity
    ``vz`` m/s (docs/physics-airborne.md section 1). Mutates row ``i`` of ``seg``."""
    set_segment(i, t, np.int64(AIRBORNE), px, py, vx, vy, wx, wy, wz, seg, p)
    seg.z[i] = z
    seg.vz[i] = vz


@kernel(inline=True, from_python=True, from_kernels=True)
def height_at(i, t, seg, p):
    """Ball ``i``'s height above the cloth (m) and vertical velocity (m/s) at ``t`` s."""
    if seg.state[i] != AIRBORNE:
        return 0.0, 0.0
    dt = t - seg.t0[i]
    g = p[P_G]
    return flight_height(seg.z[i], seg.vz[i], dt, g), seg.vz[i] - g * dt


@kernel(inline=True)
def predict_line(i, t, py, vy, ay, lines, pred):
    """Ball ``i``'s next marked-line crossing before its horizon, from its centre ``y = py``
    m, velocity ``vy`` m/s and acceleration ``ay`` m/s^2 at ``t`` s. Mutates row ``i`` of
    ``pred.line_t``, ``line_id`` and ``line_dir``."""
    side = pred.side
    best = math.inf
    best_id = -1
    best_dir = 0
    window = pred.horizon[i] - t
    for k in range(lines.shape[0]):
        dt = line_crossing_time(py, vy, ay, lines[k], side[i, k], window)
        if dt < math.inf:
            tk = t + dt
            if tk < best:
                best = tk
                best_id = k
                best_dir = -side[i, k]
    pred.line_t[i] = best
    pred.line_id[i] = best_id
    pred.line_dir[i] = best_dir


@kernel(inline=True)
def predict_own(i, t, seg, model, pred):
    """Transition, cushion, pocket and line predictions of ball ``i`` from its segment at t;
    rewrites row ``i`` of ``pred`` (all but ``pair_t``)."""
    p = model.p
    state = seg.state[i]
    pred.cush_t[i] = math.inf
    pred.cush_id[i] = -1
    pred.pock_t[i] = math.inf
    pred.pock_id[i] = -1
    pred.line_t[i] = math.inf
    pred.line_id[i] = -1
    pred.line_dir[i] = 0
    pred.air_t[i] = math.inf
    if state in (POCKETED, OFF_TABLE):
        pred.horizon[i] = math.inf
        return
    if state == AIRBORNE:
        predict_flight(i, t, seg, model, pred)
        _set_box(i, seg.pos[i, 0], seg.pos[i, 1], math.inf, math.inf, pred.box)
        return
    tau = seg.tau[i]
    if not is_translating(state):
        pred.horizon[i] = tau
        cx, cy, hx, hy = path_box(seg.pos[i, 0], seg.pos[i, 1], 0.0, 0.0, 0.0, 0.0, 0.0)
        _set_box(i, cx, cy, hx, hy, pred.box)
        return
    px, py, vx, vy, wx, wy, _wz = state_at(i, t, seg, p)
    ax, ay = acceleration(state, vx, vy, wx, wy, p)
    window = tau - t
    R = p[P_R]
    dt_c, cid = earliest_cushion(px, py, vx, vy, ax, ay, model.segments, model.arcs, R, window)
    if cid >= 0:
        pred.cush_t[i] = t + dt_c
        pred.cush_id[i] = cid
        window = dt_c
    dt_p, pid = earliest_pocket(px, py, vx, vy, ax, ay, model.pockets, window)
    if pid >= 0:
        pred.pock_t[i] = t + dt_p
        pred.pock_id[i] = pid
    pred.horizon[i] = min(tau, min(pred.cush_t[i], pred.pock_t[i]))
    cx, cy, hx, hy = path_box(px, py, vx, vy, ax, ay, pred.horizon[i] - t)
    _set_box(i, cx, cy, hx, hy, pred.box)
    predict_line(i, t, py, vy, ay, model.lines, pred)


@kernel(inline=True)
def _set_box(i, cx, cy, hx, hy, box):
    """Store ball ``i``'s path box (centre and half-sizes, m) in its row of ``box`` (n, 4)."""
    box[i, 0] = cx
    box[i, 1] = cy
    box[i, 2] = hx
    box[i, 3] = hy


@kernel(inline=True, from_python=True, from_kernels=True)
def boxes_apart(i, j, box, D):
    """True when the path boxes of balls ``i`` and ``j`` (rows of ``box`` (n, 4), ``cx, cy,
    hx, hy`` m: ``Predictions.box``) are farther apart than the contact distance ``D`` m along
    x or along y (with 1e-9 relative slack): the centres cannot come within ``D`` before either
    horizon, so the pair has no contact."""
    reach = D * (1.0 + 1e-9) + 1e-12
    if abs(box[i, 0] - box[j, 0]) - (box[i, 2] + box[j, 2]) > reach:
        return True
    return abs(box[i, 1] - box[j, 1]) - (box[i, 3] + box[j, 3]) > reach


@kernel
def predict_flight(i, t, seg, model, pred):
    """A flying ball's next events (docs/physics-airborne.md sections 3-5): leaving the table
    over the rails' outer edges; coming down to the rail tops onto wood (a rail's or a jaw's
    strip, a knuckle's top, the rail body round a pocket), or falling on over the cloth or a
    pocket's opening (:func:`sim.kernels.woodwork.under_a_descent`); landing on the slate (or
    in a pocket's capture circle); touching a cushion's nose edge, a knuckle's post or the top
    edge of a pocket's back (:func:`_back_contact`). No line crossings are predicted in the
    air. Rewrites row ``i`` of ``pred`` (all but the pair fields)."""
    p = model.p
    R = p[P_R]
    g = p[P_G]
    h = p[P_CUSHION_H]
    rim = model.rim
    segs = model.segments
    arcs = model.arcs
    backs = model.backs
    px, py, vx, vy, _wx, _wy, _wz = state_at(i, t, seg, p)
    z, vz = height_at(i, t, seg, p)
    best = exit_time(px, py, vx, vy, rim[2], rim[3], rim[4], rim[5])
    kind = _OFF_TABLE
    bid = -1
    # coming down to the rail tops: onto wood, onto a pocket's back (into the pocket), or on
    t_top = descent_time(z, vz, g, h) if z > h - TOP_LEVEL_SLACK or vz > 0.0 else math.inf
    if t_top < best:
        what, wid = under_a_descent(
            px + vx * t_top, py + vy * t_top, segs, arcs, backs, model.outline, rim, R
        )
        if what == LANDS_ON_TOP:
            best = t_top
            kind = _BOUNCE
            bid = wid
    t_land = descent_time(z, vz, g, 0.0)
    if t_land < best:
        best = t_land
        kind = _BOUNCE
        bid = -1
        qx = px + vx * t_land
        qy = py + vy * t_land
        pockets = model.pockets
        for k in range(pockets.shape[0]):  # landing in a capture circle: into that pocket
            if (qx - pockets[k, 0]) ** 2 + (qy - pockets[k, 1]) ** 2 < pockets[k, 2] ** 2:
                kind = -1
                pred.pock_t[i] = t + t_land
                pred.pock_id[i] = k
                break
    if kind >= 0:
        pred.air_t[i] = t + best
        pred.air_kind[i] = kind
        pred.air_id[i] = bid
    zc = z + R
    ns = segs.shape[0]
    na = arcs.shape[0]
    off = rim[1]
    for k in range(ns):
        s = segs[k]
        dt = edge_contact_time(px, py, zc, vx, vy, vz, s, h, off, R, g, best)
        for e in range(2):  # the edge's two ends
            qx = s[2 * e] + off * s[4]
            qy = s[2 * e + 1] + off * s[5]
            dt = min(dt, corner_contact_time(px, py, zc, vx, vy, vz, qx, qy, h, R, g, best))
        if dt < best:
            best = dt
            pred.cush_t[i] = t + dt
            pred.cush_id[i] = k
    for k in range(na):
        dt = post_contact_time(px, py, zc, vx, vy, arcs[k, 0], arcs[k, 1], arcs[k, 2], h, R, best)
        if dt < best and flight_height(z, vz, dt, g) < h:
            best = dt
            pred.cush_t[i] = t + dt
            pred.cush_id[i] = ns + k
    pieces = model.back_edges.shape[0] // backs.shape[0]
    reach = (abs(vx) + abs(vy)) * best
    for k in range(backs.shape[0]):
        back = backs[k]
        # the back's edges are within back[2] of its centre: skip a pocket out of reach
        if math.sqrt((px - back[0]) ** 2 + (py - back[1]) ** 2) - back[2] - R > reach:
            continue
        for j in range(k * pieces, (k + 1) * pieces):
            last = j == (k + 1) * pieces - 1
            dt = _back_contact(px, py, zc, vx, vy, vz, model.back_edges[j], last, h, R, g, best)
            if dt < best:
                best = dt
                pred.cush_t[i] = t + dt
                pred.cush_id[i] = ns + na + j
    if pred.cush_t[i] < math.inf:  # a cushion comes first: the landing is not reached
        pred.pock_t[i] = math.inf
        pred.pock_id[i] = -1
        pred.air_t[i] = math.inf
    pred.horizon[i] = t + best


@kernel(inline=True)
def _back_contact(px, py, zc, vx, vy, vz, piece, last, h, R, g, T):
    """First contact (s from now, or inf within ``T``) of a flying ball, its centre at ``(px,
    py, zc)`` moving at ``(vx, vy, vz)``, with the top edge of a piece of a pocket's back (a
    row of ``TableArrays.back_edges``, at the rail-top height ``h``, on the piece's line) or
    with its first end (the previous piece ends there), and its second end too when ``last``
    (a facing's end)."""
    dt = edge_contact_time(px, py, zc, vx, vy, vz, piece, h, 0.0, R, g, T)
    dt = min(dt, corner_contact_time(px, py, zc, vx, vy, vz, piece[0], piece[1], h, R, g, T))
    if last:
        dt = min(dt, corner_contact_time(px, py, zc, vx, vy, vz, piece[2], piece[3], h, R, g, T))
    return dt


@kernel(allocates=True)
def _pair_time_3d(i, j, t, seg, p, window):
    """Contact time (s from ``t``) of balls ``i`` and ``j`` when at least one flies: the 3-D
    quartic of docs/physics-airborne.md section 5."""
    g = p[P_G]
    pix, piy, vix, viy, wix, wiy, _ = state_at(i, t, seg, p)
    pjx, pjy, vjx, vjy, wjx, wjy, _ = state_at(j, t, seg, p)
    zi, vzi = height_at(i, t, seg, p)
    zj, vzj = height_at(j, t, seg, p)
    aix, aiy = acceleration(seg.state[i], vix, viy, wix, wiy, p)
    ajx, ajy = acceleration(seg.state[j], vjx, vjy, wjx, wjy, p)
    azi = -g if seg.state[i] == AIRBORNE else 0.0
    azj = -g if seg.state[j] == AIRBORNE else 0.0
    c = np.array([pjx - pix, pjy - piy, zj - zi])
    b = np.array([vjx - vix, vjy - viy, vzj - vzi])
    a = np.array([0.5 * (ajx - aix), 0.5 * (ajy - aiy), 0.5 * (azj - azi)])
    return pair_contact_time(c, b, a, 2.0 * p[P_R], window)


@kernel(inline=True)
def predict_pairs(i, t, seg, p, pred, changed):
    """Contact times of every pair containing ball ``i``, except pairs with a lower-numbered
    ``changed`` (that ball's own call has done those: ``ball_ball_time`` is exactly symmetric
    in its two balls, so each pair is computed once). A pair whose path boxes are apart
    (:func:`boxes_apart`) is not solved. Mutates ``pred.pair_t`` and the row minima
    ``pred.first_pair_t``, ``first_pair_j`` (from ``ROW_MINIMA_FROM`` balls up)."""
    S = seg.state
    horizon = pred.horizon
    pair_t = pred.pair_t
    n = S.shape[0]
    D = 2.0 * p[P_R]
    si = S[i]
    pix, piy, vix, viy, wix, wiy, _ = state_at(i, t, seg, p)
    moving_i = is_translating(si)
    for j in range(n):
        if j == i or (j < i and changed[j]):
            continue
        a = min(i, j)
        b = max(i, j)
        pair_t[a, b] = math.inf
        sj = S[j]
        if si in (POCKETED, OFF_TABLE) or sj in (POCKETED, OFF_TABLE):
            continue
        flying = si == AIRBORNE or sj == AIRBORNE
        if not moving_i and not is_translating(sj) and not flying:
            continue
        window = min(horizon[i], horizon[j]) - t
        if window == math.inf:
            continue
        if window < 0.0:
            window = 0.0  # both paths change now: only a touching, closing pair collides now
        if flying:
            dt = _pair_time_3d(i, j, t, seg, p, window)
            if dt < math.inf:
                pair_t[a, b] = t + dt
            continue
        if boxes_apart(i, j, pred.box, D):
            continue
        pjx, pjy, vjx, vjy, wjx, wjy, _ = state_at(j, t, seg, p)
        dt = ball_ball_time(
            si, pix, piy, vix, viy, wix, wiy, sj, pjx, pjy, vjx, vjy, wjx, wjy, D, window, p
        )
        if dt < math.inf:
            pair_t[a, b] = t + dt
    if n >= ROW_MINIMA_FROM:
        _renew_row_minima(i, pair_t, pred.first_pair_t, pred.first_pair_j, changed)


@kernel(inline=True, from_python=True, from_kernels=True)
def _row_minimum(a, pair_t, first_t, first_j):
    """Set row ``a``'s earliest pair contact ``first_t[a]``, ``first_j[a]`` to the minimum of
    ``pair_t[a, b]``, a < b < n (lowest b of equal times; inf and -1 for none)."""
    n = pair_t.shape[0]
    best = math.inf
    at = -1
    for b in range(a + 1, n):
        if pair_t[a, b] < best:
            best = pair_t[a, b]
            at = b
    first_t[a] = best
    first_j[a] = at


@kernel(inline=True, from_python=True, from_kernels=True)
def _renew_row_minima(i, pair_t, first_t, first_j, changed):
    """Row minima (``first_t``, ``first_j``, (n,) each) after :func:`predict_pairs` rewrote
    the pairs of ball ``i``: row ``i`` again in full (O(n)); each row ``j < i`` it touched
    (``changed[j]`` false) compared with its one new entry ``pair_t[j, i]``, scanned again
    (O(n)) only when ``i`` was its minimum and the time grew. Exact: the minima are the rows'
    lexicographic minima of (time, b)."""
    _row_minimum(i, pair_t, first_t, first_j)
    for j in range(i):
        if changed[j]:
            continue
        new = pair_t[j, i]
        if first_j[j] == i:
            if new <= first_t[j]:
                first_t[j] = new  # every b < i of row j is later than the old minimum
            else:
                _row_minimum(j, pair_t, first_t, first_j)
        elif new < first_t[j] or (new == first_t[j] and new < math.inf and i < first_j[j]):
            first_t[j] = new
            first_j[j] = i


@kernel(inline=True)
def predict_group(t, seg, model, pred, changed):
    """New predictions for every ball with ``changed`` set: its own (:func:`predict_own`),
    then its pairs, once the horizon of every changed ball is known. Mutates ``pred``."""
    n = seg.state.shape[0]
    for k in range(n):
        if changed[k]:
            predict_own(k, t, seg, model, pred)
    for k in range(n):
        if changed[k]:
            predict_pairs(k, t, seg, model.p, pred, changed)
