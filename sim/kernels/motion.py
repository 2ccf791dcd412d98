"""Closed-form ball motion on the cloth, state classification and transition times (Numba).

Sources: docs/physics.md §1 (Leckie & Greenspan 2005/2006 eqs. 4-11; pooltool ``evolve``;
Alciatore TP A.4). A ball's state is passed as scalars ``(px, py, vx, vy, wx, wy, wz)`` plus
its motion code (``sim.constants.MotionState`` values) and the packed parameter vector
``p`` (``sim.params``). Every function is pure unless its docstring says otherwise.
"""

from __future__ import annotations

import math

import numpy as np

from sim.constants import EPS_SLIP, EPS_SPEED, EPS_SPIN_SURFACE, MotionState
from sim.events import EventKind
from sim.kernels.jit import kernel
from sim.params import P_G, P_R, P_SPIN_DECEL, P_U_R, P_U_S


@kernel
def norm2(x, y):
    """Length of the plane vector (x, y): ``sqrt(x^2 + y^2)``.

    Used instead of ``math.hypot`` in the hot paths (several times faster; the engine's
    magnitudes, 1e-9 to 1e3, are far from overflow and underflow).
    """
    return math.sqrt(x * x + y * y)


# MotionState values as plain ints (Numba freezes module-level ints into the kernels as
# constants); the kernels of sim.kernels import them from here.
STATIONARY = int(MotionState.STATIONARY)
SPINNING = int(MotionState.SPINNING)
SLIDING = int(MotionState.SLIDING)
ROLLING = int(MotionState.ROLLING)
POCKETED = int(MotionState.POCKETED)
AIRBORNE = int(MotionState.AIRBORNE)
OFF_TABLE = int(MotionState.OFF_TABLE)

_K_S2R = int(EventKind.SLIDING_TO_ROLLING)
_K_S2SP = int(EventKind.SLIDING_TO_SPINNING)
_K_S2ST = int(EventKind.SLIDING_TO_STATIONARY)
_K_R2SP = int(EventKind.ROLLING_TO_SPINNING)
_K_R2ST = int(EventKind.ROLLING_TO_STATIONARY)
_K_SP2ST = int(EventKind.SPINNING_TO_STATIONARY)


@kernel(from_python=True, from_kernels=True)
def classify(vx, vy, wx, wy, wz, R):
    """Motion state of a ball on the table and its snapped velocity/spin (docs/physics.md §1.1).

    Returns ``(state, vx, vy, wx, wy, wz)``: sliding when the cloth-contact slip
    ``u = (vx - R wy, vy + R wx)`` exceeds EPS_SLIP; rolling when the speed exceeds EPS_SPEED
    (spin snapped to ``w_xy = z x v / R``); spinning when ``R |wz|`` exceeds EPS_SPIN_SURFACE
    (velocity and horizontal spin snapped to 0); otherwise stationary (all zero).
    """
    ux = vx - R * wy
    uy = vy + R * wx
    if norm2(ux, uy) > EPS_SLIP:
        return SLIDING, vx, vy, wx, wy, wz
    if norm2(vx, vy) > EPS_SPEED:
        return ROLLING, vx, vy, -vy / R, vx / R, wz
    if R * abs(wz) > EPS_SPIN_SURFACE:
        return SPINNING, 0.0, 0.0, 0.0, 0.0, wz
    return STATIONARY, 0.0, 0.0, 0.0, 0.0, 0.0


@kernel
def spin_stop_time(wz, p):
    """Time for z-spin ``wz`` to decay to 0 at ``alpha_sp`` (docs/physics.md §1.4), s."""
    return abs(wz) / p[P_SPIN_DECEL]


@kernel(from_python=True, from_kernels=True)
def transition_time(state, vx, vy, wx, wy, wz, p):
    """Duration of the current motion state, s (docs/physics.md §1.2-1.5); ``inf`` when none ends.

    sliding: ``2 |u| / (7 mu_s g)``; rolling: ``|v| / (mu_r g)``; spinning: ``|wz| / alpha_sp``.
    """
    if state == SLIDING:
        R = p[P_R]
        u = norm2(vx - R * wy, vy + R * wx)
        return 2.0 * u / (7.0 * p[P_U_S] * p[P_G])
    if state == ROLLING:
        return norm2(vx, vy) / (p[P_U_R] * p[P_G])
    if state == SPINNING:
        return spin_stop_time(wz, p)
    return math.inf


