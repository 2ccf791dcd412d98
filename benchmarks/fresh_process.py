"""Fresh interpreters for the benchmarks that time a start: the engine's first compile, its
warm start, the first-ever commands. Each child imports a given source tree's ``sim`` (this one by
default), with its own Numba cache folder."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import sim

#: Folder holding the ``sim`` package this module runs with: put first on a child process's
#: ``PYTHONPATH`` so that the fresh interpreters time the same engine (source tree or install).
IMPORT_ROOT = Path(sim.__file__).resolve().parent.parent


def child_env(cache_dir: str | None, root: Path = IMPORT_ROOT) -> dict[str, str]:
    """The environment of a measured child process: this one's, with ``root`` (a source tree:
    this one by default) first on ``PYTHONPATH``, ``NUMBA_CACHE_DIR`` set to ``cache_dir`` when
    given, and Python's bytecode cache on. A fresh process on a player's machine reads the
    project's modules from ``__pycache__`` (Python's default); with ``PYTHONDONTWRITEBYTECODE``
    set (some sandboxes and containers set it) every child would compile every module from
    source again, about 0.08 s of a warm start that no default install pays. The first run of a
    measurement writes the bytecode, as a first run does."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPATH"] = str(root) + os.pathsep + env.get("PYTHONPATH", "")
    if cache_dir is not None:
        env["NUMBA_CACHE_DIR"] = cache_dir
    return env


#: The program of the first-compile and warm-start rows (and of ``ab_compile.py``): import, then
#: one short 2-ball shot; prints its own seconds from before the first import.
FIRST_SHOT_CODE = """
import time
t0 = time.perf_counter()
import numpy as np
import sim
table = sim.Table.pool(9)
x, y = table.head_spot
state = sim.BallState.at_rest(np.array([[x, y], [x + 0.01, y + 0.6]]))
sim.simulate(table, state, sim.Strike(speed=2.0, phi=90.0, b=0.2))
print(time.perf_counter() - t0)
"""


def run_child(
    code: str,
    cache_dir: str | None,
    timeout: float = 600.0,
    root: Path = IMPORT_ROOT,
    cpu: int = -1,
) -> tuple[float, float]:
    """Run ``code`` in a fresh interpreter importing the tree ``root`` (run in it: ``python -c``
    puts the working folder first on ``sys.path``), pinned to ``cpu`` (-1: not pinned); returns
    (seconds it printed, wall seconds)."""

    def pin() -> None:
        if cpu >= 0:
            os.sched_setaffinity(0, {cpu})

    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=root,
        env=child_env(cache_dir, root),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=True,
        preexec_fn=pin,
    )
    wall = time.perf_counter() - start
    return float(out.stdout.strip().splitlines()[-1]), wall


#: The program of the first-warm-up row: import, then every entry point compiled.
WARMUP_CODE = """
import time
t0 = time.perf_counter()
import sim
sim.warmup()
print(time.perf_counter() - t0)
"""
