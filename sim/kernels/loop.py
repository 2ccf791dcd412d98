"""The event loop of one shot, in one Numba call (docs/physics.md §2.1, docs/architecture.md).

:func:`run_shot` sets the balls down at t = 0 (the strike launches the cue ball; the strike
is recorded at once), predicts every ball's next events, and then repeats until no event is
left:

1. **detect** (:func:`detect_next`): the earliest cached event (:mod:`sim.kernels.predict`
   keeps the caches);
2. **evolve**: the clock moves to the event. No ball is moved: each ball's segment is a closed
   form (:mod:`sim.kernels.motion`, :mod:`sim.kernels.flight`) valid until its own next event,
   so only the balls the event involves are evaluated, by their resolver, and every other
   ball's segment and predictions stay valid;
3. **resolve** (:func:`resolve_event`): one small function per event family gives the balls
   involved new segments from the event's time and marks them in ``changed``;
4. **record** (:func:`sim.kernels.record.record_event`): the event's row of the log and a
   snapshot of every ball;
5. **predict** (:func:`sim.kernels.predict.predict_group`): the changed balls' predictions
   are renewed (their own, then every pair that includes them); a line crossing changes no
   path and renews only its ball's next crossing.

The steps and the helpers of :mod:`sim.kernels.predict` are compiled with
``inline="always"`` (Numba inlines them into :func:`run_shot` before LLVM sees the code): as
separate calls, each passing the segment and prediction arrays, the loop ran about 20 % slower
than the single-function loop it replaces; inlined, it runs at the same speed.

Tie-break (deterministic, so the same input gives the same log bit for bit): the next event
is the smallest ``(t, category, a, b)`` where category is the ``EventKind`` value of the
event family: BALL_BALL (1) < BALL_CUSHION (2) < BALL_POCKET (3) < motion transitions (all
ranked 4) < LINE_CROSSING (10); ``a`` is the (lower) ball index, ``b`` the other ball,
cushion, pocket or line id (-1 for transitions).

Touching bodies (racks, frozen balls) follow the contact rule of
:func:`sim.kernels.roots.first_descent_root`: an event only when the gap is closing; after a
collision the pair is de-penetrated to exact contact along the normal (docs/physics.md §2.9
items 3, 5, 6). Every resolved ball is re-classified (docs/physics.md §1.1). Balls that keep
pressing on each other or on a cushion are handled by the Zeno stick of
:mod:`sim.kernels.stick`.

Marked lines: each ball remembers which side of each line it is on (a centre exactly on the
line counts as the +y side at the start); a crossing flips it and is logged with direction
+1 (toward +y) or -1, so a ball resting on the line after crossing is not counted twice.

Extending: a new motion state is a code in ``sim.constants.MotionState`` with its closed form,
acceleration and end time in :mod:`sim.kernels.motion` (``state_at`` and ``set_segment`` then
carry it); a new event family is a cached time in ``Predictions`` filled by
:func:`sim.kernels.predict.predict_own`, one candidate line in :func:`detect_next` and one
branch plus one ``_resolve_*`` function in :func:`resolve_event`.
"""

from __future__ import annotations

import math

import numpy as np

from sim.constants import ZENO_SPEED, ZENO_WINDOW
from sim.events import EventKind
from sim.kernels.checks import clearly_valid
from sim.kernels.jit import kernel
from sim.kernels.landing import (
    place,
    resolve_air,
    resolve_air_cushion,
    resolve_air_pair,
    strike_jump,
)
from sim.kernels.motion import (
    AIRBORNE,
    OFF_TABLE,
    POCKETED,
    acceleration,
    classify,
    end_of_state,
    norm2,
)
from sim.kernels.predict import (
    ROW_MINIMA_FROM,
    predict_group,
    predict_line,
    set_segment,
    state_at,
)
from sim.kernels.record import record_event, shot_output
from sim.kernels.resolve import resolve_ball_ball, resolve_cushion_3d
from sim.kernels.shot_types import (
    Event,
    EventLog,
    LastContacts,
    Predictions,
    Segments,
    ShotModel,
    ShotStart,
)
from sim.kernels.stick import (
    air_pair_persistent,
    cushion_normal_gap,
    leave_cushions,
    stick_group,
)
from sim.kernels.strike import cue_ball_launch
from sim.params import P_R

