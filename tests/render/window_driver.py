"""Synthetic input for the window tests: keys, clicks, drags and frames through ``App.handle``
and ``App.draw`` (headless, no warm-up thread), and positions set on the rules' frozen Game."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import numpy as np
import pygame

import sim
from render.app import App
from render.match import MatchConfig

SIZE = (1280, 820)


def key(app: App, k: int, mod: int = 0) -> None:
    """Press and release the key ``k``."""
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.handle(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))


def move(app: App, pos: tuple[float, float]) -> None:
    """Move the pointer to ``pos`` px."""
    p = (round(pos[0]), round(pos[1]))
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)))


def click(app: App, pos: tuple[float, float], button: int = 1) -> None:
    """Move to ``pos`` px and click ``button`` there."""
    p = (round(pos[0]), round(pos[1]))
    move(app, p)
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=button))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=button))


def screen_of(app: App, xy: tuple[float, float]) -> tuple[float, float]:
    """The screen position (px) of the table point ``xy`` (m)."""
    return app.view_for(app.size).to_screen(float(xy[0]), float(xy[1]))


def frame(app: App, size: tuple[int, int] = SIZE) -> pygame.Surface:
    """Draw one frame of ``size`` px and return it."""
    surface = pygame.Surface(size)
    app.draw(surface)
    return surface


def new_app(game: str, players: tuple[str, ...] = ("Ann", "Bob"), **kw: Any) -> App:
    """A headless App playing ``game`` (seed 11), on its first aim screen."""
    app = App(SIZE, config=MatchConfig(game, players, seed=11, **kw), warm_up=False)
    frame(app)
    return app


def set_position(app: App, xy: dict[int, tuple[float, float]], **fields: Any) -> None:
    """Put the balls of ``xy`` (m) at rest there and every other ball off the table; ``fields``
    replace fields of the game; then a fresh aim."""
    game = app.game
    n = int(game.state.n)
    pos = np.array(game.state.pos, dtype=float)
    for i, p in xy.items():
        pos[i] = p
    state = sim.BallState.at_rest(pos)
    for i in range(n):
        if i not in xy:
            state = state.with_ball_removed(i)
    app.game = replace(game, state=state, **fields)
    app.enter_aim()
    frame(app)


def to_decision(app: App) -> None:
    """Play the shot in progress to its end: the referee's call shows."""
    assert app.mode.context == "playback", app.mode.context
    app.finish_playback()
    assert app.mode.context == "decision", app.mode.context


def ball_discs(app: App, size: tuple[int, int]) -> list[pygame.Rect]:
    """The screen squares (px) of the balls on the table where they came to rest."""
    frame(app, size)
    view = app.view_for(size)
    positions, on = app.current_positions()
    r = view.length_px(float(app.table.ball_radius))
    out = []
    for i in np.flatnonzero(on):
        x, y = screen_of(app, (float(positions[i][0]), float(positions[i][1])))
        out.append(pygame.Rect(round(x - r), round(y - r), math.ceil(2 * r), math.ceil(2 * r)))
    return out
