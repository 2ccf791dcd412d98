"""The pool referees on real simulated shots (sim.simulate), not only on hand-built logs."""

from __future__ import annotations

import math

import numpy as np
import pytest

import rules
import sim
from rules import BallInHand, Choice, Declaration, Group, Phase
from rules.facts import ShotFacts
from sim.events import EventKind
from tests.rules.pool_helpers import eight, nine, position


def test_cue_ball_sent_at_the_three_with_the_one_on_the_table_is_a_foul():
    g = position(nine(), {0: (0.635, 0.5), 1: (0.3, 2.0), 3: (0.635, 1.2), 9: (1.0, 2.2)})
    ruling, after = g.play(sim.Strike(speed=2.0, phi=90.0))
    assert [f.code for f in ruling.fouls] == ["wrong_ball_first"]
    foul = ruling.fouls[0]
    assert foul.event is not None
    result = sim.simulate(g.table, g.state, sim.Strike(speed=2.0, phi=90.0))
    row = result.events[foul.event]
    assert int(row["kind"]) == EventKind.BALL_BALL and {int(row["a"]), int(row["b"])} == {0, 3}
    assert after.to_play == 1 and after.ball_in_hand is BallInHand.ANYWHERE


def test_straight_hit_on_the_one_that_reaches_a_cushion_is_legal():
    g = position(nine(), {0: (0.635, 0.5), 1: (0.635, 1.2), 9: (0.3, 2.2)})
    ruling, after = g.play(sim.Strike(speed=2.0, phi=90.0))
    assert not ruling.fouls
    assert after.to_play == (0 if ruling.pocketed else 1)


def test_scratch_into_a_corner_is_a_foul_and_the_cue_ball_comes_out_in_hand():
    g = position(nine(), {0: (0.2, 2.3), 1: (1.0, 1.0), 9: (0.635, 1.5)})
    phi = math.degrees(math.atan2(2.54 - 2.3, 0.0 - 0.2))
    ruling, after = g.play(sim.Strike(speed=1.5, phi=phi))
    assert "cue_ball_pocketed" in [f.code for f in ruling.fouls]
    assert not bool(after.state.on_table[0]) and after.ball_in_hand is BallInHand.ANYWHERE
    placed = after.state_for_shot((0.635, 0.4))
    assert bool(placed.on_table[0])


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_real_nine_ball_break_is_judged_by_the_written_rule(seed):
    g = rules.new_game("nine-ball", players=("Ann", "Bob"), seed=seed)
    result = sim.simulate(g.table, g.state, sim.Strike(speed=8.0, phi=90.0))
    ruling = g.judge(result)
    facts = ShotFacts.from_result(result, g.table)
    assert facts.first_ball_hit == 1  # the cue ball goes straight up the long string at the 1
    four_rule_met = bool(facts.object_balls_pocketed) or len(facts.object_balls_to_cushion) >= 4
    scratch = facts.cue_ball_pocketed
    assert bool(ruling.fouls) == (scratch or not four_rule_met)
    assert ruling == g.judge(result)  # the same shot, the same ruling


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_three_ball_rule_count_agrees_with_the_sampled_trajectories(seed):
    g = rules.new_game("nine-ball", seed=seed, rack_style="magic")
    result = sim.simulate(g.table, g.state, sim.Strike(speed=7.0, phi=90.0))
    facts = ShotFacts.from_result(result, g.table)
    R, head = g.table.ball_radius, g.table.head_string_y
    pocketed = set(facts.object_balls_pocketed)
    frames = result.sample(0.002)
    sampled = {b for b in range(1, 10) if b not in pocketed and np.any(frames[:, b, 1] - R < head)}
    from_log = set(facts.balls_with_part_below(head, R)) - pocketed
    from_log |= {c.ball for c in facts.crossings_of("head_string", -1)} - pocketed - {0}
    assert from_log == sampled
    ruling = g.judge(result)
    counted = len(pocketed | sampled)
    if not ruling.fouls:
        assert (ruling.options == (Choice.ACCEPT_TABLE, Choice.HAND_BACK)) == (counted < 3)


def test_real_eight_ball_called_pot_assigns_groups():
    e = position(eight(), {0: (0.45, 2.03), 3: (0.3, 2.2), 11: (1.0, 1.0), 8: (0.635, 1.3)})
    phi = math.degrees(math.atan2(0.34, -0.3))
    ruling, after = e.play(
        sim.Strike(speed=2.0, phi=phi), Declaration(called_ball=3, called_pocket="top-right")
    )
    assert not ruling.fouls and ruling.pocketed == (3,)
    assert after.groups == (Group.SOLIDS, Group.STRIPES) and after.phase is Phase.GROUPS_ASSIGNED
    assert after.to_play == 0


