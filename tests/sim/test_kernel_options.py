"""Every kernel is compiled through sim.kernels.jit.kernel, and none that Python calls lacks
its CPython wrapper (calling a kernel compiled without one crashes the interpreter)."""

from __future__ import annotations

import ast
import importlib
import os
from pathlib import Path
from typing import Any

import pytest
from numba.core.registry import CPUDispatcher

from sim.kernels.jit import kernel_options

ROOT = Path(__file__).resolve().parents[2]
KERNELS = ROOT / "sim" / "kernels"
PACKAGES = ("sim", "rules", "lab", "render", "benchmarks", "cuesim", "tests")

pytestmark = pytest.mark.skipif(
    os.environ.get("NUMBA_DISABLE_JIT") == "1", reason="kernels are plain Python functions"
)


def _kernel_modules() -> list[str]:
    return [
        f"sim.kernels.{path.stem}"
        for path in sorted(KERNELS.glob("*.py"))
        if path.stem not in {"__init__", "jit"}
    ]


def _names_imported_from_kernels_outside_them() -> dict[tuple[str, str], str]:
    """(kernel module, name) -> the first file outside sim/kernels importing it."""
    found: dict[tuple[str, str], str] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if KERNELS in path.parents:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                    "sim.kernels."
                ):
                    for alias in node.names:
                        found.setdefault((str(node.module), alias.name), str(path))
    return found


def test_every_kernel_imported_outside_the_kernels_keeps_its_python_wrapper() -> None:
    checked = 0
    for (module, name), where in _names_imported_from_kernels_outside_them().items():
        value = getattr(importlib.import_module(module), name)
        if not isinstance(value, CPUDispatcher):
            continue
        checked += 1
        assert not value.targetoptions.get("no_cpython_wrapper"), (
            f"{where} imports {module}.{name}, compiled for compiled callers only: "
            "decorate it with @kernel(from_python=True)"
        )
    assert checked >= 40  # run_shot, the checks, the sampling kernels, the tested helpers


def test_every_kernel_is_compiled_with_the_options_of_its_role() -> None:
    roles = {
        "python": kernel_options(from_python=True),
        "compiled": kernel_options(),
        "compiled, allocating arrays": kernel_options(allocates=True),
        "into its one caller": kernel_options(into_caller=True),
    }
    dispatchers = 0
    for module in _kernel_modules():
        for value in vars(importlib.import_module(module)).values():
            if not isinstance(value, CPUDispatcher) or value.__module__ != module:
                continue
            dispatchers += 1
            options = dict(value.targetoptions)
            options.pop("forceinline", None)
            options.pop("nopython", None)
            options.pop("boundscheck", None)
            cache: Any = value._cache  # type: ignore[attr-defined]
            options["cache"] = type(cache).__name__ != "NullCache"
            assert options in roles.values(), f"{module}.{value.py_func.__name__}: {options}"
    assert dispatchers >= 100


def test_a_compiled_only_kernel_has_no_cache_entry_and_no_wrapper() -> None:
    options = kernel_options()
    assert options["no_cpython_wrapper"] and options["no_cfunc_wrapper"]
    assert options["cache"] is False
    assert kernel_options(from_python=True)["cache"] is True
    assert kernel_options(inline=True)["forceinline"] is True
    # no reference counting in a compiled-only kernel unless it makes arrays
    assert kernel_options()["_nrt"] is False
    assert kernel_options(inline=True, allocates=True)["_nrt"] is True
    assert "_nrt" not in kernel_options(from_python=True)
    assert "_nrt" not in kernel_options(into_caller=True)
    assert kernel_options(into_caller=True)["inline"] == "always"
    with pytest.raises(ValueError, match="not both"):
        kernel_options(inline=True, into_caller=True)
