"""The referee's public API refuses bad arguments with one specific error, and
save files are read and written safely (items 2 and 4): a test per defect, on the exact input,
and a property test of ``rules.loads``."""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
import sim
from rules.arguments import check_player_names, check_seed
from rules.files import FileReadError, FileWriteError, read_regular_file, write_atomic
from rules.position import check_game_fields
from tests.lab.disk_faults import full_disk, leftovers  # noqa: F401  (fixture)

STRIKE = sim.Strike(speed=2.0, phi=90.0)


@pytest.fixture(scope="module")
def nine() -> rules.Game:
    return rules.new_game("nine-ball", players=("Ann", "Bob"), seed=1)


# ---------------------------------------------------------------- play and judge


def test_play_none_is_refused_before_anything_happens(nine: rules.Game) -> None:
    with pytest.raises(rules.InvalidShotError, match=r"needs a sim\.Strike.*got NoneType"):
        nine.play(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("strike", [3.0, (2.0, 90.0), "strike", {"speed": 2.0}])
def test_play_refuses_anything_but_a_strike(nine: rules.Game, strike: Any) -> None:
    with pytest.raises(rules.InvalidShotError, match=r"needs a sim\.Strike"):
        nine.play(strike)


def _snooker_result() -> sim.ShotResult:
    snooker = rules.new_game("snooker", seed=1)
    x, y = snooker.table.d_centre  # type: ignore[misc]
    state = snooker.state_for_shot((x + 0.05, y - 0.05))
    return sim.simulate(snooker.table, state, STRIKE)


def test_judge_refuses_a_snooker_result_for_nine_ball(nine: rules.Game) -> None:
    with pytest.raises(rules.InvalidShotError, match=r"9-ball has 10 balls.*has 22"):
        nine.judge(_snooker_result())


def test_judge_refuses_a_result_on_another_table(nine: rules.Game) -> None:
    table7 = sim.Table.pool(7)
    game = rules.new_game("nine-ball", seed=1, table=table7)
    result = sim.simulate(game.table, game.state_for_shot(), STRIKE)
    with pytest.raises(rules.InvalidShotError, match=r"played on the .*7"):
        nine.judge(result)


@pytest.mark.parametrize(("kind", "a", "b"), [(3, 12, 2), (1, 0, 10), (2, -1, 0)])
def test_judge_refuses_a_log_naming_a_ball_the_game_lacks(
    nine: rules.Game, kind: int, a: int, b: int
) -> None:
    """A hand-built log whose row names ball 12 (or -1, or a ball-ball partner 10) of a 10-ball
    game: one message naming the row and the balls allowed, not an IndexError mid-ruling or a
    ruling about a ball that does not exist. ``ShotResult.from_log`` refuses it; a result made
    another way (its log replaced) is refused by the judge."""
    state = nine.state_for_shot()
    events = np.zeros(2, dtype=sim.EVENT_DTYPE)
    events[0]["kind"], events[1]["t"] = int(sim.EventKind.STRIKE), 0.5
    events[1]["kind"], events[1]["a"], events[1]["b"] = kind, a, b
    with pytest.raises(sim.InvalidEventLogError, match=r"row 1 of the event log: .*ball .*0\.\.9"):
        sim.ShotResult.from_log(nine.table, state, events, state)
    fine = sim.ShotResult.from_log(nine.table, state, events[:1], state)
    events.flags.writeable = False
    result = dataclasses.replace(fine, events=events)
    with pytest.raises(
        rules.InvalidShotError, match=r"row 1 of the event log names ball .*balls 0\.\.9"
    ):
        nine.judge(result)


def test_judge_refuses_something_that_is_not_a_result(nine: rules.Game) -> None:
    with pytest.raises(rules.InvalidShotError, match="lacks events, initial, final"):
        nine.judge(None)


# ---------------------------------------------------------------- new_game


@pytest.mark.parametrize(
    ("players", "words"),
    [
        (("Ann", "Ann"), "the same name"),
        (("Ann", " ann "), "the same name"),
        (("", "Bob"), "visible name"),
        (("   ", "Bob"), "visible name"),
        (("\u202e\u200b", "Bob"), "visible name"),
        ((1, 2), "must be a string"),
        (("Ann", None), "must be a string"),
        ("AB", "tuple of names"),
        (b"AB", "tuple of names"),
        (42, "tuple of names"),
        (("A\x00n", "Bob"), "control character"),
        (("Ann\n", "Bob"), "control character"),
        (("x" * 41, "Bob"), "at most 40"),
    ],
)
def test_new_game_refuses_bad_player_names(players: Any, words: str) -> None:
    with pytest.raises(rules.InvalidOptionError, match=words):
        rules.new_game("nine-ball", players=players)


@pytest.mark.parametrize("seed", [1.5, "7", True, False, -1, 2**63, 7.0, [7]])
def test_new_game_refuses_bad_seeds(seed: Any) -> None:
    with pytest.raises(rules.InvalidOptionError, match="seed must be an integer"):
        rules.new_game("nine-ball", seed=seed)


@pytest.mark.parametrize("seed", [None, 0, 7, 2**63 - 1, np.int64(5)])
def test_new_game_takes_good_seeds(seed: Any) -> None:
    game = rules.new_game("nine-ball", players=["Ann", "Bob"], seed=seed)
    assert game.players == ("Ann", "Bob")
    if seed is not None:
        assert game.seed == int(seed)


# ---------------------------------------------------------------- cue_ball_at


@pytest.mark.parametrize(
    ("at", "words"),
    [
        ((0.5,), "got 1 values"),
        ((0.5, 1.0, 0.0), "got 3 values"),
        ((), "got 0 values"),
        ("ab", "got 'ab'"),
        (5, "got 5"),
        (("a", "b"), "got str 'a'"),
        ((True, False), "got bool True"),
        ((1 + 2j, 1.0), "got complex"),
        ({"x": 0.5, "y": 1.0}, "two numbers"),
    ],
)
def test_malformed_cue_ball_positions_are_refused(nine: rules.Game, at: Any, words: str) -> None:
    in_hand = dataclasses.replace(nine, ball_in_hand=rules.BallInHand.ANYWHERE)
    for game in (in_hand, nine):  # with ball in hand and without
        with pytest.raises(rules.IllegalPlacementError, match=words):
            game.state_for_shot(at)
        with pytest.raises(rules.IllegalPlacementError, match=words):
            game.play(STRIKE, cue_ball_at=at)


def test_a_cue_ball_position_as_list_or_array_is_taken(nine: rules.Game) -> None:
    in_hand = dataclasses.replace(nine, ball_in_hand=rules.BallInHand.ANYWHERE)
    a = in_hand.state_for_shot([0.5, 1.0])
    b = in_hand.state_for_shot(np.array([0.5, 1.0]))
    assert tuple(a.pos[0]) == tuple(b.pos[0]) == (0.5, 1.0)


# ---------------------------------------------------------------- dataclasses.replace


def test_replace_is_checked_like_construction(nine: rules.Game) -> None:
    five = sim.BallState(np.array([[0.5, 0.5 + 0.1 * i] for i in range(5)]))
    with pytest.raises(rules.InvalidGameStateError, match="9-ball has 10 balls"):
        dataclasses.replace(nine, state=five)
    with pytest.raises(rules.InvalidGameStateError, match="to_play = 7"):
        dataclasses.replace(nine, to_play=7)


# ---------------------------------------------------------------- save: atomic writes


@pytest.mark.usefixtures("full_disk")
def test_save_on_a_full_disk_raises_save_file_error_and_keeps_the_old_file(
    tmp_path: Path, nine: rules.Game
) -> None:
    target = tmp_path / "game.json"
    target.write_text("previous content", encoding="utf-8")
    with pytest.raises(rules.SaveFileError, match="No space left on device") as caught:
        rules.save(nine, target)
    assert "\n" not in str(caught.value)
    assert target.read_text(encoding="utf-8") == "previous content"
    assert leftovers(tmp_path) == []


def test_save_into_a_missing_folder_is_one_save_file_error(
    tmp_path: Path, nine: rules.Game
) -> None:
    with pytest.raises(rules.SaveFileError, match="does not exist"):
        rules.save(nine, tmp_path / "missing" / "game.json")


def test_save_then_load_round_trips_and_leaves_no_temporary(
    tmp_path: Path, nine: rules.Game
) -> None:
    path = rules.save(nine, tmp_path / "game.json")
    assert rules.load(path) == nine
    assert leftovers(tmp_path) == []


def test_write_atomic_keeps_the_old_file_when_the_rename_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import rules.files

    target = tmp_path / "out.bin"
    target.write_bytes(b"old")

    def refuse(*_: Any) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(rules.files.os, "replace", refuse)
    with pytest.raises(FileWriteError, match="Permission denied"):
        write_atomic(target, b"new")
    assert target.read_bytes() == b"old"
    assert leftovers(tmp_path) == []


def test_write_atomic_refuses_a_folder_as_target(tmp_path: Path) -> None:
    with pytest.raises(FileWriteError, match="it is a folder"):
        write_atomic(tmp_path, b"x")


# ---------------------------------------------------------------- load: bounded regular files


def test_load_refuses_a_fifo_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(rules.SaveFileError, match="FIFO"):
        rules.load(fifo)


def test_load_refuses_dev_zero_and_folders(tmp_path: Path) -> None:
    with pytest.raises(rules.SaveFileError, match="a device"):
        rules.load("/dev/zero")
    with pytest.raises(rules.SaveFileError, match="a folder"):
        rules.load(tmp_path)


def test_load_refuses_a_file_over_the_limit(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (rules.persist.MAX_SAVE_BYTES + 1))
    with pytest.raises(rules.SaveFileError, match="over the 1 MiB limit"):
        rules.load(big)


def test_read_regular_file_reads_up_to_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "f"
    path.write_bytes(b"abc")
    assert read_regular_file(path, 3) == b"abc"
    with pytest.raises(FileReadError, match="3 bytes is over the 2 bytes limit"):
        read_regular_file(path, 2)
    with pytest.raises(FileReadError, match="No such file"):
        read_regular_file(tmp_path / "missing", 10)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"format": "cuesim-game", "version": ' + "9" * 5000 + "}", "digits|integer"),
        ("\x00\x01", "not valid JSON"),
    ],
)
def test_loads_refuses_hostile_text(text: str, words: str) -> None:
    with pytest.raises(rules.SaveFileError, match=words):
        rules.loads(text)