@kernel(from_python=True, from_kernels=True)
def acceleration(state, vx, vy, wx, wy, p):
    """Centre acceleration ``dv/dt`` (ax, ay), m/s^2, constant over the state
    (docs/physics.md §1.6).

    sliding: ``-mu_s g u_hat``; rolling: ``-mu_r g v_hat``; otherwise 0.
    """
    if state == SLIDING:
        R = p[P_R]
        ux = vx - R * wy
        uy = vy + R * wx
        u = norm2(ux, uy)
        if u == 0.0:
            return 0.0, 0.0
        k = p[P_U_S] * p[P_G] / u
        return -k * ux, -k * uy
    if state == ROLLING:
        v = norm2(vx, vy)
        if v == 0.0:
            return 0.0, 0.0
        k = p[P_U_R] * p[P_G] / v
        return -k * vx, -k * vy
    return 0.0, 0.0


@kernel
def _decayed_spin(wz, dt, p):
    mag = abs(wz) - p[P_SPIN_DECEL] * dt
    if mag <= 0.0:
        return 0.0
    return mag if wz > 0.0 else -mag


@kernel
def _braked(px, py, vx, vy, hx, hy, f, dt):
    """Position and velocity after ``dt`` s of constant deceleration ``f`` (m/s^2) along the
    unit vector (hx, hy): ``r + v dt - f dt^2 h / 2`` and ``v - f dt h``
    (docs/physics.md §1.2, 1.3)."""
    return (
        px + vx * dt - 0.5 * f * dt * dt * hx,
        py + vy * dt - 0.5 * f * dt * dt * hy,
        vx - f * dt * hx,
        vy - f * dt * hy,
    )


@kernel(from_python=True, from_kernels=True)
def evolve(state, px, py, vx, vy, wx, wy, wz, dt, p):
    """State after ``dt`` seconds in the current motion state (closed forms of
    docs/physics.md §1.2-1.5).

    ``dt`` is clamped to [0, transition_time]: the closed forms are meaningless beyond the
    state's end (a rolling ball's parabola would turn around, docs/physics.md §1.6). Returns
    ``(px, py, vx, vy, wx, wy, wz)``; the motion state is unchanged (call :func:`classify`).
    """
    if dt <= 0.0 or state in (STATIONARY, POCKETED, OFF_TABLE):
        return px, py, vx, vy, wx, wy, wz
    # Each branch clamps dt to the state's duration with the same expression as
    # transition_time (kept inline: this is the hottest function of the engine).
    if state == SLIDING:
        R = p[P_R]
        ux = vx - R * wy
        uy = vy + R * wx
        u = norm2(ux, uy)
        tau = 2.0 * u / (7.0 * p[P_U_S] * p[P_G])
        if dt > tau:
            dt = tau
        if u == 0.0:
            return px, py, vx, vy, wx, wy, _decayed_spin(wz, dt, p)
        hx = ux / u
        hy = uy / u
        f = p[P_U_S] * p[P_G]
        w_rate = 2.5 * f / R
        npx, npy, nvx, nvy = _braked(px, py, vx, vy, hx, hy, f, dt)
        return (
            npx,
            npy,
            nvx,
            nvy,
            wx - w_rate * dt * hy,  # + (5 mu_s g t / 2R) (z x u_hat), z x u = (-uy, ux)
            wy + w_rate * dt * hx,
            _decayed_spin(wz, dt, p),
        )
    if state == ROLLING:
        R = p[P_R]
        v = norm2(vx, vy)
        tau = v / (p[P_U_R] * p[P_G])
        if dt > tau:
            dt = tau
        if v == 0.0:
            return px, py, vx, vy, wx, wy, _decayed_spin(wz, dt, p)
        npx, npy, nvx, nvy = _braked(px, py, vx, vy, vx / v, vy / v, p[P_U_R] * p[P_G], dt)
        if dt >= tau:
            nvx = 0.0
            nvy = 0.0
        return (
            npx,
            npy,
            nvx,
            nvy,
            -nvy / R,
            nvx / R,
            _decayed_spin(wz, dt, p),
        )
    if state == AIRBORNE:
        # free flight: uniform horizontal motion, spin kept (docs/physics-airborne.md section 1;
        # the height is carried apart, sim.kernels.flight)
        return px + vx * dt, py + vy * dt, vx, vy, wx, wy, wz
    # SPINNING (the decay itself stops at zero)
    return px, py, 0.0, 0.0, 0.0, 0.0, _decayed_spin(wz, dt, p)


