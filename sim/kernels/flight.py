"""Airborne balls: closed-form flight, event times in 3-D and the impulses of leaving and
landing (Numba). The model and its sources: docs/physics-airborne.md.

Heights: ``z`` is the height of the ball's lowest point above the cloth, m (0 for a ball on
the cloth; its centre is then at ``R``); ``vz`` its vertical velocity, m/s (up is +). In
flight a ball feels gravity only: the horizontal velocity and the spin stay constant (no air
drag and no Magnus force: both are far below gravity at table speeds, docs/physics-airborne.md
section 1), so every event time below is the root of a polynomial of degree <= 4 in closed
form. Every function is pure; scalars in, scalars out.
"""

from __future__ import annotations

import math

from sim.kernels.jit import kernel
from sim.kernels.roots import first_descent_root, first_descent_root_quadratic

NO_EVENT = math.inf


@kernel(from_python=True, from_kernels=True)
def flight_height(z, vz, dt, g):
    """Height ``z + vz dt - g dt^2 / 2`` after ``dt`` s of free flight, m."""
    return z + vz * dt - 0.5 * g * dt * dt


@kernel(from_python=True)
def flight_vz(vz, dt, g):
    """Vertical velocity ``vz - g dt`` after ``dt`` s of free flight, m/s."""
    return vz - g * dt


@kernel(from_python=True)
def apex_time(vz, g):
    """Time from now to the top of the flight, s: ``vz / g`` when rising, else 0."""
    return vz / g if vz > 0.0 else 0.0


@kernel(from_python=True)
def apex_height(z, vz, g):
    """Greatest height of the flight, m: ``z + vz^2 / (2 g)`` when rising, else ``z``."""
    return z + 0.5 * vz * vz / g if vz > 0.0 else z


@kernel(from_python=True, from_kernels=True)
def descent_time(z, vz, g, level):
    """Time until the height comes down through ``level`` (m), s, or inf if it never does.

    The later root of ``z + vz t - g t^2 / 2 = level``, ``t = (vz + sqrt(vz^2 + 2 g (z -
    level))) / g``, written as ``2 (z - level) / (sqrt(.) - vz)`` when falling so that a ball
    just above ``level`` loses no digits. A ball at ``level`` and not rising lands now (0).
    """
    dz = z - level
    disc = vz * vz + 2.0 * g * dz
    if disc < 0.0:
        return NO_EVENT  # the apex stays below the level
    root = math.sqrt(disc)
    if vz > 0.0:
        return (vz + root) / g
    if dz <= 0.0:
        return 0.0 if dz == 0.0 or vz < 0.0 else NO_EVENT
    return 2.0 * dz / (root - vz)


@kernel(from_python=True, from_kernels=True)
def slate_bounce(vx, vy, vz, wx, wy, wz, R, e_t, mu):
    """A ball arriving at a horizontal surface (``vz < 0``) bounces off it, m/s and rad/s.

    Impulse model of docs/physics-airborne.md section 3 (the sphere-on-wall impulse with
    Coulomb friction of docs/physics.md §3.2 (a'), with the surface below the ball): normal
    impulse per mass ``j_n = (1 + e_t) |vz|``; the slip of the contact point is the cloth
    slip ``u = (vx - R wy, vy + R wx)``; friction per mass ``j_t = min(mu j_n, 2 |u| / 7)``
    against ``u`` (``2 |u| / 7`` stops the slip: ``k = 1/m + R^2/I = 7 / (2 m)``); then
    ``v_xy -= j_t u_hat``, ``vz' = -e_t vz``, ``w += (5 j_t / (2 R)) (z x u_hat)``.
    Returns ``(vx, vy, vz, wx, wy, wz)``.
    """
    jn = (1.0 + e_t) * -vz
    ux = vx - R * wy
    uy = vy + R * wx
    u = math.sqrt(ux * ux + uy * uy)
    if u > 0.0:
        jt = min(mu * jn, 2.0 * u / 7.0)
        hx = ux / u
        hy = uy / u
        k = 2.5 * jt / R
        vx -= jt * hx
        vy -= jt * hy
        wx -= k * hy  # z x u_hat = (-u_y, u_x)
        wy += k * hx
    return vx, vy, -e_t * vz, wx, wy, wz


@kernel(from_python=True, from_kernels=True)
def settles(vz_up, g, cutoff):
    """True when a ball leaving a surface at ``vz_up`` (m/s) would rise less than ``cutoff``
    (m): it then stays on the surface (``vz := 0``) instead of bouncing again."""
    return 0.5 * vz_up * vz_up / g < cutoff


