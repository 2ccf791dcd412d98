"""Collision models: ball-ball, ball-cushion (Numba). Each cites its source in docs/physics.md.

Conventions: velocities (vx, vy) in m/s, spins (wx, wy, wz) in rad/s, table frame. Every
function is pure and returns the new velocities and spins; the caller re-classifies the balls
(docs/physics.md §3: "all resolutions leave the balls sliding, then re-classify"). Vertical
velocities: the ``*_3d`` cushion functions return the upward part of the impulse (a ball
thrown up by the nose, docs/physics-airborne.md section 2); the downward part is taken by the
rigid slate. A flying ball's contact with a cushion (a nose edge, a knuckle, a pocket's back)
is :func:`resolve_cushion_in_flight`, and two balls touching with a 3-D line of centres
:func:`resolve_ball_ball_in_flight`, each dispatched on the same model code as on the cloth;
the contact times and the other airborne impulses are in :mod:`sim.kernels.flight`.
"""

from __future__ import annotations

import math

from sim.kernels.flight import pair_impulse, point_impulse
from sim.kernels.jit import kernel
from sim.kernels.motion import norm2
from sim.models import (
    FRICTIONAL_CODE,
    FRICTIONLESS_CODE,
    HAN2005_CODE,
    MATHAVAN2010_CODE,
    REFLECTION_CODE,
)
from sim.params import (
    P_BALL_BALL,
    P_COS_THETA_C,
    P_CUSHION,
    P_E_B,
    P_E_C,
    P_F_C,
    P_M,
    P_R,
    P_SIN_THETA_C,
    P_U_B,
    P_U_S,
)

#: Alciatore's fit of ball-ball friction to Marlow's data (TP A.14 / A.28, docs/physics.md §3.1):
#: mu_b(|s_t|) = A + B exp(-C |s_t|), |s_t| in m/s.
ALCIATORE_A = 9.951e-3
ALCIATORE_B = 0.108
ALCIATORE_C = 1.088

#: Impulse steps of the Mathavan 2010 integration over the normal impulse (pooltool uses
#: 1000-5000 fixed steps).
MATHAVAN_STEPS = 2000


@kernel
def ball_ball_friction(slip, p):
    """Ball-ball friction coefficient for tangential slip speed ``slip`` (m/s).

    Constant ``u_b`` when set, else Alciatore's fit (TP A.14): ``9.951e-3 + 0.108 e^{-1.088 s}``.
    """
    if p[P_U_B] >= 0.0:
        return p[P_U_B]
    return ALCIATORE_A + ALCIATORE_B * math.exp(-ALCIATORE_C * slip)


@kernel(from_python=True, from_kernels=True)
def ball_ball_frictionless(v1x, v1y, v2x, v2y, nx, ny, e):
    """Equal-mass frictionless impact with restitution ``e`` (docs/physics.md §3.1b).

    ``(nx, ny)``: unit line of centres from ball 1 to ball 2. Returns ``(v1x, v1y, v2x, v2y)``;
    spins are untouched. Only called with an approach speed ``(v1 - v2).n > 0``.
    """
    approach = (v1x - v2x) * nx + (v1y - v2y) * ny
    j = 0.5 * (1.0 + e) * approach  # J_n / m for equal masses
    return v1x - j * nx, v1y - j * ny, v2x + j * nx, v2y + j * ny


