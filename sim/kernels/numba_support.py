"""What the engine takes from Numba's private classes, checked once.

Everything the kernels are written in is Numba's public API (``njit`` and its options, the
``pipeline_class`` hook, ``cache=True``). Three parts of cuesim go further and lean on Numba's
private classes, whose names move from release to release:

- the **link-only compile** (:mod:`sim.kernels.link_only`): a compiled-only kernel's code is
  linked into its callers, never optimised and emitted on its own (the first compile about a
  third shorter);
- the **kernel cache** (:mod:`sim.kernels.cache_format`): cached kernels read without refreshing
  Numba's compiler and kept as machine code without bitcode (the warm start about 0.2 s
  shorter);
- the **two-entry kernels** (:class:`sim.kernels.jit.KernelOfBoth`, a subclass of Numba's
  dispatcher): a kernel that kernels and Python both call, one compile for each; a call from
  Python goes through it, which is where the engine's Python path is switched
  (:mod:`sim.kernels.python_path`).

:data:`FAST_PATH` checks, once, at import, that every name each part relies on is there
(:data:`NEEDS`). A part whose names are missing is not used: kernels are compiled and cached
Numba's own way, and one line says so (logger ``sim``, to stderr when logging is not set up).
The kernels' code is the same either way, and so are the event logs
(``tests/sim/test_numba_fast_path.py`` runs the pinned shots with every part off). Without the
two-entry kernels there is no Python path: the first shot waits for the compile, as any Numba
program does. What is read from instances (a code library's attributes) is checked when the
first link-only kernel compiles (:func:`sim.kernels.link_only.library_is_usable`).

``CUESIM_NUMBA_FAST_PATH=0`` in the environment turns the link-only compile and the kernel cache
off (a check of the fallback, or a way round a Numba that has the names but changed what they
do); the two-entry kernels stay, built on Numba's own compiler.
"""

from __future__ import annotations

import importlib
import inspect
import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numba

LINK_ONLY = "link-only compile"
KERNEL_CACHE = "kernel cache"
TWO_ENTRY = "two-entry kernels"

#: What each part reads from Numba: (module, dotted attribute path) pairs.
NEEDS: dict[str, tuple[tuple[str, str], ...]] = {
    LINK_ONLY: (
        ("numba.core.codegen", "JITCodeLibrary.finalize"),
        ("numba.core.codegen", "JITCodeLibrary.get_pointer_to_function"),
        ("numba.core.codegen", "JITCodeLibrary._raise_if_finalized"),
        ("numba.core.codegen", "JITCodeLibrary._ensure_finalized"),
        ("numba.core.codegen", "JITCodeLibrary._get_module_for_linking"),
        ("numba.core.compiler", "CompilerBase"),
        ("numba.core.compiler", "DefaultPassBuilder.define_nopython_pipeline"),
        ("numba.core.compiler_lock", "require_global_compiler_lock"),
        ("numba.core.compiler_machinery", "LoweringPass"),
        ("numba.core.compiler_machinery", "register_pass"),
        ("numba.core.compiler_machinery", "PassManager.add_pass_after"),
        ("numba.core.typed_passes", "AnnotateTypes"),
    ),
    KERNEL_CACHE: (
        ("numba.core.caching", "FunctionCache._load_overload"),
        ("numba.core.caching", "FunctionCache._guard_against_spurious_io_errors"),
        ("numba.core.caching", "FunctionCache._impl_class"),
        ("numba.core.caching", "CompileResultCacheImpl.reduce"),
        ("numba.core.caching", "CompileResultCacheImpl.rebuild"),
        ("numba.core.compiler", "CompileResult._reduce"),
        ("numba.core.environment", "Environment._memo"),
        ("numba.core.environment", "lookup_environment"),
        ("numba.core.runtime", "rtsys.initialize"),
        ("numba.core.codegen", "JITCodeLibrary.enable_object_caching"),
        ("numba.core.codegen", "JITCodeLibrary._set_compiled_object"),
        ("numba.core.codegen", "JITCodeLibrary._finalize_final_module"),
    ),
    TWO_ENTRY: (
        ("numba.core.registry", "CPUDispatcher"),
        ("numba.core.compiler", "Compiler"),
    ),
}

#: The fields of Numba's ``CompileResult`` the kernel cache builds one with
#: (:meth:`sim.kernels.cache_format.MachineCodeCacheImpl.rebuild`).
COMPILE_RESULT_FIELDS = frozenset(
    {
        "target_context", "typing_context", "library", "environment", "entry_point", "fndesc",
        "type_annotation", "signature", "objectmode", "lifted", "typing_error", "call_helper",
        "metadata", "reload_init", "referenced_envs",
    }
)  # fmt: skip

