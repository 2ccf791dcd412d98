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
from sim.kernels import strike as _kernels
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
            if type(value) is not float:  # a plain float needs neither the checks nor float()
                if isinstance(value, bool | np.bool_) or not isinstance(value, numbers.Real):
                    raise InvalidStrikeError(
                        f"Strike.{name} must be a real number, got {type(value).__name__}"
                    )
                value = float(value)  # plain floats (numpy in, float out)
                object.__setattr__(self, name, value)
            if not math.isfinite(value):
                raise InvalidStrikeError(f"Strike.{name} must be finite, got {value!r}")
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
    shooter's left). Compiled: ``sim.kernels.strike.squirt_angle``.
    """
    return float(_kernels.squirt_angle(float(a), params.cue_coefficients[2]))


def _launch(strike: Strike, params: Params) -> tuple[float, float, float, float, float, float]:
    """``(vx, vy, wx, wy, wz, vz)`` of the cue ball right after ``strike``: the engine's own
    launch (``sim.kernels.strike.cue_ball_launch``), with the ``ShotModel.cue`` coefficients
    ``simulate`` hands it."""
    e_tip, cue_ratio, end_ratio = params.cue_coefficients
    return _kernels.cue_ball_launch(
        strike.speed, strike.phi, strike.theta, strike.a, strike.b, e_tip, cue_ratio, end_ratio,
        params.R,
    )  # fmt: skip


def strike_velocity_and_spin(
    strike: Strike, params: Params
) -> tuple[tuple[float, float], tuple[float, float, float]]:
    """Cue-ball velocity (vx, vy), m/s, and spin (wx, wy, wz), rad/s, right after the strike.

    docs/physics.md §3.4: with ``d = cos(theta) e_f - sin(theta) z``, ``e_r = e_f x z``::

        F = (1 + e_tip) m V0 / (1 + m/M + 2.5 (a^2 + b^2))      (a, b in ball radii)
        v = (F/m) cos(theta) e_f                                (no-jump)
        w = (F/I) R [a (cos(theta) z + sin(theta) e_f) - b e_r]

    then both ``v`` and the horizontal part of ``w`` are rotated by the squirt angle
    (TP A.31). Pure; nothing is mutated. Compiled: the engine's own launch of the cue ball
    (``sim.kernels.strike.cue_ball_launch``), so a preview starts from the shot's floats.
    """
    vx, vy, wx, wy, wz, _ = _launch(strike, params)
    return (vx, vy), (wx, wy, wz)


def strike_vertical_velocity(strike: Strike, params: Params) -> float:
    """The cue ball's vertical velocity right after the strike, m/s: ``-(F/m) sin(theta)``.

    docs/physics.md §3.4 gives ``v = (F/m) d`` with ``d = cos(theta) e_f - sin(theta) z``;
    this is its vertical part, negative (into the slate) for an elevated cue. The engine
    bounces the ball off the slate at once, which is how a jump shot leaves the cloth
    (docs/physics-airborne.md section 2). 0 for a level cue.
    """
    return _launch(strike, params)[5]
