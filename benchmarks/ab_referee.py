"""Judging time of two source trees side by side: fresh process pairs, sets alternated (A/B).

Usage::

    git worktree add --detach /tmp/before <commit>
    .venv/bin/python benchmarks/ab_referee.py /tmp/before . --pairs 10 --rounds 3

Each pair is two fresh worker processes, one per tree (``python -c`` with the tree first on
``sys.path``, so its own ``sim``, ``rules`` and ``lab`` are imported), pinned to one and the same
CPU (``--cpu``, as ``benchmarks/ab_engine.py``). A worker builds five sets of shots: the shipped
examples of each game (``examples/<game>/``, prepared by ``lab.runner.prepare``) and noisy
9-ball and snooker breaks (``benchmarks.shots.break_scenarios`` with ``agents.noise``'s default
noise). On each request it plays one set in order, every shot simulated then judged at once (the
way a study runs: the judging right after its own simulation), and answers with the judging
time of each shot. The driver asks both workers for each set in turn, which one first
alternating, ``--rounds`` times, and keeps each shot's best time.

Why pairs: two processes of the same tree differ by up to a fifth in judging time for as long
as they live (memory layout; the referee runs in the interpreter's caches the engine has just
left), so one pair proves little. The table gives, per set, the mean over pairs of each tree's
median judging time (us) and the geometric mean of the pairs' ratios B / A, with every ratio.
"""

from __future__ import annotations

import json
import math
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.ab_workers import ask, close, parse_arguments, start  # noqa: E402
from rules.types import GameKind  # noqa: E402

#: The sets of shots: (name, game, what) with what = "examples" or a number of noisy breaks.
SETS = (
    ("snooker examples", GameKind.SNOOKER, "examples"),
    ("9-ball examples", GameKind.NINE_BALL, "examples"),
    ("8-ball examples", GameKind.EIGHT_BALL, "examples"),
    ("9-ball breaks", GameKind.NINE_BALL, "100"),
    ("snooker breaks", GameKind.SNOOKER, "40"),
)

_WORKER = r"""
import json, os, sys, time
if int(sys.argv[3]) >= 0:
    os.sched_setaffinity(0, {int(sys.argv[3])})
root = sys.argv[1]
sys.path.insert(0, root)
import rules, sim
from benchmarks.shots import break_scenarios
from agents.noise import NoiseModel, StrikeValues, noisy_strike
from lab.runner import prepare
from lab.scenario import load_scenario
from pathlib import Path

def examples(game):
    shots = []
    for path in sorted((Path(root) / "examples" / game).iterdir()):
        if path.suffix in (".toml", ".json"):
            p = prepare(load_scenario(path))
            s = p.intended
            strike = sim.Strike(s.speed, s.phi, s.theta, s.a, s.b)
            shots.append((p.game, p.table, p.state, strike, p.declaration))
    return shots

def breaks(game, count):
    kind = rules.GameKind(game)
    scenario = next(s for s in break_scenarios() if s.name == f"{kind.name.lower()}_break")
    judge = rules.new_game(game, seed=1, table=scenario.table)
    fields = ("speed", "phi", "theta", "a", "b")
    aim = StrikeValues(**{k: scenario.strike.get(k, 0.0) for k in fields})
    shots = []
    for i in range(count):
        v = noisy_strike(aim, NoiseModel(), 7, i)
        strike = sim.Strike(v.speed, v.phi, v.theta, v.a, v.b)
        shots.append((judge, scenario.table, scenario.state, strike, None))
    return shots

sim.warmup()
sets = {}
for name, game, what in json.loads(sys.argv[2]):
    sets[name] = examples(game) if what == "examples" else breaks(game, int(what))
print(json.dumps({"ready": rules.__file__}), flush=True)
clock = time.perf_counter_ns
for line in sys.stdin:
    times = []
    for game, table, state, strike, declaration in sets[line.strip()]:
        result = sim.simulate(table, state, strike)
        start = clock()
        game.judge(result, declaration)
        times.append(clock() - start)
    print(json.dumps(times), flush=True)
"""


def one_pair(a: Path, b: Path, rounds: int, cpu: int) -> dict[str, tuple[float, float]]:
    """Per set, (A's, B's) median of the shots' best judging times, us, for one fresh pair."""
    workers = [start(_WORKER, tree, json.dumps(SETS), str(cpu))[0] for tree in (a, b)]
    best: list[dict[str, list[int]]] = [{}, {}]
    try:
        for r in range(rounds):
            for name, _, _ in SETS:
                for w in (0, 1) if r % 2 == 0 else (1, 0):
                    got: list[int] = ask(workers[w], name)
                    kept = best[w].get(name, got)
                    best[w][name] = [min(x, y) for x, y in zip(kept, got, strict=True)]
    finally:
        close(workers)
    return {
        name: (statistics.median(best[0][name]) / 1e3, statistics.median(best[1][name]) / 1e3)
        for name, _, _ in SETS
    }


def main(argv: list[str] | None = None) -> int:
    counts = {"pairs": (10, "fresh process pairs"), "rounds": (3, "rounds per pair")}
    args = parse_arguments(__doc__.split("\n")[0], argv, counts)
    pairs = [one_pair(args.a, args.b, args.rounds, args.cpu) for _ in range(args.pairs)]
    print(f"{'set':<18}{'A us':>9}{'B us':>9}{'B/A':>7}   ratios of the {args.pairs} pairs")
    for name, _, _ in SETS:
        a = statistics.mean(p[name][0] for p in pairs)
        b = statistics.mean(p[name][1] for p in pairs)
        ratios = [p[name][1] / p[name][0] for p in pairs]
        geo = math.exp(statistics.mean(math.log(r) for r in ratios))
        listed = " ".join(f"{r:.2f}" for r in ratios)
        print(f"{name:<18}{a:>9.1f}{b:>9.1f}{geo:>7.3f}   {listed}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
