"""Checked positions and game fields: what ``Game.in_position`` and ``Game.__post_init__`` use.

``state_from_positions`` turns ball positions by name into a ``sim.BallState`` at rest, refusing
unknown names, positions that are not finite, balls off the cloth and overlapping balls, each
with its own ``RulesError`` subclass. ``check_game_fields`` checks the shape of a game's fields
(one entry per player or side, indices in range, counters in range, the phase and zone the game
uses). Pure: nothing here changes its arguments.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from rules.arguments import shown
from rules.errors import (
    InvalidGameStateError,
    InvalidPositionError,
    UnknownBallError,
)
from rules.placement import PLACEMENT_TOL
from rules.racks import MAX_RACK_NUMBER
from rules.types import BallInHand, Choice, ChoiceContext, Phase

if TYPE_CHECKING:
    from sim.balls import BallState
    from sim.table import Table

#: The largest count a game keeps besides its rack number (``racks.MAX_RACK_NUMBER``): shots of
#: a rack or frame, points and racks won, breaks. A million: no game reaches it, and a number
#: that large (a save file's) is refused before any sentence has to write it.
MAX_COUNT = 1_000_000

#: Where balls not in a position are parked (then taken off the table): far off the cloth and
#: 0.1 m apart, so they never overlap one another, m.
_PARK_X, _PARK_Y, _PARK_STEP = -10.0, -10.0, 0.1


def state_from_positions(
    table: Table, ball_names: Sequence[str], balls: Mapping[str, tuple[float, float]]
) -> BallState:
    """The balls of ``balls`` (name -> centre (x, y), m) at rest on ``table``; every other ball
    of ``ball_names`` off the table. Raises ``UnknownBallError`` for a name not in
    ``ball_names``, ``InvalidPositionError`` for a position that is not two finite numbers, off
    the cloth (``Table.contains_ball``), or overlapping another (centres closer than
    ``2R - PLACEMENT_TOL``)."""
    from sim.balls import BallState

    names = tuple(ball_names)
    n = len(names)
    xy = np.array([(_PARK_X - _PARK_STEP * i, _PARK_Y) for i in range(n)], dtype=np.float64)
    present: list[int] = []
    for name, at in balls.items():
        if name not in names:
            raise UnknownBallError(f"no ball {name!r}; the balls are: {', '.join(names)}")
        try:
            x, y = (float(v) for v in at)
        except (TypeError, ValueError):
            raise InvalidPositionError(
                f"{name}: position {at!r} is not a pair of numbers (x, y) in metres"
            ) from None
        if not (math.isfinite(x) and math.isfinite(y)):
            raise InvalidPositionError(f"{name}: position ({x}, {y}) is not finite")
        if not table.contains_ball(x, y):
            raise InvalidPositionError(
                f"{name} at ({x:.4f}, {y:.4f}) m is off the cloth of the {table.name} table "
                "(a ball there would cross a cushion or sit in a pocket)"
            )
        i = names.index(name)
        xy[i] = (x, y)
        present.append(i)
    limit = 2.0 * float(table.ball_radius) - PLACEMENT_TOL
    for k, i in enumerate(present):
        for j in present[k + 1 :]:
            d = float(math.hypot(xy[i, 0] - xy[j, 0], xy[i, 1] - xy[j, 1]))
            if d < limit:
                raise InvalidPositionError(
                    f"{names[i]} and {names[j]} overlap: centres {d:.4f} m apart; "
                    f"at least {2.0 * float(table.ball_radius):.4f} m (two radii) allowed"
                )
    state = BallState.at_rest(xy)
    for i in range(n):
        if i not in present:
            state = state.with_ball_removed(i)
    return state


class _Titled(Protocol):
    """Anything with a ``title`` (a game) for the messages."""

    @property
    def title(self) -> str: ...


class _GameFields(_Titled, Protocol):
    """The fields ``check_game_fields`` reads (a ``rules.Game``)."""

    @property
    def ball_names(self) -> tuple[str, ...]: ...
    @property
    def player_counts(self) -> tuple[int, ...]: ...
    @property
    def phases(self) -> frozenset[Phase]: ...
    @property
    def hand_zones(self) -> frozenset[BallInHand]: ...
    @property
    def max_fouls_in_a_row(self) -> int | None: ...
    @property
    def state(self) -> BallState: ...
    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def sides(self) -> int: ...
    @property
    def to_play(self) -> int: ...
    @property
    def breaker(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def ball_in_hand(self) -> BallInHand: ...
    @property
    def ball_on(self) -> frozenset[int]: ...
    @property
    def score(self) -> tuple[int, ...]: ...
    @property
    def fouls_in_a_row(self) -> tuple[int, ...]: ...
    @property
    def warning_given(self) -> tuple[bool, ...]: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def pending_choice(self) -> tuple[Choice, ...]: ...
    @property
    def rack_number(self) -> int: ...
    @property
    def shot_number(self) -> int: ...
    @property
    def choice_context(self) -> ChoiceContext | str: ...


def _fail(game: _Titled, field: str, value: object, allowed: str) -> InvalidGameStateError:
    return InvalidGameStateError(f"{game.title}: {field} = {shown(value)} is refused; {allowed}")


def check_index(game: _Titled, field: str, value: object, count: int, what: str) -> None:
    """``value`` must be an int in 0..count-1 (``what``: "a player", "a side")."""
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise _fail(game, field, value, f"{what} index (an integer 0..{count - 1}) is allowed")
    if not 0 <= int(value) < count:
        raise _fail(game, field, value, f"{what} index 0..{count - 1} is allowed")


def check_per(game: _Titled, field: str, values: Sequence[Any], count: int, what: str) -> None:
    """``values`` must have one entry per ``what`` (``count`` of them)."""
    if not isinstance(values, tuple) or len(values) != count:
        raise _fail(game, field, values, f"a tuple of {count} values (one per {what}) is allowed")


def check_counts(game: _Titled, field: str, values: Sequence[Any], top: int | None = None) -> None:
    """Every entry of ``values`` must be an int >= 0 (and <= ``top`` when given)."""
    for v in values:
        bad = isinstance(v, bool) or not isinstance(v, int | np.integer) or int(v) < 0
        if bad or (top is not None and int(v) > top):
            upper = f"..{top}" if top is not None else " or more"
            raise _fail(game, field, values, f"integers 0{upper} are allowed")


def check_count(game: _Titled, field: str, value: object, top: int) -> None:
    """``value`` must be an int in 0..``top``."""
    if (
        isinstance(value, bool)
        or not isinstance(value, int | np.integer)
        or not 0 <= int(value) <= top
    ):
        raise _fail(game, field, value, f"integers 0..{top} are allowed")


def check_member(game: _Titled, field: str, value: object, allowed: Collection[Any]) -> None:
    """``value`` must be one of ``allowed`` (enum members, listed by value; an empty value
    as "")."""
    try:
        known = value in allowed
    except TypeError:  # unhashable: a list, a dict
        known = False
    if not known:
        names = ", ".join(sorted(str(getattr(a, "value", a)) or '""' for a in allowed))
        raise _fail(game, field, value, f"allowed: {names}")


_CHOICES = frozenset(Choice)
_CHOICE_CONTEXTS = frozenset(ChoiceContext)


def check_game_fields(game: _GameFields) -> None:
    """Every common field of ``game`` checked; the first problem raises
    ``InvalidGameStateError`` naming the field, the value and what is allowed."""
    n_balls = len(game.ball_names)
    if int(game.state.n) != n_balls:
        raise _fail(
            game, "state", f"{int(game.state.n)} balls", f"{game.title} has {n_balls} balls"
        )
    n_players = len(game.players)
    if n_players not in game.player_counts:
        counts = " or ".join(str(c) for c in game.player_counts)
        raise _fail(game, "players", game.players, f"{counts} players are allowed")
    check_index(game, "to_play", game.to_play, n_players, "a player")
    check_index(game, "breaker", game.breaker, n_players, "a player")
    check_member(game, "phase", game.phase, game.phases)
    check_member(game, "ball_in_hand", game.ball_in_hand, game.hand_zones)
    bad_on = sorted(b for b in game.ball_on if not 0 < int(b) < n_balls)
    if bad_on:
        raise _fail(game, "ball_on", sorted(game.ball_on), f"object balls 1..{n_balls - 1}")
    check_per(game, "score", game.score, game.sides, "side")
    check_counts(game, "score", game.score, MAX_COUNT)
    check_count(game, "rack_number", game.rack_number, MAX_RACK_NUMBER)
    check_count(game, "shot_number", game.shot_number, MAX_COUNT)
    check_per(game, "fouls_in_a_row", game.fouls_in_a_row, n_players, "player")
    check_counts(game, "fouls_in_a_row", game.fouls_in_a_row, game.max_fouls_in_a_row)
    check_per(game, "warning_given", game.warning_given, n_players, "player")
    if game.winner is not None:
        check_index(game, "winner", game.winner, game.sides, "a side")
    for choice in game.pending_choice:
        check_member(game, "pending_choice", choice, _CHOICES)
    check_member(game, "choice_context", game.choice_context, _CHOICE_CONTEXTS)


def choice_context_of(game: _GameFields) -> ChoiceContext:
    """``game.choice_context`` as the ``ChoiceContext`` member (checked by
    ``check_game_fields``: a member or the value of one)."""
    return ChoiceContext(game.choice_context)
