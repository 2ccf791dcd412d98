"""Root isolation (sim.kernels.roots) against mpmath high-precision roots and degenerate inputs."""

from __future__ import annotations

import math

import mpmath
import numpy as np
import pytest

from sim.kernels.roots import (
    earliest_root,
    first_descent_root,
    first_descent_root_quadratic,
)

mpmath.mp.dps = 50

# mpmath >= 1.4 prefers asc=True, which 1.3 lacks; keep the portable call.
pytestmark = pytest.mark.filterwarnings("ignore:Descending:DeprecationWarning")


def _mp_real_roots(coeffs: list[float], T: float) -> list[mpmath.mpf]:
    """Real roots in [0, T] of c0 + c1 t + ... (coeffs low-first), via mpmath at 50 digits."""
    c = list(coeffs)
    while c and c[-1] == 0.0:
        c.pop()
    if len(c) <= 1:
        return []
    roots = mpmath.polyroots([mpmath.mpf(x) for x in reversed(c)], maxsteps=500, extraprec=200)
    out = []
    for r in roots:
        r = mpmath.mpc(r)
        if abs(r.imag) <= mpmath.mpf(10) ** -30 * max(1, abs(r.real)) and 0 <= r.real <= T:
            out.append(r.real)
    return sorted(out)


def _mp_first_descent(coeffs: list[float], T: float) -> float:
    """First root in [0, T] where p goes from > 0 to < 0 (p(0) > 0 assumed)."""
    mp_c = [mpmath.mpf(x) for x in coeffs]

    def dp(t: mpmath.mpf) -> mpmath.mpf:
        return sum(k * mp_c[k] * t ** (k - 1) for k in range(1, len(mp_c)))

    for r in _mp_real_roots(coeffs, T):
        if dp(r) < 0:
            return float(r)
    return math.inf


def _from_roots(roots: list[complex], lead: float) -> list[float]:
    poly = np.polynomial.polynomial.polyfromroots(roots).real * lead
    return [float(x) for x in poly] + [0.0] * (5 - len(poly))


def test_four_real_roots_first_descent_and_earliest() -> None:
    c = _from_roots([0.3, 1.1, 2.0, 3.7], 1.0)
    assert first_descent_root(*c, 5.0) == pytest.approx(0.3, rel=1e-14)
    assert earliest_root(*c, 5.0) == pytest.approx(0.3, rel=1e-14)


def test_descent_skips_an_ascending_root() -> None:
    # p < 0 at t = 0 ... ascending root at 0.5, descending at 1.5 (p = -(t - 0.5)(t - 1.5))
    c = [-0.75, 2.0, -1.0, 0.0, 0.0]
    assert first_descent_root(*c, 4.0) == pytest.approx(1.5, rel=1e-14)
    assert earliest_root(*c, 4.0) == pytest.approx(0.5, rel=1e-14)


@pytest.mark.parametrize("seed", range(40))
def test_random_quartics_match_mpmath(seed: int) -> None:
    rng = np.random.default_rng(seed)
    n_real = int(rng.integers(0, 5)) // 2 * 2
    roots: list[complex] = list(rng.uniform(-1.0, 3.0, size=n_real))
    while len(roots) < 4:
        re, im = rng.uniform(-1.0, 3.0), rng.uniform(0.01, 1.0)
        roots += [complex(re, im), complex(re, -im)]
    lead = float(10.0 ** rng.uniform(-3, 1)) * (1 if rng.random() < 0.5 else -1)
    c = _from_roots(roots, lead)
    T = 2.5
    if c[0] > 0:
        want = _mp_first_descent(c, T)
        got = first_descent_root(*c, T)
        if math.isinf(want):
            assert math.isinf(got)
        else:
            assert got == pytest.approx(want, rel=1e-11, abs=1e-13)
    real = _mp_real_roots(c, T)
    want_any = float(real[0]) if real else math.inf
    got_any = earliest_root(*c, T)
    if math.isinf(want_any):
        assert math.isinf(got_any)
    else:
        assert got_any == pytest.approx(want_any, rel=1e-11, abs=1e-13)


def test_contact_quartic_with_widely_spread_coefficients() -> None:
    # A rolling pair: A.A ~ 2e-3 m^2/s^4 next to a constant term ~ 1 m^2 (docs/physics.md §2.8).
    c = [1.0 - 0.0571**2, -4.0, 3.9, -0.02, 1e-4]
    want = _mp_first_descent(c, 3.0)
    assert first_descent_root(*c, 3.0) == pytest.approx(want, rel=1e-13)


