"""Racks: the order of each 9-ball rack, never the one before, whatever its number; a match's
racks by number; the rack number's bound (the rack of number k costs the same for every k)."""

from __future__ import annotations

import itertools
from dataclasses import replace

import numpy as np
import pytest

import rules
import sim
from rules.errors import InvalidOptionError
from rules.racks import nine_ball_order, nine_ball_rack


def test_each_nine_ball_rack_differs_from_the_one_before():
    """« Leurs positions doivent être différentes à chaque nouveau rack »: over 300 seeds and
    60 racks each (the old independent draws repeated a rack about once in 6,000), no rack's
    order of the balls 2-8 equals the rack before, and a rack depends on (seed, rack) only."""
    table = sim.Table.pool(9)
    for seed in range(300):
        orders = [nine_ball_order(seed, k) for k in range(60)]
        assert all(a != b for a, b in itertools.pairwise(orders)), seed
    first = nine_ball_rack(table, 17, 5)
    assert np.array_equal(first, nine_ball_rack(table, 17, 5))
    a, b = nine_ball_rack(table, 17, 5), nine_ball_rack(table, 17, 6)
    assert not np.allclose(a[2:9], b[2:9], atol=1e-3)
    assert np.allclose(a[1], b[1], atol=1e-3) and np.allclose(a[9], b[9], atol=1e-3)


@pytest.mark.parametrize("kind", ["nine-ball", "eight-ball"])
def test_a_new_game_of_a_match_rack_is_that_rack_of_the_seed(kind):
    """A match that starts each rack as a new game (the window's) asks for rack k of the match
    seed (``rack_number``): it is the rack ``next_rack`` sets up after rack k - 1, so a 9-ball
    rack never repeats the one before. Seed 7592's racks 0 and 1 were one rack when each new
    game drew from seed + k. Bad rack numbers are refused, naming what is allowed."""
    for k in range(1, 5):
        after = rules.new_game(kind, seed=7592, rack_number=k - 1)
        done = replace(after, is_over=True, winner=0)
        fresh = rules.new_game(kind, seed=7592, rack_number=k, breaker=done.other(done.breaker))
        assert fresh.rack_number == k
        assert np.array_equal(fresh.state.pos, done.next_rack().state.pos)
    if kind == "nine-ball":
        racks = [rules.new_game(kind, seed=7592, rack_number=k).state.pos for k in range(2)]
        assert not np.allclose(racks[0][2:9], racks[1][2:9], atol=1e-3)
    for bad in (-1, 1.7, "x", True):
        with pytest.raises(
            InvalidOptionError, match=r"rack_number must be a whole number 0\.\.1000000"
        ):
            rules.new_game(kind, seed=1, rack_number=bad)
