"""The preparing screen, shown while the physics compiles or loads in a background thread;
then a pending load, the match asked for, or the start screen."""

from __future__ import annotations

import pygame

from render import draw, hud
from render.host import Host
from render.keys import action_for
from render.match import MatchConfig
from render.modes.base import Mode
from render.modes.start import StartMode


class PreparingMode(Mode):
    """Shown while the physics compiles or loads in a background thread."""

    allows_global_keys = False

    def __init__(self, host: Host, config: MatchConfig | None) -> None:
        super().__init__(host)
        self.config = config
        self.elapsed = 0.0

    def update(self, dt: float) -> None:
        self.elapsed += dt
        if not self.host.physics_ready:
            return
        pending = self.host.pending_load
        if pending is not None:
            path, replay_last = pending
            self.host.pending_load = None
            if self.host.load(path):
                if replay_last:
                    self.host.replay()
                return
        if self.config is not None:
            try:
                self.host.start_match(self.config)
                return
            except Exception as exc:  # a bad table size or game: back to the start screen
                self.host.say(str(exc), hud.ALERT)
        self.host.mode = StartMode(self.host, self.config)

    def handle(self, event: pygame.event.Event) -> None:
        if action_for("preparing", event) == "quit":
            self.host.request_quit()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(draw.BACKGROUND)
        w, h = surface.get_size()
        box = pygame.Rect(0, 0, min(720, w - 40), 170)
        box.center = (w // 2, h // 2)
        dots = "." * (1 + int(self.elapsed * 2) % 3)
        lines = [
            "Preparing the physics engine (first run compiles, ~20 s)" + dots,
            f"{self.elapsed:4.1f} s",
        ]
        if self.host.warm_error:
            lines.append("The engine reported: " + self.host.warm_error)
        hud.draw_banner(surface, box, "cuesim", lines)
