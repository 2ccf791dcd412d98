"""The form in which a kernel's compiled code is kept on disk: its machine code and the names it
defines, without the LLVM bitcode Numba keeps beside them.

Numba keeps each cached function as (machine code, bitcode of the module for linking). The
bitcode is there so that a later compile can link the cached function into another function's
module; loading an entry parses all of it (``llvmlite.binding.parse_bitcode``) and walks every
function and global of it for the names it defines. A kernel read from this cache is never
linked into anything: kernels call the link-only compile of a kernel (``sim.kernels.jit``),
never a cached one (``tests/sim/test_kernel_options.py`` finds every call a kernel makes).
So an entry here keeps the machine code and the list of names, read back in microseconds; for
``run_shot`` the parse and the walk were about 60 ms of a fresh process's first shot.

An entry also keeps the environments of the functions compiled into it (one per function:
Numba's ``Environment``, the module globals and constants an object-mode function would read).
Numba rebuilds each by importing its module; for the overloads of Numba's own library that
imports modules a shot never needs (``numba.np.arrayobj``, ``numba.cpython.unicode``, ...,
about 50 ms). Compiled without object mode, the code reads an environment's constants only,
never its globals: an environment with no constants whose module is not imported yet gets a
globals dict holding only the module's name, and its module is not imported.

An entry in Numba's own form (a cache written before this module, or by a Numba whose entry
this cannot read) is read Numba's way.

Reading: :class:`KernelCache`, the cache of every kernel called from Python. Numba's own cache,
before it reads an entry, refreshes the whole compiler (it imports and registers every typing
and lowering module Numba has: linear algebra, polynomials, typed containers, dates ...),
which a compiled entry never uses: its machine code is linked against Numba's runtime only.
The kernel cache starts the runtime alone and reads the entry; a kernel that is not in the
cache is compiled as before, and Numba's compiler refreshes itself when it starts. A fresh
process with a warm cache: import + first shot about 0.15 s faster (``warm_import_shot`` of
``cuesim bench``), a study worker 8 MiB smaller at its peak.

This module reads Numba's private classes; it is imported only where
:mod:`sim.kernels.numba_support` found every name it uses, and an entry that still fails to
load is read Numba's way, then, failing that too, compiled again (a miss, never an error).
"""

from __future__ import annotations

import sys
from typing import Any

from numba.core import compiler
from numba.core.caching import CompileResultCacheImpl, FunctionCache
from numba.core.environment import Environment, lookup_environment
from numba.core.runtime import rtsys

#: The serialisation kind of a library kept as machine code and defined names
#: (Numba's own kinds are "bitcode" and "object").
MACHINE_CODE_ONLY = "cuesim-machine-code"

#: Where in ``CompileResult._reduce``'s tuple the library, the function's environment and the
#: referenced environments are (Numba 0.59-0.68: libdata, fndesc, environment, signature,
#: objectmode, lifted, typeann, reload_init, referenced_envs).
_LIBRARY, _ENVIRONMENT, _REFERENCED = 0, 2, 8
_PAYLOAD_FIELDS = 9


def _env_recipe(env: Environment) -> tuple[Any, list[Any], str]:
    """What rebuilds ``env``: (its module's name, its constants, its name)."""
    return (env.globals.get("__name__"), list(env.consts), env.env_name)


def _env_from_recipe(recipe: tuple[Any, list[Any], str]) -> Environment:
    """The environment ``recipe`` describes: the live one of that name if there is one, else a
    new one whose globals are its module's (imported only when it has constants or is imported
    already: see the module)."""
    modname, consts, env_name = recipe
    env = lookup_environment(env_name)
    if env is not None:
        return env
    module = sys.modules.get(modname)
    if module is None and consts:
        import importlib

        module = importlib.import_module(modname)
    env = Environment(module.__dict__ if module is not None else {"__name__": modname})
    env.consts[:] = consts
    env.env_name = env_name
    Environment._memo[env_name] = env  # Numba's table of live environments, by name
    return env


