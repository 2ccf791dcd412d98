"""The path-box culls of the cushion and pocket searches (sim.kernels.detect.path_box): the box
holds the centre's whole path, and the searches that skip what it cannot touch give the same
``(time, id)`` as solving every cushion, knuckle and pocket of the real tables."""

from __future__ import annotations

import math

import numpy as np
import pytest

import sim
from sim.constants import MotionState
from sim.kernels.detect import (
    ball_ball_time,
    ball_circle_time,
    ball_segment_time,
    box_misses_circle,
    box_misses_segment,
    earliest_cushion,
    earliest_pocket,
    path_box,
)
from sim.kernels.motion import acceleration, classify, transition_time
from sim.kernels.predict import boxes_apart
from sim.params import Params


def _full_cushion_search(px, py, vx, vy, ax, ay, segments, arcs, R, T):
    """Every segment and knuckle solved, earliest kept (lower id on ties): the reference."""
    best, best_id = math.inf, -1
    for k in range(segments.shape[0]):
        t = ball_segment_time(px, py, vx, vy, ax, ay, segments[k], R, T)
        if t < best:
            best, best_id = t, k
    for k in range(arcs.shape[0]):
        t = ball_circle_time(px, py, vx, vy, ax, ay, *arcs[k, :2], R + arcs[k, 2], T)
        if t < best:
            best, best_id = t, segments.shape[0] + k
    return best, best_id


def _full_pocket_search(px, py, vx, vy, ax, ay, pockets, T):
    best, best_id = math.inf, -1
    for k in range(pockets.shape[0]):
        t = ball_circle_time(px, py, vx, vy, ax, ay, *pockets[k], T)
        if t < best:
            best, best_id = t, k
    return best, best_id


def _random_ball(rng, table, R, p):
    """A ball anywhere on (or a little off) the playing area with a random velocity and spin:
    ``(px, py, vx, vy, ax, ay, T)`` of its segment, T its motion state's end (s)."""
    px = rng.uniform(-0.05, table.width + 0.05)
    py = rng.uniform(-0.05, table.length + 0.05)
    speed = rng.choice([0.05, 0.5, 3.0, 9.0])
    ang = rng.uniform(0.0, 2.0 * math.pi)
    w = rng.normal(0.0, 60.0, size=3)
    st, vx, vy, wx, wy, wz = classify(speed * math.cos(ang), speed * math.sin(ang), *w, R)
    ax, ay = acceleration(st, vx, vy, wx, wy, p)
    T = transition_time(st, vx, vy, wx, wy, wz, p)
    return px, py, vx, vy, ax, ay, T


@pytest.mark.parametrize("table", [sim.Table.pool(9), sim.Table.snooker()], ids=["pool", "snooker"])
def test_culled_searches_equal_the_full_search(table) -> None:
    params = Params.for_table(table)
    p = params.packed()
    R = params.R
    arrays = table.arrays
    rng = np.random.default_rng(5)
    found = 0
    for _ in range(3000):
        px, py, vx, vy, ax, ay, T = _random_ball(rng, table, R, p)
        if not math.isfinite(T):
            continue
        got = earliest_cushion(px, py, vx, vy, ax, ay, arrays.segments, arrays.arcs, R, T)
        want = _full_cushion_search(px, py, vx, vy, ax, ay, arrays.segments, arrays.arcs, R, T)
        assert got == want
        found += got[1] >= 0
        got_p = earliest_pocket(px, py, vx, vy, ax, ay, arrays.pockets, T)
        assert got_p == _full_pocket_search(px, py, vx, vy, ax, ay, arrays.pockets, T)
    assert found > 300  # the draw reaches the cushions often, so the check has teeth


def test_path_box_holds_the_path_and_its_turning_point() -> None:
    rng = np.random.default_rng(11)
    for _ in range(500):
        px, py, vx, vy, ax, ay = rng.normal(0.0, 2.0, size=6)
        T = rng.uniform(0.0, 3.0)
        cx, cy, hx, hy = path_box(px, py, vx, vy, ax, ay, T)
        t = np.linspace(0.0, T, 401)
        x = px + vx * t + 0.5 * ax * t * t
        y = py + vy * t + 0.5 * ay * t * t
        assert np.all(np.abs(x - cx) <= hx) and np.all(np.abs(y - cy) <= hy)
    # a coordinate that turns back inside the window: the box reaches the turning point
    cx, cy, hx, hy = path_box(0.0, 0.0, 1.0, 0.0, -1.0, 0.0, 4.0)
    assert cx + hx == pytest.approx(0.5, abs=1e-8) and cx - hx == pytest.approx(-4.0, abs=1e-8)
    assert hy == pytest.approx(0.0, abs=1e-8)
    # no finite window: nothing is culled
    assert path_box(0.1, 0.2, 1.0, 0.0, 0.0, 0.0, math.inf)[2:] == (math.inf, math.inf)


