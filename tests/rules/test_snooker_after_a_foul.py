"""Snooker after a foul: the free ball (French text §9) and the foul and a miss (the paragraph
after §3.10, WPBSA 3.14), judged on the balls as they were before the stroke."""

from __future__ import annotations

import pytest

import sim
from rules.snooker_geometry import BALL_INDEX as B
from rules.types import Choice, Declaration, Phase
from tests.rules.snooker_helpers import game_with, hand_shot

R = 0.02625  # snooker ball radius, m
CX = 0.889  # the snooker table's long string, m


def test_free_ball_that_pots_a_red_scores_and_is_not_a_snookering_foul():
    """WPBSA 3.12: the free-ball snooker foul is only for a stroke that scores nothing. The
    blue (free ball) knocks a red in and ends between the cue ball and the last red."""
    game = game_with(
        {"cue": (CX, 1.0), "blue": (CX, 1.5), "red_1": (CX, 1.8), "red_2": (CX, 3.0)},
        free_ball=True,
    )
    log = hand_shot(
        game,
        [("hit", 0.2, 0, "blue"), ("hit", 0.4, "blue", "red_1"), ("pot", 0.9, "red_1")],
        moves={"blue": (CX, 2.0), "cue": (CX, 1.45)},
    )
    declaration = Declaration(nominated=B["blue"], free_ball=True)
    ruling = game.judge(log, declaration)
    assert ruling.fouls == () and ruling.points == (1, 0)
    assert ruling.next_to_play == 0 and ruling.next_phase is Phase.COLOUR_AFTER_RED
    # the same stroke without the pot is the foul of §9.4
    dry = hand_shot(
        game,
        [("hit", 0.2, 0, "blue"), ("hit", 0.4, "blue", "red_1")],
        moves={"blue": (CX, 2.0), "cue": (CX, 1.45), "red_1": (CX, 2.6)},
    )
    assert [f.code for f in game.judge(dry, declaration).fouls] == ["snookered_with_free_ball"]


def test_real_miss_nominating_a_hidden_colour_with_another_visible_is_a_miss():
    """WPBSA 3.14(c): after a red, every colour could be on; nominating the wholly hidden pink
    and sending the cue ball away from the visible colours is a foul and a miss."""
    game = game_with(
        {
            "cue": (CX, 1.0),
            "red_1": (0.3, 3.0),
            "blue": (CX, 1.5),
            "brown": (CX - 2 * R, 1.5),
            "green": (CX + 2 * R, 1.5),
            "pink": (CX, 2.0),
        },
        phase=Phase.COLOUR_AFTER_RED,
    )
    result = sim.simulate(game.table, game.state, sim.Strike(speed=1.0, phi=0.0))
    ruling = game.judge(result, Declaration(nominated=B["pink"]))
    assert [f.code for f in ruling.fouls] == ["missed_all"]
    assert ruling.extras.miss is True
    assert Choice.REPLACE_AND_REPLAY in ruling.options


def test_simultaneous_hit_of_a_ball_on_and_a_colour_is_a_foul_but_no_miss():
    game = game_with({"cue": (CX, 1.0), "red_1": (CX - R, 1.6), "blue": (CX + R, 1.6)})
    ruling = game.judge(hand_shot(game, [("hit", 0.3, 0, "red_1"), ("hit", 0.3, 0, "blue")]))
    assert [f.code for f in ruling.fouls] == ["simultaneous"]
    assert ruling.extras.miss is False and Choice.REPLACE_AND_REPLAY not in ruling.options


def test_real_stroke_into_two_colours_at_once_with_a_third_nominated_is_a_miss():
    """§5 and WPBSA 3.14: the blue nominated and in plain view, the cue ball driven into the
    pink and the yellow side by side (the engine meets both at one instant): a simultaneous
    foul that reached no ball on, so a miss like a hit of either alone. Nominating a colour
    makes it the ball on; the other colours that could have been nominated are not."""
    game = game_with(
        {
            "cue": (CX, 1.0),
            "red_1": (0.3, 3.0),
            "pink": (CX - R, 1.6),
            "yellow": (CX + R, 1.6),
            "blue": (0.4, 1.2),
        },
        phase=Phase.COLOUR_AFTER_RED,
    )
    result = sim.simulate(game.table, game.state, sim.Strike(speed=1.0, phi=90.0))
    ruling = game.judge(result, Declaration(nominated=B["blue"]))
    assert [f.code for f in ruling.fouls] == ["simultaneous"]
    assert ruling.extras.penalty == 6  # the pink, the higher of the two
    assert ruling.extras.miss is True and Choice.REPLACE_AND_REPLAY in ruling.options
    # the same stroke with the pink nominated reached the ball on: a foul, no miss
    reached = game.judge(result, Declaration(nominated=B["pink"]))
    assert [f.code for f in reached.fouls] == ["simultaneous"]
    assert reached.extras.miss is False


def test_free_ball_hit_at_once_with_a_colour_not_on_is_a_simultaneous_foul_but_no_miss():
    """§5 « ... ou une bille libre et la bille ON »: the free ball and another colour at once
    is the simultaneous foul, worded so (not "did not hit the free ball first"), and the
    free ball, the ball on of the stroke, was reached: no miss."""
    game = game_with(
        {"cue": (CX, 1.0), "red_1": (1.4, 2.5), "blue": (CX - R, 1.6), "pink": (CX + R, 1.6)},
        free_ball=True,
    )
    log = hand_shot(game, [("hit", 0.3, 0, "blue"), ("hit", 0.3, 0, "pink")])
    ruling = game.judge(log, Declaration(nominated=B["blue"], free_ball=True))
    assert [f.code for f in ruling.fouls] == ["simultaneous"]
    assert ruling.fouls[0].message == "Foul: the cue ball hit the blue and the pink simultaneously"
    assert ruling.extras.miss is False and Choice.REPLACE_AND_REPLAY not in ruling.options
    # the free ball missed altogether and the pink hit alone: not the free ball first, a miss
    alone = game.judge(
        hand_shot(game, [("hit", 0.3, 0, "pink")]), Declaration(nominated=B["blue"], free_ball=True)
    )
    assert [f.code for f in alone.fouls] == ["free_ball_not_first"]
    assert alone.extras.miss is True


@pytest.mark.parametrize(("speed", "miss"), [(0.05, True), (0.2, True), (3.0, False)])
def test_real_wholly_snookered_stroke_is_excused_only_with_the_strength_to_reach(speed, miss):
    """WPBSA 3.14(a): a wholly hidden red is deemed attempted only when the stroke could have
    reached it; a tap of the cue ball sideways is a miss."""
    game = game_with(
        {
            "cue": (CX, 1.0),
            "red_1": (CX, 2.0),
            "blue": (CX, 1.5),
            "pink": (CX - 2 * R, 1.5),
            "black": (CX + 2 * R, 1.5),
        }
    )
    ruling = game.judge(sim.simulate(game.table, game.state, sim.Strike(speed=speed, phi=0.0)))
    assert [f.code for f in ruling.fouls] == ["missed_all"]
    assert ruling.extras.miss is miss
    assert ruling.extras.full_ball_misses == 0
