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


def test_a_re_rack_choice_names_who_breaks() -> None:
    """8-ball illegal break: in hot-seat play "I" and "you" do not say who breaks; the buttons
    name the players (the chooser is the player to act)."""
    app = App(SIZE, config=MatchConfig("eight-ball", ("Ann", "Bob"), seed=11), warm_up=False)
    app.draw(pygame.Surface(SIZE))
    app.game = replace(
        app.game,
        to_play=1,
        pending_choice=(
            Choice.ACCEPT_TABLE,
            Choice.RERACK_AND_BREAK,
            Choice.RERACK_OPPONENT_BREAKS,
        ),
        choice_context="illegal_break",
    )
    mode = DecisionMode(app, None)
    app.mode = mode
    labels = [b.label for b in mode.info()[1].buttons]
    assert labels[:3] == ["Accept the table", "Re-rack, Bob breaks", "Re-rack, Ann breaks"]


def test_a_cue_ball_placed_outside_the_d_is_refused_in_a_players_words() -> None:
    from render.words import placement_refusal

    app = _app(("Ann", "Bob"))
    game = app.game  # the break-off: the cue ball in hand in the D
    words = placement_refusal(game, (0.889, 1.5))
    assert (
        words
        == "Illegal cue-ball placement: the cue ball must go in the D, on or inside its semicircle."
    )
    assert " m " not in words and "(0." not in words
