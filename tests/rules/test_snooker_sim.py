"""Snooker referee on real simulated shots (``sim.simulate`` through ``Game.play``)."""

from __future__ import annotations

import math

import numpy as np
import pytest

import rules
import sim
from rules.snooker_geometry import BALL_INDEX, COLOUR_INDICES, RED_INDICES
from rules.types import BallInHand, Choice, Declaration, Phase
from tests.rules.snooker_helpers import game_with

B = BALL_INDEX
CX = 0.889


def ghost_ball_phi(table, state, ball: int, pocket_name: str) -> float:
    """Cue direction (degrees) from the cue ball of ``state`` sending ``ball`` straight at the
    pocket's capture centre."""
    R = table.ball_radius
    pocket = table.pocket_named(pocket_name)
    target = np.asarray(state.pos[ball], dtype=float)
    way = np.array([pocket.x, pocket.y]) - target
    way /= np.linalg.norm(way)
    ghost = target - 2 * R * way
    d = ghost - np.asarray(state.pos[0], dtype=float)
    return math.degrees(math.atan2(d[1], d[0]))


@pytest.mark.parametrize(("speed", "offset"), [(4.0, 0.045), (8.0, 0.045), (8.0, 0.03)])
def test_real_break_off_from_the_d_is_judged_consistently(speed, offset):
    """A break-off thin on the end red of the back row, from the yellow side of the D: the
    first ball hit is a red, and the ruling agrees with the log (reds potted score one each
    and keep the break-off player at the table; otherwise the turn passes)."""
    game = rules.new_game("snooker", players=("Ann", "Bob"), seed=1)
    cx, cy = game.table.d_centre
    cue = (cx + 0.2, cy - 0.05)
    end_red = np.asarray(game.state.pos[15])
    phi = math.degrees(math.atan2(end_red[1] - cue[1], end_red[0] + offset - cue[0]))
    ruling, after = game.play(sim.Strike(speed=speed, phi=phi), cue_ball_at=cue)
    codes = {f.code for f in ruling.fouls}
    assert not codes & {"wrong_ball_first", "missed_all", "simultaneous", "bad_placement"}
    reds_potted = [b for b in ruling.pocketed if b in RED_INDICES]
    if not ruling.fouls:
        assert ruling.points == (len(reds_potted), 0)
        assert ruling.next_to_play == (0 if reds_potted else 1)
        assert after.phase is (Phase.COLOUR_AFTER_RED if reds_potted else Phase.REDS)
    reds_left = sum(bool(after.state.on_table[r]) for r in RED_INDICES)
    assert reds_left + len(reds_potted) == 15


def test_real_red_then_blue_potted_scores_six_and_respots_the_blue():
    game = game_with(
        {
            "cue": (1.3, 2.9),
            "red_1": (1.45, 3.1),
            "red_2": (0.4, 1.0),
            "blue": (1.0, 2.4),
            "pink": (CX, 2.67675),
            "black": (CX, 3.245),
            "yellow": (1.181, 0.737),
        }
    )
    phi = ghost_ball_phi(game.table, game.state, B["red_1"], "bottom-right")
    ruling, game = game.play(sim.Strike(speed=1.5, phi=phi, b=-0.2))
    assert ruling.pocketed == (B["red_1"],) and not ruling.fouls
    assert game.phase is Phase.COLOUR_AFTER_RED and game.score == (1, 0)
    phi = ghost_ball_phi(game.table, game.state, B["blue"], "top-middle")
    ruling, game = game.play(sim.Strike(speed=2.0, phi=phi), Declaration(nominated=B["blue"]))
    assert ruling.pocketed == (B["blue"],) and not ruling.fouls
    assert ruling.to_spot == ((B["blue"], game.table.spots["blue"]),)
    assert game.score == (6, 0) and game.break_points == 6 and game.to_play == 0
    assert game.phase is Phase.REDS and game.ball_on == frozenset({B["red_2"]})
    assert tuple(game.state.pos[B["blue"]]) == game.table.spots["blue"]


def test_real_foul_leaving_a_snooker_gives_a_free_ball_then_snookering_with_it_is_a_foul():
    game = game_with(
        {"cue": (CX, 1.2), "blue": (CX, 1.5), "red_1": (CX, 3.0), "yellow": (1.181, 0.737)}
    )
    ruling, game = game.play(sim.Strike(speed=0.6, phi=90.0))
    assert [f.code for f in ruling.fouls] == ["wrong_ball_first"]
    assert ruling.detail("free_ball") is True
    assert ruling.detail("miss") is False  # the red was hidden behind the blue from the start
    game = game.choose(Choice.ACCEPT_TABLE)
    assert game.to_play == 1 and game.free_ball
    # Bob plays the blue as a free ball straight up the table: it stops between cue and red
    ruling, game = game.play(
        sim.Strike(speed=1.0, phi=90.0), Declaration(nominated=B["blue"], free_ball=True)
    )
    assert [f.code for f in ruling.fouls] == ["snookered_with_free_ball"]
    assert game.score == (4, 5)  # blue first (5) for Bob, then 4 for Ann


