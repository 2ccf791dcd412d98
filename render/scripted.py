"""Scripted input for the real window under a virtual display (tests, benchmarks).

One command per line; ``#`` starts a comment:

- ``wait SECONDS``: let the window run that long;
- ``until MODE``: wait until the window's mode has that key context (``render.keys.Context``:
  "aim", "decision"...);
- ``key NAME``: press and release a key (pygame key name: "space", "return", "g"...), with
  modifiers as ``ctrl+s`` or ``shift+left``;
- ``move X Y`` / ``click X Y``: move the pointer / left-click at a window position, px;
- ``aim DEGREES`` / ``power FRACTION`` (or ``power SPEED mps``): set the aim / power directly;
- ``shot PATH``: save the window's surface as a PNG;
- ``quit``: quit without confirmation.
"""

from __future__ import annotations

import math
import os
import shlex
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import pygame

from render.aiming import AimState, speed_to_power
from render.keys import Context
from rules.files import FileReadError, read_regular_file


class _Keyed(Protocol):
    @property
    def context(self) -> Context: ...


class ScriptTarget(Protocol):
    """What a script drives: the window's event handler, drawing, aim, mode and run flag."""

    aim: AimState
    running: bool

    @property
    def mode(self) -> _Keyed: ...

    def handle(self, event: pygame.event.Event) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...


class ScriptError(ValueError):
    """A script file that cannot be run: the message names the file, the line and what is
    allowed."""


#: Largest script file read, bytes.
MAX_SCRIPT_BYTES = 1 << 20
#: Longest ``wait``, seconds.
MAX_WAIT_S = 3600.0
#: Each command and how many arguments it takes (fewest, most).
_ARGUMENTS = {
    "wait": (1, 1), "until": (1, 1), "key": (1, 1), "move": (2, 2), "click": (2, 2),
    "aim": (1, 1), "power": (1, 2), "shot": (1, 1), "quit": (0, 0),
}  # fmt: skip


def _checked(command: list[str], where: str) -> list[str]:
    """``command`` when its name, its number of arguments and its mode name (``until``) are
    known; :class:`ScriptError` naming ``where`` otherwise."""
    name, *args = command
    if name not in _ARGUMENTS:
        raise ScriptError(f"{where}: unknown command {name!r}; known: {', '.join(_ARGUMENTS)}")
    low, high = _ARGUMENTS[name]
    if not low <= len(args) <= high:
        raise ScriptError(f"{where}: {name} takes {low} to {high} argument(s), got {len(args)}")
    if name == "until" and args[0] not in set(Context):
        raise ScriptError(
            f"{where}: no mode {args[0]!r}; modes: {', '.join(c.value for c in Context)}"
        )
    numbers = {"wait": args[:1], "aim": args[:1], "power": args[:1], "move": args, "click": args}
    for text in numbers.get(name, []):
        try:
            value = float(text) if name in ("wait", "aim", "power") else int(text)
        except ValueError:
            raise ScriptError(f"{where}: {name} takes numbers, got {text!r}") from None
        if not math.isfinite(value) or (name == "wait" and not 0 <= value <= MAX_WAIT_S):
            raise ScriptError(
                f"{where}: {name} {text} is out of range"
                + (f" (0 to {MAX_WAIT_S:g} s)" if name == "wait" else " (a finite number)")
            )
    if name == "power" and len(args) == 2 and args[1] != "mps":
        raise ScriptError(f"{where}: power takes a fraction, or a speed and 'mps'; got {args[1]!r}")
    if name == "key":
        *mods, _key = args[0].split("+")
        unknown = [m for m in mods if m.lower() not in _MODIFIERS]
        if unknown:
            raise ScriptError(f"{where}: unknown modifier {unknown[0]!r}; known: ctrl, shift")
        with warnings.catch_warnings():  # SDL names keys before the display is opened too
            warnings.simplefilter("ignore")
            try:
                pygame.key.key_code(_key)
            except ValueError:
                raise ScriptError(f"{where}: no key {_key!r} (pygame key names)") from None
    return command


_MODIFIERS = {"ctrl": pygame.KMOD_CTRL, "shift": pygame.KMOD_SHIFT}


@dataclass
class ScriptPlayer:
    """Feeds scripted input (see the module docstring) to a running window."""

    commands: list[list[str]]
    waiting_until: float = 0.0
    clock: float = 0.0

    @classmethod
    def from_file(cls, path: str | os.PathLike[str]) -> ScriptPlayer:
        """The script at ``path`` (a regular text file of at most :data:`MAX_SCRIPT_BYTES`),
        every line checked; :class:`ScriptError` naming the file and line otherwise."""
        try:
            text = read_regular_file(Path(path), MAX_SCRIPT_BYTES).decode("utf-8")
            lines = [shlex.split(line.split("#", 1)[0]) for line in text.splitlines()]
        except (FileReadError, UnicodeDecodeError, ValueError) as exc:
            raise ScriptError(f"script {path}: {exc}") from exc
        return cls([_checked(c, f"script {path}, line {i}") for i, c in enumerate(lines, 1) if c])

    def step(self, target: ScriptTarget, screen: pygame.Surface, dt: float = 1 / 60) -> None:
        """Run the commands due after ``dt`` more seconds of window time."""
        self.clock += dt
        while self.commands and self.clock >= self.waiting_until:
            command, *args = self.commands[0]
            if command == "until" and target.mode.context != args[0]:
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
