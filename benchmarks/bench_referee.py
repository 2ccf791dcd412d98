"""Benchmark of the referee: how long ``Game.judge`` takes, next to the engine, per game.

Usage::

    .venv/bin/python benchmarks/bench_referee.py                 # 10,000 noisy breaks a game
    .venv/bin/python benchmarks/bench_referee.py --breaks 500 --json out.json

Two sets of shots per game (9-ball, 8-ball, snooker):

1. the shipped examples (``examples/<game>/*.toml|json``): each scenario is prepared by the lab
   (``lab.runner.prepare``), simulated and judged ``--repeats`` times each (the best of the
   repeats is the shot's time, so one shot is not charged for a scheduler hiccup);
2. ``--breaks`` noisy breaks: the game's own break (``benchmarks.shots.break_scenarios``)
   played with the lab's execution noise (``agents.noise.noisy_strike``, default ``NoiseModel``,
   seed ``--seed``, shot ``i`` from ``SeedSequence(seed, spawn_key=(i,))``), each simulated and
   judged once; the ``--recheck`` slowest judgings and engine runs, and every one over twice
   the median, are then timed again ``--repeats`` times and keep their best, so that a worst
   case is the shot's own cost and not a pause of the machine (the figures of a shared machine
   jump by tens of ms now and then).

For every set it prints the median and the worst judging time and the median and worst engine
time (``sim.simulate`` of the same shots), in milliseconds, and the median and the worst ratio
judge / engine of a single shot (each shot's judging over its own engine time). Timing goals
live here, never in the test suite. The issue's goal: judging
any shot costs well under the engine's time for that shot.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import rules  # noqa: E402
import sim  # noqa: E402
from agents.noise import NoiseModel, StrikeValues, noisy_strike  # noqa: E402
from benchmarks.shots import break_scenarios  # noqa: E402
from lab.runner import prepare  # noqa: E402
from lab.scenario import load_scenario  # noqa: E402

#: The games benchmarked: (game kind, examples folder, benchmark break scenario name).
GAMES = tuple((k.value, k.value, f"{k.name.lower()}_break") for k in rules.GameKind)


@dataclass(frozen=True)
class Timings:
    """Judging and engine times of one set of shots, milliseconds."""

    game: str
    shots: str
    count: int
    judge_median_ms: float
    judge_worst_ms: float
    engine_median_ms: float
    engine_worst_ms: float
    median_ratio: float
    worst_ratio: float


def _timed(fn: Any, *args: Any) -> tuple[Any, float]:
    start = time.perf_counter()
    value = fn(*args)
    return value, (time.perf_counter() - start) * 1e3


def _summary(game: str, shots: str, judge: list[float], engine: list[float]) -> Timings:
    j = np.asarray(judge)
    e = np.asarray(engine)
    return Timings(
        game=game,
        shots=shots,
        count=len(j),
        judge_median_ms=float(np.median(j)),
        judge_worst_ms=float(j.max()),
        engine_median_ms=float(np.median(e)),
        engine_worst_ms=float(e.max()),
        median_ratio=float(np.median(j / e)),
        worst_ratio=float(np.max(j / e)),
    )


def time_examples(kind: str, folder: str, repeats: int) -> Timings:
    """Judging and engine time of every shipped example of ``folder``."""
    paths = sorted(
        p for p in (ROOT / "examples" / folder).iterdir() if p.suffix in (".toml", ".json")
    )
    judge: list[float] = []
    engine: list[float] = []
    for path in paths:
        prepared = prepare(load_scenario(path))
        s = prepared.intended
        strike = sim.Strike(s.speed, s.phi, s.theta, s.a, s.b)
        t_engine = _timed(sim.simulate, prepared.table, prepared.state, strike)[1]
        for _ in range(repeats - 1):
            t_engine = min(
                t_engine, _timed(sim.simulate, prepared.table, prepared.state, strike)[1]
            )
        # each repeat judges a result fresh from the engine (the same shot, simulated again):
        # the referee keeps the facts of the last result it read
        # (rules.facts.ShotFacts.from_result), and a result's snapshots keep the views read
        # from them, so a copy of a judged result would be cheaper to judge than a new one
        best = min(
            _timed(prepared.game.judge, sim.simulate(*shot), prepared.declaration)[1]
            for shot in [(prepared.table, prepared.state, strike)] * repeats
        )
        judge.append(best)
        engine.append(t_engine)
    return _summary(kind, f"examples ({len(paths)})", judge, engine)


def time_noisy_breaks(
    kind: str, scenario_name: str, breaks: int, seed: int, repeats: int, recheck: int
) -> Timings:
    """Judging and engine time of ``breaks`` noisy executions of the game's break."""
    scenario = next(s for s in break_scenarios() if s.name == scenario_name)
    game = rules.new_game(kind, seed=seed, table=scenario.table)
    intended = StrikeValues(
        speed=scenario.strike["speed"],
        phi=scenario.strike["phi"],
        theta=scenario.strike.get("theta", 0.0),
        a=scenario.strike.get("a", 0.0),
        b=scenario.strike.get("b", 0.0),
    )
    noise = NoiseModel()
    judge: list[float] = []
    engine: list[float] = []
    strikes: list[sim.Strike] = []
    for i in range(breaks):
        v = noisy_strike(intended, noise, seed, i)
        strike = sim.Strike(v.speed, v.phi, v.theta, v.a, v.b)
        result, t_engine = _timed(sim.simulate, scenario.table, scenario.state, strike)
        _, t_judge = _timed(game.judge, result)
        judge.append(t_judge)
        engine.append(t_engine)
        strikes.append(strike)
    slowest = set(np.argsort(judge)[len(judge) - recheck :])
    slowest |= set(np.argsort(engine)[len(engine) - recheck :])
    # and every shot slower than twice its set's median: a pause of the machine hits many
    slowest |= set(np.flatnonzero(np.asarray(judge) > 2.0 * float(np.median(judge))))
    slowest |= set(np.flatnonzero(np.asarray(engine) > 2.0 * float(np.median(engine))))
    for i in sorted(int(k) for k in slowest):
        for _ in range(repeats):
            result, t_engine = _timed(sim.simulate, scenario.table, scenario.state, strikes[i])
            engine[i] = min(engine[i], t_engine)
            judge[i] = min(judge[i], _timed(game.judge, result)[1])
    return _summary(kind, f"noisy breaks ({breaks})", judge, engine)


