"""The window and the lab's pictures show balls leaving the cloth.

An airborne ball is drawn with its shadow slid away from it and grown with its height; a ball
that left the table is seen past the rail, then gone at its ``OFF_TABLE`` time; the elevation
keys and dial reach the engine's limit (the miscue limit still holds); the referee's call names
the ball off the table and the jump shot in a player's words. Real shots of ``examples/``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pygame
import pytest

import sim
from lab.runner import play, prepare
from lab.scenario import load_scenario
from render import aiming, draw, images
from render.keys import HELP_LINES
from render.modes.decision import DecisionMode
from render.modes.playback import PlaybackMode
from render.playback import make_playback
from render.view import View
from rules.wording import has_french, player_summary
from sim.constants import MAX_ELEVATION_DEG
from sim.events import EventKind
from tests.render.window_driver import SIZE, click, frame, key, new_app

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
JUMP_OVER_RED = EXAMPLES / "snooker" / "jump-shot-over-a-red.toml"
CUE_BALL_OFF = EXAMPLES / "nine-ball" / "cue-ball-jumps-off-the-table.toml"
CLOTH = (30, 110, 60)


def _shot(path: Path) -> tuple[Any, Any, Any]:
    prepared = prepare(load_scenario(path))
    result, ruling = play(prepared)
    return prepared, result, ruling


def _dark(pixels: np.ndarray, xy: tuple[float, float]) -> bool:
    """Whether the pixel at ``xy`` is darker than the plain cloth (a shadow on it)."""
    x, y = round(xy[0]), round(xy[1])
    return bool(pixels[x, y].sum() < sum(CLOTH) - 40)


def _one_ball(z: float) -> tuple[np.ndarray, View, Any, float, tuple[float, float]]:
    """The cue ball drawn alone at height ``z`` m on plain cloth: the pixels, the view, the
    table, the ball's radius in px and its centre on screen."""
    table = sim.Table.pool(9)
    view = View.fit(float(table.length), float(table.width), (0, 0, 700, 400), margin_m=0.1)
    surface = pygame.Surface((700, 400))
    surface.fill(CLOTH)
    xy = (0.6, 1.2)
    pos = np.array([[xy[0], xy[1], z]])
    draw.draw_balls(surface, view, table, pos, np.array([True]), draw.looks_for_names(["cue"]))
    return (
        pygame.surfarray.array3d(surface),
        view,
        table,
        view.length_px(float(table.ball_radius)),
        view.to_screen(*xy),
    )


def test_an_airborne_ball_has_its_shadow_apart_and_is_drawn_larger() -> None:
    flat, *_ = _one_ball(0.0)
    high, view, _table, r_px, centre = _one_ball(0.1)
    dx, dy = draw.shadow_offset_px(view, r_px, 0.1)
    assert np.hypot(dx, dy) > 2.5 * r_px  # the shadow lies apart from the ball
    shadow = (centre[0] + dx, centre[1] + dy)
    assert _dark(high, shadow) and not _dark(flat, shadow)
    # Between the ball's rim and its shadow the cloth shows: they are apart.
    d = float(np.hypot(dx, dy))
    rim, near = r_px * draw.height_scale(0.1), d - r_px
    gap = (centre[0] + dx * (rim + near) / (2 * d), centre[1] + dy * (rim + near) / (2 * d))
    assert near - rim > 0.5 * r_px
    assert not _dark(high, gap) and tuple(high[round(gap[0]), round(gap[1])]) == CLOTH

    def ball_pixels(pixels: np.ndarray) -> int:
        return int((pixels.sum(axis=2) > sum(CLOTH) + 120).sum())  # the white ball

    assert ball_pixels(high) > 1.5 * ball_pixels(flat)  # 1 + 0.1/0.3 = 1.33 wide: 1.78 area
    assert draw.height_scale(0.0) == 1.0 and draw.height_scale(10.0) == draw.MAX_HEIGHT_SCALE


def test_the_playback_of_a_jump_shot_draws_the_flying_cue_ball_over_the_red() -> None:
    _prepared, result, _ = _shot(JUMP_OVER_RED)
    app = new_app("snooker")
    app.playback = make_playback(result)
    app.mode = PlaybackMode(app)
    # Over the red (it sits at y = 1.3 m): the cue ball's height there, from the engine.
    t_over = 0.0
    for t in np.arange(0.0, 0.36, 0.005):
        if result.state_at(t).pos[0, 1] >= 1.3:
            t_over = float(t)
            break
    app.playback.t = t_over
    z = app.playback.heights()
    assert z[0] == pytest.approx(float(result.state_at(t_over).z[0]), abs=2e-3)
    assert z[0] > 0.05 and np.all(z[1:] == 0.0)
    surface = frame(app, SIZE)
    pixels = pygame.surfarray.array3d(surface)
    view = app.view_for(SIZE)
    r_px = view.length_px(float(result.table.ball_radius))
    pos, _on = app.playback.positions()
    centre = view.to_screen(*pos[0])
    dx, dy = draw.shadow_offset_px(view, r_px, float(z[0]))
    cloth = pixels[round(centre[0] + 3 * dx), round(centre[1] + 3 * dy)].astype(int)
    under = pixels[round(centre[0] + dx), round(centre[1] + dy)].astype(int)
    assert under.sum() < cloth.sum() - 20  # the shadow darkens the cloth apart from the ball
    # The cue ball is drawn over the red it flies over: white at its centre.
    assert pixels[round(centre[0]), round(centre[1])].min() > 150


