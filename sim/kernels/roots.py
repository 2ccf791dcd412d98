"""Earliest real roots of polynomials of degree <= 4 on a window [0, T] (Numba kernels).

Method (docs/physics.md §2.8, "real-root isolation"): time is scaled to ``s = t / T`` in [0, 1];
the critical points of ``p`` (roots of the cubic ``p'``) are found from the roots of ``p''``
(a quadratic, stable formula) which split [0, 1] into pieces where ``p'`` is monotone; each
sign change of ``p'`` is refined by safeguarded Newton. The critical points split [0, 1] into
pieces where ``p`` is monotone, and the first piece with a sign change holds the earliest root,
again refined by safeguarded Newton (Newton steps that leave the bracket or converge slowly
are replaced by bisection; the bracket always holds the root).

The method never divides by the leading coefficient, so near-zero leading coefficients degrade
gracefully to the lower degree; it needs no complex arithmetic and no "is this root real?"
tolerance, and it is deterministic.

Polynomials are passed as five scalars ``c0 .. c4`` with ``p(t) = c0 + c1 t + ... + c4 t^4``.
Every function here is pure (no argument is mutated).
"""

from __future__ import annotations

import math

from sim.kernels.jit import kernel

#: Relative width at which a bracket counts as converged (a few ulps).
_REL_TOL = 8.0 * 2.220446049250313e-16
#: Iteration cap of the refinement loops (bisection alone needs at most ~1100 halvings of a
#: float64 interval; the Newton steps converge far faster, so this is never the binding limit
#: in practice).
_MAX_ITER = 200

NO_ROOT = math.inf


@kernel
def poly_value(c0, c1, c2, c3, c4, t):
    """p(t) by Horner's rule."""
    return (((c4 * t + c3) * t + c2) * t + c1) * t + c0


@kernel
def poly_slope(c0, c1, c2, c3, c4, t):
    """p'(t) by Horner's rule (``c0`` is accepted for a uniform signature and unused)."""
    return ((4.0 * c4 * t + 3.0 * c3) * t + 2.0 * c2) * t + c1


@kernel
def refine_decreasing_root(c0, c1, c2, c3, c4, lo, hi):
    """The root of ``p`` in [lo, hi], given ``p(lo) > 0 >= p(hi)`` and ``p`` monotone there.

    Safeguarded Newton (rtsafe): a Newton step is taken when it stays inside the bracket and
    halves the error bound, otherwise the bracket is bisected. When Newton converges from one
    side, a probe one tolerance beyond the iterate closes the bracket.

    Returns the left end of the final bracket: a time at which ``p`` is still > 0 (not yet in
    contact), within a few ulps of the true root.
    """
    x = 0.5 * (lo + hi)
    dx_old = hi - lo
    for _ in range(_MAX_ITER):
        f = poly_value(c0, c1, c2, c3, c4, x)
        if f > 0.0:
            lo = x
        else:
            hi = x
        tol = _REL_TOL * hi + 5e-324
        if hi - lo <= tol:
            break
        d = poly_slope(c0, c1, c2, c3, c4, x)
        newton_ok = d < 0.0
        xn = x
        if newton_ok:
            xn = x - f / d
            newton_ok = lo < xn < hi and abs(2.0 * f) <= abs(dx_old * d)
        if not newton_ok:
            xn = 0.5 * (lo + hi)
        step = abs(xn - x)
        dx_old = step
        if step <= tol:
            # Newton has converged from one side: probe just past it to close the bracket.
            probe = xn + tol if f > 0.0 else xn - tol
            if lo < probe < hi:
                if poly_value(c0, c1, c2, c3, c4, probe) > 0.0:
                    lo = probe
                else:
                    hi = probe
            if hi - lo <= 4.0 * tol:
                break
            xn = 0.5 * (lo + hi)
        x = xn
    return lo


