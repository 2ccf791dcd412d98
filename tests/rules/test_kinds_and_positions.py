"""The game registry and the class metadata, checked game values, games built in a position,
and the typed ruling extras."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

import rules
from rules import (
    BallInHand,
    EightBallExtras,
    GameKind,
    Group,
    InvalidGameStateError,
    InvalidOptionError,
    InvalidPositionError,
    Phase,
    Ruling,
    RulingExtras,
    SnookerExtras,
    UnknownBallError,
    UnknownGameError,
)
from rules.eight_ball import EightBallGame
from rules.nine_ball import NineBallGame
from rules.snooker import COLOUR_VALUES, SnookerGame, ball_value
from sim.balls import BallState

# ---------------------------------------------------------------------- the registry


def test_games_are_listed_in_kind_order_and_found_by_kind_or_string():
    assert rules.games() == (NineBallGame, EightBallGame, SnookerGame)
    assert [cls.kind for cls in rules.games()] == list(GameKind)
    assert rules.game_class("snooker") is rules.game_class(GameKind.SNOOKER) is SnookerGame
    assert GameKind.NINE_BALL == "nine-ball" and "eight-ball" in rules.GAME_KINDS
    assert rules.GAME_KINDS["snooker"] == ("rules.snooker", "SnookerGame")
    assert rules.new_game(GameKind.EIGHT_BALL, seed=1).kind is GameKind.EIGHT_BALL
    with pytest.raises(UnknownGameError, match=r"carom.*nine-ball, eight-ball, snooker"):
        rules.game_class("carom")


@pytest.mark.parametrize(
    ("cls", "title", "n_balls", "table_name"),
    [
        (NineBallGame, "9-ball", 10, "9 ft pool"),
        (EightBallGame, "8-ball", 16, "9 ft pool"),
        (SnookerGame, "Snooker", 22, "snooker"),
    ],
)
def test_each_class_carries_its_metadata(cls, title, n_balls, table_name):
    assert cls.title == title
    assert len(cls.ball_names) == n_balls and cls.ball_names[0] == "cue"
    for i, name in enumerate(cls.ball_names):
        assert cls.ball_index(name) == i and cls.ball_name(i) == name
    assert table_name in cls.default_table().name.lower()
    assert cls.default_table().name == cls.allowed_tables()[0].name
    assert "table" in cls.options and "breaker" in cls.options
    game = cls.new(seed=2)
    assert game.ball_names == cls.ball_names and int(game.state.n) == n_balls
    with pytest.raises(UnknownBallError, match=r"no ball 'purple'.*cue"):
        cls.ball_index("purple")
    with pytest.raises(UnknownBallError, match=f"0..{n_balls - 1}"):
        cls.ball_name(n_balls)


@pytest.mark.parametrize("cls", [NineBallGame, EightBallGame, SnookerGame])
def test_unknown_options_are_refused_with_the_allowed_ones_listed(cls):
    with pytest.raises(
        InvalidOptionError, match=r"unknown .* option\(s\) colour; allowed: .*table"
    ):
        cls.new(colour="red")


def test_snooker_takes_breaker_like_the_pool_games():
    g = rules.new_game("snooker", players=("Ann", "Bob"), seed=1, breaker=1)
    assert g.to_play == 1 and g.breaker == 1
    assert rules.new_game("snooker", players=("A", "B", "C", "D"), breaker=3).to_play == 3
    with pytest.raises(
        InvalidOptionError, match=r"breaker \(a player index\) must be a whole number 0\.\.1"
    ):
        rules.new_game("snooker", breaker=2)
    assert g.declare_stalemate().breaker == 1


def test_the_snooker_values_are_defined_once():
    assert COLOUR_VALUES == {"yellow": 2, "green": 3, "brown": 4, "blue": 5, "pink": 6, "black": 7}
    assert ball_value(SnookerGame.ball_index("pink")) == 6
    assert ball_value(SnookerGame.ball_index("red_7")) == 1


# ---------------------------------------------------------------------- checked values


def test_replace_rechecks_every_value():
    g = rules.new_game("nine-ball", seed=3)
    five = BallState.at_rest(np.array([[0.3 + 0.1 * i, 1.0] for i in range(5)]))
    with pytest.raises(InvalidGameStateError, match="9-ball has 10 balls"):
        replace(g, state=five)
    with pytest.raises(InvalidGameStateError, match=r"to_play = 7.*player index 0\.\.1"):
        replace(g, to_play=7)
    with pytest.raises(InvalidGameStateError, match=r"fouls_in_a_row.*integers 0\.\.3"):
        replace(g, fouls_in_a_row=(4, 0))
    with pytest.raises(InvalidGameStateError, match=r"phase.*allowed: break, over, play"):
        replace(g, phase=Phase.REDS)
    with pytest.raises(InvalidGameStateError, match=r"ball_in_hand.*allowed: anywhere"):
        replace(g, ball_in_hand=BallInHand.IN_D)
    with pytest.raises(InvalidGameStateError, match=r"ball_on.*object balls 1\.\.9"):
        replace(g, ball_on=frozenset({12}))
    with pytest.raises(InvalidGameStateError, match="one per side"):
        replace(g, score=(0, 0, 0))
    with pytest.raises(InvalidGameStateError, match="rack_style"):
        replace(g, rack_style="round")


def test_game_specific_fields_are_checked():
    e = rules.new_game("eight-ball", seed=3)
    with pytest.raises(InvalidGameStateError, match="groups"):
        replace(e, groups=(Group.SOLIDS, Group.SOLIDS))
    with pytest.raises(InvalidGameStateError, match="groups"):
        replace(e, groups=(Group.SOLIDS, None))
    assert replace(e, groups=(Group.STRIPES, Group.SOLIDS)).groups[0] is Group.STRIPES
    s = rules.new_game("snooker", seed=3)
    with pytest.raises(InvalidGameStateError, match=r"full_ball_misses.*0\.\.3"):
        replace(s, full_ball_misses=5)
    with pytest.raises(InvalidGameStateError, match="offender"):
        replace(s, offender=2)
    with pytest.raises(InvalidGameStateError, match="2 or 4 players"):
        replace(s, players=("A", "B", "C"))


# ---------------------------------------------------------------------- in position


def test_a_nine_ball_position_gets_its_ball_on_from_the_rule():
    g = NineBallGame.in_position(
        {"cue": (0.635, 0.5), "3": (0.4, 1.6), "9": (0.9, 1.6)},
        players=("Ann", "Bob"),
        to_play=1,
        fouls_in_a_row=(0, 2),
        warning_given=(False, True),
        rack_style="magic",
    )
    assert g.phase is Phase.PLAY and g.to_play == 1 and g.rack_style == "magic"
    assert g.ball_on == frozenset({3}) and g.balls_on_table() == frozenset({0, 3, 9})
    assert g.fouls_in_a_row == (0, 2) and g.ball_in_hand is BallInHand.NONE


def test_an_eight_ball_position_with_groups():
    balls = {"cue": (0.635, 0.5), "2": (0.4, 1.6), "11": (0.9, 1.6), "8": (0.635, 2.2)}
    g = EightBallGame.in_position(
        balls, phase="groups_assigned", groups=(Group.STRIPES, Group.SOLIDS)
    )
    assert g.ball_on == frozenset({11}) and g.phase is Phase.GROUPS_ASSIGNED
    assert EightBallGame.in_position(balls).ball_on == frozenset({2, 11})


def test_a_snooker_position_in_the_colours_and_with_a_free_ball():
    t = SnookerGame.default_table()
    balls = {"cue": (0.9, 1.0), "blue": t.spots["blue"], "black": t.spots["black"]}
    g = SnookerGame.in_position(
        balls, phase=Phase.COLOURS_IN_ORDER, score=(40, 35), free_ball=True, to_play=1
    )
    assert g.ball_on == frozenset({SnookerGame.ball_index("blue")})
    assert g.free_ball and g.score == (40, 35) and g.to_play == 1
    assert SnookerGame.in_position(balls, phase=Phase.RESPOTTED_BLACK).ball_on == {21}


def test_a_position_refuses_each_bad_value_with_its_own_error():
    cue = (0.635, 0.5)
    with pytest.raises(UnknownBallError, match="'10'"):
        NineBallGame.in_position({"cue": cue, "10": (0.4, 1.6)})
    with pytest.raises(InvalidPositionError, match=r"3 at .* off the cloth"):
        NineBallGame.in_position({"cue": cue, "3": (2.0, 1.0)})
    with pytest.raises(InvalidPositionError, match="not finite"):
        NineBallGame.in_position({"cue": cue, "3": (float("nan"), 1.0)})
    with pytest.raises(InvalidPositionError, match="cue and 3 overlap"):
        NineBallGame.in_position({"cue": cue, "3": (0.65, 0.5)})
    with pytest.raises(InvalidGameStateError, match=r"ball_on \[5\].*may be on: \[3\]"):
        NineBallGame.in_position({"cue": cue, "3": (0.4, 1.6)}, ball_on=frozenset({5}))
    with pytest.raises(InvalidGameStateError, match="phase"):
        NineBallGame.in_position({"cue": cue}, phase="reds")
    with pytest.raises(InvalidGameStateError, match="to_play"):
        NineBallGame.in_position({"cue": cue}, to_play=2)
    with pytest.raises(
        InvalidOptionError, match=r"groups.*allowed: breaker, rack_number, rack_style"
    ):
        NineBallGame.in_position({"cue": cue}, groups=(None, None))


# ---------------------------------------------------------------------- typed extras


def test_rulings_carry_typed_extras_that_apply_reads():
    e = EightBallGame.in_position({"cue": (0.635, 0.5), "2": (0.4, 1.6), "11": (0.9, 1.6)})
    ruling = Ruling(
        shooter=0,
        shot_number=0,
        next_phase=Phase.GROUPS_ASSIGNED,
        next_ball_on=frozenset({2}),
        extras=EightBallExtras(groups=(Group.SOLIDS, Group.STRIPES)),
    )
    assert ruling.detail("groups") == (Group.SOLIDS, Group.STRIPES)
    assert ruling.detail("absent", 7) == 7
    assert e.apply(ruling).groups == (Group.SOLIDS, Group.STRIPES)
    s = rules.new_game("snooker", seed=1)
    with pytest.raises(rules.RulesError, match="RulingExtras ruling cannot be applied to snooker"):
        s.apply(Ruling(shooter=0, shot_number=0, next_phase=Phase.REDS, extras=RulingExtras()))
    extras = SnookerExtras(break_points=12, finished_break=0)
    after = s.apply(
        Ruling(shooter=0, shot_number=0, next_phase=Phase.REDS, extras=extras),
    )
    assert after.break_points == 12 and after.highest_break == (12, 0)