@kernel(from_python=True, from_kernels=True)
def point_impulse(vx, vy, vz, wx, wy, wz, nx, ny, nz, R, e, mu):
    """Frictional inelastic impulse at a rigid point contact in direction ``n`` from the centre.

    docs/physics.md §3.2 (a') with the 3-D normal (pooltool's ``impulse_frictional_inelastic``
    uses the same model at the cushion nose): ``(nx, ny, nz)`` is the unit vector from the ball
    centre to the contact point, ``v.n > 0`` closing. Per unit mass ``j_n = (1 + e) v.n``; the
    contact slip ``s = v + w x (R n)`` less its normal part, ``s_t``; ``j_t = min(mu j_n,
    2 |s_t| / 7)``; ``dv = -j_n n - j_t s_t_hat``, ``dw = (5 / (2 R)) n x dv``.
    Returns ``(vx, vy, vz, wx, wy, wz)`` unchanged when the contact is not closing.
    """
    vn = vx * nx + vy * ny + vz * nz
    if vn <= 0.0:
        return vx, vy, vz, wx, wy, wz
    jn = (1.0 + e) * vn
    # w x (R n)
    sx = vx + R * (wy * nz - wz * ny)
    sy = vy + R * (wz * nx - wx * nz)
    sz = vz + R * (wx * ny - wy * nx)
    sn = sx * nx + sy * ny + sz * nz
    tx = sx - sn * nx
    ty = sy - sn * ny
    tz = sz - sn * nz
    st = math.sqrt(tx * tx + ty * ty + tz * tz)
    dvx = -jn * nx
    dvy = -jn * ny
    dvz = -jn * nz
    if st > 0.0:
        jt = min(mu * jn, 2.0 * st / 7.0)
        dvx -= jt * tx / st
        dvy -= jt * ty / st
        dvz -= jt * tz / st
    k = 2.5 / R
    return (
        vx + dvx,
        vy + dvy,
        vz + dvz,
        wx + k * (ny * dvz - nz * dvy),
        wy + k * (nz * dvx - nx * dvz),
        wz + k * (nx * dvy - ny * dvx),
    )


@kernel(from_python=True, from_kernels=True)
def pair_impulse(v1, w1, v2, w2, n, R, e, mu):
    """Equal balls in contact with the 3-D line of centres ``n`` (unit, ball 1 to ball 2).

    docs/physics.md §3.1 (c) with a 3-D normal: ``J_n / m = (1 + e) (v1 - v2).n / 2``; slip
    ``s = v1 - v2 + R (w1 + w2) x n``, tangential part ``s_t``; ``J_t / m = min(mu J_n / m,
    |s_t| / 7)``; ball 1 gets ``dv = -J_n n - J_t s_t_hat`` (per mass), ball 2 the opposite;
    both get ``dw = (5 / (2 R)) n x dv``. ``v1``, ``w1``, ``v2``, ``w2``, ``n``: float64
    arrays of shape (3,), changed in place (only when the pair is closing).
    """
    ap = (v1[0] - v2[0]) * n[0] + (v1[1] - v2[1]) * n[1] + (v1[2] - v2[2]) * n[2]
    if ap <= 0.0:
        return
    jn = 0.5 * (1.0 + e) * ap
    wsx = w1[0] + w2[0]
    wsy = w1[1] + w2[1]
    wsz = w1[2] + w2[2]
    sx = v1[0] - v2[0] + R * (wsy * n[2] - wsz * n[1])
    sy = v1[1] - v2[1] + R * (wsz * n[0] - wsx * n[2])
    sz = v1[2] - v2[2] + R * (wsx * n[1] - wsy * n[0])
    sn = sx * n[0] + sy * n[1] + sz * n[2]
    tx = sx - sn * n[0]
    ty = sy - sn * n[1]
    tz = sz - sn * n[2]
    st = math.sqrt(tx * tx + ty * ty + tz * tz)
    dv0 = -jn * n[0]
    dv1 = -jn * n[1]
    dv2 = -jn * n[2]
    if st > 0.0:
        jt = min(mu * jn, st / 7.0)
        dv0 -= jt * tx / st
        dv1 -= jt * ty / st
        dv2 -= jt * tz / st
    k = 2.5 / R
    dwx = k * (n[1] * dv2 - n[2] * dv1)
    dwy = k * (n[2] * dv0 - n[0] * dv2)
    dwz = k * (n[0] * dv1 - n[1] * dv0)
    v1[0] += dv0
    v1[1] += dv1
    v1[2] += dv2
    v2[0] -= dv0
    v2[1] -= dv1
    v2[2] -= dv2
    w1[0] += dwx
    w1[1] += dwy
    w1[2] += dwz
    w2[0] += dwx
    w2[1] += dwy
    w2[2] += dwz


