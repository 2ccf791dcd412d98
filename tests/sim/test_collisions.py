"""Collision models (sim.kernels.resolve) against docs/physics.md §3.1-3.2 and Alciatore's rules."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest

from sim.kernels.motion import classify, evolve, transition_time
from sim.kernels.resolve import (
    ball_ball_frictional,
    ball_ball_frictionless,
    cushion_han2005,
    cushion_mathavan2010,
    cushion_reflection,
    resolve_ball_ball,
    resolve_cushion,
)
from sim.params import P_U_S, Params

PARAMS = Params()
P = PARAMS.packed()
R = PARAMS.R
M = PARAMS.m
I = 0.4 * M * R * R


def rolled_off(v, w):
    """Velocity once a ball leaving a collision with (v, w) stops sliding (motion kernels)."""
    state, vx, vy, wx, wy, wz = classify(v[0], v[1], w[0], w[1], w[2], R)
    tau = transition_time(state, vx, vy, wx, wy, wz, P)
    out = evolve(state, 0.0, 0.0, vx, vy, wx, wy, wz, tau, P)
    return out[2], out[3]


def angle_between(a, b) -> float:
    return math.degrees(math.acos(np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b))))


def cut_normal(phi_deg: float) -> tuple[float, float]:
    """Line of centres for a cue ball moving along +x that hits at cut angle phi."""
    phi = math.radians(phi_deg)
    return math.cos(phi), -math.sin(phi)


@pytest.mark.parametrize("phi", [10.0, 30.0, 45.0, 60.0])
def test_ninety_degree_rule_for_a_stun_shot(phi: float) -> None:
    nx, ny = cut_normal(phi)
    v = 2.0
    v1x, v1y, v2x, v2y = ball_ball_frictionless(v, 0.0, 0.0, 0.0, nx, ny, 1.0)
    assert angle_between((v1x, v1y), (v2x, v2y)) == pytest.approx(90.0, abs=1e-9)
    # the cue ball stays on the tangent line while it slides, so the 90 degrees persist
    fx, fy = rolled_off((v1x, v1y), (0.0, 0.0, 0.0))
    assert angle_between((fx, fy), (v2x, v2y)) == pytest.approx(90.0, abs=1e-9)
    # e_b < 1: the cue ball keeps (1 - e)/2 of the normal speed; the angle shrinks to match
    e = 0.9
    v1x, v1y, v2x, v2y = ball_ball_frictionless(v, 0.0, 0.0, 0.0, nx, ny, e)
    vn = v * math.cos(math.radians(phi))
    vt = v * math.sin(math.radians(phi))
    want = math.degrees(math.atan2(vt, 0.5 * (1 - e) * vn))
    assert angle_between((v1x, v1y), (v2x, v2y)) == pytest.approx(want, abs=1e-9)
    assert want < 90.0


def thirty_degree_formula(phi_deg: float) -> float:
    phi = math.radians(phi_deg)
    s, c = math.sin(phi), math.cos(phi)
    return math.degrees(math.atan(s * c / (s * s + 0.4)))


@pytest.mark.parametrize("phi", [14.48, 20.0, 28.13, 40.0, 48.59])
def test_thirty_degree_rule_for_a_rolling_cue_ball(phi: float) -> None:
    nx, ny = cut_normal(phi)
    v = 1.5
    w = (0.0, v / R, 0.0)  # rolling along +x
    v1x, v1y, _v2x, _v2y = ball_ball_frictionless(v, 0.0, 0.0, 0.0, nx, ny, 1.0)
    fx, fy = rolled_off((v1x, v1y), w)
    deflection = angle_between((fx, fy), (v, 0.0))
    assert deflection == pytest.approx(thirty_degree_formula(phi), abs=1e-9)


def test_thirty_degree_rule_maximum() -> None:
    phis = np.linspace(5.0, 60.0, 1101)
    curve = []
    for phi in phis:
        nx, ny = cut_normal(phi)
        v1x, v1y, *_ = ball_ball_frictionless(1.0, 0.0, 0.0, 0.0, nx, ny, 1.0)
        curve.append(angle_between(rolled_off((v1x, v1y), (0.0, 1.0 / R, 0.0)), (1.0, 0.0)))
    k = int(np.argmax(curve))
    assert phis[k] == pytest.approx(28.13, abs=0.06)
    assert curve[k] == pytest.approx(33.75, abs=0.01)
    # roughly 27 to 34 degrees between the 3/4-ball and 1/4-ball hits (the "30-degree rule")
    for phi in (14.48, 48.59):
        assert 27.0 < thirty_degree_formula(phi) < 34.0


def test_head_on_elastic_and_inelastic() -> None:
    v = 2.5
    assert ball_ball_frictionless(v, 0.0, 0.0, 0.0, 1.0, 0.0, 1.0) == pytest.approx(
        (0.0, 0.0, v, 0.0), abs=1e-15
    )
    e = 0.93
    got = ball_ball_frictionless(v, 0.0, 0.0, 0.0, 1.0, 0.0, e)
    assert got == pytest.approx((0.5 * (1 - e) * v, 0.0, 0.5 * (1 + e) * v, 0.0), rel=1e-14)
    # the frictional model gives the same normal result for a stun head-on hit
    p = dataclasses.replace(PARAMS, e_b=e).packed()
    out = ball_ball_frictional(v, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, p)
    assert (out[0], out[5]) == pytest.approx((0.5 * (1 - e) * v, 0.5 * (1 + e) * v), rel=1e-14)


def test_follow_after_a_head_on_hit_with_natural_roll() -> None:
    v = 2.0
    v1x, v1y, _v2x, _v2y = ball_ball_frictionless(v, 0.0, 0.0, 0.0, 1.0, 0.0, 1.0)
    assert (v1x, v1y) == pytest.approx((0.0, 0.0), abs=1e-15)
    fx, fy = rolled_off((v1x, v1y), (0.0, v / R, 0.0))
    assert (fx, fy) == pytest.approx((2.0 / 7.0 * v, 0.0), rel=1e-13, abs=1e-15)


@pytest.mark.parametrize("seed", range(8))
def test_both_moving_momentum_and_energy(seed: int) -> None:
    rng = np.random.default_rng(seed)
    v1 = rng.uniform(-3, 3, 2)
    v2 = rng.uniform(-3, 3, 2)
    ang = rng.uniform(0, 2 * math.pi)
    n = np.array([math.cos(ang), math.sin(ang)])
    if np.dot(v1 - v2, n) < 0:
        n = -n
    e = 0.9
    out = ball_ball_frictionless(*v1, *v2, *n, e)
    u1, u2 = np.array(out[:2]), np.array(out[2:])
    assert u1 + u2 == pytest.approx(v1 + v2, abs=1e-14)
    delta = np.dot(v1 - v2, n)
    loss = 0.5 * (np.dot(v1, v1) + np.dot(v2, v2) - np.dot(u1, u1) - np.dot(u2, u2))
    assert loss == pytest.approx(0.5 * 0.5 * (1 - e * e) * delta**2, rel=1e-11)
    # frictional model with spins: linear momentum conserved, energy never increases
    w1 = rng.uniform(-50, 50, 3)
    w2 = rng.uniform(-50, 50, 3)
    p = dataclasses.replace(PARAMS, e_b=e).packed()
    f = ball_ball_frictional(*v1, *w1, *v2, *w2, *n, p)
    assert np.add(f[0:2], f[5:7]) == pytest.approx(v1 + v2, abs=1e-13)

    def energy(va, wa, vb, wb) -> float:
        return 0.5 * M * (np.dot(va, va) + np.dot(vb, vb)) + 0.5 * I * (
            np.dot(wa, wa) + np.dot(wb, wb)
        )

    # compare with the vertical impulse kept out of both (it is dropped in the 2-D core)
    assert energy(f[0:2], f[2:5], f[5:7], f[7:10]) <= energy(v1, w1, v2, w2) * (1 + 1e-12)


@pytest.mark.parametrize("seed", range(5))
def test_galilean_invariance_of_the_resolution(seed: int) -> None:
    rng = np.random.default_rng(100 + seed)
    v1, v2 = rng.uniform(-2, 2, 2), rng.uniform(-2, 2, 2)
    w1, w2 = rng.uniform(-40, 40, 3), rng.uniform(-40, 40, 3)
    n = v1 - v2
    n /= np.linalg.norm(n)
    boost = rng.uniform(-1, 1, 2)
    for model in ("frictional", "frictionless"):
        p = dataclasses.replace(PARAMS, ball_ball_model=model).packed()
        a = np.array(resolve_ball_ball(*v1, *w1, *v2, *w2, *n, p))
        b = np.array(resolve_ball_ball(*(v1 + boost), *w1, *(v2 + boost), *w2, *n, p))
        shift = np.zeros(10)
        shift[0:2] = boost
        shift[5:7] = boost
        assert b == pytest.approx(a + shift, abs=1e-12)


def alciatore_throw(v: float, phi_deg: float, side: float, top: float, p: Params) -> float:
    """TP A.14 throw angle (degrees); side = R w_z along the tangential motion, top = R w_T."""
    phi = math.radians(phi_deg)
    vt = v * math.sin(phi) - side
    vrel = math.hypot(vt, top * math.cos(phi))
    mu = 9.951e-3 + 0.108 * math.exp(-1.088 * vrel) if p.u_b is None else p.u_b
    return math.degrees(
        math.atan(min(mu * v * math.cos(phi) / vrel, 1.0 / 7.0) * vt / (v * math.cos(phi)))
    )


@pytest.mark.parametrize(
    ("v", "phi", "side", "top"),
    [
        (1.0, 30.0, 0.0, 0.0),
        (3.0, 15.0, 0.0, 0.0),
        (1.0, 45.0, 0.0, 1.0),
        (2.0, 30.0, 0.3, 0.0),
        (0.5, 5.0, 0.0, 0.0),
        (2.0, 60.0, -0.4, 2.0),
    ],
)
def test_throw_matches_alciatore(v: float, phi: float, side: float, top: float) -> None:
    p = dataclasses.replace(PARAMS, e_b=1.0)
    nx, ny = cut_normal(phi)
    # In this frame a spin w_z moves the contact point along the tangent by -R w_z * (-1): the
    # formula's "side" (reducing the slip) is R w_z with w_z < 0 here.
    wz = -side / R
    wy = top / R  # topspin about +y for motion along +x
    out = ball_ball_frictional(v, 0.0, 0.0, wy, wz, 0.0, 0.0, 0.0, 0.0, 0.0, nx, ny, p.packed())
    v2 = np.array(out[5:7])
    n = np.array([nx, ny])
    t_hat = np.array([math.sin(math.radians(phi)), math.cos(math.radians(phi))])
    throw = math.degrees(math.atan2(np.dot(v2, t_hat), np.dot(v2, n)))
    assert throw == pytest.approx(alciatore_throw(v, phi, side, top, p), abs=1e-9)


def test_gearing_outside_english_gives_no_throw() -> None:
    v, phi = 1.5, 30.0
    nx, ny = cut_normal(phi)
    wz = -v * math.sin(math.radians(phi)) / R
    out = ball_ball_frictional(v, 0.0, 0.0, 0.0, wz, 0.0, 0.0, 0.0, 0.0, 0.0, nx, ny, P)
    v2 = np.array(out[5:7])
    assert abs(v2[0] * ny - v2[1] * nx) < 1e-12


def test_simple_reflection() -> None:
    # cushion along x at the top: normal into the cushion is +y
    vx, vy = cushion_reflection(1.0, 2.0, 0.0, 1.0, 0.8)
    assert (vx, vy) == pytest.approx((1.0, -1.6), rel=1e-15)
    p = dataclasses.replace(PARAMS, cushion_model="reflection", e_c=0.8).packed()
    out = resolve_cushion(1.0, 2.0, 0.0, 3.0, 4.0, 0.0, 1.0, p)
    assert out == pytest.approx((1.0, -1.6, 0.0, 3.0, 4.0), rel=1e-15)


def han_by_hand(v_perp: float, v_par: float, p: Params) -> tuple[float, float, float, float, float]:
    """Han 2005 for a ball without spin in the cushion frame (x into the cushion)."""
    s_t = p.sin_theta_c
    c_t = math.sqrt(1 - s_t**2)
    sx = v_perp * s_t
    sy = -v_par
    c = v_perp * c_t
    A, B = 7 / (2 * p.m), 1 / p.m
    pze = (1 + p.e_c) * c / B
    s = math.hypot(sx, sy)
    if s / A <= p.f_c * pze:
        pxe, pye = sx / A, sy / A
    else:
        pxe, pye = p.f_c * pze * sx / s, p.f_c * pze * sy / s
    PX = -pxe * s_t - pze * c_t
    PY = pye
    PZ = pxe * c_t - pze * s_t
    Ib = 0.4 * p.m * p.R**2
    return (
        v_perp + PX / p.m,
        v_par + PY / p.m,
        -(p.R / Ib) * PY * s_t,
        (p.R / Ib) * (PX * s_t - PZ * c_t),
        (p.R / Ib) * PY * c_t,
    )


@pytest.mark.parametrize(("v_perp", "v_par"), [(1.0, 0.0), (2.0, 0.5), (0.5, 2.0)])
def test_han2005_against_a_hand_computation(v_perp: float, v_par: float) -> None:
    # cushion normal +x (a right-hand rail): the cushion frame is the table frame
    got = cushion_han2005(v_perp, v_par, 0.0, 0.0, 0.0, 1.0, 0.0, P)
    assert got == pytest.approx(han_by_hand(v_perp, v_par, PARAMS), rel=1e-13, abs=1e-13)
    # the same hit on a rail with normal +y: rotate the frame by +90 degrees
    rot = cushion_han2005(-v_par, v_perp, 0.0, 0.0, 0.0, 0.0, 1.0, P)
    h = han_by_hand(v_perp, v_par, PARAMS)
    assert rot == pytest.approx((-h[1], h[0], -h[3], h[2], h[4]), rel=1e-13, abs=1e-13)


def test_han2005_frictionless_rebound_factor() -> None:
    p = dataclasses.replace(PARAMS, f_c=0.0)
    out = cushion_han2005(1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, p.packed())
    cos2 = 1 - p.sin_theta_c**2
    assert out[0] == pytest.approx(-((1 + p.e_c) * cos2 - 1), rel=1e-14)


def test_mathavan2010_frictionless_limit_and_sanity() -> None:
    # u_s = 1e-12 is below the range Params allows (a shot would never stop sliding), so the
    # frictionless limit of the kernel alone is probed through the packed vector
    packed = dataclasses.replace(PARAMS, f_c=0.0, e_c=0.9).packed()
    packed[P_U_S] = 1e-12
    vx, vy, wx, wy, wz = cushion_mathavan2010(0.3, 1.2, 0.0, 0.0, 0.0, 0.0, 1.0, packed)
    assert vy == pytest.approx(-0.9 * 1.2, rel=2e-3)
    assert vx == pytest.approx(0.3, rel=1e-6)
    # with friction: rebounds, loses energy, gains spin
    p2 = dataclasses.replace(PARAMS, cushion_model="mathavan2010").packed()
    vx, vy, wx, wy, wz = resolve_cushion(0.5, 1.5, -1.5 / R, 0.5 / R, 0.0, 0.0, 1.0, p2)
    assert vy < 0.0
    e_before = 0.5 * M * (0.5**2 + 1.5**2) + 0.5 * I * ((1.5 / R) ** 2 + (0.5 / R) ** 2)
    e_after = 0.5 * M * (vx**2 + vy**2) + 0.5 * I * (wx**2 + wy**2 + wz**2)
    assert e_after < e_before


@pytest.mark.parametrize("model", ["reflection", "han2005", "mathavan2010"])
def test_every_cushion_model_sends_the_ball_away(model: str) -> None:
    p = dataclasses.replace(PARAMS, cushion_model=model).packed()
    rng = np.random.default_rng(7)
    for _ in range(10):
        ang = rng.uniform(0, 2 * math.pi)
        n = (math.cos(ang), math.sin(ang))
        v = np.array(n) * rng.uniform(0.1, 3) + rng.uniform(-1, 1, 2)
        if np.dot(v, n) <= 0:
            continue
        w = rng.uniform(-60, 60, 3)
        out = resolve_cushion(*v, *w, *n, p)
        assert out[0] * n[0] + out[1] * n[1] <= 0.0
