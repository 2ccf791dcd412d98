"""The scenario format: parsing, validation with messages naming file and field, writing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lab.scenario import (
    ScenarioError,
    load_scenario,
    parse_scenario,
    scenario_to_dict,
    write_scenario,
)
from lab.schema import check_structure, schema_json

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"

GOOD = """
format = "cuesim-scenario"
version = 1
title = "a test position"
game = "nine-ball"
players = ["Ann", "Bob"]

[balls]
cue = [0.635, 0.8]
1 = [0.3, 1.8]
9 = [1.0, 2.2]

[phase]
to_play = "Ann"

[shot]
speed = 2.0
aim = "1"

[expect]
legal = true
pocketed = []
next_to_play = "Bob"
"""


def scenario_text(**replace: str) -> str:
    text = GOOD
    for old, new in replace.items():
        assert old in text, old
        text = text.replace(old, new)
    return text


def error_of(text: str, kind: str = "toml") -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, source="case.toml", kind=kind)
    return info.value


def test_a_good_scenario_loads_with_its_defaults() -> None:
    sc = parse_scenario(GOOD, source="good.toml")
    assert sc.game == "nine-ball" and sc.table == "pool-9ft"
    assert [name for name, _ in sc.balls] == ["cue", "1", "9"]
    assert sc.phase.ball_in_hand == "none" and not sc.phase.is_break
    assert sc.shot.aim is not None and sc.shot.aim.ball == "1"
    assert sc.expect.as_dict() == {"legal": True, "pocketed": [], "next_to_play": "Bob"}


def test_json_is_read_like_toml() -> None:
    sc = parse_scenario(GOOD)
    again = parse_scenario(json.dumps(scenario_to_dict(sc)), kind="json")
    assert scenario_to_dict(again) == scenario_to_dict(sc)


def _scenario_examples() -> list[Path]:
    """The shipped scenario files (examples/match-studies holds match studies, another format)."""
    return [p for p in sorted(EXAMPLES.rglob("*.toml")) if p.parent.name != "match-studies"]


@pytest.mark.parametrize("suffix", [".toml", ".json"])
def test_write_then_read_gives_the_same_scenario(tmp_path: Path, suffix: str) -> None:
    for path in _scenario_examples()[::7]:
        sc = load_scenario(path)
        out = tmp_path / (path.stem + suffix)
        write_scenario(sc, out)
        assert scenario_to_dict(load_scenario(out)) == scenario_to_dict(sc)


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"version = 1": "version = 2"}, "version", "unsupported scenario version 2"),
        ({'format = "cuesim-scenario"': 'format = "pool"'}, "format", "cuesim-scenario"),
        ({'game = "nine-ball"': 'game = "ten-ball"'}, "game", "'ten-ball' is not allowed"),
        ({"1 = [0.3, 1.8]": "12 = [0.3, 1.8]"}, "balls.12", "unknown ball '12'"),
        ({"1 = [0.3, 1.8]": "1 = [0.3]"}, "balls.1", "at least 2 items"),
        ({"1 = [0.3, 1.8]": '1 = ["a", 1.8]'}, "balls.1[0]", "expected number"),
        ({"1 = [0.3, 1.8]": "1 = [1.0, 2.23]"}, "balls.9", "overlap"),
        ({"1 = [0.3, 1.8]": "1 = [0.01, 1.8]"}, "balls.1", "not on the cloth"),
        ({"1 = [0.3, 1.8]": "1 = [5.0, 1.8]"}, "balls.1", "not on the cloth"),
        ({"speed = 2.0": "speed = -1.0"}, "shot.speed", "must be > 0"),
        ({"speed = 2.0": "sped = 2.0"}, "shot.sped", "unknown key"),
        # a key that does not print is quoted: the message stays on one line
        ({"speed = 2.0": 'speed = 2.0\n"a\\nb" = 1'}, "shot['a\\nb']", "unknown key"),
        ({'aim = "1"': 'aim = "2"'}, "shot.aim", "not on the table"),
        ({'aim = "1"': 'aim = "1"\nphi = 90.0'}, "shot", "exactly one of phi"),
        ({'to_play = "Ann"': 'to_play = "Cid"'}, "phase.to_play", "unknown player 'Cid'"),
        (
            {'players = ["Ann", "Bob"]': 'players = ["Ann", "Bob", "Cid"]'},
            "players",
            "by 2 players",
        ),
        (
            {'to_play = "Ann"': 'to_play = "Ann"\ngroups = { Ann = "solids", Bob = "stripes" }'},
            "phase.groups",
            "only meaningful in eight-ball",
        ),
        (
            {'to_play = "Ann"': 'to_play = "Ann"\nfouls_in_a_row = { Ann = 3 }'},
            "phase.fouls_in_a_row.Ann",
            "impossible",
        ),
        (
            {'to_play = "Ann"': 'to_play = "Ann"\nbreak = true\nfouls_in_a_row = { Bob = 1 }'},
            "phase.fouls_in_a_row",
            "no foul can precede the opening break",
        ),
        (
            {'to_play = "Ann"': 'to_play = "Ann"\nball_in_hand = "in_d"'},
            "phase.ball_in_hand",
            "snooker zone",
        ),
        ({'aim = "1"': 'aim = "1"\npush_out = true'}, "shot.push_out", "after the break"),
        ({'aim = "1"': 'aim = "1"\ncue_ball_at = [0.6, 0.5]'}, "shot.cue_ball_at", "ball in hand"),
        ({"9 = [1.0, 2.2]": "2 = [1.0, 2.2]"}, "balls", "the 9 must be on the table"),
        ({'next_to_play = "Bob"': 'next_to_play = "Zed"'}, "expect.next_to_play", "unknown player"),
        ({"pocketed = []": 'pocketed = ["X"]'}, "expect.pocketed[0]", "unknown ball 'X'"),
        ({'aim = "1"': 'aim = "1"\noff_table = ["2"]'}, "shot.off_table[0]", "not on the table"),
    ],
)
def test_bad_scenarios_name_the_file_and_the_field(
    changes: dict[str, str], field: str, words: str
) -> None:
    exc = error_of(scenario_text(**changes))
    assert exc.field == field
    assert words in exc.detail
    assert str(exc).startswith(f"case.toml: {field}: ")
    assert "\n" not in str(exc)  # one line


def test_cue_ball_placement_outside_the_zone_is_refused() -> None:
    text = scenario_text(
        **{
            "cue = [0.635, 0.8]\n": "",
            'to_play = "Ann"': 'to_play = "Ann"\nball_in_hand = "behind_head_string"',
            'aim = "1"': 'aim = "1"\ncue_ball_at = [0.635, 0.9]',
        }
    )
    exc = error_of(text)
    assert exc.field == "shot.cue_ball_at"
    assert "outside the ball-in-hand zone" in exc.detail


def test_cue_ball_on_the_head_string_is_not_behind_it() -> None:
    text = scenario_text(
        **{
            "cue = [0.635, 0.8]\n": "",
            'to_play = "Ann"': 'to_play = "Ann"\nball_in_hand = "behind_head_string"',
            'aim = "1"': 'aim = "1"\ncue_ball_at = [0.635, 0.635]',
        }
    )
    assert error_of(text).field == "shot.cue_ball_at"


def test_malformed_toml_and_json_are_reported_with_the_file() -> None:
    exc = error_of("format = \n")
    assert str(exc).startswith("case.toml: not valid TOML")
    exc = error_of("{", kind="json")
    assert str(exc).startswith("case.toml: not valid JSON")
    exc = error_of("[1, 2]", kind="json")
    assert "top level" in exc.detail


def test_a_missing_file_is_reported(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="cannot read the file"):
        load_scenario(tmp_path / "nothing.toml")


def test_snooker_phases_are_checked() -> None:
    base = (EXAMPLES / "snooker" / "colours-in-order.toml").read_text()
    sc = parse_scenario(base)
    assert sc.phase.ball_on == "yellow"
    exc = error_of(base.replace('ball_on = "yellow"', 'ball_on = "green"'))
    assert exc.field == "phase.ball_on" and "yellow is still on the table" in exc.detail
    exc = error_of(base.replace('ball_on = "yellow"', 'ball_on = "red"'))
    assert exc.field == "phase.ball_on" and "no red" in exc.detail


def test_the_documented_schema_is_the_one_in_the_code() -> None:
    documented = (ROOT / "docs" / "scenario-schema.json").read_text(encoding="utf-8")
    assert documented == schema_json()


def test_every_example_follows_the_schema() -> None:
    import tomllib

    files = _scenario_examples()
    assert len(files) >= 30
    for path in files:
        check_structure(tomllib.loads(path.read_text(encoding="utf-8")))
