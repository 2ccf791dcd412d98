"""Snooker referee on hand-built event logs: one test (or more) per clause of the French snooker
text."""

from __future__ import annotations

import pytest

import rules
from rules.errors import (
    ChoiceNotOfferedError,
    IllegalPlacementError,
    InvalidDeclarationError,
    InvalidOptionError,
)
from rules.snooker import SnookerGame, ball_value, points_remaining
from rules.snooker_geometry import BALL_INDEX, BALL_NAMES, COLOUR_INDICES, RED_INDICES
from rules.types import BallInHand, Choice, Declaration, DeclaredFoul, Phase
from tests.rules.snooker_helpers import game_with, hand_shot

B = BALL_INDEX
CX = 0.889


def pts(ruling):
    return tuple(ruling.points)


# --- set-up, break-off (2, 3.1, 3.2, 3.4) ------------------------------------------------------


def test_new_frame_is_set_up_for_the_break_off():
    game = rules.new_game("snooker", players=("Ann", "Bob"), seed=3)
    assert isinstance(game, SnookerGame)
    assert game.state.n == 22
    assert not game.state.on_table[0]
    assert all(game.state.on_table[1:])
    assert game.ball_in_hand is BallInHand.IN_D
    assert game.phase is Phase.BREAK
    assert game.ball_on == frozenset(RED_INDICES)
    assert game.to_play == 0
    assert game.ball_names[B["yellow"]] == "yellow"
    assert game.ball_names[1] == "red_1"
    assert game.score == (0, 0)


@pytest.mark.parametrize("players", [("A",), ("A", "B", "C")])
def test_two_or_four_players_only(players):
    with pytest.raises(InvalidOptionError):
        rules.new_game("snooker", players=players)


def test_unknown_option_is_refused():
    with pytest.raises(InvalidOptionError):
        rules.new_game("snooker", rack_style="magic")


def test_cue_ball_must_be_placed_in_the_d_and_not_on_a_ball():
    game = rules.new_game("snooker", seed=1)
    cx, cy = game.table.d_centre
    assert game.state_for_shot((cx, cy - 0.1)).on_table[0]
    with pytest.raises(IllegalPlacementError):
        game.state_for_shot((cx, cy + 0.01))
    with pytest.raises(IllegalPlacementError):
        game.state_for_shot(game.table.spots["brown"])
    with pytest.raises(IllegalPlacementError):
        game.state_for_shot(None)
    assert not game.state.on_table[0]


def test_break_off_from_outside_the_d_is_a_foul():
    game = rules.new_game("snooker", seed=1)
    shot = hand_shot(game, [("hit", 0.5, 0, "red_1")], cue_at=(CX, 1.0))
    ruling = game.judge(shot)
    assert [f.code for f in ruling.fouls] == ["bad_placement"]
    assert pts(ruling) == (0, 4)


# --- reds, colours, scoring (3.3, 3.5, 3.6, 3.7 of section 3 "principe") -----------------------


def reds_game(**kw):
    return game_with(
        {
            "cue": (CX, 1.0),
            "red_1": (CX, 2.0),
            "red_2": (0.5, 2.5),
            "red_3": (1.3, 2.5),
            "yellow": (1.181, 0.737),
            "blue": (CX, 1.7845),
            "pink": (CX, 2.67675),
            "black": (CX, 3.245),
        },
        **kw,
    )


def test_potting_a_red_scores_one_and_a_colour_is_on():
    game = reds_game()
    shot = hand_shot(game, [("hit", 0.3, 0, "red_1"), ("pot", 0.9, "red_1")])
    ruling = game.judge(shot)
    assert not ruling.fouls
    assert pts(ruling) == (1, 0)
    assert ruling.next_to_play == 0
    assert ruling.next_phase is Phase.COLOUR_AFTER_RED
    after = game.apply(ruling)
    assert after.break_points == 1
    assert after.declaration_options().nomination_required
    assert B["black"] in after.ball_on


def test_every_red_potted_in_one_stroke_scores():
    game = reds_game()
    shot = hand_shot(
        game,
        [
            ("hit", 0.3, 0, "red_1"),
            ("hit", 0.5, "red_1", "red_2"),
            ("pot", 0.9, "red_1"),
            ("pot", 1.0, "red_2"),
        ],
    )
    assert pts(game.judge(shot)) == (2, 0)


def test_two_reds_hit_simultaneously_is_legal():
    game = reds_game()
    shot = hand_shot(game, [("hit", 0.3, 0, "red_1"), ("hit", 0.3, 0, "red_2")])
    assert not game.judge(shot).fouls


