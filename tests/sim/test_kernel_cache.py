"""The kernels' on-disk cache is keyed on every source they compile from (sim/kernels/__init__)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import numba

from sim.kernels import KERNEL_SOURCES, kernel_cache_dir, kernel_source_fingerprint


def test_every_kernel_module_and_the_constants_they_read_are_fingerprinted() -> None:
    names = {path.name for path in KERNEL_SOURCES}
    assert {"loop.py", "motion.py", "detect.py", "resolve.py", "roots.py"} <= names
    assert {"constants.py", "events.py", "params.py"} <= names


def test_an_edit_to_any_source_moves_the_cache_to_a_new_folder(tmp_path: Path) -> None:
    copies = []
    for path in KERNEL_SOURCES:
        copy = tmp_path / path.name
        shutil.copyfile(path, copy)
        copies.append(copy)
    before = kernel_source_fingerprint(tuple(copies))
    assert before == kernel_source_fingerprint(KERNEL_SOURCES)
    motion = next(copy for copy in copies if copy.name == "motion.py")
    motion.write_text(motion.read_text() + "\n# an edit\n")
    assert kernel_source_fingerprint(tuple(copies)) != before


def test_the_cache_folder_in_use_is_the_fingerprinted_one_unless_the_user_chose() -> None:
    if os.environ.get("NUMBA_CACHE_DIR"):
        assert os.environ["NUMBA_CACHE_DIR"] == numba.config.CACHE_DIR
    else:
        assert str(kernel_cache_dir()) == numba.config.CACHE_DIR
        assert kernel_cache_dir().name == f"numba-{kernel_source_fingerprint()}"
    code = "import numba, sim.kernels; print(numba.config.CACHE_DIR)"
    env = dict(os.environ, NUMBA_CACHE_DIR="/tmp/cuesim-user-choice")
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "/tmp/cuesim-user-choice"
