"""The one model table (sim/models.py) drives Params validation, packing and kernel dispatch."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from sim.errors import InvalidParamsError
from sim.kernels.flight import point_impulse
from sim.kernels.resolve import (
    ball_ball_frictional,
    ball_ball_frictionless,
    cushion_han2005,
    cushion_mathavan2010,
    cushion_reflection,
    resolve_ball_ball,
    resolve_cushion,
    resolve_cushion_in_flight,
)
from sim.models import BALL_BALL, CUSHION, FAMILIES, MODELS, codes_of
from sim.params import BALL_BALL_MODELS, CUSHION_MODELS, P_BALL_BALL, P_CUSHION, Params

PARAMS = Params()
R = PARAMS.R
# Probe collisions: an oblique ball-ball hit with side spin, and a cushion hit with topspin.
BALL_BALL_PROBE = (1.2, 0.4, 3.0, -5.0, 20.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.8, 0.6)
CUSHION_PROBE = (0.6, 1.5, -1.5 / R, 0.6 / R, 15.0, 0.0, 1.0)
# A flying ball meeting a nose edge above and in front of its centre, with spin of all three
# components: velocity, spin, unit normal from the centre to the contact point.
_N = np.array([0.3, 0.8, 0.45]) / np.linalg.norm([0.3, 0.8, 0.45])
FLIGHT_PROBE = (0.7, 2.1, -0.4, 40.0, -25.0, 12.0, *(float(c) for c in _N))


def _packed(**fields: object) -> np.ndarray:
    return dataclasses.replace(PARAMS, **fields).packed()  # type: ignore[arg-type]


def _expected_ball_ball(name: str, p: np.ndarray) -> tuple[float, ...]:
    if name == "frictional":
        return tuple(ball_ball_frictional(*BALL_BALL_PROBE, p))
    v1x, v1y, w1x, w1y, w1z, v2x, v2y, w2x, w2y, w2z, nx, ny = BALL_BALL_PROBE
    a, b, c, d = ball_ball_frictionless(v1x, v1y, v2x, v2y, nx, ny, p[6])
    return (a, b, w1x, w1y, w1z, c, d, w2x, w2y, w2z)


def _expected_cushion(name: str, p: np.ndarray) -> tuple[float, ...]:
    """The cushion model ``name``'s own answer to the probe; a name this test does not know
    fails it (a new model needs its expectation here)."""
    vx, vy, wx, wy, wz, nx, ny = CUSHION_PROBE
    if name == "reflection":
        rvx, rvy = cushion_reflection(vx, vy, nx, ny, p[8])
        return (rvx, rvy, wx, wy, wz)
    if name == "han2005":
        return tuple(cushion_han2005(*CUSHION_PROBE, p))
    if name == "mathavan2010":
        return tuple(cushion_mathavan2010(*CUSHION_PROBE, p))
    raise AssertionError(f"no expected cloth contact for the cushion model {name!r}")


def _expected_cushion_in_flight(name: str, p: np.ndarray) -> tuple[float, ...]:
    """The flying probe's answer under model ``name`` (docs/physics-airborne.md section 2):
    frictionless for the reflection, the frictional point impulse for Han's model and for
    Mathavan's single-contact limit; a name this test does not know fails it."""
    R, e_c, f_c = p[0], p[8], p[9]
    if name == "reflection":
        v, n = np.array(FLIGHT_PROBE[0:3]), np.array(FLIGHT_PROBE[6:9])
        return (*(v - (1.0 + e_c) * float(v @ n) * n), *FLIGHT_PROBE[3:6])
    if name in ("han2005", "mathavan2010"):
        return tuple(point_impulse(*FLIGHT_PROBE, R, e_c, f_c))
    raise AssertionError(f"no expected flying contact for the cushion model {name!r}")


def test_the_params_tables_are_the_model_table() -> None:
    assert {m.name: m.code for m in MODELS if m.family == BALL_BALL} == BALL_BALL_MODELS
    assert {m.name: m.code for m in MODELS if m.family == CUSHION} == CUSHION_MODELS
    assert {m.family for m in MODELS} == set(FAMILIES)
    for m in MODELS:
        assert m.citation.startswith("docs/physics.md §3.")


@pytest.mark.parametrize("family", FAMILIES)
def test_an_unknown_name_is_refused_listing_the_names_of_the_table(family: str) -> None:
    allowed = str(sorted(codes_of(family)))
    with pytest.raises(InvalidParamsError, match=rf"{family}_model must be one of") as info:
        Params(**{f"{family}_model": "stronge"})  # type: ignore[arg-type]
    assert allowed in str(info.value)


