"""Where things go in a window of a given size: the scoreboard strip, the table, the control
panel with the last call's strip, the prompt and the widgets, and rows of buttons in a panel.
One frozen :class:`Layout` per size; px throughout."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from render.widgets import Button, PowerMeter, TipWidget

#: Height of the scoreboard strip at the top of the window, px.
SCOREBOARD_H = 72
#: Height of the control panel's widget row (power, tip, elevation), px.
PANEL_H = 132
#: Height of the strip along the panel's top edge that holds the last call's line, px.
STATUS_H = 22
#: Narrowest prompt beside the widgets, px; a narrower window puts the prompt in a row of its
#: own above them (about 30 characters of the 22 px font).
MIN_PROMPT_W = 260
#: Height of that row of its own: three lines of the 22 px font, px.
PROMPT_ROW_H = 64
#: Height of one row of buttons and the gap between buttons (both directions), px.
BUTTON_H = 36
BUTTON_GAP = 10
#: Widest and narrowest button of a row, px (a label wider than the narrowest gets its width).
BUTTON_MAX_W = 220
BUTTON_MIN_W = 96


@dataclass(frozen=True)
class Layout:
    """The rectangles of one window size, px.

    Fields: board (the scoreboard strip), panel (the control panel, the status strip included),
    table (the area the table is fitted into), power (the power meter), tip (the tip widget),
    elevation (the elevation dial), prompt (the text area of the panel: right of the widgets,
    or in a row of its own above them in a window too narrow for that), status (the strip along
    the panel's top edge for the last call: off the table, so it covers nothing of the play).
    """

    board: pygame.Rect
    panel: pygame.Rect
    table: pygame.Rect
    power: PowerMeter
    tip: TipWidget
    elevation: pygame.Rect
    prompt: pygame.Rect
    status: pygame.Rect

    @classmethod
    def for_size(cls, size: tuple[int, int]) -> Layout:
        """The layout of a window of ``size`` = (width, height) px."""
        w, h = size
        elevation_right = 24 + min(320, w // 4) + 30 + 96 + 24 + 110
        beside = w - elevation_right - 48
        panel_h = PANEL_H + STATUS_H + (0 if beside >= MIN_PROMPT_W else PROMPT_ROW_H)
        board = pygame.Rect(0, 0, w, SCOREBOARD_H)
        panel = pygame.Rect(0, h - panel_h, w, panel_h)
        table = pygame.Rect(0, SCOREBOARD_H, w, h - SCOREBOARD_H - panel_h)
        status = pygame.Rect(0, panel.top, w, STATUS_H)
        if beside >= MIN_PROMPT_W:
            base = status.bottom  # the widgets' row; the prompt beside them
            prompt = pygame.Rect(elevation_right + 28, base + 12, beside, PANEL_H - 62)
        else:
            prompt = pygame.Rect(24, status.bottom + 4, max(1, w - 48), PROMPT_ROW_H - 4)
            base = status.bottom + PROMPT_ROW_H  # the prompt's row, then the widgets'
        power = PowerMeter(pygame.Rect(24, base + 38, min(320, w // 4), 26))
        tip = TipWidget(pygame.Rect(power.rect.right + 30, base + 26, 96, 96))
        elevation = pygame.Rect(tip.rect.right + 24, base + 38, 110, 80)
        return cls(board, panel, table, power, tip, elevation, prompt, status)


def button_rows(width: int, widths: Sequence[int]) -> list[list[int]]:
    """Buttons of the natural ``widths`` (px) packed into rows no wider than ``width`` px, in
    order: indices per row. A button wider than ``width`` gets a row of its own."""
    rows: list[list[int]] = []
    used = 0
    for i, bw in enumerate(widths):
        if rows and used + BUTTON_GAP + bw <= width:
            rows[-1].append(i)
            used += BUTTON_GAP + bw
        else:
            rows.append([i])
            used = bw
    return rows


def natural_button_width(label_px: int) -> int:
    """A button's width for a label ``label_px`` px wide: padding, within the min and max."""
    return max(BUTTON_MIN_W, min(BUTTON_MAX_W, label_px + 28))


def buttons_height(width: int, widths: Sequence[int]) -> int:
    """Height (px) of the rows :func:`lay_out_buttons` makes in ``width`` px, gaps included."""
    n = len(button_rows(width, widths))
    return n * BUTTON_H + max(0, n - 1) * BUTTON_GAP


def lay_out_buttons(
    area: pygame.Rect, labels: Sequence[tuple[str, str, str, int]]
) -> tuple[Button, ...]:
    """Buttons for (label, action, hotkey, width px) in centred rows that fit ``area``'s
    width, from its top (see :func:`button_rows`); a button is never wider than ``area``."""
    widths = [max(1, min(area.width, w)) for *_, w in labels]
    out: list[Button] = []
    top = area.top
    for row in button_rows(area.width, widths):
        total = sum(widths[i] for i in row) + BUTTON_GAP * (len(row) - 1)
        left = area.centerx - total // 2
        for i in row:
            label, action, hotkey, _w = labels[i]
            rect = pygame.Rect(left, top, widths[i], BUTTON_H)
            out.append(Button(rect, label, action, hotkey=hotkey))
            left += widths[i] + BUTTON_GAP
        top += BUTTON_H + BUTTON_GAP
    return tuple(out)
