"""``sim.digest.digest_log``: the compiled digest of a log against a slow twin read row by row in
plain Python, on hand-built logs (each fact on its own), on random logs (hypothesis) and on
real shots; its refusals of bad input."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sim import EVENT_DTYPE, BallState, EventKind
from sim.digest import Drop, LogDigest, balls_with_part_below, balls_within, digest_log
from sim.errors import InvalidBallStateError, InvalidEventLogError
from sim.kernels import digest as kernels

K = EventKind


def log(*rows: tuple[float, ...]) -> np.ndarray:
    """A log of rows (t, kind, a, b[, speed[, direction]]), read-only like the engine's."""
    events = np.zeros(len(rows), dtype=EVENT_DTYPE)
    for i, row in enumerate(rows):
        events[i]["t"], events[i]["kind"], events[i]["a"], events[i]["b"] = row[:4]
        events[i]["speed"] = row[4] if len(row) > 4 else 0.0
        events[i]["direction"] = row[5] if len(row) > 5 else 0
    events.flags.writeable = False
    return events


def twin(events: np.ndarray, n: int, simultaneous_s: float) -> LogDigest:
    """The digest worked out row by row in plain Python, the way the facts read before the
    kernel (the slow twin)."""
    rows = [
        (float(r["t"]), int(r["kind"]), int(r["a"]), int(r["b"]), float(r["speed"])) for r in events
    ]
    first = None
    balls: set[int] = set()
    for i, (t, kind, a, b, _) in enumerate(rows):
        if kind != K.BALL_BALL or (a != 0 and b != 0):
            continue
        other = b if a == 0 else a
        if first is None:
            first = (i, t, other)
            balls.add(other)
        elif t - first[1] <= simultaneous_s:
            balls.add(other)
        else:
            break
    end = len(rows) if first is None else first[0] + 1
    landed = any(kind in (K.BOUNCE, K.OFF_TABLE) for _, kind, _, _, _ in rows[:end])
    after = first is not None and any(
        kind == K.BALL_CUSHION and i > first[0] for i, (_, kind, _, _, _) in enumerate(rows)
    )

    def firsts(wanted: int) -> tuple[Drop, ...]:
        seen: dict[int, Drop] = {}
        for i, (t, kind, a, b, _) in enumerate(rows):
            if kind == wanted and a not in seen:
                seen[a] = Drop(a, i, t, b)
        return tuple(seen.values())

    strikes = [speed for _, kind, a, _, speed in rows if kind == K.STRIKE and a == 0]
    crossings = tuple(
        (int(r["a"]), int(r["b"]), int(r["direction"]))
        for r in events
        if r["kind"] == K.LINE_CROSSING
    )
    return LogDigest(
        first_contact=first,
        first_contact_balls=frozenset(balls),
        cushion_after_first_contact=after,
        landed_before_first_contact=landed,
        pocketed=firsts(K.BALL_POCKET),
        left_table=firsts(K.OFF_TABLE),
        cushioned=frozenset(a for _, kind, a, _, _ in rows if kind == K.BALL_CUSHION),
        strike_speed=strikes[0] if strikes else None,
        crossings=crossings,
    )


def test_each_fact_of_a_hand_built_log() -> None:
    events = log(
        (0.0, K.STRIKE, 0, -1, 2.5),
        (0.05, K.BOUNCE, 0, -1),
        (0.1, K.BALL_BALL, 3, 0),  # the cue ball as b: its first contact, with the 3
        (0.1 + 5e-10, K.BALL_BALL, 0, 5),  # simultaneous: part of it
        (0.2, K.BALL_BALL, 0, 7),  # later: not part of it
        (0.3, K.BALL_CUSHION, 5, 2),
        (0.4, K.BALL_POCKET, 5, 4),
        (0.5, K.BALL_POCKET, 3, 1),
        (0.6, K.BALL_POCKET, 5, 0),  # a second drop of the 5 (hand-built): the first counts
        (0.7, K.OFF_TABLE, 7, 3),
        (0.8, K.LINE_CROSSING, 4, 0),
    )
    crossing = events.copy()
    crossing[-1]["direction"] = -1
    events = crossing
    d = digest_log(events, 8, 1e-9)
    assert d.first_contact == (2, 0.1, 3)
    assert d.first_contact_balls == {3, 5}
    assert d.landed_before_first_contact and d.cushion_after_first_contact
    assert d.pocketed == (Drop(5, 6, 0.4, 4), Drop(3, 7, 0.5, 1))
    assert d.left_table == (Drop(7, 9, 0.7, 3),)
    assert d.cushioned == {5}
    assert d.strike_speed == 2.5
    assert d.crossings == ((4, 0, -1),)
    assert d == twin(events, 8, 1e-9)


