"""A snooker match on aggregate points played in the window.
The frames pass their points on (``rules.snooker``'s ``aggregate_before``; the last one knows
it is the last, ``last_frame``), the match ends after its last frame and is won on the total,
not the frames; the start screen, ``cuesim play --aggregate N`` and the save file carry it.
Driven through the window (headless) with the keys a player presses."""

from __future__ import annotations

import pygame
import pytest
from window_driver import SIZE, frame, key, new_app, set_position

import rules
from cuesim import cli
from render.app import App
from render.match import MatchConfig, MatchSetupError


def concede_at(app: App, score: tuple[int, int], side: int) -> None:
    """The frame at ``score`` (two reds left) mid-frame; side ``side`` concedes it with the
    keys (X, then that side's number, then Y)."""
    names = app.game.ball_names
    set_position(
        app,
        {0: (0.9, 1.0), 1: (0.3, 3.0), 2: (1.4, 2.6), names.index("black"): (0.889, 3.245)},
        phase=rules.Phase.REDS,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({1, 2}),
        shot_number=9,
        score=score,
    )
    key(app, pygame.K_x)
    key(app, pygame.K_1 + side)
    key(app, pygame.K_y)
    assert app.game.is_over and app.game.winner == 1 - side
    frame(app)


def test_the_frames_pass_their_points_and_the_total_wins_the_match() -> None:
    app = new_app("snooker", aggregate=True, frames=2)
    assert app.game.aggregate_before == (0, 0) and not app.game.last_frame
    assert "aggregate of 2 frames" in app.session.match_config.title
    concede_at(app, (40, 12), side=1)  # Ann wins frame 1, 40-12
    key(app, pygame.K_RETURN)  # next frame
    assert app.mode.context == "aim" and app.session.match_score.wins == (1, 0)
    assert app.game.aggregate_before == (40, 12) and app.game.last_frame
    from render.scoreboard import score_info

    details = [p.detail for p in score_info(app.session).players]
    assert details[0].endswith("total 40") and details[1].endswith("total 12"), details
    concede_at(app, (5, 60), side=0)  # Bob wins frame 2, 60-5: 1-1 in frames
    frame(app)
    _banner, info = app.mode.info()  # type: ignore[attr-defined]
    assert info.headline == "Match over"  # the last frame decides it, on the totals
    key(app, pygame.K_RETURN)
    assert app.mode.context == "matchover"
    assert app.session.match_score.wins == (1, 1) and app.session.match_score.points == (45, 72)
    assert app.session.match_winner == 1  # 72 to 45 on aggregate, level on frames


def test_best_of_the_frames_is_unchanged() -> None:
    app = new_app("snooker", frames=3)
    assert app.game.aggregate_before is None
    concede_at(app, (40, 12), side=1)
    key(app, pygame.K_RETURN)
    assert app.game.aggregate_before is None and app.session.match_score.points == (40, 12)


def test_an_aggregate_match_survives_a_save_and_a_load(tmp_path) -> None:
    app = new_app("snooker", aggregate=True, frames=3)
    concede_at(app, (33, 20), side=1)
    key(app, pygame.K_RETURN)
    path = tmp_path / "agg.cuesim.json"
    assert app.save(path)
    other = App(SIZE, warm_up=False)
    assert other.load(path)
    assert other.session.match_config.aggregate and other.session.match_score.points == (33, 20)
    assert other.game.aggregate_before == (33, 20) and not other.game.last_frame


def test_a_damaged_aggregate_total_in_a_save_file_is_refused(tmp_path) -> None:
    import json

    app = new_app("snooker", aggregate=True, frames=3)
    path = tmp_path / "agg.cuesim.json"
    assert app.save(path)
    data = json.loads(path.read_text())
    data["session"]["score"]["points"] = [-4, 2]
    path.write_text(json.dumps(data))
    from render.savefile import SaveFileError
    from render.session_codec import read_session

    with pytest.raises(SaveFileError, match=r"score\.points"):
        read_session(path)


def test_aggregate_is_for_snooker_only() -> None:
    with pytest.raises(MatchSetupError, match="aggregate"):
        MatchConfig("nine-ball", ("Ann", "Bob"), aggregate=True)


def test_the_command_line_plays_an_aggregate_match(monkeypatch, capsys) -> None:
    import render.app

    seen: dict[str, MatchConfig] = {}
    monkeypatch.setattr(render.app, "run", lambda config, **kw: seen.setdefault("c", config) and 0)
    assert cli.main(["play", "snooker", "--players", "Ann", "Bob", "--aggregate", "4"]) == 0
    config = seen["c"]
    assert config.aggregate and config.frames == 4
    assert cli.main(["play", "nine-ball", "--players", "Ann", "Bob", "--aggregate", "2"]) == 2
    assert "--aggregate is for Snooker; 9-ball matches use --race" in capsys.readouterr().err
    assert cli.main(["play", "snooker", "--aggregate", "2", "--frames", "3"]) == 2
    assert "not allowed with argument --aggregate" in capsys.readouterr().err
    assert cli.main(["play", "snooker", "--aggregate", "0"]) == 2
    assert "--aggregate must be at least 1" in capsys.readouterr().err


def test_the_start_screen_sets_up_an_aggregate_match() -> None:
    app = App(SIZE, warm_up=False)
    frame(app)

    def press(action: str) -> None:
        button = next(b for b in app.mode._layout(SIZE) if b.action == action)  # type: ignore[attr-defined]
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))
        frame(app)

    press("game:snooker")
    press("aggregate")
    press("more")  # 3 -> 4 frames: any number on aggregate
    press("start")
    config = app.session.match_config
    assert config.aggregate and config.frames == 4 and app.game.aggregate_before == (0, 0)


def test_the_referee_warns_of_a_stalemate_then_the_frame_is_re_racked_as_it_was() -> None:
    from render.scoreboard import score_info

    app = new_app("snooker", aggregate=True, frames=3)
    concede_at(app, (33, 20), side=1)
    key(app, pygame.K_RETURN)  # frame 2: 33-20 carried
    names = app.game.ball_names
    set_position(
        app,
        {0: (0.889, 1.2), 1: (0.889, 2.2), names.index("black"): (0.889, 3.245)},
        phase=rules.Phase.REDS,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({1}),
        shot_number=30,
    )
    key(app, pygame.K_x)
    assert len(app.mode.options) == 4  # type: ignore[attr-defined]
    key(app, pygame.K_4)  # the referee's warning (§13)
    assert app.mode.context == "aim" and app.game.stalemate_warned
    assert app.toast is not None and "Stalemate warning" in app.toast[0]
    assert "stalemate warned" in score_info(app.session).centre
    frame(app)
    key(app, pygame.K_x)
    assert len(app.mode.options) == 3  # type: ignore[attr-defined]  # warned once only
    key(app, pygame.K_3)
    key(app, pygame.K_y)  # re-racked: the same frame of the same aggregate match
    assert app.game.shot_number == 0 and app.game.aggregate_before == (33, 20)
    assert app.session.match_score.rack == 1
