"""The aim screen's widgets never overlap, at every window size
down to the minimum and below it: the power meter, the tip widget, the elevation dial (each
with its label), the prompt and every button of the panel, in the games' most crowded panels.
Driven through the window (headless): the buttons are the ones the aim screen draws and
answers clicks with."""

from __future__ import annotations

from itertools import combinations

import pygame
import pytest
from window_driver import click, frame, new_app, set_position

import rules
from render import typeset
from render.app import App
from render.app_moves import SHOT_GUARD_S
from render.layout import MIN_WINDOW, WIDEST_AIM_ROW, WIDEST_COMPACT_AIM_ROW, row_width

#: From the default window down to the minimum one, and one below it (500 x 400: the size a
#: player reported the overlap at).
SIZES = [(1280, 820), (1250, 800), (1024, 700), (900, 640), (800, 600), MIN_WINDOW, (500, 400)]


def snooker_free_ball(app: App) -> None:
    """Snooker after a foul that left a free ball: Concede / re-rack, Free ball, Nominate and
    Shoot, the widest row of buttons there is."""
    names = app.game.ball_names
    set_position(
        app,
        {0: (0.9, 1.0), 1: (0.3, 3.0), names.index("black"): (0.889, 3.245)},
        phase=rules.Phase.REDS,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({1}),
        shot_number=3,
        free_ball=True,
    )


def nine_ball_warning(app: App) -> None:
    """9-ball, a team two fouls in a row and not warned, a push-out allowed: Warn (naming the
    team), Push out and Shoot."""
    set_position(
        app,
        {0: (0.6, 1.0), 1: (0.5, 1.6), 9: (0.9, 2.0)},
        phase=rules.Phase.PUSH_OUT_ALLOWED,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({1}),
        shot_number=3,
        fouls_in_a_row=(0, 2),
    )


def eight_ball_call(app: App) -> None:
    """8-ball with a call to make: Safety, Call again and Shoot."""
    set_position(
        app,
        {0: (0.6, 1.0), 3: (0.5, 1.6), 12: (0.9, 2.0)},
        phase=rules.Phase.OPEN_TABLE,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({3, 12}),
        shot_number=3,
    )


CROWDED = {
    "snooker": (snooker_free_ball, {"frame", "free_ball", "nominate", "shoot"}),
    "nine-ball": (nine_ball_warning, {"warn", "push_out", "shoot"}),
    "eight-ball": (eight_ball_call, {"safety", "recall", "shoot"}),
}


def label_rect(text: str, anchor: str, pos: tuple[int, int], size: int = 20) -> pygame.Rect:
    """Where a widget's label is drawn (``render.hud``'s anchors), px."""
    rect = typeset.text_image(text, size).get_rect()
    setattr(rect, anchor, pos)
    return rect


def widget_rects(app: App, size: tuple[int, int]) -> dict[str, pygame.Rect]:
    """Every rectangle of the aim panel in a window of ``size`` px, by name."""
    layout = app.layout(size)
    power, tip, elevation = layout.power.rect, layout.tip.rect, layout.elevation
    rects = {
        "power": power,
        "power label": label_rect("Power  15.0 m/s", "bottomleft", (power.left, power.top - 4)),
        "tip": tip,
        "tip label": label_rect("Tip", "midbottom", (tip.centerx, tip.top - 4)),
        "elevation": elevation,
        "elevation label": label_rect(
            "Elevation 89\u00b0", "bottomleft", (elevation.left, elevation.top - 4)
        ),
        "prompt": layout.prompt,
    }
    for button in app.mode.buttons(size):  # type: ignore[attr-defined]
        rects[f"button {button.action}"] = button.rect
    return rects


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", sorted(CROWDED))
def test_no_widget_of_the_aim_panel_overlaps_another(game: str, size: tuple[int, int]) -> None:
    players = ("Ann", "Bob", "Cid", "Dan") if game == "nine-ball" else ("Ann", "Bob")
    app = new_app(game, players, referee_warns=False)
    CROWDED[game][0](app)
    frame(app, size)
    assert app.mode.context == "aim"
    rects = widget_rects(app, size)
    actions = {name.removeprefix("button ") for name in rects if name.startswith("button")}
    assert actions == CROWDED[game][1]
    layout = app.layout(size)
    window = pygame.Rect((0, 0), size)
    for name, rect in rects.items():
        inside = layout.panel.contains(rect) if name != "prompt" else window.contains(rect)
        assert inside, (name, rect, layout.panel)
    for (a, ra), (b, rb) in combinations(rects.items(), 2):
        assert not ra.colliderect(rb), (size, a, ra, b, rb)
    assert not layout.table.colliderect(layout.panel) and layout.table.top >= layout.board.bottom
    for button in app.mode.buttons(size):  # type: ignore[attr-defined]
        if button.hotkey:  # full labels: none is cut
            assert typeset.text_width(f"{button.label}  [{button.hotkey}]", 22) <= button.rect.width


