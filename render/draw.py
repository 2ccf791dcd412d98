"""Drawing the balls on a pygame Surface: each ball's picture (``render.sprites``, whose looks
this module hands on) turned as it rolled, an airborne ball grown with its height above its
shadow on the cloth.

Every function here takes a target ``pygame.Surface``, a :class:`render.view.View` and the
ball data it draws, and nothing else: no App, no game, no clock. The window (``render.app``)
and the still-image writer (``render.images``) share them; the table under the balls is
:mod:`render.table_drawing`, the aim over them :mod:`render.aim_drawing`.

None of these functions mutates its arguments except the target surface (and the module's
sprite and shadow caches, which only ever grow with identical images).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pygame
import pygame.gfxdraw

from render.sprites import (
    CUE_LOOK,
    CUE_WHITE,
    POOL_COLOURS,
    SNOOKER_COLOURS,
    BallLook,
    ball_sprite,
    get_font,
    look_for_ball_name,
    looks_for_names,
    rolled,
    sprite_axes,
)
from render.view import View
from sim.table import Table

__all__ = [
    "CUE_LOOK",
    "CUE_WHITE",
    "POOL_COLOURS",
    "SNOOKER_COLOURS",
    "BallLook",
    "ball_sprite",
    "draw_balls",
    "get_font",
    "look_for_ball_name",
    "looks_for_names",
    "rolled",
    "sprite_axes",
]

Colour = tuple[int, int, int]


#: The height cue of an airborne ball: its picture grows by this fraction per metre of height
#: above the cloth (a top-down view with no true perspective, so the cue is chosen to read:
#: a 0.1 m jump shows the ball 1.33 times its size), up to :data:`MAX_HEIGHT_SCALE`.
HEIGHT_SCALE_PER_M = 10.0 / 3.0
#: The largest size cue, times the ball's size on the cloth.
MAX_HEIGHT_SCALE = 2.0
#: How far a shadow slides per metre of height: the light is above the table towards the upper
#: left of the picture, 45 degrees above the cloth (slope 1), so the shadow of a ball 0.1 m up
#: lies 10 cm (about 3.5 ball radii) from it, clear of the ball.
SHADOW_SLOPE = 1.0
#: Shadow darkness (alpha 0-255), the same at any height so a high ball's shadow still reads.
SHADOW_ALPHA = 70


def height_scale(z: float) -> float:
    """The size cue of a ball whose lowest point is ``z`` m above the cloth: 1 on the cloth,
    ``1 + HEIGHT_SCALE_PER_M z`` above it, at most :data:`MAX_HEIGHT_SCALE`."""
    return min(MAX_HEIGHT_SCALE, 1.0 + HEIGHT_SCALE_PER_M * max(0.0, float(z)))


def shadow_offset_px(view: View, radius_px: float, z: float) -> tuple[float, float]:
    """Where a ball's shadow lies from its picture's centre, px (right, down): the small offset
    of a ball on the cloth plus :data:`SHADOW_SLOPE` times its height ``z`` (m)."""
    off = radius_px * 0.22 + view.length_px(SHADOW_SLOPE * max(0.0, float(z))) / math.sqrt(2.0)
    return off, off


def draw_balls(
    surface: pygame.Surface,
    view: View,
    table: Table,
    positions: np.ndarray,
    on_table: np.ndarray,
    looks: Sequence[BallLook],
    *,
    shadows: bool = True,
    orientations: np.ndarray | None = None,
    heights: np.ndarray | None = None,
) -> None:
    """Paint every ball on the table at ``positions`` ((n, 2) or (n, 3), m); pocketed ones are
    skipped.

    ``on_table`` ((n,) bool) says which balls to paint; ``looks[i]`` paints ball ``i``;
    ``orientations`` ((n, 3, 3), optional, see :func:`rolled`) turns the numbers and stripes.
    ``heights`` ((n,) m above the cloth, optional; else the third column of ``positions`` when
    it has one): an airborne ball is drawn with its shadow on the cloth slid away from it
    (:func:`shadow_offset_px`) and its picture grown with height (:func:`height_scale`), above
    the balls on the cloth, the highest last.
    """
    pos = np.asarray(positions, dtype=np.float64)
    if heights is None:
        heights = pos[:, 2] if pos.ndim == 2 and pos.shape[1] >= 3 else np.zeros(len(pos))
    z = np.maximum(np.nan_to_num(np.asarray(heights, dtype=np.float64)), 0.0)
    radius_px = view.length_px(float(table.ball_radius))
    pos_px = view.to_screen_array(pos[:, :2])
    sprites = []
    for i, look in enumerate(looks):
        r_i = radius_px * height_scale(z[i])
        turned = (
            orientations is not None
            and (look.label or look.striped)
            and bool(on_table[i])
            and not np.allclose(orientations[i], np.eye(3))
        )
        if turned and orientations is not None:
            number, stripe = sprite_axes(view, orientations[i])
            sprites.append(ball_sprite(look, r_i, number, stripe))
        else:
            sprites.append(ball_sprite(look, r_i))
    if shadows:
        for i in range(len(looks)):
            if on_table[i]:
                dx, dy = shadow_offset_px(view, radius_px, z[i])
                _shadow(surface, (pos_px[i, 0] + dx, pos_px[i, 1] + dy), radius_px)
    # On the cloth first, then the airborne balls from the lowest to the highest.
    order = sorted(range(len(looks)), key=lambda i: (z[i] > 0.0, z[i]))
    for i in order:
        if not on_table[i]:
            continue
        sprite = sprites[i]
        half = sprite.get_width() / 2.0
        surface.blit(sprite, (round(pos_px[i, 0] - half), round(pos_px[i, 1] - half)))


_SHADOWS: dict[int, pygame.Surface] = {}


def _shadow(surface: pygame.Surface, centre: tuple[float, float], r: float) -> None:
    key = max(2, round(r))
    img = _SHADOWS.get(key)
    if img is None:
        img = pygame.Surface((2 * key + 2, 2 * key + 2), pygame.SRCALPHA)
        pygame.draw.circle(img, (0, 0, 0, SHADOW_ALPHA), (key + 1, key + 1), key)
        _SHADOWS[key] = img
    surface.blit(img, (round(centre[0] - key - 1), round(centre[1] - key - 1)))


# --- aiming aids and zones ---------------------------------------------------------------------


# --- small helpers ------------------------------------------------------------------------------
