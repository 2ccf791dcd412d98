"""The start screen offers to continue a saved session only when there is one; Ctrl+O asks
before dropping play not saved; the result card's "New match" opens the start screen, where
the game can change. Driven through the window (headless) with the keys a player presses."""

from __future__ import annotations

from pathlib import Path

import pygame
from test_app_referee import pot_the_nine
from window_driver import SIZE, frame, key, to_decision

from render import typeset
from render.app import App
from render.match import MatchConfig
from render.modes.match_over import MatchOverMode


def _texts_drawn(app: App, monkeypatch) -> list[str]:
    drawn: list[str] = []
    real = typeset.draw_text

    def spy(surface, text, *args, **kwargs):
        drawn.append(str(text))
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(typeset, "draw_text", spy)
    frame(app)
    monkeypatch.setattr(typeset, "draw_text", real)
    return drawn


def test_the_start_screen_offers_ctrl_o_only_with_a_saved_session(tmp_path, monkeypatch) -> None:
    path = tmp_path / "session.json"
    app = App(SIZE, warm_up=False, save_path=path)
    assert app.mode.context == "start"
    assert not any("Ctrl+O" in t for t in _texts_drawn(app, monkeypatch))
    key(app, pygame.K_o, pygame.KMOD_CTRL)
    assert app.mode.context == "start" and "No saved session" in app.toast[0]
    played = App(SIZE, config=MatchConfig("nine-ball", ("Ann", "Bob"), seed=3), warm_up=False)
    played.session.save(path)
    assert any("Ctrl+O" in t for t in _texts_drawn(app, monkeypatch))


def _match_with_unsaved_shot(path: Path) -> App:
    app = App(
        SIZE, config=MatchConfig("nine-ball", ("Ann", "Bob"), seed=3), warm_up=False, save_path=path
    )
    frame(app)
    app.session.save(path)
    pot_the_nine(app)
    to_decision(app)
    return app


def test_ctrl_o_asks_before_dropping_the_shots_played_since_the_save(tmp_path) -> None:
    path = tmp_path / "session.json"
    app = _match_with_unsaved_shot(path)
    shots = len(app.session.history)
    key(app, pygame.K_o, pygame.KMOD_CTRL)
    assert app.mode.context == "choice" and len(app.session.history) == shots
    key(app, pygame.K_n)  # no: the match stays as it is
    assert app.mode.context == "decision" and len(app.session.history) == shots
    key(app, pygame.K_o, pygame.KMOD_CTRL)
    key(app, pygame.K_y)  # yes: the saved session replaces it
    assert len(app.session.history) < shots and not app.session.unsaved_play


def test_new_match_on_the_result_card_lets_the_game_change(tmp_path) -> None:
    app = _match_with_unsaved_shot(tmp_path / "s.json")
    app.mode = MatchOverMode(app)
    key(app, pygame.K_n)
    assert app.mode.context == "start"
    app.mode._act("game:snooker")  # the start screen's game button
    key(app, pygame.K_RETURN)
    assert app.session.match_config.game == "snooker"
