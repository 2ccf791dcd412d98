"""The execution-noise model: how a human (or robot) cue arm misses the intended strike.

A study plays the same intended :class:`sim.Strike` many times. Each time, the strike actually
played differs from the intended one by independent Gaussian errors (docs/scenario-format.md,
"Execution noise"):

- cue speed: multiplied by ``1 + speed_rel z`` and added ``speed_abs z`` m/s, one standard
  normal ``z`` for both (a relative error, 0.03 = 3 % standard deviation, and an absolute one:
  the computational pool tournaments' model is 0.075 m/s absolute);
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
from typing import Any

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
        speed_abs: absolute standard deviation of the cue speed, m/s (>= 0), drawn with the
            same normal as ``speed_rel`` (the two add up).
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
    speed_abs: float = 0.0

    def __post_init__(self) -> None:
        for name in self.field_names():
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
        """The standard deviations, in the order of a scenario file's ``[noise]`` table."""
        return ("speed_rel", "phi_deg", "theta_deg", "tip", "speed_abs")

    def scaled(self, factor: float) -> NoiseModel:
        """Every standard deviation multiplied by ``factor`` (>= 0)."""
        return NoiseModel(**{name: getattr(self, name) * factor for name in self.field_names()})


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
    return played_with(intended, noise, rng.standard_normal(5))


def played_with(intended: StrikeValues, noise: NoiseModel, z: np.ndarray) -> StrikeValues:
    """The strike played for the five standard normals ``z`` ``(5,)`` (speed, phi, theta, a, b):
    one execution of ``intended`` under ``noise`` with its random part given. The computer
    plays its candidates with the same normals (common random numbers), so that two
    candidates differ by their aim, not by their luck."""
    z_speed, z_phi, z_theta, z_a, z_b = z.tolist()
    speed = intended.speed * (1.0 + noise.speed_rel * z_speed)
    if noise.speed_abs:
        speed += noise.speed_abs * z_speed
    speed = min(max(speed, MIN_NOISY_SPEED), MAX_CUE_SPEED)
    phi = (intended.phi + noise.phi_deg * z_phi) % 360.0
    theta = intended.theta + noise.theta_deg * z_theta
    theta = min(max(theta, 0.0), MAX_ELEVATION_DEG)
    a = intended.a + noise.tip * z_a
    b = intended.b + noise.tip * z_b
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


# ----------------------------------------------------------------------------- many shots at once
#
# A study draws the noise of thousands of shots; building a SeedSequence and a PCG64 for each
# costs about 40 us a shot, as much as a tenth of the shot. noisy_strikes gives the same
# numbers, bit for bit, at a few microseconds: NumPy's SeedSequence hash (numpy/random/
# bit_generator.pyx: mix_entropy, then generate_state) is run for a whole chunk of shot indices
# at once in uint32 arithmetic (the seed's part, shared by every shot, once in Python
# integers), each shot's PCG64 state is seeded from it as pcg64_set_seed does (PCG's
# setseq_128 srandom), and the five normals are drawn by one reused Generator whose state is
# set to it. tests/lab/test_execution_noise.py checks it against the one-shot path.

_M32 = 0xFFFFFFFF
_M128 = (1 << 128) - 1
_INIT_A, _MULT_A = 0x43B0D7E5, 0x931E8875
_INIT_B, _MULT_B = 0x8B51F9DD, 0x58F38DED
_MIX_L, _MIX_R = 0xCA01F9DD, 0x4973F715
_POOL = 4
_PCG_MULT = 0x2360ED051FC65DA44385DF649FCCF645
_FAST_INDEX_LIMIT = 2**32  # one uint32 word of spawn key per shot index


def _uint32_words(value: int) -> list[int]:
    words = [value & _M32]
    value >>= 32
    while value:
        words.append(value & _M32)
        value >>= 32
    return words


class _HashMix:
    """SeedSequence's hashmix with its running multiplier; works on Python ints and on uint64
    arrays holding uint32 values alike."""

    def __init__(self) -> None:
        self.const = _INIT_A

    def __call__(self, value: Any) -> Any:
        value = (value ^ self.const) & _M32
        self.const = (self.const * _MULT_A) & _M32
        value = (value * self.const) & _M32
        return value ^ (value >> 16)


def _mix(x: Any, y: Any) -> Any:
    result = (_MIX_L * x - _MIX_R * y) & _M32
    return result ^ (result >> 16)


def _pcg64_states(seed: int, indices: np.ndarray) -> list[tuple[int, int]]:
    """``(state, inc)`` of ``PCG64(SeedSequence(seed, spawn_key=(i,)))`` for each index
    ``i < 2**32`` of ``indices``."""
    entropy = _uint32_words(seed)
    entropy += [0] * max(0, _POOL - len(entropy))  # a spawn key pads the run entropy
    mixing = _HashMix()
    pool: list[Any] = [mixing(entropy[i]) for i in range(_POOL)]
    for src in range(_POOL):
        for dst in range(_POOL):
            if src != dst:
                pool[dst] = _mix(pool[dst], mixing(pool[src]))
    for word in entropy[_POOL:]:
        for dst in range(_POOL):
            pool[dst] = _mix(pool[dst], mixing(word))
    key = indices.astype(np.uint64)
    with np.errstate(over="ignore"):
        for dst in range(_POOL):
            pool[dst] = _mix(np.uint64(pool[dst]), mixing(key))
        const = _INIT_B
        words = []
        for k in range(8):
            value = pool[k % _POOL] ^ np.uint64(const)
            const = (const * _MULT_B) & _M32
            value = (value * np.uint64(const)) & np.uint64(_M32)
            words.append((value ^ (value >> np.uint64(16))).tolist())
    states = []
    for w in zip(*words, strict=True):
        initstate = (w[0] | w[1] << 32) << 64 | (w[2] | w[3] << 32)
        initseq = (w[4] | w[5] << 32) << 64 | (w[6] | w[7] << 32)
        inc = ((initseq << 1) | 1) & _M128
        states.append((((inc + initstate) * _PCG_MULT + inc) & _M128, inc))
    return states


def noisy_strikes(
    intended: StrikeValues, noise: NoiseModel, seed: int, start: int, stop: int
) -> list[StrikeValues]:
    """The strikes played as shots ``start .. stop-1`` of a study seeded with ``seed``: equal,
    bit for bit, to ``[noisy_strike(intended, noise, seed, i) for i in range(start, stop)]``,
    about ten times faster (see the comment above)."""
    if seed < 0 or start < 0:
        raise ValueError(f"seed and shot index must be >= 0, got {seed} and {start}")
    fast_stop = max(start, min(stop, _FAST_INDEX_LIMIT))
    out = []
    if fast_stop > start:
        bits = np.random.PCG64(0)
        gen = np.random.Generator(bits)
        for state, inc in _pcg64_states(seed, np.arange(start, fast_stop, dtype=np.uint64)):
            bits.state = {
                "bit_generator": "PCG64",
                "state": {"state": state, "inc": inc},
                "has_uint32": 0,
                "uinteger": 0,
            }
            out.append(played_with(intended, noise, gen.standard_normal(5)))
    out += [noisy_strike(intended, noise, seed, i) for i in range(fast_stop, stop)]
    return out
