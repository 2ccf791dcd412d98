"""The window's frame loop, apart from the App it runs: events in, time, pixels out.

Each pass reads the pending events, hands them to the App (which dispatches them to its mode),
advances the App's clock and draws a frame. When nothing moves the loop sleeps instead, looking
for input every ``POLL_S`` (:func:`_wait_for_event`), so an idle aim screen costs next to no
CPU;
while only the engine's progress moves (the start and preparing screens as the physics compiles
in its thread) it draws a few frames a second and at once on input, so the compiling thread
keeps the interpreter.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Protocol, TypeVar

import pygame

from render.playback import Playback
from render.stop_signals import StopSignals

#: While the loop waits for input it looks every this long, s: input is seen within this
#: (less than a frame at sixty), and the wait costs about 1.6 % of a core under Xvfb, against
#: 4 % for SDL's own timed wait (``pygame.event.wait(ms)``, which wakes far more often).
POLL_S = 0.01
#: When nothing moves, the loop sleeps this long at most, s.
IDLE_WAIT_S = 0.25
#: ...and redraws at least this often even so (a clock-driven change it did not foresee), s.
IDLE_REDRAW_S = 1.0
#: While only the engine's progress moves (``App.only_progress_moves``), a frame is drawn this
#: often, s, and at once on any input. Every frame drawn holds the interpreter the compiling
#: thread needs: on a cold start the window's warm-up took 49.5-52.3 s drawing 60 frames a
#: second, 45.7-47.7 s drawing 10 (alone, in a bare process: 48 s).
PROGRESS_FRAME_S = 0.1


class LoopedApp(Protocol):
    """What the loop asks of the App it runs (``render.app.App``): named here, so that this
    module imports nothing of the App's."""

    running: bool
    playback: Playback | None

    def animating(self) -> bool: ...
    def only_progress_moves(self) -> bool: ...
    def handle(self, event: pygame.event.Event) -> None: ...
    def update(self, dt: float) -> None: ...
    def draw(self, surface: pygame.Surface) -> None: ...
    def autosave(self) -> Path | None: ...


#: The App a loop runs, and the App a driver acts on (a driver of any App it can act on).
AppT = TypeVar("AppT", bound=LoopedApp)
AppT_contra = TypeVar("AppT_contra", contravariant=True)


class FrameDriver(Protocol[AppT_contra]):
    """Something that acts on the running window once a frame (scripted input for tests, a
    monkey test): ``step`` may post pygame events, which the loop reads on the next frame."""

    def step(self, app: AppT_contra, screen: pygame.Surface) -> None: ...


def _wait_for_event(seconds: float) -> list[pygame.event.Event]:
    """The events that come within ``seconds`` (the interpreter is free meanwhile): the first
    look that finds any returns them all; none when the time ran out. Looks every ``POLL_S``
    (see there for why not ``pygame.event.wait``)."""
    deadline = time.perf_counter() + seconds
    while True:
        events = pygame.event.get()
        left = deadline - time.perf_counter()
        if events or left <= 0.0:
            return events
        time.sleep(min(POLL_S, left))


def frame_loop(
    app: AppT, screen: pygame.Surface, driver: FrameDriver[AppT] | None, fps: int
) -> None:
    """Events in, time, pixels out, until ``app.running`` is False or SIGTERM / SIGINT arrives
    (then the App autosaves). A resize event gets a new window of that size (at least 1 x 1
    px) before the App hears of it. ``fps``: frames per second at most (0: no limit)."""
    clock = pygame.time.Clock()
    last = time.perf_counter()
    stop = StopSignals()
    idle_for = 0.0
    while app.running and stop.signal is None:
        events = pygame.event.get()
        idle = driver is None and not app.animating()
        if not events and idle and idle_for < IDLE_REDRAW_S:
            # Nothing moves and nothing happened: sleep until an event (or the idle redraw).
            events = _wait_for_event(IDLE_WAIT_S)
            if not events:
                idle_for += IDLE_WAIT_S
                continue
        elif not events and app.only_progress_moves():
            # then the progress frame; a driver's own events (posted in ``step``) come first
            events = _wait_for_event(PROGRESS_FRAME_S)
        for event in events:
            if event.type == pygame.VIDEORESIZE:
                event.w, event.h = max(1, int(event.w)), max(1, int(event.h))
                screen = pygame.display.set_mode((event.w, event.h), pygame.RESIZABLE)
            app.handle(event)
        if driver is not None:
            driver.step(app, screen)
        now = time.perf_counter()
        app.update(min(now - last, 0.1))
        last = now
        app.draw(screen)
        pygame.display.flip()
        idle_for = 0.0
        # A shot on screen polls the clock (a late wake-up from sleep costs frames under Xvfb).
        (clock.tick_busy_loop if app.playback is not None else clock.tick)(fps)
    if stop.signal is not None:
        app.autosave()
    stop.restore()
