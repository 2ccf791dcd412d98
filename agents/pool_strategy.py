"""9-ball and 8-ball as the computer plays them.

A pool position is worth a chance to win the rack, 0..1, read off a small Markov chain of the
rack. ``V(a, b)`` is the value of being at the table with ``a`` balls still to pot (the game
ball included) against an opponent with ``b``, with a shot of the level's usual chance ``c``
(``Level.continuation``): pot it and be at the table with ``a - 1``; miss and the opponent is at
the table in the same way::

    V(0, b) = 1,    V(a, b) = c V(a - 1, b) + (1 - c) (1 - V(b, a))

In 9-ball both players share the balls: ``V(m) = c V(m - 1) + (1 - c) (1 - V(m))``, one
index (:func:`rack_chain` fills both with it). A real position replaces the usual shot by
the best pot it offers, of chance ``q`` (:class:`agents.sight.Sight`)::

    W = max(q V(a - 1, b) + (1 - q) (1 - V(b, a)),  S)

where ``S``, a safety exchange, is the mean of being at the table and the opponent being there
(so that a perfect safety leaves the opponent exactly what it was worth to play it: a safety
gains only what it takes from the opponent's chances, by a snooker or a poor leave), and
``IN_HAND_EDGE`` more with the cue ball in hand (placed for the safety it wants). A player
with no line to any ball on (snookered) fouls with the level's chance ``f`` (ball in hand to the
opponent, whose value is ``W`` with the best pot from anywhere) and otherwise gets back to a
safety exchange. The shooter values the opponent's position as ``1 - W``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import ClassVar

import numpy as np

from agents.plans import PlanKind, ShotPlan
from agents.strategy import Strategy
from rules.eight_ball import EightBallGame
from rules.game import Game
from rules.types import NO_DECLARATION, BallInHand, Declaration, GameKind, Group, Phase, Ruling

#: What having the cue ball in hand adds to a safety exchange: the player in hand places it
#: for the safety it wants (a foul is never free, even when no pot is on).
IN_HAND_EDGE = 0.1
#: Chance that a snookered player fouls at the tournament noise (weaker hands foul more).
SNOOKERED_FOUL_CHANCE = 0.3
#: Most balls a player can have to pot (8-ball's 7 and the 8; 9-ball's 9).
MAX_BALLS = 15


@lru_cache(maxsize=16)
def rack_chain(continuation: float, shared: bool) -> np.ndarray:
    """``V`` of the module docstring, ``(MAX_BALLS + 1, MAX_BALLS + 1)`` indexed ``[a, b]``, for
    the level's continuation chance ``c``: solved by fixed-point iteration (a contraction for
    c < 1). ``shared``: the balls are both players' (9-ball), ``V[a, b] = V(a)`` for every b."""
    size = MAX_BALLS + 1
    value = np.full((size, size), 0.5)
    value[0, :] = 1.0
    if shared:
        for a in range(1, size):
            value[a, :] = (continuation * value[a - 1, 0] + (1 - continuation)) / (2 - continuation)
        return value
    for _ in range(500):
        before = value.copy()
        for a in range(1, size):
            value[a, :] = continuation * value[a - 1, :] + (1 - continuation) * (1 - value[:, a])
        if np.max(np.abs(value - before)) < 1e-12:
            break
    return value


