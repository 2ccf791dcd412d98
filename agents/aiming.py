"""Aiming where the engine pots the ball, not where the ghost ball says.

Ghost-ball geometry ignores throw (the object ball dragged sideways by friction at the contact),
squirt (the cue ball pushed off line by side) and the cushions' real rebounds. So every pot is
refined with the engine itself: the shot is simulated at zero noise, the dropping ball's path is
read after the event that starts it (its contact with the ball that sends it, or its rebound off
the bank's rail), and the **miss** is the signed distance from that path to the point it must be
sent at (positive when the point lies to the path's left). A secant iteration on the cue
direction drives the miss to zero, starting from the geometry's own slope when it has one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

import sim
from agents.pot_lines import PotLine
from sim.events import EventKind

#: A miss within this fraction of the pocket's room for error (and at least ``MIN_TOLERANCE``
#: m) ends the refinement.
TOLERANCE_FRACTION = 0.1
MIN_TOLERANCE = 0.001
#: Most simulations one refinement may spend.
MAX_SIMULATIONS = 4
#: First step (degrees) when the geometry gives no slope.
PROBE_STEP = 0.05
#: Largest correction one step may make (degrees).
MAX_STEP = 3.0


@dataclass(frozen=True)
class Aimed:
    """A refined aim: the cue direction (degrees), its zero-noise shot, and its last miss (m;
    None when the dropping ball's path was never found)."""

    phi: float
    result: sim.ShotResult
    miss: float | None


def measured_miss(result: sim.ShotResult, line: PotLine) -> float | None:
    """The miss of ``result`` for ``line`` (m), or None when the shot went otherwise: the cue
    ball met another ball first, the event that starts the dropping ball's path never happened
    (no contact with its partner, no rebound off the bank's rail), or that path heads away from
    the point."""
    events = result.events
    kinds, a, b = events["kind"], events["a"], events["b"]
    contacts = np.flatnonzero(kinds == EventKind.BALL_BALL)
    cue_contacts = contacts[(a[contacts] == 0) | (b[contacts] == 0)]
    if not cue_contacts.size:
        return None
    first = int(cue_contacts[0])
    if line.target not in (int(a[first]), int(b[first])):
        return None
    ball = line.measured
    what, other = line.after
    if what == "ball":
        pair = ((a == ball) & (b == other)) | ((a == other) & (b == ball))
        rows = np.flatnonzero((kinds == EventKind.BALL_BALL) & pair)
    else:
        rows = np.flatnonzero((kinds == EventKind.BALL_CUSHION) & (a == ball) & (b == other))
        rows = rows[rows > first]
    if not rows.size:
        return None
    row = int(rows[0])
    pos = result.snapshots.pos[row, ball]
    vel = result.snapshots.vel[row, ball]
    speed = math.hypot(float(vel[0]), float(vel[1]))
    if speed < 1e-6:
        return None
    ux, uy = float(vel[0]) / speed, float(vel[1]) / speed
    dx, dy = line.aim[0] - float(pos[0]), line.aim[1] - float(pos[1])
    if ux * dx + uy * dy <= 0.0:
        return None
    return ux * dy - uy * dx


def refine(
    table: sim.Table,
    params: sim.Params,
    state: sim.BallState,
    line: PotLine,
    strike: sim.Strike,
    room: float,
) -> Aimed | None:
    """The cue direction that sends ``line``'s dropping ball at its point, for ``strike``'s
    speed, elevation and tip (its own ``phi`` is the start); ``room`` is the pocket's room for
    error (m). None when no simulation found the dropping ball's path."""
    tolerance = max(MIN_TOLERANCE, TOLERANCE_FRACTION * room)
    tried: list[tuple[float, float, sim.ShotResult]] = []
    phi = strike.phi
    best: Aimed | None = None
    for _ in range(MAX_SIMULATIONS):
        shot = sim.Strike(speed=strike.speed, phi=phi % 360.0, theta=strike.theta, a=strike.a,
                          b=strike.b)  # fmt: skip
        try:
            result = sim.simulate(table, state, shot, params)
        except sim.EventCapExceededError:
            return best
        miss = measured_miss(result, line)
        if miss is None:
            if best is None:
                best = Aimed(phi=shot.phi, result=result, miss=None)
            if not tried:
                return best
            # a step too far: come back half way towards the last good aim
            phi = (phi + tried[-1][0]) / 2.0
            continue
        if best is None or best.miss is None or abs(miss) < abs(best.miss):
            best = Aimed(phi=shot.phi, result=result, miss=miss)
        if abs(miss) <= tolerance:
            return best
        tried.append((phi, miss, result))
        if len(tried) >= 2:
            (p0, m0, _), (p1, m1, _) = tried[-2], tried[-1]
            slope = (m1 - m0) / (p1 - p0) if abs(p1 - p0) > 1e-9 and m1 != m0 else None
        else:
            slope = line.slope
        step = PROBE_STEP if slope is None or slope == 0.0 else -miss / slope
        phi = phi + max(-MAX_STEP, min(MAX_STEP, step))
    return best
