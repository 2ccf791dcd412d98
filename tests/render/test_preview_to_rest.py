"""The full aim preview tells the truth to the end of the shot: each ball's path runs to where
it rests, drops or leaves the table (the engine's own shot), a ball that touches a pocket's
jaw and stays out is marked as a rattle (never drawn like a pot), a pot is marked where it
drops, and an elevated cue ball that leaves the cloth is said before the shot, at every
level. The ghost level says it is geometry only, and its object-ball line reaches the pocket
on a long shot. A shot with a ball in the air plays back slowed."""

from __future__ import annotations

import math

import numpy as np
import pygame
import pytest
from window_driver import frame, new_app, set_position

import rules
import sim
from render import aim_drawing, aiming
from render.modes.playback import PlaybackMode
from render.playback import AIRBORNE_SPEED
from render.preview import preview_words, simulate_preview
from sim.events import EventKind

#: Snooker: a red cut toward the top-middle pocket that catches the near jaw and stays out
#: (the engine's shot, checked below against a full simulation).
RATTLE_CUE = (0.5605985711021726, 1.0956403574616735)
RATTLE_RED = (0.3548466658713868, 1.3988274341880764)
RATTLE_PHI = 121.56505117707799


def _shot(table: sim.Table, balls: list[tuple[float, float]], phi: float, speed: float,
          theta: float = 0.0) -> tuple[sim.BallState, sim.Strike]:  # fmt: skip
    state = sim.BallState.at_rest(np.array(balls, dtype=float))
    return state, sim.Strike(speed=speed, phi=phi, theta=theta, a=0.0, b=0.0)


def test_a_jaw_rattle_is_marked_out_and_the_path_runs_to_rest() -> None:
    table = sim.Table.snooker()
    state, strike = _shot(table, [RATTLE_CUE, RATTLE_RED], RATTLE_PHI, 2.0)
    preview = simulate_preview(table, state, strike)
    whole = sim.simulate(table, state, strike)
    assert bool(whole.final.on_table[1]), "the red stays on the table"
    jaws = [
        table.cushions[int(row["b"])].pocket
        for row in whole.events
        if int(row["kind"]) == EventKind.BALL_CUSHION and int(row["a"]) == 1
    ]
    assert "top-middle" in jaws, "the red touched the top-middle pocket's jaw"
    marks = [(m.ball, m.kind, m.pocket) for m in preview.marks]
    assert (1, "rattle", "top-middle") in marks
    assert not any(kind == "drop" for _b, kind, _p in marks)
    # Both paths end where the engine's balls come to rest, not at a first cushion.
    assert preview.object_end == preview.cue_end == "rest"
    assert np.allclose(preview.object_path[-1], whole.final.pos[1], atol=1e-9)
    assert np.allclose(preview.cue_path[-1], whole.final.pos[0], atol=1e-9)


def _into_table(table: sim.Table, pocket: str) -> tuple[tuple[float, float], float]:
    """The unit direction out of the corner ``pocket`` along its 45-degree axis, into the
    table, and the direction into the pocket, degrees."""
    p = table.pocket_named(pocket)
    dx = math.copysign(math.sqrt(0.5), float(table.width) / 2 - p.x)
    dy = math.copysign(math.sqrt(0.5), float(table.length) / 2 - p.y)
    return (dx, dy), math.degrees(math.atan2(-dy, -dx))


def _along(xy: tuple[float, float], u: tuple[float, float], d: float) -> tuple[float, float]:
    return (xy[0] + d * u[0], xy[1] + d * u[1])


def test_a_pot_is_marked_where_it_drops() -> None:
    """A straight pot into a 9-ball corner pocket: a "drop" mark at the pocket, the ball off the
    table in the full shot."""
    table = sim.Table.pool(9)
    corner = table.pocket_named("top-right")
    u, phi = _into_table(table, "top-right")
    one = _along((corner.x, corner.y), u, 0.7)
    cue = _along(one, u, 0.4)
    state, strike = _shot(table, [cue, one], phi, 2.0)
    preview = simulate_preview(table, state, strike)
    whole = sim.simulate(table, state, strike)
    assert not bool(whole.final.on_table[1])
    assert preview.object_end == "pocket"
    (drop,) = [m for m in preview.marks if m.kind == "drop"]
    assert drop.ball == 1 and drop.pocket == "top-right"
    assert math.dist(drop.xy, (corner.x, corner.y)) <= corner.radius + 1e-9


def _rattle_app(level: str):
    app = new_app("snooker", aim_assist=level)
    red = next(i for i, n in enumerate(app.game.ball_names) if n.startswith("red"))
    set_position(
        app,
        {0: RATTLE_CUE, red: RATTLE_RED},
        phase=rules.Phase.REDS,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({red}),
        shot_number=3,
    )
    app.aim.phi_deg, app.aim.locked = RATTLE_PHI, True
    app.aim.power = aiming.speed_to_power(2.0)
    return app


