"""``ShotResult.from_log`` refuses a hand-built log that no shot could write (``sim.log_check``),
naming the row and what is allowed, and accepts every log the engine writes."""

from __future__ import annotations

import math

import numpy as np
import pytest
from engine_shots import triangle
from hypothesis import given, settings
from hypothesis import strategies as st

import sim
from sim.events import EVENT_DTYPE, EventKind
from sim.log_check import checked_hand_built_log

TABLE = sim.Table.pool(9)
R = float(TABLE.ball_radius)
K = EventKind


def _states(n: int = 3, off: tuple[int, ...] = (), gone: tuple[int, ...] = ()):
    """(initial, final) of ``n`` balls in a row; ``off`` off the table from the start, ``gone``
    off it at rest."""
    xy = np.array([[0.3 + 0.1 * i, 1.0] for i in range(n)])
    initial = sim.BallState.at_rest(xy)
    for i in off:
        initial = initial.with_ball_removed(i)
    final = initial
    for i in gone:
        final = final.with_ball_removed(i)
    return initial, final


def _log(*rows: tuple) -> np.ndarray:
    """Rows (t, kind, a, b), the other fields zero."""
    log = np.zeros(len(rows), dtype=EVENT_DTYPE)
    for i, (t, kind, a, b) in enumerate(rows):
        log[i]["t"], log[i]["kind"], log[i]["a"], log[i]["b"] = t, int(kind), a, b
    return log


def _refused(log: object, match: str, off=(), gone=()) -> None:
    initial, final = _states(off=off, gone=gone)
    with pytest.raises(sim.InvalidEventLogError, match=match):
        sim.ShotResult.from_log(TABLE, initial, log, final)


def test_a_log_that_could_have_happened_is_kept_read_only() -> None:
    initial, final = _states(gone=(1,))
    rows = [(0.0, K.STRIKE, 0, -1), (0.2, K.BALL_BALL, 0, 1), (0.2, K.BALL_CUSHION, 1, 3)]
    rows += [(0.5, K.BALL_POCKET, 1, 2), (0.9, K.ROLLING_TO_STATIONARY, 0, -1)]
    result = sim.ShotResult.from_log(TABLE, initial, _log(*rows), final)
    assert result.events.dtype == EVENT_DTYPE and not result.events.flags.writeable
    assert len(result.events) == 5 and result.duration == 0.9
    # rows given as a list of tuples are read as rows too
    listed = [tuple(row) for row in _log(*rows).tolist()]
    assert len(sim.ShotResult.from_log(TABLE, initial, listed, final).events) == 5


def test_a_number_array_is_not_read_as_rows() -> None:
    _refused(np.zeros(3), r"array of rows of dtype sim.EVENT_DTYPE .*got an array of dtype float64")
    _refused(np.zeros((2, 2), dtype=EVENT_DTYPE), r"one-dimensional .*shape \(2, 2\)")
    _refused([(0.0, "strike")], r"cannot be read as rows")


def test_a_kind_that_is_not_an_event_kind_is_refused() -> None:
    _refused(_log((0.0, K.STRIKE, 0, -1), (0.1, 77, 0, -1)), r"row 1 .*kind 77 .*12 OFF_TABLE")


@pytest.mark.parametrize("bad", [math.nan, math.inf, -0.1])
def test_a_time_not_finite_or_negative_is_refused(bad: float) -> None:
    _refused(_log((bad, K.STRIKE, 0, -1)), r"row 0 .*times are finite, >= 0 s")


def test_times_going_backwards_are_refused() -> None:
    log = _log((0.0, K.STRIKE, 0, -1), (0.5, K.BALL_BALL, 0, 1), (0.3, K.BALL_CUSHION, 1, 0))
    _refused(log, r"row 2 .*0.3 s is before the row before's 0.5 s")


def test_balls_and_parties_the_table_lacks_are_refused() -> None:
    _refused(_log((0.0, K.STRIKE, 5, -1)), r"row 0 .*ball 5; a shot of 3 balls names 0..2")
    _refused(_log((0.1, K.BALL_BALL, 1, 1)), r"row 0 .*contact of ball 1 with ball 1")
    n_pockets, n_cushions = len(TABLE.pockets), len(TABLE.cushions)
    _refused(
        _log((0.1, K.BALL_POCKET, 1, 99)), rf"row 0 .*pocket 99; .* pockets 0..{n_pockets - 1}"
    )
    _refused(_log((0.1, K.BALL_CUSHION, 1, n_cushions)), rf"row 0 .*cushion {n_cushions}")
    _refused(_log((0.1, K.LINE_CROSSING, 1, 4)), r"row 0 .*line 4")
    _refused(_log((0.1, K.BOUNCE, 1, -2)), r"row 0 .*BOUNCE names rail")


