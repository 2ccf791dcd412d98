"""Scenario files: read, validate and write one position, one shot and what should happen.

A scenario file (TOML or JSON; docs/scenario-format.md) describes a game, a table, the balls on
it by name, the phase of the game (break or not, groups, ball on, fouls so far, whose turn, ball
in hand), the shot (cue-ball placement, strike, declarations) and optionally the expected
ruling. :func:`load_scenario` turns a file into a frozen :class:`Scenario` or raises
:class:`ScenarioError` naming the file and the field; :func:`dump_toml` and
:func:`scenario_to_dict` write one back.

Checks, in order: the file parses; ``format`` and ``version`` are known; the structure follows
:data:`rules.lab.schema.SCHEMA`; then the meaning: ball names belong to the game, every ball
lies on the cloth without overlapping another, the phase is possible for the game, the shot's
declarations fit the game and phase, and a cue-ball placement lies where the rules allow.
"""

from __future__ import annotations

import json
import math
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from rules.lab.noise import NoiseModel
from rules.lab.schema import (
    FORMAT_NAME,
    FORMAT_VERSION,
    SNOOKER_COLOURS,
    StructureError,
    check_structure,
)

#: Two balls may overlap by this much (m) before a scenario is refused: positions typed with
#: millimetre precision that touch must still load.
OVERLAP_TOLERANCE = 1e-6

CUE = "cue"
_POOL_NUMBERS = tuple(str(n) for n in range(1, 16))
_REDS = tuple(f"red_{n}" for n in range(1, 16))

#: Ball names of each game, cue ball first, in index order (index = position in the tuple).
BALL_NAMES: dict[str, tuple[str, ...]] = {
    "nine-ball": (CUE, *_POOL_NUMBERS[:9]),
    "eight-ball": (CUE, *_POOL_NUMBERS),
    "snooker": (CUE, *_REDS, *SNOOKER_COLOURS),
}

DEFAULT_TABLE = {"nine-ball": "pool-9ft", "eight-ball": "pool-9ft", "snooker": "snooker"}
DEFAULT_PLAYERS = ("A", "B")


class ScenarioError(ValueError):
    """A scenario file that cannot be used. The message names the file and the field.

    Attributes:
        source: the file (or ``"<string>"``).
        field: dotted path of the offending value (``"balls.cue"``), or ``""`` for the file.
        detail: what was wrong and what is allowed.
    """

    def __init__(self, source: str, field: str, detail: str) -> None:
        where = f"{source}: {field}" if field else source
        super().__init__(f"{where}: {detail}")
        self.source = source
        self.field = field
        self.detail = detail


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
    def ball_names(self) -> tuple[str, ...]:
        """Every ball name of the game, in index order (index 0 is the cue ball)."""
        return BALL_NAMES[self.game]

    def position_of(self, name: str) -> tuple[float, float] | None:
        """The written position of ball ``name``, or None when it is off the table."""
        for ball, xy in self.balls:
            if ball == name:
                return xy
        return None


def make_table(table_name: str) -> Any:
    """The ``sim.Table`` a scenario's ``table`` names (imports the engine lazily)."""
    import sim

    if table_name == "snooker":
        return sim.Table.snooker()
    feet = int(table_name.removeprefix("pool-").removesuffix("ft"))
    return sim.Table.pool(feet=feet)


# --------------------------------------------------------------------------------- reading


