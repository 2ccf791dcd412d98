"""The rows ``cuesim bench`` adds: interleaved timing, the fitted exponent, the
many-ball layouts, the time outside the kernel, the study rows, pooltool and the README table."""

from __future__ import annotations

import argparse
import builtins
import math
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from benchmarks import engine
from benchmarks.compare_pooltool import pooltool_rows
from benchmarks.many_balls import SizeCost, many_ball_scenarios, many_balls_row
from benchmarks.report import markdown_table, readme_table
from benchmarks.shots import break_scenarios
from benchmarks.study_rate import study_rows
from benchmarks.timing import BenchRow, fitted_exponent, time_interleaved
from cuesim import bench as cli_bench
from cuesim.cli import build_parser
from sim.balls import first_ball_off_cloth, first_overlap
from sim.kernels.loop import run_shot


def test_fitted_exponent_recovers_a_power_law_and_refuses_bad_input() -> None:
    sizes = [16, 32, 64, 128]
    assert fitted_exponent(sizes, [3.0 * n**1.5 for n in sizes]) == pytest.approx(1.5)
    assert fitted_exponent(sizes, [7.0] * 4) == pytest.approx(0.0, abs=1e-12)
    with pytest.raises(ValueError, match="two or more distinct sizes"):
        fitted_exponent([16, 16], [1.0, 2.0])
    with pytest.raises(ValueError, match="positive"):
        fitted_exponent([16, 32], [1.0, 0.0])


def test_time_interleaved_rotates_the_order_and_times_every_round() -> None:
    seen: list[str] = []
    calls = {name: (lambda name=name: seen.append(name)) for name in "abc"}
    timings = time_interleaved(calls, rounds=3)
    assert seen[:3] == ["a", "b", "c"]  # one untimed call each
    assert seen[3:] == ["a", "b", "c", "b", "c", "a", "c", "a", "b"]
    assert all(t.runs == 3 for t in timings.values())
    with pytest.raises(ValueError, match="rounds >= 1"):
        time_interleaved(calls, rounds=0)


def test_many_ball_layouts_are_seeded_valid_and_all_moving() -> None:
    a = many_ball_scenarios(64, shots=2)
    b = many_ball_scenarios(64, shots=2)
    assert all(x.state == y.state for x, y in zip(a, b, strict=True))
    assert a[0].state != a[1].state
    for sc in a:
        assert sc.state.n == 64 and sc.strike == {}
        assert first_overlap(sc.state, sc.table.ball_radius, tolerance=0.0) is None
        assert first_ball_off_cloth(sc.state, sc.table) is None
        assert np.all(np.hypot(*sc.state.vel.T) >= 0.5)


def test_many_balls_row_reports_the_larger_exponent() -> None:
    costs = [SizeCost(n, 1000, 1e-6 * 1000 * n**0.5) for n in (16, 32, 64, 128)]
    costs.append(SizeCost(256, 1000, 1e-6 * 1000 * 128**0.5 * 4))  # x4 on the last doubling
    row = many_balls_row(costs)
    assert row.median == pytest.approx(2.0)
    assert row.meets_target is False and "top step 2.00" in row.what


def test_outside_kernel_shares_are_fractions_of_the_call() -> None:
    scenarios = [sc for sc in break_scenarios() if sc.name.endswith("_break")]
    shares = engine.outside_kernel_shares(scenarios, rounds=3)
    assert set(shares) == {sc.name for sc in scenarios}
    assert all(0.0 < v < 1.0 for v in shares.values())
    assert sys.modules["sim.simulate"].run_shot is run_shot  # the timer is taken off again


def test_study_rows_measure_breaks_per_second_their_ratio_to_the_engine_and_the_referee() -> None:
    rate, ratio, share = study_rows(shots=4, share_shots=2, rounds=1)
    assert rate.name == "study_breaks_per_s" and rate.median is not None and rate.median > 0
    assert ratio.name == "study_engine_ratio" and ratio.median is not None
    assert 0 < ratio.median == pytest.approx(rate.median / ratio.extra["engine_breaks_per_s"])
    # The referee's time over a study shot's, each timed on its own (so on a loaded machine
    # the share may pass 100 %: what is checked is what it is made of, not the clock).
    assert share.unit == "%" and share.median is not None and share.median > 0
    assert share.median == pytest.approx(100 * share.extra["us_judge"] / share.extra["us_per_shot"])
    assert rate.target == 3000.0 and not rate.target_is_max and share.target == 25.0


def test_without_pooltool_one_row_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    real_import = builtins.__import__

    def no_pooltool(name: str, *args: Any, **kwargs: Any) -> Any:
        if name.split(".")[0] == "pooltool":
            raise ImportError("no pooltool")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_pooltool)
    (row,) = pooltool_rows(repeats=1)
    assert row.median is None and row.meets_target is None and "not importable" in row.note
    assert "not importable" in markdown_table([row])


def test_readme_table_has_one_line_per_row_with_verdicts() -> None:
    rows = [
        BenchRow("nine_ball_break", "9-ball break", "ms", 0.3, target=0.2),
        BenchRow("pooltool", "pooltool / cuesim", "x", None, note="not importable here"),
        BenchRow("rate", "events/s", "events/s", 300_000.0, target=250_000.0,
                 target_is_max=False),
    ]  # fmt: skip
    lines = readme_table(rows).splitlines()
    assert lines[0] == "| what | measured | target | ok | command |" and len(lines) == 5
    assert lines[2] == "| 9-ball break | 0.3 ms | <= 0.2 | NO | `cuesim bench` |"
    assert "not importable here" in lines[3] and lines[4].count("yes") == 1
    assert math.isclose(rows[2].median or 0.0, 300_000.0)


def test_bench_readme_and_pooltool_flags_reach_the_report(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = build_parser().parse_args(["bench", "--markdown-readme", "--no-pooltool"])
    assert args.markdown_readme and args.no_pooltool
    calls: dict[str, object] = {}

    def fake_run(**kwargs: object) -> list[BenchRow]:
        calls.update(kwargs)
        return [BenchRow("nine_ball_break", "9-ball break", "ms", 0.1, target=0.2)]

    monkeypatch.setattr(engine, "run_benchmarks", fake_run)
    ns = argparse.Namespace(quick=True, json=None, no_compile=True, markdown_readme=True,
                            no_pooltool=True)  # fmt: skip
    assert cli_bench.run_bench(ns) == 0
    assert calls["include_pooltool"] is False
    out = capsys.readouterr().out
    assert "README table" in out and "| 9-ball break | 0.1 ms | <= 0.2 | yes |" in out
