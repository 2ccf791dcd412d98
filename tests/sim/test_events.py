"""Event times (sim.kernels.detect) against closed forms and high-precision roots
(docs/physics.md §2)."""

from __future__ import annotations

import math

import mpmath
import numpy as np
import pytest

from sim.constants import MotionState
from sim.kernels.detect import (
    ball_ball_time,
    ball_circle_time,
    ball_segment_time,
    earliest_cushion,
    earliest_pocket,
    line_crossing_time,
)
from sim.kernels.motion import acceleration, classify, transition_time
from sim.params import Params

PARAMS = Params()
P = PARAMS.packed()
R = PARAMS.R
D = 2 * R
SL, RO, ST = MotionState.SLIDING, MotionState.ROLLING, MotionState.STATIONARY

# mpmath >= 1.4 prefers asc=True, which 1.3 lacks; keep the portable call.
pytestmark = pytest.mark.filterwarnings("ignore:Descending:DeprecationWarning")


def moving(v, w=(0.0, 0.0, 0.0)):
    """(state, vx, vy, wx, wy) of a ball with velocity v and spin w, re-classified."""
    st, vx, vy, wx, wy, _ = classify(v[0], v[1], w[0], w[1], w[2], R)
    return st, vx, vy, wx, wy


def tau_of(v, w=(0.0, 0.0, 0.0)) -> float:
    st, vx, vy, wx, wy, wz = classify(v[0], v[1], w[0], w[1], w[2], R)
    return transition_time(st, vx, vy, wx, wy, wz, P)


def pair_time(p1, b1, p2, b2, T):
    s1, v1x, v1y, w1x, w1y = b1
    s2, v2x, v2y, w2x, w2y = b2
    return ball_ball_time(
        s1, p1[0], p1[1], v1x, v1y, w1x, w1y, s2, p2[0], p2[1], v2x, v2y, w2x, w2y, D, T, P
    )


def test_true_quartic_curved_slider_against_a_resting_ball() -> None:
    mpmath.mp.dps = 40
    v, w = (0.3, 2.0), (0.0, -60.0, 0.0)  # a strong lateral slip: a curved path
    b1 = moving(v, w)
    assert b1[0] == SL
    p1, p2 = (0.5, 0.5), (0.56, 0.93)  # near the curve at t = 0.2 s
    T = tau_of(v, w)
    got = pair_time(p1, b1, p2, moving((0.0, 0.0)), T)
    ax, ay = acceleration(b1[0], b1[1], b1[2], b1[3], b1[4], P)
    mp = mpmath.mpf
    Ax, Ay = -mp(ax) / 2, -mp(ay) / 2  # relative: ball 2 minus ball 1
    Bx, By = -mp(v[0]), -mp(v[1])
    Cx, Cy = mp(p2[0]) - mp(p1[0]), mp(p2[1]) - mp(p1[1])
    coeffs = [
        Ax * Ax + Ay * Ay,
        2 * (Ax * Bx + Ay * By),
        Bx * Bx + By * By + 2 * (Ax * Cx + Ay * Cy),
        2 * (Bx * Cx + By * Cy),
        Cx * Cx + Cy * Cy - mp(D) ** 2,
    ]
    assert coeffs[0] > 0  # a genuine quartic
    roots = sorted(
        float(r.real)
        for r in mpmath.polyroots(coeffs, maxsteps=400, extraprec=200)
        if abs(r.imag) < 1e-25 and r.real > 0
    )
    assert got == pytest.approx(roots[0], rel=1e-12)
    assert got < T


def test_both_rolling_hit_and_near_miss() -> None:
    # two balls rolling toward each other on parallel lines offset by `off`
    b1 = moving((1.0, 0.0), (0.0, 1.0 / R, 0.0))
    b2 = moving((-1.0, 0.0), (0.0, -1.0 / R, 0.0))
    assert b1[0] == RO and b2[0] == RO
    T = tau_of((1.0, 0.0), (0.0, 1.0 / R, 0.0))
    gap = 0.4
    for off, hit in ((D - 1e-6, True), (D + 1e-6, False)):
        t = pair_time((0.0, 0.0), b1, (gap, off), b2, T)
        if hit:
            # relative motion along x: closing distance gap - sqrt(D^2 - off^2)
            dx = gap - math.sqrt(D * D - off * off)
            a = PARAMS.u_r * PARAMS.g  # each decelerates; relative deceleration 2a
            want = (2.0 - math.sqrt(4.0 - 4 * a * dx)) / (2 * a)
            assert t == pytest.approx(want, rel=1e-9)
        else:
            assert t == math.inf


def test_parallel_equal_velocities_give_no_event() -> None:
    b = moving((0.7, 0.2), (-0.2 / R, 0.7 / R, 0.0))
    assert pair_time((0.1, 0.1), b, (0.1 + D + 1e-4, 0.1), b, 5.0) == math.inf
    assert pair_time((0.1, 0.1), b, (0.1 + D, 0.1), b, 5.0) == math.inf


def test_touching_and_closing_is_now_touching_and_opening_is_never() -> None:
    rest = moving((0.0, 0.0))
    closing = moving((1.0, 0.0))
    opening = moving((-1.0, 0.0))
    T = tau_of((1.0, 0.0))
    assert pair_time((0.0, 0.0), closing, (D, 0.0), rest, T) == 0.0
    assert pair_time((0.0, 0.0), opening, (D, 0.0), rest, T) == math.inf
    # a hair of overlap from rounding changes nothing
    assert pair_time((0.0, 0.0), closing, (D - 1e-13, 0.0), rest, T) == 0.0
    assert pair_time((0.0, 0.0), opening, (D - 1e-13, 0.0), rest, T) == math.inf


