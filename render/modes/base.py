"""The base of every mode, and the drawing the modes share (the scene, the control panel).

A mode reacts to events (``handle``), advances with time (``update``) and paints the frame
(``draw``); it talks to the window only through its :class:`render.host.Host`.
"""

from __future__ import annotations

import numpy as np
import pygame

import sim
from render import draw, hud
from render.host import Host
from render.layout import Layout
from render.scoreboard import score_info
from render.widgets import speed_to_power
from sim.constants import MISCUE_LIMIT


class Mode:
    """Base class: a mode does nothing by default."""

    #: Whether Ctrl+S / Ctrl+O / U / R / Q / H work in this mode.
    allows_global_keys = True

    def __init__(self, host: Host) -> None:
        self.host = host

    @property
    def name(self) -> str:
        return type(self).__name__.removesuffix("Mode").lower()

    def handle(self, event: pygame.event.Event) -> None:
        return None

    def update(self, dt: float) -> None:
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(draw.BACKGROUND)

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
    pygame.draw.rect(surface, hud.PANEL, layout.panel)
    pygame.draw.line(surface, hud.PANEL_EDGE, layout.panel.topleft, layout.panel.topright)


def draw_controls(
    host: Host, surface: pygame.Surface, layout: Layout, strike: sim.Strike | None = None
) -> None:
    """The panel: power meter, tip widget, elevation dial, showing ``strike`` (a shot played
    back: its speed, tip offset and elevation) or else the aim being set."""
    pygame.draw.rect(surface, hud.PANEL, layout.panel)
    pygame.draw.line(surface, hud.PANEL_EDGE, layout.panel.topleft, layout.panel.topright)
    if strike is None:
        power, a, b, theta = host.aim.power, host.aim.a, host.aim.b, host.aim.theta_deg
    else:
        power, a, b, theta = speed_to_power(strike.speed), strike.a, strike.b, strike.theta
    hud.draw_power(surface, layout.power, power)
    hud.draw_tip(surface, layout.tip, a, b, MISCUE_LIMIT)
    hud.draw_elevation(surface, layout.elevation, theta)
