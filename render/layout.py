"""Where things go in a window of a given size: the scoreboard strip, the table, the control
panel with the last call's strip, the prompt, the widgets and the panel's buttons, and rows of
buttons in a panel. One frozen :class:`Layout` per size; px throughout.

Nothing of the panel overlaps anything else at any window size: the prompt goes beside the
widgets or in a row of its own above them, and the aim panel's buttons beside the widgets (under
the prompt) or in rows of their own below them, whichever the width allows
(``tests/render/test_widget_overlap.py`` checks every rectangle)."""

from __future__ import annotations

import contextlib
import functools
import warnings
from collections.abc import Callable, Sequence
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
#: Widths of the aim panel's buttons, px: a toggle or a call (Push out, Safety, Call again, Free
#: ball, Nominate), Shoot, Concede / re-rack, and the most a warning naming players may take.
PANEL_BUTTON_W, SHOOT_BUTTON_W, FRAME_BUTTON_W, WARN_BUTTON_MAX_W = 136, 130, 190, 240
#: The widest row of buttons the aim panel shows (snooker with a free ball: Concede / re-rack,
#: Free ball, Nominate, Shoot), labels with their hotkeys, px each.
WIDEST_AIM_ROW = (FRAME_BUTTON_W, PANEL_BUTTON_W, PANEL_BUTTON_W, SHOOT_BUTTON_W)
#: The same row with compact labels (no hotkey: H lists them), px each: a narrow window's.
WIDEST_COMPACT_AIM_ROW = (160, 130, 112, BUTTON_MIN_W)
#: Smallest window the frame loop lets the player make, px: the window keeps this size at least
#: (``render.app.run``); the layout has no overlap below it too, with a small table.
MIN_WINDOW = (640, 480)


def row_width(widths: Sequence[int]) -> int:
    """Width (px) of one row of buttons of ``widths`` px with the gaps between them."""
    return sum(widths) + BUTTON_GAP * max(0, len(widths) - 1)


@dataclass(frozen=True)
class Layout:
    """The rectangles of one window size, px.

    Fields: board (the scoreboard strip), panel (the control panel, the status strip included),
    table (the area the table is fitted into), power (the power meter), tip (the tip widget),
    elevation (the elevation dial), prompt (the text area of the panel: right of the widgets,
    or in a row of its own above them in a window too narrow for that), status (the strip along
    the panel's top edge for the last call: off the table, so it covers nothing of the play),
    buttons (where the aim panel's buttons go, in right-aligned rows: beside the widgets under
    the prompt in a wide window, else rows of their own at the panel's bottom),
    compact_buttons (True: the buttons' labels go without their hotkeys, to fit).
    """

    board: pygame.Rect
    panel: pygame.Rect
    table: pygame.Rect
    power: PowerMeter
    tip: TipWidget
    elevation: pygame.Rect
    prompt: pygame.Rect
    status: pygame.Rect
    buttons: pygame.Rect
    compact_buttons: bool

    @classmethod
    def for_size(cls, size: tuple[int, int]) -> Layout:
        """The layout of a window of ``size`` = (width, height) px."""
        return _layout_for(int(size[0]), int(size[1]))


@dataclass(frozen=True)
class WidgetRow:
    """The sizes of the panel's widget row, px: its height, the power meter's widest width,
    the tip widget's square, the elevation dial's width and height, the gap between the meter
    and the tip, and how far below the row's top the meter, the tip and the dial start (their
    labels are drawn in the 24 px above them)."""

    height: int
    power_w: int
    tip: int
    dial_w: int
    dial_h: int
    gap: int
    power_y: int
    tip_y: int
    dial_y: int


#: The widget row of a window with room for it.
FULL_ROW = WidgetRow(PANEL_H, 320, 96, 110, 80, 30, 38, 26, 38)
#: The compact one of a short window (``_layout_for``): smaller tip and dial, a narrower power
#: meter, so that the prompt fits beside them and the table takes the larger share.
COMPACT_ROW = WidgetRow(100, 90, 64, 96, 64, 20, 45, 26, 26)


#: Largest share of the window's height the full control panel may take before the compact
#: one is used.
PANEL_SHARE_MAX = 0.25