def _saved(game: rules.Game) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(rules.dumps(game))
    return data


@pytest.mark.parametrize(
    ("path", "value", "words"),
    [
        (("version",), True, "version True"),
        (("fields", "players"), ["Ann", "Ann"], "same name"),
        (("fields", "players"), ["Ann\x00", "Bob"], "control character"),
        (("fields", "seed"), -5, "seed must be"),
        (("fields", "to_play"), 7, "to_play"),
        (("fields", "winner"), 5, "winner"),
        (("fields", "ball_on"), [99, -1], "ball_on"),
        (("fields", "rack_number"), 1e999, "expected an integer, got inf"),
        (("table", "corner_pocket", "capture_radius"), 1e308, "at most 0.3 m"),
        (("table", "feet"), 1e308, "foot"),
        (("table", "corner_pocket", "\n"), 0.01, r"unknown field\(s\) '\\n'; its fields are mouth"),
        (("table", "side_pocket"), {"mouth": 0.1}, "no cut_angle_deg, knuckle_radius"),
        (("table", "side_pocket"), [0.1], "side_pocket must be an object with mouth"),
        (("table", "corner_pocket", "mouth"), "wide", "corner_pocket.mouth must be a number"),
        (("table", "corner_pocket", "mouth"), True, "corner_pocket.mouth must be a number"),
        (("balls", "pos", 1), [1e308, 1e308], "off the cloth"),
        (("balls", "pos", 2), "overlap", "1 and 2 overlap"),
        (("table",), {"kind": "snooker"}, "played on a pool table"),
    ],
)
def test_loads_refuses_hostile_values(
    nine: rules.Game, path: tuple[Any, ...], value: Any, words: str
) -> None:
    data = _saved(nine)
    if value == "overlap":  # ball 2 on ball 1's spot
        value = data["balls"]["pos"][1]
    if path == ("table",):  # the snooker table's own pockets
        value = _saved(rules.new_game("snooker", seed=1))["table"]
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    with pytest.raises(rules.SaveFileError, match=words):
        rules.loads(json.dumps(data))