def test_a_log_that_does_not_fit_its_states_is_refused() -> None:
    # a ball off the table at t = 0 cannot move, be met or drop
    _refused(_log((0.2, K.BALL_POCKET, 2, 0)), r"row 0 .*ball 2 was not on the table", off=(2,))
    _refused(_log((0.2, K.BALL_BALL, 0, 2)), r"row 0 .*ball 2 was not on the table", off=(2,))
    # a ball pocketed or sent off the table is off it at rest
    _refused(_log((0.2, K.BALL_POCKET, 1, 0)), r"row 0 .*ball 1 is pocketed here but on the table")
    _refused(_log((0.2, K.OFF_TABLE, 1, -1)), r"row 0 .*ball 1 is off the table here but on the")
    initial, _ = _states()
    with pytest.raises(sim.InvalidBallStateError, match="same balls; got 3 and 2"):
        sim.ShotResult.from_log(TABLE, initial, _log(), sim.BallState.at_rest(np.zeros((2, 2))))


_ROW = st.tuples(
    st.one_of(st.floats(min_value=-1.0, max_value=5.0), st.just(math.nan)),
    st.integers(min_value=-2, max_value=14),
    st.integers(min_value=-2, max_value=4),
    st.integers(min_value=-3, max_value=40),
)


@settings(max_examples=300, deadline=None)
@given(rows=st.lists(_ROW, max_size=12), gone=st.sets(st.integers(0, 2), max_size=2))
def test_any_log_is_kept_or_refused_with_its_row_and_leaves_the_input_alone(rows, gone) -> None:
    """Property: whatever the rows, ``from_log`` either keeps them (each rule of the module
    then holds, checked here again row by row) or raises ``InvalidEventLogError`` naming a
    row; it never changes the caller's array."""
    initial, final = _states(gone=tuple(gone))
    log = np.zeros(len(rows), dtype=EVENT_DTYPE)
    for i, (t, kind, a, b) in enumerate(rows):
        log[i]["t"], log[i]["kind"], log[i]["a"], log[i]["b"] = t, kind, a, b
    before = log.copy()
    try:
        kept = sim.ShotResult.from_log(TABLE, initial, log, final).events
    except sim.InvalidEventLogError as error:
        assert str(error).startswith("row ")
    else:
        kinds = {int(k) for k in EventKind}
        times = kept["t"].tolist()
        assert times == sorted(times) and all(math.isfinite(v) and v >= 0 for v in times)
        for row in kept.tolist():
            t, kind, a, b = row[:4]
            assert kind in kinds and 0 <= a < 3 and bool(initial.on_table[a])
            if kind in (K.BALL_POCKET, K.OFF_TABLE):
                assert not bool(final.on_table[a])
            if kind == K.BALL_BALL:
                assert b != a and bool(initial.on_table[b])
    assert log.tobytes() == before.tobytes()


def test_every_log_the_engine_writes_passes_the_checks() -> None:
    """The checks refuse only what no shot can do: the engine's logs of 9-ball breaks and
    random strikes (jumps and balls off the table included) all pass."""
    rng = np.random.default_rng(5)
    rack = triangle((float(TABLE.foot_spot[0]), float(TABLE.foot_spot[1])), [1, 2, 3, 2, 1], R)
    cue = np.array([[float(TABLE.head_spot[0]), float(TABLE.head_spot[1])]])
    state = sim.BallState.at_rest(np.vstack([cue, rack]))
    for _ in range(40):
        strike = sim.Strike(
            speed=float(rng.uniform(0.5, 8.0)),
            phi=float(rng.uniform(60.0, 120.0)),
            theta=float(rng.choice([0.0, 0.0, 30.0])),
            a=float(rng.uniform(-0.3, 0.3)),
            b=float(rng.uniform(-0.3, 0.3)),
        )
        result = sim.simulate(TABLE, state, strike)
        checked_hand_built_log(TABLE, result.initial, result.events, result.final)
