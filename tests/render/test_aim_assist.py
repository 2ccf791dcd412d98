"""Aim assist levels: the full preview is the engine's
own answer (same first contact, same object-ball direction within 0.1 degree as a full
``sim.simulate`` of the same strike), the warning for a ball that is not on, the level chosen
per match (command line, start screen, save file, scoreboard)."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pygame
import pytest

import rules
import sim
from render import aiming
from render.aim import first_contact
from render.app import App
from render.match import AIM_LEVELS, MatchConfig, MatchSetupError
from render.modes.aim import AimMode
from render.preview import PreviewCache, simulate_preview
from render.scoreboard import score_info
from render.session import Session
from sim.events import EventKind

SIZE = (1280, 820)


def _engine_first_contact(table, state, strike) -> tuple[int, float]:
    """(first ball hit by the cue ball, its departure direction in degrees) from a full
    simulation with the default event cap."""
    result = sim.simulate(table, state, strike)
    ev = result.events
    rows = np.flatnonzero((ev["kind"] == EventKind.BALL_BALL) & ((ev["a"] == 0) | (ev["b"] == 0)))
    k = int(rows[0])
    ball = int(ev["b"][k]) if int(ev["a"][k]) == 0 else int(ev["a"][k])
    vx, vy = result.snapshots.vel[k, ball]
    return ball, math.degrees(math.atan2(vy, vx)) % 360.0


def _angle_gap(a: float, b: float) -> float:
    return abs((a - b + 180.0) % 360.0 - 180.0)


def _nine_ball_position(xy: dict[int, tuple[float, float]]) -> Session:
    session = Session()
    session.start_match(MatchConfig("nine-ball", ("Ann", "Bob"), seed=2))
    game = session.game
    pos = np.array(game.state.pos, dtype=float)
    for i, p in xy.items():
        pos[i] = p
    state = sim.BallState.at_rest(pos)
    for i in range(int(game.state.n)):
        if i not in xy:
            state = state.with_ball_removed(i)
    session.game = replace(
        game, state=state, phase=rules.Phase.PLAY, ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({min(i for i in xy if i)}),
    )  # fmt: skip
    return session


CUTS = [
    # (tip a, tip b, power, cut offset of the aim in degrees)
    (0.0, 0.0, 0.45, 0.0),
    (0.0, 0.0, 0.45, 2.0),
    (0.0, 0.3, 0.5, -3.0),
    (0.35, -0.3, 0.6, -1.0),
    (-0.4, 0.0, 0.3, -2.5),
    (0.0, -0.4, 0.8, 1.5),
]


@pytest.mark.parametrize(("a", "b", "power", "cut"), CUTS)
def test_full_preview_matches_the_engine(a: float, b: float, power: float, cut: float) -> None:
    """Same first ball and the object ball's direction within 0.1 degree of the full shot."""
    session = _nine_ball_position({0: (0.64, 0.7), 1: (0.6, 1.4), 5: (0.9, 1.9)})
    game = session.game
    cue, one = game.state.pos[0], game.state.pos[1]
    phi = math.degrees(math.atan2(one[1] - cue[1], one[0] - cue[0])) + cut
    aim = aiming.AimState(phi_deg=phi, power=power, a=a, b=b, theta_deg=5.0 if b < 0 else 0.0)
    strike = aiming.strike_for(aim)
    preview = simulate_preview(game.table, game.state, strike)
    ball, direction = _engine_first_contact(game.table, game.state, strike)
    assert preview.first_ball == ball == 1
    assert preview.object_direction_deg is not None
    assert _angle_gap(preview.object_direction_deg, direction) < 0.1
    # The paths start at the balls and the object path starts where the object ball sat.
    assert np.allclose(preview.cue_path[0], cue)
    assert np.allclose(preview.object_path[0], one, atol=1e-9)
    assert preview.cue_end in ("cushion", "pocket", "rest", "cut")
    assert preview.object_end in ("cushion", "pocket", "rest", "cut")


