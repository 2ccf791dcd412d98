"""Contact geometry and the Zeno "stick" of the event loop (Numba).

Balls that keep pressing on each other or on a cushion (Zeno chains, docs/physics.md §2.9 item
8) are handled by a dissipative stick: see ``ZENO_SPEED`` in :mod:`sim.constants`, which states
why it is our approximation and not a published model.
"""

from __future__ import annotations

import math

import numpy as np

from sim.constants import BOUNCE_SETTLE_HEIGHT, TOUCH_TOL, ZENO_SPEED
from sim.kernels.detect import segment_fraction
from sim.kernels.flight import edge_normal, slide_off
from sim.kernels.jit import kernel
from sim.kernels.landing import pair_contact, place, place_pair
from sim.kernels.motion import AIRBORNE, OFF_TABLE, POCKETED, classify, norm2
from sim.kernels.predict import height_at, set_segment, state_at
from sim.params import P_CUSHION_H, P_G, P_R


@kernel
def rolled_out_velocity(vx, vy, wx, wy, R):
    """Velocity at the end of the sliding phase (docs/physics.md §1.2): ``v - (2/7) u``, m/s.

    ``u = (vx - R wy, vy + R wx)`` is the cloth-contact slip. Equivalent to letting kinetic
    friction finish at once: it never adds energy. The ball then rolls (``w_xy = z x v / R``).
    """
    ux = vx - R * wy
    uy = vy + R * wx
    return vx - 2.0 * ux / 7.0, vy - 2.0 * uy / 7.0


@kernel
def cushion_normal_gap(c, px, py, segments, arcs, R):
    """Unit normal ``(nx, ny)`` from a ball centre at (px, py) into cushion ``c`` and the gap.

    ``c`` < ns: straight cushion (segment row ``c``, its normal reversed); otherwise knuckle
    ``c - ns``. The gap (m) is the surface distance, negative when the ball overlaps the
    cushion (contact offset R, docs/physics.md §2.4 and §2.5). Pure.
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


@kernel(allocates=True)
def stick_group(seed_a, seed_b, t, seg, model, changed):
    """Zeno stick: the balls touching ``seed_a`` / ``seed_b`` (transitively) move as one.

    The group is every on-table ball connected to the seeds through pressing contacts
    (centres within ``2R + TOUCH_TOL`` and normal relative speed below ZENO_SPEED). All
    members take the mean velocity and spin (a perfectly inelastic,
    gripping contact), then finish sliding (:func:`rolled_out_velocity`), then lose any common
    velocity into a cushion a member touches. Each step only removes energy, and identical
    motions never meet again, which ends the chain. ``seed_b`` may equal ``seed_a`` (a ball
    pressing on a cushion). Mutates the segment arrays of the members and sets ``changed[k]``
    True for each; returns the member count.
    """
    S = seg.state
    p = model.p
    segments = model.segments
    arcs = model.arcs
    n = S.shape[0]
    R = p[P_R]
    D = 2.0 * R
    cur = np.empty((n, 7))
    for k in range(n):
        changed[k] = False
        px, py, vx, vy, wx, wy, wz = state_at(k, t, seg, p)
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
        if seed >= 0 and not changed[seed]:
            changed[seed] = True
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
            if changed[m] or S[m] in (POCKETED, AIRBORNE, OFF_TABLE):
                continue
            dx = cur[m, 0] - cur[k, 0]
            dy = cur[m, 1] - cur[k, 1]
            dist = norm2(dx, dy)
            if dist > D + TOUCH_TOL:
                continue
            # only balls pressing on the group, not ones leaving it or about to hit it hard
            vrel = ((cur[m, 2] - cur[k, 2]) * dx + (cur[m, 3] - cur[k, 3]) * dy) / dist
            if abs(vrel) < ZENO_SPEED:
                changed[m] = True
                stack[top] = m
                top += 1
    vx, vy = rolled_out_velocity(
        sums[0] / count, sums[1] / count, sums[2] / count, sums[3] / count, R
    )
    wz = sums[4] / count
    ns = segments.shape[0]
    for _ in range(2):  # two passes: a corner can involve two cushions
        for k in range(n):
            if changed[k]:
                vx, vy = cushion_cut(cur[k, 0], cur[k, 1], vx, vy, segments, arcs, R, ns)
    wx = -vy / R
    wy = vx / R
    st, vx, vy, wx, wy, wz = classify(vx, vy, wx, wy, wz, R)
    for k in range(n):
        if changed[k]:
            set_segment(k, t, st, cur[k, 0], cur[k, 1], vx, vy, wx, wy, wz, seg, p)
    return count


@kernel
def touching_cushion(c, px, py, segments, arcs, R, ns):
    """``(touching, nx, ny)``: whether a ball at (px, py) touches cushion ``c`` (gap within
    TOUCH_TOL and, for a straight cushion, the centre projecting onto the segment), and the
    cushion's unit normal toward the ball. Pure."""
    nx, ny, gap = cushion_normal_gap(c, px, py, segments, arcs, R)
    if gap > TOUCH_TOL:
        return False, nx, ny
    if c < ns:
        sproj = segment_fraction(
            px, py, segments[c, 0], segments[c, 1], segments[c, 2], segments[c, 3]
        )
        if sproj < 0.0 or sproj > 1.0:
            return False, nx, ny
    return True, nx, ny


