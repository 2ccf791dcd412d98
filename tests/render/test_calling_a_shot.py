"""Calling the shot (8-ball): a ball, then a pocket, clicked on the table; the aim kept while
the call is made, and the messages clear of the pocket labels."""

from __future__ import annotations

import pygame
import pytest
from window_driver import (
    click,
    frame,
    key,
    move,
    new_app,
    screen_of,
    set_position,
)

import rules
from render import hud
from render.app_moves import SHOT_GUARD_S


def _eight_ball_call_position(app) -> None:
    solids, stripes = rules.Group.SOLIDS, rules.Group.STRIPES
    set_position(
        app,
        {0: (0.635, 1.0), 1: (0.635, 1.6), 8: (0.3, 2.3), 13: (1.0, 0.4)},
        phase=rules.Phase.GROUPS_ASSIGNED,
        ball_in_hand=rules.BallInHand.NONE,
        groups=(solids, stripes) if app.game.to_play == 0 else (stripes, solids),
        ball_on=frozenset({1}),
        shot_number=4,
    )
    app.update(SHOT_GUARD_S + 0.05)


def test_calling_a_pocket_keeps_the_aim_and_its_message_covers_no_pocket_label() -> None:
    app = new_app("eight-ball")
    _eight_ball_call_position(app)
    move(app, screen_of(app, (0.62, 1.9)))  # the player aims a little left of the 1
    move(app, screen_of(app, (0.64, 1.9)))
    aimed = app.aim.phi_deg
    key(app, pygame.K_SPACE)  # refused: the call is missing
    assert app.mode.context == "aim" and "Call your shot" in app.toast[0]
    click(app, screen_of(app, (0.635, 1.6)))  # the 1
    assert app.aim.called_ball == 1 and app.aim.phi_deg == pytest.approx(aimed)
    pocket = app.table.pocket_named("top-middle")
    click(app, screen_of(app, (pocket.x, pocket.y)))  # travelling there and clicking: no aim
    assert app.aim.called_pocket == pocket.name
    assert app.aim.phi_deg == pytest.approx(aimed)
    want = f"Called: the 1, {pocket.name} pocket."
    assert app.toast[0] == want and want in " ".join(app.mode.prompt_lines())
    surface = frame(app)
    labels = app.mode.label_rects
    assert len(labels) == 2 * len(app.table.pockets)
    box, _lines = hud.toast_box(surface.get_size(), app.toast[0], labels)
    assert not any(box.colliderect(r) for r in labels), (box, labels)
    unplaced, _ = hud.toast_box(surface.get_size(), app.toast[0])
    assert any(unplaced.colliderect(r) for r in labels)  # the old place covered one
    key(app, pygame.K_SPACE)  # shoots the call, at the aim the player gave
    assert app.mode.context == "playback"
    assert app.last_shot.declaration.called_pocket == pocket.name


def test_the_pointer_travelling_to_call_a_ball_and_a_pocket_never_turns_the_cue() -> None:
    """The player aims (arrow keys), then calls: the pointer crosses the cloth to the 1, then
    to the pocket; neither the travel nor either click moves the aim."""
    app = new_app("eight-ball")
    _eight_ball_call_position(app)
    key(app, pygame.K_LEFT)
    aimed = app.aim.phi_deg
    for xy in ((0.2, 1.2), (0.5, 1.4), (0.62, 1.58)):  # across the cloth, then onto the 1
        move(app, screen_of(app, xy))
        assert app.aim.phi_deg == pytest.approx(aimed), xy
    click(app, screen_of(app, (0.635, 1.6)))
    pocket = app.table.pocket_named("top-middle")
    move(app, screen_of(app, (0.3, 1.3)))
    click(app, screen_of(app, (pocket.x, pocket.y)))
    assert (app.aim.called_ball, app.aim.called_pocket) == (1, pocket.name)
    assert app.aim.phi_deg == pytest.approx(aimed)


def test_the_rings_round_balls_have_a_legend() -> None:
    app = new_app("eight-ball")
    _eight_ball_call_position(app)
    click(app, screen_of(app, (0.635, 1.6)))  # the 1 called: a yellow ring round it
    frame(app)
    legend = [line for line in app.mode.prompt_lines() if line.startswith("Rings:")]
    assert legend and "yellow = the ball called" in legend[0]
    pocket = app.table.pocket_named("top-middle")
    click(app, screen_of(app, (pocket.x, pocket.y)))  # the call made: its line names its rings
    frame(app)
    assert any("Yellow rings: the call." in line for line in app.mode.prompt_lines())


def test_the_pocket_labels_go_over_the_cue_and_the_guide_lines_stay_on_the_cloth(
    monkeypatch,
) -> None:
    from render import aim_drawing, typeset
    from render.modes.aim_screen import cloth_rect

    app = new_app("eight-ball")
    _eight_ball_call_position(app)
    order: list[str] = []
    clips: list[pygame.Rect] = []
    real_cue, real_aim, real_text = (
        aim_drawing.draw_cue_stick, aim_drawing.draw_aim, typeset.draw_text,
    )  # fmt: skip

    def cue(*a, **k):
        order.append("cue")
        return real_cue(*a, **k)

    def aim(surface, *a, **k):
        clips.append(surface.get_clip())
        return real_aim(surface, *a, **k)

    def text(surface, words, *a, **k):
        if words in {p.name for p in app.table.pockets}:
            order.append("label")
        return real_text(surface, words, *a, **k)

    monkeypatch.setattr(aim_drawing, "draw_cue_stick", cue)
    monkeypatch.setattr(aim_drawing, "draw_aim", aim)
    monkeypatch.setattr(typeset, "draw_text", text)
    frame(app)
    assert order and order[0] == "cue" and "label" in order
    cloth = cloth_rect(app.view_for(app.size), app.table)
    assert clips and all(cloth.contains(c) for c in clips), (clips, cloth)
