"""Closed-form motion (sim.kernels.motion) against docs/physics.md §1; numbers derived here
from the Params in use."""

from __future__ import annotations

import math

import numpy as np
import pytest

from sim.constants import MotionState
from sim.events import EventKind
from sim.kernels.motion import (
    acceleration,
    classify,
    end_of_state,
    evolve,
    evolve_balls,
    transition_time,
)
from sim.params import Params

PARAMS = Params()
P = PARAMS.packed()
R = PARAMS.R
MU_S_G = PARAMS.u_s * PARAMS.g
MU_R_G = PARAMS.u_r * PARAMS.g
I_OVER_M = 0.4 * R * R


def energy_per_mass(v: tuple[float, float], w: tuple[float, float, float]) -> float:
    return 0.5 * (v[0] ** 2 + v[1] ** 2) + 0.5 * I_OVER_M * (w[0] ** 2 + w[1] ** 2 + w[2] ** 2)


def run_state(v: tuple[float, float], w: tuple[float, float, float], dt: float):
    state, vx, vy, wx, wy, wz = classify(v[0], v[1], w[0], w[1], w[2], R)
    return state, evolve(state, 0.0, 0.0, vx, vy, wx, wy, wz, dt, P)


def test_classification_snaps_and_orders_states() -> None:
    assert classify(1.0, 0.0, 0.0, 0.0, 0.0, R)[0] == MotionState.SLIDING
    st, _vx, _vy, wx, wy, _wz = classify(0.0, 1.0, -1.0 / R, 1e-12, 3.0, R)
    assert st == MotionState.ROLLING
    assert (wx, wy) == (-1.0 / R, 0.0)  # snapped to z x v / R
    assert classify(0.0, 0.0, 0.0, 0.0, 5.0, R)[0] == MotionState.SPINNING
    assert classify(0.0, 0.0, 0.0, 0.0, 1e-12, R) == (MotionState.STATIONARY, 0, 0, 0, 0, 0)
    # horizontal spin with no velocity slips: the ball starts moving
    assert classify(0.0, 0.0, 3.0, 0.0, 0.0, R)[0] == MotionState.SLIDING


def test_stun_to_natural_roll_time_speed_distance() -> None:
    v0 = 2.0
    state, vx, vy, wx, wy, wz = classify(0.0, v0, 0.0, 0.0, 0.0, R)
    tau = transition_time(state, vx, vy, wx, wy, wz, P)
    assert tau == pytest.approx(2.0 * v0 / (7.0 * MU_S_G), rel=1e-14)
    px, py, vx, vy, wx, wy, wz = evolve(state, 0.0, 0.0, vx, vy, wx, wy, wz, tau, P)
    assert vy == pytest.approx(5.0 / 7.0 * v0, rel=1e-14)
    assert vx == 0.0 and px == 0.0
    assert py == pytest.approx(12.0 * v0**2 / (49.0 * MU_S_G), rel=1e-14)
    new, kind, *_ = end_of_state(state, vx, vy, wx, wy, wz, P)
    assert (new, kind) == (MotionState.ROLLING, EventKind.SLIDING_TO_ROLLING)
    # the slip has vanished at tau: the spin is already the rolling spin
    assert wx == pytest.approx(-vy / R, rel=1e-12)


def test_roll_to_stop() -> None:
    v0 = 1.3
    state, vx, vy, wx, wy, wz = classify(v0, 0.0, 0.0, v0 / R, 0.0, R)
    assert state == MotionState.ROLLING
    tau = transition_time(state, vx, vy, wx, wy, wz, P)
    assert tau == pytest.approx(v0 / MU_R_G, rel=1e-14)
    px, _py, vx, vy, wx, wy, wz = evolve(state, 0.0, 0.0, vx, vy, wx, wy, wz, tau, P)
    assert px == pytest.approx(v0**2 / (2.0 * MU_R_G), rel=1e-13)
    assert (vx, vy, wx, wy) == (0.0, 0.0, 0.0, 0.0)
    new, kind, *_ = end_of_state(state, vx, vy, wx, wy, wz, P)
    assert (new, kind) == (MotionState.STATIONARY, EventKind.ROLLING_TO_STATIONARY)
    # evolving past the stop does not bring the ball back (validity window, docs/physics.md §1.6)
    later = evolve(state, 0.0, 0.0, v0, 0.0, 0.0, v0 / R, 0.0, 3.0 * tau, P)
    assert later[0] == pytest.approx(px, rel=1e-13)


