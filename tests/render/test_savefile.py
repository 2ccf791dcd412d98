"""Save files: atomic versioned JSON; a whole session round-trips; bad files are refused
clearly and lose nothing."""

from __future__ import annotations

import json
import os

import pygame
import pytest

from render import savefile
from render.app import App
from render.match import MatchConfig
from render.savefile import SaveFileError, load_session, save_session

SIZE = (1280, 820)


def test_round_trip_and_header(tmp_path) -> None:
    path = save_session(tmp_path / "a.cuesim.json", {"x": [1, 2.5, "z"]})
    document = json.loads(path.read_text())
    assert (
        document["format"] == savefile.SAVE_FORMAT and document["version"] == savefile.SAVE_VERSION
    )
    assert load_session(path) == {"x": [1, 2.5, "z"]}
    assert [p.name for p in tmp_path.iterdir()] == ["a.cuesim.json"], "no temporary file is left"


def test_a_failed_write_keeps_the_old_file(tmp_path) -> None:
    path = save_session(tmp_path / "s.json", {"good": True})
    with pytest.raises(SaveFileError, match="JSON"):
        save_session(path, {"bad": object()})
    with pytest.raises(SaveFileError):
        save_session(path, {"nan": float("nan")})
    assert load_session(path) == {"good": True}
    assert len(list(tmp_path.iterdir())) == 1


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{not json", "damaged or not a save file"),
        (b'{"format": "something-else"}', "not a cuesim save file"),
        (b'{"format": "cuesim-session", "version": 99, "session": {}}', "version 99"),
        (b'{"format": "cuesim-session", "version": 1}', "holds no session"),
        (b"\xff\xfe\x00", "damaged"),
    ],
)
def test_bad_files_are_refused_with_a_clear_message(tmp_path, content, message) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(SaveFileError, match=message):
        load_session(path)


def test_missing_file(tmp_path) -> None:
    with pytest.raises(SaveFileError, match="no such file"):
        load_session(tmp_path / "nope.json")


def _key(app: App, k: int, mod: int = 0) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def test_a_session_saves_and_loads_with_its_undo_stack_and_last_shot(tmp_path) -> None:
    path = tmp_path / "session.cuesim.json"
    app = App(
        SIZE, config=MatchConfig("nine-ball", ("Ann", "Bob"), seed=4), save_path=path, warm_up=False
    )
    app.draw(pygame.Surface(SIZE))
    app.aim.power = 0.8
    _key(app, pygame.K_SPACE)
    app.finish_playback()
    _key(app, pygame.K_RETURN)
    game_after = app.game
    _key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert path.exists() and "Saved" in app.toast[0]

    other = App(
        SIZE, config=MatchConfig("snooker", ("Cid", "Dan"), seed=1), save_path=path, warm_up=False
    )
    _key(other, pygame.K_o, pygame.KMOD_CTRL)
    assert "Loaded" in other.toast[0]
    assert other.config == app.config and other.score == app.score
    assert other.game.shot_number == game_after.shot_number
    assert other.game.to_play == game_after.to_play
    assert (other.game.state.pos == game_after.state.pos).all()
    # The last shot came back: replay works, and undo goes back to the rack before the break.
    _key(other, pygame.K_r)
    assert other.mode.context == "playback"
    other.finish_playback()
    _key(other, pygame.K_u)
    assert other.game.shot_number == 0


def test_loading_a_damaged_file_keeps_the_current_game(tmp_path) -> None:
    path = tmp_path / "broken.cuesim.json"
    path.write_text('{"format": "cuesim-session", "version": 1, "session": {"config": {}}}')
    app = App(
        SIZE,
        config=MatchConfig("eight-ball", ("Ann", "Bob"), seed=2),
        save_path=path,
        warm_up=False,
    )
    game = app.game
    assert not app.load()
    assert app.game is game
    assert app.toast[0].startswith("Not loaded") and "damaged" in app.toast[0]


def test_saving_into_an_unwritable_place_says_so(tmp_path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    app = App(SIZE, config=MatchConfig("nine-ball", ("Ann", "Bob"), seed=2), warm_up=False)
    assert not app.save(blocker / "sub" / "s.json")
    assert app.toast[0].startswith("Not saved")
    assert os.listdir(tmp_path) == ["file"]
