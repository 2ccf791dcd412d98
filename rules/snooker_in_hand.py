"""The snookered test of a cue ball in hand in the D (WPBSA Section 2, "Snookered" (a)): the
D's sample grid, kept per table, and the test over its places, as arrays.

Positions are table-frame metres (docs/architecture.md): ``pos`` an ``(n, 2)`` float array of
ball centres, ``on_table`` an ``(n,)`` bool mask, ball 0 the cue ball. The straight-line
geometry is that of ``rules.snooker_geometry`` (its module docstring), applied to many cue-ball
places at once. Pure: nothing passed in is mutated.
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
    _occupied_by,
    is_snookered,
)

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
    ball would overlap another ball; a sampled test, exact to within the grid spacing."""
    on = [i for i in balls_on if on_table[i]]
    R = float(table.ball_radius)
    occupied = pos[np.asarray(on_table, dtype=bool) & (np.arange(len(pos)) != 0)]
    points = d_sample_points(table, spacing)
    first = next((i for i, xy in enumerate(points) if not _occupied_by(xy, occupied, R)), None)
    if first is None:
        return True
    if not on or not is_snookered(points[first], on, pos, on_table, R):
        return False  # the usual case: the first place tried sees a ball on
    points = points[first + 1 :]
    blockers = [i for i in range(1, len(pos)) if on_table[i] and i not in on]
    obstacles = pos[blockers].reshape(-1, 2)
    lo, size = 0, IN_HAND_CHUNKS[0]
    while lo < len(points):  # chunks growing from 8 places to 256: a free line is found soon
        cues = points[lo : lo + size]
        if len(occupied):  # the places where the cue ball would touch a ball are skipped
            gap = np.hypot(cues[:, None, 0] - occupied[:, 0], cues[:, None, 1] - occupied[:, 1])
            cues = cues[~(gap < 2.0 * R + SPOT_CLEARANCE).any(axis=1)]
        if bool(both_edges_clear_from(cues, pos[on], obstacles, R).any()):
            return False
        lo, size = lo + size, min(2 * size, IN_HAND_CHUNKS[1])
    return True


IN_HAND_CHUNKS = (8, 256)  #: places of the D tested together by is_snookered_in_hand: first, most


def both_edges_clear_from(
    cues: np.ndarray, targets: np.ndarray, obstacles: np.ndarray, radius: float
) -> np.ndarray:
    """For each cue-ball centre of ``cues`` (shape (p, 2), m): whether some target of
    ``targets`` (shape (m, 2)) can be struck at both extreme edges free of the balls at
    ``obstacles`` (shape (k, 2)); shape (p,) bool, i.e. not snookered. The geometry of
    :func:`_both_edges_clear_at` as arrays of shape (p, m, 2 edges, k)."""
    cues = np.asarray(cues, dtype=np.float64).reshape(-1, 2)
    targets = np.asarray(targets, dtype=np.float64).reshape(-1, 2)
    pts = np.asarray(obstacles, dtype=np.float64).reshape(-1, 2)
    rel_t = targets[None, :, :] - cues[:, None, :]  # (p, m, 2)
    dist = np.hypot(rel_t[..., 0], rel_t[..., 1])
    touching = dist <= 2.0 * radius
    if len(pts) == 0:
        return np.ones(len(cues), dtype=bool) if len(targets) else np.zeros(len(cues), bool)
    safe = np.where(touching, 1.0, dist)
    u = rel_t / safe[..., None]
    nrm = np.stack([-u[..., 1], u[..., 0]], axis=-1)
    sin_a = np.minimum(2.0 * radius / safe, 1.0)[..., None]
    cos_a = np.sqrt(1.0 - sin_a * sin_a)
    length = np.sqrt(np.maximum(safe * safe - 4.0 * radius * radius, 0.0))
    way = np.stack([cos_a * u + sin_a * nrm, cos_a * u - sin_a * nrm], axis=2)  # (p, m, 2, 2)
    seg = length[..., None, None] * way
    sx, sy = seg[..., 0, None], seg[..., 1, None]  # (p, m, 2, 1)
    rx, ry = (pts[None, :, c] - cues[:, None, c] for c in (0, 1))
    rx, ry = rx[:, None, None, :], ry[:, None, None, :]  # (p, 1, 1, k)
    proj = sx * rx + sy * ry  # (p, m, 2, k)
    length2 = sx * sx + sy * sy
    t = np.clip(proj / np.where(length2 > 0.0, length2, 1.0), 0.0, 1.0)
    gap = np.hypot(rx - t * sx, ry - t * sy)
    blocked = (proj > 0.0) & (gap <= 2.0 * radius + GRAZE_TOLERANCE)
    clear = ~blocked.any(axis=(2, 3)) | touching  # (p, m)
    result: np.ndarray = np.asarray(clear.any(axis=1))
    return result