#: Kernel return status codes. STATUS_UNCLEAR: the input pre-check (``ShotStart.check``)
#: failed and nothing was simulated; the caller runs the exact checks, which name the fault.
STATUS_DONE = 0
STATUS_EVENT_CAP = 1
STATUS_NEED_ROOM = 2
STATUS_UNCLEAR = 3

_STRIKE = int(EventKind.STRIKE)
_BALL_BALL = int(EventKind.BALL_BALL)
_BALL_CUSHION = int(EventKind.BALL_CUSHION)
_BALL_POCKET = int(EventKind.BALL_POCKET)
_LINE = int(EventKind.LINE_CROSSING)
_BOUNCE = int(EventKind.BOUNCE)
_OFF_TABLE = int(EventKind.OFF_TABLE)
_TRANSITION_RANK = int(EventKind.SLIDING_TO_ROLLING)


@kernel(inline=True)
def _event(t, kind, a, b, speed, x, y, direction):
    """An :class:`Event` with fixed field types (one compiled type for every resolver)."""
    return Event(
        float(t), np.int64(kind), np.int64(a), np.int64(b), float(speed), float(x), float(y),
        np.int64(direction),
    )  # fmt: skip


# -- set-up -------------------------------------------------------------------------------------


@kernel(into_caller=True)
def _start_segments(start, p):
    """Segments at t = 0 from ``start`` (a ShotStart): balls out of play (POCKETED or
    OFF_TABLE) at rest off the table as POCKETED, the others re-classified (docs/physics.md
    §1.1)."""
    n = start.pos.shape[0]
    R = p[P_R]
    seg = Segments(
        np.zeros(n), np.empty(n, dtype=np.int8), start.pos.copy(), start.vel.copy(),
        start.spin.copy(), np.empty(n), np.zeros(n), np.zeros(n),
    )  # fmt: skip
    V = seg.vel
    W = seg.spin
    for i in range(n):
        if start.motion[i] == POCKETED or start.motion[i] == OFF_TABLE:
            seg.state[i] = POCKETED
            V[i, 0] = 0.0
            V[i, 1] = 0.0
            W[i, 0] = 0.0
            W[i, 1] = 0.0
            W[i, 2] = 0.0
            seg.tau[i] = math.inf
        elif start.z[i] > 0.0 or start.vz[i] > 0.0:
            place(i, 0.0, seg.pos[i, 0], seg.pos[i, 1], start.z[i], V[i, 0], V[i, 1],
                  start.vz[i], W[i, 0], W[i, 1], W[i, 2], seg, p)  # fmt: skip
        else:
            st, vx, vy, wx, wy, wz = classify(V[i, 0], V[i, 1], W[i, 0], W[i, 1], W[i, 2], R)
            set_segment(i, 0.0, st, seg.pos[i, 0], seg.pos[i, 1], vx, vy, wx, wy, wz, seg, p)
    return seg


@kernel(into_caller=True)
def _empty_predictions(pos, lines):
    """No cached events yet; each ball on its side of each line (``y >= line`` is +1)."""
    n = pos.shape[0]
    nl = lines.shape[0]
    side = np.empty((n, max(nl, 1)), dtype=np.int64)
    for i in range(n):
        for k in range(nl):
            side[i, k] = 1 if pos[i, 1] >= lines[k] else -1
    return Predictions(
        np.full(n, math.inf), np.full(n, -1, dtype=np.int64), np.full(n, math.inf),
        np.full(n, -1, dtype=np.int64), np.full(n, math.inf), np.full(n, -1, dtype=np.int64),
        np.zeros(n, dtype=np.int64), np.full(n, math.inf), np.full((n, n), math.inf),
        np.full(n, math.inf), np.full(n, -1, dtype=np.int64), np.full((n, 4), math.inf), side,
        np.full(n, math.inf), np.full(n, -1, dtype=np.int64), np.full(n, -1, dtype=np.int64),
    )  # fmt: skip


