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
from rules.types import BallInHand
from sim.table import Table

__all__ = [
    "CUE_LOOK",
    "CUE_WHITE",
    "POOL_COLOURS",
    "SNOOKER_COLOURS",
    "BallLook",
    "ball_sprite",
    "draw_balls",
    "draw_table",
    "get_font",
    "look_for_ball_name",
    "looks_for_names",
    "rolled",
    "sprite_axes",
]

Colour = tuple[int, int, int]

#: Width of the cushion rubber behind the nose, m (a WPA K-66 cushion is about 2 in deep).
CUSHION_DEPTH_M = 0.05
#: Diamond sights sit this far behind the cushion nose on the rail cap, m (docs/physics.md §5.1).
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


@dataclass(frozen=True)
class TableLook:
    """How a table is drawn: its cloth and cushion colours, and whether its rails carry
    sights (diamonds)."""

    cloth: Colour
    cushion: Colour
    diamonds: bool


#: A pool table: blue cloth, diamonds on the rails.
POOL_LOOK = TableLook(POOL_CLOTH, POOL_CUSHION, diamonds=True)
#: A snooker table (a baulk line and a D): green cloth, no sights.
SNOOKER_LOOK = TableLook(SNOOKER_CLOTH, SNOOKER_CUSHION, diamonds=False)


def table_look(table: Table) -> TableLook:
    """The look of ``table``: a table marked with a D (``Table.d_centre``, the snooker table)
    is drawn as :data:`SNOOKER_LOOK`, any other as :data:`POOL_LOOK`."""
    return SNOOKER_LOOK if table.d_centre is not None else POOL_LOOK


def cloth_colours(table: Table) -> tuple[Colour, Colour]:
    """(cloth, cushion) colours of ``table`` (:func:`table_look`)."""
    look = table_look(table)
    return look.cloth, look.cushion


def _poly(
    view: View, points: Sequence[tuple[float, float]] | np.ndarray
) -> list[tuple[float, float]]:
    """Table-frame points (m; a sequence or an (n, 2) array) on screen, px."""
    return [view.to_screen(x, y) for x, y in points]


def cushion_depth(table: Table) -> float:
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


def frame_margin(table: Table) -> float:
    """Distance from the nose line to the outer edge of the drawn rail, m (for View.fit)."""
    return cushion_depth(table) + 0.1


def draw_table(surface: pygame.Surface, view: View, table: Table) -> None:
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

    if table_look(table).diamonds:
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


def draw_markings(surface: pygame.Surface, view: View, table: Table) -> None:
    """The head string and spots (pool); the baulk line, the D and the six spots (snooker)."""
    width = float(table.width)
    cloth, _ = cloth_colours(table)
    line_colour = _mix(cloth, MARKING, 0.45)
    spot_r = max(1.5, view.length_px(0.005))
    if table.baulk_y is not None and table.d_radius is not None:
        # A table with a baulk line (snooker): the line, the D and the colours' spots.
        baulk_y = float(table.baulk_y)
        pygame.draw.aaline(
            surface, line_colour, view.to_screen(0, baulk_y), view.to_screen(width, baulk_y)
        )
        cx, cy = table.d_centre if table.d_centre is not None else (width / 2, baulk_y)
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


def draw_zone(
    surface: pygame.Surface,
    view: View,
    table: Table,
    zone: BallInHand,
    *,
    colour: tuple[int, int, int, int] = (255, 255, 255, 38),
) -> None:
    """Shade where the cue ball may be placed (``rules.BallInHand``): the whole cloth, the
    area behind the head string, or the D; nothing when it is not in hand. Mutates
    ``surface`` only."""
    if zone is BallInHand.NONE:
        return
    overlay = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    width, length = float(table.width), float(table.length)
    if zone is BallInHand.BEHIND_HEAD_STRING:
        rect = _rect_px(view, 0.0, 0.0, width, float(table.head_string_y))
        pygame.draw.rect(overlay, colour, rect)
    elif zone is BallInHand.IN_D and table.d_centre is not None and table.d_radius is not None:
        cx, cy = table.d_centre
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
    table: Table,
    cue_xy: tuple[float, float],
    phi_deg: float,
    *,
    ghost_xy: tuple[float, float] | None,
    end_xy: tuple[float, float],
    object_path: tuple[tuple[float, float], tuple[float, float]] | None = None,
    tangent_path: tuple[tuple[float, float], tuple[float, float]] | None = None,
    show_ghost: bool = True,
    meets: Sequence[tuple[tuple[float, float], tuple[float, float]]] = (),
) -> None:
    """The aim line from the cue ball to the first contact, the ghost ball, the object ball's
    departure line and (dim) the cue ball's tangent line for a stun shot; for each pair
    (where a line stops, the centre of the ball it meets there) of ``meets``, the moving ball's
    outline at the stop and a ring round the ball it would hit (:func:`draw_ball_met`).
    Positions are table metres. Mutates ``surface`` only."""
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
        for stop, ball in meets:
            draw_ball_met(surface, view, table, stop, ball)


