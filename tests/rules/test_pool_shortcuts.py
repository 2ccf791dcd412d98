"""The pool referee's shortcuts give what the plain readings give: the balls on after a shot read
off the final state's flags against ``first_ball_on`` / ``balls_on_for`` of the state with the
spotted balls put back (``with_spots``); the foot spot found with the cue ball ignored against the
same search on a state with the cue ball lifted; the long-string search over (x, y) pairs against
the same search over an array."""

from __future__ import annotations

import numpy as np
import pytest

from rules.eight_ball import EightBallGame
from rules.eight_ball_judge import balls_on_after, balls_on_among, objects_up
from rules.nine_ball import NineBallGame, lowest_on
from rules.placement import (
    SPOT_GAP,
    first_free_distance,
    foot_spot_position,
    rested,
    with_spots,
)
from rules.types import Group
from sim.table import Table
from tests.rules.pool_helpers import eight, nine, state_with

TABLE = Table.pool(feet=9)
R = float(TABLE.ball_radius)
FOOT = (float(TABLE.foot_spot[0]), float(TABLE.foot_spot[1]))


def random_states(n_balls: int, count: int, seed: int) -> list:
    """``count`` states of ``n_balls`` balls, each ball on the table with probability 0.6 at a
    free place (the cue ball always on), some of them on or near the foot spot."""
    rng = np.random.default_rng(seed)
    states = []
    for _ in range(count):
        placed: dict[int, tuple[float, float]] = {}
        for ball in range(n_balls):
            if ball and rng.random() > 0.6:
                continue
            for _ in range(50):
                if rng.random() < 0.3:  # near the foot spot, on the long string
                    xy = (FOOT[0] + rng.normal(0.0, R), FOOT[1] + rng.normal(0.0, 3 * R))
                else:
                    xy = (rng.uniform(0.1, TABLE.width - 0.1), rng.uniform(0.1, TABLE.length - 0.1))
                if all(np.hypot(xy[0] - x, xy[1] - y) > 2.01 * R for x, y in placed.values()):
                    placed[ball] = (float(xy[0]), float(xy[1]))
                    break
        states.append(state_with(n_balls, placed))
    return states


def test_nine_ball_lowest_on_from_flags_matches_first_ball_on_of_the_spotted_state():
    game = nine()
    assert isinstance(game, NineBallGame)
    for state in random_states(10, 60, seed=3):
        for to_spot in ((), ((9, FOOT),)):
            flags = np.asarray(state.on_table, dtype=bool).tolist()
            for ball, _ in to_spot:
                flags[ball] = True
            expected = game.first_ball_on(with_spots(state, to_spot))
            assert lowest_on(flags) == expected
    assert lowest_on([True]) == frozenset()
    assert lowest_on([True, False, False, True]) == frozenset({3})


@pytest.mark.parametrize("groups", [(None, None), (Group.SOLIDS, Group.STRIPES)])
def test_eight_ball_balls_on_after_spotting_match_balls_on_for(groups):
    game = eight()
    assert isinstance(game, EightBallGame)
    for state in random_states(16, 80, seed=4):
        for spot in ((), ((8, FOOT),)):
            for player in (0, 1):
                expected = game.balls_on_for(player, with_spots(state, spot), groups)
                assert balls_on_after(player, state, spot, groups) == expected
                up = objects_up(with_spots(state, spot))
                assert balls_on_among(groups[player], up) == expected
    # the 8 spotted after a group was cleared: it is on again
    eight_down = state_with(16, {0: (0.5, 0.5), 9: (0.3, 1.2)})
    spot = ((8, FOOT),)
    assert balls_on_after(0, eight_down, spot, (Group.SOLIDS, Group.STRIPES)) == {8}
    assert balls_on_after(0, eight_down, (), (Group.SOLIDS, Group.STRIPES)) == frozenset()
    # the three branches by hand: a group cleared (the 8), a group up, an open table
    solids_gone = state_with(16, {0: (0.5, 0.5), 8: (0.5, 1.5), 9: (0.3, 1.2)})
    assert balls_on_among(Group.SOLIDS, objects_up(solids_gone)) == frozenset({8})
    assert balls_on_among(Group.STRIPES, objects_up(solids_gone)) == frozenset({9})
    assert balls_on_among(None, objects_up(solids_gone)) == frozenset({9})


def test_foot_spot_ignoring_the_cue_ball_is_the_spot_with_the_cue_ball_lifted():
    for state in random_states(10, 120, seed=5):
        lifted = rested(state, ((0, None),))
        ignored = foot_spot_position(TABLE, state, 9, ignore=(0,))
        assert ignored == foot_spot_position(TABLE, lifted, 9)
    # the cue ball on the foot spot itself: ignored, the 9 goes on the spot
    on_spot = state_with(10, {0: FOOT, 1: (0.5, 0.5)})
    assert foot_spot_position(TABLE, on_spot, 9, ignore=(0,)) == FOOT
    assert foot_spot_position(TABLE, on_spot, 9) != FOOT


def test_first_free_distance_over_pairs_equals_the_array_search():
    rng = np.random.default_rng(6)
    for _ in range(200):
        k = int(rng.integers(0, 6))
        centres = np.column_stack(
            [FOOT[0] + rng.normal(0.0, R, k), FOOT[1] + rng.normal(0.0, 4 * R, k)]
        )
        for way in ((0.0, 1.0), (0.0, -1.0)):
            from_array = first_free_distance(FOOT, way, centres, 2 * R, SPOT_GAP)
            from_pairs = first_free_distance(FOOT, way, centres.tolist(), 2 * R, SPOT_GAP)
            assert from_pairs == from_array
            assert from_array >= 0.0
    # nothing in the way: the start itself; one ball on the start: just past it plus the gap
    assert first_free_distance(FOOT, (0.0, 1.0), [], 2 * R) == 0.0
    assert first_free_distance(FOOT, (0.0, 1.0), [FOOT], 2 * R, SPOT_GAP) == pytest.approx(
        2 * R + SPOT_GAP
    )