def test_full_preview_shows_throw_that_the_ghost_line_does_not() -> None:
    """On a cut with side, the engine's departure direction differs from the ghost-ball line of
    centres by more than the 0.1 degree tolerance: the preview is not ghost geometry."""
    session = _nine_ball_position({0: (0.64, 0.7), 1: (0.6, 1.4)})
    game = session.game
    cue, one = game.state.pos[0], game.state.pos[1]
    phi = math.degrees(math.atan2(one[1] - cue[1], one[0] - cue[0])) + 3.0
    aim = aiming.AimState(phi_deg=phi, power=0.3, a=-0.4)
    preview = simulate_preview(game.table, game.state, aiming.strike_for(aim))
    contact = first_contact(
        tuple(cue), phi, game.state.pos, game.state.on_table, float(game.table.ball_radius),
        game.table.arrays.segments, game.table.arrays.arcs,
    )  # fmt: skip
    assert contact.object_direction is not None and preview.object_direction_deg is not None
    ghost = math.degrees(math.atan2(contact.object_direction[1], contact.object_direction[0]))
    assert _angle_gap(preview.object_direction_deg, ghost) > 0.3


@pytest.mark.parametrize("game", ["snooker", "nine-ball"])
def test_full_preview_on_a_rack_matches_the_engine(game: str) -> None:
    """22 (snooker) and 10 (9-ball) balls: the break's preview names the engine's first ball."""
    session = Session()
    session.start_match(MatchConfig(game, ("Ann", "Bob"), seed=7))
    g = session.game
    aim = aiming.aim_for_turn(g, 0.7)
    state = g.state_for_shot(aim.cue_xy if aiming.in_hand(g) else None)
    strike = aiming.strike_for(aim)
    preview = simulate_preview(g.table, state, strike)
    ball, direction = _engine_first_contact(g.table, state, strike)
    assert preview.first_ball == ball
    assert preview.object_direction_deg is not None
    assert _angle_gap(preview.object_direction_deg, direction) < 0.1


def test_preview_cache_simulates_only_on_change() -> None:
    session = _nine_ball_position({0: (0.64, 0.7), 1: (0.6, 1.4)})
    game = session.game
    cache = PreviewCache()
    aim = aiming.AimState(phi_deg=93.0)
    for _ in range(5):
        cache.get(game.table, game.state, aiming.strike_for(aim))
    assert cache.computed == 1
    aim.phi_deg += 0.1
    cache.get(game.table, game.state, aiming.strike_for(aim))
    aim.b = 0.2
    cache.get(game.table, game.state, aiming.strike_for(aim))
    assert cache.computed == 3


def _app_at(level: str, xy: dict[int, tuple[float, float]]) -> App:
    app = App(SIZE, config=MatchConfig("nine-ball", ("Ann", "Bob"), seed=2, aim_assist=level),
              warm_up=False)  # fmt: skip
    session = _nine_ball_position(xy)
    app.game = session.game
    app.enter_aim()
    return app


def _aim_at_ball(app: App, ball: int) -> None:
    cue, target = app.game.state.pos[0], app.game.state.pos[ball]
    app.aim.phi_deg = math.degrees(math.atan2(target[1] - cue[1], target[0] - cue[0]))


@pytest.mark.parametrize("level", ["ghost", "full"])
def test_warning_when_the_first_ball_is_not_on(level: str) -> None:
    """The 1 is on; aimed straight at the 5 the prompt warns; aimed at the 1 it does not."""
    app = _app_at(level, {0: (0.64, 0.7), 1: (0.3, 1.4), 5: (0.9, 1.6)})
    surface = pygame.Surface(SIZE)
    assert isinstance(app.mode, AimMode)
    _aim_at_ball(app, 5)
    app.draw(surface)
    assert app.mode.wrong_ball == 5
    assert any("not a ball on" in line for line in app.mode.prompt_lines())
    _aim_at_ball(app, 1)
    app.draw(surface)
    assert app.mode.wrong_ball is None
    assert not any("not a ball on" in line for line in app.mode.prompt_lines())


def test_no_assist_level_draws_no_guide_and_no_warning() -> None:
    app = _app_at("none", {0: (0.64, 0.7), 1: (0.3, 1.4), 5: (0.9, 1.6)})
    _aim_at_ball(app, 5)
    surface = pygame.Surface(SIZE)
    app.draw(surface)
    assert isinstance(app.mode, AimMode)
    assert app.mode.wrong_ball is None and app.mode.previews.computed == 0
    ghost_app = _app_at("ghost", {0: (0.64, 0.7), 1: (0.3, 1.4), 5: (0.9, 1.6)})
    _aim_at_ball(ghost_app, 5)
    ghost = pygame.Surface(SIZE)
    ghost_app.draw(ghost)
    # The ghost level draws lines on the cloth that the none level does not.
    assert pygame.surfarray.array3d(ghost).tobytes() != pygame.surfarray.array3d(surface).tobytes()


