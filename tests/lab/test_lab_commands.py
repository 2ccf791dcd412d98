"""The lab commands, run in-process through ``cuesim``'s main on the shipped examples."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from cuesim.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
LEGAL_POT = EXAMPLES / "nine-ball" / "legal-pot-continues.toml"

pytestmark = pytest.mark.jit_only


def test_judge_passes_every_shipped_example(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["judge", str(EXAMPLES)])
    out = capsys.readouterr().out
    assert status == 0, out
    files = [*EXAMPLES.rglob("*.toml"), *EXAMPLES.rglob("*.json")]
    n = sum("match-studies" not in p.parts for p in files)  # match studies are left out
    assert n >= 30 and "match-studies" not in out
    assert f"{n} scenario(s): {n} passed, 0 failed, 0 could not run" in out
    for game in ("nine-ball", "eight-ball", "snooker"):
        assert f"examples/{game}/" in out


def test_judge_reports_differences_and_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wrong = tmp_path / "wrong.toml"
    text = LEGAL_POT.read_text().replace('next_to_play = "Ann"', 'next_to_play = "Bob"')
    wrong.write_text(text)
    shutil.copy(LEGAL_POT, tmp_path / "right.toml")
    (tmp_path / "broken.toml").write_text("format = 'cuesim-scenario'\nversion = 7\n")
    status = main(["judge", str(tmp_path)])
    out = capsys.readouterr().out
    assert status == 1
    assert "FAIL   " in out and "next_to_play: expected 'Bob', got 'Ann'" in out
    assert "PASS   " in out and "right.toml" in out
    assert "ERROR  " in out and "version: unsupported scenario version 7" in out
    assert "3 scenario(s): 1 passed, 1 failed, 1 could not run" in out


def test_judge_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["judge", "--json", str(LEGAL_POT)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["counts"] == {"PASS": 1, "FAIL": 0, "ERROR": 0}


def test_shot_prints_events_and_the_ruling(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["shot", str(LEGAL_POT)]) == 0
    out = capsys.readouterr().out
    rows = [line.split()[2:5] for line in out.splitlines() if line[:6].strip().isdigit()]
    assert rows[0][:2] == ["strike", "cue"]
    assert ["ball-ball", "cue", "1"] in rows
    assert ["pocket", "1", "bottom-right"] in rows
    assert "Ann pocketed the 1 legally and shoots again." in out
    assert "expectations: all 6 hold" in out


def test_shot_json_is_complete(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["shot", "--json", str(EXAMPLES / "snooker" / "foul-pink-first.toml")]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["passed"] is True
    assert data["ruling"]["points"] == {"Ann": 0, "Bob": 6}
    assert data["ruling"]["foul_details"][0]["code"] == "wrong_ball_first"
    kinds = [e["kind"] for e in data["events"]]
    assert kinds[0] == "strike" and "ball-ball" in kinds
    first_contact = next(e for e in data["events"] if e["kind"] == "ball-ball")
    assert (first_contact["ball"], first_contact["other"]) == ("cue", "pink")


def test_shot_draws_png_and_gif(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    png, gif = tmp_path / "shot.png", tmp_path / "shot.gif"
    scenario = EXAMPLES / "nine-ball" / "no-rail-after-contact.toml"
    assert main(["shot", str(scenario), "--png", str(png), "--gif", str(gif), "--fps", "8"]) == 0
    capsys.readouterr()
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert gif.read_bytes()[:6] == b"GIF89a"
    from PIL import Image

    with Image.open(png) as image:
        assert image.size == (1400, 860)
    with Image.open(gif) as anim:
        assert anim.n_frames > 5


def test_shot_exit_status_is_1_when_expectations_fail(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(LEGAL_POT.read_text().replace("legal = true", "legal = false"))
    assert main(["shot", str(wrong)]) == 1
    assert "legal: expected False, got True" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (("version = 1", "version = 3"), "version: unsupported scenario version 3"),
        (("1 = [1.1, 2.3]", "1 = [1.1, 2.3]\n12 = [0.5, 0.5]"), "balls.12: unknown ball '12'"),
        (("1 = [1.1, 2.3]", "1 = [0.9, 1.92]"), "balls.1: balls cue and 1 overlap"),
        (
            ('to_play = "Ann"', 'to_play = "Ann"\nfouls_in_a_row = { Bob = 5 }'),
            "phase.fouls_in_a_row.Bob: 5 fouls in a row is impossible",
        ),
        (("[balls]", "[balls\n"), "not valid TOML"),
    ],
)
def test_bad_input_is_one_line_naming_file_and_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], edit: tuple[str, str], message: str
) -> None:
    bad = tmp_path / "bad.toml"
    old, new = edit
    text = LEGAL_POT.read_text()
    assert old in text
    bad.write_text(text.replace(old, new, 1))
    for command in (["shot", str(bad)], ["study", str(bad), "--shots", "3", "--quiet"]):
        assert main(command) == 2
        captured = capsys.readouterr()
        assert captured.err.startswith(f"cuesim: error: {bad}: ")
        assert message in captured.err
        assert "Traceback" not in captured.err + captured.out


def test_a_placement_the_rules_forbid_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "kitchen.toml"
    text = (EXAMPLES / "nine-ball" / "break-legal.toml").read_text()
    bad.write_text(text.replace("cue_ball_at = [0.635, 0.5]", "cue_ball_at = [0.635, 1.2]"))
    assert main(["shot", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "shot.cue_ball_at: the cue ball at (0.635, 1.2) is outside the ball-in-hand zone" in err


def test_bad_command_line_values_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["study", str(LEGAL_POT), "--shots", "0"]) == 2
    assert "--shots must be at least 1" in capsys.readouterr().err
    assert main(["study", str(LEGAL_POT), "--shots", "2", "--out", str(tmp_path / "x.xlsx")]) == 2
    assert "unknown table format" in capsys.readouterr().err
    assert main(["study", str(LEGAL_POT), "--shots", "2", "--noise-phi", "-1"]) == 2
    assert "noise option" in capsys.readouterr().err
    assert main(["judge", str(tmp_path / "missing")]) == 2
    assert "no such file or folder" in capsys.readouterr().err


def test_study_writes_summary_table_and_plot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, plot, summary = tmp_path / "r.csv", tmp_path / "r.png", tmp_path / "r.json"
    args = ["study", str(LEGAL_POT), "--shots", "24", "--seed", "3", "--workers", "1", "--quiet"]
    args += ["--out", str(out), "--plot", str(plot), "--json", str(summary)]
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "study of" in text and "legal shot (no foul)" in text and "95% CI" in text
    assert len(out.read_text().splitlines()) == 25
    assert plot.read_bytes()[:4] == b"\x89PNG"
    data = json.loads(summary.read_text())
    assert data["shots"] == 24 and data["outcome"][0]["trials"] == 24


def test_examples_do_not_hang_on_chaos(capsys: pytest.CaptureFixture[str]) -> None:
    # Each example must give the same ruling when its strike is nudged by far less than a
    # player's error (0.05 degree, 0.2 % speed): otherwise a change in the engine's last digits
    # would break it.
    status = main(["judge", "--jitter", "5", str(EXAMPLES)])
    out = capsys.readouterr().out
    assert status == 0, out
    assert "also in 5 jittered plays" in out


def test_judge_reports_an_internal_error_and_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import lab.runner as runner

    real = runner.run_scenario

    def flaky(scenario):  # type: ignore[no-untyped-def]
        if scenario.source.endswith("a.toml"):
            raise ZeroDivisionError("referee bug")
        return real(scenario)

    monkeypatch.setattr(runner, "run_scenario", flaky)
    shutil.copy(LEGAL_POT, tmp_path / "a.toml")
    shutil.copy(LEGAL_POT, tmp_path / "b.toml")
    assert main(["judge", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "internal error ZeroDivisionError: referee bug" in out
    assert "1 passed, 0 failed, 1 could not run" in out


def test_no_sentence_cuesim_shot_prints_holds_french(capsys: pytest.CaptureFixture[str]) -> None:
    """Every shipped example's text output is English (the clause's section
    kept); the French quotes are in --json's rule_text, reason_text and notes_text only."""
    from rules.wording import has_french

    paths = sorted([*EXAMPLES.rglob("*.toml"), *EXAMPLES.rglob("*.json")])
    paths = [p for p in paths if p.parent.name not in ("studies", "match-studies")]
    quoted = 0
    for path in paths:
        assert main(["shot", str(path)]) == 0, path
        out = capsys.readouterr().out
        french = [line for line in out.splitlines() if has_french(line)]
        assert not french, (path, french)
        assert main(["shot", "--json", str(path)]) == 0
        ruling = json.loads(capsys.readouterr().out)["ruling"]
        for foul in ruling["foul_details"]:
            assert not has_french(foul["rule"] + foul["message"] + foul["evidence"]), foul
            quoted += has_french(foul["rule_text"])
        assert not has_french(ruling["reason"] + " ".join(ruling["notes"])), path
    assert len(paths) >= 30 and quoted >= 5, "the French quotes are still there for a tester"


def test_judge_refuses_a_match_study_named_with_the_command_that_runs_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    study = next((EXAMPLES / "match-studies").glob("*.toml"))
    assert main(["judge", str(study)]) == 1
    out = capsys.readouterr().out
    assert "format: this file is a match study, not a scenario: run it with `cuesim match" in out
