"""A short message (a toast) never covers a ball when a clear place exists: it moves below the
balls it would hide, as it does for the pocket labels."""

from __future__ import annotations

from window_driver import SIZE, frame, new_app, set_position

from render import hud
from render.modes.base import ball_squares


def test_a_message_moves_off_a_ball_under_its_first_place() -> None:
    app = new_app("nine-ball")
    text = "Cue ball placed: aim with the pointer, Space or Shoot to play."
    first, _ = hud.toast_box(SIZE, text)
    under = app.view_for(SIZE).to_world(first.centerx, first.centery)
    set_position(app, {0: (0.3, 0.5), 1: under, 9: (1.0, 2.2)})
    app.say(text)
    frame(app)
    box, _ = hud.toast_box(SIZE, text, app.mode.message_avoids())
    balls = ball_squares(app)
    assert any(first.colliderect(b) for b in balls)  # the first place hid the 1
    assert not any(box.colliderect(b) for b in balls), (box, balls)
