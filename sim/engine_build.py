"""The background build of the compiled engine: :func:`build`, run in a process of its own.

:func:`sim.engine.start_engine` starts this in a process of its own when the kernels' cache is
cold, so that the process which asked goes on playing shots on the Python path meanwhile
(:mod:`sim.kernels.python_path`) instead of waiting for the compile, and switches to the compiled
kernels once they are cached. The builder runs :func:`sim.warmup` (every kernel entry point
compiled and written to the cache, then the ``ready`` mark), holding ``build.lock`` so that one
builder runs at a time however many cuesim processes start, and writes its progress
(:class:`sim.engine_progress.BuildClock`, from Numba's event API) to ``progress.json`` as it goes
(:mod:`sim.engine_files`). Its own session: a ``cuesim shot`` that ends, or a window closed,
leaves it to finish, so that the next start is a warm one.

Exit status: 0 when the engine is built (or another builder holds the lock, or it was built
already), 1 when the build failed (the error is in ``progress.json`` and ``build.log``), 2 when
it was compiled but its cache could not be written (then the process that asked compiles for
itself).
"""

from __future__ import annotations

import contextlib
import json
import sys
import threading
import time
from collections.abc import Iterator
from typing import IO, Any

from sim.engine_files import EngineFiles, engine_files, read_json, write_atomically
from sim.engine_progress import BuildClock, BuildProfile

#: Seconds between two writes of the progress file (and the longest a reader waits for news).
WRITE_EVERY_S = 0.2

#: The kernel whose lowering pass is the machine code stage.
MACHINE_CODE_KERNEL = "run_shot"


def _held_lock(files: EngineFiles) -> IO[str] | None:
    """The build lock, held (the open file; closing it lets go), or None when another process
    holds it. Without ``fcntl`` (not a POSIX system) every builder goes ahead."""
    files.folder.mkdir(parents=True, exist_ok=True)
    handle = open(files.lock, "a+", encoding="utf-8")  # noqa: SIM115 (held while building)
    try:
        import fcntl
    except ImportError:
        return handle
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        return None
    return handle


def lock_is_held(files: EngineFiles) -> bool:
    """Whether a builder holds ``files``' build lock now (False without ``fcntl``)."""
    try:
        import fcntl
    except ImportError:
        return False
    try:
        with open(files.lock, "a+", encoding="utf-8") as handle:
            try:
                fcntl.flock(handle, fcntl.LOCK_SH | fcntl.LOCK_NB)
            except OSError:
                return True
            fcntl.flock(handle, fcntl.LOCK_UN)
            return False
    except OSError:
        return False


class ProgressWriter:
    """Keeps a :class:`BuildClock` fed from Numba's events and written to the progress file
    (at most every ``WRITE_EVERY_S`` on events, and every ``WRITE_EVERY_S`` by a timer while no
    event comes); with no ``files``, only fed (a compile in the process that reads it)."""

    def __init__(self, files: EngineFiles | None, clock: BuildClock) -> None:
        self.files = files
        self.clock = clock
        self._written = 0.0
        self._lock = threading.Lock()
        self._stop = threading.Event()

    def write(self, force: bool = False) -> None:
        if self.files is None:
            return
        now = time.time()
        with self._lock:
            if not force and now - self._written < WRITE_EVERY_S:
                return
            self._written = now
            text = json.dumps(self.clock.to_json())
        with contextlib.suppress(OSError):
            write_atomically(self.files.progress, text)

    def on_event(self, kind: str, data: Any, starts: bool) -> None:
        """One of Numba's events (see :mod:`sim.engine_progress`)."""
        if kind == "numba:compile":
            if not starts and _is_kernel(data.get("dispatcher")):
                self.clock.kernel_compiled()
                if data["dispatcher"].py_func.__name__ == MACHINE_CODE_KERNEL:
                    self.clock.machine_code_ends(time.time())
        elif starts and data.get("qualname") == MACHINE_CODE_KERNEL and _is_lowering(data):
            self.clock.machine_code_starts(time.time())
        self.write()

    def tick(self) -> None:
        """Write every ``WRITE_EVERY_S`` until :meth:`stop` (a daemon thread's loop)."""
        while not self._stop.wait(WRITE_EVERY_S):
            self.write()

    def stop(self) -> None:
        self._stop.set()


def _is_lowering(data: dict[str, Any]) -> bool:
    """Whether a ``numba:run_pass`` event is the lowering pass (named "native_lowering [f]")."""
    return str(data.get("name", "")).startswith("native_lowering")


def _is_kernel(dispatcher: Any) -> bool:
    """Whether a compiling dispatcher is one of the engine's kernels."""
    module = getattr(getattr(dispatcher, "py_func", None), "__module__", "") or ""
    return module.startswith("sim.kernels.")


@contextlib.contextmanager
def listening(writer: ProgressWriter) -> Iterator[None]:
    """While open, Numba's compile and pass events go to ``writer`` (nothing when this Numba
    has no event API: the progress then moves only at the end)."""
    try:
        from numba.core import event
    except ImportError:
        yield
        return

    class _Listener(event.Listener):
        def on_start(self, ev: Any) -> None:
            writer.on_event(ev.kind, ev.data or {}, True)

        def on_end(self, ev: Any) -> None:
            writer.on_event(ev.kind, ev.data or {}, False)

    listener = _Listener()
    kinds = ("numba:compile", "numba:run_pass")
    for kind in kinds:
        event.register(kind, listener)
    try:
        yield
    finally:
        for kind in kinds:
            event.unregister(kind, listener)


def build(files: EngineFiles | None = None) -> int:
    """Build the engine into the cache unless it is built or being built (see the module);
    returns the exit status."""
    files = files or engine_files()
    if files.ready.exists():
        return 0
    lock = _held_lock(files)
    if lock is None:
        return 0
    try:
        if files.ready.exists():
            return 0
        clock = BuildClock(started=time.time(), profile=load_profile(files))
        writer = ProgressWriter(files, clock)
        writer.write(force=True)
        ticker = threading.Thread(target=writer.tick, daemon=True)
        ticker.start()
        try:
            from sim.warmup import warmup

            with listening(writer):
                warmup()
        except Exception as exc:
            clock.finish(time.time(), f"{type(exc).__name__}: {exc}")
            print(f"cuesim: the engine's build failed: {clock.error}", file=sys.stderr)
            return 1
        else:
            clock.finish(time.time())
            save_profile(files, clock.learned())
            if not files.ready.exists():  # the cache folder cannot be written
                print("cuesim: the engine's cache cannot be written here", file=sys.stderr)
                return 2
            return 0
        finally:
            writer.stop()
            writer.write(force=True)
    finally:
        lock.close()


def load_profile(files: EngineFiles) -> BuildProfile:
    return BuildProfile.from_json(read_json(files.profile))


def save_profile(files: EngineFiles, profile: BuildProfile) -> None:
    """Keep ``profile`` for the next build (best effort)."""
    with contextlib.suppress(OSError):
        files.profile.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(files.profile, json.dumps(profile.to_json()))
