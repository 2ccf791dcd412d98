"""Practice without pygame: a position changed by hand (a ball moved, added or taken off) and
checked as the rules check any position, and the shot played again from where it was played.

Every function returns a new ``rules.Game`` (games are frozen) or raises
:class:`PracticeRefusedError` with the one sentence the window shows; nothing is changed then.
Positions are table metres (docs/physics.md §0.1).
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

import rules
import sim
from render.words import ball_name
from rules.position import check_game_fields


class PracticeRefusedError(ValueError):
    """A practice move the table or the rules refuse: the message says what and why."""


def _with_state(game: rules.Game, state: sim.BallState) -> rules.Game:
    """``game`` with ``state`` and the balls on by the game's own rule for its phase
    (``Game.default_ball_on``), checked as every position is (``rules.position``)."""
    moved = replace(game, state=state)
    moved = replace(moved, ball_on=moved.default_ball_on())
    if not moved.ball_on and not moved.is_over:
        raise PracticeRefusedError("Leave a ball on the table that may be played at.")
    try:
        check_game_fields(moved)
    except rules.RulesError as exc:
        raise PracticeRefusedError(f"The rules refuse that position: {exc}") from None
    return moved


def spot_problem(game: rules.Game, ball: int, xy: tuple[float, float]) -> str | None:
    """Why ``ball`` may not rest at ``xy`` (m) in ``game``, in a player's words, or None: its
    centre must be on the cloth (a radius inside the cushion noses, clear of the pockets) and
    at least a ball's diameter from every other ball on the table."""
    table = game.table
    who = ball_name(game, ball).capitalize()
    x, y = float(xy[0]), float(xy[1])
    if not (math.isfinite(x) and math.isfinite(y)) or not table.contains_ball(x, y):
        return (
            f"{who} cannot go there: its centre must be on the cloth, a ball's radius inside "
            "the cushions and clear of the pockets."
        )
    state = game.state
    pos = np.asarray(state.pos, dtype=float)
    on = np.asarray(state.on_table, dtype=bool).copy()
    on[ball] = False
    gaps = np.hypot(pos[:, 0] - x, pos[:, 1] - y)
    gaps[~on] = np.inf
    other = int(np.argmin(gaps))
    if gaps[other] < 2.0 * float(table.ball_radius) - 1e-9:
        return f"{who} cannot go there: it would overlap {ball_name(game, other)}."
    return None


def move_ball(game: rules.Game, ball: int, xy: tuple[float, float]) -> rules.Game:
    """``game`` with ``ball`` (on the table) at rest at ``xy`` (m)."""
    if not 0 <= ball < int(game.state.n) or not bool(game.state.on_table[ball]):
        raise PracticeRefusedError("Only a ball on the table can be moved; drag it by its centre.")
    problem = spot_problem(game, ball, xy)
    if problem is not None:
        raise PracticeRefusedError(problem)
    return _with_state(game, game.state.with_ball_at(ball, (float(xy[0]), float(xy[1]))))


def remove_ball(game: rules.Game, ball: int) -> rules.Game:
    """``game`` with object ball ``ball`` taken off the table (the cue ball stays)."""
    if ball == 0:
        raise PracticeRefusedError("The cue ball stays on the table; drag it to move it.")
    if not 0 < ball < int(game.state.n) or not bool(game.state.on_table[ball]):
        raise PracticeRefusedError("Point at a ball on the table to take it off.")
    return _with_state(game, game.state.with_ball_removed(ball))


def add_ball(game: rules.Game, xy: tuple[float, float]) -> tuple[rules.Game, int]:
    """``game`` with the first object ball off the table (in the game's ball order) put at
    ``xy`` (m), and that ball's index."""
    off = [i for i in range(1, int(game.state.n)) if not bool(game.state.on_table[i])]
    if not off:
        raise PracticeRefusedError("Every ball is on the table already.")
    ball = off[0]
    problem = spot_problem(game, ball, xy)
    if problem is not None:
        raise PracticeRefusedError(problem)
    return _with_state(game, game.state.with_ball_at(ball, (float(xy[0]), float(xy[1])))), ball
