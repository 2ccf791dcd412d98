"""``cuesim bench`` and sim.benchmark: layouts against PHYSICS.md 5.1/5.2, report formats, CLI."""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

import numpy as np
import pytest

from render import cli_bench
from render.cli import build_parser
from sim import benchmark
from sim.balls import first_ball_off_cloth, first_overlap
from sim.benchmark import (
    RACK_GAP_FRACTION,
    RACK_JITTER_FRACTION,
    BenchRow,
    eight_ball_rack,
    markdown_table,
    nine_ball_rack,
    random_scenarios,
    report_json,
    scattered_layout,
    snooker_layout,
)
from sim.table import Table

R = 0.028575


def _pitch(radius: float) -> float:
    return 2.0 * radius * (1.0 + RACK_GAP_FRACTION)


def test_nine_ball_rack_follows_wpa() -> None:
    t = Table.pool(9)
    s = nine_ball_rack(t, np.random.default_rng(1))
    assert s.n == 10
    assert s.pos[0].tolist() == list(t.head_spot)
    jitter = RACK_JITTER_FRACTION * RACK_GAP_FRACTION * 2 * R
    assert s.pos[1] == pytest.approx(t.foot_spot, abs=jitter)  # 1 on the foot spot
    # 9 in the middle of the third row: (x_F, y_F + 2 sqrt(3) R) with the gap
    nine_y = t.foot_spot[1] + 2 * math.sqrt(3) / 2 * _pitch(R)
    assert s.pos[9] == pytest.approx((t.foot_spot[0], nine_y), abs=jitter)
    assert nine_y == pytest.approx(2.003987, abs=1e-4)  # PHYSICS.md 5.1, 9-ft numbers
    row_of = np.rint((s.pos[1:, 1] - t.foot_spot[1]) / (math.sqrt(3) / 2 * _pitch(R)))
    assert sorted(np.bincount(row_of.astype(int)).tolist()) == [1, 1, 2, 2, 3]
    for k, y in enumerate([1.905, 1.954493, 2.003987, 2.05348, 2.102973]):  # PHYSICS.md 5.1
        in_row = s.pos[1:][row_of == k]
        # the gap of RACK_GAP_FRACTION spreads the rows by at most 4 * sqrt(3) R * 1e-3
        assert in_row[:, 1] == pytest.approx(y, abs=2.5e-4)
    assert first_overlap(s, R, tolerance=0.0) is None
    assert first_ball_off_cloth(s, t) is None


def test_eight_ball_rack_follows_wpa() -> None:
    t = Table.pool(9)
    for seed in range(5):
        s = eight_ball_rack(t, np.random.default_rng(seed))
        assert s.n == 16
        jitter = RACK_JITTER_FRACTION * RACK_GAP_FRACTION * 2 * R
        assert s.pos[8] == pytest.approx(
            (t.foot_spot[0], t.foot_spot[1] + math.sqrt(3) * _pitch(R)), abs=jitter
        )
        back_y = t.foot_spot[1] + 4 * math.sqrt(3) / 2 * _pitch(R)
        back = [i for i in range(1, 16) if abs(s.pos[i, 1] - back_y) <= jitter]
        assert len(back) == 5
        xs = sorted(back, key=lambda i: s.pos[i, 0])
        corners = {xs[0], xs[-1]}
        assert len(corners & set(range(1, 8))) == 1 and len(corners & set(range(9, 16))) == 1
        assert s.pos[xs[0], 0] == pytest.approx(t.foot_spot[0] - 2 * _pitch(R), abs=jitter)
        assert s.pos[xs[0], 0] == pytest.approx(0.520700, abs=2.5e-4)  # PHYSICS.md 5.1, no gap
        assert first_overlap(s, R, tolerance=0.0) is None


