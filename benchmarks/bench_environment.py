"""Benchmark of the Gymnasium environments: the learner's steps per second with random actions.

Usage::

    python benchmarks/bench_environment.py                       # 9-ball, 5,000 steps
    python benchmarks/bench_environment.py --game snooker --steps 2000 --opponent amateur

One step is one shot of the learner: the action read, the declaration filled in, the shot
simulated and judged (``agents.rl.env.CueEnv.step``). The other side's moves between two of the
learner's shots are timed by the environment itself (``CueEnv.other_seconds``) and left out:
the figure is the environment's own cost per learner step, the opponent's thinking excluded.
Resets are not timed. A warm-up episode (the engine compiled or loaded) comes first.

Target: at least 2,000 steps per second, 9-ball, random actions, one core. Timing goals live
here, never in the test suite.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import rules  # noqa: E402 (after the path above)

GAMES = tuple(kind.value for kind in rules.GameKind)
NINE_BALL = rules.GameKind.NINE_BALL.value

#: Target: learner steps per second, 9-ball, random actions, the other side's moves excluded.
TARGET_STEPS_PER_S = 2000.0


def measure(game: str, opponent: str, steps: int, seed: int) -> dict[str, float]:
    """Time ``steps`` learner steps of random actions; the figures as a dict."""
    import numpy as np

    from agents.rl import CueEnv

    env = CueEnv(game, opponent=opponent)
    rng = np.random.default_rng(seed)
    size = env.action_space.shape[0]  # type: ignore[index]
    env.reset(seed=seed)
    for _ in range(20):  # warm-up
        if env.step(rng.uniform(-1, 1, size).astype(np.float32))[2]:
            env.reset()
    env.reset(seed=seed + 1)
    timed, other, episodes = 0.0, 0.0, 0
    for _ in range(steps):
        action = rng.uniform(-1, 1, size).astype(np.float32)
        before = env.other_seconds
        began = time.perf_counter()
        _, _, terminated, _, _ = env.step(action)
        timed += time.perf_counter() - began
        other += env.other_seconds - before
        if terminated:
            episodes += 1
            env.reset()
    own = timed - other
    return {
        "steps": steps,
        "episodes": episodes,
        "step_s": timed,
        "other_side_s": other,
        "learner_s": own,
        "steps_per_s": steps / own,
        "mean_step_ms": 1000.0 * own / steps,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=NINE_BALL, choices=GAMES)
    parser.add_argument("--opponent", default="random", help="random or a computer level")
    parser.add_argument("--steps", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", type=Path, help="write the figures as JSON")
    args = parser.parse_args(argv)
    figures = measure(args.game, args.opponent, args.steps, args.seed)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{args.game}, random actions against opponent={args.opponent}, "
          f"{platform.machine()}, load average {load:.2f}")  # fmt: skip
    print(f"{figures['steps']} learner steps ({figures['episodes']} episodes): "
          f"{figures['steps_per_s']:,.0f} steps/s ({figures['mean_step_ms']:.3f} ms a step; "
          f"the other side's moves, {figures['other_side_s']:.2f} s, excluded)")  # fmt: skip
    if args.game == NINE_BALL:
        ok = figures["steps_per_s"] >= TARGET_STEPS_PER_S
        print(f"target >= {TARGET_STEPS_PER_S:,.0f} steps/s: {'met' if ok else 'NOT met'}")
    if args.json is not None:
        from rules.files import write_atomic

        write_atomic(args.json, json.dumps({"game": args.game, **figures}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
