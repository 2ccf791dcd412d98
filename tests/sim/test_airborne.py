"""Whole shots off the cloth (docs/physics-airborne.md): a jump shot's bounce sequence, a jump
over a blocking ball, a ball leaving the table at a known speed and height, heights in results."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest

import sim
from sim.events import EventKind
from sim.kernels.landing import pair_over_the_slate

pytestmark = pytest.mark.jit_only

TABLE = sim.Table.pool(9)
PARAMS = sim.Params.for_table(TABLE)
R = PARAMS.R


def test_jump_shot_bounces_with_heights_falling_by_e_t_squared_and_clears_a_blocker() -> None:
    state = sim.BallState([[0.635, 0.5], [0.635, 0.8]])
    strike = sim.Strike(speed=4.0, phi=90.0, theta=40.0)
    result = sim.simulate(TABLE, state, strike)
    kinds = result.events["kind"]
    bounces = np.flatnonzero(kinds == EventKind.BOUNCE)
    assert len(bounces) >= 3
    # leaving speeds after each bounce on the slate fall by e_t (heights by e_t^2)
    vz_up = [float(result.snapshots.vz[k, 0]) for k in bounces[:3]]
    assert vz_up[1] / vz_up[0] == pytest.approx(PARAMS.e_t, rel=1e-9)
    assert vz_up[2] / vz_up[1] == pytest.approx(PARAMS.e_t, rel=1e-9)
    # the strike's vertical velocity: -(F/m) sin(theta), bounced at once to e_t (F/m) sin(theta)
    vz0 = sim.strike.strike_vertical_velocity(strike, PARAMS)
    assert float(result.snapshots.vz[0, 0]) == pytest.approx(-PARAMS.e_t * vz0, rel=1e-12)
    # first flight: 2 vz / g long, its apex far above the blocking ball (2R): no contact on it
    t1 = float(result.events["t"][bounces[0]])
    assert t1 == pytest.approx(2 * float(result.snapshots.vz[0, 0]) / PARAMS.g, rel=1e-9)
    first_contact = np.flatnonzero(kinds == EventKind.BALL_BALL)
    assert first_contact.size == 0 or result.events["t"][first_contact[0]] > t1
    assert float(result.events["y"][bounces[0]]) > 0.8 + 2 * R  # landed beyond the blocker
    # it settles: the last ball state is on the cloth, heights zero
    assert not np.any(result.final.motion == sim.MotionState.AIRBORNE)
    assert np.all(result.final.z == 0.0)
    mid = 0.5 * t1
    assert result.state_at(mid).z[0] == pytest.approx(
        float(result.snapshots.vz[0, 0]) ** 2 / (2 * PARAMS.g), rel=1e-9
    )


def test_a_ball_flying_over_the_foot_rail_leaves_the_table_at_the_outer_edge() -> None:
    state = sim.BallState([[0.635, 2.2]], vel=[[0.0, 3.0]], z=[0.1], vz=[1.0])
    result = sim.simulate(TABLE, state)
    last = result.events[-1]
    assert int(last["kind"]) == EventKind.OFF_TABLE
    edge = TABLE.length + TABLE.rail_width
    assert float(last["t"]) == pytest.approx((edge - 2.2) / 3.0, rel=1e-12)
    assert not result.final.on_table[0]
    frames = result.sample(0.05, heights=True)
    assert frames.shape[2] == 3
    assert frames[1, 0, 2] == pytest.approx(0.1 + 0.05 - 0.5 * PARAMS.g * 0.05**2, rel=1e-12)


def test_flat_shots_have_no_heights() -> None:
    state = sim.BallState([[0.635, 0.5], [0.635, 1.5]])
    result = sim.simulate(TABLE, state, sim.Strike(speed=3.0, phi=90.0))
    assert not np.any(result.snapshots.z) and not np.any(result.snapshots.vz)
    assert math.isclose(float(result.snapshots.vz.sum()), 0.0)


def _first_touch(L: float, v: float, vz: float) -> float | None:
    """By hand: the first time a ball flying from the cloth at (v, vz) from a resting ball
    ``L`` m ahead comes within 2R of it (centres ``(L - v t, z(t))`` apart), or None; a dense
    scan of the flight, independent of the engine's quartic."""
    flight = 2.0 * vz / PARAMS.g
    t = np.linspace(0.0, flight, 200_001)
    dist = np.hypot(L - v * t, vz * t - 0.5 * PARAMS.g * t * t)
    touching = np.flatnonzero(dist <= 2 * R)
    return None if touching.size == 0 else float(t[touching[0]])


