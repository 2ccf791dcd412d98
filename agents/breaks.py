"""The break: searched once for each game, table, rack style and level, then kept.

A break is chaos: at zero noise its outcome says little about the next one, so every candidate
is judged under the level's own noise from the start, each of its plays on a different rack of
the game (racks differ by the balls' numbers and, in 9-ball, by the seed's order), every play
judged by the referee and valued by the strategy (turn kept, balls down, what is left to the
opponent, fouls). The best ``BREAK_FINALISTS`` are played ``FINAL_PLAYS`` times more and the
best of them is the level's break.

Candidates. Pool: the cue ball behind the head string (across the kitchen, from the side rail
to the middle), aimed at the head ball full or a little to either side, at break speeds,
stunned, drawn or followed. Snooker: the cue ball in the D, aimed thin at the outside of a red
on the edge of the pack at a break-off's pace, with or without side, so that it comes off the
top and side cushions back to baulk.

The searches of the standard tables are done once, offline (``python -m agents.write_breaks``:
about 2,800 breaks played per game, table, rack style and level, 40 searches in 76 s on
two cores), and shipped in ``agents/data/breaks.json``; a table or option without an entry is
searched at its first break, with a smaller budget, and kept for the process.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, replace
from functools import lru_cache
from importlib.resources import files
from typing import Any

import numpy as np

import rules
import sim
from agents.levels import LEVELS, Level, level_named
from agents.placement import legal_places
from agents.plans import PlanKind, ShotPlan
from agents.strategies import strategy_for
from agents.trial import Play, Scored, Trial
from rules.game import Game
from rules.types import BallInHand, GameKind

#: The searched breaks, by ``break_key``.
BREAKS_FILE = "data/breaks.json"
#: The generator seed of every break search (the break is part of the level, not of a game).
SEARCH_SEED = 2024

#: Pool: cue speeds (m/s), tip heights, the aim's sideways offsets on the head ball (radii),
#: and the cue ball's places across the kitchen (fractions of the half-width from the middle).
POOL_SPEEDS = (8.5, 10.0, 11.5, 13.0)
POOL_TIPS = (-0.25, 0.0, 0.2)
POOL_OFFSETS = (0.0, 0.25, -0.25)
POOL_ACROSS = (0.0, 0.35, 0.7, 0.88)
#: Snooker: cue speeds, side, thin contacts (sideways offsets of the aim, ball diameters) and
#: places along the baulk line (fractions of the D's radius from its centre).
SNOOKER_SPEEDS = (3.5, 4.5, 5.5, 6.5)
SNOOKER_SIDE = (0.0, 0.3, -0.3)
SNOOKER_OFFSETS = (0.8, 0.9)
SNOOKER_ALONG = (-0.85, -0.5, 0.5, 0.85)


@dataclass(frozen=True)
class BreakBudget:
    """A break search's size: plays of every candidate, finalists, and their further plays."""

    plays: int
    finalists: int
    final_plays: int


#: The offline search, and the smaller one made at a first break without a shipped entry (every
#: candidate on common racks and draws). A search three times larger found pool breaks worth the
#: same on 600 racks it never saw (within 0.015 of a rack's chance), and the 9-ball pro did no
#: better with them over 200 racks; this one is kept.
OFFLINE = BreakBudget(plays=16, finalists=8, final_plays=64)
AT_THE_TABLE = BreakBudget(plays=4, finalists=4, final_plays=12)


def break_key(kind: str, table: sim.Table, style: str, level: str) -> str:
    """The key of a break in the shipped table (a break does not depend on the players)."""
    return f"{kind}|{table.name}|{style or '-'}|{level}"


def break_plan(game: Game, level: Level) -> ShotPlan:
    """The break ``level`` plays in ``game`` (its phase the break)."""
    style = str(getattr(game, "rack_style", ""))
    key = break_key(game.kind.value, game.table, style, level.name)
    shipped = _shipped().get(key)
    if shipped is not None:
        fields = ("speed", "phi", "theta", "a", "b")
        strike = sim.Strike(**{name: shipped[name] for name in fields})
        at = (shipped["x"], shipped["y"])
        plan = ShotPlan(
            kind=PlanKind.BREAK, strike=strike, cue_ball_at=at, target=shipped["target"]
        )
    else:
        plan = search_break(game, level, AT_THE_TABLE)
    return replace(plan, declaration=strategy_for(game, level).declaration(game, plan))


def search_break(game: Game, level: Level, budget: BreakBudget) -> ShotPlan:
    """The break of ``level`` for ``game``'s kind, table and rack style, found by a search of
    size ``budget`` (see the module; kept for the process)."""
    style = str(getattr(game, "rack_style", ""))
    return _searched(game.kind, game.table, style, level, budget)


@lru_cache(maxsize=1)
def _shipped() -> dict[str, dict[str, Any]]:
    data: dict[str, dict[str, Any]] = json.loads(
        files("agents").joinpath(BREAKS_FILE).read_text(encoding="utf-8")
    )
    return data


def _game(kind: GameKind, table: sim.Table, style: str, seed: int) -> Game:
    options: dict[str, object] = {"table": table}
    if style:
        options["rack_style"] = style
    return rules.new_game(kind, players=("A", "B"), seed=seed, **options)


