"""What a player and a referee do around the shots, driven by synthetic events through the App:
engine failures shown as messages, fouls declared by a player, conceding and re-racking a
snooker frame, the 9-ball two-fouls warning, and the help overlay that lists every key.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pygame
import pytest

import sim
from render.app import App
from render.match import MatchConfig
from sim.errors import EventCapExceededError, InvalidStrikeError, OverlappingBallsError

SIZE = (1280, 820)


def key(app: App, k: int, mod: int = 0) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.handle(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))


def click(app: App, pos: tuple[float, float]) -> None:
    p = (round(pos[0]), round(pos[1]))
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=1))


def frame(app: App) -> pygame.Surface:
    surface = pygame.Surface(SIZE)
    app.draw(surface)
    return surface


def new_app(game: str, **kw) -> App:
    config = MatchConfig(game, ("Ann", "Bob"), seed=11, **kw)
    app = App(SIZE, config=config, warm_up=False)
    frame(app)
    return app


def set_position(app: App, xy: dict[int, tuple[float, float]], **fields) -> None:
    """Put the balls of ``xy`` at rest there and every other ball off the table."""
    game = app.game
    pos = np.array(game.state.pos, dtype=float)
    for i, p in xy.items():
        pos[i] = p
    state = sim.BallState.at_rest(pos)
    for i in range(int(game.state.n)):
        if i not in xy:
            state = state.with_ball_removed(i)
    app.game = replace(game, state=state, **fields)
    app.enter_aim()
    frame(app)


# ---------------------------------------------------------------------- engine failures


@pytest.mark.parametrize(
    ("error", "words"),
    [
        (EventCapExceededError("more than 20000 events"), "stopped this shot"),
        (InvalidStrikeError("speed 99 m/s is above 12 m/s"), "refused this shot"),
        (OverlappingBallsError("balls 3 and 4 overlap by 1 mm"), "refused this shot"),
    ],
)
def test_an_engine_failure_is_a_message_and_the_player_shoots_again(
    monkeypatch: pytest.MonkeyPatch, error: Exception, words: str
) -> None:
    app = new_app("nine-ball")
    game, score, history = app.game, app.score, list(app.history)
    real_simulate = sim.simulate

    def refuse(*args, **kwargs):
        raise error

    monkeypatch.setattr(sim, "simulate", refuse)
    app.aim.power = 0.7
    key(app, pygame.K_SPACE)
    assert app.mode.name == "aim"
    assert app.toast is not None and words in app.toast[0] and "shoot again" in app.toast[0]
    assert app.game is game and app.score is score and app.history == history
    assert app.last_shot is None and app.playback is None
    assert app.aim.power == pytest.approx(0.7)
    frame(app)  # the message draws
    monkeypatch.setattr(sim, "simulate", real_simulate)
    key(app, pygame.K_SPACE)
    assert app.mode.name == "playback"


def test_a_save_whose_last_shot_the_engine_refuses_is_not_loaded(
    monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:
    app = new_app("nine-ball")
    app.aim.power = 0.8
    key(app, pygame.K_SPACE)
    app.finish_playback()
    path = tmp_path / "s.cuesim.json"
    assert app.save(path)
    game = app.game

    def refuse(*args, **kwargs):
        raise EventCapExceededError("more than 20000 events")

    monkeypatch.setattr(sim, "simulate", refuse)
    assert not app.load(path)
    assert "Not loaded" in app.toast[0] and app.game is game