@kernel
def cushion_cut(px, py, vx, vy, segments, arcs, R, ns):
    """Velocity (vx, vy) less its part into every cushion a ball at (px, py) touches, m/s.

    Touching: gap within TOUCH_TOL and, for a straight cushion, the centre projecting onto
    the segment. Used by the Zeno stick; pure.
    """
    for c in range(ns + arcs.shape[0]):
        touching, nx, ny = touching_cushion(c, px, py, segments, arcs, R, ns)
        if not touching:
            continue
        vn = vx * nx + vy * ny
        if vn > 0.0:
            vx -= vn * nx
            vy -= vn * ny
    return vx, vy


@kernel(allocates=True)
def air_pair_persistent(i, j, t, seg, model, recent, changed):
    """Balls ``i < j``, one of them flying, touch in a persistent contact: resolved by the
    slide-off of :func:`sim.kernels.flight.slide_off` instead of the collision impulse.

    Persistent: no closing speed along the 3-D line of centres, or one below ZENO_SPEED when
    the pair already touched less than ZENO_WINDOW before (``recent``): the hops of a ball on
    top of another have shrunk to nothing (docs/physics-notes.md, "Ball on a ball"). Returns
    ``(done, speed, x, y)``: ``done`` False (nothing changed) when the contact is a collision
    or the line of centres is vertical; else the approach speed (>= 0, m/s) and ball ``i``'s
    centre. A ball on the cloth keeps to it (no downward velocity into the slate). A flying
    ball resting on top of a ball on the cloth slides off it by :func:`ride_off` when it is
    too slow to leave the sphere at once (the turn alone would shrink to nothing); when that
    slide's end is taken (a cushion, a flying ball, a ball on the cloth whose groove cannot
    hold it) and the pair's relative speed is below ZENO_SPEED (the turn's hops would shrink
    with it), the slide is turned round the lower ball instead.
    """
    p = model.p
    n, _dist, speed, pix, piy, zi, pjx, pjy, zj, v1, w1, v2, w2 = pair_contact(i, j, t, seg, p)
    if not (speed <= 0.0 or (speed < ZENO_SPEED and recent)):
        return False, speed, pix, piy
    if ride_off(i, j, t, seg, model, changed, False):
        return True, max(speed, 0.0), pix, piy
    rel = v1 - v2
    # the turn's hops would shrink with the relative speed: let a cushion turn the slide
    slow = math.sqrt(rel[0] ** 2 + rel[1] ** 2 + rel[2] ** 2) < ZENO_SPEED
    if slow and ride_off(i, j, t, seg, model, changed, True):
        return True, max(speed, 0.0), pix, piy
    if not slide_off(v1, v2, n, math.sqrt(2.0 * p[P_G] * BOUNCE_SETTLE_HEIGHT)):
        return False, speed, pix, piy
    place_pair(i, j, t, pix, piy, zi, v1, w1, pjx, pjy, zj, v2, w2, seg, p, changed)
    return True, max(speed, 0.0), pix, piy