@lru_cache(maxsize=64)
def _searched(
    kind: GameKind, table: sim.Table, style: str, level: Level, budget: BreakBudget
) -> ShotPlan:
    """The best break of ``level`` found by a search of size ``budget`` (see the module)."""
    reference = _game(kind, table, style, 0)
    racks = [_game(kind, table, style, seed) for seed in range(budget.final_plays)]
    strategy = strategy_for(reference, level)
    rng = np.random.default_rng(SEARCH_SEED)
    normals = rng.standard_normal((budget.final_plays, 5))

    def play(plan: ShotPlan, draws: range) -> list[float]:
        values = []
        for i in draws:
            rack = racks[i]
            trial = Trial(rack, level, strategy, normals[i : i + 1])
            strike = trial.noisy_strike(plan.strike, normals[i])
            values.append(trial.play(plan, strike).value)
        return values

    scored = []
    for plan in _candidates(reference):
        plan = replace(plan, declaration=strategy.declaration(reference, plan))
        values = play(plan, range(budget.plays))
        scored.append(Scored(plan=plan, zero=_no_play(), estimate=float(np.mean(values))))
    finalists = sorted(scored, key=lambda s: -s.estimate)[: budget.finalists]
    for s in finalists:
        values = play(s.plan, range(budget.final_plays))
        s.estimate = float(np.mean(values))
    return max(finalists, key=lambda s: s.estimate).plan


def _no_play() -> Play:
    return Play(value=0.0, succeeded=False, ruling=None, after=None)


def _candidates(game: Game) -> list[ShotPlan]:
    if game.ball_in_hand is BallInHand.IN_D:
        return _snooker_candidates(game)
    return _pool_candidates(game)


def _plan(
    speed: float, phi: float, a: float, b: float, at: tuple[float, float], target: int
) -> ShotPlan:
    strike = sim.Strike(speed=speed, phi=phi % 360.0, a=a, b=b)
    return ShotPlan(kind=PlanKind.BREAK, strike=strike, cue_ball_at=at, target=target)


def _pool_candidates(game: Game) -> list[ShotPlan]:
    table, state = game.table, game.state
    pos, on = np.asarray(state.pos), np.asarray(state.on_table)
    objects = [int(b) for b in np.flatnonzero(on) if b != 0]
    head = min(objects, key=lambda b: float(pos[b, 1]))
    r = table.ball_radius
    half = table.width / 2.0 - 2 * r
    y = table.head_string_y - 3 * r
    places = np.array([(table.width / 2.0 - f * half, y) for f in POOL_ACROSS])
    places = places[legal_places(table, state, places, game.ball_in_hand)]
    plans = []
    for x, y in places:
        away = pos[head] - (x, y)
        unit = away / math.hypot(*away)
        side = np.array([-unit[1], unit[0]])
        for offset in POOL_OFFSETS:
            aim = pos[head] + side * offset * r
            phi = math.degrees(math.atan2(aim[1] - y, aim[0] - x))
            for speed in POOL_SPEEDS:
                for b in POOL_TIPS:
                    plans.append(_plan(speed, phi, 0.0, b, (float(x), float(y)), head))
    return plans


def _snooker_candidates(game: Game) -> list[ShotPlan]:
    table, state = game.table, game.state
    assert table.d_centre is not None and table.d_radius is not None
    assert table.baulk_y is not None
    pos, on = np.asarray(state.pos), np.asarray(state.on_table)
    reds = [b for b in sorted(game.ball_on) if on[b]]
    r = table.ball_radius
    cx, _ = table.d_centre
    places = np.array([(cx + f * table.d_radius, table.baulk_y - 2 * r) for f in SNOOKER_ALONG])
    places = places[legal_places(table, state, places, game.ball_in_hand)]
    back_row = max(float(pos[b, 1]) for b in reds)
    ends = [b for b in reds if abs(float(pos[b, 1]) - back_row) < r]
    ends = [min(ends, key=lambda b: float(pos[b, 0])), max(ends, key=lambda b: float(pos[b, 0]))]
    pack = pos[reds].mean(axis=0)
    plans = []
    for x, y in places:
        for red in ends:
            away = pos[red] - (x, y)
            unit = away / math.hypot(*away)
            side = np.array([-unit[1], unit[0]])
            outward = 1.0 if float((pos[red] - pack) @ side) > 0 else -1.0
            for offset in SNOOKER_OFFSETS:
                aim = pos[red] + side * outward * offset * 2 * r
                phi = math.degrees(math.atan2(aim[1] - y, aim[0] - x))
                for speed in SNOOKER_SPEEDS:
                    for a in SNOOKER_SIDE:
                        plans.append(_plan(speed, phi, a, 0.0, (float(x), float(y)), red))
    return plans


def searched_table(
    budget: BreakBudget = OFFLINE, workers: int | None = None
) -> dict[str, dict[str, Any]]:
    """Every standard table's break for every game and level: the content of
    ``agents/data/breaks.json``. The searches run in ``workers`` processes (default: one per
    core); each is deterministic, so the table is the same with any number."""
    from concurrent.futures import ProcessPoolExecutor

    jobs = []
    for cls in rules.games():
        styles = ("triangle", "magic") if "rack_style" in cls.options else ("",)
        for table in cls.allowed_tables():
            for style in styles:
                jobs += [(cls.kind, table, style, name, budget) for name in LEVELS]
    with ProcessPoolExecutor(workers) as pool:
        entries = list(pool.map(_entry, jobs))
    return dict(sorted(entries))


def _entry(
    job: tuple[GameKind, sim.Table, str, str, BreakBudget],
) -> tuple[str, dict[str, Any]]:
    """One search of :func:`searched_table`: its key and its break as stored."""
    kind, table, style, name, budget = job
    plan = _searched(kind, table, style, level_named(name), budget)
    s, at = plan.strike, plan.cue_ball_at
    assert at is not None and plan.target is not None
    return break_key(kind.value, table, style, name), {
        "x": at[0], "y": at[1], "speed": s.speed, "phi": s.phi,
        "theta": s.theta, "a": s.a, "b": s.b, "target": plan.target,
    }  # fmt: skip
