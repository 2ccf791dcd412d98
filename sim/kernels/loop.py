# mypy: ignore-errors
# (Numba kernel: scalars switch between Python ints and np.int64 on purpose, see run_shot.)
"""The whole event loop of one shot, in one Numba call (PHYSICS.md 2.1, DESIGN.md 6).

Each ball carries the start of its current motion segment: time ``t0``, state (position,
velocity, spin) and motion code; its state at a later time comes from the closed forms of
:mod:`sim.kernels.motion`. Cached next events:

* per ball: the end of its motion state (transition), its first cushion contact, its first
  pocket capture and its next marked-line crossing;
* per pair ``i < j``: the first contact time.

A ball's *horizon* is the earliest of its transition, cushion and pocket times: its path
changes there, so pair predictions only look up to ``min(horizon_i, horizon_j)``. After an
event only the balls involved get new segments and new predictions (their own, then every
pair that includes them); every other cached time stays valid because those balls' paths
did not change.

Tie-break (deterministic, so the same input gives the same log bit for bit): the next event
is the smallest ``(t, category, a, b)`` where category is the ``EventKind`` value of the
event family: BALL_BALL (1) < BALL_CUSHION (2) < BALL_POCKET (3) < motion transitions (all
ranked 4) < LINE_CROSSING (10); ``a`` is the (lower) ball index, ``b`` the other ball,
cushion, pocket or line id (-1 for transitions).

Touching bodies (racks, frozen balls) follow the contact rule of
:func:`sim.kernels.roots.first_descent_root`: an event only when the gap is closing; after a
collision the pair is de-penetrated to exact contact along the normal (PHYSICS 2.9 items
3, 5, 6). Every resolved ball is re-classified (PHYSICS 1.1). Balls that keep pressing on
each other or on a cushion (Zeno chains, PHYSICS 2.9 item 8) are handled by a dissipative
"stick" (see ZENO_SPEED below).

Marked lines: each ball remembers which side of each line it is on (a centre exactly on the
line counts as the +y side at the start); a crossing flips it and is logged with direction
+1 (toward +y) or -1, so a ball resting on the line after crossing is not counted twice.

The event log is written as column arrays (fields of ``sim.events.EVENT_DTYPE``) and a
snapshot of every ball is taken after every event, into arrays of a capacity the caller
chooses (a "need more room" status asks for a rerun with a larger one).
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from sim.constants import TOUCH_TOL, ZENO_SPEED, ZENO_WINDOW
from sim.events import EventKind
from sim.kernels.detect import (
    ball_ball_time,
    earliest_cushion,
    earliest_pocket,
    line_crossing_time,
    segment_fraction,
)
from sim.kernels.motion import (
    POCKETED,
    ROLLING,
    SLIDING,
    STATIONARY,
    acceleration,
    classify,
    end_of_state,
    evolve,
    norm2,
    transition_time,
)
from sim.kernels.resolve import resolve_ball_ball, resolve_cushion
from sim.params import P_R

#: Kernel return status codes.
STATUS_DONE = 0
STATUS_EVENT_CAP = 1
STATUS_NEED_ROOM = 2

_STRIKE = int(EventKind.STRIKE)
_BALL_BALL = int(EventKind.BALL_BALL)
_BALL_CUSHION = int(EventKind.BALL_CUSHION)
_BALL_POCKET = int(EventKind.BALL_POCKET)
_LINE = int(EventKind.LINE_CROSSING)
_TRANSITION_RANK = int(EventKind.SLIDING_TO_ROLLING)


@njit(cache=True)
def _rolled_out_velocity(vx, vy, wx, wy, R):
    """Velocity at the end of the sliding phase (PHYSICS 1.2): ``v - (2/7) u``, m/s.

    ``u = (vx - R wy, vy + R wx)`` is the cloth-contact slip. Equivalent to letting kinetic
    friction finish at once: it never adds energy. The ball then rolls (``w_xy = z x v / R``).
    """
    ux = vx - R * wy
    uy = vy + R * wx
    return vx - 2.0 * ux / 7.0, vy - 2.0 * uy / 7.0


@njit(cache=True)
def _cushion_normal_gap(c, px, py, segments, arcs, R):
    """Unit normal ``(nx, ny)`` from a ball centre at (px, py) into cushion ``c`` and the gap.

    ``c`` < ns: straight cushion (segment row ``c``, its normal reversed); otherwise knuckle
    ``c - ns``. The gap (m) is the surface distance, negative when the ball overlaps the
    cushion (contact offset R, PHYSICS 2.4 and 2.5). Pure.
    """
    ns = segments.shape[0]
    if c < ns:
        nx = -segments[c, 4]
        ny = -segments[c, 5]
        gap = -(nx * (px - segments[c, 0]) + ny * (py - segments[c, 1])) - R
        return nx, ny, gap
    dx = arcs[c - ns, 0] - px
    dy = arcs[c - ns, 1] - py
    dist = norm2(dx, dy)
    return dx / dist, dy / dist, dist - (R + arcs[c - ns, 2])


@njit(cache=True)
def _stick_group(seed_a, seed_b, t, t0, S, P, V, W, tau, p, segments, arcs, member):
    """Zeno stick: the balls touching ``seed_a`` / ``seed_b`` (transitively) move as one.

    The group is every on-table ball connected to the seeds through pressing contacts
    (centres within ``2R + TOUCH_TOL`` and normal relative speed below ZENO_SPEED). All
    members take the mean velocity and spin (a perfectly inelastic,
    gripping contact), then finish sliding (:func:`_rolled_out_velocity`), then lose any common
    velocity into a cushion a member touches. Each step only removes energy, and identical
    motions never meet again, which ends the chain. ``seed_b`` may equal ``seed_a`` (a ball
    pressing on a cushion). Mutates the segment arrays of the members and sets ``member[k]``
    True for each; returns the member count.
    """
    n = S.shape[0]
    R = p[P_R]
    D = 2.0 * R
    cur = np.empty((n, 7))
    for k in range(n):
        member[k] = False
        px, py, vx, vy, wx, wy, wz = _state_at(k, t, t0, S, P, V, W, p)
        cur[k, 0] = px
        cur[k, 1] = py
        cur[k, 2] = vx
        cur[k, 3] = vy
        cur[k, 4] = wx
        cur[k, 5] = wy
        cur[k, 6] = wz
    stack = np.empty(n, dtype=np.int64)
    top = 0
    for seed in (seed_a, seed_b):
        if seed >= 0 and not member[seed]:
            member[seed] = True
            stack[top] = seed
            top += 1
    count = 0
    sums = np.zeros(5)
    while top > 0:
        top -= 1
        k = stack[top]
        count += 1
        for q in range(5):
            sums[q] += cur[k, 2 + q]
        for m in range(n):
            if member[m] or S[m] == POCKETED:
                continue
            dx = cur[m, 0] - cur[k, 0]
            dy = cur[m, 1] - cur[k, 1]
            dist = norm2(dx, dy)
            if dist > D + TOUCH_TOL:
                continue
            # only balls pressing on the group, not ones leaving it or about to hit it hard
            vrel = ((cur[m, 2] - cur[k, 2]) * dx + (cur[m, 3] - cur[k, 3]) * dy) / dist
            if abs(vrel) < ZENO_SPEED:
                member[m] = True
                stack[top] = m
                top += 1
    vx, vy = _rolled_out_velocity(
        sums[0] / count, sums[1] / count, sums[2] / count, sums[3] / count, R
    )
    wz = sums[4] / count
    ns = segments.shape[0]
    for _ in range(2):  # two passes: a corner can involve two cushions
        for k in range(n):
            if member[k]:
                vx, vy = _cushion_cut(cur[k, 0], cur[k, 1], vx, vy, segments, arcs, R, ns)
    wx = -vy / R
    wy = vx / R
    st, vx, vy, wx, wy, wz = classify(vx, vy, wx, wy, wz, R)
    for k in range(n):
        if member[k]:
            _set_segment(k, t, st, cur[k, 0], cur[k, 1], vx, vy, wx, wy, wz, t0, S, P, V, W, tau, p)
    return count


@njit(cache=True)
def _cushion_cut(px, py, vx, vy, segments, arcs, R, ns):
    """Velocity (vx, vy) less its part into every cushion a ball at (px, py) touches, m/s.

    Touching: gap within TOUCH_TOL and, for a straight cushion, the centre projecting onto
    the segment. Used by the Zeno stick; pure.
    """
    for c in range(ns + arcs.shape[0]):
        nx, ny, gap = _cushion_normal_gap(c, px, py, segments, arcs, R)
        if gap > TOUCH_TOL:
            continue
        if c < ns:
            sproj = segment_fraction(
                px, py, segments[c, 0], segments[c, 1], segments[c, 2], segments[c, 3]
            )
            if sproj < 0.0 or sproj > 1.0:
                continue
        vn = vx * nx + vy * ny
        if vn > 0.0:
            vx -= vn * nx
            vy -= vn * ny
    return vx, vy


@njit(cache=True)
def _is_translating(state):
    return state in (SLIDING, ROLLING)


@njit(cache=True)
def _earliest(t, cat, a, b, bt, bcat, ba, bb):
    """The lexicographically smaller of candidate ``(t, cat, a, b)`` and the best so far
    ``(bt, bcat, ba, bb)`` (the tie-break rule of the module docstring)."""
    if t != bt:
        earlier = t < bt
    elif cat != bcat:
        earlier = cat < bcat
    elif a != ba:
        earlier = a < ba
    else:
        earlier = b < bb
    if earlier:
        return t, cat, a, b
    return bt, bcat, ba, bb


@njit(cache=True)
def _state_at(i, t, t0, S, P, V, W, p):
    return evolve(S[i], P[i, 0], P[i, 1], V[i, 0], V[i, 1], W[i, 0], W[i, 1], W[i, 2], t - t0[i], p)


@njit(cache=True)
def _set_segment(i, t, state, px, py, vx, vy, wx, wy, wz, t0, S, P, V, W, tau, p):
    t0[i] = t
    S[i] = state
    P[i, 0] = px
    P[i, 1] = py
    V[i, 0] = vx
    V[i, 1] = vy
    W[i, 0] = wx
    W[i, 1] = wy
    W[i, 2] = wz
    tau[i] = t + transition_time(state, vx, vy, wx, wy, wz, p)


@njit(cache=True)
def _predict_line(i, t, px, py, vy, ay, lines, side, horizon, line_t, line_id, line_dir):
    best = math.inf
    best_id = -1
    best_dir = 0
    window = horizon[i] - t
    for k in range(lines.shape[0]):
        dt = line_crossing_time(py, vy, ay, lines[k], side[i, k], window)
        if dt < math.inf:
            tk = t + dt
            if tk < best:
                best = tk
                best_id = k
                best_dir = -side[i, k]
    line_t[i] = best
    line_id[i] = best_id
    line_dir[i] = best_dir


@njit(cache=True)
def _predict_own(i, t, t0, S, P, V, W, tau, p, geometry, side, nexts):
    """Transition, cushion, pocket and line predictions of ball ``i`` from its segment at t.

    ``geometry``: the table arrays ``(segments, arcs, pockets, lines)``; ``nexts``: the
    per-ball caches ``(cush_t, cush_id, pock_t, pock_id, line_t, line_id, line_dir,
    horizon)``, whose row ``i`` is rewritten.
    """
    segments, arcs, pockets, lines = geometry
    cush_t, cush_id, pock_t, pock_id, line_t, line_id, line_dir, horizon = nexts
    state = S[i]
    cush_t[i] = math.inf
    cush_id[i] = -1
    pock_t[i] = math.inf
    pock_id[i] = -1
    line_t[i] = math.inf
    line_id[i] = -1
    line_dir[i] = 0
    if state == POCKETED:
        horizon[i] = math.inf
        return
    if not _is_translating(state):
        horizon[i] = tau[i]
        return
    px, py, vx, vy, wx, wy, _wz = _state_at(i, t, t0, S, P, V, W, p)
    ax, ay = acceleration(state, vx, vy, wx, wy, p)
    window = tau[i] - t
    R = p[P_R]
    dt_c, cid = earliest_cushion(px, py, vx, vy, ax, ay, segments, arcs, R, window)
    if cid >= 0:
        cush_t[i] = t + dt_c
        cush_id[i] = cid
        window = dt_c
    dt_p, pid = earliest_pocket(px, py, vx, vy, ax, ay, pockets, window)
    if pid >= 0:
        pock_t[i] = t + dt_p
        pock_id[i] = pid
    horizon[i] = min(tau[i], min(cush_t[i], pock_t[i]))
    _predict_line(i, t, px, py, vy, ay, lines, side, horizon, line_t, line_id, line_dir)


@njit(cache=True)
def _predict_pairs(i, t, t0, S, P, V, W, p, horizon, pair_t, member):
    """Contact times of every pair containing ball ``i``, except pairs with a lower-numbered
    ``member`` (that ball's own call has done those: ``ball_ball_time`` is exactly symmetric
    in its two balls, so each pair is computed once)."""
    n = S.shape[0]
    D = 2.0 * p[P_R]
    si = S[i]
    pix, piy, vix, viy, wix, wiy, _ = _state_at(i, t, t0, S, P, V, W, p)
    moving_i = _is_translating(si)
    for j in range(n):
        if j == i or (j < i and member[j]):
            continue
        a = min(i, j)
        b = max(i, j)
        pair_t[a, b] = math.inf
        sj = S[j]
        if si == POCKETED or sj == POCKETED:
            continue
        if not moving_i and not _is_translating(sj):
            continue
        window = min(horizon[i], horizon[j]) - t
        if window == math.inf:
            continue
        if window < 0.0:
            window = 0.0  # both paths change now: only a touching, closing pair collides now
        pjx, pjy, vjx, vjy, wjx, wjy, _ = _state_at(j, t, t0, S, P, V, W, p)
        dt = ball_ball_time(
            si, pix, piy, vix, viy, wix, wiy, sj, pjx, pjy, vjx, vjy, wjx, wjy, D, window, p
        )
        if dt < math.inf:
            pair_t[a, b] = t + dt


@njit(cache=True)
def _predict_group(t, t0, S, P, V, W, tau, p, geometry, side, nexts, pair_t, member):
    """New predictions for every ball with ``member`` set: its own (:func:`_predict_own`),
    then its pairs, once every member's horizon is known."""
    n = S.shape[0]
    for k in range(n):
        if member[k]:
            _predict_own(k, t, t0, S, P, V, W, tau, p, geometry, side, nexts)
    horizon = nexts[7]
    for k in range(n):
        if member[k]:
            _predict_pairs(k, t, t0, S, P, V, W, p, horizon, pair_t, member)


