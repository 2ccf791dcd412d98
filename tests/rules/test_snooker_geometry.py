"""Snooker geometry: set-up, the D, the spot cascade, touching balls, the snookered test."""

from __future__ import annotations

import math

import numpy as np
import pytest

import sim
from rules.placement import is_in_d
from rules.snooker_geometry import (
    BALL_INDEX,
    COLOURS,
    SPOT_CLEARANCE,
    can_hit_any_ball_on,
    can_hit_any_part,
    can_hit_both_edges,
    is_snookered,
    is_snookered_by,
    is_spot_free,
    red_triangle,
    respot_colours,
    setup_positions,
    touching_balls,
)
from rules.snooker_in_hand import is_snookered_in_hand
from tests.rules.snooker_helpers import positions, snooker_table

T = snooker_table()
R = T.ball_radius
RED = BALL_INDEX["red_1"]


# --- set-up -----------------------------------------------------------------------------------


def test_red_triangle_is_tight_apex_near_pink_base_parallel_to_top_cushion():
    reds = red_triangle(T)
    assert reds.shape == (15, 2)
    d = np.hypot(*(reds[:, None, :] - reds[None, :, :]).transpose(2, 0, 1))
    np.fill_diagonal(d, np.inf)
    assert d.min() >= 2 * R
    assert d.min() < 2 * R + 1e-4
    pink = np.array(T.spots["pink"])
    gaps = np.hypot(*(reds - pink).T)
    assert gaps.min() > 2 * R
    assert gaps.min() < 2 * R + 1e-4
    apex = reds[np.argmin(reds[:, 1])]
    assert apex[0] == pytest.approx(pink[0])
    base = reds[np.isclose(reds[:, 1], reds[:, 1].max())]
    assert len(base) == 5
    assert base[:, 0].mean() == pytest.approx(pink[0])
    assert all(T.contains_ball(x, y) for x, y in reds)
    assert reds[:, 1].max() < T.spots["black"][1] - 2 * R


def test_colours_on_their_spots_yellow_right_green_left_seen_from_baulk():
    pos = setup_positions(T)
    for colour in COLOURS:
        assert tuple(pos[BALL_INDEX[colour]]) == tuple(T.spots[colour])
    assert pos[BALL_INDEX["yellow"], 0] > pos[BALL_INDEX["brown"], 0] > pos[BALL_INDEX["green"], 0]
    assert pos[BALL_INDEX["brown"], 1] == pytest.approx(T.baulk_y)


# --- the D ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dx", "dy", "inside"),
    [
        (0.0, 0.0, True),
        (0.0, -0.292, True),
        (0.292, 0.0, True),
        (0.1, -0.1, True),
        (0.0, 0.001, False),
        (0.0, -0.2925, False),
        (0.25, -0.2, False),
    ],
)
def test_is_in_d_on_or_inside_the_lines(dx, dy, inside):
    cx, cy = T.d_centre
    assert is_in_d(T, (cx + dx, cy + dy)) is inside


# --- the spot cascade -------------------------------------------------------------------------


def test_colour_goes_on_its_own_spot_when_free():
    pos, on = positions(T, {"cue": (0.3, 1.0)})
    assert respot_colours(T, ["pink"], pos, on) == {"pink": T.spots["pink"]}


def test_spot_is_occupied_when_a_ball_would_touch():
    x, y = T.spots["blue"]
    pos, on = positions(T, {"cue": (x + 2 * R + 0.5 * SPOT_CLEARANCE, y)})
    assert not is_spot_free(T, T.spots["blue"], pos, on)
    pos, on = positions(T, {"cue": (x + 2 * R + 2 * SPOT_CLEARANCE, y)})
    assert is_spot_free(T, T.spots["blue"], pos, on)


def test_occupied_own_spot_sends_colour_to_highest_value_free_spot():
    pos, on = positions(T, {"cue": T.spots["black"], "pink": T.spots["pink"]})
    assert respot_colours(T, ["black"], pos, on) == {"black": T.spots["blue"]}
    pos, on = positions(T, {"cue": T.spots["yellow"]})
    assert respot_colours(T, ["yellow"], pos, on) == {"yellow": T.spots["black"]}


def test_several_colours_highest_value_has_priority():
    pos, on = positions(T, {"red_1": T.spots["black"], "red_2": T.spots["pink"], "cue": (0.3, 2.0)})
    got = respot_colours(T, ["pink", "black", "green"], pos, on)
    assert got == {"green": T.spots["green"], "black": T.spots["blue"], "pink": T.spots["brown"]}


