"""The preparing screen (physics warm-up in a thread) and the start screen."""

from __future__ import annotations

import time

import pygame
import pytest

from render import palette
from render.app import App
from render.match import MatchConfig
from rules import BallInHand

SIZE = (1280, 820)


def test_preparing_screen_then_the_table() -> None:
    app = App(SIZE, config=MatchConfig("nine-ball", ("Ann", "Bob"), seed=1), warm_up=True)
    surface = pygame.Surface(SIZE)
    assert app.mode.context == "preparing"
    app.draw(surface)  # drawn while the warm-up thread runs: never blocks
    deadline = time.monotonic() + 120
    while app.mode.context == "preparing" and time.monotonic() < deadline:
        app.update(0.05)
        app.draw(surface)
        time.sleep(0.01)
    assert app.mode.context == "aim"


def _type(app: App, text: str) -> None:
    for ch in text:
        app.handle(pygame.event.Event(pygame.TEXTINPUT, text=ch))


def _click(app: App, pos) -> None:
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))


def _button(app: App, action: str):
    return next(b for b in app.mode._layout(SIZE) if b.action == action)


def test_start_screen_sets_up_a_snooker_match() -> None:
    app = App(SIZE, warm_up=False)
    surface = pygame.Surface(SIZE)
    app.draw(surface)
    assert app.mode.context == "start"
    _click(app, _button(app, "game:snooker").rect.center)
    _click(app, _button(app, "name:0").rect.center)
    _type(app, "Ronnie")
    _click(app, _button(app, "name:1").rect.center)
    _type(app, "Judd")
    _click(app, _button(app, "more").rect.center)  # best of 5
    app.draw(surface)
    app.handle(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)
    )
    assert app.mode.context == "aim"
    assert app.config.game == "snooker" and app.config.players == ("Ronnie", "Judd")
    assert app.config.frames == 5 and app.zone is BallInHand.IN_D


def test_start_screen_refuses_three_players() -> None:
    app = App(SIZE, warm_up=False)
    app.draw(pygame.Surface(SIZE))
    _click(app, _button(app, "name:2").rect.center)
    _type(app, "Cid")
    _click(app, _button(app, "start").rect.center)
    assert app.mode.context == "start"
    assert "2 players, or 4" in app.toast[0]


def test_start_screen_refuses_two_players_of_the_same_name_with_a_message() -> None:
    """Duplicate names (case aside) are refused, the screen stays."""
    app = App(SIZE, warm_up=False)
    app.draw(pygame.Surface(SIZE))
    _click(app, _button(app, "name:0").rect.center)
    _type(app, "Ann")
    _click(app, _button(app, "name:1").rect.center)
    _type(app, "ann ")
    _click(app, _button(app, "start").rect.center)
    assert app.mode.context == "start" and app.config is None
    assert "same name" in app.toast[0] and "different" in app.toast[0]


def key(app: App, k: int, mod: int = 0) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.handle(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))


@pytest.mark.parametrize("name", ["Ann\x00", "\u202e", "\u200b\u200b", "\u202e\u200b ", "x" * 41])
def test_a_start_screen_name_that_cannot_be_drawn_is_refused_with_a_message(name: str) -> None:
    app = App(SIZE, warm_up=False)
    app.mode.names[0] = name  # type: ignore[attr-defined]
    key(app, pygame.K_RETURN)
    assert app.session.config is None and app.mode.context == "start"
    assert app.toast is not None and app.toast.colour == palette.ALERT
    app.draw(pygame.Surface(SIZE))


def _bar_pixels(surface: pygame.Surface) -> list[tuple[int, int, int]]:
    """The colours along the middle of the start screen's engine progress bar (400 px wide,
    ``render.modes.preparing.draw_engine_status``)."""
    w, h = surface.get_size()
    return [tuple(surface.get_at((w // 2 - 200 + x, h - 20)))[:3] for x in range(4, 396)]


def test_the_engine_progress_is_the_builds_own_fraction_not_elapsed_time(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """While the compiled engine builds, the start screen's bar is filled to the build's own
    fraction and stays there while time passes (a band sweeping with the seconds showed no
    progress); the line above it says the fraction and the time left."""
    import sim
    from render import palette, typeset
    from render.modes import preparing

    status = sim.EngineStatus("building", False, True, 0.42, 13.6)
    monkeypatch.setattr(sim, "engine_status", lambda: status)
    said: list[str] = []
    plain_text = typeset.draw_text
    monkeypatch.setattr(
        typeset,
        "draw_text",
        lambda s, text, *a, **k: said.append(text) or plain_text(s, text, *a, **k),
    )
    app = App(SIZE, warm_up=False)
    surface = pygame.Surface(SIZE)
    app.draw(surface)
    first = _bar_pixels(surface)
    accent = tuple(palette.ACCENT)[:3]
    filled = [x for x, colour in enumerate(first) if colour == accent]
    assert filled and abs((filled[-1] + 4) / 400 - 0.42) < 0.02 and filled[0] == 0
    app.update(3.0)
    app.draw(surface)
    assert _bar_pixels(surface) == first  # time alone moves nothing
    assert any("42 %" in text and "about 14 s left" in text for text in said)
    assert preparing.engine_building(status)
