"""The one table of collision models: family, name, kernel code and source of each.

``Params`` validation (the allowed names in its error messages), ``Params.packed`` (the codes
it writes) and the kernels' dispatch (:mod:`sim.kernels.resolve` compares the packed code with
the module-level ``*_CODE`` constants below, which Numba freezes into the compiled code) all
read this table, so a model cannot be named in one place and missing in another.

A model is added by one row here and one branch in the dispatch function of its family; the
test ``tests/sim/test_models.py`` fails until both exist.
"""

from __future__ import annotations

from typing import NamedTuple


class CollisionModel(NamedTuple):
    """One row of the model table.

    ``family``: ``"ball_ball"`` or ``"cushion"`` (the ``Params`` field is ``<family>_model``);
    ``name``: the value of that field; ``code``: the float the kernels see at
    ``P_BALL_BALL`` / ``P_CUSHION`` of the packed params (unique within the family);
    ``citation``: the source of the model (section of docs/physics.md and the paper).
    """

    family: str
    name: str
    code: int
    citation: str


BALL_BALL = "ball_ball"
CUSHION = "cushion"
FAMILIES = (BALL_BALL, CUSHION)

#: Kernel codes, one per model (module-level ints: Numba compiles them in as constants).
FRICTIONAL_CODE = 0
FRICTIONLESS_CODE = 1
REFLECTION_CODE = 0
HAN2005_CODE = 1
MATHAVAN2010_CODE = 2

MODELS: tuple[CollisionModel, ...] = (
    CollisionModel(
        BALL_BALL,
        "frictional",
        FRICTIONAL_CODE,
        "docs/physics.md §3.1c: instantaneous Coulomb friction at the contact (pooltool "
        "FrictionalInelastic; Alciatore TP A.5, A.6, A.14)",
    ),
    CollisionModel(
        BALL_BALL,
        "frictionless",
        FRICTIONLESS_CODE,
        "docs/physics.md §3.1b: equal-mass impact along the line of centres, restitution e_b",
    ),
    CollisionModel(
        CUSHION,
        "reflection",
        REFLECTION_CODE,
        "docs/physics.md §3.2a: frictionless reflection, restitution e_c",
    ),
    CollisionModel(
        CUSHION,
        "han2005",
        HAN2005_CODE,
        "docs/physics.md §3.2b: I. Han, Dynamics in carom and three cushion billiards, "
        "J. Mech. Sci. Tech. 19(4), 2005",
    ),
    CollisionModel(
        CUSHION,
        "mathavan2010",
        MATHAVAN2010_CODE,
        "docs/physics.md §3.2c: S. Mathavan, M. R. Jackson, R. M. Parkin, A theoretical "
        "analysis of billiard ball dynamics under cushion impacts, Proc. IMechE C 224(9), 2010",
    ),
)


def codes_of(family: str) -> dict[str, int]:
    """``{name: code}`` of the models of ``family``, in table order.

    Raises ValueError for a family not in :data:`FAMILIES`.
    """
    if family not in FAMILIES:
        raise ValueError(f"unknown model family {family!r}; allowed: {list(FAMILIES)}")
    return {m.name: m.code for m in MODELS if m.family == family}


def model_named(family: str, name: object) -> CollisionModel:
    """The row of ``family`` called ``name``; ValueError naming the allowed names otherwise."""
    for m in MODELS:
        if m.family == family and m.name == name:
            return m
    raise ValueError(f"{family}_model must be one of {sorted(codes_of(family))}, got {name!r}")


def _check_table() -> None:
    """Codes unique within each family (an import-time guard on edits to MODELS)."""
    for family in FAMILIES:
        codes = [m.code for m in MODELS if m.family == family]
        if len(set(codes)) != len(codes):
            raise RuntimeError(f"sim.models: duplicate kernel codes in family {family!r}")


_check_table()
