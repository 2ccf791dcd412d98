"""What each game says of itself for the other layers: the count its break rule asks for
(``Game.break_rule``, the very count the referee judges with), the value of its balls
(``ball_values``) and the side each player plays for (``side_of``)."""

from __future__ import annotations

import pytest

import rules
from rules.break_rules import FOUR_CUSHION_RULE, THREE_BALL_RULE
from rules.eight_ball import EightBallGame
from rules.facts import ShotFacts
from rules.nine_ball import NineBallGame
from rules.snooker import BALL_NAMES, SnookerGame, ball_value
from tests.rules.pool_helpers import eight, nine, shot


def test_each_game_names_the_rule_of_its_break():
    assert nine(rack_style="magic").break_rule() is THREE_BALL_RULE
    assert nine().break_rule() is FOUR_CUSHION_RULE
    assert eight().break_rule() is FOUR_CUSHION_RULE
    assert SnookerGame.new(seed=1).break_rule() is None


def test_the_three_ball_count_is_the_one_the_referee_judges_with():
    game = nine(rack_style="magic")
    s = shot(game).hit(0, 1).pocket(2, "top-right")
    s.cross(3, "head_string", -1).pocket(3, "top-left")  # crossed and pocketed: counted once
    s.cross(5, "head_string", -1).rest(5, (0.3, 0.4))
    result = s.result()
    facts = ShotFacts.from_result(result, game.table)
    assert THREE_BALL_RULE.balls(game.table, facts) == {2, 3, 5}
    assert THREE_BALL_RULE.met(game.table, facts)
    assert not game.judge(result).options  # three counted: no dry break


def test_two_counted_is_a_dry_break_for_the_rule_and_the_referee():
    game = nine(rack_style="magic")
    s = shot(game).hit(0, 1).pocket(2, "top-right").pocket(3, "bottom-right")
    result = s.result()
    facts = ShotFacts.from_result(result, game.table)
    assert THREE_BALL_RULE.balls(game.table, facts) == {2, 3}
    assert not THREE_BALL_RULE.met(game.table, facts)
    assert game.judge(result).options == (rules.Choice.ACCEPT_TABLE, rules.Choice.HAND_BACK)


@pytest.mark.parametrize("make", [nine, eight])
def test_the_four_cushion_rule_counts_railed_balls_and_excuses_a_pot(make):
    game = make()
    s = shot(game).hit(0, 1)
    for b in (2, 3, 5):
        s.cushion(b, 1)
    facts = ShotFacts.from_result(s.result(), game.table)
    assert FOUR_CUSHION_RULE.balls(game.table, facts) == {2, 3, 5}
    assert not FOUR_CUSHION_RULE.met(game.table, facts)
    potted = ShotFacts.from_result(shot(game).hit(0, 1).pocket(4, "top-right").result(), game.table)
    assert FOUR_CUSHION_RULE.met(game.table, potted)


def test_ball_values_are_the_faces_of_the_balls():
    assert dict(SnookerGame.ball_values) == {
        name: ball_value(i) for i, name in enumerate(BALL_NAMES) if i
    }
    assert SnookerGame.ball_values["black"] == 7 and SnookerGame.ball_values["red_9"] == 1
    assert not NineBallGame.ball_values and not EightBallGame.ball_values
    for cls in rules.games():
        assert set(cls.ball_values) <= set(cls.ball_names[1:])


def test_side_of_is_the_player_in_pool_and_the_team_in_snooker():
    assert [nine().side_of(p) for p in (0, 1)] == [0, 1]
    doubles = SnookerGame.new(players=("A", "B", "C", "D"), seed=1)
    assert [doubles.side_of(p) for p in range(4)] == [0, 1, 0, 1]
