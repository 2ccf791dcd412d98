"""What the command line writes survives a full disk (the previous file intact, no temporary
file left), and a reader closing the pipe ends it quietly."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cuesim.cli import main
from tests.lab.disk_faults import full_disk, leftovers  # noqa: F401  (fixture)

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
SCENARIO = EXAMPLES / "nine-ball" / "break-legal.toml"


def _refused(capsys: pytest.CaptureFixture[str], argv: list[str], *words: str) -> str:
    """Run ``cuesim argv``: exit 2, one stderr line holding ``words``, no traceback."""
    assert main(argv) == 2
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    assert "Traceback" not in captured.err + captured.out
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def test_judge_into_a_closed_pipe_ends_quietly() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "cuesim", "judge", str(EXAMPLES / "nine-ball")],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # the reader is gone before anything is printed
    err = process.stderr.read().decode()
    assert process.wait(timeout=300) == 141
    assert err == ""


@pytest.mark.usefixtures("full_disk")
@pytest.mark.parametrize("kind", ["png", "gif"])
def test_a_picture_on_a_full_disk_keeps_the_old_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    target = tmp_path / f"shot.{kind}"
    target.write_bytes(b"previous picture")
    argv = ["shot", str(SCENARIO), f"--{kind}", str(target), "--fps", "2"]
    _refused(capsys, argv, f"cannot write {target}: No space left on device")
    assert target.read_bytes() == b"previous picture"
    assert leftovers(tmp_path) == []


@pytest.mark.usefixtures("full_disk")
@pytest.mark.parametrize("option", ["--out", "--json", "--plot"])
def test_study_outputs_on_a_full_disk_keep_the_old_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str
) -> None:
    suffix = {"--out": ".csv", "--json": ".json", "--plot": ".png"}[option]
    target = tmp_path / f"study{suffix}"
    target.write_bytes(b"previous output")
    argv = ["study", str(SCENARIO), "--shots", "2", "--workers", "1", "--quiet", option]
    assert main([*argv, str(target)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [f"cuesim: error: cannot write {target}: No space left on device"]
    assert target.read_bytes() == b"previous output"
    assert leftovers(tmp_path) == []


@pytest.mark.usefixtures("full_disk")
def test_scenario_and_bench_writers_on_a_full_disk_keep_the_old_file(tmp_path: Path) -> None:
    from benchmarks.engine import write_json
    from lab.scenario import load_scenario, write_scenario
    from rules.files import FileWriteError

    for name, write in (
        ("s.toml", lambda p: write_scenario(load_scenario(SCENARIO), p)),
        ("s.json", lambda p: write_scenario(load_scenario(SCENARIO), p)),
        ("bench.json", lambda p: write_json([], p)),
    ):
        target = tmp_path / name
        target.write_bytes(b"old")
        with pytest.raises(FileWriteError, match="No space left on device"):
            write(target)
        assert target.read_bytes() == b"old"
    assert leftovers(tmp_path) == []
