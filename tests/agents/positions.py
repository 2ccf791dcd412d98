"""Games in the positions the computer-player tests need, each reached the way a game reaches it
(a real shot, a real ruling) wherever one can be played."""

from __future__ import annotations

from typing import Any

import rules
import sim
from rules.game import Game

R_POOL = sim.Table.pool(feet=9).ball_radius


def nine_ball(balls: dict[str, tuple[float, float]], **fields: Any) -> Game:
    return rules.game_class("nine-ball").in_position(balls, **fields)


def eight_ball(balls: dict[str, tuple[float, float]], **fields: Any) -> Game:
    return rules.game_class("eight-ball").in_position(balls, **fields)


def snooker(balls: dict[str, tuple[float, float]], **fields: Any) -> Game:
    return rules.game_class("snooker").in_position(balls, **fields)


def straight_in() -> Game:
    """The 9, the last ball, 0.4 m from the top-left corner, the cue ball straight behind it."""
    return nine_ball({"cue": (0.60, 0.60), "9": (0.30, 0.30)}, phase="play")


def walled_one() -> Game:
    """9-ball after a legal break: the 1 hidden behind a wall of four balls (a push-out)."""
    wall = {str(i + 2): (0.635 + (i - 1.5) * 2.05 * R_POOL, 1.85) for i in range(4)}
    balls = {"cue": (0.635, 0.3), "1": (0.635, 1.95), **wall, "9": (0.2, 2.3)}
    return nine_ball(balls, phase="push_out_allowed")


def after_illegal_eight_ball_break() -> Game:
    """8-ball: a break too soft to reach four cushions; the opponent chooses."""
    game = rules.new_game("eight-ball", players=("A", "B"), seed=3)
    _, after = game.play(sim.Strike(speed=0.8, phi=90.0), cue_ball_at=(0.635, 0.5))
    assert after.pending_choice, after.last_reason
    return after


def after_a_miss() -> Game:
    """Snooker: a stroke that misses the only red by a mile, the red in plain view."""
    game = snooker(
        {"cue": (0.889, 1.2), "red_1": (0.889, 2.2), "black": (0.889, 3.245)}, phase="reds"
    )
    _, after = game.play(sim.Strike(speed=2.0, phi=200.0))
    assert after.pending_choice, after.last_reason
    return after


def snooker_needing_snookers() -> Game:
    """Snooker: pink and black left, 40 points behind: two snookers needed."""
    return snooker(
        {"cue": (0.889, 2.2), "pink": (0.889, 2.6771), "black": (0.889, 3.245)},
        phase="colours_in_order",
        score=(10, 50),
    )
