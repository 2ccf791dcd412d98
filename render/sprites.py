"""How balls look: their colours by name, the shaded sprite of each (its number and stripe
turned as the ball rolls), the rolling itself, and the bundled font used for the numbers.

Purely cosmetic: the rules and the engine never see any of it. The sprite caches only ever
grow with identical images.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pygame

from render.view import View

Colour = tuple[int, int, int]

CUE_WHITE: Colour = (246, 244, 234)

#: Standard pool ball colours, by number (9-15 repeat 1-7 as stripes).
POOL_COLOURS: dict[int, Colour] = {
    1: (250, 196, 0),
    2: (22, 62, 196),
    3: (214, 30, 30),
    4: (96, 40, 150),
    5: (250, 112, 14),
    6: (12, 128, 60),
    7: (128, 26, 32),
    8: (22, 22, 22),
}

#: Snooker ball colours, by name.
SNOOKER_COLOURS: dict[str, Colour] = {
    "red": (196, 20, 24),
    "yellow": (248, 208, 0),
    "green": (0, 132, 58),
    "brown": (116, 66, 28),
    "blue": (22, 70, 204),
    "pink": (248, 132, 172),
    "black": (18, 18, 18),
}


@dataclass(frozen=True)
class BallLook:
    """How one ball is painted: its colour, whether it is striped, the number on it (or "")."""

    colour: Colour
    striped: bool = False
    label: str = ""


CUE_LOOK = BallLook(CUE_WHITE)


def look_for_ball_name(name: str) -> BallLook:
    """The look of a ball from its game name: "cue", "1".."15", "red_3", "yellow"... ."""
    key = name.strip().lower()
    if key in ("cue", "cue_ball", "white", "0"):
        return CUE_LOOK
    if key.isdigit():
        number = int(key)
        base = ((number - 1) % 8) + 1 if number != 8 else 8
        if number > 8:
            base = number - 8
        return BallLook(POOL_COLOURS.get(base, (200, 200, 200)), striped=number > 8, label=key)
    for colour_name, colour in SNOOKER_COLOURS.items():
        if key.startswith(colour_name):
            return BallLook(colour)
    return BallLook((180, 180, 180), label=key[:2])


def looks_for_names(names: Sequence[str]) -> tuple[BallLook, ...]:
    """:func:`look_for_ball_name` for each name, in index order."""
    return tuple(look_for_ball_name(n) for n in names)


_FONTS: dict[int, pygame.font.Font] = {}


def get_font(size: int) -> pygame.font.Font:
    """pygame's bundled default font at ``size`` px (deterministic across machines).

    Fonts die with ``pygame.quit()`` (pygame then raises "font module quit since font created"
    on any use): a cached font that no longer answers is dropped and made again, so a second
    ``render.app.run()`` in one process never draws with a stale font."""
    if not pygame.font.get_init():
        _FONTS.clear()
        pygame.font.init()
    size = max(1, int(size))
    font = _FONTS.get(size)
    if font is not None:
        try:
            font.get_height()
        except pygame.error:
            _FONTS.clear()
            font = None
    if font is None:
        font = pygame.font.Font(None, size)
        _FONTS[size] = font
    return font


# --- balls -----------------------------------------------------------------------------------

_SPRITES: dict[tuple[object, ...], pygame.Surface] = {}
_LIGHT = np.array([-0.45, -0.55, 0.70]) / np.linalg.norm([-0.45, -0.55, 0.70])


#: Half-angle of the white number disc seen from its centre, as cos (a disc of radius R/2).
_DISC_COS = math.sqrt(1.0 - 0.5**2)
#: Half-width of a stripe, as |n . axis| below which a point is white (band of height R).
_STRIPE_HALF = 0.5
#: The number's axis and the stripe's axis of a ball at rest, in the sprite frame (u right,
#: v down, w toward the viewer): the number faces up, the stripe runs across the picture.
_NUMBER_AXIS0 = (0.0, 0.0, 1.0)
_STRIPE_AXIS0 = (0.0, 1.0, 0.0)


def ball_sprite(
    look: BallLook,
    radius_px: float,
    number_axis: tuple[float, float, float] = _NUMBER_AXIS0,
    stripe_axis: tuple[float, float, float] = _STRIPE_AXIS0,
) -> pygame.Surface:
    """A shaded, anti-aliased image of a ball, turned so that its number faces
    ``number_axis`` and its stripe's axis is ``stripe_axis`` (unit vectors in the sprite frame:
    u right, v down, w toward the viewer).

    The image is ``2 * r + 2`` pixels square with an alpha channel; the ball centre is at the
    image centre. Shading: Lambert diffuse plus a Phong highlight from a fixed light at the
    upper left; a stripe is the band ``|n . stripe_axis| < 1/2`` of the sphere; two white discs
    of radius R/2 around ``+-number_axis`` turn with the ball, and the number is written on a
    flat badge on the centre (:func:`_draw_badge`), readable at every angle. Images of a ball
    at rest (the default axes) are cached per (look, radius in whole pixels); turned ones are not.
    """
    r = max(2, round(radius_px))
    at_rest = number_axis == _NUMBER_AXIS0 and stripe_axis == _STRIPE_AXIS0
    if at_rest:
        key: tuple[object, ...] = (look, r)
    else:
        # Turned balls: axes rounded to about 2.5 degrees, a cache of recent images.
        key = (look, r, *(round(c * 24) for c in (*number_axis, *stripe_axis)))
    cache = _SPRITES if at_rest else _TURNED_SPRITES
    cached = cache.get(key)
    if cached is not None:
        return cached
    # At rest: 4x4 supersampling; turned (redrawn while rolling): 2x2, the rim anti-aliased by
    # the 4x4 coverage either way.
    grid = _sphere_grid(r, 4 if at_rest else 2)
    u, v, z = grid.u, grid.v, grid.z
    base = np.empty((*u.shape, 3))
    base[:] = look.colour
    if look.striped:
        sa = stripe_axis
        white = np.abs(u * sa[0] + v * sa[1] + z * sa[2]) > _STRIPE_HALF
        base[white] = CUE_WHITE
    if look.label:
        na = number_axis
        along = u * na[0] + v * na[1] + z * na[2]
        base[np.abs(along) > _DISC_COS] = CUE_WHITE
    rgb = np.clip(base * grid.diffuse[..., None] + grid.spec[..., None], 0, 255)
    size, ss = grid.size, grid.ss
    if ss == 1:
        rgb_out = rgb
    else:
        # Box-filter the supersampled image: premultiplied colour, then alpha.
        rgb_p = (rgb * grid.alpha[..., None]).reshape(size, ss, size, ss, 3).mean(axis=(1, 3))
        rgb_out = rgb_p / np.maximum(grid.coverage[..., None], 1e-9)
    sprite = pygame.Surface((size, size), pygame.SRCALPHA)
    pixels = pygame.surfarray.pixels3d(sprite)
    pixels[...] = np.transpose(np.clip(rgb_out, 0, 255), (1, 0, 2)).astype(np.uint8)
    del pixels
    alpha_px = pygame.surfarray.pixels_alpha(sprite)
    alpha_px[...] = _sphere_grid(r, 4).alpha_bytes
    del alpha_px
    if look.label and r >= 5:
        _draw_badge(sprite, look, r)
    if not at_rest and len(cache) > _TURNED_CACHE_SIZE:
        cache.clear()
    cache[key] = sprite
    return sprite


#: The number badge drawn flat on every numbered ball, whatever way it has rolled: its radius
#: and the white disc's inside it, in ball radii (the ring between them in the ball's colour).
BADGE_R, BADGE_WHITE_R = 0.56, 0.42


def _draw_badge(sprite: pygame.Surface, look: BallLook, r: int) -> None:
    """A flat badge on the ball's centre, always upright and facing the viewer: a ring of the
    ball's colour round a white disc holding its number. The rolled picture under it still
    shows the ball turning; the badge keeps it recognisable at every angle (a stripe rolled
    onto its white cap still shows its colour and number, never a second cue ball)."""
    centre = (sprite.get_width() / 2, sprite.get_height() / 2)
    pygame.draw.circle(sprite, look.colour, centre, BADGE_R * r)
    pygame.draw.circle(sprite, CUE_WHITE, centre, BADGE_WHITE_R * r)
    font = get_font(max(6, round(r * 0.95)))
    text = font.render(look.label, True, (20, 20, 20))
    widest = 2 * BADGE_WHITE_R * r * 0.95
    if text.get_width() > widest:  # two digits on a small ball: narrowed to the disc
        scale = widest / text.get_width()
        size = (max(1, round(text.get_width() * scale)), max(1, round(text.get_height() * scale)))
        text = pygame.transform.smoothscale(text, size)
    sprite.blit(text, text.get_rect(center=(centre[0], centre[1] + 0.5)))


@dataclass(frozen=True)
class _SphereGrid:
    """Per-radius precomputed geometry of a ball image: supersampled sphere normals (u, v, z),
    the shading (diffuse factor, specular add in 0..255), the coverage and the alpha bytes."""

    size: int
    ss: int
    u: np.ndarray
    v: np.ndarray
    z: np.ndarray
    diffuse: np.ndarray
    spec: np.ndarray
    alpha: np.ndarray
    coverage: np.ndarray
    alpha_bytes: np.ndarray


_GRIDS: dict[tuple[int, int], _SphereGrid] = {}
_TURNED_SPRITES: dict[tuple[object, ...], pygame.Surface] = {}
#: Turned-ball images kept before the cache is emptied.
_TURNED_CACHE_SIZE = 4000


def _sphere_grid(r: int, ss: int) -> _SphereGrid:
    grid = _GRIDS.get((r, ss))
    if grid is not None:
        return grid
    size = 2 * r + 2
    n = size * ss
    coords = (np.arange(n) + 0.5) / ss - size / 2.0
    u, v = np.broadcast_arrays(coords[None, :] / r, coords[:, None] / r)
    rho2 = u * u + v * v
    z = np.sqrt(np.clip(1.0 - rho2, 0.0, 1.0))
    normal_dot = np.clip(u * _LIGHT[0] + v * _LIGHT[1] + z * _LIGHT[2], 0.0, 1.0)
    diffuse = 0.42 + 0.58 * normal_dot
    # Reflection of the light about the normal, dotted with the view direction (0, 0, 1).
    refl_z = 2 * normal_dot * z - _LIGHT[2]
    spec = 255.0 * np.clip(refl_z, 0.0, 1.0) ** 28 * 0.75
    alpha = (rho2 <= 1.0).astype(np.float64)
    coverage = alpha.reshape(size, ss, size, ss).mean(axis=(1, 3))
    alpha_bytes = np.ascontiguousarray(np.transpose(coverage * 255.0).round().astype(np.uint8))
    grid = _SphereGrid(
        size, ss, np.array(u), np.array(v), z, diffuse, spec, alpha, coverage, alpha_bytes
    )
    _GRIDS[(r, ss)] = grid
    return grid


def rolled(orientations: np.ndarray, displacement: np.ndarray, radius: float) -> np.ndarray:
    """Ball orientations after rolling without slipping through ``displacement``.

    ``orientations`` (n, 3, 3): rotation matrices (table frame, z up) taking a ball's body
    axes to the table; ``displacement`` (n, 2): how far each centre moved, m. A ball rolling a
    distance d turns by d / R about the horizontal axis z x d (Rodrigues' formula). Returns new
    matrices; does not mutate its arguments. Used only to draw the numbers turning.
    """
    d = np.array(displacement, dtype=np.float64)
    d[~np.isfinite(d).all(axis=1)] = 0.0  # a ball without a position this frame does not turn
    dist = np.hypot(d[:, 0], d[:, 1])
    out = np.array(orientations, dtype=np.float64, copy=True)
    moving = dist > 1e-9
    if not moving.any():
        return out
    k = np.zeros((int(moving.sum()), 3))
    k[:, 0] = -d[moving, 1] / dist[moving]
    k[:, 1] = d[moving, 0] / dist[moving]
    angle = dist[moving] / radius
    kx = np.zeros((len(k), 3, 3))
    kx[:, 0, 2] = k[:, 1]
    kx[:, 1, 2] = -k[:, 0]
    kx[:, 2, 0] = -k[:, 1]
    kx[:, 2, 1] = k[:, 0]
    sin = np.sin(angle)[:, None, None]
    cos = np.cos(angle)[:, None, None]
    rot = np.eye(3)[None] + sin * kx + (1 - cos) * (kx @ kx)
    out[moving] = rot @ out[moving]
    return out


def sprite_axes(view: View, orientation: np.ndarray) -> tuple[tuple[float, float, float], ...]:
    """The number and stripe axes of a ball turned by ``orientation`` (3, 3), in the sprite
    frame (u right, v down, w toward the viewer) of ``view``."""
    # Body axes: the number along z; the stripe axis along the table direction that the view
    # draws downward, so that a ball at rest (identity) looks like the cached sprite.
    down_x, down_y = (1.0, 0.0) if view.landscape else (0.0, -1.0)
    number = orientation @ np.array([0.0, 0.0, 1.0])
    stripe = orientation @ np.array([down_x, down_y, 0.0])

    def to_sprite(vec: np.ndarray) -> tuple[float, float, float]:
        su, sv = view.direction_of(vec[0], vec[1])
        return (float(su), float(sv), float(vec[2]))

    return to_sprite(number), to_sprite(stripe)
