"""The layering contract of docs/architecture.md, read off the source with an AST scan.

Every module of every package is parsed; every ``import`` and ``from ... import`` in it, at the
top of the module or inside a function alike, is checked against what its package may import.
The module import graph must have no cycle, and no source file outside ``tests/`` may run over
600 lines. A fresh interpreter importing ``sim``, ``rules``, ``agents`` and ``lab`` must load no
pygame.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The packages of the project, lowest layer first (docs/architecture.md, "Layers").
PACKAGES = ("assets", "sim", "rules", "agents", "lab", "render", "benchmarks", "cuesim")

#: The project packages each package may import besides its own modules (the table of
#: docs/architecture.md; ``cuesim`` may import all of them).
MAY_IMPORT: dict[str, frozenset[str]] = {
    "assets": frozenset(),
    "sim": frozenset(),
    "rules": frozenset({"sim"}),
    "agents": frozenset({"rules", "sim"}),
    "lab": frozenset({"agents", "rules", "sim"}),
    "render": frozenset({"agents", "lab", "rules", "sim", "assets"}),
    "benchmarks": frozenset({"render", "lab", "agents", "rules", "sim"}),
    "cuesim": frozenset({"benchmarks", "render", "lab", "agents", "rules", "sim", "assets"}),
}

#: The third-party libraries each package brings in (the table of docs/architecture.md). A
#: package may use its own and those of every package it may import: rules works on the
#: engine's numpy arrays, the lab on the referee's.
OWN_LIBRARIES: dict[str, frozenset[str]] = {
    "assets": frozenset(),
    "sim": frozenset({"numpy", "numba"}),
    "rules": frozenset(),
    # gymnasium: only the environments (the ``rl`` extra); the core install does not need it.
    "agents": frozenset({"gymnasium"}),
    # dask's cluster client is the top-level package ``distributed`` (the ``cluster`` extra);
    # pyarrow is optional, for Parquet study tables.
    "lab": frozenset({"tqdm", "matplotlib", "dask", "distributed", "pyarrow"}),
    "render": frozenset({"pygame", "PIL"}),
    # pooltool: only compare_pooltool.py, run by hand in its own environment.
    "benchmarks": frozenset({"pooltool"}),
    "cuesim": frozenset(),
}

#: Longest source file allowed outside tests/ (lines).
MAX_LINES = 600

#: Folders never scanned for source files.
_SKIPPED_DIRS = frozenset({".venv", "tests", "build", "dist", "__pycache__", ".git"})


@dataclass(frozen=True)
class Import:
    """One import statement's target: ``module`` imported by ``importer`` at ``line``.

    ``type_only`` marks an import under ``if TYPE_CHECKING:``: it binds the layering contract
    (a type is a dependency too) and joins the import graph the cycle check reads, though it
    never runs.
    """

    importer: str
    module: str
    line: int
    type_only: bool


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _package_files() -> dict[str, Path]:
    """Module name -> file, for every ``.py`` file of every package."""
    out: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "__pycache__" not in path.parts:
                out[_module_name(path)] = path
    return out


MODULES = _package_files()


def _is_type_checking_guard(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _absolute(importer: str, node: ast.ImportFrom) -> str:
    """The absolute module of a ``from`` import (relative ones resolved against ``importer``)."""
    if node.level == 0:
        return node.module or ""
    is_package = MODULES[importer].name == "__init__.py"
    base = importer.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


#: The fields of a statement that hold statements (``ExceptHandler`` and ``match_case`` hold
#: theirs in ``body``): an import is a statement, so only these are walked, not expressions.
_STATEMENT_FIELDS = ("body", "orelse", "finalbody", "handlers", "cases")


def _statements(nodes: list[ast.AST], type_only: bool) -> Iterator[tuple[ast.AST, bool]]:
    """Every statement of ``nodes`` and of the blocks inside them, in source order, with
    whether it runs only under ``if TYPE_CHECKING:`` (the guard's body, not its ``else``)."""
    for node in nodes:
        yield node, type_only
        guard = isinstance(node, ast.If) and _is_type_checking_guard(node)
        for field in _STATEMENT_FIELDS:
            block = getattr(node, field, None)
            if block:
                yield from _statements(block, type_only or (guard and field == "body"))


def _imports_in(importer: str, tree: ast.Module) -> Iterator[Import]:
    for node, type_only in _statements(tree.body, False):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(importer, alias.name, node.lineno, type_only)
        elif isinstance(node, ast.ImportFrom):
            module = _absolute(importer, node)
            yield Import(importer, module, node.lineno, type_only)
            for alias in node.names:  # ``from pkg import submodule`` runs pkg.submodule too
                if f"{module}.{alias.name}" in MODULES:
                    yield Import(importer, f"{module}.{alias.name}", node.lineno, type_only)


def _all_imports() -> list[Import]:
    out: list[Import] = []
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        out.extend(_imports_in(name, tree))
    return out


@cache
def _parsed_imports() -> tuple[Import, ...]:
    """Every import of every project module, parsed once, when a test first asks (not while
    pytest collects: every worker collects every module)."""
    return tuple(_all_imports())


def project_imports() -> list[Import]:
    """A fresh list of every import of every project module."""
    return list(_parsed_imports())


def _allowed_libraries(package: str) -> frozenset[str]:
    libraries = set(OWN_LIBRARIES[package])
    for lower in MAY_IMPORT[package]:
        libraries |= _allowed_libraries(lower)
    return frozenset(libraries)


def _breach(imp: Import) -> str | None:
    """Why ``imp`` breaks the contract, or None when it is allowed."""
    package = imp.importer.split(".")[0]
    target = imp.module.split(".")[0]
    if target == package or target in sys.stdlib_module_names:
        return None
    if target in PACKAGES:
        if target in MAY_IMPORT[package]:
            return None
        allowed = ", ".join(sorted(MAY_IMPORT[package])) or "no other package"
        return f"{package} may import {allowed}, not {target}"
    if target in _allowed_libraries(package):
        return None
    allowed = ", ".join(sorted(_allowed_libraries(package))) or "no third-party library"
    return f"{package} may use {allowed}, not the library {target}"


def layering_breaches(imports: list[Import]) -> list[str]:
    """One line per import that breaks the table of docs/architecture.md."""
    out: dict[str, None] = {}  # one line per statement and reason, in file order
    for imp in imports:
        why = _breach(imp)
        if why is not None:
            out[f"{MODULES[imp.importer].relative_to(ROOT)}:{imp.line}: {why}"] = None
    return list(out)


def import_cycles(imports: list[Import]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (each holds a cycle) of the
    import graph between project modules (Tarjan's algorithm), imports for type checking only
    included: two modules that need each other's types are one piece, whatever runs."""
    graph: dict[str, set[str]] = {name: set() for name in MODULES}
    for imp in imports:
        if imp.module in MODULES and imp.module != imp.importer:
            graph[imp.importer].add(imp.module)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[frozenset[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = set()
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.add(top)
                if top == node:
                    break
            if len(component) > 1:
                components.append(frozenset(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return components


def long_source_files() -> dict[str, int]:
    """Every ``.py`` file of the repository outside tests/ over :data:`MAX_LINES` lines: its
    path relative to the root -> its line count."""
    out = {}
    for path in ROOT.rglob("*.py"):
        relative = path.relative_to(ROOT)
        folders = relative.parts[:-1]
        if _SKIPPED_DIRS & set(folders) or any(f.startswith(".venv") for f in folders):
            continue
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > MAX_LINES:
            out[relative.as_posix()] = lines
    return out


def test_every_package_is_scanned() -> None:
    found = {name.split(".")[0] for name in MODULES}
    assert found == set(PACKAGES)
    assert len(MODULES) > 50 and len(project_imports()) > 300


def test_every_import_follows_the_layer_table() -> None:
    breaches = layering_breaches(project_imports())
    assert not breaches, "imports against docs/architecture.md:\n" + "\n".join(breaches)


def test_nothing_imports_the_command_line() -> None:
    importers = {imp.importer for imp in project_imports() if imp.module.split(".")[0] == "cuesim"}
    assert {name.split(".")[0] for name in importers} <= {"cuesim"}


def test_the_module_import_graph_has_no_cycle() -> None:
    cycles = [sorted(c) for c in import_cycles(project_imports())]
    assert not cycles, f"import cycles between modules: {cycles}"


def test_no_source_file_is_over_600_lines() -> None:
    long = long_source_files()
    assert not long, f"source files over {MAX_LINES} lines: {long}"


def test_the_scan_finds_imports_in_every_kind_of_block() -> None:
    """Imports at the top, in functions, classes, loops, ``with``, ``try`` (body, handler,
    ``else``, ``finally``) and ``match`` cases are found; those under ``if TYPE_CHECKING:``
    are type-only, those of its ``else`` are not."""
    source = """
import a
from typing import TYPE_CHECKING
if TYPE_CHECKING:
    import b
    if True:
        import c
else:
    import d
def f():
    import e
    class K:
        import g
    for _ in ():
        with open(""):
            import h
    try:
        import i
    except ImportError:
        import j
    else:
        import k
    finally:
        import m
    match 1:
        case 1:
            import n
"""
    found = {(imp.module, imp.type_only) for imp in _imports_in("lab.noise", ast.parse(source))}
    plain = {"a", "typing", "d", "e", "g", "h", "i", "j", "k", "m", "n"}
    assert found == {(name, False) for name in plain} | {("b", True), ("c", True)}


def test_the_checks_catch_a_bad_import_and_a_cycle() -> None:
    bad = ast.parse("def f():\n    import pygame\n    from render import app\n")
    found = layering_breaches(list(_imports_in("rules.game", bad)))
    assert len(found) == 2 and "not the library pygame" in found[0] and "not render" in found[1]
    relative = ast.parse("from .noise import NoiseModel\nfrom . import records\n")
    targets = {imp.module for imp in _imports_in("lab.study", relative)}
    assert targets == {"lab.noise", "lab", "lab.records"}
    pair = frozenset({"agents.noise", "lab.schema"})  # neither imports the other
    looped = [
        Import("agents.noise", "lab.schema", 1, False),
        Import("lab.schema", "agents.noise", 9, False),
    ]
    assert pair in import_cycles(project_imports() + looped)
    typed = [
        Import("agents.noise", "lab.schema", 1, False),
        Import("lab.schema", "agents.noise", 9, True),
    ]
    assert pair in import_cycles(project_imports() + typed)  # a type is a dependency too
    assert pair not in import_cycles(project_imports())


def _modules_loaded_after_import(statement: str) -> set[str]:
    code = f"import sys\n{statement}\nprint('\\n'.join(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True, cwd=ROOT
    ).stdout
    return set(out.split())


def test_importing_sim_rules_agents_and_lab_does_not_import_pygame_or_render() -> None:
    headless = ("lab.", "agents.")
    modules = " ".join(f", {name}" for name in MODULES if name.startswith(headless))
    loaded = _modules_loaded_after_import(f"import sim, rules, agents, lab{modules}")
    assert "pygame" not in loaded
    assert not any(name == "render" or name.startswith("render.") for name in loaded)


def test_importing_sim_does_not_import_rules() -> None:
    loaded = _modules_loaded_after_import("import sim")
    assert not any(name == "rules" or name.startswith("rules.") for name in loaded)
