"""A foul declared in the window is called in English everywhere a player reads it (the call,
its buttons, the shot list), and every button of the call shows its key however narrow the
window; driven through the window (headless) with the keys a player presses."""

from __future__ import annotations

import pygame
import pytest
from test_window_layout import snooker_foul_and_miss
from window_driver import frame, key, new_app

from render.shot_log import frame_log
from rules.wording import has_french

SIZES = [(1280, 820), (900, 580), (640, 480), (500, 400)]


def _declare_foot_off_floor(app) -> None:
    key(app, pygame.K_d)
    assert app.mode.context == "declarefoul"
    codes = [code for code, _words, _declared in app.mode.entries()]
    key(app, pygame.K_1 + codes.index("foot_off_floor"))
    if app.mode.context == "declarefoul":
        key(app, pygame.K_ESCAPE)
    assert app.mode.context == "decision"


@pytest.mark.parametrize("size", SIZES)
def test_a_declared_snooker_foul_reads_in_english_with_every_key_shown(size) -> None:
    app = new_app("snooker")
    snooker_foul_and_miss(app)
    _declare_foot_off_floor(app)
    frame(app, size)
    app.remember_size(size)
    _banner, info = app.mode.info(app.layout(size).table)
    words = [info.headline, *info.lines, *info.fouls, *(b.label for b in info.buttons)]
    assert any("no foot on the floor" in w for w in info.fouls), info.fouls
    assert not [w for w in words if has_french(w)], words
    assert info.buttons and all(b.hotkey for b in info.buttons), [
        (b.label, b.hotkey) for b in info.buttons
    ]
    log = frame_log(app.session)
    listed = [log[-1].call, *log[-1].details, log[-1].declared]
    assert not [w for w in listed if has_french(w)], listed
    assert "no foot on the floor" in log[-1].declared