@kernel(into_caller=True)
def _strike(start, seg, cue, p):
    """Ball 0 leaves with the strike's velocity and spin at t = 0 (``cue_ball_launch``, the
    model's ``cue`` coefficients); returns the STRIKE event."""
    speed, phi, theta, a, b = start.strike
    vx0, vy0, wx0, wy0, wz0, vz = cue_ball_launch(
        speed, phi, theta, a, b, cue[0], cue[1], cue[2], p[P_R]
    )
    st, vx, vy, wx, wy, wz = classify(vx0, vy0, wx0, wy0, wz0, p[P_R])
    x = seg.pos[0, 0]
    y = seg.pos[0, 1]
    set_segment(np.int64(0), 0.0, st, x, y, vx, vy, wx, wy, wz, seg, p)
    strike_jump(seg, vz, p)
    return _event(0.0, _STRIKE, 0, -1, norm2(vx, vy), x, y, 0)


# -- detect -------------------------------------------------------------------------------------


@kernel(inline=True)
def _earlier(t, cat, a, b, bt, bcat, ba, bb):
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


@kernel(inline=True)
def detect_next(seg, pred):
    """The next event ``(t, category, a, b)``: the smallest cached one (``t`` = inf: none)."""
    # Typed (non-literal) constants: one compiled specialisation of _earlier, not one per value.
    no_id = np.int64(32767)
    cat_transition = np.int64(_TRANSITION_RANK)
    cat_ball_ball = np.int64(_BALL_BALL)
    cat_cushion = np.int64(_BALL_CUSHION)
    cat_pocket = np.int64(_BALL_POCKET)
    cat_line = np.int64(_LINE)
    minus_one = np.int64(-1)
    tau = seg.tau
    pair_t = pred.pair_t
    bt = math.inf
    bcat = np.int64(127)
    ba = no_id
    bb = no_id
    # (The "< inf" and "<= bt" tests only skip candidates that cannot win.)
    n = tau.shape[0]
    for i in range(n):
        # tau is finite only while a ball slides, rolls or spins (set_segment)
        if tau[i] < math.inf:
            bt, bcat, ba, bb = _earlier(tau[i], cat_transition, i, minus_one, bt, bcat, ba, bb)
        if pred.cush_t[i] < math.inf:
            bt, bcat, ba, bb = _earlier(
                pred.cush_t[i], cat_cushion, i, pred.cush_id[i], bt, bcat, ba, bb
            )
        if pred.pock_t[i] < math.inf:
            bt, bcat, ba, bb = _earlier(
                pred.pock_t[i], cat_pocket, i, pred.pock_id[i], bt, bcat, ba, bb
            )
        if pred.line_t[i] < math.inf:
            bt, bcat, ba, bb = _earlier(
                pred.line_t[i], cat_line, i, pred.line_id[i], bt, bcat, ba, bb
            )
        if pred.air_t[i] < math.inf:
            bt, bcat, ba, bb = _earlier(
                pred.air_t[i], pred.air_kind[i], i, pred.air_id[i], bt, bcat, ba, bb
            )
    # The pairs after the balls' own events (the minimum is the same in any order).
    if n >= ROW_MINIMA_FROM:
        for i in range(n):
            # row i's earliest pair (lowest j of equal times): the row's lexicographic minimum
            if pred.first_pair_t[i] <= bt:
                bt, bcat, ba, bb = _earlier(
                    pred.first_pair_t[i], cat_ball_ball, i, pred.first_pair_j[i], bt, bcat, ba, bb
                )
    else:
        for i in range(n):
            for j in range(i + 1, n):
                if pair_t[i, j] <= bt:
                    bt, bcat, ba, bb = _earlier(pair_t[i, j], cat_ball_ball, i, j, bt, bcat, ba, bb)
    return bt, bcat, ba, bb


