"""The cue strike's launch of the cue ball, compiled: the one implementation of the strike
model (docs/physics.md §3.4), which the event loop runs at t = 0 and ``sim.strike`` calls for
Python (so a shot and a preview of it start from the same floats).

Model (Leckie & Greenspan 2005/2006, tip offsets in the plane perpendicular to the cue, a
cue-tip restitution ``e_tip``; squirt from Alciatore's TP A.31), with ``d = cos(theta) e_f -
sin(theta) z`` and ``e_r = e_f x z``::

    F/m = (1 + e_tip) V0 / (1 + m/M + 2.5 (a^2 + b^2))         (a, b in ball radii)
    v   = (F/m) d                                              (horizontal part, vertical apart)
    w   = (F/I) R [a (cos(theta) z + sin(theta) e_f) - b e_r]
    alpha = atan(2.5 a sqrt(1 - a^2) / (1 + m/m_e + 2.5 (1 - a^2)))

then the horizontal velocity and spin are rotated by ``alpha`` (to the shooter's left for right
English).
"""

from __future__ import annotations

import math

from sim.kernels.jit import kernel


@kernel(from_python=True, from_kernels=True)
def squirt_angle(a: float, end_mass_ratio: float) -> float:
    """Squirt angle (rad) for side offset ``a`` (fraction of R) and ``m / m_e`` (the ball's
    mass over the cue's effective end mass): TP A.31, positive for right English."""
    num = 2.5 * a * math.sqrt(1.0 - a * a)
    den = 1.0 + end_mass_ratio + 2.5 * (1.0 - a * a)
    return math.atan(num / den)


@kernel(from_python=True, from_kernels=True)
def cue_ball_launch(
    speed: float,
    phi_deg: float,
    theta_deg: float,
    a: float,
    b: float,
    e_tip: float,
    cue_mass_ratio: float,
    end_mass_ratio: float,
    radius: float,
) -> tuple[float, float, float, float, float, float]:
    """The cue ball right after the strike: ``(vx, vy, wx, wy, wz, vz)``, m/s and rad/s.

    ``speed``: the cue's speed (m/s); ``phi_deg``: its direction (degrees from +x);
    ``theta_deg``: its elevation (degrees); ``a``, ``b``: tip offsets (fractions of R, right
    and up); ``e_tip``: the tip's restitution; ``cue_mass_ratio``: ``m / M`` (ball over cue);
    ``end_mass_ratio``: ``m / m_e`` (ball over the cue's effective end mass); ``radius``: R
    (m). ``vz`` is the vertical velocity, ``-(F/m) sin(theta)`` (into the slate)."""
    phi = math.radians(phi_deg)
    theta = math.radians(theta_deg)
    force_per_mass = (1.0 + e_tip) * speed / (1.0 + cue_mass_ratio + 2.5 * (a * a + b * b))
    efx, efy = math.cos(phi), math.sin(phi)
    erx, ery = efy, -efx  # e_f x z
    level = force_per_mass * math.cos(theta)
    # F/I * R * offset = (F/m) * (5 / (2 R)) * (offset in radii)
    k = force_per_mass * 2.5 / radius
    wx = k * (a * math.sin(theta) * efx - b * erx)
    wy = k * (a * math.sin(theta) * efy - b * ery)
    wz = k * a * math.cos(theta)
    alpha = squirt_angle(a, end_mass_ratio)
    ca, sa = math.cos(alpha), math.sin(alpha)
    vx, vy = level * efx, level * efy
    vz = -force_per_mass * math.sin(theta)
    return ca * vx - sa * vy, sa * vx + ca * vy, ca * wx - sa * wy, sa * wx + ca * wy, wz, vz