#: What :func:`_spot_blocker` returns for a spot that is free, and for one inside a cushion.
SPOT_FREE = -1
SPOT_IN_CUSHION = -2


@kernel
def _spot_blocker(u, x, y, z, t, seg, model):
    """What takes the spot of ball ``u`` with its centre at (x, y) m and height ``z`` m at
    ``t`` s: the lowest-numbered other ball in play it would overlap (3-D centre distance
    < 2R), else SPOT_IN_CUSHION when it overlaps a cushion in plan view or, above the cloth,
    a straight cushion's nose edge in 3-D (closer than R to the edge or its ends: the edge
    sits in front of the cushion line, so a flying ball can clear the line and still be into
    the edge; fuzz 12:76452), else SPOT_FREE."""
    p = model.p
    R = p[P_R]
    D = 2.0 * R
    S = seg.state
    for k in range(S.shape[0]):
        if k == u or S[k] in (POCKETED, OFF_TABLE):
            continue
        kx, ky, _vx, _vy, _wx, _wy, _wz = state_at(k, t, seg, p)
        kz, _kvz = height_at(k, t, seg, p)
        dx = kx - x
        dy = ky - y
        dz = kz - z
        if dx * dx + dy * dy + dz * dz < D * D * (1.0 - 1e-12):
            return k
    segments = model.segments
    ns = segments.shape[0]
    for c in range(ns + model.arcs.shape[0]):
        _nx, _ny, gap = cushion_normal_gap(c, x, y, segments, model.arcs, R)
        if gap >= 0.0:
            continue
        if c < ns:
            s = segment_fraction(
                x, y, segments[c, 0], segments[c, 1], segments[c, 2], segments[c, 3]
            )
            if s < 0.0 or s > 1.0:
                continue
        return SPOT_IN_CUSHION
    if z > 0.0:
        for c in range(ns):
            _ex, _ey, _ez, dist = edge_normal(
                x, y, z + R, segments[c], p[P_CUSHION_H], model.rim[1]
            )
            if dist < R * (1.0 - 1e-12):
                return SPOT_IN_CUSHION
    return SPOT_FREE


@kernel
def _energy_scale(uvx, uvy, uvz, uz, fvx, fvy, wx, wy, wz, nz, g):
    """The factor ``k`` in [0, 1] by which a ball moved from height ``uz`` (velocity ``uv``) to
    height ``nz`` m with velocity ``f + k w`` (a frame velocity ``f`` on the cloth plus a
    relative one ``w``, m/s) keeps its energy per mass (``v^2 / 2 + g z``) from rising; -1.0
    when no such ``k`` exists (the new spot alone is too high)."""
    before = uvx * uvx + uvy * uvy + uvz * uvz + 2.0 * g * uz
    a = wx * wx + wy * wy + wz * wz
    b = 2.0 * (fvx * wx + fvy * wy)
    c = fvx * fvx + fvy * fvy + 2.0 * g * nz - before
    if a + b + c <= 0.0:
        return 1.0
    disc = b * b - 4.0 * a * c
    if c > 0.0 or disc < 0.0:
        return -1.0
    return min(max((-b + math.sqrt(disc)) / (2.0 * a), 0.0), 1.0)


#: Step (rad) of the search round the lower ball for a slide off it that a cushion deflects.
WALL_TURN_STEP = math.pi / 180.0


