"""``Host``: exactly what the window's modes may use of the window that runs them.

A mode (``render.modes``) talks to its host only through this protocol: the match lives in
``host.session`` (a :class:`render.session.Session`), the shooter's intent in ``host.aim``; the
rest is the window's drawing, messages and the moves between modes. ``render.app.App`` is the
host of the real window; modes never import it.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

import numpy as np
import pygame

import agents
import rules
import sim
from render.aim import AimContact
from render.aiming import AimState
from render.draw import BallLook
from render.history import LastShot
from render.keys import Context
from render.layout import Layout
from render.match import MatchConfig
from render.palette import ACCENT
from render.playback import Playback
from render.session import Session
from render.sound import Sounds
from render.view import View

Colour = tuple[int, int, int]


class ModeLike(Protocol):
    """What the host needs of its current mode (``render.modes.base.Mode`` is one; its
    attributes are documented there)."""

    @property
    def context(self) -> Context: ...

    @property
    def allows_global_keys(self) -> bool: ...

    @property
    def arms_shot_guard(self) -> bool: ...

    @property
    def history_opens_over(self) -> bool: ...

    @property
    def shows_last_call(self) -> bool: ...

    def handle(self, event: pygame.event.Event) -> None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def draw_backdrop(self, surface: pygame.Surface) -> None: ...

    def message_avoids(self) -> Sequence[pygame.Rect]: ...

    def on_resumed(self) -> None: ...


class Host(Protocol):
    """The window as its modes see it."""

    session: Session
    aim: AimState
    mode: ModeLike
    show_ghost: bool
    playback: Playback | None
    sounds: Sounds
    save_path: Path
    pending_load: tuple[Path, bool] | None
    #: The level the coach's hint (A) last searched at (``agents.LEVELS``).
    coach_level: str

    # -- the physics warm-up
    @property
    def physics_ready(self) -> bool: ...

    @property
    def warm_error(self) -> str | None: ...

    # -- messages and quitting
    def say(self, text: str, colour: Colour = ACCENT) -> None: ...

    def request_quit(self) -> None: ...

    # -- sizes, pictures and balls
    def size_hint(self) -> tuple[int, int]: ...

    def remember_size(self, size: tuple[int, int]) -> None: ...

    def layout(self, size: tuple[int, int]) -> Layout: ...

    def view_for(self, size: tuple[int, int]) -> View: ...

    def table_background(self, size: tuple[int, int]) -> pygame.Surface: ...

    @property
    def table(self) -> sim.Table: ...

    @property
    def ball_names(self) -> tuple[str, ...]: ...

    @property
    def looks(self) -> tuple[BallLook, ...]: ...

    def ball_orientations(self) -> np.ndarray: ...

    def roll_balls(self, displacement: np.ndarray) -> None: ...

    # -- aiming
    @property
    def in_hand(self) -> bool: ...

    @property
    def zone(self) -> rules.BallInHand: ...

    def cue_xy(self) -> tuple[float, float] | None: ...

    def current_positions(self) -> tuple[np.ndarray, np.ndarray]: ...

    def aim_contact(self) -> AimContact | None: ...

    def object_line_end(
        self, start: tuple[float, float], direction: tuple[float, float], longest: float = 0.0
    ) -> tuple[float, float]: ...

    def tangent_line(
        self, contact: AimContact
    ) -> tuple[tuple[float, float], tuple[float, float]] | None: ...

    def place_cue_ball(self, xy: tuple[float, float]) -> bool: ...

    def nominated_ball(self) -> int | None: ...

    def declaration_problem(self) -> str | None: ...

    def declaration_options(self) -> rules.DeclarationOptions: ...

    # -- shots and the moves between modes
    @property
    def shot_guarded(self) -> bool: ...

    def shoot(self) -> bool: ...

    def play_computer_shot(self, move: agents.Move) -> bool: ...

    def finish_shot(self) -> None: ...

    def finish_playback(self) -> None: ...

    def enter_aim(self) -> None: ...

    def next_rack(self) -> None: ...

    def choose(self, choice: rules.Choice) -> None: ...

    def start_match(self, config: MatchConfig) -> None: ...

    def load(self, path: str | os.PathLike[str] | None = None) -> bool: ...

    def ask_to_load(self) -> None: ...

    def replay(self) -> None: ...

    # -- the referee's moves around the shots
    def warning_due(self) -> tuple[int, ...]: ...

    def give_warning(self) -> bool: ...

    def foul_shot(self) -> LastShot | None: ...

    def declarable_fouls(self) -> tuple[tuple[str, str], ...]: ...

    def declare_foul(self, code: str) -> bool: ...

    def concede(self, player: int) -> bool: ...

    def declare_stalemate(self) -> bool: ...
