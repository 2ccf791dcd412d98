"""Drawing the table on a pygame Surface: rail wood, cushions, pocket liners and holes, the cloth
lit as under a lamp, the sights of a pool table and the markings (head string and spots; baulk
line, D and spots).

Geometry comes from ``sim.Table``: the cushion noses and jaw facings from
``table.arrays.segments``, the pockets from ``table.arrays.pockets``, the cloth region from
``table.outline``, the spots and lines from the named attributes. Only the decoration (rail wood
width, diamonds, colours: :class:`TableLook`) is chosen here. Every function paints the target
surface and nothing else."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pygame
import pygame.gfxdraw

from render.view import View
from sim.table import Table

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
    outer = rect_px(view, -m, -m, width + m, length + m)
    radius = max(2, int(view.length_px(0.05)))
    pygame.draw.rect(surface, RAIL_WOOD_EDGE, outer, border_radius=radius)
    edge = max(2, int(view.length_px(0.012)))
    pygame.draw.rect(surface, RAIL_WOOD, outer.inflate(-edge, -edge), border_radius=radius)
    c = cushion_depth(table)
    pygame.draw.rect(surface, cushion, rect_px(view, -c, -c, width + c, length + c))

    pockets = np.asarray(table.arrays.pockets)
    for px, py, pr in pockets:
        _aa_disc(surface, view.to_screen(px, py), view.length_px(pr) * 1.16, POCKET_LINER)
    # The cloth region bounded by the noses, knuckles and jaw facings (sim.Table.outline):
    # it includes the pocket entries and throats, drawn a shade darker than the bed.
    pygame.draw.polygon(surface, _shade(cloth, 0.85), _poly(view, np.asarray(table.outline)))
    cloth_rect = rect_px(view, 0.0, 0.0, width, length)
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


def rect_px(view: View, x0: float, y0: float, x1: float, y1: float) -> pygame.Rect:
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
