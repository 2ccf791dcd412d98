"""Pockets named as they are drawn, no French and no engine words in what
the window shows, and the 8-ball ball in hand placed by a click on empty cloth."""

from __future__ import annotations

import math
from types import SimpleNamespace

import pygame
import pytest
from window_driver import (
    SIZE,
    click,
    frame,
    key,
    new_app,
    screen_of,
    set_position,
    to_decision,
)

import rules
import rules.eight_ball
import rules.nine_ball
import rules.pool
import rules.snooker_fouls
from render import typeset
from render.words import placement_refusal
from rules.wording import clause_words, has_french, player_evidence, player_sentence, player_summary
from sim.table import POCKET_NAMES


def drawn_text(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every string the window draws from now on (hud's font calls)."""
    seen: list[str] = []
    real = typeset.get_font

    class Recording:
        def __init__(self, size: int) -> None:
            self.font = real(size)

        def render(self, text: str, *args):
            seen.append(text)
            return self.font.render(text, *args)

        def size(self, text: str):
            return self.font.size(text)

        def __getattr__(self, name: str):
            return getattr(self.font, name)

    monkeypatch.setattr(typeset, "get_font", Recording)
    return seen


def pot_into(app, pocket_name: str, ball: int) -> None:
    """Cue ball and ``ball`` in line with the pocket; shoot at it."""
    pocket = app.table.pocket_named(pocket_name)
    bx, by = 0.9, app.table.length - 0.55
    d = math.hypot(pocket.x - bx, pocket.y - by)
    ux, uy = (pocket.x - bx) / d, (pocket.y - by) / d
    set_position(
        app,
        {0: (bx - 0.3 * ux, by - 0.3 * uy), ball: (bx, by), 1: (0.3, 0.5)},
        phase=rules.Phase.PLAY,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({1}),
        shot_number=4,
    )
    app.aim.phi_deg = math.degrees(math.atan2(uy, ux))
    app.aim.locked, app.aim.power = True, 0.3


def quadrant_words(app, pocket) -> str:
    """Where a pocket is drawn, in words: "top"/"bottom" and "left"/"middle"/"right"."""
    rect = app.layout(SIZE).table
    x, y = screen_of(app, (pocket.x, pocket.y))
    row = "top" if y < rect.centery else "bottom"
    third = rect.w / 3
    col = "left" if x < rect.x + third else ("right" if x > rect.right - third else "middle")
    return f"{row}-{col}"


@pytest.mark.parametrize("game", ["nine-ball", "snooker"])
def test_every_pocket_is_named_where_it_is_drawn(game: str) -> None:
    app = new_app(game)
    for pocket in app.table.pockets:
        assert pocket.name == quadrant_words(app, pocket), pocket.name


def test_the_pocket_named_in_the_ruling_is_the_one_drawn_where_the_ball_dropped() -> None:
    app = new_app("nine-ball")
    pot_into(app, "bottom-right", 1)  # the 1 is not on here: the wrong ball first, a foul
    app.aim.phi_deg = app.aim.phi_deg  # unchanged
    key(app, pygame.K_SPACE)
    to_decision(app)
    _panel, info = app.mode.info(app.layout(SIZE).table)
    words = " ".join((*info.lines, *info.fouls))
    pocket = app.table.pocket_named("bottom-right")
    drawn = quadrant_words(app, pocket)
    assert drawn == "bottom-right"
    assert app.last_shot.ruling.fouls and "bottom-right pocket" in words, words
    assert "top-right" not in words and "top right" not in words
    assert "bottom-right pocket" in app.last_shot.ruling.summary(), "the rule tester's words too"


def test_clicking_the_top_left_corner_calls_the_top_left_pocket() -> None:
    app = new_app("eight-ball")
    set_position(
        app,
        {0: (0.6, 1.0), 3: (0.5, 1.6), 12: (0.9, 2.0)},
        phase=rules.Phase.OPEN_TABLE,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({3, 12}),
        shot_number=3,
    )
    click(app, screen_of(app, (0.5, 1.6)))  # the 3
    rect = app.layout(SIZE).table
    corner = min(
        app.table.pockets, key=lambda p: math.dist(screen_of(app, (p.x, p.y)), rect.topleft)
    )
    click(app, screen_of(app, (corner.x, corner.y)))
    assert app.aim.called_pocket == corner.name
    assert corner.name == "top-left"
    assert "top-left" in " ".join(app.mode.prompt_lines())
    assert app.toast is not None and "top-left pocket" in app.toast.text


def test_pocket_labels_are_drawn_while_a_call_is_due(monkeypatch: pytest.MonkeyPatch) -> None:
    app = new_app("eight-ball")
    set_position(
        app,
        {0: (0.6, 1.0), 3: (0.5, 1.6)},
        phase=rules.Phase.OPEN_TABLE,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({3}),
        shot_number=3,
    )
    seen = drawn_text(monkeypatch)
    frame(app)
    assert set(POCKET_NAMES) <= set(seen)


def test_every_french_clause_has_english_words() -> None:
    clauses = []
    for module in (rules.pool, rules.nine_ball, rules.eight_ball, rules.snooker_fouls):
        for name, value in vars(module).items():
            if name.startswith("CLAUSE") and isinstance(value, str):
                clauses.append(value)
            elif name.isupper() and isinstance(value, dict):
                for v in value.values():
                    v = v[0] if isinstance(v, tuple) else v
                    if isinstance(v, str) and ("«" in v or "§" in v):
                        clauses.append(v)
    assert len(clauses) > 50
    for clause in clauses:
        assert not has_french(clause_words(clause)), clause


def test_no_french_and_no_engine_words_in_what_the_window_draws(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen = drawn_text(monkeypatch)
    for game in ("nine-ball", "eight-ball", "snooker"):
        app = new_app(game)
        app.aim.power = 0.9
        key(app, pygame.K_SPACE)  # the break
        to_decision(app)
        frame(app)
        for _ in range(4):  # a few more shots straight ahead, fouls included
            while app.mode.context == "decision":
                key(app, pygame.K_RETURN)
                frame(app)
            if app.mode.context != "aim":
                break
            app.update(1.0)
            app.aim.phi_deg = (app.aim.phi_deg + 137.0) % 360.0
            app.aim.locked = True
            key(app, pygame.K_SPACE)
            if app.mode.context == "playback":
                to_decision(app)
            frame(app)
        if app.toast is not None:
            seen.append(app.toast.text)
    text = "\n".join(seen)
    assert len(seen) > 50
    french = [line for line in seen if has_french(line)]
    assert not french, french
    for raw in ("at t = ", "red_", " pts", "stay(s)", "top_right", "bottom_left", "_side"):
        assert raw not in text, raw


def test_a_refused_placement_is_said_in_a_players_words() -> None:
    app = new_app("nine-ball")
    set_position(
        app,
        {0: (0.6, 1.0), 8: (0.6, 1.5), 1: (0.3, 2.0)},
        phase=rules.Phase.PLAY,
        ball_in_hand=rules.BallInHand.ANYWHERE,
        ball_on=frozenset({1}),
        shot_number=3,
    )
    click(app, screen_of(app, (0.61, 1.51)))  # on the 8
    message = app.toast.text
    assert message == "Illegal cue-ball placement: it would touch the 8. Move it a little."
    assert placement_refusal(app.game, (0.6, 1.0)) is None


def test_evidence_in_a_players_words() -> None:
    text = player_evidence("event 4 at t = 0.4123 s: the cue ball fell into the top-left pocket")
    assert text == "0.41 s into the shot, the cue ball fell into the top-left pocket"
    assert player_evidence("event 1 at t = 0.300 s: red_7 met cushion 3") == (
        "0.30 s into the shot, a red met a cushion"
    )


def test_eight_ball_in_hand_a_click_on_empty_cloth_places_the_cue_ball() -> None:
    app = new_app("eight-ball")
    set_position(
        app,
        {0: (0.6, 1.0), 3: (0.5, 1.6), 12: (0.9, 2.0)},
        phase=rules.Phase.OPEN_TABLE,
        ball_in_hand=rules.BallInHand.ANYWHERE,
        ball_on=frozenset({3, 12}),
        shot_number=3,
    )
    click(app, screen_of(app, (0.8, 0.9)))  # empty cloth
    assert app.aim.cue_xy == pytest.approx((0.8, 0.9), abs=0.01)
    assert app.aim.called_ball is None
    click(app, screen_of(app, (0.5, 1.6)))  # a ball: the call
    assert app.aim.called_ball == 3
    click(app, screen_of(app, (0.7, 0.7)))  # cloth again, no pocket near: placing still
    assert app.aim.cue_xy == pytest.approx((0.7, 0.7), abs=0.01) and app.aim.called_pocket is None


def test_the_shot_list_and_the_prompt_use_the_games_own_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = new_app("nine-ball", aim_assist="full")

    def keys_line(app) -> str:  # the line of the aim and its keys (a legend may follow it)
        return next(line for line in app.mode.prompt_lines() if line.startswith("Aim "))

    bottom = keys_line(app)
    assert "G ghost" not in bottom and "G predicted paths" in bottom
    assert "G ghost" in keys_line(new_app("nine-ball", aim_assist="ghost"))
    assert "G " not in keys_line(new_app("nine-ball", aim_assist="none"))
    seen: list[str] = []
    real = typeset.text_image
    monkeypatch.setattr(
        typeset,
        "text_image",
        lambda text, *a, **k: (seen.append(str(text)), real(text, *a, **k))[1],
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