def test_full_level_draws_the_simulated_paths() -> None:
    app = _app_at("full", {0: (0.64, 0.7), 1: (0.6, 1.4)})
    _aim_at_ball(app, 1)
    surface = pygame.Surface(SIZE)
    app.draw(surface)
    assert isinstance(app.mode, AimMode)
    assert app.mode.previews.computed == 1
    app.draw(surface)  # nothing changed: no new simulation
    assert app.mode.previews.computed == 1


def test_level_in_config_scoreboard_and_save_file(tmp_path) -> None:
    with pytest.raises(MatchSetupError, match="the levels are none, ghost, full"):
        MatchConfig(aim_assist="max")
    for level in AIM_LEVELS:
        session = Session()
        session.start_match(MatchConfig("snooker", ("Ann", "Bob"), seed=1, aim_assist=level))
        assert f"aim: {level}" in score_info(session).centre
        path = tmp_path / f"{level}.cuesim.json"
        session.save(path)
        loaded = Session()
        loaded.load(path)
        assert loaded.match_config.aim_assist == level
    assert MatchConfig.from_json({**MatchConfig().to_json(), "aim_assist": "full"}).aim_assist == (
        "full"
    )


def test_start_screen_cycles_the_level() -> None:
    app = App(SIZE, config=None, warm_up=False)
    surface = pygame.Surface(SIZE)
    app.draw(surface)
    mode = app.mode
    button = next(b for b in mode._layout(SIZE) if b.action == "aim")  # type: ignore[attr-defined]
    seen = []
    for _ in range(3):
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=button.rect.center)
        )
        for event in pygame.event.get():
            app.handle(event)
        seen.append(mode.aim_assist)  # type: ignore[attr-defined]
    assert seen == ["full", "none", "ghost"]
    mode.aim_assist = "full"  # type: ignore[attr-defined]
    assert mode._config().aim_assist == "full"  # type: ignore[attr-defined]


def test_drawn_paths_lie_on_the_engine_trajectory() -> None:
    """A masse-like swerve (elevated cue, side): every point of both drawn paths is within
    1.5 mm of the engine's own trajectory sampled every 0.5 ms (``ShotResult.sample``)."""
    session = _nine_ball_position({0: (0.64, 0.7), 1: (0.6, 1.4)})
    game = session.game
    cue, one = game.state.pos[0], game.state.pos[1]
    phi = math.degrees(math.atan2(one[1] - cue[1], one[0] - cue[0]))
    aim = aiming.AimState(phi_deg=phi - 1.0, power=0.55, a=0.4, b=-0.2, theta_deg=12.0)
    strike = aiming.strike_for(aim)
    preview = simulate_preview(game.table, game.state, strike)
    frames = sim.simulate(game.table, game.state, strike).sample(0.0005)
    for ball, path in ((0, preview.cue_path), (preview.first_ball, preview.object_path)):
        assert len(path) >= 3
        gaps = np.min(np.linalg.norm(path[:, None, :] - frames[None, :, ball, :], axis=2), axis=1)
        assert gaps.max() < 1.5e-3, (ball, gaps.max())


def test_cuesim_play_aim_option(monkeypatch, capsys) -> None:
    import render.app
    from cuesim import cli

    seen = {}

    def fake_run(config, **kwargs):
        seen["config"] = config
        return 0

    monkeypatch.setattr(render.app, "run", fake_run)
    assert cli.main(["play", "snooker", "--players", "Ann", "Bob", "--aim", "full"]) == 0
    assert seen["config"].aim_assist == "full"
    assert cli.main(["play", "nine-ball", "--players", "Ann", "Bob"]) == 0
    assert seen["config"].aim_assist == "ghost"
    assert cli.main(["play", "--aim", "none"]) == 2
    assert "--aim needs a game" in capsys.readouterr().err
    assert cli.main(["play", "snooker", "--aim", "max"]) == 2
    assert "invalid choice: 'max'" in capsys.readouterr().err
