"""Simulate and judge one scenario; compare the ruling with the scenario's expectations.

The steps, each a function so the window, the CLI and the tests can use them alone:

1. :func:`game_from_scenario`: the ``rules.Game`` standing at the scenario's position and phase,
   built and checked by the game class itself (``Game.in_position``).
2. :func:`prepare`: that game, the ball state with the cue ball placed (checked by the game's
   own placement rules), the intended strike (``aim`` resolved to ``phi``) and the declaration.
3. :func:`play`: ``sim.simulate`` then ``game.judge``.
4. :func:`ruling_facts` and :func:`compare`: the ruling as plain names and numbers, and its
   differences with ``[expect]``.

:func:`run_scenario` does all four; :func:`study_model` wraps 1-3 as the shot model of a study.
Every error caused by the scenario (not by a bug) is raised as
:class:`~lab.scenario.ScenarioError` naming the file and the field.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import rules
import sim
from agents.noise import NoiseModel, StrikeValues, noisy_strike
from lab.records import ShotRecord
from lab.scenario import CUE, Expectation, Scenario, ScenarioError, make_table
from lab.scenario_checks import RED_NAMES
from lab.scenario_types import game_takes
from rules.break_rules import BreakRule
from rules.facts import ShotFacts
from rules.types import Phase
from sim.errors import EventCapExceededError, SimInputError
from sim.events import EventKind

#: How each event kind is printed.
EVENT_WORDS = {
    EventKind.STRIKE: "strike",
    EventKind.BALL_BALL: "ball-ball",
    EventKind.BALL_CUSHION: "cushion",
    EventKind.BALL_POCKET: "pocket",
    EventKind.SLIDING_TO_ROLLING: "sliding->rolling",
    EventKind.SLIDING_TO_SPINNING: "sliding->spinning",
    EventKind.SLIDING_TO_STATIONARY: "sliding->stopped",
    EventKind.ROLLING_TO_SPINNING: "rolling->spinning",
    EventKind.ROLLING_TO_STATIONARY: "rolling->stopped",
    EventKind.SPINNING_TO_STATIONARY: "spinning->stopped",
    EventKind.LINE_CROSSING: "line",
}

# ----------------------------------------------------------------------------- the game


def _phase_and_ball_on(scenario: Scenario) -> tuple[Phase | None, frozenset[int] | None]:
    """The game phase the scenario's ``[phase]`` describes, and the ball on when the game's
    own rule for that phase (``Game.default_ball_on``) would not say it: a colour named as on
    in sequence. (None, None): the game's ordinary play phase and its ball on."""
    phase = scenario.phase
    cls = scenario.game_class
    on_table = {name for name, _ in scenario.balls}
    if phase.is_break:
        return Phase.BREAK, None
    if phase.push_out_available:
        return Phase.PUSH_OUT_ALLOWED, None
    if phase.groups:
        return Phase.GROUPS_ASSIGNED, None
    if phase.respotted_black:
        return Phase.RESPOTTED_BLACK, None
    if phase.ball_on == "colour":
        return Phase.COLOUR_AFTER_RED, None
    if phase.ball_on not in (None, "red"):
        return Phase.COLOURS_IN_ORDER, frozenset({cls.ball_index(str(phase.ball_on))})
    if phase.ball_on is None and game_takes(cls, "phase.ball_on") and not on_table & RED_NAMES:
        return Phase.COLOURS_IN_ORDER, None
    return None, None


def game_from_scenario(scenario: Scenario) -> rules.Game:
    """The ``rules.Game`` at the scenario's position, phase and turn, built by the game class
    (``Cls.in_position``, which checks every value). The two-fouls warning is taken as given
    for a player at two fouls (the rule text requires it before a third counts)."""
    cls = scenario.game_class
    phase = scenario.phase
    players = scenario.players
    options: dict[str, Any] = {"table": make_table(scenario.table)}
    if game_takes(cls, "phase.magic_rack"):
        options["rack_style"] = "magic" if phase.magic_rack else "triangle"
    if phase.groups:
        options["groups"] = tuple(rules.Group(phase.groups[p]) for p in players)
    if phase.free_ball:
        options["free_ball"] = True
    if phase.scores:
        # Scores are per side (snooker teams: players 1 and 3, 2 and 4), named by its first
        # player.
        sides = cls.new(players=players, seed=0).sides
        options["score"] = tuple(phase.scores.get(players[s], 0) for s in range(sides))
    game_phase, ball_on = _phase_and_ball_on(scenario)
    fouls = tuple(phase.fouls_in_a_row.get(p, 0) for p in players)
    return cls.in_position(
        dict(scenario.balls),
        players=players,
        to_play=players.index(phase.to_play),
        phase=game_phase,
        ball_in_hand=phase.ball_in_hand,
        ball_on=ball_on,
        fouls_in_a_row=fouls,
        warning_given=tuple(n >= 2 for n in fouls),
        seed=0,
        **options,
    )


