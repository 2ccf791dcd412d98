"""From a scenario to a game, a strike and a declaration; comparing rulings with expectations."""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import pytest

import rules
from lab.runner import (
    compare,
    declaration_for,
    game_from_scenario,
    prepare,
    resolve_phi,
    ruling_facts,
    run_scenario,
)
from lab.scenario import Expectation, load_scenario, make_table

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def test_nine_ball_position_becomes_a_game() -> None:
    sc = load_scenario(EXAMPLES / "nine-ball" / "three-fouls-lose.toml")
    game = game_from_scenario(sc)
    assert game.players == ("Ann", "Bob") and game.to_play == 0
    assert game.ball_in_hand is rules.BallInHand.ANYWHERE
    assert game.phase is rules.Phase.PLAY
    assert game.ball_on == frozenset({1})
    assert game.fouls_in_a_row == (2, 0) and game.warning_given == (True, False)
    assert sorted(game.balls_on_table()) == [0, 1, 9]
    assert tuple(game.state.pos[9]) == (1.0, 2.2)


def test_break_and_push_out_phases() -> None:
    breaking = game_from_scenario(load_scenario(EXAMPLES / "nine-ball" / "break-legal.toml"))
    assert breaking.phase is rules.Phase.BREAK
    assert breaking.ball_in_hand is rules.BallInHand.BEHIND_HEAD_STRING
    assert breaking.rack_style == "magic"
    push = game_from_scenario(load_scenario(EXAMPLES / "nine-ball" / "push-out.toml"))
    assert push.phase is rules.Phase.PUSH_OUT_ALLOWED and push.to_play == 1


def test_eight_ball_groups_and_ball_on() -> None:
    game = game_from_scenario(load_scenario(EXAMPLES / "eight-ball" / "eight-called-wins.toml"))
    assert game.phase is rules.Phase.GROUPS_ASSIGNED
    assert game.groups == (rules.Group.SOLIDS, rules.Group.STRIPES)
    assert game.ball_on == frozenset({8})
    open_table = game_from_scenario(
        load_scenario(EXAMPLES / "eight-ball" / "open-table-assigns-group.toml")
    )
    assert open_table.phase is rules.Phase.OPEN_TABLE
    assert 8 not in open_table.ball_on and {3, 5, 11, 12} <= open_table.ball_on


def test_snooker_phase_scores_and_free_ball() -> None:
    game = game_from_scenario(load_scenario(EXAMPLES / "snooker" / "free-ball.toml"))
    assert game.phase is rules.Phase.REDS and game.free_ball
    assert game.ball_on == frozenset({2})
    colour = game_from_scenario(
        load_scenario(EXAMPLES / "snooker" / "colour-after-red-respotted.toml")
    )
    assert colour.phase is rules.Phase.COLOUR_AFTER_RED
    assert colour.score == (1, 0)
    assert colour.ball_on == frozenset(range(16, 22))
    black = game_from_scenario(load_scenario(EXAMPLES / "snooker" / "respotted-black-foul.toml"))
    assert black.phase is rules.Phase.RESPOTTED_BLACK
    assert black.ball_in_hand is rules.BallInHand.IN_D


def test_ghost_ball_aim_puts_the_cue_ball_2r_behind_the_object_ball() -> None:
    sc = load_scenario(EXAMPLES / "nine-ball" / "legal-pot-continues.toml")
    table = make_table(sc.table)
    phi = math.radians(resolve_phi(sc, table))
    cue, ball = sc.position_of("cue"), sc.position_of("1")
    assert cue is not None and ball is not None
    pocket = table.pocket_named("bottom-right")
    # The cue line passes 2R from the ball centre, at the point opposite the pocket.
    ux, uy = pocket.x - ball[0], pocket.y - ball[1]
    norm = math.hypot(ux, uy)
    ghost = (
        ball[0] - 2 * table.ball_radius * ux / norm,
        ball[1] - 2 * table.ball_radius * uy / norm,
    )
    cross = (ghost[0] - cue[0]) * math.sin(phi) - (ghost[1] - cue[1]) * math.cos(phi)
    assert abs(cross) < 1e-12


