"""The referee's call as the window words it when it has no ruling to read (a match loaded or
a shot undone with a choice pending): the choice in the words of its context, and a team's win
said in the plural."""

from __future__ import annotations

from dataclasses import replace

import pygame

from render.app import App
from render.match import MatchConfig
from render.modes.decision import DecisionMode
from rules.types import Choice

SIZE = (1280, 820)


def _app(players: tuple[str, ...]) -> App:
    app = App(SIZE, config=MatchConfig("snooker", players, seed=11), warm_up=False)
    app.draw(pygame.Surface(SIZE))
    return app


def test_a_pending_respotted_black_choice_is_worded_by_its_context() -> None:
    """French text §3.10: after a tie on the black the draw's winner chooses who plays the
    re-spotted black. Shown without its ruling, the choice must not read as a handing back to
    an offender ("the other player shoots again")."""
    app = _app(("Ann", "Bob"))
    app.game = replace(
        app.game,
        pending_choice=(Choice.ACCEPT_TABLE, Choice.HAND_BACK),
        choice_context="respotted_black",
    )
    mode = DecisionMode(app, None)
    app.mode = mode
    _banner, info = mode.info()
    text = " ".join(info.lines)
    assert Choice.ACCEPT_TABLE.words_in("respotted_black") in text
    assert Choice.HAND_BACK.words_in("respotted_black") in text
    assert Choice.HAND_BACK.words not in text


def test_a_doubles_side_that_won_is_named_in_the_plural() -> None:
    """Four-handed snooker (§14): the frame is won by a team, "Ann & Cid win"."""
    app = _app(("Ann", "Bob", "Cid", "Dee"))
    app.game = replace(app.game, is_over=True, winner=0)
    mode = DecisionMode(app, None)
    app.mode = mode
    _banner, info = mode.info()
    assert "Ann & Cid win this frame." in info.lines
