"""Still images (PNG) and animations (GIF) of one simulated shot, with the window's drawing.

The table and balls are painted by :mod:`render.draw` through a :class:`render.view.View`, the
same code the window uses; this module adds what a rule tester needs on paper: each ball's path
in its own colour, the events of the log marked and numbered (the numbers are the event rows
printed by ``cuesim shot``, so a foul's evidence "event 4" can be found on the picture), and the
ruling written under the table.

Markers: a ring where two balls met, a small square where a ball hit a cushion, a red ring
where a ball dropped into a pocket, a red cross where a ball left the table, a small dot where
an airborne ball landed, a thin outline where each ball started. An airborne ball is drawn as
in the window, with its shadow on the cloth and grown with its height (``render.draw``): on the
animation at every frame, on the still at the top of each flight.

Runs headless: nothing here opens a display (only Surfaces, fonts and files). GIF frames
are assembled with Pillow (a dependency of matplotlib). Nothing here mutates its
arguments.
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterator, Sequence
from pathlib import Path

import numpy as np

import sim

# Only Surfaces, fonts and image files are used: no display is opened, so this module works
# headless and never changes the video driver of a window that imports it.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from render.draw import draw_balls, get_font, looks_for_names
from render.table_drawing import BACKGROUND, draw_table, frame_margin
from render.view import View
from rules.files import write_atomic
from sim.events import EventKind

#: Time step of the sampled paths drawn on still images, s (fine enough for smooth curves).
PATH_DT = 1.0 / 240.0
#: Default picture sizes, px.
PNG_SIZE = (1400, 860)
GIF_SIZE = (900, 560)
#: Height of the text panel under the table, as a fraction of the picture height.
PANEL_FRACTION = 0.26
#: An animation stops at this many seconds of play (long shots are sped up to fit).
GIF_MAX_PLAY_S = 20.0
#: Seconds the last frame (with the ruling) is held at the end of an animation.
GIF_HOLD_S = 2.5

TEXT = (232, 234, 238)
DIM = (160, 166, 178)
CONTACT = (255, 220, 80)
CUSHION = (240, 240, 240)
POCKETED = (255, 80, 70)
LANDED = (250, 250, 210)

_MARKED_KINDS = (
    EventKind.BALL_BALL,
    EventKind.BALL_CUSHION,
    EventKind.BALL_POCKET,
    EventKind.OFF_TABLE,
    EventKind.BOUNCE,
)
_GONE_KINDS = (EventKind.BALL_POCKET, EventKind.OFF_TABLE)


def _pocket_times(result: sim.ShotResult) -> dict[int, tuple[float, float, float]]:
    """ball -> (t, x, y) of its pocketing or its leaving the table (the ``BALL_POCKET`` or
    ``OFF_TABLE`` row), from the event log."""
    out: dict[int, tuple[float, float, float]] = {}
    for row in result.events:
        if int(row["kind"]) in _GONE_KINDS and int(row["a"]) not in out:
            out[int(row["a"])] = (float(row["t"]), float(row["x"]), float(row["y"]))
    return out


def flight_tops(result: sim.ShotResult, dt: float = PATH_DT) -> list[tuple[int, float, np.ndarray]]:
    """Where each flight of the shot is drawn on the still: (ball, t s, (x, y, z) m), at each
    local maximum of the ball's sampled height (``ShotResult.sample(dt, heights=True)``) above
    one millimetre, and, for a ball that left the table, at its last sample before it did."""
    frames = np.asarray(result.sample(dt, heights=True), dtype=np.float64)
    off = {int(r["a"]): float(r["t"]) for r in result.events if r["kind"] == EventKind.OFF_TABLE}
    gone = _pocket_times(result)
    tops: list[tuple[int, float, np.ndarray]] = []
    for i in range(frames.shape[1]):
        z = frames[:, i, 2]
        t_end = gone[i][0] if i in gone else np.inf
        last = min(len(z) - 1, int(np.ceil(t_end / dt)) - 1) if np.isfinite(t_end) else len(z) - 1
        for k in range(1, last + 1):
            peak = k < len(z) - 1 and z[k] >= z[k - 1] and z[k] > z[k + 1]
            if z[k] > 1e-3 and (peak or (k == last and i in off)):
                tops.append((i, k * dt, frames[k, i].copy()))
    return tops


def ball_paths(result: sim.ShotResult, dt: float = PATH_DT) -> list[np.ndarray]:
    """Each ball's path as an (m, 2) array of table points (m), from the sampled playback
    merged with the exact event positions, cut where the ball was pocketed. A ball that was not
    on the table at the start has an empty (0, 2) path."""
    frames = np.asarray(result.sample(dt), dtype=np.float64)
    n = frames.shape[1]
    times = np.arange(frames.shape[0]) * dt
    pocketed = _pocket_times(result)
    on_start = np.asarray(result.initial.on_table, dtype=bool)
    events = result.events
    paths = []
    for i in range(n):
        if not on_start[i]:
            paths.append(np.empty((0, 2)))
            continue
        t_end = pocketed[i][0] if i in pocketed else np.inf
        keep = times <= t_end
        mine = events[(events["a"] == i) & (events["t"] <= t_end)]
        t_all = np.concatenate([times[keep], mine["t"]])
        xy_all = np.concatenate(
            [frames[keep, i, :], np.column_stack([mine["x"], mine["y"]])], axis=0
        )
        order = np.argsort(t_all, kind="stable")
        paths.append(xy_all[order])
    return paths


def _layout(size: tuple[int, int], table: sim.Table) -> tuple[View, pygame.Rect]:
    width, height = size
    panel_h = int(height * PANEL_FRACTION)
    view = View.fit(
        float(table.length),
        float(table.width),
        (0, 0, width, height - panel_h),
        margin_m=frame_margin(table),
        landscape=True,
    )
    return view, pygame.Rect(0, height - panel_h, width, panel_h)


def _draw_paths(
    surface: pygame.Surface,
    view: View,
    paths: Sequence[np.ndarray],
    colours: Sequence[tuple[int, int, int]],
) -> None:
    width = max(1, round(view.length_px(0.004)))
    for path, colour in zip(paths, colours, strict=True):
        if len(path) < 2:
            continue
        points = [tuple(p) for p in view.to_screen_array(path)]
        pygame.draw.lines(surface, colour, False, points, width)


def _draw_start_ghosts(
    surface: pygame.Surface, view: View, table: sim.Table, result: sim.ShotResult
) -> None:
    radius = max(2, round(view.length_px(float(table.ball_radius))))
    pos = np.asarray(result.initial.pos)
    on = np.asarray(result.initial.on_table, dtype=bool)
    for i in np.flatnonzero(on):
        x, y = view.to_screen_int(float(pos[i, 0]), float(pos[i, 1]))
        pygame.draw.circle(surface, DIM, (x, y), radius, 1)


def _draw_event_marks(
    surface: pygame.Surface,
    view: View,
    table: sim.Table,
    result: sim.ShotResult,
    until: float = np.inf,
) -> None:
    radius = max(3, round(view.length_px(float(table.ball_radius))))
    font = get_font(max(12, radius))
    for k, row in enumerate(result.events):
        kind = int(row["kind"])
        if kind not in _MARKED_KINDS or float(row["t"]) > until:
            continue
        x, y = view.to_screen_int(float(row["x"]), float(row["y"]))
        if kind == EventKind.BALL_BALL:
            pygame.draw.circle(surface, CONTACT, (x, y), radius + 2, 2)
            colour = CONTACT
        elif kind == EventKind.BALL_CUSHION:
            side = max(3, radius // 2)
            pygame.draw.rect(surface, CUSHION, (x - side // 2, y - side // 2, side, side), 1)
            colour = CUSHION
        elif kind == EventKind.BOUNCE:
            pygame.draw.circle(surface, LANDED, (x, y), max(2, radius // 3))
            colour = LANDED
        elif kind == EventKind.OFF_TABLE:
            arm = radius + 3
            pygame.draw.line(surface, POCKETED, (x - arm, y - arm), (x + arm, y + arm), 3)
            pygame.draw.line(surface, POCKETED, (x - arm, y + arm), (x + arm, y - arm), 3)
            colour = POCKETED
        else:
            pygame.draw.circle(surface, POCKETED, (x, y), radius + 4, 3)
            colour = POCKETED
        label = font.render(str(k), True, colour)
        surface.blit(label, (x + radius + 3, y - radius - 3))


def _wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    words = text.split(" ")
    lines: list[str] = []
    current = ""
    for word in words:
        trial = f"{current} {word}".strip()
        if current and font.size(trial)[0] > width:
            lines.append(current)
            current = word
        else:
            current = trial
    lines.append(current)
    return lines


def _draw_panel(surface: pygame.Surface, rect: pygame.Rect, lines: Sequence[str]) -> None:
    pygame.draw.rect(surface, (34, 37, 44), rect)
    pygame.draw.line(surface, (70, 76, 88), rect.topleft, rect.topright, 2)
    size = max(14, rect.height // 9)
    font = get_font(size)
    margin = size // 2
    y = rect.top + margin
    wrapped: list[tuple[str, bool]] = []
    for n, line in enumerate(lines):
        for piece in _wrap(line, font, rect.width - 2 * margin):
            wrapped.append((piece, n == 0))
    for text, is_head in wrapped:
        if y + size > rect.bottom:
            break
        surface.blit(font.render(text, True, TEXT if is_head else DIM), (rect.left + margin, y))
        y += int(size * 1.05)


def _path_colours(names: Sequence[str]) -> list[tuple[int, int, int]]:
    colours = []
    for look in looks_for_names(names):
        r, g, b = look.colour
        # Dark balls (the 8, the black) would vanish on the cloth: lighten their trail.
        if r + g + b < 120:
            r, g, b = 150, 150, 150
        colours.append((r, g, b))
    return colours


def render_still(
    result: sim.ShotResult,
    names: Sequence[str],
    lines: Sequence[str],
    size: tuple[int, int] = PNG_SIZE,
) -> pygame.Surface:
    """The whole shot on one picture: table, start ghosts, paths, event marks, final balls and
    the text ``lines`` (the ruling, first line highlighted) in a panel below. Returns a new
    Surface of ``size`` px."""
    table = result.table
    surface = pygame.Surface(size)
    surface.fill(BACKGROUND)
    view, panel = _layout(size, table)
    draw_table(surface, view, table)
    _draw_start_ghosts(surface, view, table, result)
    _draw_paths(surface, view, ball_paths(result), _path_colours(names))
    _draw_flight_tops(surface, view, table, result, names)
    final = result.final
    draw_balls(
        surface,
        view,
        table,
        np.asarray(final.pos),
        np.asarray(final.on_table, dtype=bool),
        looks_for_names(names),
    )
    _draw_event_marks(surface, view, table, result)
    _draw_panel(surface, panel, lines)
    return surface


def _draw_flight_tops(
    surface: pygame.Surface,
    view: View,
    table: sim.Table,
    result: sim.ShotResult,
    names: Sequence[str],
) -> None:
    """Each ball at the top of each of its flights (:func:`flight_tops`), half transparent,
    with its shadow and its height's size cue, as the window draws an airborne ball."""
    tops = flight_tops(result)
    if not tops:
        return
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    looks = looks_for_names(names)
    n = len(looks)
    for ball, _t, xyz in tops:
        pos = np.zeros((n, 3))
        pos[ball] = xyz
        only = np.zeros(n, dtype=bool)
        only[ball] = True
        draw_balls(layer, view, table, pos, only, looks)
    layer.set_alpha(190)
    surface.blit(layer, (0, 0))


