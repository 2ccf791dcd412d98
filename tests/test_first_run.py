"""The first-ever run of a command that plays shots answers at once: on a cold cache it plays
on the engine's Python path while a process of its own builds the compiled engine, and prints
what the compiled engine prints."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

import sim.kernels

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = "examples/nine-ball/break-legal.toml"

pytestmark = pytest.mark.skipif(
    os.environ.get("NUMBA_DISABLE_JIT") == "1", reason="no compiled engine to build"
)


def _shot(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cuesim", "shot", EXAMPLE, "--all-events"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip


@pytest.mark.slow
def test_a_first_shot_command_answers_before_the_engine_is_built_and_prints_the_same(
    tmp_path: Path,
) -> None:
    """About half a minute of background build: CI runs it with ``-m slow``."""
    cache = tmp_path / "cache"
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache), XDG_CACHE_HOME=str(tmp_path / "home"))
    env.pop("NUMBA_DISABLE_JIT", None)
    marks = cache / f"cuesim-engine-{sim.kernels.kernel_source_fingerprint()}"
    cold = _shot(env)
    built_when_answered = (marks / "ready").exists()
    assert cold.returncode == 0, cold.stderr
    assert not built_when_answered  # it did not wait for the compile
    assert (marks / "build.log").exists()  # a builder was started
    deadline = time.monotonic() + 900
    while not (marks / "ready").exists() and time.monotonic() < deadline:
        time.sleep(0.5)
    assert (marks / "ready").exists()
    warm = _shot(env)
    assert warm.returncode == 0 and warm.stdout == cold.stdout