def _library_from_machine_code(codegen: Any, name: str, object_code: bytes, names: Any) -> Any:
    """A code library of ``codegen`` holding ``object_code`` (the machine code of a library
    called ``name``) that defines ``names``: Numba's loading of an "object" entry
    (``CPUCodeLibrary._unserialize``) less the parse and walk of its bitcode."""
    library = codegen.create_library(name)
    library.enable_object_caching()
    library._set_compiled_object(object_code)
    library._finalize_final_module()  # adds the (empty) module: the JIT takes the machine code
    codegen._engine._defined_symbols.update(names)
    return library


class MachineCodeCacheImpl(CompileResultCacheImpl):
    """Numba's ``CompileResultCacheImpl`` keeping a compile result's library as machine code
    and defined names, and its environments as recipes (see the module)."""

    def reduce(self, cres: Any) -> tuple[Any, ...]:
        """The entry kept for ``cres``: Numba's, with the library and environments slimmed
        (Numba's own where that cannot be done)."""
        try:
            return self._slimmed(cres)
        except Exception:
            return super().reduce(cres)

    def _slimmed(self, cres: Any) -> tuple[Any, ...]:
        payload = list(cres._reduce())
        if len(payload) != _PAYLOAD_FIELDS:
            return tuple(payload)  # a Numba of another layout: its own form
        name, kind, data = payload[_LIBRARY]
        if kind != "object":
            return tuple(payload)
        linking = cres.library._get_module_for_linking()
        names = sorted(
            {
                g.name
                for g in (*linking.functions, *linking.global_variables)
                if not g.is_declaration
            }
        )
        payload[_LIBRARY] = (name, MACHINE_CODE_ONLY, (data[0], tuple(names)))
        payload[_ENVIRONMENT] = _env_recipe(payload[_ENVIRONMENT])
        payload[_REFERENCED] = tuple(_env_recipe(env) for env in payload[_REFERENCED])
        return tuple(payload)

    def rebuild(self, target_context: Any, payload: Any) -> Any:
        """The compile result kept as ``payload``, in either form."""
        if payload[_LIBRARY][1] != MACHINE_CODE_ONLY:
            return super().rebuild(target_context, payload)
        (name, _, (object_code, names)), fndesc, env_recipe = payload[:3]
        signature, objectmode, lifted, typeann, reload_init, referenced = payload[3:]
        for fn in reload_init or ():
            fn()
        environment = _env_from_recipe(env_recipe)
        referenced_envs = tuple(_env_from_recipe(r) for r in referenced)
        library = _library_from_machine_code(target_context.codegen(), name, object_code, names)
        make_result: Any = compiler.CompileResult  # a named tuple Numba builds at run time
        cres = make_result(
            target_context=target_context,
            typing_context=target_context.typing_context,
            library=library,
            environment=environment,
            entry_point=target_context.get_executable(library, fndesc, environment),
            fndesc=fndesc,
            type_annotation=typeann,
            signature=signature,
            objectmode=objectmode,
            lifted=lifted,
            typing_error=None,
            call_helper=None,
            metadata=None,
            reload_init=reload_init,
            referenced_envs=referenced_envs,
        )
        for env in referenced_envs:
            library.codegen.set_env(env.env_name, env)
        return cres


class KernelCache(FunctionCache):
    """Numba's cache of one kernel's compiled code, read without refreshing the compiler.

    ``load_overload`` is Numba's (``numba.core.caching.Cache``) less its first step, the
    refresh of the target context; it starts the reference-counting runtime instead, the one
    part of that refresh the cached machine code needs (see the module). Should an entry fail
    to load that way (a Numba whose cached code needs more), it is read Numba's own way; should
    that fail too, the kernel is compiled again (``None``: not in the cache). Entries are kept
    as machine code without Numba's bitcode (:class:`MachineCodeCacheImpl`).
    """

    _impl_class = MachineCodeCacheImpl

    def load_overload(self, sig: Any, target_context: Any) -> Any:
        """The cached compile result of ``sig``, or None when it is not in the cache or cannot
        be read."""
        try:
            rtsys.initialize(target_context)
            with self._guard_against_spurious_io_errors():
                return self._load_overload(sig, target_context)
        except Exception:
            pass
        try:
            return super().load_overload(sig, target_context)
        except Exception:
            return None