def test_real_eight_ball_pot_in_the_wrong_pocket_passes_the_turn():
    e = position(eight(), {0: (0.45, 2.03), 3: (0.3, 2.2), 11: (1.0, 1.0), 8: (0.635, 1.3)})
    phi = math.degrees(math.atan2(0.34, -0.3))
    ruling, after = e.play(
        sim.Strike(speed=2.0, phi=phi), Declaration(called_ball=3, called_pocket="bottom-right")
    )
    assert not ruling.fouls and ruling.pocketed == (3,)
    assert after.to_play == 1 and after.groups == (None, None)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_real_eight_ball_break(seed):
    g = rules.new_game("eight-ball", seed=seed)
    result = sim.simulate(g.table, g.state, sim.Strike(speed=9.0, phi=90.0))
    facts = ShotFacts.from_result(result, g.table)
    ruling = g.judge(result)
    legal = bool(facts.object_balls_pocketed) or len(facts.object_balls_to_cushion) >= 4
    if 8 in facts.pocketed:
        assert Choice.SPOT_EIGHT_AND_PLAY in ruling.options
    elif not legal:
        assert Choice.RERACK_OPPONENT_BREAKS in ruling.options
    elif facts.cue_ball_pocketed:
        assert ruling.ball_in_hand is BallInHand.BEHIND_HEAD_STRING and ruling.next_to_play == 1
    else:
        assert ruling.next_to_play == (0 if facts.object_balls_pocketed else 1)
    assert ruling.next_phase is Phase.OPEN_TABLE


def test_a_whole_rack_played_through_play_and_choose():
    g = rules.new_game("nine-ball", players=("Ann", "Bob"), seed=4)
    rng = np.random.default_rng(0)
    shots = 0
    while not g.is_over and shots < 60:
        if g.pending_choice:
            g = g.choose(g.pending_choice[0])
            continue
        xy = None
        if g.ball_in_hand is not BallInHand.NONE:
            for _ in range(200):
                cand = (float(rng.uniform(0.1, 1.17)), float(rng.uniform(0.1, 0.6)))
                if g.placement_problem(cand) is None:
                    xy = cand
                    break
        cue = xy if xy is not None else tuple(g.state.pos[0])
        target = g.state.pos[min(g.ball_on)]
        phi = math.degrees(math.atan2(target[1] - cue[1], target[0] - cue[0]))
        _, g = g.play(sim.Strike(speed=3.0, phi=phi), cue_ball_at=xy)
        shots += 1
        if not g.is_over:
            assert g.ball_on == g.first_ball_on(g.state)  # always the lowest ball
    assert shots > 1
    assert g.shot_number >= shots


def ghost_ball_phi(table, cue, ball, pocket_name: str) -> float:
    """Cue direction (degrees) from ``cue`` that sends the ball at ``ball`` straight at the
    capture centre of the pocket ``pocket_name`` (aim at the ghost ball, 2R behind it)."""
    pocket = table.pocket_named(pocket_name)
    way = np.array([pocket.x, pocket.y]) - np.asarray(ball, dtype=float)
    way /= np.linalg.norm(way)
    ghost = np.asarray(ball, dtype=float) - 2 * table.ball_radius * way
    return math.degrees(math.atan2(ghost[1] - cue[1], ghost[0] - cue[0]))


def test_real_scratch_on_the_nine_ball_break_gives_ball_in_hand_anywhere():
    # A break on the 1 near the bottom-left corner with follow: the 1 drops and the cue ball
    # follows it in. "En cas de faute à la casse, l'adversaire a « bille en main » sur toute la
    # surface de jeu" (not only behind the head string).
    g = position(
        nine(),
        {0: (0.45, 0.45), 1: (0.2, 0.2), 9: (0.635, 1.9)},
        phase=Phase.BREAK,
        ball_in_hand=BallInHand.BEHIND_HEAD_STRING,
    )
    phi = ghost_ball_phi(g.table, (0.45, 0.45), (0.2, 0.2), "top-left")
    ruling, after = g.play(sim.Strike(speed=2.5, phi=phi, b=0.4), cue_ball_at=(0.45, 0.45))
    assert [f.code for f in ruling.fouls] == ["cue_ball_pocketed"]
    assert set(ruling.pocketed) == {0, 1}
    result = sim.simulate(g.table, g.state_for_shot((0.45, 0.45)), sim.Strike(2.5, phi, b=0.4))
    row = result.events[ruling.fouls[0].event]
    assert int(row["kind"]) == EventKind.BALL_POCKET and int(row["a"]) == 0
    assert after.to_play == 1 and after.ball_in_hand is BallInHand.ANYWHERE
    assert after.phase is Phase.PLAY and not bool(after.state.on_table[1])  # the 1 stays down
    assert after.ball_on == frozenset({9})
    placed = after.state_for_shot((0.635, 2.2))  # in front of the head string: allowed
    assert bool(placed.on_table[0])