def test_declarations_use_ball_indices() -> None:
    sc = load_scenario(EXAMPLES / "eight-ball" / "called-ball-wrong-pocket.toml")
    d = declaration_for(sc)
    assert (d.called_ball, d.called_pocket, d.safety) == (2, "top-right", False)
    free = declaration_for(load_scenario(EXAMPLES / "snooker" / "free-ball.toml"))
    assert free.free_ball and free.nominated == 19
    feet = declaration_for(load_scenario(EXAMPLES / "nine-ball" / "declared-foot-off-floor.toml"))
    assert feet.declared_fouls == frozenset({"foot_off_floor"})
    jumped = declaration_for(load_scenario(EXAMPLES / "nine-ball" / "nine-off-the-table.toml"))
    assert jumped.off_table == frozenset({9})


def test_compare_treats_lists_as_multisets_and_points_per_named_player() -> None:
    facts = {
        "fouls": ["a", "b"],
        "pocketed": ["1", "cue"],
        "points": {"Ann": 0, "Bob": 6},
        "legal": False,
    }
    ok = Expectation(fouls=("b", "a"), pocketed=("cue", "1"), points={"Bob": 6}, legal=False)
    assert compare(ok, facts) == []
    bad = Expectation(fouls=("a",), points={"Bob": 4})
    assert [d.field for d in compare(bad, facts)] == ["fouls", "points"]


@pytest.mark.jit_only
def test_the_ruling_is_read_back_in_scenario_words() -> None:
    outcome = run_scenario(load_scenario(EXAMPLES / "snooker" / "foul-pink-first.toml"))
    assert outcome.passed
    facts = ruling_facts(outcome.prepared, outcome.ruling)
    assert facts["points"] == {"Ann": 0, "Bob": 6}
    assert facts["next_to_play"] == "Bob" and facts["fouls"] == ["wrong_ball_first"]


def test_prepare_keeps_the_intended_strike() -> None:
    prepared = prepare(load_scenario(EXAMPLES / "nine-ball" / "break-legal.toml"))
    assert (prepared.intended.speed, prepared.intended.b) == (5.5, -0.2)
    assert prepared.intended.phi == 90.0  # straight at the 1 on the foot spot


def test_the_lab_never_imports_pygame() -> None:
    code = (
        "import sys, lab, lab.runner, lab.study, lab.report, "
        "agents.noise, lab.records, lab.scenario, lab.scenario_types, lab.scenario_checks, "
        "lab.schema, cuesim.lab_commands\n"
        "from cuesim.cli import build_parser; build_parser()\n"
        "assert 'pygame' not in sys.modules, 'pygame imported'\n"
        "assert 'matplotlib' not in sys.modules, 'matplotlib imported'\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr


@pytest.mark.jit_only
def test_jitter_finds_expectations_that_do_not_hold() -> None:
    from dataclasses import replace

    from lab.runner import jitter_failures

    sc = load_scenario(EXAMPLES / "nine-ball" / "legal-pot-continues.toml")
    assert jitter_failures(sc, 4) == []
    wrong = replace(sc, expect=replace(sc.expect, next_to_play="Bob"))
    failures = jitter_failures(wrong, 4)
    assert [i for i, _ in failures] == [0, 1, 2, 3]
    assert failures[0][1][0].field == "next_to_play"


@pytest.mark.jit_only
def test_a_referee_failure_becomes_a_failed_shot_not_a_crash() -> None:
    from dataclasses import dataclass, replace

    from lab.runner import study_model

    model = study_model(load_scenario(EXAMPLES / "nine-ball" / "legal-pot-continues.toml"))

    @dataclass(frozen=True)
    class BrokenReferee:
        table: object

        def judge(self, result: object, declaration: object) -> object:
            raise KeyError("no such ball")

    broken = replace(
        model, prepared=replace(model.prepared, game=BrokenReferee(model.prepared.table))
    )
    record = broken.play(model.intended)
    assert record.error == "referee: KeyError: 'no such ball'"
    assert record.events > 0 and not record.legal
    assert model.play(model.intended).error == ""


@pytest.mark.jit_only
def test_a_study_counts_the_break_rule_as_the_referee_judged_it() -> None:
    """The hard magic-rack break: the record's three-ball count is the referee's, so a legal
    break meets the rule exactly when the referee found no dry break (no choice offered)."""
    from agents.noise import NoiseModel, noisy_strike
    from lab.runner import study_model

    model = study_model(load_scenario(EXAMPLES / "studies" / "nine-ball-hard-break.toml"))
    assert model.break_rule is not None and model.break_rule.name == "three-ball rule"
    records = [model.play(noisy_strike(model.intended, NoiseModel(), 3, i)) for i in range(12)]
    legal = [r for r in records if r.legal and not r.frame_over]
    assert legal
    for r in legal:
        assert r.break_rule_met == (r.options == "") == (r.break_count >= 3)
