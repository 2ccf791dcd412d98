"""Rows of docs/rules-coverage.md whose earlier test did not assert the clause itself:
each test here asserts the behaviour its row names (N35, N42, E30, S2, S32a, S44, S45, S60,
S61; N4/N5 and S29 are in ``test_referee_round_two.py``)."""

from __future__ import annotations

from dataclasses import replace

import pytest

import rules
from rules.errors import RulesError
from rules.snooker import SnookerGame, points_remaining
from rules.snooker_geometry import BALL_INDEX as B
from rules.snooker_geometry import BALL_NAMES, COLOUR_INDICES, RED_INDICES, ball_value
from rules.types import BallInHand, Declaration, Phase
from tests.rules.pool_helpers import CUE, A, F, eight, nine, position, shot
from tests.rules.pool_helpers import B as PB
from tests.rules.snooker_helpers import game_with, hand_shot

CX = 0.889


# ------------------------------------------------------------------ 9-ball
def test_n35_the_warning_comes_after_the_second_foul_and_not_the_first():
    """« Après la deuxième faute consécutive, l'adversaire ou l'arbitre doivent avertir »: the
    program (the referee) warns on the second foul in a row, never on the first; left to the
    opponent (``referee_warns=False``) no warning is given until ``give_warning``."""
    g = position(nine(), {0: CUE, 1: A, 9: F})
    first = g.judge(shot(g).hit(0, 9).cushion(9, 1).result())
    assert first.fouls_in_a_row == (1, 0) and first.warning_given == (False, False)
    assert not any("Warning" in n for n in first.notes)
    g = replace(g.apply(first), to_play=0, ball_in_hand=BallInHand.NONE)
    second = g.judge(shot(g).hit(0, 9).cushion(9, 1).result())
    assert second.fouls_in_a_row == (2, 0) and second.warning_given == (True, False)
    assert any(n.startswith("Warning: Ann has two fouls in a row") for n in second.notes)
    quiet = position(nine(referee_warns=False), {0: CUE, 1: A, 9: F})
    quiet = replace(quiet.apply(quiet.judge(shot(quiet).hit(0, 9).result())), to_play=0)
    quiet = replace(quiet, ball_in_hand=BallInHand.NONE)
    unwarned = quiet.judge(shot(quiet).hit(0, 9).result())
    assert unwarned.fouls_in_a_row == (2, 0) and unwarned.warning_given == (False, False)


def test_n42_an_object_ball_off_the_table_is_a_foul_and_stays_off():
    """« Bille de but éjectée de la surface de jeu » is a foul: ball in hand anywhere for the
    opponent; the ball stays off (only the 9 comes back)."""
    g = position(nine(), {0: CUE, 1: A, 4: PB, 9: F})
    ruling = g.judge(
        shot(g).hit(0, 1).hit(1, 4).cushion(4, 1).result(), Declaration(off_table=frozenset({4}))
    )
    assert [f.code for f in ruling.fouls] == ["object_ball_off_table"]
    assert ruling.ball_in_hand is BallInHand.ANYWHERE and ruling.next_to_play == 1
    assert ruling.to_spot == () and ruling.off_table == (4,)
    assert not g.apply(ruling).state.on_table[4]


# ------------------------------------------------------------------ 8-ball
def test_e30_cue_ball_pocketed_or_off_the_table_is_a_foul_with_ball_in_hand():
    """« Bille blanche empochée ou éjectée hors de la surface de jeu »: each is the foul, and
    the opponent has the cue ball in hand anywhere."""
    g = position(eight(), {0: CUE, 1: A, 9: (0.9, 1.6), 8: (0.3, 2.0)}, phase=Phase.OPEN_TABLE)
    call = Declaration(called_ball=1, called_pocket="top-right")
    scratch = g.judge(shot(g).hit(0, 1).cushion(1, 1).pocket(0, "top-left").result(), call)
    assert [f.code for f in scratch.fouls] == ["cue_ball_pocketed"]
    assert scratch.ball_in_hand is BallInHand.ANYWHERE and scratch.next_to_play == 1
    off = g.judge(
        shot(g).hit(0, 1).cushion(1, 1).result(),
        replace(call, off_table=frozenset({0})),
    )
    assert [f.code for f in off.fouls] == ["cue_ball_off_table"]
    assert off.ball_in_hand is BallInHand.ANYWHERE
    assert not g.apply(off).state.on_table[0]


# ------------------------------------------------------------------ snooker
def test_s2_the_ball_set_and_its_values():
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


def test_s32a_a_ball_that_drops_late_counts_as_potted():
    """§8.3: a ball balanced on the edge of a pocket that then falls is not replaced: its
    pocket row comes seconds after every other row and it scores like any pot."""
    game = game_with({"cue": (CX, 1.0), "red_1": (0.1, 3.5), "red_2": (CX, 3.0)})
    late = hand_shot(game, [("hit", 0.3, 0, "red_1"), ("cushion", 0.9, 0), ("pot", 6.5, "red_1")])
    assert float(late.events["t"].max()) == 6.5
    ruling = game.judge(late)
    assert ruling.fouls == () and ruling.pocketed == (B["red_1"],)
    assert ruling.points == (1, 0) and ruling.next_phase is Phase.COLOUR_AFTER_RED
    assert not game.apply(ruling).state.on_table[B["red_1"]]


def test_s44_a_foul_not_called_before_the_next_stroke_is_forgiven():
    """§10.1: a foul nobody declared with its stroke is forgiven: the stroke stands as fair and
    once its ruling is applied no declaration can reach it (a ruling judged on the old position
    is refused by the new one)."""
    game = game_with({"cue": (CX, 1.0), "red_1": (CX, 1.6), "red_2": (0.3, 3.0)})
    log = hand_shot(game, [("hit", 0.3, 0, "red_1"), ("pot", 0.9, "red_1")])
    fair = game.judge(log)
    after = game.apply(fair)
    assert fair.fouls == () and after.score == (1, 0)
    late_claim = game.judge(log, Declaration(declared_fouls=frozenset({"ball_touched"})))
    with pytest.raises(RulesError, match="made for shot 0"):
        after.apply(late_claim)
    assert after.score == (1, 0)


def test_s45_a_ball_misplaced_stays_where_it_is():
    """§10.1: a ball wrongly replaced stays where it lies; playing with it is the declarable
    foul of §11.2, and nothing moves it back."""
    misplaced_blue = (CX + 0.05, 1.87)  # not on the blue spot
    game = game_with({"cue": (CX, 1.0), "red_1": (0.4, 1.6), "blue": misplaced_blue})
    declaration = Declaration(
        declared_fouls=frozenset({"ball_misplaced"}), ball_concerned=B["blue"]
    )
    ruling = game.judge(hand_shot(game, [("hit", 0.3, 0, "red_1")]), declaration)
    assert [f.code for f in ruling.fouls] == ["ball_misplaced"] and ruling.points == (0, 5)
    assert all(b != B["blue"] for b, _ in ruling.to_spot)
    assert tuple(game.apply(ruling).state.pos[B["blue"]]) == misplaced_blue


def test_s60_the_order_of_play_may_change_between_frames_not_within_one():
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


def test_s61_four_handed_tie_re_spots_the_black_on_the_teams_scores():
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