# -- resolve ------------------------------------------------------------------------------------


@kernel(inline=True)
def _resolve_transition(i, t, seg, p):
    """Ball ``i``'s motion state ends (docs/physics.md §1.2-1.5)."""
    px, py, vx, vy, wx, wy, wz = state_at(i, t, seg, p)
    st, kind, vx, vy, wx, wy, wz = end_of_state(seg.state[i], vx, vy, wx, wy, wz, p)
    set_segment(i, t, st, px, py, vx, vy, wx, wy, wz, seg, p)
    return _event(t, kind, i, -1, 0.0, px, py, 0)


@kernel(inline=True)
def _resolve_ball_ball(i, j, t, seg, model, last, changed):
    """Balls ``i < j`` touch: de-penetrate, then the collision model or the Zeno stick."""
    p = model.p
    D = 2.0 * p[P_R]
    S = seg.state
    if S[i] == AIRBORNE or S[j] == AIRBORNE:
        recent = t - last.pair_t[i, j] < ZENO_WINDOW
        last.pair_t[i, j] = t
        done, speed, x, y = air_pair_persistent(i, j, t, seg, model, recent, changed)
        if not done:
            speed, x, y = resolve_air_pair(i, j, t, seg, p, changed)
        return _event(t, _BALL_BALL, i, j, speed, x, y, 0)
    pix, piy, vix, viy, wix, wiy, wiz = state_at(i, t, seg, p)
    pjx, pjy, vjx, vjy, wjx, wjy, wjz = state_at(j, t, seg, p)
    dx = pjx - pix
    dy = pjy - piy
    dist = norm2(dx, dy)
    nx = dx / dist
    ny = dy / dist
    if dist < D:
        # De-penetrate symmetrically to exact contact (docs/physics.md §2.9 item 3).
        half = 0.5 * (D - dist)
        pix -= half * nx
        piy -= half * ny
        pjx += half * nx
        pjy += half * ny
    speed = (vix - vjx) * nx + (viy - vjy) * ny
    recent = t - last.pair_t[i, j] < ZENO_WINDOW
    last.pair_t[i, j] = t
    if speed <= 0.0 or (speed < ZENO_SPEED and recent):
        set_segment(i, t, np.int64(S[i]), pix, piy, vix, viy, wix, wiy, wiz, seg, p)
        set_segment(j, t, np.int64(S[j]), pjx, pjy, vjx, vjy, wjx, wjy, wjz, seg, p)
        stick_group(i, j, t, seg, model, changed)
    else:
        vix, viy, wix, wiy, wiz, vjx, vjy, wjx, wjy, wjz = resolve_ball_ball(
            vix, viy, wix, wiy, wiz, vjx, vjy, wjx, wjy, wjz, nx, ny, p
        )
        R = p[P_R]
        st, vix, viy, wix, wiy, wiz = classify(vix, viy, wix, wiy, wiz, R)
        set_segment(i, t, st, pix, piy, vix, viy, wix, wiy, wiz, seg, p)
        st, vjx, vjy, wjx, wjy, wjz = classify(vjx, vjy, wjx, wjy, wjz, R)
        set_segment(j, t, st, pjx, pjy, vjx, vjy, wjx, wjy, wjz, seg, p)
        changed[j] = True
    # a pressing contact logs no approach speed
    return _event(t, _BALL_BALL, i, j, max(speed, 0.0), pix, piy, 0)


