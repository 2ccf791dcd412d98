"""Slow, obvious reference twins of the kernels, compared on random inputs (docs/architecture.md).

Each twin is written independently of the kernel it checks, in plain numpy:

- roots: every root from the companion matrix (``numpy.roots``), then the first descending one;
- motion: the sliding/rolling ODEs of docs/physics.md §1.2-1.4 integrated with tiny Euler steps;
- detect: the gap function sampled on a fine grid (first sign change, then bisection);
- resolve: the ball-ball impulse of docs/physics.md §3.1c written with 3-D vectors and ``np.cross``,
  and Han 2005 with explicit rotation matrices.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from sim.kernels.detect import ball_ball_time
from sim.kernels.motion import acceleration, classify, evolve, transition_time
from sim.kernels.resolve import ball_ball_frictional, cushion_han2005
from sim.kernels.roots import first_descent_root
from sim.params import Params

pytestmark = [pytest.mark.slow, pytest.mark.jit_only]

PARAMS = Params()
P = PARAMS.packed()
R = PARAMS.R
M = PARAMS.m
INERTIA = 0.4 * M * R * R


def twin_first_descent(c: np.ndarray, T: float) -> float:
    """Companion-matrix roots, keep real ones in [0, T] where p' < 0, take the first."""
    coeffs = np.trim_zeros(c[::-1], "f")
    if len(coeffs) < 2:
        return math.inf
    best = math.inf
    deriv = np.polyder(coeffs)
    for r in np.roots(coeffs):
        real = abs(r.imag) < 1e-7 * max(1.0, abs(r.real))
        if real and 0.0 <= r.real <= T and np.polyval(deriv, r.real) < 0.0:
            best = min(best, r.real)
    return best


def test_roots_twin_on_random_quartics() -> None:
    rng = np.random.default_rng(1)
    checked = 0
    for _ in range(3000):
        roots = rng.uniform(-0.5, 2.0, 4)
        c = np.polynomial.polynomial.polyfromroots(roots) * rng.choice([-1.0, 1.0])
        if c[0] <= 0.0:
            continue
        T = 2.0
        want = twin_first_descent(c, T)
        got = first_descent_root(*c, T)
        if math.isinf(want):
            assert math.isinf(got) or np.polyval(c[::-1], got) > -1e-9
        else:
            if np.min(np.abs(np.subtract.outer(roots, roots))[np.triu_indices(4, 1)]) < 1e-3:
                continue  # near-double roots: the companion matrix is the weaker oracle
            assert got == pytest.approx(want, abs=1e-9)
            checked += 1
    assert checked > 500


def twin_evolve(v, w, dt, steps=20000):
    """Euler integration of docs/physics.md §1.2 (sliding), 1.3 (rolling) and 1.4 (z-spin)."""
    r = np.zeros(2)
    v = np.array(v, dtype=float)
    w = np.array(w, dtype=float)
    h = dt / steps
    mu_s_g, mu_r_g = PARAMS.u_s * PARAMS.g, PARAMS.u_r * PARAMS.g
    for _ in range(steps):
        u = v + R * np.array([-w[1], w[0]])
        if np.linalg.norm(u) > 1e-6:
            uh = u / np.linalg.norm(u)
            r += v * h
            v = v - mu_s_g * h * uh
            w[:2] += 2.5 * mu_s_g / R * h * np.array([-uh[1], uh[0]])
        elif np.linalg.norm(v) > 1e-9:
            r += v * h
            v = v - mu_r_g * h * v / np.linalg.norm(v)
            w[:2] = np.array([-v[1], v[0]]) / R
        w[2] = math.copysign(max(abs(w[2]) - PARAMS.spin_decel * h, 0.0), w[2])
    return r, v, w