@kernel
def _quadratic_roots_in_unit(a, b, c):
    """Roots of a s^2 + b s + c strictly inside (0, 1), sorted: (count, r1, r2).

    Stable formula ``q = -(b + sgn(b) sqrt(disc)) / 2``, roots ``q / a`` and ``c / q``; a zero
    or tiny ``a`` only pushes ``q / a`` out of range, so no degree test is needed.
    """
    r1 = math.inf
    r2 = math.inf
    if a == 0.0:
        if b != 0.0:
            r1 = -c / b
    else:
        disc = b * b - 4.0 * a * c
        if disc < 0.0:
            return 0, math.inf, math.inf
        sq = math.sqrt(disc)
        q = -0.5 * (b + sq) if b >= 0.0 else -0.5 * (b - sq)
        if q != 0.0:
            r1 = q / a
            r2 = c / q
        else:
            r1 = 0.0  # b = 0 and disc = 0: double root at 0
    if r2 < r1:
        r1, r2 = r2, r1
    n = 0
    out1 = math.inf
    out2 = math.inf
    if 0.0 < r1 < 1.0:
        out1 = r1
        n = 1
    if 0.0 < r2 < 1.0 and r2 != r1:
        if n == 0:
            out1 = r2
        else:
            out2 = r2
        n += 1
    return n, out1, out2


@kernel
def _slope_root(q1, q2, q3, q4, lo, hi, f_lo):
    """A root of p'(s) = q1 + 2 q2 s + 3 q3 s^2 + 4 q4 s^3 in [lo, hi], where p' changes sign
    from ``f_lo`` at ``lo``."""
    if f_lo > 0.0:
        return refine_decreasing_root(q1, 2.0 * q2, 3.0 * q3, 4.0 * q4, 0.0, lo, hi)
    return refine_decreasing_root(-q1, -2.0 * q2, -3.0 * q3, -4.0 * q4, 0.0, lo, hi)


@kernel
def _piece_end(k, n, s1, s2, s3):
    """Right end of piece ``k`` (0-based) of [0, 1] cut at the ``n`` sorted points s1..s3."""
    if k >= n:
        return 1.0
    return s1 if k == 0 else (s2 if k == 1 else s3)


@kernel
def critical_points_in_unit(q1, q2, q3, q4):
    """Zeros of p'(s) = q1 + 2 q2 s + 3 q3 s^2 + 4 q4 s^3 inside (0, 1), sorted.

    Returns ``(count, s1, s2, s3)`` with unused slots ``inf``. The zeros of ``p''`` split the
    interval into pieces where ``p'`` is monotone; each sign change of ``p'`` over a piece is
    refined. Tangential zeros of ``p'`` (p' touching 0 without changing sign) are not
    reported: ``p`` is monotone across them.
    """
    n2, z1, z2 = _quadratic_roots_in_unit(12.0 * q4, 6.0 * q3, 2.0 * q2)
    count = 0
    s1 = math.inf
    s2 = math.inf
    s3 = math.inf
    lo = 0.0
    f_lo = q1
    for k in range(n2 + 1):
        hi = _piece_end(k, n2, z1, z2, math.inf)
        f_hi = poly_slope(0.0, q1, q2, q3, q4, hi)
        if (f_lo > 0.0 and f_hi <= 0.0) or (f_lo < 0.0 and f_hi >= 0.0):
            r = _slope_root(q1, q2, q3, q4, lo, hi, f_lo)
            if 0.0 < r < 1.0:
                if count == 0:
                    s1 = r
                elif count == 1:
                    s2 = r
                else:
                    s3 = r
                count += 1
        lo = hi
        f_lo = f_hi
    return count, s1, s2, s3


@kernel
def _scaled_to_unit(c1, c2, c3, c4, T):
    """Time scaled to ``s = t / T``: ``q_k = c_k T^k`` (``q0 = c0``) and the critical points.

    Returns ``(q1, q2, q3, q4, count, s1, s2, s3)``, the critical points being those of
    :func:`critical_points_in_unit`; they split [0, 1] into pieces where ``p`` is monotone.
    """
    T2 = T * T
    q1 = c1 * T
    q2 = c2 * T2
    q3 = c3 * T2 * T
    q4 = c4 * T2 * T2
    n, s1, s2, s3 = critical_points_in_unit(q1, q2, q3, q4)
    return q1, q2, q3, q4, n, s1, s2, s3


