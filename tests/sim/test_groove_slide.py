"""Closed forms of the slides off balls (sim.kernels.stick.groove_slide and ride_off's cushion
turn; docs/physics-notes.md, "Ball in a groove" and "A slide off a ball that runs into a
cushion"), driven on hand-built segments in the middle of a 9-ball table: the separation
point's geometry, the speed there and the energy (kinetic + m g z) kept."""

from __future__ import annotations

import math

import numpy as np
import pytest

import sim
from sim.constants import BOUNCE_SETTLE_HEIGHT
from sim.kernels.motion import AIRBORNE, STATIONARY
from sim.kernels.predict import height_at, state_at
from sim.kernels.shot_types import Segments
from sim.kernels.stick import groove_slide, ride_off
from sim.simulate import shot_model

TABLE = sim.Table.pool(9)
MODEL = shot_model(TABLE, sim.Params())
R = float(MODEL.p[sim.params.P_R])
G = float(MODEL.p[sim.params.P_G])
D = 2.0 * R
HOP = math.sqrt(2.0 * G * BOUNCE_SETTLE_HEIGHT)


def _segments(upper: tuple[float, float, float], lower: list[tuple[float, float]]) -> Segments:
    """Ball 0 at rest in the air at ``upper`` (x, y, z) m, the ``lower`` balls at rest on the
    cloth (x, y) m, all at t = 0."""
    n = 1 + len(lower)
    pos = np.array([upper[:2], *lower], dtype=np.float64)
    state = np.full(n, STATIONARY, dtype=np.int8)
    state[0] = AIRBORNE
    z = np.zeros(n)
    z[0] = upper[2]
    return Segments(
        np.zeros(n), state, pos, np.zeros((n, 2)), np.zeros((n, 3)), np.full(n, np.inf), z,
        np.zeros(n),
    )  # fmt: skip


def _upper_after(seg: Segments) -> tuple[np.ndarray, np.ndarray]:
    """Ball 0's centre (x, y, z) m and velocity (vx, vy, vz) m/s at t = 0 after the slide."""
    p = MODEL.p
    px, py, vx, vy, _wx, _wy, _wz = state_at(0, 0.0, seg, p)
    z, vz = height_at(0, 0.0, seg, p)
    return np.array([px, py, z]), np.array([vx, vy, vz])


@pytest.mark.parametrize("gap_over_r", [0.05, 0.5, 1.5])
@pytest.mark.parametrize("phi0_deg", [2.0, 15.0, 35.0])
def test_groove_slide_leaves_both_balls_at_the_closed_form_point(
    gap_over_r: float, phi0_deg: float
) -> None:
    """Balls a, b at rest ``d = 2R + gap`` apart along x; the upper ball at rest on both, at
    ``phi0`` from the vertical over their midpoint M on the -y side (the circle of radius
    ``rho = sqrt(4R^2 - d^2/4)`` across the groove). Starting at rest it leaves both where
    ``cos phi_s = 2 cos phi0 / 3``: at ``rho sin phi_s`` across on the same side, height
    ``rho cos phi_s``, touching each ball (3-D distance 2R), with speed
    ``sqrt(2 g rho (cos phi0 - cos phi_s))``, the part along the outward normal the settling
    hop, and energy per mass ``g z0`` kept."""
    d = D + gap_over_r * R
    mx, my = 0.9, 1.2
    rho = math.sqrt(D * D - 0.25 * d * d)
    phi0 = math.radians(phi0_deg)
    seg = _segments(
        (mx, my - rho * math.sin(phi0), rho * math.cos(phi0)),
        [(mx - 0.5 * d, my), (mx + 0.5 * d, my)],
    )
    changed = np.zeros(3, dtype=np.bool_)
    assert groove_slide(0, 1, 2, 0.0, seg, MODEL, changed)
    assert changed.all()
    c, v = _upper_after(seg)
    cos_s = 2.0 * math.cos(phi0) / 3.0
    sin_s = math.sqrt(1.0 - cos_s * cos_s)
    assert c == pytest.approx([mx, my - rho * sin_s, rho * cos_s], abs=1e-12)
    for k in (1, 2):
        lx, ly = seg.pos[k]
        assert math.dist(c, (lx, ly, 0.0)) == pytest.approx(D, abs=1e-12)
    speed = math.sqrt(2.0 * G * rho * (math.cos(phi0) - cos_s))
    assert float(np.linalg.norm(v)) == pytest.approx(speed, rel=1e-9)
    outward = np.array([0.0, -sin_s, cos_s])
    assert float(v @ outward) == pytest.approx(min(speed, HOP), rel=1e-9)
    assert v[0] == 0.0  # nothing along the groove
    energy_before = G * rho * math.cos(phi0)
    energy_after = 0.5 * float(v @ v) + G * c[2]
    assert energy_after == pytest.approx(energy_before, rel=1e-12)
    assert energy_after <= energy_before * (1.0 + 1e-15)


def test_groove_slide_from_the_crest_falls_ninety_degrees_from_a_to_b() -> None:
    """At rest exactly on the crest over M the fall is the documented deterministic one: +90
    degrees from a to b (a at -x, b at +x: toward +y), at ``cos phi_s = 2/3``."""
    d = 2.4 * R
    rho = math.sqrt(D * D - 0.25 * d * d)
    seg = _segments((1.0, 1.0, rho), [(1.0 - 0.5 * d, 1.0), (1.0 + 0.5 * d, 1.0)])
    assert groove_slide(0, 1, 2, 0.0, seg, MODEL, np.zeros(3, dtype=np.bool_))
    c, _v = _upper_after(seg)
    assert c == pytest.approx([1.0, 1.0 + rho * math.sqrt(5.0) / 3.0, rho * 2.0 / 3.0], abs=1e-12)


