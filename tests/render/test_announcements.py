"""Announcements a player notices: a foul, a call that needs a decision
and the end of a rack stay on screen until dismissed; only a routine legal shot's call goes
away by itself (and its words stay in the last-call line)."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pygame
from test_match_over_and_replay import pot_the_nine
from window_driver import key, new_app

import rules
import sim
from render.app import App
from render.match import MatchConfig
from render.modes.decision import AUTO_CONTINUE_S
from render.scoreboard import score_info

SIZE = (1280, 820)


def _app(xy: dict[int, tuple[float, float]], on: int) -> App:
    app = App(SIZE, config=MatchConfig("nine-ball", ("Ann", "Bob"), seed=3), warm_up=False)
    game = app.game
    pos = np.array(game.state.pos, dtype=float)
    for i, p in xy.items():
        pos[i] = p
    state = sim.BallState.at_rest(pos)
    for i in range(int(game.state.n)):
        if i not in xy:
            state = state.with_ball_removed(i)
    app.game = replace(
        game, state=state, phase=rules.Phase.PLAY, ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({on}),
    )  # fmt: skip
    app.enter_aim()
    return app


def _shoot_at(app: App, ball: int, power: float = 0.35) -> None:
    cue, target = app.game.state.pos[0], app.game.state.pos[ball]
    app.aim.phi_deg = math.degrees(math.atan2(target[1] - cue[1], target[0] - cue[0]))
    app.aim.power = power
    assert app.shoot()
    app.finish_playback()
    assert app.mode.context == "decision"


def _wait(app: App, seconds: float) -> None:
    surface = pygame.Surface(SIZE)
    for _ in range(round(seconds * 10)):
        app.update(0.1)
        app.draw(surface)


def test_a_foul_stays_until_dismissed() -> None:
    app = _app({0: (0.64, 0.7), 1: (0.2, 1.6), 5: (0.64, 1.3)}, on=1)
    _shoot_at(app, 5)  # the 5 first while the 1 is on: a foul
    assert app.mode.ruling.fouls  # type: ignore[attr-defined]
    _wait(app, 3 * AUTO_CONTINUE_S)
    assert app.mode.context == "decision"
    key = {"key": pygame.K_RETURN, "mod": 0, "unicode": "\r", "scancode": 0}
    app.handle(pygame.event.Event(pygame.KEYDOWN, key))
    assert app.mode.context == "aim"


def test_the_end_of_a_rack_stays_until_dismissed() -> None:
    corner = (1.27, 2.54)
    nine = (1.0, 2.2)
    d = np.subtract(corner, nine) / np.hypot(*np.subtract(corner, nine))
    cue = (nine[0] - 0.4 * d[0], nine[1] - 0.4 * d[1])
    app = _app({0: cue, 9: nine}, on=9)
    _shoot_at(app, 9, power=0.3)
    assert app.game.is_over
    _wait(app, 3 * AUTO_CONTINUE_S)
    assert app.mode.context == "decision"


def test_a_routine_call_goes_away_by_itself() -> None:
    app = _app({0: (0.64, 0.7), 1: (0.64, 1.3), 5: (0.2, 1.9)}, on=1)
    _shoot_at(app, 1, power=0.3)
    assert not app.mode.ruling.fouls  # type: ignore[attr-defined]
    _wait(app, AUTO_CONTINUE_S + 0.3)
    assert app.mode.context == "aim"


def test_the_call_that_ends_a_rack_says_rack_over_and_the_winner_once() -> None:
    app = new_app("nine-ball", race_to=3)
    pot_the_nine(app)
    assert app.game.is_over and app.mode.context == "decision"
    _panel, info = app.mode.info(pygame.Rect((0, 0), SIZE))
    assert info.headline == "Rack over", info.headline
    text = " ".join((*info.lines, *info.fouls))
    assert "Game over" not in text
    assert text.count("wins this rack") == 1, text
    # Behind the call, the board already counts the rack and shows it as it ended.
    board = score_info(app.session)
    assert [p.frames for p in board.players] == [1, 0]
    assert board.centre.startswith("Rack 1 \u00b7 final position"), board.centre
    assert "shot" not in board.centre and board.ball_on == ""
    key(app, pygame.K_RETURN)  # next rack: the counted score stays, the new rack starts
    board = score_info(app.session)
    assert [p.frames for p in board.players] == [1, 0] and board.centre.startswith("Rack 2")


def test_the_call_that_wins_the_match_says_match_over() -> None:
    app = new_app("nine-ball", race_to=1)
    pot_the_nine(app)
    _panel, info = app.mode.info(pygame.Rect((0, 0), SIZE))
    assert info.headline == "Match over"