def save_png(
    result: sim.ShotResult,
    names: Sequence[str],
    lines: Sequence[str],
    path: str | Path,
    size: tuple[int, int] = PNG_SIZE,
) -> Path:
    """Write :func:`render_still` to ``path`` as PNG, atomically (``rules.files.write_atomic``:
    on failure ``FileWriteError`` and the previous file intact); returns the path."""
    picture = io.BytesIO()
    pygame.image.save(render_still(result, names, lines, size), picture, "still.png")
    return write_atomic(path, picture.getvalue())


def animation_frames(
    result: sim.ShotResult,
    names: Sequence[str],
    lines: Sequence[str],
    *,
    fps: float = 20.0,
    size: tuple[int, int] = GIF_SIZE,
    caption: str = "",
) -> tuple[list[pygame.Surface], float]:
    """The frames of an animation and the seconds each is shown.

    The shot plays in real time up to :data:`GIF_MAX_PLAY_S` seconds (a longer shot is sped up
    to fit), trails growing behind the balls, the clock and ``caption`` under the table; the
    last frame (the still, with the ruling ``lines``) is held :data:`GIF_HOLD_S` seconds.
    """
    frames = list(_moving_frames(result, names, fps=fps, size=size, caption=caption))
    frames.append(render_still(result, names, lines, size))
    frames.extend([frames[-1]] * (_hold_frames(fps) - 1))
    return frames, 1.0 / fps