def test_every_ball_ball_code_dispatches_to_its_own_model() -> None:
    outcomes = {}
    for name, code in codes_of(BALL_BALL).items():
        p = _packed(ball_ball_model=name)
        assert p[P_BALL_BALL] == code
        got = tuple(resolve_ball_ball(*BALL_BALL_PROBE, p))
        assert got == _expected_ball_ball(name, p)
        outcomes[name] = got
    assert len(set(outcomes.values())) == len(outcomes)  # the probe tells every model apart


def test_every_cushion_code_dispatches_to_its_own_model() -> None:
    outcomes = {}
    for name, code in codes_of(CUSHION).items():
        p = _packed(cushion_model=name)
        assert p[P_CUSHION] == code
        got = tuple(resolve_cushion(*CUSHION_PROBE, p))
        assert got == pytest.approx(_expected_cushion(name, p), abs=0.0)
        outcomes[name] = got
    assert len(set(outcomes.values())) == len(outcomes)


def test_every_cushion_code_dispatches_in_flight_to_its_own_model() -> None:
    for name, code in codes_of(CUSHION).items():
        p = _packed(cushion_model=name)
        assert p[P_CUSHION] == code
        got = tuple(resolve_cushion_in_flight(*FLIGHT_PROBE, p))
        assert got == pytest.approx(_expected_cushion_in_flight(name, p), rel=1e-12, abs=1e-12)


def _mathavan_single_contact(probe: tuple[float, ...], p: np.ndarray, steps: int) -> np.ndarray:
    """Mathavan et al. 2010's integration over the normal impulse (docs/physics.md §3.2c) for
    one contact and no slate, step by step in 3-D: each step ``dP`` of normal impulse along
    ``-n`` and friction ``min(f_c dP, 2 m |s_t| / 7)`` against the contact slip; compression
    until the normal speed is spent (work ``W_c``), restitution until the work done after it
    is ``e_c^2 W_c``. Returns ``(vx, vy, vz, wx, wy, wz)``."""
    R, m, e, mu = p[0], p[1], p[8], p[9]
    v = np.array(probe[0:3])
    w = np.array(probe[3:6])
    n = np.array(probe[6:9])
    inertia = 0.4 * m * R * R
    dP = (1.0 + e) * m * float(v @ n) / steps
    work, work_c = 0.0, -1.0
    for _ in range(10 * steps):
        s = v + np.cross(w, R * n)
        st = s - (s @ n) * n
        slip = float(np.linalg.norm(st))
        jt = min(mu * dP, 2.0 * m * slip / 7.0)
        impulse = -dP * n - (jt * st / slip if slip > 0.0 else 0.0)
        work += float(v @ n) * dP
        v = v + impulse / m
        w = w + np.cross(R * n, impulse) / inertia
        if work_c < 0.0:
            if v @ n <= 0.0:
                work_c = work
        elif work_c - work >= e * e * work_c:
            break
    return np.concatenate([v, w])


def test_mathavans_model_without_the_slate_is_the_frictional_point_impulse() -> None:
    """The flying contact of ``mathavan2010`` is its single-contact limit in closed form
    (``resolve_cushion_in_flight``): the step-by-step integration converges to it."""
    p = _packed(cushion_model="mathavan2010")
    closed = np.array(resolve_cushion_in_flight(*FLIGHT_PROBE, p))
    coarse = _mathavan_single_contact(FLIGHT_PROBE, p, 2_000)
    fine = _mathavan_single_contact(FLIGHT_PROBE, p, 20_000)
    assert np.abs(fine - closed).max() < np.abs(coarse - closed).max()
    assert fine == pytest.approx(closed, rel=2e-3, abs=2e-3)


def test_a_code_outside_the_table_cannot_be_packed_and_is_refused_by_the_kernel() -> None:
    packed_codes = {
        (BALL_BALL, Params(ball_ball_model=n).packed()[P_BALL_BALL]) for n in BALL_BALL_MODELS
    } | {(CUSHION, Params(cushion_model=n).packed()[P_CUSHION]) for n in CUSHION_MODELS}
    assert packed_codes == {(m.family, float(m.code)) for m in MODELS}
    p = PARAMS.packed()
    p[P_BALL_BALL] = 1 + max(BALL_BALL_MODELS.values())
    with pytest.raises(ValueError, match="unknown ball-ball model code"):
        resolve_ball_ball(*BALL_BALL_PROBE, p)
    p = PARAMS.packed()
    p[P_CUSHION] = 1 + max(CUSHION_MODELS.values())
    with pytest.raises(ValueError, match="unknown cushion model code"):
        resolve_cushion(*CUSHION_PROBE, p)
    with pytest.raises(ValueError, match="unknown cushion model code"):
        resolve_cushion_in_flight(*FLIGHT_PROBE, p)