@kernel
def wall_turned_meridian(u, lx, ly, ex, ey, reach, z, t, seg, model):
    """The downhill direction ``(ex, ey)`` of a slide off a ball at (lx, ly) whose separation
    spot (``reach`` m out along it, at height ``z`` m) is taken (inside a cushion, or by a ball
    that cannot hold the slide: see :func:`ride_off`), turned round the
    vertical by the smallest angle (in steps of WALL_TURN_STEP, the counter-clockwise turn
    first at each size) that puts the spot of ball ``u`` clear of every cushion and ball;
    ``(0.0, 0.0)`` when no direction does (docs/physics-notes.md, "A slide off a ball that runs
    into a cushion"). Pure."""
    steps = int(math.pi / WALL_TURN_STEP)
    for k in range(1, steps + 1):
        for sign in (1.0, -1.0):
            a = sign * k * WALL_TURN_STEP
            ca = math.cos(a)
            sa = math.sin(a)
            tx = ca * ex - sa * ey
            ty = sa * ex + ca * ey
            if _spot_blocker(u, lx + reach * tx, ly + reach * ty, z, t, seg, model) == SPOT_FREE:
                return tx, ty
    return 0.0, 0.0


@kernel(from_python=True, from_kernels=True)
def ride_off(i, j, t, seg, model, changed, wall_turn):
    """A flying ball resting on a ball on the cloth (``i``, ``j`` in either role) slides off it
    in one step: the closed form of a frictionless slide down the lower ball's sphere, driven
    by the upper ball's weight (docs/physics-notes.md, "Ball on a ball").

    In the lower ball's frame the upper centre starts at polar angle ``theta0`` from the
    vertical (``cos theta0 = dz / 2R``) with the pair's relative speed ``s`` and leaves the
    sphere where the normal force vanishes, ``cos theta_s = (s^2 / (g 2R) + 2 cos theta0) / 3``,
    with speed ``sqrt(s^2 + 2 g 2R (cos theta0 - cos theta_s))``, downhill along the meridian of
    its horizontal offset (the relative velocity's direction, or +x, when exactly on top: a
    deterministic fall from the balanced spot). The upper ball is placed there at once (the
    slide's duration, a few tens of ms, is not simulated) with a hop of at most the settling
    speed off the sphere; its velocity is scaled down when needed so that total energy
    (kinetic + m g z) never rises. When the spot is taken by a ball on the cloth the slide runs
    into it: :func:`groove_slide` takes over; when the spot is inside a cushion, taken by a
    flying ball, or by a ball on the cloth whose groove slide is refused, and ``wall_turn`` is
    True, the slide is turned round the lower ball (:func:`wall_turned_meridian`; the caller
    asks for it when the pair's relative speed is below ZENO_SPEED, where the turn of
    :func:`sim.kernels.flight.slide_off` would hop by ever less). Returns False, changing
    nothing, when the upper ball is not above the lower one's equator, has already reached the
    separation angle, or the spot is taken and ``wall_turn`` is False (the groove slide
    refused), or no turn clears it.
    """
    p = model.p
    S = seg.state
    if S[i] == AIRBORNE and S[j] != AIRBORNE:
        u, low = i, j
    elif S[j] == AIRBORNE and S[i] != AIRBORNE:
        u, low = j, i
    else:
        return False
    R = p[P_R]
    D = 2.0 * R
    g = p[P_G]
    ux, uy, uvx, uvy, uwx, uwy, uwz = state_at(u, t, seg, p)
    lx, ly, lvx, lvy, _lwx, _lwy, _lwz = state_at(low, t, seg, p)
    uz, uvz = height_at(u, t, seg, p)
    hx = ux - lx
    hy = uy - ly
    h = math.sqrt(hx * hx + hy * hy)
    cos0 = uz / D
    if cos0 <= 0.0 or cos0 > 1.0:
        return False
    rx = uvx - lvx
    ry = uvy - lvy
    rz = uvz
    s2 = rx * rx + ry * ry + rz * rz
    cos_s = (s2 / (g * D) + 2.0 * cos0) / 3.0
    if cos_s >= cos0:
        return False  # fast enough to leave now: the turn of slide_off does it
    if h > 1e-12 * D:
        ex = hx / h
        ey = hy / h
    else:
        rh = math.sqrt(rx * rx + ry * ry)
        ex, ey = (rx / rh, ry / rh) if rh > 0.0 else (1.0, 0.0)
    sin_s = math.sqrt(max(1.0 - cos_s * cos_s, 0.0))
    nx = lx + D * sin_s * ex
    ny = ly + D * sin_s * ey
    nz = D * cos_s
    blocker = _spot_blocker(u, nx, ny, nz, t, seg, model)
    # the slide runs into another ball on the cloth: the upper ball drops into the groove
    # between the two and slides off across it
    on_cloth = blocker >= 0 and S[blocker] != AIRBORNE
    if on_cloth and groove_slide(u, low, blocker, t, seg, model, changed):
        return True
    if blocker != SPOT_FREE:
        if not wall_turn:
            return False
        # the slide runs into a cushion, a ball in the air, or a ball on the cloth whose groove
        # cannot hold it (the two lower balls part faster than it could drop in): it is turned
        # round the lower ball (docs/physics-notes.md, "A slide off a ball that runs into a
        # cushion")
        ex, ey = wall_turned_meridian(u, lx, ly, ex, ey, D * sin_s, nz, t, seg, model)
        if ex == 0.0 and ey == 0.0:
            return False
        nx = lx + D * sin_s * ex
        ny = ly + D * sin_s * ey
    speed = math.sqrt(s2 + 2.0 * g * D * (cos0 - cos_s))
    # the relative velocity leaves along the outward normal (a hop) and the downhill tangent
    hop = min(speed, math.sqrt(2.0 * g * BOUNCE_SETTLE_HEIGHT))
    along = math.sqrt(max(speed * speed - hop * hop, 0.0))
    wx = hop * sin_s * ex + along * cos_s * ex
    wy = hop * sin_s * ey + along * cos_s * ey
    wz = hop * cos_s - along * sin_s
    # energy guard: scale the relative velocity by k in [0, 1] so that E_after <= E_before
    k = _energy_scale(uvx, uvy, uvz, uz, lvx, lvy, wx, wy, wz, nz, g)
    if k < 0.0:
        return False
    place(u, t, nx, ny, nz, lvx + k * wx, lvy + k * wy, k * wz, uwx, uwy, uwz, seg, p)
    changed[i] = True
    changed[j] = True
    return True


