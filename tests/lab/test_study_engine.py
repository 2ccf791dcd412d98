"""Studies with the real engine and referee: reproducible from the seed, whatever the workers
or the cluster."""

from __future__ import annotations

from pathlib import Path

import pytest

from lab.records import COLUMNS
from lab.report import summarize, write_table
from lab.scenario import load_scenario
from lab.study import run_study

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "examples" / "nine-ball" / "legal-pot-continues.toml"

pytestmark = pytest.mark.jit_only


def same(a: dict, b: dict) -> bool:
    return all(a[name].tolist() == b[name].tolist() for name in COLUMNS)


def test_one_and_two_workers_give_the_same_csv(tmp_path: Path) -> None:
    sc = load_scenario(SCENARIO)
    one = run_study(sc, 40, seed=12, workers=1)
    two = run_study(sc, 40, seed=12, workers=2, max_chunk=6)
    assert two.backend == "processes"
    assert same(one.columns, two.columns)
    assert (
        write_table(one, tmp_path / "1.csv").read_bytes()
        == write_table(two, tmp_path / "2.csv").read_bytes()
    )
    again = run_study(sc, 40, seed=12, workers=1)
    assert write_table(again, tmp_path / "3.csv").read_bytes() == (tmp_path / "1.csv").read_bytes()


def test_noise_changes_outcomes_and_the_summary_counts_them() -> None:
    sc = load_scenario(SCENARIO)
    result = run_study(sc, 30, seed=5, workers=1)
    assert len(set(result.columns["phi"].tolist())) == 30
    assert (result.columns["error"] == "").all()
    summary = summarize(result)
    pocketed = next(s for s in summary.balls if s.label == "1 pocketed")
    assert pocketed.count == int((result.columns["n_object_pocketed"] > 0).sum())


def test_dask_local_cluster_gives_the_single_process_table() -> None:
    distributed = pytest.importorskip("distributed")
    sc = load_scenario(SCENARIO)
    local = run_study(sc, 24, seed=8, workers=1)
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        remote = run_study(sc, 24, seed=8, client=client, max_chunk=5)
    assert remote.backend == "dask"
    assert same(local.columns, remote.columns)


def test_a_dry_break_is_legal_but_not_a_legal_break() -> None:
    sc = load_scenario(ROOT / "examples" / "nine-ball" / "dry-break-magic-rack.toml")
    result = run_study(sc, 12, seed=2, workers=1)
    shares = {s.label: s for s in summarize(result).shares}
    dry = (result.columns["options"] == "accept_table hand_back") & result.columns["legal"]
    assert dry.sum() > 0
    legal_breaks = shares["legal break (no foul, no dry or illegal break)"].count
    assert legal_breaks == int(result.columns["legal"].sum()) - int(dry.sum())


def test_the_command_line_cluster_path_with_worker_processes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("distributed")
    from cuesim.cli import main

    local_csv, cluster_csv = tmp_path / "local.csv", tmp_path / "cluster.csv"
    common = ["study", str(SCENARIO), "--shots", "16", "--seed", "4", "--quiet"]
    assert main([*common, "--workers", "1", "--out", str(local_csv)]) == 0
    assert main([*common, "--cluster", "local", "--workers", "2", "--out", str(cluster_csv)]) == 0
    out = capsys.readouterr().out
    assert "2 worker(s) (dask)" in out
    assert local_csv.read_bytes() == cluster_csv.read_bytes()


def test_an_unreachable_scheduler_is_a_clear_error() -> None:
    pytest.importorskip("distributed")
    from lab.study import StudyError, connect_cluster

    with pytest.raises(
        StudyError, match=r"cannot reach the Dask scheduler at 'tcp://127\.0\.0\.1:9'"
    ):
        connect_cluster("tcp://127.0.0.1:9", timeout_s=1.0)
