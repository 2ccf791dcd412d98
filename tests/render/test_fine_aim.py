"""Fine aiming with the arrow keys: the Right arrow turns the cue clockwise on screen and the
Left arrow anticlockwise, whichever way the cue points and whatever the view; one press moves
the aim line's end less than a pixel at the object ball."""

from __future__ import annotations

import math

import pygame
import pytest
from test_input_safety import routine_position
from window_driver import SIZE, key, new_app

from render.modes.aim import clockwise_sign
from render.view import View


def _screen_direction(app) -> tuple[float, float]:
    view = app.view_for(SIZE)
    cx, cy = app.cue_xy()
    phi = math.radians(app.aim.phi_deg)
    x0, y0 = view.to_screen(cx, cy)
    x1, y1 = view.to_screen(cx + math.cos(phi), cy + math.sin(phi))
    return x1 - x0, y1 - y0


@pytest.mark.parametrize("phi", [0.0, 90.0, 180.0, 270.0, 37.0, 200.0])
@pytest.mark.parametrize("arrow, clockwise", [(pygame.K_RIGHT, True), (pygame.K_LEFT, False)])
def test_the_right_arrow_turns_the_cue_clockwise_on_screen(phi, arrow, clockwise) -> None:
    app = new_app("nine-ball")
    routine_position(app)
    app.aim.phi_deg = phi
    ax, ay = _screen_direction(app)
    key(app, arrow)
    bx, by = _screen_direction(app)
    cross = ax * by - ay * bx  # screen y down: positive turns clockwise
    assert (cross > 0) == clockwise, (phi, arrow, cross)
    # the aim line's end 2 m away moves less than one pixel of this window
    turned = math.radians(abs((app.aim.phi_deg - phi + 180.0) % 360.0 - 180.0))
    assert 0 < 2.0 * turned * app.view_for(SIZE).scale < 1.0


def test_clockwise_is_read_off_the_view_in_either_layout() -> None:
    landscape = View(300.0, (10.0, 10.0), landscape=True)
    portrait = View(300.0, (10.0, 900.0), landscape=False)
    assert clockwise_sign(landscape) == -1.0 and clockwise_sign(portrait) == -1.0