def test_a_log_without_contact_strike_or_landing() -> None:
    events = log((0.0, K.BALL_CUSHION, 0, 1), (0.5, K.ROLLING_TO_STATIONARY, 0, -1))
    d = digest_log(events, 2)
    assert d.first_contact is None and d.first_contact_balls == frozenset()
    assert not d.cushion_after_first_contact  # a cushion, but no contact before it
    assert not d.landed_before_first_contact and d.strike_speed is None
    assert d.cushioned == {0}
    empty = digest_log(np.zeros(0, dtype=EVENT_DTYPE), 1)
    assert empty == LogDigest(None, frozenset(), False, False, (), (), frozenset(), None, ())


def test_contacts_at_the_very_same_instant_are_simultaneous_with_no_tolerance() -> None:
    events = log(
        (0.1, K.BALL_BALL, 0, 1), (0.1, K.BALL_BALL, 0, 2), (0.1 + 1e-12, K.BALL_BALL, 0, 3)
    )
    assert digest_log(events, 4, 0.0).first_contact_balls == {1, 2}


def test_the_first_strike_row_of_the_cue_ball_gives_the_speed_even_a_nan_one() -> None:
    events = log(
        (0.0, K.STRIKE, 1, -1, 1.0), (0.0, K.STRIKE, 0, -1, math.nan), (0.1, K.STRIKE, 0, -1, 3.0)
    )
    speed = digest_log(events, 2).strike_speed
    assert speed is not None and math.isnan(speed)


def test_a_contact_at_a_nan_time_ends_the_first_contact() -> None:
    events = log((0.1, K.BALL_BALL, 0, 1), (math.nan, K.BALL_BALL, 0, 2), (0.1, K.BALL_BALL, 0, 3))
    assert digest_log(events, 4, 1e-9).first_contact_balls == {1}
    assert digest_log(events, 4, 1e-9) == twin(events, 4, 1e-9)


def test_a_landing_after_the_first_contact_is_not_before_it() -> None:
    events = log((0.1, K.BALL_BALL, 0, 1), (0.2, K.BOUNCE, 1, -1), (0.3, K.OFF_TABLE, 1, 2))
    assert not digest_log(events, 2).landed_before_first_contact


@pytest.mark.jit_only
def test_writable_strided_and_one_row_logs_use_the_one_compiled_version() -> None:
    """The engine's logs are read-only and C-contiguous; a writable, a strided or a one-row
    log is handed to the kernel as one too (no second compile at a rule tester's log)."""
    events = log((0.0, K.STRIKE, 0, -1, 1.0), (0.1, K.BALL_BALL, 0, 1), (0.2, K.BALL_POCKET, 1, 2))
    digest_log(events, 2)
    writable = events.copy()
    assert digest_log(writable, 2) == digest_log(events, 2)
    assert writable.flags.writeable  # the caller's array is left as it was
    assert digest_log(events[::2], 2).pocketed == (Drop(1, 1, 0.2, 2),)
    assert digest_log(events[:1].copy(), 2).strike_speed == 1.0
    assert len(kernels.log_digest.signatures) == 1


@pytest.mark.parametrize(
    ("events", "n", "message"),
    [
        (np.zeros(3), 2, "dtype sim.EVENT_DTYPE; got float64"),
        (np.zeros((2, 2), dtype=EVENT_DTYPE), 2, "one-dimensional"),
        ([(0.0, 1, 0, 1, 0.0, 0.0, 0.0, 0)], 2, "got list"),
        (log((0.0, K.BALL_CUSHION, 4, 0)), 3, "row 0 of the event log names ball 4; a shot of 3"),
        (
            log((0.0, K.STRIKE, 0, -1), (0.1, K.BALL_BALL, 0, -2)),
            3,
            "row 1 of the event log names ball 0 and ball -2",
        ),
    ],
)
def test_a_bad_log_is_refused_with_what_is_allowed(events: object, n: int, message: str) -> None:
    with pytest.raises(InvalidEventLogError, match=message.replace("(", r"\(")):
        digest_log(events, n)  # type: ignore[arg-type]