@pytest.mark.parametrize("vz", [1.2, 0.6])
def test_a_flying_ball_clears_a_blocker_exactly_when_the_hand_computed_clearance_says(
    vz: float,
) -> None:
    # flying at 2 m/s from 0.15 m in front of a resting ball: the apex is vz^2 / (2 g)
    L, v = 0.15, 2.0
    state = sim.BallState([[0.635, 1.0], [0.635, 1.0 + L]], vel=[[0.0, v], [0.0, 0.0]], vz=[vz, 0])
    result = sim.simulate(TABLE, state)
    kinds = result.events["kind"]
    landing = float(result.events["t"][np.flatnonzero(kinds == EventKind.BOUNCE)[0]])
    in_flight = result.events["t"] < landing
    hits = np.flatnonzero((kinds == EventKind.BALL_BALL) & in_flight)
    expected = _first_touch(L, v, vz)
    if vz == 1.2:  # apex 73 mm, 2.6 R above the blocker's top when over it: it clears
        assert expected is None and hits.size == 0
        assert landing == pytest.approx(2 * vz / PARAMS.g, rel=1e-12)
    else:  # apex 18 mm: it hits the blocker's upper half on the way up
        assert expected is not None and hits.size > 0
        assert float(result.events["t"][hits[0]]) == pytest.approx(expected, abs=1e-5)
        assert result.snapshots.z[hits[0], 0] > 0.0


def test_a_ball_off_the_table_has_its_own_final_state_never_pocketed() -> None:
    # ball 1: 3 m/s toward the foot rail, 0.1 m up, rising at 1 m/s: over the rail top it is
    # at z(t) = 0.1 + t - g t^2 / 2 > h for the whole crossing, so it leaves at the outer edge
    state = sim.BallState(
        [[0.3, 0.5], [0.635, 2.2]], vel=[[0, 0], [0.0, 3.0]], z=[0, 0.1], vz=[0, 1]
    )
    result = sim.simulate(TABLE, state)
    kinds = result.events["kind"]
    assert EventKind.BALL_POCKET not in kinds and int(kinds[-1]) == EventKind.OFF_TABLE
    assert int(result.events["a"][-1]) == 1
    assert int(result.final.motion[1]) == sim.MotionState.OFF_TABLE
    assert int(result.final.motion[0]) == sim.MotionState.STATIONARY
    assert not result.final.on_table[1] and result.final.on_table[0]
    t_out = (TABLE.length + TABLE.rail_width - 2.2) / 3.0
    assert float(result.events["t"][-1]) == pytest.approx(t_out, rel=1e-12)
    assert 0.1 + t_out - 0.5 * PARAMS.g * t_out**2 > TABLE.cushion_height
    assert float(result.events["speed"][-1]) == pytest.approx(
        math.sqrt(9.0 + (1.0 - PARAMS.g * t_out) ** 2), rel=1e-9
    )
    # the final state starts another shot: the off-table ball stays out of play
    again = sim.simulate(TABLE, result.final, sim.Strike(speed=1.0, phi=0.0))
    assert not again.final.on_table[1]


def _overspun_at_cushion(speed: float, f_c: float) -> sim.ShotResult:
    """A ball 5 mm from the foot cushion moving into it at ``speed`` with three times the
    rolling topspin (as after a follow shot), with cushion friction ``f_c``."""
    params = sim.Params.for_table(TABLE, f_c=f_c)
    y = TABLE.length - R - 0.005
    state = sim.BallState([[0.635, y]], vel=[[0.0, speed]], spin=[[-3.0 * speed / R, 0.0, 0.0]])
    return sim.simulate(TABLE, state, params=params)


