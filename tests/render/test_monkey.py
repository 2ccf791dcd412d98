"""A window monkey test: seeded random keys, text, clicks, drags, wheel turns, resizes (1 x 1 px
included) and quit requests (the window's close button, answered yes or no) posted into
pygame's event queue and read by the real frame loop of ``render.app.run`` (headless:
``SDL_VIDEODRIVER=dummy``), over each of the three games and the start screen. No event may
raise, and the window must keep answering: each run ends when its events are spent.

The suite runs a short version (``CUESIM_MONKEY_EVENTS``, default 3,000 events over the four
runs). The large run, 24,000 events or more, is::

    CUESIM_MONKEY_EVENTS=24000 .venv/bin/python -m pytest -p no:cacheprovider -s \\
        tests/render/test_monkey.py::test_monkey_over_every_game

(``CUESIM_MONKEY_SEED`` picks the seed); ``-s`` shows its figures: the events of each kind, the
modes the window went through, the quit requests, the longest frame.

The matches are short (a race to 1, one frame of snooker) so that random play reaches the end
of a rack and of the match; the snooker frame menu's concessions and the three-foul rule get
there within a few hundred events.
"""

from __future__ import annotations

import os
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pytest

from render import app as app_module
from render.keys import Context
from render.match import MatchConfig

EVENTS = int(os.environ.get("CUESIM_MONKEY_EVENTS", "3000"))
SEED = int(os.environ.get("CUESIM_MONKEY_SEED", "20261201"))
#: Keys the window binds, pressed often; any other key code now and then.
KEYS = [
    pygame.K_SPACE, pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_TAB, pygame.K_BACKSPACE,
    pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_F1,
    pygame.K_PAGEUP, pygame.K_PAGEDOWN,
    *range(pygame.K_a, pygame.K_z + 1), *range(pygame.K_0, pygame.K_9 + 1),
]  # fmt: skip
MODS = [0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL, pygame.KMOD_CTRL | pygame.KMOD_SHIFT]
SIZES = [(1, 1), (2, 3), (3, 820), (1280, 1), (40, 40), (320, 200), (800, 600), (1280, 820)]
TEXTS = ["a", "Z", " ", "\x00", "\u202e", "\u200b", "é", "漢", "\U0001f3b1", "x" * 30]
#: The matches of the monkey, short enough for random play to finish racks and matches.
GAMES = {
    "nine-ball": MatchConfig("nine-ball", ("Ann", "Bob"), race_to=1, seed=1),
    "eight-ball": MatchConfig("eight-ball", ("Ann", "Bob"), race_to=1, seed=3),
    "snooker": MatchConfig("snooker", ("Ann", "Bob"), frames=1, seed=2),
    "start screen": None,
}


