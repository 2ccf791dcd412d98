"""Helpers for the 9-ball and 8-ball referee tests: games with chosen layouts, shots by hand."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import numpy as np

from rules.eight_ball import EightBallGame
from rules.nine_ball import NineBallGame
from rules.testing import ShotBuilder
from rules.types import BallInHand, Phase
from sim.balls import BallState
from sim.constants import MotionState

PLAYERS = ("Ann", "Bob")


def nine(**options: Any) -> NineBallGame:
    """A fresh 9-ball rack for Ann (to break) and Bob."""
    return NineBallGame.new(players=PLAYERS, seed=11, **options)


def eight(**options: Any) -> EightBallGame:
    """A fresh 8-ball rack for Ann (to break) and Bob."""
    return EightBallGame.new(players=PLAYERS, seed=11, **options)


def state_with(n: int, positions: dict[int, tuple[float, float]]) -> BallState:
    """``n`` balls: those in ``positions`` on the table there, the others off (pocketed)."""
    pos = np.zeros((n, 2))
    on = np.zeros(n, dtype=bool)
    for ball, xy in positions.items():
        pos[ball] = xy
        on[ball] = True
    motion = np.where(on, int(MotionState.STATIONARY), int(MotionState.POCKETED)).astype(np.int8)
    return BallState(pos, motion=motion, on_table=on)


def position(game: Any, positions: dict[int, tuple[float, float]], **fields: Any) -> Any:
    """``game`` with only the balls of ``positions`` on the table, in ordinary play (not the
    break, cue ball not in hand) unless ``fields`` say otherwise; ball on recomputed."""
    state = state_with(int(game.state.n), positions)
    fields.setdefault("phase", Phase.PLAY if game.kind == "nine-ball" else Phase.OPEN_TABLE)
    fields.setdefault("ball_in_hand", BallInHand.NONE)
    game = replace(game, state=state, **fields)
    if game.kind == "nine-ball":
        on = game.first_ball_on(state)
    else:
        on = game.balls_on_for(game.to_play, state)
    return replace(game, ball_on=on)


def shot(game: Any) -> ShotBuilder:
    """A hand-built shot from ``game``'s position."""
    return ShotBuilder(game.table, game.state)


# A few places on the 9 ft table (1.27 x 2.54 m), well clear of each other.
CUE = (0.635, 0.5)
A = (0.635, 1.2)
B = (0.4, 1.6)
C = (0.9, 1.6)
D = (0.3, 2.0)
E = (1.0, 2.0)
F = (0.635, 2.2)
G = (0.2, 1.2)
H = (1.05, 1.2)


def aim(from_xy: tuple[float, float], to_xy: tuple[float, float]) -> float:
    """Cue direction (degrees from +x) from one point to another."""
    return math.degrees(math.atan2(to_xy[1] - from_xy[1], to_xy[0] - from_xy[0]))