@kernel(from_python=True, from_kernels=True)
def pair_contact_time(c, b, a, D, T):
    """First time in [0, T] at which ``|a t^2 + b t + c| = D`` while closing, s, or inf.

    ``c``, ``b``, ``a``: float64 (3,) arrays: the centre offset from ball 1 to ball 2 now, its
    rate and half its (constant) second derivative, in 3-D (a flying ball has ``a_z = -g/2``
    relative to one on the cloth). Squared: the quartic of docs/physics.md §2.3 with the
    vertical terms added, solved by the engine's contact rule (``first_descent_root``).
    """
    dist = math.sqrt(c[0] * c[0] + c[1] * c[1] + c[2] * c[2])
    c4 = a[0] * a[0] + a[1] * a[1] + a[2] * a[2]
    c3 = 2.0 * (a[0] * b[0] + a[1] * b[1] + a[2] * b[2])
    c2 = b[0] * b[0] + b[1] * b[1] + b[2] * b[2] + 2.0 * (a[0] * c[0] + a[1] * c[1] + a[2] * c[2])
    c1 = 2.0 * (b[0] * c[0] + b[1] * c[1] + b[2] * c[2])
    if c4 == 0.0 and c3 == 0.0 and c2 == 0.0:
        return NO_EVENT
    return first_descent_root((dist - D) * (dist + D), c1, c2, c3, c4, T)


@kernel(from_python=True)
def nose_offset(R, h):
    """How far in front of the cushion line (towards the balls) the nose edge sits, m:
    ``R (1 - cos theta_c)``.

    The engine's cushion lines are where a ball on the cloth touches (centre distance R,
    docs/physics.md §2.4); the nose edge at height ``h`` touches that ball at the horizontal
    distance ``R cos theta_c`` (§3.2), so the edge lies this far in front of the line. Setting
    it there makes the 3-D edge contact and the cloth contact the same event for a ball on the
    cloth (docs/physics-airborne.md section 4).
    """
    s = (h - R) / R
    return R * (1.0 - math.sqrt(1.0 - s * s))


@kernel
def beside_window(px, py, vx, vy, seg, T):
    """``(t_in, t_out)``, s from now: the part of [0, T] during which a centre moving at
    constant (vx, vy) from (px, py) projects onto segment ``seg`` (a row ``x1, y1, x2, y2, ...``;
    its foot fraction ``s(t) = s0 + s1 t`` is linear, so the part is one interval); ``t_in >=
    t_out`` when there is none. Pure."""
    dx = seg[2] - seg[0]
    dy = seg[3] - seg[1]
    length2 = dx * dx + dy * dy
    s0 = ((px - seg[0]) * dx + (py - seg[1]) * dy) / length2
    s1 = (vx * dx + vy * dy) / length2
    if s1 == 0.0:
        return (0.0, T) if 0.0 <= s0 <= 1.0 else (T, 0.0)
    ta = -s0 / s1
    tb = (1.0 - s0) / s1
    if 0.0 <= s0 <= 1.0:
        return 0.0, min(T, max(ta, tb))
    return max(0.0, min(ta, tb)), min(T, max(ta, tb))


@kernel
def _edge_quartic_root(d0, d1, e0, e1, e2, R, T):
    """First closing root in [0, T] of ``d(t)^2 + e(t)^2 = R^2`` with ``d = d0 + d1 t`` and
    ``e = e0 + e1 t + e2 t^2`` (the centre's horizontal distance to a nose edge's line and its
    height over it), s, or inf; a cheap reach test first."""
    dist = math.sqrt(d0 * d0 + e0 * e0)
    reach = (abs(d1) + abs(e1)) * T + abs(e2) * T * T
    if dist - R > reach:
        return NO_EVENT
    c4 = e2 * e2
    c3 = 2.0 * e1 * e2
    c2 = d1 * d1 + e1 * e1 + 2.0 * e0 * e2
    c1 = 2.0 * (d0 * d1 + e0 * e1)
    return first_descent_root((dist - R) * (dist + R), c1, c2, c3, c4, T)


