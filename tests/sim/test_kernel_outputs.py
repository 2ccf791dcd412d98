"""simulate() wraps the kernel's own outputs without re-checking them: the trusted final state
must be exactly what the checked ``BallState(...)`` would build from the same arrays."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable

import numpy as np
import pytest
from engine_shots import nine_ball_break, snooker_break_off

import sim
from sim.balls import BallState
from sim.constants import MotionState
from sim.result import kernel_ball_state

ShotMaker = Callable[[], tuple[sim.Table, sim.BallState, sim.Strike]]


@pytest.mark.parametrize("shot", [nine_ball_break, snooker_break_off])
def test_the_final_state_equals_the_checked_construction(shot: ShotMaker) -> None:
    table, state, strike = shot()
    final = sim.simulate(table, state, strike).final
    checked = BallState(
        final.pos, final.vel, final.spin, final.motion, final.on_table, z=final.z, vz=final.vz
    )
    for f in dataclasses.fields(BallState):
        ours, theirs = getattr(final, f.name), getattr(checked, f.name)
        assert ours.dtype == theirs.dtype and ours.shape == theirs.shape, f.name
        assert np.array_equal(ours, theirs), f.name
        assert not ours.flags.writeable and ours.flags.c_contiguous, f.name


def test_kernel_ball_state_sets_every_field_and_reads_on_table_off_motion() -> None:
    motion = np.array(
        [MotionState.ROLLING, MotionState.POCKETED, MotionState.OFF_TABLE, MotionState.STATIONARY],
        dtype=np.int8,
    )
    n = motion.shape[0]
    state = kernel_ball_state(
        np.zeros((n, 2)), np.zeros((n, 2)), np.zeros((n, 3)), motion, np.zeros(n), np.zeros(n)
    )
    assert {f.name for f in dataclasses.fields(BallState)} <= set(vars(state))
    assert state.on_table.tolist() == [True, False, False, True]
    with pytest.raises(ValueError, match="read-only"):
        state.pos[0, 0] = 1.0


def _frame_by_frame(result: sim.ShotResult, dt: float) -> np.ndarray:
    """``sample(dt, heights=True)`` as defined: each frame's time, evolved on its own."""
    frames = math.ceil(result.duration / dt) + 1
    out = np.empty((frames, result.n_balls, 3))
    for f in range(frames):
        t = result.duration if f == frames - 1 else min(f * dt, result.duration)
        if t >= result.duration:
            out[f, :, :2], out[f, :, 2] = result.final.pos, result.final.z
        else:
            out[f, :, :2] = result._arrays_at(t)[0]
            out[f, :, 2] = result._heights_at(t)[0]
    return out


@pytest.mark.parametrize("theta", [0.0, 45.0])
def test_sample_in_one_compiled_call_equals_the_frames_one_by_one(theta: float) -> None:
    table, state, strike = nine_ball_break()
    jump = sim.Strike(strike.speed, strike.phi, theta, strike.a, strike.b)
    result = sim.simulate(table, state, jump)
    if theta:
        assert (result.snapshots.motion == MotionState.AIRBORNE).any()
    for dt in (1 / 60, result.duration / 7):
        expected = _frame_by_frame(result, dt)
        assert np.array_equal(result.sample(dt, heights=True), expected)
        assert np.array_equal(result.sample(dt), expected[:, :, :2])
