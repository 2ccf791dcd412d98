"""The App's read-only views of its session and of its aim, as two mixins, so that
``render/app.py`` keeps the frame loop and the moves between modes.

``SessionViews`` reads ``self.session`` (a :class:`render.session.Session`); ``AimingViews``
reads ``self.game`` and ``self.aim`` through the pygame-free functions of
:mod:`render.aiming`. Units: positions in m (table frame), angles in degrees.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from render import aiming, draw
from render.aim import AimContact
from render.aiming import AimState
from render.history import HistoryEntry, LastShot
from render.match import MatchConfig, MatchScore
from render.modes.shot_history import open_shot_history
from render.session import Session


class SessionViews:
    """The session's state as properties of the window (``app.game`` is ``app.session.game``)."""

    session: Session

    @property
    def game(self) -> Any:
        """The rules ``Game`` being played (``session.game``)."""
        return self.session.game

    @game.setter
    def game(self, game: Any) -> None:
        self.session.game = game

    @property
    def score(self) -> MatchScore | None:
        return self.session.score

    @score.setter
    def score(self, score: MatchScore) -> None:
        self.session.score = score

    @property
    def config(self) -> MatchConfig | None:
        return self.session.config

    @property
    def history(self) -> list[HistoryEntry]:
        return self.session.history

    @property
    def last_shot(self) -> LastShot | None:
        return self.session.last_shot

    @property
    def match_winner(self) -> int | None:
        return self.session.match_winner

    @property
    def table(self) -> Any:
        return self.game.table if self.game is not None else None

    @property
    def ball_names(self) -> tuple[str, ...]:
        return tuple(self.game.ball_names)

    @property
    def looks(self) -> tuple[draw.BallLook, ...]:
        return draw.looks_for_names(self.ball_names)

    def open_history(self) -> None:
        """T: the shots of this frame over the current mode (``render.modes.shot_history``)."""
        open_shot_history(self)


class AimingViews:
    """What the aim means, for the modes: where the cue ball is, what the aim line meets, the
    declaration and the strike it makes (:mod:`render.aiming`)."""

    aim: AimState
    #: The rules ``Game`` and its ``sim.Table`` (the App's ``SessionViews`` give them).
    game: Any
    table: Any

    @property
    def in_hand(self) -> bool:
        return aiming.in_hand(self.game)

    @property
    def zone(self) -> str:
        """The ball-in-hand zone for drawing: "anywhere", "kitchen", "d" or "none"."""
        return aiming.zone(self.game)

    def declaration_options(self) -> Any:
        return self.game.declaration_options()

    def default_cue_spot(self) -> tuple[float, float]:
        return aiming.default_cue_spot(self.game)

    def cue_xy(self) -> tuple[float, float] | None:
        return aiming.cue_xy(self.game, self.aim)

    def current_positions(self) -> tuple[np.ndarray, np.ndarray]:
        return aiming.current_positions(self.game, self.aim)

    def aim_contact(self) -> AimContact | None:
        return aiming.aim_contact(self.game, self.aim)

    def object_line_end(
        self, start: tuple[float, float], direction: tuple[float, float], longest: float = 0.0
    ) -> tuple[float, float]:
        return aiming.object_line_end(self.table, start, direction, longest)

    def tangent_line(
        self, contact: AimContact
    ) -> tuple[tuple[float, float], tuple[float, float]] | None:
        return aiming.tangent_line(self.table, self.aim, contact)

    def nominated_ball(self) -> int | None:
        return aiming.nominated_ball(self.game, self.aim)

    def build_declaration(self) -> Any:
        return aiming.build_declaration(self.game, self.aim)

    def declaration_problem(self) -> str | None:
        return aiming.declaration_problem(self.game, self.aim)

    def strike(self) -> Any:
        return aiming.strike_for(self.aim)