def test_nominated_colour_potted_scores_and_is_respotted():
    game = reds_game(phase=Phase.COLOUR_AFTER_RED, break_points=1)
    shot = hand_shot(game, [("hit", 0.3, 0, "blue"), ("pot", 0.9, "blue")])
    ruling = game.judge(shot, Declaration(nominated=B["blue"]))
    assert not ruling.fouls
    assert pts(ruling) == (5, 0)
    assert ruling.to_spot == ((B["blue"], game.table.spots["blue"]),)
    assert ruling.next_phase is Phase.REDS
    after = game.apply(ruling)
    assert after.state.on_table[B["blue"]]
    assert after.break_points == 6
    assert after.to_play == 0


def test_colour_inferred_from_the_first_ball_hit():
    game = reds_game(phase=Phase.COLOUR_AFTER_RED)
    shot = hand_shot(game, [("hit", 0.3, 0, "pink"), ("pot", 0.9, "pink")])
    ruling = game.judge(shot)
    assert not ruling.fouls
    assert pts(ruling) == (6, 0)
    assert ruling.detail("nominated") == B["pink"]


def test_colour_not_potted_ends_the_turn_and_reds_are_on_again():
    game = reds_game(phase=Phase.COLOUR_AFTER_RED, break_points=1)
    shot = hand_shot(game, [("hit", 0.3, 0, "black")])
    ruling = game.judge(shot, Declaration(nominated=B["black"]))
    assert not ruling.fouls
    assert ruling.next_to_play == 1
    assert ruling.next_phase is Phase.REDS
    after = game.apply(ruling)
    assert after.highest_break == (1, 0)
    assert after.break_points == 0


def test_colours_in_order_stay_down_once_potted():
    game = game_with(
        {"cue": (CX, 1.0), "yellow": (1.181, 0.737), "green": (0.597, 0.737), "black": (CX, 3.245)}
    )
    assert game.ball_on == frozenset({B["yellow"]})
    shot = hand_shot(game, [("hit", 0.3, 0, "yellow"), ("pot", 0.9, "yellow")])
    ruling = game.judge(shot)
    assert pts(ruling) == (2, 0)
    assert ruling.to_spot == ()
    assert ruling.next_ball_on == frozenset({B["green"]})
    assert not game.apply(ruling).state.on_table[B["yellow"]]


def test_last_red_then_colour_respotted_then_colours_in_order():
    game = game_with(
        {"cue": (CX, 1.0), "yellow": (1.181, 0.737), "blue": (CX, 1.7845), "black": (CX, 3.245)},
        phase=Phase.COLOUR_AFTER_RED,
    )
    shot = hand_shot(game, [("hit", 0.3, 0, "black"), ("pot", 0.9, "black")])
    ruling = game.judge(shot, Declaration(nominated=B["black"]))
    assert pts(ruling) == (7, 0)
    assert ruling.to_spot == ((B["black"], game.table.spots["black"]),)
    assert ruling.next_phase is Phase.COLOURS_IN_ORDER
    assert ruling.next_ball_on == frozenset({B["yellow"]})


def test_respot_on_highest_free_spot_when_own_spot_is_taken():
    game = reds_game(phase=Phase.COLOUR_AFTER_RED)
    pink_spot = game.table.spots["pink"]
    shot = hand_shot(
        game, [("hit", 0.3, 0, "pink"), ("pot", 0.9, "pink")], moves={"cue": pink_spot}
    )
    ruling = game.judge(shot, Declaration(nominated=B["pink"]))
    # the cue ball sits on the pink spot, black and blue on theirs: the brown spot is the
    # highest-value free spot
    assert ruling.to_spot == ((B["pink"], game.table.spots["brown"]),)


# --- fouls and values (3.10, 3.11) ------------------------------------------------------------


@pytest.mark.parametrize(("colour", "penalty"), [("yellow", 4), ("blue", 5), ("black", 7)])
def test_first_contact_not_on_costs_the_higher_value_at_least_four(colour, penalty):
    game = reds_game()
    shot = hand_shot(game, [("hit", 0.3, 0, colour)])
    ruling = game.judge(shot)
    assert [f.code for f in ruling.fouls] == ["wrong_ball_first"]
    assert pts(ruling) == (0, penalty)
    assert ruling.next_to_play == 1


