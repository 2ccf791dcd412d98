"""The preparing screen, shown until the engine can play a shot (at once: ``sim.start_engine``
plays on the engine's Python path while the compiled kernels are built); then a pending load,
the match asked for, or the start screen. Also the engine's progress as the start screen shows
it while the compiled kernels are built: the build's own fraction and time left
(``sim.engine_status``), never elapsed time."""

from __future__ import annotations

import pygame

import sim
from render import hud, palette, table_drawing, typeset
from render.host import Host
from render.keys import Action, Context, action_for
from render.match import MatchConfig
from render.modes.base import Mode
from render.modes.start import StartMode


class PreparingMode(Mode):
    """Shown while the physics compiles or loads in a background thread."""

    context = Context.PREPARING
    arms_shot_guard = False

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
                self.host.say(str(exc), palette.ALERT)
        self.host.mode = StartMode(self.host, self.config)

    def handle(self, event: pygame.event.Event) -> None:
        if action_for(Context.PREPARING, event) == Action.QUIT:
            self.host.request_quit()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(table_drawing.BACKGROUND)
        w, h = surface.get_size()
        box = pygame.Rect(0, 0, min(720, w - 40), 170)
        box.center = (w // 2, h // 2)
        status = sim.engine_status()
        lines = [status.words]
        if self.host.warm_error:
            lines.append("The engine reported: " + self.host.warm_error)
        hud.draw_banner(surface, box, "cuesim", lines)
        bar = pygame.Rect(box.left + 24, box.bottom - 30, box.w - 48, 10)
        draw_progress_bar(surface, bar, status.fraction)


def engine_building(status: sim.EngineStatus | None = None) -> bool:
    """Whether the engine's compiled kernels are being built (in the background or here): the
    start screen shows their progress meanwhile (shots play on the Python path)."""
    status = status or sim.engine_status()
    return status.phase in ("building", "compiling here")


def full_preview_waits(status: sim.EngineStatus | None = None) -> str | None:
    """While shots run on the engine's Python path, the words saying that the full aim preview
    (an engine simulation per aim change) waits for the compiled kernels, with their progress
    and time left; None once they run (the ghost aim is drawn meanwhile)."""
    status = status or sim.engine_status()
    if not status.python_path:
        return None
    left = "" if status.seconds_left is None else f", about {status.seconds_left:.0f} s left"
    return f"Predicted paths once the fast engine is ready ({100 * status.fraction:.0f} %{left})"


def draw_progress_bar(surface: pygame.Surface, rect: pygame.Rect, fraction: float) -> None:
    """A bar filled to ``fraction`` (0..1) of its width."""
    pygame.draw.rect(surface, palette.PANEL_EDGE, rect, border_radius=4)
    fill = rect.copy()
    fill.w = round(rect.w * min(1.0, max(0.0, fraction)))
    if fill.w > 0:
        pygame.draw.rect(surface, palette.ACCENT, fill, border_radius=4)


def draw_engine_status(surface: pygame.Surface, status: sim.EngineStatus) -> None:
    """The compiled engine's progress along the bottom of the start screen: its words (the
    fraction and the time left) over a bar, and that shots play meanwhile."""
    w, h = surface.get_size()
    words = f"{status.words}; the game plays meanwhile"
    typeset.draw_text(surface, words, (w // 2, h - 52), 20, palette.DIM, anchor="midtop")
    draw_progress_bar(surface, pygame.Rect(w // 2 - 200, h - 24, 400, 8), status.fraction)
