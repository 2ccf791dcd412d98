"""The geometry the computer starts from and the engine's correction of it: pockets measured by
the engine, the chance of a pot, and aiming where the engine pots the ball."""

from __future__ import annotations

import math

import numpy as np
import pytest

import sim
from agents.aiming import measured_miss, refine
from agents.geometry import lines_clear, pot_lines
from agents.levels import level_named
from agents.pockets import pocket_openings
from agents.pot_lines import LineFinder
from agents.sight import Sight

TABLE = sim.Table.pool(feet=9)
PARAMS = sim.Params.for_table(TABLE)
R = TABLE.ball_radius


def test_a_pocket_takes_a_straight_ball_on_both_sides_of_its_middle() -> None:
    for opening in pocket_openings(TABLE):
        lo, hi = opening.interval(np.array([0.0]))
        assert lo[0] < -0.02 and hi[0] > 0.02  # at least 2 cm either side, straight in
        assert abs(lo[0] + hi[0]) < 0.002  # and symmetric


def test_corner_pockets_are_measured_alike_and_narrow_towards_the_rails() -> None:
    openings = pocket_openings(TABLE)
    corners = [o for o in openings if TABLE.pockets[o.pocket].kind == "corner"]
    assert len(corners) == 4
    for other in corners[1:]:
        np.testing.assert_array_equal(other.hi, corners[0].hi)
    width = corners[0].hi - corners[0].lo
    straight = width[len(width) // 2]
    assert width[0] < straight and width[-1] < straight


def test_snooker_pockets_are_tighter_than_pool_pockets() -> None:
    pool = pocket_openings(TABLE)[0].interval(np.array([0.0]))
    snooker = pocket_openings(sim.Table.snooker())[0].interval(np.array([0.0]))
    assert snooker[1][0] - snooker[0][0] < pool[1][0] - pool[0][0]


def test_a_line_is_blocked_by_a_ball_in_its_way_and_not_by_one_beside_it() -> None:
    start, end = np.array([[0.0, 0.0]]), np.array([[1.0, 0.0]])
    ignore = np.zeros((1, 2), dtype=bool)
    in_way = np.array([[0.5, 0.03], [2.0, 2.0]])
    beside = np.array([[0.5, 0.06], [2.0, 2.0]])
    assert not lines_clear(start, end, in_way, ignore, R)[0]
    assert lines_clear(start, end, beside, ignore, R)[0]


def _pot(cut_deg: float, distance: float) -> tuple[np.ndarray, np.ndarray]:
    """A cue ball and a ball 1.0 m from the top-left corner, cut ``cut_deg`` towards it."""
    ball = np.array([0.74, 0.74])
    unit = (np.array([0.04, 0.04]) - ball) / np.hypot(*(np.array([0.04, 0.04]) - ball))
    ghost = ball - 2 * R * unit
    angle = math.atan2(unit[1], unit[0]) + math.radians(cut_deg)
    cue = ghost - distance * np.array([math.cos(angle), math.sin(angle)])
    return cue, ball


def test_the_chance_of_a_pot_falls_with_the_cut_the_distance_and_the_noise() -> None:
    openings = pocket_openings(TABLE)

    def chance(cut: float, distance: float, sd: float) -> float:
        cue, ball = _pot(cut, distance)
        lines = pot_lines(cue[None], ball[None], np.array([1]), ball[None], np.array([1]),
                          openings, R, sd)  # fmt: skip
        return float(lines.chance[0, 0, 0])

    sd = math.radians(0.2)
    assert chance(0, 0.3, sd) > chance(40, 0.3, sd) > chance(70, 0.3, sd) > 0.0
    assert chance(30, 0.3, sd) > chance(30, 1.2, sd)
    assert chance(30, 0.6, sd) > chance(30, 0.6, 3 * sd)


@pytest.mark.parametrize("speed", [1.2, 3.0])
def test_the_engine_refines_a_cut_the_ghost_ball_would_miss(speed: float) -> None:
    cue, ball = _pot(45.0, 0.5)
    state = sim.BallState.at_rest(np.array([cue, ball]))
    sight = Sight.of(TABLE, level_named("pro"))
    finder = LineFinder(sight, np.array([cue, ball]), np.array([True, True]), PARAMS.u_r * PARAMS.g)
    line = next(line for line in finder.direct(cue, [1]) if line.pocket == 0)
    ghost_aim = sim.simulate(TABLE, state, sim.Strike(speed=speed, phi=line.phi), PARAMS)
    ghost_miss = measured_miss(ghost_aim, line)
    assert ghost_miss is not None and abs(ghost_miss) > 0.008  # throw: the ghost aim is off
    aimed = refine(TABLE, PARAMS, state, line, sim.Strike(speed=speed, phi=line.phi), line.room)
    assert aimed is not None and aimed.miss is not None
    assert abs(aimed.miss) < 0.1 * line.room
    assert abs(aimed.miss) < abs(ghost_miss) / 4
    result = sim.simulate(TABLE, state, sim.Strike(speed=speed, phi=aimed.phi), PARAMS)
    dropped = result.events[result.events["kind"] == sim.EventKind.BALL_POCKET]
    assert [(int(e["a"]), int(e["b"])) for e in dropped] == [(1, 0)]