# ----------------------------------------------------------------------------- one shot


@dataclass(frozen=True)
class PreparedShot:
    """Everything needed to play a scenario's shot (see :func:`prepare`)."""

    scenario: Scenario
    game: rules.Game
    state: sim.BallState
    intended: StrikeValues
    declaration: rules.Declaration

    @property
    def table(self) -> sim.Table:
        return self.game.table

    @property
    def names(self) -> tuple[str, ...]:
        return self.scenario.ball_names


def resolve_phi(scenario: Scenario, table: sim.Table) -> float:
    """The cue direction (degrees) of the scenario's shot: ``phi`` as written, or from ``aim``:
    straight at a ball's centre or a point, or the ghost-ball line that sends a ball to a pocket
    (the cue ball's centre at contact sits 2R behind the object ball, on the pocket line; no
    throw or squirt correction)."""
    shot = scenario.shot
    if shot.phi is not None:
        return float(shot.phi)
    assert shot.aim is not None
    cue = scenario.position_of(CUE)
    assert cue is not None
    if shot.aim.point is not None:
        tx, ty = shot.aim.point
    else:
        assert shot.aim.ball is not None
        target = scenario.position_of(shot.aim.ball)
        assert target is not None
        tx, ty = target
        if shot.aim.pocket is not None:
            pocket = table.pocket_named(shot.aim.pocket)
            ux, uy = pocket.x - tx, pocket.y - ty
            norm = math.hypot(ux, uy)
            r2 = 2.0 * float(table.ball_radius)
            tx, ty = tx - r2 * ux / norm, ty - r2 * uy / norm
    if math.hypot(tx - cue[0], ty - cue[1]) < 1e-9:
        raise ScenarioError(scenario.source, "shot.aim", "the aim point is the cue ball's centre")
    return math.degrees(math.atan2(ty - cue[1], tx - cue[0])) % 360.0


def declaration_for(scenario: Scenario) -> rules.Declaration:
    """The ``rules.Declaration`` of the scenario's shot (ball names turned into indices)."""
    shot = scenario.shot
    idx = {name: i for i, name in enumerate(scenario.ball_names)}
    nominated = idx[shot.nominated] if shot.nominated else None
    if shot.free_ball is not None:
        nominated = idx[shot.free_ball]
    return rules.Declaration(
        push_out=shot.push_out,
        called_ball=idx[shot.called_ball] if shot.called_ball else None,
        called_pocket=shot.called_pocket,
        safety=shot.safety,
        nominated=nominated,
        free_ball=shot.free_ball is not None,
        declared_fouls=frozenset(shot.declared_fouls),
        off_table=frozenset(idx[name] for name in shot.off_table),
    )


def prepare(scenario: Scenario) -> PreparedShot:
    """The game, the starting state (cue ball placed), the intended strike and the declaration.

    Raises:
        ScenarioError: the rules refuse the placement, the declaration or the strike.
    """
    try:
        game = game_from_scenario(scenario)
    except (rules.RulesError, SimInputError) as exc:
        raise ScenarioError(scenario.source, "phase", str(exc)) from None
    where = "shot.cue_ball_at" if scenario.shot.cue_ball_at is not None else "balls.cue"
    try:
        state = game.state_for_shot(scenario.position_of(CUE))
    except rules.IllegalPlacementError as exc:
        raise ScenarioError(scenario.source, where, str(exc)) from None
    declaration = declaration_for(scenario)
    try:
        game.validate_declaration(declaration)
    except rules.InvalidDeclarationError as exc:
        raise ScenarioError(scenario.source, "shot", str(exc)) from None
    shot = scenario.shot
    intended = StrikeValues(
        speed=shot.speed,
        phi=resolve_phi(scenario, game.table),
        theta=shot.theta,
        a=shot.a,
        b=shot.b,
    )
    try:
        sim.Strike(intended.speed, intended.phi, intended.theta, intended.a, intended.b)
    except SimInputError as exc:
        raise ScenarioError(scenario.source, "shot", str(exc)) from None
    return PreparedShot(scenario, game, state, intended, declaration)


def simulate(prepared: PreparedShot, strike: StrikeValues | None = None) -> sim.ShotResult:
    """``sim.simulate`` of ``strike`` (default: the intended one) from the prepared state."""
    s = prepared.intended if strike is None else strike
    return sim.simulate(
        prepared.table, prepared.state, sim.Strike(s.speed, s.phi, s.theta, s.a, s.b)
    )


