"""The engine's Numba kernels (arrays and scalars in, arrays out; no Python objects).

Importing this package points Numba's on-disk cache at a folder named after a fingerprint of
every source file the kernels compile from. Numba checks only the timestamp of the file that
defines a cached function: after an edit to ``motion.py`` alone, a warm cache would go on
running the old compiled ``loop.run_shot``, which inlines it. Keying the folder on all the
sources makes any edit (or an upgrade of cuesim) start from an empty cache instead.

The fingerprint also covers the Numba and Python versions and the parts of cuesim's fast path
this Numba allows (:mod:`sim.kernels.numba_support`): a cache is never read by a process that
would have written it differently.

The user's own ``NUMBA_CACHE_DIR`` is respected as it is (the benchmarks point it at an empty
folder to time a first compile).
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

import numba

from sim.kernels.numba_support import FAST_PATH

_SIM = Path(__file__).resolve().parent.parent

#: Every file whose code or constants the compiled kernels are built from.
KERNEL_SOURCES = (
    *sorted(Path(__file__).resolve().parent.glob("*.py")),
    _SIM / "constants.py",
    _SIM / "events.py",
    _SIM / "models.py",
    _SIM / "params.py",
)


def kernel_source_fingerprint(paths: tuple[Path, ...] = KERNEL_SOURCES) -> str:
    """Hex SHA-256 (16 digits) of the names and bytes of ``paths``, plus the Numba and Python
    versions and the fast path's parts used (``FAST_PATH.tag``)."""
    python = f"{sys.version_info.major}.{sys.version_info.minor}"
    digest = hashlib.sha256(f"{numba.__version__}|{python}|{FAST_PATH.tag}".encode())
    for path in paths:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def kernel_cache_base() -> Path:
    """cuesim's own cache folder: ``$XDG_CACHE_HOME/cuesim`` (``~/.cache`` without
    XDG_CACHE_HOME)."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "cuesim"


def kernel_cache_dir() -> Path:
    """Where the kernels' compiled code is cached: ``<kernel_cache_base()>/numba-<fingerprint>``."""
    return kernel_cache_base() / f"numba-{kernel_source_fingerprint()}"


if not os.environ.get("NUMBA_CACHE_DIR"):
    numba.config.CACHE_DIR = str(kernel_cache_dir())  # type: ignore[attr-defined]
