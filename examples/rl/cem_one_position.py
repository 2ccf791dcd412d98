"""The cross-entropy method on one fixed 9-ball position: learn a shot that pots the 1.

No deep-learning library: a Gaussian over the environment's action (speed, direction,
elevation, tip offsets) is sampled, the best samples by reward refit it, and again. Each sample
is one episode of one shot from the same position (``reset(options={"game": ...})``), rewarded
with ``reward="pots"``: +1 for the 1 pocketed without a foul, -1 for a foul, 0 otherwise.

    .venv/bin/python examples/rl/cem_one_position.py                # the default budget
    .venv/bin/python examples/rl/cem_one_position.py --iterations 4 --samples 16

It prints the mean reward of random actions beside the mean reward of each iteration's samples
and of the final mean action played again.
"""

from __future__ import annotations

import argparse

import gymnasium
import numpy as np

import agents.rl
import rules

gymnasium.register_envs(agents.rl)

#: The position: the 1 fifteen centimetres from the cue ball, on the line to the top-right
#: corner pocket; the 9 out of the way.
POSITION = {"cue": (0.898, 2.140), "1": (1.0, 2.25), "9": (0.4, 1.0)}


def position() -> rules.Game:
    """The fixed position, the learner (player 0) to play the 1."""
    cls = rules.game_class("nine-ball")
    return cls.in_position(POSITION, players=("learner", "computer"), to_play=0)


def make_env() -> gymnasium.Env:
    """One-shot episodes against the random opponent, rewarded by pots."""
    return gymnasium.make(
        "cuesim/NineBall-v0", opponent="random", reward="pots", max_episode_steps=1
    )


def play(env: gymnasium.Env, action: np.ndarray, seed: int) -> float:
    """The reward of ``action`` played from the position."""
    env.reset(seed=seed, options={"game": position()})
    _, reward, *_ = env.step(action.astype(np.float32))
    return float(reward)


def random_baseline(env: gymnasium.Env, samples: int, seed: int) -> float:
    """The mean reward of ``samples`` uniformly random actions."""
    rng = np.random.default_rng(seed)
    size = env.action_space.shape[0]
    return float(np.mean([play(env, rng.uniform(-1, 1, size), seed) for _ in range(samples)]))


def cross_entropy(
    env: gymnasium.Env, iterations: int, samples: int, elite: float = 0.15, seed: int = 0
) -> tuple[np.ndarray, list[float]]:
    """The fitted mean action and each iteration's mean sample reward: each iteration draws
    ``samples`` actions from the Gaussian and refits it to the best ``elite`` share of them
    that did better than the worst."""
    rng = np.random.default_rng(seed)
    size = env.action_space.shape[0]
    mean, std = np.zeros(size), np.full(size, 0.6)
    history = []
    keep = max(2, round(elite * samples))
    for _ in range(iterations):
        actions = np.clip(mean + std * rng.standard_normal((samples, size)), -1.0, 1.0)
        rewards = np.array([play(env, a, seed) for a in actions])
        history.append(float(rewards.mean()))
        order = np.argsort(-rewards, kind="stable")[:keep]
        # only samples better than the batch's worst teach anything: a batch of equal
        # rewards (every shot a foul) leaves the distribution as it was, still exploring
        order = order[rewards[order] > rewards.min()]
        if order.size:
            best = actions[order]
            mean, std = best.mean(axis=0), best.std(axis=0) + 0.03
    return mean, history


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=10)
    parser.add_argument("--samples", type=int, default=32)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    env = make_env()
    baseline = random_baseline(env, args.samples, args.seed)
    mean, history = cross_entropy(env, args.iterations, args.samples, seed=args.seed)
    final = play(env, mean, args.seed)
    print(f"random actions: mean reward {baseline:+.2f}")
    for i, value in enumerate(history, 1):
        print(f"iteration {i:2d}: mean reward of the samples {value:+.2f}")
    print(f"the fitted mean action played: reward {final:+.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
