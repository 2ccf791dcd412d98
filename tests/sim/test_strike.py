"""Cue strike (sim.strike) against docs/physics.md §3.4 and Alciatore's squirt formula (TP A.31)."""

from __future__ import annotations

import dataclasses
import math

import pytest

from sim.constants import MAX_CUE_SPEED, MISCUE_LIMIT, MotionState
from sim.errors import InvalidParamsError, InvalidStrikeError
from sim.kernels.motion import classify
from sim.params import CUSHION_MODELS, P_LEN, Params
from sim.strike import Strike, squirt_angle, strike_velocity_and_spin

PARAMS = Params()
R = PARAMS.R


def centre_speed(V: float, p: Params = PARAMS) -> float:
    return (1 + p.e_tip) * V / (1 + p.m / p.cue_mass)


def test_centre_hit_is_a_stun_shot() -> None:
    (vx, vy), (wx, wy, wz) = strike_velocity_and_spin(Strike(3.0, 90.0), PARAMS)
    assert (vx, vy) == pytest.approx((0.0, centre_speed(3.0)), abs=1e-15)
    assert (wx, wy, wz) == (0.0, 0.0, 0.0)
    assert classify(vx, vy, wx, wy, wz, R)[0] == MotionState.SLIDING


def test_natural_roll_height_starts_rolling() -> None:
    (vx, vy), (wx, wy, wz) = strike_velocity_and_spin(Strike(2.0, 30.0, b=0.4), PARAMS)
    v = math.hypot(vx, vy)
    assert math.degrees(math.atan2(vy, vx)) == pytest.approx(30.0, abs=1e-12)
    assert v == pytest.approx(2 * (1 + PARAMS.e_tip) / (1 + PARAMS.m / PARAMS.cue_mass + 0.4))
    assert (wx, wy) == pytest.approx((-vy / R, vx / R), rel=1e-12)
    assert wz == 0.0
    assert classify(vx, vy, wx, wy, wz, R)[0] == MotionState.ROLLING


@pytest.mark.parametrize("b", [0.5, 0.2, -0.3])
def test_follow_and_draw_spin_ratio(b: float) -> None:
    (vx, vy), (wx, wy, _wz) = strike_velocity_and_spin(Strike(2.5, 0.0, b=b), PARAMS)
    assert vy == pytest.approx(0.0, abs=1e-15)
    # moving along +x, topspin is about +y: R w / v = 5 b / 2 (docs/physics.md §3.4)
    assert R * wy / vx == pytest.approx(2.5 * b, rel=1e-12)
    assert wx == pytest.approx(0.0, abs=1e-12)
    F_over_m = (1 + PARAMS.e_tip) * 2.5 / (1 + PARAMS.m / PARAMS.cue_mass + 2.5 * b * b)
    assert vx == pytest.approx(F_over_m, rel=1e-12)


def test_side_spin_sign_and_squirt() -> None:
    a = 0.3
    (vx, vy), (_wx, _wy, wz) = strike_velocity_and_spin(Strike(2.0, 90.0, a=a), PARAMS)
    assert wz > 0.0  # right English spins counter-clockwise seen from above
    alpha = squirt_angle(a, PARAMS)
    # the ball squirts to the shooter's left (toward -x when shooting along +y)
    assert math.atan2(vy, vx) == pytest.approx(math.pi / 2 + alpha, abs=1e-14)
    assert vx < 0.0
    speed = (1 + PARAMS.e_tip) * 2.0 / (1 + PARAMS.m / PARAMS.cue_mass + 2.5 * a * a)
    assert math.hypot(vx, vy) == pytest.approx(speed, rel=1e-14)
    assert wz == pytest.approx(speed * 2.5 * a / R, rel=1e-14)
    # left English mirrors it
    (lvx, lvy), (_, _, lwz) = strike_velocity_and_spin(Strike(2.0, 90.0, a=-a), PARAMS)
    assert (lvx, lvy, lwz) == pytest.approx((-vx, vy, -wz), rel=1e-14)


@pytest.mark.parametrize("a", [0.1, 0.25, 0.5])
def test_squirt_angle_matches_tp_a31(a: float) -> None:
    ratio = PARAMS.m / (PARAMS.m / 30.0)
    want = math.atan(2.5 * a * math.sqrt(1 - a * a) / (1 + ratio + 2.5 * (1 - a * a)))
    assert squirt_angle(a, PARAMS) == pytest.approx(want, rel=1e-15)
    heavier = dataclasses.replace(PARAMS, end_mass=PARAMS.m / 10)
    assert squirt_angle(a, heavier) > squirt_angle(a, PARAMS)


def test_elevated_cue_with_english_curves() -> None:
    (vx, vy), (wx, wy, _wz) = strike_velocity_and_spin(Strike(2.0, 90.0, theta=30.0, a=0.3), PARAMS)
    # a spin component along the shot: the cloth slip gets a lateral part (masse)
    ux, uy = vx - R * wy, vy + R * wx
    lateral = abs(ux * vy - uy * vx) / math.hypot(vx, vy)
    assert lateral > 0.1


@pytest.mark.parametrize(
    "kwargs",
    [
        {"speed": float("nan"), "phi": 0.0},
        {"speed": 1.0, "phi": float("inf")},
        {"speed": 0.0, "phi": 0.0},
        {"speed": -1.0, "phi": 0.0},
        {"speed": MAX_CUE_SPEED * 1.01, "phi": 0.0},
        {"speed": 1.0, "phi": 0.0, "a": MISCUE_LIMIT, "b": 0.1},
        {"speed": 1.0, "phi": 0.0, "theta": -1.0},
        {"speed": 1.0, "phi": 0.0, "theta": 90.0},
        {"speed": "fast", "phi": 0.0},
    ],
)
def test_invalid_strikes_raise_with_the_allowed_range(kwargs: dict) -> None:
    with pytest.raises(InvalidStrikeError, match=r"must|miscue"):
        Strike(**kwargs)


def test_strike_is_frozen_and_valid_edges_pass() -> None:
    s = Strike(MAX_CUE_SPEED, 0.0, theta=0.0, a=MISCUE_LIMIT)
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.speed = 1.0  # type: ignore[misc]


def test_params_validation_and_packing() -> None:
    with pytest.raises(InvalidParamsError, match="cushion_model"):
        Params(cushion_model="stronge")
    with pytest.raises(InvalidParamsError, match="ball_ball_model"):
        Params(ball_ball_model="sticky")
    for field, bad in (("u_s", 0.0), ("R", float("nan")), ("m", -1.0), ("e_b", 1.5)):
        with pytest.raises(InvalidParamsError, match=field):
            Params(**{field: bad})
    with pytest.raises(InvalidParamsError, match="cushion_height"):
        Params(cushion_height=0.01)
    packed = Params(cushion_model="mathavan2010").packed()
    assert packed.shape == (P_LEN,)
    assert packed[12] == CUSHION_MODELS["mathavan2010"]
    assert Params().packed()[7] == -1.0  # u_b None -> Alciatore's fit
    assert Params(u_b=0.05).packed()[7] == 0.05


def test_params_for_table() -> None:
    from sim.table import Table

    snooker = Params.for_table(Table.snooker())
    pool = Params.for_table(Table.pool(9))
    assert Table.snooker().ball_radius == snooker.R and snooker.m < pool.m
    assert pytest.approx(0.028575) == pool.R
    assert Params.for_table(Table.pool(8), e_c=0.7).e_c == 0.7
