"""A key or a click that closes a panel never shoots, and each turn
starts at a sensible power (never the break's)."""

from __future__ import annotations

import pygame
import pytest
from window_driver import (
    SIZE,
    click,
    frame,
    key,
    move,
    new_app,
    screen_of,
    set_position,
    to_decision,
)

import rules
from render import aiming
from render.aiming import POINTS_BREAK_SPEED, POOL_BREAK_SPEED, power_to_speed
from render.app_moves import DEFAULT_POWER, SHOT_GUARD_S


def routine_position(app) -> None:
    set_position(
        app,
        {0: (0.635, 0.5), 1: (0.635, 1.5), 9: (0.3, 2.2)},
        phase=rules.Phase.PLAY,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({1}),
        shot_number=3,
    )


def test_enter_on_the_call_panel_continues_and_never_starts_a_shot() -> None:
    app = new_app("nine-ball")
    key(app, pygame.K_SPACE)
    to_decision(app)
    shots = len(app.history)
    key(app, pygame.K_RETURN)  # closes the call
    for _ in range(3):
        key(app, pygame.K_RETURN)  # a player hammering Enter to "continue"
        app.update(0.1)
    assert app.mode.context in ("aim", "decision") and len(app.history) == shots
    assert app.playback is None


def test_space_does_not_close_the_call_panel() -> None:
    app = new_app("nine-ball")
    key(app, pygame.K_SPACE)
    to_decision(app)
    key(app, pygame.K_SPACE)
    assert app.mode.context == "decision"


def test_the_click_that_closes_a_panel_is_not_also_a_shot() -> None:
    app = new_app("nine-ball")
    routine_position(app)
    app.aim.locked = True
    key(app, pygame.K_SPACE)
    to_decision(app)
    frame(app)
    _panel, info = app.mode.info(app.layout(SIZE).table)
    cont = next(b for b in info.buttons if b.action == "continue")
    click(app, cont.rect.center)
    assert app.mode.context == "aim"
    shots = len(app.history)
    click(app, screen_of(app, (0.635, 1.2)))  # a double click lands on the cloth
    key(app, pygame.K_SPACE)  # and Space straight after
    assert app.mode.context == "aim" and len(app.history) == shots
    app.update(SHOT_GUARD_S + 0.05)
    key(app, pygame.K_SPACE)  # a fresh, deliberate action shoots
    assert app.mode.context == "playback"


def test_the_first_turn_after_the_break_starts_at_the_default_power() -> None:
    app = new_app("nine-ball")
    app.aim.power = 0.95
    key(app, pygame.K_SPACE)
    to_decision(app)
    key(app, pygame.K_RETURN)
    if app.mode.context == "decision":  # a choice to make (push-out...): take the first
        key(app, pygame.K_RETURN)
    assert app.mode.context == "aim"
    assert app.aim.power == pytest.approx(DEFAULT_POWER)


def test_a_player_gets_back_his_own_last_power() -> None:
    app = new_app("nine-ball")
    routine_position(app)
    shooter = app.game.to_play
    app.aim.locked, app.aim.power = True, 0.2
    key(app, pygame.K_SPACE)
    to_decision(app)
    key(app, pygame.K_RETURN)
    while app.mode.context == "decision":
        key(app, pygame.K_RETURN)
    if app.game.to_play == shooter:
        assert app.aim.power == pytest.approx(0.2)
    else:
        assert app.aim.power == pytest.approx(DEFAULT_POWER)
        assert app.player_power[shooter] == pytest.approx(0.2)


def test_space_right_after_a_routine_call_closed_itself_does_not_shoot() -> None:
    """A panel closed by its own timeout guards the next shot like a key."""
    from render.modes.decision import AUTO_CONTINUE_S

    app = new_app("nine-ball")
    routine_position(app)
    app.aim.locked = True
    key(app, pygame.K_SPACE)
    to_decision(app)
    assert app.mode.context == "decision" and app.mode.is_routine
    shots = len(app.history)
    app.update(AUTO_CONTINUE_S + 0.05)  # the call closes itself
    assert app.mode.context == "aim"
    key(app, pygame.K_SPACE)  # meant for the call that just went away
    assert app.mode.context == "aim" and len(app.history) == shots and app.playback is None
    app.update(SHOT_GUARD_S + 0.05)
    key(app, pygame.K_SPACE)
    assert app.mode.context == "playback"


def _speed(app) -> float:
    return power_to_speed(app.aim.power)


def _fields(game) -> dict:
    from dataclasses import fields

    return {f.name: getattr(game, f.name) for f in fields(game) if f.init}


@pytest.mark.parametrize(
    ("game", "speed"),
    [
        ("nine-ball", POOL_BREAK_SPEED),
        ("eight-ball", POOL_BREAK_SPEED),
        ("snooker", POINTS_BREAK_SPEED),
    ],
)
def test_a_break_starts_at_its_own_speed(game: str, speed: float) -> None:
    app = new_app(game)
    assert _speed(app) == pytest.approx(speed)
    assert POOL_BREAK_SPEED >= 8.0 and POINTS_BREAK_SPEED < POOL_BREAK_SPEED


def test_after_the_break_a_turn_starts_at_the_players_own_non_break_power() -> None:
    app = new_app("nine-ball")
    breaker = app.game.to_play
    app.aim.power = 0.95  # broken harder still: never carried over
    key(app, pygame.K_SPACE)
    to_decision(app)
    while app.mode.context == "decision":
        key(app, pygame.K_RETURN)
    assert app.mode.context == "aim" and not aiming.is_break(app.game)
    assert app.aim.power == pytest.approx(DEFAULT_POWER)
    assert breaker not in app.player_power  # the break's power is not the breaker's own
    set_position(
        app,
        {0: (0.635, 0.5), 1: (0.635, 1.5), 9: (0.3, 2.2)},
        phase=rules.Phase.PLAY,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({1}),
        shot_number=3,
    )
    shooter = app.game.to_play
    app.aim.locked, app.aim.power = True, 0.2
    app.update(SHOT_GUARD_S + 0.05)
    key(app, pygame.K_SPACE)
    assert app.player_power[shooter] == pytest.approx(0.2)
    # The next rack's break is a break again: its own speed, not the 0.2 kept for the player.
    rack = app.game
    at_break = type(rack)(**{**_fields(rack), "phase": rules.Phase.BREAK, "to_play": shooter})
    assert aiming.turn_power(at_break, app.player_power, DEFAULT_POWER) == pytest.approx(
        aiming.break_power(at_break)
    )


def _aim_snapshot(app: object) -> tuple[float, ...]:
    aim = app.aim  # type: ignore[attr-defined]
    return (aim.phi_deg, aim.power, aim.a, aim.b, aim.theta_deg)


def test_a_resize_keeps_the_aim_power_and_spin() -> None:
    app = new_app("nine-ball")
    cue = app.cue_xy()
    assert cue is not None
    x, y = screen_of(app, (cue[0] + 0.4, cue[1] + 0.3))
    move(app, (x, y))
    key(app, pygame.K_i)
    aimed = _aim_snapshot(app)
    for size in ((900, 640), (700, 500), (1400, 900)):
        app.handle(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        # What SDL sends after a resize: the pointer, unmoved, at its place in the new window.
        move(app, (x, y))
        frame(app, size)
        move(app, (x, y))
        assert _aim_snapshot(app) == aimed, size
    # A real move of the pointer aims again.
    nx, ny = screen_of(app, (cue[0] - 0.4, cue[1] + 0.3))
    move(app, (nx + 1, ny))
    move(app, (nx, ny))
    assert app.aim.phi_deg != aimed[0]
