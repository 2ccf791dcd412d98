"""The referee: 9-ball, 8-ball and snooker games judged from the engine's event log.

Public API (DESIGN.md section 5)::

    import rules
    game = rules.new_game("nine-ball", players=("Ann", "Bob"), seed=7)
    ruling = game.judge(result, rules.Declaration())   # pure
    game = game.apply(ruling)                            # a new game; the old one is untouched
    ruling, game = game.play(strike, declaration=None, cue_ball_at=None)
    game = game.choose(rules.Choice.ACCEPT_TABLE)        # when game.pending_choice is set
    rules.save(game, "game.json"); game = rules.load("game.json")
"""

from __future__ import annotations

from typing import Any

from rules.errors import (
    ChoiceNotOfferedError,
    ChoicePendingError,
    GameOverError,
    IllegalPlacementError,
    InvalidDeclarationError,
    InvalidOptionError,
    RulesError,
    SaveFileError,
    StaleRulingError,
    UnknownGameError,
    WarningNotDueError,
)
from rules.facts import ShotFacts
from rules.game import GAME_KINDS, Game, game_class
from rules.persist import dumps, load, loads, save
from rules.types import (
    BallInHand,
    Choice,
    Declaration,
    DeclarationOptions,
    DeclaredFoul,
    Foul,
    Group,
    Phase,
    Ruling,
)

__all__ = [
    "GAME_KINDS",
    "BallInHand",
    "Choice",
    "ChoiceNotOfferedError",
    "ChoicePendingError",
    "Declaration",
    "DeclarationOptions",
    "DeclaredFoul",
    "Foul",
    "Game",
    "GameOverError",
    "Group",
    "IllegalPlacementError",
    "InvalidDeclarationError",
    "InvalidOptionError",
    "Phase",
    "RulesError",
    "Ruling",
    "SaveFileError",
    "ShotFacts",
    "StaleRulingError",
    "UnknownGameError",
    "WarningNotDueError",
    "dumps",
    "game_class",
    "load",
    "loads",
    "new_game",
    "save",
]


def new_game(
    kind: str, players: tuple[str, ...] = ("A", "B"), seed: int | None = None, **options: Any
) -> Game:
    """A new game of ``kind`` ("nine-ball", "eight-ball", "snooker"), racked for the break.

    ``seed`` makes the racks reproducible (None draws one and stores it in the game).
    Options: ``table`` (a ``sim.Table``; default a 9 ft pool table, or the snooker table),
    ``rack_style`` ("triangle" or "magic", 9-ball: "magic" brings the three-ball rule),
    ``referee_warns`` (bool, default True). Unknown kinds raise ``UnknownGameError`` naming the
    kinds; unknown or bad options ``InvalidOptionError``.
    """
    return game_class(kind).new(players=tuple(players), seed=seed, **options)
