"""What a casual player hit in the window (issue 9, the player's round): each test drives the
headless window with synthetic input, as the player did under Xvfb."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from window_driver import SIZE, click, frame, key, move, new_app, screen_of, set_position

import rules
from render import draw, hud, overlays
from render.keys import HELP_LINES
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
    assert app.mode.name == "aim" and not app.confirm_quit and app.show_ghost
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
