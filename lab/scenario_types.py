"""The value types of a scenario file: ball names, the phase, the shot, the expectation.

A :class:`Scenario` is one position, one shot and what should happen (docs/scenario-format.md).
These frozen dataclasses are built by :mod:`lab.scenario_checks` from a parsed file and read by
:mod:`lab.runner`; :class:`ScenarioError` is the one error every bad scenario raises.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

import rules
from agents.noise import NoiseModel
from lab.schema import SCENARIO_TABLES
from rules.game import Game
from rules.types import Phase
from sim.table import Table

#: Two balls may overlap by this much (m) before a scenario is refused: positions typed with
#: millimetre precision that touch must still load.
OVERLAP_TOLERANCE = 1e-6

CUE = "cue"
DEFAULT_PLAYERS = ("A", "B")


def _has_free_ball(cls: type[Game]) -> bool:
    return any(f.name == "free_ball" for f in fields(cls))


#: Scenario keys only some games understand: dotted key -> what the game class must say of
#: itself (its metadata) for the key to mean something. Reading, writing and the lab's report
#: all ask this table; none compares game names.
GAME_SPECIFIC_KEYS: Mapping[str, Callable[[type[Game]], bool]] = {
    "phase.magic_rack": lambda cls: "rack_style" in cls.options,
    "phase.push_out_available": lambda cls: cls.has_push_out,
    "phase.groups": lambda cls: Phase.GROUPS_ASSIGNED in cls.phases,
    "phase.ball_on": lambda cls: Phase.COLOUR_AFTER_RED in cls.phases,
    "phase.free_ball": _has_free_ball,
    "phase.respotted_black": lambda cls: Phase.RESPOTTED_BLACK in cls.phases,
    "shot.push_out": lambda cls: cls.has_push_out,
    "shot.call": lambda cls: cls.calls_shots,
    "shot.safety": lambda cls: cls.calls_shots,
    "shot.nominate": lambda cls: Phase.COLOUR_AFTER_RED in cls.phases,
    "shot.free_ball": _has_free_ball,
}


def game_takes(cls: type[Game], key: str) -> bool:
    """Whether the game ``cls`` understands the scenario key ``key`` (``"phase.groups"``)."""
    return GAME_SPECIFIC_KEYS[key](cls)


def games_taking(key: str) -> tuple[str, ...]:
    """The kinds of the games that understand ``key``, in registry order."""
    return tuple(cls.kind.value for cls in rules.games() if game_takes(cls, key))


class FileFieldError(ValueError):
    """A lab file (a scenario, a match study) that cannot be used: the message is
    ``"<source>: <field>: <detail>"`` (no field for the file as a whole).

    Attributes:
        source: the file (or ``"<string>"``).
        field: dotted path of the offending value, or ``""`` for the file.
        detail: what was wrong and what is allowed.
    """

    def __init__(self, source: str, field: str, detail: str) -> None:
        where = f"{source}: {field}" if field else source
        super().__init__(f"{where}: {detail}")
        self.source = source
        self.field = field
        self.detail = detail


class ScenarioError(FileFieldError):
    """A scenario file that cannot be used. The message names the file and the field.

    Attributes:
        source: the file (or ``"<string>"``).
        field: dotted path of the offending value (``"balls.cue"``), or ``""`` for the file.
        detail: what was wrong and what is allowed.
    """


@dataclass(frozen=True)
class ScenarioPhase:
    """Where the game stands before the shot (all names are ball or player names).

    Attributes:
        is_break: the shot is the opening break.
        to_play: the player at the table.
        ball_in_hand: ``"none"``, ``"anywhere"``, ``"behind_head_string"`` or ``"in_d"``.
        fouls_in_a_row: player -> consecutive fouls before this shot (nine-ball three-foul rule;
            the warning after the second is taken as given).
        magic_rack: nine-ball: racked with a template, so the three-ball rule applies to breaks.
        push_out_available: nine-ball: first shot after a legal break (a push-out may be called).
        groups: eight-ball: player -> ``"solids"``/``"stripes"``; empty for an open table.
        ball_on: snooker: ``"red"``, ``"colour"`` (after a red) or a colour name; None = deduced.
        scores: player -> score before the shot (snooker).
        free_ball: snooker: the striker may nominate a free ball.
        respotted_black: snooker: the frame is being settled on the re-spotted black.
    """

    is_break: bool
    to_play: str
    ball_in_hand: str
    fouls_in_a_row: Mapping[str, int] = field(default_factory=dict)
    magic_rack: bool = False
    push_out_available: bool = False
    groups: Mapping[str, str] = field(default_factory=dict)
    ball_on: str | None = None
    scores: Mapping[str, int] = field(default_factory=dict)
    free_ball: bool = False
    respotted_black: bool = False


@dataclass(frozen=True)
class Aim:
    """An aim given instead of ``phi``: at a ball, at a point, or a ball sent to a pocket."""

    ball: str | None = None
    point: tuple[float, float] | None = None
    pocket: str | None = None


@dataclass(frozen=True)
class ShotSpec:
    """The shot as written: strike numbers (``sim.Strike`` units) and declarations."""

    speed: float
    phi: float | None = None
    aim: Aim | None = None
    theta: float = 0.0
    a: float = 0.0
    b: float = 0.0
    cue_ball_at: tuple[float, float] | None = None
    push_out: bool = False
    called_ball: str | None = None
    called_pocket: str | None = None
    safety: bool = False
    nominated: str | None = None
    free_ball: str | None = None
    declared_fouls: tuple[str, ...] = ()
    off_table: tuple[str, ...] = ()


@dataclass(frozen=True)
class Expectation:
    """Expected facts of the ruling; None means "not checked"."""

    legal: bool | None = None
    fouls: tuple[str, ...] | None = None
    pocketed: tuple[str, ...] | None = None
    next_to_play: str | None = None
    ball_in_hand: str | None = None
    points: Mapping[str, int] | None = None
    frame_over: bool | None = None
    winner: str | None = None
    options: tuple[str, ...] | None = None
    spotted: tuple[str, ...] | None = None

    def is_empty(self) -> bool:
        return all(getattr(self, f.name) is None for f in fields(self))

    def as_dict(self) -> dict[str, Any]:
        """The checked fields only, with JSON-friendly values."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is None:
                continue
            if isinstance(value, tuple):
                value = list(value)
            elif isinstance(value, Mapping):
                value = dict(value)
            out[f.name] = value
        return out