def _hold_frames(fps: float) -> int:
    """How many frames the still is shown for, at ``fps`` (at least one)."""
    return max(1, round(GIF_HOLD_S * fps))


def _moving_frames(
    result: sim.ShotResult,
    names: Sequence[str],
    *,
    fps: float,
    size: tuple[int, int],
    caption: str,
) -> Iterator[pygame.Surface]:
    """The frames of the shot in motion (:func:`animation_frames` without its held still), one
    at a time: a caller that converts each as it comes keeps one picture, not all of them."""
    table = result.table
    duration = max(float(result.duration), 1e-3)
    speedup = max(1.0, duration / GIF_MAX_PLAY_S)
    frame_dt = speedup / fps
    samples = np.asarray(result.sample(frame_dt, heights=True), dtype=np.float64)
    pocketed = _pocket_times(result)
    looks = looks_for_names(names)
    colours = _path_colours(names)
    paths = ball_paths(result)
    path_times = np.arange(max(len(p) for p in paths)) * PATH_DT
    base = pygame.Surface(size)
    base.fill(BACKGROUND)
    view, panel = _layout(size, table)
    draw_table(base, view, table)
    on_start = np.asarray(result.initial.on_table, dtype=bool)
    for k in range(samples.shape[0]):
        t = k * frame_dt
        surface = base.copy()
        trails = [p[: int(np.searchsorted(path_times[: len(p)], t, side="right"))] for p in paths]
        _draw_paths(surface, view, trails, colours)
        on = on_start.copy()
        for ball, (t_in, _, _) in pocketed.items():
            if t_in <= t:
                on[ball] = False
        draw_balls(surface, view, table, samples[k], on, looks)
        _draw_panel(surface, panel, [f"t = {t:5.2f} s", caption])
        yield surface


