"""What the computer must know of a game to play it: its targets, its calls, what a position is
worth.

One :class:`Strategy` subclass per game kind (``kind``); :func:`agents.strategies.strategy_for`
finds the one for a game. A strategy reads only the
game's public surface (``ball_on``, ``ball_in_hand``, ``to_play``, ``pending_choice``, the
ruling) and answers:

* ``pot_pairs``: which ball the cue ball may meet first and which may then drop to keep the
  table (a direct pot: the same ball; a combination: another);
* ``declaration``: what to declare with a plan (8-ball calls, snooker nominations, a push-out);
* ``position``: what a game is worth to one side (pool: a chance to win the rack, 0..1;
  snooker: points, the frame's points to come);
* ``outcome``: what a judged shot is worth to its shooter's side, on the same scale.

Pool's and snooker's strategies are in :mod:`agents.pool_strategy` and
:mod:`agents.snooker_strategy`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import ClassVar

import numpy as np

from agents.levels import Level
from agents.plans import ShotPlan
from agents.sight import Sight
from rules.game import Game
from rules.types import Declaration, GameKind, Phase, Ruling


class Strategy(ABC):
    """The computer's knowledge of one game, at one level, on one table."""

    kind: ClassVar[GameKind]
    #: Whether values are chances to win (0..1) or points (snooker).
    scores_points: ClassVar[bool] = False

    def __init__(self, level: Level, sight: Sight) -> None:
        self.level = level
        self.sight = sight

    # ------------------------------------------------------------------ what may be played
    def side_of(self, game: Game, player: int) -> int:
        """The scoring side of ``player`` (the player itself; a team in four-handed snooker)."""
        return player % game.sides

    def first_targets(self, game: Game) -> tuple[int, ...]:
        """The balls the cue ball may meet first, in index order."""
        return tuple(sorted(game.ball_on))

    @abstractmethod
    def pot_pairs(self, game: Game) -> list[tuple[int, int]]:
        """(ball met first, ball that drops) pairs that keep the table when they work."""

    @abstractmethod
    def declaration(self, game: Game, plan: ShotPlan) -> Declaration:
        """What to declare with ``plan`` in ``game`` (always one the referee takes)."""

    # ------------------------------------------------------------------ values
    @abstractmethod
    def turn_value(self, game: Game) -> float:
        """What the position is worth to the player to act (no pending choice)."""

    @abstractmethod
    def value_of_chances(self, game: Game, targets: tuple[int, ...], chances: np.ndarray) -> float:
        """What the position is worth to the player to act whose best pot on each ball of
        ``targets`` has the chance in ``chances`` (``(T,)``)."""

    @abstractmethod
    def other_side_value(self, value: float) -> float:
        """A value for one side seen by the other (pool: ``1 - value``; points: ``-value``)."""

    @abstractmethod
    def frame_value(self, ruling: Ruling, side: int) -> float:
        """What a ruling that ends the game is worth to ``side``."""

    def break_value(self) -> float:
        """What breaking (the next rack or frame) is worth to the breaker."""
        return 0.5 if not self.scores_points else 0.0

    def pot_preference(self) -> float:
        """What a pot is preferred by over another shot of the same estimate: a shot played
        for a pot is the one a player means (a safety that happens to pot is luck)."""
        return 0.01 if not self.scores_points else 0.3

    def miss_value(self) -> float:
        """A guess of what a failed pot leaves the shooter, before any failed play is seen."""
        return 0.35 if not self.scores_points else -4.0

    def gain(self, ruling: Ruling, side: int) -> float:
        """What the shot itself earned ``side`` (points in snooker; nothing in pool)."""
        return 0.0

    def position(self, game: Game, side: int) -> float:
        """What ``game`` (not over) is worth to ``side``: the chooser of a pending choice takes
        the option best for it; a fresh rack is worth the break."""
        if game.pending_choice:
            chooser = self.side_of(game, game.to_play)
            best = max(self.position(game.choose(c), chooser) for c in game.pending_choice)
            return best if chooser == side else self.other_side_value(best)
        if game.is_over:
            return self.break_value()
        player_side = self.side_of(game, game.to_play)
        if game.shot_number == 0 and game.phase is Phase.BREAK:
            value = self.break_value()
        else:
            value = self.turn_value(game)
        return value if player_side == side else self.other_side_value(value)

    def outcome(self, game: Game, ruling: Ruling, after: Game, side: int) -> float:
        """What ``ruling`` on a shot of ``game`` (``after`` applied) is worth to ``side``."""
        gained = self.gain(ruling, side)
        if ruling.frame_over:
            return gained + self.frame_value(ruling, side)
        return gained + self.position(after, side)

    # ------------------------------------------------------------------ frame-level moves
    def should_concede(self, game: Game) -> bool:
        """Whether the player to act concedes the frame (only games that allow it)."""
        return False