@pytest.mark.parametrize(("n", "s"), [(0, 0.0), (True, 0.0), (2.0, 0.0), (2, -1.0), (2, math.nan)])
def test_bad_counts_and_tolerances_are_refused(n: object, s: float) -> None:
    with pytest.raises(ValueError, match=r"n_balls must be|simultaneous_s must be"):
        digest_log(log((0.0, K.STRIKE, 0, -1)), n, s)  # type: ignore[arg-type]


_ROW = st.tuples(
    st.floats(0.0, 2.0, allow_nan=False),
    st.sampled_from([int(k) for k in EventKind]),
    st.integers(0, 5),
    st.integers(-1, 5),
    st.floats(0.0, 9.0, allow_nan=False),
    st.sampled_from([-1, 0, 1]),
)


@settings(max_examples=300, deadline=None)
@given(rows=st.lists(_ROW, max_size=40), simultaneous=st.sampled_from([0.0, 1e-9, 0.05]))
def test_random_logs_agree_with_the_slow_twin(
    rows: list[tuple[float, int, int, int, float, int]], simultaneous: float
) -> None:
    rows = sorted(rows)  # time order, kinds mixed; ball-ball partners kept in range
    rows = [(t, k, a, max(b, 0) if k == K.BALL_BALL else b, v, d) for t, k, a, b, v, d in rows]
    events = log(*rows)
    assert digest_log(events, 6, simultaneous) == twin(events, 6, simultaneous)


def test_real_shots_agree_with_the_slow_twin() -> None:
    from benchmarks.shots import break_scenarios
    from sim import Strike, simulate

    for scenario in break_scenarios():
        for phi_offset in (0.0, 0.7, -1.3):
            strike = Strike(speed=scenario.strike["speed"], phi=scenario.strike["phi"] + phi_offset)
            result = simulate(scenario.table, scenario.state, strike)
            n = result.initial.n
            assert digest_log(result.events, n, 1e-9) == twin(result.events, n, 1e-9)


def test_the_kept_buffers_grow_and_serve_threads_each_their_own() -> None:
    """The kernel writes into buffers kept per thread (``sim.digest._Buffers``): a log longer
    than they hold grows them, and threads digesting different logs at once each get their
    own log's digest."""
    from concurrent.futures import ThreadPoolExecutor

    rng = np.random.default_rng(5)
    logs = []
    for size in (3, 400, 7, 1200, 40):  # 1200 rows: 3.6k entries, past the first buffers
        kinds = rng.choice([int(K.BALL_BALL), int(K.BALL_CUSHION), int(K.BALL_POCKET)], size)
        rows = [
            (float(i), int(k), int(rng.integers(0, 6)), int(rng.integers(0, 6)), 1.0, 1)
            for i, k in enumerate(kinds)
        ]
        logs.append(log(*rows))
    expected = [twin(events, 6, 1e-9) for events in logs]
    assert [digest_log(events, 6, 1e-9) for events in logs] == expected
    with ThreadPoolExecutor(max_workers=4) as pool:
        for _ in range(20):
            got = list(pool.map(lambda events: digest_log(events, 6, 1e-9), logs * 4))
            assert got == expected * 4


def test_balls_with_part_below_a_line_on_a_hand_built_log() -> None:
    """Ball 1 reaches below the line at one of its rows, ball 2 at rest, ball 3 was already
    below at t = 0 (left out), the cue ball is never counted; a NaN centre is never below."""
    r, y_line = 0.028, 0.5
    initial = BallState.at_rest(
        np.array([[0.3, 0.2], [0.3, 0.9], [0.5, 0.9], [0.7, 0.4], [0.9, 0.9]])
    )
    final = BallState.at_rest(
        np.array([[0.3, 0.6], [0.3, 0.9], [0.5, 0.52], [0.7, 0.4], [0.9, 0.9]])
    )
    events = np.zeros(3, dtype=EVENT_DTYPE)
    events["a"], events["y"] = [1, 0, 4], [0.51, 0.1, math.nan]
    assert balls_with_part_below(events, initial, final, y_line, r) == {1, 2}
    assert balls_with_part_below(events, initial, final, -1.0, r) == frozenset()


