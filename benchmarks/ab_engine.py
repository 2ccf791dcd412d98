"""Engine speed of two source trees side by side, interleaved and repeated (A/B timing).

Usage::

    git worktree add --detach /tmp/before <commit>
    .venv/bin/python benchmarks/ab_engine.py /tmp/before . --rounds 15 --reps 5

Each tree gets one worker process (``python -c`` with the tree first on ``sys.path``, so its
own ``sim`` is imported), which compiles the kernels once and then, on each request, times
``reps`` runs of each flat break of ``tests/sim/engine_shots.py`` (the 9-ball, 8-ball and
snooker breaks) and answers with the best time of each. Rounds alternate which tree goes first;
the table gives, per break, the median over rounds of each tree's best-of-``reps`` time, ms,
and the ratio B / A. Both trees must be able to import ``numpy`` and ``numba`` from this
interpreter.

Both workers run on one and the same CPU (``--cpu``, default the last one this process may use;
Linux): they never run at once, and on the shared 2-core machine two workers left to the
scheduler each kept to a core of its own, and the one started second ran about 20 % faster
whichever tree it held (9-ball 0.82 one way round, 0.78 the other; pinned, 0.90-1.03).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.ab_workers import ask, close, parse_arguments, start  # noqa: E402

SHOTS = ("nine_ball_break", "eight_ball_break", "snooker_break_off")

_WORKER = r"""
import json, os, sys, time
if int(sys.argv[3]) >= 0:
    os.sched_setaffinity(0, {int(sys.argv[3])})
sys.path.insert(0, sys.argv[1]); sys.path.insert(1, sys.argv[1] + "/tests/sim")
import sim, engine_shots
shots = {name: getattr(engine_shots, name)() for name in sys.argv[2].split(",")}
for table, state, strike in shots.values():
    sim.simulate(table, state, strike)
print(json.dumps({"ready": sim.__file__}), flush=True)
for line in sys.stdin:
    reps = int(line)
    out = {}
    for name, (table, state, strike) in shots.items():
        best = float("inf")
        for _ in range(reps):
            t0 = time.perf_counter()
            sim.simulate(table, state, strike)
            best = min(best, time.perf_counter() - t0)
        out[name] = best
    print(json.dumps(out), flush=True)
"""


def _start(tree: Path, cpu: int) -> subprocess.Popen[str]:
    proc, ready = start(_WORKER, tree, ",".join(SHOTS), str(cpu))
    print(f"{tree}: sim from {ready['ready']}")
    return proc


def main(argv: list[str] | None = None) -> int:
    counts = {"rounds": (15, "interleaved rounds"), "reps": (5, "runs per shot per round")}
    args = parse_arguments(__doc__.split("\n")[0], argv, counts)
    workers = [_start(args.a, args.cpu), _start(args.b, args.cpu)]
    times: list[dict[str, list[float]]] = [{s: [] for s in SHOTS} for _ in workers]
    try:
        for r in range(args.rounds):
            order = (0, 1) if r % 2 == 0 else (1, 0)
            for w in order:
                for name, t in ask(workers[w], str(args.reps)).items():
                    times[w][name].append(t)
    finally:
        close(workers)
    print(f"\n{'break':<20}{'A ms':>10}{'B ms':>10}{'B/A':>8}   (median of {args.rounds} rounds,")
    print(f"{'':<20}{'':>28}    best of {args.reps} runs each)")
    for name in SHOTS:
        a = statistics.median(times[0][name]) * 1e3
        b = statistics.median(times[1][name]) * 1e3
        print(f"{name:<20}{a:>10.3f}{b:>10.3f}{b / a:>8.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