def test_groove_slide_refuses_balls_too_far_apart_to_hold_it() -> None:
    """Balls 4R apart (or more) cannot hold a ball between them: nothing changes."""
    seg = _segments((1.0, 1.0, 0.01), [(1.0 - D, 1.0), (1.0 + D, 1.0)])
    before = seg.pos.copy(), seg.z.copy(), seg.state.copy()
    assert not groove_slide(0, 1, 2, 0.0, seg, MODEL, np.zeros(3, dtype=np.bool_))
    assert (seg.pos == before[0]).all() and (seg.z == before[1]).all()
    assert (seg.state == before[2]).all()


def test_slide_toward_a_cushion_is_turned_round_the_lower_ball() -> None:
    """A ball at rest on a ball 1 cm off the foot cushion (segment 0, the line y = y0), leaning
    10 degrees toward it: the free slide's spot (``2R sin theta_s`` out, ``cos theta_s = 2 cos
    theta0 / 3``) lies inside the cushion. Without the turn ride_off refuses; with it the
    meridian is turned by the least whole number of degrees that clears the cushion (cos a <=
    1 cm / (2R sin theta_s), about 75 degrees), counter-clockwise first, at the free slide's
    height and speed, energy kept."""
    seg_row = MODEL.segments[0]
    assert seg_row[5] == 1.0  # the cushion y = y0, facing +y
    y0 = float(seg_row[1])
    lx, ly = 0.5 * float(seg_row[0] + seg_row[2]), y0 + R + 0.01
    theta0 = math.radians(10.0)
    upper = (lx, ly - D * math.sin(theta0), D * math.cos(theta0))
    seg = _segments(upper, [(lx, ly)])
    changed = np.zeros(2, dtype=np.bool_)
    assert not ride_off(0, 1, 0.0, seg, MODEL, changed, False)
    assert seg.pos[0] == pytest.approx(upper[:2], abs=0.0) and not changed.any()
    assert ride_off(0, 1, 0.0, seg, MODEL, changed, True)
    c, v = _upper_after(seg)
    cos_s = 2.0 * math.cos(theta0) / 3.0
    reach = D * math.sqrt(1.0 - cos_s * cos_s)
    turn = math.degrees(math.atan2(c[0] - lx, ly - c[1]))
    least = math.degrees(math.acos(0.01 / reach))
    assert least <= turn < least + 1.0 + 1e-9
    assert turn == pytest.approx(round(turn), abs=1e-9)  # a whole number of 1-degree steps
    assert c[1] - y0 >= R  # clear of the cushion
    assert math.hypot(c[0] - lx, c[1] - ly) == pytest.approx(reach, abs=1e-12)
    assert c[2] == pytest.approx(D * cos_s, abs=1e-12)
    speed = math.sqrt(2.0 * G * D * (math.cos(theta0) - cos_s))
    assert float(np.linalg.norm(v)) == pytest.approx(speed, rel=1e-9)
    assert 0.5 * float(v @ v) + G * c[2] == pytest.approx(G * upper[2], rel=1e-12)


def test_slide_onto_a_flying_ball_is_turned_round_the_lower_ball() -> None:
    """A ball at rest on a ball on the cloth, leaning 10 degrees toward -y, whose free slide
    ends where a third ball flies 2 mm off the cloth (fuzz 7:132297's cue ball): without the
    turn ride_off refuses and changes nothing; with it the meridian is turned by the least
    whole number of degrees that clears the flying ball, at the free slide's reach, height and
    speed, energy kept (docs/physics-notes.md, "A slide off a ball that runs into a cushion")."""
    lx, ly = 1.0, 1.0
    theta0 = math.radians(10.0)
    cos_s = 2.0 * math.cos(theta0) / 3.0
    reach = D * math.sqrt(1.0 - cos_s * cos_s)
    flyer = np.array([lx, ly - reach - 0.02, 0.002])
    upper = (lx, ly - D * math.sin(theta0), D * math.cos(theta0))
    seg = _segments(upper, [(lx, ly), (float(flyer[0]), float(flyer[1]))])
    seg.state[2] = AIRBORNE
    seg.z[2] = flyer[2]
    changed = np.zeros(3, dtype=np.bool_)
    assert not ride_off(0, 1, 0.0, seg, MODEL, changed, False)
    assert seg.pos[0] == pytest.approx(upper[:2], abs=0.0) and not changed.any()
    assert ride_off(0, 1, 0.0, seg, MODEL, changed, True)
    c, v = _upper_after(seg)
    assert math.hypot(c[0] - lx, c[1] - ly) == pytest.approx(reach, abs=1e-12)
    assert c[2] == pytest.approx(D * cos_s, abs=1e-12)
    assert float(np.linalg.norm(c - flyer)) >= D * (1.0 - 1e-12)  # clear of the flying ball
    turn = math.degrees(math.atan2(c[0] - lx, ly - c[1]))
    assert turn == pytest.approx(round(turn), abs=1e-9) and round(turn) != 0
    for fewer in (abs(round(turn)) - 1, -(abs(round(turn)) - 1)):  # one degree less: blocked
        a = math.radians(fewer)
        spot = np.array([lx + reach * math.sin(a), ly - reach * math.cos(a), D * cos_s])
        assert float(np.linalg.norm(spot - flyer)) < D
    speed = math.sqrt(2.0 * G * D * (math.cos(theta0) - cos_s))
    assert float(np.linalg.norm(v)) == pytest.approx(speed, rel=1e-9)
    assert 0.5 * float(v @ v) + G * c[2] == pytest.approx(G * upper[2], rel=1e-12)
