"""The coach's hint (A): on the aim screen the shot the computer would play for the player to
act, on a referee's call the choice it would make for them (accept the table or hand it back,
re-rack, replace the balls), at a level the player picks, with its chance and why.

The search runs off the frame loop (``render.computer.Thinking``, the same as the computer's
own turn); until it ends the hint says so, and the finished search wakes the loop
(``render.modes.computer_turn.WAKE_EVENT``). A again searches at the next level
(``agents.LEVELS``, round), Shift+A hides the hint; the level chosen is kept for the next turns
(``Host.coach_level``). The hint's shot is drawn in the accent colour as the engine plays it
(the cue ball's path from its spot, its own when the cue ball is in hand, to its first contact,
and the object ball's path); the player's own aim is left as it was.
"""

from __future__ import annotations

import pygame

import agents
from render import palette, typeset
from render.aiming import AimState, aim_contact, cue_xy, guide_lines
from render.computer import Thinking, search_seed
from render.host import Host
from render.match import COMPUTER_LEVELS
from render.modes.computer_turn import aim_of_move, wake_window
from render.preview import PreviewCache, preview_for_aim
from render.view import View

#: Width of the hint's lines, px.
LINE_PX = 2


def next_level(level: str) -> str:
    """The level after ``level`` in ``agents.LEVELS``, round (the weakest after the strongest)."""
    levels = COMPUTER_LEVELS
    return levels[(levels.index(level) + 1) % len(levels)] if level in levels else levels[-1]


