"""A study (and a match between computer players) plays its thousands of shots on the compiled
engine: it waits for it first, showing the build's own progress and time left, and an engine
that cannot be built is one study error."""

from __future__ import annotations

import pytest

import sim
from lab.study import StudyError, wait_for_compiled_engine


def _building_then_ready(monkeypatch: pytest.MonkeyPatch, seen: list[float]) -> None:
    steps = [
        sim.EngineStatus("building", False, True, 0.1, None),
        sim.EngineStatus("building", False, True, 0.55, 9.4),
        sim.EngineStatus("compiled", True, False, 1.0, 0.0),
    ]

    def wait(progress=None, **_kw):  # type: ignore[no-untyped-def]
        for status in steps:
            if progress is not None:
                progress(status)
            seen.append(status.fraction)
        return steps[-1]

    monkeypatch.setattr(sim, "engine_status", lambda: steps[0])
    monkeypatch.setattr(sim, "wait_for_engine", wait)


def test_a_study_waits_with_the_builds_own_fraction_and_time_left(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seen: list[float] = []
    _building_then_ready(monkeypatch, seen)
    wait_for_compiled_engine(progress=True)
    err = capsys.readouterr().err
    assert seen == [0.1, 0.55, 1.0]
    assert "compiling the engine" in err and "55%" in err and "about 9 s left" in err
    assert "100%" in err


def test_without_a_bar_it_waits_silently(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seen: list[float] = []
    _building_then_ready(monkeypatch, seen)
    wait_for_compiled_engine(progress=False)
    assert seen == [0.1, 0.55, 1.0] and capsys.readouterr().err == ""


def test_an_engine_that_cannot_be_built_is_one_study_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def fails(progress=None, **_kw):  # type: ignore[no-untyped-def]
        raise sim.EngineBuildError("The fast engine could not be built: OSError: disk full")

    building = sim.EngineStatus("building", False, True, 0.3, None)
    monkeypatch.setattr(sim, "engine_status", lambda: building)
    monkeypatch.setattr(sim, "wait_for_engine", fails)
    with pytest.raises(StudyError, match="disk full"):
        wait_for_compiled_engine(progress=False)


def test_a_study_with_the_real_engine_waits_and_one_with_a_fake_model_does_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from pathlib import Path

    from lab_fakes import fake_factory

    import lab.study
    from lab.scenario import load_scenario

    asked: list[bool] = []
    monkeypatch.setattr(
        lab.study, "wait_for_compiled_engine", lambda progress: asked.append(progress)
    )
    root = Path(__file__).resolve().parents[2]
    scenario = load_scenario(root / "examples" / "studies" / "nine-ball-hard-break.toml")
    lab.study.run_study(scenario, 2, workers=1)
    assert asked == [False]
    lab.study.run_study(scenario, 2, workers=1, factory=fake_factory)
    assert asked == [False]
