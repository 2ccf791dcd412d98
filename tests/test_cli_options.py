"""Every option of the command line is checked while it is parsed, before any work: a bad
one is one line on stderr with exit status 2 and nothing written."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cuesim import lab_commands
from cuesim.cli import main, version

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


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["play", "nine-ball", "--race", "0"], "--race must be at least 1"),
        (["play", "snooker", "--frames", "4"], "--frames must be odd"),
        (["play", "snooker", "--frames", "0"], "--frames must be at least 1"),
        (
            ["play", "snooker", "--table", "7"],
            "--table is for 9-ball or 8-ball; Snooker has one table",
        ),
        (["play", "nine-ball", "--players", "Ann", "Ann"], "the same name"),
        (["play", "nine-ball", "--players", "Ann", " "], "visible name"),
        (["play", "nine-ball", "--seed", "1.5"], "--seed must be a whole number"),
    ],
)
def test_bad_play_options_are_one_line_before_any_window(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    _refused(capsys, argv, words)


def test_a_save_path_is_checked_before_the_window_opens(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--save`` was first used at the first Ctrl+S: a folder, a missing folder or a FIFO was
    accepted and the game started."""
    import render.app

    opened: list[object] = []
    monkeypatch.setattr(render.app, "run", lambda config, **kw: opened.append(kw) or 0)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    play = ["play", "nine-ball", "--players", "Ann", "Bob", "--save"]
    _refused(capsys, [*play, str(tmp_path)], "is a folder; give a file name")
    _refused(capsys, [*play, str(tmp_path / "nowhere" / "s.json")], "does not exist")
    _refused(capsys, [*play, str(fifo)], "is not a regular file")
    assert not opened
    assert main([*play, str(tmp_path / "s.cuesim.json")]) == 0
    assert opened and opened[0]["save_path"] == tmp_path / "s.cuesim.json"  # type: ignore[index]


def test_a_script_that_cannot_run_is_one_line_before_the_window(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import render.app

    monkeypatch.setattr(render.app, "run", lambda config, **kw: 0)
    script = tmp_path / "s.txt"
    script.write_text("until aim\nfly 3\n")
    monkeypatch.setenv("CUESIM_SCRIPT", str(script))
    _refused(capsys, ["play", "nine-ball", "--players", "A", "B"], "line 2: unknown command")
    monkeypatch.setenv("CUESIM_SCRIPT", str(tmp_path))
    _refused(capsys, ["play"], "script")