def test_missing_every_ball_is_a_foul():
    ruling = reds_game().judge(hand_shot(reds_game(), [("cushion", 0.5, 0)]))
    assert [f.code for f in ruling.fouls] == ["missed_all"]
    assert pts(ruling) == (0, 4)


def test_cue_ball_pocketed_gives_ball_in_hand_in_the_d_and_cancels_the_red():
    game = reds_game()
    shot = hand_shot(game, [("hit", 0.3, 0, "red_1"), ("pot", 0.9, "red_1"), ("pot", 1.2, 0)])
    ruling = game.judge(shot)
    assert [f.code for f in ruling.fouls] == ["cue_ball_pocketed"]
    assert pts(ruling) == (0, 4)
    assert ruling.ball_in_hand is BallInHand.IN_D
    after = game.apply(ruling, Choice.ACCEPT_TABLE)
    assert not after.state.on_table[0]
    assert not after.state.on_table[B["red_1"]]


def test_potting_a_ball_not_on_costs_its_value_and_it_is_respotted():
    game = reds_game()
    shot = hand_shot(
        game, [("hit", 0.3, 0, "red_1"), ("hit", 0.5, "red_1", "pink"), ("pot", 0.9, "pink")]
    )
    ruling = game.judge(shot)
    assert [f.code for f in ruling.fouls] == ["potted_not_on"]
    assert pts(ruling) == (0, 6)
    assert ruling.to_spot == ((B["pink"], game.table.spots["pink"]),)


def test_simultaneous_hit_of_red_and_colour_is_a_foul_of_the_higher_value():
    game = reds_game()
    shot = hand_shot(game, [("hit", 0.3, 0, "red_1"), ("hit", 0.3, 0, "blue")])
    ruling = game.judge(shot)
    assert [f.code for f in ruling.fouls] == ["simultaneous"]
    assert pts(ruling) == (0, 5)


def test_highest_penalty_applies_when_several_fouls():
    game = reds_game()
    shot = hand_shot(
        game,
        [
            ("hit", 0.3, 0, "yellow"),
            ("hit", 0.5, "yellow", "black"),
            ("pot", 0.8, "black"),
            ("pot", 1.0, 0),
        ],
    )
    ruling = game.judge(shot)
    assert {f.code for f in ruling.fouls} == {
        "wrong_ball_first",
        "potted_not_on",
        "cue_ball_pocketed",
    }
    assert pts(ruling) == (0, 7)


def test_foul_after_a_red_before_nominating_costs_seven():
    game = reds_game(phase=Phase.COLOUR_AFTER_RED)
    ruling = game.judge(hand_shot(game, [("cushion", 0.5, 0)]))
    assert "no_nomination" in {f.code for f in ruling.fouls}
    assert pts(ruling) == (0, 7)


def test_nominated_yellow_missed_costs_four_not_seven():
    game = reds_game(phase=Phase.COLOUR_AFTER_RED)
    ruling = game.judge(hand_shot(game, [("cushion", 0.5, 0)]), Declaration(nominated=B["yellow"]))
    assert pts(ruling) == (0, 4)


def test_reds_on_successive_strokes_cost_seven():
    game = reds_game(phase=Phase.COLOUR_AFTER_RED)
    ruling = game.judge(
        hand_shot(game, [("hit", 0.3, 0, "red_2")]), Declaration(nominated=B["yellow"])
    )
    assert [f.code for f in ruling.fouls] == ["reds_successive"]
    assert pts(ruling) == (0, 7)


def test_nominated_colour_but_another_colour_potted_is_a_foul():
    game = reds_game(phase=Phase.COLOUR_AFTER_RED)
    shot = hand_shot(
        game, [("hit", 0.3, 0, "yellow"), ("hit", 0.4, "yellow", "blue"), ("pot", 0.9, "blue")]
    )
    ruling = game.judge(shot, Declaration(nominated=B["yellow"]))
    assert [f.code for f in ruling.fouls] == ["potted_not_on"]
    assert pts(ruling) == (0, 5)


