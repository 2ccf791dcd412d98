"""Checks of the values the referee's public API is handed, each refusing in one sentence.

- :func:`check_player_names`: ``new_game`` and save files: a sequence (not one string) of
  distinct, non-empty, printable names of at most :data:`MAX_NAME_LENGTH` characters;
- :func:`check_seed`: ``new_game`` and save files: None or an integer 0 <= seed < 2**63;
- :func:`check_strike`: ``Game.play``: a ``sim.Strike`` is required;
- :func:`check_result_fits`: ``Game.judge``: a shot result with the game's number of balls,
  played on the game's table;
- :func:`cue_ball_point`: ``Game.state_for_shot``: a cue-ball position of exactly two real
  numbers.

The exception each raises is named in its docstring; every one is a ``RulesError``.
"""

from __future__ import annotations

import dataclasses
import numbers
import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from rules.errors import (
    ChoiceNotOfferedError,
    IllegalPlacementError,
    InvalidDeclarationError,
    InvalidOptionError,
    InvalidShotError,
)
from rules.facts import JudgedShot, ShotFacts
from rules.types import Choice, Declaration
from sim.errors import InvalidEventLogError
from sim.result import ShotResult

if TYPE_CHECKING:
    from sim.table import Table

#: Longest player name accepted, in characters (a scoreboard line holds two of them).
MAX_NAME_LENGTH = 40

#: Seeds are stored in save files and fed to ``numpy.random.SeedSequence``: 0 <= seed < 2**63.
SEED_LIMIT = 2**63

#: Longest value written into a refusal, characters.
SHOWN_LENGTH = 200


def shown(value: object) -> str:
    """``repr(value)`` for a refusal, cut to :data:`SHOWN_LENGTH` characters; an integer of
    more digits than Python writes (``sys.set_int_max_str_digits``) is named by its size."""
    try:
        text = repr(value)
    except ValueError:  # an int past the digits Python converts, alone or inside a value
        if isinstance(value, int):
            return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
        return f"a {type(value).__name__} holding a number too long to write"
    return text if len(text) <= SHOWN_LENGTH else text[: SHOWN_LENGTH - 3] + "..."


def _visible(name: str) -> str:
    """``name`` without format characters (U+200B, U+202E, ...) and surrounding spaces."""
    return "".join(c for c in name if unicodedata.category(c) != "Cf").strip()


def check_player_names(players: object, what: str = "players") -> tuple[str, ...]:
    """``players`` as a tuple of names; ``InvalidOptionError`` naming the problem otherwise.

    Refused: a single string (``"AB"`` is not two players), anything that is not a list or
    tuple, a name that is not a string, empty or blank (format characters such as U+200B do
    not count as visible), holds a control character (NUL, newline, ...), is longer than
    :data:`MAX_NAME_LENGTH` characters, or repeats another name (compared without case and
    surrounding spaces). The number of players is the game's business (``player_counts``)."""
    if isinstance(players, str | bytes) or not isinstance(players, Sequence):
        raise InvalidOptionError(
            f"{what} must be a tuple of names such as ('Ann', 'Bob'); got {players!r}"
        )
    names = tuple(players)
    seen: dict[str, str] = {}
    for name in names:
        if not isinstance(name, str):
            raise InvalidOptionError(
                f"{what}: every name must be a string; got {type(name).__name__} {name!r}"
            )
        if any(unicodedata.category(c) == "Cc" for c in name):
            raise InvalidOptionError(
                f"{what}: the name {name!r} holds a control character; printable text is allowed"
            )
        if not _visible(name):
            raise InvalidOptionError(f"{what}: every player needs a visible name; got {name!r}")
        if len(name) > MAX_NAME_LENGTH:
            raise InvalidOptionError(
                f"{what}: the name {name[:20]!r}... has {len(name)} characters; "
                f"at most {MAX_NAME_LENGTH} are allowed"
            )
        key = _visible(name).casefold()
        if key in seen:
            raise InvalidOptionError(
                f"{what}: {seen[key]!r} and {name!r} are the same name; each player needs "
                "a different one"
            )
        seen[key] = name
    return names


