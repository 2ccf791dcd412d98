"""The woodwork round the cloth as a flying ball meets it (docs/physics-airborne.md section 4):
every point round the cloth is the cloth, a pocket's opening or wood; each pocket's back runs
from one facing's end round to the other; a ball low over a pocket's hole meets the back and
falls in; a ball never flies inside the wood."""

from __future__ import annotations

import math

import numpy as np
import pytest

import sim
from benchmarks.invariants import shot_faults
from sim.events import EventKind
from sim.kernels.woodwork import FALLS_ON, LANDS_ON_TOP, under_a_descent
from sim.simulate import shot_model
from sim.table_outline import BACK_PIECES

pytestmark = pytest.mark.jit_only

TABLES = (sim.Table.pool(9), sim.Table.pool(7), sim.Table.snooker())


def _in_a_hole(table: sim.Table, xy: np.ndarray) -> np.ndarray:
    """(k,) bool: inside a pocket's back and behind the line across the pocket through its
    centre (the hole)."""
    inside = np.zeros(len(xy), dtype=bool)
    for cx, cy, r, ux, uy, *_rest in table.arrays.backs:
        d = np.hypot(xy[:, 0] - cx, xy[:, 1] - cy)
        inside |= (d < r) & ((xy[:, 0] - cx) * ux + (xy[:, 1] - cy) * uy >= 0.0)
    return inside


@pytest.mark.parametrize("table", TABLES, ids=lambda t: t.name)
def test_every_point_round_the_cloth_is_cloth_an_opening_or_wood(table: sim.Table) -> None:
    """On a 3 mm grid over the rails' outer box: a ball coming down to the rail tops falls on
    only over the cloth's outline or a pocket's hole, and lands on a top everywhere else."""
    params = sim.Params.for_table(table)
    m = shot_model(table, params)
    xlo, ylo, xhi, yhi = table.outer_box
    xs = np.arange(xlo + 1e-3, xhi, 3e-3)
    ends = (np.arange(ylo + 1e-3, 0.3, 3e-3), np.arange(table.length - 0.3, yhi, 3e-3))
    middle = np.arange(table.length / 2 - 0.2, table.length / 2 + 0.2, 3e-3)
    ys = np.concatenate([*ends, middle])
    grid = np.array([(x, y) for x in xs for y in ys if x < 0.3 or x > table.width - 0.3])
    what = np.array([under_a_descent(x, y, m.segments, m.arcs, m.backs, m.outline, m.rim,
                                     params.R)[0] for x, y in grid])  # fmt: skip
    opening = table.in_cloth_region_mask(grid) | _in_a_hole(table, grid)
    assert set(what.tolist()) == {FALLS_ON, LANDS_ON_TOP}
    assert opening[what == FALLS_ON].all()
    ka = table.arrays.arcs
    near_knuckle = (
        np.hypot(grid[:, 0, None] - ka[:, 0], grid[:, 1, None] - ka[:, 1]) < ka[:, 2] + params.R
    ).any(axis=1)
    assert (what[~opening] == LANDS_ON_TOP).all()
    # inside the outline, a top only on a knuckle's or in the nose edges' band at the cushions
    inside_tops = grid[(what == LANDS_ON_TOP) & opening & ~near_knuckle]
    assert (table.cushion_distances(inside_tops).min(axis=1) < 1.1e-3).all()


@pytest.mark.parametrize("table", TABLES, ids=lambda t: t.name)
def test_each_pockets_back_runs_from_one_facing_end_round_to_the_other(table: sim.Table) -> None:
    segments = table.arrays.segments
    xlo, ylo, xhi, yhi = table.outer_box
    for k, (cx, cy, r, ux, uy, jaw_a, jaw_b) in enumerate(table.arrays.backs):
        pieces = table.arrays.back_edges[k * BACK_PIECES : (k + 1) * BACK_PIECES]
        ends = {tuple(np.round(segments[int(j), 2:4], 12)) for j in (jaw_a, jaw_b)}
        assert {tuple(np.round(pieces[0, :2], 12)), tuple(np.round(pieces[-1, 2:4], 12))} == ends
        assert np.allclose(pieces[1:, :2], pieces[:-1, 2:4])  # one wall, piece after piece
        corners = np.vstack([pieces[:, :2], pieces[-1:, 2:4]])
        assert np.hypot(corners[:, 0] - cx, corners[:, 1] - cy) == pytest.approx(r, rel=1e-12)
        assert ((corners[:, 0] - cx) * ux + (corners[:, 1] - cy) * uy >= -1e-12).all()
        mid = 0.5 * (pieces[:, :2] + pieces[:, 2:4])
        assert (((cx - mid[:, 0]) * pieces[:, 4] + (cy - mid[:, 1]) * pieces[:, 5]) > 0).all()
        assert ((xlo < corners[:, 0]) & (corners[:, 0] < xhi)).all()
        assert ((ylo < corners[:, 1]) & (corners[:, 1] < yhi)).all()