#: The parameters a two-entry kernel hands Numba's dispatcher when it makes itself.
DISPATCHER_PARAMETERS = ("py_func", "locals", "targetoptions", "pipeline_class")

#: The environment variable that turns the link-only compile and the kernel cache off at "0".
SWITCH = "CUESIM_NUMBA_FAST_PATH"

log = logging.getLogger("sim")


@dataclass(frozen=True)
class FastPath:
    """Which parts this Numba allows (see the module).

    Attributes:
        used: the names of the parts used (keys of :data:`NEEDS`).
        missing: the names looked for and not found, as ``module.Attribute.path``.
        switched_off: ``CUESIM_NUMBA_FAST_PATH=0`` turned the speed-ups off.
    """

    used: frozenset[str]
    missing: tuple[str, ...] = ()
    switched_off: bool = False

    @property
    def link_only(self) -> bool:
        return LINK_ONLY in self.used

    @property
    def kernel_cache(self) -> bool:
        return KERNEL_CACHE in self.used

    @property
    def two_entry(self) -> bool:
        return TWO_ENTRY in self.used

    @property
    def tag(self) -> str:
        """A short name of the parts used, part of the kernel cache's folder name (a cache
        written one way is never read another)."""
        if self.used == frozenset(NEEDS):
            return "fast"
        return "numba-" + "".join(name[0] for name in sorted(self.used))

    def notice(self) -> str | None:
        """The one line saying which parts are off and why, or None when every one is used."""
        off = [name for name in NEEDS if name not in self.used]
        if not off:
            return None
        if self.switched_off:
            why = f"{SWITCH}=0"
        else:
            shown = ", ".join(self.missing[:3]) + (" ..." if len(self.missing) > 3 else "")
            why = f"Numba {numba.__version__} lacks {shown}"
        return (
            f"cuesim: {why}; the {' and the '.join(off)} use Numba's own (a slower first "
            "compile or start, the same results)"
        )


def _resolve(module_name: str, path: str) -> Any:
    """``module.path``, or raise ``ImportError`` / ``AttributeError``."""
    value: Any = importlib.import_module(module_name)
    for part in path.split("."):
        value = getattr(value, part)
    return value


def missing_names(needs: tuple[tuple[str, str], ...]) -> list[str]:
    """The names of ``needs`` that this Numba does not have."""
    missing = []
    for module_name, path in needs:
        try:
            _resolve(module_name, path)
        except (ImportError, AttributeError):
            missing.append(f"{module_name}.{path}")
    return missing


def _missing_beyond_names(part: str) -> list[str]:
    """What a part needs besides names, once its names are there: the compile result's fields
    (kernel cache), the dispatcher's parameters (two-entry kernels)."""
    if part == KERNEL_CACHE:
        fields = set(getattr(_resolve("numba.core.compiler", "CompileResult"), "_fields", ()))
        return [f"numba.core.compiler.CompileResult.{f}" for f in COMPILE_RESULT_FIELDS - fields]
    if part == TWO_ENTRY:
        init = _resolve("numba.core.registry", "CPUDispatcher").__init__
        try:
            parameters: Mapping[str, Any] = inspect.signature(init).parameters
        except (TypeError, ValueError):
            parameters = {}
        return [
            f"numba.core.registry.CPUDispatcher.__init__({name}=)"
            for name in DISPATCHER_PARAMETERS
            if name not in parameters
        ]
    return []


def check_fast_path(
    needs: Mapping[str, tuple[tuple[str, str], ...]] | None = None,
    environ: Mapping[str, str] | None = None,
) -> FastPath:
    """Which parts this Numba allows: each one whose names are all there (``needs``:
    :data:`NEEDS` by default); ``CUESIM_NUMBA_FAST_PATH=0`` in ``environ`` (the process's
    environment by default) leaves out the link-only compile and the kernel cache."""
    needs = NEEDS if needs is None else needs
    environ = os.environ if environ is None else environ
    switched_off = environ.get(SWITCH, "").strip() == "0"
    used = set()
    missing: list[str] = []
    for part, names in needs.items():
        if switched_off and part in (LINK_ONLY, KERNEL_CACHE):
            continue
        lacking = missing_names(names)
        if not lacking and part in NEEDS:
            lacking = _missing_beyond_names(part)
        missing += lacking
        if not lacking:
            used.add(part)
    return FastPath(frozenset(used), tuple(missing), switched_off)


#: The notices logged so far in this process.
_SAID: set[str] = set()


def say_once(message: str | None) -> None:
    """Log ``message`` (a warning of logger ``sim``) the first time it is asked for."""
    if message is not None and message not in _SAID:
        _SAID.add(message)
        log.warning(message)


#: This process's answer, checked at import.
FAST_PATH = check_fast_path()
say_once(FAST_PATH.notice())
