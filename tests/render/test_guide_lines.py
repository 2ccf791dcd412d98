"""A guide line never runs through a ball unmarked. At the
ghost level the object ball's line and the cue ball's tangent line stop at the first ball they
would meet (straight-line geometry), and the ball is marked; at the full level the engine's
paths bend where the balls meet (the engine's own contacts), and that hit is marked too.
Driven through the window (headless)."""

from __future__ import annotations

import math

import pygame
import pytest
from window_driver import frame, move, new_app, screen_of, set_position

import rules
from render import aim_drawing, aiming
from render.app import App

R = 0.028575  # the pool ball radius, m


def straight_line_position(app: App) -> None:
    """9-ball: the cue ball below the 1, the 5 straight beyond the 1 on the same line, the 9
    well off it."""
    set_position(
        app,
        {0: (0.64, 0.6), 1: (0.64, 1.2), 5: (0.64, 1.5), 9: (0.2, 2.2)},
        phase=rules.Phase.PLAY,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({1}),
        shot_number=3,
    )
    app.aim.phi_deg, app.aim.locked, app.aim.power = 90.0, True, 0.4


def record_marks(monkeypatch: pytest.MonkeyPatch) -> list[tuple[tuple[float, float], ...]]:
    marks: list[tuple[tuple[float, float], ...]] = []
    real = aim_drawing.draw_ball_met

    def spy(surface, view, table, stop, ball) -> None:
        marks.append((stop, ball))
        real(surface, view, table, stop, ball)

    monkeypatch.setattr(aim_drawing, "draw_ball_met", spy)
    return marks


def test_the_ghost_object_line_stops_at_the_ball_it_would_hit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = new_app("nine-ball", aim_assist="ghost")
    straight_line_position(app)
    contact = app.aim_contact()
    assert contact is not None and contact.ball == 1
    lines = aiming.guide_lines(app.game, app.aim, contact)
    assert lines is not None and lines.object_meets == 5
    (x0, y0), (x1, y1) = lines.object_path
    assert (x0, y0) == pytest.approx((0.64, 1.2))
    # It ends where the 1 would touch the 5 (centres 2R apart), not at the far cushion.
    assert math.dist((x1, y1), (0.64, 1.5)) == pytest.approx(2 * R, abs=1e-9)
    marks = record_marks(monkeypatch)
    frame(app)
    assert marks == [((x1, y1), (0.64, 1.5))]


def test_the_tangent_line_stops_at_a_ball_in_its_way_and_a_clear_line_is_unmarked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = new_app("nine-ball", aim_assist="ghost")
    # A half-ball cut on the 1: the cue ball leaves along the tangent towards the 5.
    set_position(
        app,
        {0: (0.64, 0.6), 1: (0.64 + R, 1.2), 5: (0.45, 1.25), 9: (0.2, 2.2)},
        phase=rules.Phase.PLAY,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({1}),
        shot_number=3,
    )
    app.aim.phi_deg, app.aim.locked = 90.0, True
    contact = app.aim_contact()
    assert contact is not None and contact.ball == 1
    lines = aiming.guide_lines(app.game, app.aim, contact)
    assert lines is not None and lines.tangent_path is not None
    assert lines.object_meets == -1  # the 1's own line is clear
    assert lines.tangent_meets == 5
    assert math.dist(lines.tangent_path[1], (0.45, 1.25)) == pytest.approx(2 * R, abs=1e-9)
    marks = record_marks(monkeypatch)
    frame(app)
    assert [ball for _stop, ball in marks] == [(0.45, 1.25)]


def test_the_full_preview_marks_the_ball_its_path_meets(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = new_app("nine-ball", aim_assist="full")
    straight_line_position(app)
    marks = record_marks(monkeypatch)
    frame(app)
    assert app.mode.previews.computed >= 1  # type: ignore[attr-defined]
    met = [ball for _stop, ball in marks]
    assert met, "the 1 runs into the 5: the hit is marked"
    assert math.dist(met[0], (0.64, 1.5)) < 1e-6
    # The 1's centre at that contact is 2R from the 5's (the engine's own contact).
    stop = marks[0][0]
    assert math.dist(stop, (0.64, 1.5)) == pytest.approx(2 * R, abs=1e-6)


def test_a_clear_shot_shows_no_mark_at_either_level(monkeypatch: pytest.MonkeyPatch) -> None:
    for level in ("ghost", "full"):
        app = new_app("nine-ball", aim_assist=level)
        set_position(
            app,
            {0: (0.64, 0.6), 1: (0.64, 1.2), 9: (1.15, 0.2)},  # the 9 off every path
            phase=rules.Phase.PLAY,
            ball_in_hand=rules.BallInHand.NONE,
            ball_on=frozenset({1}),
            shot_number=3,
        )
        app.aim.locked = False
        move(app, screen_of(app, (0.64, 1.0)))  # the player aims at the 1 with the pointer
        assert app.aim.phi_deg == pytest.approx(90.0, abs=0.5)
        marks = record_marks(monkeypatch)
        frame(app)
        assert marks == [], level
        pygame.event.clear()
