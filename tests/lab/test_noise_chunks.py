"""noisy_strikes (a chunk of shots at once) gives exactly the strikes of noisy_strike (one
SeedSequence and PCG64 per shot), for any seed and shot range; a study's table depends on it."""

from __future__ import annotations

import pytest

from agents.noise import NoiseModel, StrikeValues, noisy_strike, noisy_strikes

INTENDED = StrikeValues(speed=9.0, phi=90.0, theta=1.0, a=0.05, b=-0.1)


@pytest.mark.parametrize("seed", [0, 1, 2024, 2**32 - 1, 2**32, 2**40 + 7, 2**63 - 1])
@pytest.mark.parametrize("start, stop", [(0, 60), (1000, 1030), (2**32 - 3, 2**32 + 2)])
def test_a_chunk_equals_the_shots_one_by_one(seed: int, start: int, stop: int) -> None:
    noise = NoiseModel(speed_rel=0.2, phi_deg=3.0, theta_deg=5.0, tip=0.3)  # clamps included
    chunk = noisy_strikes(INTENDED, noise, seed, start, stop)
    assert chunk == [noisy_strike(INTENDED, noise, seed, i) for i in range(start, stop)]


def test_empty_and_refused_ranges() -> None:
    assert noisy_strikes(INTENDED, NoiseModel(), 3, 5, 5) == []
    with pytest.raises(ValueError, match="must be >= 0"):
        noisy_strikes(INTENDED, NoiseModel(), -1, 0, 3)
    with pytest.raises(ValueError, match="must be >= 0"):
        noisy_strikes(INTENDED, NoiseModel(), 1, -2, 3)
