"""Places for the cue ball in hand: a grid over each zone, and which places are legal.

The zones are the referee's (``rules.BallInHand``, ``rules.placement``): anywhere on the cloth,
behind the head string (``y < head_string_y``), in the D (on or inside its line). The legality
test here is the referee's, vectorised, with a small margin so that a place the computer picks is
never refused: on the cloth with the ball's whole radius, inside the zone, clear of every ball.
"""

from __future__ import annotations

import math

import numpy as np

from rules.types import BallInHand
from sim.balls import BallState
from sim.table import Table

#: Margin (m) kept from every zone border and every ball by a place the computer picks.
MARGIN = 1e-4


def zone_grid(table: Table, zone: BallInHand, count: int) -> np.ndarray:
    """About ``count`` places spread over ``zone`` (``(M, 2)``, m), before the legality test.
    ``ANYWHERE`` covers the whole cloth; ``NONE`` gives no place."""
    r = table.ball_radius
    if zone is BallInHand.NONE or count <= 0:
        return np.empty((0, 2))
    if zone is BallInHand.IN_D:
        assert table.d_centre is not None and table.d_radius is not None
        cx, cy = table.d_centre
        rings = max(1, round(math.sqrt(count / 3.0)))
        points = [(cx, cy - 0.5 * table.d_radius)]
        for i in range(1, rings + 1):
            radius = table.d_radius * i / (rings + 0.25)
            per = max(3, round(count * i / (rings * (rings + 1) / 2.0) / 2.0))
            for j in range(per):
                angle = math.pi * (j + 0.5) / per  # the half disc towards the baulk cushion
                points.append((cx + radius * math.cos(angle), cy - radius * math.sin(angle)))
        return np.array(points)
    top = table.head_string_y - MARGIN if zone is BallInHand.BEHIND_HEAD_STRING else table.length
    rows = max(1, round(math.sqrt(count * (top - 2 * r) / table.width)))
    cols = max(1, round(count / rows))
    xs = np.linspace(2 * r, table.width - 2 * r, cols)
    ys = np.linspace(2 * r, top - 2 * r, rows) if rows > 1 else np.array([(top + r) / 2.0])
    return np.array([(x, y) for y in ys for x in xs])


def legal_places(
    table: Table, state: BallState, places: np.ndarray, zone: BallInHand
) -> np.ndarray:
    """Which of ``places`` ``(M, 2)`` the referee takes for the cue ball in ``zone`` (``(M,)``
    booleans), with :data:`MARGIN` to spare."""
    if places.shape[0] == 0 or zone is BallInHand.NONE:
        return np.zeros(places.shape[0], dtype=bool)
    r = table.ball_radius
    ok = table.balls_on_cloth(places, clearance=r + MARGIN)
    if zone is BallInHand.BEHIND_HEAD_STRING:
        ok &= places[:, 1] < table.head_string_y - MARGIN
    elif zone is BallInHand.IN_D:
        assert table.d_centre is not None and table.d_radius is not None
        assert table.baulk_y is not None
        cx, cy = table.d_centre
        ok &= places[:, 1] <= table.baulk_y - MARGIN
        ok &= np.hypot(places[:, 0] - cx, places[:, 1] - cy) <= table.d_radius - MARGIN
    others = np.asarray(state.pos)[1:][np.asarray(state.on_table)[1:]]
    if others.shape[0]:
        gap = np.hypot(
            places[:, None, 0] - others[None, :, 0], places[:, None, 1] - others[None, :, 1]
        )
        ok &= np.all(gap >= 2 * r + MARGIN, axis=1)
    return np.asarray(ok)
