"""The tip offset stays strictly inside the engine's miscue circle whatever the keys and the
mouse do: every strike the window builds is one the engine takes."""

from __future__ import annotations

import math

import pygame
import pytest

from render.aiming import TIP_LIMIT, AimState, clamp_tip, strike_for
from render.app import App
from render.match import MatchConfig
from render.widgets import TipWidget
from sim.constants import MISCUE_LIMIT


def key(app: App, k: int, mod: int = 0) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.handle(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))


SIZE = (1280, 820)


def new_app(game: str = "nine-ball") -> App:
    app = App(SIZE, config=MatchConfig(game, ("Ann", "Bob"), seed=3), warm_up=False)
    app.draw(pygame.Surface(SIZE))
    return app


def test_l_eleven_times_i_once_space_plays_a_shot() -> None:
    app = new_app()
    for _ in range(11):
        key(app, pygame.K_l)
    key(app, pygame.K_i)
    assert math.hypot(app.aim.a, app.aim.b) < MISCUE_LIMIT
    assert app.aim.b > 0.0
    key(app, pygame.K_SPACE)
    assert app.mode.context == "playback"
    assert app.session.last_shot is not None
    assert math.hypot(app.session.last_shot.strike.a, app.session.last_shot.strike.b) < 0.5


@pytest.mark.parametrize(
    ("a", "b"),
    [(0.5000000000000001, 0.0), (0.55, 0.05), (0.35355339059327384, 0.35355339059327384),
     (-3.0, 4.0), (1e308, 1e308), (0.0, -0.5)],
)  # fmt: skip
def test_clamp_keeps_every_offset_strictly_inside_the_miscue_limit(a: float, b: float) -> None:
    ca, cb = clamp_tip(a, b)
    assert math.hypot(ca, cb) <= TIP_LIMIT * (1.0 + 1e-15) < MISCUE_LIMIT
    aim = AimState(a=a, b=b)
    strike = strike_for(aim)  # sim.Strike refuses a miscue: this must not raise
    assert math.hypot(strike.a, strike.b) < MISCUE_LIMIT


def test_clamp_of_a_value_that_is_not_finite_is_the_centre() -> None:
    assert clamp_tip(math.nan, 0.1) == (0.0, 0.0)
    assert clamp_tip(0.1, math.inf) == (0.0, 0.0)


def test_mouse_anywhere_on_the_tip_widget_gives_an_offset_the_engine_takes() -> None:
    widget = TipWidget(pygame.Rect(100, 100, 96, 96))
    for x in range(90, 210, 3):
        for y in range(90, 210, 7):
            a, b = widget.tip_at((x, y))
            assert math.hypot(a, b) < MISCUE_LIMIT
    tiny = TipWidget(pygame.Rect(0, 0, 1, 1))
    assert tiny.radius_px >= 1.0
    assert math.hypot(*tiny.tip_at((50, -50))) < MISCUE_LIMIT
