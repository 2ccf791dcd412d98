"""The validation dossier's checks at their tolerances, on small sweeps, and the committed
docs/validation.md generated from the current checks.

benchmarks/validation.py is a script; it is loaded here by file path (not as a package module).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def dossier() -> ModuleType:
    name = "cuesim_validation_dossier"
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / "validation.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module


def _assert_judged_rows_pass(check) -> None:
    failed = [row for row in check.rows if row.status == "FAIL"]
    assert not failed, f"{check.name}: rows outside tolerance: {failed}"
    assert any(row.status == "PASS" for row in check.rows)


def test_throw_matches_tp_a14_within_tolerance(dossier):
    check = dossier.check_throw(cuts=(20, 45), speeds=(0.447, 3.129))
    _assert_judged_rows_pass(check)
    assert len(check.rows) == 8


def test_throw_check_fails_when_the_engine_disagrees(dossier):
    # frictionless balls give no throw; the check must then report FAIL, not pass quietly
    import dataclasses

    import sim

    params = dataclasses.replace(sim.Params(), e_b=1.0, ball_ball_model="frictionless")
    engine = dossier.engine_throw_deg(0.447, 30.0, False, params)
    published = dossier.tp_a14_throw_deg(0.447, 30.0, 0.0)
    assert abs(engine) < 1e-6
    assert dossier._verdict(engine - published, 0.05) == "FAIL"


def test_squirt_matches_tp_a31_within_tolerance(dossier):
    _assert_judged_rows_pass(dossier.check_squirt(offsets=(0.25, 0.5)))


def test_mathavan_fixed_step_integration_matches_the_converged_reference(dossier):
    check = dossier.check_cushion(incidences=(20, 70), speeds=(1.0,), topspins=(0.0, 1.0))
    _assert_judged_rows_pass(check)
    assert check.rows[-1].status == "NO DATA"  # measured rebounds: none found, none invented


def test_reference_integrator_gives_head_on_restitution(dossier):
    # head-on, frictionless cushion, contact at the equator (so the cloth term vanishes, K = 0):
    # the ball leaves at e times its speed
    import dataclasses

    params = dataclasses.replace(dossier.mathavan_params(), f_c=0.0)
    params = dataclasses.replace(params, cushion_height=params.R)
    along, out = dossier.mathavan_reference((0.0, 1.0), (0.0, 0.0, 0.0), params)
    assert abs(along) < 1e-9
    assert out == pytest.approx(0.98, rel=1e-6)


def test_pocket_sizes_follow_alciatores_comparisons(dossier):
    check = dossier.check_pockets(angles=(0, 30), speeds=(0.5,))
    _assert_judged_rows_pass(check)
    sizes = [row for row in check.rows if row.status == "NO DATA"]
    assert len(sizes) == 4 and all("mm" in row.engine for row in sizes)


def test_jump_is_reported_as_not_modelled_on_a_flat_engine(dossier):
    import sim

    check = dossier.check_jump()
    flat = not hasattr(sim.BallState.at_rest([[0.5, 0.5]]), "z")
    assert (check.status == "NOT MODELLED") == flat


def test_committed_dossier_lists_every_current_check(dossier):
    text = (ROOT / "docs" / "validation.md").read_text()
    checks = [
        dossier.check_throw(cuts=(30,), speeds=(1.341,)),
        dossier.check_squirt(offsets=(0.3,)),
        dossier.check_cushion(incidences=(45,), speeds=(1.0,), topspins=(0.0,)),
        dossier.check_jump(),
    ]
    names = [c.name for c in checks] + ["pocket_effective_size"]
    for name in names:
        assert f'<a id="{name}"></a>' in text, f"docs/validation.md lacks the check {name}"
        assert f"| [{name}](#{name}) |" in text
    for check in checks:
        if check.plot:
            assert f"(validation/{check.plot})" in text
            assert (ROOT / "docs" / "validation" / check.plot).is_file()
    assert "FAIL" not in {line.split("|")[2].strip() for line in text.splitlines()[6:11]}


def test_jump_reports_the_first_hop_and_it_rises_with_elevation(dossier):
    """On the 3-D engine each elevated strike gives its first hop's apex and length, with no
    published figure to judge them (NO DATA); at one cue speed the hop is higher at the
    steeper cue."""
    import re

    check = dossier.check_jump(((15.0, 3.0), (30.0, 3.0)))
    assert [r.status for r in check.rows] == ["NO DATA", "NO DATA"]
    apexes = [float(re.search(r"apex ([0-9.]+) mm", r.engine).group(1)) for r in check.rows]
    assert 0.0 < apexes[0] < apexes[1]
