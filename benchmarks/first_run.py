"""The first-ever run, measured as a new user meets it: fresh processes, an empty Numba cache.

- :func:`first_play`: ``cuesim play`` of a 9-ball match under SDL's dummy video
  driver, from the launch to the table shown in the aim mode with a shot playable (the window's
  scripted input, ``render.scripted``, saves the screen once the aim mode is up: that file's
  time), then one break played and the window closed;
- :func:`first_shot_command`: ``cuesim shot examples/nine-ball/break-legal.toml``, launch to exit;
- after either, the compiled engine ready in the background: from the launch to the ``ready``
  mark beside the cache (``sim.engine_files``) written by the background build. A tree without
  a background build (the engine compiled in the command's own process) has it when the command
  ends, or, for the window, when its table shows.

Each takes a source tree (``root``: its ``sim`` and ``cuesim`` are run), so that
``ab_compile.py`` times two trees side by side; ``cuesim bench`` times this one.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.fresh_process import IMPORT_ROOT, child_env  # noqa: E402
from rules.types import GameKind  # noqa: E402

#: The scenario of the first ``cuesim shot``.
SHOT_EXAMPLE = Path("examples") / GameKind.NINE_BALL / "break-legal.toml"

#: The longest a background build is waited for, s.
BUILD_TIMEOUT_S = 900.0


@dataclass(frozen=True)
class FirstRun:
    """One first-ever run: seconds from the launch to the answer (the playable table, or the
    command's exit) and to the compiled engine ready."""

    answer_s: float
    engine_ready_s: float


def _env(cache: str, home: str, root: Path) -> dict[str, str]:
    env = child_env(cache, root)
    env.update(XDG_CACHE_HOME=home, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("NUMBA_DISABLE_JIT", None)
    env.pop("CUESIM_NUMBA_FAST_PATH", None)
    return env


def _ready_mark(cache: Path) -> Path | None:
    """The ``ready`` mark of the engine built into ``cache``, once there is one."""
    marks = sorted(cache.glob("cuesim-engine-*/ready"))
    return marks[0] if marks else None


def _builds_in_background(root: Path) -> bool:
    return (root / "sim" / "engine_build.py").is_file()


def _engine_ready_after(launched: float, cache: Path, fallback_s: float, root: Path) -> float:
    """Seconds from ``launched`` (``time.time()``) to the ready mark, waited for; a tree
    without a background build: ``fallback_s``."""
    if not _builds_in_background(root):
        return fallback_s
    deadline = time.monotonic() + BUILD_TIMEOUT_S
    while (mark := _ready_mark(cache)) is None:
        if time.monotonic() > deadline:
            raise TimeoutError(f"no engine built in {cache} after {BUILD_TIMEOUT_S:.0f} s")
        time.sleep(0.1)
    while _builder_running(cache):  # the builder exits right after its mark
        time.sleep(0.05)
    return mark.stat().st_mtime - launched


def _builder_running(cache: Path) -> bool:
    """Whether a builder still holds its lock in ``cache`` (the next measurement must not run
    beside it)."""
    try:
        import fcntl
    except ImportError:
        return False
    for lock in cache.glob("cuesim-engine-*/build.lock"):
        with open(lock, "a+", encoding="utf-8") as handle:
            try:
                fcntl.flock(handle, fcntl.LOCK_SH | fcntl.LOCK_NB)
            except OSError:
                return True
    return False


def first_shot_command(root: Path = IMPORT_ROOT) -> FirstRun:
    """``cuesim shot`` of :data:`SHOT_EXAMPLE` in ``root`` with an empty cache (see the
    module)."""
    with tempfile.TemporaryDirectory(prefix="cuesim-first-") as folder:
        cache, home = Path(folder) / "cache", Path(folder) / "home"
        launched = time.time()
        subprocess.run(
            [sys.executable, "-m", "cuesim", "shot", str(SHOT_EXAMPLE)],
            cwd=root, env=_env(str(cache), str(home), root), capture_output=True, check=True,
            timeout=BUILD_TIMEOUT_S,
        )  # fmt: skip
        answer = time.time() - launched
        return FirstRun(answer, _engine_ready_after(launched, cache, answer, root))


def first_play(root: Path = IMPORT_ROOT) -> FirstRun:
    """``cuesim play`` in ``root`` with an empty cache, to a playable table (see the module)."""
    with tempfile.TemporaryDirectory(prefix="cuesim-first-") as folder:
        cache, home = Path(folder) / "cache", Path(folder) / "home"
        table = Path(folder) / "table.png"
        script = Path(folder) / "first.script"
        script.write_text(f"until aim\nshot {table}\nkey space\nwait 1\nquit\n", encoding="utf-8")
        env = _env(str(cache), str(home), root)
        env["CUESIM_SCRIPT"] = str(script)
        env["HOME"] = str(home)  # the window's autosave and settings
        launched = time.time()
        subprocess.run(
            [sys.executable, "-m", "cuesim", "play", GameKind.NINE_BALL, "--players", "Ann", "Bob"],
            cwd=root, env=env, capture_output=True, check=True, timeout=BUILD_TIMEOUT_S,
        )  # fmt: skip
        answer = table.stat().st_mtime - launched
        return FirstRun(answer, _engine_ready_after(launched, cache, answer, root))


def main() -> int:
    """Print one first play and one first ``cuesim shot`` of this tree."""
    for name, measure in (("cuesim play", first_play), ("cuesim shot", first_shot_command)):
        run = measure()
        print(
            f"{name}: answered in {run.answer_s:.2f} s, engine compiled "
            f"{run.engine_ready_s:.1f} s after the launch",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
