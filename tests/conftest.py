"""Suite-wide set-up: warm the Numba cache once, before any test (and any xdist worker) runs.

Compiling the kernels takes tens of seconds the first time; with ``cache=True`` later processes
load them from disk. Warming in the controlling process (not in each xdist worker) means the
compile happens once per run instead of once per worker.
"""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def pytest_configure(config: pytest.Config) -> None:
    is_xdist_worker = hasattr(config, "workerinput")
    if is_xdist_worker or os.environ.get("NUMBA_DISABLE_JIT") == "1":
        return
    import sim

    sim.warmup()
