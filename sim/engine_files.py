"""Where the compiled engine's build keeps its marks, beside the kernels' cache.

A folder ``cuesim-engine-<fingerprint>`` inside Numba's cache folder (``sim.kernels``: one per
kernel sources, Numba and Python version and fast-path parts) holds:

- ``ready``: written once every kernel entry point is compiled and cached (:func:`sim.warmup`
  writes it, in whatever process ran it): a process finding it loads the engine from the
  cache in a fraction of a second;
- ``build.lock``: held (``fcntl.flock``) by the process building the engine in the background,
  so that one builds at a time;
- ``progress.json``: that build's progress (:class:`sim.engine_progress.BuildClock`), rewritten
  as it goes;
- ``build.log``: what the builder wrote to its error stream.

The build's expected shape on this machine (``build-profile.json``, see
:class:`sim.engine_progress.BuildProfile`) is kept one level up, in cuesim's own cache folder, so
that a new version's first build is timed by the last one's.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numba

from sim.kernels import kernel_cache_base, kernel_source_fingerprint


@dataclass(frozen=True)
class EngineFiles:
    """The marks of one engine build (see the module)."""

    folder: Path

    @property
    def ready(self) -> Path:
        return self.folder / "ready"

    @property
    def lock(self) -> Path:
        return self.folder / "build.lock"

    @property
    def progress(self) -> Path:
        return self.folder / "progress.json"

    @property
    def log(self) -> Path:
        return self.folder / "build.log"

    @property
    def profile(self) -> Path:
        return kernel_cache_base() / "build-profile.json"


def engine_files() -> EngineFiles:
    """This process's engine marks: in Numba's cache folder as this process set it."""
    return _files_in(str(numba.config.CACHE_DIR))  # type: ignore[attr-defined]


@lru_cache(maxsize=4)
def _files_in(cache: str) -> EngineFiles:
    return EngineFiles(Path(cache) / f"cuesim-engine-{kernel_source_fingerprint()}")


def mark_ready(files: EngineFiles | None = None) -> None:
    """Write the ``ready`` mark (best effort: a cache folder that cannot be written has none,
    and a later start builds again)."""
    files = files or engine_files()
    try:
        files.folder.mkdir(parents=True, exist_ok=True)
        if not files.ready.exists():
            write_atomically(files.ready, "every kernel entry point compiled and cached\n")
    except OSError:
        return


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in its folder and a rename, so that
    a reader sees the old content or the new, never a part."""
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def read_json(path: Path) -> dict[str, Any] | None:
    """The JSON object in ``path``, or None when it is missing, unreadable or not an object."""
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return value if isinstance(value, dict) else None