def play(
    prepared: PreparedShot, strike: StrikeValues | None = None
) -> tuple[sim.ShotResult, rules.Ruling]:
    """(``ShotResult``, ``Ruling``) of one strike from the prepared position."""
    result = simulate(prepared, strike)
    ruling = prepared.game.judge(result, prepared.declaration)
    return result, ruling


# ----------------------------------------------------------------------------- reading the ruling


def ruling_facts(prepared: PreparedShot, ruling: rules.Ruling) -> dict[str, Any]:
    """The ruling in the vocabulary of ``[expect]``: names, codes and plain numbers."""
    players = prepared.scenario.players
    names = prepared.names
    return {
        "legal": not ruling.fouls,
        "fouls": [f.code for f in ruling.fouls],
        "pocketed": [names[b] for b in ruling.pocketed],
        "next_to_play": players[ruling.next_to_play],
        "ball_in_hand": str(ruling.ball_in_hand.value),
        "points": {players[i]: int(p) for i, p in enumerate(ruling.points)},
        "frame_over": bool(ruling.frame_over),
        "winner": players[ruling.winner] if ruling.winner is not None else "",
        "options": [str(c.value) for c in ruling.options],
        "spotted": [names[b] for b, _ in ruling.to_spot],
    }


@dataclass(frozen=True)
class Difference:
    """One expectation that did not hold."""

    field: str
    expected: Any
    actual: Any

    def describe(self) -> str:
        return f"{self.field}: expected {self.expected!r}, got {self.actual!r}"


def compare(expect: Expectation, facts: Mapping[str, Any]) -> list[Difference]:
    """The expectations of ``expect`` that ``facts`` (from :func:`ruling_facts`) break.

    Lists (fouls, pocketed, options, spotted) compare as multisets: order does not matter.
    ``points`` checks only the players it names.
    """
    out = []
    for key, wanted in expect.as_dict().items():
        actual = facts[key]
        if isinstance(wanted, list):
            same = Counter(wanted) == Counter(actual)
        elif isinstance(wanted, dict):
            same = all(actual.get(k) == v for k, v in wanted.items())
            actual = {k: actual.get(k) for k in wanted}
        else:
            same = wanted == actual
        if not same:
            out.append(Difference(key, wanted, actual))
    return out


def describe_events(
    result: sim.ShotResult, names: tuple[str, ...], table: sim.Table
) -> list[dict[str, Any]]:
    """Each event row as a dict: index, t (s), kind (words), ball, other (ball / cushion /
    pocket / line name or ""), speed (m/s), x, y (m)."""
    cushions = [c.name for c in table.cushions]
    pockets = [p.name for p in table.pockets]
    lines = [ln.name for ln in table.lines]
    out = []
    for k, row in enumerate(result.events):
        kind = EventKind(int(row["kind"]))
        a, b = int(row["a"]), int(row["b"])
        other = ""
        if kind == EventKind.BALL_BALL and 0 <= b < len(names):
            other = names[b]
        elif kind == EventKind.BALL_CUSHION and 0 <= b < len(cushions):
            other = cushions[b]
        elif kind == EventKind.BALL_POCKET and 0 <= b < len(pockets):
            other = pockets[b]
        elif kind == EventKind.LINE_CROSSING and 0 <= b < len(lines):
            other = lines[b] + (
                " (towards foot)" if int(row["direction"]) > 0 else " (towards head)"
            )
        out.append(
            {
                "index": k,
                "t": float(row["t"]),
                "kind": EVENT_WORDS.get(kind, kind.name.lower()),
                "ball": names[a] if 0 <= a < len(names) else str(a),
                "other": other,
                "speed": float(row["speed"]),
                "x": float(row["x"]),
                "y": float(row["y"]),
            }
        )
    return out


@dataclass(frozen=True)
class Outcome:
    """One scenario run: the prepared shot, the engine's result, the ruling, its facts and the
    differences with the expectations (empty: every expectation held)."""

    prepared: PreparedShot
    result: sim.ShotResult
    ruling: rules.Ruling
    facts: dict[str, Any]
    differences: list[Difference] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.differences


def run_scenario(scenario: Scenario) -> Outcome:
    """Prepare, simulate, judge and compare one scenario.

    Raises:
        ScenarioError: the scenario cannot be played (placement, declaration, strike refused,
            or the engine refuses the position).
    """
    prepared = prepare(scenario)
    try:
        result, ruling = play(prepared)
    except SimInputError as exc:
        raise ScenarioError(scenario.source, "balls", str(exc)) from None
    except EventCapExceededError as exc:
        raise ScenarioError(scenario.source, "shot", f"the engine gave up: {exc}") from None
    facts = ruling_facts(prepared, ruling)
    return Outcome(prepared, result, ruling, facts, compare(scenario.expect, facts))


