"""The rule options a rule tester compares: 8-ball ``eight_on_break`` (who decides after the 8
drops on a legal break, or the 8 wins) and snooker ``miss_rule`` (the foul and a miss called or
not), each checked, judged on hand-built logs, kept through save files (an older file without
the option loads with the text's default) and through a stalemate's re-start."""

from __future__ import annotations

import json

import pytest

import rules
from rules.types import BallInHand, Choice, Phase
from tests.rules.pool_helpers import eight, shot
from tests.rules.snooker_helpers import game_with, hand_shot

CX = 0.889


def _eight_on_a_legal_break(rule: str) -> tuple[rules.Game, rules.Ruling]:
    g = eight(eight_on_break=rule)
    return g, g.judge(shot(g).hit(0, 1).pocket(8, "top-middle").pocket(3, "top-right").result())


def test_by_default_the_breaker_decides_after_the_8_on_a_legal_break() -> None:
    g, r = _eight_on_a_legal_break("breaker")
    assert g.eight_on_break == "breaker" == rules.new_game("eight-ball").eight_on_break
    assert r.next_to_play == 0 and not r.frame_over
    assert r.options == (Choice.SPOT_EIGHT_AND_PLAY, Choice.RERACK_AND_BREAK)


def test_as_the_texts_words_have_it_the_opponent_decides_after_the_8_on_a_legal_break() -> None:
    g, r = _eight_on_a_legal_break("opponent")
    assert r.next_to_play == 1 and not r.frame_over and not r.fouls
    assert r.options == (Choice.SPOT_EIGHT_AND_PLAY, Choice.RERACK_AND_BREAK)
    assert "Bob spots the 8" in r.reason
    plays = g.apply(r, Choice.SPOT_EIGHT_AND_PLAY)
    assert plays.to_play == 1 and plays.ball_in_hand is BallInHand.NONE
    assert bool(plays.state.on_table[8])
    rerack = g.apply(r, Choice.RERACK_AND_BREAK)
    assert rerack.phase is Phase.BREAK and rerack.to_play == 1


def test_with_the_league_rule_the_8_on_a_legal_break_wins_the_rack() -> None:
    g, r = _eight_on_a_legal_break("wins")
    assert r.frame_over and r.winner == 0 and not r.options and not r.to_spot
    assert "eight_on_break = wins" in r.reason
    # with a foul the texts' rule stands: the opponent spots it or re-racks
    fouled = g.judge(shot(g).hit(0, 1).pocket(8, "top-middle").pocket(0, "top-right").result())
    assert not fouled.frame_over and fouled.next_to_play == 1


def test_a_bad_eight_on_break_is_refused_naming_the_allowed() -> None:
    with pytest.raises(rules.InvalidOptionError, match="allowed: breaker, opponent, wins"):
        rules.new_game("eight-ball", eight_on_break="sometimes")
    assert "eight_on_break" in rules.game_class("eight-ball").options


def _missing_game(**options: object) -> rules.Game:
    return game_with(
        {"cue": (CX, 1.0), "red_1": (CX, 2.0), "red_2": (0.5, 2.5), "yellow": (1.181, 0.737),
         "blue": (CX, 1.7845), "black": (CX, 3.24)},
        **options,
    )  # fmt: skip


def test_without_the_miss_rule_a_visible_ball_missed_is_a_foul_but_no_miss() -> None:
    with_rule = _missing_game()
    ruling = with_rule.judge(hand_shot(with_rule, [("cushion", 0.5, 0)], moves={"cue": (0.3, 0.4)}))
    assert ruling.detail("miss") is True and Choice.REPLACE_AND_REPLAY in ruling.options
    plain = _missing_game(miss_rule=False)
    ruling = plain.judge(hand_shot(plain, [("cushion", 0.5, 0)], moves={"cue": (0.3, 0.4)}))
    assert ruling.fouls and ruling.detail("miss") is False
    assert Choice.REPLACE_AND_REPLAY not in ruling.options
    assert ruling.detail("full_ball_misses") == 0 and not ruling.frame_over
    assert tuple(ruling.points) == (0, 4)


def test_the_miss_rule_is_checked_and_kept_through_a_stalemates_re_start() -> None:
    with pytest.raises(rules.InvalidOptionError, match="miss_rule must be True or False"):
        rules.new_game("snooker", miss_rule="no")
    game = rules.new_game("snooker", miss_rule=False)
    assert game.miss_rule is False
    assert game.declare_stalemate().miss_rule is False


def test_a_save_file_keeps_the_options_and_an_older_one_loads_with_the_texts_defaults() -> None:
    for kind, option, value, default in (
        ("eight-ball", "eight_on_break", "wins", "breaker"),
        ("snooker", "miss_rule", False, True),
    ):
        game = rules.new_game(kind, seed=3, **{option: value})
        assert getattr(rules.loads(rules.dumps(game)), option) == value
        data = json.loads(rules.dumps(game))
        del data["fields"][option]
        assert getattr(rules.loads(json.dumps(data)), option) == default
        del data["fields"]["seed"]  # a field that is no option is still required
        with pytest.raises(rules.SaveFileError, match="'seed' is missing"):
            rules.loads(json.dumps(data))