@kernel(inline=True)
def _groove_exit(u, side, s2, cos0, g, rho, mx, my, cx, cy, t, seg, model):
    """Where the upper ball of a groove slide leaves the circle of radius ``rho`` m about the
    groove's midpoint (mx, my) on side ``side`` (+1 or -1 along the unit across-direction
    (cx, cy)), starting at ``cos0`` from the vertical with squared speed ``s2`` m^2/s^2 along
    the circle: ``cos phi_s = (s2 / (g rho) + 2 cos0) / 3`` (docs/physics-notes.md, "Ball in a
    groove"). Returns ``(cos_s, sin_s, ex, ey, nx, ny, nz, blocker)``: the exit angle, the
    outward direction, the centre there (m) and what takes that spot (:func:`_spot_blocker`);
    ``cos_s >= cos0`` means the ball is fast enough to leave at once (then the rest is unset)."""
    cos_s = (s2 / (g * rho) + 2.0 * cos0) / 3.0
    if cos_s >= cos0:
        return cos_s, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, SPOT_FREE
    sin_s = math.sqrt(max(1.0 - cos_s * cos_s, 0.0))
    ex = side * cx
    ey = side * cy
    nx = mx + rho * sin_s * ex
    ny = my + rho * sin_s * ey
    nz = rho * cos_s
    return cos_s, sin_s, ex, ey, nx, ny, nz, _spot_blocker(u, nx, ny, nz, t, seg, model)


