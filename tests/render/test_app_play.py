"""Whole frames of play driven by synthetic mouse and keyboard events through ``App.handle``.

Each test builds an App headless (no warm-up thread), sets up a position where needed with
``dataclasses.replace`` on the rules' frozen Game, posts events, advances time with
``App.update`` and checks the game, the mode and what is drawn.
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pygame
import pytest
from window_driver import SIZE, click, frame, key, new_app, screen_of, set_position

import rules
import sim
from render.app import App
from render.match import MatchConfig
from render.scoreboard import score_info
from rules import BallInHand


def drag(app: App, start: tuple[float, float], end: tuple[float, float]) -> None:
    a = (round(start[0]), round(start[1]))
    b = (round(end[0]), round(end[1]))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(0, 0), buttons=(1, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))


def play_out(app: App) -> None:
    """Let the playback run in real-time steps until the ruling shows."""
    assert app.mode.context == "playback"
    steps = 0
    while app.mode.context == "playback":
        app.update(1 / 30)
        frame(app)
        steps += 1
        if steps > 5:
            app.finish_playback()
    assert app.mode.context == "decision"


def test_nine_ball_break_is_played_back_ruled_and_continued() -> None:
    app = new_app("nine-ball")
    assert app.mode.context == "aim" and app.in_hand
    start = app.game
    app.aim.power = 0.45  # a break starts at its own speed; the keys step it from 0.45 here
    for _ in range(20):
        key(app, pygame.K_UP)
    assert app.aim.power == pytest.approx(0.85)
    key(app, pygame.K_SPACE)
    assert app.mode.context == "playback"
    before = app.playback.positions()[0].copy()
    app.update(0.2)
    moved = np.abs(app.playback.positions()[0] - before).max()
    assert moved > 0.05
    play_out(app)
    assert app.last_shot is not None and app.last_shot.before_game is start
    assert app.game.shot_number == 1
    frame(app)
    key(app, pygame.K_RETURN)
    assert app.mode.context in ("aim", "decision")


def test_slow_motion_and_skip() -> None:
    app = new_app("nine-ball")
    app.aim.power = 0.8
    key(app, pygame.K_SPACE)
    key(app, pygame.K_s)
    app.update(0.4)
    assert app.playback.t == pytest.approx(0.1)
    key(app, pygame.K_RETURN)
    assert app.mode.context == "decision"


def test_a_miss_is_a_foul_with_ball_in_hand_and_a_bad_spot_is_refused() -> None:
    app = new_app("nine-ball")
    set_position(
        app,
        {0: (0.635, 0.5), 1: (0.3, 2.0), 2: (0.9, 2.0), 9: (0.635, 2.2)},
        phase=rules.Phase.PLAY,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({1}),
        shot_number=3,
    )
    shooter = app.game.to_play
    app.aim.phi_deg = 270.0  # straight at the head cushion: no ball is hit
    app.aim.locked = True
    app.aim.power = 0.3
    key(app, pygame.K_SPACE)
    play_out(app)
    ruling = app.mode.ruling
    assert ruling.fouls, "hitting no ball must be a foul"
    assert app.game.to_play != shooter
    assert app.game.ball_in_hand is rules.BallInHand.ANYWHERE
    key(app, pygame.K_RETURN)
    assert app.mode.context == "aim" and app.zone is BallInHand.ANYWHERE
    frame(app)
    origin = app.aim.cue_xy
    # Drop the cue ball onto the 2: refused with the rules' words, the ball stays put.
    drag(app, screen_of(app, origin), screen_of(app, (0.9, 2.0)))
    assert app.aim.cue_xy == origin
    assert app.toast is not None and "Illegal cue-ball placement" in app.toast[0]
    # A free spot is accepted.
    drag(app, screen_of(app, origin), screen_of(app, (0.6, 1.5)))
    assert app.aim.cue_xy == pytest.approx((0.6, 1.5), abs=0.01)


def test_push_out_then_the_opponent_hands_it_back() -> None:
    app = new_app("nine-ball")
    set_position(
        app,
        {0: (0.635, 0.5), 1: (0.3, 2.0), 5: (0.9, 2.1), 9: (0.635, 2.2)},
        phase=rules.Phase.PUSH_OUT_ALLOWED,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({1}),
        shot_number=1,
    )
    pusher = app.game.to_play
    assert app.declaration_options().push_out_allowed
    key(app, pygame.K_p)
    assert app.aim.push_out
    app.aim.phi_deg, app.aim.locked, app.aim.power = 80.0, True, 0.25
    key(app, pygame.K_SPACE)
    play_out(app)
    offered = app.game.pending_choice
    assert rules.Choice.HAND_BACK in offered
    assert app.game.to_play != pusher
    labels = [b.label for b in app.mode.info(app.layout(SIZE).table)[1].buttons]
    assert "Hand it back" in labels
    key(app, pygame.K_1 + labels.index("Hand it back"))
    assert app.mode.context == "aim"
    assert app.game.to_play == pusher


def test_eight_ball_shot_must_be_called_by_clicking_a_ball_then_a_pocket() -> None:
    app = new_app("eight-ball")
    solids, stripes = rules.Group.SOLIDS, rules.Group.STRIPES
    set_position(
        app,
        {0: (0.635, 1.0), 1: (0.635, 1.6), 8: (0.3, 2.3), 10: (1.0, 0.4)},
        phase=rules.Phase.GROUPS_ASSIGNED,
        ball_in_hand=rules.BallInHand.NONE,
        groups=(solids, stripes) if app.game.to_play == 0 else (stripes, solids),
        ball_on=frozenset({1}),
        shot_number=4,
    )
    assert app.declaration_options().call_required
    key(app, pygame.K_SPACE)
    assert app.mode.context == "aim"
    assert "Call your shot" in app.toast[0]
    click(app, screen_of(app, (0.635, 1.6)))
    assert app.aim.called_ball == 1
    top_right = app.table.pocket_named("bottom-right")
    click(app, screen_of(app, (top_right.x, top_right.y)))
    assert app.aim.called_pocket == "bottom-right"
    assert "Called: the 1, bottom-right pocket" in " ".join(app.mode.prompt_lines())
    frame(app)
    app.aim.phi_deg, app.aim.locked, app.aim.power = 90.0, True, 0.3
    key(app, pygame.K_SPACE)
    assert app.last_shot.declaration.called_ball == 1
    assert app.last_shot.declaration.called_pocket == "bottom-right"
    play_out(app)


def test_snooker_free_ball_is_declared_with_the_ball_aimed_at() -> None:
    app = new_app("snooker")
    game = app.game
    names = game.ball_names
    blue, red = names.index("blue"), names.index("red_1")
    black = names.index("black")
    set_position(
        app,
        {0: (0.889, 1.2), blue: (0.889, 1.7845), red: (0.5, 3.0), black: (0.889, 3.245)},
        phase=rules.Phase.REDS,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({red}),
        free_ball=True,
        shot_number=5,
    )
    assert app.declaration_options().free_ball_allowed
    key(app, pygame.K_b)
    assert app.aim.free_ball
    app.aim.phi_deg, app.aim.locked, app.aim.power = 90.0, True, 0.2
    assert app.nominated_ball() == blue
    declaration = app.build_declaration()
    assert declaration.free_ball and declaration.nominated == blue
    frame(app)
    assert app.shoot(), app.toast
    play_out(app)


def test_undo_restores_the_game_before_the_shot() -> None:
    app = new_app("nine-ball")
    before_game, before_score = app.game, app.score
    app.aim.power = 0.8
    key(app, pygame.K_SPACE)
    app.finish_playback()
    key(app, pygame.K_RETURN)
    assert app.game is not before_game
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert app.game is before_game and app.score == before_score
    assert app.mode.context == "aim"


def test_replay_shows_the_last_shot_again_without_changing_the_game() -> None:
    app = new_app("nine-ball")
    app.aim.power = 0.8
    key(app, pygame.K_SPACE)
    app.finish_playback()
    key(app, pygame.K_RETURN)
    game = app.game
    key(app, pygame.K_r)
    assert app.mode.context == "playback" and app.playback.replay
    app.finish_playback()
    assert app.game is game and app.mode.context in ("aim", "decision")


def test_potting_the_nine_ends_the_rack_and_the_match() -> None:
    app = new_app("nine-ball", race_to=1)
    pocket = app.table.pocket_named("bottom-right")
    # The 9 on a straight line to the top-right pocket, the cue ball behind it.
    d = math.hypot(pocket.x - 1.0, pocket.y - 2.27)
    ux, uy = (pocket.x - 1.0) / d, (pocket.y - 2.27) / d
    set_position(
        app,
        {0: (1.0 - 0.3 * ux, 2.27 - 0.3 * uy), 9: (1.0, 2.27)},
        phase=rules.Phase.PLAY,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({9}),
        shot_number=6,
    )
    shooter = app.game.to_play
    app.aim.phi_deg = math.degrees(math.atan2(uy, ux))
    app.aim.locked, app.aim.power = True, 0.35
    key(app, pygame.K_SPACE)
    play_out(app)
    assert app.game.is_over and app.game.winner == shooter
    labels = [b.label for b in app.mode.info(app.layout(SIZE).table)[1].buttons]
    assert labels[0] == "The match's result"  # the race to 1 is won: no next rack
    key(app, pygame.K_RETURN)
    assert app.mode.context == "matchover" and app.match_winner == shooter
    assert app.score.wins[shooter] == 1
    frame(app)


def test_quit_asks_for_confirmation() -> None:
    app = new_app("nine-ball")
    app.handle(pygame.event.Event(pygame.QUIT))
    assert app.running and app.confirm_quit
    key(app, pygame.K_n)
    assert app.running and not app.confirm_quit
    key(app, pygame.K_q)
    assert app.confirm_quit
    key(app, pygame.K_y)
    assert not app.running


def test_aim_follows_the_pointer_and_arrows_fine_tune() -> None:
    app = new_app("nine-ball")
    cue = app.cue_xy()
    target = screen_of(app, (cue[0] + 0.3, cue[1] + 0.3))
    app.handle(
        pygame.event.Event(
            pygame.MOUSEMOTION,
            pos=(round(target[0]), round(target[1])),
            rel=(0, 0),
            buttons=(0, 0, 0),
        )
    )
    assert app.aim.phi_deg == pytest.approx(45.0, abs=0.5)
    phi = app.aim.phi_deg
    key(app, pygame.K_LEFT)  # anticlockwise on screen: the landscape view turns phi up
    assert app.aim.phi_deg == pytest.approx(phi + 0.05)
    key(app, pygame.K_RIGHT, pygame.KMOD_SHIFT)
    assert app.aim.phi_deg == pytest.approx(phi + 0.05 - 1.0)
    key(app, pygame.K_PAGEUP)
    assert app.aim.theta_deg == 1.0
    layout = app.layout(SIZE)
    tip = layout.tip
    click(app, tip.screen_of(0.0, 0.9))  # beyond the miscue limit: clamped to it
    assert app.aim.b == pytest.approx(sim.MISCUE_LIMIT, abs=0.02)
    key(app, pygame.K_g)
    assert not app.show_ghost


@pytest.mark.parametrize("game", ["nine-ball", "snooker"])
def test_doubles_show_two_sides(game: str) -> None:
    config = MatchConfig(game, ("Ann", "Bob", "Cid", "Dan"), seed=2)
    app = App(SIZE, config=config, warm_up=False)

    info = score_info(app.session)
    assert [p.name for p in info.players] == ["Ann & Cid", "Bob & Dan"]
    app.aim.power = 0.8
    key(app, pygame.K_SPACE)
    play_out(app)
    frame(app)


def test_scoreboard_shows_the_two_foul_warning_and_snookers_required() -> None:

    app = new_app("nine-ball")
    app.game = replace(app.game, fouls_in_a_row=(2, 0), warning_given=(True, False))
    info = score_info(app.session)
    assert info.players[0].warning == "2 fouls - WARNED" and not info.players[1].warning

    app = new_app("snooker")
    names = app.game.ball_names
    black = names.index("black")
    set_position(
        app,
        {0: (0.889, 2.0), black: (0.889, 3.245)},
        phase=rules.Phase.COLOURS_IN_ORDER,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({black}),
        score=(10, 30),
        to_play=0,
        shot_number=40,
    )
    info = score_info(app.session)
    assert "7 remaining" in info.centre
    # 20 behind with 7 on the table: 13 more, from fouls worth 7 (only the black is left).
    assert "needs 2 snookers" in info.centre
    frame(app)


def test_with_ball_in_hand_a_click_places_and_does_not_shoot() -> None:
    app = new_app("nine-ball")
    assert app.in_hand and app.zone is BallInHand.BEHIND_HEAD_STRING
    click(app, screen_of(app, (0.4, 0.3)))
    assert app.mode.context == "aim" and app.aim.cue_xy == pytest.approx((0.4, 0.3), abs=0.01)
    click(app, screen_of(app, (0.4, 1.0)))  # beyond the head string: refused
    assert app.aim.cue_xy == pytest.approx((0.4, 0.3), abs=0.01)
    assert "Illegal cue-ball placement" in app.toast[0]
    key(app, pygame.K_SPACE)
    assert app.mode.context == "playback"


def test_a_routine_call_goes_away_by_itself_but_a_foul_waits() -> None:
    app = new_app("nine-ball")
    set_position(
        app,
        {0: (0.635, 0.5), 1: (0.635, 1.5), 9: (0.3, 2.2)},
        phase=rules.Phase.PLAY,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({1}),
        shot_number=3,
    )
    app.aim.phi_deg, app.aim.locked, app.aim.power = 90.0, True, 0.2
    key(app, pygame.K_SPACE)
    play_out(app)
    if app.mode.ruling.fouls or app.game.pending_choice or app.game.is_over:
        pytest.skip("the engine made this shot more than routine")
    app.update(1.0)
    assert app.mode.context == "decision"
    app.update(2.0)
    assert app.mode.context == "aim"
    app.update(1.0)  # a call that closed itself guards the next shot a moment
    # A foul stays until the player acknowledges it.
    app.aim.phi_deg, app.aim.locked, app.aim.power = 270.0, True, 0.2
    key(app, pygame.K_SPACE)
    play_out(app)
    assert app.mode.ruling.fouls
    app.update(10.0)
    assert app.mode.context == "decision"


def test_balls_roll_during_playback_and_a_new_rack_starts_unturned() -> None:
    app = new_app("eight-ball")
    app.aim.power = 0.8
    key(app, pygame.K_SPACE)
    for _ in range(30):
        app.update(1 / 30)
    turned = [not np.allclose(m, np.eye(3)) for m in app.ball_orientations()]
    assert sum(turned) >= 3
    frame(app)
    app.start_match(app.config)
    assert all(np.allclose(m, np.eye(3)) for m in app.ball_orientations())


def test_snooker_colour_after_a_red_is_inferred_from_the_aim_or_asked() -> None:
    app = new_app("snooker")
    names = app.game.ball_names
    blue, pink, red = names.index("blue"), names.index("pink"), names.index("red_3")
    set_position(
        app,
        {0: (0.889, 1.2), blue: (0.889, 1.7845), pink: (0.889, 2.67675), red: (0.3, 1.25)},
        phase=rules.Phase.COLOUR_AFTER_RED,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({blue, pink}),
        shot_number=7,
    )
    assert app.declaration_options().nomination_required
    app.aim.phi_deg, app.aim.locked = 90.0, True
    assert app.nominated_ball() == blue and app.declaration_problem() is None
    app.aim.phi_deg = 180.0  # at the red: not a colour, so the player is asked
    assert app.nominated_ball() is None
    assert "Nominate" in app.declaration_problem()
    key(app, pygame.K_n)
    click(app, screen_of(app, (0.3, 1.25)))
    assert app.aim.nominated is None and "cannot be nominated" in app.toast[0]
    key(app, pygame.K_6)  # the pink, by its value
    assert app.aim.nominated == pink
    assert app.build_declaration().nominated == pink


def test_after_a_resize_the_mouse_maps_to_the_new_layout() -> None:
    app = new_app("nine-ball")
    app.handle(pygame.event.Event(pygame.VIDEORESIZE, w=900, h=640, size=(900, 640)))
    small = pygame.Surface((900, 640))
    app.draw(small)
    view = app.view_for((900, 640))
    assert view.scale < app.view_for(SIZE).scale
    spot = view.to_screen(0.3, 0.4)
    click(app, spot)
    assert app.aim.cue_xy == pytest.approx((0.3, 0.4), abs=0.01)


def test_the_prompt_stops_asking_to_place_the_cue_ball_once_it_is_placed() -> None:
    app = new_app("nine-ball")
    set_position(
        app,
        {0: (0.6, 1.0), 8: (0.6, 1.5), 1: (0.3, 2.0)},
        phase=rules.Phase.PLAY,
        ball_in_hand=rules.BallInHand.ANYWHERE,
        ball_on=frozenset({1}),
        shot_number=3,
    )
    assert "place the cue ball" in app.mode.prompt_lines()[0]
    click(app, screen_of(app, (0.3, 0.6)))  # empty cloth: the cue ball goes there
    assert app.aim.cue_xy == pytest.approx((0.3, 0.6), abs=0.01)
    first = app.mode.prompt_lines()[0]
    assert "place the cue ball" not in first and "placed" in first, first
    # A new turn in hand asks again.
    app.enter_aim()
    assert "place the cue ball" in app.mode.prompt_lines()[0]
