"""Practice in the window (headless): any ball dragged to a free place on the cloth (a place
the table refuses is said and changes nothing), balls put on and taken off with Insert and
Delete at the pointer, the last shot played again from its position and aim with A; none of it
outside practice. Every shot is still judged."""

from __future__ import annotations

import math

import numpy as np
import pygame
import pytest
from window_driver import SIZE, frame, key, new_app, screen_of, set_position, to_decision

import rules
from render import aiming
from render.app import App

POSITION = {0: (0.64, 0.6), 1: (0.64, 1.2), 5: (0.3, 1.6), 9: (1.0, 2.0)}


def _practice(practice: bool = True) -> App:
    app = new_app("nine-ball", practice=practice)
    set_position(
        app, POSITION, phase=rules.Phase.PLAY, ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({1}), shot_number=3,
    )  # fmt: skip
    app.aim.phi_deg, app.aim.locked = 90.0, True
    frame(app)
    return app


def _drag(app: App, start: tuple[float, float], end: tuple[float, float]) -> None:
    """Press at ``start`` (m), move in steps to ``end`` (m), release there."""
    a, b = screen_of(app, start), screen_of(app, end)
    p0 = (round(a[0]), round(a[1]))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p0, button=1))
    for f in np.linspace(0.1, 1.0, 6):
        p = (round(a[0] + f * (b[0] - a[0])), round(a[1] + f * (b[1] - a[1])))
        app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
        frame(app)
    p1 = (round(b[0]), round(b[1]))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p1, button=1))


def _said(app: App) -> str:
    return app.toast.text if app.toast is not None else ""


def _at(app: App, ball: int) -> tuple[float, float]:
    x, y = app.game.state.pos[ball]
    return float(x), float(y)


def test_a_ball_dragged_to_free_cloth_rests_there_and_undo_takes_it_back() -> None:
    app = _practice()
    _drag(app, POSITION[5], (0.9, 1.0))
    assert math.dist(_at(app, 5), (0.9, 1.0)) < 0.01  # a pixel is about 3 mm
    assert app.mode.context == "aim"
    app.undo()
    assert _at(app, 5) == pytest.approx(POSITION[5])


@pytest.mark.parametrize(
    ("target", "words"),
    [((0.64, 1.22), "overlap the 1"), ((0.0, 0.0), "on the cloth")],
)
def test_a_refused_place_says_why_and_moves_nothing(target, words) -> None:
    app = _practice()
    before = app.game
    _drag(app, POSITION[5], target)
    assert app.game is before
    assert words in _said(app)


def test_the_cue_ball_not_in_hand_is_dragged_too() -> None:
    app = _practice()
    _drag(app, POSITION[0], (0.4, 0.5))
    assert math.dist(_at(app, 0), (0.4, 0.5)) < 0.01


def test_outside_practice_a_press_on_a_ball_moves_nothing() -> None:
    app = _practice(practice=False)
    _drag(app, POSITION[5], (0.9, 1.0))
    assert _at(app, 5) == pytest.approx(POSITION[5])


def test_delete_and_insert_take_a_ball_off_and_put_one_on_at_the_pointer() -> None:
    app = _practice()
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(round(v) for v in
               screen_of(app, POSITION[5])), rel=(0, 0), buttons=(0, 0, 0)))  # fmt: skip
    key(app, pygame.K_DELETE)
    assert not bool(app.game.state.on_table[5])
    assert "taken off" in _said(app)
    spot = (1.0, 0.5)
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(round(v) for v in
               screen_of(app, spot)), rel=(0, 0), buttons=(0, 0, 0)))  # fmt: skip
    key(app, pygame.K_INSERT)
    assert bool(app.game.state.on_table[2]), "the first ball off the table goes on"
    assert math.dist(_at(app, 2), spot) < 0.01
    # Taking off the ball on moves the ball on to the next one (the game's own rule).
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(round(v) for v in
               screen_of(app, POSITION[1])), rel=(0, 0), buttons=(0, 0, 0)))  # fmt: skip
    key(app, pygame.K_DELETE)
    assert app.game.ball_on == frozenset({2})


def test_a_shot_is_judged_and_played_again_from_its_position_and_aim() -> None:
    app = _practice()
    app.aim.phi_deg, app.aim.power, app.aim.a = 91.0, 0.5, 0.2
    played = aiming.strike_for(app.aim)
    before = app.game
    assert app.shoot()
    to_decision(app)  # the referee's call still shows in practice
    key(app, pygame.K_RETURN)
    assert app.mode.context == "aim"
    app.aim.phi_deg, app.aim.power = 10.0, 0.9  # the player fiddles, then asks again
    key(app, pygame.K_BACKSPACE)
    assert app.mode.context == "aim"
    assert np.array_equal(app.game.state.pos, before.state.pos)
    assert app.game.to_play == before.to_play
    again = aiming.strike_for(app.aim)
    assert again.phi == pytest.approx(played.phi)
    assert again.speed == pytest.approx(played.speed)
    assert again.a == pytest.approx(played.a)


def test_retry_outside_practice_changes_nothing() -> None:
    app = _practice(practice=False)
    assert app.shoot()
    to_decision(app)
    key(app, pygame.K_RETURN)
    after = app.game
    key(app, pygame.K_BACKSPACE)
    assert app.game is after
    assert "practice" in _said(app)


def test_practice_is_kept_in_the_save_file(tmp_path) -> None:
    app = _practice()
    path = tmp_path / "p.cuesim.json"
    assert app.save(path)
    other = App(SIZE, warm_up=False)
    assert other.load(path)
    assert other.session.match_config.practice


def test_the_start_screen_and_the_command_line_start_a_practice(monkeypatch) -> None:
    app = App(SIZE, warm_up=False)
    frame(app)
    button = next(b for b in app.mode._layout(SIZE) if b.action == "practice")  # type: ignore[attr-defined]
    assert button.label == "Practice: off"
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button.rect.center, button=1))
    key(app, pygame.K_RETURN)
    assert app.mode.context == "aim"
    assert app.session.match_config.practice

    import render.app
    from cuesim import cli

    seen = {}
    monkeypatch.setattr(render.app, "run", lambda config, **_kw: seen.setdefault("c", config) and 0)
    assert cli.main(["play", "nine-ball", "--practice"]) == 0
    assert seen["c"].practice
