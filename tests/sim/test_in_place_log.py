"""A shot whose working log is too large to keep between shots (hundreds of balls) becomes its
result's arrays as it is, with nothing copied (``run_shot``'s ``in_place``): the result reads
exactly as the same shot's copied result does, owns the log, and pickles only its rows."""

from __future__ import annotations

import importlib
import pickle

import numpy as np
import pytest

import sim
from benchmarks.many_balls import many_ball_scenarios
from sim.kernels.loop import STATUS_DONE, run_shot
from sim.kernels.shot_types import SNAP_WIDTH, ShotStart, empty_log
from sim.simulate import shot_model

simulate_module = importlib.import_module("sim.simulate")

FIELDS = ("times", "pos", "vel", "spin", "motion", "z", "vz")


def _same(a: sim.ShotResult, b: sim.ShotResult) -> None:
    assert a.events.tobytes() == b.events.tobytes()
    assert len(a.snapshots) == len(b.snapshots) == len(a.events)
    for name in FIELDS:
        x, y = getattr(a.snapshots, name), getattr(b.snapshots, name)
        assert x.shape == y.shape and x.tobytes() == y.tobytes(), name
        assert not x.flags.writeable and x.flags.c_contiguous, name
    for name in ("pos", "vel", "spin", "motion", "z", "vz", "on_table"):
        assert getattr(a.final, name).tobytes() == getattr(b.final, name).tobytes(), name
    assert a.duration == b.duration


def _copied(monkeypatch: pytest.MonkeyPatch, scenario: object) -> sim.ShotResult:
    """The same shot with every log kept (so its outputs are copies)."""
    with monkeypatch.context() as patch:
        patch.setattr(simulate_module, "KEPT_LOG_BYTES", 2**40)
        patch.setattr(simulate_module._kept, "logs", {}, raising=False)
        return sim.simulate(scenario.table, scenario.state)  # type: ignore[attr-defined]


def _kernel_start(state: sim.BallState) -> tuple:  # type: ignore[type-arg]
    return tuple(
        ShotStart(
            state.pos, state.vel, state.spin, state.motion, state.on_table, False,
            (0.0, 0.0, 0.0, 0.0, 0.0), state.z, state.vz, True,
        )
    )  # fmt: skip


@pytest.mark.parametrize("moving", [True, False])
def test_the_kernel_in_place_writes_what_it_copies_out(moving: bool) -> None:
    """``run_shot`` with ``in_place`` hands back the log itself: its first rows, blocks of the
    log's capacity and the times after the last block, hold exactly the copied outputs of the
    same shot (three balls, a log of 40 rows; with nothing moving, the start as row 0)."""
    table = sim.Table.pool(9)
    model = tuple(shot_model(table, sim.Params.for_table(table)))
    vel = [[0.4, 1.1], [0.0, 0.0], [0.0, 0.0]] if moving else None
    state = sim.BallState([[0.5, 0.5], [0.6, 1.0], [0.4, 1.4]], vel=vel)
    copied = run_shot(model, _kernel_start(state), 40, 40, tuple(empty_log(40, 3)), False)
    log = tuple(empty_log(40, 3))
    own = run_shot(model, _kernel_start(state), 40, 40, log, True)
    assert int(own.status) == int(copied.status) == STATUS_DONE
    k = int(own.n_events)
    assert k == int(copied.n_events) and (k > 0) == moving
    assert own.events is log[0] and own.snap_floats is log[1] and own.snap_motion is log[2]
    assert own.events[:k].tobytes() == copied.events.tobytes()
    rows, cn = max(k, 1), 40 * 3
    for c0, width in ((0, 2), (2, 2), (4, 3), (7, 1), (8, 1)):
        a = own.snap_floats[c0 * cn : c0 * cn + width * rows * 3]
        b = copied.snap_floats[c0 * rows * 3 : (c0 + width) * rows * 3]
        assert a.tobytes() == b.tobytes(), c0
    times = own.snap_floats[SNAP_WIDTH * cn : SNAP_WIDTH * cn + k]
    assert times.tobytes() == copied.snap_floats[SNAP_WIDTH * rows * 3 :].tobytes()
    assert own.snap_motion[:rows].tobytes() == copied.snap_motion.tobytes()
    assert own.final_on_table.tobytes() == copied.final_on_table.tobytes()


@pytest.mark.jit_only
@pytest.mark.parametrize("balls", [128, 256])
def test_a_shot_of_many_balls_is_its_own_log_and_reads_as_the_copied_one(
    monkeypatch: pytest.MonkeyPatch, balls: int
) -> None:
    scenario = many_ball_scenarios(balls, shots=1)[0]
    _, kept = simulate_module._working_log(balls, simulate_module.INITIAL_CAPACITY + 32 * balls)
    assert not kept  # too large to keep: made for the one shot
    result = sim.simulate(scenario.table, scenario.state)
    assert len(result.events) > 100
    copied = _copied(monkeypatch, scenario)
    _same(result, copied)
    # in place: the snapshots are views of a buffer with room beyond the rows logged
    assert result.snapshots.__dict__["_motion"].shape[0] > len(result.events)
    assert copied.snapshots.__dict__["_motion"].shape[0] == len(copied.events)
    again = pickle.loads(pickle.dumps(result))
    _same(again, result)
    floats = again.snapshots.__dict__["_floats"]
    assert floats.nbytes == copied.snapshots.__dict__["_floats"].nbytes  # only the rows


@pytest.mark.jit_only
def test_a_shot_of_many_balls_with_no_event_keeps_its_start_as_the_final_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    scenario = many_ball_scenarios(128, shots=1)[0]
    at_rest = sim.BallState(scenario.state.pos)
    result = sim.simulate(scenario.table, at_rest)
    assert len(result.events) == 0 and len(result.snapshots) == 0
    assert result.snapshots.pos.shape == (0, 128, 2)
    np.testing.assert_array_equal(result.final.pos, at_rest.pos)
    copied = _copied(
        monkeypatch, type(scenario)(scenario.name, scenario.table, at_rest, scenario.strike)
    )
    _same(result, copied)
    _same(pickle.loads(pickle.dumps(result)), result)
