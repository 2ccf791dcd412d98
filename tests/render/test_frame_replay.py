"""Ctrl+R replays every shot of the frame in order from the stored results (nothing simulated
again): Enter goes to the next shot, Esc stops, and the mode it interrupted comes back."""

from __future__ import annotations

import pygame
from test_input_safety import routine_position
from window_driver import frame, key, new_app, to_decision

from render.app_moves import SHOT_GUARD_S
from render.shot_log import frame_shots


def _two_shots(app) -> None:
    for power in (0.2, 0.25):
        routine_position(app)
        app.aim.phi_deg, app.aim.locked, app.aim.power = 90.0, True, power
        app.update(SHOT_GUARD_S + 0.05)
        key(app, pygame.K_SPACE)
        to_decision(app)
        key(app, pygame.K_RETURN)


def test_ctrl_r_plays_the_frames_shots_in_order_then_comes_back() -> None:
    app = new_app("nine-ball")
    _two_shots(app)
    shots = frame_shots(app.session)
    assert len(shots) == 2
    before = app.mode.context
    key(app, pygame.K_r, pygame.KMOD_CTRL)
    assert app.mode.context == "playback" and app.playback.result is shots[0].result
    frame(app)
    while app.playback is not None and app.playback.result is shots[0].result:
        app.update(0.5)
    assert app.playback is not None and app.playback.result is shots[1].result
    key(app, pygame.K_RETURN)  # the next shot: none left, the replay ends
    assert app.playback is None and app.mode.context == before


def test_esc_stops_a_frames_replay() -> None:
    app = new_app("nine-ball")
    _two_shots(app)
    key(app, pygame.K_r, pygame.KMOD_CTRL)
    key(app, pygame.K_ESCAPE)
    assert app.playback is None and app.mode.context == "aim"