def test_a_fast_overspun_ball_is_thrown_up_by_the_nose_and_a_slow_one_is_not() -> None:
    # Han 2005 with f_c = 0.3 > tan(theta_c) = 0.28: the friction at the nose beats the
    # downward part of the normal impulse, P_Z / m = about 0.034 v up; it flies when that
    # hop rises more than BOUNCE_SETTLE_HEIGHT (v above about 3 m/s)
    s = PARAMS.sin_theta_c
    assert s / math.sqrt(1 - s * s) < 0.3
    fast = _overspun_at_cushion(4.0, 0.3)
    assert int(fast.events["kind"][0]) == EventKind.BALL_CUSHION
    vz = float(fast.snapshots.vz[0, 0])
    assert vz**2 / (2 * PARAMS.g) > sim.constants.BOUNCE_SETTLE_HEIGHT
    assert int(fast.snapshots.motion[0, 0]) == sim.MotionState.AIRBORNE
    assert int(fast.events["kind"][1]) == EventKind.BOUNCE
    t_land = float(fast.events["t"][1] - fast.events["t"][0])
    assert t_land == pytest.approx(2 * vz / PARAMS.g, rel=1e-9)
    slow = _overspun_at_cushion(2.0, 0.3)
    assert EventKind.BOUNCE not in slow.events["kind"]
    assert not np.any(slow.snapshots.z) and not np.any(slow.snapshots.vz)


def test_at_the_default_cushion_friction_no_speed_throws_a_ball_up() -> None:
    # f_c = 0.2 < tan(theta_c): P_Z <= P_zE (f_c cos - sin) < 0 whatever the speed or spin
    for speed in (2.0, 6.0, 10.0):
        result = _overspun_at_cushion(speed, 0.2)
        assert not np.any(result.snapshots.vz), speed


def test_a_ball_set_flying_shows_its_flight_before_the_first_event() -> None:
    """A shot with no strike whose ball starts in the air: ``state_at`` and ``sample`` show it
    flying from t = 0 (uniform horizontal motion, spin kept, the parabola's height), as the
    event log flies it, and meet the log's first snapshot at the first event."""
    v, w = (1.5, 0.4), (30.0, -20.0, 5.0)
    state = sim.BallState(
        [[0.4, 0.6], [1.0, 2.0]], vel=[v, (0.0, 0.0)], spin=[w, (0.0, 0.0, 0.0)],
        z=[0.05, 0.0], vz=[0.8, 0.0],
    )  # fmt: skip
    result = sim.simulate(TABLE, state)
    t1 = float(result.events["t"][0])  # the first event: the landing
    assert int(result.events["kind"][0]) == EventKind.BOUNCE and t1 > 0.1
    for t in (0.25 * t1, 0.5 * t1, 0.999 * t1):
        mid = result.state_at(t)
        assert mid.motion[0] == sim.MotionState.AIRBORNE
        assert mid.pos[0] == pytest.approx([0.4 + v[0] * t, 0.6 + v[1] * t], rel=1e-12)
        assert mid.vel[0] == pytest.approx(v, rel=1e-12)
        assert mid.spin[0] == pytest.approx(w, rel=1e-12)
        assert mid.z[0] == pytest.approx(0.05 + 0.8 * t - 0.5 * PARAMS.g * t * t, rel=1e-12)
    frames = result.sample(t1 / 8.0, heights=True)
    times = np.arange(8) * (t1 / 8.0)
    assert frames[:8, 0, 0] == pytest.approx(0.4 + v[0] * times, rel=1e-12)
    assert frames[:8, 0, 1] == pytest.approx(0.6 + v[1] * times, rel=1e-12)
    before = result.state_at(t1 * (1.0 - 1e-12))
    assert before.pos[0] == pytest.approx(result.snapshots.pos[0, 0], abs=1e-9)


