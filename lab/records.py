"""The per-shot record of a study, its table columns and the shot-model protocol.

Shared by :mod:`lab.runner` (which builds records from a simulated and judged shot) and
:mod:`lab.study` (which runs many shots and stacks their records into columns), so that
neither of those two modules has to import the other for these types.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from types import MappingProxyType
from typing import Any, Protocol, get_type_hints

import numpy as np

from agents.noise import StrikeValues
from lab.scenario import Scenario
from rules.values import quick_init


@quick_init  # one per shot of a study: its 18 fields in one update, not 18 setattr calls
@dataclass(frozen=True)
class ShotRecord:
    """What one shot of a study did (physical facts from the event log, and the ruling).

    Attributes:
        error: empty, or why the shot could not be simulated or judged (then the rest is zero).
        legal: the referee found no foul.
        fouls: foul codes, space-separated.
        pocketed: names of the balls pocketed, space-separated, in pocketing order.
        n_object_pocketed: object balls pocketed (the cue ball excluded).
        cue_pocketed: the cue ball went into a pocket (a scratch).
        shooter_continues: the same player is at the table after the shot.
        frame_over: the game or frame ended on this shot.
        winner: the winner's name when it did, else empty.
        shooter_won: the shooter won on this shot.
        options: the choices offered to the next player (``Choice`` values, space-separated).
        points_shooter, points_opponent: points won on the shot by the shooter's side and by
            the other side (snooker; 0 in pool).
        object_balls_to_rail: distinct object balls that touched a cushion.
        break_count: on a break, the object balls the game's break rule counts
            (``rules.Game.break_rule``: 9-ball's three-ball rule, the four-cushion rule), the
            very count the referee judged with; 0 on any other shot or a break without a count.
        break_rule_met: on a break, the game's break rule is met (False on any other shot or
            a break without a count).
        events: rows in the event log.
        duration: seconds from the strike to rest.

    Each field is a column of the study table, typed by its annotation (``COLUMN_DTYPES``): a
    new column is a new field here, set where the record is made (``lab.runner``).
    """

    error: str = ""
    legal: bool = False
    fouls: str = ""
    pocketed: str = ""
    n_object_pocketed: int = 0
    cue_pocketed: bool = False
    shooter_continues: bool = False
    frame_over: bool = False
    winner: str = ""
    shooter_won: bool = False
    options: str = ""
    points_shooter: int = 0
    points_opponent: int = 0
    object_balls_to_rail: int = 0
    break_count: int = 0
    break_rule_met: bool = False
    events: int = 0
    duration: float = 0.0


#: The numpy type of a study column, by the Python type of its field.
COLUMN_TYPES: Mapping[type, np.dtype[Any]] = {
    bool: np.dtype(np.bool_),
    int: np.dtype(np.int64),
    float: np.dtype(np.float64),
    str: np.dtype(object),
}


def dtypes_of(record: type[Any]) -> dict[str, np.dtype[Any]]:
    """The column types of the dataclass ``record``, by field name, in field order: each read
    from the field's annotation through :data:`COLUMN_TYPES`. ``TypeError`` naming the field for
    a type a column cannot hold (a study table keeps plain values)."""
    hints = get_type_hints(record)
    out = {}
    for f in fields(record):
        kind = hints[f.name]
        if kind not in COLUMN_TYPES:
            allowed = ", ".join(t.__name__ for t in COLUMN_TYPES)
            raise TypeError(
                f"{record.__name__}.{f.name}: a study column is {allowed}; got {kind!r}"
            )
        out[f.name] = COLUMN_TYPES[kind]
    return out


#: Columns of a study table, in order: the shot index, the strike actually played, the record.
STRIKE_COLUMNS = tuple(f.name for f in fields(StrikeValues))
RECORD_COLUMNS = tuple(f.name for f in fields(ShotRecord))
#: Every column's numpy type, by name, in table order.
COLUMN_DTYPES: Mapping[str, np.dtype[Any]] = MappingProxyType(
    {"shot": np.dtype(np.int64), **dtypes_of(StrikeValues), **dtypes_of(ShotRecord)}
)
COLUMNS = tuple(COLUMN_DTYPES)


def column_dtype(name: str) -> np.dtype[Any]:
    """The numpy type of the study column ``name`` (``KeyError`` for an unknown column)."""
    return COLUMN_DTYPES[name]


class ShotModel(Protocol):
    """Plays one strike from a scenario's starting position (see the module docstring)."""

    @property
    def intended(self) -> StrikeValues: ...

    def play(self, strike: StrikeValues) -> ShotRecord: ...


ModelFactory = Callable[[Scenario], ShotModel]
