"""Each player's statistics in the window: read off real shots played through the window
(headless), shown on the result card, written to the save file (a file without them still
loads) and added over the window's session across matches."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from pathlib import Path

import pygame
import pytest
from test_app_referee import pot_the_nine
from test_input_safety import routine_position
from test_window_layout import snooker_foul_and_miss
from window_driver import key, new_app, to_decision

from render.app_moves import SHOT_GUARD_S
from render.match_statistics import Figures, read_shot
from render.modes.match_over import MatchOverMode
from render.savefile import SaveFileError
from render.session import Session


def _safety(app) -> None:
    """The 1 rolled softly up the table's long string, away from every pocket."""
    routine_position(app)
    app.aim.phi_deg, app.aim.locked, app.aim.power = 90.0, True, 0.2
    app.update(SHOT_GUARD_S + 0.05)
    key(app, pygame.K_SPACE)
    to_decision(app)


def test_a_pot_made_and_a_safety_are_counted_for_their_player() -> None:
    app = new_app("nine-ball")
    shooter = app.game.players[pot_the_nine(app)]
    to_decision(app)
    assert read_shot(app.session.last_shot).intent == "pot"
    figures = app.session.match_figures()[shooter]
    assert (figures.pots_made, figures.pots_attempted, figures.safeties) == (1, 1, 0)
    app2 = new_app("nine-ball")
    player = app2.game.players[app2.game.to_play]
    _safety(app2)
    assert read_shot(app2.session.last_shot).intent == "safety"
    mine = app2.session.match_figures()[player]
    assert (mine.pots_attempted, mine.safeties, sum(mine.fouls.values())) == (0, 1, 0)


def test_a_foul_is_counted_by_its_kind() -> None:
    app = new_app("snooker")
    player = app.game.players[app.game.to_play]
    snooker_foul_and_miss(app)
    codes = [f.code for f in app.session.last_shot.ruling.fouls]
    figures = app.session.match_figures()[player]
    assert codes and figures.fouls == Counter(codes)
    assert figures.pots_attempted == 0 and figures.safeties == 0


def test_the_result_card_shows_each_players_figures() -> None:
    app = new_app("nine-ball")
    shooter = app.game.players[pot_the_nine(app)]
    to_decision(app)
    lines = MatchOverMode(app).card_lines()
    mine = next(line for line in lines if line.startswith(f"{shooter}: "))
    assert "Pots 1/1 (100%)" in mine and "Safeties 0" in mine and "Break-and-runs" in mine
    assert len(lines) == 1 + len(app.game.players)


def test_statistics_are_saved_and_a_file_without_them_loads(tmp_path: Path) -> None:
    app = new_app("nine-ball")
    shooter = app.game.players[pot_the_nine(app)]
    to_decision(app)
    app.session.earlier_matches = {"Zed": Figures(shots=4, pots_made=2, pots_attempted=3)}
    path = tmp_path / "s.json"
    app.session.save(path)
    document = json.loads(path.read_text())
    saved = document["session"]["statistics"]
    assert saved["match"][shooter]["pots_made"] == 1
    assert saved["earlier_matches"]["Zed"]["pots_attempted"] == 3
    loaded = Session()
    loaded.load(path)
    assert loaded.earlier_matches == app.session.earlier_matches
    assert loaded.match_figures() == app.session.match_figures()
    del document["session"]["statistics"]
    path.write_text(json.dumps(document))
    old = Session()
    old.load(path)
    assert old.earlier_matches == {} and old.match_figures()[shooter].pots_made == 1
    document["session"]["statistics"] = {"earlier_matches": {"Zed": {"shots": -1}}}
    path.write_text(json.dumps(document))
    with pytest.raises(SaveFileError, match=r"earlier_matches\.Zed\.fouls|Zed\.shots"):
        Session().load(path)


def test_a_new_match_adds_the_last_ones_figures_to_the_session() -> None:
    app = new_app("nine-ball")
    shooter = app.game.players[pot_the_nine(app)]
    to_decision(app)
    config = app.session.match_config
    app.session.start_match(dataclasses.replace(config, seed=config.seed + 1))
    assert app.session.match_figures() == {}
    assert app.session.earlier_matches[shooter].pots_made == 1
    assert app.session.session_figures()[shooter].pots_made == 1


def test_a_snooker_red_potted_makes_a_break_of_one() -> None:
    import numpy as np
    from window_driver import set_position

    import rules

    app = new_app("snooker")
    pocket = app.table.pocket_named("bottom-right")
    red = (float(pocket.x) - 0.25, float(pocket.y) - 0.25)
    d = float(np.hypot(pocket.x - red[0], pocket.y - red[1]))
    ux, uy = (pocket.x - red[0]) / d, (pocket.y - red[1]) / d
    set_position(
        app,
        {0: (red[0] - 0.3 * ux, red[1] - 0.3 * uy), 1: red, 2: (0.3, 1.0)},
        phase=rules.Phase.REDS,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({1, 2}),
        shot_number=3,
    )
    player = app.game.players[app.game.to_play]
    app.aim.phi_deg = float(np.degrees(np.arctan2(uy, ux)))
    app.aim.locked, app.aim.power = True, 0.45
    app.update(SHOT_GUARD_S + 0.05)
    key(app, pygame.K_SPACE)
    to_decision(app)
    assert 1 in app.session.last_shot.ruling.pocketed
    figures = app.session.match_figures()[player]
    assert (figures.pots_made, figures.high_break, figures.breaks_50) == (1, 1, 0)
    assert "High break 1" in "; ".join(figures.lines(True))


def test_a_rack_won_without_its_break_in_the_session_is_no_break_and_run() -> None:
    app = new_app("nine-ball")
    shooter = app.game.players[pot_the_nine(app)]  # a position set mid-rack: no break shot
    to_decision(app)
    assert app.session.match_figures()[shooter].break_and_runs == 0


def test_a_break_and_run_is_the_breakers_rack_won_without_the_opponent_at_the_table() -> None:
    from lab.match_play import MatchShot, RackResult
    from render.match_statistics import _break_and_runs

    def rack(players_in_turn: list[int], winner: int, foul_on_break: str = "") -> RackResult:
        rows = tuple(
            MatchShot(0, i, p, p, "shot", intent="break" if i == 0 else "pot",
                      fouls=foul_on_break if i == 0 else "")
            for i, p in enumerate(players_in_turn)
        )  # fmt: skip
        return RackResult(0, players_in_turn[0], winner, False, "", (), rows)

    runs = _break_and_runs(
        ("Ann", "Bob"),
        [rack([0, 0, 0], 0), rack([1, 0, 0], 0), rack([0, 0], 0, "no_ball_hit"), rack([1], 1)],
        2,
    )
    assert runs == Counter({"Ann": 1, "Bob": 1})
