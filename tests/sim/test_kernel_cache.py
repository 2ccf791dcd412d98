"""The kernels' on-disk cache is keyed on every source they compile from (sim/kernels/__init__)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numba

from sim.kernels import KERNEL_SOURCES, kernel_cache_dir, kernel_source_fingerprint


def test_every_kernel_module_and_the_constants_they_read_are_fingerprinted() -> None:
    names = {path.name for path in KERNEL_SOURCES}
    assert {"loop.py", "motion.py", "detect.py", "resolve.py", "roots.py"} <= names
    assert {"constants.py", "events.py", "params.py"} <= names


def test_an_edit_to_any_source_moves_the_cache_to_a_new_folder(tmp_path: Path) -> None:
    copies = []
    for path in KERNEL_SOURCES:
        copy = tmp_path / path.name
        shutil.copyfile(path, copy)
        copies.append(copy)
    before = kernel_source_fingerprint(tuple(copies))
    assert before == kernel_source_fingerprint(KERNEL_SOURCES)
    motion = next(copy for copy in copies if copy.name == "motion.py")
    motion.write_text(motion.read_text() + "\n# an edit\n")
    assert kernel_source_fingerprint(tuple(copies)) != before


def test_the_cache_folder_in_use_is_the_fingerprinted_one_unless_the_user_chose() -> None:
    if os.environ.get("NUMBA_CACHE_DIR"):
        assert os.environ["NUMBA_CACHE_DIR"] == numba.config.CACHE_DIR
    else:
        assert str(kernel_cache_dir()) == numba.config.CACHE_DIR
        assert kernel_cache_dir().name == f"numba-{kernel_source_fingerprint()}"
    code = "import numba, sim.kernels; print(numba.config.CACHE_DIR)"
    env = dict(os.environ, NUMBA_CACHE_DIR="/tmp/cuesim-user-choice")
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "/tmp/cuesim-user-choice"


#: A module of one cached kernel, compiled in a fresh process with its own empty cache folder.
_KERNEL_MODULE = """
import numpy as np
from sim.kernels.jit import kernel

@kernel(from_python=True)
def scaled_sum(values, scale):
    out = np.empty(values.shape[0])
    total = 0.0
    for i in range(values.shape[0]):
        total += values[i] * scale
        out[i] = total
    return out
"""

_CALLER = """
import json
import sys
import numpy as np
if sys.argv[1] == "needs-refresh":  # make every entry unloadable without the full refresh
    from sim.kernels.jit import KernelCache
    plain = KernelCache._load_overload
    def strict(self, sig, target_context):
        if "numba.np.arraymath" not in sys.modules:
            raise RuntimeError("this entry needs Numba's registries")
        return plain(self, sig, target_context)
    KernelCache._load_overload = strict
    del sys.argv[1]
if sys.argv[1] == "numba-form":  # save entries in Numba's own form, as a cache before ours did
    from numba.core.caching import CompileResultCacheImpl
    from sim.kernels.jit import KernelCache
    KernelCache._impl_class = CompileResultCacheImpl
    del sys.argv[1]
if sys.argv[1] == "no-bitcode":  # fail any parse of LLVM bitcode
    import llvmlite.binding
    def refuse(*args, **kwargs):
        raise RuntimeError("bitcode parsed")
    llvmlite.binding.parse_bitcode = refuse  # numba.core.codegen calls it as ll.parse_bitcode
    del sys.argv[1]
import lean_kernel
registries = ("numba.np.linalg", "numba.typed.typeddict", "numba.np.arraymath")
calls = []
for argument in sys.argv[1:]:  # float: an array of float64, int: of int64
    values = np.arange(4.0) if argument == "float" else np.arange(4)
    out = lean_kernel.scaled_sum(values, 2.0)
    stats = lean_kernel.scaled_sum.stats
    calls.append({"out": out.tolist(), "hits": sum(stats.cache_hits.values()),
                  "misses": sum(stats.cache_misses.values()),
                  "registries": [name for name in registries if name in sys.modules],
                  "arrayobj": "numba.np.arrayobj" in sys.modules})