def test_rolling_with_side_spin_ends_spinning() -> None:
    v0, wz0 = 0.2, 40.0
    state, vx, vy, wx, wy, wz = classify(v0, 0.0, 0.0, v0 / R, wz0, R)
    tau = transition_time(state, vx, vy, wx, wy, wz, P)
    out = evolve(state, 0.0, 0.0, vx, vy, wx, wy, wz, tau, P)
    assert out[6] == pytest.approx(wz0 - PARAMS.spin_decel * tau, rel=1e-13)
    new, kind, *_ = end_of_state(state, *out[2:], P)
    assert (new, kind) == (MotionState.SPINNING, EventKind.ROLLING_TO_SPINNING)


def test_spin_in_place() -> None:
    wz0 = -30.0
    state, vx, vy, wx, wy, wz = classify(0.0, 0.0, 0.0, 0.0, wz0, R)
    assert state == MotionState.SPINNING
    tau = transition_time(state, vx, vy, wx, wy, wz, P)
    assert tau == pytest.approx(abs(wz0) / PARAMS.spin_decel, rel=1e-14)
    half = evolve(state, 0.1, 0.2, vx, vy, wx, wy, wz, 0.5 * tau, P)
    assert half == pytest.approx((0.1, 0.2, 0.0, 0.0, 0.0, 0.0, 0.5 * wz0), rel=1e-14)
    end = evolve(state, 0.1, 0.2, vx, vy, wx, wy, wz, tau, P)
    assert end[6] == 0.0
    new, kind, *_ = end_of_state(state, *end[2:], P)
    assert (new, kind) == (MotionState.STATIONARY, EventKind.SPINNING_TO_STATIONARY)


def test_draw_shot_reverses_while_sliding() -> None:
    v0, k = 2.0, 4.0  # backspin surface speed k * v0
    state, vx, vy, wx, wy, wz = classify(0.0, v0, k * v0 / R, 0.0, 0.0, R)
    tau = transition_time(state, vx, vy, wx, wy, wz, P)
    assert tau == pytest.approx(2.0 * (1 + k) * v0 / (7.0 * MU_S_G), rel=1e-14)
    out = evolve(state, 0.0, 0.0, vx, vy, wx, wy, wz, tau, P)
    assert out[3] == pytest.approx((5.0 - 2.0 * k) / 7.0 * v0, rel=1e-13)  # moving back
    # turning point: v = 0 at t = v0 / (mu_s g), still sliding
    turn = evolve(state, 0.0, 0.0, vx, vy, wx, wy, wz, v0 / MU_S_G, P)
    assert turn[3] == pytest.approx(0.0, abs=1e-14)
    assert turn[1] == pytest.approx(v0**2 / (2 * MU_S_G), rel=1e-13)


def test_curved_masse_path_from_horizontal_spin() -> None:
    v0 = (0.0, 1.5)
    w0 = (0.0, 40.0, 0.0)  # horizontal spin across the path: lateral slip
    state, vx, vy, wx, wy, wz = classify(*v0, *w0, R)
    assert state == MotionState.SLIDING
    tau = transition_time(state, vx, vy, wx, wy, wz, P)
    ux, uy = v0[0] - R * w0[1], v0[1] + R * w0[0]
    end = evolve(state, 0.0, 0.0, vx, vy, wx, wy, wz, tau, P)
    v_omega = (R * w0[1], -R * w0[0])
    want_v = ((5 * v0[0] + 2 * v_omega[0]) / 7, (5 * v0[1] + 2 * v_omega[1]) / 7)
    assert end[2:4] == pytest.approx(want_v, rel=1e-12, abs=1e-14)
    assert end[0:2] == pytest.approx(
        (tau * (v0[0] - ux / 7), tau * (v0[1] - uy / 7)), rel=1e-12, abs=1e-14
    )
    mid = evolve(state, 0.0, 0.0, vx, vy, wx, wy, wz, 0.5 * tau, P)
    # a parabola: the midpoint lies off the chord from start to end
    cross = end[0] * mid[1] - end[1] * mid[0]  # zero if the midpoint were on the chord
    assert abs(cross) > 1e-4


def test_pure_side_spin_does_not_curve() -> None:
    state, vx, vy, wx, wy, wz = classify(0.0, 2.0, 0.0, 0.0, 60.0, R)
    tau = transition_time(state, vx, vy, wx, wy, wz, P)
    for frac in (0.25, 0.5, 1.0):
        out = evolve(state, 0.0, 0.0, vx, vy, wx, wy, wz, frac * tau, P)
        assert out[0] == 0.0 and out[2] == 0.0


