"""Balls turn as they roll (cosmetic): the rotation math and the turned sprites."""

from __future__ import annotations

import math

import numpy as np
import pygame
import pytest

from render import draw
from render.view import View

R = 0.028575


def test_a_quarter_turn_along_x_brings_the_top_forward() -> None:
    out = draw.rolled(np.eye(3)[None], np.array([[math.pi * R / 2, 0.0]]), R)
    assert out[0] @ np.array([0, 0, 1.0]) == pytest.approx([1.0, 0.0, 0.0], abs=1e-12)


def test_a_full_turn_is_the_identity_and_matrices_stay_rotations() -> None:
    rng = np.random.default_rng(1)
    m = np.tile(np.eye(3), (4, 1, 1))
    for _ in range(50):
        m = draw.rolled(m, rng.normal(scale=0.01, size=(4, 2)), R)
    for k in range(4):
        assert m[k] @ m[k].T == pytest.approx(np.eye(3), abs=1e-9)
        assert np.linalg.det(m[k]) == pytest.approx(1.0)
    full = draw.rolled(np.eye(3)[None], np.array([[0.0, 2 * math.pi * R]]), R)
    assert full[0] == pytest.approx(np.eye(3), abs=1e-12)
    still = draw.rolled(m, np.zeros((4, 2)), R)
    assert still == pytest.approx(m)


def test_a_turned_ball_shows_its_number_elsewhere() -> None:
    look = draw.look_for_ball_name("12")
    at_rest = pygame.surfarray.array3d(draw.ball_sprite(look, 14))
    view = View.fit(2.54, 1.27, (0, 0, 1200, 700))
    turned = draw.rolled(np.eye(3)[None], np.array([[0.6 * R, 0.0]]), R)[0]
    number, stripe = draw.sprite_axes(view, turned)
    assert number[2] < 0.9
    image = pygame.surfarray.array3d(draw.ball_sprite(look, 14, number, stripe))
    assert np.abs(image.astype(int) - at_rest.astype(int)).max() > 60
    # The identity gives back the cached picture at rest.
    assert draw.sprite_axes(view, np.eye(3)) == ((0.0, 0.0, 1.0), (0.0, 1.0, 0.0))


def test_a_missing_displacement_leaves_the_ball_as_it_was() -> None:
    out = draw.rolled(np.eye(3)[None].repeat(2, 0), np.array([[np.nan, 0.01], [np.inf, 0]]), R)
    assert out == pytest.approx(np.eye(3)[None].repeat(2, 0))
