"""The Gymnasium environments: they pass Gymnasium's checker, seeding follows reset(seed=...),
the observation says what the game holds field by field, the action becomes the documented
strike, placement and declaration, the rewards are the documented ones, vector environments
run, and the cross-entropy example learns. Skipped without the ``rl`` extra (gymnasium)."""

from __future__ import annotations

import math
import runpy
from pathlib import Path

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

import agents.rl  # noqa: E402
import rules  # noqa: E402
from agents.rl.calls import default_declaration, first_ball_on_line  # noqa: E402
from agents.rl.env import PLAYERS, CueEnv  # noqa: E402
from agents.rl.layout import (  # noqa: E402
    MAX_SPEED,
    MAX_TIP,
    MIN_SPEED,
    PHASE_FIELDS,
    decode,
    nearest_legal_place,
    observe,
)
from rules.errors import InvalidOptionError  # noqa: E402
from rules.types import BallInHand  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def _field(obs: np.ndarray, balls: int, name: str) -> float:
    return float(obs[4 * balls + PHASE_FIELDS.index(name)])


@pytest.mark.parametrize("env_id", sorted(agents.rl.ENVIRONMENTS))
def test_each_environment_passes_gymnasiums_checker(env_id: str) -> None:
    from gymnasium.utils.env_checker import check_env

    env = gymnasium.make(env_id, opponent="random")
    check_env(env.unwrapped, skip_render_check=True)
    assert env.spec is not None and env.spec.max_episode_steps == agents.rl.MAX_EPISODE_STEPS


def test_the_checker_passes_against_the_computer_and_with_calls_in_the_action() -> None:
    from gymnasium.utils.env_checker import check_env

    check_env(CueEnv("nine-ball", opponent="beginner", breaker="opponent"), skip_render_check=True)
    env = CueEnv("eight-ball", opponent="random", calls="action")
    assert env.action_space.shape == (10,)
    check_env(env, skip_render_check=True)


def test_the_environments_are_made_by_module_name_too() -> None:
    env = gymnasium.make("agents.rl:cuesim/Snooker-v0", opponent="random", reward="points")
    obs, _ = env.reset(seed=0)
    assert obs.shape == (4 * 22 + len(PHASE_FIELDS),)


def _episode(seed: int, steps: int = 6) -> list[tuple[bytes, float, bool]]:
    env = gymnasium.make("cuesim/NineBall-v0", opponent="beginner")
    env.action_space.seed(seed)
    obs, _ = env.reset(seed=seed)
    out = [(obs.tobytes(), 0.0, False)]
    for _ in range(steps):
        obs, reward, term, trunc, _ = env.step(env.action_space.sample())
        out.append((obs.tobytes(), float(reward), term))
        if term or trunc:
            obs, _ = env.reset()
            out.append((obs.tobytes(), 0.0, False))
    return out


def test_the_same_seed_gives_the_same_episode_and_another_seed_another() -> None:
    assert _episode(11) == _episode(11)
    assert _episode(11)[0] != _episode(12)[0] or _episode(11) != _episode(12)


def test_the_observation_holds_each_balls_place_flags_and_the_phase() -> None:
    cls = rules.game_class("eight-ball")
    game = cls.in_position(
        {"cue": (0.6, 0.6), "3": (0.3, 2.0), "11": (1.0, 1.5), "8": (0.6, 2.2)},
        players=PLAYERS, to_play=0, phase="groups_assigned", groups=("stripes", "solids"),
        fouls_in_a_row=(1, 0), ball_in_hand="anywhere",
    )  # fmt: skip
    obs = observe(game, 0)
    n = 16
    per = obs[: 4 * n].reshape(n, 4)
    assert per[3, 0] == pytest.approx(0.3 / game.table.width)
    assert per[3, 1] == pytest.approx(2.0 / game.table.length)
    assert list(per[5]) == [-1.0, -1.0, 0.0, 0.0]  # the 5 is off the table
    assert per[11, 3] == 1.0 and per[3, 3] == 0.0  # stripes are on for the learner
    assert _field(obs, n, "group_stripes") == 1.0 and _field(obs, n, "group_solids") == 0.0
    assert _field(obs, n, "in_hand_anywhere") == 1.0
    assert _field(obs, n, "phase_groups_assigned") == 1.0
    assert _field(obs, n, "fouls_in_a_row_learner") == pytest.approx(1 / 3)
    assert _field(obs, n, "learner_to_act") == 1.0
    phases = [f for f in PHASE_FIELDS if f.startswith("phase_")]
    assert sum(_field(obs, n, f) for f in phases) == 1.0


