"""The declare-foul list never draws over the ruling panel, and a
full-power cue is not drawn far back; driven through the window (headless)."""

from __future__ import annotations

import pygame
import pytest
from test_window_layout import snooker_foul_and_miss
from window_driver import frame, key, new_app

from render import aim_drawing, hud
from render.aim_drawing import CUE_PULL_BACK_MAX_RADII, drawn_pull_back


def test_the_declare_foul_list_hides_the_ruling_panel(monkeypatch: pytest.MonkeyPatch) -> None:
    app = new_app("snooker")
    snooker_foul_and_miss(app)
    panels: list[pygame.Rect] = []
    real = hud.draw_ruling
    monkeypatch.setattr(
        hud, "draw_ruling", lambda s, p, *a, **k: (panels.append(p), real(s, p, *a, **k))
    )
    frame(app)
    assert len(panels) == 1  # the call is up
    key(app, pygame.K_d)
    assert app.mode.context == "declarefoul"
    panels.clear()
    frame(app)
    assert panels == [], "the ruling panel is not drawn under the list"
    key(app, pygame.K_ESCAPE)
    assert app.mode.context == "decision"
    frame(app)
    assert len(panels) == 1  # back on closing


@pytest.mark.parametrize("radius", [0.028575, 0.02625])
def test_the_cue_pull_back_drawn_is_limited_and_grows_with_power(radius: float) -> None:
    pulls = [0.02 + 0.12 * p for p in (0.0, 0.25, 0.5, 0.75, 1.0)]
    drawn = [drawn_pull_back(p, radius) for p in pulls]
    assert drawn == sorted(drawn) and len(set(drawn)) == len(drawn)
    assert max(drawn) <= CUE_PULL_BACK_MAX_RADII * radius
    assert drawn[0] == pytest.approx(pulls[0], rel=0.05)  # a soft shot: the gap as asked


def test_a_full_power_cue_starts_within_its_limit_behind_the_cue_ball(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = new_app("nine-ball")
    app.aim.phi_deg, app.aim.locked, app.aim.power = 90.0, True, 1.0  # cue lies towards -y
    with_cue = frame(app)
    monkeypatch.setattr(aim_drawing, "draw_cue_stick", lambda *a, **k: None)
    without_cue = frame(app)
    view = app.view_for(app.size)
    cue = app.aim.cue_xy or tuple(app.game.state.pos[0])
    r = float(app.table.ball_radius)
    # Just past the longest gap drawn behind the cue ball, the stick is drawn (a full-power cue
    # was drawn 0.14 m back, leaving cloth here).
    back = r * 1.3 + CUE_PULL_BACK_MAX_RADII * r + 0.005
    at = view.to_screen(cue[0], cue[1] - back)
    at = (round(at[0]), round(at[1]))
    assert with_cue.get_at(at) != without_cue.get_at(at), "the stick starts within the limit"


@pytest.mark.parametrize("size", [(1280, 820), (900, 580), (640, 480)])
def test_the_declare_foul_list_leaves_the_table_in_sight(size: tuple[int, int]) -> None:
    """The list sits across the window's bottom edge, over the control panel, in as many
    columns as its labels allow: at 1280x820 (three columns) it covers under a fifth of the
    table's height (two columns covered 27 %); every button is inside it and the window, none
    overlapping another."""
    app = new_app("snooker")
    snooker_foul_and_miss(app)
    key(app, pygame.K_d)
    app.remember_size(size)
    frame(app, size)
    box, buttons = app.mode.layout(size)
    table = app.layout(size).table
    window = pygame.Rect(0, 0, *size)
    assert box.bottom == size[1] and window.contains(box)
    if size == (1280, 820):
        assert box.clip(table).height < 0.2 * table.height, (box, table)
    for i, button in enumerate(buttons):
        assert box.contains(button.rect), (size, button.label)
        assert all(not button.rect.colliderect(b.rect) for b in buttons[i + 1 :])
