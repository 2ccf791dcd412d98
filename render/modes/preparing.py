"""The preparing screen, shown while the physics compiles or loads in a background thread;
then a pending load, the match asked for, or the start screen."""

from __future__ import annotations

from pathlib import Path

import pygame

from render import hud, palette, table_drawing, typeset
from render.host import Host
from render.keys import Action, Context, action_for
from render.match import MatchConfig
from render.modes.base import Mode
from render.modes.start import StartMode
from rules.files import FileReadError, read_regular_file


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
        elapsed, expected = self.host.warm_progress()
        lines = [warm_words(elapsed, expected)]
        if self.host.warm_error:
            lines.append("The engine reported: " + self.host.warm_error)
        hud.draw_banner(surface, box, "cuesim", lines)
        bar = pygame.Rect(box.left + 24, box.bottom - 30, box.w - 48, 10)
        draw_progress_bar(surface, bar, elapsed, expected)


#: Where the window remembers how long the engine took to get ready on this machine.
WARM_RECORD = Path.home() / ".cache" / "cuesim" / "warmup-seconds.txt"


#: Largest warm-up record read, bytes (it holds one number).
MAX_WARM_RECORD_BYTES = 64


def read_warm_seconds(path: Path = WARM_RECORD) -> float | None:
    """Seconds the last warm-up took on this machine (``write_warm_seconds``), or None: also
    for a record that is no regular file of at most :data:`MAX_WARM_RECORD_BYTES` (a FIFO
    would block the window's start) or no number of seconds under an hour."""
    try:
        value = float(read_regular_file(path, MAX_WARM_RECORD_BYTES).decode("ascii").strip())
    except (FileReadError, OSError, UnicodeDecodeError, ValueError):
        return None
    return value if 0.0 < value < 3600.0 else None


def write_warm_seconds(seconds: float, path: Path = WARM_RECORD) -> None:
    """Remember how long the warm-up took (best effort: a read-only home is fine)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"{seconds:.2f}\n")
    except OSError:
        return


def warm_words(elapsed: float, expected: float | None) -> str:
    """The engine's progress in words: the seconds so far and, when known, how long the last
    start took here (a first start compiles; later ones load the compiled code)."""
    if expected is None:
        return f"Preparing the physics engine: {elapsed:4.1f} s (a first start compiles it)"
    return f"Preparing the physics engine: {elapsed:4.1f} s of about {expected:.0f} s last time"


def draw_progress_bar(
    surface: pygame.Surface, rect: pygame.Rect, elapsed: float, expected: float | None
) -> None:
    """A bar filled by ``elapsed / expected`` (at most 95 % until the engine is ready); with no
    expected time a band that moves, so the screen is seen to be alive."""
    pygame.draw.rect(surface, palette.PANEL_EDGE, rect, border_radius=4)
    if expected:
        fill = rect.copy()
        fill.w = round(rect.w * min(0.95, elapsed / expected))
        pygame.draw.rect(surface, palette.ACCENT, fill, border_radius=4)
        return
    band = pygame.Rect(0, rect.y, rect.w // 5, rect.h)
    band.x = rect.x + round((elapsed * 0.4 % 1.0) * (rect.w - band.w))
    pygame.draw.rect(surface, palette.ACCENT, band, border_radius=4)


def draw_warm_status(surface: pygame.Surface, elapsed: float, expected: float | None) -> None:
    """The engine's progress along the bottom of the start screen, while the players fill it
    in."""
    w, h = surface.get_size()
    typeset.draw_text(
        surface, warm_words(elapsed, expected), (w // 2, h - 52), 20, palette.DIM, anchor="midtop"
    )
    draw_progress_bar(surface, pygame.Rect(w // 2 - 200, h - 24, 400, 8), elapsed, expected)
