"""The snookered test of a cue ball in hand in the D (WPBSA Section 2, "Snookered" (a)): the
D's sample grid, kept per table, and the test over its places, as arrays.

Positions are table-frame metres (docs/architecture.md): ``pos`` an ``(n, 2)`` float array of
ball centres, ``on_table`` an ``(n,)`` bool mask, ball 0 the cue ball. The straight-line
geometry is that of ``rules.snooker_geometry`` (its module docstring), applied to many cue-ball
places in one compiled call (``sim.sightlines``). Pure: nothing passed in is mutated.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable
from typing import TYPE_CHECKING

import numpy as np

from rules.snooker_geometry import (
    D_SAMPLE_SPACING,
    GRAZE_TOLERANCE,
    SPOT_CLEARANCE,
    balls_on_and_not_on,
    rows_of,
)
from sim.sightlines import first_place_with_edges_clear

if TYPE_CHECKING:
    from sim.table import Table

# --- the D -------------------------------------------------------------------------------------


def _d_of(table: Table) -> tuple[float, float, float]:
    """The D of ``table``: centre x, centre y (on the baulk line) and radius, m."""
    if table.d_centre is None or table.d_radius is None:
        raise ValueError(f"table {table.name!r} has no D: snooker geometry needs a snooker table")
    return float(table.d_centre[0]), float(table.d_centre[1]), float(table.d_radius)


def d_sample_points(table: Table, spacing: float = D_SAMPLE_SPACING) -> np.ndarray:
    """Cue-ball positions covering the D, shape (m, 2): a square grid of ``spacing`` metres
    clipped to the D, plus points every ``spacing`` along its arc and its straight edge, kept
    only where the ball lies wholly on the cloth (``table.contains_ball``).

    Built once per (table, spacing) and kept (``_d_samples``): the snookered test of a cue ball
    in hand reads it after every foul that sends the cue ball to the D. The array is read-only."""
    _d_of(table)  # a table without a D is refused before the cache is consulted
    return _d_samples(table, float(spacing))


@functools.lru_cache(maxsize=32)
def _d_samples(table: Table, spacing: float) -> np.ndarray:
    """The grid of :func:`d_sample_points`, computed (``Table`` hashes by its geometry)."""
    cx, cy, r = _d_of(table)
    xs = np.arange(cx - r, cx + r + spacing / 2, spacing)
    ys = np.arange(cy - r, cy + spacing / 2, spacing)
    gx, gy = np.meshgrid(xs, ys)
    grid = np.column_stack([gx.ravel(), gy.ravel()])
    inside = (np.hypot(grid[:, 0] - cx, grid[:, 1] - cy) <= r) & (grid[:, 1] <= cy)
    n_arc = max(8, int(math.pi * r / spacing))
    ang = np.linspace(math.pi, 2 * math.pi, n_arc + 1)
    arc = np.column_stack([cx + r * np.cos(ang), cy + r * np.sin(ang)])
    line = np.column_stack(
        [xs[np.abs(xs - cx) <= r], np.full(int(np.sum(np.abs(xs - cx) <= r)), cy)]
    )
    pts = np.vstack([grid[inside], arc, line])
    kept: np.ndarray = pts[table.balls_on_cloth(pts)]  # contains_ball, all points at once
    kept.setflags(write=False)
    return kept


def is_snookered_in_hand(
    table: Table,
    balls_on: Iterable[int],
    pos: np.ndarray,
    on_table: np.ndarray,
    spacing: float = D_SAMPLE_SPACING,
) -> bool:
    """The snookered test for a cue ball in hand (WPBSA Section 2, "Snookered" (a)): snookered
    only if obstructed from every position on or within the lines of the D. The D is tried on
    the grid of :func:`d_sample_points` (``spacing`` metres), skipping positions where the cue
    ball would come within ``SPOT_CLEARANCE`` of another ball; a sampled test, exact to within
    the grid spacing. Compiled: ``sim.sightlines.first_place_with_edges_clear`` tries the places
    in the grid's order and stops at the first that sees a ball on at both extreme edges."""
    on, blockers = balls_on_and_not_on(balls_on, on_table)
    found = first_place_with_edges_clear(
        d_sample_points(table, spacing),
        rows_of(pos, sorted(b for b in on + blockers if b != 0)),  # every object ball on the table
        SPOT_CLEARANCE,
        rows_of(pos, on),
        rows_of(pos, blockers),
        float(table.ball_radius),
        GRAZE_TOLERANCE,
    )
    if not found.any_free:
        return True  # nowhere in the D to put the cue ball
    return bool(on) and found.first_clear is None