@kernel(from_python=True, from_kernels=True)
def ball_ball_frictional(v1x, v1y, w1x, w1y, w1z, v2x, v2y, w2x, w2y, w2z, nx, ny, p):
    """Instantaneous Coulomb friction at the ball-ball contact (docs/physics.md §3.1c).

    pooltool ``FrictionalInelastic``, generalising Alciatore TP A.5/A.6/A.14: normal impulse
    ``J_n = (1 + e_b) m Delta / 2``; tangential slip at the contact
    ``s = v1 - v2 + R w1 x n + R w2 x n``; ``J_t = min(mu_b J_n, |s_t| / k_t)`` with
    ``k_t = 7 / m`` (identical balls) and ``mu_b`` from :func:`ball_ball_friction`.
    Returns ``(v1x, v1y, w1x, w1y, w1z, v2x, v2y, w2x, w2y, w2z)``.
    """
    R = p[P_R]
    m = p[P_M]
    e = p[P_E_B]
    approach = (v1x - v2x) * nx + (v1y - v2y) * ny
    jn = 0.5 * (1.0 + e) * m * approach
    # w x n with n = (nx, ny, 0): (-wz ny, wz nx, wx ny - wy nx)
    sx = v1x - v2x + R * (-(w1z + w2z) * ny)
    sy = v1y - v2y + R * ((w1z + w2z) * nx)
    sz = R * ((w1x + w2x) * ny - (w1y + w2y) * nx)
    sn = sx * nx + sy * ny
    tx = sx - sn * nx
    ty = sy - sn * ny
    tz = sz
    st = math.sqrt(tx * tx + ty * ty + tz * tz)
    # Impulse on ball 1: P = -J_n n - J_t s_t_hat
    Px = -jn * nx
    Py = -jn * ny
    Pz = 0.0
    if st > 0.0:
        jt = min(ball_ball_friction(st, p) * jn, st * m / 7.0)
        Px -= jt * tx / st
        Py -= jt * ty / st
        Pz -= jt * tz / st
    inv_m = 1.0 / m
    # w' = w + R (n x P) / I, I = 2/5 m R^2; n x P = (ny Pz, -nx Pz, nx Py - ny Px)
    k = R / (0.4 * m * R * R)
    dwx = k * (ny * Pz)
    dwy = k * (-nx * Pz)
    dwz = k * (nx * Py - ny * Px)
    return (
        v1x + Px * inv_m,
        v1y + Py * inv_m,
        w1x + dwx,
        w1y + dwy,
        w1z + dwz,
        v2x - Px * inv_m,
        v2y - Py * inv_m,
        w2x + dwx,
        w2y + dwy,
        w2z + dwz,
    )


@kernel(from_python=True, from_kernels=True)
def resolve_ball_ball(v1x, v1y, w1x, w1y, w1z, v2x, v2y, w2x, w2y, w2z, nx, ny, p):
    """Dispatch on the ball-ball code at ``P_BALL_BALL`` (the codes of :mod:`sim.models`);
    same returns as :func:`ball_ball_frictional`. Raises ValueError on a code not in the model
    table (``Params`` never packs one)."""
    model = p[P_BALL_BALL]
    if model == FRICTIONAL_CODE:
        return ball_ball_frictional(v1x, v1y, w1x, w1y, w1z, v2x, v2y, w2x, w2y, w2z, nx, ny, p)
    if model == FRICTIONLESS_CODE:
        a, b, c, d = ball_ball_frictionless(v1x, v1y, v2x, v2y, nx, ny, p[P_E_B])
        return a, b, w1x, w1y, w1z, c, d, w2x, w2y, w2z
    raise ValueError("unknown ball-ball model code at P_BALL_BALL (see sim.models.MODELS)")


@kernel(from_python=True, from_kernels=True)
def resolve_ball_ball_in_flight(v1, w1, v2, w2, n, p):
    """Two balls touching along a 3-D line of centres ``n`` (unit (3,), ball 1 to ball 2),
    one of them at least in flight: the model at ``P_BALL_BALL`` (the codes of
    :mod:`sim.models`) with that normal (docs/physics-airborne.md section 2), by
    :func:`sim.kernels.flight.pair_impulse`: ``frictional`` with the friction of
    :func:`ball_ball_friction` at the contact's tangential relative speed, ``frictionless``
    with none. ``v1``, ``w1``, ``v2``, ``w2``: float64 (3,) velocities (m/s) and spins
    (rad/s), changed in place when the pair is closing. Raises ValueError on a code not in the
    model table (``Params`` never packs one)."""
    model = p[P_BALL_BALL]
    if model == FRICTIONAL_CODE:
        rel = (v1[0] - v2[0], v1[1] - v2[1], v1[2] - v2[2])
        along = rel[0] * n[0] + rel[1] * n[1] + rel[2] * n[2]
        tx = rel[0] - along * n[0]
        ty = rel[1] - along * n[1]
        tz = rel[2] - along * n[2]
        mu = ball_ball_friction(math.sqrt(tx * tx + ty * ty + tz * tz), p)
        pair_impulse(v1, w1, v2, w2, n, p[P_R], p[P_E_B], mu)
        return
    if model == FRICTIONLESS_CODE:
        pair_impulse(v1, w1, v2, w2, n, p[P_R], p[P_E_B], 0.0)
        return
    raise ValueError("unknown ball-ball model code at P_BALL_BALL (see sim.models.MODELS)")


