"""``sim.sightlines`` against slow twins: the same straight-line geometry written plainly, with
every obstacle tried (no corridor), on random layouts and on balls set just inside and just
outside the 4R band around the way to the target, where the compiled tests skip balls."""

from __future__ import annotations

import math

import numpy as np
import pytest

from sim.errors import InvalidBallStateError
from sim.sightlines import (
    GRAZE,
    any_edges_clear,
    any_line_clear,
    first_place_with_edges_clear,
)

R = 0.02625  # snooker ball radius, m


def _sweep_clear(
    start: np.ndarray, end: np.ndarray, obstacles: np.ndarray, graze: float = GRAZE
) -> bool:
    """A ball sliding start -> end touches no obstacle ahead of the start (2R + graze)."""
    seg = end - start
    length2 = float(seg @ seg)
    for o in obstacles:
        rel = o - start
        proj = float(rel @ seg)
        if proj <= 0.0:
            continue
        t = min(max(proj / length2, 0.0), 1.0)
        if float(np.hypot(*(rel - t * seg))) <= 2.0 * R + graze:
            return False
    return True


def _edges_twin(
    cue: np.ndarray, target: np.ndarray, obstacles: np.ndarray, graze: float = GRAZE
) -> bool:
    """Both extreme edges of ``target`` struck free of every obstacle (the contact points at
    ``asin(2R / D)`` either side of the line of centres, ``sqrt(D^2 - 4R^2)`` along)."""
    d = target - cue
    dist = float(np.hypot(*d))
    if dist <= 2.0 * R:
        return True
    u = d / dist
    n = np.array([-u[1], u[0]])
    sin_a = 2.0 * R / dist
    cos_a = math.sqrt(1.0 - sin_a**2)
    length = math.sqrt(dist**2 - 4.0 * R**2)
    return all(
        _sweep_clear(cue, cue + length * (cos_a * u + side * sin_a * n), obstacles, graze)
        for side in (1.0, -1.0)
    )


def _lines_twin(cue: np.ndarray, target: np.ndarray, obstacles: np.ndarray, samples: int) -> bool:
    """Some of ``samples`` lines from the left edge to the right one meets the target free."""
    d = target - cue
    dist = float(np.hypot(*d))
    if dist <= 2.0 * R or len(obstacles) == 0:
        return True
    base, alpha = math.atan2(d[1], d[0]), math.asin(2.0 * R / dist)
    for angle in np.linspace(base - alpha, base + alpha, samples):
        v = np.array([math.cos(angle), math.sin(angle)])
        h = abs(float(d[0] * v[1] - d[1] * v[0]))
        run = float(d @ v) - math.sqrt(max(4.0 * R**2 - h**2, 0.0))
        if _sweep_clear(cue, cue + run * v, obstacles):
            return True
    return False


def _layouts(seed: int, count: int):
    """(cue, targets (3, 2), obstacles) with two balls hugging each side of the 4R band around
    the way to the first target, one just inside it and one just outside."""
    rng = np.random.default_rng(seed)
    made = 0
    while made < count:
        cue = rng.uniform([0.2, 0.2], [1.5, 3.3])
        targets = cue + rng.uniform(-1.0, 1.0, size=(3, 2))
        seg = targets[0] - cue
        length = float(np.hypot(*seg))
        if length <= 2.0 * R:
            continue
        normal = np.array([-seg[1], seg[0]]) / length
        obstacles = rng.uniform([0.0, 0.0], [1.8, 3.6], size=(int(rng.integers(0, 14)), 2))
        for side in (-1.0, 1.0):
            mid = cue + seg * rng.uniform(0.1, 0.9)
            band = [mid + side * normal * (4.0 * R - 1e-7), mid + side * normal * (4.0 * R + 1e-5)]
            obstacles = np.vstack([obstacles, *band])
        made += 1
        yield cue, targets, obstacles


@pytest.mark.parametrize("graze", [GRAZE, 0.01])
def test_both_edges_agree_with_the_twin_on_random_layouts(graze):
    """Also with a large touching slack (1 cm), which widens the band of balls kept."""
    seen = {True: 0, False: 0}
    for cue, targets, obstacles in _layouts(3, 400):
        for k in (1, 3):
            want = any(_edges_twin(cue, t, obstacles, graze) for t in targets[:k])
            got = any_edges_clear(cue, targets[:k], obstacles, R, graze)
            assert got == want, (cue, targets, k)
            seen[want] += 1
    assert min(seen.values()) > 50, f"one answer dominated the layouts: {seen}"


def test_any_part_agrees_with_the_twin_on_random_layouts():
    seen = {True: 0, False: 0}
    for cue, targets, obstacles in _layouts(5, 250):
        # a wall of balls across the way makes "no line is free" common enough to test
        wall = targets[0] + np.outer(np.linspace(-3, 3, 4), [2.0 * R, 0.0]) * 1.02
        for obs in (obstacles, np.vstack([obstacles, (wall + cue) / 2.0])):
            want = _lines_twin(cue, targets[0], obs, 33)
            assert any_line_clear(cue, targets[0], obs, R, 33) == want, (cue, targets[0])
            seen[want] += 1
    assert min(seen.values()) > 20, f"one answer dominated the layouts: {seen}"