class Coach:
    """The hint of one turn: none, searching, or shown (see the module docstring)."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.thinking: Thinking | None = None
        #: The engine's paths of the hint's shot (computed once per hint).
        self.previews = PreviewCache()

    def ask(self, *, hide: bool = False) -> None:
        """A: search the hint at the coach's level, or at the next level when one is already
        asked for this position; ``hide`` (Shift+A): no hint."""
        host = self.host
        if hide:
            self.thinking = None
            return
        game = host.session.game
        if self.thinking is not None and self.thinking.game is game:
            host.coach_level = next_level(self.thinking.level)
        seed = search_seed(host.session.match_config)
        self.thinking = Thinking(game, host.coach_level, seed, wake_window)

    def words(self) -> list[str]:
        """The hint's lines: who is searching, or the shot, its chance and what the keys do."""
        thinking = self.thinking
        if thinking is None:
            return []
        head = f"Coach ({thinking.level})"
        if not thinking.done:
            return [f"{head} is looking for your shot..."]
        if thinking.error is not None:
            return [f"{head}: {thinking.error}"]
        move = thinking.move_for(self.host.session.game)
        if move is None:
            return []
        chance = f"{move.chance:.0%} chance" if move.chance is not None else "chance unknown"
        if move.kind is agents.MoveKind.CONCEDE:
            chance = "no shot worth playing"
        elif move.kind is agents.MoveKind.CHOICE:
            chance = "its choice"
        return [
            f"{head}: {move.explain}",
            f"{chance} at this level \u00b7 A: ask the {next_level(thinking.level)} level "
            "\u00b7 Shift+A hides",
        ]

    def draw(
        self, surface: pygame.Surface, view: View, avoid: tuple[pygame.Rect, ...] = ()
    ) -> None:
        """The hint's aim line and its words (nothing without a hint), the words kept off the
        balls, the pockets and the rects of ``avoid`` (a referee's call, px)."""
        lines = self.words()
        if not lines:
            return
        thinking = self.thinking
        move = thinking.move_for(self.host.session.game) if thinking is not None else None
        if move is not None and move.kind is agents.MoveKind.SHOT:
            self._draw_aim(surface, view, aim_of_move(move, self.host.aim))
        area = self.host.layout(surface.get_size()).table
        width = min(area.width // 2 - 40, max(typeset.text_width(line, 20) for line in lines) + 24)
        wrapped = [piece for line in lines for piece in typeset.wrap_text(line, 20, width - 24)]
        box = self.place(pygame.Rect(0, 0, width, 10 + 22 * len(wrapped)), area, view, avoid)
        surface.blit(typeset.shade_surface(box.size, (10, 10, 14, 225)), box.topleft)
        pygame.draw.rect(surface, palette.ACCENT, box, width=1, border_radius=4)
        y = box.top + 5
        for i, piece in enumerate(wrapped):
            colour = palette.ACCENT if i == 0 else palette.TEXT
            typeset.draw_text(surface, piece, (box.left + 12, y), 20, colour)
            y += 22

    def place(
        self,
        box: pygame.Rect,
        area: pygame.Rect,
        view: View,
        avoid: tuple[pygame.Rect, ...] = (),
    ) -> pygame.Rect:
        """``box`` moved onto the table area ``area`` (px) where it covers no ball, no pocket
        and none of ``avoid``: along the bottom rail, then the top one, between the middle
        pockets and the corners, else in the middle of the rail that ``avoid`` leaves free."""
        positions, on = self.host.current_positions()
        table = self.host.table
        r = view.length_px(float(table.ball_radius)) + 2
        covered = [
            pygame.Rect(x - r, y - r, 2 * r, 2 * r)
            for x, y in (view.to_screen(float(p[0]), float(p[1])) for p in positions[on])
        ]
        for pocket in table.pockets:
            x, y = view.to_screen(pocket.x, pocket.y)
            m = view.length_px(pocket.radius) + 4
            covered.append(pygame.Rect(x - m, y - m, 2 * m, 2 * m))
        covered += avoid
        quarter = area.width // 4
        for y_edge in ("bottom", "top"):
            for dx in (-quarter, quarter, 0):
                spot = box.copy()
                spot.centerx = area.centerx + dx
                if y_edge == "bottom":
                    spot.bottom = area.bottom - 4
                else:
                    spot.top = area.top + 4
                if spot.collidelist(covered) < 0:
                    return spot
        box.midbottom = (area.centerx, area.bottom - 4)
        if box.collidelist(list(avoid)) >= 0:
            box.midtop = (area.centerx, area.top + 4)
        return box

    def _draw_aim(self, surface: pygame.Surface, view: View, aim: AimState) -> None:
        """The hint's shot as the engine plays it (``render.preview``: a shot with side drawn
        where it goes), from its own cue ball spot when the cue ball is in hand; the ghost
        ball's straight lines when the engine refuses it."""
        game = self.host.session.game
        cue = cue_xy(game, aim)
        if cue is None:
            return
        r = max(2, round(view.length_px(float(game.table.ball_radius))))
        if self.host.in_hand:
            x, y = view.to_screen(*cue)
            pygame.draw.circle(surface, palette.ACCENT, (round(x), round(y)), r, 1)
        preview = preview_for_aim(game, aim, self.previews)
        if preview is not None:
            for path in (preview.cue_path, preview.object_path):
                if len(path) >= 2:
                    points = [view.to_screen(float(px), float(py)) for px, py in path]
                    pygame.draw.lines(surface, palette.ACCENT, False, points, LINE_PX)
            if preview.contact_xy is not None:
                x, y = view.to_screen(*preview.contact_xy)
                pygame.draw.circle(surface, palette.ACCENT, (round(x), round(y)), r, LINE_PX)
            return
        contact = aim_contact(game, aim)
        if contact is None:
            return
        start, end = view.to_screen(*cue), view.to_screen(*contact.ghost)
        pygame.draw.line(surface, palette.ACCENT, start, end, LINE_PX)
        pygame.draw.circle(surface, palette.ACCENT, (round(end[0]), round(end[1])), r, LINE_PX)
        lines = guide_lines(game, aim, contact)
        if lines is not None:
            a, b = (view.to_screen(*p) for p in lines.object_path)
            pygame.draw.line(surface, palette.ACCENT, a, b, LINE_PX)