@pytest.mark.parametrize(
    ("code", "penalty"),
    [
        (DeclaredFoul.JUMP_SHOT.value, 4),
        (DeclaredFoul.FOOT_OFF_FLOOR.value, 4),
        (DeclaredFoul.BALLS_MOVING.value, 4),
        (DeclaredFoul.DOUBLE_HIT.value, 4),
        (DeclaredFoul.OUT_OF_TURN.value, 4),
        (DeclaredFoul.BAD_PLACEMENT.value, 4),
        (DeclaredFoul.BALL_TOUCHED.value, 4),
        ("push_stroke", 4),
        ("ball_misplaced", 4),
        ("used_ball_off_table", 7),
        (DeclaredFoul.PLAYED_OBJECT_BALL.value, 7),
    ],
)
def test_declared_fouls_are_judged_like_the_others(code, penalty):
    game = reds_game()
    shot = hand_shot(game, [("hit", 0.3, 0, "red_1"), ("pot", 0.9, "red_1")])
    ruling = game.judge(shot, Declaration(declared_fouls=frozenset({code})))
    assert [f.code for f in ruling.fouls] == [code]
    assert pts(ruling) == (0, penalty)


def test_declared_foul_with_a_colour_on_costs_its_value():
    game = reds_game(phase=Phase.COLOUR_AFTER_RED)
    shot = hand_shot(game, [("hit", 0.3, 0, "black")])
    ruling = game.judge(
        shot, Declaration(nominated=B["black"], declared_fouls=frozenset({"push_stroke"}))
    )
    assert pts(ruling) == (0, 7)


def test_ball_knocked_off_the_table_is_a_foul_and_a_colour_comes_back():
    game = reds_game()
    shot = hand_shot(game, [("hit", 0.3, 0, "red_1"), ("hit", 0.5, "red_1", "blue")])
    ruling = game.judge(shot, Declaration(off_table=frozenset({B["blue"]})))
    assert [f.code for f in ruling.fouls] == ["ball_off_table"]
    assert pts(ruling) == (0, 5)
    assert ruling.to_spot == ((B["blue"], game.table.spots["blue"]),)


def test_bad_declarations_raise_and_leave_the_game_unchanged():
    game = reds_game(phase=Phase.COLOUR_AFTER_RED)
    shot = hand_shot(game, [("hit", 0.3, 0, "blue")])
    before = (game.score, game.phase, game.to_play)
    with pytest.raises(InvalidDeclarationError):
        game.judge(shot, Declaration(nominated=B["green"]))  # not on the table
    with pytest.raises(InvalidDeclarationError):
        game.judge(shot, Declaration(nominated=B["red_1"]))  # a red after a red
    with pytest.raises(InvalidDeclarationError):
        game.judge(shot, Declaration(declared_fouls=frozenset({"sneezed"})))
    with pytest.raises(InvalidDeclarationError):
        game.judge(shot, Declaration(nominated=B["blue"], free_ball=True))  # none awarded
    with pytest.raises(InvalidDeclarationError):
        reds_game().judge(shot, Declaration(nominated=B["blue"]))  # reds are on
    assert (game.score, game.phase, game.to_play) == before


# --- after a foul: play on, hand back (3.10.1, 3.10.3) ----------------------------------------


def test_after_a_foul_the_opponent_plays_or_hands_back():
    game = reds_game()
    ruling = game.judge(hand_shot(game, [("hit", 0.3, 0, "black")]))
    assert Choice.ACCEPT_TABLE in ruling.options and Choice.HAND_BACK in ruling.options
    pending = game.apply(ruling)
    assert pending.pending_choice
    played = pending.choose(Choice.ACCEPT_TABLE)
    assert played.to_play == 1 and played.score == (0, 7)
    handed = pending.choose(Choice.HAND_BACK)
    assert handed.to_play == 0 and handed.score == (0, 7)
    with pytest.raises(ChoiceNotOfferedError):
        pending.choose(Choice.RERACK_AND_BREAK)


# --- touching ball (3.7) ---------------------------------------------------------------------


def touching_game(toucher, **kw):
    R = 0.02625
    placed = {
        "cue": (CX, 1.0),
        toucher: (CX, 1.0 + 2 * R),
        "red_2": (0.4, 2.5),
        "black": (CX, 3.245),
    }
    if toucher != "blue":
        placed["blue"] = (CX, 1.7845)
    return game_with(placed, **kw)


def test_playing_away_from_a_touching_red_is_no_foul():
    game = touching_game("red_1")
    assert game.touching == (B["red_1"],)
    ruling = game.judge(hand_shot(game, [("cushion", 0.4, 0)]))
    assert not ruling.fouls


def test_moving_the_touching_ball_is_a_push_stroke():
    game = touching_game("red_1")
    ruling = game.judge(hand_shot(game, [("hit", 0.0, 0, "red_1")]))
    assert [f.code for f in ruling.fouls] == ["push_stroke_touching"]


