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

from sim.kernels.jit import KernelOfBoth, kernel, kernel_options
from sim.kernels.link_only import LinkOnlyCompiler, LinkOnlyLibrary
from sim.kernels.python_path import KernelEntry

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
        value = _dispatcher(getattr(importlib.import_module(module), name))
        if isinstance(value, KernelOfBoth):
            value = value.python_entry  # what a call from Python runs
        if not isinstance(value, CPUDispatcher):
            continue
        checked += 1
        assert not value.targetoptions.get("no_cpython_wrapper"), (
            f"{where} imports {module}.{name}, compiled for compiled callers only: "
            "decorate it with @kernel(from_python=True)"
        )
    assert checked >= 40  # run_shot, the checks, the sampling kernels, the tested helpers


def _dispatcher(value: Any) -> Any:
    """The dispatcher of a kernel Python calls (a KernelEntry holds it); anything else as it is."""
    return value.compiled if isinstance(value, KernelEntry) else value


def _as_compiled(value: Any) -> dict[str, Any]:
    """A dispatcher's options as :func:`kernel_options` names them (its compiler class under
    ``pipeline_class`` when it is not Numba's own, its cache as ``cache``)."""
    options = dict(value.targetoptions)
    options.pop("forceinline", None)
    options.pop("nopython", None)
    options.pop("boundscheck", None)
    cache: Any = value._cache  # Numba's own attribute
    options["cache"] = type(cache).__name__ != "NullCache"
    if value._compiler.pipeline_class is LinkOnlyCompiler:
        options["pipeline_class"] = LinkOnlyCompiler
    return options


def test_every_kernel_is_compiled_with_the_options_of_its_role() -> None:
    python = kernel_options(from_python=True)
    linked = {key: v for key, v in kernel_options().items() if key != "_nrt"}
    roles = {
        "python": python,
        "compiled": kernel_options(),
        "compiled, allocating arrays": kernel_options(allocates=True),
        "into its one caller": kernel_options(into_caller=True),
        # a kernel of both: the runtime option is its caller's, as for a Python kernel
        "kernels' side of a kernel of both": linked,
    }
    dispatchers = both = 0
    for module in _kernel_modules():
        for found in vars(importlib.import_module(module)).values():
            value = _dispatcher(found)
            if not isinstance(value, CPUDispatcher) or value.__module__ != module:
                continue
            dispatchers += 1
            options = _as_compiled(value)
            name = f"{module}.{value.py_func.__name__}"
            assert options in roles.values(), f"{name}: {options}"
            assert (options == linked) == isinstance(value, KernelOfBoth), name
            if isinstance(value, KernelOfBoth):
                both += 1
                assert _as_compiled(value.python_entry) == python, name
                assert value.python_entry.py_func is value.py_func, name
    assert dispatchers >= 100
    assert both >= 40


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


def _is_kernel_decorator(node: ast.expr) -> bool:
    target = node.func if isinstance(node, ast.Call) else node
    return isinstance(target, ast.Name) and target.id == "kernel"


def _called_value(call: ast.Call, namespace: dict[str, Any]) -> Any:
    """What the called expression names in the module (``f(...)``, ``module.f(...)``)."""
    func = call.func
    if isinstance(func, ast.Name):
        return namespace.get(func.id)
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        return getattr(namespace.get(func.value.id), func.attr, None)
    return None


def _kernels_called_inside_kernels() -> dict[str, Any]:
    """'module.caller -> callee' -> the callee, for every call a kernel makes to a kernel."""
    found: dict[str, Any] = {}
    for module in _kernel_modules():
        namespace = vars(importlib.import_module(module))
        source = (KERNELS / f"{module.rsplit('.', 1)[1]}.py").read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(source)):
            if not isinstance(node, ast.FunctionDef):
                continue
            if not any(_is_kernel_decorator(d) for d in node.decorator_list):
                continue
            for call in ast.walk(node):
                if isinstance(call, ast.Call):
                    callee = _called_value(call, namespace)
                    if isinstance(callee, CPUDispatcher):
                        found[f"{module}.{node.name} -> {callee.py_func.__name__}"] = callee
    return found


