"""The execution-noise model: how a human (or robot) cue arm misses the intended strike.

A study plays the same intended :class:`sim.Strike` many times. Each time, the strike actually
played differs from the intended one by independent Gaussian errors (docs/scenario-format.md,
"Execution noise"):

- cue speed: multiplied by ``1 + N(0, speed_rel)`` (a relative error; 0.03 = 3 % standard
  deviation);
- direction ``phi``: plus ``N(0, phi_deg)`` degrees;
- elevation ``theta``: plus ``N(0, theta_deg)`` degrees;
- tip offsets ``a`` (side) and ``b`` (height): each plus ``N(0, tip)`` ball radii.

The noisy values are then brought back into what a cue can play: the speed into
``[MIN_NOISY_SPEED, MAX_CUE_SPEED]``, the elevation into ``[0, MAX_ELEVATION_DEG]``, and a tip
offset that would miscue (``sqrt(a^2 + b^2) > MISCUE_LIMIT``) is pulled back radially to just
inside the limit. Miscues are therefore not modelled: every noisy shot is a clean hit.

Reproducibility: the noise of shot ``i`` of a study with seed ``s`` comes from its own generator,
``numpy.random.SeedSequence(s, spawn_key=(i,))``, so it depends on ``(s, i)`` only, never on how
the shots are split among processes or machines.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from sim.constants import MAX_CUE_SPEED, MAX_ELEVATION_DEG, MISCUE_LIMIT

#: Slowest noisy cue speed kept, m/s: a Gaussian draw below it is raised to it, so a very noisy
#: soft shot still moves the cue ball.
MIN_NOISY_SPEED = 0.05

#: A tip offset pulled back from a miscue lands at this fraction of the miscue limit.
TIP_PULLBACK = 0.999


class InvalidNoiseError(ValueError):
    """A noise setting that is negative, not a number, or unknown."""


@dataclass(frozen=True)
class NoiseModel:
    """Standard deviations of the execution errors (see the module docstring).

    Attributes:
        speed_rel: relative standard deviation of the cue speed (dimensionless, >= 0).
        phi_deg: standard deviation of the cue direction, degrees (>= 0).
        theta_deg: standard deviation of the cue elevation, degrees (>= 0).
        tip: standard deviation of each tip offset ``a`` and ``b``, in ball radii (>= 0).

    The defaults describe a steady club player: 3 % on speed, a quarter of a degree on
    direction, half a degree on elevation and 0.03 R on the tip position.
    """

    speed_rel: float = 0.03
    phi_deg: float = 0.25
    theta_deg: float = 0.5
    tip: float = 0.03

    def __post_init__(self) -> None:
        for name in ("speed_rel", "phi_deg", "theta_deg", "tip"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise InvalidNoiseError(f"noise {name} must be a number, got {value!r}")
            if not math.isfinite(value) or value < 0:
                raise InvalidNoiseError(f"noise {name} must be finite and >= 0, got {value!r}")

    @classmethod
    def none(cls) -> NoiseModel:
        """A model with no noise at all: every shot plays the intended strike."""
        return cls(speed_rel=0.0, phi_deg=0.0, theta_deg=0.0, tip=0.0)

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        return ("speed_rel", "phi_deg", "theta_deg", "tip")


@dataclass(frozen=True)
class StrikeValues:
    """The five numbers of a cue strike (same meaning and units as :class:`sim.Strike`)."""

    speed: float
    phi: float
    theta: float = 0.0
    a: float = 0.0
    b: float = 0.0


def shot_generator(seed: int, shot_index: int) -> np.random.Generator:
    """The random generator of shot ``shot_index`` in a study seeded with ``seed``.

    Independent of every other shot's generator (NumPy's SeedSequence spawning), and a function
    of ``(seed, shot_index)`` only.
    """
    if seed < 0 or shot_index < 0:
        raise ValueError(f"seed and shot index must be >= 0, got {seed} and {shot_index}")
    return np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(shot_index,)))


def perturb(intended: StrikeValues, noise: NoiseModel, rng: np.random.Generator) -> StrikeValues:
    """One noisy execution of ``intended``; draws exactly five normals from ``rng``.

    The draws are always made (even for a zero deviation) so that a shot's noise on one
    parameter does not depend on the other parameters' settings. Does not mutate its arguments
    except for advancing ``rng``.
    """
    z = rng.standard_normal(5)
    speed = intended.speed * (1.0 + noise.speed_rel * float(z[0]))
    speed = min(max(speed, MIN_NOISY_SPEED), MAX_CUE_SPEED)
    phi = (intended.phi + noise.phi_deg * float(z[1])) % 360.0
    theta = intended.theta + noise.theta_deg * float(z[2])
    theta = min(max(theta, 0.0), MAX_ELEVATION_DEG)
    a = intended.a + noise.tip * float(z[3])
    b = intended.b + noise.tip * float(z[4])
    offset = math.hypot(a, b)
    if offset > MISCUE_LIMIT:
        scale = TIP_PULLBACK * MISCUE_LIMIT / offset
        a, b = a * scale, b * scale
    return StrikeValues(speed=speed, phi=phi, theta=theta, a=a, b=b)


def noisy_strike(
    intended: StrikeValues, noise: NoiseModel, seed: int, shot_index: int
) -> StrikeValues:
    """The strike actually played as shot ``shot_index`` of a study seeded with ``seed``."""
    return perturb(intended, noise, shot_generator(seed, shot_index))