@kernel(inline=True)
def _resolve_cushion(i, c, t, seg, model, last, changed):
    """Ball ``i`` touches cushion ``c``: back out to contact, then the model or the stick."""
    p = model.p
    R = p[P_R]
    if seg.state[i] == AIRBORNE:
        persistent = last.cushion_id[i] == c and t - last.cushion_t[i] < ZENO_WINDOW
        last.cushion_id[i] = c
        last.cushion_t[i] = t
        kind, b, speed, x, y = resolve_air_cushion(i, c, t, seg, model, persistent)
        return _event(t, kind, i, b, speed, x, y, 0)
    px, py, vx, vy, wx, wy, wz = state_at(i, t, seg, p)
    nx, ny, gap = cushion_normal_gap(c, px, py, model.segments, model.arcs, R)
    if gap < 0.0:  # back out to exact contact along the normal
        px += gap * nx
        py += gap * ny
    speed = vx * nx + vy * ny
    recent = last.cushion_id[i] == c and t - last.cushion_t[i] < ZENO_WINDOW
    again = last.cushion_id[i] == c and t == last.cushion_t[i]
    last.cushion_id[i] = c
    last.cushion_t[i] = t
    if speed <= 0.0 or (speed < ZENO_SPEED and recent):
        set_segment(i, t, np.int64(seg.state[i]), px, py, vx, vy, wx, wy, wz, seg, p)
        stick_group(i, i, t, seg, model, changed)
        if speed <= 0.0 or again:  # found again at once: the tangent closes by rounding
            leave_cushions(i, t, seg, model, changed)
    else:
        vx, vy, vz, wx, wy, wz = resolve_cushion_3d(vx, vy, wx, wy, wz, nx, ny, p)
        if vz > 0.0:  # thrown up by the nose (flies unless the hop stays under the cut-off)
            place(i, t, px, py, 0.0, vx, vy, vz, wx, wy, wz, seg, p)
        else:
            st, vx, vy, wx, wy, wz = classify(vx, vy, wx, wy, wz, R)
            set_segment(i, t, st, px, py, vx, vy, wx, wy, wz, seg, p)
    return _event(t, _BALL_CUSHION, i, c, max(speed, 0.0), px, py, 0)


@kernel(inline=True)
def _resolve_pocket(i, pocket, t, seg, p):
    """Ball ``i``'s centre enters the capture circle of ``pocket``: it leaves the table."""
    px, py, vx, vy, _wx, _wy, _wz = state_at(i, t, seg, p)
    set_segment(i, t, np.int64(POCKETED), px, py, 0.0, 0.0, 0.0, 0.0, 0.0, seg, p)
    return _event(t, _BALL_POCKET, i, pocket, norm2(vx, vy), px, py, 0)


@kernel(inline=True)
def _cross_line(i, line, t, seg, model, pred):
    """Ball ``i`` crosses marked ``line``: no change of motion; its side flips and its next
    crossing is predicted."""
    p = model.p
    px, py, vx, vy, wx, wy, _wz = state_at(i, t, seg, p)
    _ax, ay = acceleration(seg.state[i], vx, vy, wx, wy, p)
    direction = pred.line_dir[i]
    pred.side[i, line] = direction
    predict_line(i, t, py, vy, ay, model.lines, pred)
    return _event(t, _LINE, i, line, norm2(vx, vy), px, py, direction)


@kernel(inline=True)
def _changed_only(ball, changed):
    """Start the mask of the balls an event changes with ``ball`` alone (a resolver adds the
    others it gives new segments: the other ball of a pair, a stuck group)."""
    for k in range(changed.shape[0]):
        changed[k] = False
    changed[ball] = True


@kernel(inline=True)
def resolve_event(t, cat, a, b, seg, model, pred, last, changed):
    """Resolve the detected event ``(t, cat, a, b)``: the balls it involves get new segments
    from ``t`` on, and ``changed`` marks them (ball ``a`` and the others its resolver marks);
    returns its :class:`Event`."""
    _changed_only(a, changed)
    if cat == _TRANSITION_RANK:
        return _resolve_transition(a, t, seg, model.p)
    if cat == _BALL_BALL:
        return _resolve_ball_ball(a, b, t, seg, model, last, changed)
    if cat == _BALL_CUSHION:
        return _resolve_cushion(a, b, t, seg, model, last, changed)
    if cat == _BALL_POCKET:
        return _resolve_pocket(a, b, t, seg, model.p)
    if cat in (_BOUNCE, _OFF_TABLE):
        kind, bb, speed, x, y = resolve_air(a, cat, b, t, seg, model, pred.side)
        return _event(t, kind, a, bb, speed, x, y, 0)
    return _cross_line(a, b, t, seg, model, pred)


