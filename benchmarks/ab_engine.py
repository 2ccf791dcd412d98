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

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

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


def _default_cpu() -> int:
    """The last CPU this process may run on; -1 where the platform cannot pin a process."""
    if not hasattr(os, "sched_getaffinity"):
        return -1
    return max(os.sched_getaffinity(0))


def _start(tree: Path, cpu: int) -> subprocess.Popen[str]:
    proc = subprocess.Popen(
        [sys.executable, "-c", _WORKER, str(tree.resolve()), ",".join(SHOTS), str(cpu)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=tree,
    )
    assert proc.stdout is not None
    ready = json.loads(proc.stdout.readline())
    print(f"{tree}: sim from {ready['ready']}")
    return proc


def _ask(proc: subprocess.Popen[str], reps: int) -> dict[str, float]:
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(f"{reps}\n")
    proc.stdin.flush()
    return dict(json.loads(proc.stdout.readline()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("a", type=Path, help="the reference tree (before)")
    parser.add_argument("b", type=Path, help="the tree compared with it (after)")
    parser.add_argument("--rounds", type=int, default=15, help="interleaved rounds (>= 1)")
    parser.add_argument("--reps", type=int, default=5, help="runs per shot per round (>= 1)")
    parser.add_argument(
        "--cpu", type=int, default=_default_cpu(),
        help="the CPU both workers run on (default: the last one allowed; -1: not pinned)",
    )  # fmt: skip
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.reps < 1:
        parser.error(f"--rounds and --reps must be >= 1, got {args.rounds} and {args.reps}")
    allowed = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else set()
    if args.cpu >= 0 and args.cpu not in allowed:
        parser.error(
            f"--cpu must be one of the CPUs allowed here {sorted(allowed)} or -1, got {args.cpu}"
        )
    workers = [_start(args.a, args.cpu), _start(args.b, args.cpu)]
    times: list[dict[str, list[float]]] = [{s: [] for s in SHOTS} for _ in workers]
    try:
        for r in range(args.rounds):
            order = (0, 1) if r % 2 == 0 else (1, 0)
            for w in order:
                for name, t in _ask(workers[w], args.reps).items():
                    times[w][name].append(t)
    finally:
        for proc in workers:
            assert proc.stdin is not None
            proc.stdin.close()
            proc.wait()
    print(f"\n{'break':<20}{'A ms':>10}{'B ms':>10}{'B/A':>8}   (median of {args.rounds} rounds,")
    print(f"{'':<20}{'':>28}    best of {args.reps} runs each)")
    for name in SHOTS:
        a = statistics.median(times[0][name]) * 1e3
        b = statistics.median(times[1][name]) * 1e3
        print(f"{name:<20}{a:>10.3f}{b:>10.3f}{b / a:>8.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
