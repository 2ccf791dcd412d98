"""Shot-lab scenario files in the window: ``cuesim play --scenario FILE`` opens the file's
game, table, balls, state of play and shot (a file the lab refuses is refused in its one line
before any window), and Ctrl+E writes the position and the aimed shot as a scenario the lab
reads: ``cuesim shot FILE`` plays it, and the lab's shot is the window's, event for event."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
import pytest
from window_driver import SIZE, key, set_position

import rules
from cuesim import cli
from lab.runner import play, prepare, ruling_facts
from lab.scenario import load_scenario
from render import aiming
from render.app import App
from render.match import MatchConfig
from render.scenario_io import open_scenario

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _opened_app(path: Path) -> App:
    opened = open_scenario(path)
    config = MatchConfig(type(opened.game).kind.value, tuple(opened.game.players), practice=True)
    return App(SIZE, config=config, warm_up=False, opening=opened)


@pytest.mark.parametrize(
    "name",
    ["eight-ball/called-ball-wrong-pocket.toml", "eight-ball/called-pot-continues.json"],
)
def test_a_scenario_opens_as_the_window_position_and_aim(name: str) -> None:
    path = EXAMPLES / name
    app = _opened_app(path)
    prepared = prepare(load_scenario(path))
    assert app.mode.context == "aim"
    assert np.array_equal(app.game.state.on_table, prepared.game.state.on_table)
    assert np.allclose(app.game.state.pos[app.game.state.on_table], prepared.state.pos[
        prepared.state.on_table])  # fmt: skip
    assert app.game.to_play == prepared.game.to_play
    strike = aiming.strike_for(app.aim)
    assert strike.phi == pytest.approx(prepared.intended.phi)
    assert strike.speed == pytest.approx(prepared.intended.speed)
    assert aiming.build_declaration(app.game, app.aim) == prepared.declaration


def _saved(
    tmp_path: Path, game: str, xy: dict[int, tuple[float, float]], **fields
) -> tuple[App, Path]:
    app = App(SIZE, config=MatchConfig(game, ("Ann", "Bob"), practice=True), warm_up=False)
    app.save_path = tmp_path / "match.cuesim.json"
    set_position(app, xy, **fields)
    app.aim.phi_deg, app.aim.locked, app.aim.power, app.aim.b = 88.0, True, 0.5, -0.2
    key(app, pygame.K_e, pygame.KMOD_CTRL)
    path = tmp_path / "cuesim-position.toml"
    assert path.is_file(), app.toast
    return app, path


def test_a_saved_position_is_read_and_played_by_the_lab_as_the_window_plays_it(
    tmp_path: Path, capsys
) -> None:
    app, path = _saved(
        tmp_path, "nine-ball", {0: (0.64, 0.6), 3: (0.66, 1.3), 7: (0.3, 1.9), 9: (1.0, 2.0)},
        phase=rules.Phase.PLAY, ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({3}), shot_number=3,
    )  # fmt: skip
    prepared = prepare(load_scenario(path))
    result, ruling = play(prepared)
    assert app.shoot()
    shot = app.session.last_shot
    assert shot is not None
    assert np.array_equal(result.events, shot.result.events)
    # The same call (the scenario keeps no shot count: the rest of the ruling is equal).
    assert ruling_facts(prepared, ruling) == ruling_facts(prepared, shot.ruling)
    assert cli.main(["shot", str(path)]) == 0
    capsys.readouterr()
    # Opened again in the window: the same position and aim.
    again = _opened_app(path)
    on = shot.before_game.state.on_table
    assert np.array_equal(again.game.state.on_table, on)
    assert np.array_equal(again.game.state.pos[on], shot.before_game.state.pos[on])
    a, b = aiming.strike_for(again.aim), shot.strike
    assert (a.phi, a.speed, a.b) == pytest.approx((b.phi, b.speed, b.b))


def test_snooker_with_the_cue_ball_in_hand_and_a_score_round_trips(tmp_path: Path) -> None:
    app = App(SIZE, config=MatchConfig("snooker", ("Ann", "Bob"), practice=True), warm_up=False)
    names = app.game.ball_names
    red, blue = names.index("red_1") if "red_1" in names else 1, names.index("blue")
    del app
    app, path = _saved(
        tmp_path, "snooker", {0: (0.9, 0.6), red: (0.9, 2.0), blue: (0.889, 1.7845)},
        phase=rules.Phase.REDS, ball_in_hand=rules.BallInHand.IN_D, score=(12, 30),
    )  # fmt: skip
    scenario = load_scenario(path)
    assert scenario.phase.ball_in_hand == "in_d"
    assert dict(scenario.phase.scores) == {"Ann": 12, "Bob": 30}
    game = prepare(scenario).game
    assert game.score == (12, 30)
    assert np.array_equal(game.state.on_table, app.game.state.on_table)


def test_a_refused_position_is_not_written(tmp_path: Path) -> None:
    """A cue ball in hand outside the D: the lab would refuse the file, so none is written
    and the window says why."""
    app = App(SIZE, config=MatchConfig("snooker", ("Ann", "Bob"), practice=True), warm_up=False)
    app.save_path = tmp_path / "match.cuesim.json"
    app.aim.cue_xy = (0.2, 3.0)
    key(app, pygame.K_e, pygame.KMOD_CTRL)
    assert not (tmp_path / "cuesim-position.toml").exists()
    assert app.toast is not None and "Not saved" in app.toast.text


def test_play_scenario_opens_the_window_with_its_position(monkeypatch, capsys) -> None:
    import render.app

    seen = {}

    def fake_run(config, **kwargs):
        seen["config"], seen["opening"] = config, kwargs.get("opening")
        return 0

    monkeypatch.setattr(render.app, "run", fake_run)
    path = EXAMPLES / "eight-ball" / "called-ball-wrong-pocket.toml"
    assert cli.main(["play", "--scenario", str(path)]) == 0
    assert seen["config"].game == "eight-ball" and seen["config"].practice
    assert seen["opening"] is not None


@pytest.mark.parametrize(
    ("text", "args", "words"),
    [
        ('format = "cuesim-scenario"\nversion = 1\ngame = "pool"\n', [], "balls: is required"),
        ("not toml at all [", [], "bad.toml"),
        (None, ["nine-ball"], "leave out GAME"),
    ],
)
def test_a_bad_scenario_is_refused_in_one_line_before_a_window(
    tmp_path: Path, monkeypatch, capsys, text, args, words
) -> None:
    import render.app

    def no_window(*_a, **_k):
        raise AssertionError("no window for a refused scenario")

    monkeypatch.setattr(render.app, "run", no_window)
    path = tmp_path / "bad.toml"
    if text is not None:
        path.write_text(text)
    else:
        path = EXAMPLES / "eight-ball" / "called-ball-wrong-pocket.toml"
    assert cli.main(["play", *args, "--scenario", str(path)]) == 2
    err = capsys.readouterr().err
    assert words in err and len(err.strip().splitlines()) == 1, err


SCENARIO_FILES = sorted(
    p
    for game in ("nine-ball", "eight-ball", "snooker")
    for p in (EXAMPLES / game).iterdir()
    if p.suffix in (".toml", ".json")
)


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_example_scenario_opens_and_is_written_back_the_same(path: Path) -> None:
    """Opened in the window and written back, each example gives the lab the same position,
    state of play, strike and declaration (the fouls a file declares with its shot aside: the
    window declares those on the referee's call)."""
    from dataclasses import replace

    from lab.scenario import scenario_from_dict
    from render.scenario_io import scenario_dict

    opened = open_scenario(path)
    again = prepare(scenario_from_dict(scenario_dict(opened.game, opened.aim, title="t")))
    first = prepare(load_scenario(path))
    a, b = first.game, again.game
    on = a.state.on_table
    assert np.array_equal(b.state.on_table, on)
    assert np.allclose(b.state.pos[on], a.state.pos[on], rtol=0, atol=1e-12)
    for name in ("phase", "to_play", "ball_in_hand", "ball_on", "score", "fouls_in_a_row"):
        assert getattr(b, name) == getattr(a, name), name
    assert b.break_rule() == a.break_rule()
    assert again.intended.phi == pytest.approx(first.intended.phi, abs=1e-12)
    assert again.intended.speed == pytest.approx(first.intended.speed, rel=1e-12)
    kept = replace(first.declaration, declared_fouls=frozenset(), off_table=frozenset())
    assert again.declaration == kept
