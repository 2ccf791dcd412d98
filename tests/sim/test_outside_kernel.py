"""simulate()'s work around the kernel, trimmed: the event records built in
compiled code, the result wrapped without its constructors, the cloth pre-check's skips, the
balls out of play started by the kernel, the model found by identity. Each keeps what the
checked or plain path gives."""

from __future__ import annotations

import math

import numpy as np
import pytest
from engine_shots import nine_ball_break, snooker_break_off

import sim
from sim import MotionState
from sim.events import EVENT_DTYPE
from sim.kernels.checks import all_clearly_on_cloth
from sim.kernels.loop import STATUS_DONE, STATUS_UNCLEAR, run_shot
from sim.kernels.shot_types import ShotStart, empty_log
from sim.simulate import _model_of, shot_model


def _plain_clearly_on_cloth(pos, width, length, clearance, segments, arcs, pockets) -> bool:
    """``all_clearly_on_cloth`` without its skips (every distance taken): the reference."""
    for x, y in pos:
        if not (0.0 <= x <= width and 0.0 <= y <= length):
            return False
        for x1, y1, x2, y2, *_ in segments:
            dx, dy = x2 - x1, y2 - y1
            s = min(1.0, max(0.0, ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy)))
            if math.hypot(x - (x1 + s * dx), y - (y1 + s * dy)) < clearance:
                return False
        for cx, cy, rho in arcs:
            if math.hypot(x - cx, y - cy) - rho < clearance:
                return False
        for cx, cy, rp in pockets:
            if math.hypot(x - cx, y - cy) <= rp:
                return False
    return True


@pytest.mark.parametrize("table", [sim.Table.pool(9), sim.Table.snooker()], ids=["pool", "snooker"])
def test_the_cloth_pre_check_skips_only_features_out_of_reach(table) -> None:
    arrays = table.arrays
    R = float(table.ball_radius)
    rng = np.random.default_rng(3)
    on = np.ones(1, dtype=np.bool_)
    verdicts = set()
    for _ in range(4000):
        # most near the cushions and pockets, where the skips and the exact test both act
        xy = np.array(
            [[rng.uniform(-0.02, table.width + 0.02), rng.choice([rng.uniform(0.0, 0.1),
              rng.uniform(table.length - 0.1, table.length), rng.uniform(0.0, table.length)])]]
        )  # fmt: skip
        if rng.random() < 0.5:
            xy = xy[:, ::-1] * [table.width / table.length, table.length / table.width]
        args = (float(table.width), float(table.length), R, arrays.segments, arrays.arcs)
        got = all_clearly_on_cloth(xy, on, *args, arrays.pockets)
        assert got == _plain_clearly_on_cloth(xy, *args, arrays.pockets), xy
        verdicts.add(bool(got))
    assert verdicts == {True, False}


@pytest.mark.parametrize("shot", [nine_ball_break, snooker_break_off])
def test_the_result_is_wrapped_as_documented(shot) -> None:
    table, state, strike = shot()
    result = sim.simulate(table, state, strike)
    events = result.events
    assert events.dtype == EVENT_DTYPE and events.flags.c_contiguous
    assert not events.flags.writeable
    snaps = result.snapshots
    assert isinstance(snaps, sim.Snapshots) and len(snaps) == len(events)
    assert np.array_equal(snaps.times, events["t"]) and not snaps.times.flags.writeable
    for arr in (snaps.pos, snaps.vel, snaps.spin, snaps.motion, snaps.z, snaps.vz):
        assert arr.shape[0] == len(events) and not arr.flags.writeable
    assert result.duration == float(events["t"][-1])
    final = result.final  # the last snapshot's rows, read-only; on_table off its motion
    for name in ("pos", "vel", "spin", "motion", "z", "vz"):
        row = getattr(snaps, name)[-1]
        arr = getattr(final, name)
        assert np.array_equal(arr, row) and np.shares_memory(arr, row) and not arr.flags.writeable
    assert final.on_table.tolist() == [m not in sim.constants.OUT_OF_PLAY for m in final.motion]
    assert not final.on_table.flags.writeable
    assert (result.table, result.initial, result.strike) == (table, state, strike)
    assert result.params == sim.Params.for_table(table) and result._start is None


