"""What a casual player hit in the window: each test drives the
headless window with synthetic input, as the player did under Xvfb."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pygame
import pytest
from test_match_over_and_replay import pot_the_nine
from window_driver import SIZE, click, frame, key, move, new_app, screen_of, set_position

import rules
from render import draw, hud, overlays
from render.keys import HELP_LINES
from render.scoreboard import score_info
from rules.wording import player_evidence, player_sentence, player_summary
from sim.table import POCKET_NAMES


def _aim_snapshot(app: object) -> tuple[float, ...]:
    aim = app.aim  # type: ignore[attr-defined]
    return (aim.phi_deg, aim.power, aim.a, aim.b, aim.theta_deg)


def test_keys_act_only_on_the_open_help() -> None:
    app = new_app("nine-ball")
    before = _aim_snapshot(app)
    key(app, pygame.K_h)
    assert app.show_help
    for k in (pygame.K_DOWN, pygame.K_UP, pygame.K_PAGEDOWN, pygame.K_PAGEUP, pygame.K_LEFT,
              pygame.K_i, pygame.K_g, pygame.K_SPACE, pygame.K_q, pygame.K_t):  # fmt: skip
        key(app, k)
        assert app.show_help, pygame.key.name(k)
    app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    assert _aim_snapshot(app) == before
    assert app.mode.context == "aim" and not app.confirm_quit and app.show_ghost
    key(app, pygame.K_ESCAPE)
    assert not app.show_help
    key(app, pygame.K_DOWN)  # the help closed: the keys reach the aim again
    assert app.aim.power < before[1]


def test_the_help_scrolls_in_a_small_window_and_says_more_is_below() -> None:
    size = (700, 500)
    app = new_app("nine-ball")
    app.remember_size(size)
    key(app, pygame.K_h)
    box = overlays.help_box(size)
    assert box.top >= 0 and box.bottom <= size[1]
    rows = overlays.help_rows(size)
    page = overlays.help_page_rows(size)
    assert len(rows) > page, "the help fits here: this test needs a window it overflows"
    assert overlays.help_hint(0, page, len(rows)).startswith("more below")
    frame(app, size)
    for _ in range(len(rows)):
        key(app, pygame.K_DOWN)
    assert app.help_top == overlays.help_last_top(size) == len(rows) - page
    assert overlays.help_hint(app.help_top, page, len(rows)).startswith("more above")
    frame(app, size)
    key(app, pygame.K_PAGEUP)
    assert app.help_top == max(0, len(rows) - 2 * page)
    app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=5, flipped=False))
    assert app.help_top == 0
    # Every line of the help is reachable: the pages together hold all of it.
    seen = [r for top in range(0, len(rows), page) for r in rows[top : top + page]]
    assert " ".join(seen) == " ".join(rows)
    assert "".join(rows).replace(" ", "") == "".join(HELP_LINES).replace(" ", "")


def test_a_big_window_shows_the_whole_help_without_a_hint() -> None:
    assert overlays.help_last_top(SIZE) == 0
    rows = overlays.help_rows(SIZE)
    assert overlays.help_hint(0, len(rows), len(rows)) == ""


def test_a_resize_keeps_the_aim_power_and_spin() -> None:
    app = new_app("nine-ball")
    cue = app.cue_xy()
    assert cue is not None
    x, y = screen_of(app, (cue[0] + 0.4, cue[1] + 0.3))
    move(app, (x, y))
    key(app, pygame.K_i)
    aimed = _aim_snapshot(app)
    for size in ((900, 640), (700, 500), (1400, 900)):
        app.handle(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        # What SDL sends after a resize: the pointer, unmoved, at its place in the new window.
        move(app, (x, y))
        frame(app, size)
        move(app, (x, y))
        assert _aim_snapshot(app) == aimed, size
    # A real move of the pointer aims again.
    nx, ny = screen_of(app, (cue[0] - 0.4, cue[1] + 0.3))
    move(app, (nx + 1, ny))
    move(app, (nx, ny))
    assert app.aim.phi_deg != aimed[0]


def test_pocket_labels_stay_inside_the_table_area(monkeypatch: pytest.MonkeyPatch) -> None:
    app = new_app("eight-ball")
    set_position(
        app,
        {0: (0.6, 1.0), 3: (0.5, 1.6)},
        phase=rules.Phase.OPEN_TABLE,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({3}),
        shot_number=3,
    )
    assert app.declaration_options().call_required
    drawn: dict[str, pygame.Rect] = {}
    real = hud._text

    def recording(surface: pygame.Surface, text: str, *args: Any, **kw: Any) -> pygame.Rect:
        rect = real(surface, text, *args, **kw)
        drawn[text] = rect
        return rect

    monkeypatch.setattr(hud, "_text", recording)
    for size in (SIZE, (900, 640), (700, 500)):
        drawn.clear()
        app.remember_size(size)
        frame(app, size)
        area = app.layout(size).table
        for name in POCKET_NAMES:
            assert area.contains(drawn[name]), (size, name, drawn[name], area)


def test_the_cue_stick_is_drawn_only_on_the_table_area(monkeypatch: pytest.MonkeyPatch) -> None:
    app = new_app("eight-ball")
    clips: list[pygame.Rect] = []
    real = draw.draw_cue_stick

    def recording(surface: pygame.Surface, *args: Any, **kw: Any) -> None:
        clips.append(surface.get_clip())
        real(surface, *args, **kw)

    monkeypatch.setattr(draw, "draw_cue_stick", recording)
    for size in (SIZE, (700, 500)):
        app.remember_size(size)
        boards = set()
        for phi in range(0, 360, 30):
            app.aim.phi_deg = float(phi)
            surface = frame(app, size)
            board = app.layout(size).board
            boards.add(pygame.image.tobytes(surface.subsurface(board), "RGB"))
            assert app.layout(size).table.contains(clips[-1]), (size, phi, clips[-1])
            assert surface.get_clip() == surface.get_rect()  # the clip is given back
        assert len(boards) == 1, size  # the aim never shows on the scoreboard


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


def test_the_shot_list_and_the_prompt_use_the_games_own_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = new_app("nine-ball", aim_assist="full")
    bottom = app.mode.prompt_lines()[-1]
    assert "G ghost" not in bottom and "G predicted paths" in bottom
    assert "G ghost" in new_app("nine-ball", aim_assist="ghost").mode.prompt_lines()[-1]
    assert "G " not in new_app("nine-ball", aim_assist="none").mode.prompt_lines()[-1]
    seen: list[str] = []
    real = hud.text_image
    monkeypatch.setattr(
        hud, "text_image", lambda text, *a, **k: (seen.append(str(text)), real(text, *a, **k))[1]
    )
    key(app, pygame.K_t)
    frame(app)
    assert "Shots of this rack (0)" in seen, seen


def test_a_ruling_in_a_players_words() -> None:
    assert player_sentence("Legal shot; the 10, the 12 stay down") == (
        "Legal shot; the 10 and the 12 stay down"
    )
    assert player_sentence("Ann pocketed the 3, the 5, the 7 legally") == (
        "Ann pocketed the 3, the 5 and the 7 legally"
    )
    assert player_evidence("no ball-ball contact of the cue ball in the log") == (
        "the cue ball hit no ball"
    )
    foul = SimpleNamespace(
        message="Foul: wrong ball hit first",
        evidence="",
        clause="\u00ab Mauvaise bille touch\u00e9e en premier \u00bb",
    )
    ruling = SimpleNamespace(
        reason="", fouls=(foul,), pocketed=(), off_table=(), to_spot=(), points=(),
        notes=(), frame_over=False, ball_in_hand=None, next_to_play=1,
    )  # fmt: skip
    lines = player_summary(ruling, ("Ann", "Bob"), ("cue", "1"))
    assert "Rule: wrong ball hit first." in lines[1], lines
    assert "foul: " not in lines[1]