def test_real_shot_with_no_cushion_after_contact_is_a_foul():
    g = position(nine(), {0: (0.635, 0.5), 1: (0.635, 1.0), 9: (0.3, 2.2)})
    ruling, after = g.play(sim.Strike(speed=0.5, phi=90.0))
    assert [f.code for f in ruling.fouls] == ["no_cushion_after_contact"]
    assert not ruling.pocketed
    assert after.to_play == 1 and after.ball_in_hand is BallInHand.ANYWHERE


def test_real_nine_pocketed_on_a_foul_is_spotted():
    # The 9 cut into the top-left corner with the 1 still on the table: wrong ball first, the 9
    # comes back on the foot spot ("Cas de la bille n° 9").
    g = position(nine(), {0: (0.4, 1.9), 1: (1.0, 1.0), 9: (0.2, 2.3)})
    phi = ghost_ball_phi(g.table, (0.4, 1.9), (0.2, 2.3), "top-right")
    ruling, after = g.play(sim.Strike(speed=1.5, phi=phi))
    assert [f.code for f in ruling.fouls] == ["wrong_ball_first"]
    assert ruling.pocketed == (9,) and not ruling.frame_over
    assert ruling.to_spot == ((9, g.table.foot_spot),)
    assert bool(after.state.on_table[9]) and tuple(after.state.pos[9]) == g.table.foot_spot
    assert after.to_play == 1 and after.ball_in_hand is BallInHand.ANYWHERE


def test_real_push_out_hitting_nothing_offers_the_table_or_hand_back():
    g = position(
        nine(), {0: (0.635, 0.5), 1: (0.3, 2.0), 9: (1.0, 2.2)}, phase=Phase.PUSH_OUT_ALLOWED
    )
    ruling, after = g.play(sim.Strike(speed=0.4, phi=0.0), Declaration(push_out=True))
    assert not ruling.fouls
    assert after.pending_choice == (Choice.ACCEPT_TABLE, Choice.HAND_BACK)
    assert after.to_play == 1
    assert after.choose(Choice.HAND_BACK).to_play == 0


def test_real_eight_ball_scratch_after_the_called_ball_is_a_foul():
    # The called 3 drops and the cue ball follows it in: a foul, the 3 stays down, the table
    # stays open, ball in hand anywhere.
    e = position(eight(), {0: (0.45, 2.03), 3: (0.3, 2.2), 11: (1.0, 1.0), 8: (0.635, 1.3)})
    phi = math.degrees(math.atan2(0.34, -0.3))
    ruling, after = e.play(
        sim.Strike(speed=2.0, phi=phi, b=0.4), Declaration(called_ball=3, called_pocket="top-right")
    )
    assert [f.code for f in ruling.fouls] == ["cue_ball_pocketed"]
    assert set(ruling.pocketed) == {0, 3} and not bool(after.state.on_table[3])
    assert after.groups == (None, None) and after.phase is Phase.OPEN_TABLE
    assert after.to_play == 1 and after.ball_in_hand is BallInHand.ANYWHERE


@pytest.mark.parametrize(("called", "winner"), [("top-right", 0), ("bottom-right", 1)])
def test_real_eight_in_the_called_pocket_wins_and_in_another_loses(called, winner):
    e = position(
        eight(),
        {0: (0.45, 2.03), 8: (0.3, 2.2), 11: (1.0, 1.0)},
        groups=(Group.SOLIDS, Group.STRIPES),
        phase=Phase.GROUPS_ASSIGNED,
    )
    assert e.ball_on == frozenset({8})  # the solids are all down
    phi = math.degrees(math.atan2(0.34, -0.3))
    ruling, after = e.play(
        sim.Strike(speed=2.0, phi=phi), Declaration(called_ball=8, called_pocket=called)
    )
    assert not ruling.fouls and ruling.pocketed == (8,)
    pocketing = ShotFacts.from_result(
        sim.simulate(e.table, e.state, sim.Strike(speed=2.0, phi=phi)), e.table
    ).pocketing_of(8)
    assert pocketing is not None and pocketing.pocket_name == "top-right"
    assert after.is_over and after.winner == winner
