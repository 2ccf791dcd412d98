"""The engine's first compile and warm start of two source trees side by side, alternated.

Usage::

    git worktree add --detach /tmp/before <commit>
    .venv/bin/python benchmarks/ab_compile.py /tmp/before . --rounds 2

Each round runs, for each tree in turn (the tree first on ``sys.path``, so its own ``sim`` is
imported; rounds alternate which tree goes first), fresh processes:

- ``first shot``: import + the first shot of ``benchmarks.engine``'s first-compile row, with an
  empty ``NUMBA_CACHE_DIR`` (every kernel compiles in the process: a script's first shot);
- ``warmup``: import + ``sim.warmup()`` with another empty cache (every entry point compiled);
- ``first play``, ``first cuesim shot``: the first-ever ``cuesim play`` to a playable table and
  ``cuesim shot`` of a 9-ball break to its exit, each with an empty cache, and ``engine
  (play)`` / ``engine (shot)``: from their launch to the compiled engine ready (built in the
  background; a tree that compiles in the command's process has it when the command answers:
  :mod:`benchmarks.first_run`);
- ``warm start``: import + the first shot again, with the cache the first run filled: ``--warm``
  times per tree, the two trees alternated (the warm start is a fraction of a second and the
  host's noise is as large: ``--rounds 1 --warm 12`` compares it alone in about four minutes).

It prints every sample, then per measurement each tree's median and the ratio B / A. Both
workers run on one CPU (``--cpu``, as ``ab_engine.py``): a cold compile is single-threaded and
the other core stays free for the rest of the machine (the first commands run unpinned: the
window or the command beside its background build, as a player's machine runs them). A round
takes about eight minutes on the
2-core machine.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.ab_workers import parse_arguments  # noqa: E402
from benchmarks.first_run import first_play, first_shot_command  # noqa: E402
from benchmarks.fresh_process import FIRST_SHOT_CODE, WARMUP_CODE, run_child  # noqa: E402

MEASUREMENTS = (
    "first shot", "warmup", "first play", "engine (play)", "first cuesim shot", "engine (shot)",
    "warm start",
)  # fmt: skip


def _compiles(tree: Path, cache: str, cpu: int) -> dict[str, float]:
    """The first shot (filling ``cache``), the warm-up and the first commands (each with a cache
    of its own, emptied after) of one tree, each in its own fresh process."""
    cold = run_child(FIRST_SHOT_CODE, cache, 900.0, tree, cpu)[0]
    with tempfile.TemporaryDirectory(prefix="cuesim-ab-") as other:
        warmup = run_child(WARMUP_CODE, other, 900.0, tree, cpu)[0]
    play, shot = first_play(tree), first_shot_command(tree)
    return {
        "first shot": cold, "warmup": warmup, "first play": play.answer_s,
        "engine (play)": play.engine_ready_s, "first cuesim shot": shot.answer_s,
        "engine (shot)": shot.engine_ready_s,
    }  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    args = parse_arguments(
        "First compile and warm start of two source trees side by side, alternated.",
        argv,
        {
            "rounds": (2, "alternated rounds"),
            "warm": (1, "warm starts per tree and round, the trees alternated"),
        },
    )
    trees = {"A": args.a.resolve(), "B": args.b.resolve()}
    for name, tree in trees.items():
        if not (tree / "sim" / "__init__.py").is_file():
            print(
                f"{name} tree {tree} has no sim/__init__.py: give the root of a cuesim checkout",
                file=sys.stderr,
            )
            return 2
    samples: dict[str, dict[str, list[float]]] = {n: {m: [] for m in MEASUREMENTS} for n in trees}
    for r in range(args.rounds):
        order = ["A", "B"] if r % 2 == 0 else ["B", "A"]
        with (
            tempfile.TemporaryDirectory(prefix="cuesim-ab-") as cache_a,
            tempfile.TemporaryDirectory(prefix="cuesim-ab-") as cache_b,
        ):
            caches = {"A": cache_a, "B": cache_b}
            for name in order:
                got = _compiles(trees[name], caches[name], args.cpu)
                for m, value in got.items():
                    samples[name][m].append(value)
                shown = ", ".join(f"{m} {value:.2f} s" for m, value in got.items())
                print(f"round {r + 1} {name}: {shown}", flush=True)
            for k in range(args.warm):
                for name in order if k % 2 == 0 else order[::-1]:
                    warm = run_child(FIRST_SHOT_CODE, caches[name], 900.0, trees[name], args.cpu)
                    samples[name]["warm start"].append(warm[0])
            for name in order:
                shown = " ".join(f"{v:.3f}" for v in samples[name]["warm start"][-args.warm :])
                print(f"round {r + 1} {name}: warm start {shown} s", flush=True)
    print(f"\n{'measurement':<18}{'A s':>9}{'B s':>9}{'B/A':>8}   (medians of every sample)")
    for m in MEASUREMENTS:
        a, b = (statistics.median(samples[n][m]) for n in ("A", "B"))
        print(f"{m:<18}{a:9.3f}{b:9.3f}{b / a:8.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
