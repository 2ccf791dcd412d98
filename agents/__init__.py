"""The computer player: shots searched with the engine and judged by the referee.

Public API::

    import agents
    agents.LEVELS                           # the level names, weakest first
    move = agents.choose(game, "pro", seed=7)
    move.kind                               # SHOT, CHOICE or CONCEDE (agents.MoveKind)
    move.strike, move.declaration, move.cue_ball_at   # hand them to game.play(...)
    move.intended                           # the shot aimed for, without the hand's error
    move.choice                             # hand it to game.choose(...)
    move.explain                            # "pot the 3 in the top-right corner, stun for the 4"
    ruling, game = move.play(game)          # the same, done

Modules: :mod:`agents.levels` (the levels: hand and search budget), :mod:`agents.player`
(``choose``), :mod:`agents.search` (the shot search), :mod:`agents.breaks` (the break),
:mod:`agents.strategy` and its games (what a position is worth), :mod:`agents.pot_lines`,
:mod:`agents.aiming`, :mod:`agents.safeties`, :mod:`agents.hand` (candidates and the engine's
aim), :mod:`agents.trial` (playing and judging candidates), :mod:`agents.noise` (the
execution-noise model, the computer's hand and the lab's studies).
"""

from __future__ import annotations

from agents.levels import LEVELS, Level, UnknownLevelError, level_named
from agents.move import Move, MoveKind, ShotIntent
from agents.noise import InvalidNoiseError, NoiseModel, StrikeValues
from agents.player import InvalidMoveRequestError, choose

__all__ = [
    "LEVELS",
    "InvalidMoveRequestError",
    "InvalidNoiseError",
    "Level",
    "Move",
    "MoveKind",
    "NoiseModel",
    "ShotIntent",
    "StrikeValues",
    "UnknownLevelError",
    "choose",
    "level_named",
]