# ---------------------------------------------------------------- property test: rules.loads


def _fresh_checks(game: rules.Game) -> None:
    """What a fresh game satisfies: the construction checks, names, seed, ball count."""
    check_game_fields(game)
    dataclasses.replace(game)  # re-runs every __post_init__ check of the game's class
    check_player_names(game.players)
    check_seed(game.seed)
    fresh = type(game).new(players=game.players, seed=0, table=game.table)
    assert fresh.state.n == game.state.n
    pos = np.asarray(game.state.pos)[np.asarray(game.state.on_table, dtype=bool)]
    assert np.isfinite(pos).all()
    for x, y in pos:
        assert game.table.contains_ball(float(x), float(y))


_SAVES = [
    _saved(rules.new_game(kind, players=("Ann", "Bob"), seed=3))
    for kind in ("nine-ball", "eight-ball", "snooker")
]

_json_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.sampled_from([2**63, -1, 0, 1, 7, 99, 10**400]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
    st.sampled_from(["nine-ball", "snooker", "break", "open", "anywhere", "in_d"]),
)
_json_value = st.recursive(
    _json_leaf,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, (*prefix, i))
    return out


@st.composite
def _mutated_saves(draw: st.DrawFn) -> str:
    data = json.loads(json.dumps(draw(st.sampled_from(_SAVES))))
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        paths = [p for p in _paths(data) if p]
        path = draw(st.sampled_from(paths))
        node = data
        for key in path[:-1]:
            node = node[key]
        if draw(st.booleans()) and isinstance(node, dict):
            del node[path[-1]]
        else:
            node[path[-1]] = draw(_json_value)
    return json.dumps(data, allow_nan=True)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_mutated_saves())
