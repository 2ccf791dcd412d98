"""A window monkey test: seeded random keys, text, clicks, drags, wheel turns and
resizes (1 x 1 px included) posted into pygame's event queue and read by the real frame loop of
``render.app.run`` (headless: ``SDL_VIDEODRIVER=dummy``). No event may raise.

The suite runs a short version; a long one is
``CUESIM_MONKEY_EVENTS=200000 .venv/bin/python -m pytest -p no:cacheprovider
tests/render/test_monkey.py`` (``CUESIM_MONKEY_SEED`` picks the seed).
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
from render.match import MatchConfig

EVENTS = int(os.environ.get("CUESIM_MONKEY_EVENTS", "3000"))
SEED = int(os.environ.get("CUESIM_MONKEY_SEED", "20261201"))
#: Keys the window binds, pressed often; any other key code now and then.
KEYS = [
    pygame.K_SPACE, pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_TAB, pygame.K_BACKSPACE,
    pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_F1,
    *range(pygame.K_a, pygame.K_z + 1), *range(pygame.K_0, pygame.K_9 + 1),
]  # fmt: skip
MODS = [0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL, pygame.KMOD_CTRL | pygame.KMOD_SHIFT]
SIZES = [(1, 1), (2, 3), (3, 820), (1280, 1), (40, 40), (320, 200), (800, 600), (1280, 820)]
TEXTS = ["a", "Z", " ", "\x00", "\u202e", "\u200b", "é", "漢", "\U0001f3b1", "x" * 30]


@dataclass
class Monkey:
    """Posts ``per_frame`` random events a frame until ``budget`` are posted, then quits."""

    rng: random.Random
    budget: int
    per_frame: int = 12
    posted: int = 0
    kinds: dict[str, int] = field(default_factory=dict)
    modes: set[str] = field(default_factory=set)
    size: tuple[int, int] = (1280, 820)
    quits: int = 0
    waited_s: float = 0.0

    def _post(self, kind: str, event_type: int, **attrs: Any) -> None:
        pygame.event.post(pygame.event.Event(event_type, **attrs))
        self.kinds[kind] = self.kinds.get(kind, 0) + 1
        self.posted += 1

    def _pos(self) -> tuple[int, int]:
        w, h = self.size
        return self.rng.randrange(-5, w + 5), self.rng.randrange(-5, h + 5)

    def step(self, app: Any, screen: pygame.Surface) -> None:
        self.modes.add(app.mode.context)
        if self.posted >= self.budget:
            app.running = False
            return
        if app.mode.context == "preparing" and self.posted == 0:
            time.sleep(0.01)  # the physics warms up in its thread: start once it is ready
            self.waited_s += 0.01
            assert self.waited_s < 300, "the window never left the preparing screen"
            return
        if not app.running:  # the monkey answered "yes" to the quit question: play on
            self.quits += 1
            app.running = True
        if app.confirm_quit and self.rng.random() < 0.7:
            self._post("key", pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n", scancode=0)
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
        elif roll < 0.42:
            self._post("text", pygame.TEXTINPUT, text=rng.choice(TEXTS))
        elif roll < 0.62:
            pos = self._pos()
            self._post("motion", pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            button = rng.choice([1, 1, 1, 2, 3])
            self._post("click", pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
            self._post("click", pygame.MOUSEBUTTONUP, pos=pos, button=button)
        elif roll < 0.80:
            start, end = self._pos(), self._pos()
            self._post("drag", pygame.MOUSEBUTTONDOWN, pos=start, button=1)
            for t in (0.3, 0.7, 1.0):
                at = (
                    round(start[0] + t * (end[0] - start[0])),
                    round(start[1] + t * (end[1] - start[1])),
                )
                self._post("drag", pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(1, 0, 0))
            self._post("drag", pygame.MOUSEBUTTONUP, pos=end, button=1)
        elif roll < 0.92:
            self._post("wheel", pygame.MOUSEWHEEL, x=0, y=rng.choice([-3, -1, 1, 3]), flipped=False)
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


def test_monkey_through_the_real_event_loop(tmp_path: Path) -> None:
    """Seeded random input on a 9-ball match, then on the start screen (no match yet)."""
    for i, config in enumerate((MatchConfig("nine-ball", ("Ann", "Bob"), seed=1), None)):
        monkey = Monkey(random.Random(SEED + i), budget=EVENTS // 2)
        _run(monkey, tmp_path, config)
        assert monkey.posted >= EVENTS // 2
        assert {"key", "click", "drag", "wheel", "resize", "text"} <= set(monkey.kinds)
        assert monkey.kinds["resize"] > 10


def test_snooker_monkey(tmp_path: Path) -> None:
    monkey = Monkey(random.Random(SEED + 7), budget=max(600, EVENTS // 4))
    _run(monkey, tmp_path, MatchConfig("snooker", ("Ann", "Bob"), seed=2))
    assert monkey.posted >= 600


def test_run_twice_in_one_process(tmp_path: Path) -> None:
    """``render.app.run()`` a second time in the same process opens and draws a working
    window: the font cache does not keep fonts of the first run's pygame."""
    for i in range(2):
        monkey = Monkey(random.Random(i), budget=60)
        _run(monkey, tmp_path, MatchConfig("eight-ball", ("Ann", "Bob"), seed=3))
        assert monkey.posted >= 60