def test_the_window_draws_the_rattle_and_says_it(monkeypatch: pytest.MonkeyPatch) -> None:
    app = _rattle_app("full")
    drawn: list[str] = []
    real = aim_drawing.draw_mark

    def spy(surface, view, table, kind, xy) -> None:
        drawn.append(kind)
        real(surface, view, table, kind, xy)

    monkeypatch.setattr(aim_drawing, "draw_mark", spy)
    frame(app)
    assert "rattle" in drawn
    lines = app.mode.prompt_lines()  # type: ignore[attr-defined]
    assert any("rattles out of the top-middle pocket" in line for line in lines), lines
    # Nothing changed: the next frames draw from the cached preview, no new simulation.
    computed = app.mode.previews.computed  # type: ignore[attr-defined]
    frame(app)
    frame(app)
    assert app.mode.previews.computed == computed  # type: ignore[attr-defined]


def test_the_ghost_level_says_it_is_geometry_only() -> None:
    app = _rattle_app("ghost")
    frame(app)
    lines = app.mode.prompt_lines()  # type: ignore[attr-defined]
    assert any("geometry only" in line for line in lines), lines


def test_a_long_ghost_object_line_reaches_the_pocket() -> None:
    """The 1 two metres from the top-right corner, aimed straight at its centre: the object
    ball's line runs into the pocket's capture circle (it stopped 0.6 m out before)."""
    app = new_app("nine-ball", aim_assist="ghost")
    corner = app.table.pocket_named("top-right")
    u, phi = _into_table(app.table, "top-right")
    one = _along((corner.x, corner.y), u, 1.5)
    cue = _along(one, u, 2 * float(app.table.ball_radius) + 0.3)
    set_position(
        app, {0: cue, 1: one, 9: (float(app.table.width) / 2, 0.3)}, phase=rules.Phase.PLAY,
        ball_in_hand=rules.BallInHand.NONE, ball_on=frozenset({1}), shot_number=3,
    )  # fmt: skip
    app.aim.phi_deg, app.aim.locked = phi, True
    contact = aiming.aim_contact(app.game, app.aim)
    assert contact is not None and contact.ball == 1
    lines = aiming.guide_lines(app.game, app.aim, contact)
    assert lines is not None
    end = lines.object_path[1]
    assert math.dist(end, (corner.x, corner.y)) == pytest.approx(corner.radius, abs=1e-6)


def _jump_strike() -> tuple[sim.Table, sim.BallState, sim.Strike]:
    table = sim.Table.pool(9)
    state, strike = _shot(table, [(0.64, 0.6), (0.64, 1.2)], 90.0, 4.0, theta=40.0)
    return table, state, strike


def test_the_preview_says_the_cue_ball_leaves_the_cloth() -> None:
    table, state, strike = _jump_strike()
    preview = simulate_preview(table, state, strike)
    assert preview.jumps
    app = new_app("nine-ball", aim_assist="none")
    set_position(
        app, {0: (0.64, 0.6), 1: (0.64, 1.2), 9: (1.15, 0.2)}, phase=rules.Phase.PLAY,
        ball_in_hand=rules.BallInHand.NONE, ball_on=frozenset({1}), shot_number=3,
    )  # fmt: skip
    app.aim.phi_deg, app.aim.locked, app.aim.theta_deg = 90.0, True, 40.0
    app.aim.power = aiming.speed_to_power(4.0)
    frame(app)
    lines = app.mode.prompt_lines()  # type: ignore[attr-defined]
    assert any("leaves the cloth" in line for line in lines), lines
    app.aim.theta_deg = 0.0
    frame(app)
    lines = app.mode.prompt_lines()  # type: ignore[attr-defined]
    assert not any("leaves the cloth" in line for line in lines), lines
    assert "leaves the cloth" in preview_words(app.game, preview)


def test_an_airborne_ball_plays_back_slowed_and_stays_skippable() -> None:
    app = new_app("nine-ball")
    set_position(
        app, {0: (0.64, 0.6), 1: (0.64, 1.2), 9: (1.15, 0.2)}, phase=rules.Phase.PLAY,
        ball_in_hand=rules.BallInHand.NONE, ball_on=frozenset({1}), shot_number=3,
    )  # fmt: skip
    app.aim.phi_deg, app.aim.locked, app.aim.theta_deg = 90.0, True, 40.0
    app.aim.power = aiming.speed_to_power(4.0)
    app.shoot()
    mode, playback = app.mode, app.playback
    assert isinstance(mode, PlaybackMode) and playback is not None
    heights = playback.frames[:, :, 2]
    first_air = int(np.flatnonzero((heights > 1e-4).any(axis=1))[0])
    mode.update(first_air * playback.dt + 1e-6)
    assert playback.airborne()
    before = playback.t
    mode.update(0.01)
    assert playback.t - before == pytest.approx(0.01 * AIRBORNE_SPEED)
    assert any("in the air" in line for line in _prompt(app))
    app.handle(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    )
    assert app.mode is not mode


def _prompt(app) -> list[str]:
    """The prompt's lines drawn in one frame."""
    from render import hud

    said: list[str] = []
    real = hud.draw_prompt

    def spy(surface, rect, lines, *args, **kw):  # type: ignore[no-untyped-def]
        said.extend(lines)
        return real(surface, rect, lines, *args, **kw)

    hud.draw_prompt = spy
    try:
        frame(app)
    finally:
        hud.draw_prompt = real
    return said
