"""Closed forms of a flying ball resting on an edge at the rail-top height (a cushion's nose
edge, or a piece of a pocket's back): it rides over the crest when it climbs fast enough and
slides off toward the table otherwise (``sim.kernels.landing.edge_ride_over``,
``edge_ride_off``; docs/physics-notes.md, "A flying ball resting on a nose edge"), driven on
hand-built segments beside the 9 ft table's top rail (left half, as drawn)."""

from __future__ import annotations

import math

import numpy as np
import pytest

import sim
from sim.kernels.landing import edge_ride_off, edge_ride_over
from sim.kernels.motion import AIRBORNE, OFF_TABLE
from sim.kernels.predict import height_at, state_at
from sim.kernels.shot_types import Segments
from sim.simulate import shot_model

pytestmark = pytest.mark.jit_only

TABLE = sim.Table.pool(9)
MODEL = shot_model(TABLE, sim.Params())
R = float(MODEL.p[sim.params.P_R])
G = float(MODEL.p[sim.params.P_G])
H = float(MODEL.p[sim.params.P_CUSHION_H])
RAIL = MODEL.segments[2]  # x = 0 from y = 0.088 to 1.2003, the normal +x toward the balls
OFFSET = float(MODEL.rim[1])  # the nose edge, this far in front of the cushion line


def _on_the_edge(theta0: float, climb: float) -> Segments:
    """Ball 0 in flight resting on the rail's nose edge: its centre on the circle of radius R
    about the edge, ``theta0`` from the vertical over it toward the table, moving along that
    circle toward the crest at ``climb`` m/s."""
    across, up = R * math.sin(theta0), R * math.cos(theta0)
    pos = np.array([[OFFSET + across, 0.6]])
    vel = np.array([[-climb * math.cos(theta0), 0.0]])
    return Segments(
        np.zeros(1), np.array([AIRBORNE], dtype=np.int8), pos, vel, np.zeros((1, 3)),
        np.full(1, np.inf), np.array([H + up - R]), np.array([climb * math.sin(theta0)]),
    )  # fmt: skip


def test_a_ball_climbing_over_the_crest_leaves_the_table_over_the_edge() -> None:
    """From ``theta0`` with speed ``s`` the ball reaches the crest with ``s_c^2 = s^2 - 2 g R
    (1 - cos theta0)``; for ``0 < s_c^2 <= g R`` it stays on the edge up to it and is then on
    the rail top moving out: placed over the edge, off the table."""
    theta0 = math.radians(0.5)
    need = 2.0 * G * R * (1.0 - math.cos(theta0))  # s^2 that just reaches the crest
    seg = _on_the_edge(theta0, math.sqrt(1.5 * need))
    assert edge_ride_over(0, RAIL, OFFSET, 0.0, seg, MODEL)
    assert seg.state[0] == OFF_TABLE
    assert seg.pos[0] == pytest.approx([OFFSET, 0.6], abs=1e-15)
    seg = _on_the_edge(theta0, math.sqrt(0.5 * need))  # falls back: not over
    assert not edge_ride_over(0, RAIL, OFFSET, 0.0, seg, MODEL)
    assert seg.state[0] == AIRBORNE


def test_a_ball_too_slow_for_the_crest_slides_off_toward_the_table_where_the_normal_vanishes() -> (
    None
):
    """From rest at ``theta0`` it leaves the edge where ``cos theta_s = 2 cos theta0 / 3`` with
    speed ``sqrt(2 g R (cos theta0 - cos theta_s))`` (the normal force vanishes), energy kept
    but for the settling hop's direction."""
    theta0 = math.radians(20.0)
    seg = _on_the_edge(theta0, 0.0)
    assert edge_ride_off(0, RAIL, OFFSET, 0.0, seg, MODEL)
    cos_s = 2.0 * math.cos(theta0) / 3.0
    sin_s = math.sqrt(1.0 - cos_s * cos_s)
    px, _py, vx, vy, _wx, _wy, _wz = state_at(0, 0.0, seg, MODEL.p)
    z, vz = height_at(0, 0.0, seg, MODEL.p)
    assert px == pytest.approx(OFFSET + R * sin_s, rel=1e-12)
    assert z == pytest.approx(H + R * cos_s - R, rel=1e-12)
    speed = math.sqrt(2.0 * G * R * (math.cos(theta0) - cos_s))
    assert math.sqrt(vx * vx + vy * vy + vz * vz) == pytest.approx(speed, rel=1e-12)
    assert vx > 0.0  # toward the table


@pytest.mark.xfail(
    strict=True,
    raises=sim.EventCapExceededError,
    reason="open: a flying ball resting on a nose edge at a corner pocket's pack, climbing too "
    "slowly to ride over and with no free spot to slide off to, is found touching the edge "
    "again at the same instant with no closing speed (fuzz shot 301:348743, one of 520,000)",
)
def test_a_ball_grazing_a_nose_edge_in_a_corner_pack_finishes() -> None:
    from benchmarks.fuzz_engine import make_fuzz_shot

    shot = make_fuzz_shot(301, 348743)
    result = sim.simulate(shot.table, shot.state, shot.strike, shot.params)
    assert len(result.events) < sim.constants.DEFAULT_MAX_EVENTS