#: Colour of the mark on a ball a guide line runs into.
BALL_MET = (255, 150, 70)


def draw_ball_met(
    surface: pygame.Surface,
    view: View,
    table: Table,
    stop_xy: tuple[float, float],
    ball_xy: tuple[float, float],
) -> None:
    """Where a guide line runs into another ball: the moving ball's outline where it stops
    (``stop_xy``, m) and a ring round the ball it hits there (``ball_xy``, m)."""
    r = max(2, round(view.length_px(float(table.ball_radius))))
    sx, sy = view.to_screen(*stop_xy)
    bx, by = view.to_screen(*ball_xy)
    pygame.gfxdraw.aacircle(surface, round(sx), round(sy), r, BALL_MET)
    pygame.draw.circle(surface, BALL_MET, (round(bx), round(by)), r + 4, 2)


#: Colours of the full aim preview: the cue ball's simulated path, the object ball's, a warning.
PREVIEW_CUE = (250, 250, 250)
PREVIEW_OBJECT = (255, 226, 120)
PREVIEW_WARNING = (255, 110, 90)


def draw_preview(
    surface: pygame.Surface,
    view: View,
    table: Table,
    cue_path: np.ndarray,
    object_path: np.ndarray,
    contact_xy: tuple[float, float] | None,
    *,
    warning: bool = False,
    meets: Sequence[tuple[tuple[float, float], tuple[float, float]]] = (),
) -> None:
    """The engine's simulated paths (``render.preview.AimPreview``): the cue ball's (k, 2) and
    the first object ball's (m, 2) centres in table metres as polylines, the cue ball's outline
    where it meets the object ball (red when that ball is not a legal first ball), a dot at
    each path's end, and for a path that ends on another ball (``meets``: its end, that ball's
    centre) the mark of :func:`draw_ball_met`. Mutates ``surface`` only."""
    r = max(2, round(view.length_px(float(table.ball_radius))))
    for path, colour in ((cue_path, PREVIEW_CUE), (object_path, PREVIEW_OBJECT)):
        if len(path) < 2:
            continue
        points = [view.to_screen(float(x), float(y)) for x, y in path]
        pygame.draw.aalines(surface, colour, False, points)
        ex, ey = points[-1]
        pygame.draw.circle(surface, colour, (round(ex), round(ey)), 3)
    if contact_xy is not None:
        gx, gy = view.to_screen(*contact_xy)
        ring = PREVIEW_WARNING if warning else PREVIEW_CUE
        pygame.gfxdraw.aacircle(surface, round(gx), round(gy), r, ring)
    for stop, ball in meets:
        draw_ball_met(surface, view, table, stop, ball)


#: Longest pull-back of the cue drawn, in ball radii (1.5 ball diameters): the gap between
#: the tip and the cue ball grows with the power up to about this.
CUE_PULL_BACK_MAX_RADII = 3.0


def drawn_pull_back(pull_back_m: float, ball_radius_m: float) -> float:
    """The gap drawn between the cue tip and the cue ball for a pull-back of ``pull_back_m``
    m: ``cap * tanh(pull_back / cap)``, cap = ``CUE_PULL_BACK_MAX_RADII`` ball radii; it
    grows with the power everywhere and never exceeds the cap (the pull-back is a picture of
    the power, not a distance the ball travels)."""
    cap = CUE_PULL_BACK_MAX_RADII * ball_radius_m
    return cap * math.tanh(max(0.0, pull_back_m) / cap)


def draw_cue_stick(
    surface: pygame.Surface,
    view: View,
    table: Table,
    cue_xy: tuple[float, float],
    phi_deg: float,
    pull_back_m: float,
) -> None:
    """The cue stick behind the cue ball along ``phi_deg``, drawn back by ``pull_back_m``
    as limited by :func:`drawn_pull_back` (a full-power cue is never drawn far back across
    the balls behind)."""
    phi = math.radians(phi_deg)
    dx, dy = math.cos(phi), math.sin(phi)
    r = float(table.ball_radius)
    back = r * 1.3 + drawn_pull_back(pull_back_m, r)
    tip = (cue_xy[0] - dx * back, cue_xy[1] - dy * back)
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
