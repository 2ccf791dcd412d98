"""Snooker as the computer plays it: points now and points to come.

A snooker position is worth points to the side at the table: the best of ``p (v + k)`` over the
balls on, ``p`` the chance of its best pot (:class:`agents.sight.Sight`), ``v`` its value (a red
1, a colour its own; a free ball counts as the ball on it replaces), ``k`` the points the level
expects to add once the visit goes on (``Level.visit_points``, never more than the table has left
after that ball). A side snookered (no line to any ball on) expects to give a foul away instead.
The opponent's position counts against the shooter; a frame won or lost is worth
``FRAME_POINTS``.

The computer concedes a frame it can no longer win without two snookers, or without one when only
the pink and black are left, as players do (French text §12: a player may concede), never in an
aggregate-score match where the points still count.
"""

from __future__ import annotations

from typing import ClassVar

import numpy as np

from agents.plans import ShotPlan
from agents.strategy import Strategy
from rules.game import Game
from rules.snooker import SnookerGame
from rules.snooker_fouls import MIN_PENALTY
from rules.snooker_geometry import RED_INDICES, ball_value
from rules.types import NO_DECLARATION, BallInHand, Declaration, GameKind, Phase, Ruling

#: What winning (or losing) a frame is worth, in points.
FRAME_POINTS = 50.0
#: Chance that a snookered player fouls, at the tournament noise; weaker hands foul more.
SNOOKERED_FOUL_CHANCE = 0.3


class SnookerStrategy(Strategy):
    """Snooker, two players or four in two teams."""

    kind: ClassVar[GameKind] = GameKind.SNOOKER
    scores_points: ClassVar[bool] = True

    def side_of(self, game: Game, player: int) -> int:
        return player % 2

    def free_balls(self, game: Game) -> tuple[int, ...]:
        """Balls that may be nominated as a free ball now (none without one awarded)."""
        if not (isinstance(game, SnookerGame) and game.free_ball):
            return ()
        on = np.flatnonzero(game.state.on_table)
        return tuple(int(b) for b in on if b != 0 and b not in game.ball_on)

    def first_targets(self, game: Game) -> tuple[int, ...]:
        return tuple(sorted(game.ball_on)) + self.free_balls(game)

    def pot_pairs(self, game: Game) -> list[tuple[int, int]]:
        on = sorted(game.ball_on)
        pairs = [(t, t) for t in on] + [(f, f) for f in self.free_balls(game)]
        reds = [t for t in on if t in RED_INDICES]
        pairs += [(t, u) for t in reds for u in reds if u != t]
        return pairs

    def declaration(self, game: Game, plan: ShotPlan) -> Declaration:
        target = plan.target
        if target is None:
            return NO_DECLARATION
        if target not in game.ball_on:  # a free ball (``first_targets`` offers no other)
            return Declaration(nominated=target, free_ball=True)
        if game.phase is Phase.COLOUR_AFTER_RED:
            return Declaration(nominated=target)
        return NO_DECLARATION

    def ball_worth(self, game: Game, ball: int) -> int:
        """Points for potting ``ball`` now (a free ball scores as the ball on it replaces)."""
        if ball in game.ball_on:
            return ball_value(ball)
        return min(ball_value(b) for b in game.ball_on) if game.ball_on else 1

    def turn_value(self, game: Game) -> float:
        targets = self.first_targets(game)
        return self.value_of_chances(
            game, targets, self.sight.chances(game.state, targets, game.ball_in_hand)
        )

    def value_of_chances(self, game: Game, targets: tuple[int, ...], chances: np.ndarray) -> float:
        assert isinstance(game, SnookerGame)
        remaining = game.points_remaining()
        best = 0.0
        for ball, chance in zip(targets, chances.tolist(), strict=True):
            worth = self.ball_worth(game, ball)
            more = min(self.level.visit_points, max(remaining - worth, 0))
            best = max(best, chance * (worth + more))
        snookered = best < 0.02 and game.ball_in_hand is BallInHand.NONE
        if snookered and not self.sight.any_line(game.state, targets):
            penalty = max([MIN_PENALTY, *(ball_value(b) for b in game.ball_on)])
            foul = min(0.7, SNOOKERED_FOUL_CHANCE * self.level.noise_scale**0.5)
            return float(-foul * penalty)
        return best

    def other_side_value(self, value: float) -> float:
        return -value

    def gain(self, ruling: Ruling, side: int) -> float:
        return float(ruling.points[side] - ruling.points[1 - side])

    def frame_value(self, ruling: Ruling, side: int) -> float:
        if ruling.winner is None:
            return 0.0
        return FRAME_POINTS if ruling.winner == side else -FRAME_POINTS

    def should_concede(self, game: Game) -> bool:
        if not isinstance(game, SnookerGame) or game.aggregate_before is not None:
            return False
        needed = game.snookers_required(self.side_of(game, game.to_play))
        return needed >= 2 or (needed >= 1 and game.points_remaining() <= 13)