@kernel(from_python=True, from_kernels=True)
def edge_contact_time(px, py, zc, vx, vy, vz, seg, edge_h, offset, R, g, T):
    """First contact of a flying ball with a cushion's nose edge, s from now, or inf.

    The edge is the horizontal line ``offset`` m in front of the cushion line ``seg`` (a row
    ``x1, y1, x2, y2, nx, ny`` with ``n`` toward the balls) at height ``edge_h`` above the
    cloth; ``zc`` is the ball centre's height (``z + R``). With the horizontal distance to the
    edge ``d(t) = d0 + d1 t`` and the height over it ``e(t) = e0 + e1 t - g t^2 / 2``, the
    contact is the first closing root of ``d^2 + e^2 = R^2`` (a quartic) whose foot lies on the
    segment. When the first root of the whole line lies beyond the segment's ends (a ball
    passing the line's extension, where there is no edge), the roots are searched again from
    the time the centre comes beside the segment (:func:`beside_window`): that first root
    must not hide a later one on the edge.
    """
    nx = seg[4]
    ny = seg[5]
    d0 = nx * (px - seg[0]) + ny * (py - seg[1]) - offset
    d1 = nx * vx + ny * vy
    e0 = zc - edge_h
    e2 = -0.5 * g
    t = _edge_quartic_root(d0, d1, e0, vz, e2, R, T)
    if t == NO_EVENT:
        return NO_EVENT
    dx = seg[2] - seg[0]
    dy = seg[3] - seg[1]
    s = ((px + vx * t - seg[0]) * dx + (py + vy * t - seg[1]) * dy) / (dx * dx + dy * dy)
    if 0.0 <= s <= 1.0:
        return t
    t_in, t_out = beside_window(px, py, vx, vy, seg, T)
    if not t < t_in < t_out:
        return NO_EVENT  # beside the segment before that root, or never: no contact
    # the quartic again, in the time from t_in
    t = _edge_quartic_root(d0 + d1 * t_in, d1, e0 + (vz + e2 * t_in) * t_in,
                           vz + 2.0 * e2 * t_in, e2, R, t_out - t_in)  # fmt: skip
    return t_in + t if t < NO_EVENT else NO_EVENT


@kernel
def corner_contact_time(px, py, zc, vx, vy, vz, qx, qy, qz, R, g, T):
    """First contact of a flying ball with the point (qx, qy, qz) (an end of a nose edge), s
    from now, or inf: the closing root in [0, T] of ``|q - c(t)|^2 = R^2`` with the centre
    ``c(t) = (px + vx t, py + vy t, zc + vz t - g t^2 / 2)`` (a quartic; docs/physics-airborne.md
    section 4). An edge's ends are where a ball can reach the edge from beside it."""
    cx = qx - px
    cy = qy - py
    cz = qz - zc
    dist = math.sqrt(cx * cx + cy * cy + cz * cz)
    reach = (abs(vx) + abs(vy) + abs(vz)) * T + 0.5 * g * T * T
    if dist - R > reach:
        return NO_EVENT
    az = 0.5 * g
    c4 = az * az
    c3 = -2.0 * az * vz
    c2 = vx * vx + vy * vy + vz * vz + 2.0 * az * cz
    c1 = -2.0 * (vx * cx + vy * cy + vz * cz)
    return first_descent_root((dist - R) * (dist + R), c1, c2, c3, c4, T)


@kernel(from_python=True, from_kernels=True)
def edge_normal(px, py, zc, seg, edge_h, offset):
    """Unit 3-D vector ``(nx, ny, nz)`` from a ball centre to its nearest point of a cushion's
    nose edge (see :func:`edge_contact_time`; beyond the edge's ends, the nearer end), and the
    distance to it, m."""
    nx = seg[4]
    ny = seg[5]
    dx = seg[2] - seg[0]
    dy = seg[3] - seg[1]
    s = ((px - seg[0]) * dx + (py - seg[1]) * dy) / (dx * dx + dy * dy)
    s = min(max(s, 0.0), 1.0)
    # the nearest point of the edge: the foot on the segment, moved offset onto the table
    ex = seg[0] + s * dx + offset * nx - px
    ey = seg[1] + s * dy + offset * ny - py
    ez = edge_h - zc
    dist = math.sqrt(ex * ex + ey * ey + ez * ez)
    return ex / dist, ey / dist, ez / dist, dist


