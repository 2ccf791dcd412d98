"""The session loader refuses a hostile file whole with one specific
``SaveFileError`` (the exact inputs of the issue, one test each), keeps the session it had, and
the session save is atomic (an injected write failure keeps the previous file, no temporary
file is left)."""

from __future__ import annotations

import contextlib
import copy
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest
from session_builder import played_session

from render import savefile
from render.app import App
from render.match import MatchConfig
from render.savefile import SaveFileError, load_session
from render.session import Session
from render.session_codec import read_session

SIZE = (1280, 820)


@pytest.fixture(scope="module")
def good_document(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A real 9-ball session after a few shots (undo stack and last shot included), as JSON."""
    path = tmp_path_factory.mktemp("good") / "good.cuesim.json"
    played_session("nine-ball", 3).save(path)
    document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    assert document["session"]["undo"] and document["session"]["last_shot"]
    return document


def write(tmp_path: Path, document: Any, name: str = "s.cuesim.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def refused(path: Path, *words: str) -> str:
    """Load ``path``: it must be refused with a message holding each of ``words``, and by the
    checks (never by the loader's catch-all for errors no check named)."""
    with pytest.raises(SaveFileError) as info:
        read_session(path)
    message = str(info.value)
    assert "no check names" not in message, message
    for word in words:
        assert word in message, message
    return message


def mutated(document: dict[str, Any], change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    out = copy.deepcopy(document)
    change(out["session"])
    return out


def test_the_good_file_loads(good_document: dict[str, Any], tmp_path: Path) -> None:
    config, _score, game, undo, last = read_session(write(tmp_path, good_document))
    assert game.players == ("Ann", "Bob")
    assert config.players == ("Ann", "Bob") and len(undo) == 3 and last is not None


# ---------------------------------------------------------------------- JSON-level attacks
def test_nesting_deeper_than_a_thousand_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text('{"format": "cuesim-session", "version": 1, "session": ' + "[" * 100_000)
    refused(path, "nests 100001 levels deep", f"at most {savefile.MAX_NESTING}")


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    assert savefile.nesting_depth('{"a": "[[[[{{{{\\"]]]]", "b": [[1]]}') == 3


def test_an_integer_of_4301_digits_is_refused(
    good_document: dict[str, Any], tmp_path: Path
) -> None:
    text = json.dumps(good_document).replace('"race_to": 3', '"race_to": ' + "7" * 4301)
    path = tmp_path / "big.json"
    path.write_text(text)
    refused(path, "4301 digits", f"at most {savefile.MAX_INT_DIGITS}")


@pytest.mark.parametrize("literal", ["1e999", "-1e999", "NaN", "Infinity", "-Infinity"])
def test_numbers_that_are_not_finite_are_refused(
    good_document: dict[str, Any], tmp_path: Path, literal: str
) -> None:
    text = json.dumps(good_document).replace('"race_to": 3', f'"race_to": {literal}')
    path = tmp_path / "inf.json"
    path.write_text(text)
    refused(path, "finite numbers only")


def test_a_key_given_twice_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "twice.json"
    path.write_text('{"format": "cuesim-session", "version": 1, "version": 1, "session": {}}')
    refused(path, "'version' appears twice")


@pytest.mark.parametrize("version", [1.0, True, "1", None, 2])
def test_the_version_must_be_the_integer_1(tmp_path: Path, version: Any) -> None:
    path = write(tmp_path, {"format": "cuesim-session", "version": version, "session": {}})
    refused(path, "this cuesim reads version 1 (an integer)")


# ---------------------------------------------------------------------- hostile values
def _game_fields(session: dict[str, Any]) -> dict[str, Any]:
    fields: dict[str, Any] = session["game"]["fields"]
    return fields


HOSTILE: dict[str, tuple[Callable[[dict[str, Any]], None], tuple[str, ...]]] = {
    "ball_on [99, -1]": (lambda s: _game_fields(s).update(ball_on=[99, -1]), ("ball_on",)),
    "a NUL in a player name": (
        lambda s: s["config"].update(players=["Ann\x00", "Bob"]),
        ("control character",),
    ),
    "a NUL in the game's player name": (
        lambda s: _game_fields(s).update(players=["A\x00nn", "Bob"]),
        ("control character",),
    ),
    "a name made only of U+202E": (
        lambda s: s["config"].update(players=["\u202e", "Bob"]),
        ("visible name",),
    ),
    "a name made only of U+200B": (
        lambda s: s["config"].update(players=["Ann", "\u200b\u200b"]),
        ("visible name",),
    ),
    "is_over with winner 5": (
        lambda s: _game_fields(s).update(is_over=True, winner=5),
        ("winner",),
    ),
    "capture_radius 1e308": (
        lambda s: s["game"]["table"]["corner_pocket"].update(capture_radius=1e308),
        ("game",),
    ),
    "a ball at (1e308, 1e308)": (
        lambda s: s["game"]["balls"]["pos"].__setitem__(3, [1e308, 1e308]),
        ("game",),
    ),
    "a ball on the cushion": (
        lambda s: s["game"]["balls"].update(
            pos=[[-0.5, 0.5], *s["game"]["balls"]["pos"][1:]],
            on_table=[True, *s["game"]["balls"]["on_table"][1:]],
        ),
        ("off the cloth",),
    ),
    "two balls on one spot": (
        lambda s: s["game"]["balls"].update(
            pos=[s["game"]["balls"]["pos"][1], *s["game"]["balls"]["pos"][1:]],
            on_table=[True, True, *s["game"]["balls"]["on_table"][2:]],
        ),
        ("overlap",),
    ),
    "an 8 ft table in a 9 ft match": (
        lambda s: s["game"]["table"].update(feet=8),
        ("game",),
    ),
    "a snooker game in a 9-ball match": (
        lambda s: s["game"].update(kind="snooker"),
        ("game",),
    ),
    "shot_number 10**12": (
        lambda s: _game_fields(s).update(shot_number=10**12),
        ("shot_number",),
    ),
    "wins [7, 0] in a race to 3": (lambda s: s["score"].update(wins=[7, 0]), ("wins",)),
    "wins beyond the racks played": (
        lambda s: s["score"].update(wins=[2, 1], rack=1),
        ("rack",),
    ),
    "breaker 2": (lambda s: s["score"].update(breaker=2), ("breaker",)),
    "race_to 0": (lambda s: s["config"].update(race_to=0), ("race_to",)),
    "race_to true": (lambda s: s["config"].update(race_to=True), ("race_to",)),
    "seed 1.5": (lambda s: s["config"].update(seed=1.5), ("seed",)),
    "three players": (lambda s: s["config"].update(players=["A", "B", "C"]), ("3 players",)),
    "the same name twice": (lambda s: s["config"].update(players=["Ann", "ann"]), ("same",)),
    "a miscue in the last shot": (
        lambda s: s["last_shot"]["strike"].update(a=0.5000000000000001),
        ("miscue",),
    ),
    "a strike with a text speed": (
        lambda s: s["last_shot"]["strike"].update(speed="fast"),
        ("numbers only",),
    ),
    "the cue ball placed on the 9": (
        lambda s: s["last_shot"].update(cue_ball_at=[0.635, 1.9]),
        ("refused",),
    ),
    "a cue_ball_at of three numbers": (
        lambda s: s["last_shot"].update(cue_ball_at=[0.5, 0.5, 0.5]),
        ("two finite numbers",),
    ),
    "a declared foul the game does not know": (
        lambda s: s["last_shot"]["declaration"].update(declared_fouls=["kicked_the_table"]),
        ("kicked_the_table",),
    ),
    "push_out 1 instead of true": (
        lambda s: s["last_shot"]["declaration"].update(push_out=1),
        ("push_out",),
    ),
    "undo is not a list": (lambda s: s.update(undo={"0": 1}), ("undo",)),
    "the config is missing": (lambda s: s.pop("config"), ("config", "missing")),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_hostile_value_refuses_the_file_whole(
    good_document: dict[str, Any], tmp_path: Path, case: str
) -> None:
    change, words = HOSTILE[case]
    refused(write(tmp_path, mutated(good_document, change)), *words)


# ---------------------------------------------------------------------- what is read at all
def test_only_regular_files_up_to_the_limit_are_read(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.cuesim.json"
    os.mkfifo(fifo)
    refused(fifo, "FIFO")
    refused(Path("/dev/zero"), "device")
    refused(tmp_path, "folder")
    big = tmp_path / "big.cuesim.json"
    with big.open("wb") as handle:
        handle.truncate(savefile.MAX_SESSION_BYTES + 1)
    refused(big, "limit")
    refused(tmp_path / "missing.json", "no such file")


def test_ctrl_o_on_a_hostile_file_keeps_the_match(
    good_document: dict[str, Any], tmp_path: Path
) -> None:
    path = write(tmp_path, mutated(good_document, HOSTILE["ball_on [99, -1]"][0]))
    app = App(SIZE, config=MatchConfig("eight-ball", ("Cy", "Di")), save_path=path, warm_up=False)
    game = app.game
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_o, mod=pygame.KMOD_CTRL))
    assert app.game is game and app.mode.context == "aim"
    assert app.toast is not None and app.toast.text.startswith("Not loaded")
    app.draw(pygame.Surface(SIZE))


# ---------------------------------------------------------------------- atomic saves
def test_a_failed_write_keeps_the_previous_save_and_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = played_session("nine-ball", 1)
    path = session.save(tmp_path / "s.cuesim.json")
    before = path.read_bytes()
    session_after = played_session("nine-ball", 3)

    def full_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(SaveFileError, match="No space left on device"):
        session_after.save(path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["s.cuesim.json"]
    monkeypatch.undo()
    assert Session().load(path) is None


def test_a_write_stopped_before_the_rename_keeps_the_previous_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = played_session("snooker", 1).save(tmp_path / "s.cuesim.json")
    before = path.read_bytes()

    class Stopped(BaseException):
        """Stands for the process stopping after the data is written, before the rename."""

    def stop(*_args: object) -> None:
        raise Stopped

    monkeypatch.setattr(os, "replace", stop)
    with pytest.raises(Stopped):
        played_session("snooker", 2).save(path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["s.cuesim.json"]


#: A process that imports the save code once, then forks one writer per line it reads: each
#: writer saves a 4 MB session over and over until it is killed (the parent is single-threaded,
#: so forking it is safe; the imports are paid once, not once per kill).
_SAVER = """
import os, sys
from render.savefile import save_session
big = {"undo": [{"filler": "x" * 1000, "n": i} for i in range(4000)]}
path = sys.argv[1]
for _line in sys.stdin:
    save_session(path, {"n": 0})
    child = os.fork()
    if child == 0:
        try:
            print("writer", os.getpid(), flush=True)
            while True:
                save_session(path, big)
        finally:
            os._exit(1)
    os.waitpid(child, 0)
    print("reaped", flush=True)
"""


def test_sigkill_during_saves_always_leaves_a_whole_save_file(tmp_path: Path) -> None:
    """A real SIGKILL while a process saves a 4 MB session over and over: the file at the
    path is always a whole save file (the old or the new one), never a truncated one."""
    path = tmp_path / "s.cuesim.json"
    root = Path(__file__).resolve().parents[2]
    saver = subprocess.Popen(
        [sys.executable, "-c", _SAVER, str(path)],
        cwd=root,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert saver.stdin is not None and saver.stdout is not None
    writer = 0
    try:
        for delay in (0.05, 0.2, 0.4):
            saver.stdin.write("go\n")
            saver.stdin.flush()
            word, pid = saver.stdout.readline().split()
            assert word == "writer"
            writer = int(pid)
            time.sleep(delay)
            os.kill(writer, signal.SIGKILL)
            assert saver.stdout.readline().strip() == "reaped"  # the writer is gone
            writer = 0
            session = load_session(path)
            assert session == {"n": 0} or len(session["undo"]) == 4000
            # A kill can leave the writer's temporary file (nothing runs after SIGKILL),
            # never anything else; it is hidden and named after the save.
            others = {p.name for p in tmp_path.iterdir()} - {path.name}
            assert all(n.startswith(".s.cuesim.json.") and n.endswith(".tmp") for n in others)
    finally:  # never leave a writer (not yet reaped) saving into the test's folder
        if writer:
            with contextlib.suppress(ProcessLookupError):
                os.kill(writer, signal.SIGKILL)
        saver.stdin.close()
        try:
            saver.wait(timeout=30)
        finally:
            saver.kill()
            saver.stdout.close()


def test_cuesim_replay_refuses_a_hostile_file_before_any_window(
    good_document: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from cuesim import cli

    path = write(tmp_path, mutated(good_document, HOSTILE["is_over with winner 5"][0]))
    assert cli.main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cuesim replay: ") and "winner" in err and err[-1] == "\n"
    assert err.count("\n") == 1
