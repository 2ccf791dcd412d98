"""ShotFacts read off logs, ball-in-hand zones and placement, foot-spot spotting, racks."""

from __future__ import annotations

import math

import numpy as np
import pytest

from rules import BallInHand, IllegalPlacementError
from rules.facts import ShotFacts
from rules.placement import (
    foot_spot_position,
    is_behind_head_string,
    is_in_d,
    is_in_zone,
    nearest_free_on_ray,
    placement_problem,
    validate_placement,
)
from rules.racks import (
    RACK_GAP_FRACTION,
    eight_ball_rack,
    nine_ball_rack,
)
from rules.testing import ShotBuilder
from sim.table import Table
from tests.rules.pool_helpers import CUE, A, B, C, F, state_with

TABLE = Table.pool(feet=9)
R = TABLE.ball_radius


def facts_of(builder: ShotBuilder) -> ShotFacts:
    return ShotFacts.from_result(builder.result(), TABLE)


# ---------------------------------------------------------------- facts
def test_first_contact_pocketings_and_cushions_after_contact():
    st = state_with(10, {0: CUE, 1: A, 2: B, 3: C})
    s = (
        ShotBuilder(TABLE, st)
        .cushion(0, 2)
        .hit(0, 2)
        .hit(2, 1)
        .cushion(1, 3)
        .pocket(3, "top-right")
    )
    f = facts_of(s)
    assert f.first_contact is not None and f.first_contact.event == 2 and f.first_ball_hit == 2
    assert [h.event for h in f.cushion_hits_after_first_contact()] == [4]
    assert f.object_balls_to_cushion == frozenset({1})
    assert f.pocketed == (3,) and f.object_balls_pocketed == (3,) and not f.cue_ball_pocketed
    assert f.pocketing_of(3).pocket_name == "top-right"
    assert f.on_table_before == frozenset({0, 1, 2, 3}) and 3 not in f.on_table_after
    assert "fell into the top-right pocket" in f.describe_event(5)


def test_simultaneous_first_contacts_are_all_reported():
    st = state_with(10, {0: CUE, 1: A, 2: B})
    s = ShotBuilder(TABLE, st).hit(0, 1, t=0.3).hit(0, 2, t=0.3 + 5e-10).hit(0, 1, t=0.5)
    assert facts_of(s).first_contact_balls == frozenset({1, 2})
    s2 = ShotBuilder(TABLE, st).hit(0, 1, t=0.3).hit(0, 2, t=0.3 + 1e-6)
    assert facts_of(s2).first_contact_balls == frozenset({1})


def test_no_contact_and_cue_ball_pocketed():
    st = state_with(10, {0: CUE, 1: A})
    f = facts_of(ShotBuilder(TABLE, st).cushion(0, 1).pocket(0, "top-left"))
    assert f.first_contact is None and f.cue_ball_pocketed
    assert f.cushion_hits_after_first_contact() == ()


def test_line_crossings_and_balls_with_a_part_beyond_a_line():
    st = state_with(10, {0: CUE, 1: A, 2: B})
    s = ShotBuilder(TABLE, st).hit(0, 1).cross(1, "head_string", -1).rest(1, (0.6, 0.5))
    s.rest(2, (0.4, TABLE.head_string_y + 0.5 * R))
    f = facts_of(s)
    assert [(c.ball, c.direction) for c in f.crossings_of("head_string")] == [(1, -1)]
    assert f.crossings_of("head_string", +1) == ()
    assert f.balls_with_part_below(TABLE.head_string_y, R) == frozenset({1, 2})
    already = state_with(10, {0: CUE, 1: A, 2: (0.4, 0.3)})
    s2 = ShotBuilder(TABLE, already).hit(0, 1).rest(2, (0.4, 0.2))
    assert facts_of(s2).balls_with_part_below(TABLE.head_string_y, R) == frozenset()


# ---------------------------------------------------------------- zones and placement
def test_zones():
    assert is_behind_head_string(TABLE, (0.6, TABLE.head_string_y - 1e-6))
    assert not is_behind_head_string(TABLE, (0.6, TABLE.head_string_y))
    assert is_in_zone(TABLE, (0.6, 2.0), BallInHand.ANYWHERE)
    assert not is_in_zone(TABLE, (0.6, 0.2), BallInHand.NONE)
    assert not is_in_d(TABLE, (0.6, 0.2))  # a pool table has no D
    snooker = Table.snooker()
    cx, cy = snooker.d_centre
    assert is_in_d(snooker, (cx, cy - snooker.d_radius))  # on the line counts
    assert is_in_d(snooker, (cx + snooker.d_radius, cy))
    assert not is_in_d(snooker, (cx, cy + 0.01))  # in front of the baulk line
    assert not is_in_d(snooker, (cx, cy - snooker.d_radius - 0.001))


