"""The end of a snooker frame: the last black (French text §3.10), a tie on a re-spotted black
and the draw's choice, aggregate matches (§3.10 note), four-handed frames (§14), the order of
play, a stalemate (§13)."""

from __future__ import annotations

from dataclasses import replace

import pytest

import rules
import sim
from rules.errors import InvalidOptionError
from rules.snooker import SnookerGame
from rules.snooker_geometry import BALL_INDEX as B
from rules.types import BallInHand, Choice, Phase
from rules.wording import player_summary
from tests.rules.pool_helpers import aim
from tests.rules.snooker_helpers import game_with, hand_shot

R = 0.02625  # snooker ball radius, m
CX = 0.889  # the snooker table's long string, m


def test_real_foul_on_the_last_black_ends_the_frame_and_spots_nothing():
    """The black and the cue ball both go down: the frame ends on the foul (§3.10); nothing
    is spotted and nobody gets ball in hand."""
    tl = (-0.08215166583825309, 3.651151665838253)
    black = (tl[0] + 0.25, tl[1] - 0.25)
    cue = (black[0] + 0.2, black[1] - 0.2)
    game = game_with({"cue": cue, "black": black}, score=(30, 27))
    ruling, after = game.play(sim.Strike(speed=2.0, phi=aim(cue, tl), b=0.5))
    assert set(ruling.pocketed) == {0, B["black"]}
    assert [f.code for f in ruling.fouls] == ["cue_ball_pocketed"]
    assert ruling.frame_over and ruling.winner == 1  # 30 against 27 + 7
    assert ruling.to_spot == () and ruling.ball_in_hand is BallInHand.NONE
    assert "Spotted" not in ruling.summary() and "ball in hand" not in ruling.summary()
    assert after.is_over and not after.state.on_table[B["black"]]


def test_hand_built_foul_on_the_last_black_spots_nothing():
    game = game_with({"cue": (CX, 2.8), "black": (CX, 3.245)}, score=(20, 27))
    ruling = game.judge(
        hand_shot(game, [("hit", 0.2, 0, "black"), ("pot", 0.5, "black"), ("pot", 0.9, 0)])
    )
    assert ruling.frame_over and ruling.winner == 1 and ruling.points == (0, 7)
    assert ruling.to_spot == () and ruling.ball_in_hand is BallInHand.NONE


FOUR = ("Ann", "Bob", "Cy", "Dee")


def four_handed(placed, to_play, **fields):
    """A four-handed frame (§14: Ann and Cy against Bob and Dee) with ``placed`` on the table,
    player ``to_play`` at it."""
    game = game_with(placed, players=FOUR, **fields)
    zeros = (0,) * 4
    return replace(
        game, fouls_in_a_row=zeros, warning_given=(False,) * 4, highest_break=zeros, to_play=to_play
    )


def test_four_handed_frame_over_names_the_winning_team():
    game = four_handed({"cue": (CX, 2.8), "black": (CX, 3.245)}, 2, score=(30, 20))
    ruling = game.judge(hand_shot(game, [("hit", 0.2, 0, "black"), ("pot", 0.5, "black")]))
    text = ruling.summary(FOUR)
    assert ruling.frame_over and ruling.winner == 0
    assert "Game over: Ann & Cy win." in text and "Points: Ann & Cy 7, Bob & Dee 0" in text
    # the reason and the player's lines (the window's call, ``cuesim shot``) per team too
    assert ruling.reason == "Frame over: Ann & Cy win 37-20."
    lines = player_summary(ruling, FOUR, game.ball_names, "frame")
    assert "This shot: Ann & Cy score 7 points." in lines
    assert "Ann & Cy win this frame." in lines
    assert not any("Ann scores" in line or "Ann wins" in line for line in lines)
    # a pot that does not end the frame names the striker and the team the points go to
    game = four_handed({"cue": (CX, 2.8), "red_1": (CX, 3.1), "black": (0.3, 3.245)}, 3)
    potted = game.judge(hand_shot(game, [("hit", 0.2, 0, "red_1"), ("pot", 0.5, "red_1")]))
    assert potted.reason == "Dee scores 1 for Bob & Dee; break 1."


def test_choice_on_the_respotted_black_is_worded_for_the_draw():
    game = game_with({"cue": (CX, 2.8), "black": (CX, 3.245)}, score=(20, 27))
    ruling = game.judge(hand_shot(game, [("hit", 0.2, 0, "black"), ("pot", 0.5, "black")]))
    assert ruling.options == (Choice.ACCEPT_TABLE, Choice.HAND_BACK)
    text = ruling.summary(("Ann", "Bob"))
    assert "play the re-spotted black yourself" in text
    assert "the other player shoots again" not in text


def aggregate_black(score, **options):
    game = SnookerGame.new(players=("Ann", "Bob"), seed=3, **options)
    placed = game_with({"cue": (CX, 2.8), "black": (CX, 3.245)}, score=score)
    return replace(
        placed,
        aggregate_before=game.aggregate_before,
        last_frame=game.last_frame,
    )


