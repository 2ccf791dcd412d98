"""The referee's call sits in a banner at the
window's bottom edge, over the control panel, so the table where the balls came to rest stays
in sight; it offers only what means something; every routine call goes away the same way.
Driven through the window (headless) with the input a player gives."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pygame
import pytest
from test_app_referee import pot_the_nine
from test_input_safety import routine_position
from test_layout_defects import snooker_foul_and_miss
from window_driver import ball_discs, frame, key, new_app, set_position, to_decision

import rules
from render.app import SHOT_GUARD_S, App
from render.layout import MIN_WINDOW
from render.modes.decision import AUTO_CONTINUE_S, GameOverMode

#: From the default window down to the minimum one.
SIZES = [(1280, 820), (1440, 900), (1024, 700), (900, 640), (800, 600), MIN_WINDOW]


@pytest.mark.parametrize("size", SIZES)
def test_a_long_foul_call_leaves_every_ball_in_sight(size: tuple[int, int]) -> None:
    app = new_app("snooker")
    snooker_foul_and_miss(app)  # a foul and a miss: five lines, four buttons
    balls = ball_discs(app, size)
    banner, info = app.mode.info(app.layout(size).table)  # type: ignore[attr-defined]
    assert len(info.buttons) == 4 and info.fouls
    assert banner.bottom == size[1] and banner.top >= app.layout(size).board.bottom
    for disc in balls:
        assert not banner.colliderect(disc), (size, disc, banner)
    for button in info.buttons:
        assert banner.contains(button.rect)


@pytest.mark.parametrize("size", SIZES)
def test_a_routine_call_covers_the_control_panel_only(size: tuple[int, int]) -> None:
    app = new_app("nine-ball")
    routine_position(app)
    app.aim.locked, app.aim.power = True, 0.3
    key(app, pygame.K_SPACE)
    to_decision(app)
    frame(app, size)
    banner, _info = app.mode.info(app.layout(size).table)  # type: ignore[attr-defined]
    layout = app.layout(size)
    assert banner == layout.panel, "the table area is left as it is"
    assert not banner.colliderect(layout.table)


def test_the_table_above_the_call_is_drawn_as_it_ended() -> None:
    """The pixels of the table area with the call up are the table's final position, the same
    as the aim screen's picture of it (nothing of the call is drawn there)."""
    app = new_app("nine-ball")
    routine_position(app)
    app.aim.locked, app.aim.power = True, 0.3
    key(app, pygame.K_SPACE)
    to_decision(app)
    with_call = frame(app)
    area = app.layout(with_call.get_size()).table
    from render.modes.base import draw_scene

    plain = pygame.Surface(with_call.get_size())
    draw_scene(app, plain)
    a = pygame.surfarray.array3d(with_call.subsurface(area))
    b = pygame.surfarray.array3d(plain.subsurface(area))
    assert np.array_equal(a, b)


def test_a_finished_rack_shown_without_its_shot_offers_only_the_next_rack() -> None:
    app = new_app("nine-ball", referee_warns=False)
    pot_the_nine(app)
    to_decision(app)
    assert app.game.is_over
    app.game = replace(app.game, fouls_in_a_row=(2, 2))
    app.enter_aim()  # the finished rack shown again without its shot's call (load, undo)
    assert isinstance(app.mode, GameOverMode)
    frame(app)
    labels = [b.label for b in app.mode.info()[1].buttons]  # type: ignore[attr-defined]
    assert labels == ["Next rack"]
    key(app, pygame.K_d)
    key(app, pygame.K_w)
    assert isinstance(app.mode, GameOverMode) and app.game.fouls_in_a_row == (2, 2)


def test_no_concede_before_the_break_off_and_one_after_it() -> None:
    app = new_app("snooker")
    assert "frame" not in {b.action for b in app.mode.buttons(app.size)}  # type: ignore[attr-defined]
    key(app, pygame.K_x)
    assert app.mode.context == "aim"
    app.aim.power = 0.4
    key(app, pygame.K_SPACE)
    to_decision(app)
    key(app, pygame.K_RETURN)
    frame(app)
    assert app.mode.context == "aim" and app.game.shot_number == 1
    assert "frame" in {b.action for b in app.mode.buttons(app.size)}  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", ["nine-ball", "eight-ball"])
def test_a_legal_break_call_and_a_later_legal_call_go_away_alike(game: str) -> None:
    """Every routine call (legal, nothing to decide) closes by itself after the same time,
    the break's included; a player's Enter before then closes it too."""
    seen = []
    app = new_app(game)
    for power in (0.95, 0.9, 0.85, 0.8, 0.75):
        app = new_app(game)
        app.aim.power = power
        key(app, pygame.K_SPACE)
        to_decision(app)
        if app.mode.is_routine:  # type: ignore[attr-defined]
            break
    assert app.mode.is_routine, "no legal break found"  # type: ignore[attr-defined]
    for _ in range(2):
        assert app.mode.context == "decision"
        for _ in range(round(AUTO_CONTINUE_S * 10) - 1):
            app.update(0.1)
            frame(app)
        assert app.mode.context == "decision", "not before its time"
        app.update(0.2)
        frame(app)
        seen.append(app.mode.context)
        if len(seen) == 2:
            break
        routine_position_for(app, game)
        key(app, pygame.K_SPACE)
        to_decision(app)
        assert app.mode.is_routine  # type: ignore[attr-defined]
    assert seen == ["aim", "aim"]


def routine_position_for(app: App, game: str) -> None:
    """A plain legal shot straight at a ball on, for ``game``."""
    phase = rules.Phase.PLAY if game == "nine-ball" else rules.Phase.OPEN_TABLE
    ball = 1
    set_position(
        app,
        {0: (0.635, 0.5), ball: (0.635, 1.5), 9: (0.3, 2.2), 8: (1.0, 2.2)},
        phase=phase,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({ball, 9} if game != "nine-ball" else {ball}),
        shot_number=3,
    )
    app.aim.phi_deg, app.aim.locked, app.aim.power = 90.0, True, 0.3
    app.aim.safety = app.declaration_options().call_required  # 8-ball: no call to make
    app.update(SHOT_GUARD_S + 0.05)


def test_a_call_to_decide_without_a_foul_says_who_decides_and_stays() -> None:
    """An illegal 8-ball break is no foul but leaves the opponent a choice: its call is not
    titled "Legal shot" (which goes away by itself) and stays until the choice is made."""
    for power in (0.6, 0.55, 0.5, 0.65, 0.45):
        app = new_app("eight-ball")
        app.aim.power = power
        key(app, pygame.K_SPACE)
        to_decision(app)
        ruling = app.mode.ruling  # type: ignore[attr-defined]
        if app.game.pending_choice and not ruling.fouls:
            break
    else:
        raise AssertionError("no illegal break without a foul found")
    frame(app)
    _banner, info = app.mode.info()  # type: ignore[attr-defined]
    chooser = app.game.players[app.game.to_play]
    assert info.headline == f"{chooser} to choose"
    assert not app.mode.is_routine  # type: ignore[attr-defined]
    for _ in range(round(3 * AUTO_CONTINUE_S * 10)):
        app.update(0.1)
    assert app.mode.context == "decision"