#: The execution noise of :func:`jitter_failures`: far below a player's (agents.noise
#: defaults), far above the engine's rounding. An expectation that fails under it hangs on chaos.
JITTER_NOISE = NoiseModel(speed_rel=0.002, phi_deg=0.05, theta_deg=0.0, tip=0.002)


def jitter_failures(
    scenario: Scenario, shots: int, noise: NoiseModel = JITTER_NOISE, seed: int = 0
) -> list[tuple[int, list[Difference]]]:
    """Play ``scenario``'s shot ``shots`` times with tiny execution noise (shot ``i`` seeded by
    ``(seed, i)``, as in studies); return ``(i, differences)`` for each play whose ruling breaks
    the expectations. Empty: the expectations are robust to the last digits of the aim and of
    the engine's arithmetic. Raises :class:`ScenarioError` like :func:`run_scenario`."""
    prepared = prepare(scenario)
    out = []
    for i in range(shots):
        strike = noisy_strike(prepared.intended, noise, seed, i)
        try:
            _, ruling = play(prepared, strike)
        except (SimInputError, EventCapExceededError) as exc:
            out.append((i, [Difference("engine", "a result", f"{type(exc).__name__}: {exc}")]))
            continue
        differences = compare(scenario.expect, ruling_facts(prepared, ruling))
        if differences:
            out.append((i, differences))
    return out


# ----------------------------------------------------------------------------- studies


@dataclass(frozen=True)
class RefereeModel:
    """The study shot model: the real engine and referee from one prepared position.

    ``break_rule``: the count the game's break rule asks for when the prepared position is a
    break (``rules.Game.break_rule``), else None; every shot of a study starts there."""

    prepared: PreparedShot
    break_rule: BreakRule | None = None

    @property
    def intended(self) -> StrikeValues:
        return self.prepared.intended

    def play(self, strike: StrikeValues) -> ShotRecord:
        """Simulate and judge ``strike``. A shot the engine refuses or cannot finish, or one
        the referee fails on, becomes a record with ``error`` set (and is counted as failed in
        the summary) instead of ending a study of many thousand shots."""
        try:
            result = simulate(self.prepared, strike)
        except (SimInputError, EventCapExceededError) as exc:
            return ShotRecord(error=f"engine: {type(exc).__name__}: {exc}")
        try:
            ruling = self.prepared.game.judge(result, self.prepared.declaration)
        except Exception as exc:  # a referee bug on a rare shot must not end the study
            return ShotRecord(
                error=f"referee: {type(exc).__name__}: {exc}",
                events=len(result.events),
                duration=float(result.duration),
            )
        # the facts the ruling was judged from (ShotFacts keeps those of the last result read)
        table = self.prepared.table
        facts = ShotFacts.from_result(result, table)
        pocketed = facts.pocketed
        rule = self.break_rule
        shooter = ruling.shooter
        names = self.names
        players = self.prepared.scenario.players
        frame_over = bool(ruling.frame_over)
        points = ruling.points
        points_shooter = int(points[shooter % len(points)])
        return ShotRecord(
            legal=not ruling.fouls,
            fouls=" ".join(f.code for f in ruling.fouls),
            pocketed=" ".join(names[b] for b in pocketed),
            n_object_pocketed=len(facts.object_balls_pocketed),
            cue_pocketed=0 in pocketed,
            shooter_continues=(not frame_over) and ruling.next_to_play == shooter,
            frame_over=frame_over,
            winner=players[ruling.winner] if ruling.winner is not None else "",
            shooter_won=frame_over and ruling.winner == shooter,
            options=" ".join(str(c.value) for c in ruling.options),
            points_shooter=points_shooter,
            points_opponent=int(sum(points)) - points_shooter,
            object_balls_to_rail=len(facts.object_balls_to_cushion),
            break_count=0 if rule is None else len(rule.balls(table, facts)),
            break_rule_met=rule is not None and rule.met(table, facts),
            events=len(result.events),
            duration=float(result.duration),
        )

    @cached_property
    def names(self) -> tuple[str, ...]:
        """The balls' names, by index (the scenario's game's)."""
        return self.prepared.names


def study_model(scenario: Scenario) -> RefereeModel:
    """The shot model of :mod:`lab.study` for ``scenario`` (a module-level factory)."""
    prepared = prepare(scenario)
    game = prepared.game
    return RefereeModel(prepared, game.break_rule() if game.phase is Phase.BREAK else None)