def load_scenario(path: str | Path) -> Scenario:
    """Read and validate a scenario file (``.toml`` or ``.json``).

    Raises:
        ScenarioError: the file is missing, malformed or describes something impossible; the
            message names the file and the field.
    """
    path = Path(path)
    source = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(source, "", f"cannot read the file ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise ScenarioError(source, "", "the file is not UTF-8 text") from None
    kind = "json" if path.suffix.lower() == ".json" else "toml"
    return parse_scenario(text, source=source, kind=kind)


def parse_scenario(text: str, *, source: str = "<string>", kind: str = "toml") -> Scenario:
    """Validate scenario ``text`` of ``kind`` "toml" or "json" (see :func:`load_scenario`)."""
    try:
        if kind == "json":
            raw = json.loads(text)
        elif kind == "toml":
            raw = tomllib.loads(text)
        else:
            raise ValueError(f"unknown scenario kind {kind!r}; expected 'toml' or 'json'")
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(source, "", f"not valid TOML: {exc}") from None
    except json.JSONDecodeError as exc:
        raise ScenarioError(source, "", f"not valid JSON: {exc}") from None
    return scenario_from_dict(raw, source=source)


def scenario_from_dict(raw: Any, *, source: str = "<dict>") -> Scenario:
    """Validate a parsed scenario (the dict a TOML or JSON file gives)."""
    if not isinstance(raw, dict):
        raise ScenarioError(source, "", "a scenario must be a table/object at the top level")
    if raw.get("format") != FORMAT_NAME:
        raise ScenarioError(
            source, "format", f"expected format = {FORMAT_NAME!r}, got {raw.get('format')!r}"
        )
    version = raw.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise ScenarioError(source, "version", f"expected an integer, got {version!r}")
    if version != FORMAT_VERSION:
        raise ScenarioError(
            source,
            "version",
            f"unsupported scenario version {version}; this cuesim reads version {FORMAT_VERSION}",
        )
    try:
        check_structure(raw)
    except StructureError as exc:
        raise ScenarioError(source, exc.field, exc.detail) from None
    return _Builder(raw, source).build()


def _point(value: list[Any]) -> tuple[float, float]:
    return float(value[0]), float(value[1])


class _Builder:
    """Turns a structurally valid dict into a Scenario, checking its meaning."""

    def __init__(self, raw: dict[str, Any], source: str) -> None:
        self.raw = raw
        self.source = source
        self.game: str = raw["game"]
        self.table_name: str = raw.get("table", DEFAULT_TABLE[self.game])
        self.names = BALL_NAMES[self.game]

    def fail(self, field_path: str, detail: str) -> ScenarioError:
        return ScenarioError(self.source, field_path, detail)

    def build(self) -> Scenario:
        is_snooker_table = self.table_name == "snooker"
        if is_snooker_table != (self.game == "snooker"):
            allowed = "snooker" if self.game == "snooker" else "pool-9ft, pool-8ft or pool-7ft"
            raise self.fail(
                "table", f"{self.game} is not played on {self.table_name}: use {allowed}"
            )
        players = tuple(self.raw.get("players", DEFAULT_PLAYERS))
        if len(set(players)) != len(players) or any(not p for p in players):
            raise self.fail("players", f"player names must be distinct and non-empty: {players}")
        player_counts = (2, 4) if self.game == "snooker" else (2,)
        if len(players) not in player_counts:
            counts = " or ".join(str(n) for n in player_counts)
            raise self.fail(
                "players", f"{self.game} is played by {counts} players, got {len(players)}"
            )
        self.players = players
        phase = self._phase()
        shot = self._shot(phase)
        balls = self._balls(shot)
        self._check_phase_against_balls(phase, balls)
        self._check_shot_against_balls(shot, balls)
        scenario = Scenario(
            source=self.source,
            game=self.game,
            table=self.table_name,
            players=players,
            balls=balls,
            phase=phase,
            shot=shot,
            expect=self._expect(),
            noise=NoiseModel(**self.raw.get("noise", {})),
            title=self.raw.get("title", ""),
            description=self.raw.get("description", ""),
        )
        self._check_geometry(scenario)
        return scenario

    # ---------------------------------------------------------------- pieces

    def _player(self, name: str, field_path: str) -> str:
        if name not in self.players:
            raise self.fail(
                field_path, f"unknown player {name!r}; players are {list(self.players)}"
            )
        return name

    def _ball(self, name: str, field_path: str) -> str:
        if name not in self.names:
            shown = ", ".join(self.names)
            raise self.fail(field_path, f"unknown ball {name!r} in {self.game}; balls are {shown}")
        return name

    def _per_player(self, raw: Mapping[str, int], field_path: str) -> dict[str, int]:
        return {self._player(k, f"{field_path}.{k}"): int(v) for k, v in raw.items()}

    def _only_for(
        self, mapping: Mapping[str, Any], key: str, games: tuple[str, ...], path: str
    ) -> None:
        if key in mapping and self.game not in games:
            raise self.fail(f"{path}.{key}", f"only meaningful in {' or '.join(games)}")

    def _phase(self) -> ScenarioPhase:
        raw = self.raw.get("phase", {})
        for key in ("magic_rack", "push_out_available"):
            self._only_for(raw, key, ("nine-ball",), "phase")
        self._only_for(raw, "groups", ("eight-ball",), "phase")
        for key in ("ball_on", "free_ball", "respotted_black"):
            self._only_for(raw, key, ("snooker",), "phase")
        is_break = bool(raw.get("break", False))
        to_play = self._player(raw.get("to_play", self.players[0]), "phase.to_play")
        snooker = self.game == "snooker"
        if "ball_in_hand" in raw:
            in_hand = raw["ball_in_hand"]
        elif is_break:
            in_hand = "in_d" if snooker else "behind_head_string"
        else:
            in_hand = "none"
        if snooker and in_hand in ("anywhere", "behind_head_string"):
            raise self.fail(
                "phase.ball_in_hand", f"{in_hand!r} is a pool zone; snooker uses 'in_d'"
            )
        if not snooker and in_hand == "in_d":
            raise self.fail(
                "phase.ball_in_hand", "'in_d' is a snooker zone; use 'behind_head_string'"
            )
        if is_break and in_hand != ("in_d" if snooker else "behind_head_string"):
            raise self.fail(
                "phase.ball_in_hand",
                f"the break is played from {'the D' if snooker else 'behind the head string'}",
            )
        fouls = self._per_player(raw.get("fouls_in_a_row", {}), "phase.fouls_in_a_row")
        for name, count in fouls.items():
            if not 0 <= count <= 2:
                raise self.fail(
                    f"phase.fouls_in_a_row.{name}",
                    f"{count} fouls in a row is impossible before a shot (0, 1 or 2)",
                )
        if is_break and any(fouls.values()):
            raise self.fail("phase.fouls_in_a_row", "no foul can precede the opening break")
        push_out = bool(raw.get("push_out_available", False))
        if is_break and push_out:
            raise self.fail("phase.push_out_available", "a push-out cannot be played on the break")
        groups = {self._player(k, f"phase.groups.{k}"): v for k, v in raw.get("groups", {}).items()}
        if groups:
            if is_break:
                raise self.fail("phase.groups", "groups cannot be assigned before the break")
            if len(groups) != len(self.players) or len(set(groups.values())) != len(groups):
                raise self.fail(
                    "phase.groups", "give every player a different group (solids, stripes)"
                )
        scores = self._per_player(raw.get("scores", {}), "phase.scores")
        for name, score in scores.items():
            if score < 0:
                raise self.fail(f"phase.scores.{name}", f"a score cannot be negative ({score})")
        free_ball = bool(raw.get("free_ball", False))
        if free_ball and is_break:
            raise self.fail("phase.free_ball", "a free ball follows a foul, never the break")
        respotted = bool(raw.get("respotted_black", False))
        ball_on = raw.get("ball_on")
        if is_break and ball_on not in (None, "red"):
            raise self.fail("phase.ball_on", "on the break the ball on is a red")
        return ScenarioPhase(
            is_break=is_break,
            to_play=to_play,
            ball_in_hand=in_hand,
            fouls_in_a_row=fouls,
            magic_rack=bool(raw.get("magic_rack", False)),
            push_out_available=push_out,
            groups=groups,
            ball_on=ball_on,
            scores=scores,
            free_ball=free_ball,
            respotted_black=respotted,
        )

    def _shot(self, phase: ScenarioPhase) -> ShotSpec:
        raw = self.raw["shot"]
        self._only_for(raw, "push_out", ("nine-ball",), "shot")
        self._only_for(raw, "call", ("eight-ball",), "shot")
        self._only_for(raw, "safety", ("eight-ball",), "shot")
        for key in ("nominate", "free_ball"):
            self._only_for(raw, key, ("snooker",), "shot")
        if ("phi" in raw) == ("aim" in raw):
            raise self.fail("shot", "give exactly one of phi (degrees) or aim")
        aim = None
        if "aim" in raw:
            value = raw["aim"]
            if isinstance(value, str):
                aim = Aim(ball=self._ball(value, "shot.aim"))
            elif isinstance(value, list):
                aim = Aim(point=_point(value))
            else:
                aim = Aim(ball=self._ball(value["ball"], "shot.aim.ball"), pocket=value["pocket"])
            if aim.ball == CUE:
                raise self.fail("shot.aim", "the cue ball cannot aim at itself")
        cue_at = _point(raw["cue_ball_at"]) if "cue_ball_at" in raw else None
        if cue_at is not None and phase.ball_in_hand == "none":
            raise self.fail(
                "shot.cue_ball_at",
                "the cue ball may only be placed with ball in hand (phase.ball_in_hand)",
            )
        push_out = bool(raw.get("push_out", False))
        if push_out and not phase.push_out_available:
            raise self.fail(
                "shot.push_out",
                "a push-out may only be called on the shot after the break "
                "(set phase.push_out_available = true)",
            )
        call = raw.get("call")
        called_ball = self._ball(call["ball"], "shot.call.ball") if call else None
        if called_ball == CUE:
            raise self.fail("shot.call.ball", "the cue ball cannot be called")
        free_ball = raw.get("free_ball")
        if free_ball is not None and "nominate" in raw:
            raise self.fail(
                "shot.free_ball", "a free ball is the nomination: give free_ball or nominate"
            )
        if free_ball is not None:
            self._ball(free_ball, "shot.free_ball")
            if not phase.free_ball:
                raise self.fail(
                    "shot.free_ball", "a free ball needs phase.free_ball = true (after a foul)"
                )
            if free_ball == CUE:
                raise self.fail("shot.free_ball", "the cue ball cannot be the free ball")
        return ShotSpec(
            speed=float(raw["speed"]),
            phi=float(raw["phi"]) if "phi" in raw else None,
            aim=aim,
            theta=float(raw.get("theta", 0.0)),
            a=float(raw.get("a", 0.0)),
            b=float(raw.get("b", 0.0)),
            cue_ball_at=cue_at,
            push_out=push_out,
            called_ball=called_ball,
            called_pocket=call["pocket"] if call else None,
            safety=bool(raw.get("safety", False)),
            nominated=raw.get("nominate"),
            free_ball=free_ball,
            declared_fouls=tuple(raw.get("declared_fouls", ())),
            off_table=tuple(
                self._ball(name, f"shot.off_table[{i}]")
                for i, name in enumerate(raw.get("off_table", ()))
            ),
        )

    def _balls(self, shot: ShotSpec) -> tuple[tuple[str, tuple[float, float]], ...]:
        raw = self.raw["balls"]
        for name in raw:
            self._ball(name, f"balls.{name}")
        positions = {name: _point(xy) for name, xy in raw.items()}
        if shot.cue_ball_at is not None:
            positions[CUE] = shot.cue_ball_at
        if CUE not in positions:
            raise self.fail(
                "balls.cue",
                "the cue ball is missing: give balls.cue, or shot.cue_ball_at with ball in hand",
            )
        if len(positions) < 2:
            raise self.fail("balls", "at least one object ball must be on the table")
        return tuple((name, positions[name]) for name in self.names if name in positions)

    def _check_phase_against_balls(
        self, phase: ScenarioPhase, balls: tuple[tuple[str, tuple[float, float]], ...]
    ) -> None:
        on_table = {name for name, _ in balls}
        if self.game == "nine-ball" and "9" not in on_table:
            raise self.fail("balls", "the 9 must be on the table: a game without it is over")
        if self.game == "eight-ball" and "8" not in on_table:
            raise self.fail("balls", "the 8 must be on the table: a game without it is over")
        if self.game == "snooker":
            reds_left = any(name.startswith("red_") for name in on_table)
            if phase.ball_on == "red" and not reds_left:
                raise self.fail("phase.ball_on", "no red is left on the table to be on")
            if phase.ball_on in SNOOKER_COLOURS:
                if reds_left:
                    raise self.fail(
                        "phase.ball_on",
                        f"{phase.ball_on} cannot be on in sequence while reds remain; "
                        "after a red use 'colour'",
                    )
                if phase.ball_on not in on_table:
                    raise self.fail("phase.ball_on", f"the {phase.ball_on} is not on the table")
                lower = SNOOKER_COLOURS[: SNOOKER_COLOURS.index(phase.ball_on)]
                still = [c for c in lower if c in on_table]
                if still:
                    raise self.fail(
                        "phase.ball_on",
                        f"{phase.ball_on} is not on while {still[0]} is still on the table",
                    )
            if phase.respotted_black and on_table != {CUE, "black"}:
                raise self.fail(
                    "phase.respotted_black", "a re-spotted black needs only the cue and the black"
                )

    def _check_shot_against_balls(
        self, shot: ShotSpec, balls: tuple[tuple[str, tuple[float, float]], ...]
    ) -> None:
        on_table = {name for name, _ in balls}
        if shot.aim is not None and shot.aim.ball is not None and shot.aim.ball not in on_table:
            raise self.fail("shot.aim", f"ball {shot.aim.ball!r} is not on the table")
        if shot.called_ball is not None and shot.called_ball not in on_table:
            raise self.fail("shot.call.ball", f"ball {shot.called_ball!r} is not on the table")
        if shot.free_ball is not None and shot.free_ball not in on_table:
            raise self.fail("shot.free_ball", f"ball {shot.free_ball!r} is not on the table")
        for i, name in enumerate(shot.off_table):
            if name not in on_table:
                raise self.fail(f"shot.off_table[{i}]", f"ball {name!r} was not on the table")

    def _expect(self) -> Expectation:
        raw = self.raw.get("expect", {})
        for i, name in enumerate(raw.get("pocketed", ())):
            self._ball(name, f"expect.pocketed[{i}]")
        for i, name in enumerate(raw.get("spotted", ())):
            self._ball(name, f"expect.spotted[{i}]")
        for key in ("next_to_play",):
            if key in raw:
                self._player(raw[key], f"expect.{key}")
        if raw.get("winner"):
            self._player(raw["winner"], "expect.winner")
        points = self._per_player(raw["points"], "expect.points") if "points" in raw else None

        def names(key: str) -> tuple[str, ...] | None:
            return tuple(raw[key]) if key in raw else None

        return Expectation(
            legal=raw.get("legal"),
            fouls=names("fouls"),
            pocketed=names("pocketed"),
            next_to_play=raw.get("next_to_play"),
            ball_in_hand=raw.get("ball_in_hand"),
            points=points,
            frame_over=raw.get("frame_over"),
            winner=raw.get("winner"),
            options=names("options"),
            spotted=names("spotted"),
        )

    # ---------------------------------------------------------------- geometry

    def _check_geometry(self, scenario: Scenario) -> None:
        table = make_table(scenario.table)
        radius = float(table.ball_radius)
        for name, (x, y) in scenario.balls:
            where = "shot.cue_ball_at" if name == CUE and scenario.shot.cue_ball_at else None
            if not table.contains_ball(x, y):
                raise self.fail(
                    where or f"balls.{name}",
                    f"ball {name} at ({x:g}, {y:g}) m is not on the cloth: the centre must lie "
                    f"at least one radius ({radius:g} m) inside every cushion and outside the "
                    f"pockets of the {table.length:g} x {table.width:g} m playing surface",
                )
        placed = scenario.balls
        for i, (name_i, (xi, yi)) in enumerate(placed):
            for name_j, (xj, yj) in placed[i + 1 :]:
                gap = math.hypot(xi - xj, yi - yj) - 2 * radius
                if gap < -OVERLAP_TOLERANCE:
                    cue_placed = scenario.shot.cue_ball_at is not None and CUE in (name_i, name_j)
                    where = "shot.cue_ball_at" if cue_placed else f"balls.{name_j}"
                    raise self.fail(
                        where,
                        f"balls {name_i} and {name_j} overlap by {-gap * 1000:.1f} mm "
                        f"(centres must be at least {2 * radius:g} m apart)",
                    )
        self._check_placement(scenario, table)
        self._check_aim_pocket(scenario, table)

    def _check_placement(self, scenario: Scenario, table: Any) -> None:
        from rules.placement import is_in_zone, zone_words
        from rules.types import BallInHand

        zone = BallInHand(scenario.phase.ball_in_hand)
        cue = scenario.position_of(CUE)
        if zone is BallInHand.NONE or cue is None:
            return
        where = "shot.cue_ball_at" if scenario.shot.cue_ball_at is not None else "balls.cue"
        if not is_in_zone(table, cue, zone):
            raise self.fail(
                where,
                f"the cue ball at ({cue[0]:g}, {cue[1]:g}) is outside the ball-in-hand zone: "
                f"with phase.ball_in_hand = {zone.value!r} it must go {zone_words(table, zone)}",
            )

    def _check_aim_pocket(self, scenario: Scenario, table: Any) -> None:
        shot = scenario.shot
        names = {p.name for p in table.pockets}
        for pocket, where in (
            (shot.aim.pocket if shot.aim else None, "shot.aim.pocket"),
            (shot.called_pocket, "shot.call.pocket"),
        ):
            if pocket is not None and pocket not in names:
                raise self.fail(where, f"no pocket {pocket!r} on this table; pockets: {names}")


# --------------------------------------------------------------------------------- writing


def scenario_to_dict(scenario: Scenario) -> dict[str, Any]:
    """A plain dict that :func:`scenario_from_dict` reads back to an equal scenario."""
    out: dict[str, Any] = {"format": FORMAT_NAME, "version": FORMAT_VERSION}
    if scenario.title:
        out["title"] = scenario.title
    if scenario.description:
        out["description"] = scenario.description
    out["game"] = scenario.game
    out["table"] = scenario.table
    out["players"] = list(scenario.players)
    out["balls"] = {name: [x, y] for name, (x, y) in scenario.balls}
    p = scenario.phase
    phase: dict[str, Any] = {"break": p.is_break, "to_play": p.to_play}
    phase["ball_in_hand"] = p.ball_in_hand
    if p.fouls_in_a_row:
        phase["fouls_in_a_row"] = dict(p.fouls_in_a_row)
    if scenario.game == "nine-ball":
        phase["magic_rack"] = p.magic_rack
        phase["push_out_available"] = p.push_out_available
    if p.groups:
        phase["groups"] = dict(p.groups)
    if p.ball_on is not None:
        phase["ball_on"] = p.ball_on
    if p.scores:
        phase["scores"] = dict(p.scores)
    if scenario.game == "snooker":
        phase["free_ball"] = p.free_ball
        phase["respotted_black"] = p.respotted_black
    out["phase"] = phase
    s = scenario.shot
    shot: dict[str, Any] = {}
    if s.cue_ball_at is not None:
        shot["cue_ball_at"] = list(s.cue_ball_at)
        out["balls"].pop(CUE, None)
    shot["speed"] = s.speed
    if s.phi is not None:
        shot["phi"] = s.phi
    elif s.aim is not None:
        if s.aim.pocket is not None:
            shot["aim"] = {"ball": s.aim.ball, "pocket": s.aim.pocket}
        elif s.aim.ball is not None:
            shot["aim"] = s.aim.ball
        elif s.aim.point is not None:
            shot["aim"] = list(s.aim.point)
    shot.update(theta=s.theta, a=s.a, b=s.b)
    if s.push_out:
        shot["push_out"] = True
    if s.called_ball is not None:
        shot["call"] = {"ball": s.called_ball, "pocket": s.called_pocket}
    if s.safety:
        shot["safety"] = True
    if s.nominated is not None:
        shot["nominate"] = s.nominated
    if s.free_ball is not None:
        shot["free_ball"] = s.free_ball
    if s.declared_fouls:
        shot["declared_fouls"] = list(s.declared_fouls)
    if s.off_table:
        shot["off_table"] = list(s.off_table)
    out["shot"] = shot
    expect = scenario.expect.as_dict()
    if expect:
        out["expect"] = expect
    if scenario.noise != NoiseModel():
        out["noise"] = {name: getattr(scenario.noise, name) for name in NoiseModel.field_names()}
    return out


def _toml_key(key: str) -> str:
    bare = key and all((c.isalnum() and c.isascii()) or c in "_-" for c in key)
    return key if bare else json.dumps(key)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"TOML cannot hold {value!r} here")
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        items = ", ".join(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in value.items())
        return "{ " + items + " }" if items else "{}"
    raise TypeError(f"cannot write {type(value).__name__} to TOML")


def dump_toml(data: Mapping[str, Any]) -> str:
    """TOML text for a scenario dict: plain keys first, then one ``[table]`` per sub-table.

    Only the shapes a scenario uses are supported (one level of tables; inline tables below).
    """
    lines = []
    for key, value in data.items():
        if not isinstance(value, Mapping):
            lines.append(f"{_toml_key(key)} = {_toml_value(value)}")
    for key, value in data.items():
        if isinstance(value, Mapping):
            lines.append("")
            lines.append(f"[{_toml_key(key)}]")
            for sub, item in value.items():
                lines.append(f"{_toml_key(sub)} = {_toml_value(item)}")
    return "\n".join(lines) + "\n"


def write_scenario(scenario: Scenario, path: str | Path) -> None:
    """Write ``scenario`` to ``path`` as JSON (``.json``) or TOML (anything else)."""
    path = Path(path)
    data = scenario_to_dict(scenario)
    if path.suffix.lower() == ".json":
        path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    else:
        path.write_text(dump_toml(data), encoding="utf-8")