def test_a_ball_set_off_the_cloth_too_slowly_to_fly_is_on_the_cloth_from_the_start() -> None:
    """A ball on the cloth leaving it slower than a hop of ``BOUNCE_SETTLE_HEIGHT`` is set down
    (its vertical velocity dropped) by the engine, and by ``state_at`` alike: sliding."""
    state = sim.BallState([[0.4, 0.6]], vel=[[1.0, 0.0]], vz=[0.05])
    result = sim.simulate(TABLE, state)
    mid = result.state_at(0.5 * float(result.events["t"][0]))
    assert mid.motion[0] == sim.MotionState.SLIDING and mid.z[0] == 0.0


def _drop_recurrence(v: float, e_b: float, e_t: float, rounds: int = 64) -> tuple[float, float]:
    """A ball falling at ``v`` m/s straight onto a ball resting on the slate, all frictionless:
    the head-on impulse (equal masses, restitution ``e_b``) and the slate's rebound of the
    lower ball (``e_t``) in turn until they part. Returns the vertical velocities (upper,
    lower), m/s, up +."""
    a, b = -v, 0.0
    for _ in range(rounds):
        if a < b:  # closing: the upper ball moves down faster than the lower
            j = 0.5 * (1.0 + e_b) * (b - a)
            a, b = a + j, b - j
        if b >= 0.0:
            break
        b = -e_t * b
        if a >= b:
            break
    return a, b


@pytest.mark.parametrize("e_b", [1.0, 0.95, 0.8])
def test_a_ball_dropped_on_a_resting_ball_bounces_as_the_slate_rebounds_under_it(
    e_b: float,
) -> None:
    """Head-on from above (the line of centres vertical, no spin: friction does nothing): the
    lower ball is driven into the slate and rebounds from it into the upper ball. With elastic
    balls the upper ball leaves as if it had bounced on the slate itself, at ``e_t v``, and the
    lower ball stays; otherwise the sequence of impulses in closed form."""
    params = dataclasses.replace(PARAMS, e_b=e_b, ball_ball_model="frictionless")
    p = params.packed()
    v1, v2, w1, w2 = np.array([0.0, 0.0, -2.0]), np.zeros(3), np.zeros(3), np.zeros(3)
    pair_over_the_slate(v1, w1, 2.0 * R, v2, w2, 0.0, np.array([0.0, 0.0, -1.0]), p)
    upper, lower = _drop_recurrence(2.0, e_b, params.e_t)
    assert v1[2] == pytest.approx(upper, rel=1e-12) and v2[2] == pytest.approx(lower, abs=1e-12)
    if e_b == 1.0:
        assert (v1[2], v2[2]) == pytest.approx((params.e_t * 2.0, 0.0), abs=1e-15)
    assert v1[:2] == pytest.approx([0.0, 0.0]) and v2[:2] == pytest.approx([0.0, 0.0])


def test_an_object_ball_hit_from_above_by_a_flying_cue_ball_hops_off_the_slate() -> None:
    """An elevated strike (3 m/s, cue raised 25 degrees): the cue ball, hopping, meets the object
    ball half a metre away with its centre 27 mm higher, so the contact drives the object ball
    down into the slate, which throws it up: the object ball flies (it stayed on the cloth when
    the slate took the push)."""
    x = TABLE.width / 2
    state = sim.BallState([[x, TABLE.length - 0.5886], [x, TABLE.length - 0.0886]])
    result = sim.simulate(TABLE, state, sim.Strike(speed=3.0, phi=90.0, theta=25.0))
    first = int(np.flatnonzero(result.events["kind"] == EventKind.BALL_BALL)[0])
    assert result.snapshots.z[first, 0] > 0.02  # the cue ball hits from above
    assert result.snapshots.motion[first, 1] == sim.MotionState.AIRBORNE
    assert result.snapshots.vz[first, 1] > 0.5