def test_a_pockets_back_beyond_the_rails_is_refused() -> None:
    deep = sim.table.PocketShape(0.127, 104.0, 0.00795, 0.0645, 0.09)
    with pytest.raises(sim.table.InvalidTableGeometryError, match="the pocket's back reaches"):
        sim.Table.pool(9, side_pocket=deep)


def _edge_distance(point: np.ndarray, pieces: np.ndarray, h: float) -> float:
    """Distance (m) from a 3-D point to the nearest point of the top edges (at height ``h``)
    of a back's ``pieces``."""
    best = math.inf
    for x1, y1, x2, y2, _nx, _ny in pieces:
        a, b = np.array([x1, y1]), np.array([x2, y2])
        s = float(np.clip((point[:2] - a) @ (b - a) / ((b - a) @ (b - a)), 0.0, 1.0))
        foot = a + s * (b - a)
        best = min(best, math.hypot(*(point[:2] - foot), point[2] - h))
    return best


def test_a_ball_low_over_a_pocket_hole_meets_its_back_and_falls_in() -> None:
    """A ball 2 mm above the cloth thrown at 8 m/s into the 9 ft table's top-middle pocket (as
    drawn): it crosses the hole before it can fall, meets the back's top edge when its centre
    is R from it (in 3-D), bounces back toward the table and drops into that pocket."""
    table = sim.Table.pool(9)
    params = sim.Params.for_table(table)
    y = table.length / 2 + 0.005
    state = sim.BallState([[0.03, y], [0.6, 0.6]], vel=[[-8.0, 0.0], [0.0, 0.0]], z=[2e-3, 0.0])
    result = sim.simulate(table, state)
    assert shot_faults(result) == []
    kinds = result.events["kind"].tolist()
    hit = kinds.index(EventKind.BALL_CUSHION)
    assert int(result.events["b"][hit]) == 11  # the back nearer the jaw of the y > L / 2 side
    centre = np.array([*result.snapshots.pos[hit, 0], result.snapshots.z[hit, 0] + params.R])
    pieces = table.arrays.back_edges[2 * BACK_PIECES : 3 * BACK_PIECES]
    assert _edge_distance(centre, pieces, params.cushion_height) == pytest.approx(
        params.R, rel=1e-9
    )
    assert result.snapshots.vel[hit, 0, 0] > 0.0  # back toward the table
    pocketed = result.events[result.events["kind"] == EventKind.BALL_POCKET]
    assert pocketed["a"].tolist() == [0] and pocketed["b"].tolist() == [2]


def test_a_ball_flying_beyond_a_corner_pocket_never_passes_through_the_rail() -> None:
    """The shot of ``/work/shared/repro/flying_ball_in_rail.py``'s kind: a cue ball 1 mm over
    the cloth sailing diagonally past the 9 ft table's top-left corner pocket. It rattles in the
    pocket's hole (its back and facings) and drops in; no moment of it is inside the wood."""
    table = sim.Table.pool(9)
    xy = [[0.10419965986567528, 0.15949268036953737], [0.8934811268969656, 0.8290784405162526],
          [0.7287985664124081, 1.5003835171159117]]  # fmt: skip
    strike = sim.Strike(speed=5.768724824131943, phi=232.28534812923735, theta=5.80278122978447,
                        a=-0.39054597840283267, b=0.014213713215029412)  # fmt: skip
    result = sim.simulate(table, sim.BallState.at_rest(xy), strike)
    assert shot_faults(result) == []
    frames = result.sample(0.0005, heights=True)
    low = (frames[:, :, 2] > 0.0) & (frames[:, :, 2] < table.cushion_height)
    pts = frames[low][:, :2]
    pk = table.arrays.pockets
    gap = np.hypot(pts[:, 0, None] - pk[:, 0], pts[:, 1, None] - pk[:, 1]) - pk[:, 2]
    assert (table.in_cloth_region_mask(pts) | (gap.min(axis=1) <= table.ball_radius)).all()
    pocketed = result.events[result.events["kind"] == EventKind.BALL_POCKET]
    assert pocketed["a"].tolist() == [0] and pocketed["b"].tolist() == [0]
