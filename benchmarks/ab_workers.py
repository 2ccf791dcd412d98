"""What the side-by-side benchmarks share (``ab_engine.py``, ``ab_referee.py``): the two trees
and the CPU on the command line, and worker processes that each import one tree's code and
answer one JSON line per request.

Both workers of a comparison run on one and the same CPU (default: the last one this process
may use; Linux): they never run at once, and on the shared 2-core machine two workers left to
the scheduler each kept to a core of its own, and the one started second ran about 20 % faster
whichever tree it held.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any


def default_cpu() -> int:
    """The last CPU this process may run on; -1 where the platform cannot pin a process."""
    if not hasattr(os, "sched_getaffinity"):
        return -1
    return max(os.sched_getaffinity(0))


def parse_arguments(
    description: str, argv: list[str] | None, counts: dict[str, tuple[int, str]]
) -> argparse.Namespace:
    """The command line of a comparison: the two trees (``a`` before, ``b`` after), ``--cpu``,
    and one whole-number option >= 1 per entry of ``counts`` (name -> (default, help)); the
    parser's error for a count under 1 or a CPU this process may not use."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("a", type=Path, help="the reference tree (before)")
    parser.add_argument("b", type=Path, help="the tree compared with it (after)")
    for name, (default, words) in counts.items():
        parser.add_argument(f"--{name}", type=int, default=default, help=f"{words} (>= 1)")
    parser.add_argument(
        "--cpu", type=int, default=default_cpu(),
        help="the CPU both workers run on (default: the last one allowed; -1: not pinned)",
    )  # fmt: skip
    args = parser.parse_args(argv)
    low = [f"--{name} {getattr(args, name)}" for name in counts if getattr(args, name) < 1]
    if low:
        parser.error(f"{', '.join(low)}: must be >= 1")
    allowed = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else set()
    if args.cpu >= 0 and args.cpu not in allowed:
        parser.error(
            f"--cpu must be one of the CPUs allowed here {sorted(allowed)} or -1, got {args.cpu}"
        )
    return args


def start(code: str, tree: Path, *args: str) -> tuple[subprocess.Popen[str], Any]:
    """A worker running ``code`` (``python -c``; ``sys.argv[1]`` is the tree, then ``args``) in
    ``tree``, and the JSON line it writes once it is ready."""
    proc = subprocess.Popen(
        [sys.executable, "-c", code, str(tree.resolve()), *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=tree,
    )
    assert proc.stdout is not None
    return proc, json.loads(proc.stdout.readline())


def ask(proc: subprocess.Popen[str], request: str) -> Any:
    """The worker's JSON answer to the one-line ``request``."""
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(request + "\n")
    proc.stdin.flush()
    return json.loads(proc.stdout.readline())


def close(workers: Iterable[subprocess.Popen[str]]) -> None:
    """End the workers (their input closed) and wait for them."""
    for proc in workers:
        assert proc.stdin is not None
        proc.stdin.close()
        proc.wait()
