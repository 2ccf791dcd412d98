"""Where a turn starts aimed: at the nearest ball on that a straight line from the cue ball
meets first, else the nearest ball on."""

from __future__ import annotations

import pytest
from window_driver import (
    new_app,
    set_position,
)

import rules


def test_the_break_off_starts_aimed_at_a_red_not_through_the_pink() -> None:
    """Seen: the first snooker screen pointed the cue at the nearest red through the pink in
    front of the pack and greeted the player with "Careful: the aim hits the pink first"."""
    app = new_app("snooker")
    contact = app.aim_contact()
    assert contact is not None and contact.ball in app.game.ball_on
    assert not any("Careful" in line for line in app.mode.prompt_lines())  # type: ignore[attr-defined]


def test_with_every_ball_on_screened_the_turn_still_aims_at_the_nearest() -> None:
    """No clear line to the ball on (the 1 behind the 9): the cue points at the 1 anyway, and
    the warning says so."""
    app = new_app("nine-ball")
    set_position(
        app,
        {0: (0.6, 1.0), 9: (0.6, 1.3), 1: (0.6, 1.6)},
        phase=rules.Phase.PLAY,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({1}),
        shot_number=3,
    )
    assert app.aim.phi_deg == pytest.approx(90.0)
    contact = app.aim_contact()
    assert contact is not None and contact.ball == 9
    assert any("Careful" in line for line in app.mode.prompt_lines())  # type: ignore[attr-defined]
