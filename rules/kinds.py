"""The games the referee knows, found from the game classes themselves.

Each game class carries its metadata as class attributes (python-chess's ``chess.variant``
style: the class is the entry, the registry only lists the classes):

* ``kind`` (a ``GameKind``), ``title`` ("9-ball", "8-ball", "Snooker");
* ``ball_names``: index -> name, the cue ball 0; ``cls.ball_index(name)`` and
  ``cls.ball_name(index)`` look them up either way;
* ``table_kind``, ``default_table()`` (a 9 ft pool table; the 12 ft snooker table) and
  ``allowed_tables()``;
* ``options``: the keyword arguments ``new`` takes, name -> what it accepts; an unknown one is
  refused with a message listing them; ``player_counts``: how many players may play.

Use::

    import rules
    cls = rules.game_class("snooker")          # or rules.GameKind.SNOOKER
    cls.title, cls.ball_index("pink"), cls.default_table()
    for cls in rules.games(): ...              # every game, in GameKind order

``GAME_KINDS`` (kind -> (module, class name)) is kept for older callers.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.eight_ball import EightBallGame
from rules.errors import UnknownGameError
from rules.game import Game
from rules.nine_ball import NineBallGame
from rules.snooker import SnookerGame
from rules.types import GameKind

__all__ = ["GAME_KINDS", "GameKind", "game_class", "games", "kind_of"]


def _check_metadata(cls: type[Game]) -> type[Game]:
    """``cls`` when its class attributes describe a game completely; ``TypeError`` otherwise
    (a programming error in a game class, caught on import)."""
    if not isinstance(cls.kind, GameKind):
        raise TypeError(f"{cls.__name__}.kind must be a GameKind, not {cls.kind!r}")
    if not cls.title:
        raise TypeError(f"{cls.__name__}.title is empty")
    if not cls.ball_names or cls.ball_names[0] != "cue":
        raise TypeError(f"{cls.__name__}.ball_names must start with 'cue' (ball 0)")
    if len(set(cls.ball_names)) != len(cls.ball_names):
        raise TypeError(f"{cls.__name__}.ball_names has a name twice")
    if not set(cls.ball_values) <= set(cls.ball_names[1:]):
        raise TypeError(f"{cls.__name__}.ball_values names a ball the game does not have")
    if "table" not in cls.options or not cls.player_counts:
        raise TypeError(f"{cls.__name__} must accept a table option and name its player counts")
    return cls


#: Every game class. A new game adds its class here and its kind to ``GameKind``.
_CLASSES: tuple[type[Game], ...] = (NineBallGame, EightBallGame, SnookerGame)
_BY_KIND = {cls.kind: _check_metadata(cls) for cls in _CLASSES}
#: Every game class, keyed by its kind, in ``GameKind`` order.
_REGISTRY: Mapping[GameKind, type[Game]] = {k: _BY_KIND[k] for k in GameKind if k in _BY_KIND}
if set(_REGISTRY) != set(GameKind):
    raise TypeError(f"games without a class: {sorted(set(GameKind) - set(_REGISTRY))}")

#: kind -> (module, class name) of every game (the older form of the registry).
GAME_KINDS: Mapping[GameKind, tuple[str, str]] = {
    kind: (cls.__module__, cls.__name__) for kind, cls in _REGISTRY.items()
}


def kind_of(kind: str) -> GameKind:
    """``kind`` ("nine-ball", ``GameKind.SNOOKER``, ...) as a ``GameKind``;
    ``UnknownGameError`` naming the kinds otherwise."""
    try:
        return GameKind(kind)
    except ValueError:
        known = ", ".join(k.value for k in GameKind)
        raise UnknownGameError(f"unknown game {kind!r}; the games are: {known}") from None


def game_class(kind: str) -> type[Game]:
    """The ``Game`` subclass for ``kind``; ``UnknownGameError`` naming the kinds otherwise."""
    return _REGISTRY[kind_of(kind)]


def games() -> tuple[type[Game], ...]:
    """Every registered game class, in ``GameKind`` order (for menus and ``--game`` choices)."""
    return tuple(_REGISTRY.values())