@pytest.mark.parametrize(("offset", "hit"), [(-1e-9, True), (1e-9, False)])
def test_grazing_contact(offset: float, hit: bool) -> None:
    b1 = moving((0.0, 1.5))
    T = tau_of((0.0, 1.5))
    t = pair_time((0.3, 0.3), b1, (0.3 + D + offset, 0.45), moving((0.0, 0.0)), T)
    assert bool(t < math.inf) == hit


def test_ball_into_a_pocket_capture_circle() -> None:
    v0 = 1.2
    b = moving((v0, 0.0), (0.0, v0 / R, 0.0))
    ax, ay = acceleration(b[0], b[1], b[2], b[3], b[4], P)
    q, rp = (1.0, 0.2), 0.06
    T = tau_of((v0, 0.0), (0.0, v0 / R, 0.0))
    t = ball_circle_time(0.2, 0.2, b[1], b[2], ax, ay, q[0], q[1], rp, T)
    s = 1.0 - rp - 0.2
    a = PARAMS.u_r * PARAMS.g
    assert t == pytest.approx((v0 - math.sqrt(v0 * v0 - 2 * a * s)) / a, rel=1e-12)
    pockets = np.array([[5.0, 5.0, 0.06], [q[0], q[1], rp]])
    assert earliest_pocket(0.2, 0.2, b[1], b[2], ax, ay, pockets, T) == (t, 1)


def test_spurious_pocket_root_after_the_ball_stops_is_ignored() -> None:
    # rolling away from a pocket: the parabola extrapolated past the stop comes back into it
    v0 = 0.3
    b = moving((-v0, 0.0), (0.0, -v0 / R, 0.0))
    ax, ay = acceleration(b[0], b[1], b[2], b[3], b[4], P)
    T = tau_of((-v0, 0.0), (0.0, -v0 / R, 0.0))
    q = (0.35, 0.2)
    assert ball_circle_time(0.2, 0.2, b[1], b[2], ax, ay, q[0], q[1], 0.06, T) == math.inf
    assert ball_circle_time(0.2, 0.2, b[1], b[2], ax, ay, q[0], q[1], 0.06, 3 * T) < math.inf


def test_jaw_knuckle_hit() -> None:
    rho = 0.005
    b = moving((0.0, 2.0))
    T = tau_of((0.0, 2.0))
    ax, ay = acceleration(b[0], b[1], b[2], b[3], b[4], P)
    # knuckle straight ahead, offset sideways by half the contact distance
    cx, cy, off = 0.5, 1.0, 0.5 * (R + rho)
    t = ball_circle_time(0.5 + off, 0.8, b[1], b[2], ax, ay, cx, cy, R + rho, T)
    dy = 1.0 - 0.8 - math.sqrt((R + rho) ** 2 - off**2)
    a = PARAMS.u_s * PARAMS.g
    assert t == pytest.approx((2.0 - math.sqrt(4.0 - 2 * a * dy)) / a, rel=1e-12)
    arcs = np.array([[cx, cy, rho]])
    segs = np.zeros((0, 6))
    assert earliest_cushion(0.5 + off, 0.8, b[1], b[2], ax, ay, segs, arcs, R, T) == (t, 0)


def test_straight_cushion_time_projection_and_direction() -> None:
    seg = np.array([0.0, 2.0, 1.0, 2.0, 0.0, -1.0])  # a top rail y = 2, balls below it
    b = moving((0.0, 1.0), (-1.0 / R, 0.0, 0.0))  # rolling up
    ax, ay = acceleration(b[0], b[1], b[2], b[3], b[4], P)
    T = tau_of((0.0, 1.0), (-1.0 / R, 0.0, 0.0))
    t = ball_segment_time(0.5, 1.5, b[1], b[2], ax, ay, seg, R, T)
    s = 2.0 - R - 1.5
    a = PARAMS.u_r * PARAMS.g
    assert t == pytest.approx((1.0 - math.sqrt(1.0 - 2 * a * s)) / a, rel=1e-12)
    # beyond the segment's end: the contact point does not project onto it
    assert ball_segment_time(1.2, 1.5, b[1], b[2], ax, ay, seg, R, T) == math.inf
    # moving away: none; touching and moving in: now
    assert ball_segment_time(0.5, 1.5, -b[1], -b[2], -ax, -ay, seg, R, T) == math.inf
    assert ball_segment_time(0.5, 2.0 - R, b[1], b[2], ax, ay, seg, R, T) <= 1e-15
    segs = np.array([seg, [0.0, 0.0, 1.0, 0.0, 0.0, 1.0]])
    assert earliest_cushion(0.5, 1.5, b[1], b[2], ax, ay, segs, np.zeros((0, 3)), R, T) == (t, 0)


def test_line_crossing_in_both_directions() -> None:
    a = -0.1
    t_up = line_crossing_time(0.5, 1.0, a, 0.635, -1, 5.0)
    assert t_up == pytest.approx((1.0 - math.sqrt(1.0 + 2 * a * 0.135)) / -a, rel=1e-12)
    t_down = line_crossing_time(0.8, -1.0, -a, 0.635, 1, 5.0)
    assert t_down == pytest.approx(t_up * 0 + (1.0 - math.sqrt(1.0 + 2 * a * 0.165)) / -a)
    # just crossed (sitting on the line, side already updated): no second crossing
    assert line_crossing_time(0.635, 1.0, a, 0.635, 1, 5.0) == math.inf
    assert line_crossing_time(0.635 - 1e-16, 1.0, a, 0.635, 1, 5.0) == math.inf
    # parallel to the line: never
    assert line_crossing_time(0.5, 0.0, 0.0, 0.635, -1, 5.0) == math.inf