@kernel(from_python=True, from_kernels=True)
def first_descent_root(c0, c1, c2, c3, c4, T):
    """Earliest time in [0, T] at which p turns from positive to <= 0 while decreasing.

    This is the contact-time rule of every event in the engine (``p`` is a signed gap):

    * ``p(0) <= 0`` and ``p'(0) < 0`` (touching or overlapping, and closing): returns 0.
    * otherwise the first crossing from ``p > 0`` to ``p <= 0`` in [0, T], refined to a few
      ulps (the returned time still has ``p > 0``).
    * a gap that starts <= 0 and opens (touching and separating) yields no root until the gap
      has become positive and closes again;
    * but if the gap turns to closing while still <= 0 (it opened only by rounding), the time
      it turns (a local maximum of ``p``) is returned: the bodies never separated, so they
      are touching and closing there (otherwise such a contact would be missed and the
      bodies would interpenetrate).

    Returns ``inf`` when there is none. ``T`` must be > 0 and finite.
    """
    if c0 <= 0.0 and c1 < 0.0:
        return 0.0
    if not T > 0.0:
        return NO_ROOT
    q0 = c0
    q1, q2, q3, q4, n, s1, s2, s3 = _scaled_to_unit(c1, c2, c3, c4, T)
    lo = 0.0
    f_lo = q0
    for k in range(n + 1):
        hi = _piece_end(k, n, s1, s2, s3)
        f_hi = poly_value(q0, q1, q2, q3, q4, hi)
        if f_lo > 0.0 and f_hi <= 0.0:
            # Refine on the unscaled polynomial over the same monotone piece (docs/physics.md §2.8:
            # isolate scaled, polish unscaled); fall back to the scaled bracket if rounding
            # makes the unscaled end values disagree.
            t_lo = lo * T
            t_hi = T if hi >= 1.0 else hi * T
            if poly_value(c0, c1, c2, c3, c4, t_lo) > 0.0 and (
                poly_value(c0, c1, c2, c3, c4, t_hi) <= 0.0
            ):
                return refine_decreasing_root(c0, c1, c2, c3, c4, t_lo, t_hi)
            return refine_decreasing_root(q0, q1, q2, q3, q4, lo, hi) * T
        if f_lo <= 0.0 and f_hi < f_lo:
            return lo * T
        lo = hi
        f_lo = f_hi
    return NO_ROOT


@kernel(from_python=True, from_kernels=True)
def first_descent_root_quadratic(c0, c1, c2, T):
    """:func:`first_descent_root` for ``p(t) = c0 + c1 t + c2 t^2`` (cheaper isolation).

    The only critical point is ``-c1 / (2 c2)``; the crossing is refined by safeguarded Newton.
    """
    if c0 <= 0.0 and c1 < 0.0:
        return 0.0
    if not T > 0.0:
        return NO_ROOT
    split = T
    if c2 != 0.0:
        crit = -c1 / (2.0 * c2)
        if 0.0 < crit < T:
            split = crit
    lo = 0.0
    f_lo = c0
    for k in range(2):
        hi = split if k == 0 else T
        f_hi = (c2 * hi + c1) * hi + c0
        if f_lo > 0.0 and f_hi <= 0.0:
            return refine_decreasing_root(c0, c1, c2, 0.0, 0.0, lo, hi)
        if f_lo <= 0.0 and f_hi < f_lo:
            return lo
        if hi >= T:
            break
        lo = hi
        f_lo = f_hi
    return NO_ROOT


@kernel(from_python=True)
def earliest_root(c0, c1, c2, c3, c4, T):
    """Earliest real root of p in [0, T], of any multiplicity; ``inf`` when there is none.

    Simple roots are found as sign changes over the monotone pieces; a root of even
    multiplicity (``p`` touching zero at a critical point) is reported when ``|p|`` there is
    within rounding of zero (8 ulps of the sum of the absolute values of the terms).
    """
    if c0 == 0.0:
        return 0.0
    if not T > 0.0:
        return NO_ROOT
    q0 = c0
    q1, q2, q3, q4, n, s1, s2, s3 = _scaled_to_unit(c1, c2, c3, c4, T)
    lo = 0.0
    f_lo = q0
    for k in range(n + 1):
        hi = _piece_end(k, n, s1, s2, s3)
        f_hi = poly_value(q0, q1, q2, q3, q4, hi)
        if (f_lo > 0.0 and f_hi <= 0.0) or (f_lo < 0.0 and f_hi >= 0.0):
            if f_lo > 0.0:
                s = refine_decreasing_root(q0, q1, q2, q3, q4, lo, hi)
            else:
                s = refine_decreasing_root(-q0, -q1, -q2, -q3, -q4, lo, hi)
            return s * T
        if k < n:
            scale = abs(q0) + abs(q1 * hi) + abs(q2 * hi * hi) + abs(q3 * hi**3) + abs(q4 * hi**4)
            if abs(f_hi) <= _REL_TOL * scale:
                return hi * T
        lo = hi
        f_lo = f_hi
    return NO_ROOT