def check_seed(seed: object, what: str = "seed") -> int | None:
    """``seed`` when it is None or an integer 0 <= seed < 2**63 (bool refused);
    ``InvalidOptionError`` otherwise."""
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
        raise InvalidOptionError(
            f"{what} must be an integer 0 <= seed < 2**63 or None; got "
            f"{type(seed).__name__} {seed!r}"
        )
    value = int(seed)
    if not 0 <= value < SEED_LIMIT:
        raise InvalidOptionError(f"{what} must be an integer 0 <= seed < 2**63; got {shown(value)}")
    return value


def whole_number_option(name: str, value: object, low: int, high: int | None = None) -> int:
    """``value`` as an int when it is an integer in ``low .. high`` (no upper bound when
    ``high`` is None; bools and fractions refused); ``InvalidOptionError`` naming ``name`` and
    the range otherwise."""
    allowed = f"a whole number {low}..{high}" if high is not None else f"a whole number >= {low}"
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise InvalidOptionError(
            f"{name} must be {allowed}; got {type(value).__name__} {shown(value)}"
        )
    number = int(value)
    if number < low or (high is not None and number > high):
        raise InvalidOptionError(f"{name} must be {allowed}; got {shown(number)}")
    return number


def yes_no_option(name: str, value: object) -> bool:
    """``value`` when it is True or False (numpy's bool too); ``InvalidOptionError`` naming
    ``name`` otherwise (a string such as "no" is not read as a truth value)."""
    if isinstance(value, bool | np.bool_):
        return bool(value)
    raise InvalidOptionError(f"{name} must be True or False; got {type(value).__name__} {value!r}")


def _index_or_none(name: str, value: object) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, numbers.Integral)):
        raise InvalidDeclarationError(
            f"{name} must be a ball index (a whole number) or None; got "
            f"{type(value).__name__} {value!r}"[:200]
        )


def _as_set(name: str, value: Any, example: str) -> frozenset[Any]:
    """``value`` as a frozenset when it is a collection (set, tuple, list) and not text."""
    if isinstance(value, frozenset):
        return value
    if isinstance(value, str | bytes) or not isinstance(value, set | tuple | list):
        raise InvalidDeclarationError(
            f"{name} must be a set of {example}; got {type(value).__name__} {value!r}"[:200]
        )
    return frozenset(value)


def checked_declaration(declaration: object) -> Declaration:
    """``declaration`` with every field of its type: yes/no fields bools; ``called_ball``,
    ``nominated``, ``ball_concerned`` ball indices or None; ``called_pocket`` a pocket's name or
    None; ``declared_fouls`` a set of foul codes and ``off_table`` a set of ball indices (a
    tuple or list is taken as the set of its items, a string is refused). The same object
    when nothing needed converting. ``InvalidDeclarationError`` naming the field and what it
    takes otherwise; whether the values are allowed now is the game's question
    (``Game.validate_declaration``)."""
    if not isinstance(declaration, Declaration):
        raise InvalidDeclarationError(
            "a declaration is a rules.Declaration (push_out, called_ball, called_pocket, "
            "safety, nominated, free_ball, declared_fouls, off_table, ball_concerned) or None; "
            f"got {type(declaration).__name__} {declaration!r}"[:200]
        )
    for name in ("push_out", "safety", "free_ball"):
        value = getattr(declaration, name)
        if not isinstance(value, bool | np.bool_):
            raise InvalidDeclarationError(
                f"{name} must be True or False; got {type(value).__name__} {value!r}"[:200]
            )
    for name in ("called_ball", "nominated", "ball_concerned"):
        _index_or_none(name, getattr(declaration, name))
    pocket = declaration.called_pocket
    if pocket is not None and not isinstance(pocket, str):
        raise InvalidDeclarationError(
            f"called_pocket must be a pocket's name or None; got {type(pocket).__name__} "
            f"{pocket!r}"[:200]
        )
    fouls = _as_set("declared_fouls", declaration.declared_fouls, "foul codes, e.g. {'double_hit'}")
    off = _as_set("off_table", declaration.off_table, "ball indices, e.g. {3}")
    for code in fouls:
        if not isinstance(code, str):
            raise InvalidDeclarationError(
                f"declared_fouls must hold foul codes (text); got {type(code).__name__} {code!r}"
            )
    for ball in off:
        _index_or_none("each ball of off_table", ball)
    if fouls is declaration.declared_fouls and off is declaration.off_table:
        return declaration
    return dataclasses.replace(declaration, declared_fouls=fouls, off_table=off)


