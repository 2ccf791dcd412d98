"""Drawing the table and the balls on a pygame Surface.

Every function here takes a target ``pygame.Surface``, a :class:`render.view.View` and the
table / ball data it draws, and nothing else: no App, no game, no clock. The window
(``render.app``) and the still-image writer (``render.images``) share them.

Geometry comes from ``sim.Table``: the cushion noses and jaw facings from
``table.arrays.segments``, the knuckles from ``table.arrays.arcs``, the pockets from
``table.arrays.pockets``, the spots and lines from the named attributes. Only the decoration
(rail wood width, diamonds, colours) is chosen here.

None of these functions mutates its arguments except the target surface (and the module's
sprite cache, which only ever grows with identical images).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pygame
import pygame.gfxdraw

from render.view import View

Colour = tuple[int, int, int]

#: Width of the cushion rubber behind the nose, m (a WPA K-66 cushion is about 2 in deep).
CUSHION_DEPTH_M = 0.05
#: Diamond sights sit this far behind the cushion nose on the rail cap, m (PHYSICS.md 5.1).
DIAMOND_SETBACK_M = 0.0937

BACKGROUND: Colour = (24, 26, 30)
POOL_CLOTH: Colour = (24, 96, 168)
POOL_CUSHION: Colour = (18, 74, 134)
SNOOKER_CLOTH: Colour = (22, 120, 52)
SNOOKER_CUSHION: Colour = (15, 92, 38)
RAIL_WOOD: Colour = (92, 52, 26)
RAIL_WOOD_EDGE: Colour = (60, 32, 14)
POCKET_HOLE: Colour = (8, 8, 8)
POCKET_LINER: Colour = (48, 44, 40)
DIAMOND: Colour = (236, 226, 196)
MARKING: Colour = (235, 240, 235)

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


def cloth_colours(table: Any) -> tuple[Colour, Colour]:
    """(cloth, cushion) colours: blue for pool, green for snooker."""
    if getattr(table, "kind", "pool") == "snooker":
        return SNOOKER_CLOTH, SNOOKER_CUSHION
    return POOL_CLOTH, POOL_CUSHION


def _poly(view: View, points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    return [view.to_screen(x, y) for x, y in points]


def cushion_depth(table: Any) -> float:
    """How far the cushion rubber reaches behind the nose line, m.

    The deepest jaw-facing end behind the playing-surface rectangle, at least
    ``CUSHION_DEPTH_M``; from ``table.arrays.segments``.
    """
    segments = np.asarray(table.arrays.segments)
    length, width = float(table.length), float(table.width)
    if len(segments) == 0:
        return CUSHION_DEPTH_M
    ends = np.concatenate([segments[:, 0:2], segments[:, 2:4]])
    outside = np.maximum.reduce(
        [-ends[:, 0], ends[:, 0] - width, -ends[:, 1], ends[:, 1] - length, np.zeros(len(ends))]
    )
    return max(CUSHION_DEPTH_M, float(outside.max()))


def frame_margin(table: Any) -> float:
    """Distance from the nose line to the outer edge of the drawn rail, m (for View.fit)."""
    return cushion_depth(table) + 0.1


def draw_table(surface: pygame.Surface, view: View, table: Any) -> None:
    """Paint the whole table: rail wood, cushions, pockets, cloth, sights and markings.

    Draws, in order: the rail (a rounded rectangle :func:`frame_margin` beyond the noses), the
    cushion band (:func:`cushion_depth` deep), the pocket liners, the cloth region inside
    ``table.outline`` (noses, knuckles, jaw facings: the pocket entries and throats), the bed
    between the noses (lit by :func:`_light_cloth`), the pocket holes (capture circles,
    ``table.arrays.pockets``), a highlight along every rail's nose (``table.arrays.segments``),
    the diamonds (pool) and the markings
    (:func:`draw_markings`). Mutates ``surface`` only.
    """
    length, width = float(table.length), float(table.width)
    cloth, cushion = cloth_colours(table)
    m = frame_margin(table)
    outer = _rect_px(view, -m, -m, width + m, length + m)
    radius = max(2, int(view.length_px(0.05)))
    pygame.draw.rect(surface, RAIL_WOOD_EDGE, outer, border_radius=radius)
    edge = max(2, int(view.length_px(0.012)))
    pygame.draw.rect(surface, RAIL_WOOD, outer.inflate(-edge, -edge), border_radius=radius)
    c = cushion_depth(table)
    pygame.draw.rect(surface, cushion, _rect_px(view, -c, -c, width + c, length + c))

    pockets = np.asarray(table.arrays.pockets)
    for px, py, pr in pockets:
        _aa_disc(surface, view.to_screen(px, py), view.length_px(pr) * 1.16, POCKET_LINER)
    # The cloth region bounded by the noses, knuckles and jaw facings (sim.Table.outline):
    # it includes the pocket entries and throats, drawn a shade darker than the bed.
    pygame.draw.polygon(surface, _shade(cloth, 0.85), _poly(view, np.asarray(table.outline)))
    cloth_rect = _rect_px(view, 0.0, 0.0, width, length)
    pygame.draw.rect(surface, cloth, cloth_rect)
    _light_cloth(surface, cloth_rect)
    for px, py, pr in pockets:
        _aa_disc(surface, view.to_screen(px, py), view.length_px(pr), POCKET_HOLE)
    nose = _shade(cushion, 1.3)
    rails = [c.id for c in table.cushions if c.kind == "rail"]
    for x1, y1, x2, y2, _nx, _ny in np.asarray(table.arrays.segments)[rails]:
        pygame.draw.aaline(surface, nose, view.to_screen(x1, y1), view.to_screen(x2, y2))

    if getattr(table, "kind", "pool") == "pool":
        _draw_diamonds(surface, view, length, width)
    draw_markings(surface, view, table)


def _light_cloth(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Brighten the middle of the cloth and darken its edges a little, as under a lamp over
    the table (a multiplicative radial gradient, 1.07 in the centre to 0.86 in the corners)."""
    rect = rect.clip(surface.get_rect())
    if rect.width < 2 or rect.height < 2:
        return
    sub = surface.subsurface(rect)
    u = np.linspace(-1.0, 1.0, rect.width)[:, None]
    v = np.linspace(-1.0, 1.0, rect.height)[None, :]
    factor = 1.07 - 0.105 * (u * u + v * v)
    pixels = pygame.surfarray.pixels3d(sub)
    pixels[...] = np.clip(pixels * factor[..., None], 0, 255).astype(np.uint8)
    del pixels