@pytest.mark.parametrize("seed", range(6))
def test_motion_twin_sliding_segment(seed: int) -> None:
    rng = np.random.default_rng(seed)
    v = rng.uniform(-2, 2, 2)
    w = rng.uniform(-60, 60, 3)
    st, vx, vy, wx, wy, wz = classify(*v, *w, R)
    tau = transition_time(st, vx, vy, wx, wy, wz, P)
    dt = 0.9 * tau
    got = evolve(st, 0.0, 0.0, vx, vy, wx, wy, wz, dt, P)
    r, vv, ww = twin_evolve(v, w, dt)
    assert got[0:2] == pytest.approx(r, abs=2e-4)
    assert got[2:4] == pytest.approx(vv, abs=1e-6)
    assert got[4:7] == pytest.approx(ww, abs=1e-4)


def twin_contact_time(p1, v1, a1, p2, v2, a2, T, n=20001):
    """First time |dr| drops to 2R while closing, from a fine grid plus bisection."""
    D = 2 * R
    ts = np.linspace(0.0, T, n)

    def gap(t):
        d = (p2 - p1) + (v2 - v1) * t + 0.5 * (a2 - a1) * t * t
        return np.hypot(d[..., 0], d[..., 1]) - D

    g = gap(ts[:, None])
    idx = np.flatnonzero((g[:-1] > 0) & (g[1:] <= 0))
    if idx.size == 0:
        return math.inf
    lo, hi = ts[idx[0]], ts[idx[0] + 1]
    for _ in range(80):
        mid = 0.5 * (lo + hi)
        lo, hi = (mid, hi) if gap(np.array(mid)) > 0 else (lo, mid)
    return lo


def test_detect_twin_on_random_pairs() -> None:
    rng = np.random.default_rng(5)
    hits = 0
    for _ in range(300):
        p1 = rng.uniform(0.2, 1.0, 2)
        v1 = rng.uniform(-2, 2, 2)
        ahead = v1 / np.linalg.norm(v1)
        side = np.array([-ahead[1], ahead[0]])
        p2 = p1 + ahead * rng.uniform(0.0, 0.4) + side * rng.uniform(-3 * R, 3 * R)
        if np.linalg.norm(p2 - p1) < 2.2 * R:
            continue
        w1 = rng.uniform(-50, 50, 3)
        s1, v1x, v1y, w1x, w1y, _ = classify(*v1, *w1, R)
        stationary = rng.random() < 0.5
        v2 = np.zeros(2) if stationary else rng.uniform(-1, 1, 2)
        w2 = np.zeros(3) if stationary else np.array([-v2[1] / R, v2[0] / R, 0.0])
        s2, v2x, v2y, w2x, w2y, _ = classify(*v2, *w2, R)
        T1 = transition_time(s1, v1x, v1y, w1x, w1y, w1[2], P)
        T2 = transition_time(s2, v2x, v2y, w2x, w2y, 0.0, P)
        T = min(T1, T2, 1.0)
        got = ball_ball_time(s1, *p1, v1x, v1y, w1x, w1y, s2, *p2, v2x, v2y, w2x, w2y, 2 * R, T, P)
        a1 = np.array(acceleration(s1, v1x, v1y, w1x, w1y, P))
        a2 = np.array(acceleration(s2, v2x, v2y, w2x, w2y, P))
        want = twin_contact_time(p1, np.array([v1x, v1y]), a1, p2, np.array([v2x, v2y]), a2, T)
        if math.isinf(want):
            # a graze thinner than the grid may be missed by the twin, never the other way
            if not math.isinf(got):
                d = (p2 - p1) + (np.array([v2x, v2y]) - [v1x, v1y]) * got
                d = d + 0.5 * (a2 - a1) * got * got
                assert np.hypot(*d) == pytest.approx(2 * R, abs=1e-9)
        else:
            assert got == pytest.approx(want, abs=1e-9)
            hits += 1
    assert hits > 50


