"""Every numbered ball stays recognisable however it has rolled: its number is drawn upright on
its centre, and a stripe rolled onto its white cap still shows its colour there (never a
second cue ball)."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from render.sprites import CUE_WHITE, ball_sprite, look_for_ball_name

R = 20
#: Orientations (number axis, stripe axis) in the sprite frame, the awkward ones included: the
#: stripe's cap facing the viewer, the numbers on the rim or on the back.
TURNS = [
    ((0.0, 0.0, 1.0), (0.0, 1.0, 0.0)),
    ((0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    ((1.0, 0.0, 0.0), (0.0, 0.0, 1.0)),
    ((0.0, 0.0, -1.0), (1.0, 0.0, 0.0)),
    ((0.6, 0.0, -0.8), (0.0, 0.8, 0.6)),
]


def _inner(sprite: pygame.Surface, within: float) -> np.ndarray:
    """The sprite's pixels (k, 3) within ``within`` ball radii of its centre."""
    rgb = pygame.surfarray.array3d(sprite).astype(float)
    n = rgb.shape[0]
    c = (n - 1) / 2
    x, y = np.meshgrid(np.arange(n) - c, np.arange(n) - c, indexing="ij")
    return rgb[np.hypot(x, y) <= within * R]


@pytest.mark.parametrize("name", ["9", "12", "15", "3", "8"])
@pytest.mark.parametrize("turn", TURNS)
def test_a_numbered_ball_shows_its_number_and_colour_at_every_angle(name, turn) -> None:
    look = look_for_ball_name(name)
    centre = _inner(ball_sprite(look, R, *turn), 0.62)
    dark = (centre.max(axis=1) < 90).sum()  # the number's ink
    assert dark >= 8, (name, turn, dark)
    colour = np.asarray(look.colour, dtype=float)
    near = (np.abs(centre - colour).max(axis=1) < 70).sum()  # the ball's own colour
    assert near >= 20, (name, turn, near)


def test_a_stripe_on_its_cap_is_not_a_second_cue_ball() -> None:
    cue = _inner(ball_sprite(look_for_ball_name("cue"), R), 0.7)
    cap = _inner(ball_sprite(look_for_ball_name("11"), R, *TURNS[1]), 0.7)
    white = np.asarray(CUE_WHITE, dtype=float)
    whiteish = (np.abs(cap - white).max(axis=1) < 60).mean()
    assert whiteish < 0.8 and np.abs(cap - cue).mean() > 20
