"""Where things go in a window of a given size: the scoreboard strip, the table, the control
panel and its widgets. One frozen :class:`Layout` per size; px throughout."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from render.widgets import PowerMeter, TipWidget

#: Height of the scoreboard strip at the top of the window, px.
SCOREBOARD_H = 72
#: Height of the control panel at the bottom of the window, px.
PANEL_H = 132


@dataclass(frozen=True)
class Layout:
    """The rectangles of one window size, px.

    Fields: board (the scoreboard strip), panel (the control panel), table (the area the table
    is fitted into), power (the power meter), tip (the tip widget), elevation (the elevation
    dial), prompt (the text area of the panel).
    """

    board: pygame.Rect
    panel: pygame.Rect
    table: pygame.Rect
    power: PowerMeter
    tip: TipWidget
    elevation: pygame.Rect
    prompt: pygame.Rect

    @classmethod
    def for_size(cls, size: tuple[int, int]) -> Layout:
        """The layout of a window of ``size`` = (width, height) px."""
        w, h = size
        board = pygame.Rect(0, 0, w, SCOREBOARD_H)
        panel = pygame.Rect(0, h - PANEL_H, w, PANEL_H)
        table = pygame.Rect(0, SCOREBOARD_H, w, h - SCOREBOARD_H - PANEL_H)
        power = PowerMeter(pygame.Rect(24, panel.top + 38, min(320, w // 4), 26))
        tip = TipWidget(pygame.Rect(power.rect.right + 30, panel.top + 26, 96, 96))
        elevation = pygame.Rect(tip.rect.right + 24, panel.top + 38, 110, 80)
        prompt = pygame.Rect(
            elevation.right + 28, panel.top + 12, w - elevation.right - 48, PANEL_H - 62
        )
        return cls(board, panel, table, power, tip, elevation, prompt)
