"""Drawn frames against reference images (fixed size, default font, small tolerance)."""

from __future__ import annotations

import pygame
import pytest

import rules
import sim
from render import draw, hud, table_drawing
from render.app import App
from render.match import MatchConfig
from render.view import View
from rules import BallInHand

SIZE = (960, 600)


def _table_frame(table: sim.Table) -> pygame.Surface:
    surface = pygame.Surface(SIZE)
    surface.fill(table_drawing.BACKGROUND)
    view = View.fit(
        table.length, table.width, (0, 0, *SIZE), margin_m=table_drawing.frame_margin(table)
    )
    table_drawing.draw_table(surface, view, table)
    return surface


def test_empty_nine_foot_table(reference) -> None:
    reference(_table_frame(sim.Table.pool(feet=9)), "empty_9ft")


def test_snooker_table(reference) -> None:
    reference(_table_frame(sim.Table.snooker()), "snooker_table")


def test_racked_nine_ball_table(reference) -> None:
    game = rules.new_game("nine-ball", players=("Ann", "Bob"), seed=3)
    surface = _table_frame(game.table)
    view = View.fit(
        game.table.length,
        game.table.width,
        (0, 0, *SIZE),
        margin_m=table_drawing.frame_margin(game.table),
    )
    draw.draw_balls(
        surface,
        view,
        game.table,
        game.state.pos,
        game.state.on_table,
        draw.looks_for_names(game.ball_names),
    )
    reference(surface, "racked_9ball")


@pytest.fixture
def app() -> App:
    return App(SIZE, config=MatchConfig("eight-ball", ("Ann", "Bob"), seed=5), warm_up=False)


def test_ball_in_hand_with_its_zone(app: App, reference) -> None:
    surface = pygame.Surface(SIZE)
    app.draw(surface)
    assert app.mode.context == "aim" and app.zone is BallInHand.BEHIND_HEAD_STRING
    reference(surface, "ball_in_hand_kitchen")


def test_ball_in_hand_in_the_d(reference) -> None:
    app = App(SIZE, config=MatchConfig("snooker", ("Ann", "Bob"), seed=5), warm_up=False)
    surface = pygame.Surface(SIZE)
    app.draw(surface)
    assert app.zone is BallInHand.IN_D
    reference(surface, "ball_in_hand_d")


def test_ruling_panel(reference) -> None:
    surface = pygame.Surface((640, 360))
    surface.fill(table_drawing.BACKGROUND)
    info = hud.RulingInfo(
        "Foul",
        ("Bob to play with ball in hand anywhere.",),
        (
            "Foul: first contact was the 3, the 1 was on "
            "(event 2: cue ball met the 3 at t = 0.412 s)",
        ),
    )
    panel = hud.ruling_panel_rect(surface.get_rect(), info, button_row=True)
    buttons = hud.layout_buttons(panel, [("Accept the table", "a"), ("Hand it back", "b")])
    info = hud.RulingInfo(info.headline, info.lines, info.fouls, buttons)
    hud.draw_ruling(surface, panel, info)
    reference(surface, "ruling_panel")


def test_a_changed_drawing_is_caught(reference) -> None:
    """The comparison is not vacuous: a frame with one ball moved fails against its reference."""
    surface = _table_frame(sim.Table.pool(feet=9))
    pygame.draw.circle(surface, (255, 255, 255), (480, 300), 40)
    with pytest.raises(pytest.fail.Exception):
        import os

        if os.environ.get("CUESIM_UPDATE_REFERENCE") == "1":
            pytest.fail("updating references: nothing to compare")
        reference(surface, "empty_9ft")