def test_balls_out_of_play_start_pocketed_and_a_writeable_on_table_still_decides() -> None:
    table = sim.Table.pool(9)
    x, y = table.head_spot
    pos = [[x, y], [x + 0.3, y + 0.5], [x - 0.3, y + 0.5]]
    motion = np.array([MotionState.STATIONARY, MotionState.OFF_TABLE, MotionState.STATIONARY])
    state = sim.BallState(pos, motion=motion)
    final = sim.simulate(table, state, sim.Strike(speed=1.0, phi=90.0)).final
    assert final.motion.tolist()[1] == MotionState.POCKETED and not final.on_table[1]
    # ball 2 taken off the table through a writeable on_table (its motion left STATIONARY)
    state.on_table.flags.writeable = True
    state.on_table[2] = False
    final = sim.simulate(table, state, sim.Strike(speed=1.0, phi=90.0)).final
    assert final.motion.tolist()[2] == MotionState.POCKETED and not final.on_table[2]


def test_the_model_found_by_identity_is_the_model_of_those_objects() -> None:
    pool, snooker = sim.Table.pool(9), sim.Table.snooker()
    p_pool, p_snooker = sim.Params.for_table(pool), sim.Params.for_table(snooker)
    for table, params in [(pool, p_pool), (pool, p_pool), (snooker, p_snooker), (pool, p_pool)]:
        assert _model_of(table, params) is shot_model(table, params)
    assert _model_of(pool, p_pool) is not _model_of(snooker, p_snooker)


def test_a_shot_with_no_event_has_empty_snapshots_and_its_start_as_final() -> None:
    table = sim.Table.pool(9)
    state = sim.BallState.at_rest([[0.5, 0.5], [0.7, 0.9], [0.3, 1.2]]).with_ball_removed(2)
    result = sim.simulate(table, state)
    snaps = result.snapshots
    assert len(result.events) == 0 and result.duration == 0.0
    assert snaps.pos.shape == (0, 3, 2) and snaps.spin.shape == (0, 3, 3)
    assert snaps.motion.shape == snaps.z.shape == snaps.vz.shape == (0, 3)
    assert result.final == state and result.final.on_table.tolist() == [True, True, False]
    for name in ("pos", "vel", "spin", "motion", "z", "vz", "on_table"):
        assert not getattr(result.final, name).flags.writeable, name


def _start(state: sim.BallState, check: bool) -> tuple:  # type: ignore[type-arg]
    """The plain tuple of a ShotStart's fields that run_shot takes: ``state`` at rest."""
    return tuple(
        ShotStart(
            state.pos,
            state.vel,
            state.spin,
            state.motion,
            state.on_table,
            False,
            (0.0, 0.0, 0.0, 0.0, 0.0),
            state.z,
            state.vz,
            check,
        )
    )


def test_the_kernel_pre_checks_the_balls_and_simulates_nothing_when_unclear() -> None:
    table = sim.Table.pool(9)
    model = shot_model(table, sim.Params.for_table(table))
    R = float(table.ball_radius)
    overlapping = sim.BallState(
        [[0.5, 0.5], [0.6, 0.6], [0.6 + R, 0.6]], vel=[[0.0, 1.0], [0.0, 0.0], [0.0, 0.0]]
    )
    out = run_shot(
        tuple(model), _start(overlapping, True), 100, 100, tuple(empty_log(100, 3)), False
    )
    assert int(out.status) == STATUS_UNCLEAR and int(out.n_events) == 0
    out = run_shot(
        tuple(model), _start(overlapping, False), 100, 100, tuple(empty_log(100, 3)), False
    )
    assert int(out.status) == STATUS_DONE and int(out.n_events) > 0  # unchecked, it runs
    # an overlap is named before a wrong strike, as when Python ran the pre-check
    with pytest.raises(sim.OverlappingBallsError, match="balls 1 and 2"):
        sim.simulate(table, overlapping, strike="hard")  # type: ignore[arg-type]


def test_a_ball_the_pre_check_cannot_clear_but_the_exact_check_accepts_is_simulated() -> None:
    # a centre just outside the side cushions' line, in the mouth of the side pocket: outside
    # the pre-check's box, on the cloth for the exact test (the kernel reruns unchecked)
    table = sim.Table.pool(9)
    state = sim.BallState.at_rest([[0.5, 0.5], [-0.015142962719228853, 1.2497027251449844]])
    assert sim.balls.first_ball_off_cloth(state, table) is None
    model = shot_model(table, sim.Params.for_table(table))
    unchecked = run_shot(tuple(model), _start(state, True), 10, 10, tuple(empty_log(10, 2)), False)
    assert int(unchecked.status) == STATUS_UNCLEAR  # the kernel's pre-check does not clear it
    result = sim.simulate(table, state, sim.Strike(speed=0.5, phi=90.0))
    assert len(result.events) > 0 and result.events["a"][0] == 0
    assert result.final.pos[1].tolist() == state.pos[1].tolist()