def test_validate_placement_says_the_zone():
    st = state_with(10, {0: CUE, 1: A})
    assert validate_placement(TABLE, st, (0.3, 0.3), BallInHand.BEHIND_HEAD_STRING) == (0.3, 0.3)
    with pytest.raises(IllegalPlacementError, match="behind the head string"):
        validate_placement(TABLE, st, (0.3, 1.0), BallInHand.BEHIND_HEAD_STRING)
    with pytest.raises(IllegalPlacementError, match="overlaps ball 1"):
        validate_placement(TABLE, st, (A[0] + 1.5 * R, A[1]), BallInHand.ANYWHERE)
    with pytest.raises(IllegalPlacementError, match="off the cloth"):
        validate_placement(TABLE, st, (0.01, 1.0), BallInHand.ANYWHERE)
    with pytest.raises(IllegalPlacementError, match="not in hand"):
        validate_placement(TABLE, st, (0.3, 0.3), BallInHand.NONE)
    assert placement_problem(TABLE, st, (math.nan, 0.3), BallInHand.ANYWHERE) is not None
    # touching exactly is allowed
    assert placement_problem(TABLE, st, (A[0] + 2 * R, A[1]), BallInHand.ANYWHERE) is None


def test_foot_spot_free_behind_and_in_front():
    fx, fy = TABLE.foot_spot
    free = state_with(10, {0: CUE, 9: F})
    assert foot_spot_position(TABLE, free, 9) == (fx, fy)
    # two balls in a row behind the spot: the ball goes behind both, without touching
    row = state_with(10, {0: CUE, 1: (fx, fy), 2: (fx, fy + 2 * R + 1e-4)})
    x, y = foot_spot_position(TABLE, row, 9)
    assert x == fx and y == pytest.approx(fy + 4 * R + 1e-4, abs=2e-6)
    assert y > fy + 4 * R + 1e-4
    # the whole long string behind blocked: in front of the spot
    L = TABLE.length
    ys = np.arange(fy, L - R, 2 * R + 1e-6)
    blocked = state_with(16, {i + 1: (fx, float(yy)) for i, yy in enumerate(ys[:14])})
    assert nearest_free_on_ray(TABLE, blocked, 15, (fx, fy), (0.0, 1.0)) is None
    x, y = foot_spot_position(TABLE, blocked, 15)
    assert y < fy - 2 * R


# ---------------------------------------------------------------- racks
def _min_gap(xy: np.ndarray) -> float:
    d = np.hypot(*(xy[:, None, :] - xy[None, :, :]).transpose(2, 0, 1))
    d[np.diag_indices_from(d)] = np.inf
    return float(d.min())


def test_nine_ball_diamond():
    xy = nine_ball_rack(TABLE, seed=5, rack_number=0)
    assert xy.shape == (10, 2)
    assert tuple(xy[1]) == TABLE.foot_spot
    fx, fy = TABLE.foot_spot
    s = 2 * R * (1 + RACK_GAP_FRACTION)
    assert xy[9][0] == pytest.approx(fx, abs=1e-4) and xy[9][1] == pytest.approx(
        fy + math.sqrt(3) * s, abs=1e-4
    )
    assert _min_gap(xy[1:]) > 2 * R
    rows = sorted(round((y - fy) / (math.sqrt(3) * s / 2)) for y in xy[1:, 1])
    assert rows == [0, 1, 1, 2, 2, 2, 3, 3, 4]
    assert all(TABLE.contains_ball(x, y) for x, y in xy)
    assert xy[0][1] < TABLE.head_string_y


def test_nine_ball_racks_differ_rack_to_rack_and_repeat_for_a_seed():
    a = nine_ball_rack(TABLE, 5, 0)
    assert np.array_equal(a, nine_ball_rack(TABLE, 5, 0))
    orders = {
        tuple(
            np.lexsort((nine_ball_rack(TABLE, 5, k)[2:9, 0], nine_ball_rack(TABLE, 5, k)[2:9, 1]))
        )
        for k in range(6)
    }
    assert len(orders) > 1


def test_eight_ball_triangle():
    for seed in range(20):
        xy = eight_ball_rack(TABLE, seed)
        assert _min_gap(xy[1:]) > 2 * R
        fx, fy = TABLE.foot_spot
        s = 2 * R * (1 + RACK_GAP_FRACTION)
        assert xy[8][0] == pytest.approx(fx, abs=1e-4)
        assert xy[8][1] == pytest.approx(fy + math.sqrt(3) * s, abs=1e-4)
        back = [b for b in range(1, 16) if abs(xy[b][1] - (fy + 2 * math.sqrt(3) * s)) < 1e-3]
        assert len(back) == 5
        corners = sorted(back, key=lambda b: xy[b][0])
        ends = {corners[0] < 8, corners[-1] < 8}
        assert ends == {True, False}  # one solid, one stripe
        assert any(tuple(p) == TABLE.foot_spot for p in xy[1:])