@kernel(from_python=True, from_kernels=True)
def groove_slide(u, a, b, t, seg, model, changed):
    """Flying ball ``u`` drops into the groove between balls ``a`` and ``b`` on the cloth (its
    slide off ``a`` runs into ``b``) and slides off across it in one step
    (docs/physics-notes.md, "Ball in a groove").

    Resting on both, the upper centre is on the circle where the spheres of radius 2R about
    ``a``'s and ``b``'s centres meet: in the vertical plane across the groove, about their
    midpoint M, of radius ``rho = sqrt(4 R^2 - d^2 / 4)`` (``d`` the distance of ``a`` and
    ``b``, < 4R). Its motion along the groove is lost (a perfectly inelastic capture between
    the two); across it, the slide down the circle is the one of :func:`ride_off` with radius
    ``rho``: from the angle ``phi0`` of the upper ball from the vertical over M, with its
    relative speed ``s`` along the circle, it leaves both balls at ``cos phi_s = (s^2 / (g rho)
    + 2 cos phi0) / 3`` with speed ``sqrt(s^2 + 2 g rho (cos phi0 - cos phi_s))``, on the side
    of its offset (of its motion across, when centred; +90 degrees from a to b, when at rest on
    the top: a deterministic fall). Relative to the two balls' mean velocity; a hop of at most
    the settling speed off the circle and the energy guard as in :func:`ride_off`. Returns
    False, changing nothing, when the two are too far apart to hold it, the upper ball is not
    above M, it is already past the separation angle, or the spot is taken.
    """
    p = model.p
    R = p[P_R]
    D = 2.0 * R
    g = p[P_G]
    ux, uy, uvx, uvy, uwx, uwy, uwz = state_at(u, t, seg, p)
    uz, uvz = height_at(u, t, seg, p)
    ax, ay, avx, avy, _awx, _awy, _awz = state_at(a, t, seg, p)
    bx, by, bvx, bvy, _bwx, _bwy, _bwz = state_at(b, t, seg, p)
    dx = bx - ax
    dy = by - ay
    d = math.sqrt(dx * dx + dy * dy)
    if d == 0.0 or d >= 2.0 * D or uz <= 0.0:
        return False
    rho = math.sqrt(D * D - 0.25 * d * d)
    # across the groove: +90 degrees from a to b
    cx = -dy / d
    cy = dx / d
    mx = 0.5 * (ax + bx)
    my = 0.5 * (ay + by)
    fvx = 0.5 * (avx + bvx)
    fvy = 0.5 * (avy + bvy)
    across = (ux - mx) * cx + (uy - my) * cy  # the upper centre's offset across, m
    r_across = (uvx - fvx) * cx + (uvy - fvy) * cy  # relative velocity across, m/s
    side = 1.0
    if across < 0.0 or (across == 0.0 and r_across < 0.0):
        side = -1.0
    radius = math.sqrt(across * across + uz * uz)
    cos0 = uz / radius
    sin0 = abs(across) / radius
    # relative speed along the circle, downhill on this side (negative: climbing to the top)
    s_down = side * r_across * cos0 - uvz * sin0
    if s_down < 0.0 and s_down * s_down > 2.0 * g * rho * (1.0 - cos0):
        # over the top and down the other side, from the top with the speed left
        side = -side
        s2 = s_down * s_down - 2.0 * g * rho * (1.0 - cos0)
        cos0 = 1.0
    else:
        s2 = s_down * s_down
    cos_s, sin_s, ex, ey, nx, ny, nz, blocker = _groove_exit(
        u, side, s2, cos0, g, rho, mx, my, cx, cy, t, seg, model
    )
    if cos_s >= cos0:
        return False  # fast enough to leave the circle now
    if blocker == SPOT_IN_CUSHION:
        # a cushion closes this side: the upper ball is held on the circle and slides off the
        # other side, from the top with the speed left (a ball balanced over the groove whose
        # side was picked by a rounding's offset: fuzz 5:13180); the energy guard below refuses
        # it when the top is out of reach
        side = -side
        climb = 2.0 * g * rho * (1.0 - cos0)
        s2 = max(s2 - climb, 0.0)
        cos0 = 1.0
        cos_s, sin_s, ex, ey, nx, ny, nz, blocker = _groove_exit(
            u, side, s2, cos0, g, rho, mx, my, cx, cy, t, seg, model
        )
        if cos_s >= cos0:
            return False
    if blocker != SPOT_FREE:
        return False
    speed = math.sqrt(s2 + 2.0 * g * rho * (cos0 - cos_s))
    hop = min(speed, math.sqrt(2.0 * g * BOUNCE_SETTLE_HEIGHT))
    along = math.sqrt(max(speed * speed - hop * hop, 0.0))
    wx = (hop * sin_s + along * cos_s) * ex
    wy = (hop * sin_s + along * cos_s) * ey
    wz = hop * cos_s - along * sin_s
    k = _energy_scale(uvx, uvy, uvz, uz, fvx, fvy, wx, wy, wz, nz, g)
    if k < 0.0:
        return False
    place(u, t, nx, ny, nz, fvx + k * wx, fvy + k * wy, k * wz, uwx, uwy, uwz, seg, p)
    changed[u] = True
    changed[a] = True
    changed[b] = True
    return True


