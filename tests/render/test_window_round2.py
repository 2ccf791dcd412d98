"""What still annoyed a player in the real window.

Each test drives the headless window (``window_driver``) with a player's keys and clicks."""

from __future__ import annotations

import pygame
import pytest
from test_layout_defects import snooker_foul_and_miss
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
from render import aiming, hud
from render.aiming import POINTS_BREAK_SPEED, POOL_BREAK_SPEED, power_to_speed
from render.app import DEFAULT_POWER, SHOT_GUARD_S, App
from render.modes.preparing import PreparingMode
from render.scoreboard import score_info


def _speed(app) -> float:
    return power_to_speed(app.aim.power)


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


def _fields(game) -> dict:
    from dataclasses import fields

    return {f.name: getattr(game, f.name) for f in fields(game) if f.init}


def test_snooker_scoreboard_shows_the_frames_points_big_and_frames_won_small() -> None:
    app = new_app("snooker")
    set_position(app, {0: (0.9, 0.6), 1: (0.9, 2.5)}, score=(37, 8))
    board = score_info(app.session)
    assert [p.points for p in board.players] == [37, 8]
    assert [p.frames for p in board.players] == [0, 0]
    assert all("points" not in p.detail for p in board.players)
    frame(app)  # draws
    pool = score_info(new_app("nine-ball").session)
    assert [p.points for p in pool.players] == [None, None]  # pool keeps racks won big


def _eight_ball_call_position(app) -> None:
    solids, stripes = rules.Group.SOLIDS, rules.Group.STRIPES
    set_position(
        app,
        {0: (0.635, 1.0), 1: (0.635, 1.6), 8: (0.3, 2.3), 13: (1.0, 0.4)},
        phase=rules.Phase.GROUPS_ASSIGNED,
        ball_in_hand=rules.BallInHand.NONE,
        groups=(solids, stripes) if app.game.to_play == 0 else (stripes, solids),
        ball_on=frozenset({1}),
        shot_number=4,
    )
    app.update(SHOT_GUARD_S + 0.05)


def test_calling_a_pocket_keeps_the_aim_and_its_message_covers_no_pocket_label() -> None:
    app = new_app("eight-ball")
    _eight_ball_call_position(app)
    move(app, screen_of(app, (0.62, 1.9)))  # the player aims a little left of the 1
    move(app, screen_of(app, (0.64, 1.9)))
    aimed = app.aim.phi_deg
    key(app, pygame.K_SPACE)  # refused: the call is missing
    assert app.mode.context == "aim" and "Call your shot" in app.toast[0]
    click(app, screen_of(app, (0.635, 1.6)))  # the 1
    assert app.aim.called_ball == 1 and app.aim.phi_deg == pytest.approx(aimed)
    pocket = app.table.pocket_named("top-middle")
    click(app, screen_of(app, (pocket.x, pocket.y)))  # travelling there and clicking: no aim
    assert app.aim.called_pocket == pocket.name
    assert app.aim.phi_deg == pytest.approx(aimed)
    want = f"Called: the 1, {pocket.name} pocket."
    assert app.toast[0] == want and want in " ".join(app.mode.prompt_lines())
    surface = frame(app)
    labels = app.mode.label_rects
    assert len(labels) == 2 * len(app.table.pockets)
    box, _lines = hud.toast_box(surface.get_size(), app.toast[0], labels)
    assert not any(box.colliderect(r) for r in labels), (box, labels)
    unplaced, _ = hud.toast_box(surface.get_size(), app.toast[0])
    assert any(unplaced.colliderect(r) for r in labels)  # the old place covered one
    key(app, pygame.K_SPACE)  # shoots the call, at the aim the player gave
    assert app.mode.context == "playback"
    assert app.last_shot.declaration.called_pocket == pocket.name


def test_a_replayed_saved_shot_shows_its_call_and_a_foul_may_be_declared_on_it(tmp_path) -> None:
    app = new_app("snooker")
    snooker_foul_and_miss(app)
    assert app.game.pending_choice and app.mode.ruling is not None
    played = [f.code for f in app.mode.ruling.fouls]
    path = tmp_path / "foul.cuesim.json"
    assert app.save(path)
    other = App(SIZE, warm_up=False)
    other.pending_load = (path, True)  # what `cuesim replay FILE` asks for (render.app.run)
    other.mode = PreparingMode(other, None)
    other.mode.update(0.0)  # the preparing screen loads it and replays the last shot
    assert other.mode.context == "playback"
    other.finish_playback()
    assert other.mode.context == "decision" and other.mode.ruling is not None
    assert [f.code for f in other.mode.ruling.fouls] == played  # the replayed shot's call
    _banner, info = other.mode.info()
    assert info.fouls and info.buttons, info
    frame(other)
    key(other, pygame.K_d)  # a foul may be declared on that shot
    assert other.mode.context == "declarefoul", (other.mode.context, other.toast)
    assert other.foul_shot() is other.session.last_shot


def test_a_small_window_gives_the_table_the_larger_share_and_its_compact_panel_answers() -> None:
    from render.layout import COMPACT_ROW, FULL_ROW, Layout

    small = (640, 480)
    layout = Layout.for_size(small)
    assert layout.table.height > layout.panel.height  # 238 px over a 170 px panel (142 / 266)
    assert layout.power.rect.height and layout.tip.rect.width == COMPACT_ROW.tip
    full = Layout.for_size(SIZE)  # the default window keeps the full widget row
    assert full.tip.rect.width == FULL_ROW.tip and full.panel.height == 154
    app = new_app("nine-ball")
    app.remember_size(small)
    frame(app, small)
    view = app.view_for(small)
    x0, y0 = view.to_screen(0.0, 0.0)
    x1, y1 = view.to_screen(float(app.table.width), float(app.table.length))
    # The cloth 366 px long (218 px under the full panel: its 142 px table area).
    assert max(abs(x1 - x0), abs(y1 - y0)) >= 340, (x0, y0, x1, y1)
    # The player's input on the compact panel: a click on the power bar, a drag on the tip.
    meter = layout.power.rect
    click(app, (meter.left + meter.width * 3 // 4, meter.centery))
    assert app.aim.power == pytest.approx(
        layout.power.power_at((meter.left + meter.width * 3 // 4, meter.centery))
    )
    tip = layout.tip.rect
    click(app, (tip.centerx, tip.top + 8))  # high on the ball: follow
    assert app.aim.b > 0.2
    assert app.mode.context == "aim"  # neither click shot
