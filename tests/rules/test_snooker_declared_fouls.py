"""Snooker fouls a player declares (French text §11): their values, the ball concerned by a
foul of §11.2, a foul not called before the next stroke, a ball misplaced."""

from __future__ import annotations

import pytest

from rules.errors import InvalidDeclarationError, RulesError
from rules.snooker_geometry import BALL_INDEX as B
from rules.types import Declaration, DeclaredFoul
from tests.rules.pool_helpers import nine
from tests.rules.snooker_helpers import game_with, hand_shot

R = 0.02625  # snooker ball radius, m
CX = 0.889  # the snooker table's long string, m


def test_touching_the_black_with_reds_on_costs_seven_when_the_ball_is_named():
    game = game_with({"cue": (CX, 1.0), "red_1": (CX, 1.6), "black": (CX, 3.2)})
    log = hand_shot(game, [("hit", 0.3, 0, "red_1")])
    plain = game.judge(log, Declaration(declared_fouls=frozenset({DeclaredFoul.BALL_TOUCHED})))
    named = game.judge(
        log,
        Declaration(
            declared_fouls=frozenset({DeclaredFoul.BALL_TOUCHED}), ball_concerned=B["black"]
        ),
    )
    assert plain.points == (0, 4) and named.points == (0, 7)
    assert "black" in named.fouls[0].evidence


def test_a_ball_concerned_needs_a_foul_of_the_ball_concerned_and_a_ball_on_the_table():
    game = game_with({"cue": (CX, 1.0), "red_1": (CX, 1.6), "black": (CX, 3.2)})
    with pytest.raises(InvalidDeclarationError, match="goes with a declared foul"):
        game.validate_declaration(Declaration(ball_concerned=B["black"]))
    with pytest.raises(InvalidDeclarationError, match="not an object ball on the table"):
        game.validate_declaration(
            Declaration(declared_fouls=frozenset({"ball_misplaced"}), ball_concerned=B["pink"])
        )
    with pytest.raises(InvalidDeclarationError, match="snooker declarations"):
        nine().validate_declaration(Declaration(ball_concerned=3))


def test_a_foul_not_called_before_the_next_stroke_is_forgiven():
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


def test_a_ball_misplaced_stays_where_it_is():
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
