"""The match is won: the final score; a new match (Enter) or quit."""

from __future__ import annotations

import dataclasses

import pygame

from render import hud
from render.keys import Action, Context, action_for
from render.modes.base import Mode, draw_scene
from render.widgets import Button


class MatchOverMode(Mode):
    """The match is won: the final score; a new match or quit."""

    context = Context.MATCH_OVER
    history_opens_over = True

    def _buttons(self, size: tuple[int, int]) -> list[Button]:
        w, h = size
        return [
            Button(
                pygame.Rect(w // 2 - 230, h // 2 + 40, 210, 44), "New match", "new", hotkey="Enter"
            ),
            Button(pygame.Rect(w // 2 + 20, h // 2 + 40, 210, 44), "Quit", "quit", hotkey="Q"),
        ]

    def _act(self, action: str) -> None:
        host = self.host
        if action == Action.NEW:
            config = host.session.match_config
            host.start_match(dataclasses.replace(config, seed=config.seed + 1000))
        else:
            host.request_quit()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for button in self._buttons(self.host.size_hint()):
                if button.hit(event.pos):
                    self._act(button.action)
        elif action_for(Context.MATCH_OVER, event) == Action.NEW:
            self._act(Action.NEW)

    def draw(self, surface: pygame.Surface) -> None:
        host = self.host
        host.remember_size(surface.get_size())
        draw_scene(host, surface)
        w, h = surface.get_size()
        box = pygame.Rect(0, 0, 560, 200)
        box.center = (w // 2, h // 2)
        players = host.session.match_config.sides
        score = " - ".join(str(x) for x in host.session.match_score.wins)
        winner = host.session.match_winner
        title = "The match is over" if winner is None else f"{players[winner]} wins the match"
        hud.draw_banner(
            surface,
            box,
            title,
            [f"{' v '.join(players)}: {score}"],
        )
        for button in self._buttons((w, h)):
            hud.draw_button(surface, button)