def format_table(rows: list[Timings]) -> str:
    """The timings as a Markdown table."""
    lines = [
        "| game | shots | judge median ms | judge worst ms | engine median ms | "
        "engine worst ms | judge/engine median | judge/engine worst |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r.game} | {r.shots} | {r.judge_median_ms:.3f} | {r.judge_worst_ms:.3f} | "
            f"{r.engine_median_ms:.3f} | {r.engine_worst_ms:.3f} | {r.median_ratio:.3f} | "
            f"{r.worst_ratio:.3f} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--breaks", type=int, default=10_000, help="noisy breaks per game")
    parser.add_argument("--repeats", type=int, default=5, help="judgings per example shot")
    parser.add_argument("--seed", type=int, default=2024, help="noise seed of the breaks")
    parser.add_argument(
        "--recheck", type=int, default=20, help="slowest breaks timed again (best of repeats)"
    )
    parser.add_argument("--json", type=Path, help="also write the rows as JSON here")
    args = parser.parse_args(argv)
    if args.breaks < 1 or args.repeats < 1 or args.recheck < 0:
        parser.error("--breaks and --repeats must be at least 1, --recheck at least 0")
    sim.warmup()  # compile or load the kernels before anything is timed
    rows: list[Timings] = []
    for kind, folder, scenario_name in GAMES:
        rows.append(time_examples(kind, folder, args.repeats))
        rows.append(
            time_noisy_breaks(
                kind, scenario_name, args.breaks, args.seed, args.repeats, args.recheck
            )
        )
        print(format_table(rows[-2:]).splitlines()[-2], flush=True)
        print(format_table(rows[-2:]).splitlines()[-1], flush=True)
    print()
    print(f"python {platform.python_version()}, {platform.machine()}, numpy {np.__version__}")
    print(format_table(rows))
    if args.json is not None:
        args.json.write_text(json.dumps([asdict(r) for r in rows], indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
