"""Each mode states what it is (``Mode.context`` and its flags), never through its class name;
the key table knows every context; scripts name modes by those contexts."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from pathlib import Path

import pytest

import render.modes
from render.keys import BINDINGS, Action, Context, action_for
from render.modes.base import Mode
from render.scripted import ScriptError, ScriptPlayer


def _mode_classes() -> list[type[Mode]]:
    out = []
    for info in pkgutil.iter_modules(render.modes.__path__):
        module = importlib.import_module(f"render.modes.{info.name}")
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, Mode) and cls is not Mode and cls.__module__ == module.__name__:
                out.append(cls)
    return out


def test_every_mode_names_its_key_context() -> None:
    classes = _mode_classes()
    assert len(classes) >= 10
    for cls in classes:
        assert isinstance(cls.context, Context), cls
    bound = {c for b in BINDINGS for c in b.contexts}
    for cls in classes:
        assert cls.context in bound, f"{cls.__name__}: no key binding acts in {cls.context}"


def test_the_screens_a_player_does_not_close_arm_no_shot_guard() -> None:
    by_name = {cls.__name__: cls for cls in _mode_classes()}
    unguarded = {name for name, cls in by_name.items() if not cls.arms_shot_guard}
    assert unguarded == {"PlaybackMode", "PreparingMode", "StartMode"}
    # the computer's turn is read like an aim screen: the last call, the frame's shots
    shows_call = {n for n, c in by_name.items() if c.shows_last_call}
    assert shows_call == {"AimMode", "ComputerTurnMode"}
    history = {n for n, c in by_name.items() if c.history_opens_over}
    assert history == {"AimMode", "ComputerTurnMode", "DecisionMode", "MatchOverMode"}


def test_a_binding_names_members_of_the_enums() -> None:
    for binding in BINDINGS:
        assert isinstance(binding.action, Action)
        assert all(isinstance(c, Context) for c in binding.contexts)
    import pygame

    space = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0)
    assert action_for(Context.AIM, space) is Action.SHOOT


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("until aiming\n", "line 1: no mode 'aiming'; modes: aim, playback"),
        ("wait 0.1\nfly 3\n", "line 2: unknown command 'fly'"),
        ("click 10\n", "line 1: click takes 2 to 2 argument(s), got 1"),
    ],
)
def test_a_script_naming_an_unknown_mode_or_command_is_refused_on_loading(
    tmp_path: Path, text: str, words: str
) -> None:
    script = tmp_path / "s.txt"
    script.write_text(text)
    with pytest.raises(ScriptError, match=words.replace("(", r"\(").replace(")", r"\)")):
        ScriptPlayer.from_file(script)


def test_a_script_that_is_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ScriptError, match="script"):
        ScriptPlayer.from_file(tmp_path)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("wait forever\n", "line 1: wait takes numbers, got 'forever'"),
        ("wait 1e9\n", "line 1: wait 1e9 is out of range (0 to 3600 s)"),
        ("aim nan\n", "line 1: aim nan is out of range"),
        ("key alt+x\n", "line 1: unknown modifier 'alt'"),
        ("key nosuchkey\n", "line 1: no key 'nosuchkey'"),
        ("power 5 kmh\n", "line 1: power takes a fraction, or a speed and 'mps'"),
    ],
)
def test_a_script_value_that_cannot_run_is_refused_on_loading(
    tmp_path: Path, text: str, words: str
) -> None:
    script = tmp_path / "s.txt"
    script.write_text(text)
    with pytest.raises(ScriptError) as info:
        ScriptPlayer.from_file(script)
    assert words in str(info.value)