def test_first_place_is_the_first_free_place_that_sees_a_target():
    rng = np.random.default_rng(11)
    checked = 0
    for k, (cue, targets, obstacles) in enumerate(_layouts(7, 60)):
        if k % 2:  # one target walled in by a ring of balls: snookered from every place
            targets = targets[:1]
            ring = np.linspace(0.0, 2.0 * math.pi, 10, endpoint=False)
            around = targets[0] + 2.05 * R * np.column_stack([np.cos(ring), np.sin(ring)])
            obstacles = np.vstack([obstacles, around])
        places = cue + rng.uniform(-0.15, 0.15, size=(40, 2))
        occupied = obstacles[:3]
        free = [
            i
            for i, p in enumerate(places)
            if not (np.hypot(*(occupied - p).T) < 2.0 * R + 1e-6).any()
        ]
        clear = [i for i in free if any(_edges_twin(places[i], t, obstacles) for t in targets)]
        found = first_place_with_edges_clear(places, occupied, 1e-6, targets, obstacles, R)
        assert found.any_free == bool(free)
        assert found.first_clear == (clear[0] if clear else None)
        checked += bool(free) and not clear
    assert checked > 0, "no layout had every free place snookered"


def test_every_place_occupied_is_told_apart_from_every_place_snookered():
    places = np.array([[0.5, 0.5], [0.51, 0.5]])
    found = first_place_with_edges_clear(places, places, 0.0, [[1.0, 1.0]], [], R)
    assert found.any_free is False and found.first_clear is None
    found = first_place_with_edges_clear(places, np.zeros((0, 2)), 0.0, [[1.0, 1.0]], [], R)
    assert found.any_free is True and found.first_clear == 0


def test_a_touching_target_counts_as_struck_and_no_target_as_not():
    cue = np.array([0.5, 0.5])
    touching = cue + np.array([2.0 * R, 0.0])
    wall = np.array([[0.5 + 4 * R, 0.5 + d] for d in np.linspace(-0.2, 0.2, 9)])
    assert any_edges_clear(cue, [touching], wall, R)
    assert any_line_clear(cue, touching, wall, R, 9)
    assert not any_edges_clear(cue, np.zeros((0, 2)), wall, R)


def test_read_only_and_empty_inputs_use_the_one_compiled_version_the_warm_up_loads():
    """A read-only array (the D's grid, a BallState's) and an empty list are handed to the
    kernels as the writable (k, 2) float arrays ``sim.warmup`` compiled for: no second
    compile at a player's first snooker foul."""
    from sim.kernels import sightlines as kernels
    from sim.warmup import warmup

    warmup()
    frozen = np.array([[0.5, 0.5], [0.6, 0.9]])
    frozen.setflags(write=False)
    any_edges_clear((0.1, 0.1), frozen, [], R)
    any_line_clear((0.1, 0.1), (0.5, 0.5), frozen, R, 9)
    first_place_with_edges_clear(frozen, [], 0.0, frozen, np.zeros((0, 2)), R)
    for dispatcher in (
        kernels.any_target_edges_clear,
        kernels.any_line_clear,
        kernels.any_place_edges_clear,
    ):
        assert len(getattr(dispatcher, "signatures", [None])) == 1, dispatcher


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: any_edges_clear("12", [[1, 1]], [], R), "not text"),
        (lambda: any_edges_clear((0.5, 0.5), np.zeros((0, 3)), [], R), "shape (k, 2)"),
        (lambda: any_edges_clear((0.5, 0.5), [[1, 1]], [], None), "radius must be"),
        (lambda: any_edges_clear((0.5, 0.5), [[1, 1]], [[0, math.nan]], R), "obstacles must"),
        (lambda: any_edges_clear((0.5, 0.5), [[1, math.nan]], [], R), "targets must"),
        (lambda: any_edges_clear((0.5, math.nan), [[1, 1]], [], R), "start must be finite"),
        (lambda: any_edges_clear((0.5, 0.5), [[1, 1, 1]], [], R), "shape (k, 2)"),
        (lambda: any_edges_clear((0.5, 0.5), [[1, math.inf]], [], R), "finite centres"),
        (lambda: any_edges_clear((0.5, 0.5), [[1, 1]], [["a", 1]], R), "(x, y) centres"),
        (lambda: any_edges_clear((0.5, 0.5), [[1, 1]], [], -R), "finite length > 0 m"),
        (lambda: any_edges_clear((0.5, 0.5), [[1, 1]], [], R, graze=R), "[0, radius)"),
        (lambda: any_line_clear((0.5, 0.5), (1, 1), [[math.nan, 0]], R, 9), "finite centres"),
        (lambda: any_line_clear((0.5, 0.5), (1, 1), [], R, 1), "integer >= 2"),
        (lambda: any_line_clear((0.5, 0.5), (1,), [], R, 9), "one (x, y) centre"),
        (
            lambda: first_place_with_edges_clear([[0, 0]], [], -1.0, [[1, 1]], [], R),
            "clearance must be",
        ),
        (
            lambda: first_place_with_edges_clear([[0, math.nan]], [], 0.0, [[1, 1]], [], R),
            "places must hold finite centres",
        ),
        (
            lambda: first_place_with_edges_clear([[0, 0]], [], 0.0, [[1, 1]], [[math.inf, 0]], R),
            "obstacles must hold finite centres",
        ),
    ],
)
def test_bad_input_names_what_was_wrong_and_what_is_allowed(call, message):
    with pytest.raises(InvalidBallStateError, match=None) as caught:
        call()
    assert message in str(caught.value)