def _draw_diamonds(surface: pygame.Surface, view: View, length: float, width: float) -> None:
    """Sights on the rail cap: every L/8 on the long rails, every W/4 on the short ones."""
    s = DIAMOND_SETBACK_M
    size = max(2.0, view.length_px(0.011))
    spots: list[tuple[float, float]] = []
    for k in range(1, 8):
        if k == 4:
            continue
        y = k * length / 8
        spots += [(-s, y), (width + s, y)]
    for k in range(1, 4):
        x = k * width / 4
        spots += [(x, -s), (x, length + s)]
    for x, y in spots:
        cx, cy = view.to_screen(x, y)
        diamond = [(cx, cy - size), (cx + size * 0.7, cy), (cx, cy + size), (cx - size * 0.7, cy)]
        pygame.gfxdraw.aapolygon(surface, [(round(a), round(b)) for a, b in diamond], DIAMOND)
        pygame.gfxdraw.filled_polygon(surface, [(round(a), round(b)) for a, b in diamond], DIAMOND)


def draw_markings(surface: pygame.Surface, view: View, table: Any) -> None:
    """The head string and spots (pool); the baulk line, the D and the six spots (snooker)."""
    width = float(table.width)
    cloth, _ = cloth_colours(table)
    line_colour = _mix(cloth, MARKING, 0.45)
    spot_r = max(1.5, view.length_px(0.005))
    if getattr(table, "kind", "pool") == "snooker":
        baulk_y = float(table.baulk_y)
        pygame.draw.aaline(
            surface, line_colour, view.to_screen(0, baulk_y), view.to_screen(width, baulk_y)
        )
        cx, cy = (
            table.d_centre if getattr(table, "d_centre", None) is not None else (width / 2, baulk_y)
        )
        r = float(table.d_radius)
        arc = [
            view.to_screen(cx + r * math.cos(a), cy - r * math.sin(a))
            for a in np.linspace(0.0, math.pi, 64)
        ]
        pygame.draw.aalines(surface, line_colour, False, arc)
        for _, (sx, sy) in sorted(dict(table.spots).items()):
            _aa_disc(surface, view.to_screen(sx, sy), spot_r, line_colour)
        return
    head_y = float(table.head_string_y)
    pygame.draw.aaline(
        surface,
        _mix(cloth, MARKING, 0.22),
        view.to_screen(0, head_y),
        view.to_screen(width, head_y),
    )
    for point in (table.head_spot, table.foot_spot):
        _aa_disc(surface, view.to_screen(*point), spot_r, line_colour)