@kernel(from_python=True, from_kernels=True)
def cushion_reflection(vx, vy, nx, ny, e):
    """Frictionless reflection (docs/physics.md §3.2a): ``v' = v_t - e v_n n``; spin unchanged.

    ``(nx, ny)``: unit normal from the ball into the cushion (``v.n > 0`` at impact).
    """
    vn = vx * nx + vy * ny
    return vx - (1.0 + e) * vn * nx, vy - (1.0 + e) * vn * ny


@kernel(from_python=True)
def cushion_han2005(vx, vy, wx, wy, wz, nx, ny, p):
    """Han 2005 cushion impulse with the contact at nose height (docs/physics.md §3.2b).

    I. Han, "Dynamics in carom and three cushion billiards", J. Mech. Sci. Tech. 19(4), 2005,
    as implemented in pooltool. Cushion frame: ``x = n`` (into the cushion), ``y = z x n``,
    ``z`` up; ``theta_c`` from ``sin = (h - R) / R``. Returns ``(vx, vy, wx, wy, wz)`` (the
    vertical velocity of :func:`cushion_han2005_3d` left out).
    """
    rvx, rvy, _vz, rwx, rwy, rwz = cushion_han2005_3d(vx, vy, wx, wy, wz, nx, ny, p)
    return rvx, rvy, rwx, rwy, rwz


@kernel
def cushion_han2005_3d(vx, vy, wx, wy, wz, nx, ny, p):
    """:func:`cushion_han2005` with the vertical velocity it leaves: ``(vx, vy, vz, wx, wy,
    wz)``, ``vz = max(P_Z / m, 0)`` m/s.

    The contact is the nose edge at height ``h``, ``R cos(theta_c)`` in front of the ball's
    centre and ``R sin(theta_c)`` above it (docs/physics.md §3.2b, docs/physics-airborne.md
    section 2). ``P_Z`` is the vertical part of the cushion's impulse: the tilted normal pushes
    the ball down (``-P_zE sin(theta_c)``), which the rigid slate takes (``vz`` 0); friction at
    the nose pushes it up (``P_xE cos(theta_c)``) when the contact point slips downward. Only
    when the upward part wins does the ball leave the cloth: this needs ``f_c > tan(theta_c)``
    (0.28 at the WPA nose height), since ``|P_xE| <= f_c P_zE``.
    """
    R = p[P_R]
    m = p[P_M]
    e = p[P_E_C]
    mu = p[P_F_C]
    st = p[P_SIN_THETA_C]
    ct = p[P_COS_THETA_C]
    # to the cushion frame: y axis = z x n = (-ny, nx)
    cvx = vx * nx + vy * ny
    cvy = -vx * ny + vy * nx
    cwx = wx * nx + wy * ny
    cwy = -wx * ny + wy * nx
    cwz = wz
    sx = cvx * st + R * cwy
    sy = -cvy - R * cwz * ct + R * cwx * st
    c = cvx * ct
    A = 7.0 / (2.0 * m)
    B = 1.0 / m
    pze = (1.0 + e) * c / B
    s = norm2(sx, sy)
    pzs = s / A
    if pzs <= mu * pze:
        pxe = sx / A
        pye = sy / A
    else:
        pxe = mu * pze * sx / s
        pye = mu * pze * sy / s
    PX = -pxe * st - pze * ct
    PY = pye
    PZ = pxe * ct - pze * st
    I = 0.4 * m * R * R
    cvx += PX / m
    cvy += PY / m
    cwx += -(R / I) * PY * st
    cwy += (R / I) * (PX * st - PZ * ct)
    cwz += (R / I) * PY * ct
    # back to the table frame
    return (
        cvx * nx - cvy * ny,
        cvx * ny + cvy * nx,
        max(PZ / m, 0.0),
        cwx * nx - cwy * ny,
        cwx * ny + cwy * nx,
        cwz,
    )