def test_playing_away_from_a_touching_ball_not_on_must_still_hit_a_ball_on():
    game = touching_game("blue")
    ruling = game.judge(hand_shot(game, [("cushion", 0.4, 0)]))
    assert [f.code for f in ruling.fouls] == ["missed_all"]
    ruling = game.judge(hand_shot(game, [("hit", 0.5, 0, "red_2")]))
    assert not ruling.fouls


def test_touching_colour_after_a_red_nominated_or_inferred():
    game = touching_game("blue", phase=Phase.COLOUR_AFTER_RED)
    assert not game.judge(
        hand_shot(game, [("cushion", 0.4, 0)]), Declaration(nominated=B["blue"])
    ).fouls
    assert not game.judge(hand_shot(game, [("cushion", 0.4, 0)])).fouls
    ruling = game.judge(
        hand_shot(game, [("hit", 0.5, 0, "black")]), Declaration(nominated=B["black"])
    )
    assert not ruling.fouls


# --- the miss (paragraph after 3.10; WPBSA 3.14) -----------------------------------------------


def test_missing_a_visible_ball_on_is_a_miss_and_balls_can_be_replaced():
    game = reds_game()
    shot = hand_shot(game, [("cushion", 0.5, 0)], moves={"cue": (0.3, 0.4)})
    ruling = game.judge(shot)
    assert ruling.detail("miss") is True
    assert Choice.REPLACE_AND_REPLAY in ruling.options
    assert ruling.detail("replace_state") is shot.initial
    after = game.apply(ruling, Choice.REPLACE_AND_REPLAY)
    assert after.to_play == 0
    assert after.score == (0, 4)
    assert tuple(after.state.pos[0]) == (CX, 1.0)
    assert after.shot_number == game.shot_number + 1
    assert after.phase is Phase.REDS


def test_no_miss_when_wholly_snookered():
    R = 0.02625
    game = game_with(
        {
            "cue": (CX, 1.0),
            "red_1": (CX, 2.0),
            "blue": (CX, 1.5),
            "pink": (CX - 2 * R, 1.5),
            "black": (CX + 2 * R, 1.5),
        }
    )
    ruling = game.judge(hand_shot(game, [("hit", 0.3, 0, "blue")]))
    assert ruling.fouls and ruling.detail("miss") is False
    assert Choice.REPLACE_AND_REPLAY not in ruling.options


def test_no_miss_when_a_player_needs_snookers():
    game = game_with(
        {"cue": (CX, 1.0), "yellow": (1.181, 0.737), "black": (CX, 3.245)}, score=(40, 0)
    )
    ruling = game.judge(hand_shot(game, [("cushion", 0.4, 0)]))
    assert ruling.fouls and ruling.detail("miss") is False


def test_three_misses_of_a_full_ball_lose_the_frame():
    game = reds_game()
    shot = lambda g: hand_shot(g, [("cushion", 0.5, 0)])  # noqa: E731
    for k in (1, 2):
        ruling = game.judge(shot(game))
        assert ruling.detail("full_ball_misses") == k
        game = game.apply(ruling, Choice.REPLACE_AND_REPLAY)
    ruling = game.judge(shot(game))
    assert ruling.frame_over and ruling.winner == 1
    assert ruling.reason.startswith("Frame awarded to Bob")
    assert game.apply(ruling).is_over


def test_miss_count_resets_when_the_table_is_accepted():
    game = reds_game()
    ruling = game.judge(hand_shot(game, [("cushion", 0.5, 0)]))
    assert game.apply(ruling, Choice.ACCEPT_TABLE).full_ball_misses == 0


# --- free ball (3.9) -------------------------------------------------------------------------


def test_foul_leaving_a_snooker_gives_a_free_ball():
    R = 0.02625
    game = game_with(
        {"cue": (CX, 0.5), "red_1": (CX, 2.0), "green": (0.597, 0.737), "black": (CX, 3.245)}
    )
    # Ann misses the red; the cue ball stops straight behind the green, the red hidden
    shot = hand_shot(game, [("cushion", 0.5, 0)], moves={"cue": (0.597, 0.737 - 2 * R - 0.01)})
    shot_ok = hand_shot(game, [("cushion", 0.5, 0)], moves={"cue": (1.4, 0.5)})
    ruling = game.judge(shot)
    assert ruling.detail("free_ball") is True
    assert game.judge(shot_ok).detail("free_ball") is False
    after = game.apply(ruling, Choice.ACCEPT_TABLE)
    assert after.free_ball and after.declaration_options().free_ball_allowed
    handed = game.apply(ruling, Choice.HAND_BACK)
    assert not handed.free_ball


