"""What is drawn over any mode: the help (H or F1, generated from ``render.keys``), the quit
confirmation, the short messages (toasts) the window shows, and the last call's line."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import pygame

from render import hud, palette, typeset
from render.host import Host
from render.keys import HELP_LINES, Action, Context, action_for
from render.shot_log import last_call_line
from render.widgets import Button

#: Seconds a toast message stays on screen.
TOAST_S = 3.5


class Toast(NamedTuple):
    """A message on screen: its text, the seconds it has left, its colour (RGB)."""

    text: str
    left_s: float
    colour: tuple[int, int, int]

    def aged(self, dt: float) -> Toast | None:
        """The toast ``dt`` s later, or None once its time is up."""
        left = self.left_s - dt
        return Toast(self.text, left, self.colour) if left > 0 else None


#: The help overlay's geometry, px: the title band, one wrapped line, the foot (its hint).
HELP_TITLE_PX, HELP_LINE_PX, HELP_FOOT_PX = 62, 22, 30
#: The help panel's colour: opaque.
HELP_BACKGROUND = (22, 24, 30)
#: Wrapped lines the mouse wheel scrolls the help by, per notch.
HELP_WHEEL_ROWS = 3


def _help_width(size: tuple[int, int]) -> int:
    return max(1, min(HELP_MAX_W, size[0] - 40))


#: One cell of the help: (text, is a section's heading).
HelpCell = tuple[str, bool]
#: Indent of a key's line under its section's heading, px; the gap between the two columns.
HELP_INDENT_PX, HELP_COLUMN_GAP = 14, 24
#: Widest help box, px; the narrowest boxes laid out in two and in three columns.
HELP_MAX_W, HELP_TWO_COLUMNS_FROM, HELP_THREE_COLUMNS_FROM = 1200, 700, 1100


def _help_sections(width: int) -> list[list[HelpCell]]:
    """Each section of ``render.keys.HELP_LINES`` as cells for a column ``width`` px wide:
    its heading, then one key or mouse action a line (wrapped, indented)."""
    sections = []
    for line in HELP_LINES:
        head, _, items = line.partition(": ")
        cells: list[HelpCell] = [(head, True)]
        for item in items.split(" \u00b7 "):
            wrapped = typeset.wrap_text(item, HELP_LINE_PX, max(1, width - HELP_INDENT_PX))
            cells.extend((piece, False) for piece in wrapped)
        sections.append(cells)
    return sections


def help_columns(size: tuple[int, int]) -> int:
    """Columns of the help in a window of ``size`` px: three or two in a wide box, else one."""
    width = _help_width(size)
    return 3 if width >= HELP_THREE_COLUMNS_FROM else 2 if width >= HELP_TWO_COLUMNS_FROM else 1


def help_rows(size: tuple[int, int]) -> list[tuple[HelpCell, ...]]:
    """The help as rows of cells (one per column) in a window of ``size`` px: the sections
    whole, the longest first each put in the column that is shortest so far (a column keeps
    the sections in the keys' order), headings aligned left, keys under them (headings in
    their own colour part the sections); the rows scroll together."""
    n = help_columns(size)
    inner = _help_width(size) - 40
    width = (inner - HELP_COLUMN_GAP * (n - 1)) // n
    sections = _help_sections(width)
    # The longest sections first, each to the shortest column; in a column, the keys' order.
    placed: list[list[int]] = [[] for _ in range(n)]
    for k in sorted(range(len(sections)), key=lambda k: -len(sections[k])):
        min(placed, key=lambda ks: sum(len(sections[i]) for i in ks)).append(k)
    columns = [[cell for k in sorted(ks) for cell in sections[k]] for ks in placed]
    depth = max(len(c) for c in columns)
    return [tuple(c[i] if i < len(c) else ("", False) for c in columns) for i in range(depth)]


def help_box(size: tuple[int, int]) -> pygame.Rect:
    """Where the help overlay goes in a window of ``size`` px: centred, as tall as its wrapped
    lines need but never taller than the window (less 4 px each side): then it scrolls."""
    w, h = size
    full = HELP_TITLE_PX + HELP_LINE_PX * len(help_rows(size)) + HELP_FOOT_PX
    box = pygame.Rect(0, 0, _help_width(size), max(1, min(full, h - 8)))
    box.center = (w // 2, h // 2)
    box.top = max(box.top, 0)
    return box


def help_page_rows(size: tuple[int, int]) -> int:
    """How many wrapped help lines the box shows at once in a window of ``size`` px (>= 1)."""
    inner = help_box(size).height - HELP_TITLE_PX - HELP_FOOT_PX
    return max(1, inner // HELP_LINE_PX)


def help_last_top(size: tuple[int, int]) -> int:
    """The largest first line the help can be scrolled to (0: it fits)."""
    return max(0, len(help_rows(size)) - help_page_rows(size))


def help_reply(event: pygame.event.Event, top: int, size: tuple[int, int]) -> int | None:
    """What ``event`` does to the open help scrolled to line ``top`` in a window of ``size``
    px: the new first line shown, or None when it closes the help (H, F1, Esc). Every other
    event is swallowed: while the help is open nothing reaches the table."""
    page = help_page_rows(size)
    step = {Action.UP: -1, Action.DOWN: 1, Action.PAGE_UP: -page, Action.PAGE_DOWN: page}
    action = action_for(Context.HELP, event)
    if action == Action.CLOSE:
        return None
    if event.type == pygame.MOUSEWHEEL:
        top -= HELP_WHEEL_ROWS * int(event.y)
    elif action in step:
        top += step[action]
    return min(max(top, 0), help_last_top(size))


def draw_help(surface: pygame.Surface, top: int = 0) -> None:
    """The help overlay: every key and mouse action (``render.keys.HELP_LINES``), from the
    wrapped line ``top`` on, with a hint when lines are hidden above or below."""
    size = surface.get_size()
    box = help_box(size)
    if not typeset.has_room(surface, box):
        return
    # An opaque panel: the table under it never shows through the text.
    pygame.draw.rect(surface, HELP_BACKGROUND, box, border_radius=8)
    pygame.draw.rect(surface, palette.PANEL_EDGE, box, width=2, border_radius=8)
    typeset.draw_text(
        surface, "Keys and mouse (H to close)", (box.centerx, box.top + 18), 34, palette.TEXT,
        anchor="midtop",
    )  # fmt: skip
    rows = help_rows(size)
    top = min(max(top, 0), help_last_top(size))
    shown = rows[top : top + help_page_rows(size)]
    n = help_columns(size)
    width = (box.width - 40 - HELP_COLUMN_GAP * (n - 1)) // n
    y = box.top + HELP_TITLE_PX
    for row in shown:
        if y + HELP_LINE_PX > box.bottom - HELP_FOOT_PX // 2:
            break
        for i, (text, heading) in enumerate(row):
            x = box.left + 20 + i * (width + HELP_COLUMN_GAP) + (0 if heading else HELP_INDENT_PX)
            colour = palette.ACCENT if heading else palette.TEXT
            typeset.draw_text(surface, text, (x, y), HELP_LINE_PX, colour)
        y += HELP_LINE_PX
    hint = help_hint(top, len(shown), len(rows))
    if hint:
        foot = (box.centerx, box.bottom - HELP_FOOT_PX // 2)
        typeset.draw_text(surface, hint, foot, 18, palette.ACCENT, anchor="center")


def help_hint(top: int, shown: int, total: int) -> str:
    """The help's foot line: where the hidden lines are and how to reach them ("" if none)."""
    above, below = top > 0, top + shown < total
    if below:
        return ("more above and " if above else "") + "more below: wheel, arrows, Page Down"
    return "more above: wheel, arrows, Page Up" if above else ""


