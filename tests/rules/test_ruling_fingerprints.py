"""The ruling fingerprints behind "rulings identical before and after" (benchmarks/
ruling_fingerprints.py): a fingerprint sees every field, the comparison every key, and the
random games it plays are the same on every run."""

from __future__ import annotations

import dataclasses
import json

import pytest

import rules
import rules.placement
import sim
from benchmarks import ruling_fingerprints as fp
from rules.testing import ShotBuilder


def _ruling():
    game = rules.new_game("nine-ball", seed=1)
    shot = ShotBuilder(game.table, game.state_for_shot((0.6, 0.4)))
    return game.judge(shot.hit(0, 1).cushion(1).result())


def test_a_fingerprint_changes_with_any_field_and_only_then():
    ruling = _ruling()
    assert fp.fingerprint(ruling) == fp.fingerprint(dataclasses.replace(ruling))
    moved = rules.placement.rested(ruling.final, ((1, (0.3, 0.3)),))
    assert repr(moved) == repr(ruling.final), "a BallState's repr names only its counts"
    for change in (
        {"reason": ruling.reason + "."},
        {"notes": (*ruling.notes, "x")},
        {"final": moved},  # a ball at rest elsewhere: only the state's arrays differ
    ):
        assert fp.fingerprint(dataclasses.replace(ruling, **change)) != fp.fingerprint(ruling)


def test_compare_names_changed_missing_and_added_keys():
    before = {"a": "1", "b": "2", "c": "3"}
    after = {"a": "1", "b": "9", "d": "4"}
    assert fp.compare(before, after) == ["b", "c", "d"]
    assert fp.compare(before, dict(before)) == []


def test_the_command_line_compare_exits_1_on_a_difference(tmp_path, capsys):
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    one.write_text(json.dumps({"k": "1"}))
    two.write_text(json.dumps({"k": "2"}))
    assert fp.main(["--compare", str(one), str(one)]) == 0
    assert fp.main(["--compare", str(one), str(two)]) == 1
    assert "1 of 1 rulings differ" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        fp.main(["--compare", str(one), str(tmp_path / "missing.json")])
    assert "cannot read the fingerprints" in capsys.readouterr().err


def test_the_random_games_are_the_same_on_every_run_and_judge_without_error():
    sim.warmup()
    first = fp.sequence_prints(2, shots=4)
    assert first == fp.sequence_prints(2, shots=4)
    assert len(first) >= 3 * 2, "every game should play at least one shot"
    assert not [v for v in first.values() if v.startswith(("ERR", "PLACE"))]


def test_a_string_enum_and_its_value_give_one_fingerprint():
    """A field that becomes a ``StrEnum`` (equal to its value) keeps its fingerprint: the
    fingerprint writes an enum member as its value."""
    ruling = _ruling()
    as_member = dataclasses.replace(
        ruling, extras=rules.RulingExtras(choice_context=rules.ChoiceContext.DRY_BREAK)
    )
    as_text = dataclasses.replace(ruling, extras=rules.RulingExtras())
    object.__setattr__(as_text.extras, "choice_context", "dry_break")
    assert repr(as_member) != repr(as_text)
    assert fp.fingerprint(as_member) == fp.fingerprint(as_text)
    assert fp.canonical_repr(ruling).count("'") > 0 and "<Phase." not in fp.canonical_repr(ruling)
