"""The App's read-only views of its session and of its aim, as two mixins, so that
``render/app.py`` keeps the frame loop and the moves between modes.

``SessionViews`` reads ``self.session`` (a :class:`render.session.Session`); ``AimingViews``
reads ``self.session.game`` and ``self.aim`` through the pygame-free functions of
:mod:`render.aiming`. Units: positions in m (table frame), angles in degrees.
"""

from __future__ import annotations

import numpy as np

import rules
import sim
from render import aiming, draw
from render.aim import AimContact
from render.aiming import AimState
from render.history import HistoryEntry, LastShot
from render.match import MatchConfig, MatchScore
from render.session import Session


class SessionViews:
    """The session's state as properties of the window (``app.game`` is ``app.session.game``)."""

    session: Session

    @property
    def game(self) -> rules.Game:
        """The rules ``Game`` being played (``session.game``)."""
        return self.session.game

    @game.setter
    def game(self, game: rules.Game) -> None:
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
    def table(self) -> sim.Table:
        """The ``sim.Table`` of the game being played."""
        return self.game.table

    @property
    def ball_names(self) -> tuple[str, ...]:
        return tuple(self.game.ball_names)

    @property
    def looks(self) -> tuple[draw.BallLook, ...]:
        return draw.looks_for_names(self.ball_names)


class AimingViews:
    """What the aim means, for the modes: where the cue ball is, what the aim line meets, the
    declaration and the strike it makes (:mod:`render.aiming`)."""

    session: Session
    aim: AimState

    @property
    def in_hand(self) -> bool:
        return aiming.in_hand(self.session.game)

    @property
    def zone(self) -> rules.BallInHand:
        """Where the cue ball may be placed now (``rules.BallInHand.NONE``: not in hand)."""
        return self.session.game.ball_in_hand

    def declaration_options(self) -> rules.DeclarationOptions:
        return self.session.game.declaration_options()

    def default_cue_spot(self) -> tuple[float, float]:
        return aiming.default_cue_spot(self.session.game)

    def cue_xy(self) -> tuple[float, float] | None:
        return aiming.cue_xy(self.session.game, self.aim)

    def current_positions(self) -> tuple[np.ndarray, np.ndarray]:
        return aiming.current_positions(self.session.game, self.aim)

    def aim_contact(self) -> AimContact | None:
        return aiming.aim_contact(self.session.game, self.aim)

    def object_line_end(
        self, start: tuple[float, float], direction: tuple[float, float], longest: float = 0.0
    ) -> tuple[float, float]:
        return aiming.object_line_end(self.session.game.table, start, direction, longest)

    def tangent_line(
        self, contact: AimContact
    ) -> tuple[tuple[float, float], tuple[float, float]] | None:
        return aiming.tangent_line(self.session.game.table, self.aim, contact)

    def nominated_ball(self) -> int | None:
        return aiming.nominated_ball(self.session.game, self.aim)

    def build_declaration(self) -> rules.Declaration:
        return aiming.build_declaration(self.session.game, self.aim)

    def declaration_problem(self) -> str | None:
        return aiming.declaration_problem(self.session.game, self.aim)

    def strike(self) -> sim.Strike:
        return aiming.strike_for(self.aim)
