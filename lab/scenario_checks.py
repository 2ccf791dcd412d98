"""The meaning checks of a scenario: position, phase, shot and expectation.

:func:`build_scenario` takes a dict that already follows :data:`lab.schema.SCHEMA` and checks,
in order: ball names belong to the game, the phase is possible for the game, the shot's
declarations fit the game and phase, every ball lies on the cloth without overlapping another,
and a cue-ball placement lies where the rules allow (``rules.placement``). Each refusal is a
:class:`~lab.scenario_types.ScenarioError` naming the field.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from typing import Any

import rules
from agents.noise import NoiseModel
from lab.scenario_types import (
    CUE,
    DEFAULT_PLAYERS,
    OVERLAP_TOLERANCE,
    Aim,
    Expectation,
    Scenario,
    ScenarioError,
    ScenarioPhase,
    ShotSpec,
    game_takes,
    games_taking,
    make_table,
)
from lab.schema import SNOOKER_COLOURS, table_name_of
from rules.arguments import check_player_names
from rules.game import Game
from rules.snooker import BALL_NAMES as SNOOKER_BALL_NAMES
from rules.snooker import RED_INDICES
from rules.types import BallInHand
from sim.table import Table

#: The names of snooker's reds ("red_1".."red_15", ``rules.snooker``).
RED_NAMES = frozenset(SNOOKER_BALL_NAMES[i] for i in RED_INDICES)
#: Where the break is played from, in the words of a scenario error.
_BREAK_ZONE_WORDS = {
    BallInHand.BEHIND_HEAD_STRING: "behind the head string",
    BallInHand.IN_D: "the D",
}


@functools.cache
def break_zone(cls: type[Game]) -> BallInHand:
    """Where the cue ball is in hand for the break of a new game of ``cls``."""
    return cls.new().ball_in_hand


def _either(names: list[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def build_scenario(raw: dict[str, Any], source: str) -> Scenario:
    """The :class:`Scenario` of a structurally valid ``raw`` dict from ``source``, or raise.

    Raises:
        ScenarioError: the meaning is impossible (see the module docstring); names the field.
    """
    return _Builder(raw, source).build()


def _point(value: list[Any]) -> tuple[float, float]:
    return float(value[0]), float(value[1])


class _Builder:
    """Turns a structurally valid dict into a Scenario, checking its meaning."""

    def __init__(self, raw: dict[str, Any], source: str) -> None:
        self.raw = raw
        self.source = source
        self.game: str = raw["game"]
        self.cls = rules.game_class(self.game)
        self.table_name: str = raw.get("table", table_name_of(self.cls.default_table()))
        self.names = self.cls.ball_names

    def fail(self, field_path: str, detail: str) -> ScenarioError:
        return ScenarioError(self.source, field_path, detail)

    def build(self) -> Scenario:
        tables = [table_name_of(t) for t in self.cls.allowed_tables()]
        if self.table_name not in tables:
            raise self.fail(
                "table", f"{self.game} is not played on {self.table_name}: use {_either(tables)}"
            )
        players = tuple(self.raw.get("players", DEFAULT_PLAYERS))
        if len(set(players)) != len(players) or any(not p for p in players):
            raise self.fail("players", f"player names must be distinct and non-empty: {players}")
        try:  # the names a game accepts (visible, no control character, not too long)
            check_player_names(players, what="the names")
        except rules.RulesError as exc:
            raise self.fail("players", str(exc)) from None
        player_counts = self.cls.player_counts
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

    def _only_for(self, mapping: Mapping[str, Any], key: str, path: str) -> None:
        """Refuse ``path.key`` when the game does not understand it (``GAME_SPECIFIC_KEYS``),
        naming the games that do."""
        where = f"{path}.{key}"
        if key in mapping and not game_takes(self.cls, where):
            raise self.fail(where, f"only meaningful in {' or '.join(games_taking(where))}")

    def _phase(self) -> ScenarioPhase:
        raw = self.raw.get("phase", {})
        for key in (
            "magic_rack",
            "push_out_available",
            "groups",
            "ball_on",
            "free_ball",
            "respotted_black",
        ):
            self._only_for(raw, key, "phase")
        is_break = bool(raw.get("break", False))
        to_play = self._player(raw.get("to_play", self.players[0]), "phase.to_play")
        from_break = break_zone(self.cls)
        if "ball_in_hand" in raw:
            in_hand = raw["ball_in_hand"]
        elif is_break:
            in_hand = from_break.value
        else:
            in_hand = BallInHand.NONE.value
        zones = sorted(z.value for z in self.cls.hand_zones)
        if in_hand not in zones:
            users = [c.kind.value for c in rules.games() if in_hand in c.hand_zones]
            raise self.fail(
                "phase.ball_in_hand",
                f"{in_hand!r} is a {' or '.join(users)} zone; {self.game} uses {_either(zones)}",
            )
        if is_break and in_hand != from_break.value:
            raise self.fail(
                "phase.ball_in_hand",
                f"the break is played from {_BREAK_ZONE_WORDS.get(from_break, from_break.value)}",
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
        for key in ("push_out", "call", "safety", "nominate", "free_ball"):
            self._only_for(raw, key, "shot")
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
        game_ball = self.cls.game_ball
        if game_ball is not None and game_ball not in on_table:
            raise self.fail(
                "balls", f"the {game_ball} must be on the table: a game without it is over"
            )
        if game_takes(self.cls, "phase.ball_on"):
            reds_left = bool(on_table & RED_NAMES)
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

    def _check_placement(self, scenario: Scenario, table: Table) -> None:
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

    def _check_aim_pocket(self, scenario: Scenario, table: Table) -> None:
        shot = scenario.shot
        names = ", ".join(p.name for p in table.pockets)
        for pocket, where in (
            (shot.aim.pocket if shot.aim else None, "shot.aim.pocket"),
            (shot.called_pocket, "shot.call.pocket"),
        ):
            if pocket is not None and pocket not in {p.name for p in table.pockets}:
                raise self.fail(where, f"no pocket {pocket!r} on this table; pockets: {names}")
