from __future__ import annotations

import numpy as np
import pytest
from lab_fakes import broken_factory, fake_factory, fake_scenario

from lab.records import COLUMNS
from lab.report import plot_study, summarize, write_table
from lab.study import StudyError, chunk_bounds, run_study


def assert_same_columns(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> None:
    assert set(a) == set(b) == set(COLUMNS)
    for name in COLUMNS:
        assert a[name].tolist() == b[name].tolist(), name


def test_chunks_cover_every_shot_once() -> None:
    for shots, workers in [(1, 4), (7, 2), (1000, 3), (100_000, 2)]:
        bounds = chunk_bounds(shots, workers)
        covered = [i for start, stop in bounds for i in range(start, stop)]
        assert covered == list(range(shots))


def test_rows_come_back_in_shot_order_with_the_noisy_strike() -> None:
    result = run_study(fake_scenario(), 50, seed=9, workers=1, factory=fake_factory)
    assert result.columns["shot"].tolist() == list(range(50))
    assert len(set(result.columns["speed"].tolist())) == 50
    assert result.backend == "inline"


def test_same_seed_same_table_and_another_seed_differs() -> None:
    a = run_study(fake_scenario(), 40, seed=3, workers=1, factory=fake_factory)
    b = run_study(fake_scenario(), 40, seed=3, workers=1, factory=fake_factory)
    c = run_study(fake_scenario(), 40, seed=4, workers=1, factory=fake_factory)
    assert_same_columns(a.columns, b.columns)
    assert a.columns["speed"].tolist() != c.columns["speed"].tolist()


def test_one_and_two_workers_and_chunk_sizes_agree(tmp_path) -> None:
    one = run_study(fake_scenario(), 60, seed=11, workers=1, factory=fake_factory)
    two = run_study(fake_scenario(), 60, seed=11, workers=2, factory=fake_factory, max_chunk=7)
    assert two.backend == "processes" and two.workers == 2
    assert_same_columns(one.columns, two.columns)
    first = write_table(one, tmp_path / "one.csv").read_bytes()
    second = write_table(two, tmp_path / "two.csv").read_bytes()
    assert first == second


def test_a_prefix_of_a_study_is_the_smaller_study() -> None:
    small = run_study(fake_scenario(), 10, seed=5, workers=1, factory=fake_factory)
    large = run_study(fake_scenario(), 25, seed=5, workers=1, factory=fake_factory)
    for name in COLUMNS:
        assert large.columns[name][:10].tolist() == small.columns[name].tolist()


def test_dask_cluster_gives_the_single_process_table() -> None:
    distributed = pytest.importorskip("distributed")
    local = run_study(fake_scenario(), 45, seed=21, workers=1, factory=fake_factory)
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        remote = run_study(
            fake_scenario(), 45, seed=21, client=client, factory=fake_factory, max_chunk=6
        )
    assert remote.backend == "dask"
    assert_same_columns(local.columns, remote.columns)


def test_invalid_plans_are_refused() -> None:
    with pytest.raises(ValueError, match="at least one shot"):
        run_study(fake_scenario(), 0, factory=fake_factory)
    with pytest.raises(ValueError, match="seed"):
        run_study(fake_scenario(), 3, seed=-2, factory=fake_factory)


def test_a_failing_worker_is_reported() -> None:
    with pytest.raises((StudyError, RuntimeError), match="broke"):
        run_study(fake_scenario(), 4, workers=2, factory=broken_factory, max_chunk=1)


def test_plot_is_written(tmp_path) -> None:
    result = run_study(fake_scenario(), 80, seed=2, workers=1, factory=fake_factory)
    path = plot_study(result, summarize(result), tmp_path / "study.png")
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