@njit(cache=True)
def run_shot(
    pos0,
    vel0,
    spin0,
    motion0,
    p,
    segments,
    arcs,
    pockets,
    lines,
    has_strike,
    strike_vel,
    strike_spin,
    max_events,
    capacity,
):
    """Simulate one shot from the given state until every ball rests or is pocketed.

    Inputs (not mutated): ``pos0`` (n, 2), ``vel0`` (n, 2), ``spin0`` (n, 3) float64,
    ``motion0`` (n,) int8 (POCKETED marks balls off the table; others are re-classified),
    ``p`` packed params, table arrays ``segments`` (ns, 6), ``arcs`` (na, 3), ``pockets``
    (np, 3), ``lines`` (nl,); ``has_strike`` with the cue ball's (ball 0) velocity
    ``strike_vel`` (2,) and spin ``strike_spin`` (3,) right after the strike; ``max_events``;
    ``capacity``: rows to allocate for the log and the snapshots.

    Returns ``(status, count, t, kind, a, b, speed, x, y, direction, snap_pos, snap_vel,
    snap_spin, snap_motion, final_pos, final_vel, final_spin, final_motion)``: event columns
    and snapshots have ``count`` valid rows (snapshot k = every ball right after event k);
    ``status`` is STATUS_DONE, STATUS_EVENT_CAP (stopped at ``max_events``; the final
    arrays then hold the state at the last event) or STATUS_NEED_ROOM (``capacity`` rows were
    not enough: run again with more; the kernel is deterministic, so a rerun repeats the shot
    exactly).
    """
    n = pos0.shape[0]
    nl = lines.shape[0]
    R = p[P_R]
    D = 2.0 * R

    t0 = np.zeros(n)
    S = np.empty(n, dtype=np.int8)
    P = pos0.copy()
    V = vel0.copy()
    W = spin0.copy()
    tau = np.empty(n)
    for i in range(n):
        if motion0[i] == POCKETED:
            S[i] = POCKETED
            V[i, 0] = 0.0
            V[i, 1] = 0.0
            W[i, 0] = 0.0
            W[i, 1] = 0.0
            W[i, 2] = 0.0
            tau[i] = math.inf
        else:
            st, vx, vy, wx, wy, wz = classify(V[i, 0], V[i, 1], W[i, 0], W[i, 1], W[i, 2], R)
            _set_segment(i, 0.0, st, P[i, 0], P[i, 1], vx, vy, wx, wy, wz, t0, S, P, V, W, tau, p)

    cap = max(1, min(max_events, capacity))
    ev_t = np.empty(cap)
    ev_kind = np.empty(cap, dtype=np.int8)
    ev_a = np.empty(cap, dtype=np.int16)
    ev_b = np.empty(cap, dtype=np.int16)
    ev_speed = np.empty(cap)
    ev_x = np.empty(cap)
    ev_y = np.empty(cap)
    ev_dir = np.empty(cap, dtype=np.int8)
    sn_pos = np.empty((cap, n, 2))
    sn_vel = np.empty((cap, n, 2))
    sn_spin = np.empty((cap, n, 3))
    sn_motion = np.empty((cap, n), dtype=np.int8)
    count = 0
    status = STATUS_DONE

    cush_t = np.full(n, math.inf)
    cush_id = np.full(n, -1, dtype=np.int64)
    pock_t = np.full(n, math.inf)
    pock_id = np.full(n, -1, dtype=np.int64)
    line_t = np.full(n, math.inf)
    line_id = np.full(n, -1, dtype=np.int64)
    line_dir = np.zeros(n, dtype=np.int64)
    horizon = np.full(n, math.inf)
    geometry = (segments, arcs, pockets, lines)
    nexts = (cush_t, cush_id, pock_t, pock_id, line_t, line_id, line_dir, horizon)
    pair_t = np.full((n, n), math.inf)
    last_pair = np.full((n, n), -math.inf)  # time of each pair's last contact (Zeno guard)
    last_cush_t = np.full(n, -math.inf)
    last_cush_id = np.full(n, -1, dtype=np.int64)
    side = np.empty((n, max(nl, 1)), dtype=np.int64)
    for i in range(n):
        for k in range(nl):
            side[i, k] = 1 if P[i, 1] >= lines[k] else -1

    # Typed (non-literal) copies of the constants used in calls: one compiled specialisation
    # per helper instead of one per literal value (compile time).
    no_cat = np.int64(127)
    no_id = np.int64(32767)
    minus_one = np.int64(-1)
    cat_transition = np.int64(_TRANSITION_RANK)
    cat_ball_ball = np.int64(_BALL_BALL)
    cat_cushion = np.int64(_BALL_CUSHION)
    cat_pocket = np.int64(_BALL_POCKET)
    cat_line = np.int64(_LINE)

    t = 0.0
    pending_a = -1
    pending_b = -1
    kind = -1
    speed = 0.0
    ex = 0.0
    ey = 0.0
    direction = 0

    if has_strike and S[0] != POCKETED and max_events > 0:
        st, vx, vy, wx, wy, wz = classify(
            strike_vel[0], strike_vel[1], strike_spin[0], strike_spin[1], strike_spin[2], R
        )
        _set_segment(
            np.int64(0), 0.0, st, P[0, 0], P[0, 1], vx, vy, wx, wy, wz, t0, S, P, V, W, tau, p
        )
        kind = _STRIKE
        pending_a = 0
        pending_b = -1
        speed = norm2(vx, vy)
        ex = P[0, 0]
        ey = P[0, 1]

    member = np.ones(n, dtype=np.bool_)  # the balls whose predictions are renewed next
    renew = True
    while True:
        if renew:
            _predict_group(t, t0, S, P, V, W, tau, p, geometry, side, nexts, pair_t, member)
        if kind >= 0:
            # Record the event resolved in the previous pass (or the strike) and a snapshot
            # (resting and pocketed balls are copied: their segments hold zero velocity and spin).
            ev_t[count] = t
            ev_kind[count] = kind
            ev_a[count] = pending_a
            ev_b[count] = pending_b
            ev_speed[count] = speed
            ev_x[count] = ex
            ev_y[count] = ey
            ev_dir[count] = direction
            for i in range(n):
                if S[i] == STATIONARY or S[i] == POCKETED:
                    sn_pos[count, i, 0] = P[i, 0]
                    sn_pos[count, i, 1] = P[i, 1]
                    sn_vel[count, i, 0] = 0.0
                    sn_vel[count, i, 1] = 0.0
                    sn_spin[count, i, 0] = 0.0
                    sn_spin[count, i, 1] = 0.0
                    sn_spin[count, i, 2] = 0.0
                    sn_motion[count, i] = S[i]
                    continue
                px, py, vx, vy, wx, wy, wz = _state_at(i, t, t0, S, P, V, W, p)
                sn_pos[count, i, 0] = px
                sn_pos[count, i, 1] = py
                sn_vel[count, i, 0] = vx
                sn_vel[count, i, 1] = vy
                sn_spin[count, i, 0] = wx
                sn_spin[count, i, 1] = wy
                sn_spin[count, i, 2] = wz
                sn_motion[count, i] = S[i]
            count += 1
            kind = -1

        # Find the next event: smallest (t, category, a, b).
        bt = math.inf
        bcat = no_cat
        ba = no_id
        bb = no_id
        # (The "< inf" and "<= bt" tests only skip candidates that cannot win.)
        for i in range(n):
            # tau is finite only while a ball slides, rolls or spins (_set_segment)
            if tau[i] < math.inf:
                bt, bcat, ba, bb = _earliest(tau[i], cat_transition, i, minus_one, bt, bcat, ba, bb)
            if cush_t[i] < math.inf:
                bt, bcat, ba, bb = _earliest(
                    cush_t[i], cat_cushion, i, cush_id[i], bt, bcat, ba, bb
                )
            if pock_t[i] < math.inf:
                bt, bcat, ba, bb = _earliest(pock_t[i], cat_pocket, i, pock_id[i], bt, bcat, ba, bb)
            if line_t[i] < math.inf:
                bt, bcat, ba, bb = _earliest(line_t[i], cat_line, i, line_id[i], bt, bcat, ba, bb)
            for j in range(i + 1, n):
                if pair_t[i, j] <= bt:
                    bt, bcat, ba, bb = _earliest(
                        pair_t[i, j], cat_ball_ball, i, j, bt, bcat, ba, bb
                    )
        if bt == math.inf:
            break
        if count >= max_events:
            status = STATUS_EVENT_CAP
            break
        if count >= cap:
            status = STATUS_NEED_ROOM
            break
        t = bt
        i = ba
        direction = 0
        speed = 0.0
        for k in range(n):
            member[k] = False
        member[i] = True  # the balls whose predictions are renewed after this event
        if bcat == _TRANSITION_RANK:
            px, py, vx, vy, wx, wy, wz = _state_at(i, t, t0, S, P, V, W, p)
            st, k, vx, vy, wx, wy, wz = end_of_state(S[i], vx, vy, wx, wy, wz, p)
            _set_segment(i, t, st, px, py, vx, vy, wx, wy, wz, t0, S, P, V, W, tau, p)
            kind = k
            pending_a = i
            pending_b = -1
            ex = px
            ey = py
        elif bcat == _BALL_BALL:
            j = bb
            pix, piy, vix, viy, wix, wiy, wiz = _state_at(i, t, t0, S, P, V, W, p)
            pjx, pjy, vjx, vjy, wjx, wjy, wjz = _state_at(j, t, t0, S, P, V, W, p)
            dx = pjx - pix
            dy = pjy - piy
            dist = norm2(dx, dy)
            nx = dx / dist
            ny = dy / dist
            if dist < D:
                # De-penetrate symmetrically to exact contact (PHYSICS 2.9 item 3).
                half = 0.5 * (D - dist)
                pix -= half * nx
                piy -= half * ny
                pjx += half * nx
                pjy += half * ny
            speed = (vix - vjx) * nx + (viy - vjy) * ny
            recent = t - last_pair[i, j] < ZENO_WINDOW
            last_pair[i, j] = t
            if speed <= 0.0 or (speed < ZENO_SPEED and recent):
                _set_segment(
                    i, t, np.int64(S[i]), pix, piy, vix, viy, wix, wiy, wiz, t0, S, P, V, W, tau, p
                )
                _set_segment(
                    j, t, np.int64(S[j]), pjx, pjy, vjx, vjy, wjx, wjy, wjz, t0, S, P, V, W, tau, p
                )
                _stick_group(i, j, t, t0, S, P, V, W, tau, p, segments, arcs, member)
            else:
                vix, viy, wix, wiy, wiz, vjx, vjy, wjx, wjy, wjz = resolve_ball_ball(
                    vix, viy, wix, wiy, wiz, vjx, vjy, wjx, wjy, wjz, nx, ny, p
                )
                st, vix, viy, wix, wiy, wiz = classify(vix, viy, wix, wiy, wiz, R)
                _set_segment(i, t, st, pix, piy, vix, viy, wix, wiy, wiz, t0, S, P, V, W, tau, p)
                st, vjx, vjy, wjx, wjy, wjz = classify(vjx, vjy, wjx, wjy, wjz, R)
                _set_segment(j, t, st, pjx, pjy, vjx, vjy, wjx, wjy, wjz, t0, S, P, V, W, tau, p)
                member[j] = True
            speed = max(speed, 0.0)  # a pressing contact logs no approach speed
            kind = _BALL_BALL
            pending_a = i
            pending_b = j
            ex = pix
            ey = piy
        elif bcat == _BALL_CUSHION:
            c = bb
            px, py, vx, vy, wx, wy, wz = _state_at(i, t, t0, S, P, V, W, p)
            nx, ny, gap = _cushion_normal_gap(c, px, py, segments, arcs, R)
            if gap < 0.0:  # back out to exact contact along the normal
                px += gap * nx
                py += gap * ny
            speed = vx * nx + vy * ny
            recent = last_cush_id[i] == c and t - last_cush_t[i] < ZENO_WINDOW
            last_cush_id[i] = c
            last_cush_t[i] = t
            if speed <= 0.0 or (speed < ZENO_SPEED and recent):
                _set_segment(
                    i, t, np.int64(S[i]), px, py, vx, vy, wx, wy, wz, t0, S, P, V, W, tau, p
                )
                _stick_group(i, i, t, t0, S, P, V, W, tau, p, segments, arcs, member)
            else:
                vx, vy, wx, wy, wz = resolve_cushion(vx, vy, wx, wy, wz, nx, ny, p)
                st, vx, vy, wx, wy, wz = classify(vx, vy, wx, wy, wz, R)
                _set_segment(i, t, st, px, py, vx, vy, wx, wy, wz, t0, S, P, V, W, tau, p)
            speed = max(speed, 0.0)
            kind = _BALL_CUSHION
            pending_a = i
            pending_b = c
            ex = px
            ey = py
        elif bcat == _BALL_POCKET:
            px, py, vx, vy, wx, wy, wz = _state_at(i, t, t0, S, P, V, W, p)
            speed = norm2(vx, vy)
            _set_segment(
                i, t, np.int64(POCKETED), px, py, 0.0, 0.0, 0.0, 0.0, 0.0, t0, S, P, V, W, tau, p
            )
            kind = _BALL_POCKET
            pending_a = i
            pending_b = bb
            ex = px
            ey = py
        else:  # line crossing: no change of motion
            px, py, vx, vy, wx, wy, wz = _state_at(i, t, t0, S, P, V, W, p)
            _ax, ay = acceleration(S[i], vx, vy, wx, wy, p)
            speed = norm2(vx, vy)
            direction = line_dir[i]
            side[i, bb] = direction
            kind = _LINE
            pending_a = i
            pending_b = bb
            ex = px
            ey = py
            _predict_line(i, t, px, py, vy, ay, lines, side, horizon, line_t, line_id, line_dir)
        renew = bcat != _LINE  # a line crossing changes no path

    # Nothing has moved since the last record (the loop stops right after one), so the final
    # state is the last snapshot; with no event at all, every segment starts at t = 0 at rest.
    if count > 0:
        final_pos = sn_pos[count - 1].copy()
        final_vel = sn_vel[count - 1].copy()
        final_spin = sn_spin[count - 1].copy()
        final_motion = sn_motion[count - 1].copy()
    else:
        final_pos = P.copy()
        final_vel = V.copy()
        final_spin = W.copy()
        final_motion = S.copy()
    return (
        status,
        count,
        ev_t[:count],
        ev_kind[:count],
        ev_a[:count],
        ev_b[:count],
        ev_speed[:count],
        ev_x[:count],
        ev_y[:count],
        ev_dir[:count],
        sn_pos[:count],
        sn_vel[:count],
        sn_spin[:count],
        sn_motion[:count],
        final_pos,
        final_vel,
        final_spin,
        final_motion,
    )
