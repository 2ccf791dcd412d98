"""Whole shots off the cloth (docs/physics-airborne.md): a jump shot's bounce sequence, a jump
over a blocking ball, a ball leaving the table at a known speed and height, heights in results."""

from __future__ import annotations

import math

import numpy as np
import pytest

import sim
from sim.events import EventKind

pytestmark = pytest.mark.jit_only

TABLE = sim.Table.pool(9)
PARAMS = sim.Params.for_table(TABLE)
R = PARAMS.R


def test_jump_shot_bounces_with_heights_falling_by_e_t_squared_and_clears_a_blocker() -> None:
    state = sim.BallState([[0.635, 0.5], [0.635, 0.8]])
    strike = sim.Strike(speed=4.0, phi=90.0, theta=40.0)
    result = sim.simulate(TABLE, state, strike)
    kinds = result.events["kind"]
    bounces = np.flatnonzero(kinds == EventKind.BOUNCE)
    assert len(bounces) >= 3
    # leaving speeds after each bounce on the slate fall by e_t (heights by e_t^2)
    vz_up = [float(result.snapshots.vz[k, 0]) for k in bounces[:3]]
    assert vz_up[1] / vz_up[0] == pytest.approx(PARAMS.e_t, rel=1e-9)
    assert vz_up[2] / vz_up[1] == pytest.approx(PARAMS.e_t, rel=1e-9)
    # the strike's vertical velocity: -(F/m) sin(theta), bounced at once to e_t (F/m) sin(theta)
    vz0 = sim.strike.strike_vertical_velocity(strike, PARAMS)
    assert float(result.snapshots.vz[0, 0]) == pytest.approx(-PARAMS.e_t * vz0, rel=1e-12)
    # first flight: 2 vz / g long, its apex far above the blocking ball (2R): no contact on it
    t1 = float(result.events["t"][bounces[0]])
    assert t1 == pytest.approx(2 * float(result.snapshots.vz[0, 0]) / PARAMS.g, rel=1e-9)
    first_contact = np.flatnonzero(kinds == EventKind.BALL_BALL)
    assert first_contact.size == 0 or result.events["t"][first_contact[0]] > t1
    assert float(result.events["y"][bounces[0]]) > 0.8 + 2 * R  # landed beyond the blocker
    # it settles: the last ball state is on the cloth, heights zero
    assert not np.any(result.final.motion == sim.MotionState.AIRBORNE)
    assert np.all(result.final.z == 0.0)
    mid = 0.5 * t1
    assert result.state_at(mid).z[0] == pytest.approx(
        float(result.snapshots.vz[0, 0]) ** 2 / (2 * PARAMS.g), rel=1e-9
    )


def test_a_ball_flying_over_the_foot_rail_leaves_the_table_at_the_outer_edge() -> None:
    state = sim.BallState([[0.635, 2.2]], vel=[[0.0, 3.0]], z=[0.1], vz=[1.0])
    result = sim.simulate(TABLE, state)
    last = result.events[-1]
    assert int(last["kind"]) == EventKind.OFF_TABLE
    edge = TABLE.length + TABLE.rail_width
    assert float(last["t"]) == pytest.approx((edge - 2.2) / 3.0, rel=1e-12)
    assert not result.final.on_table[0]
    frames = result.sample(0.05, heights=True)
    assert frames.shape[2] == 3
    assert frames[1, 0, 2] == pytest.approx(0.1 + 0.05 - 0.5 * PARAMS.g * 0.05**2, rel=1e-12)


def test_flat_shots_have_no_heights() -> None:
    state = sim.BallState([[0.635, 0.5], [0.635, 1.5]])
    result = sim.simulate(TABLE, state, sim.Strike(speed=3.0, phi=90.0))
    assert not np.any(result.snapshots.z) and not np.any(result.snapshots.vz)
    assert math.isclose(float(result.snapshots.vz.sum()), 0.0)
