"""The scoreboard: each side's racks or points, the frame's points big and the frames won
small, fouls and warnings, the ball on."""

from __future__ import annotations

from window_driver import (
    frame,
    new_app,
    set_position,
)

from render.scoreboard import score_info


def test_snooker_scoreboard_shows_the_frames_points_big_and_frames_won_small() -> None:
    app = new_app("snooker")
    set_position(app, {0: (0.9, 0.6), 1: (0.9, 2.5)}, score=(37, 8))
    board = score_info(app.session)
    assert [p.points for p in board.players] == [37, 8]
    assert [p.frames for p in board.players] == [0, 0]
    assert all("points" not in p.detail for p in board.players)
    frame(app)  # draws
    pool = score_info(new_app("nine-ball").session)
    assert [p.points for p in pool.players] == [None, None]  # pool keeps racks won big
