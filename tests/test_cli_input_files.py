"""Input files of the command line are read only when they are regular files up to 1 MiB; a
bad scenario file is one line naming the file and the field."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from cuesim.cli import main


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


ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
SCENARIO = EXAMPLES / "nine-ball" / "break-legal.toml"


def _scenario_text(**shot: object) -> str:
    """The 9-ball legal-break scenario as JSON, with ``shot`` keys replaced."""
    from lab.scenario import load_scenario, scenario_to_dict

    data = scenario_to_dict(load_scenario(SCENARIO))
    data["shot"].update(shot)
    return json.dumps(data, allow_nan=True)


def test_a_nan_speed_says_not_finite(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "nan.json"
    bad.write_text(_scenario_text(speed=float("nan")))
    line = _refused(capsys, ["shot", str(bad)], "shot.speed", "expected a finite number, got nan")
    assert "got number" not in line


def test_an_unknown_pocket_lists_the_pockets(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from lab.schema import POCKET_NAMES

    bad = tmp_path / "pocket.json"
    bad.write_text(_scenario_text(aim={"ball": "1", "pocket": "middle"}))
    line = _refused(capsys, ["shot", str(bad)], "shot.aim.pocket", "'middle' is not allowed")
    for name in POCKET_NAMES:
        assert repr(name) in line


def test_a_former_pocket_name_says_its_successor_and_lists_the_pockets(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Pockets are named as drawn; a file with a table-frame name ("top_right"
    was drawn at the screen's bottom right) is refused, never read as another pocket."""
    from lab.schema import POCKET_NAMES

    bad = tmp_path / "old.json"
    bad.write_text(_scenario_text(aim={"ball": "1", "pocket": "top_right"}))
    line = _refused(capsys, ["shot", str(bad)], "shot.aim.pocket", "'top_right' is a former")
    assert "now 'bottom-right'" in line
    for name in POCKET_NAMES:
        assert repr(name) in line


@pytest.mark.parametrize(
    ("name", "content", "words"),
    [
        ("deep.json", "[" * 200_000 + "]" * 200_000, "nested too deeply"),
        ("deep.toml", "a = " + "[" * 200_000 + "]" * 200_000, "nested too deeply"),
        ("long-int.json", '{"format": "cuesim-scenario", "version": ' + "7" * 5000 + "}", "digits"),
        ("long-int.toml", "version = " + "7" * 5000, "digits"),
        ("big-int.json", None, "magnitude below 2**63"),
        ("binary.toml", "\udcff", "not UTF-8"),
    ],
)
def test_hostile_scenario_files_are_one_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    name: str,
    content: str | None,
    words: str,
) -> None:
    bad = tmp_path / name
    if content is None:
        bad.write_text(_scenario_text(speed=10**400))
    elif content == "\udcff":
        bad.write_bytes(b"\xff\xfe\x00garbage")
    else:
        bad.write_text(content)
    for command in ("shot", "study"):
        argv = [command, str(bad)] + (["--shots", "2", "--quiet"] if command == "study" else [])
        _refused(capsys, argv, str(bad), words)


def test_a_fifo_is_refused_without_hanging(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    _refused(capsys, ["shot", str(fifo)], "a FIFO", "regular file of at most 1 MiB")
    assert main(["judge", str(fifo)]) == 1  # judge reports the file as ERROR and goes on
    out = capsys.readouterr().out
    assert "ERROR" in out and "a FIFO" in out


@pytest.mark.parametrize(("path", "words"), [("/dev/zero", "a device"), ("/", "a folder")])
def test_devices_and_folders_are_refused(
    capsys: pytest.CaptureFixture[str], path: str, words: str
) -> None:
    _refused(capsys, ["shot", path], words)


def test_a_scenario_over_one_mebibyte_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    big = tmp_path / "big.toml"
    big.write_bytes(SCENARIO.read_bytes() + b"#" * (1 << 20))
    _refused(capsys, ["shot", str(big)], "over the 1 MiB limit")
