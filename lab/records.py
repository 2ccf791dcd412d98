"""The per-shot record of a study, its table columns and the shot-model protocol.

Shared by :mod:`lab.runner` (which builds records from a simulated and judged shot) and
:mod:`lab.study` (which runs many shots and stacks their records into columns), so that
neither of those two modules has to import the other for these types.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, Protocol

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
        balls_past_head_string: distinct object balls that crossed the head string towards the
            head end (pool tables; the three-ball rule's "franchi la ligne de départ").
        three_ball_count: distinct object balls pocketed or past the head string (nine-ball
            three-ball rule: the break is legal with 3 or more).
        events: rows in the event log.
        duration: seconds from the strike to rest.
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
    balls_past_head_string: int = 0
    three_ball_count: int = 0
    events: int = 0
    duration: float = 0.0


#: Columns of a study table, in order: the shot index, the strike actually played, the record.
STRIKE_COLUMNS = ("speed", "phi", "theta", "a", "b")
RECORD_COLUMNS = tuple(f.name for f in fields(ShotRecord))
COLUMNS = ("shot", *STRIKE_COLUMNS, *RECORD_COLUMNS)


def column_dtype(name: str) -> Any:
    if name == "shot":
        return np.int64
    if name in STRIKE_COLUMNS or name == "duration":
        return np.float64
    default = getattr(ShotRecord(), name)
    if isinstance(default, bool):
        return np.bool_
    if isinstance(default, int):
        return np.int64
    return object


class ShotModel(Protocol):
    """Plays one strike from a scenario's starting position (see the module docstring)."""

    @property
    def intended(self) -> StrikeValues: ...

    def play(self, strike: StrikeValues) -> ShotRecord: ...


ModelFactory = Callable[[Scenario], ShotModel]
