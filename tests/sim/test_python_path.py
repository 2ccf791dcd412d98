"""The engine's Python path (every kernel run as plain Python, while the compiled kernels are
built) gives the compiled engine's results bit for bit, and compiles nothing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import types
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from engine_shots import nine_ball_break, snooker_break_off

import sim
from benchmarks.fuzz_engine import make_fuzz_shot
from sim.digest import balls_with_part_below, balls_within, digest_log
from sim.kernels.jit import KernelOfBoth
from sim.kernels.loop import run_shot
from sim.kernels.motion import classify
from sim.kernels.python_path import (
    ROUTE,
    KernelEntry,
    compiled_here,
    runs_compiled,
    twin_of,
)
from sim.sightlines import any_edges_clear, any_line_clear

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(
    os.environ.get("NUMBA_DISABLE_JIT") == "1", reason="every kernel is Python already"
)


@pytest.fixture
def python_path() -> Iterator[None]:
    """Calls from Python run the twins while the test runs."""
    ROUTE.compiled = False
    try:
        yield
    finally:
        ROUTE.compiled = True


def _both(call):  # type: ignore[no-untyped-def]
    """``call()`` on the compiled kernels, then on the Python path."""
    compiled = call()
    ROUTE.compiled = False
    try:
        python = call()
    finally:
        ROUTE.compiled = True
    return compiled, python


def _same_result(a: sim.ShotResult, b: sim.ShotResult) -> None:
    assert a.events.tobytes() == b.events.tobytes()
    for name in ("times", "pos", "vel", "spin", "motion", "z", "vz"):
        assert getattr(a.snapshots, name).tobytes() == getattr(b.snapshots, name).tobytes(), name
    for name in ("pos", "vel", "spin", "motion", "on_table", "z", "vz"):
        assert getattr(a.final, name).tobytes() == getattr(b.final, name).tobytes(), name


@pytest.mark.parametrize("build", [nine_ball_break, snooker_break_off])
def test_the_pinned_breaks_are_the_same_shot_on_both_paths(build) -> None:  # type: ignore[no-untyped-def]
    table, state, strike = build()
    compiled, python = _both(lambda: sim.simulate(table, state, strike))
    _same_result(compiled, python)


def test_hard_random_shots_are_the_same_on_both_paths() -> None:
    """The engine fuzz's shots: packs, jaws, throats, cradles, jumps, balls dropped on others,
    random cloth and cushion coefficients."""
    for index in range(40):
        shot = make_fuzz_shot(31, index)
        compiled, python = _both(
            lambda shot=shot: sim.simulate(shot.table, shot.state, shot.strike, shot.params)
        )
        _same_result(compiled, python)


def test_what_the_referee_and_the_window_ask_is_the_same_on_both_paths() -> None:
    table, state, strike = snooker_break_off()
    result = sim.simulate(table, state, strike)
    radius = float(table.ball_radius)
    x, y = table.centre_spot
    others = result.final.pos[1:5]

    def asked():  # type: ignore[no-untyped-def]
        return (
            digest_log(result.events, state.n),
            balls_with_part_below(result.events, state, result.final, y, radius),
            balls_within(result.final.pos, result.final.on_table, 0, 4.0 * radius),
            any_edges_clear((x, y), others[:2], others[2:], radius),
            any_line_clear((x, y), others[0], others[1:], radius, 3),
            result.state_at(0.37 * result.duration).pos.tobytes(),
            result.sample(0.05, heights=True).tobytes(),
        )

    compiled, python = _both(asked)
    assert compiled == python


def test_a_twin_calls_twins_all_the_way_down() -> None:
    twin = twin_of(run_shot.py_func)
    assert isinstance(twin, types.FunctionType) and twin.__code__ is run_shot.py_func.__code__
    callees = [v for v in twin.__globals__.values() if isinstance(v, types.FunctionType)]
    assert callees and not any(hasattr(v, "signatures") for v in twin.__globals__.values())
    assert isinstance(classify, KernelOfBoth)
    assert twin_of(classify.py_func) is twin_of(classify.py_func)  # made once


def test_a_kernel_python_calls_is_its_dispatcher_for_everything_but_the_call() -> None:
    assert isinstance(run_shot, KernelEntry)
    assert run_shot.py_func.__name__ == "run_shot"
    assert run_shot.signatures == run_shot.compiled.signatures


def test_a_thread_can_run_compiled_while_the_others_use_the_python_path(python_path) -> None:  # type: ignore[no-untyped-def]
    seen: dict[str, bool] = {}

    def loader() -> None:
        with compiled_here():
            seen["inside"] = runs_compiled()
        seen["after"] = runs_compiled()

    thread = threading.Thread(target=loader)
    thread.start()
    thread.join()
    assert seen == {"inside": True, "after": False} and not runs_compiled()


#: On the Python path in a fresh process with an empty cache: a break, its playback samples, its
#: digest; prints the kernels Numba compiled meanwhile (JSON) and the break's events.
_NOTHING_COMPILES = """
import json, sys
sys.path.insert(0, "tests/sim")
from numba.core import event
compiled = []
class Seen(event.Listener):
    def on_start(self, ev): pass
    def on_end(self, ev): compiled.append(str(ev.data["dispatcher"]))
event.register("numba:compile", Seen())
from engine_shots import nine_ball_break
import sim
from sim.kernels.python_path import ROUTE
ROUTE.compiled = False
result = sim.simulate(*nine_ball_break())
result.sample(0.02)
sim.digest_log(result.events, result.initial.n)
print(json.dumps({"compiled": compiled, "events": len(result.events)}))
"""


def test_the_python_path_compiles_nothing(tmp_path: Path) -> None:
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path))
    done = subprocess.run(
        [sys.executable, "-c", _NOTHING_COMPILES],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=True,
    )  # fmt: skip
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["compiled"] == [] and out["events"] > 50
    assert not any(tmp_path.rglob("*.nbi"))  # nothing cached either


def test_both_paths_keep_the_arrays_they_are_handed() -> None:
    table, state, strike = nine_ball_break()
    before = state.pos.copy()
    _both(lambda: sim.simulate(table, state, strike))
    assert np.array_equal(state.pos, before)