def free_ball_game(placed, **kw):
    return game_with(placed, free_ball=True, **kw)


def test_example_1_free_ball_on_the_last_red():
    R = 0.02625
    game = free_ball_game(
        {"cue": (CX, 1.0), "red_1": (CX, 2.0), "blue": (CX, 1.0 + 6 * R), "black": (CX, 3.245)}
    )
    shot = hand_shot(game, [("hit", 0.2, 0, "blue"), ("pot", 0.6, "blue")])
    ruling = game.judge(shot, Declaration(nominated=B["blue"], free_ball=True))
    assert not ruling.fouls
    assert pts(ruling) == (1, 0)
    assert ruling.to_spot == ((B["blue"], game.table.spots["blue"]),)
    assert ruling.next_phase is Phase.COLOUR_AFTER_RED
    after = game.apply(ruling)
    assert after.state.on_table[B["red_1"]] and not after.free_ball


def test_example_2_free_ball_pink_instead_of_green():
    R = 0.02625
    game = free_ball_game(
        {"cue": (CX, 1.0), "green": (0.597, 0.737), "pink": (CX, 1.0 + 6 * R), "black": (CX, 3.245)}
    )
    shot = hand_shot(game, [("hit", 0.2, 0, "pink"), ("pot", 0.6, "pink")])
    ruling = game.judge(shot, Declaration(nominated=B["pink"], free_ball=True))
    assert not ruling.fouls
    assert pts(ruling) == (3, 0)
    assert ruling.to_spot == ((B["pink"], game.table.spots["pink"]),)
    assert ruling.next_ball_on == frozenset({B["green"]})


def test_free_ball_must_be_hit_first_or_with_the_ball_on():
    game = free_ball_game(
        {"cue": (CX, 1.0), "red_1": (0.5, 2.0), "blue": (CX, 1.5), "black": (CX, 3.245)}
    )
    decl = Declaration(nominated=B["blue"], free_ball=True)
    ruling = game.judge(hand_shot(game, [("hit", 0.2, 0, "red_1")]), decl)
    assert [f.code for f in ruling.fouls] == ["free_ball_not_first"]
    ruling = game.judge(hand_shot(game, [("hit", 0.2, 0, "blue"), ("hit", 0.2, 0, "red_1")]), decl)
    assert not ruling.fouls


def test_free_ball_and_ball_on_both_potted_only_the_ball_on_scores():
    game = free_ball_game(
        {"cue": (CX, 1.0), "green": (0.597, 0.737), "pink": (CX, 1.5), "black": (CX, 3.245)}
    )
    shot = hand_shot(
        game,
        [
            ("hit", 0.2, 0, "pink"),
            ("hit", 0.4, "pink", "green"),
            ("pot", 0.6, "pink"),
            ("pot", 0.7, "green"),
        ],
    )
    ruling = game.judge(shot, Declaration(nominated=B["pink"], free_ball=True))
    assert not ruling.fouls
    assert pts(ruling) == (3, 0)
    assert ruling.to_spot == ((B["pink"], game.table.spots["pink"]),)
    assert ruling.next_ball_on == frozenset({B["pink"]})


def test_snookering_with_the_free_ball_is_a_foul():
    R = 0.02625
    game = free_ball_game(
        {"cue": (CX, 1.0), "red_1": (CX, 2.5), "blue": (1.4, 1.5), "black": (CX, 3.245)}
    )
    shot = hand_shot(
        game, [("hit", 0.2, 0, "blue")], moves={"blue": (CX, 1.5), "cue": (CX, 1.5 - 4 * R)}
    )
    ruling = game.judge(shot, Declaration(nominated=B["blue"], free_ball=True))
    assert [f.code for f in ruling.fouls] == ["snookered_with_free_ball"]
    assert pts(ruling) == (0, 4)


def test_snookering_with_the_free_ball_allowed_with_only_pink_and_black():
    R = 0.02625
    game = free_ball_game({"cue": (CX, 1.0), "pink": (CX, 2.5), "black": (1.4, 1.5)})
    shot = hand_shot(
        game, [("hit", 0.2, 0, "black")], moves={"black": (CX, 1.5), "cue": (CX, 1.5 - 4 * R)}
    )
    ruling = game.judge(shot, Declaration(nominated=B["black"], free_ball=True))
    assert not ruling.fouls


