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
