"""Balls off the table and jump shots before the first contact, judged from the engine's
OFF_TABLE and BOUNCE rows: real simulated shots where a strike produces the clause (a fast
elevated shot that flies over a rail, a jump over a blocking ball), engine flights from a
flying start where no strike at the default cushion friction can send an object ball off
(docs/physics-airborne.md §2: a cue ball's centre is never below an object ball's, so a hit
never lifts it), and hand-built logs (``ShotBuilder.bounce`` / ``off_table``)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

import sim
from rules.facts import ShotFacts
from rules.testing import ShotBuilder
from rules.types import BallInHand, Declaration
from sim.events import EventKind
from tests.rules.pool_helpers import eight, nine, position, shot
from tests.rules.snooker_helpers import game_with

TABLE = sim.Table.pool(9)
R = TABLE.ball_radius
#: A cue ball 0.34 m from the foot cushion, struck at 5 m/s and 40 degrees towards it: its
#: first flight (about 0.7 m) clears the cushion and the rail: it leaves the table.
NEAR_FOOT = (0.635, 2.2)
OFF_THE_FOOT = sim.Strike(speed=5.0, phi=90.0, theta=40.0)
#: 4 m/s at 40 degrees: the first flight is about 1.15 m long and 0.1 m high.
JUMP = sim.Strike(speed=4.0, phi=90.0, theta=40.0)
#: An 8-ball call on an open table.
CALL_ONE = Declaration(called_ball=1, called_pocket="top-right")


def codes(ruling) -> list[str]:
    return [f.code for f in ruling.fouls]


def foul(ruling, code):
    return next(f for f in ruling.fouls if f.code == code)


def flying_off(game, ball: int, xy: tuple[float, float]):
    """The engine's result of ``ball`` flying from ``xy`` over the foot rail (3 m/s towards
    +y, 0.1 m up, rising at 1 m/s), the other balls of ``game`` at rest: the log ends in its
    OFF_TABLE row."""
    state = game.state
    pos = np.array(state.pos, dtype=float)
    pos[ball] = xy
    vel = np.zeros_like(pos)
    vel[ball] = (0.0, 3.0)
    z = np.zeros(state.n)
    vz = np.zeros(state.n)
    z[ball], vz[ball] = 0.1, 1.0
    start = sim.BallState(pos, vel=vel, on_table=state.on_table, z=z, vz=vz)
    result = sim.simulate(game.table, start)
    assert int(result.events["kind"][-1]) == EventKind.OFF_TABLE
    return replace(result, initial=state)


# ---------------------------------------------------------------------- facts
@pytest.mark.jit_only
def test_facts_read_the_cue_ball_off_the_table_and_its_row() -> None:
    result = sim.simulate(TABLE, sim.BallState([NEAR_FOOT, (0.3, 0.8)]), OFF_THE_FOOT)
    facts = ShotFacts.from_result(result, TABLE)
    assert facts.balls_off_table == {0}
    row = facts.off_table_of(0)
    assert row is not None and int(result.events["kind"][row.event]) == EventKind.OFF_TABLE
    assert facts.off_table_of(1) is None and facts.pocketed == ()
    assert "the cue ball left the table" in facts.describe_event(row.event)


@pytest.mark.jit_only
def test_facts_see_the_jump_over_a_blocker_with_or_without_snapshots() -> None:
    result = sim.simulate(TABLE, sim.BallState([(0.635, 0.5), (0.635, 0.8)]), JUMP)
    facts = ShotFacts.from_result(result, TABLE)
    assert [j.ball for j in facts.cue_ball_jumps] == [1]
    # the flight ends in the first BOUNCE row, before the first contact with the blocker
    jump = facts.cue_ball_jumps[0]
    assert int(result.events["kind"][jump.event]) == EventKind.BOUNCE
    assert facts.first_contact is not None and facts.first_contact.event > jump.event
    log_only = ShotFacts.from_log(TABLE, result.initial, result.events, result.final)
    assert log_only.cue_ball_jumps == facts.cue_ball_jumps
    # the same strike with the cue level runs into the blocker: no jump
    flat = sim.simulate(TABLE, result.initial, replace(JUMP, theta=0.0))
    assert ShotFacts.from_result(flat, TABLE).cue_ball_jumps == ()


def test_facts_jump_needs_the_flight_to_pass_within_two_radii_of_the_ball_centre() -> None:
    game = position(nine(), {0: (0.635, 0.5), 1: (0.635, 0.9), 2: (0.635 + 2.2 * R, 0.8)})
    log = shot(game).bounce(0, (0.635, 1.2)).hit(0, 1, xy=(0.635, 0.9 - 2 * R)).result()
    facts = ShotFacts.from_result(log, TABLE)
    # over the 1 (on the line of flight), not over the 2 (2.2 R to the side)
    assert [j.ball for j in facts.cue_ball_jumps] == [1]
    short = shot(game).bounce(0, (0.635, 0.7)).hit(0, 1).result()
    assert ShotFacts.from_result(short, TABLE).cue_ball_jumps == ()  # landed before the 1


# ---------------------------------------------------------------------- 9-ball
@pytest.mark.jit_only
def test_real_nine_ball_cue_ball_jumped_off_the_table_is_a_foul_with_ball_in_hand() -> None:
    game = position(nine(), {0: NEAR_FOOT, 1: (0.3, 0.8), 9: (1.0, 1.0)})
    ruling, _ = game.play(OFF_THE_FOOT)
    assert "cue_ball_off_table" in codes(ruling) and "cue_ball_pocketed" not in codes(ruling)
    off = foul(ruling, "cue_ball_off_table")
    assert off.clause.startswith("« Bille blanche empochée ou éjectée")
    assert off.event is not None and "left the table" in off.evidence
    assert ruling.ball_in_hand is BallInHand.ANYWHERE and ruling.next_to_play == 1
    assert ruling.off_table == (0,) and ruling.pocketed == ()


@pytest.mark.jit_only
def test_real_nine_ball_jump_over_a_blocker_onto_the_one_is_legal() -> None:
    # 9-ball has no jump-shot foul (only the jump by a hit below centre, declared): the cue ball
    # flies over the 5 and meets the 1 after it comes back from the foot cushion
    game = position(nine(), {0: (0.635, 0.5), 5: (0.635, 0.8), 1: (0.3, 1.6)})
    ruling, _ = game.play(JUMP)
    facts_jumps = ShotFacts.from_result(sim.simulate(TABLE, game.state, JUMP), TABLE)
    assert [j.ball for j in facts_jumps.cue_ball_jumps] == [5]
    assert "jump_shot" not in codes(ruling) and "cue_ball_off_table" not in codes(ruling)


@pytest.mark.jit_only
def test_engine_nine_off_the_table_is_a_foul_and_spotted_without_a_declaration() -> None:
    game = position(nine(), {0: (0.3, 0.5), 1: (1.0, 0.8), 9: (0.635, 2.2)})
    ruling = game.judge(flying_off(game, 9, (0.635, 2.2)))
    off = foul(ruling, "object_ball_off_table")
    assert off.clause.startswith("« Bille de but éjectée")
    assert off.event is not None and "the 9 left the table" in off.evidence
    assert [b for b, _ in ruling.to_spot] == [9] and ruling.off_table == (9,)
    assert ruling.ball_in_hand is BallInHand.ANYWHERE


def test_hand_built_object_ball_off_the_table_stays_off_and_names_its_row() -> None:
    game = position(nine(), {0: (0.635, 0.5), 1: (0.635, 1.2), 3: (0.9, 1.6)})
    log = shot(game).hit(0, 1).cushion(1).off_table(3, (0.9, 2.7)).result()
    ruling = game.judge(log)
    off = foul(ruling, "object_ball_off_table")
    assert off.event == 3 and off.evidence.startswith("event 3")
    assert ruling.off_table == (3,) and ruling.to_spot == ()
    assert not bool(ruling.final.on_table[3])
    assert int(ruling.final.motion[3]) == sim.MotionState.OFF_TABLE
    # a ball the engine did not send off is still declared (picked up): both are named
    both = game.judge(log, Declaration(off_table=frozenset({1})))
    off = foul(both, "object_ball_off_table")
    assert "declared by a player: the 1" in off.evidence and both.off_table == (1, 3)


# ---------------------------------------------------------------------- 8-ball
@pytest.mark.jit_only
def test_engine_eight_off_the_table_loses_the_game() -> None:
    game = position(eight(), {0: (0.3, 0.5), 1: (1.0, 0.8), 8: (0.635, 2.2)})
    ruling = game.judge(flying_off(game, 8, (0.635, 2.2)), CALL_ONE)
    assert ruling.frame_over and ruling.winner == 1
    assert "the 8 left the table" in ruling.reason


@pytest.mark.jit_only
def test_real_eight_ball_cue_ball_off_the_table_is_a_foul_with_ball_in_hand_anywhere() -> None:
    game = position(eight(), {0: NEAR_FOOT, 1: (0.3, 0.8), 8: (1.0, 1.0), 9: (0.9, 0.4)})
    ruling, _ = game.play(OFF_THE_FOOT, CALL_ONE)
    assert "cue_ball_off_table" in codes(ruling)
    assert ruling.ball_in_hand is BallInHand.ANYWHERE and not ruling.frame_over


def test_hand_built_balls_off_the_table_on_the_eight_ball_break_spot_the_eight() -> None:
    game = eight()
    log = shot(game).hit(0, 1).off_table(8, (0.635, 2.7)).off_table(5, (1.3, 2.0)).result()
    ruling = game.judge(log)
    assert "object_ball_off_table" in codes(ruling)
    assert [b for b, _ in ruling.to_spot] == [8] and ruling.off_table == (5, 8)
    assert ruling.next_to_play == 1 and not ruling.frame_over


# ---------------------------------------------------------------------- snooker
@pytest.mark.jit_only
def test_real_snooker_jump_over_a_red_is_a_foul_of_four() -> None:
    game = game_with({"cue": (0.889, 1.0), "red_1": (0.889, 1.3), "red_2": (0.5, 2.5)})
    ruling, _ = game.play(JUMP)
    jump = foul(ruling, "jump_shot")
    assert jump.penalty == 4 and jump.clause.startswith("§11.1 un jump shot")
    assert jump.event is not None and "flight over" in jump.evidence
    assert ruling.points[1] >= 4
    # the same stroke with a level cue hits the red: no jump shot
    level, _ = game.play(replace(JUMP, theta=0.0))
    assert "jump_shot" not in codes(level)


@pytest.mark.jit_only
def test_real_snooker_cue_ball_forced_off_the_table_is_a_foul_and_in_hand() -> None:
    table = sim.Table.snooker()
    near = (0.889, table.length - 0.34)
    game = game_with({"cue": near, "red_1": (0.5, 1.5), "black": (0.889, 3.245 - 0.4)})
    ruling, _ = game.play(OFF_THE_FOOT)
    off = foul(ruling, "ball_off_table")
    assert off.event is not None and off.penalty == 4
    assert ruling.ball_in_hand is BallInHand.IN_D and ruling.off_table == (0,)


@pytest.mark.jit_only
def test_engine_colour_forced_off_the_table_costs_its_value_and_is_respotted() -> None:
    game = game_with({"cue": (0.889, 1.0), "red_1": (0.5, 1.5), "pink": (0.889, 3.2)})
    pink = 20
    ruling = game.judge(flying_off(game, pink, (0.889, 3.2)))
    off = foul(ruling, "ball_off_table")
    assert off.penalty == 6 and off.event is not None
    assert pink in [b for b, _ in ruling.to_spot]


def test_hand_built_red_off_the_table_stays_off_and_a_declared_jump_counts_once() -> None:
    game = game_with({"cue": (0.889, 1.0), "red_1": (0.889, 1.3), "red_2": (0.5, 2.5)})
    log = (
        ShotBuilder(game.table, game.state)
        .bounce(0, (0.889, 1.6))
        .hit(0, 2, xy=(0.55, 2.45))
        .off_table(1, (0.889, 3.7))
        .result()
    )
    ruling = game.judge(log)
    assert sorted(codes(ruling)) == ["ball_off_table", "jump_shot"]
    assert ruling.off_table == (1,) and 1 not in [b for b, _ in ruling.to_spot]
    declared = game.judge(log, Declaration(declared_fouls=frozenset({"jump_shot"})))
    assert codes(declared).count("jump_shot") == 1