def twin_frictional(v1, w1, v2, w2, n, p: Params):
    """docs/physics.md §3.1c with 3-D vectors."""
    v1 = np.append(v1, 0.0)
    v2 = np.append(v2, 0.0)
    n = np.append(n, 0.0)
    delta = np.dot(v1 - v2, n)
    jn = (1 + p.e_b) * delta / (2 / M)
    s = v1 - v2 + R * np.cross(w1, n) + R * np.cross(w2, n)
    st = s - np.dot(s, n) * n
    k = 2 / M + 2 * R * R / INERTIA
    mag = np.linalg.norm(st)
    mu = p.u_b if p.u_b is not None else 9.951e-3 + 0.108 * math.exp(-1.088 * mag)
    jt = min(mu * jn, mag / k)
    P_imp = -jn * n - (jt * st / mag if mag > 0 else 0.0)
    return (
        (v1 + P_imp / M)[:2],
        w1 + R * np.cross(n, P_imp) / INERTIA,
        (v2 - P_imp / M)[:2],
        w2 + R * np.cross(n, P_imp) / INERTIA,
    )


def test_resolve_twin_ball_ball_frictional() -> None:
    rng = np.random.default_rng(11)
    for _ in range(200):
        v1, v2 = rng.uniform(-3, 3, 2), rng.uniform(-3, 3, 2)
        w1, w2 = rng.uniform(-80, 80, 3), rng.uniform(-80, 80, 3)
        ang = rng.uniform(0, 2 * math.pi)
        n = np.array([math.cos(ang), math.sin(ang)])
        if np.dot(v1 - v2, n) <= 0:
            n = -n
        got = ball_ball_frictional(*v1, *w1, *v2, *w2, *n, P)
        a, b, c, d = twin_frictional(v1, w1, v2, w2, n, PARAMS)
        assert np.concatenate([got[0:2], got[2:5], got[5:7], got[7:10]]) == pytest.approx(
            np.concatenate([a, b, c, d]), rel=1e-10, abs=1e-10
        )


def twin_han(v, w, n, p: Params):
    """Han 2005 (docs/physics.md §3.2b) via a rotation into the cushion frame and back."""
    psi = math.atan2(n[1], n[0])
    rot = np.array(
        [[math.cos(psi), -math.sin(psi), 0], [math.sin(psi), math.cos(psi), 0], [0, 0, 1]]
    )
    vc = rot.T @ np.append(v, 0.0)
    wc = rot.T @ np.asarray(w, dtype=float)
    th = math.asin(p.sin_theta_c)
    sx = vc[0] * math.sin(th) - vc[2] * math.cos(th) + R * wc[1]
    sy = -vc[1] - R * wc[2] * math.cos(th) + R * wc[0] * math.sin(th)
    c = vc[0] * math.cos(th)
    A, B = 7 / (2 * M), 1 / M
    pze = (1 + p.e_c) * c / B
    mag = math.hypot(sx, sy)
    if mag / A <= p.f_c * pze:
        pxe, pye = sx / A, sy / A
    else:
        pxe, pye = p.f_c * pze * sx / mag, p.f_c * pze * sy / mag
    PX = -pxe * math.sin(th) - pze * math.cos(th)
    PY = pye
    PZ = pxe * math.cos(th) - pze * math.sin(th)
    vc[0] += PX / M
    vc[1] += PY / M
    wc += (R / INERTIA) * np.array(
        [-PY * math.sin(th), PX * math.sin(th) - PZ * math.cos(th), PY * math.cos(th)]
    )
    return (rot @ vc)[:2], rot @ wc


def test_resolve_twin_han2005() -> None:
    rng = np.random.default_rng(12)
    for _ in range(200):
        ang = rng.uniform(0, 2 * math.pi)
        n = np.array([math.cos(ang), math.sin(ang)])
        v = n * rng.uniform(0.05, 3) + rng.uniform(-2, 2, 2)
        if np.dot(v, n) <= 0:
            continue
        w = rng.uniform(-80, 80, 3)
        got = cushion_han2005(*v, *w, *n, P)
        tv, tw = twin_han(v, w, n, PARAMS)
        assert np.array(got) == pytest.approx(np.concatenate([tv, tw]), rel=1e-10, abs=1e-10)
