"""The key bindings are defined once (``render.keys.BINDINGS``): the help is generated from
them, and every key that does something while aiming is one of them."""

from __future__ import annotations

import pygame

from render.app import App
from render.keys import BINDINGS, HELP_LINES, SECTIONS, action_for
from render.match import MatchConfig

SIZE = (1280, 820)


def test_every_binding_appears_in_the_help() -> None:
    text = "\n".join(HELP_LINES)
    for binding in BINDINGS:
        assert binding.section in SECTIONS, binding
        assert binding.item in text, binding
    assert len(HELP_LINES) == len({b.section for b in BINDINGS})


def _key(app: App, k: int, mod: int = 0) -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        app.handle(pygame.event.Event(kind, key=k, mod=mod, unicode="", scancode=0))


def _observable(app: App) -> tuple:
    aim = app.aim
    return (
        app.mode.context, app.show_help, app.show_ghost, app.confirm_quit, app.toast,
        aim.phi_deg, aim.power, aim.a, aim.b, aim.theta_deg, aim.push_out, aim.safety,
        aim.free_ball, aim.called_ball, aim.called_pocket, aim.nominated,
        getattr(app.mode, "picking_nomination", None), id(app.game),
    )  # fmt: skip


def test_every_key_that_acts_while_aiming_is_a_binding() -> None:
    app = App(SIZE, config=MatchConfig("snooker", ("Ann", "Bob"), seed=4), warm_up=False)
    app.draw(pygame.Surface(SIZE))
    app.aim.power = 0.4
    _key(app, pygame.K_SPACE)
    app.finish_playback()
    _key(app, pygame.K_RETURN)
    if app.mode.context != "aim":
        _key(app, pygame.K_1)
    assert app.mode.context == "aim"
    special = [
        pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP,
        pygame.K_PAGEDOWN, pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET, pygame.K_PLUS,
        pygame.K_MINUS, pygame.K_EQUALS, pygame.K_F1, pygame.K_TAB, pygame.K_BACKSPACE,
    ]  # fmt: skip
    codes = [*range(pygame.K_a, pygame.K_z + 1), *range(pygame.K_0, pygame.K_9 + 1), *special]
    acting = []
    for code in codes:
        for mod in (0, pygame.KMOD_CTRL):
            before = _observable(app)
            _key(app, code, mod)
            if _observable(app) != before:
                acting.append((code, mod))
            if app.confirm_quit:
                _key(app, pygame.K_n)
            while app.mode.context in ("choice", "declarefoul", "playback"):
                _key(app, pygame.K_ESCAPE)
            if app.mode.context != "aim":
                app.enter_aim()
            app.show_help = False
    assert len(acting) > 20
    for code, mod in acting:
        event = pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)
        bound = action_for("global", event) or action_for("aim", event)
        assert bound is not None, (pygame.key.name(code), mod)