def test_an_action_becomes_the_documented_strike_and_placement() -> None:
    game = rules.new_game("nine-ball", players=PLAYERS, seed=1)
    decoded = decode(np.array([1.0, 0.5, -1.0, 1.0, 1.0, -1.0, -1.0]), game, calls=False)
    s = decoded.strike
    assert s.speed == pytest.approx(MAX_SPEED) and s.phi == pytest.approx(90.0)
    assert s.theta == 0.0 and math.hypot(s.a, s.b) == pytest.approx(MAX_TIP)
    assert s.a == pytest.approx(s.b)
    low = decode(np.array([-1.0, -1.0, 1.0, 0.0, 0.0, 1.0, 1.0]), game, calls=False)
    assert low.strike.speed == pytest.approx(MIN_SPEED) and low.strike.phi == -180.0
    # behind the head string, the far corner of its box: legal, so taken as asked
    assert decoded.place is not None and game.placement_problem(decoded.place) is None
    assert decoded.place[1] < game.table.head_string_y
    assert low.place is not None and game.placement_problem(low.place) is None


def test_a_place_on_a_ball_moves_to_the_nearest_legal_place() -> None:
    cls = rules.game_class("nine-ball")
    game = cls.in_position({"1": (0.635, 1.27), "9": (0.3, 2.0)}, players=PLAYERS,
                           ball_in_hand="anywhere")  # fmt: skip
    assert game.ball_in_hand is BallInHand.ANYWHERE
    action = np.array([-0.9, 0, -1, 0, 0, 0, 0.0], dtype=np.float32)
    decoded = decode(action, game, calls=False)
    assert decoded.place == pytest.approx((0.635, 1.27))  # the centre of the cloth: on the 1
    assert game.placement_problem(decoded.place) is not None
    env = CueEnv("nine-ball", opponent="random")
    env.reset(seed=0, options={"game": game})
    _, _, _, _, info = env.step(action)
    placed = info["placed_at"]
    assert game.placement_problem(placed) is None
    assert placed == nearest_legal_place(game, decoded.place)
    assert math.dist(placed, (0.635, 1.27)) < 0.12


def test_8_ball_calls_the_ball_and_the_pocket_on_the_shots_line() -> None:
    cls = rules.game_class("eight-ball")
    game = cls.in_position({"cue": (0.83, 2.067), "3": (1.0, 2.25), "8": (0.3, 1.0)},
                           players=PLAYERS)  # fmt: skip
    phi = math.degrees(math.atan2(2.25 - 2.067, 1.0 - 0.83))
    hit = first_ball_on_line(game, (0.83, 2.067), phi)
    assert hit is not None and hit[0] == 3
    declaration = default_declaration(game, (0.83, 2.067), phi)
    corner = min(game.table.pockets, key=lambda k: math.dist((k.x, k.y), (1.27, 2.54))).name
    assert declaration.called_ball == 3 and declaration.called_pocket == corner
    game.validate_declaration(declaration)
    away = default_declaration(game, (0.83, 2.067), phi + 180.0)
    assert away.called_ball == 3  # nothing on the line: the callable ball nearest it