# --- balls -----------------------------------------------------------------------------------

_SPRITES: dict[tuple[BallLook, int], pygame.Surface] = {}
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
    upper left; a stripe is the band ``|n . stripe_axis| < 1/2`` of the sphere; the numbers sit
    on two white discs of radius R/2 around ``+-number_axis``. Images of a ball at rest (the
    default axes) are cached per (look, radius in whole pixels); turned ones are not.
    """
    r = max(2, round(radius_px))
    at_rest = number_axis == _NUMBER_AXIS0 and stripe_axis == _STRIPE_AXIS0
    if at_rest:
        key: tuple[Any, ...] = (look, r)
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
        for sign in (1.0, -1.0):
            facing = sign * number_axis[2]
            if facing < 0.6:
                continue  # the disc is on the back or too close to the rim to read
            # Foreshortened like the disc: a smaller font the more the disc faces away.
            font = get_font(max(6, round(r * 1.05 * (1.0 if facing > 0.97 else facing))))
            text = font.render(look.label, True, (20, 20, 20))
            cx = size / 2 + sign * number_axis[0] * r
            cy = size / 2 + sign * number_axis[1] * r + 0.5
            sprite.blit(text, text.get_rect(center=(cx, cy)))
    if not at_rest and len(cache) > _TURNED_CACHE_SIZE:
        cache.clear()
    cache[key] = sprite
    return sprite


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
_TURNED_SPRITES: dict[tuple[Any, ...], pygame.Surface] = {}
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


def _sprite_axes(view: View, orientation: np.ndarray) -> tuple[tuple[float, float, float], ...]:
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


def draw_balls(
    surface: pygame.Surface,
    view: View,
    table: Any,
    positions: np.ndarray,
    on_table: np.ndarray,
    looks: Sequence[BallLook],
    *,
    shadows: bool = True,
    orientations: np.ndarray | None = None,
) -> None:
    """Paint every ball on the table at ``positions`` ((n, 2), m); pocketed ones are skipped.

    ``on_table`` ((n,) bool) says which balls to paint; ``looks[i]`` paints ball ``i``;
    ``orientations`` ((n, 3, 3), optional, see :func:`rolled`) turns the numbers and stripes.
    """
    radius_px = view.length_px(float(table.ball_radius))
    pos_px = view.to_screen_array(np.asarray(positions)[:, :2])
    sprites = []
    for i, look in enumerate(looks):
        turned = (
            orientations is not None
            and (look.label or look.striped)
            and bool(on_table[i])
            and not np.allclose(orientations[i], np.eye(3))
        )
        if turned:
            number, stripe = _sprite_axes(view, orientations[i])
            sprites.append(ball_sprite(look, radius_px, number, stripe))
        else:
            sprites.append(ball_sprite(look, radius_px))
    if shadows:
        shadow_r = radius_px * 1.0
        off = radius_px * 0.22
        for i in range(len(looks)):
            if on_table[i]:
                _shadow(surface, (pos_px[i, 0] + off, pos_px[i, 1] + off), shadow_r)
    for i, sprite in enumerate(sprites):
        if not on_table[i]:
            continue
        half = sprite.get_width() / 2.0
        surface.blit(sprite, (round(pos_px[i, 0] - half), round(pos_px[i, 1] - half)))


_SHADOWS: dict[int, pygame.Surface] = {}


def _shadow(surface: pygame.Surface, centre: tuple[float, float], r: float) -> None:
    key = max(2, round(r))
    img = _SHADOWS.get(key)
    if img is None:
        img = pygame.Surface((2 * key + 2, 2 * key + 2), pygame.SRCALPHA)
        pygame.draw.circle(img, (0, 0, 0, 70), (key + 1, key + 1), key)
        _SHADOWS[key] = img
    surface.blit(img, (round(centre[0] - key - 1), round(centre[1] - key - 1)))


# --- aiming aids and zones ---------------------------------------------------------------------


def draw_zone(
    surface: pygame.Surface,
    view: View,
    table: Any,
    zone: str,
    *,
    colour: tuple[int, int, int, int] = (255, 255, 255, 38),
) -> None:
    """Shade where the cue ball may be placed: "anywhere", "kitchen" (behind the head string)
    or "d" (the D). Mutates ``surface`` only."""
    overlay = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    width, length = float(table.width), float(table.length)
    if zone == "kitchen":
        rect = _rect_px(view, 0.0, 0.0, width, float(table.head_string_y))
        pygame.draw.rect(overlay, colour, rect)
    elif zone == "d":
        cx, cy = (
            table.d_centre
            if getattr(table, "d_centre", None) is not None
            else (width / 2, table.baulk_y)
        )
        r = float(table.d_radius)
        pts = [
            view.to_screen(cx + r * math.cos(a), cy - r * math.sin(a))
            for a in np.linspace(0, math.pi, 64)
        ]
        pygame.draw.polygon(overlay, colour, pts)
    else:
        pygame.draw.rect(overlay, colour, _rect_px(view, 0.0, 0.0, width, length))
    surface.blit(overlay, (0, 0))


def draw_aim(
    surface: pygame.Surface,
    view: View,
    table: Any,
    cue_xy: tuple[float, float],
    phi_deg: float,
    *,
    ghost_xy: tuple[float, float] | None,
    end_xy: tuple[float, float],
    object_path: tuple[tuple[float, float], tuple[float, float]] | None = None,
    tangent_path: tuple[tuple[float, float], tuple[float, float]] | None = None,
    show_ghost: bool = True,
) -> None:
    """The aim line from the cue ball to the first contact, the ghost ball, the object ball's
    departure line and (dim) the cue ball's tangent line for a stun shot. Positions are table
    metres. Mutates ``surface`` only."""
    start = view.to_screen(*cue_xy)
    end = view.to_screen(*end_xy)
    if show_ghost:
        pygame.draw.aaline(surface, (250, 250, 250), start, end)
        if ghost_xy is not None:
            r = view.length_px(float(table.ball_radius))
            gx, gy = view.to_screen(*ghost_xy)
            pygame.gfxdraw.aacircle(
                surface, round(gx), round(gy), max(2, round(r)), (250, 250, 250)
            )
        if object_path is not None:
            a, b = object_path
            pygame.draw.aaline(surface, (255, 226, 120), view.to_screen(*a), view.to_screen(*b))
        if tangent_path is not None:
            a, b = tangent_path
            pygame.draw.aaline(surface, (170, 190, 210), view.to_screen(*a), view.to_screen(*b))


def draw_cue_stick(
    surface: pygame.Surface,
    view: View,
    table: Any,
    cue_xy: tuple[float, float],
    phi_deg: float,
    pull_back_m: float,
) -> None:
    """The cue stick behind the cue ball along ``phi_deg``, drawn back by ``pull_back_m``."""
    phi = math.radians(phi_deg)
    dx, dy = math.cos(phi), math.sin(phi)
    r = float(table.ball_radius)
    tip = (cue_xy[0] - dx * (r * 1.3 + pull_back_m), cue_xy[1] - dy * (r * 1.3 + pull_back_m))
    butt = (tip[0] - dx * 1.45, tip[1] - dy * 1.45)
    ferrule = (tip[0] - dx * 0.02, tip[1] - dy * 0.02)
    wrap_a = (tip[0] - dx * 0.95, tip[1] - dy * 0.95)
    tip_w = max(2.0, view.length_px(0.013))
    butt_w = max(3.0, view.length_px(0.03))

    def band(
        p0: tuple[float, float], p1: tuple[float, float], w0: float, w1: float, col: Colour
    ) -> None:
        a = view.to_screen(*p0)
        b = view.to_screen(*p1)
        ux, uy = b[0] - a[0], b[1] - a[1]
        norm = math.hypot(ux, uy) or 1.0
        nx, ny = -uy / norm, ux / norm
        pts = [
            (a[0] + nx * w0 / 2, a[1] + ny * w0 / 2),
            (b[0] + nx * w1 / 2, b[1] + ny * w1 / 2),
            (b[0] - nx * w1 / 2, b[1] - ny * w1 / 2),
            (a[0] - nx * w0 / 2, a[1] - ny * w0 / 2),
        ]
        pygame.gfxdraw.filled_polygon(surface, [(round(x), round(y)) for x, y in pts], col)
        pygame.gfxdraw.aapolygon(surface, [(round(x), round(y)) for x, y in pts], col)

    def width_at(frac: float) -> float:
        return tip_w + (butt_w - tip_w) * frac

    band(tip, ferrule, tip_w, width_at(0.014), (60, 110, 170))
    band(ferrule, wrap_a, width_at(0.014), width_at(0.65), (222, 196, 150))
    band(wrap_a, butt, width_at(0.65), butt_w, (40, 30, 28))


# --- small helpers ------------------------------------------------------------------------------

_FONTS: dict[int, pygame.font.Font] = {}


def get_font(size: int) -> pygame.font.Font:
    """pygame's bundled default font at ``size`` px (deterministic across machines)."""
    font = _FONTS.get(size)
    if font is None:
        if not pygame.font.get_init():
            pygame.font.init()
        font = pygame.font.Font(None, size)
        _FONTS[size] = font
    return font


def _rect_px(view: View, x0: float, y0: float, x1: float, y1: float) -> pygame.Rect:
    ax, ay = view.to_screen(x0, y0)
    bx, by = view.to_screen(x1, y1)
    left, right = sorted((ax, bx))
    top, bottom = sorted((ay, by))
    return pygame.Rect(
        round(left), round(top), round(right) - round(left), round(bottom) - round(top)
    )


def _aa_disc(
    surface: pygame.Surface, centre: tuple[float, float], r: float, colour: Colour
) -> None:
    cx, cy, rr = round(centre[0]), round(centre[1]), max(1, round(r))
    pygame.gfxdraw.filled_circle(surface, cx, cy, rr, colour)
    pygame.gfxdraw.aacircle(surface, cx, cy, rr, colour)


def _shade(colour: Colour, factor: float) -> Colour:
    return (
        min(255, int(colour[0] * factor)),
        min(255, int(colour[1] * factor)),
        min(255, int(colour[2] * factor)),
    )


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )
