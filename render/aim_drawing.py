"""Drawing the aim on a pygame Surface: the zone a cue ball in hand may go to, the aim line with
its ghost ball and departure lines, the ball a line would meet, the engine's predicted paths
(the full aim assist) and the cue stick. Every function paints the target surface and nothing
else; positions are in metres (table frame), made pixels by the :class:`render.view.View`."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pygame
import pygame.gfxdraw

from render.table_drawing import Colour, rect_px
from render.typeset import draw_text
from render.view import View
from rules.types import BallInHand
from sim.table import Table


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
        rect = rect_px(view, 0.0, 0.0, width, float(table.head_string_y))
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
        pygame.draw.rect(overlay, colour, rect_px(view, 0.0, 0.0, width, length))
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
#: ...a ball knocked on by another, and the marks: a drop, a rattle or a ball off the table, a
#: jump.
PREVIEW_OTHER = (200, 200, 215)
MARK_DROP = (110, 235, 130)
MARK_OUT = (255, 80, 70)
MARK_JUMP = (120, 210, 255)
#: The word drawn beside each kind of mark (``render.preview.PathMark.kind``).
MARK_WORDS = {"drop": "IN", "rattle": "OUT", "off": "OFF", "jump": "JUMP"}


def draw_mark(
    surface: pygame.Surface, view: View, table: Table, kind: str, xy: tuple[float, float]
) -> None:
    """One mark of the full preview at ``xy`` (m): a drop is a green ring and "IN", a rattle a
    red cross in a ring and "OUT", a ball off the table a red cross and "OFF", a jump a blue
    ring and "JUMP". Mutates ``surface`` only."""
    r = max(4, round(view.length_px(float(table.ball_radius))) + 3)
    x, y = (round(v) for v in view.to_screen(*xy))
    colour = {"drop": MARK_DROP, "jump": MARK_JUMP}.get(kind, MARK_OUT)
    pygame.draw.circle(surface, colour, (x, y), r, 2)
    if kind in ("rattle", "off"):
        d = round(r * 0.7)
        pygame.draw.line(surface, colour, (x - d, y - d), (x + d, y + d), 3)
        pygame.draw.line(surface, colour, (x - d, y + d), (x + d, y - d), 3)
    draw_text(surface, MARK_WORDS.get(kind, kind), (x + r + 2, y - r), 14, colour)


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
    other_paths: Sequence[np.ndarray] = (),
    marks: Sequence[tuple[str, tuple[float, float]]] = (),
) -> None:
    """The engine's simulated paths (``render.preview.AimPreview``): the cue ball's (k, 2), the
    first object ball's (m, 2) and those of the balls knocked on (``other_paths``, dim)
    centres in table metres as polylines, each to where it rests, drops or leaves the table;
    the cue ball's outline where it meets the object ball (red when that ball is not a legal
    first ball), a dot at each path's end, for a path that runs into another ball (``meets``:
    its stop, that ball's centre) the mark of :func:`draw_ball_met`, and each (kind, centre)
    of ``marks`` (:func:`draw_mark`). Mutates ``surface`` only."""
    r = max(2, round(view.length_px(float(table.ball_radius))))
    paths = [(p, PREVIEW_OTHER) for p in other_paths]
    paths += [(cue_path, PREVIEW_CUE), (object_path, PREVIEW_OBJECT)]
    for path, colour in paths:
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
    for kind, xy in marks:
        draw_mark(surface, view, table, kind, xy)


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