@kernel(from_python=True, from_kernels=True)
def end_of_state(state, vx, vy, wx, wy, wz, p):
    """Snap a ball that has just reached the end of its state and re-classify it.

    Called at exactly the transition time: sliding -> slip is zero, so ``w_xy := z x v / R``;
    rolling -> ``v`` and ``w_xy`` are zero; spinning -> ``wz`` is zero. Returns
    ``(new_state, event_kind, vx, vy, wx, wy, wz)`` with the ``EventKind`` value of the
    transition (docs/physics.md §1.6).
    """
    R = p[P_R]
    if state == SLIDING:
        wx = -vy / R
        wy = vx / R
    elif state == ROLLING:
        vx = 0.0
        vy = 0.0
        wx = 0.0
        wy = 0.0
    elif state == SPINNING:
        wz = 0.0
    new_state, vx, vy, wx, wy, wz = classify(vx, vy, wx, wy, wz, R)
    kind = -1
    if state == SLIDING:
        if new_state == ROLLING:
            kind = _K_S2R
        elif new_state == SPINNING:
            kind = _K_S2SP
        else:
            kind = _K_S2ST
    elif state == ROLLING:
        kind = _K_R2SP if new_state == SPINNING else _K_R2ST
    elif state == SPINNING:
        kind = _K_SP2ST
    return new_state, kind, vx, vy, wx, wy, wz


@kernel(from_python=True)
def evolve_balls(pos, vel, spin, motion, dt, p):
    """All balls evolved by ``dt`` seconds without leaving their current states.

    ``pos`` (n, 2), ``vel`` (n, 2), ``spin`` (n, 3) float64, ``motion`` (n,) int8. Returns new
    arrays ``(pos, vel, spin)``; the inputs are not changed. Used by ``ShotResult.state_at``.
    """
    n = pos.shape[0]
    out_pos = np.empty((n, 2))
    out_vel = np.empty((n, 2))
    out_spin = np.empty((n, 3))
    for i in range(n):
        px, py, vx, vy, wx, wy, wz = evolve(
            motion[i],
            pos[i, 0],
            pos[i, 1],
            vel[i, 0],
            vel[i, 1],
            spin[i, 0],
            spin[i, 1],
            spin[i, 2],
            dt,
            p,
        )
        out_pos[i, 0] = px
        out_pos[i, 1] = py
        out_vel[i, 0] = vx
        out_vel[i, 1] = vy
        out_spin[i, 0] = wx
        out_spin[i, 1] = wy
        out_spin[i, 2] = wz
    return out_pos, out_vel, out_spin


@kernel(from_python=True)
def centres_at(pos, vel, spin, motion, base, dt, p):
    """Ball centres of many frames, each evolved from one row of stacked states.

    ``pos`` (k, n, 2), ``vel`` (k, n, 2), ``spin`` (k, n, 3) float64 and ``motion`` (k, n)
    int8: ``k`` states (a shot's start and its snapshots); ``base`` (f,) int64: the row each
    frame starts from; ``dt`` (f,) float64: seconds from that row. Returns (f, n, 2) centres,
    m: for frame ``j`` the same numbers as ``evolve_balls(pos[base[j]], ..., dt[j], p)[0]``.
    Used by ``ShotResult.sample``.
    """
    frames = base.shape[0]
    n = pos.shape[1]
    out = np.empty((frames, n, 2))
    for j in range(frames):
        r = base[j]
        for i in range(n):
            px, py, _, _, _, _, _ = evolve(
                motion[r, i],
                pos[r, i, 0],
                pos[r, i, 1],
                vel[r, i, 0],
                vel[r, i, 1],
                spin[r, i, 0],
                spin[r, i, 1],
                spin[r, i, 2],
                dt[j],
                p,
            )
            out[j, i, 0] = px
            out[j, i, 1] = py
    return out
