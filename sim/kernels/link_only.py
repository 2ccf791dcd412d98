"""The compile pipeline of a kernel that only compiled kernels call: its code is optimised and
turned into machine code once, inside the kernels called from Python, never on its own
(the first compile).

Numba finishes every function it compiles the same way (``CPUCodeLibrary.finalize``): it links
the code of every function it calls into its own LLVM module, runs LLVM's whole module
optimisation over the result, and emits machine code for all of it. A kernel's module thus
holds its whole call tree, and a kernel five calls below ``run_shot`` was optimised and emitted
six times, each time with everything under it. Only the kernels called from Python need machine
code: a compiled-only kernel has no CPython wrapper to call, and its callers inline or call the
copy linked into their own module.

So a compiled-only kernel's code lives in a :class:`LinkOnlyLibrary`: the per-function
optimisation that every Numba function gets when it is lowered (the function passes), then the
modules of its callees linked in, and nothing more. The module optimisation and the machine code
happen once, in the caller that Python calls, over the whole tree. The event logs are what
they were (the pinned hashes); ``benchmarks/ab_compile.py`` and ``benchmarks/ab_engine.py``
measure the compile and the speed side by side.

How: ``pipeline_class`` is Numba's documented hook for a custom compiler; this one is Numba's
nopython pipeline with one pass added before the lowering, which hands the lowering a
:class:`LinkOnlyLibrary` to write into (the lowering makes a plain library only when it is given
none). The library class leans on ``CPUCodeLibrary``'s private attributes: its methods are
checked at import (:mod:`sim.kernels.numba_support`, which imports this module only when they
are there), the attributes an instance holds (``_linking_libraries``, ``_final_module``,
``_finalized``) when the first link-only kernel compiles (:func:`library_is_usable`); without
them the kernel is lowered into Numba's own library, as any Numba function is, after a one-line
notice. ``_reload_init`` (the initialisers a cached library runs again on loading) is carried
over from the callees where Numba has it (0.63 and later). ``tests/sim/test_kernel_options.py``
checks that every kernel a kernel calls gets it, that it holds no machine code and that its
caller runs.
"""

from __future__ import annotations

from typing import Any

import numba
from numba.core.codegen import JITCodeLibrary
from numba.core.compiler import CompilerBase, DefaultPassBuilder
from numba.core.compiler_lock import require_global_compiler_lock
from numba.core.compiler_machinery import LoweringPass, register_pass
from numba.core.typed_passes import AnnotateTypes

from sim.kernels.numba_support import say_once

#: What a code library instance must hold for :meth:`LinkOnlyLibrary.finalize`.
INSTANCE_NEEDS = ("_codegen", "_linking_libraries", "_final_module", "_finalized")


class _CodegenWithoutEnvironment:
    """The JIT code generator, less its ``set_env``: Numba hands every function it compiles its
    environment (the Python objects its CPython wrapper, ``print`` or an exception carrying
    runtime values would need) by writing the address into the function's machine code, which a
    :class:`LinkOnlyLibrary` does not have. No compiled-only kernel uses its environment (their
    exceptions carry constant messages only); one that did would stop with Numba's "missing
    Environment" error, not read a stray address."""

    def __init__(self, codegen: Any) -> None:
        self._codegen = codegen

    def set_env(self, env_name: str, env: Any) -> None:
        """Nothing to write: the kernel has no machine code of its own."""

    def __getattr__(self, name: str) -> Any:
        return getattr(self._codegen, name)


class LinkOnlyLibrary(JITCodeLibrary):
    """The code of a compiled-only kernel: function-optimised LLVM IR with its callees' modules
    linked in, never optimised as a module nor emitted as machine code on its own (its callers
    do both over the code they link from it)."""

    @property
    def codegen(self) -> Any:
        """The code generator as the lowering sees it (see :class:`_CodegenWithoutEnvironment`)."""
        return _CodegenWithoutEnvironment(self._codegen)

    def finalize(self) -> None:
        """Link the callees' modules in (Numba's ``finalize`` less the module optimisation and
        the machine code)."""
        require_global_compiler_lock()
        self._raise_if_finalized()
        seen: set[Any] = set()
        reload_init = getattr(self, "_reload_init", None)  # Numba 0.63 and later
        for library in self._linking_libraries:
            if library not in seen:
                seen.add(library)
                if reload_init is not None:
                    reload_init.update(library._reload_init)
                self._final_module.link_in(library._get_module_for_linking(), preserve=True)
        self._final_module.verify()
        self._finalized = True

    def get_pointer_to_function(self, name: str) -> int:
        """0 for every name: the library has no machine code (Numba asks for the CPython
        wrapper's address, which a compiled-only kernel does not have either)."""
        self._ensure_finalized()
        return 0


#: Whether a :class:`LinkOnlyLibrary` holds what its ``finalize`` reads (None: not looked yet).
_usable: list[bool] = []


def library_is_usable(library: Any) -> bool:
    """Whether ``library``, the first :class:`LinkOnlyLibrary` made, holds every attribute of
    :data:`INSTANCE_NEEDS`; the answer is kept, and a missing attribute says so once."""
    if not _usable:
        missing = [name for name in INSTANCE_NEEDS if not hasattr(library, name)]
        _usable.append(not missing)
        if missing:
            say_once(
                f"cuesim: Numba {numba.__version__}'s code libraries lack "
                f"{', '.join(missing)}; the link-only compile uses Numba's own (a slower first "
                "compile, the same results)"
            )
    return _usable[0]


@register_pass(mutates_CFG=False, analysis_only=False)
class _UseLinkOnlyLibrary(LoweringPass):
    """Hand the lowering a :class:`LinkOnlyLibrary` to write the kernel's code into (or
    nothing, so that the lowering makes Numba's own, when :func:`library_is_usable` says no)."""

    _name = "cuesim_use_link_only_library"

    def __init__(self) -> None:
        LoweringPass.__init__(self)

    def run_pass(self, state: Any) -> bool:
        if state.library is None:
            codegen = state.targetctx.codegen()
            library = LinkOnlyLibrary(codegen, state.func_id.func_qualname)
            if library_is_usable(library):
                state.library = library
        return True


class LinkOnlyCompiler(CompilerBase):
    """Numba's nopython pipeline, its lowering writing into a :class:`LinkOnlyLibrary`."""

    def define_pipelines(self) -> list[Any]:
        pipeline = DefaultPassBuilder.define_nopython_pipeline(self.state)
        pipeline.add_pass_after(_UseLinkOnlyLibrary, AnnotateTypes)
        pipeline.finalize()
        return [pipeline]
