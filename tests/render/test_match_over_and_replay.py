"""The match-over screen shows the last rack as it ended (not the next
one), and a replay's controls show the replayed shot's power, tip and elevation (not the aim
set since); driven through the window with synthetic input (headless)."""

from __future__ import annotations

import pygame
import pytest
from test_window_layout import snooker_foul_and_miss
from window_driver import (
    SIZE,
    frame,
    key,
    new_app,
    set_position,
    to_decision,
)

import rules
from render import hud, typeset
from render.app import App
from render.app_moves import SHOT_GUARD_S
from render.modes.preparing import PreparingMode
from render.scoreboard import score_info
from render.widgets import power_to_speed


def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every string hud draws from now on."""
    seen: list[str] = []
    real = typeset.text_image

    def recording(text: object, *args: object, **kw: object) -> pygame.Surface:
        seen.append(str(text))
        return real(text, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(typeset, "text_image", recording)
    return seen


def pot_the_nine(app, power: float = 0.4) -> None:
    """Ann pots the 9 into the bottom-right pocket, straight (the rack is won)."""
    set_position(
        app,
        {0: (1.0, 2.27), 9: (1.15, 2.42)},
        phase=rules.Phase.PLAY,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({9}),
        shot_number=3,
    )
    app.aim.phi_deg, app.aim.locked, app.aim.power = 45.0, True, power
    app.update(SHOT_GUARD_S + 0.05)
    key(app, pygame.K_SPACE)
    to_decision(app)


def test_the_match_over_screen_shows_the_last_rack_as_it_ended(monkeypatch) -> None:
    app = new_app("nine-ball", race_to=1)
    pot_the_nine(app)
    assert app.game.is_over and app.game.winner == 0
    final_positions = app.game.state.pos.copy()
    # the call of the rack that wins the match says so and leads to the result, not a rack 2
    _banner, call = app.mode.info()
    assert call.headline == "Match over"
    assert call.buttons[0].label == "The match's result"
    assert "Ann wins the match." in call.lines
    key(app, pygame.K_RETURN)
    assert app.mode.context == "matchover"
    seen = drawn(monkeypatch)
    frame(app)
    info = score_info(app.session)
    assert info.centre.startswith("Rack 1 \u00b7 final position"), info.centre
    assert not any(t.startswith("Rack 2") for t in seen), "the next rack is not shown"
    assert info.ball_on == "" and not any(t.startswith("Ball on") for t in seen)
    assert (app.game.state.pos == final_positions).all()  # the final position, not a re-rack
    assert not app.game.state.on_table[9]
    assert [p.warning for p in info.players] == ["", ""]  # the final counters: no fouls
    assert "Ann wins the match" in seen


def test_a_foul_that_decides_the_match_is_called_match_over() -> None:
    """Ann's third foul in a row after the warning loses the rack, and the race to 1 with it:
    the call says "Match over" (the fouls still listed), who wins the match, and leads to it."""
    app = new_app("nine-ball", race_to=1)
    set_position(
        app,
        {0: (1.0, 2.27), 1: (0.3, 0.4), 9: (1.15, 2.42)},
        phase=rules.Phase.PLAY,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({1}),
        shot_number=7,
        fouls_in_a_row=(2, 0),
        warning_given=(True, False),
    )
    app.aim.phi_deg, app.aim.locked, app.aim.power = 45.0, True, 0.3
    app.update(SHOT_GUARD_S + 0.05)
    key(app, pygame.K_SPACE)
    to_decision(app)
    assert app.game.is_over and app.game.winner == 1
    _banner, call = app.mode.info()
    assert call.headline == "Match over" and call.fouls
    assert "Bob wins the match." in call.lines
    assert call.buttons[0].label == "The match's result"
    key(app, pygame.K_RETURN)
    assert app.mode.context == "matchover"


def test_a_replay_shows_the_replayed_shots_power_tip_and_elevation(monkeypatch) -> None:
    app = new_app("nine-ball", race_to=3)
    pot_the_nine(app, power=0.4)
    played = app.session.last_shot.strike
    key(app, pygame.K_RETURN)  # next rack
    assert app.mode.context == "aim"
    app.aim.power, app.aim.theta_deg, app.aim.a, app.aim.b = 0.95, 20.0, 0.3, -0.3
    key(app, pygame.K_r)
    assert app.mode.context == "playback" and app.playback.replay
    tips: list[tuple[float, float]] = []
    real_tip = hud.draw_tip
    monkeypatch.setattr(
        hud, "draw_tip", lambda s, w, a, b, lim: (tips.append((a, b)), real_tip(s, w, a, b, lim))
    )
    seen = drawn(monkeypatch)
    frame(app)
    assert f"Power  {played.speed:4.1f} m/s" in seen, [t for t in seen if "Power" in t]
    assert f"Power  {power_to_speed(0.95):4.1f} m/s" not in seen
    assert any(t.startswith(f"Elevation {played.theta:.0f}\u00b0") for t in seen)
    assert tips == [(played.a, played.b)]


def test_a_replayed_saved_shot_shows_its_call_and_a_foul_may_be_declared_on_it(tmp_path) -> None:
    app = new_app("snooker")
    snooker_foul_and_miss(app)
    assert app.game.pending_choice and app.mode.ruling is not None
    played = [f.code for f in app.mode.ruling.fouls]
    path = tmp_path / "foul.cuesim.json"
    assert app.save(path)
    other = App(SIZE, warm_up=False)
    other.pending_load = (path, True)  # what `cuesim replay FILE` asks for (render.app.run)
    other.mode = PreparingMode(other, None)
    other.mode.update(0.0)  # the preparing screen loads it and replays the last shot
    assert other.mode.context == "playback"
    other.finish_playback()
    assert other.mode.context == "decision" and other.mode.ruling is not None
    assert [f.code for f in other.mode.ruling.fouls] == played  # the replayed shot's call
    _banner, info = other.mode.info()
    assert info.fouls and info.buttons, info
    frame(other)
    key(other, pygame.K_d)  # a foul may be declared on that shot
    assert other.mode.context == "declarefoul", (other.mode.context, other.toast)
    assert other.foul_shot() is other.session.last_shot
