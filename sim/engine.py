"""The compiled engine: playing at once on a cold cache, and waiting for it with progress.

The engine's kernels are compiled by Numba; the first compile takes tens of seconds (about 25 s
on the 2-core development machine), later starts load them from the cache in a fraction of a
second. A program that must answer at once calls :func:`start_engine`: from then on, shots run
on the **Python path** (the same kernels as plain Python, identical results, about a hundred
times slower: a 9-ball break in about 20 ms) while the compiled kernels are built by a process
of its own that fills the cache (:mod:`sim.engine_build`), or loaded from the cache when it is
warm; once loaded, calls switch to them between two calls, with no change but the speed.
``cuesim play``, ``cuesim shot`` and ``cuesim judge`` do that.

Work that needs thousands of shots (a study, the full aim preview, the computer player's
search, a match between computer players) asks first::

    status = sim.engine_status()          # never blocks, starts nothing
    if not status.ready:
        status = sim.wait_for_engine(lambda s: print(s.words))   # or play on a reduced budget

:func:`engine_status` says whether the compiled engine is ready, and while it is being built how
far it has got and how long it has left (``fraction``, ``seconds_left``, ``words``); the
progress is the build's own (Numba's events: :mod:`sim.engine_progress`), not elapsed time.
:func:`wait_for_engine` starts what is needed and waits, calling ``progress`` with the status
about ten times a second.

A program that never calls either (a script, a test) compiles on its first shot, in its own
process, as any Numba program does. Under ``NUMBA_DISABLE_JIT=1`` there is nothing to build:
the status says ``python only`` at once. Where this Numba leaves no Python path
(:mod:`sim.kernels.numba_support`), :func:`start_engine` compiles in a thread of this process and
the first shot waits for it.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import numba

from sim.engine_files import EngineFiles, engine_files, read_json
from sim.engine_progress import BuildClock
from sim.kernels.numba_support import FAST_PATH
from sim.kernels.python_path import ROUTE, compiled_here, jit_enabled

if TYPE_CHECKING:  # the builder's module and subprocess are imported when a build starts
    import subprocess

#: The program a builder process runs (:func:`sim.engine_build.build`), as ``python -c``.
BUILDER_CODE = "from sim.engine_build import build; raise SystemExit(build())"

#: Phases of the engine in this process.
NOT_STARTED = "not started"  #: nothing asked: a call compiles, or loads from the cache, itself
LOADING = "loading"  #: the cache is complete; loading it (a fraction of a second)
BUILDING = "building"  #: a process of its own builds the engine into the cache
COMPILING_HERE = "compiling here"  #: a thread of this process compiles (no builder possible)
COMPILED = "compiled"  #: calls run the compiled kernels
PYTHON_ONLY = "python only"  #: NUMBA_DISABLE_JIT=1: the kernels are Python, nothing to build
FAILED = "failed"  #: neither the build nor a compile here worked; calls stay on the Python path

#: How often the watcher looks at the builder, s.
POLL_S = 0.1

#: The seconds a load from a complete cache is expected to take (the window's progress).
LOAD_SECONDS = 0.3


class EngineBuildError(RuntimeError):
    """The compiled engine could not be built (the message says why); shots still run on the
    Python path."""


@dataclass(frozen=True)
class EngineStatus:
    """Where the compiled engine stands in this process (:func:`engine_status`).

    Attributes:
        phase: one of ``not started``, ``loading``, ``building``, ``compiling here``,
            ``compiled``, ``python only``, ``failed`` (see the module's constants).
        ready: shots run at the compiled speed now: the kernels are loaded (``compiled``), or
            nothing was started and the cache is complete (a first call loads it in a fraction
            of a second).
        python_path: shots run on the Python path now (the same results, slower).
        fraction: the share of the compiled engine's preparation done, 0..1.
        seconds_left: the time it should still take, s (None: not known yet).
        error: why it failed, in words (``failed`` only).
    """

    phase: str
    ready: bool
    python_path: bool
    fraction: float
    seconds_left: float | None = None
    error: str | None = None

    @property
    def words(self) -> str:
        """The status in a player's words, one line."""
        if self.phase in (BUILDING, COMPILING_HERE):
            left = "" if self.seconds_left is None else f", about {self.seconds_left:.0f} s left"
            return f"Compiling the fast engine: {100 * self.fraction:.0f} %{left}"
        if self.phase == NOT_STARTED:
            return "The fast engine is cached" if self.ready else "The fast engine is not built"
        return {
            LOADING: "Loading the fast engine",
            COMPILED: "The fast engine is ready",
            PYTHON_ONLY: "The engine runs as plain Python (NUMBA_DISABLE_JIT=1)",
        }.get(self.phase, f"The fast engine could not be built: {self.error}")


class _Engine:
    """This process's engine state (one instance, :data:`_ENGINE`)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.phase = NOT_STARTED
        self.error: str | None = None
        self.done = threading.Event()
        self.builder: subprocess.Popen[bytes] | None = None
        self.clock: BuildClock | None = None  # the clock of a compile in this process
        self.load_started = 0.0
        self._read: tuple[float, BuildClock | None] = (0.0, None)  # the builder's, when read

    def start(self) -> None:
        """Start what the engine needs (see :func:`start_engine`); once."""
        with self.lock:
            if self.phase != NOT_STARTED:
                return
            if not jit_enabled():
                self.phase = PYTHON_ONLY
                self.done.set()
                return
            files = engine_files()
            if FAST_PATH.two_entry:
                ROUTE.compiled = False
            if files.ready.exists():
                self.phase, self.load_started = LOADING, time.time()
            elif FAST_PATH.two_entry:
                self.phase = BUILDING
                self.builder = _start_builder(files)
            else:
                self.phase = COMPILING_HERE
        threading.Thread(target=self._watch, args=(files,), daemon=True).start()

    def _watch(self, files: EngineFiles) -> None:
        """Wait for the builder, then load the compiled kernels into this process and switch
        to them (a daemon thread)."""
        try:
            if self.phase == BUILDING:
                self._wait_for_builder(files)
            if self.phase == COMPILING_HERE:
                self.clock = BuildClock(started=time.time())
            self._load()
        except Exception as exc:
            self.phase, self.error = FAILED, f"{type(exc).__name__}: {exc}"
        finally:
            self.done.set()

    def _wait_for_builder(self, files: EngineFiles) -> None:
        """Until the cache is complete. A builder of ours that fails, or no builder at all (one
        cannot be started, or another process's stopped and a second start of ours did too),
        leaves the compile to this process."""
        from sim.engine_build import lock_is_held

        started_again = False
        while not files.ready.exists():
            ours = self.builder
            if ours is not None:
                code = ours.poll()
                if code is not None:  # it built, failed, or found another builder at work
                    self.builder = None
                    if code != 0:
                        self.phase = COMPILING_HERE
                        return
                    continue
            elif not lock_is_held(files) and not files.ready.exists():
                if not started_again:
                    started_again = True
                    self.builder = _start_builder(files)
                    if self.builder is not None:
                        continue
                self.phase = COMPILING_HERE
                return
            time.sleep(POLL_S)
        self.phase, self.load_started = LOADING, time.time()

    def _load(self) -> None:
        """Load (or, compiling here, compile) every kernel entry point in this thread, then
        route every call to the compiled kernels."""
        from sim.warmup import warmup

        with compiled_here(), _listening_to(self.clock):
            warmup()
        ROUTE.compiled = True
        self.phase = COMPILED

    def _builder_clock(self) -> BuildClock | None:
        """The background build's clock as it last wrote it (None: nothing written yet), read
        at most every ``POLL_S`` (a window asks every frame)."""
        read_at, clock = self._read
        now = time.monotonic()
        if now - read_at >= POLL_S:
            data = read_json(engine_files().progress)
            clock = None if data is None else BuildClock.from_json(data)
            self._read = (now, clock)
        return clock

    def status(self) -> EngineStatus:
        phase = self.phase
        python_path = not ROUTE.compiled
        if phase == COMPILED:
            return EngineStatus(phase, True, False, 1.0, 0.0)
        if phase == NOT_STARTED:
            ready = not jit_enabled() or engine_files().ready.exists()
            return EngineStatus(phase, ready and jit_enabled(), False, 1.0 if ready else 0.0)
        if phase == PYTHON_ONLY:
            return EngineStatus(phase, False, True, 0.0)
        if phase == FAILED:
            return EngineStatus(phase, False, python_path, 0.0, None, self.error)
        if phase == LOADING:
            left = max(0.05, LOAD_SECONDS - (time.time() - self.load_started))
            return EngineStatus(phase, False, python_path, 0.99, left)
        clock = self.clock if phase == COMPILING_HERE else self._builder_clock()
        if clock is None:
            return EngineStatus(phase, False, python_path, 0.0)
        now = time.time()
        return EngineStatus(
            phase, False, python_path, min(0.99, clock.fraction(now)), clock.seconds_left(now)
        )


@contextlib.contextmanager
def _listening_to(clock: BuildClock | None) -> Any:
    """While open, a compile in this process moves ``clock`` (nothing when it is None)."""
    if clock is None:
        yield
        return
    from sim.engine_build import ProgressWriter, listening

    with listening(ProgressWriter(None, clock)):
        yield


def _start_builder(files: EngineFiles) -> subprocess.Popen[bytes] | None:
    """A builder process (:func:`sim.engine_build.build`) in a session of its own, importing
    this very ``sim`` and writing this process's cache; None when one runs already (another
    process started it) or none can be started."""
    import subprocess

    from sim.engine_build import lock_is_held

    if lock_is_held(files):
        return None
    root = str(Path(__file__).resolve().parent.parent)
    env = dict(os.environ)
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    env["NUMBA_CACHE_DIR"] = str(numba.config.CACHE_DIR)  # type: ignore[attr-defined]
    log: IO[bytes] | int = subprocess.DEVNULL
    try:
        files.folder.mkdir(parents=True, exist_ok=True)
        log = open(files.log, "wb")  # noqa: SIM115 (handed to the child)
        return subprocess.Popen(
            [sys.executable, "-c", BUILDER_CODE],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=log,
            env=env,
            start_new_session=True,
        )
    except OSError:
        return None
    finally:
        if not isinstance(log, int):
            log.close()


_ENGINE = _Engine()


def _forked_child_starts_afresh() -> None:
    """In a child forked while the engine was loading or building (its threads are not the
    child's), start from nothing: the child compiles or loads the kernels on its first call."""
    global _ENGINE
    if _ENGINE.phase in (LOADING, BUILDING, COMPILING_HERE):
        _ENGINE = _Engine()
        ROUTE.compiled = True


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forked_child_starts_afresh)


def start_engine() -> EngineStatus:
    """Make shots playable at once, and the compiled engine ready as soon as it can be.

    From this call on, shots run on the Python path until the compiled kernels are loaded in
    this process: loaded from the cache when it is complete (a fraction of a second, in a
    thread), else built by a background process (:mod:`sim.engine_build`; one at a time, however
    many processes ask) and loaded when it is done; calls switch to the compiled kernels then.
    Safe to call again (it starts nothing twice) and from any thread; returns the status.
    """
    _ENGINE.start()
    return engine_status()


def engine_status() -> EngineStatus:
    """Where the compiled engine stands (never blocks, starts nothing): see
    :class:`EngineStatus`."""
    return _ENGINE.status()


def wait_for_engine(
    progress: Callable[[EngineStatus], object] | None = None,
    *,
    timeout_s: float | None = None,
    every_s: float = POLL_S,
) -> EngineStatus:
    """Start the compiled engine if need be (:func:`start_engine`) and wait until its kernels
    run, calling ``progress`` with the status every ``every_s`` seconds and once at the end;
    returns the last status (``ready`` True, or ``phase == "python only"`` under
    ``NUMBA_DISABLE_JIT=1``, or not ready when ``timeout_s`` ran out). Raises
    :class:`EngineBuildError` when the engine could not be built (shots still run on the Python
    path)."""
    status = start_engine()
    deadline = None if timeout_s is None else time.monotonic() + timeout_s
    while not _ENGINE.done.is_set():
        if progress is not None:
            progress(status)
        wait = every_s
        if deadline is not None:
            wait = min(wait, deadline - time.monotonic())
            if wait <= 0:
                return engine_status()
        _ENGINE.done.wait(wait)
        status = engine_status()
    status = engine_status()
    if progress is not None:
        progress(status)
    if status.phase == FAILED:
        raise EngineBuildError(status.words)
    return status