@dataclass
class Monkey:
    """Posts ``per_frame`` random events a frame until ``budget`` are posted, then quits."""

    rng: random.Random
    budget: int
    per_frame: int = 4
    posted: int = 0
    kinds: dict[str, int] = field(default_factory=dict)
    modes: set[str] = field(default_factory=set)
    size: tuple[int, int] = (1280, 820)
    #: Quit requests answered yes (the window stopped; the monkey let it run on).
    quits: int = 0
    waited_s: float = 0.0
    frames: int = 0
    longest_frame_s: float = 0.0
    _last: float = field(default_factory=time.perf_counter)

    def _post(self, kind: str, event_type: int, **attrs: Any) -> None:
        pygame.event.post(pygame.event.Event(event_type, **attrs))
        self.kinds[kind] = self.kinds.get(kind, 0) + 1
        self.posted += 1

    def _pos(self) -> tuple[int, int]:
        w, h = self.size
        return self.rng.randrange(-5, w + 5), self.rng.randrange(-5, h + 5)

    def step(self, app: Any, screen: pygame.Surface) -> None:
        now = time.perf_counter()
        if self.posted:
            self.frames += 1
            self.longest_frame_s = max(self.longest_frame_s, now - self._last)
        self._last = now
        self.modes.add(type(app.mode).__name__)
        if self.posted >= self.budget:
            app.running = False
            return
        if app.mode.context is Context.PREPARING and self.posted == 0:
            time.sleep(0.01)  # the physics warms up in its thread: start once it is ready
            self.waited_s += 0.01
            assert self.waited_s < 300, "the window never left the preparing screen"
            return
        if not app.running:  # the monkey answered "yes" to the quit question: play on
            self.quits += 1
            app.running = True
        if app.confirm_quit:
            self.modes.add("quit question")
            if self.rng.random() < 0.7:
                self._post("key", pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n", scancode=0)
        if app.show_help:
            self.modes.add("help")
            if self.rng.random() < 0.5:  # the help takes every key: close it, now and then
                self._post("key", pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, scancode=0)
        elif app.mode.context is Context.AIM and app.shot_guarded and self.rng.random() < 0.8:
            time.sleep(0.05)  # a panel just closed: let the shot guard run out, then play on
            return
        elif app.mode.context is Context.AIM and self.rng.random() < 0.15:
            if app.declaration_problem() is not None and self.rng.random() < 0.5:
                # a call still to make (8-ball): a safety needs none
                self._post("key", pygame.KEYDOWN, key=pygame.K_f, mod=0, scancode=0)
            self._post("shot", pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, scancode=0)
        elif app.mode.context is Context.DECISION and self.rng.random() < 0.3:
            # the call's first button: continue, the first choice, the next rack, the result
            self._post("key", pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, scancode=0)
        for _ in range(self.per_frame):
            self._one()

    def _one(self) -> None:
        rng = self.rng
        roll = rng.random()
        if roll < 0.35:
            key = rng.choice(KEYS) if rng.random() < 0.95 else rng.randrange(0, 1 << 30)
            mod = rng.choice(MODS)
            if mod & pygame.KMOD_CTRL and key in (pygame.K_s, pygame.K_o) and rng.random() < 0.8:
                mod = 0  # saves and loads, but not every frame
            self._post("key", pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
            self._post("key", pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)
        elif roll < 0.41:
            self._post("text", pygame.TEXTINPUT, text=rng.choice(TEXTS))
        elif roll < 0.61:
            pos = self._pos()
            self._post("motion", pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            button = rng.choice([1, 1, 1, 2, 3])
            self._post("click", pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
            self._post("click", pygame.MOUSEBUTTONUP, pos=pos, button=button)
        elif roll < 0.79:
            start, end = self._pos(), self._pos()
            self._post("drag", pygame.MOUSEBUTTONDOWN, pos=start, button=1)
            for t in (0.3, 0.7, 1.0):
                at = (
                    round(start[0] + t * (end[0] - start[0])),
                    round(start[1] + t * (end[1] - start[1])),
                )
                self._post("drag", pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(1, 0, 0))
            self._post("drag", pygame.MOUSEBUTTONUP, pos=end, button=1)
        elif roll < 0.90:
            self._post("wheel", pygame.MOUSEWHEEL, x=0, y=rng.choice([-3, -1, 1, 3]), flipped=False)
        elif roll < 0.92:
            self._post("quit request", pygame.QUIT)
        else:
            w, h = (
                rng.choice(SIZES)
                if rng.random() < 0.8
                else (rng.randrange(1, 1600), rng.randrange(1, 1000))
            )
            self.size = (w, h)
            self._post("resize", pygame.VIDEORESIZE, w=w, h=h, size=(w, h))


@pytest.fixture(autouse=True)
def pygame_again() -> Any:
    """``run`` ends with ``pygame.quit()``; the other window tests expect pygame started."""
    yield
    pygame.init()


def _run(monkey: Monkey, tmp_path: Path, config: MatchConfig | None) -> None:
    status = app_module.run(
        config, size=(1280, 820), save_path=tmp_path / "monkey.cuesim.json",
        driver=monkey, fps=0, sound=False,
    )  # fmt: skip
    assert status == 0


def test_monkey_over_every_game(tmp_path: Path) -> None:
    """Seeded random input on each game's match and on the start screen: no exception, every
    run spends its events; the figures are printed (``-s``)."""
    began = time.perf_counter()
    totals: dict[str, int] = {}
    modes: set[str] = set()
    quits = frames = 0
    longest = 0.0
    for i, (name, config) in enumerate(GAMES.items()):
        monkey = Monkey(random.Random(SEED + i), budget=max(300, EVENTS // len(GAMES)))
        _run(monkey, tmp_path, config)
        assert monkey.posted >= monkey.budget
        for kind, n in monkey.kinds.items():
            totals[kind] = totals.get(kind, 0) + n
        modes |= monkey.modes
        quits, frames = quits + monkey.quits, frames + monkey.frames
        longest = max(longest, monkey.longest_frame_s)
        print(f"\n{name}: {monkey.posted} events, modes {sorted(monkey.modes)}")
    wall = time.perf_counter() - began
    print(
        f"monkey: {sum(totals.values())} events ({dict(sorted(totals.items()))}) in {frames} "
        f"frames, {wall:.0f} s; modes {sorted(modes)}; {quits} quit requests answered yes; "
        f"longest frame {longest:.2f} s"
    )
    assert {"key", "click", "drag", "wheel", "resize", "text", "quit request"} <= set(totals)
    assert {"StartMode", "AimMode", "PlaybackMode", "DecisionMode"} <= modes


def test_run_twice_in_one_process(tmp_path: Path) -> None:
    """``render.app.run()`` a second time in the same process opens and draws a working
    window: the font cache does not keep fonts of the first run's pygame."""
    for i in range(2):
        monkey = Monkey(random.Random(i), budget=60)
        _run(monkey, tmp_path, MatchConfig("eight-ball", ("Ann", "Bob"), seed=3))
        assert monkey.posted >= 60
