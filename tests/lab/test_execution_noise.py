from __future__ import annotations

import math

import numpy as np
import pytest

from agents.noise import (
    MIN_NOISY_SPEED,
    InvalidNoiseError,
    NoiseModel,
    StrikeValues,
    noisy_strike,
    perturb,
    shot_generator,
)
from sim.constants import MAX_CUE_SPEED, MISCUE_LIMIT

INTENDED = StrikeValues(speed=5.0, phi=90.0, theta=2.0, a=0.1, b=-0.1)


def test_no_noise_plays_the_intended_strike() -> None:
    assert noisy_strike(INTENDED, NoiseModel.none(), seed=3, shot_index=11) == INTENDED


def test_same_seed_and_index_give_the_same_strike_and_others_differ() -> None:
    noise = NoiseModel()
    first = noisy_strike(INTENDED, noise, 7, 42)
    assert noisy_strike(INTENDED, noise, 7, 42) == first
    assert noisy_strike(INTENDED, noise, 7, 43) != first
    assert noisy_strike(INTENDED, noise, 8, 42) != first


def test_noise_has_the_documented_standard_deviations() -> None:
    noise = NoiseModel(speed_rel=0.05, phi_deg=0.5, theta_deg=1.0, tip=0.02)
    shots = [noisy_strike(INTENDED, noise, 1, i) for i in range(4000)]
    speed = np.array([s.speed for s in shots])
    phi = np.array([s.phi for s in shots])
    theta = np.array([s.theta for s in shots])
    a = np.array([s.a for s in shots])
    # 4000 draws: the sample standard deviation is within ~3 % of the truth (5 sigma ~ 6 %).
    assert np.std(speed / INTENDED.speed) == pytest.approx(0.05, rel=0.06)
    assert np.std(phi) == pytest.approx(0.5, rel=0.06)
    assert np.std(theta) == pytest.approx(1.0, rel=0.06)
    assert np.std(a) == pytest.approx(0.02, rel=0.06)
    assert np.mean(phi) == pytest.approx(90.0, abs=0.05)


def test_noisy_values_stay_playable() -> None:
    wild = NoiseModel(speed_rel=2.0, phi_deg=10.0, theta_deg=30.0, tip=0.5)
    for i in range(500):
        s = noisy_strike(StrikeValues(speed=14.0, phi=359.0, a=0.45), wild, 2, i)
        assert MIN_NOISY_SPEED <= s.speed <= MAX_CUE_SPEED
        assert s.theta >= 0.0
        assert 0.0 <= s.phi < 360.0
        assert math.hypot(s.a, s.b) <= MISCUE_LIMIT


def test_perturb_draws_five_normals_whatever_the_settings() -> None:
    rng_a, rng_b = shot_generator(5, 0), shot_generator(5, 0)
    perturb(INTENDED, NoiseModel.none(), rng_a)
    perturb(INTENDED, NoiseModel(), rng_b)
    assert rng_a.standard_normal() == rng_b.standard_normal()


@pytest.mark.parametrize("bad", [-0.1, float("nan"), float("inf"), True, "x"])
def test_bad_noise_settings_are_refused(bad: object) -> None:
    with pytest.raises(InvalidNoiseError, match="speed_rel"):
        NoiseModel(speed_rel=bad)  # type: ignore[arg-type]


def test_negative_seed_is_refused() -> None:
    with pytest.raises(ValueError, match="seed"):
        shot_generator(-1, 0)


def test_an_absolute_speed_error_adds_to_the_relative_one_with_the_same_draw() -> None:
    rel = NoiseModel(speed_rel=0.05, phi_deg=0.5, theta_deg=1.0, tip=0.02)
    both = NoiseModel(speed_rel=0.05, phi_deg=0.5, theta_deg=1.0, tip=0.02, speed_abs=0.075)
    for i in range(50):
        z = shot_generator(5, i).standard_normal(5)[0]
        plain, shifted = noisy_strike(INTENDED, rel, 5, i), noisy_strike(INTENDED, both, 5, i)
        assert shifted.speed == pytest.approx(plain.speed + 0.075 * z, abs=1e-12)
        assert (shifted.phi, shifted.theta, shifted.a, shifted.b) == (
            plain.phi,
            plain.theta,
            plain.a,
            plain.b,
        )


def test_absolute_speed_errors_have_their_standard_deviation() -> None:
    noise = NoiseModel(speed_rel=0.0, phi_deg=0.0, theta_deg=0.0, tip=0.0, speed_abs=0.075)
    speed = np.array([noisy_strike(INTENDED, noise, 2, i).speed for i in range(4000)])
    assert speed.mean() == pytest.approx(5.0, abs=0.01)
    assert speed.std() == pytest.approx(0.075, rel=0.06)


def test_a_scaled_model_multiplies_every_deviation() -> None:
    noise = NoiseModel(speed_rel=0.01, phi_deg=0.1, theta_deg=0.2, tip=0.01, speed_abs=0.05)
    assert noise.scaled(3.0) == NoiseModel(
        speed_rel=0.03, phi_deg=0.1 * 3.0, theta_deg=0.2 * 3.0, tip=0.03, speed_abs=0.05 * 3.0
    )
    with pytest.raises(InvalidNoiseError):
        NoiseModel(speed_abs=-0.1)