def test_a_ball_that_left_the_table_flies_past_the_rail_then_disappears() -> None:
    _, result, _ = _shot(CUE_BALL_OFF)
    off = [r for r in result.events if int(r["kind"]) == EventKind.OFF_TABLE]
    assert len(off) == 1 and int(off[0]["a"]) == 0
    t_off = float(off[0]["t"])
    playback = make_playback(result)
    playback.t = t_off - 0.01
    pos, on = playback.positions()
    assert on[0] and pos[0, 1] > float(result.table.length)  # past the foot rail's nose
    assert playback.heights()[0] > 0.1
    playback.t = t_off
    assert not playback.positions()[1][0]
    playback.t = playback.duration
    assert not playback.positions()[1][0]


def test_the_lab_pictures_draw_flights_and_off_table_balls() -> None:
    prepared, result, _ruling = _shot(JUMP_OVER_RED)
    names = prepared.game.ball_names
    tops = images.flight_tops(result)
    assert tops and tops[0][0] == 0 and tops[0][2][2] > 0.1  # the cue ball's first jump
    frames, dt = images.animation_frames(result, names, ["x"], fps=20.0)
    k = round(tops[0][1] / dt)
    table = result.table
    view = images._layout(images.GIF_SIZE, table)[0]
    z = float(result.state_at(k * dt).z[0])
    pos = result.state_at(k * dt).pos[0]
    r_px = view.length_px(float(table.ball_radius))
    centre = view.to_screen(*pos)
    dx, dy = draw.shadow_offset_px(view, r_px, z)
    pixels = pygame.surfarray.array3d(frames[k]).astype(int)
    shadow = pixels[round(centre[0] + dx), round(centre[1] + dy)].sum()
    beside = pixels[round(centre[0] + dx), round(centre[1] - 3 * dy)].sum()
    assert shadow < beside - 20
    # The cue ball off the table: its path ends at the OFF_TABLE row, marked on the still.
    prepared, result, _ = _shot(CUE_BALL_OFF)
    path = images.ball_paths(result)[0]
    off = next(r for r in result.events if int(r["kind"]) == EventKind.OFF_TABLE)
    assert path[-1] == pytest.approx([float(off["x"]), float(off["y"])])
    still = images.render_still(result, prepared.game.ball_names, ["x"])
    view = images._layout(images.PNG_SIZE, result.table)[0]
    x, y = view.to_screen_int(float(off["x"]), float(off["y"]))
    arm = round(view.length_px(float(result.table.ball_radius))) + 2
    assert tuple(still.get_at((x + arm, y + arm)))[:3] == images.POCKETED


def test_the_elevation_keys_and_dial_reach_the_engines_limit() -> None:
    app = new_app("nine-ball")
    for _ in range(30):
        key(app, pygame.K_PAGEUP, pygame.KMOD_SHIFT)
    assert app.aim.theta_deg == MAX_ELEVATION_DEG == aiming.ELEVATION_LIMIT_DEG
    key(app, pygame.K_RIGHTBRACKET)
    assert app.aim.theta_deg == MAX_ELEVATION_DEG
    key(app, pygame.K_PAGEDOWN)
    assert app.aim.theta_deg == MAX_ELEVATION_DEG - 1.0
    # The dial: a click straight above its pivot is the limit, one on its level line 0.
    dial = app.layout(SIZE).elevation
    px, py = aiming.dial_pivot(dial.left, dial.bottom)
    click(app, (px, dial.top + 2))
    assert app.aim.theta_deg == MAX_ELEVATION_DEG
    click(app, (dial.right - 4, py))
    assert app.aim.theta_deg == 0.0
    click(app, (px + 30, py - 30))
    assert app.aim.theta_deg == pytest.approx(45.0)
    # At the limit with the tip pushed past the miscue circle, the strike stays playable.
    app.aim.theta_deg = MAX_ELEVATION_DEG
    app.aim.a, app.aim.b = 0.0, 0.9
    strike = aiming.strike_for(app.aim)
    assert strike.theta == MAX_ELEVATION_DEG and np.hypot(strike.a, strike.b) <= sim.MISCUE_LIMIT
    with pytest.raises(ValueError, match="miscue"):
        sim.Strike(speed=2.0, phi=0.0, theta=MAX_ELEVATION_DEG, a=0.0, b=0.6)
    assert aiming.clamp_elevation(float("nan")) == 0.0 and aiming.clamp_elevation(120.0) == 89.0
    assert any(f"0-{MAX_ELEVATION_DEG:.0f}\u00b0" in line for line in HELP_LINES)


def test_the_call_names_the_ball_off_the_table_and_the_jump_shot_in_a_players_words() -> None:
    prepared, _, ruling = _shot(CUE_BALL_OFF)
    lines = player_summary(ruling, tuple(prepared.game.players), tuple(prepared.game.ball_names))
    assert any(
        line.startswith("Foul: the cue ball left the table (0.12 s into the shot). Rule:")
        for line in lines
    ), lines
    assert "Off the table: cue ball." in lines
    prepared, _, ruling = _shot(JUMP_OVER_RED)
    lines = player_summary(ruling, tuple(prepared.game.players), tuple(prepared.game.ball_names))
    assert (
        "Foul: a jump shot, the cue ball flew over a red before hitting a ball "
        "(0.36 s into the shot). Rule: snooker §11.1."
    ) in lines, lines
    assert not any(has_french(line) or "red_" in line or "the a " in line for line in lines)


def test_the_referee_panel_shows_the_off_table_call() -> None:
    _prepared, _result, ruling = _shot(CUE_BALL_OFF)
    app = new_app("nine-ball")
    mode = DecisionMode(app, ruling)
    _, info = mode.info(pygame.Rect(0, 0, *SIZE))
    assert any("the cue ball left the table" in f for f in info.fouls)
    assert "Off the table: cue ball." in info.lines
