"""The base of every mode, and the drawing the modes share (the scene, the control panel).

A mode reacts to events (``handle``), advances with time (``update``) and paints the frame
(``draw``); it talks to the window only through its :class:`render.host.Host`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import numpy as np
import pygame

import sim
from render import draw, hud, palette, table_drawing
from render.host import Host
from render.keys import Context
from render.layout import Layout
from render.scoreboard import score_info
from render.widgets import speed_to_power
from sim.constants import MISCUE_LIMIT


def ball_squares(host: Host) -> list[pygame.Rect]:
    """The squares (px) of the balls on the table, in the window of the last frame drawn;
    none before a match."""
    if not host.session.has_match:
        return []
    view = host.view_for(host.size_hint())
    positions, on = host.current_positions()
    r = view.length_px(float(host.table.ball_radius)) + 2
    out = []
    for i in np.flatnonzero(on):
        x, y = view.to_screen(float(positions[i][0]), float(positions[i][1]))
        out.append(pygame.Rect(round(x - r), round(y - r), round(2 * r) + 1, round(2 * r) + 1))
    return out


class Mode:
    """Base class: a mode does nothing by default. A mode states what it is as class
    attributes (its key context and how the window treats it), never through its class name."""

    #: Its key context (``render.keys.Context``): the bindings it reads, and its name in
    #: scripts and tests.
    context: ClassVar[Context]
    #: Whether Ctrl+S / Ctrl+O / U / R / Q / H work in this mode.
    allows_global_keys: ClassVar[bool] = True
    #: Whether leaving it for the aim arms the shot guard (``render.app.SHOT_GUARD_S``): the
    #: key or click that closed a panel (a call, a menu) must not also shoot. False for the
    #: screens a player does not close to aim (playback, preparing, start).
    arms_shot_guard: ClassVar[bool] = True
    #: Whether the shots of the frame (T, ``render.modes.shot_history``) may open over it.
    history_opens_over: ClassVar[bool] = False
    #: Whether the last call's line shows in the panel's status strip (``render.overlays``).
    shows_last_call: ClassVar[bool] = False

    def __init__(self, host: Host) -> None:
        self.host = host

    def handle(self, event: pygame.event.Event) -> None:
        return None

    def update(self, dt: float) -> None:
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(table_drawing.BACKGROUND)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """What a menu opened over this mode draws behind itself: the mode as it is."""
        self.draw(surface)

    def message_avoids(self) -> Sequence[pygame.Rect]:
        """Rectangles (px) a short message keeps off in the frame last drawn: the balls on
        the table (a message never hides one when a place clear of them is found)."""
        return ball_squares(self.host)

    def on_resumed(self) -> None:
        """Called when a menu opened over this mode closes and this mode shows again."""
        return None


def draw_scene(
    host: Host,
    surface: pygame.Surface,
    positions: np.ndarray | None = None,
    on_table: np.ndarray | None = None,
    heights: np.ndarray | None = None,
) -> None:
    """Table, balls, scoreboard and an empty control panel; ``heights`` ((n,) m above the
    cloth, playback only) draws airborne balls with their shadow and size cue."""
    size = surface.get_size()
    surface.blit(host.table_background(size), (0, 0))
    if positions is None or on_table is None:
        positions, on_table = host.current_positions()
    draw.draw_balls(
        surface, host.view_for(size), host.table, positions, on_table, host.looks,
        orientations=host.ball_orientations(), heights=heights,
    )  # fmt: skip
    layout = host.layout(size)
    hud.draw_scoreboard(surface, layout.board, score_info(host.session))
    pygame.draw.rect(surface, palette.PANEL, layout.panel)
    pygame.draw.line(surface, palette.PANEL_EDGE, layout.panel.topleft, layout.panel.topright)


def draw_controls(
    host: Host, surface: pygame.Surface, layout: Layout, strike: sim.Strike | None = None
) -> None:
    """The panel: power meter, tip widget, elevation dial, showing ``strike`` (a shot played
    back: its speed, tip offset and elevation) or else the aim being set."""
    pygame.draw.rect(surface, palette.PANEL, layout.panel)
    pygame.draw.line(surface, palette.PANEL_EDGE, layout.panel.topleft, layout.panel.topright)
    if strike is None:
        power, a, b, theta = host.aim.power, host.aim.a, host.aim.b, host.aim.theta_deg
    else:
        power, a, b, theta = speed_to_power(strike.speed), strike.a, strike.b, strike.theta
    hud.draw_power(surface, layout.power, power)
    hud.draw_tip(surface, layout.tip, a, b, MISCUE_LIMIT)
    hud.draw_elevation(surface, layout.elevation, theta)
