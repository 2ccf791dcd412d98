"""Snooker, a ball touching the cue ball (French text §7, WPBSA 3.7): playing into it is a
push stroke whatever the gap within the touching distance, playing away is not; with no
contact a colour touching the cue ball is taken as the one nominated."""

from __future__ import annotations

import pytest

import sim
from rules.snooker_geometry import BALL_INDEX as B
from rules.types import Phase
from tests.rules.snooker_helpers import game_with, hand_shot

R = 0.02625  # snooker ball radius, m
CX = 0.889  # the snooker table's long string, m


def touching_red_game(gap: float):
    return game_with({"cue": (CX, 1.0), "red_1": (CX, 1.0 + 2 * R + gap), "red_2": (0.4, 2.5)})


@pytest.mark.parametrize("gap", [0.0, 1e-5, 9e-5])
def test_real_stroke_through_a_touching_red_is_a_push_whatever_the_gap(gap):
    """§7.2: driving into a touching red is a push stroke, also when the 10 um gap makes the
    contact come microseconds after the strike (the old 1 us window missed it)."""
    game = touching_red_game(gap)
    assert game.touching == (B["red_1"],)
    result = sim.simulate(game.table, game.state, sim.Strike(speed=1.0, phi=90.0))
    ruling = game.judge(result)
    assert [f.code for f in ruling.fouls] == ["push_stroke_touching"]
    assert ruling.fouls[0].penalty == 4 and ruling.points == (0, 4)
    assert "red_1" in ruling.fouls[0].message


def test_real_stroke_at_an_angle_into_the_touching_red_is_a_push_and_away_is_not():
    game = touching_red_game(1e-5)
    for phi, push in ((150.0, True), (60.0, True), (-90.0, False), (0.0, False)):
        ruling = game.judge(sim.simulate(game.table, game.state, sim.Strike(speed=1.0, phi=phi)))
        assert ("push_stroke_touching" in {f.code for f in ruling.fouls}) is push, phi


def test_hand_built_log_push_stroke_read_from_the_first_cue_ball_contact():
    """Without a strike (a hand-built log) the push is read off the rows: the cue ball's first
    collision, 7 us after the strike, is with the touching red. A cue ball that goes to a
    cushion first and comes back to the red did not push it."""
    game = touching_red_game(1e-5)
    pushed = game.judge(hand_shot(game, [("hit", 7e-6, 0, "red_1")]))
    assert [f.code for f in pushed.fouls] == ["push_stroke_touching"]
    assert pushed.fouls[0].event == 1
    came_back = game.judge(hand_shot(game, [("cushion", 0.3, 0), ("hit", 0.9, 0, "red_1")]))
    assert "push_stroke_touching" not in {f.code for f in came_back.fouls}


def test_push_stroke_on_a_touching_colour_costs_the_colours_value():
    game = game_with({"cue": (CX, 1.0), "black": (CX, 1.0 + 2 * R + 2e-5), "red_1": (0.4, 2.5)})
    ruling = game.judge(sim.simulate(game.table, game.state, sim.Strike(speed=1.0, phi=90.0)))
    push = next(f for f in ruling.fouls if f.code == "push_stroke_touching")
    assert push.penalty == 7 and ruling.points == (0, 7)


def test_real_colour_inferred_from_a_touching_ball_says_so():
    game = game_with(
        {"cue": (CX, 1.0), "blue": (CX, 1.0 + 2 * R), "red_1": (0.3, 3.0)},
        phase=Phase.COLOUR_AFTER_RED,
    )
    ruling = game.judge(sim.simulate(game.table, game.state, sim.Strike(speed=0.2, phi=-90.0)))
    assert ruling.fouls == () and not ruling.pocketed  # a touching ball on counts as hit (§7.3)
    assert ruling.extras.nominated == B["blue"]
    assert any("the colour touching the cue ball" in n for n in ruling.notes)
    assert not any("first ball hit" in n for n in ruling.notes)