def test_loads_only_raises_save_file_error_and_what_loads_is_sound(text: str) -> None:
    try:
        game = rules.loads(text)
    except rules.SaveFileError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    _fresh_checks(game)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200) | st.binary(max_size=200).map(lambda b: b.decode("latin-1")))
def test_loads_of_arbitrary_text_only_raises_save_file_error(text: str) -> None:
    try:
        game = rules.loads(text)
    except rules.SaveFileError:
        return
    _fresh_checks(game)  # pragma: no cover - arbitrary text is never a game


def test_fresh_games_pass_the_property_checks() -> None:
    for data in _SAVES:
        _fresh_checks(rules.loads(json.dumps(data)))


def test_a_declaration_kept_as_allowed_does_not_let_another_through(nine: rules.Game) -> None:
    """``judge`` keeps the last declaration it found allowed (by identity): judging with it
    again skips the check, but any other declaration is checked, and a refused one is refused
    every time."""
    result = sim.simulate(nine.table, nine.state_for_shot(), STRIKE)
    allowed = rules.Declaration()
    refused = rules.Declaration(called_ball=3)  # 9-ball calls neither ball nor pocket
    first = nine.judge(result, allowed)
    for _ in range(2):
        with pytest.raises(rules.InvalidDeclarationError, match="calls neither the ball"):
            nine.judge(result, refused)
        assert nine.judge(result, allowed) == first