#: Angle (rad) by which a stuck group's velocity is turned away from a cushion it slides along
#: when the contact keeps being found with no closing speed (its tangent motion is closing only
#: by rounding): the separating speed ``1e-9 |v|`` is far above the rounding of the gap's rate
#: and far below anything measurable. The speed is kept, so energy does not change.
LEAVE_ANGLE = 1e-9


@kernel
def leave_cushions(i, t, seg, model, changed):
    """The stuck group of ball ``i`` (``changed``, just set by :func:`stick_group`) moves along
    the cushions it touches: its common velocity, already cut to their tangents, is turned by
    LEAVE_ANGLE away from each (speed kept), so the same contact is not found again at the
    same instant. A group wedged so that no direction leaves every cushion it touches stops
    (only energy is lost). Mutates the members' segments."""
    p = model.p
    R = p[P_R]
    segments = model.segments
    arcs = model.arcs
    ns = segments.shape[0]
    _px, _py, vx, vy, _wx, _wy, wz = state_at(i, t, seg, p)
    speed = norm2(vx, vy)
    if speed == 0.0:
        return
    n = seg.state.shape[0]
    for _ in range(2):
        for k in range(n):
            if not changed[k]:
                continue
            kx, ky, _a, _b, _c, _d, _e = state_at(k, t, seg, p)
            for c in range(ns + arcs.shape[0]):
                touching, nx, ny = touching_cushion(c, kx, ky, segments, arcs, R, ns)
                if not touching:
                    continue
                vn = vx * nx + vy * ny
                if vn <= -0.5 * LEAVE_ANGLE * speed:
                    continue
                tx = vx - vn * nx - LEAVE_ANGLE * speed * nx
                ty = vy - vn * ny - LEAVE_ANGLE * speed * ny
                scale = speed / norm2(tx, ty) if norm2(tx, ty) > 0.0 else 0.0
                vx = tx * scale
                vy = ty * scale
    for k in range(n):  # still into a cushion after two passes: wedged, the group stops
        if not changed[k]:
            continue
        kx, ky, _a, _b, _c, _d, _e = state_at(k, t, seg, p)
        for c in range(ns + arcs.shape[0]):
            touching, nx, ny = touching_cushion(c, kx, ky, segments, arcs, R, ns)
            if touching and vx * nx + vy * ny > -0.25 * LEAVE_ANGLE * speed:
                vx = 0.0
                vy = 0.0
    st, vx, vy, wx, wy, wz = classify(vx, vy, -vy / R, vx / R, wz, R)
    for k in range(n):
        if changed[k]:
            kx, ky, _a, _b, _c, _d, _e = state_at(k, t, seg, p)
            set_segment(k, t, st, kx, ky, vx, vy, wx, wy, wz, seg, p)
