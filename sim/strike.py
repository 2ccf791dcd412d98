"""The cue strike: a frozen description of the shot and the model turning it into ball motion.

Model: docs/physics.md §3.4 (Leckie & Greenspan 2005/2006 with tip offsets measured in the
plane perpendicular to the cue, as pooltool does) with a cue-tip restitution ``e_tip``, the
vertical velocity of an elevated cue apart (:func:`strike_vertical_velocity`), and squirt from
Alciatore's TP A.31 (the ball leaves rotated away from the English side).
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass

import numpy as np

from sim.constants import MAX_CUE_SPEED, MAX_ELEVATION_DEG, MISCUE_LIMIT
from sim.errors import InvalidStrikeError
from sim.params import Params


@dataclass(frozen=True)
class Strike:
    """One cue strike on the cue ball (ball 0).

    ``speed``: cue-stick speed at impact, m/s, in (0, MAX_CUE_SPEED].
    ``phi``: cue direction, degrees counter-clockwise from +x (90 shoots toward the foot).
    ``theta``: cue elevation above the cloth, degrees, in [0, MAX_ELEVATION_DEG].
    ``a``: tip offset to the shooter's right (+ is right English), fraction of the ball radius.
    ``b``: tip offset upward (+ follow, - draw), fraction of the ball radius.
    Offsets are measured in the plane perpendicular to the cue; ``sqrt(a^2 + b^2)`` must not
    exceed MISCUE_LIMIT. Invalid values raise :class:`~sim.errors.InvalidStrikeError`.
    """

    speed: float
    phi: float
    theta: float = 0.0
    a: float = 0.0
    b: float = 0.0

    def __post_init__(self) -> None:
        for name in ("speed", "phi", "theta", "a", "b"):
            value = getattr(self, name)
            if isinstance(value, bool | np.bool_) or not isinstance(value, numbers.Real):
                raise InvalidStrikeError(
                    f"Strike.{name} must be a real number, got {type(value).__name__}"
                )
            if not math.isfinite(value):
                raise InvalidStrikeError(f"Strike.{name} must be finite, got {value!r}")
            object.__setattr__(self, name, float(value))  # plain floats (numpy in, float out)
        if not 0.0 < self.speed <= MAX_CUE_SPEED:
            raise InvalidStrikeError(
                f"Strike.speed must be in (0, {MAX_CUE_SPEED}] m/s, got {self.speed!r}"
            )
        if not 0.0 <= self.theta <= MAX_ELEVATION_DEG:
            raise InvalidStrikeError(
                f"Strike.theta (cue elevation) must be in [0, {MAX_ELEVATION_DEG}] degrees, "
                f"got {self.theta!r}"
            )
        offset = math.hypot(self.a, self.b)
        if offset > MISCUE_LIMIT:
            raise InvalidStrikeError(
                f"tip offset sqrt(a^2 + b^2) = {offset:.4g} ball radii is a miscue; "
                f"at most {MISCUE_LIMIT} is allowed"
            )


def squirt_angle(a: float, params: Params) -> float:
    """Cue-ball deflection (squirt) angle, radians, for side offset ``a`` (fraction of R).

    Alciatore TP A.31 (as implemented in pooltool)::

        alpha = atan( 2.5 a sqrt(1 - a^2) / (1 + m/m_e + 2.5 (1 - a^2)) )

    Positive for right English; the ball's velocity is rotated by ``+alpha`` (to the
    shooter's left).
    """
    ratio = params.m / params.effective_end_mass
    num = 2.5 * a * math.sqrt(1.0 - a * a)
    den = 1.0 + ratio + 2.5 * (1.0 - a * a)
    return math.atan(num / den)


def strike_velocity_and_spin(
    strike: Strike, params: Params
) -> tuple[tuple[float, float], tuple[float, float, float]]:
    """Cue-ball velocity (vx, vy), m/s, and spin (wx, wy, wz), rad/s, right after the strike.

    docs/physics.md §3.4: with ``d = cos(theta) e_f - sin(theta) z``, ``e_r = e_f x z``::

        F = (1 + e_tip) m V0 / (1 + m/M + 2.5 (a^2 + b^2))      (a, b in ball radii)
        v = (F/m) cos(theta) e_f                                (no-jump)
        w = (F/I) R [a (cos(theta) z + sin(theta) e_f) - b e_r]

    then both ``v`` and the horizontal part of ``w`` are rotated by the squirt angle
    (TP A.31). Pure; nothing is mutated.
    """
    R, m = params.R, params.m
    phi = math.radians(strike.phi)
    theta = math.radians(strike.theta)
    a, b = strike.a, strike.b
    force_per_mass = (
        (1.0 + params.e_tip) * strike.speed / (1.0 + m / params.cue_mass + 2.5 * (a * a + b * b))
    )
    ef = (math.cos(phi), math.sin(phi))
    er = (ef[1], -ef[0])  # e_f x z
    speed = force_per_mass * math.cos(theta)
    # F/I * R * offset = (F/m) * (5 / (2 R)) * (offset in radii)
    k = force_per_mass * 2.5 / R
    wx = k * (a * math.sin(theta) * ef[0] - b * er[0])
    wy = k * (a * math.sin(theta) * ef[1] - b * er[1])
    wz = k * a * math.cos(theta)
    alpha = squirt_angle(a, params)
    ca, sa = math.cos(alpha), math.sin(alpha)
    vx, vy = speed * ef[0], speed * ef[1]
    vel = (ca * vx - sa * vy, sa * vx + ca * vy)
    spin = (ca * wx - sa * wy, sa * wx + ca * wy, wz)
    return vel, spin


def strike_vertical_velocity(strike: Strike, params: Params) -> float:
    """The cue ball's vertical velocity right after the strike, m/s: ``-(F/m) sin(theta)``.

    docs/physics.md §3.4 gives ``v = (F/m) d`` with ``d = cos(theta) e_f - sin(theta) z``;
    this is its vertical part, negative (into the slate) for an elevated cue. The engine
    bounces the ball off the slate at once, which is how a jump shot leaves the cloth
    (docs/physics-airborne.md section 2). 0 for a level cue.
    """
    a, b = strike.a, strike.b
    force_per_mass = (
        (1.0 + params.e_tip)
        * strike.speed
        / (1.0 + params.m / params.cue_mass + 2.5 * (a * a + b * b))
    )
    return -force_per_mass * math.sin(math.radians(strike.theta))