def test_near_zero_leading_coefficients_degrade_to_the_quadratic() -> None:
    base = [2.0, -3.0, 1.0]  # roots 1 and 2
    for tiny in (1e-30, 1e-18, -1e-18, 1e-14):
        assert first_descent_root(base[0], base[1], base[2], tiny, tiny, 10.0) == pytest.approx(
            1.0, rel=1e-12
        )
    assert first_descent_root(2.0, -3.0, 1.0, 0.0, 0.0, 10.0) == pytest.approx(1.0, rel=1e-14)
    assert first_descent_root_quadratic(2.0, -3.0, 1.0, 10.0) == pytest.approx(1.0, rel=1e-14)


def test_linear_and_constant_polynomials() -> None:
    assert first_descent_root(1.0, -2.0, 0.0, 0.0, 0.0, 3.0) == pytest.approx(0.5, rel=1e-15)
    assert first_descent_root(1.0, 2.0, 0.0, 0.0, 0.0, 3.0) == math.inf
    assert first_descent_root(1.0, 0.0, 0.0, 0.0, 0.0, 3.0) == math.inf
    assert first_descent_root_quadratic(1.0, -2.0, 0.0, 3.0) == pytest.approx(0.5, rel=1e-15)


def test_touching_counts_only_when_closing() -> None:
    assert first_descent_root(0.0, -1.0, 0.5, 0.0, 0.0, 3.0) == 0.0
    assert first_descent_root(-1e-15, -1.0, 0.5, 0.0, 0.0, 3.0) == 0.0
    # touching and opening: the gap grows, then (here) never closes within the window
    assert first_descent_root(0.0, 1.0, 0.5, 0.0, 0.0, 3.0) == math.inf
    # touching, opening, then closing again later: the later crossing is reported
    got = first_descent_root(0.0, 1.0, -1.0, 0.0, 0.0, 3.0)
    assert got == pytest.approx(1.0, rel=1e-14)
    assert first_descent_root_quadratic(0.0, 1.0, -1.0, 3.0) == pytest.approx(1.0, rel=1e-14)
    assert first_descent_root_quadratic(0.0, -1.0, 1.0, 3.0) == 0.0


def test_double_root_grazing_is_decided_by_the_sign_of_the_minimum() -> None:
    # p = (t - 1)^2 + d: a tangent (grazing) contact at t = 1.
    for d, hit in ((-1e-10, True), (1e-10, False)):
        got = first_descent_root(1.0 + d, -2.0, 1.0, 0.0, 0.0, 3.0)
        if hit:
            assert got == pytest.approx(1.0 - math.sqrt(-d), abs=1e-9)
        else:
            assert got == math.inf
    # a double root of a quartic, found by earliest_root within sqrt(eps)
    c = _from_roots([1.0, 1.0, -2.0, -3.0], 1.0)
    assert earliest_root(*c, 3.0) == pytest.approx(1.0, abs=1e-7)


def test_roots_outside_the_window_are_ignored() -> None:
    c = _from_roots([2.0, 5.0, -1.0, -2.0], 1.0)
    assert first_descent_root(*c, 1.999) == math.inf
    assert earliest_root(*c, 1.999) == math.inf
    assert first_descent_root(*c, 2.001) == pytest.approx(2.0, rel=1e-13)


def test_result_is_just_before_contact_and_deterministic() -> None:
    c = _from_roots([0.7, 1.3, 4.0, 5.0], 0.01)
    t1 = first_descent_root(*c, 3.0)
    t2 = first_descent_root(*c, 3.0)
    assert t1 == t2
    p = np.polynomial.polynomial.polyval(t1, c)
    assert p > 0.0  # the returned time is still (barely) before contact
    assert t1 == pytest.approx(0.7, rel=1e-14)


def test_no_root_for_positive_polynomial_and_bad_window() -> None:
    assert first_descent_root(1.0, 0.0, 1.0, 0.0, 1.0, 5.0) == math.inf
    assert earliest_root(1.0, 0.0, 1.0, 0.0, 1.0, 5.0) == math.inf
    assert first_descent_root(1.0, -1.0, 0.0, 0.0, 0.0, 0.0) == math.inf