def test_snooker_layout_follows_wpbsa() -> None:
    t = Table.snooker()
    s = snooker_layout(t, np.random.default_rng(0))
    r = t.ball_radius
    assert s.n == 22
    for k, colour in enumerate(benchmark.SNOOKER_COLOURS):
        assert tuple(s.pos[16 + k]) == t.spots[colour]
    apex = s.pos[1]
    assert apex[0] == pytest.approx(t.spots["pink"][0], abs=RACK_JITTER_FRACTION * 2 * r)
    assert apex[1] - t.spots["pink"][1] == pytest.approx(2 * r, rel=5e-3)
    assert apex[1] - t.spots["pink"][1] > 2 * r  # not touching the pink
    assert first_overlap(s, r, tolerance=0.0) is None
    assert first_ball_off_cloth(s, t) is None
    assert t.d_centre is not None and t.d_radius is not None
    cue = s.pos[0]
    assert math.dist(cue, t.d_centre) < t.d_radius and cue[1] < t.baulk_y  # in the D
    with pytest.raises(ValueError, match="snooker table"):
        snooker_layout(Table.pool(9), np.random.default_rng(0))


def test_scattered_layouts_are_on_the_cloth_without_overlaps() -> None:
    for make in (lambda: Table.pool(7), Table.snooker):
        t = make()
        s = scattered_layout(t, 16, np.random.default_rng(3))
        assert first_overlap(s, t.ball_radius, tolerance=0.0) is None
        assert first_ball_off_cloth(s, t) is None


def test_random_scenarios_are_reproducible() -> None:
    a = random_scenarios(3, seed=5)
    b = random_scenarios(3, seed=5)
    assert [x.strike for x in a] == [y.strike for y in b]
    assert all(x.state == y.state for x, y in zip(a, b, strict=True))
    assert all(x.state.n == 16 for x in a)


def test_every_benchmark_scenario_runs_and_is_timed() -> None:
    for sc in benchmark.break_scenarios():
        timing, events = benchmark.time_scenario(sc, repeats=2)
        assert timing.runs == 2 and 0 < timing.minimum <= timing.median <= timing.maximum
        assert events > 2, sc.name


def _rows() -> list[BenchRow]:
    return [
        BenchRow("nine_ball_break", "simulate", "ms", 0.8, 0.7, 1.2, 30, 1.0),
        BenchRow("events_per_second", "events/s", "events/s", 90_000.0, None, None, 1,
                 100_000.0, target_is_max=False),
        BenchRow("one_ball_shot", "simulate", "ms", 0.2, 0.1, 0.3, 30, None),
    ]  # fmt: skip


def test_markdown_table_shows_each_row_against_its_target() -> None:
    text = markdown_table(_rows())
    lines = text.splitlines()
    assert lines[0].startswith("| scenario |") and len(lines) == 5
    assert "| nine_ball_break |" in lines[2] and "<= 1" in lines[2] and "| yes |" in lines[2]
    assert ">= 100,000" in lines[3] and "| NO |" in lines[3]
    assert lines[4].endswith("|  |")  # no target, no verdict


def test_report_json_round_trips() -> None:
    data = json.loads(json.dumps(report_json(_rows())))
    assert {"python", "numba", "numpy", "cpus"} <= set(data["machine"])
    assert [r["name"] for r in data["rows"]] == ["nine_ball_break", "events_per_second",
                                                 "one_ball_shot"]  # fmt: skip
    assert [r["meets_target"] for r in data["rows"]] == [True, False, None]


def test_bench_is_a_cuesim_subcommand() -> None:
    args = build_parser().parse_args(["bench", "--quick", "--json", "out.json", "--no-compile"])
    assert args.handler is cli_bench.run_bench
    assert args.quick and args.no_compile and args.json == Path("out.json")


def test_bench_handler_prints_the_table_and_writes_json(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    calls = {}

    def fake_run(**kwargs: object) -> list[BenchRow]:
        calls.update(kwargs)
        return _rows()

    monkeypatch.setattr(benchmark, "run_benchmarks", fake_run)
    out = tmp_path / "bench.json"
    status = cli_bench.run_bench(argparse.Namespace(quick=True, json=out, no_compile=True))
    assert status == 0
    assert calls["quick"] is True and calls["include_compile"] is False
    printed = capsys.readouterr().out
    assert "| nine_ball_break |" in printed
    assert json.loads(out.read_text())["rows"][0]["median"] == 0.8


def test_bench_refuses_a_json_path_in_a_missing_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = argparse.Namespace(quick=True, json=tmp_path / "nope" / "b.json", no_compile=True)
    assert cli_bench.run_bench(args) == cli_bench.EXIT_BAD_INPUT
    assert "does not exist" in capsys.readouterr().err
