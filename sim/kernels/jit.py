"""How every engine kernel is compiled: the one decorator :func:`kernel`, so that the Numba
options live in one place.

Every kernel is compiled with ``error_model="numpy"``: a float division by zero gives the IEEE
result (inf or nan) instead of a branch and a ``ZeroDivisionError`` path behind every division.
The pinned logs and every test are unchanged by it; the exception paths were a large part of
the code Numba lowered and LLVM optimised, and the breaks run 12-18 % faster without them.

Options by role:

- ``from_python=True``: the kernel is called from Python (``simulate``, ``ShotResult``, the
  window's preview, the tests). It keeps its CPython wrapper and is cached on disk.
- otherwise the kernel is called only from compiled kernels. It gets no CPython wrapper
  (less code to lower, optimise and emit) and no cache entry of its own: its code is compiled
  into each caller's, which is what the cache keeps (a warm start loads the callers only).
  Its compiler is :class:`~sim.kernels.link_only.LinkOnlyCompiler`: Numba would optimise its
  module and emit machine code for it and everything it calls, only for each caller to do it
  all again; a link-only kernel leaves both to the kernel Python calls, once for the whole
  tree (the engine's first compile 50.3 -> 34.1 s side by side, `benchmarks/ab_compile.py`;
  breaks unchanged).
  Calling such a kernel from Python crashes the interpreter (there is no wrapper to call);
  ``tests/sim/test_kernel_options.py`` checks that nothing outside the kernels imports one.
- ``from_python=True, from_kernels=True``: called from Python and by kernels. Kernels call a
  link-only compile of it, Python a twin with the CPython wrapper and the cache
  (:class:`KernelOfBoth`), so the engine's compile never emits it on its own. The test finds
  every call a kernel makes to a kernel and fails on a plain ``from_python`` callee.
- ``inline=True``: LLVM always inlines the kernel into its callers (``forceinline``). The
  loop's steps pass whole segment and prediction bundles, and as calls the loop ran about 20 %
  slower. The kernel is compiled once, as a function of its own, then inlined.
- ``into_caller=True``, for a kernel with one call site: Numba inlines its body into the caller
  before typing (``inline="always"``), so it is typed and compiled once, as part of the caller,
  and never as a function of its own (no module of its own to optimise and emit, then optimise
  again inside the caller's). At a kernel called from many places this would copy, re-type and
  re-lower the body at every call site: those take ``inline=True``.

Reference counts: a compiled-only kernel is compiled without Numba's runtime (``_nrt=False``)
unless it is declared ``allocates=True``. With the runtime, every array a kernel reads out of a
bundle (``seg.pos``, ``pred.pair_t``, ...) is counted in and out with an atomic increment and
decrement; after inlining, about 40 % of a 9-ball break's time went to those two instructions
(``perf``: the runtime's incref and decref). Without it a kernel only borrows the arrays it is
handed, which is all the per-event steps do. A kernel that makes an array (``np.empty``,
``np.array``, array arithmetic), or is handed one a callee made, needs the runtime and says
``allocates=True``; Numba refuses to compile one that does not. A kernel without the runtime
must never return an array (its caller would release a reference it was never given):
``tests/sim/test_reference_counts.py`` checks every compiled signature for that, and that the
runtime's allocations balance over shots through every array-making path. A kernel called
from Python, or inlined by Numba (``into_caller``), has no runtime option of its own: Numba
gives it its caller's, so it has the runtime called from Python and, first compiled inside a
kernel without it, runs without it there too (the test checks the signatures as compiled,
these among them). Breaks 35-37 % faster, logs identical (benchmarks/ab_engine.py).

Loading from the cache: a kernel called from Python keeps its compiled code in a
:class:`~sim.kernels.cache_format.KernelCache`, read without refreshing Numba's compiler (a
fresh process with a warm cache: import + first shot about 0.15 s faster).

Calls from Python: a kernel Python calls is a :class:`~sim.kernels.python_path.KernelEntry` (or
a :class:`KernelOfBoth`), which runs the compiled kernel, or its plain-Python twin while the
engine runs on its Python path (:mod:`sim.kernels.python_path`, :mod:`sim.engine`).

Numba versions: the link-only compile, the kernel cache and :class:`KernelOfBoth` lean on
Numba's private classes; :mod:`sim.kernels.numba_support` checks once that what each needs is
there, and where it is not the kernels are compiled and cached Numba's own way (one line says
so; the same results).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import numba
from numba import njit
from numba.core.dispatcher import Dispatcher

from sim.kernels.numba_support import FAST_PATH
from sim.kernels.python_path import ROUTE, KernelEntry, runs_compiled, twin_of

if FAST_PATH.kernel_cache:
    from sim.kernels.cache_format import KernelCache
if FAST_PATH.link_only:
    from sim.kernels.link_only import LinkOnlyCompiler
if FAST_PATH.two_entry:
    from numba.core.compiler import Compiler
    from numba.core.registry import CPUDispatcher

    _DispatcherClass: Any = CPUDispatcher
else:  # never instantiated then: two-entry kernels are plain dispatchers (_kernel_of_both)
    _DispatcherClass = Dispatcher

#: Options every kernel is compiled with (no C-callable wrapper: no kernel is handed to C or
#: passed as a first-class function).
COMMON_OPTIONS: dict[str, Any] = {"error_model": "numpy", "no_cfunc_wrapper": True}

#: Options of a kernel that only compiled kernels call.
COMPILED_CALLERS_ONLY: dict[str, Any] = {"cache": False, "no_cpython_wrapper": True}


def kernel_options(
    *,
    inline: bool = False,
    into_caller: bool = False,
    from_python: bool = False,
    allocates: bool = False,
) -> dict[str, Any]:
    """The keyword arguments of ``numba.njit`` for a kernel of that role (see the module).
    ``allocates``: the kernel makes arrays or is handed arrays a callee made (it keeps Numba's
    reference-counting runtime; see the module)."""
    if inline and into_caller:
        raise ValueError("a kernel is inlined by LLVM (inline) or by Numba (into_caller), not both")
    options = dict(COMMON_OPTIONS)
    options.update({"cache": True} if from_python else COMPILED_CALLERS_ONLY)
    if not (from_python or into_caller):
        options["_nrt"] = allocates
        if FAST_PATH.link_only:
            options["pipeline_class"] = LinkOnlyCompiler
    if inline:
        options["forceinline"] = True
    if into_caller:
        options["inline"] = "always"
    return options


def _with_kernel_cache(dispatcher: Any) -> Any:
    """``dispatcher`` with its on-disk cache read through
    :class:`~sim.kernels.cache_format.KernelCache` where Numba allows it
    (:mod:`sim.kernels.numba_support`; with ``NUMBA_DISABLE_JIT=1`` Numba hands back the Python
    function itself, which has no cache)."""
    if FAST_PATH.kernel_cache and isinstance(dispatcher, Dispatcher):
        # Numba's own attribute, set by ``enable_caching`` (numba.core.dispatcher)
        dispatcher._cache = KernelCache(dispatcher.py_func)  # type: ignore[attr-defined]
    return dispatcher


class KernelOfBoth(_DispatcherClass):
    """A kernel that kernels and Python both call (``from_python=True, from_kernels=True``):
    two compiled things behind one name.

    The dispatcher itself is what kernels type and call: a compiled-only kernel whose code is
    linked into its callers (:mod:`sim.kernels.link_only`), with no CPython wrapper and no
    cache entry, so the engine's first compile optimises and emits it once, inside ``run_shot``.
    A call from Python goes to :attr:`python_entry`, the same function compiled with its
    CPython wrapper and cached, made the first time it is asked for and compiled (or read from
    the cache) the first time Python calls it (``sim.warmup`` and the tests do; a shot does not,
    so a fresh process making a shot never makes the 45 twins: about 10 ms of ``import sim``).
    """

    #: ``numba.njit``'s options of :attr:`python_entry` (``kernel_options(from_python=True)``).
    python_options: dict[str, Any]
    _python_entry: Any = None

    @property
    def python_entry(self) -> Any:
        """The kernel as Python calls it: ``numba.njit(**python_options)`` of the same
        function, read through :class:`KernelCache`; made once, on first use."""
        entry = self._python_entry
        if entry is None:
            with _TWINS_MADE_ONE_AT_A_TIME:
                if self._python_entry is None:
                    made = njit(**self.python_options)(self.py_func)
                    self._python_entry = _with_kernel_cache(made)
                entry = self._python_entry
        return entry

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if ROUTE.compiled or runs_compiled():
            return self.python_entry(*args, **kwargs)
        return twin_of(self.py_func)(*args, **kwargs)  # the Python path


#: Held while a :class:`KernelOfBoth` makes its Python twin, so that two threads calling it
#: first make one twin, not two.
_TWINS_MADE_ONE_AT_A_TIME = threading.Lock()


def _kernel_of_both(python_fn: Callable[..., Any], options: dict[str, Any]) -> Any:
    """``python_fn`` as a :class:`KernelOfBoth` (or, with ``NUMBA_DISABLE_JIT=1``, itself; or,
    where Numba's dispatcher cannot be made this way, one cached dispatcher that kernels and
    Python both call, as Numba's own ``njit`` makes it: see :mod:`sim.kernels.numba_support`)."""
    if numba.config.DISABLE_JIT:  # type: ignore[attr-defined]
        return python_fn
    if not FAST_PATH.two_entry:
        return _with_kernel_cache(njit(**options)(python_fn))
    engine_options = dict(options)
    engine_options.update(COMPILED_CALLERS_ONLY)
    del engine_options["cache"]
    engine_options.update({"nopython": True, "boundscheck": None})
    pipeline = LinkOnlyCompiler if FAST_PATH.link_only else Compiler
    both = KernelOfBoth(python_fn, locals={}, targetoptions=engine_options, pipeline_class=pipeline)
    both.python_options = options
    return both


def kernel(
    fn: Callable[..., Any] | None = None,
    *,
    inline: bool = False,
    into_caller: bool = False,
    from_python: bool = False,
    from_kernels: bool = False,
    allocates: bool = False,
) -> Any:
    """Compile ``fn`` as an engine kernel: ``@kernel``, ``@kernel(inline=True)``,
    ``@kernel(into_caller=True)``, ``@kernel(from_python=True)``, with ``allocates=True`` for a
    compiled-only kernel that makes arrays (:func:`kernel_options`). A kernel that Python calls
    and kernels call too says ``from_python=True, from_kernels=True`` (:class:`KernelOfBoth`);
    ``tests/sim/test_kernel_options.py`` finds every kernel called inside a kernel and checks
    that it is compiled-only or says so."""
    if from_kernels and not from_python:
        raise ValueError("from_kernels=True is for a kernel that Python calls too (from_python)")
    options = kernel_options(
        inline=inline, into_caller=into_caller, from_python=from_python, allocates=allocates
    )

    def decorate(python_fn: Callable[..., Any]) -> Any:
        if from_kernels:
            return _kernel_of_both(python_fn, options)
        dispatcher = njit(**options)(python_fn)
        if not options["cache"]:
            return dispatcher
        if not isinstance(dispatcher, Dispatcher):  # NUMBA_DISABLE_JIT=1: the function itself
            return dispatcher
        return KernelEntry(_with_kernel_cache(dispatcher))

    if fn is None:
        return decorate
    return decorate(fn)
