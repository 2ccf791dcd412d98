"""The match is won: the result card (the final score, each player's statistics over the
match and over the window's session); a new match (Enter) or quit."""

from __future__ import annotations

import dataclasses

import pygame

from render import hud, typeset
from render.keys import Action, Context, action_for
from render.modes.base import Mode, draw_scene
from render.modes.start import StartMode
from render.widgets import Button

#: Widest result card, px, and its margin to the window's edges.
CARD_MAX_W, CARD_MARGIN = 820, 20
#: The card's title band and one line of text, px (``hud.draw_banner``).
CARD_TITLE_H, CARD_LINE_H = 62, 22
#: Height of the buttons under the card and the gap above them, px.
BUTTON_H, BUTTON_GAP = 44, 12


class MatchOverMode(Mode):
    """The match is won: the result card (score and statistics); a new match or quit."""

    context = Context.MATCH_OVER
    history_opens_over = True

    def card_lines(self) -> list[str]:
        """The card's lines: the score, then per player the match's figures
        (``render.match_statistics``), then the window's session when it holds earlier
        matches."""
        session = self.host.session
        players = session.match_config.sides
        score = " - ".join(str(x) for x in session.match_score.wins)
        lines = [f"{' v '.join(players)}: {score}"]
        on_points = session.match_config.game_class.scores_points
        for name, figures in session.match_figures().items():
            lines.append(f"{name}: " + "; ".join(figures.lines(on_points)))
        if session.earlier_matches:
            for name, figures in session.session_figures().items():
                lines.append(f"{name}, this session: " + "; ".join(figures.lines(on_points)))
        return lines

    def card(self, size: tuple[int, int]) -> pygame.Rect:
        """The card's rectangle (px): as tall as its wrapped lines, centred above the buttons,
        inside the window."""
        w, h = size
        width = max(1, min(CARD_MAX_W, w - 2 * CARD_MARGIN))
        rows = sum(len(typeset.wrap_text(t, 22, width - 40)) for t in self.card_lines())
        height = min(CARD_TITLE_H + CARD_LINE_H * rows + 16, max(1, h - BUTTON_H - 3 * BUTTON_GAP))
        box = pygame.Rect(0, 0, width, height)
        box.center = (w // 2, (h - BUTTON_H - BUTTON_GAP) // 2)
        return box

    def _buttons(self, size: tuple[int, int]) -> list[Button]:
        w, _h = size
        top = self.card(size).bottom + BUTTON_GAP
        width = max(1, min(210, (w - 4 * BUTTON_GAP) // 3))
        left = w // 2 - (3 * width + 2 * BUTTON_GAP) // 2
        specs = (("Rematch", "new", "Enter"), ("New match", "setup", "N"), ("Quit", "quit", "Q"))
        return [
            Button(pygame.Rect(left + i * (width + BUTTON_GAP), top, width, BUTTON_H), *spec[:2],
                   hotkey=spec[2])
            for i, spec in enumerate(specs)
        ]  # fmt: skip

    def _act(self, action: str) -> None:
        host = self.host
        if action == Action.NEW:
            config = host.session.match_config
            host.start_match(dataclasses.replace(config, seed=config.seed + 1000))
        elif action == Action.SETUP:  # the start screen, this match's choices filled in
            host.mode = StartMode(host, host.session.match_config)
        else:
            host.request_quit()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for button in self._buttons(self.host.size_hint()):
                if button.hit(event.pos):
                    self._act(button.action)
        elif action_for(Context.MATCH_OVER, event) in (Action.NEW, Action.SETUP):
            self._act(str(action_for(Context.MATCH_OVER, event)))

    def draw(self, surface: pygame.Surface) -> None:
        host = self.host
        host.remember_size(surface.get_size())
        draw_scene(host, surface)
        size = surface.get_size()
        players = host.session.match_config.sides
        winner = host.session.match_winner
        title = "The match is over" if winner is None else f"{players[winner]} wins the match"
        hud.draw_banner(surface, self.card(size), title, self.card_lines())
        for button in self._buttons(size):
            hud.draw_button(surface, button)