def test_acceleration_directions() -> None:
    ax, ay = acceleration(MotionState.SLIDING, 0.0, 1.0, 0.0, 0.0, P)
    assert (ax, ay) == pytest.approx((0.0, -MU_S_G))
    ax, ay = acceleration(MotionState.ROLLING, 3.0, 4.0, -4.0 / R, 3.0 / R, P)
    assert (ax, ay) == pytest.approx((-0.6 * MU_R_G, -0.8 * MU_R_G))
    assert acceleration(MotionState.SPINNING, 0.0, 0.0, 0.0, 0.0, P) == (0.0, 0.0)


@pytest.mark.parametrize("seed", range(5))
def test_energy_never_increases_along_a_segment(seed: int) -> None:
    rng = np.random.default_rng(seed)
    v = tuple(rng.uniform(-2, 2, 2))
    w = tuple(rng.uniform(-80, 80, 3))
    state, vx, vy, wx, wy, wz = classify(*v, *w, R)
    tau = transition_time(state, vx, vy, wx, wy, wz, P)
    last = energy_per_mass((vx, vy), (wx, wy, wz))
    for t in np.linspace(0.0, tau, 17)[1:]:
        out = evolve(state, 0.0, 0.0, vx, vy, wx, wy, wz, t, P)
        e = energy_per_mass(out[2:4], out[4:7])
        assert e <= last * (1 + 1e-12)
        last = e


def test_stun_shot_chained_through_its_transitions() -> None:
    """Slide -> roll -> stop with the kernels: total time, distance and energy per transition."""
    v0 = 1.8
    state, vx, vy, wx, wy, wz = classify(v0, 0.0, 0.0, 0.0, 0.0, R)
    px = py = 0.0
    t_total = 0.0
    kinds = []
    energies = [energy_per_mass((vx, vy), (wx, wy, wz))]
    while state != MotionState.STATIONARY:
        tau = transition_time(state, vx, vy, wx, wy, wz, P)
        px, py, vx, vy, wx, wy, wz = evolve(state, px, py, vx, vy, wx, wy, wz, tau, P)
        state, kind, vx, vy, wx, wy, wz = end_of_state(state, vx, vy, wx, wy, wz, P)
        t_total += tau
        kinds.append(kind)
        energies.append(energy_per_mass((vx, vy), (wx, wy, wz)))
    v_roll = 5.0 / 7.0 * v0
    assert kinds == [EventKind.SLIDING_TO_ROLLING, EventKind.ROLLING_TO_STATIONARY]
    assert t_total == pytest.approx(2 * v0 / (7 * MU_S_G) + v_roll / MU_R_G, rel=1e-13)
    assert px == pytest.approx(12 * v0**2 / (49 * MU_S_G) + v_roll**2 / (2 * MU_R_G), rel=1e-13)
    assert py == 0.0
    # at the start of rolling E = (7/10) v^2 per unit mass; then zero
    assert energies[1] == pytest.approx(0.7 * v_roll**2, rel=1e-12)
    assert energies[2] == 0.0


def test_evolve_balls_matches_evolve_and_does_not_mutate() -> None:
    pos = np.array([[0.1, 0.2], [0.5, 0.5], [0.9, 0.9]])
    vel = np.array([[1.0, 0.0], [0.0, 0.5], [0.0, 0.0]])
    spin = np.array([[0.0, 0.0, 3.0], [-0.5 / R, 0.0, 0.0], [0.0, 0.0, 0.0]])
    motion = np.array([MotionState.SLIDING, MotionState.ROLLING, MotionState.STATIONARY], np.int8)
    before = (pos.copy(), vel.copy(), spin.copy())
    out_pos, out_vel, out_spin = evolve_balls(pos, vel, spin, motion, 0.05, P)
    for i in range(3):
        want = evolve(motion[i], *pos[i], *vel[i], *spin[i], 0.05, P)
        assert tuple(out_pos[i]) + tuple(out_vel[i]) + tuple(out_spin[i]) == pytest.approx(want)
    assert all(np.array_equal(a, b) for a, b in zip(before, (pos, vel, spin), strict=True))
    assert math.isinf(transition_time(MotionState.STATIONARY, 0, 0, 0, 0, 0, P))