def test_box_tests_miss_only_what_is_out_of_reach() -> None:
    R = 0.028
    rail = np.array([0.0, 2.0, 1.0, 2.0, 0.0, -1.0])  # y = 2, balls below, x in [0, 1]
    assert box_misses_segment(0.5, 1.0, 0.1, 0.1, rail, R)  # far below the line
    assert not box_misses_segment(0.5, 2.0 - R - 0.05, 0.1, 0.051, rail, R)  # within R of it
    assert box_misses_segment(0.5, 2.0 - R - 0.05, 0.1, 0.049, rail, R)  # just short of it
    assert box_misses_segment(1.2, 1.99, 0.1, 0.1, rail, R)  # beyond the end x = 1
    assert box_misses_segment(-0.2, 1.99, 0.1, 0.1, rail, R)  # before the start x = 0
    assert not box_misses_segment(1.05, 1.99, 0.1, 0.1, rail, R)  # straddles the end
    assert box_misses_circle(0.0, 0.0, 0.1, 0.1, 0.2, 0.2, 0.14)  # corner 0.1 * sqrt(2) away
    assert not box_misses_circle(0.0, 0.0, 0.1, 0.1, 0.2, 0.2, 0.15)


def _random_motion(rng, R, p, at_rest):
    """``(state, vx, vy, wx, wy, ax, ay, T)`` of a random ball (at rest when ``at_rest``)."""
    if at_rest:
        return MotionState.STATIONARY, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, math.inf
    speed = rng.choice([0.05, 0.5, 3.0, 9.0])
    ang = rng.uniform(0.0, 2.0 * math.pi)
    w = rng.normal(0.0, 60.0, size=3)
    st, vx, vy, wx, wy, wz = classify(speed * math.cos(ang), speed * math.sin(ang), *w, R)
    ax, ay = acceleration(st, vx, vy, wx, wy, p)
    return st, vx, vy, wx, wy, ax, ay, transition_time(st, vx, vy, wx, wy, wz, p)


def test_a_pair_whose_path_boxes_are_apart_has_no_contact() -> None:
    """``predict.boxes_apart`` culls a pair only when ``ball_ball_time`` finds no contact:
    random pairs (one moving, the other moving or at rest) a few diameters apart, each box over
    the ball's own window, the pair solved over the shorter one."""
    params = Params()
    p = params.packed()
    R = params.R
    D = 2.0 * R
    rng = np.random.default_rng(17)
    culled = contacts = 0
    box = np.full((2, 4), math.inf)
    for _ in range(4000):
        pos = [(0.5, 0.5), tuple(np.array([0.5, 0.5]) + rng.normal(0.0, 4 * D, size=2))]
        moves = [_random_motion(rng, R, p, False), _random_motion(rng, R, p, rng.random() < 0.3)]
        windows = [min(m[7], rng.uniform(0.0, 1.0)) for m in moves]
        for k, ((px, py), (_st, vx, vy, _wx, _wy, ax, ay, _T)) in enumerate(
            zip(pos, moves, strict=True)
        ):
            box[k] = path_box(px, py, vx, vy, ax, ay, windows[k])
        (p1x, p1y), (p2x, p2y) = pos
        s1, v1x, v1y, w1x, w1y = moves[0][:5]
        s2, v2x, v2y, w2x, w2y = moves[1][:5]
        t = ball_ball_time(s1, p1x, p1y, v1x, v1y, w1x, w1y, s2, p2x, p2y, v2x, v2y, w2x, w2y,
                           D, min(windows), p)  # fmt: skip
        if boxes_apart(0, 1, box, D):
            culled += 1
            assert t == math.inf
        contacts += t < math.inf
    assert culled > 1000 and contacts > 100  # both outcomes are common: the check has teeth