def test_a_free_ball_cannot_be_the_ball_on():
    game = free_ball_game({"cue": (CX, 1.0), "green": (0.597, 0.737), "pink": (CX, 1.5)})
    with pytest.raises(InvalidDeclarationError):
        game.judge(hand_shot(game, []), Declaration(nominated=B["green"], free_ball=True))


# --- end of frame (3.10 of "principe"), concession, stalemate (3.13) ---------------------------


def black_game(score):
    return game_with({"cue": (CX, 2.8), "black": (CX, 3.245)}, score=score)


def test_potting_the_last_black_ends_the_frame():
    game = black_game((30, 20))
    ruling = game.judge(hand_shot(game, [("hit", 0.2, 0, "black"), ("pot", 0.5, "black")]))
    assert ruling.frame_over and ruling.winner == 0
    assert game.apply(ruling).is_over


def test_a_foul_on_the_last_black_ends_the_frame():
    game = black_game((30, 27))
    ruling = game.judge(hand_shot(game, [("hit", 0.2, 0, "black"), ("pot", 0.5, 0)]))
    assert ruling.frame_over and ruling.winner == 1
    assert pts(ruling) == (0, 7)


def test_tie_on_the_black_gives_a_respotted_black_from_the_d():
    game = black_game((20, 27))
    ruling = game.judge(hand_shot(game, [("hit", 0.2, 0, "black"), ("pot", 0.5, "black")]))
    assert not ruling.frame_over
    assert ruling.next_phase is Phase.RESPOTTED_BLACK
    assert ruling.ball_in_hand is BallInHand.IN_D
    assert ruling.to_spot == ((B["black"], game.table.spots["black"]),)
    assert ruling.options == (Choice.ACCEPT_TABLE, Choice.HAND_BACK)
    assert ruling == game.judge(hand_shot(game, [("hit", 0.2, 0, "black"), ("pot", 0.5, "black")]))
    drawn = ruling.next_to_play
    after = game.apply(ruling, Choice.HAND_BACK)
    assert after.to_play == 1 - drawn
    assert not after.state.on_table[0] and after.state.on_table[B["black"]]
    assert after.phase is Phase.RESPOTTED_BLACK
    cx, cy = after.table.d_centre
    shot = hand_shot(
        after, [("hit", 0.5, 0, "black"), ("pot", 1.0, "black")], cue_at=(cx, cy - 0.1)
    )
    final = after.judge(shot)
    assert final.frame_over and final.winner == after.to_play


def test_concede_and_stalemate():
    game = reds_game(score=(10, 50))
    over = game.concede(0)
    assert over.is_over and over.winner == 1
    fresh = game.declare_stalemate()
    assert fresh.phase is Phase.BREAK and fresh.score == (0, 0) and fresh.players == game.players
    assert fresh.to_play == 0
    from dataclasses import replace

    second = replace(game, breaker=1).declare_stalemate()
    assert second.to_play == 1 and second.breaker == 1


def test_points_remaining_and_snookers_required():
    game = reds_game(score=(0, 60))
    # 3 reds: 3*8 + 2 + 5 + 6 + 7 (yellow, blue, pink, black on the table)
    assert game.points_remaining() == 24 + 20
    assert game.snookers_required(0) == 4
    assert game.snookers_required(1) == 0
    assert points_remaining(Phase.COLOUR_AFTER_RED, frozenset()) == 7
    assert ball_value(B["red_3"]) == 1 and ball_value(B["black"]) == 7


# --- four-handed (3.14) ----------------------------------------------------------------------


def test_four_handed_order_is_kept_and_offender_plays_again():
    game = reds_game(
        players=("A1", "B1", "A2", "B2"), fouls_in_a_row=(0, 0, 0, 0), highest_break=(0, 0, 0, 0)
    )
    ruling = game.judge(hand_shot(game, [("hit", 0.3, 0, "red_1"), ("pot", 0.8, "red_1")]))
    assert pts(ruling) == (1, 0)
    game = game.apply(ruling)
    ruling = game.judge(
        hand_shot(game, [("hit", 0.3, 0, "black")]), Declaration(nominated=B["black"])
    )
    game = game.apply(ruling)
    assert game.to_play == 1
    ruling = game.judge(hand_shot(game, [("hit", 0.3, 0, "pink")]))
    assert pts(ruling) == (6, 0)
    game = game.apply(ruling, Choice.HAND_BACK)
    assert game.to_play == 1
    ruling = game.judge(hand_shot(game, [("hit", 0.3, 0, "red_2")]))
    assert ruling.next_to_play == 2
    assert game.apply(ruling).score == (7, 0)


