"""Specific errors the referee raises.

Every one is a ``ValueError`` subclass whose message says what was wrong and what is allowed.
A ``Game`` is immutable, so an error never leaves a half-changed game behind: the caller still
holds the game it had.
"""

from __future__ import annotations


class RulesError(ValueError):
    """Base class for every error raised by ``rules``."""


class UnknownGameError(RulesError):
    """``new_game`` was asked for a kind of game it does not know (the message lists the kinds)."""


class InvalidOptionError(RulesError):
    """A game option that does not exist or has a value out of range (``rack_style="round"``)."""


class UnknownBallError(RulesError):
    """A ball name or index the game does not have (the message lists the names or the range)."""


class InvalidPositionError(RulesError):
    """A position a game cannot be built in: a ball off the cloth, two balls overlapping, a
    position that is not a pair of finite numbers. The message names the balls and the limit."""


class InvalidGameStateError(RulesError):
    """A game value out of shape or range: a state with the wrong number of balls, a player
    index out of range, a counter out of range, a phase or zone the game does not use, a ball on
    that is not on the table. The message names the field, the value and what is allowed."""


class GameOverError(RulesError):
    """A shot, a ruling or a choice was offered to a game that is already over."""


class IllegalPlacementError(RulesError):
    """The cue ball was placed outside the ball-in-hand zone, off the cloth or on another ball,
    or placed at all when the player does not have ball in hand. The message names the zone."""


class InvalidDeclarationError(RulesError):
    """A declaration the game does not allow now: a push-out outside the shot after the break, a
    called ball not on the table or not in the shooter's group, an unknown pocket name, an unknown
    declared foul, a missing call where one is required. The message says what is allowed."""


class InvalidShotError(RulesError):
    """``play`` was given something that is not a ``sim.Strike``, or ``judge`` a shot result of
    another game: another number of balls, or another table. The message says what is needed."""


class ChoiceNotOfferedError(RulesError):
    """A choice that is not among the options offered (the message lists the offered ones)."""


class ChoicePendingError(RulesError):
    """A shot was offered while the player to act still has to choose between options."""


class StaleRulingError(RulesError):
    """A ruling applied to a game other than the one that judged it (another shot number)."""


class WarningNotDueError(RulesError):
    """``give_warning`` was called while no player has two consecutive fouls unwarned."""


class SaveFileError(RulesError):
    """A save file that cannot be read (not a regular file, too large, not JSON, not a cuesim
    game, a version this program does not know, a field missing or out of range) or cannot be
    written (a full disk, a missing folder). The message says which."""