print(json.dumps(calls))
"""


def _calls_in_fresh_process(tmp_path: Path, *arguments: str) -> list[dict[str, object]]:
    """What each call of the kernel saw (in order), in one fresh process."""
    env = dict(
        os.environ,
        NUMBA_CACHE_DIR=str(tmp_path / "cache"),
        PYTHONPATH=os.pathsep.join([str(tmp_path), str(Path(__file__).resolve().parents[2])]),
    )
    out = subprocess.run(
        [sys.executable, "-c", _CALLER, *arguments],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    return list(json.loads(out.stdout))


def test_a_warm_cache_loads_without_the_compiler_and_a_miss_still_compiles(
    tmp_path: Path,
) -> None:
    """sim.kernels.cache_format.KernelCache: the first process compiles (Numba's compiler
    imports its registries); the second loads the cached code without them and computes the
    same, then compiles a signature not in the cache as Numba would; an entry that would need the
    registries to load is loaded Numba's own way."""
    (tmp_path / "lean_kernel.py").write_text(_KERNEL_MODULE)
    registries = ["numba.np.linalg", "numba.typed.typeddict", "numba.np.arraymath"]
    sums = [0.0, 2.0, 6.0, 12.0]
    (first,) = _calls_in_fresh_process(tmp_path, "float")
    assert first == {
        "out": sums,
        "hits": 0,
        "misses": 1,
        "registries": registries,
        "arrayobj": True,
    }
    warm, other = _calls_in_fresh_process(tmp_path, "float", "int")
    assert warm == {"out": sums, "hits": 1, "misses": 0, "registries": [], "arrayobj": False}
    # an int64 array: not in the cache, so compiled (the compiler refreshes itself)
    assert other == {
        "out": sums,
        "hits": 1,
        "misses": 1,
        "registries": registries,
        "arrayobj": True,
    }
    # an entry that cannot load without the compiler's registries is read Numba's own way
    (refreshed,) = _calls_in_fresh_process(tmp_path, "needs-refresh", "float")
    assert refreshed == {
        "out": sums,
        "hits": 1,
        "misses": 0,
        "registries": registries,
        "arrayobj": True,
    }


def test_an_entry_is_kept_as_machine_code_and_loads_without_parsing_bitcode(
    tmp_path: Path,
) -> None:
    """sim.kernels.cache_format: a warm process loads the kernel with every parse of LLVM
    bitcode refused, and without importing the module of the overload it calls (np.empty's,
    in numba.np.arrayobj, whose environment has no constants)."""
    (tmp_path / "lean_kernel.py").write_text(_KERNEL_MODULE)
    _calls_in_fresh_process(tmp_path, "float")
    (warm,) = _calls_in_fresh_process(tmp_path, "no-bitcode", "float")
    assert warm == {
        "out": [0.0, 2.0, 6.0, 12.0],
        "hits": 1,
        "misses": 0,
        "registries": [],
        "arrayobj": False,
    }


def test_an_entry_in_numbas_own_form_still_loads(tmp_path: Path) -> None:
    """A cache written in Numba's form (bitcode beside the machine code, environments rebuilt
    by importing their modules) is read Numba's way: a cache of an earlier cuesim keeps
    working."""
    (tmp_path / "lean_kernel.py").write_text(_KERNEL_MODULE)
    (first,) = _calls_in_fresh_process(tmp_path, "numba-form", "float")
    assert first["misses"] == 1
    (warm,) = _calls_in_fresh_process(tmp_path, "float")
    assert warm == {
        "out": [0.0, 2.0, 6.0, 12.0],
        "hits": 1,
        "misses": 0,
        "registries": [],
        "arrayobj": True,
    }