@functools.lru_cache(maxsize=16)
def _layout_for(w: int, h: int) -> Layout:
    """The full panel, or the compact one when the full one would take more than
    ``PANEL_SHARE_MAX`` of the window's height (the control strip shrinks with the window as
    the table does: at 900x580 the full panel took 202 px, 35 %; the compact one 170 px) or
    be taller than the table area it leaves (a 640x480 window: a 142 px table under a 266 px
    panel)."""
    full = _arranged(w, h, FULL_ROW)
    if full.table.height >= full.panel.height and full.panel.height <= PANEL_SHARE_MAX * h:
        return full
    return _arranged(w, h, COMPACT_ROW)


def _arranged(w: int, h: int, row: WidgetRow) -> Layout:
    power_w = min(row.power_w, w // 4)
    elevation_right = 24 + power_w + row.gap + row.tip + 24 + row.dial_w
    beside = w - elevation_right - 48
    prompt_beside = beside >= MIN_PROMPT_W
    buttons_beside = prompt_beside and beside >= row_width(WIDEST_AIM_ROW)
    # Rows of their own for the buttons, below the widgets: with hotkeys when the widest row
    # fits the window's width, compact labels otherwise (then as many rows as they need).
    compact = not buttons_beside and row_width(WIDEST_AIM_ROW) > w - 32
    widest = WIDEST_COMPACT_AIM_ROW if compact else WIDEST_AIM_ROW
    rows = 0 if buttons_beside else len(button_rows(max(1, w - 32), widest))
    rows_h = 0 if rows == 0 else rows * BUTTON_H + (rows - 1) * BUTTON_GAP + 12
    panel_h = row.height + STATUS_H + (0 if prompt_beside else PROMPT_ROW_H) + rows_h
    board = pygame.Rect(0, 0, w, SCOREBOARD_H)
    panel = pygame.Rect(0, h - panel_h, w, panel_h)
    table = pygame.Rect(0, SCOREBOARD_H, w, max(0, h - SCOREBOARD_H - panel_h))
    status = pygame.Rect(0, panel.top, w, STATUS_H)
    if prompt_beside:
        base = status.bottom  # the widgets' row; the prompt beside them (all of its height
        # when the buttons have rows of their own)
        tall = row.height - (62 if buttons_beside else 20)
        prompt = pygame.Rect(elevation_right + 28, base + 12, beside, tall)
    else:
        prompt = pygame.Rect(24, status.bottom + 4, max(1, w - 48), PROMPT_ROW_H - 4)
        base = status.bottom + PROMPT_ROW_H  # the prompt's row, then the widgets'
    power = PowerMeter(pygame.Rect(24, base + row.power_y, power_w, 26))
    tip = TipWidget(pygame.Rect(power.rect.right + row.gap, base + row.tip_y, row.tip, row.tip))
    elevation = pygame.Rect(tip.rect.right + 24, base + row.dial_y, row.dial_w, row.dial_h)
    if buttons_beside:  # under the prompt, right of the widgets
        buttons = pygame.Rect(prompt.left, base + row.height - 48, w - 16 - prompt.left, BUTTON_H)
    else:  # rows of their own under the widgets' row
        buttons = pygame.Rect(16, base + row.height, max(1, w - 32), max(1, rows_h - 12))
    return Layout(board, panel, table, power, tip, elevation, prompt, status, buttons, compact)


def lay_out_right(
    area: pygame.Rect, labels: Sequence[tuple[str, str, str, int]]
) -> tuple[Button, ...]:
    """Buttons for (label, action, hotkey, width px) packed into rows of ``area``'s width
    (:func:`button_rows`), each row right-aligned, from ``area``'s top: the aim panel's
    buttons, Shoot last, so it sits at the right end of the last row."""
    return _buttons_in_rows(area, labels, lambda total: area.right - total)


def _buttons_in_rows(
    area: pygame.Rect,
    labels: Sequence[tuple[str, str, str, int]],
    row_left: Callable[[int], int],
) -> tuple[Button, ...]:
    """Buttons for (label, action, hotkey, width px), none wider than ``area``, in the rows of
    :func:`button_rows` from ``area``'s top; ``row_left(total)`` is the x (px) where a row
    ``total`` px wide, gaps included, starts."""
    widths = [max(1, min(area.width, w)) for *_, w in labels]
    out: list[Button] = []
    top = area.top
    for row in button_rows(area.width, widths):
        left = row_left(row_width([widths[i] for i in row]))
        for i in row:
            label, action, hotkey, _w = labels[i]
            rect = pygame.Rect(left, top, widths[i], BUTTON_H)
            out.append(Button(rect, label, action, hotkey=hotkey))
            left += widths[i] + BUTTON_GAP
        top += BUTTON_H + BUTTON_GAP
    return tuple(out)


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
    return _buttons_in_rows(area, labels, lambda total: area.centerx - total // 2)


#: Room a default window leaves on the desktop for its title bar and the desktop's own panels.
DESKTOP_MARGIN = (0, 64)


def fit_to_desktop(wanted: tuple[int, int], desktop: tuple[int, int]) -> tuple[int, int]:
    """``wanted`` (w, h) px shrunk to fit a ``desktop`` of (w, h) px less
    :data:`DESKTOP_MARGIN`, never under :data:`MIN_WINDOW`: the default 1280x820 window opened
    taller than a 1280x800 screen (its top cut off) and would hide its control panel and the
    referee's call below a 1366x768 laptop's edge."""
    room_w, room_h = desktop[0] - DESKTOP_MARGIN[0], desktop[1] - DESKTOP_MARGIN[1]
    return (
        max(MIN_WINDOW[0], min(int(wanted[0]), room_w)),
        max(MIN_WINDOW[1], min(int(wanted[1]), room_h)),
    )


def default_window_size(wanted: tuple[int, int]) -> tuple[int, int]:
    """The size (px) to open a window asked for without ``--size``: ``wanted`` fitted to the
    first desktop (:func:`fit_to_desktop`); ``wanted`` itself with no desktop to ask (no
    display, or the dummy driver of headless runs, whose desktop is no screen)."""
    try:
        pygame.display.init()
        if pygame.display.get_driver() == "dummy":
            return wanted
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return wanted
    return fit_to_desktop(wanted, sizes[0]) if sizes else wanted


def open_window(size: tuple[int, int]) -> pygame.Surface:
    """Open the resizable window of ``size`` px, titled "cuesim", that the player can make no
    smaller than :data:`MIN_WINDOW` (SDL's minimum window size; a display driver without
    windows, such as the dummy one of the tests, ignores it)."""
    pygame.display.set_caption("cuesim")
    screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    with contextlib.suppress(pygame.error, AttributeError), warnings.catch_warnings():
        # pygame-ce 2.5 warns that drawing through this Window object is deprecated; it is
        # only sized here (the display module keeps drawing). Headless: no window to size.
        warnings.simplefilter("ignore", DeprecationWarning)
        pygame.Window.from_display_module().minimum_size = MIN_WINDOW
    return screen


#: Grid (px) on which :func:`least_covering_place` tries a box's places.
PLACE_STEP_PX = 16


def least_covering_place(
    size: tuple[int, int], area: pygame.Rect, avoid: Sequence[pygame.Rect]
) -> pygame.Rect:
    """A box of ``size`` px (cut to ``area``'s size) inside ``area`` that covers as few of the
    rects of ``avoid`` (balls, px) as any place on a grid of ``PLACE_STEP_PX``; of those, the
    one whose centre is nearest ``area``'s centre (the centre itself when it covers none)."""
    w, h = min(size[0], area.width), min(size[1], area.height)
    centred = pygame.Rect(0, 0, w, h)
    centred.center = area.center
    best, best_key = centred, (len(centred.collidelistall(list(avoid))), 0)
    if best_key[0] == 0:
        return best
    rects = list(avoid)
    for top in range(area.top, area.bottom - h + 1, PLACE_STEP_PX):
        for left in range(area.left, area.right - w + 1, PLACE_STEP_PX):
            box = pygame.Rect(left, top, w, h)
            dx, dy = box.centerx - area.centerx, box.centery - area.centery
            key = (len(box.collidelistall(rects)), dx * dx + dy * dy)
            if key < best_key:
                best, best_key = box, key
    return best
