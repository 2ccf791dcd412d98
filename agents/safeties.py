"""Shots that pot nothing on purpose: safeties and 9-ball push-outs.

A safety meets a ball on (full, half-ball or thin, on either side) at one of a ladder of
speeds, stunned, drawn or followed; when no ball on can be seen, the cue ball is kicked at one
off a rail (the mirror image of the ball in the rail's bounce line). A push-out rolls the cue
ball anywhere. What each leaves is for the referee and the strategy to value; here the
candidates are only laid out, and a random share of them (the level's budget, drawn from the
decision's generator) goes to the engine.
"""

from __future__ import annotations

import math

import numpy as np

import sim
from agents.geometry import lines_clear
from agents.plans import PlanKind, ShotPlan

#: Cue speeds of a safety (m/s) and its tip offsets (stun, draw, follow).
SAFETY_SPEEDS = (1.0, 1.6, 2.4, 3.4, 4.6)
SAFETY_SPINS = ((0.0, 0.0), (0.0, -0.3), (0.0, 0.3))
#: Speeds of a kick at a ball on off a rail.
KICK_SPEEDS = (2.2, 3.2, 4.6)
#: A push-out: directions every ``PUSH_STEP_DEG`` degrees at these speeds.
PUSH_STEP_DEG = 20
PUSH_SPEEDS = (0.6, 1.0, 1.6)


def _phi(dx: float, dy: float) -> float:
    return math.degrees(math.atan2(dy, dx)) % 360.0


def safety_plans(
    table: sim.Table,
    state: sim.BallState,
    targets: tuple[int, ...],
    cue_ball_at: tuple[float, float] | None,
    contacts: tuple[float, ...],
) -> list[ShotPlan]:
    """Every safety candidate from ``state`` (the cue ball at ``cue_ball_at`` when in hand) at
    the balls ``targets``, meeting them as full as ``contacts`` says (sideways offsets of the
    aim from the ball's centre, in ball diameters), before any subsampling, in a fixed order."""
    pos = np.asarray(state.pos)
    on = np.asarray(state.on_table)
    cue = np.asarray(cue_ball_at) if cue_ball_at is not None else pos[0]
    ids = np.flatnonzero(on)
    ids = ids[ids != 0]
    r = table.ball_radius
    plans = []
    for t in targets:
        away = pos[t] - cue
        length = math.hypot(*away)
        if length < 1e-9:
            continue
        unit = away / length
        side = np.array([-unit[1], unit[0]])
        seen = False
        for offset in contacts:
            aim = pos[t] + side * offset * 2.0 * r
            ghost = aim - unit * 2.0 * r * math.sqrt(max(0.0, 1.0 - offset**2))
            clear = lines_clear(cue[None], ghost[None], pos[ids], (ids == t)[None], r)[0]
            if not clear:
                continue
            seen = True
            phi = _phi(*(ghost - cue))
            for speed in SAFETY_SPEEDS:
                for a, b in SAFETY_SPINS:
                    plans.append(_plan(PlanKind.SAFETY, speed, phi, a, b, cue_ball_at, t))
        if not seen:
            plans += _kicks(table, cue, pos[t], t, cue_ball_at)
    return plans


def _kicks(
    table: sim.Table,
    cue: np.ndarray,
    ball: np.ndarray,
    target: int,
    cue_ball_at: tuple[float, float] | None,
) -> list[ShotPlan]:
    """Kicks at ``ball`` off each rail: at the ball's mirror image in the rail's bounce line."""
    plans = []
    r = table.ball_radius
    for cushion in table.cushions:
        if cushion.kind != "rail":
            continue
        x1, y1, _, _, nx, ny = table.arrays.segments[cushion.id]
        normal = np.array([nx, ny])
        line = np.array([x1, y1]) + normal * r
        depth = float((ball - line) @ normal)
        if depth <= 0.0 or float((cue - line) @ normal) <= 0.0:
            continue
        image = ball - 2.0 * depth * normal
        phi = _phi(*(image - cue))
        for speed in KICK_SPEEDS:
            plans.append(_plan(PlanKind.SAFETY, speed, phi, 0.0, 0.0, cue_ball_at, target))
    return plans


def push_plans(cue_ball_at: tuple[float, float] | None) -> list[ShotPlan]:
    """Every 9-ball push-out candidate: the cue ball rolled softly in every direction."""
    return [
        _plan(PlanKind.PUSH_OUT, speed, float(phi), 0.0, 0.0, cue_ball_at, None)
        for phi in range(0, 360, PUSH_STEP_DEG)
        for speed in PUSH_SPEEDS
    ]


def _plan(
    kind: PlanKind,
    speed: float,
    phi: float,
    a: float,
    b: float,
    cue_ball_at: tuple[float, float] | None,
    target: int | None,
) -> ShotPlan:
    strike = sim.Strike(speed=speed, phi=phi, theta=0.0, a=a, b=b)
    return ShotPlan(kind=kind, strike=strike, cue_ball_at=cue_ball_at, target=target)


def subsample(plans: list[ShotPlan], count: int, rng: np.random.Generator) -> list[ShotPlan]:
    """At most ``count`` of ``plans``, drawn without replacement, in their original order."""
    if len(plans) <= count:
        return plans
    keep = np.sort(rng.choice(len(plans), size=count, replace=False))
    return [plans[int(i)] for i in keep]
