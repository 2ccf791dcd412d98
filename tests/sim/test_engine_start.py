"""Starting the engine: shots play at once on the Python path while the compiled kernels are
loaded or built in the background, the switch changes nothing but the speed, and work that needs
the compiled kernels waits for them with the build's own progress. Each case runs in a fresh
process (the engine's state is per process)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import sim
import sim.kernels
from sim.engine import EngineStatus

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(
    os.environ.get("NUMBA_DISABLE_JIT") == "1", reason="no compiled engine to start"
)

#: Starts the engine, plays a break at once, waits for the compiled kernels with progress and
#: plays the break again; prints what it saw (JSON).
_START_PLAY_WAIT = """
import json, sys, time
sys.path.insert(0, "tests/sim")
from engine_shots import nine_ball_break
import sim
shot = nine_ball_break()
first = sim.start_engine()
at_once = sim.simulate(*shot)
playing = sim.engine_status()
seen = []
last = sim.wait_for_engine(lambda s: seen.append([s.phase, s.fraction, s.seconds_left]))
again = sim.simulate(*shot)
print(json.dumps({
    "first": [first.phase, first.python_path],
    "playing": [playing.phase, playing.python_path],
    "seen": seen,
    "last": [last.phase, last.ready, last.python_path, last.fraction],
    "same": at_once.events.tobytes() == again.events.tobytes(),
}))
"""


def _run(code: str, env: dict[str, str], timeout: float = 300.0) -> dict:  # type: ignore[type-arg]
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def _env(cache: Path, home: Path, **extra: str) -> dict[str, str]:
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache), XDG_CACHE_HOME=str(home))
    env.pop("NUMBA_DISABLE_JIT", None)
    env.update(extra)
    return env


def _warm_cache_without_its_mark(tmp_path: Path) -> Path:
    """A copy of this run's warm kernel cache (the suite warms it first), without the mark
    saying it is complete."""
    sim.warmup()
    source = Path(sim.kernels.numba.config.CACHE_DIR)  # type: ignore[attr-defined]
    copy = tmp_path / "cache"
    shutil.copytree(source, copy, ignore=shutil.ignore_patterns("cuesim-engine-*"))
    return copy


def test_a_warm_cache_plays_at_once_then_switches_to_the_compiled_kernels(tmp_path: Path) -> None:
    cache = _warm_cache_without_its_mark(tmp_path)
    sim.engine_files.mark_ready(sim.engine_files.EngineFiles(_marks(cache)))
    out = _run(_START_PLAY_WAIT, _env(cache, tmp_path))
    assert out["first"] == ["loading", True]
    assert out["last"] == ["compiled", True, False, 1.0]
    assert out["same"]


def _marks(cache: Path) -> Path:
    return cache / f"cuesim-engine-{sim.kernels.kernel_source_fingerprint()}"


def test_a_builder_that_fails_leaves_the_compile_to_the_process_that_asked(
    tmp_path: Path,
) -> None:
    """No mark: a builder starts, fails at once; the process compiles (here: loads) itself."""
    cache = _warm_cache_without_its_mark(tmp_path)
    code = _START_PLAY_WAIT.replace(
        "import sim\n",
        "import sim\nimport sim.engine\nsim.engine.BUILDER_CODE = 'raise SystemExit(3)'\n",
        1,
    )
    out = _run(code, _env(cache, tmp_path))
    # the builder may already have failed when the first status is read (a loaded machine)
    assert out["first"] in (["building", True], ["compiling here", True])
    # a warm cache loads here faster than the wait's polls, so "compiling here" may go unseen;
    # the phases seen never go back, and the mark below can only be this process's own
    order = ["building", "compiling here", "compiled"]
    seen = [order.index(phase) for phase, _, _ in out["seen"]]
    assert seen == sorted(seen)
    assert out["last"] == ["compiled", True, False, 1.0] and out["same"]
    assert (_marks(cache) / "ready").exists()  # the compile here marks the cache complete


def test_without_the_jit_there_is_nothing_to_wait_for(tmp_path: Path) -> None:
    env = _env(tmp_path / "cache", tmp_path, NUMBA_DISABLE_JIT="1")
    out = _run(_START_PLAY_WAIT, env)
    assert out["first"] == ["python only", True]
    assert out["last"] == ["python only", False, True, 0.0] and out["same"]


def test_the_status_in_words() -> None:
    building = EngineStatus("building", False, True, 0.42, 13.6)
    assert building.words == "Compiling the fast engine: 42 %, about 14 s left"
    assert EngineStatus("building", False, True, 0.02).words == "Compiling the fast engine: 2 %"
    assert EngineStatus("compiled", True, False, 1.0).words == "The fast engine is ready"
    failed = EngineStatus("failed", False, True, 0.0, None, "OSError: disk full")
    assert failed.words.endswith("OSError: disk full")


#: A second process asking while the first one's builder runs: it starts no builder of its own.
_SECOND = """
import json
import sim, sim.engine
from sim.engine_build import lock_is_held
from sim.engine_files import engine_files
status = sim.start_engine()
print(json.dumps({"phase": status.phase, "own_builder": sim.engine._ENGINE.builder is not None,
                  "lock_held": lock_is_held(engine_files())}))
"""


@pytest.mark.slow
def test_a_cold_cache_plays_at_once_and_the_build_progress_is_the_builds_own(
    tmp_path: Path,
) -> None:
    """The first-ever start: a whole background build (about half a minute: CI runs it with
    ``-m slow``)."""
    cache, home = tmp_path / "cache", tmp_path / "home"
    env = _env(cache, home)
    first = subprocess.Popen(
        [sys.executable, "-c", _START_PLAY_WAIT],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        marks = _marks(cache)
        while not (marks / "progress.json").exists() and first.poll() is None:
            subprocess.run([sys.executable, "-c", "import time; time.sleep(0.2)"], check=True)
        second = _run(_SECOND, env)
        out_text, err = first.communicate(timeout=1200)
    finally:
        if first.poll() is None:
            first.kill()
    assert first.returncode == 0, err[-3000:]
    out = json.loads(out_text.strip().splitlines()[-1])
    assert out["first"] == ["building", True] and out["playing"] == ["building", True]
    assert second == {"phase": "building", "own_builder": False, "lock_held": True}
    fractions = [f for _, f, _ in out["seen"]]
    assert fractions == sorted(fractions) and 0.0 <= fractions[0] < 0.5 <= fractions[-1]
    assert any(left is not None for _, _, left in out["seen"])
    assert out["last"] == ["compiled", True, False, 1.0] and out["same"]
    assert (marks / "ready").exists()
    profile = json.loads((home / "cuesim" / "build-profile.json").read_text())
    assert profile["typing_compiles"] > 50 and profile["seconds"] > 1.0
