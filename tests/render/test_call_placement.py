"""The referee's call sits in a banner at the
window's bottom edge, over the control panel, so the table where the balls came to rest stays
in sight; it offers only what means something; every routine call goes away the same way.
Driven through the window (headless) with the input a player gives."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pygame
import pytest
from test_app_referee import pot_the_nine
from test_input_safety import routine_position
from test_window_layout import snooker_foul_and_miss
from window_driver import (
    SIZE,
    ball_discs,
    click,
    frame,
    key,
    new_app,
    screen_of,
    set_position,
    to_decision,
)

import rules
from render.app import App
from render.app_moves import SHOT_GUARD_S
from render.call_panel import call_layout
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


def _cloth_shown_at(app: App, pixel: tuple[int, int]) -> bool:
    """Whether the frame shows the bare table (no ball) at ``pixel``."""
    shown = frame(app)
    background = app.table_background(SIZE)
    return bool(shown.get_at(pixel) == background.get_at(pixel))


def _in_hand_anywhere(app: App) -> None:
    set_position(
        app,
        {0: (0.6, 1.0), 1: (0.9, 2.0), 9: (0.3, 2.2)},
        phase=rules.Phase.PLAY,
        ball_in_hand=rules.BallInHand.ANYWHERE,
        ball_on=frozenset({1}),
        shot_number=3,
    )


PLACED_FROM_POCKET_M = 0.3


def _placed_spot(app: App) -> tuple[tuple[float, float], tuple[float, float]]:
    """The spot the cue ball is placed on and the bottom-right pocket's centre, m."""
    table = app.table
    pocket = table.pocket_named("bottom-right")
    cx, cy = float(table.width) / 2, float(table.length) / 2
    d = math.hypot(cx - pocket.x, cy - pocket.y)
    k = PLACED_FROM_POCKET_M / d
    spot = (pocket.x + k * (cx - pocket.x), pocket.y + k * (cy - pocket.y))
    return spot, (pocket.x, pocket.y)


def _shoot_from_hand(app: App, towards: tuple[float, float], power: float) -> tuple[int, int]:
    """Click the cue ball onto its spot, aim it at ``towards`` (m), shoot, play the shot out;
    returns the spot's pixel."""
    spot, _pocket = _placed_spot(app)
    click(app, screen_of(app, spot))
    aim = app.aim
    assert aim.cue_xy == pytest.approx(spot, abs=0.01)
    aim.phi_deg = math.degrees(math.atan2(towards[1] - spot[1], towards[0] - spot[0]))
    aim.locked, aim.power = True, power
    key(app, pygame.K_SPACE)
    to_decision(app)
    x, y = screen_of(app, spot)
    return round(x), round(y)


def _pink_foul_with_a_red_at_the_top(app: App) -> None:
    """The pink potted as a foul into the bottom middle (a ten-line call), a red by the top
    cushion: the call hides a ball at the bottom edge and would hide one hung from the top."""
    pink = app.game.ball_names.index("pink")
    set_position(
        app,
        {0: (1.18, 1.784), 1: (1.1, 3.0), 2: (0.12, 2.4), pink: (1.48, 1.784)},
        phase=rules.Phase.REDS,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({1, 2}),
        shot_number=3,
    )
    app.aim.phi_deg, app.aim.locked, app.aim.power = 0.0, True, 0.25
    app.update(SHOT_GUARD_S + 0.05)
    key(app, pygame.K_SPACE)
    to_decision(app)


def test_the_call_after_a_scratch_from_hand_shows_no_cue_ball_where_it_was_placed() -> None:
    """Seen: the break scratched, and the call showed the cue ball sitting behind the head
    string where the breaker had put it; the next player clicked it to drag it and placed it
    there instead (the aim screen had it on another spot)."""
    app = new_app("nine-ball")
    _in_hand_anywhere(app)
    _spot, pocket = _placed_spot(app)
    pixel = _shoot_from_hand(app, pocket, power=0.15)  # slow: it drops
    assert not bool(app.game.state.on_table[0]), "this test needs the cue ball pocketed"
    assert app.mode.context == "decision"
    _positions, on = app.current_positions()
    assert not on[0]
    assert _cloth_shown_at(app, pixel)