@kernel(from_python=True, from_kernels=True)
def post_contact_time(px, py, zc, vx, vy, cx, cy, radius, top, R, T):
    """First contact of a flying ball with a vertical post (a knuckle) of ``radius`` m about
    (cx, cy) whose top is ``top`` m above the cloth, s, or inf.

    The post's side is touched when the horizontal centre distance falls to ``R + radius``
    (uniform horizontal motion: a quadratic); a ball whose lowest point is then at or above
    ``top`` passes over it, one lower touches its side (the post's top edge is taken as the
    side, so no ball passes through it; docs/physics-airborne.md section 4). ``zc`` is the
    centre height now; the caller checks the height at the returned time.
    """
    ox = px - cx
    oy = py - cy
    big = R + radius
    c0 = (ox * ox + oy * oy) - big * big
    c1 = 2.0 * (ox * vx + oy * vy)
    c2 = vx * vx + vy * vy
    if c2 == 0.0:
        return NO_EVENT
    return first_descent_root_quadratic(c0, c1, c2, T)


@kernel(from_python=True, from_kernels=True)
def exit_time(px, py, vx, vy, xlo, ylo, xhi, yhi):
    """Time until a centre moving at constant (vx, vy) leaves the box [xlo, xhi] x [ylo, yhi],
    s (0 if it is already outside and not coming back in along that axis), or inf."""
    t = NO_EVENT
    if vx > 0.0:
        t = min(t, max(0.0, (xhi - px) / vx))
    elif vx < 0.0:
        t = min(t, max(0.0, (xlo - px) / vx))
    if vy > 0.0:
        t = min(t, max(0.0, (yhi - py) / vy))
    elif vy < 0.0:
        t = min(t, max(0.0, (ylo - py) / vy))
    return t


@kernel(from_python=True, from_kernels=True)
def over_rail_top(px, py, seg, offset, rail_width):
    """True when the centre (px, py) lies over the top of the rail behind cushion ``seg``:
    between the nose edge (``offset`` in front of the cushion line) and the outer edge
    (``rail_width`` behind the line), and beside the segment."""
    d = seg[4] * (px - seg[0]) + seg[5] * (py - seg[1])
    if d > offset or d < -rail_width:
        return False
    dx = seg[2] - seg[0]
    dy = seg[3] - seg[1]
    s = ((px - seg[0]) * dx + (py - seg[1]) * dy) / (dx * dx + dy * dy)
    return 0.0 <= s <= 1.0


@kernel
def slide_off(v1, v2, n, hop_speed):
    """Persistent contact of two balls, one resting on the other (docs/physics-notes.md, "Ball
    on a ball"): the upper one cannot stay, it slides and hops off.

    ``v1``, ``v2``: float64 (3,) velocities, m/s, changed in place; ``n``: unit (3,) line of
    centres from ball 1 to ball 2; ``hop_speed``: separating speed along ``n`` to give, m/s.
    The pair's relative velocity is turned in the centre-of-mass frame, its magnitude ``s``
    kept (so momentum and kinetic energy are both kept): a separating part ``min(s,
    hop_speed)`` along the line of centres and the rest along the relative sliding direction
    (or, for no sliding, downhill: away from the other ball's top). Every contact so resolved
    starts a hop of finite length, so the slide is a finite sequence of hops and never a
    Zeno chain. Returns False (nothing changed) when the balls are at rest relative to each
    other.
    """
    rx = v1[0] - v2[0]
    ry = v1[1] - v2[1]
    rz = v1[2] - v2[2]
    s = math.sqrt(rx * rx + ry * ry + rz * rz)
    if s == 0.0:
        return False
    rn = rx * n[0] + ry * n[1] + rz * n[2]
    tx = rx - rn * n[0]
    ty = ry - rn * n[1]
    tz = rz - rn * n[2]
    st = math.sqrt(tx * tx + ty * ty + tz * tz)
    if st == 0.0:  # no sliding: slide downhill, the tangent direction with the most fall
        tx = -n[2] * n[0]
        ty = -n[2] * n[1]
        tz = n[2] * n[2] - 1.0
        if n[2] < 0.0:
            tx, ty, tz = -tx, -ty, -tz
        st = math.sqrt(tx * tx + ty * ty + tz * tz)
        if st == 0.0:
            tx, ty, tz, st = 1.0, 0.0, 0.0, 1.0
    u = min(s, hop_speed)
    w = math.sqrt(max(s * s - u * u, 0.0)) / st
    # relative velocity: -u n (ball 1 moves away from ball 2) plus w t
    nrx = -u * n[0] + w * tx
    nry = -u * n[1] + w * ty
    nrz = -u * n[2] + w * tz
    for k, r in ((0, nrx), (1, nry), (2, nrz)):
        c = 0.5 * (v1[k] + v2[k])
        v1[k] = c + 0.5 * r
        v2[k] = c - 0.5 * r
    return True