def test_every_kernel_a_kernel_calls_is_linked_into_it_not_compiled_for_python() -> None:
    """A kernel called inside a kernel compiles as its caller's linked code only
    (sim.kernels.link_only): a compiled-only kernel, or a kernel of both (from_kernels=True)
    whose Python entry is a separate twin. A plain from_python kernel called there would be
    optimised and emitted on its own at the engine's first compile again."""
    calls = _kernels_called_inside_kernels()
    assert len(calls) >= 150  # the step loop's whole call tree
    wrong = sorted(
        edge
        for edge, callee in calls.items()
        if callee.targetoptions.get("inline") != "always"  # into_caller: no code of its own
        and (
            not callee.targetoptions.get("no_cpython_wrapper")
            or callee._compiler.pipeline_class is not LinkOnlyCompiler
        )
    )
    assert wrong == [], "say from_kernels=True on these callees: " + ", ".join(wrong)


def test_a_kernel_of_both_calls_its_python_twin_and_links_its_own_code() -> None:
    from sim.kernels.roots import first_descent_root

    assert isinstance(first_descent_root, KernelOfBoth)
    twin = first_descent_root.python_entry
    assert isinstance(twin, CPUDispatcher) and not isinstance(twin, KernelOfBoth)
    assert not twin.targetoptions.get("no_cpython_wrapper")
    assert first_descent_root.targetoptions["no_cpython_wrapper"]
    assert first_descent_root(1.0, 0.0, -1.0, 0.0, 0.0, 1.0) == twin(1.0, 0.0, -1.0, 0.0, 0.0, 1.0)
    with pytest.raises(ValueError, match="from_python"):
        kernel(from_kernels=True)


@kernel
def _doubled(x: float) -> float:
    return 2.0 * x


@kernel(from_python=True, from_kernels=True)
def _plus_one(x: float) -> float:
    return x + 1.0


def _caller(x: float) -> float:
    return _plus_one(_doubled(x))


def test_a_compiled_only_kernel_has_no_machine_code_of_its_own_and_its_caller_runs() -> None:
    """A compiled-only kernel's code is a LinkOnlyLibrary (no module optimisation, no machine
    code of its own: 0 for every address); the caller Python runs links it and runs it."""
    from numba import njit

    caller = njit(**{**kernel_options(from_python=True), "cache": False})(_caller)
    assert caller(3.0) == 7.0
    assert _plus_one(1.5) == 2.5  # Python's call: the twin
    for callee in (_doubled, _plus_one):
        libraries = [cres.library for cres in callee.overloads.values()]
        assert len(libraries) == 1 and isinstance(libraries[0], LinkOnlyLibrary)
        assert libraries[0].get_pointer_to_function("_doubled") == 0
    assert _plus_one.python_entry.signatures  # compiled for Python's call, apart
    (own,) = caller.overloads.values()
    assert not isinstance(own.library, LinkOnlyLibrary)


def test_a_fresh_process_making_a_shot_makes_no_python_twin() -> None:
    """KernelOfBoth.python_entry is made when first asked for: importing the engine and
    making a shot makes none of the twins (tests and sim.warmup do, by calling them)."""
    import subprocess
    import sys

    code = (
        "import gc, numpy as np, sim\n"
        "from sim.kernels.jit import KernelOfBoth\n"
        "t = sim.Table.pool(9); x, y = t.head_spot\n"
        "s = sim.BallState.at_rest(np.array([[x, y], [x + 0.01, y + 0.6]]))\n"
        "sim.simulate(t, s, sim.Strike(speed=2.0, phi=90.0))\n"
        "both = [o for o in gc.get_objects() if isinstance(o, KernelOfBoth)]\n"
        "print(len(both), sum(o._python_entry is not None for o in both))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    made, with_twin = (int(v) for v in out.stdout.split())
    assert made > 30 and with_twin == 0


def test_threads_calling_a_kernel_of_both_first_make_one_twin() -> None:
    from concurrent.futures import ThreadPoolExecutor

    @kernel(from_python=True, from_kernels=True)
    def tripled(x: float) -> float:
        return 3.0 * x

    with ThreadPoolExecutor(4) as pool:
        entries = list(pool.map(lambda _: tripled.python_entry, range(8)))
    assert len({id(e) for e in entries}) == 1
    assert tripled(2.0) == 6.0 and tripled.python_entry is entries[0]
