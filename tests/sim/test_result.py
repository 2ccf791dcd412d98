"""ShotResult: exact state_at between events, sampling for playback, hand-built logs."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest
from engine_shots import nine_ball_break

import sim
from sim import EventKind, MotionState

pytestmark = pytest.mark.jit_only


@pytest.fixture(scope="module")
def result() -> sim.ShotResult:
    table, state, strike = nine_ball_break()
    return sim.simulate(table, state, strike)


def test_state_at_event_times_is_the_snapshot(result: sim.ShotResult) -> None:
    times = result.snapshots.times
    for k in range(1, len(times) - 1, 7):  # t = 0 gives the initial state, by contract
        if times[k + 1] == times[k]:
            continue  # simultaneous events: state_at gives the state after the last of them
        s = result.state_at(times[k])
        assert np.array_equal(s.pos, result.snapshots.pos[k])
        assert np.array_equal(s.motion, result.snapshots.motion[k])


def test_positions_are_continuous_between_snapshots(result: sim.ShotResult) -> None:
    times = result.snapshots.times
    for k in range(1, len(times)):
        if times[k] - times[k - 1] < 1e-9:
            continue
        before = result.state_at(times[k] - 1e-10)
        on = result.snapshots.motion[k] != MotionState.POCKETED
        assert before.pos[on] == pytest.approx(result.snapshots.pos[k][on], abs=1e-8)


def test_state_at_bounds(result: sim.ShotResult) -> None:
    assert result.state_at(-1.0) is result.initial
    assert result.state_at(0.0) is result.initial
    assert result.state_at(result.duration) is result.final
    assert result.state_at(result.duration + 5.0) is result.final
    mid = result.state_at(0.5 * result.duration)
    assert mid.n == result.initial.n
    with pytest.raises(ValueError, match="NaN"):
        result.state_at(math.nan)


def test_sample_for_playback(result: sim.ShotResult) -> None:
    dt = 1 / 60
    frames = result.sample(dt)
    assert frames.shape == (math.ceil(result.duration / dt) + 1, result.initial.n, 2)
    assert np.array_equal(frames[0], result.state_at(0.0).pos)
    assert np.array_equal(frames[-1], result.final.pos)
    assert np.array_equal(frames[30], result.state_at(30 * dt).pos)
    with pytest.raises(ValueError):
        result.sample(0.0)


def test_result_is_frozen_and_read_only(result: sim.ShotResult) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.duration = 1.0  # type: ignore[misc]
    with pytest.raises(ValueError):
        result.events["t"][0] = 5.0
    with pytest.raises(ValueError):
        result.snapshots.pos[0, 0, 0] = 5.0
    assert result.events.dtype == sim.EVENT_DTYPE
    assert result.events["kind"][0] == EventKind.STRIKE and result.events["t"][0] == 0.0


def test_snapshot_shapes(result: sim.ShotResult) -> None:
    k, n = len(result.events), result.initial.n
    s = result.snapshots
    assert s.times.shape == (k,) and s.pos.shape == (k, n, 2) and s.vel.shape == (k, n, 2)
    assert s.spin.shape == (k, n, 3) and s.motion.shape == (k, n)
    assert np.array_equal(s.times, result.events["t"])


def test_state_without_strike_before_the_first_event() -> None:
    table = sim.Table.pool(9)
    R = table.ball_radius
    state = sim.BallState(pos=[[0.5, 0.5]], vel=[[0.0, 1.0]], spin=[[-1.0 / R, 0.0, 0.0]])
    res = sim.simulate(table, state)
    a = res.params.u_r * res.params.g
    half = res.state_at(0.5)
    assert half.pos[0] == pytest.approx([0.5, 0.5 + 0.5 - 0.5 * a * 0.25], abs=1e-12)
    assert half.motion[0] == MotionState.ROLLING


def test_from_log_for_hand_built_logs() -> None:
    table = sim.Table.pool(9)
    initial = sim.BallState.at_rest([[0.5, 0.5], [0.6, 1.2]])
    final = initial.with_ball_removed(1)
    log = sim.empty_log(2)
    log["t"] = [0.0, 1.5]
    log["kind"] = [EventKind.STRIKE, EventKind.BALL_POCKET]
    log["a"] = [0, 1]
    log["b"] = [-1, 2]
    res = sim.ShotResult.from_log(table, initial, log, final)
    assert res.duration == 1.5 and len(res.snapshots) == 0
    assert res.state_at(0.7) is initial and res.state_at(1.5) is final
    assert res.sample(0.5).shape == (4, 2, 2)
    log["t"][1] = 9.0  # the result holds its own copy
    assert res.events["t"][1] == 1.5


def test_kernel_snapshots_make_their_views_when_first_read_and_pickle() -> None:
    """A simulated shot's snapshots are views of the kernel's flat buffers, each made on the
    first read of that field alone (``len`` needs none): the same rows as the final state and
    the log times, read-only, and a pickled copy reads the same."""
    import pickle

    from sim.result import KernelSnapshots

    table = sim.Table.pool(9)
    x, y = table.head_spot
    state = sim.BallState.at_rest(np.array([[x, y - 0.2], [x + 0.01, y + 0.6]]))
    result = sim.simulate(table, state, sim.Strike(speed=2.0, phi=90.0))
    snaps = result.snapshots
    assert isinstance(snaps, KernelSnapshots) and isinstance(snaps, sim.Snapshots)
    assert "pos" not in snaps.__dict__ and len(snaps) == len(result.events)
    assert "pos" not in snaps.__dict__  # len made no view
    k, n = len(result.events), state.n
    assert snaps.pos.shape == (k, n, 2) and snaps.spin.shape == (k, n, 3)
    assert snaps.motion.shape == snaps.z.shape == snaps.vz.shape == (k, n)
    assert np.array_equal(snaps.times, result.events["t"])
    assert np.array_equal(snaps.pos[-1], result.final.pos)
    assert np.array_equal(snaps.motion[-1], result.final.motion)
    for name in ("vel", "spin", "z", "vz"):  # each block at its own offset
        assert np.array_equal(getattr(snaps, name)[-1], getattr(result.final, name)), name
    for name in ("times", "pos", "vel", "spin", "motion", "z", "vz"):
        alone = sim.simulate(table, state, sim.Strike(speed=2.0, phi=90.0)).snapshots
        assert np.array_equal(getattr(alone, name), getattr(snaps, name)), name
        assert set(alone.__dict__) == {"_floats", "_motion", "_count", name}  # that view only
    for name in ("times", "pos", "vel", "spin", "motion", "z", "vz"):
        arr = getattr(snaps, name)
        assert not arr.flags.writeable and arr.flags.c_contiguous, name
    copy = pickle.loads(pickle.dumps(snaps))
    for name in ("times", "pos", "vel", "spin", "motion", "z", "vz"):
        assert np.array_equal(getattr(copy, name), getattr(snaps, name)), name
    replaced = dataclasses.replace(snaps, times=snaps.times + 1.0)
    assert len(replaced) == k and np.array_equal(replaced.pos, snaps.pos)
    unread = sim.simulate(table, state, sim.Strike(speed=2.0, phi=90.0)).snapshots
    assert "vel" not in unread.__dict__
    fresh = pickle.loads(pickle.dumps(unread))  # its buffers, no view yet
    assert len(fresh) == k and np.array_equal(fresh.vel, snaps.vel)