def test_the_call_shows_the_cue_ball_where_it_came_to_rest() -> None:
    """Seen: after a foul the call drew the cue ball on the spot it had been placed on before
    the shot, though it had rolled up the table (8-ball, shot 5)."""
    app = new_app("nine-ball")
    _in_hand_anywhere(app)
    spot, _pocket = _placed_spot(app)
    pixel = _shoot_from_hand(app, (0.6, 0.8), power=0.2)  # up the table, past every ball
    state = app.game.state
    assert bool(state.on_table[0]) and app.in_hand, "this test needs a foul, the cue ball on"
    assert math.dist(tuple(state.pos[0]), spot) > 0.1, "this test needs the cue ball moved"
    positions, on = app.current_positions()
    assert on[0] and np.allclose(positions[0], state.pos[0])
    assert _cloth_shown_at(app, pixel)
    key(app, pygame.K_RETURN)  # the next player's turn in hand places the cue ball anew
    assert app.mode.context == "aim" and app.in_hand and app.aim.cue_xy is not None


def test_a_long_snooker_call_is_hung_from_the_scoreboard_when_it_would_hide_a_ball() -> None:
    """Seen: the pink potted as a foul (two fouls, re-spotted, a miss: ten lines) grew the call
    from the bottom edge over the black by the bottom cushion; the player had to accept or hand
    back the table without seeing it."""
    app = new_app("snooker")
    pink = app.game.ball_names.index("pink")
    set_position(
        app,
        {0: (1.18, 1.784), 1: (1.1, 3.0), pink: (1.48, 1.784)},  # the pink by the bottom middle
        phase=rules.Phase.REDS,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({1}),
        shot_number=3,
    )
    app.aim.phi_deg, app.aim.locked, app.aim.power = 0.0, True, 0.25
    app.update(SHOT_GUARD_S + 0.05)
    key(app, pygame.K_SPACE)
    to_decision(app)
    balls = ball_discs(app, SIZE)
    layout = app.layout(SIZE)
    banner, info = app.mode.info(layout.table)  # type: ignore[attr-defined]
    assert len(info.fouls) == 2 and bool(app.game.state.on_table[pink]), "re-spotted"
    at_bottom, _text, _buttons = call_layout(
        layout, info, [(b.label, b.action) for b in info.buttons]
    )
    assert at_bottom.top < layout.panel.top and any(at_bottom.colliderect(b) for b in balls)
    assert banner.top == layout.board.bottom and banner.height == at_bottom.height
    for disc in balls:
        assert not banner.colliderect(disc), disc
    for button in info.buttons:
        assert banner.contains(button.rect)
    key(app, pygame.K_1)  # the buttons still answer: the table accepted
    assert app.mode.context == "aim"


def test_a_short_call_stays_at_the_bottom_edge() -> None:
    app = new_app("snooker")
    snooker_foul_and_miss(app)
    frame(app)
    banner, _info = app.mode.info(app.layout(SIZE).table)  # type: ignore[attr-defined]
    assert banner.bottom == SIZE[1]


def test_v_hides_a_call_that_covers_a_ball_and_any_input_brings_it_back() -> None:
    """Seen: the same call over the black, with reds under the top edge too: no place shows
    every ball. V puts the call aside; nothing is chosen while it is out of sight."""
    from render.modes.base import draw_scene

    app = new_app("snooker")
    _pink_foul_with_a_red_at_the_top(app)
    balls = ball_discs(app, SIZE)
    banner, info = app.mode.info(app.layout(SIZE).table)  # type: ignore[attr-defined]
    hidden = [b for b in balls if banner.colliderect(b)]
    assert hidden, "this test needs a call that hides a ball"
    pending = app.game.pending_choice
    key(app, pygame.K_v)
    assert app.mode.peeking  # type: ignore[attr-defined]
    shown = frame(app)
    plain = pygame.Surface(SIZE)
    draw_scene(app, plain)
    for disc in hidden:  # the hidden ball is on screen as the table left it
        a = pygame.surfarray.array3d(shown.subsurface(disc))
        assert np.array_equal(a, pygame.surfarray.array3d(plain.subsurface(disc)))
    app.update(10.0)
    key(app, pygame.K_RETURN)  # brings the call back, chooses nothing
    assert app.mode.context == "decision" and not app.mode.peeking  # type: ignore[attr-defined]
    assert app.game.pending_choice == pending
    key(app, pygame.K_v)
    click(app, info.buttons[0].rect.center)  # a click too only brings it back
    assert app.mode.context == "decision" and app.game.pending_choice == pending
    key(app, pygame.K_1)  # shown again, its keys answer
    assert app.mode.context == "aim"