def _all_spots_taken_except(colour: str) -> dict[str, tuple[float, float]]:
    placed = {}
    k = 1
    for other in COLOURS:
        if other != colour:
            placed[other] = T.spots[other]
    placed[f"red_{k}"] = T.spots[colour]
    return placed


def test_all_spots_occupied_colour_goes_towards_top_cushion_as_near_as_possible():
    pos, on = positions(T, _all_spots_taken_except("blue"))
    got = respot_colours(T, ["blue"], pos, on)["blue"]
    x, y = T.spots["blue"]
    assert got[0] == pytest.approx(x)
    assert got[1] == pytest.approx(y + 2 * R + SPOT_CLEARANCE)


def test_black_goes_below_its_spot_when_the_line_to_the_top_cushion_is_covered():
    placed = _all_spots_taken_except("black")
    x, y = T.spots["black"]
    # a column of reds from the black spot to the top cushion
    yy, k = y, 1
    while yy < T.length - R:
        placed[f"red_{k}"] = (x, yy)
        yy += 2 * R + 1e-4
        k += 1
    pos, on = positions(T, placed)
    got = respot_colours(T, ["black"], pos, on)["black"]
    assert got[0] == pytest.approx(x)
    assert got[1] == pytest.approx(y - 2 * R - SPOT_CLEARANCE)


def test_spotted_position_between_two_balls_uses_the_first_gap_wide_enough():
    placed = _all_spots_taken_except("green")
    x, y = T.spots["green"]
    # a ball 3R above the spot leaves no room below it: the colour goes above that ball
    placed["red_2"] = (x + 0.5 * R, y + 3 * R)
    pos, on = positions(T, placed)
    got = respot_colours(T, ["green"], pos, on)["green"]
    expected = y + 3 * R + math.sqrt((2 * R + SPOT_CLEARANCE) ** 2 - (0.5 * R) ** 2)
    assert got[0] == pytest.approx(x)
    assert got[1] == pytest.approx(expected)
    others = pos[on]
    assert np.hypot(*(others - np.array(got)).T).min() >= 2 * R


# --- touching ---------------------------------------------------------------------------------


def test_touching_balls_found_within_the_gap():
    pos, on = positions(
        T, {"cue": (0.8, 1.0), "red_1": (0.8 + 2 * R, 1.0), "blue": (0.8, 1.0 + 2 * R + 0.01)}
    )
    assert touching_balls(pos, on, R) == (RED,)


# --- snookered --------------------------------------------------------------------------------


def test_open_ball_is_not_snookered_blocked_ball_is():
    pos, on = positions(T, {"cue": (0.889, 1.0), "red_1": (0.889, 2.0)})
    assert not is_snookered(pos[0], [RED], pos, on, R)
    pos, on = positions(T, {"cue": (0.889, 1.0), "red_1": (0.889, 2.0), "blue": (0.889, 1.5)})
    assert is_snookered(pos[0], [RED], pos, on, R)
    assert not can_hit_any_ball_on(pos[0], [RED], pos, on, R)


def _right_edge_threshold_x() -> float:
    """Obstacle x at which it just grazes the path to the right edge of a red at (0.5, 2.0)
    from a cue ball at (0.5, 1.0), the obstacle at y = 1.5 (halfway)."""
    alpha = math.asin(2 * R / 1.0)
    return 0.5 + 0.5 * math.tan(alpha) + 2 * R / math.cos(alpha)


@pytest.mark.parametrize(("offset", "snookered"), [(-1e-6, True), (0.0, True), (1e-6, False)])
def test_partial_obstruction_of_one_edge_is_a_snooker(offset, snookered):
    ox = _right_edge_threshold_x() + offset
    pos, on = positions(T, {"cue": (0.5, 1.0), "red_1": (0.5, 2.0), "pink": (ox, 1.5)})
    assert is_snookered(pos[0], [RED], pos, on, R) is snookered
    assert can_hit_any_ball_on(pos[0], [RED], pos, on, R)


def test_one_open_ball_on_among_several_means_not_snookered():
    pos, on = positions(
        T,
        {
            "cue": (0.5, 1.0),
            "red_1": (0.5, 2.0),
            "black": (0.5, 1.5),
            "red_2": (1.2, 2.5),
        },
    )
    assert not is_snookered(pos[0], [RED, BALL_INDEX["red_2"]], pos, on, R)
    assert is_snookered(pos[0], [RED], pos, on, R)


