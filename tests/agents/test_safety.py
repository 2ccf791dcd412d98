"""With no pot worth its risk, the computer plays safe, and leaves its opponent no pot by its
own search."""

from __future__ import annotations

import sys
from pathlib import Path

import agents
from agents.levels import level_named
from agents.strategies import strategy_for

sys.path.insert(0, str(Path(__file__).parent))
import positions

#: Where a ball frozen on the foot rail lies (m): its radius and half a millimetre off the nose.
FOOT_RAIL_Y = 2.54 - 0.028575 - 0.0005


def test_a_position_with_no_pot_gets_a_safety_that_leaves_the_opponent_no_pot() -> None:
    game = positions.nine_ball(
        {"cue": (0.635, 0.4), "1": (0.9, FOOT_RAIL_Y), "5": (0.3, 1.9), "9": (1.1, 1.2)},
        phase="play",
    )
    strategy = strategy_for(game, level_named("pro"))
    assert strategy.sight.chances(game.state, (1,), game.ball_in_hand).max() < 0.05  # no pot
    move = agents.choose(game, "pro", seed=1)
    assert move.intent is not None and move.intent.kind == "safety"
    assert move.explain.startswith("safety: ")
    ruling, after = game.play(move.intended, move.declaration, move.cue_ball_at)
    assert not ruling.fouls and after.to_play == 1
    left = strategy.sight.chances(after.state, tuple(sorted(after.ball_on)), after.ball_in_hand)
    assert left.max() < 0.3
    reply = agents.choose(after, "pro", seed=2)
    assert reply.intent is not None and reply.intent.kind != "pot"