def pot_black(game):
    return game.judge(hand_shot(game, [("hit", 0.2, 0, "black"), ("pot", 0.5, "black")]))


def test_aggregate_frame_before_the_last_ending_level_is_drawn_not_respotted():
    ruling = pot_black(aggregate_black((20, 27), aggregate_before=(40, 0)))
    assert ruling.frame_over and ruling.winner is None
    assert ruling.next_phase is not Phase.RESPOTTED_BLACK and ruling.to_spot == ()
    assert "drawn" in ruling.reason and "Game over: drawn." in ruling.summary()


def test_aggregate_last_frame_is_settled_on_the_totals():
    won = pot_black(aggregate_black((20, 27), aggregate_before=(40, 0), last_frame=True))
    assert won.frame_over and won.winner == 0 and "aggregate 67-27" in won.reason
    level = pot_black(aggregate_black((20, 27), aggregate_before=(10, 10), last_frame=True))
    assert not level.frame_over and level.next_phase is Phase.RESPOTTED_BLACK
    behind = pot_black(aggregate_black((27, 20), aggregate_before=(0, 20), last_frame=True))
    assert behind.frame_over and behind.winner == 1


def test_aggregate_options_are_checked_and_saved():
    with pytest.raises(InvalidOptionError, match="aggregate_before"):
        SnookerGame.new(aggregate_before=(1, -2))
    with pytest.raises(InvalidOptionError, match="last_frame"):
        SnookerGame.new(last_frame=True)
    game = SnookerGame.new(seed=4, aggregate_before=(55, 61), last_frame=True)
    again = rules.loads(rules.dumps(game))
    assert again.aggregate_before == (55, 61) and again.last_frame is True


def test_stalemate_warning_stands_until_a_ball_is_potted_and_precedes_the_restart():
    game = game_with({"cue": (CX, 1.0), "red_1": (CX, 1.6), "red_2": (0.3, 3.0)})
    warned = game.warn_stalemate()
    assert warned.stalemate_warned and "§13" in warned.last_reason
    no_change = warned.apply(warned.judge(hand_shot(warned, [("hit", 0.3, 0, "red_1")])))
    assert no_change.stalemate_warned
    restarted = no_change.declare_stalemate()
    assert "after the referee's warning" in restarted.last_reason
    assert restarted.phase is Phase.BREAK and not restarted.stalemate_warned
    potted = warned.apply(
        warned.judge(hand_shot(warned, [("hit", 0.3, 0, "red_1"), ("pot", 0.8, "red_1")]))
    )
    assert not potted.stalemate_warned
    assert "by agreement" in game.declare_stalemate().last_reason


def test_the_order_of_play_may_change_between_frames_not_within_one():
    """§14.2: each frame takes its own order of play; within a frame it stays (§14.1)."""
    frame_1 = rules.new_game("snooker", players=("A1", "B1", "A2", "B2"), seed=3)
    frame_2 = rules.new_game("snooker", players=("A2", "B2", "A1", "B1"), seed=3, rack_number=1)
    assert frame_1.players[frame_1.to_play] == "A1" and frame_2.players[frame_2.to_play] == "A2"
    game = game_with(
        {"cue": (CX, 1.0), "red_1": (CX, 1.6), "red_2": (0.3, 3.0)},
        players=frame_2.players,
        fouls_in_a_row=(0,) * 4,
        warning_given=(False,) * 4,
        highest_break=(0,) * 4,
    )
    order = []
    for _ in range(4):
        order.append(game.players[game.to_play])
        game = game.apply(game.judge(hand_shot(game, [("hit", 0.3, 0, "red_1")])))
    assert order == ["A2", "B2", "A1", "B1"]


def test_four_handed_tie_re_spots_the_black_on_the_teams_scores():
    """§14.4: a four-handed frame ending level between the teams goes to the re-spotted black
    (rule 3.10); the draw picks a side and a player of that side chooses."""
    players = ("A1", "B1", "A2", "B2")
    game = game_with(
        {"cue": (CX, 2.8), "black": (CX, 3.245)},
        players=players,
        score=(20, 27),
        fouls_in_a_row=(0,) * 4,
        warning_given=(False,) * 4,
        highest_break=(0,) * 4,
        to_play=2,
    )
    ruling = game.judge(hand_shot(game, [("hit", 0.2, 0, "black"), ("pot", 0.5, "black")]))
    assert ruling.points == (7, 0) and not ruling.frame_over
    assert ruling.next_phase is Phase.RESPOTTED_BLACK and ruling.ball_in_hand is BallInHand.IN_D
    assert ruling.next_to_play in range(4)
    assert "chooses who plays from the D" in " ".join(ruling.notes)
    assert "Points: A1 & A2 7, B1 & B2 0" in ruling.summary(players)
