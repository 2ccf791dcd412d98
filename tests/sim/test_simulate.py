"""Whole shots through sim.simulate: closed-form checks, invariants, validation, determinism."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest
from engine_shots import nine_ball_break, snooker_break_off

import sim
from sim import EventKind, MotionState

pytestmark = pytest.mark.jit_only

TABLE = sim.Table.pool(9)
PARAMS = sim.Params.for_table(TABLE)
R = PARAMS.R


def kinds(result: sim.ShotResult) -> list[EventKind]:
    return [EventKind(int(k)) for k in result.events["kind"]]


def energy(result: sim.ShotResult) -> np.ndarray:
    """Total kinetic energy (J) after each event, from the snapshots."""
    s = result.snapshots
    m, inertia = PARAMS.m, 0.4 * PARAMS.m * R * R
    return 0.5 * m * (s.vel**2).sum(axis=(1, 2)) + 0.5 * inertia * (s.spin**2).sum(axis=(1, 2))


def test_straight_roll_from_the_head_spot_to_the_foot_cushion() -> None:
    v0 = 1.5
    x, y = TABLE.head_spot
    state = sim.BallState(
        pos=[[x, y]], vel=[[0.0, v0]], spin=[[-v0 / R, 0.0, 0.0]], motion=None, radius=R
    )
    result = sim.simulate(TABLE, state, params=PARAMS)
    hit = result.events[result.events["kind"] == EventKind.BALL_CUSHION][0]
    a = PARAMS.u_r * PARAMS.g
    d = TABLE.length - R - y
    assert hit["t"] == pytest.approx((v0 - math.sqrt(v0 * v0 - 2 * a * d)) / a, rel=1e-12)
    assert hit["speed"] == pytest.approx(math.sqrt(v0 * v0 - 2 * a * d), rel=1e-12)
    assert hit["y"] == pytest.approx(TABLE.length - R, abs=1e-12)
    assert TABLE.cushions[int(hit["b"])].kind == "rail"


def test_stun_shot_chained_through_its_events() -> None:
    speed = 0.3
    x, y = TABLE.head_spot
    state = sim.BallState.at_rest([[x, y - 0.3]])
    result = sim.simulate(TABLE, state, sim.Strike(speed=speed, phi=90.0), params=PARAMS)
    v0 = (1 + PARAMS.e_tip) * speed / (1 + PARAMS.m / PARAMS.cue_mass)
    mu_s_g, mu_r_g = PARAMS.u_s * PARAMS.g, PARAMS.u_r * PARAMS.g
    t_slide = 2 * v0 / (7 * mu_s_g)
    v_roll = 5 * v0 / 7
    moving = [k for k in kinds(result) if k != EventKind.LINE_CROSSING]
    assert moving == [
        EventKind.STRIKE,
        EventKind.SLIDING_TO_ROLLING,
        EventKind.ROLLING_TO_STATIONARY,
    ]
    ev = result.events[result.events["kind"] != EventKind.LINE_CROSSING]
    assert ev["t"][1] == pytest.approx(t_slide, rel=1e-12)
    assert ev["t"][2] == pytest.approx(t_slide + v_roll / mu_r_g, rel=1e-12)
    assert result.duration == ev["t"][2]
    dist = 12 * v0**2 / (49 * mu_s_g) + v_roll**2 / (2 * mu_r_g)
    assert result.final.pos[0] == pytest.approx([x, y - 0.3 + dist], abs=1e-12)
    e = energy(result)
    assert e[0] == pytest.approx(0.5 * PARAMS.m * v0**2, rel=1e-12)
    k_roll = list(result.events["kind"]).index(EventKind.SLIDING_TO_ROLLING)
    assert e[k_roll] == pytest.approx(0.7 * PARAMS.m * v_roll**2, rel=1e-12)
    # the head string (y = L/4) is crossed once, upward
    cross = result.events[result.events["kind"] == EventKind.LINE_CROSSING]
    assert len(cross) == 1 and cross["direction"][0] == 1 and cross["b"][0] == 0
    assert cross["y"][0] == pytest.approx(TABLE.head_string_y, abs=1e-12)


@pytest.mark.parametrize("distance", [0.1, 0.8])
def test_sliding_ball_meets_the_cushion_in_one_phase_or_after_rolling(distance: float) -> None:
    v0 = 2.0
    y0 = TABLE.length - R - distance
    state = sim.BallState(pos=[[0.6, y0]], vel=[[0.0, v0]], radius=R)
    result = sim.simulate(TABLE, state, params=PARAMS)
    hit = result.events[result.events["kind"] == EventKind.BALL_CUSHION][0]
    mu_s_g, mu_r_g = PARAMS.u_s * PARAMS.g, PARAMS.u_r * PARAMS.g
    t_slide = 2 * v0 / (7 * mu_s_g)
    d_slide = 12 * v0**2 / (49 * mu_s_g)
    if distance < d_slide:
        want = (v0 - math.sqrt(v0 * v0 - 2 * mu_s_g * distance)) / mu_s_g
        assert kinds(result)[0] == EventKind.BALL_CUSHION
    else:
        vr = 5 * v0 / 7
        rest = distance - d_slide
        want = t_slide + (vr - math.sqrt(vr * vr - 2 * mu_r_g * rest)) / mu_r_g
        assert kinds(result)[:2] == [EventKind.SLIDING_TO_ROLLING, EventKind.BALL_CUSHION]
    assert hit["t"] == pytest.approx(want, rel=1e-12)


def test_ball_into_a_corner_pocket() -> None:
    pocket = TABLE.pocket_named("bottom-right")
    start = np.array([TABLE.width - 0.4, TABLE.length - 0.4])
    phi = math.degrees(math.atan2(pocket.y - start[1], pocket.x - start[0]))
    result = sim.simulate(TABLE, sim.BallState.at_rest([start]), sim.Strike(2.0, phi))
    pocketed = result.events[result.events["kind"] == EventKind.BALL_POCKET]
    assert len(pocketed) == 1 and pocketed["b"][0] == pocket.id
    assert not result.final.on_table[0]
    assert result.final.motion[0] == MotionState.POCKETED
    assert result.duration == pocketed["t"][0]


def test_a_cut_shot_obeys_the_ninety_degree_rule_in_a_real_shot() -> None:
    params = dataclasses.replace(PARAMS, ball_ball_model="frictionless", e_b=1.0)
    cue, obj = (0.5, 0.8), (0.5 + R, 0.8 + 0.2)
    state = sim.BallState.at_rest([cue, obj])
    result = sim.simulate(TABLE, state, sim.Strike(3.0, 90.0), params=params)
    k = list(result.events["kind"]).index(EventKind.BALL_BALL)
    v = result.snapshots.vel[k]
    assert np.dot(v[0], v[1]) == pytest.approx(0.0, abs=1e-12)


def test_frozen_ball_on_a_cushion_is_struck_along_it_without_chatter() -> None:
    y = 0.9
    frozen = (R, y)  # touching the left rail
    cue = (R + 1e-4, y - 0.4)
    state = sim.BallState.at_rest([cue, frozen])
    result = sim.simulate(TABLE, state, sim.Strike(2.0, 90.0))
    assert len(result.events) < 40
    check_invariants(result)


def check_invariants(result: sim.ShotResult) -> None:
    table = result.table
    r = result.params.R
    s = result.snapshots
    e = 0.5 * result.params.m * (s.vel**2).sum(axis=(1, 2)) + 0.2 * result.params.m * r * r * (
        s.spin**2
    ).sum(axis=(1, 2))
    assert np.all(np.diff(e) <= 1e-12 * e[0] + 1e-15), "energy increased"
    for k in range(len(s)):
        on = s.motion[k] != MotionState.POCKETED
        xy = s.pos[k][on]
        if len(xy) == 0:
            continue
        d = np.hypot(xy[:, None, 0] - xy[None, :, 0], xy[:, None, 1] - xy[None, :, 1])
        d[np.diag_indices_from(d)] = np.inf
        assert d.min() >= 2 * r - 1e-9, f"overlap after event {k}"
        assert table.cushion_distances(xy).min() >= r - 1e-9, f"ball in a cushion after {k}"
    assert np.all(np.diff(result.events["t"]) >= 0.0)


def test_nine_ball_break_invariants() -> None:
    table, state, strike = nine_ball_break()
    result = sim.simulate(table, state, strike)
    check_invariants(result)
    assert np.all(
        (result.final.motion == MotionState.STATIONARY)
        | (result.final.motion == MotionState.POCKETED)
    )
    assert (result.events["kind"] == EventKind.BALL_BALL).sum() > 10


def test_snooker_break_off_invariants() -> None:
    table, state, strike = snooker_break_off()
    result = sim.simulate(table, state, strike)
    check_invariants(result)


def test_same_input_same_log_bit_for_bit() -> None:
    table, state, strike = nine_ball_break()
    a = sim.simulate(table, state, strike)
    b = sim.simulate(table, state, strike)
    assert a.events.tobytes() == b.events.tobytes()
    assert a.snapshots.pos.tobytes() == b.snapshots.pos.tobytes()
    assert a.final == b.final


def test_mirror_symmetry_across_the_long_axis() -> None:
    W = TABLE.width
    cue = np.array([0.45, 0.5])
    obj = np.array([[0.7, 1.3], [0.3, 1.9]])
    strike = sim.Strike(3.0, 72.0, a=0.2, b=0.1)
    left = sim.simulate(TABLE, sim.BallState.at_rest(np.vstack([cue, obj])), strike)
    mirror = lambda xy: np.column_stack([W - xy[:, 0], xy[:, 1]])  # noqa: E731
    right = sim.simulate(
        TABLE,
        sim.BallState.at_rest(mirror(np.vstack([cue, obj]))),
        sim.Strike(3.0, 180.0 - 72.0, a=-0.2, b=0.1),
    )
    assert len(left.events) == len(right.events)
    assert np.array_equal(left.events["kind"], right.events["kind"])
    assert np.array_equal(left.events["a"], right.events["a"])
    assert right.events["t"] == pytest.approx(left.events["t"], rel=1e-9, abs=1e-12)
    assert right.events["x"] == pytest.approx(W - left.events["x"], abs=1e-9)
    assert right.final.pos == pytest.approx(mirror(left.final.pos), abs=1e-9)


def test_inputs_are_not_mutated() -> None:
    table, state, strike = nine_ball_break()
    pos = state.pos.copy()
    params = sim.Params.for_table(table)
    sim.simulate(table, state, strike, params)
    assert np.array_equal(state.pos, pos)
    assert params == sim.Params.for_table(table)


@pytest.mark.parametrize("name", ["pos", "vel", "spin"])
def test_a_state_array_unfrozen_and_set_to_nan_is_refused(name: str) -> None:
    # BallState(...) refuses NaN and freezes its arrays; simulate scans again only an array
    # someone has made writeable since
    table, state, strike = nine_ball_break()
    arr = getattr(state, name)
    arr.flags.writeable = True
    arr[3, 1] = math.nan
    with pytest.raises(sim.InvalidBallStateError, match=f"state.{name} holds NaN"):
        sim.simulate(table, state, strike)


def test_overlapping_balls_are_named() -> None:
    state = sim.BallState.at_rest([[0.5, 0.5], [0.6, 0.6], [0.6 + R, 0.6]])
    with pytest.raises(sim.OverlappingBallsError, match="balls 1 and 2"):
        sim.simulate(TABLE, state)


def test_ball_off_the_cloth() -> None:
    state = sim.BallState.at_rest([[0.5, 0.5], [0.01, 0.6]])
    with pytest.raises(sim.BallOffTableError, match="ball 1"):
        sim.simulate(TABLE, state)
    with pytest.raises(sim.BallOffTableError):
        sim.simulate(TABLE, sim.BallState.at_rest([[0.5, -0.3]]))


def test_strike_needs_the_cue_ball_on_the_table() -> None:
    state = sim.BallState.at_rest([[0.5, 0.5], [0.6, 0.9]]).with_ball_removed(0)
    with pytest.raises(sim.InvalidStrikeError, match="cue ball"):
        sim.simulate(TABLE, state, sim.Strike(1.0, 0.0))
    with pytest.raises(sim.InvalidStrikeError):
        sim.simulate(TABLE, sim.BallState.at_rest([[0.5, 0.5]]), strike="hard")  # type: ignore[arg-type]


def test_event_cap_stops_and_reports_a_partial_result() -> None:
    table, state, strike = nine_ball_break()
    with pytest.raises(sim.EventCapExceededError, match="max_events=10") as info:
        sim.simulate(table, state, strike, max_events=10)
    partial = info.value.partial
    assert isinstance(partial, sim.ShotResult)
    assert len(partial.events) == 10
    with pytest.raises(sim.SimInputError):
        sim.simulate(table, state, strike, max_events=0)


def test_no_strike_and_nothing_moving_gives_an_empty_log() -> None:
    state = sim.BallState.at_rest([[0.5, 0.5], [0.7, 0.9]])
    result = sim.simulate(TABLE, state)
    assert len(result.events) == 0 and result.duration == 0.0
    assert result.final == state


@pytest.mark.parametrize("model", ["reflection", "han2005", "mathavan2010"])
def test_every_cushion_model_runs_a_bank_shot(model: str) -> None:
    params = dataclasses.replace(PARAMS, cushion_model=model)
    state = sim.BallState.at_rest([[0.4, 0.5]])
    result = sim.simulate(TABLE, state, sim.Strike(3.0, 60.0, b=0.2), params=params)
    assert (result.events["kind"] == EventKind.BALL_CUSHION).sum() >= 1
    check_invariants(result)


def test_snooker_table_uses_snooker_balls() -> None:
    table = sim.Table.snooker()
    x, y = table.spots["blue"]
    result = sim.simulate(table, sim.BallState.at_rest([[x, y - 0.5], [x, y]]), sim.Strike(2, 90))
    assert table.ball_radius == result.params.R
    contact = result.events[result.events["kind"] == EventKind.BALL_BALL][0]
    assert contact["y"] == pytest.approx(y - 2 * table.ball_radius, abs=1e-9)


def test_a_log_longer_than_the_first_allocation_is_rerun_identically(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import importlib

    simulate_module = importlib.import_module("sim.simulate")  # the module, not the function
    table, state, strike = nine_ball_break()
    full = sim.simulate(table, state, strike)
    monkeypatch.setattr(simulate_module, "INITIAL_CAPACITY", 3 - 32 * state.n)
    small = sim.simulate(table, state, strike)
    assert small.events.tobytes() == full.events.tobytes()
    assert small.snapshots.pos.tobytes() == full.snapshots.pos.tobytes()


def test_a_result_owns_its_arrays_while_the_next_shot_reuses_the_working_log() -> None:
    import importlib

    from sim.kernels.loop import run_shot

    simulate_module = importlib.import_module("sim.simulate")
    table, state, strike = nine_ball_break()
    first = sim.simulate(table, state, strike)
    kept = {name: getattr(first.snapshots, name).copy() for name in ("times", "pos", "vel")}
    events = first.events.copy()
    s_table, s_state, s_strike = snooker_break_off()
    sim.simulate(s_table, s_state, s_strike)
    sim.simulate(table, state, sim.Strike(speed=2.0, phi=80.0))  # same ball count, new shot
    assert first.events.tobytes() == events.tobytes()
    for name, arr in kept.items():
        held = getattr(first.snapshots, name)
        assert held.tobytes() == arr.tobytes()
        assert not held.flags.writeable
        assert held.shape[0] == len(first.events)  # exactly the rows logged
    log, kept_log = simulate_module._working_log(state.n, 8)
    assert kept_log and log is simulate_module._working_log(state.n, 8)[0]  # kept between shots
    assert not np.shares_memory(log[1], first.snapshots.pos)  # the snapshot floats
    assert len(run_shot.signatures) == 1  # one compiled specialisation for every shot


@pytest.mark.parametrize("lead", [0.3, 1e-4])
def test_a_chaser_rolling_into_a_slower_ball_does_not_start_a_zeno_chain(lead: float) -> None:
    # the chaser keeps its topspin after each contact and catches up again
    # (docs/physics.md §2.9 item 8)
    y = 0.5
    v_back, v_front = 1.0, 0.97
    state = sim.BallState(
        pos=[[0.6, y], [0.6, y + 2 * R + lead]],
        vel=[[0.0, v_back], [0.0, v_front]],
        spin=[[-v_back / R, 0.0, 0.0], [-v_front / R, 0.0, 0.0]],
        radius=R,
    )
    result = sim.simulate(TABLE, state, params=PARAMS)
    assert (result.events["kind"] == EventKind.BALL_BALL).sum() >= 1
    assert len(result.events) < 200
    check_invariants(result)


def test_a_cluster_pushed_slowly_settles() -> None:
    # a slow ball rolling into a frozen triangle of three
    tri = np.array(
        [[0.6, 1.4], [0.6 - R, 1.4 + math.sqrt(3) * R], [0.6 + R, 1.4 + math.sqrt(3) * R]]
    )
    cue = np.array([[0.6, 1.2]])
    state = sim.BallState.at_rest(np.vstack([cue, tri]))
    result = sim.simulate(TABLE, state, sim.Strike(0.25, 90.0, b=0.4), params=PARAMS)
    assert len(result.events) < 300
    check_invariants(result)


def test_shots_at_a_corner_pocket_meet_its_jaws_and_knuckles() -> None:
    """Aiming ever further off the pocket centre: clean pots, jaw and knuckle hits."""
    pocket = TABLE.pocket_named("top-left")
    (ax, ay), (bx, by) = pocket.mouth
    centre = np.array([(ax + bx) / 2, (ay + by) / 2])
    along = np.array([bx - ax, by - ay]) / math.hypot(bx - ax, by - ay)
    start = np.array([0.4, 0.4])
    first_kinds = set()
    for offset in np.linspace(0.0, 0.06, 13):
        target = centre - offset * along
        phi = math.degrees(math.atan2(target[1] - start[1], target[0] - start[0]))
        result = sim.simulate(TABLE, sim.BallState.at_rest([start]), sim.Strike(2.0, phi))
        check_invariants(result)
        hits = result.events[result.events["kind"] == EventKind.BALL_CUSHION]
        if len(hits):
            first_kinds.add(TABLE.cushions[int(hits["b"][0])].kind)
        if offset == 0.0:
            assert not result.final.on_table[0]  # straight in
    assert {"jaw", "knuckle"} <= first_kinds


def test_snapshot_blocks_of_one_kernel_array_are_separate_c_arrays() -> None:
    # the kernel returns the snapshot floats and times as one array of blocks (ShotOutput)
    table, state, strike = snooker_break_off()
    result = sim.simulate(table, state, strike)
    snaps, k, n = result.snapshots, len(result.events), state.n
    shapes = {"pos": (k, n, 2), "vel": (k, n, 2), "spin": (k, n, 3), "z": (k, n), "vz": (k, n)}
    for name, shape in shapes.items():
        arr = getattr(snaps, name)
        assert arr.shape == shape and arr.dtype == np.float64
        assert arr.flags.c_contiguous and not arr.flags.writeable
    assert snaps.times.shape == (k,) and not snaps.times.flags.writeable
    assert np.array_equal(snaps.times, result.events["t"])
    assert result.duration == snaps.times[-1]
    # the blocks do not overlap: each quantity is where the kernel wrote it
    assert np.all(snaps.pos[:, :, 0] >= 0.0) and np.all(snaps.pos[:, :, 1] >= 0.0)
    moving = snaps.motion != MotionState.STATIONARY
    assert np.all(np.hypot(snaps.vel[..., 0], snaps.vel[..., 1])[~moving] == 0.0)
    assert np.any(snaps.spin != 0.0) and np.all(snaps.z >= 0.0)
    assert np.array_equal(result.final.pos, snaps.pos[-1])
    assert np.array_equal(result.final.vz, snaps.vz[-1])
