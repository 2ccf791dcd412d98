"""The referee: 9-ball, 8-ball and snooker games judged from the engine's event log.

Public API (docs/architecture.md)::

    import rules
    game = rules.new_game("nine-ball", players=("Ann", "Bob"), seed=7)
    game = rules.game_class(rules.GameKind.SNOOKER).in_position({"cue": (0.9, 1.0), ...})
    ruling = game.judge(result, rules.Declaration())   # pure
    game = game.apply(ruling)                            # a new game; the old one is untouched
    ruling, game = game.play(strike, declaration=None, cue_ball_at=None)
    game = game.choose(rules.Choice.ACCEPT_TABLE)        # when game.pending_choice is set
    rules.save(game, "game.json"); game = rules.load("game.json")

The games (``rules.kinds``): ``rules.GameKind``, ``rules.games()`` (every game class),
``rules.game_class(kind)``; each class carries its ``title``, ``ball_names`` (with
``ball_index(name)`` / ``ball_name(index)``), ``default_table()``, ``allowed_tables()`` and
``options``. Snooker's balls and values: ``rules.snooker.COLOUR_VALUES``, ``ball_value``.
"""

from __future__ import annotations

from typing import Any

from rules.arguments import check_player_names, check_seed
from rules.errors import (
    ChoiceNotOfferedError,
    ChoicePendingError,
    GameOverError,
    IllegalPlacementError,
    InvalidDeclarationError,
    InvalidGameStateError,
    InvalidOptionError,
    InvalidPositionError,
    InvalidShotError,
    RulesError,
    SaveFileError,
    StaleRulingError,
    UnknownBallError,
    UnknownGameError,
    WarningNotDueError,
)
from rules.facts import ShotFacts
from rules.game import Game
from rules.kinds import GAME_KINDS, game_class, games, kind_of
from rules.persist import dumps, load, loads, save
from rules.types import (
    BallInHand,
    Choice,
    ChoiceContext,
    Declaration,
    DeclarationOptions,
    DeclaredFoul,
    EightBallExtras,
    Foul,
    GameKind,
    Group,
    Phase,
    Ruling,
    RulingExtras,
    SnookerExtras,
)

__all__ = [
    "GAME_KINDS",
    "BallInHand",
    "Choice",
    "ChoiceContext",
    "ChoiceNotOfferedError",
    "ChoicePendingError",
    "Declaration",
    "DeclarationOptions",
    "DeclaredFoul",
    "EightBallExtras",
    "Foul",
    "Game",
    "GameKind",
    "GameOverError",
    "Group",
    "IllegalPlacementError",
    "InvalidDeclarationError",
    "InvalidGameStateError",
    "InvalidOptionError",
    "InvalidPositionError",
    "InvalidShotError",
    "Phase",
    "RulesError",
    "Ruling",
    "RulingExtras",
    "SaveFileError",
    "ShotFacts",
    "SnookerExtras",
    "StaleRulingError",
    "UnknownBallError",
    "UnknownGameError",
    "WarningNotDueError",
    "dumps",
    "game_class",
    "games",
    "kind_of",
    "load",
    "loads",
    "new_game",
    "save",
]


def new_game(
    kind: str, players: tuple[str, ...] = ("A", "B"), seed: int | None = None, **options: Any
) -> Game:
    """A new game of ``kind`` (a ``GameKind`` or its value: "nine-ball", "eight-ball",
    "snooker"), racked for the break.

    ``seed`` makes the racks reproducible (None draws one and stores it in the game).
    Options (each game class lists its own in ``options``): ``table`` (a ``sim.Table``; default
    the class's ``default_table()``), ``breaker`` (the player index who breaks), 9-ball
    ``rack_style`` ("triangle" or "magic": the three-ball rule), pool ``referee_warns`` (bool,
    default True), snooker ``rack_number``. Unknown kinds raise ``UnknownGameError`` naming the
    kinds; unknown or bad options ``InvalidOptionError`` listing the allowed ones.

    ``players`` must be a tuple (or list) of distinct, visible names of at most 40 characters
    (a single string such as "AB" is refused, not split), and ``seed`` None or an integer
    0 <= seed < 2**63 (1.5, "7" and True are refused): ``InvalidOptionError`` saying which
    (``rules.arguments``).
    """
    cls = game_class(kind)
    names = check_player_names(players)
    return cls.new(players=names, seed=check_seed(seed), **options)
