"""Bad input at the engine's edges is refused with one specific error, never a crash."""

from __future__ import annotations

import dataclasses
import re

import numpy as np
import pytest

import sim
from sim.constants import MAX_EVENTS_LIMIT, MAX_SAMPLE_FRAMES
from sim.params import RANGES
from sim.simulate import shot_model

TABLE = sim.Table.pool(9)


def _two_balls() -> sim.BallState:
    x, y = TABLE.head_spot
    return sim.BallState.at_rest(np.array([[x, y], [x, y + 0.5]]))


def test_max_events_beyond_int64_is_refused_with_the_limit() -> None:
    with pytest.raises(
        sim.SimInputError, match=rf"max_events must be in \[1, {MAX_EVENTS_LIMIT}\]"
    ):
        sim.simulate(TABLE, _two_balls(), sim.Strike(2.0, 90.0), max_events=2**63)


def test_a_sample_step_giving_too_many_frames_is_refused_with_the_limit() -> None:
    result = sim.simulate(TABLE, _two_balls(), sim.Strike(2.0, 90.0))
    with pytest.raises(ValueError, match=f"MAX_SAMPLE_FRAMES = {MAX_SAMPLE_FRAMES}"):
        result.sample(1e-9)
    frames = result.sample(result.duration / (MAX_SAMPLE_FRAMES - 2))
    assert frames.shape[0] <= MAX_SAMPLE_FRAMES


def test_params_for_other_balls_than_the_tables_are_refused() -> None:
    pool_params = sim.Params()  # pool radius 28.575 mm; the snooker table has 26.25 mm balls
    table = sim.Table.snooker()
    x, y = table.spots["blue"]
    state = sim.BallState.at_rest(np.array([[x, y]]))
    with pytest.raises(sim.InvalidParamsError, match="does not match the balls of"):
        sim.simulate(table, state, sim.Strike(2.0, 90.0), pool_params)


@pytest.mark.parametrize("pos", [[[0.5 + 1j, 1.0]], [["0.5", "1.0"]], [[0.5, None]]])
def test_complex_string_or_missing_positions_are_refused(pos: list) -> None:
    with pytest.raises(sim.InvalidBallStateError, match=r"pos must be numbers \(real"):
        sim.BallState(pos)


def test_a_complex_spot_is_refused() -> None:
    with pytest.raises(sim.InvalidBallStateError, match=r"xy must be numbers \(real"):
        _two_balls().with_ball_at(1, (0.5 + 1j, 1.0))


@pytest.mark.parametrize("field", ["u_s", "g"])
def test_a_vanishing_friction_or_gravity_is_refused(field: str) -> None:
    low = RANGES[field][0]
    with pytest.raises(sim.InvalidParamsError, match=rf"Params\.{field} must be .*\[{low:g},"):
        sim.Params(**{field: 1e-150})  # type: ignore[arg-type]


@pytest.mark.parametrize("field", sorted(RANGES))
def test_every_physical_parameter_is_bounded_on_both_sides(field: str) -> None:
    low, high, _unit, reason = RANGES[field]
    base = sim.Params()
    for bad in (low - max(abs(low), 1.0), high * 2.0):
        with pytest.raises(
            sim.InvalidParamsError, match=rf"Params\.{field} .*\({re.escape(reason)}"
        ):
            fields = {field: bad}
            if field == "R":  # keep the nose height valid so that R itself is what fails
                fields["cushion_height"] = 1.5 * bad if bad > 0 else base.cushion_height
            dataclasses.replace(base, **fields)  # type: ignore[arg-type]
    assert field in (sim.Params.__doc__ or "")


def test_the_model_is_built_once_per_table_and_params_and_is_read_only() -> None:
    params = sim.Params.for_table(TABLE)
    model = shot_model(TABLE, params)
    assert shot_model(TABLE, sim.Params.for_table(TABLE)) is model
    assert shot_model(TABLE, dataclasses.replace(params, e_c=0.5)) is not model
    for name, arr in model._asdict().items():
        assert not arr.flags.writeable, name
        assert arr.flags.c_contiguous and arr.dtype == np.float64, name
