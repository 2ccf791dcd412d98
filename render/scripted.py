"""Scripted input for the real window under a virtual display (tests, benchmarks).

One command per line; ``#`` starts a comment:

- ``wait SECONDS``: let the window run that long;
- ``until MODE``: wait until the window's mode has that name ("aim", "decision"...);
- ``key NAME``: press and release a key (pygame key name: "space", "return", "g"...), with
  modifiers as ``ctrl+s`` or ``shift+left``;
- ``move X Y`` / ``click X Y``: move the pointer / left-click at a window position, px;
- ``aim DEGREES`` / ``power FRACTION`` (or ``power SPEED mps``): set the aim / power directly;
- ``shot PATH``: save the window's surface as a PNG;
- ``quit``: quit without confirmation.
"""

from __future__ import annotations

import os
import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import pygame

from render.aiming import AimState, speed_to_power


class _Named(Protocol):
    @property
    def name(self) -> str: ...


class ScriptTarget(Protocol):
    """What a script drives: the window's event handler, drawing, aim, mode and run flag."""

    aim: AimState
    running: bool

    @property
    def mode(self) -> _Named: ...

    def handle(self, event: pygame.event.Event) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...


_MODIFIERS = {"ctrl": pygame.KMOD_CTRL, "shift": pygame.KMOD_SHIFT}


@dataclass
class ScriptPlayer:
    """Feeds scripted input (see the module docstring) to a running window."""

    commands: list[list[str]]
    waiting_until: float = 0.0
    clock: float = 0.0

    @classmethod
    def from_file(cls, path: str | os.PathLike[str]) -> ScriptPlayer:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
        commands = [shlex.split(line.split("#", 1)[0]) for line in lines]
        return cls([c for c in commands if c])

    def step(self, target: ScriptTarget, screen: pygame.Surface, dt: float = 1 / 60) -> None:
        """Run the commands due after ``dt`` more seconds of window time."""
        self.clock += dt
        while self.commands and self.clock >= self.waiting_until:
            command, *args = self.commands[0]
            if command == "until" and target.mode.name != args[0]:
                return
            self.commands.pop(0)
            self._run(target, screen, command, args)

    def _run(
        self, target: ScriptTarget, screen: pygame.Surface, command: str, args: list[str]
    ) -> None:
        if command == "wait":
            self.waiting_until = self.clock + float(args[0])
        elif command == "key":
            *mods, name = args[0].split("+")
            mod = 0
            for m in mods:
                mod |= _MODIFIERS[m.lower()]
            key = pygame.key.key_code(name)
            for kind in (pygame.KEYDOWN, pygame.KEYUP):
                target.handle(pygame.event.Event(kind, key=key, mod=mod, unicode="", scancode=0))
        elif command in ("move", "click"):
            pos = (int(args[0]), int(args[1]))
            target.handle(
                pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            )
            if command == "click":
                target.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
                target.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        elif command == "aim":
            target.aim.phi_deg = float(args[0])
            target.aim.locked = True
        elif command == "power":
            mps = len(args) > 1 and args[1] == "mps"
            target.aim.power = speed_to_power(float(args[0])) if mps else float(args[0])
        elif command == "shot":
            target.draw(screen)
            pygame.image.save(screen, args[0])
        elif command == "quit":
            target.running = False