def test_balls_on_never_obstruct():
    pos, on = positions(T, {"cue": (0.5, 1.0), "red_1": (0.5, 2.0), "red_2": (0.5, 1.5)})
    assert not is_snookered(pos[0], [RED, BALL_INDEX["red_2"]], pos, on, R)


def test_ball_touching_the_cue_ball_from_behind_does_not_obstruct():
    pos, on = positions(T, {"cue": (0.5, 1.0), "red_1": (0.5, 2.0), "black": (0.5, 1.0 - 2 * R)})
    assert not is_snookered(pos[0], [RED], pos, on, R)


def test_ball_touching_the_side_of_the_ball_on_blocks_that_edge():
    pos, on = positions(T, {"cue": (0.5, 1.0), "red_1": (0.5, 2.0), "black": (0.5 + 2 * R, 2.0)})
    assert not can_hit_both_edges(pos[0], pos[RED], pos[[BALL_INDEX["black"]]], R)
    assert is_snookered(pos[0], [RED], pos, on, R)


def test_ball_on_touching_the_cue_ball_is_never_snookered():
    pos, on = positions(
        T, {"cue": (0.5, 1.0), "red_1": (0.5, 1.0 + 2 * R), "black": (0.5 + 2 * R, 1.0 + 2 * R)}
    )
    assert not is_snookered(pos[0], [RED], pos, on, R)


def test_straight_lines_only_cushions_do_not_snooker():
    pos, on = positions(T, {"cue": (R + 0.001, 0.5), "red_1": (R + 0.001, 3.0)})
    assert not is_snookered(pos[0], [RED], pos, on, R)


def test_any_part_visible_through_a_gap():
    # two balls not on leave a channel one ball wide with a little room: a thin part is visible
    pos, on = positions(
        T,
        {
            "cue": (0.5, 1.0),
            "red_1": (0.5, 2.0),
            "blue": (0.5 - 2 * R - 0.002, 1.5),
            "pink": (0.5 + 2 * R + 0.002, 1.5),
        },
    )
    assert is_snookered(pos[0], [RED], pos, on, R)
    assert can_hit_any_part(pos[0], pos[RED], pos[[BALL_INDEX["blue"], BALL_INDEX["pink"]]], R)


def test_snookered_by_a_given_ball_only():
    pos, on = positions(
        T, {"cue": (0.5, 1.0), "red_1": (0.5, 2.0), "red_2": (1.3, 2.0), "blue": (0.5, 1.5)}
    )
    reds = [RED, BALL_INDEX["red_2"]]
    assert not is_snookered_by(pos[0], reds, BALL_INDEX["blue"], pos, on, R)
    pos, on = positions(T, {"cue": (0.5, 1.0), "red_1": (0.5, 2.0), "blue": (0.5, 1.5)})
    assert is_snookered_by(pos[0], [RED], BALL_INDEX["blue"], pos, on, R)
    assert not is_snookered_by(pos[0], [RED], BALL_INDEX["pink"], pos, on, R)


def test_in_hand_snookered_only_if_blocked_from_everywhere_in_the_d():
    centre = (0.889, 2.0)
    ring = {}
    for k, colour in enumerate(COLOURS):
        a = math.pi / 3 * k
        ring[colour] = (centre[0] + 2 * R * math.cos(a), centre[1] + 2 * R * math.sin(a))
    pos, on = positions(T, {"red_1": centre, **ring})
    assert is_snookered_in_hand(T, [RED], pos, on, spacing=0.02)
    for colour in ("yellow", "blue", "pink", "black"):
        del ring[colour]
    pos, on = positions(T, {"red_1": centre, **ring})
    assert not is_snookered_in_hand(T, [RED], pos, on, spacing=0.02)


def test_the_d_grid_of_the_snookered_test_is_built_once_per_table_and_read_only():
    """The snookered-in-hand test (§9.1) reads the D's sample grid after every foul that sends
    the cue ball to the D: it is built once per (table, spacing) and cannot be changed."""
    from rules.snooker_in_hand import d_sample_points

    table = sim.Table.snooker()
    grid = d_sample_points(table, 0.01)
    assert d_sample_points(sim.Table.snooker(), 0.01) is grid
    assert not grid.flags.writeable and len(grid) > 1000
    with pytest.raises(ValueError, match="has no D"):
        d_sample_points(sim.Table.pool(9), 0.01)
