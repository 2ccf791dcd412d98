"""Fouls a player declares on the last shot (the ones a 2-D simulator cannot see): their words
and the list to pick them from."""

from __future__ import annotations

import pygame

from render import hud, typeset
from render.host import Host, ModeLike
from render.keys import Action, Context, action_for
from render.modes.base import Mode
from render.widgets import Button
from render.words import FOUL_WORDS as FOUL_WORDS
from render.words import foul_words

#: Height of one row of the foul menu, px.
FOUL_ROW_H = 32
#: The gap between the foul list's columns, px.
FOUL_COLUMN_GAP = 16
#: The most columns the foul list is laid out in (as many as the widest label allows).
FOUL_MAX_COLUMNS = 4
#: The foul menu's explanation, under its title.
FOUL_MENU_LINES = (
    "Fouls the table cannot see: the referee judges the shot again with the one picked.",
    "Click it or press its number (arrows and Enter); pick it again to withdraw it. Esc closes.",
)


def foul_list_layout(
    size: tuple[int, int], rows: list[tuple[str, str, str]]
) -> tuple[pygame.Rect, list[Button]]:
    """The foul list's box and buttons (px) in a window of ``size``: across the window's
    bottom edge, over the control panel, its buttons in as many columns (up to
    ``FOUL_MAX_COLUMNS``) as the widest label allows, so the list is as shallow as the window
    lets it be and the table above stays in sight (a centred list of eleven snooker fouls hid
    three quarters of the table, the ball that jumped with it)."""
    w, h = size
    inner = max(1, w - 40)
    widest = max((typeset.text_width(f"{r[0]}  [{r[2]}]", 22) + 16 for r in rows), default=0)
    fitting = (inner + FOUL_COLUMN_GAP) // max(1, widest + FOUL_COLUMN_GAP)
    columns = max(1, min(FOUL_MAX_COLUMNS, fitting, len(rows)))
    header = 62 + 22 * sum(len(typeset.wrap_text(t, 22, inner)) for t in FOUL_MENU_LINES) + 6
    depth = -(-len(rows) // columns)
    # One column in a narrow window: rows as tall as the window leaves room for (24 px least).
    row_h = max(24, min(FOUL_ROW_H, (h - header - 12) // max(1, depth)))
    height = min(h, header + row_h * depth + 12)
    box = pygame.Rect(0, h - height, w, height)
    column_w = (inner - FOUL_COLUMN_GAP * (columns - 1)) // columns
    buttons = [
        Button(
            pygame.Rect(
                box.left + 20 + (i // depth) * (column_w + FOUL_COLUMN_GAP),
                box.top + header + (i % depth) * row_h,
                column_w,
                row_h - 4,
            ),
            label,
            action,
            hotkey=hotkey,
        )
        for i, (label, action, hotkey) in enumerate(rows)
    ]
    return box, buttons


def open_foul_menu(host: Host) -> None:
    """Show the list of declarable fouls over the current mode, or say why there is none."""
    if not host.declarable_fouls():
        host.say("No shot to declare a foul on: fouls are declared on the last shot.")
        return
    host.mode = DeclareFoulMode(host, host.mode)


class DeclareFoulMode(Mode):
    """A list of the fouls the engine cannot see (``Game.declarable_fouls``): the opponent or
    the referee picks the one committed on the last shot (a click, its number, or the arrows and
    Enter); the session judges the shot again with it (``Session.declare_foul``). A foul already
    declared is marked and picking it again withdraws it. Esc or D closes the list."""

    context = Context.DECLARE_FOUL
    allows_global_keys = False

    def __init__(self, host: Host, resume: ModeLike) -> None:
        super().__init__(host)
        self.resume = resume
        self.selected = 0

    def entries(self) -> list[tuple[str, str, bool]]:
        """(code, words, already declared) of each foul offered."""
        shot = self.host.foul_shot()
        declared = shot.declaration.declared_fouls if shot is not None else frozenset()
        return [
            (code, foul_words(code), code in declared) for code, _ in self.host.declarable_fouls()
        ]

    def layout(self, size: tuple[int, int]) -> tuple[pygame.Rect, list[Button]]:
        """The menu's box and one button per foul, centred in a window of ``size`` px."""
        rows = [
            (
                words + ("  - DECLARED" if declared else ""),
                f"foul:{code}",
                str(i + 1) if i < 9 else "",
            )
            for i, (code, words, declared) in enumerate(self.entries())
        ]
        return foul_list_layout(size, rows)

    def close(self) -> None:
        self.resume.on_resumed()
        self.host.mode = self.resume

    def pick(self, index: int) -> None:
        entries = self.entries()
        if not 0 <= index < len(entries):
            return
        if not self.host.declare_foul(entries[index][0]):
            self.close()

    def handle(self, event: pygame.event.Event) -> None:
        box, rows = self.layout(self.host.size_hint())
        action = action_for(Context.DECLARE_FOUL, event)
        if action == Action.CLOSE:
            self.close()
        elif action == Action.UP:
            self.selected = (self.selected - 1) % len(rows)
        elif action == Action.DOWN:
            self.selected = (self.selected + 1) % len(rows)
        elif action == Action.PICK:
            self.pick(self.selected)
        elif action == Action.NUMBER:
            self.pick(event.key - pygame.K_1)
        elif action == Action.QUIT:
            self.host.request_quit()
        elif event.type == pygame.MOUSEMOTION:
            hit = next((i for i, row in enumerate(rows) if row.hit(event.pos)), None)
            if hit is not None:
                self.selected = hit
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = next((i for i, row in enumerate(rows) if row.hit(event.pos)), None)
            if hit is not None:
                self.pick(hit)
            elif not box.collidepoint(event.pos):
                self.close()

    def draw(self, surface: pygame.Surface) -> None:
        self.host.remember_size(surface.get_size())
        # Over the referee's call the list hides its panel (the call shows again on closing).
        self.resume.draw_backdrop(surface)
        box, rows = self.layout(surface.get_size())
        shot = self.host.foul_shot()
        shooter = ""
        if shot is not None:
            shooter = f" by {shot.before_game.players[shot.before_game.to_play]}"
        hud.draw_banner(
            surface,
            box,
            f"Declare a foul on the last shot{shooter}",
            FOUL_MENU_LINES,
        )
        for i, row in enumerate(rows):
            hud.draw_button(surface, row, highlight=i == self.selected or "DECLARED" in row.label)
