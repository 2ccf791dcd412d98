"""The window's layout at every size, driven through the window with
synthetic input (headless): the referee's choice buttons fit their panel, the prompt wraps in
a narrow window, the last call's line covers nothing of the play, the pocket labels and the cue
stick stay on the table area, a small window gives the table the larger share, and a window of
one pixel or any text still draws."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from window_driver import (
    SIZE,
    click,
    frame,
    key,
    new_app,
    set_position,
    to_decision,
)

import rules
from render import aim_drawing, hud, palette, typeset
from render.app_moves import SHOT_GUARD_S
from render.layout import MIN_PROMPT_W, Layout
from render.scoreboard import score_info
from sim.table import POCKET_NAMES

#: Window sizes from the default down to a small one, px.
SIZES = [(1280, 820), (1024, 700), (800, 600), (640, 480), (500, 400), (420, 320), (360, 300)]


def snooker_foul_and_miss(app) -> None:
    """A snooker shot that hits nothing: a foul and a miss, three choices and Declare a foul."""
    names = app.game.ball_names
    set_position(
        app,
        {0: (0.9, 1.0), 1: (0.3, 3.0), names.index("black"): (0.889, 3.245)},
        phase=rules.Phase.REDS,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({1}),
        shot_number=3,
    )
    app.aim.phi_deg, app.aim.locked, app.aim.power = 0.0, True, 0.3
    app.update(SHOT_GUARD_S + 0.05)
    key(app, pygame.K_SPACE)
    to_decision(app)


@pytest.mark.parametrize("size", SIZES)
def test_snooker_foul_choices_fit_their_panel_at_every_window_size(size) -> None:
    app = new_app("snooker")
    snooker_foul_and_miss(app)
    assert len(app.game.pending_choice) == 3
    frame(app, size)
    app.remember_size(size)
    panel, info = app.mode.info(app.layout(size).table)
    assert len(info.buttons) == 4  # accept, hand back, replace, declare a foul
    for i, button in enumerate(info.buttons):
        assert panel.contains(button.rect), (button.label, button.rect, panel)
        label = f"{button.label}  [{button.hotkey}]"
        if size[0] >= 500:  # room for every label: none is cut
            assert typeset.text_width(label, 22) <= button.rect.width, label
        for other in info.buttons[i + 1 :]:
            assert not button.rect.colliderect(other.rect), (button.label, other.label)
    assert panel.left >= 0 and panel.right <= size[0]


def test_a_click_on_a_second_row_button_acts() -> None:
    app = new_app("snooker")
    snooker_foul_and_miss(app)
    size = (500, 400)
    frame(app, size)
    app.remember_size(size)
    _panel, info = app.mode.info(app.layout(size).table)
    rows = sorted({b.rect.top for b in info.buttons})
    assert len(rows) == 2, "four buttons do not fit one row of a 460 px panel"
    replace_button = next(b for b in info.buttons if b.action == "choice:replace_and_replay")
    assert replace_button.rect.top == rows[1]
    from window_driver import click

    click(app, replace_button.rect.center)
    assert app.mode.context == "aim" and app.game.to_play == 0  # Ann replays from the old position


@pytest.mark.parametrize("width", [1280, 900, 700, 560, 500, 420])
def test_the_prompt_wraps_to_the_width_available(width, monkeypatch) -> None:
    app = new_app("snooker")
    size = (width, 480)
    layout = Layout.for_size(size)
    assert layout.prompt.width >= min(MIN_PROMPT_W, width - 48)
    assert layout.prompt.right <= width and layout.panel.contains(layout.prompt)
    drawn: list[tuple[str, pygame.Rect]] = []
    real = typeset.draw_text

    def recording(surface, text, pos, size_px, *args, **kw):
        rect = real(surface, text, pos, size_px, *args, **kw)
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(typeset, "draw_text", recording)
    frame(app, size)
    lines = app.mode.prompt_lines()
    prompt_pieces = [(t, r) for t, r in drawn if layout.prompt.collidepoint(r.topleft)]
    words = " ".join(t for t, _ in prompt_pieces).split()
    assert words[: len(lines[0].split())] == lines[0].split(), "the first line shown whole"
    for _text, rect in prompt_pieces:
        assert rect.right <= width, (_text, rect)


@pytest.mark.parametrize("size", SIZES)
def test_the_last_call_strip_is_off_the_table(size) -> None:
    layout = Layout.for_size(size)
    assert not layout.status.colliderect(layout.table)
    assert layout.panel.contains(layout.status)
    for widget in (layout.power.rect, layout.tip.rect, layout.elevation, layout.prompt):
        assert not layout.status.colliderect(widget)


@pytest.mark.parametrize("size", [(1280, 820), (1000, 640), (800, 600)])
def test_the_scoreboards_centre_lines_stay_between_the_panels(size, monkeypatch) -> None:
    """Four-handed snooker's centre line ("Frame 1 · 147 remaining · at the table: Ann · aim:
    ...") ran under both team panels; every line of the centre column now fits it."""
    app = new_app("snooker", players=("Ann", "Bob", "Cid", "Dee"))
    board = app.layout(size).board
    centre_w = max(260, board.width // 4)
    left, right = (
        board.left + (board.width - centre_w) // 2,
        board.left + (board.width + centre_w) // 2,
    )
    drawn: list[tuple[str, pygame.Rect]] = []
    real = typeset.draw_text

    def recording(surface, text, pos, size_px, colour=palette.TEXT, *, anchor="topleft"):
        rect = real(surface, text, pos, size_px, colour, anchor=anchor)
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(typeset, "draw_text", recording)
    hud.draw_scoreboard(pygame.Surface(size), board, app_score(app))
    centre_lines = [
        (t, r) for t, r in drawn if "remaining" in t or t.startswith(("Snooker", "Ball on"))
    ]
    assert len(centre_lines) == 3, drawn
    for text, rect in centre_lines:
        assert left <= rect.left and rect.right <= right, (text, rect, left, right)


def app_score(app):

    return score_info(app.session)


def test_fitted_text_shrinks_then_drops_parts_then_cuts() -> None:
    line = "Frame 1 \u00b7 147 remaining \u00b7 at the table: Ann \u00b7 aim: ghost"
    assert typeset.fitted_text(line, 20, 10_000) == (line, 20)
    text, px = typeset.fitted_text(line, 20, typeset.text_width(line, 16))
    assert text == line and px in (16, 17)
    text, px = typeset.fitted_text(
        line, 20, typeset.text_width("Frame 1 \u00b7 147 remaining", 14) + 1
    )
    assert (text, px) == ("Frame 1 \u00b7 147 remaining", 14)
    width = typeset.text_width("Frame 1", 14) - 4  # not even the first part fits: it is cut
    text, px = typeset.fitted_text(line, 20, width)
    assert (
        text.endswith("\u2026") and text.startswith("Fr") and typeset.text_width(text, 14) <= width
    )


def test_a_small_window_gives_the_table_the_larger_share_and_its_compact_panel_answers() -> None:
    from render.layout import COMPACT_ROW, FULL_ROW, Layout

    small = (640, 480)
    layout = Layout.for_size(small)
    assert layout.table.height > layout.panel.height  # 238 px over a 170 px panel (142 / 266)
    assert layout.power.rect.height and layout.tip.rect.width == COMPACT_ROW.tip
    full = Layout.for_size(SIZE)  # the default window keeps the full widget row
    assert full.tip.rect.width == FULL_ROW.tip and full.panel.height == 154
    app = new_app("nine-ball")
    app.remember_size(small)
    frame(app, small)
    view = app.view_for(small)
    x0, y0 = view.to_screen(0.0, 0.0)
    x1, y1 = view.to_screen(float(app.table.width), float(app.table.length))
    # The cloth 366 px long (218 px under the full panel: its 142 px table area).
    assert max(abs(x1 - x0), abs(y1 - y0)) >= 340, (x0, y0, x1, y1)
    # The player's input on the compact panel: a click on the power bar, a drag on the tip.
    meter = layout.power.rect
    click(app, (meter.left + meter.width * 3 // 4, meter.centery))
    assert app.aim.power == pytest.approx(
        layout.power.power_at((meter.left + meter.width * 3 // 4, meter.centery))
    )
    tip = layout.tip.rect
    click(app, (tip.centerx, tip.top + 8))  # high on the ball: follow
    assert app.aim.b > 0.2
    assert app.mode.context == "aim"  # neither click shot


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
    real = typeset.draw_text

    def recording(surface: pygame.Surface, text: str, *args: Any, **kw: Any) -> pygame.Rect:
        rect = real(surface, text, *args, **kw)
        drawn[text] = rect
        return rect

    monkeypatch.setattr(typeset, "draw_text", recording)
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
    real = aim_drawing.draw_cue_stick

    def recording(surface: pygame.Surface, *args: Any, **kw: Any) -> None:
        clips.append(surface.get_clip())
        real(surface, *args, **kw)

    monkeypatch.setattr(aim_drawing, "draw_cue_stick", recording)
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


@pytest.mark.parametrize("text", ["a\x00b", "\u202e", "\u200b\u200b", "", "\ud800", "ok"])
def test_text_drawing_never_raises(text: str) -> None:
    surface = pygame.Surface((200, 60))
    image = typeset.text_image(text, 22)
    assert image.get_width() >= 1 and image.get_height() >= 1
    hud.draw_toast(surface, text)
    hud.draw_banner(surface, pygame.Rect(0, 0, 200, 60), text, [text])
    assert typeset.text_width(text, 22) >= 0


@pytest.mark.parametrize("size", [(1, 1), (2, 3), (3, 820), (1280, 1), (3, 3)])
def test_a_window_of_one_to_three_pixels_draws_every_panel(size: tuple[int, int]) -> None:
    app = new_app("nine-ball")
    key(app, pygame.K_SPACE)
    app.finish_playback()
    assert app.mode.context == "decision"
    for show_help in (False, True):
        app.remember_size(size)
        app.show_help = show_help
        app.say("a message")
        app.draw(pygame.Surface(size))
    app.request_quit()
    app.draw(pygame.Surface(size))


@pytest.mark.parametrize("size", [(900, 580), (960, 600), (1024, 700)])
def test_the_control_panel_shrinks_with_the_window(size) -> None:
    """A window shorter than the default gets the compact widget row, so the control strip
    takes at most 30 % of its height and the table keeps the rest."""
    from render.layout import COMPACT_ROW, Layout

    layout = Layout.for_size(size)
    assert layout.tip.rect.width == COMPACT_ROW.tip
    assert layout.panel.height <= 0.3 * size[1], layout.panel
    assert Layout.for_size((1280, 820)).tip.rect.width > COMPACT_ROW.tip