def test_real_break_off_into_the_brown_is_a_foul_and_no_red_is_lost():
    game = rules.new_game("snooker", seed=2)
    cx, cy = game.table.d_centre
    ruling, after = game.play(sim.Strike(speed=6.0, phi=90.0), cue_ball_at=(cx, cy - 0.1))
    # straight up the table from behind the brown: the brown is hit first, a foul worth 4
    assert ruling.fouls[0].code == "wrong_ball_first" and "brown" in ruling.fouls[0].message
    assert ruling.points[1] >= 4
    reds_left = sum(bool(after.state.on_table[r]) for r in RED_INDICES)
    potted_reds = sum(1 for b in ruling.pocketed if b in RED_INDICES)
    assert reds_left + potted_reds == 15


def test_real_in_off_after_a_red_is_a_foul_and_the_red_does_not_score():
    # A straight pot of the red into the top-right corner with follow: the cue ball follows
    # it in (§3.3 « ne doit pas rentrer dans une poche »): 4 to Bob, the red stays down
    # without scoring, Bob has the cue ball in hand in the D (§4) and a red is on.
    pocket = sim.Table.snooker().pocket_named("bottom-right")
    red = np.array([1.5, 3.25])
    way = np.array([pocket.x, pocket.y]) - red
    way /= np.linalg.norm(way)
    cue = red - 0.4 * way
    game = game_with(
        {
            "cue": (float(cue[0]), float(cue[1])),
            "red_1": (float(red[0]), float(red[1])),
            "red_2": (0.4, 1.0),
            "blue": (CX, 1.7845),
            "black": (CX, 3.245),
            "yellow": (1.181, 0.737),
        }
    )
    phi = math.degrees(math.atan2(way[1], way[0]))
    ruling, after = game.play(sim.Strike(speed=2.0, phi=phi, b=0.4))
    assert [(f.code, f.penalty) for f in ruling.fouls] == [("cue_ball_pocketed", 4)]
    assert set(ruling.pocketed) == {0, B["red_1"]}
    assert ruling.points == (0, 4) and after.score == (0, 4)
    assert not bool(after.state.on_table[B["red_1"]])
    assert after.ball_in_hand is BallInHand.IN_D and after.phase is Phase.REDS
    assert after.ball_on == frozenset({B["red_2"]})
    assert after.pending_choice == (Choice.ACCEPT_TABLE, Choice.HAND_BACK)


def test_real_miss_of_a_visible_red_lets_the_opponent_replace_the_balls():
    # The red is in plain view straight up the table; the cue ball is sent sideways and hits
    # nothing: a foul and a miss (paragraph after §3.10), and the balls go back on request.
    game = game_with(
        {"cue": (CX, 1.0), "red_1": (CX, 2.0), "yellow": (1.181, 0.737), "black": (CX, 3.245)}
    )
    ruling, after = game.play(sim.Strike(speed=0.5, phi=0.0))
    assert [(f.code, f.penalty) for f in ruling.fouls] == [("missed_all", 4)]
    assert ruling.detail("miss") is True
    assert after.pending_choice == (
        Choice.ACCEPT_TABLE,
        Choice.HAND_BACK,
        Choice.REPLACE_AND_REPLAY,
    )
    assert tuple(after.state.pos[0]) != (CX, 1.0)
    replayed = after.choose(Choice.REPLACE_AND_REPLAY)
    assert replayed.to_play == 0 and replayed.score == (0, 4)
    assert np.array_equal(replayed.state.pos, game.state.pos)
    assert np.array_equal(replayed.state.on_table, game.state.on_table)


@pytest.mark.slow
def test_frames_of_random_aimed_strokes_keep_the_rules_invariants():
    """Two frames of noisy ghost-ball strokes with random choices: every stroke is judged, a
    red never comes back, colours are on the table while reds remain, scores only grow."""
    import random

    rng = random.Random(5)
    for seed in (5, 6):
        game = rules.new_game("snooker", seed=seed)
        for _ in range(120):
            if game.is_over:
                break
            if game.pending_choice:
                game = game.choose(rng.choice(game.pending_choice))
                continue
            cue_at = None
            if game.ball_in_hand is not BallInHand.NONE:
                cx, cy = game.table.d_centre
                cue_at = (cx + rng.uniform(-0.2, 0.2), cy - rng.uniform(0.0, 0.15))
                if game.placement_problem(cue_at) is not None:
                    cue_at = (cx, cy - 0.2)
            cue = cue_at if cue_at is not None else tuple(game.state.pos[0])
            target = rng.choice(sorted(game.ball_on))
            pocket = rng.choice(game.table.pockets).name
            aim_from = game.state.with_ball_at(0, cue)
            phi = ghost_ball_phi(game.table, aim_from, target, pocket) + rng.gauss(0.0, 0.5)
            options = game.declaration_options()
            nominated = None
            if options.nomination_required:
                nominated = target
            declaration = Declaration(nominated=nominated)
            reds_before = {r for r in RED_INDICES if game.state.on_table[r]}
            score_before = game.score
            _, game = game.play(
                sim.Strike(speed=rng.uniform(1.0, 5.0), phi=phi), declaration, cue_at
            )
            reds_after = {r for r in RED_INDICES if game.state.on_table[r]}
            assert reds_after <= reds_before
            assert all(a >= b for a, b in zip(game.score, score_before, strict=True))
            if reds_after and not game.is_over:
                assert all(game.state.on_table[c] for c in COLOUR_INDICES), game.last_reason
