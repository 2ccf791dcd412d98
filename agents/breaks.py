"""The break: searched once for each game, table, rack style and level, then kept.

Pool: the cue ball behind the head string (a grid across the kitchen, two depths), aimed at the
head ball full or a little to either side, at break speeds, stunned, drawn or followed. Snooker:
the cue ball in the D, aimed thin at the outside of a red on the edge of the pack at a
break-off's pace, with or without side, so that it comes off the top and side cushions back to
baulk. Every candidate is played once at zero noise on a reference rack (the rack of seed 0:
a break's physics depends on where the balls are, not on their numbers, and every rack of a game
is racked on the same spots), the best ``BREAK_FINALISTS`` under the level's own noise
``BREAK_PLAYS`` times, each judged by the referee and valued as any shot (turn kept, balls
down, what is left to the opponent, fouls). The best is kept for the rest of the process: every
process finds the same one.
"""

from __future__ import annotations

import math
from dataclasses import replace
from functools import lru_cache

import numpy as np

import rules
import sim
from agents.levels import Level
from agents.placement import legal_places
from agents.plans import PlanKind, ShotPlan
from agents.safeties import subsample
from agents.strategies import strategy_for
from agents.trial import Scored, Trial
from rules.game import Game
from rules.types import BallInHand, GameKind

#: Candidates played at zero noise, finalists, and noisy plays of each finalist.
BREAK_CANDIDATES = 360
BREAK_FINALISTS = 10
BREAK_PLAYS = 24
#: The generator seed of the break search (fixed: the break is part of the level).
SEARCH_SEED = 2024

#: Pool: cue speeds (m/s), tip heights, the aim's sideways offsets (ball radii) on the head ball.
POOL_SPEEDS = (7.0, 8.5, 10.0, 11.5)
POOL_TIPS = (-0.25, 0.0, 0.15)
POOL_OFFSETS = (0.0, 0.2, -0.2, 0.45, -0.45)
#: Snooker: cue speeds, side, and the thin contacts (sideways offsets of the aim, diameters).
SNOOKER_SPEEDS = (3.5, 4.5, 5.5, 6.5)
SNOOKER_SIDE = (0.0, 0.3, -0.3)
SNOOKER_OFFSETS = (0.75, 0.85, 0.93)


def break_plan(game: Game, level: Level) -> ShotPlan:
    """The break ``level`` plays in ``game`` (its phase the break)."""
    style = str(getattr(game, "rack_style", ""))
    return _searched(type(game).kind, game.table, style, level, len(game.players))


@lru_cache(maxsize=64)
def _searched(kind: GameKind, table: sim.Table, style: str, level: Level, players: int) -> ShotPlan:
    options: dict[str, object] = {"table": table}
    if style:
        options["rack_style"] = style
    names = tuple(f"P{i}" for i in range(players))
    game = rules.new_game(kind, players=names, seed=0, **options)
    strategy = strategy_for(game, level)
    rng = np.random.default_rng(SEARCH_SEED)
    trial = Trial(game, level, strategy, rng.standard_normal((BREAK_PLAYS, 5)))
    plans = subsample(_candidates(game), BREAK_CANDIDATES, rng)
    scored = []
    for raw in plans:
        plan = replace(raw, declaration=strategy.declaration(game, raw))
        zero = trial.play(plan, plan.strike)
        scored.append(Scored(plan=plan, zero=zero, estimate=zero.value))
    finalists = sorted(scored, key=lambda s: -s.estimate)[:BREAK_FINALISTS]
    for s in finalists:
        trial.sample(s)
    return max(finalists, key=lambda s: s.estimate).plan


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
    xs = np.linspace(4 * r, table.width - 4 * r, 7)
    ys = (table.head_string_y - 2 * r, table.head_string_y - 0.25)
    places = np.array([(x, y) for y in ys for x in xs])
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
    offsets = np.linspace(-0.9, 0.9, 9) * table.d_radius
    places = np.array([(cx + dx, table.baulk_y - 2 * r) for dx in offsets])
    places = places[legal_places(table, state, places, game.ball_in_hand)]
    pack = pos[reds].mean(axis=0)
    edge = [b for b in reds if abs(float(pos[b, 0] - pack[0])) >= 2.5 * r]
    plans = []
    for x, y in places:
        for red in edge:
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