@kernel(from_python=True, from_kernels=True)
def cushion_mathavan2010(vx, vy, wx, wy, wz, nx, ny, p):
    """Mathavan, Jackson & Parkin 2010 rigid-cushion impact, integrated over normal impulse.

    S. Mathavan, M. R. Jackson, R. M. Parkin, "A theoretical analysis of billiard ball
    dynamics under cushion impacts", Proc. IMechE Part C 224(9):1863-1873, 2010
    (docs/physics.md §3.2c). Two friction contacts: cushion (``mu_w = f_c``) and cloth (``mu_s``).
    Compression runs until the normal speed ``v_y`` reaches 0 (work ``W_c``); restitution
    until the work done after compression reaches ``e_c^2 W_c``. Fixed impulse steps
    ``dP = (1 + e_c) M v_y0 / MATHAVAN_STEPS``. Frame: ``y = n`` into the cushion,
    ``x = n x z``. Returns ``(vx, vy, wx, wy, wz)``.
    """
    R = p[P_R]
    M = p[P_M]
    e = p[P_E_C]
    mu_w = p[P_F_C]
    mu_s = p[P_U_S]
    st = p[P_SIN_THETA_C]
    ct = p[P_COS_THETA_C]
    # x axis = n x z = (ny, -nx); y axis = n
    cvx = vx * ny - vy * nx
    cvy = vx * nx + vy * ny
    cwx = wx * ny - wy * nx
    cwy = wx * nx + wy * ny
    cwz = wz
    if cvy <= 0.0:
        return vx, vy, wx, wy, wz
    dP = (1.0 + e) * M * cvy / MATHAVAN_STEPS
    kw = 5.0 / (2.0 * M * R)
    work = 0.0
    work_c = -1.0
    for _ in range(50 * MATHAVAN_STEPS):
        sx = cvx + cwy * R * st - cwz * R * ct
        sy = -cvy * st + cwx * R
        sxp = cvx - cwy * R
        syp = cvy + cwx * R
        phi = math.atan2(sy, sx)
        phip = math.atan2(syp, sxp)
        cphi = math.cos(phi)
        sphi = math.sin(phi)
        cphip = math.cos(phip)
        sphip = math.sin(phip)
        K = st + mu_w * sphi * ct
        dvx = -(1.0 / M) * (mu_w * cphi + mu_s * cphip * K)
        dvy = -(1.0 / M) * (ct - mu_w * st * sphi + mu_s * sphip * K)
        dwx = -kw * (mu_w * sphi + mu_s * sphip * K)
        dwy = -kw * (mu_w * cphi * st - mu_s * cphip * K)
        dwz = kw * mu_w * cphi * ct
        work += cvy * ct * dP
        cvx += dvx * dP
        cvy += dvy * dP
        cwx += dwx * dP
        cwy += dwy * dP
        cwz += dwz * dP
        if work_c < 0.0:
            if cvy <= 0.0:
                work_c = work
        elif work_c - work >= e * e * work_c:
            break
    if cvy > 0.0:
        cvy = 0.0
    return (
        cvx * ny + cvy * nx,
        -cvx * nx + cvy * ny,
        cwx * ny + cwy * nx,
        -cwx * nx + cwy * ny,
        cwz,
    )


@kernel(from_python=True)
def resolve_cushion(vx, vy, wx, wy, wz, nx, ny, p):
    """Dispatch on the cushion code at ``P_CUSHION`` (the codes of :mod:`sim.models`).

    ``(nx, ny)``: unit normal from the ball centre into the cushion. If a model leaves the
    ball still moving into the cushion (possible for tiny ``e_c`` with a tilted contact), the
    normal velocity is set to 0 so the ball cannot pass through. Returns
    ``(vx, vy, wx, wy, wz)`` (:func:`resolve_cushion_3d` without the vertical velocity).
    Raises ValueError on a code not in the model table (``Params`` never packs one).
    """
    rvx, rvy, _vz, rwx, rwy, rwz = resolve_cushion_3d(vx, vy, wx, wy, wz, nx, ny, p)
    return rvx, rvy, rwx, rwy, rwz