@dataclass(frozen=True)
class Scenario:
    """One validated scenario. ``balls`` lists (name, (x, y)) in the game's index order."""

    source: str
    game: str
    table: str
    players: tuple[str, ...]
    balls: tuple[tuple[str, tuple[float, float]], ...]
    phase: ScenarioPhase
    shot: ShotSpec
    expect: Expectation = field(default_factory=Expectation)
    noise: NoiseModel = field(default_factory=NoiseModel)
    title: str = ""
    description: str = ""

    @property
    def game_class(self) -> type[Game]:
        """The ``rules`` game class of ``game`` (from the registry)."""
        return rules.game_class(self.game)

    @property
    def ball_names(self) -> tuple[str, ...]:
        """Every ball name of the game, in index order (index 0 is the cue ball)."""
        return self.game_class.ball_names

    def position_of(self, name: str) -> tuple[float, float] | None:
        """The written position of ball ``name``, or None when it is off the table."""
        for ball, xy in self.balls:
            if ball == name:
                return xy
        return None


def make_table(table_name: str) -> Table:
    """The ``sim.Table`` a scenario's ``table`` names (``lab.schema.TABLES``); ``ValueError``
    listing the names otherwise."""
    try:
        return SCENARIO_TABLES[table_name]
    except KeyError:
        known = ", ".join(SCENARIO_TABLES)
        raise ValueError(f"unknown table {table_name!r}; the tables are: {known}") from None
