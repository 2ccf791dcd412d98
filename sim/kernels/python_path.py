"""The engine's Python path: every kernel run as plain Python, while the compiled one is built.

The kernels are plain Python functions that Numba compiles; run as Python (what
``NUMBA_DISABLE_JIT=1`` does to a whole process) they give the same event logs, bit for bit
(``tests/sim/test_python_path.py``), about a hundred times slower: a 9-ball break takes about
20 ms instead of 0.15. That is fast enough to play while the compiled kernels are built in the
background (:mod:`sim.engine`).

In one process both exist side by side. A kernel Python calls is a :class:`KernelEntry` (or a
two-entry kernel, :class:`sim.kernels.jit.KernelOfBoth`): a call goes to the compiled kernel
when :data:`ROUTE` says so, and otherwise to the kernel's **twin**: its Python function, made
again over a copy of its module's globals in which every kernel is replaced by its own twin
(:func:`twin_of`), so that a twin calls twins all the way down and nothing compiles. A shot
runs wholly on one side: the route is read once per call from Python.

The route starts compiled (a library user's first call compiles, as any Numba program does);
:func:`sim.engine.start_engine` turns the Python path on until the compiled kernels are loaded.
A thread can call the compiled kernels while the others use the Python path
(:func:`compiled_here`): the engine loads the compiled kernels that way before it switches.
"""

from __future__ import annotations

import sys
import threading
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import numba
from numba.core.dispatcher import Dispatcher


class Route:
    """Where calls from Python go: ``compiled`` True for the compiled kernels (the default),
    False for the twins (see the module)."""

    __slots__ = ("compiled",)

    def __init__(self) -> None:
        self.compiled = True


#: The process's route.
ROUTE = Route()

#: Per thread: ``compiled`` set while :func:`compiled_here` is open.
_HERE = threading.local()


@contextmanager
def compiled_here() -> Iterator[None]:
    """While open, this thread's calls go to the compiled kernels whatever :data:`ROUTE` says."""
    before = getattr(_HERE, "compiled", False)
    _HERE.compiled = True
    try:
        yield
    finally:
        _HERE.compiled = before


def jit_enabled() -> bool:
    """Whether Numba compiles at all (not under ``NUMBA_DISABLE_JIT=1``, where every kernel is
    its Python function and there is nothing to build)."""
    return not numba.config.DISABLE_JIT  # type: ignore[attr-defined]


def runs_compiled() -> bool:
    """Whether a call from Python made now, in this thread, runs the compiled kernel."""
    return ROUTE.compiled or getattr(_HERE, "compiled", False)


class KernelEntry:
    """A kernel called only from Python (``@kernel(from_python=True)``): a call runs its compiled
    dispatcher (:attr:`compiled`) or, on the Python path, its twin. Every attribute not its own
    is the dispatcher's (``signatures``, ``py_func``, ``targetoptions`` ...)."""

    __slots__ = ("compiled",)

    def __init__(self, compiled: Any) -> None:
        self.compiled = compiled

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if ROUTE.compiled:
            return self.compiled(*args, **kwargs)
        return call_on_route(self.compiled, args, kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.compiled, name)

    def __repr__(self) -> str:
        return f"KernelEntry({self.compiled!r})"


def call_on_route(dispatcher: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    """``dispatcher(*args, **kwargs)`` where the route says (see :func:`runs_compiled`): the
    compiled kernel, or its twin."""
    if runs_compiled():
        return dispatcher(*args, **kwargs)
    return twin_of(dispatcher.py_func)(*args, **kwargs)


def python_function(value: Any) -> types.FunctionType | None:
    """The Python function of a kernel (a dispatcher, a :class:`KernelEntry`), or None for
    anything else."""
    if isinstance(value, KernelEntry):
        value = value.compiled
    if isinstance(value, Dispatcher):
        py_func = value.py_func
        return py_func if isinstance(py_func, types.FunctionType) else None
    return None


#: Twins made so far, by the code object of their function (some of their globals may still be
#: being filled); those whose globals are filled, read without the lock; module globals copied.
_TWINS: dict[types.CodeType, types.FunctionType] = {}
_READY: dict[types.CodeType, types.FunctionType] = {}
_SHADOWS: dict[str, dict[str, Any]] = {}
_UNFILLED: list[str] = []
_MAKING = threading.Lock()


def twin_of(fn: Callable[..., Any]) -> types.FunctionType:
    """The twin of the kernel function ``fn``: the same code over its module's globals with
    every kernel replaced by its twin (made once, then kept; thread-safe)."""
    code = getattr(fn, "__code__", None)
    twin = _READY.get(code) if code is not None else None
    if twin is not None:
        return twin
    with _MAKING:
        twin = _twin(fn)
        while _UNFILLED:
            _fill(_UNFILLED.pop())
        _READY.update(_TWINS)
    return twin


def _twin(fn: Callable[..., Any]) -> types.FunctionType:
    """The twin of ``fn``, made if need be (its module's globals copied, not filled yet)."""
    if not isinstance(fn, types.FunctionType):
        raise TypeError(f"a kernel's Python function is a plain function, got {fn!r}")
    twin = _TWINS.get(fn.__code__)
    if twin is None:
        shadow = _SHADOWS.get(fn.__module__)
        if shadow is None:
            shadow = _SHADOWS[fn.__module__] = {}
            _UNFILLED.append(fn.__module__)
        twin = types.FunctionType(fn.__code__, shadow, fn.__name__, fn.__defaults__, fn.__closure__)
        twin.__kwdefaults__ = fn.__kwdefaults__
        twin.__qualname__ = fn.__qualname__
        twin.__doc__ = fn.__doc__
        _TWINS[fn.__code__] = twin
    return twin


def _fill(module_name: str) -> None:
    """Fill the copy of a module's globals: every global as it is, each kernel replaced by its
    twin (which may copy more modules, filled in turn)."""
    shadow = _SHADOWS[module_name]
    for name, value in vars(sys.modules[module_name]).items():
        fn = python_function(value)
        shadow[name] = value if fn is None else _twin(fn)
