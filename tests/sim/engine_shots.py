"""Shared builders for whole-shot engine tests: racks from docs/physics.md §5.1/5.2 formulas.

Imported by name (``from engine_shots import ...``; pytest puts this folder on sys.path).

The racks are built here, inline, from the spot positions and the ball radius (with a fixed
tiny gap between neighbours), so the engine tests do not depend on ``rules/``.
"""

from __future__ import annotations

import math

import numpy as np

import sim

#: Gap between neighbouring rack balls, m (pooltool spaces racks by 2R * 1e-3; smaller here).
RACK_GAP = 1e-5


def triangle(
    apex: tuple[float, float], rows: list[int], radius: float, gap: float = RACK_GAP
) -> np.ndarray:
    """Centres of a rack pointing toward -y with its apex at ``apex``: row k has ``rows[k]``
    balls at ``y = y_apex + k sqrt(3) (R + gap/2)`` and ``x = x_apex + (2j - (count-1))
    (R + gap/2)`` (docs/physics.md §5.1, neighbours ``2R + gap`` apart)."""
    half = radius + 0.5 * gap
    out = []
    for k, count in enumerate(rows):
        y = apex[1] + k * math.sqrt(3.0) * half
        for j in range(count):
            out.append((apex[0] + (2 * j - (count - 1)) * half, y))
    return np.array(out)


def nine_ball_break() -> tuple[sim.Table, sim.BallState, sim.Strike]:
    """9-ball diamond (1-2-3-2-1) on the foot spot; cue ball behind the head string."""
    table = sim.Table.pool(9)
    rack = triangle(table.foot_spot, [1, 2, 3, 2, 1], table.ball_radius)
    cue = (table.head_spot[0] + 0.1, table.head_spot[1] - 0.1)
    phi = math.degrees(math.atan2(rack[0, 1] - cue[1], rack[0, 0] - cue[0]))
    state = sim.BallState.at_rest(np.vstack([cue, rack]))
    return table, state, sim.Strike(speed=9.0, phi=phi)


def eight_ball_break() -> tuple[sim.Table, sim.BallState, sim.Strike]:
    """8-ball triangle (1-2-3-4-5) on the foot spot; cue ball behind the head string, aimed
    at the apex ball."""
    table = sim.Table.pool(9)
    rack = triangle(table.foot_spot, [1, 2, 3, 4, 5], table.ball_radius)
    cue = (table.head_spot[0] - 0.15, table.head_spot[1] - 0.05)
    phi = math.degrees(math.atan2(rack[0, 1] - cue[1], rack[0, 0] - cue[0]))
    state = sim.BallState.at_rest(np.vstack([cue, rack]))
    return table, state, sim.Strike(speed=8.0, phi=phi)


def snooker_break_off() -> tuple[sim.Table, sim.BallState, sim.Strike]:
    """15 reds behind the pink (gap RACK_GAP), six colours on their spots, cue ball in the D
    hitting the right-hand corner of the reds."""
    table = sim.Table.snooker()
    R = table.ball_radius
    pink = table.spots["pink"]
    reds = triangle((pink[0], pink[1] + 2 * R + RACK_GAP), [1, 2, 3, 4, 5], R)
    colours = np.array(
        [table.spots[c] for c in ("yellow", "green", "brown", "blue", "pink", "black")]
    )
    baulk_y = table.baulk_y
    assert baulk_y is not None  # a snooker table has a baulk line
    cue = (table.spots["yellow"][0] - 0.08, baulk_y - 0.05)
    target = (reds[-1, 0] + 0.4 * R, reds[-1, 1])
    phi = math.degrees(math.atan2(target[1] - cue[1], target[0] - cue[0]))
    state = sim.BallState.at_rest(np.vstack([cue, reds, colours]))
    return table, state, sim.Strike(speed=7.0, phi=phi, b=-0.1)
