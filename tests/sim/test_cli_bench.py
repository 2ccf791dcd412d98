"""``cuesim bench`` and benchmarks/: the games' racks as breaks, report formats, the command."""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

import numpy as np
import pytest

import rules
from benchmarks import engine, shots
from benchmarks.engine import BenchRow, markdown_table, report_json
from benchmarks.shots import (
    break_scenarios,
    eight_ball_rack,
    nine_ball_rack,
    random_scenarios,
    scattered_layout,
    snooker_layout,
)
from cuesim import bench as cli_bench
from cuesim.cli import build_parser
from rules.racks import RACK_GAP_FRACTION, RACK_JITTER_FRACTION, cue_ball_break_position
from rules.snooker_geometry import COLOURS
from sim.balls import first_ball_off_cloth, first_overlap
from sim.table import Table

ROOT = Path(__file__).resolve().parents[2]

R = 0.028575


def _pitch(radius: float) -> float:
    return 2.0 * radius * (1.0 + RACK_GAP_FRACTION)


def test_benchmark_breaks_are_the_games_racks() -> None:
    by_name = {sc.name: sc for sc in break_scenarios(seed=11)}
    for name, kind in (("nine_ball_break", "nine-ball"), ("eight_ball_break", "eight-ball")):
        game = rules.new_game(kind, seed=11)
        sc = by_name[name]
        assert sc.table.name == game.table.name
        assert np.array_equal(sc.state.pos, game.state.pos), name
        assert sc.strike["speed"] == shots.POOL_BREAK_SPEED
    snooker = rules.new_game("snooker", seed=11)
    sc = by_name["snooker_break"]
    assert np.array_equal(sc.state.pos[1:], snooker.state.pos[1:])
    assert bool(sc.state.on_table[0]) and not bool(snooker.state.on_table[0])


def test_nine_ball_rack_follows_wpa() -> None:
    t = Table.pool(9)
    s = nine_ball_rack(t, np.random.default_rng(1))
    assert s.n == 10
    assert tuple(s.pos[0]) == cue_ball_break_position(t)  # the game's break position
    assert s.pos[0][1] < t.head_string_y
    jitter = RACK_JITTER_FRACTION * R
    assert tuple(s.pos[1]) == t.foot_spot  # 1 on the foot spot
    # 9 in the middle of the third row: (x_F, y_F + sqrt(3) * pitch)
    nine_y = t.foot_spot[1] + 2 * math.sqrt(3) / 2 * _pitch(R)
    assert s.pos[9] == pytest.approx((t.foot_spot[0], nine_y), abs=jitter)
    assert nine_y == pytest.approx(2.003987, abs=2.5e-4)  # docs/physics.md §5.1, 9-ft numbers
    row_of = np.rint((s.pos[1:, 1] - t.foot_spot[1]) / (math.sqrt(3) / 2 * _pitch(R)))
    assert sorted(np.bincount(row_of.astype(int)).tolist()) == [1, 1, 2, 2, 3]
    for k, y in enumerate([1.905, 1.954493, 2.003987, 2.05348, 2.102973]):  # docs/physics.md §5.1
        in_row = s.pos[1:][row_of == k]
        # the gap of RACK_GAP_FRACTION spreads the rows by at most 4 * sqrt(3) R * 2.5e-3
        assert in_row[:, 1] == pytest.approx(y, abs=6e-4)
    assert first_overlap(s, R, tolerance=0.0) is None
    assert first_ball_off_cloth(s, t) is None


def test_eight_ball_rack_follows_wpa() -> None:
    t = Table.pool(9)
    for seed in range(5):
        s = eight_ball_rack(t, np.random.default_rng(seed))
        assert s.n == 16
        jitter = RACK_JITTER_FRACTION * R
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
        # docs/physics.md §5.1 without the gap; the gap moves the corner by 4 R * 2.5e-3
        assert s.pos[xs[0], 0] == pytest.approx(0.520700, abs=3.5e-4)
        assert first_overlap(s, R, tolerance=0.0) is None


def test_snooker_layout_follows_wpbsa() -> None:
    t = Table.snooker()
    s = snooker_layout(t, np.random.default_rng(0))
    r = t.ball_radius
    assert s.n == 22
    for k, colour in enumerate(COLOURS):
        assert tuple(s.pos[16 + k]) == t.spots[colour]
    apex = s.pos[1]
    assert apex[0] == pytest.approx(t.spots["pink"][0], abs=1e-12)
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
    for sc in break_scenarios():
        timing, events = engine.time_scenario(sc, repeats=2)
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

    monkeypatch.setattr(engine, "run_benchmarks", fake_run)
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


def test_ab_compile_refuses_a_tree_without_the_engine_and_a_count_under_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """benchmarks/ab_compile.py names what is wrong and starts nothing (no compile runs)."""
    from benchmarks.ab_compile import main

    assert main([str(ROOT), str(tmp_path)]) == 2
    assert "B tree" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stop:
        main([str(ROOT), str(ROOT), "--rounds", "0"])
    assert stop.value.code == 2
    assert "--rounds 0: must be >= 1" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stop:
        main([str(ROOT), str(ROOT), "--warm", "0"])
    assert stop.value.code == 2
    assert "--warm 0: must be >= 1" in capsys.readouterr().err