def save_gif(
    result: sim.ShotResult,
    names: Sequence[str],
    lines: Sequence[str],
    path: str | Path,
    *,
    fps: float = 20.0,
    size: tuple[int, int] = GIF_SIZE,
    caption: str = "",
) -> Path:
    """Write the animation of :func:`animation_frames` to ``path`` as a looping GIF, atomically
    (``rules.files.write_atomic``); returns the path. Each frame is reduced to the palette as
    it is drawn, so the memory held is the palette-indexed frames (about 0.5 MB each at the
    default size), not every frame in full colour twice."""
    from PIL import Image

    def rgb(surface: pygame.Surface) -> Image.Image:
        return Image.frombytes("RGB", surface.get_size(), pygame.image.tobytes(surface, "RGB"))

    # One palette for every frame, taken from the final still (it holds every ball colour, the
    # marks and the text): unchanged pixels keep their index from frame to frame, which lets
    # GIF compression work (files several times smaller than per-frame palettes).
    still = rgb(render_still(result, names, lines, size))
    palette = still.quantize(colors=255, method=Image.Quantize.MEDIANCUT)

    def indexed(image: Image.Image) -> Image.Image:
        return image.quantize(palette=palette, dither=Image.Dither.NONE)

    moving = _moving_frames(result, names, fps=fps, size=size, caption=caption)
    images = [indexed(rgb(surface)) for surface in moving]
    images += [indexed(still)] * _hold_frames(fps)
    animation = io.BytesIO()
    images[0].save(
        animation,
        format="GIF",
        save_all=True,
        append_images=images[1:],
        duration=round(1000 / fps),
        loop=0,
        optimize=False,
    )
    return write_atomic(path, animation.getvalue())
