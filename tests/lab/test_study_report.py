from __future__ import annotations

import pytest
from lab_fakes import fake_factory, fake_scenario

from lab.records import COLUMNS
from lab.report import (
    OutputFormatError,
    format_summary,
    read_csv,
    summarize,
    wilson_interval,
    write_table,
)
from lab.study import run_study


@pytest.mark.parametrize(
    ("k", "n", "low", "high"),
    [
        (0, 10, 0.0, 0.2775328),
        (5, 10, 0.2365931, 0.7634069),
        (10, 10, 0.7224672, 1.0),
        (81, 263, 0.2552885, 0.3662096),
    ],
)
def test_wilson_interval_matches_the_closed_form(k: int, n: int, low: float, high: float) -> None:
    got = wilson_interval(k, n)
    assert got == pytest.approx((low, high), abs=1e-6)


def test_wilson_interval_contains_the_share_and_shrinks_with_n() -> None:
    small = wilson_interval(3, 10)
    large = wilson_interval(300, 1000)
    assert small[0] < 0.3 < small[1]
    assert large[1] - large[0] < small[1] - small[0]


@pytest.mark.parametrize(("k", "n"), [(1, 0), (-1, 5), (6, 5)])
def test_wilson_interval_refuses_impossible_counts(k: int, n: int) -> None:
    with pytest.raises(ValueError):
        wilson_interval(k, n)


def test_summary_counts_what_the_shots_did() -> None:
    result = run_study(fake_scenario(), 200, seed=4, workers=1, factory=fake_factory)
    summary = summarize(result)
    by_label = {s.label: s for s in summary.shares}
    legal = by_label["legal shot (no foul)"]
    assert legal.count == int(result.columns["legal"].sum())
    assert legal.trials == 200
    assert legal.low <= legal.value <= legal.high
    # The fake offers no choices, so every legal break is a legal break.
    assert by_label["legal break (no foul, no dry or illegal break)"].count == legal.count
    assert by_label["9 pocketed"].count == sum("9" in p.split() for p in result.columns["pocketed"])
    assert sum(s.count for s in summary.distribution) == 200
    assert [s.label for s in summary.fouls] == ["foul scratch"]
    text = format_summary(result, summary)
    assert "legal shot (no foul)" in text and "95% CI" in text


def test_csv_has_one_row_per_shot(tmp_path) -> None:
    result = run_study(fake_scenario(), 30, seed=1, workers=1, factory=fake_factory)
    rows = read_csv(write_table(result, tmp_path / "r.csv"))
    assert len(rows) == 30
    assert tuple(rows[0]) == COLUMNS
    assert [int(r["shot"]) for r in rows] == list(range(30))
    assert float(rows[3]["speed"]) == result.columns["speed"][3]


def test_unknown_table_suffix_is_refused(tmp_path) -> None:
    result = run_study(fake_scenario(), 2, seed=1, workers=1, factory=fake_factory)
    with pytest.raises(OutputFormatError, match=r"\.xlsx"):
        write_table(result, tmp_path / "r.xlsx")


def test_parquet_needs_pyarrow_or_writes(tmp_path) -> None:
    result = run_study(fake_scenario(), 5, seed=1, workers=1, factory=fake_factory)
    try:
        import pyarrow.parquet as pq
    except ImportError:
        with pytest.raises(OutputFormatError, match="pyarrow"):
            write_table(result, tmp_path / "r.parquet")
        return
    path = write_table(result, tmp_path / "r.parquet")
    assert pq.read_table(path).num_rows == 5


@pytest.mark.parametrize(
    ("magic", "label"),
    [
        (False, "four-cushion rule met (>= 4 object balls to a cushion, or one pocketed)"),
        (True, "three-ball rule met (>= 3 object balls pocketed or past the head string)"),
    ],
)
def test_a_break_reports_the_rule_its_game_breaks_under(magic: bool, label: str) -> None:
    """The share of the break rule is the game's own (``Game.break_rule``): the three-ball
    rule of a magic rack only, the four-cushion rule of a triangle only."""
    from dataclasses import replace

    base = fake_scenario()
    scenario = replace(base, phase=replace(base.phase, magic_rack=magic))
    result = run_study(scenario, 60, seed=2, workers=1, factory=fake_factory)
    by_label = {s.label: s for s in summarize(result).shares}
    assert by_label[label].count == int(result.columns["break_rule_met"].sum())
    assert [s.label for s in summarize(result).shares if "rule met" in s.label] == [label]


def test_a_shot_that_is_no_break_reports_no_break_rule() -> None:
    result = run_study(fake_scenario(is_break=False), 10, seed=2, workers=1, factory=fake_factory)
    assert not [s.label for s in summarize(result).shares if "rule met" in s.label]