def test_a_pending_miss_survives_save_and_load(tmp_path):
    from rules import persist

    game = reds_game()
    ruling = game.judge(hand_shot(game, [("cushion", 0.5, 0)], moves={"cue": (0.3, 0.4)}))
    pending = game.apply(ruling)
    loaded = persist.load(persist.save(pending, tmp_path / "frame.json"))
    assert loaded == pending
    replayed = loaded.choose(Choice.REPLACE_AND_REPLAY)
    assert tuple(replayed.state.pos[0]) == (CX, 1.0)
    assert replayed.score == (0, 4) and replayed.to_play == 0


def test_after_a_foul_the_next_player_plays_from_where_the_cue_ball_stopped():
    game = reds_game()
    ruling = game.judge(hand_shot(game, [("hit", 0.3, 0, "black")], moves={"cue": (1.2, 2.2)}))
    after = game.apply(ruling, Choice.ACCEPT_TABLE)
    assert after.ball_in_hand is BallInHand.NONE
    assert tuple(after.state.pos[0]) == (1.2, 2.2)
    with pytest.raises(IllegalPlacementError):
        after.state_for_shot((1.0, 2.0))


def test_a_request_to_play_again_cannot_be_withdrawn():
    game = reds_game()
    pending = game.apply(game.judge(hand_shot(game, [("hit", 0.3, 0, "black")])))
    handed = pending.choose(Choice.HAND_BACK)
    with pytest.raises(ChoiceNotOfferedError):
        handed.choose(Choice.ACCEPT_TABLE)


def test_referee_says_whether_the_cue_ball_is_correctly_placed():
    game = rules.new_game("snooker", seed=1)
    cx, cy = game.table.d_centre
    assert game.placement_problem((cx - 0.1, cy - 0.1)) is None
    assert "D" in game.placement_problem((cx, cy + 0.2))


def test_free_ball_hit_first_then_reds_potted_all_score():
    game = free_ball_game(
        {"cue": (CX, 1.0), "red_1": (0.5, 2.0), "red_2": (1.3, 2.0), "blue": (CX, 1.5)}
    )
    shot = hand_shot(
        game,
        [
            ("hit", 0.2, 0, "blue"),
            ("hit", 0.4, "blue", "red_1"),
            ("pot", 0.8, "red_1"),
            ("pot", 0.9, "blue"),
        ],
    )
    ruling = game.judge(shot, Declaration(nominated=B["blue"], free_ball=True))
    assert not ruling.fouls
    assert pts(ruling) == (2, 0)
    assert ruling.to_spot == ((B["blue"], game.table.spots["blue"]),)
    assert ruling.next_phase is Phase.COLOUR_AFTER_RED


def test_the_ball_set_and_its_values():
    """§1: one cue ball, 15 reds of 1 point, yellow 2, green 3, brown 4, blue 5, pink 6,
    black 7 (147 points at most from the set-up)."""
    assert len(BALL_NAMES) == 22 and BALL_NAMES[0] == "cue"
    assert len(RED_INDICES) == 15 and all(ball_value(r) == 1 for r in RED_INDICES)
    colours = {BALL_NAMES[c]: ball_value(c) for c in COLOUR_INDICES}
    assert colours == {"yellow": 2, "green": 3, "brown": 4, "blue": 5, "pink": 6, "black": 7}
    game = SnookerGame.new(seed=1)
    on = game.balls_on_table()
    assert on == frozenset(range(1, 22))  # the cue ball is in hand for the break-off
    assert points_remaining(Phase.REDS, on) == 147


def test_a_ball_that_drops_late_counts_as_potted():
    """§8.3: a ball balanced on the edge of a pocket that then falls is not replaced: its
    pocket row comes seconds after every other row and it scores like any pot."""
    game = game_with({"cue": (CX, 1.0), "red_1": (0.1, 3.5), "red_2": (CX, 3.0)})
    late = hand_shot(game, [("hit", 0.3, 0, "red_1"), ("cushion", 0.9, 0), ("pot", 6.5, "red_1")])
    assert float(late.events["t"].max()) == 6.5
    ruling = game.judge(late)
    assert ruling.fouls == () and ruling.pocketed == (B["red_1"],)
    assert ruling.points == (1, 0) and ruling.next_phase is Phase.COLOUR_AFTER_RED
    assert not game.apply(ruling).state.on_table[B["red_1"]]
