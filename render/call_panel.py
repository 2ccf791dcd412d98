"""Where the referee's call goes: a banner over the control panel at the
window's bottom edge, so the table above it, where the balls came to rest, stays in sight.

The banner takes the panel's place (its widgets have nothing to set while a call is up): the
headline and the call's sentences on the left, the choice buttons on the right in a wide window
(below the text in a narrow one). It is as tall as the panel, or taller when the call needs it:
then it grows upwards over the table's bottom edge, never over the scoreboard. px throughout.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from render import hud, typeset
from render.layout import (
    Layout,
    buttons_height,
    lay_out_buttons,
    natural_button_width,
)
from render.widgets import Button

#: Window width from which the buttons go beside the call's text instead of below it, px.
BUTTONS_BESIDE_FROM_W = 900
#: Widest column of buttons beside the text, px (and the share of the window it may take).
BUTTON_COLUMN_MAX_W, BUTTON_COLUMN_SHARE = 480, 0.38
#: Inner margin of the banner, px.
MARGIN = 14
HEADLINE_H, LINE_H, LINE_PX = hud.CALL_HEADLINE_H, hud.CALL_LINE_H, hud.CALL_LINE_PX
#: Hotkeys of the buttons that answer to a letter, like everywhere else, not to their number.
BUTTON_LETTERS = {"declare": "D", "warn": "W"}


def call_layout(
    layout: Layout,
    info: hud.RulingInfo,
    labels: Sequence[tuple[str, str]],
    balls: Sequence[pygame.Rect] = (),
) -> tuple[pygame.Rect, pygame.Rect, tuple[Button, ...]]:
    """The banner (px), the rectangle of its text and its buttons for (label, action) pairs,
    in a window laid out as ``layout``. Buttons answer to 1, 2, ... (D and W for declaring a
    foul and warning), each label showing its key in every window size, and wrap into as many
    rows as their column needs; the banner grows to
    hold them and its text, at most up to the scoreboard's bottom edge. ``balls`` (the balls'
    squares on screen, px): a banner grown over more of them than the same banner hung from
    the scoreboard's bottom edge would hide goes there instead, over the table's top edge (a
    long snooker call hid the black lying by the bottom cushion)."""
    window = pygame.Rect(0, 0, layout.panel.width, layout.panel.bottom)
    keyed = [
        (label, action, BUTTON_LETTERS.get(action, str(i + 1)))
        for i, (label, action) in enumerate(labels)
    ]
    inner = max(1, window.width - 2 * MARGIN)
    beside = window.width >= BUTTONS_BESIDE_FROM_W and bool(keyed)
    column = min(BUTTON_COLUMN_MAX_W, int(window.width * BUTTON_COLUMN_SHARE)) if beside else inner
    # a call's button is as wide as its words, up to the whole column (a choice's words say
    # who chooses what: "Continue: Computer (amateur) chooses" is wider than a panel button)
    widths = [
        min(
            column,
            max(natural_button_width(0), typeset.text_width(f"{label}  [{key}]", LINE_PX) + 28),
        )
        for label, _action, key in keyed
    ]
    rows_h = buttons_height(column, widths) if keyed else 0
    text_w = inner - column - MARGIN if beside else inner
    text_h = HEADLINE_H + LINE_H * len(hud.call_text_lines(info, text_w))
    needed = 2 * MARGIN + (max(text_h, rows_h) if beside else text_h + MARGIN + rows_h)
    top = max(layout.board.bottom, window.bottom - max(needed, layout.panel.height))
    box = pygame.Rect(0, top, window.width, window.bottom - top)
    hung = pygame.Rect(0, layout.board.bottom, window.width, box.height)
    if box.top < layout.panel.top and _hidden(hung, balls) < _hidden(box, balls):
        box = hung
    text = pygame.Rect(box.left + MARGIN, box.top + MARGIN, text_w, max(1, text_h))
    if beside:
        area = pygame.Rect(box.right - MARGIN - column, box.top + MARGIN, column, rows_h)
    else:
        area = pygame.Rect(box.left + MARGIN, box.bottom - MARGIN - rows_h, column, rows_h)
    buttons = lay_out_buttons(
        area,
        [(label, action, key, w) for (label, action, key), w in zip(keyed, widths, strict=True)],
    )
    return box, text, buttons


def _hidden(box: pygame.Rect, balls: Sequence[pygame.Rect]) -> int:
    """How many of ``balls`` (px squares) ``box`` covers any part of."""
    return sum(1 for ball in balls if box.colliderect(ball))