def _two_balls(n: int = 2) -> BallState:
    return BallState.at_rest(np.array([[0.3, 0.2], [0.3, 0.9], [0.6, 0.9]][:n]))


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [
        ({"events": np.zeros(2)}, InvalidEventLogError, "dtype sim.EVENT_DTYPE"),
        ({"y_line": math.nan}, ValueError, "y_line must be finite"),
        ({"radius": -0.01}, ValueError, "radius a finite length >= 0"),
        ({"final": _two_balls(3)}, InvalidBallStateError, "same balls; got 2 and 3"),
    ],
)
def test_balls_with_part_below_refuses_bad_input(change: dict, error: type, message: str) -> None:
    args = {
        "events": np.zeros(1, dtype=EVENT_DTYPE),
        "initial": _two_balls(),
        "final": _two_balls(),
        "y_line": 0.5,
        "radius": 0.028,
    }
    args.update(change)
    with pytest.raises(error, match=message):
        balls_with_part_below(**args)


def _balls_within_twin(pos: np.ndarray, on: np.ndarray, ball: int, reach: float) -> tuple:
    """The slow twin of ``balls_within``: whole-array NumPy."""
    if not on[ball]:
        return ()
    d = np.hypot(pos[:, 0] - pos[ball, 0], pos[:, 1] - pos[ball, 1])
    near = on & (d <= reach)
    near[ball] = False
    return tuple(near.nonzero()[0].tolist())


_COORD = st.one_of(st.floats(-0.1, 0.1), st.just(math.nan), st.just(0.05715))


@settings(max_examples=200, deadline=None)
@given(
    points=st.lists(st.tuples(_COORD, _COORD, st.booleans()), min_size=1, max_size=24),
    ball=st.integers(0, 23),
    reach=st.sampled_from([0.0, 0.05715, 0.05725, 0.1]),
)
def test_balls_within_agrees_with_the_slow_twin(points: list, ball: int, reach: float) -> None:
    """Random centres (NaN and exact-reach ones among them), any ball, reach 0 included."""
    pos = np.array([[x, y] for x, y, _ in points])
    on = np.array([o for _, _, o in points])
    ball %= len(points)
    assert balls_within(pos, on, ball, reach) == _balls_within_twin(pos, on, ball, reach)


def test_balls_within_reads_a_ball_state_and_changes_nothing() -> None:
    state = BallState.at_rest(np.array([[0.3, 0.2], [0.3, 0.2571], [0.3, 0.26], [0.5, 0.2]]))
    pos = np.array(state.pos)  # writable: read through a read-only view, left as it was
    assert balls_within(state.pos, state.on_table, 0, 0.0572) == (1,)
    assert balls_within(pos, state.on_table, 0, 0.061) == (1, 2)
    assert balls_within(pos, state.on_table, 3, 0.19) == ()
    assert balls_within(state.pos, state.with_ball_removed(0).on_table, 0, 1.0) == ()
    assert pos.flags.writeable and np.array_equal(pos, state.pos)


@pytest.mark.parametrize(
    ("pos", "on", "ball", "reach", "error", "message"),
    [
        (np.zeros((2, 3)), np.ones(2, bool), 0, 0.1, InvalidBallStateError, r"shape \(n, 2\)"),
        (np.zeros((3, 2)), np.ones(2, bool), 0, 0.1, InvalidBallStateError, r"shape \(n, 2\)"),
        (np.zeros((2, 2)), np.ones(2, bool), 2, 0.1, InvalidBallStateError, "ball index 0..1"),
        (np.zeros((2, 2)), np.ones(2, bool), True, 0.1, InvalidBallStateError, "ball index"),
        (np.zeros((2, 2)), np.ones(2, bool), 0, math.inf, ValueError, "finite length >= 0"),
        (np.zeros((2, 2)), np.ones(2, bool), 0, -1e-3, ValueError, "finite length >= 0"),
        (np.zeros((2, 2)), np.ones(2, bool), 0, math.nan, ValueError, "finite length >= 0"),
        (np.zeros((2, 2)), np.ones(2, bool), 0, "0.1", ValueError, "finite length >= 0"),
    ],
)
def test_balls_within_refuses_bad_input(
    pos: np.ndarray, on: np.ndarray, ball: object, reach: float, error: type, message: str
) -> None:
    with pytest.raises(error, match=message):
        balls_within(pos, on, ball, reach)  # type: ignore[arg-type]