@kernel
def resolve_cushion_3d(vx, vy, wx, wy, wz, nx, ny, p):
    """:func:`resolve_cushion` for a ball on the cloth, with the vertical velocity the cushion
    leaves it: ``(vx, vy, vz, wx, wy, wz)``. ``vz`` (m/s, >= 0) is the upward part of Han's
    impulse (:func:`cushion_han2005_3d`); 0 for the reflection (no vertical impulse) and for
    Mathavan 2010, whose two-contact model keeps the ball on the cloth by construction.
    """
    model = p[P_CUSHION]
    rvz = 0.0
    if model == REFLECTION_CODE:
        rvx, rvy = cushion_reflection(vx, vy, nx, ny, p[P_E_C])
        rwx, rwy, rwz = wx, wy, wz
    elif model == HAN2005_CODE:
        rvx, rvy, rvz, rwx, rwy, rwz = cushion_han2005_3d(vx, vy, wx, wy, wz, nx, ny, p)
    elif model == MATHAVAN2010_CODE:
        rvx, rvy, rwx, rwy, rwz = cushion_mathavan2010(vx, vy, wx, wy, wz, nx, ny, p)
    else:
        raise ValueError("unknown cushion model code at P_CUSHION (see sim.models.MODELS)")
    vn = rvx * nx + rvy * ny
    if vn > 0.0:
        rvx -= vn * nx
        rvy -= vn * ny
    return rvx, rvy, rvz, rwx, rwy, rwz


@kernel(from_python=True, from_kernels=True)
def resolve_cushion_in_flight(vx, vy, vz, wx, wy, wz, nx, ny, nz, p):
    """A flying ball touching a rigid cushion point: the model at ``P_CUSHION`` (the codes of
    :mod:`sim.models`) with the contact's own 3-D normal ``(nx, ny, nz)`` (unit, from the
    centre to the contact point; ``v.n > 0`` closing) and no slate under the ball
    (docs/physics-airborne.md section 2). Returns ``(vx, vy, vz, wx, wy, wz)``, m/s and rad/s.

    - ``reflection``: frictionless, ``v' = v - (1 + e_c) (v.n) n``, spin unchanged.
    - ``han2005``: Han's impulse is the frictional inelastic impulse at the nose contact
      (normal ``(1 + e_c) m v_n``, friction ``min(f_c J_n, 2 m |s_t| / 7)`` against the
      contact slip), its normal fixed at ``theta_c`` by the nose height for a ball on the
      cloth; in flight it is the same impulse about the contact's own normal
      (:func:`sim.kernels.flight.point_impulse`).
    - ``mathavan2010``: Mathavan's integration over the normal impulse with its slate contact
      absent, which has a closed form: the normal impulse passes through the centre, so it
      leaves the contact's tangential slip as it is; the slip keeps its direction and falls
      by ``7 / (2 m)`` per unit of friction impulse until it stops (the point impulse's
      friction), and the normal speed changes by the normal impulse alone, so the energetic
      restitution (work ``e_c^2 W_c`` after compression) gives Newton's ``v_n' = -e_c v_n``:
      the same impulse as ``han2005`` (``tests/sim/test_models.py`` integrates it step by
      step).

    Raises ValueError on a code not in the model table (``Params`` never packs one).
    """
    model = p[P_CUSHION]
    if model == REFLECTION_CODE:
        vn = vx * nx + vy * ny + vz * nz
        if vn <= 0.0:
            return vx, vy, vz, wx, wy, wz
        j = (1.0 + p[P_E_C]) * vn
        return vx - j * nx, vy - j * ny, vz - j * nz, wx, wy, wz
    if model == HAN2005_CODE:
        return point_impulse(vx, vy, vz, wx, wy, wz, nx, ny, nz, p[P_R], p[P_E_C], p[P_F_C])
    if model == MATHAVAN2010_CODE:  # its single-contact limit: the same impulse (docstring)
        return point_impulse(vx, vy, vz, wx, wy, wz, nx, ny, nz, p[P_R], p[P_E_C], p[P_F_C])
    raise ValueError("unknown cushion model code at P_CUSHION (see sim.models.MODELS)")
