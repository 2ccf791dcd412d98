"""What a casual player met in an evening of 9-ball, 8-ball and snooker in a real window: each test
drives the headless window with the input he gave."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np
import pygame
import pytest
from test_layout_defects import snooker_foul_and_miss
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
from render import overlays
from render.app import DEFAULT_SIZE, SHOT_GUARD_S, App
from render.call_panel import call_layout
from render.layout import fit_to_desktop
from render.match import MatchConfig

#: Where the shooter, with ball in hand anywhere, puts the cue ball (m): on empty cloth, 0.3 m
#: from the bottom-right pocket along the diagonal towards the table's centre.
PLACED_FROM_POCKET_M = 0.3


def _in_hand_anywhere(app: App) -> None:
    set_position(
        app,
        {0: (0.6, 1.0), 1: (0.9, 2.0), 9: (0.3, 2.2)},
        phase=rules.Phase.PLAY,
        ball_in_hand=rules.BallInHand.ANYWHERE,
        ball_on=frozenset({1}),
        shot_number=3,
    )


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


def _cloth_shown_at(app: App, pixel: tuple[int, int]) -> bool:
    """Whether the frame shows the bare table (no ball) at ``pixel``."""
    shown = frame(app)
    background = app.table_background(SIZE)
    return bool(shown.get_at(pixel) == background.get_at(pixel))


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


def test_the_break_off_starts_aimed_at_a_red_not_through_the_pink() -> None:
    """Seen: the first snooker screen pointed the cue at the nearest red through the pink in
    front of the pack and greeted the player with "Careful: the aim hits the pink first"."""
    app = new_app("snooker")
    contact = app.aim_contact()
    assert contact is not None and contact.ball in app.game.ball_on
    assert not any("Careful" in line for line in app.mode.prompt_lines())  # type: ignore[attr-defined]


def test_with_every_ball_on_screened_the_turn_still_aims_at_the_nearest() -> None:
    """No clear line to the ball on (the 1 behind the 9): the cue points at the 1 anyway, and
    the warning says so."""
    app = new_app("nine-ball")
    set_position(
        app,
        {0: (0.6, 1.0), 9: (0.6, 1.3), 1: (0.6, 1.6)},
        phase=rules.Phase.PLAY,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({1}),
        shot_number=3,
    )
    assert app.aim.phi_deg == pytest.approx(90.0)
    contact = app.aim_contact()
    assert contact is not None and contact.ball == 9
    assert any("Careful" in line for line in app.mode.prompt_lines())  # type: ignore[attr-defined]


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


@pytest.mark.parametrize(
    ("desktop", "expected"),
    [
        ((1280, 800), (1280, 736)),  # the Xvfb screen of the evening: the top was cut off
        ((1366, 768), (1280, 704)),  # a common laptop: the panel would sit below the edge
        ((1920, 1080), (1280, 820)),  # room for the default as it is
        ((800, 480), (800, 480)),  # never under the minimum window
    ],
)
def test_the_default_window_fits_the_desktop(
    desktop: tuple[int, int], expected: tuple[int, int]
) -> None:
    assert fit_to_desktop(DEFAULT_SIZE, desktop) == expected


def test_cuesim_play_opens_the_default_window_fitted_and_a_chosen_size_as_asked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``cuesim play`` on a 1280x800 screen opened a 1280x820 window, 10 px above the screen's
    top (the names on the scoreboard cut); ``--size`` is still the player's word."""
    import render.app
    from cuesim import cli

    seen: list[tuple[int, int]] = []

    def fake_run(config: object, **kw: Any) -> int:
        seen.append(kw["size"])
        return 0

    monkeypatch.setattr(render.app, "run", fake_run)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1280, 800)])
    assert cli.main(["play", "nine-ball", "--players", "Ann", "Bob"]) == 0
    assert cli.main(["play", "nine-ball", "--players", "Ann", "Bob", "--size", "1280x820"]) == 0
    assert seen == [(1280, 736), (1280, 820)]


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


def test_the_quit_question_says_whether_play_would_be_lost(tmp_path: Path) -> None:
    """Seen: Ctrl+S, then Q: "Unsaved play is lost: save first with Ctrl+S." all the same."""
    save = tmp_path / "evening.cuesim.json"
    app = App(SIZE, config=MatchConfig("nine-ball", ("Ann", "Bob"), seed=11), warm_up=False,
              save_path=save)  # fmt: skip
    frame(app)
    assert not app.session.unsaved_play  # no shot yet: nothing to lose
    app.aim.locked, app.aim.power = True, 0.5
    key(app, pygame.K_SPACE)
    to_decision(app)
    assert app.session.unsaved_play
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    assert save.exists() and not app.session.unsaved_play
    key(app, pygame.K_q)
    assert app.confirm_quit
    frame(app)  # the question drawn with the saved state's sentence
    assert overlays.quit_warning(app.session.unsaved_play).startswith("Nothing is lost")
    key(app, pygame.K_n)
    key(app, pygame.K_RETURN)  # the next turn
    app.update(SHOT_GUARD_S + 0.05)
    app.aim.locked, app.aim.power = True, 0.3
    key(app, pygame.K_SPACE)
    to_decision(app)
    assert app.session.unsaved_play
    assert overlays.quit_warning(True).startswith("Unsaved play is lost")
    key(app, pygame.K_o, mod=pygame.KMOD_CTRL)  # loading is saved play too
    frame(app)
    app.update(0.1)
    assert not app.session.unsaved_play