def test_the_outcome_reward_is_plus_one_when_the_learner_wins_the_rack() -> None:
    cls = rules.game_class("nine-ball")
    game = cls.in_position({"cue": (0.83, 2.067), "9": (1.0, 2.25)}, players=PLAYERS)
    env = CueEnv("nine-ball", opponent="random")
    env.reset(seed=0, options={"game": game})
    phi = math.degrees(math.atan2(2.25 - 2.067, 1.0 - 0.83))
    action = np.array([(2.0 - MIN_SPEED) / (MAX_SPEED - MIN_SPEED) * 2 - 1, phi / 180.0,
                       -1.0, 0.0, 0.0, 0.0, 0.0], dtype=np.float32)  # fmt: skip
    obs, reward, terminated, truncated, info = env.step(action)
    assert terminated and not truncated and reward == 1.0 and info["pocketed"] == ("9",)
    assert _field(obs, 10, "learner_to_act") == 0.0
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(action)


def test_the_pots_reward_is_minus_one_for_a_foul() -> None:
    cls = rules.game_class("nine-ball")
    game = cls.in_position({"cue": (0.83, 2.067), "1": (1.0, 2.25), "9": (0.3, 0.5)},
                           players=PLAYERS)  # fmt: skip
    env = CueEnv("nine-ball", opponent="random", reward="pots")
    env.reset(seed=0, options={"game": game})
    away = np.array([-0.5, -0.75, -1.0, 0.0, 0.0, 0.0, 0.0], dtype=np.float32)
    _, reward, _, _, info = env.step(away)
    assert reward == -1.0 and info["fouls"]


def test_snookers_points_reward_adds_up_to_the_frames_margin() -> None:
    env = CueEnv("snooker", opponent="random", reward="points", breaker="learner")
    env.reset(seed=4)
    total, rng = 0.0, np.random.default_rng(4)
    start = env.game
    assert start is not None and start.score == (0, 0)
    for _ in range(30):
        _, reward, terminated, _, _ = env.step(rng.uniform(-1, 1, 7).astype(np.float32))
        total += float(reward)
        if terminated:
            break
    assert env.game is not None
    assert total == float(env.game.score[0] - env.game.score[1])


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_vector_environments_step_every_copy(mode: str) -> None:
    vec = gymnasium.make_vec("cuesim/NineBall-v0", num_envs=2, vectorization_mode=mode,
                             opponent="random")  # fmt: skip
    obs, _ = vec.reset(seed=5)
    assert obs.shape == (2, 4 * 10 + len(PHASE_FIELDS))
    first = obs.copy()
    for _ in range(4):
        obs, rewards, _, _, _ = vec.step(vec.action_space.sample())
    assert rewards.shape == (2,) and obs.dtype == np.float32
    assert not np.array_equal(first[0], first[1])  # each copy its own rack
    vec.close()


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"opponent": "legend"}, "opponent 'legend' is unknown"),
        ({"reward": "points"}, "reward 'points' is refused for 9-ball"),
        ({"calls": "always"}, "calls 'always' is unknown"),
        ({"breaker": "both"}, "breaker 'both' is unknown"),
        ({"options": {"rack_style": "round"}}, "rack_style 'round' is unknown"),
    ],
)
def test_a_bad_argument_is_refused_saying_what_is_allowed(kwargs: dict, words: str) -> None:
    with pytest.raises(InvalidOptionError) as caught:
        CueEnv("nine-ball", **kwargs)
    assert words in str(caught.value) and "\n" not in str(caught.value)


def test_the_cross_entropy_example_improves_on_random_play(capsys: pytest.CaptureFixture) -> None:
    example = runpy.run_path(str(ROOT / "examples" / "rl" / "cem_one_position.py"))
    env = example["make_env"]()
    baseline = example["random_baseline"](env, 32, 1)
    mean, history = example["cross_entropy"](env, iterations=8, samples=32, seed=1)
    assert float(np.mean(history[-3:])) > baseline + 0.5, (baseline, history)
    assert example["play"](env, mean, 1) >= 0.0
