"""The command line on bad input: every bad option is
one line on stderr with exit status 2 and nothing written; input files are read only when they
are regular files up to 1 MiB; every output survives a full disk with the previous file intact
and no temporary file left. One test per defect, on the exact input of the issue."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cuesim import lab_commands
from cuesim.cli import main, version
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


# ---------------------------------------------------------------- options checked first


@pytest.mark.parametrize("fps", ["0", "-1", "nan", "inf", "1e-9", "1e9"])
def test_bad_fps_is_one_line_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fps: str
) -> None:
    gif = tmp_path / "shot.gif"
    _refused(capsys, ["shot", str(SCENARIO), "--gif", str(gif), f"--fps={fps}"], "--fps", "1 to 50")
    assert list(tmp_path.iterdir()) == []


def test_study_plot_with_an_unknown_suffix_fails_before_the_study(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import lab.study

    def must_not_run(*_: object, **__: object) -> None:
        raise AssertionError("the study ran before the options were checked")

    monkeypatch.setattr(lab.study, "run_study", must_not_run)
    plot = tmp_path / "x.xyz"
    argv = ["study", str(SCENARIO), "--shots", "2", "--plot", str(plot)]
    _refused(capsys, argv, "unknown picture format '.xyz'", ".png, .svg, .pdf")
    assert not plot.exists()


@pytest.mark.parametrize("address", ["not a url", "http://host:8786", "tcp://", "tcp://h:99999"])
def test_a_cluster_address_that_is_no_address_is_refused(
    capsys: pytest.CaptureFixture[str], address: str
) -> None:
    argv = ["study", str(SCENARIO), "--shots", "2", "--cluster", address]
    _refused(capsys, argv, "tcp://host:8786")


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["study", str(SCENARIO), "--shots", "10000000000"], "--shots must be at most 1,000,000"),
        (["study", str(SCENARIO), "--shots", "10**10"], "--shots must be a whole number"),
        (["study", str(SCENARIO), "--shots", "2", "--seed", "-3"], "--seed must be at least 0"),
        (["study", str(SCENARIO), "--shots", "2", "--workers", "0"], "--workers must be at"),
        (["study", str(SCENARIO), "--shots", "2", "--noise-tip", "inf"], "finite"),
        (["judge", str(SCENARIO), "--jitter", "100000"], "--jitter must be at most 1,000"),
        (["bench", "--json", "/missing/dir/b.json"], "does not exist"),
        (["shot", str(SCENARIO), "--png", "/missing/dir/x.png"], "/missing/dir does not exist"),
        (["shot", str(SCENARIO), "--png", "picture.jpg"], "unknown picture format '.jpg'"),
        (["shot", str(SCENARIO), "--gif", str(ROOT)], "unknown animation format"),
    ],
)
def test_bad_option_values_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    _refused(capsys, argv, words)


def test_an_output_that_is_a_folder_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "out.png"
    folder.mkdir()
    _refused(capsys, ["shot", str(SCENARIO), "--png", str(folder)], "is a folder")


def test_an_output_over_the_scenario_itself_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = tmp_path / "s.json"
    from lab.scenario import load_scenario, write_scenario

    write_scenario(load_scenario(SCENARIO), scenario)
    before = scenario.read_bytes()
    argv = ["study", str(scenario), "--shots", "2", "--json", str(scenario)]
    _refused(capsys, argv, "is the scenario file itself")
    assert scenario.read_bytes() == before


def test_unknown_options_and_subcommands_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    _refused(capsys, ["shot", str(SCENARIO), "--frobnicate"], "unrecognized arguments")
    _refused(capsys, ["fly"], "invalid choice")


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    out = capsys.readouterr().out.strip()
    assert out == f"cuesim {version()}"
    assert version()[0].isdigit()


def test_the_suffix_lists_match_what_the_lab_writes() -> None:
    from lab.report import PLOT_SUFFIXES, TABLE_SUFFIXES

    assert lab_commands.PLOT_SUFFIXES == PLOT_SUFFIXES
    assert lab_commands.TABLE_SUFFIXES == TABLE_SUFFIXES


# ---------------------------------------------------------------- scenario files


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


# ---------------------------------------------------------------- broken pipe


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


# ---------------------------------------------------------------- full disk


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


# ---------------------------------------------------------------- cuesim play


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["play", "nine-ball", "--race", "0"], "--race must be at least 1"),
        (["play", "snooker", "--frames", "4"], "--frames must be odd"),
        (["play", "snooker", "--frames", "0"], "--frames must be at least 1"),
        (["play", "snooker", "--table", "7"], "--table is for pool"),
        (["play", "nine-ball", "--players", "Ann", "Ann"], "the same name"),
        (["play", "nine-ball", "--players", "Ann", " "], "visible name"),
        (["play", "nine-ball", "--seed", "1.5"], "--seed must be a whole number"),
    ],
)
def test_bad_play_options_are_one_line_before_any_window(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    _refused(capsys, argv, words)
