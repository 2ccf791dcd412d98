"""The parts of the engine that lean on Numba's private classes are used only where this Numba
has what they need, and otherwise the kernels compile and cache Numba's own way, with one line
saying so and the same event logs."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sim.kernels import link_only, numba_support
from sim.kernels.numba_support import (
    KERNEL_CACHE,
    LINK_ONLY,
    NEEDS,
    SWITCH,
    TWO_ENTRY,
    FastPath,
    check_fast_path,
    say_once,
)

ROOT = Path(__file__).resolve().parents[2]


def test_this_numba_has_every_name_each_part_needs() -> None:
    """The versions the project declares (CI runs the oldest and the newest) use every part."""
    fast = check_fast_path(environ={})
    assert fast.used == frozenset(NEEDS) and fast.missing == ()
    assert fast.notice() is None and fast.tag == "fast"


def test_a_missing_name_turns_its_part_off_and_names_what_is_missing() -> None:
    needs = dict(NEEDS)
    needs[LINK_ONLY] = (*NEEDS[LINK_ONLY], ("numba.core.codegen", "JITCodeLibrary._gone"))
    needs[KERNEL_CACHE] = (*NEEDS[KERNEL_CACHE], ("numba.core.no_such_module", "Thing"))
    fast = check_fast_path(needs, environ={})
    assert not fast.link_only and not fast.kernel_cache and fast.two_entry
    assert fast.missing == (
        "numba.core.codegen.JITCodeLibrary._gone",
        "numba.core.no_such_module.Thing",
    )
    notice = fast.notice()
    assert notice is not None and "\n" not in notice
    assert "JITCodeLibrary._gone" in notice and "link-only compile and the kernel cache" in notice
    assert fast.tag != "fast"


def test_the_switch_turns_the_speed_ups_off_and_keeps_the_two_entry_kernels() -> None:
    fast = check_fast_path(environ={SWITCH: "0"})
    assert fast.used == frozenset({TWO_ENTRY}) and fast.switched_off
    notice = fast.notice()
    assert notice is not None and f"{SWITCH}=0" in notice
    assert check_fast_path(environ={SWITCH: "1"}).used == frozenset(NEEDS)


def test_each_combination_of_parts_has_a_cache_folder_of_its_own() -> None:
    tags = {
        FastPath(frozenset(parts)).tag
        for parts in (NEEDS, {TWO_ENTRY}, {LINK_ONLY, TWO_ENTRY}, {KERNEL_CACHE}, ())
    }
    assert len(tags) == 5


def test_a_notice_is_logged_once(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="sim"):
        say_once("cuesim: a test notice, said once")
        say_once("cuesim: a test notice, said once")
    assert [r.getMessage() for r in caplog.records] == ["cuesim: a test notice, said once"]


def test_a_code_library_without_the_attributes_it_reads_leaves_the_kernel_to_numba(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The instance check of the link-only compile: asked once, it says no and says why."""

    class Bare:
        _codegen = _final_module = _finalized = None  # no _linking_libraries

    monkeypatch.setattr(link_only, "_usable", [])
    with caplog.at_level(logging.WARNING, logger="sim"):
        assert not link_only.library_is_usable(Bare())
        assert not link_only.library_is_usable(object())  # the answer is kept
    (record,) = caplog.records
    assert "_linking_libraries" in record.getMessage()


def test_the_check_runs_once_at_import() -> None:
    assert isinstance(numba_support.FAST_PATH, FastPath)


#: Runs the pinned shots in a fresh process and prints their digests (JSON) on stdout.
_PINNED_SHOTS = """
import json, sys
sys.path.insert(0, "tests/sim")
from engine_shots import nine_ball_break, snooker_break_off
from test_pinned_hashes import log_digest
import sim
from sim.kernels.numba_support import FAST_PATH
out = {}
for name, build in (("nine_ball_break", nine_ball_break), ("snooker_break_off", snooker_break_off)):
    out[name] = log_digest(sim.simulate(*build()).events)
out["parts"] = sorted(FAST_PATH.used)
print(json.dumps(out))
"""


@pytest.mark.slow
def test_with_the_speed_ups_off_the_pinned_logs_are_the_same(tmp_path: Path) -> None:
    """A whole first compile Numba's own way (about a minute: CI runs it with ``-m slow``)."""
    from test_pinned_hashes import PINNED

    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path), **{SWITCH: "0"})
    env.pop("NUMBA_DISABLE_JIT", None)
    done = subprocess.run(
        [sys.executable, "-c", _PINNED_SHOTS],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=1200, check=True,
    )  # fmt: skip
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out.pop("parts") == [TWO_ENTRY]
    assert out == PINNED
    notices = [line for line in done.stderr.splitlines() if line.startswith("cuesim:")]
    assert len(notices) == 1 and f"{SWITCH}=0" in notices[0]
