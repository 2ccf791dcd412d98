"""The shot history of the frame: a scrollable panel over the table listing every shot (who
played, what was declared, the referee's call), opened with T (``render.keys``), scrolled with
the mouse wheel or the arrows, closed with T, Esc or Enter."""

from __future__ import annotations

import pygame

from render import palette, typeset
from render.host import Host, ModeLike
from render.keys import Action, Context, action_for
from render.modes.base import Mode
from render.shot_log import LoggedShot, frame_log

#: Text size of the history's lines, px, and the height of one line.
LINE_PX = 20
LINE_H = 23
#: Lines one wheel notch or one arrow press scrolls; Page Up/Down scroll a panel's height.
SCROLL_STEP = 3


def shot_lines(entry: LoggedShot) -> list[tuple[str, bool]]:
    """One shot as (text, is_heading) lines: the heading names the shot and its player."""
    heading = f"Shot {entry.number}: {entry.player}"
    if entry.declared:
        heading += f" ({entry.declared})"
    return [(heading, True), (entry.call, False), *((d, False) for d in entry.details)]


class ShotHistoryMode(Mode):
    """The frame's shots over the mode it was opened from (``resume``), newest at the bottom,
    scrolled to the end when it opens. ``scroll`` counts wrapped lines from the top."""

    context = Context.HISTORY
    allows_global_keys = False

    def __init__(self, host: Host, resume: ModeLike) -> None:
        super().__init__(host)
        self.resume = resume
        self.entries = frame_log(host.session)
        self.scroll = 10**9  # clamped to the end by the first layout

    def box(self, size: tuple[int, int]) -> pygame.Rect:
        """The panel's rectangle in a window of ``size`` px."""
        w, h = size
        box = pygame.Rect(0, 0, max(1, min(760, w - 40)), max(1, h - 120))
        box.center = (w // 2, h // 2)
        return box

    def wrapped(self, width: int) -> list[tuple[str, bool]]:
        """Every line of the history wrapped to ``width`` px, with a blank line between shots."""
        out: list[tuple[str, bool]] = []
        for entry in self.entries:
            if out:
                out.append(("", False))
            for text, heading in shot_lines(entry):
                out.extend((piece, heading) for piece in typeset.wrap_text(text, LINE_PX, width))
        return out or [("No shot has been played in this frame yet.", False)]

    def visible_rows(self, box: pygame.Rect) -> int:
        """How many lines fit under the title."""
        return max(1, (box.height - 90) // LINE_H)

    def clamp(self, size: tuple[int, int]) -> tuple[list[tuple[str, bool]], int]:
        """The wrapped lines and the number that fit; ``scroll`` kept within them."""
        box = self.box(size)
        lines = self.wrapped(box.width - 40)
        rows = self.visible_rows(box)
        self.scroll = max(0, min(self.scroll, len(lines) - rows))
        return lines, rows

    def close(self) -> None:
        self.host.mode = self.resume
        self.resume.on_resumed()

    def handle(self, event: pygame.event.Event) -> None:
        size = self.host.size_hint()
        _lines, rows = self.clamp(size)
        action = action_for(Context.HISTORY, event)
        if action == Action.CLOSE:
            self.close()
        elif action in (Action.UP, Action.DOWN, Action.PAGE_UP, Action.PAGE_DOWN):
            step = rows if action.startswith("page") else SCROLL_STEP
            self.scroll += step if action.endswith("down") else -step
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll -= int(event.y) * SCROLL_STEP
        elif (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and not self.box(size).collidepoint(event.pos)
        ):
            self.close()  # a click beside the panel closes it
        self.clamp(size)

    def draw(self, surface: pygame.Surface) -> None:
        self.host.remember_size(surface.get_size())
        self.resume.draw(surface)
        box = self.box(surface.get_size())
        if not typeset.has_room(surface, box):
            return
        lines, rows = self.clamp(surface.get_size())
        surface.blit(typeset.shade_surface(box.size, (22, 24, 30, 240)), box.topleft)
        pygame.draw.rect(surface, palette.PANEL_EDGE, box, width=2, border_radius=8)
        word = self.host.session.match_config.game_class.frame_word  # rack (pool), frame
        title = f"Shots of this {word} ({len(self.entries)})"
        typeset.draw_text(
            surface, title, (box.centerx, box.top + 12), 30, palette.TEXT, anchor="midtop"
        )
        y = box.top + 56
        for text, heading in lines[self.scroll : self.scroll + rows]:
            colour = palette.ACCENT if heading else palette.TEXT
            typeset.draw_text(surface, text, (box.left + 20, y), LINE_PX, colour)
            y += LINE_H
        more = []
        if self.scroll > 0:
            more.append("more above")
        if self.scroll + rows < len(lines):
            more.append("more below")
        hint = "wheel or arrows scroll; T, Esc or Enter closes"
        if more:
            hint = " / ".join(more) + "; " + hint
        typeset.draw_text(
            surface, hint, (box.centerx, box.bottom - 8), 18, palette.DIM, anchor="midbottom"
        )


def open_shot_history(host: Host) -> None:
    """Open the history over a mode that allows it (``Mode.history_opens_over``: the aim
    screen, the referee's call, the match's end; T); elsewhere (a playback, the start screen)
    it does nothing."""
    if host.session.config is not None and host.mode.history_opens_over:
        host.mode = ShotHistoryMode(host, host.mode)
