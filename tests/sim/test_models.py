"""The one model table (sim/models.py) drives Params validation, packing and kernel dispatch."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from sim.errors import InvalidParamsError
from sim.kernels.resolve import (
    ball_ball_frictional,
    ball_ball_frictionless,
    cushion_han2005,
    cushion_mathavan2010,
    cushion_reflection,
    resolve_ball_ball,
    resolve_cushion,
)
from sim.models import BALL_BALL, CUSHION, FAMILIES, MODELS, codes_of
from sim.params import BALL_BALL_MODELS, CUSHION_MODELS, P_BALL_BALL, P_CUSHION, Params

PARAMS = Params()
R = PARAMS.R
# Probe collisions: an oblique ball-ball hit with side spin, and a cushion hit with topspin.
BALL_BALL_PROBE = (1.2, 0.4, 3.0, -5.0, 20.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.8, 0.6)
CUSHION_PROBE = (0.6, 1.5, -1.5 / R, 0.6 / R, 15.0, 0.0, 1.0)


def _packed(**fields: object) -> np.ndarray:
    return dataclasses.replace(PARAMS, **fields).packed()  # type: ignore[arg-type]


def _expected_ball_ball(name: str, p: np.ndarray) -> tuple[float, ...]:
    if name == "frictional":
        return tuple(ball_ball_frictional(*BALL_BALL_PROBE, p))
    v1x, v1y, w1x, w1y, w1z, v2x, v2y, w2x, w2y, w2z, nx, ny = BALL_BALL_PROBE
    a, b, c, d = ball_ball_frictionless(v1x, v1y, v2x, v2y, nx, ny, p[6])
    return (a, b, w1x, w1y, w1z, c, d, w2x, w2y, w2z)


def _expected_cushion(name: str, p: np.ndarray) -> tuple[float, ...]:
    vx, vy, wx, wy, wz, nx, ny = CUSHION_PROBE
    if name == "reflection":
        rvx, rvy = cushion_reflection(vx, vy, nx, ny, p[8])
        return (rvx, rvy, wx, wy, wz)
    if name == "han2005":
        return tuple(cushion_han2005(*CUSHION_PROBE, p))
    return tuple(cushion_mathavan2010(*CUSHION_PROBE, p))


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
