"""The kernels compiled without reference counting (``sim.kernels.jit``: every compiled-only
kernel that does not make arrays) neither leak nor free early any array of Numba's runtime.

A kernel without reference counts borrows the arrays it is handed. Two mistakes would break
that, and each has its test here:

- a kernel without counts handed a fresh array by a callee that makes one (it never releases
  it: a leak). The runtime's allocation counts over shots through every array-making path
  (flying pairs, stuck groups, the sight lines) must balance once the results are dropped;
- a kernel without counts returning an array (its caller would release a reference it was never
  given: an array freed while still in use). Checked on the compiled signatures themselves, as
  compiled (a kernel with no runtime option of its own, one called from Python too, takes its
  caller's when first compiled inside a kernel), in a fresh process with an empty cache (every
  kernel compiles there; a warm cache loads the callers only): slow, run by ``.ci/run``.
"""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import pytest

from benchmarks.fuzz_engine import make_fuzz_shot
from sim import simulate, warmup
from sim.sightlines import any_edges_clear, any_line_clear, first_place_with_edges_clear

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(
    os.environ.get("NUMBA_DISABLE_JIT") == "1", reason="no compiled kernels, no runtime"
)


def _runtime_counts() -> tuple[int, int]:
    """(allocations, meminfo allocations) not yet freed, by Numba's runtime statistics."""
    from numba.core.runtime import _nrt_python as nrt

    if not nrt.memsys_stats_enabled():
        nrt.memsys_enable_stats()
    return (
        nrt.memsys_get_stats_alloc() - nrt.memsys_get_stats_free(),
        nrt.memsys_get_stats_mi_alloc() - nrt.memsys_get_stats_mi_free(),
    )


def test_every_array_the_kernels_make_is_released() -> None:
    warmup()  # the runtime is initialised by the first compiled call
    shots = [make_fuzz_shot(3, k, kinds) for k in range(12) for kinds in _ARRAY_PATHS]
    results = [simulate(s.table, s.state, s.strike, s.params) for s in shots]  # once untracked
    del results
    gc.collect()
    before = _runtime_counts()
    results = [simulate(s.table, s.state, s.strike, s.params) for s in shots]
    flying = sum(bool(np.any(r.snapshots.z > 0.0)) for r in results)
    held = _runtime_counts()
    points = [[0.1 * k, 0.2] for k in range(8)]
    for k in range(20):
        any_edges_clear((0.5, 0.1), points, [[0.3, 0.3 + 0.01 * k]], 0.026)
        any_line_clear((0.5, 0.1), (0.5, 1.0), points, 0.026, 3)
        first_place_with_edges_clear(points, [], 0.0, [[0.5, 1.0]], [], 0.026)
    del results
    gc.collect()
    after = _runtime_counts()
    assert flying >= 10, "the shots must take the flying pair paths"
    assert held[0] > before[0], "the results hold the kernels' outputs"
    assert after == before, f"runtime allocations not released: {before} -> {after}"


#: Fuzz layouts whose shots reach the kernels that make arrays: balls dropped or thrown onto
#: others (flying pairs), rows and cradles (stuck groups), frozen balls.
_ARRAY_PATHS = (("stack",), ("row",), ("cradle",), ("frozen",))

_AUDIT = """
import importlib
from pathlib import Path
from numba.core import types
from numba.core.registry import CPUDispatcher
from sim.warmup import warmup

warmup()

def holds_array(t):
    if isinstance(t, types.Array):
        return True
    return isinstance(t, types.BaseTuple) and any(holds_array(x) for x in t.types)

checked, bad = 0, []
for path in sorted(Path("sim/kernels").glob("*.py")):
    if path.stem in ("__init__", "jit"):
        continue
    module = importlib.import_module(f"sim.kernels.{path.stem}")
    for found in vars(module).values():
        value = getattr(found, "compiled", found)  # a KernelEntry holds its dispatcher
        if not isinstance(value, CPUDispatcher) or value.__module__ != module.__name__:
            continue
        for cres in value.overloads.values():
            # as compiled: a kernel with no runtime option of its own takes its caller's
            if not cres.target_context.enable_nrt:
                checked += 1
                if holds_array(cres.signature.return_type):
                    bad.append(f"{value.py_func.__qualname__} -> {cres.signature.return_type}")
print(checked)
print("; ".join(bad))
"""


@pytest.mark.slow
def test_no_kernel_without_reference_counts_returns_an_array() -> None:
    with tempfile.TemporaryDirectory(prefix="cuesim-numba-") as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache, "PYTHONPATH": str(ROOT)}
        out = subprocess.run(
            [sys.executable, "-c", _AUDIT],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=900,
            check=True,
        )
    checked, bad = [*out.stdout.splitlines(), "", ""][:2]
    assert int(checked) >= 100, "every compiled-only kernel compiles in a fresh process"
    assert bad == "", f"kernels without reference counts returning arrays: {bad}"