def _quit_box(size: tuple[int, int]) -> pygame.Rect:
    w, h = size
    box = pygame.Rect(0, 0, min(520, w - 20), 170)
    box.center = (w // 2, h // 2)
    return box


def quit_buttons(size: tuple[int, int]) -> tuple[Button, Button]:
    """The quit question's two buttons in a window of ``size`` px: "Quit" and "Back"."""
    box = _quit_box(size)
    quit_rect = pygame.Rect(0, 0, 150, 40)
    back_rect = pygame.Rect(0, 0, 150, 40)
    quit_rect.bottomright = (box.centerx - 10, box.bottom - 16)
    back_rect.bottomleft = (box.centerx + 10, box.bottom - 16)
    return (
        Button(quit_rect, "Quit", Action.QUIT, hotkey="Y"),
        Button(back_rect, "Back", Action.BACK, hotkey="N"),
    )


def quit_answer(event: pygame.event.Event, size: tuple[int, int] | None = None) -> Action | None:
    """The answer to the quit question in ``event``: ``Action.QUIT``, ``Action.BACK`` or None
    (no answer). A click answers through the buttons of a window of ``size`` px."""
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and size is not None:
        for button in quit_buttons(size):
            if button.hit(event.pos):
                return Action(button.action)
        return None
    return action_for(Context.QUIT, event)


def quit_warning(unsaved: bool) -> str:
    """The quit question's sentence: whether play since the last save would be lost (it said
    "Unsaved play is lost" right after a save too)."""
    if unsaved:
        return "Unsaved play is lost: save first with Ctrl+S."
    return "Nothing is lost: everything played is saved."


def draw_quit_confirmation(surface: pygame.Surface, unsaved: bool = True) -> None:
    """The quit question, centred, with its Quit and Back buttons."""
    size = surface.get_size()
    hud.draw_banner(surface, _quit_box(size), "Quit cuesim?", [quit_warning(unsaved)])
    for button in quit_buttons(size):
        hud.draw_button(surface, button)


def draw_toast(
    surface: pygame.Surface, toast: Toast, avoid: Sequence[pygame.Rect] = ()
) -> pygame.Rect:
    """A message near the top of the table, off the rects of ``avoid`` (the pocket labels and
    mouths the aim screen shows, px); returns its box."""
    return hud.draw_toast(surface, toast.text, colour=toast.colour, avoid=avoid)


def draw_last_call(surface: pygame.Surface, host: Host) -> None:
    """On the aim screen, the last call in one compact line in the status strip along the
    top of the control panel (``Layout.status``: off the table, so it covers no ball, rail
    or cue) (``render.shot_log.last_call_line``): it stays until the next shot; T lists them
    all. A line too long for the strip ends in "..."."""
    if not host.mode.shows_last_call or host.session.config is None:
        return
    text = last_call_line(host.session)
    if not text:
        return
    box = host.layout(surface.get_size()).status
    if box.width < 120:  # a tiny window: no room for a readable line
        return
    pieces = typeset.wrap_text(text + "  (T: all shots)", 18, max(1, box.width - 24))
    line = pieces[0] + (" ..." if len(pieces) > 1 else "")
    surface.blit(typeset.shade_surface(box.size, (10, 10, 14, 170)), box.topleft)
    typeset.draw_text(
        surface, line, (box.left + 12, box.centery), 18, palette.DIM, anchor="midleft"
    )
