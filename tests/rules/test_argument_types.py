"""Values of the wrong type given to the referee (declarations, choices, rulings, options, a
conceding player, 8-ball groups): each is one specific ``RulesError`` that names the value and
what is allowed, raised before anything changes; values that only look different (a choice by
its text, a list of balls) are taken as what they say."""

from __future__ import annotations

from typing import Any

import pytest

import rules
import sim
from rules.eight_ball import EightBallGame
from rules.snooker import SnookerGame
from rules.types import Choice, Declaration, Group

SNOOKER = {"cue": (0.889, 1.0), "red_1": (0.5, 2.0), "black": (0.889, 3.245)}


@pytest.fixture(scope="module")
def snooker_shot() -> tuple[SnookerGame, sim.ShotResult]:
    game = SnookerGame.in_position(SNOOKER, phase="reds")
    return game, sim.simulate(game.table, game.state, sim.Strike(speed=1.5, phi=105.0))


@pytest.mark.parametrize(
    ("declaration", "words"),
    [
        (Declaration(nominated=21.0), r"nominated must be a ball index .*got float 21.0"),
        (Declaration(nominated=True), r"nominated must be a ball index .*got bool True"),
        (Declaration(ball_concerned="black"), r"ball_concerned must be a ball index"),
        (Declaration(called_pocket=3), r"called_pocket must be a pocket's name or None; got int"),
        (Declaration(free_ball="yes"), r"free_ball must be True or False; got str"),
        (Declaration(declared_fouls="ball_touched"), r"declared_fouls must be a set of foul codes"),
        (Declaration(declared_fouls={3}), r"declared_fouls must hold foul codes \(text\); got int"),
        (Declaration(off_table=3), r"off_table must be a set of ball indices, e.g. \{3\}; got int"),
        (Declaration(off_table={"red"}), r"each ball of off_table must be a ball index"),
        ({"nominated": 21}, r"a declaration is a rules.Declaration .*or None; got dict"),
    ],
)
def test_a_declaration_of_the_wrong_shape_is_refused_naming_the_field(
    snooker_shot: tuple[SnookerGame, sim.ShotResult], declaration: Any, words: str
) -> None:
    game, result = snooker_shot
    with pytest.raises(rules.InvalidDeclarationError, match=words):
        game.judge(result, declaration)
    with pytest.raises(rules.InvalidDeclarationError, match=words):
        game.validate_declaration(declaration)


def test_balls_off_the_table_given_as_a_list_are_that_set(
    snooker_shot: tuple[SnookerGame, sim.ShotResult],
) -> None:
    game, result = snooker_shot
    listed = game.judge(result, Declaration(off_table=[1]))
    as_set = game.judge(result, Declaration(off_table=frozenset({1})))
    assert listed == as_set and listed.off_table == (1,)


@pytest.mark.parametrize(
    ("called", "words"),
    [(8.5, r"called_ball must be a ball index .*got float 8.5"), ("3", r"got str '3'")],
)
def test_an_eight_ball_call_of_the_wrong_type_is_refused(called: Any, words: str) -> None:
    game = EightBallGame.in_position({"cue": (0.6, 0.8), "3": (0.6, 1.6), "8": (0.9, 2.2)})
    result = sim.simulate(game.table, game.state, sim.Strike(speed=2.0, phi=90.0))
    with pytest.raises(rules.InvalidDeclarationError, match=words):
        game.judge(result, Declaration(called_ball=called, called_pocket="top-right"))


def test_a_choice_is_taken_by_its_text_and_an_unknown_one_is_refused(
    snooker_shot: tuple[SnookerGame, sim.ShotResult],
) -> None:
    game, result = snooker_shot
    ruling = game.judge(result)
    after = game.apply(ruling)
    assert after.pending_choice  # a foul: the opponent chooses
    assert after.choose("accept_table") == after.choose(Choice.ACCEPT_TABLE)
    assert game.apply(ruling, "hand_back") == game.apply(ruling, Choice.HAND_BACK)
    for bad in ("take_it", 3, None, Choice.RERACK_AND_BREAK):
        with pytest.raises(rules.ChoiceNotOfferedError, match="is not offered; offered: accept"):
            after.choose(bad)


@pytest.mark.parametrize("ruling", [None, "ruling", 3])
def test_apply_refuses_what_is_not_a_ruling(
    snooker_shot: tuple[SnookerGame, sim.ShotResult], ruling: Any
) -> None:
    game, _ = snooker_shot
    with pytest.raises(rules.StaleRulingError, match=r"apply takes the rules\.Ruling"):
        game.apply(ruling)


@pytest.mark.parametrize("player", ["x", 1.5, True, -1, 2])
def test_a_concession_names_a_player_by_index(player: Any) -> None:
    game = SnookerGame.in_position(SNOOKER, phase="reds")
    with pytest.raises(
        rules.InvalidOptionError, match=r"player index\) must be a whole number 0..1; got"
    ):
        game.concede(player)
    assert game.concede(1).winner == 0


@pytest.mark.parametrize(
    ("kind", "options", "words"),
    [
        ("nine-ball", {"referee_warns": "no"}, r"referee_warns must be True or False; got str"),
        ("eight-ball", {"referee_warns": 1}, r"referee_warns must be True or False; got int"),
        ("nine-ball", {"breaker": True}, r"breaker \(a player index\) must be a whole number 0..1"),
        ("nine-ball", {"breaker": 2}, r"breaker \(a player index\) must be a whole number 0..1"),
        (
            "nine-ball",
            {"rack_number": 1.7},
            r"rack_number must be a whole number 0\.\.1000000; got float",
        ),
        (
            "snooker",
            {"rack_number": "x"},
            r"rack_number must be a whole number 0\.\.1000000; got str",
        ),
        ("snooker", {"last_frame": "no"}, r"last_frame must be True or False; got str"),
    ],
)
def test_options_of_the_wrong_type_are_refused(kind: str, options: dict, words: str) -> None:
    with pytest.raises(rules.InvalidOptionError, match=words):
        rules.new_game(kind, seed=1, **options)


def test_eight_ball_groups_are_taken_by_their_text() -> None:
    balls = {"cue": (0.6, 0.8), "3": (0.6, 1.6), "11": (0.3, 2.0)}
    game = EightBallGame.in_position(balls, phase="groups_assigned", groups=("solids", "stripes"))
    assert game.groups == (Group.SOLIDS, Group.STRIPES)
    assert all(type(g) is Group for g in game.groups)
    for bad in (("solids", "solids"), ("spots", "stripes"), (1, 2), "solids"):
        with pytest.raises(rules.InvalidGameStateError, match=r"groups = .* is refused; allowed"):
            EightBallGame.in_position(balls, phase="groups_assigned", groups=bad)