def offered_choice(choice: object, offered: tuple[Choice, ...]) -> Choice:
    """``choice`` (a ``Choice``, or its value as text: "accept_table") when it is among
    ``offered``; ``ChoiceNotOfferedError`` listing the offered ones otherwise."""
    found = choice if isinstance(choice, Choice) else None
    if found is None and isinstance(choice, str):
        found = next((c for c in Choice if c.value == choice), None)
    if found is None or found not in offered:
        listed = ", ".join(c.value for c in offered) or "none"
        raise ChoiceNotOfferedError(
            f"{getattr(choice, 'value', choice)!s:.80} is not offered; offered: {listed}"
        )
    return found


def check_strike(strike: object) -> None:
    """``InvalidShotError`` unless ``strike`` is a ``sim.Strike``."""
    from sim.strike import Strike

    if not isinstance(strike, Strike):
        raise InvalidShotError(
            "a shot needs a sim.Strike (speed m/s, phi deg, theta deg, tip offsets a, b); "
            f"got {type(strike).__name__} {strike!r}"[:200]
        )


def check_result_fits(result: object, table: Table, n_balls: int, title: str) -> None:
    """``InvalidShotError`` unless ``result`` is a shot result (``rules.facts.JudgedShot``:
    ``events``, ``initial``, ``final``, ``strike``, ``params``) with ``n_balls`` balls and,
    when it names its table (``result.table``), that table is ``table`` (a snooker shot cannot
    be judged as 9-ball)."""
    # the engine's own result has its fields, of their types: only the sizes and table to check
    if (
        type(result) is ShotResult
        and result.initial.pos.shape[0] == result.final.pos.shape[0] == n_balls
        and (result.table is table or result.table == table)
    ):
        return
    fields = ("events", "initial", "final", "strike", "params")
    missing = [name for name in fields if not hasattr(result, name)]
    if missing:
        raise InvalidShotError(
            f"{title} judges a shot result (sim.ShotResult: {', '.join(fields)}); got "
            f"{type(result).__name__}, which lacks {', '.join(missing)}"
        )
    for name in ("initial", "final"):
        count = getattr(getattr(result, name), "n", None)
        if count != n_balls:
            raise InvalidShotError(
                f"{title} has {n_balls} balls; the result's {name} state has {count}: it is a "
                "shot of another game"
            )
    shot_table = getattr(result, "table", None)
    if shot_table is not None and shot_table != table:
        raise InvalidShotError(
            f"the shot was played on the {getattr(shot_table, 'name', shot_table)} table; "
            f"this game is on the {table.name} table"
        )


def checked_facts(result: JudgedShot, table: Table, title: str) -> ShotFacts:
    """The ``ShotFacts`` of ``result`` on ``table``, its log's digest read first:
    ``InvalidShotError`` for a log naming a ball the game (``title``) lacks."""
    facts = ShotFacts.from_result(result, table)
    try:
        facts.digest  # noqa: B018 (read for its check)
    except InvalidEventLogError as error:
        raise InvalidShotError(f"{title} cannot judge this shot: {error}") from None
    return facts


def cue_ball_point(at: object) -> tuple[float, float]:
    """``at`` as ``(x, y)`` floats; ``IllegalPlacementError`` unless it is exactly two real
    numbers (bools, strings, complex numbers and other lengths refused). Finiteness and the
    zone are the placement check's business."""
    shape = "the cue-ball position must be two numbers (x, y) in metres"
    if isinstance(at, str | bytes) or not isinstance(at, Sequence | np.ndarray):
        raise IllegalPlacementError(f"{shape}; got {at!r}"[:200])
    items = list(at)
    if len(items) != 2:
        raise IllegalPlacementError(f"{shape}; got {len(items)} values: {at!r}"[:200])
    for v in items:
        if isinstance(v, bool) or not isinstance(v, numbers.Real):
            raise IllegalPlacementError(f"{shape}; got {type(v).__name__} {v!r}"[:200])
    return float(items[0]), float(items[1])
