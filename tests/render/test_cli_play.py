"""``cuesim play`` / ``replay`` argument handling (no window is opened)."""

from __future__ import annotations

import subprocess
import sys

from cuesim import cli


def test_play_and_replay_are_registered() -> None:
    parser = cli.build_parser()
    args = parser.parse_args(["play", "snooker", "--players", "Ann", "Bob", "--frames", "5"])
    assert args.game == "snooker" and args.players == ["Ann", "Bob"] and args.frames == 5
    args = parser.parse_args(
        ["play", "nine-ball", "--players", "A", "B", "C", "D", "--table", "7", "--race", "4"]
    )
    assert args.table == 7 and args.race == 4 and len(args.players) == 4
    assert parser.parse_args(["replay", "x.json"]).savefile == "x.json"


def test_bad_matches_fail_before_a_window(capsys) -> None:
    assert cli.main(["play", "nine-ball", "--players", "Ann", "Bob", "Cid"]) == 2
    assert "2 players, or 4" in capsys.readouterr().err
    assert cli.main(["play", "nine-ball", "--players", "A", "B", "--frames", "3"]) == 2
    assert cli.main(["play", "snooker", "--players", "A", "B", "--race", "3"]) == 2


def test_replay_of_a_damaged_file_fails_cleanly(tmp_path, capsys) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    assert cli.main(["replay", str(bad)]) == 2
    assert "damaged" in capsys.readouterr().err


def test_registering_imports_no_pygame() -> None:
    code = "import sys; from cuesim import cli; cli.build_parser(); print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_players_warn_hands_the_two_foul_warning_to_the_opponent(monkeypatch, capsys) -> None:
    import render.app

    seen = {}

    def fake_run(config, **kwargs):
        seen["config"] = config
        return 0

    monkeypatch.setattr(render.app, "run", fake_run)
    assert cli.main(["play", "nine-ball", "--players", "Ann", "Bob", "--players-warn"]) == 0
    assert seen["config"].referee_warns is False
    assert cli.main(["play", "nine-ball", "--players", "Ann", "Bob"]) == 0
    assert seen["config"].referee_warns is True
    assert cli.main(["play", "snooker", "--players", "Ann", "Bob", "--players-warn"]) == 2
    assert "--players-warn is for 9-ball" in capsys.readouterr().err