class PoolStrategy(Strategy):
    """What 9-ball and 8-ball share: the run-out estimate and the rack's end."""

    #: Both players pot the same balls (9-ball), or each their own group (8-ball).
    shares_balls: ClassVar[bool] = True

    def chain(self) -> np.ndarray:
        """The level's rack chain (``rack_chain``)."""
        return rack_chain(self.level.continuation, self.shares_balls)

    def after_pot(self, mine: int, theirs: int) -> tuple[int, int]:
        """Both players' balls to pot once the player at the table pots one."""
        return (mine - 1, theirs - 1) if self.shares_balls else (mine - 1, theirs)

    def balls_needed(self, game: Game, player: int) -> int:
        """Balls ``player`` must still pot to win the rack, the game ball included."""
        on = np.asarray(game.state.on_table)
        return max(1, int(on[1:].sum()))

    def turn_value(self, game: Game) -> float:
        targets = self.first_targets(game)
        return self.value_of_chances(
            game, targets, self.sight.chances(game.state, targets, game.ball_in_hand)
        )

    def value_of_chances(self, game: Game, targets: tuple[int, ...], chances: np.ndarray) -> float:
        chain = self.chain()
        mine = self.balls_needed(game, game.to_play)
        theirs = self.balls_needed(game, game.other(game.to_play))
        q = float(chances.max()) if chances.size else 0.0
        potting = q * chain[self.after_pot(mine, theirs)] + (1.0 - q) * (1.0 - chain[theirs, mine])
        safety = (chain[mine, theirs] + 1.0 - chain[theirs, mine]) / 2.0
        if game.ball_in_hand is not BallInHand.NONE:
            safety += IN_HAND_EDGE
        snookered = q < 0.02 and game.ball_in_hand is BallInHand.NONE
        if snookered and not self.sight.any_line(game.state, targets):
            foul = min(0.7, SNOOKERED_FOUL_CHANCE * self.level.noise_scale**0.5)
            in_hand = self.sight.chances(game.state, targets, BallInHand.ANYWHERE)
            best = float(in_hand.max()) if in_hand.size else 0.0
            theirs_in_hand = best * chain[self.after_pot(theirs, mine)] + (1 - best) * (
                1 - chain[mine, theirs]
            )
            return float(foul * (1.0 - theirs_in_hand) + (1.0 - foul) * safety)
        return float(max(potting, safety))

    def other_side_value(self, value: float) -> float:
        return 1.0 - value

    def frame_value(self, ruling: Ruling, side: int) -> float:
        if ruling.winner is None:
            return 0.5
        return 1.0 if ruling.winner == side else 0.0

    def break_value(self) -> float:
        chain = self.chain()
        return float(0.5 + 0.5 * (chain[MAX_BALLS // 2, MAX_BALLS // 2] - 0.5))


class NineBallStrategy(PoolStrategy):
    """9-ball: the lowest ball first; any ball may drop, the 9 wins."""

    kind: ClassVar[GameKind] = GameKind.NINE_BALL

    def pot_pairs(self, game: Game) -> list[tuple[int, int]]:
        lowest = min(game.ball_on)
        others = [int(b) for b in np.flatnonzero(game.state.on_table) if b not in (0, lowest)]
        return [(lowest, lowest), *((lowest, b) for b in others)]

    def declaration(self, game: Game, plan: ShotPlan) -> Declaration:
        if plan.kind is PlanKind.PUSH_OUT:
            return Declaration(push_out=True)
        return NO_DECLARATION


class EightBallStrategy(PoolStrategy):
    """8-ball: the group first (any ball but the 8 on an open table), then the 8; every pot is
    called (ball and pocket), a safety is announced."""

    kind: ClassVar[GameKind] = GameKind.EIGHT_BALL
    shares_balls: ClassVar[bool] = False

    def balls_needed(self, game: Game, player: int) -> int:
        assert isinstance(game, EightBallGame)
        on = np.asarray(game.state.on_table)
        solids = int(on[1:8].sum())
        stripes = int(on[9:16].sum())
        group = game.groups[player]
        if group is None:
            return min(solids, stripes) + 1
        return (solids if group is Group.SOLIDS else stripes) + 1

    def pot_pairs(self, game: Game) -> list[tuple[int, int]]:
        on = sorted(game.ball_on)
        return [(t, t) for t in on] + [(t, u) for t in on for u in on if u != t]

    def declaration(self, game: Game, plan: ShotPlan) -> Declaration:
        if game.phase is Phase.BREAK:
            return NO_DECLARATION
        if plan.kind is PlanKind.POT and plan.potted is not None and plan.pocket is not None:
            return Declaration(
                called_ball=plan.potted, called_pocket=game.table.pockets[plan.pocket].name
            )
        return Declaration(safety=True)
