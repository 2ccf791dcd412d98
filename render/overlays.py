"""What is drawn over any mode: the help (H or F1, generated from ``render.keys``), the quit
confirmation, the short messages (toasts) the window shows, and the last call's line."""

from __future__ import annotations

from typing import Any, NamedTuple

import pygame

from render import hud
from render.keys import HELP_LINES, action_for
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


def help_box(size: tuple[int, int]) -> pygame.Rect:
    """Where the help overlay goes in a window of ``size`` px: centred, tall enough for the
    wrapped lines."""
    w, h = size
    width = min(820, w - 40)
    rows = sum(len(hud._wrap(line, 22, width - 40)) for line in HELP_LINES)
    box = pygame.Rect(0, 0, width, 62 + 22 * rows + 18)
    box.center = (w // 2, h // 2)
    box.top = max(box.top, 4)
    return box


def draw_help(surface: pygame.Surface) -> None:
    """The help overlay: every key and mouse action (``render.keys.HELP_LINES``)."""
    hud.draw_banner(
        surface, help_box(surface.get_size()), "Keys and mouse (H to close)", HELP_LINES
    )


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
        Button(quit_rect, "Quit", "quit", hotkey="Y"),
        Button(back_rect, "Back", "back", hotkey="N"),
    )


def quit_answer(event: pygame.event.Event, size: tuple[int, int] | None = None) -> str | None:
    """The answer to the quit question in ``event``: "quit", "back" or None (no answer). A
    click answers through the buttons of a window of ``size`` px."""
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and size is not None:
        for button in quit_buttons(size):
            if button.hit(event.pos):
                return button.action
        return None
    return action_for("quit", event)


def draw_quit_confirmation(surface: pygame.Surface) -> None:
    """The quit question, centred, with its Quit and Back buttons."""
    size = surface.get_size()
    hud.draw_banner(
        surface, _quit_box(size), "Quit cuesim?",
        ["Unsaved play is lost: save first with Ctrl+S."],
    )  # fmt: skip
    for button in quit_buttons(size):
        hud.draw_button(surface, button)


def draw_toast(surface: pygame.Surface, toast: Toast) -> None:
    """A message at the bottom of the table."""
    hud.draw_toast(surface, toast.text, colour=toast.colour)


def draw_last_call(surface: pygame.Surface, host: Any) -> None:
    """On the aim screen, the last call in one compact line in the status strip along the
    top of the control panel (``Layout.status``: off the table, so it covers no ball, rail
    or cue) (``render.shot_log.last_call_line``): it stays until the next shot; T lists them
    all. A line too long for the strip ends in "..."."""
    if host.mode.name != "aim" or host.show_help or host.session.config is None:
        return
    text = last_call_line(host.session)
    if not text:
        return
    box = host.layout(surface.get_size()).status
    if box.width < 120:  # a tiny window: no room for a readable line
        return
    pieces = hud._wrap(text + "  (T: all shots)", 18, max(1, box.width - 24))
    line = pieces[0] + (" ..." if len(pieces) > 1 else "")
    surface.blit(hud.shade_surface(box.size, (10, 10, 14, 170)), box.topleft)
    hud._text(surface, line, (box.left + 12, box.centery), 18, hud.DIM, anchor="midleft")