@pytest.mark.parametrize("size", SIZES)
def test_the_buttons_drawn_are_the_ones_that_answer_clicks(size: tuple[int, int]) -> None:
    app = new_app("snooker")
    snooker_free_ball(app)
    frame(app, size)
    button = next(b for b in app.mode.buttons(size) if b.action == "free_ball")  # type: ignore[attr-defined]
    click(app, button.rect.center)
    assert app.aim.free_ball
    app.update(SHOT_GUARD_S + 0.05)


def test_the_widest_rows_reserved_hold_the_real_labels() -> None:
    """The layout reserves room for ``WIDEST_AIM_ROW`` (labels with hotkeys) and
    ``WIDEST_COMPACT_AIM_ROW`` (without): the real snooker labels fit them."""
    full = ["Concede / re-rack  [X]", "Free ball: ON  [B]", "Nominate  [N]", "Shoot  [Space]"]
    compact = ["Concede / re-rack", "Free ball: ON", "Nominate", "Shoot"]
    for labels, widths in ((full, WIDEST_AIM_ROW), (compact, WIDEST_COMPACT_AIM_ROW)):
        for label, width in zip(labels, widths, strict=True):
            assert typeset.text_width(label, 22) + 8 <= width, label
    assert row_width(WIDEST_AIM_ROW) > row_width(WIDEST_COMPACT_AIM_ROW)


@pytest.mark.parametrize("size", [(1280, 820), (900, 580), MIN_WINDOW])
def test_a_calls_buttons_show_their_whole_words_and_key_inside_them(size: tuple[int, int]) -> None:
    """The call after Ann's foul, the computer to choose: "Continue: Computer (amateur)
    chooses [1]" was drawn on a 220 px button, its first word outside the button and its key
    under the next one. A call's button is as wide as its words allow up to its column, and
    what a button shows (``hud.button_text``) always fits inside it, its key last."""
    from test_playing_the_computer import snooker_call_after_a_foul

    from render import hud

    app = snooker_call_after_a_foul((None, "amateur"))
    app.remember_size(size)
    frame(app, size)
    _banner, info = app.mode.info(app.layout(size).table)
    first = info.buttons[0]
    assert first.label == "Continue: Computer (amateur) chooses"
    if size[0] >= 1280:  # the default window has room for the whole label and its key
        words = typeset.text_width(f"{first.label}  [{first.hotkey}]", 22)
        assert words <= first.rect.width - 2 * hud.BUTTON_TEXT_PAD, (words, first.rect)
    for button in info.buttons:
        shown = hud.button_text(button.label, button.hotkey, button.rect.width)
        assert shown.endswith(f"[{button.hotkey}]"), shown
        assert typeset.text_width(shown, 22) <= button.rect.width - 2 * hud.BUTTON_TEXT_PAD
    if size[0] >= 1280:  # shown whole (a narrower window cuts it short, its key kept)
        assert hud.button_text(first.label, first.hotkey, first.rect.width).startswith(first.label)
    for a, b in combinations(info.buttons, 2):
        assert not a.rect.colliderect(b.rect)
