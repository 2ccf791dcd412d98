"""The tip never leaves the engine's miscue circle, no
exception from a shot ends the program, tiny windows and hostile names draw, ``run()`` twice.

Each test drives the real ``App`` (or its pieces) headless with the exact input of the issue.
"""

from __future__ import annotations

import logging
import math

import pygame
import pytest

import rules
from render import hud
from render.aiming import TIP_LIMIT, AimState, clamp_tip, strike_for
from render.app import App
from render.match import MatchConfig
from render.session import ActionRefusedError, Session
from render.widgets import TipWidget
from sim.constants import MISCUE_LIMIT

SIZE = (1280, 820)


def key(app: App, k: int, mod: int = 0) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.handle(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))


def new_app(game: str = "nine-ball") -> App:
    app = App(SIZE, config=MatchConfig(game, ("Ann", "Bob"), seed=3), warm_up=False)
    app.draw(pygame.Surface(SIZE))
    return app


# ---------------------------------------------------------------------- 1. the tip and the shot
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


def test_an_unexpected_error_in_the_shot_is_shown_and_the_match_kept(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    app = new_app()
    before = app.session.game

    def broken(*_args: object, **_kwargs: object) -> None:
        raise ZeroDivisionError("an engine bug")

    monkeypatch.setattr("sim.simulate", broken)
    with caplog.at_level(logging.ERROR, logger="cuesim.render.session"):
        key(app, pygame.K_SPACE)
    assert app.mode.context == "aim"
    assert app.session.game is before and not app.session.history
    assert app.toast is not None and "ZeroDivisionError: an engine bug" in app.toast.text
    assert "match is kept" in app.toast.text
    assert any(r.exc_info for r in caplog.records)


def test_a_strike_the_engine_refuses_is_refused_by_the_session() -> None:
    session = Session()
    session.start_match(MatchConfig("nine-ball", ("Ann", "Bob"), seed=3))

    def miscue() -> object:
        import sim

        return sim.Strike(speed=2.0, phi=0.0, a=0.6)

    with pytest.raises(ActionRefusedError, match="engine refused this shot"):
        session.shoot(miscue, rules.Declaration())  # type: ignore[arg-type]
    assert not session.history and session.last_shot is None


def test_a_ruling_the_rules_cannot_apply_takes_the_shot_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = new_app()
    before = app.session.game
    key(app, pygame.K_SPACE)
    assert app.mode.context == "playback"

    def refuse(self: object, *_args: object) -> None:
        raise rules.StaleRulingError("the ruling is for another shot")

    monkeypatch.setattr(type(app.session.game), "apply", refuse)
    app.finish_playback()
    assert app.mode.context == "aim"
    assert app.session.game is before and app.session.last_shot is None
    assert app.toast is not None and "taken back" in app.toast.text


# ---------------------------------------------------------------------- 7. window edge cases
@pytest.mark.parametrize("name", ["Ann\x00", "\u202e", "\u200b\u200b", "\u202e\u200b ", "x" * 41])
def test_a_start_screen_name_that_cannot_be_drawn_is_refused_with_a_message(name: str) -> None:
    app = App(SIZE, warm_up=False)
    app.mode.names[0] = name  # type: ignore[attr-defined]
    key(app, pygame.K_RETURN)
    assert app.session.config is None and app.mode.context == "start"
    assert app.toast is not None and app.toast.colour == hud.ALERT
    app.draw(pygame.Surface(SIZE))


@pytest.mark.parametrize("text", ["a\x00b", "\u202e", "\u200b\u200b", "", "\ud800", "ok"])
def test_text_drawing_never_raises(text: str) -> None:
    surface = pygame.Surface((200, 60))
    image = hud.text_image(text, 22)
    assert image.get_width() >= 1 and image.get_height() >= 1
    hud.draw_toast(surface, text)
    hud.draw_banner(surface, pygame.Rect(0, 0, 200, 60), text, [text])
    assert hud.text_width(text, 22) >= 0


@pytest.mark.parametrize("size", [(1, 1), (2, 3), (3, 820), (1280, 1), (3, 3)])
def test_a_window_of_one_to_three_pixels_draws_every_panel(size: tuple[int, int]) -> None:
    app = new_app()
    key(app, pygame.K_SPACE)
    app.finish_playback()
    assert app.mode.context == "decision"
    for show_help in (False, True):
        app.remember_size(size)
        app.show_help = show_help
        app.say("a message")
        app.draw(pygame.Surface(size))
    app.request_quit()
    app.draw(pygame.Surface(size))
