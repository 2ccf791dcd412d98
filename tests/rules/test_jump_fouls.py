"""The two jump fouls judged from the shot itself, on real simulated shots and hand-built logs.

* Snooker, a jump over the ball hit (WPBSA definition 2.19, French text §11.1 « un jump
  shot »): a cue ball that strikes the ball on in the air and flies on over it, landing on its
  far side, is a jump shot; the definition excuses only a flight that does not land beyond the
  ball hit, a jump over another ball after the first, and a jump over the ball on after a
  cushion or another ball.
* Pool, « La blanche saute en jouant en dessous de son centre » (both texts' list of fouls):
  the strike's tip below the cue ball's centre (``Strike.b``) and the cue ball off the cloth
  at the strike.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

import sim
from rules.facts import ShotFacts
from rules.pool_clauses import CLAUSE_JUMP_WITH_DRAW
from rules.pool_fouls import BELOW_CENTRE
from rules.testing import ShotBuilder
from rules.types import BallInHand, Declaration, DeclaredFoul, Phase
from sim.events import EventKind
from tests.rules.pool_helpers import eight, nine, position
from tests.rules.snooker_helpers import game_with

SNOOKER = sim.Table.snooker()
#: 2.5 m/s, the cue raised 35 degrees, 0.16 m behind a red: the cue ball meets the red about
#: 41 mm up in its first flight and flies on over it, landing about 0.26 m beyond it.
OVER_THE_RED = sim.Strike(speed=2.5, phi=90.0, theta=35.0)
#: 1.8 m/s at 40 degrees, 0.12 m behind the red: it meets the red 29 mm up, the red runs away
#: faster than the cue ball flies, and the cue ball lands behind it.
INTO_THE_RED = sim.Strike(speed=1.8, phi=90.0, theta=40.0)
#: A pool jump: 3.5 m/s, the cue raised 40 degrees; its first flight is about 0.88 m long, over
#: the 5 (a harder one, 4 m/s, now bounces off the far rail's top and leaves the table).
JUMP = sim.Strike(speed=3.5, phi=90.0, theta=40.0)
CALL_ONE = Declaration(called_ball=1, called_pocket="top-right")


def codes(ruling) -> list[str]:
    return [f.code for f in ruling.fouls]


def foul(ruling, code):
    return next(f for f in ruling.fouls if f.code == code)


def red_behind(gap: float):
    """A snooker frame in play: the cue ball at (0.889, 1.0), red_1 ``gap`` m up the table,
    another red far away; reds on."""
    return game_with({"cue": (0.889, 1.0), "red_1": (0.889, 1.0 + gap), "red_2": (0.3, 3.0)})


# ---------------------------------------------------------------------- over the ball hit
@pytest.mark.jit_only
def test_real_jump_over_the_red_it_hit_is_a_jump_shot_of_four() -> None:
    game = red_behind(0.16)
    result = sim.simulate(game.table, game.state, OVER_THE_RED)
    facts = ShotFacts.from_result(result, game.table)
    contact = facts.first_contact
    assert contact is not None and contact.other == 1
    up = float(result.snapshots.z[contact.event][0])
    assert 0.035 < up < 0.045, "the cue ball meets the red in the air, about 41 mm up"
    jump = facts.cue_ball_jump_over_hit
    assert jump is not None and jump.ball == 1
    assert int(result.events["kind"][jump.event]) == EventKind.BOUNCE
    landed = result.snapshots.pos[jump.event]
    assert 0.2 < landed[0][1] - landed[1][1] < 0.3, "it lands beyond the red"
    # no flight before the contact passes over a ball: only the new clause sees it
    assert facts.cue_ball_jumps == ()
    ruling = game.judge(result)
    jumped = foul(ruling, "jump_shot")
    assert jumped.penalty == 4 and jumped.clause.startswith("§11.1 un jump shot")
    assert jumped.event == jump.event and "flight over the red_1" in jumped.evidence
    assert "after hitting it" in jumped.message
    assert ruling.points == (0, 4) and ruling.next_to_play == 1


@pytest.mark.jit_only
def test_real_jump_over_the_red_is_seen_from_the_log_alone_too() -> None:
    game = red_behind(0.16)
    result = sim.simulate(game.table, game.state, OVER_THE_RED)
    log_only = ShotFacts.from_log(game.table, result.initial, result.events, result.final)
    assert (
        log_only.cue_ball_jump_over_hit
        == ShotFacts.from_result(result, game.table).cue_ball_jump_over_hit
    )


@pytest.mark.jit_only
def test_real_cue_ball_that_hits_the_red_in_the_air_and_lands_behind_it_is_fair() -> None:
    game = red_behind(0.12)
    result = sim.simulate(game.table, game.state, INTO_THE_RED)
    facts = ShotFacts.from_result(result, game.table)
    contact = facts.first_contact
    assert contact is not None and float(result.snapshots.z[contact.event][0]) > 0.02
    assert facts.cue_ball_jump_over_hit is None
    assert "jump_shot" not in codes(game.judge(result))


def hand_game():
    """Reds on: red_1 0.3 m ahead of the cue ball, red_2 0.5 m beyond it, a little aside."""
    return game_with({"cue": (0.889, 1.0), "red_1": (0.889, 1.3), "red_2": (0.85, 1.8)})


def test_hand_built_flight_over_the_red_hit_lands_beyond_it_is_a_jump_shot() -> None:
    game = hand_game()
    log = (
        ShotBuilder(game.table, game.state)
        .hit(0, 1, xy=(0.889, 1.28))
        .bounce(0, (0.889, 1.5))
        .rest(0, (0.889, 1.6))
        .result()
    )
    landing = int(np.flatnonzero(log.events["kind"] == EventKind.BOUNCE)[0])
    ruling = game.judge(log)
    assert codes(ruling) == ["jump_shot"] and foul(ruling, "jump_shot").event == landing
    # touching it again on the way over still passes over it (« whether touching it or not »)
    again = (
        ShotBuilder(game.table, game.state)
        .hit(0, 1, xy=(0.889, 1.28))
        .hit(0, 1, xy=(0.889, 1.31))
        .bounce(0, (0.889, 1.5))
        .result()
    )
    assert codes(game.judge(again)) == ["jump_shot"]


@pytest.mark.parametrize(
    "exception",
    ["lands before the ball", "over another ball after the first", "after a cushion"],
)
def test_hand_built_flights_definition_2_19_excuses_are_fair(exception: str) -> None:
    game = hand_game()
    shot = ShotBuilder(game.table, game.state)
    if exception == "lands before the ball":
        shot.hit(0, 1, xy=(0.889, 1.28)).bounce(0, (0.889, 1.25))
    elif exception == "over another ball after the first":
        # red_1 grazed from its side in the air, then a flight over red_2 beyond it
        shot.hit(0, 1, xy=(0.839, 1.3)).bounce(0, (0.839, 2.1))
    else:
        shot.hit(0, 1, xy=(0.889, 1.28)).cushion(0, 1, xy=(1.3, 1.4)).bounce(0, (0.889, 1.5))
    ruling = game.judge(shot.result())
    assert "jump_shot" not in codes(ruling), exception


def test_a_declared_jump_over_the_ball_hit_counts_once() -> None:
    game = hand_game()
    log = ShotBuilder(game.table, game.state).hit(0, 1).bounce(0, (0.889, 1.5)).result()
    declared = game.judge(log, Declaration(declared_fouls=frozenset({"jump_shot"})))
    assert codes(declared) == ["jump_shot"]
    assert declared.fouls[0].evidence == "declared by a player"


# ---------------------------------------------------------------------- pool: below centre
def blocked_nine():
    """9-ball in play: the 5 blocks the way to the 1, which lies where a jump over the 5
    reaches it."""
    return position(nine(), {0: (0.635, 0.5), 5: (0.635, 0.8), 1: (0.635, 2.0), 9: (0.2, 2.3)})


@pytest.mark.jit_only
def test_real_nine_ball_jump_struck_below_centre_is_a_foul_with_ball_in_hand() -> None:
    game = blocked_nine()
    ruling, after = game.play(replace(JUMP, b=-0.3))
    assert codes(ruling) == ["jump_with_draw"]
    jumped = foul(ruling, "jump_with_draw")
    assert jumped.clause == CLAUSE_JUMP_WITH_DRAW
    assert "b = -0.30" in jumped.evidence and "left the cloth" in jumped.evidence
    assert jumped.event is not None
    assert ruling.ball_in_hand is BallInHand.ANYWHERE and ruling.next_to_play == 1
    assert after.fouls_in_a_row == (1, 0), "it counts towards three fouls in a row"


@pytest.mark.jit_only
@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"b": 0.2}, "struck above centre: a legal jump"),
        ({"b": 0.0}, "struck at the centre"),
        ({"b": -BELOW_CENTRE / 2}, "within the centre ball's margin"),
    ],
)
def test_real_nine_ball_jump_struck_at_or_above_centre_is_legal(change: dict, why: str) -> None:
    ruling, _ = blocked_nine().play(replace(JUMP, **change))
    assert ruling.fouls == (), why


@pytest.mark.jit_only
def test_real_draw_shot_that_stays_on_the_cloth_is_no_jump_foul() -> None:
    game = blocked_nine()
    level = replace(JUMP, theta=0.0, b=-0.3)
    result = sim.simulate(game.table, game.state, level)
    assert ShotFacts.from_result(result, game.table).cue_ball_launch is None
    assert "jump_with_draw" not in codes(game.judge(result))


@pytest.mark.jit_only
def test_real_eight_ball_jump_struck_below_centre_is_a_foul_in_play_and_on_the_break() -> None:
    game = position(eight(), {0: (0.635, 0.5), 9: (0.635, 0.8), 1: (0.635, 2.0), 8: (1.0, 2.0)})
    ruling, _ = game.play(replace(JUMP, b=-0.3), CALL_ONE)
    assert codes(ruling) == ["jump_with_draw"]
    assert ruling.ball_in_hand is BallInHand.ANYWHERE
    legal, _ = game.play(replace(JUMP, b=0.2), CALL_ONE)
    assert legal.fouls == ()
    # on the break: a foul on the break, ball in hand behind the head string (WPA 3.5)
    breaking = position(
        eight(),
        {0: (0.635, 0.5), 9: (0.635, 0.8), 1: (0.635, 2.0), 8: (1.0, 2.0)},
        phase=Phase.BREAK,
        ball_in_hand=BallInHand.BEHIND_HEAD_STRING,
    )
    on_break, _ = breaking.play(replace(JUMP, b=-0.3))
    assert "jump_with_draw" in codes(on_break)
    assert on_break.ball_in_hand is BallInHand.BEHIND_HEAD_STRING


def test_hand_built_jump_is_judged_when_the_result_carries_its_strike() -> None:
    game = position(nine(), {0: (0.635, 0.5), 1: (0.635, 1.5)})
    below = sim.Strike(speed=3.0, phi=90.0, theta=30.0, b=-0.2)

    def shot():
        return ShotBuilder(game.table, game.state).bounce(0, (0.635, 0.9)).hit(0, 1).cushion(1)

    assert codes(game.judge(shot().result(strike=below))) == ["jump_with_draw"]
    # without the strike the log cannot say where the tip met the ball: a player declares it
    assert game.judge(shot().result()).fouls == ()
    declared = Declaration(declared_fouls=frozenset({DeclaredFoul.JUMP_WITH_DRAW}))
    both = game.judge(shot().result(strike=below), declared)
    assert codes(both) == ["jump_with_draw"] and both.fouls[0].evidence == "declared by a player"
    # a cue ball that never left the cloth: the tip's offset alone is no jump
    rolled = ShotBuilder(game.table, game.state).hit(0, 1).cushion(1).result(strike=below)
    assert rolled.strike is below and game.judge(rolled).fouls == ()


def test_launch_from_the_strike_row_reads_the_snapshots_when_there_are_some() -> None:
    game = position(nine(), {0: (0.635, 0.5), 1: (0.635, 1.5)})
    log = ShotBuilder(game.table, game.state).hit(0, 1).cushion(1).result()
    events = np.concatenate([np.zeros(1, dtype=sim.EVENT_DTYPE), log.events])
    events["kind"][0] = int(EventKind.STRIKE)
    flying = np.array([True, False, False])
    facts = ShotFacts.from_log(game.table, log.initial, events, log.final, flying)
    assert facts.cue_ball_launch == 1, "airborne after the strike: its flight ended at row 1"
    grounded = ShotFacts.from_log(game.table, log.initial, events, log.final, ~flying)
    assert grounded.cue_ball_launch is None
