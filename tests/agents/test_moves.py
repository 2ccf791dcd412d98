"""Every kind of move the rules ask of a player, made by the computer on real games, and taken
by the referee."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import agents
import rules
import sim
from agents import MoveKind
from rules.types import BallInHand, Choice, Phase

sys.path.insert(0, str(Path(__file__).parent))
import positions

ROOT = Path(__file__).resolve().parents[2]


def test_the_levels_are_named_weakest_first_and_their_hands_steady_with_the_level() -> None:
    assert agents.LEVELS == ("beginner", "amateur", "expert", "pro")
    table = sim.Table.pool(feet=9)
    noise = [agents.level_named(name).noise_for(table) for name in agents.LEVELS]
    assert [n.phi_deg for n in noise] == sorted((n.phi_deg for n in noise), reverse=True)
    pro = noise[-1]
    assert (pro.phi_deg, pro.theta_deg, pro.speed_abs) == (0.125, 0.1, 0.075)
    assert pro.tip * table.ball_radius == pytest.approx(0.0005)  # 0.5 mm


def test_a_straight_in_pot_is_found_and_the_engine_pots_it_at_zero_noise() -> None:
    game = positions.straight_in()
    move = agents.choose(game, "pro", seed=1)
    assert move.kind is MoveKind.SHOT and move.intent is not None
    assert (move.intent.kind, move.intent.ball, move.intent.pocket) == ("pot", 9, "top-left")
    assert move.explain == "pot the 9 in the top-left corner to win the rack"
    assert move.intended is not None and move.strike is not None
    assert move.strike != move.intended  # the pro's hand is steady, not perfect
    ruling, _ = game.play(move.intended, move.declaration, move.cue_ball_at)
    assert ruling.pocketed == (9,) and not ruling.fouls and ruling.frame_over


def test_the_same_game_level_and_seed_give_the_same_move() -> None:
    game = positions.straight_in()
    first = agents.choose(game, "expert", seed=5)
    assert agents.choose(game, "expert", seed=5) == first
    assert agents.choose(game, "expert", seed=6).strike != first.strike


def test_a_move_is_the_same_in_a_fresh_process() -> None:
    code = (
        "import sys, json; sys.path.insert(0, 'tests/agents'); import positions, agents\n"
        "m = agents.choose(positions.straight_in(), 'expert', seed=5)\n"
        "s = m.strike; print(json.dumps([s.speed, s.phi, s.theta, s.a, s.b, m.explain]))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=300, check=True)  # fmt: skip
    here = agents.choose(positions.straight_in(), "expert", seed=5)
    assert here.strike is not None
    s = here.strike
    assert json.loads(out.stdout) == [s.speed, s.phi, s.theta, s.a, s.b, here.explain]


@pytest.mark.parametrize("kind", ["nine-ball", "eight-ball", "snooker"])
def test_the_break_is_played_from_the_zone_and_taken_by_the_referee(kind: str) -> None:
    game = rules.new_game(kind, players=("A", "B"), seed=4)
    move = agents.choose(game, "amateur", seed=2)
    assert move.intent is not None and move.intent.kind == "break"
    assert move.cue_ball_at is not None
    assert game.placement_problem(move.cue_ball_at) is None
    ruling, after = move.play(game)
    assert ruling is not None and after.shot_number == 1
    if kind == "snooker":
        assert move.explain.startswith("break off: thin a red")


@pytest.mark.parametrize(
    ("make", "zone"),
    [
        (lambda: positions.nine_ball({"cue": (0.6, 0.6), "1": (0.2, 1.7), "9": (1.0, 2.2)},
                                     phase="play", ball_in_hand="anywhere"), BallInHand.ANYWHERE),
        (lambda: positions.eight_ball({"cue": (0.6, 0.2), "3": (0.3, 1.8), "12": (1.0, 2.0),
                                       "8": (0.6, 2.3)}, phase="open_table",
                                      ball_in_hand="behind_head_string"),
         BallInHand.BEHIND_HEAD_STRING),
        (lambda: positions.snooker({"cue": (0.889, 0.6), "red_1": (0.5, 2.5),
                                    "black": (0.889, 3.245)}, phase="reds", ball_in_hand="in_d"),
         BallInHand.IN_D),
    ],
)  # fmt: skip
def test_the_cue_ball_in_hand_goes_to_a_legal_place_of_its_zone(
    make: object, zone: BallInHand
) -> None:
    game = make()  # type: ignore[operator]
    assert game.ball_in_hand is zone
    move = agents.choose(game, "expert", seed=3)
    assert move.cue_ball_at is not None
    assert game.placement_problem(move.cue_ball_at) is None
    move.play(game)


def test_eight_ball_pots_are_called_and_a_safety_announced() -> None:
    game = positions.eight_ball(
        {"cue": (0.60, 0.60), "3": (0.35, 0.35), "11": (0.3, 2.0), "8": (1.0, 1.5)},
        phase="groups_assigned",
        groups=("solids", "stripes"),
    )
    move = agents.choose(game, "expert", seed=1)
    assert move.intent is not None and move.intent.kind == "pot"
    call = rules.Declaration(called_ball=move.intent.ball, called_pocket=move.intent.pocket)
    assert move.declaration == call and call.called_ball == 3
    hidden = positions.eight_ball(
        {"cue": (0.635, 0.3), "3": (0.635, 2.3), "9": (0.575, 1.2), "10": (0.695, 1.2),
         "11": (0.635, 1.25), "8": (1.2, 0.3)},
        phase="groups_assigned", groups=("solids", "stripes"),
    )  # fmt: skip
    move = agents.choose(hidden, "expert", seed=1)
    assert move.intent is not None
    if move.intent.kind != "pot":
        assert move.declaration == rules.Declaration(safety=True)
    move.play(hidden)


def test_snooker_nominates_the_colour_after_a_red_and_plays_a_free_ball() -> None:
    game = positions.snooker(
        {"cue": (0.889, 2.9), "black": (0.889, 3.245), "pink": (0.889, 2.6771),
         "red_1": (0.3, 3.3)},
        phase="colour_after_red",
    )  # fmt: skip
    move = agents.choose(game, "expert", seed=1)
    assert move.declaration is not None and move.declaration.nominated in (16, 17, 18, 19, 20, 21)
    assert move.intent is not None and move.declaration.nominated == move.intent.target
    move.play(game)
    free = positions.snooker(
        {"cue": (0.889, 1.0), "red_1": (0.889, 2.0), "blue": (0.889, 1.4), "pink": (0.5, 0.6),
         "black": (0.889, 3.245)},
        phase="reds", free_ball=True,
    )  # fmt: skip
    move = agents.choose(free, "expert", seed=1)
    assert move.declaration is not None
    if move.declaration.free_ball:
        assert move.declaration.nominated not in free.ball_on
    move.play(free)


def test_nine_ball_pushes_out_from_a_hidden_one_and_the_opponent_chooses() -> None:
    game = positions.walled_one()
    move = agents.choose(game, "pro", seed=3)
    assert move.declaration == rules.Declaration(push_out=True)
    assert move.explain.startswith("push out")
    _, after = move.play(game)
    assert after.pending_choice == (Choice.ACCEPT_TABLE, Choice.HAND_BACK)
    answer = agents.choose(after, "pro", seed=3)
    assert answer.kind is MoveKind.CHOICE and answer.choice in after.pending_choice
    assert answer.explain == answer.choice.words_in(str(after.choice_context))
    answer.play(after)


@pytest.mark.parametrize("make", [positions.after_illegal_eight_ball_break, positions.after_a_miss])
def test_every_choice_the_referee_offers_is_answered_with_an_offered_option(make: object) -> None:
    game = make()  # type: ignore[operator]
    move = agents.choose(game, "amateur", seed=1)
    assert move.kind is MoveKind.CHOICE and move.choice in game.pending_choice
    _, after = move.play(game)
    assert not after.pending_choice


def test_a_frame_that_needs_more_snookers_than_are_left_is_conceded() -> None:
    game = positions.snooker_needing_snookers()
    move = agents.choose(game, "pro", seed=1)
    assert move.kind is MoveKind.CONCEDE
    assert "snookers" in move.explain
    _, after = move.play(game)
    assert after.is_over and after.winner == 1
    level = positions.snooker(
        {"cue": (0.889, 2.2), "pink": (0.889, 2.6771), "black": (0.889, 3.245)},
        phase="colours_in_order", score=(40, 50),
    )  # fmt: skip
    assert agents.choose(level, "pro", seed=1).kind is MoveKind.SHOT


def test_bad_requests_are_refused_with_what_is_allowed() -> None:
    game = positions.straight_in()
    with pytest.raises(agents.UnknownLevelError, match="beginner, amateur, expert, pro"):
        agents.choose(game, "grandmaster")
    with pytest.raises(agents.InvalidMoveRequestError, match="seed"):
        agents.choose(game, "pro", seed=-1)
    with pytest.raises(agents.InvalidMoveRequestError, match="seed"):
        agents.choose(game, "pro", seed=True)
    with pytest.raises(agents.InvalidMoveRequestError, match=r"rules\.Game"):
        agents.choose("nine-ball", "pro")  # type: ignore[arg-type]
    over = positions.snooker_needing_snookers().concede(0)
    with pytest.raises(rules.GameOverError):
        agents.choose(over, "pro")


@pytest.mark.parametrize("kind", ["nine-ball", "eight-ball", "snooker"])
def test_the_referee_never_refuses_a_move_of_the_computer(kind: str) -> None:
    rng = np.random.default_rng(11)
    cls = rules.game_class(kind)
    table = cls.default_table()
    names = [n for n in cls.ball_names if n != "cue"]
    played = 0
    while played < 12:
        count = int(rng.integers(2, min(8, len(names)) + 1))
        chosen = ["cue", *rng.choice(names, size=count, replace=False).tolist()]
        xy = rng.uniform((0.1, 0.1), (table.width - 0.1, table.length - 0.1), size=(len(chosen), 2))
        zone = str(rng.choice(sorted(z.value for z in cls.hand_zones)))
        try:
            game = cls.in_position(
                dict(zip(chosen, map(tuple, xy), strict=True)), ball_in_hand=zone
            )
        except rules.RulesError:
            continue  # overlapping balls, a ball in the D's way...: draw again
        if game.phase is Phase.BREAK or not game.ball_on:
            continue
        move = agents.choose(game, "beginner", seed=played)
        move.play(game)  # raises if the referee refused anything
        played += 1
