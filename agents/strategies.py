"""The strategy of every game the computer plays, found by the game's kind."""

from __future__ import annotations

from agents.levels import Level
from agents.pool_strategy import EightBallStrategy, NineBallStrategy
from agents.sight import Sight
from agents.snooker_strategy import SnookerStrategy
from agents.strategy import Strategy
from rules.game import Game
from rules.types import GameKind

#: The strategy class of each game kind.
STRATEGIES: dict[GameKind, type[Strategy]] = {
    cls.kind: cls for cls in (NineBallStrategy, EightBallStrategy, SnookerStrategy)
}


class UnplayableGameError(ValueError):
    """A game the computer has no strategy for; the message lists the games it plays."""


def strategy_for(game: Game, level: Level) -> Strategy:
    """The strategy of ``game``'s kind at ``level`` on the game's table."""
    cls = STRATEGIES.get(game.kind)
    if cls is None:
        known = ", ".join(sorted(k.value for k in STRATEGIES))
        raise UnplayableGameError(f"the computer does not play {game.title}; it plays: {known}")
    return cls(level, Sight.of(game.table, level))