# -- the loop -----------------------------------------------------------------------------------


@kernel(from_python=True)
def run_shot(model, start, max_events, capacity, log, in_place):
    """Simulate one shot from ``start`` until every ball rests or is pocketed.

    ``model``: the fields of a :class:`~sim.kernels.shot_types.ShotModel`; ``start``: the
    fields of a :class:`~sim.kernels.shot_types.ShotStart` (neither is mutated);
    ``max_events``: cap on logged events (>= 1); ``capacity``: rows the log may use; ``log``:
    the fields of an :class:`~sim.kernels.shot_types.EventLog` with at least one row
    (:func:`~sim.kernels.shot_types.empty_log`), overwritten; ``in_place``: False when the
    caller reuses the log (the outputs are then copies), True for a log made for this shot
    alone (the outputs are the log's own arrays: ``ShotOutput``). Plain tuples, each made a
    named bundle again here: Numba types a named tuple of arrays at each call in Python (about
    1.3 us each), a plain one in C.

    Returns a :class:`~sim.kernels.shot_types.ShotOutput` whose ``status`` is STATUS_DONE,
    STATUS_EVENT_CAP (stopped at ``max_events``; the final arrays then hold the state at the
    last event), STATUS_NEED_ROOM (``capacity`` rows were not enough: run again with more;
    the kernel is deterministic, so a rerun repeats the shot exactly) or STATUS_UNCLEAR
    (``start.check`` and the pre-check of the balls failed: no event, the start as the final
    state). The pre-check runs here, not as a call of its own: each compiled call from Python
    costs microseconds to enter.
    """
    model = ShotModel(*model)
    start = ShotStart(*start)
    log = EventLog(*log)
    p = model.p
    n = start.pos.shape[0]
    seg = _start_segments(start, p)
    pred = _empty_predictions(seg.pos, model.lines)
    last = LastContacts(
        np.full((n, n), -math.inf), np.full(n, -math.inf), np.full(n, -1, dtype=np.int64)
    )
    cap = max(1, min(max_events, capacity, log.events.shape[0]))
    count = 0
    status = STATUS_DONE
    c = model.checks
    unclear = start.check and not clearly_valid(
        start.pos, start.on_table, c[0], c[1], c[2], c[3], model.segments, model.arcs,
        model.pockets,
    )  # fmt: skip
    if unclear:
        status = STATUS_UNCLEAR
    changed = np.ones(n, dtype=np.bool_)  # the balls whose predictions are renewed next
    if not unclear:
        if start.has_strike and seg.state[0] != POCKETED and max_events > 0:
            record_event(count, _strike(start, seg, model.cue, p), seg, p, log)
            count += 1
        predict_group(0.0, seg, model, pred, changed)
    while not unclear:
        t, cat, a, b = detect_next(seg, pred)  # detect
        if t == math.inf:
            break
        if count >= max_events:
            status = STATUS_EVENT_CAP
            break
        if count >= cap:
            status = STATUS_NEED_ROOM
            break
        # evolve: the clock is now t; every segment is a closed form valid until its ball's
        # next event, so no ball is moved here (a resolver evaluates the balls it involves)
        event = resolve_event(t, cat, a, b, seg, model, pred, last, changed)  # resolve
        record_event(count, event, seg, p, log)  # record
        count += 1
        if cat != _LINE:  # a line crossing changes no path (its resolver renews the line)
            predict_group(t, seg, model, pred, changed)  # predict: the changed balls again
    return shot_output(status, count, log, seg, in_place)
