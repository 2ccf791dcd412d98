"""The world <-> screen transform and the aim line's first contact."""

from __future__ import annotations

import math

import numpy as np
import pytest

import sim
from render.aim import first_contact
from render.view import View


@pytest.mark.parametrize("landscape", [True, False])
def test_round_trip_and_fit(landscape: bool) -> None:
    view = View.fit(2.54, 1.27, (10, 20, 1000, 600), margin_m=0.1, landscape=landscape)
    for x, y in [(0.0, 0.0), (1.27, 2.54), (0.3, 1.9)]:
        sx, sy = view.to_screen(x, y)
        assert view.to_world(sx, sy) == pytest.approx((x, y))
        assert 10 <= sx <= 1010 and 20 <= sy <= 620
    pts = np.array([[0.1, 0.2], [1.0, 2.0]])
    assert view.to_screen_array(pts) == pytest.approx(np.array([view.to_screen(*p) for p in pts]))


def test_landscape_puts_the_head_end_left_and_is_a_rotation() -> None:
    view = View.fit(2.54, 1.27, (0, 0, 1200, 700))
    assert view.landscape
    head = view.to_screen(0.635, 0.0)
    foot = view.to_screen(0.635, 2.54)
    left_rail = view.to_screen(0.0, 1.27)
    assert head[0] < foot[0]
    assert left_rail[1] < head[1], "seen from the head end, the left rail is at the top"
    # A rotation keeps the sense of angles: +x then +y is a left turn on screen (y down).
    ex = np.subtract(view.to_screen(1, 0), view.to_screen(0, 0))
    ey = np.subtract(view.to_screen(0, 1), view.to_screen(0, 0))
    assert ex[0] * ey[1] - ex[1] * ey[0] < 0


def test_portrait_flips_y() -> None:
    view = View.fit(2.54, 1.27, (0, 0, 500, 900))
    assert not view.landscape
    assert view.to_screen(0, 2.54)[1] < view.to_screen(0, 0)[1]


def _contact(cue, phi, balls):
    table = sim.Table.pool(feet=9)
    pos = np.array([cue, *balls], dtype=float)
    on = np.ones(len(pos), dtype=bool)
    return table, first_contact(
        cue, phi, pos, on, table.ball_radius, table.arrays.segments, table.arrays.arcs
    )


def test_straight_shot_meets_the_object_ball_two_radii_short() -> None:
    table, c = _contact((0.635, 0.5), 90.0, [(0.635, 1.5)])
    assert c.ball == 1
    assert c.distance == pytest.approx(1.0 - 2 * table.ball_radius)
    assert c.object_direction == pytest.approx((0.0, 1.0))


def test_cut_shot_sends_the_object_ball_along_the_line_of_centres() -> None:
    r = sim.Table.pool(feet=9).ball_radius
    _, c = _contact((0.635, 0.5), 90.0, [(0.635 + r, 1.5)])
    assert c.ball == 1
    ux, uy = c.object_direction
    assert math.degrees(math.atan2(uy, ux)) == pytest.approx(60.0, abs=1e-6)


def test_missing_every_ball_stops_at_the_cushion() -> None:
    table, c = _contact((0.635, 0.5), 0.0, [(0.635, 1.5)])
    assert c.ball == -1
    assert c.ghost[0] == pytest.approx(table.width - table.ball_radius)
