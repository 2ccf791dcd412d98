"""What the environments declare for the learner: by default the ball and pocket on the shot's
line, or what the action's call fields choose (``calls="action"``).

The shot's line: the cue ball (placed, when in hand) sent along the strike's direction meets
first the object ball whose centre passes within two radii of the line soonest (ghost-ball
geometry; spin, throw and squirt ignored); that ball leaves along the line of centres at the
contact, and the pocket on its line is the pocket whose capture circle's centre makes the
smallest angle with that line, seen from the ball.

Defaults per game (docs/environment.md):

* 8-ball: after the break, the call is required: the ball on the line when it may be called,
  else the callable ball nearest the line (its pocket: the one on the line from the cue ball
  through it); never a safety;
* snooker: no nomination is given (the referee infers the colour from the first ball hit, §6),
  never a free ball;
* 9-ball: never a push-out.
"""

from __future__ import annotations

import math

import numpy as np

from rules.game import Game
from rules.types import Declaration


def first_ball_on_line(
    game: Game, cue: tuple[float, float], phi_deg: float
) -> tuple[int, tuple[float, float]] | None:
    """(ball, cue ball centre at the contact) of the first object ball the cue ball from
    ``cue`` along ``phi_deg`` meets, or None when it meets none."""
    r = game.table.ball_radius
    d = np.array([math.cos(math.radians(phi_deg)), math.sin(math.radians(phi_deg))])
    pos = np.asarray(game.state.pos, dtype=float)
    up = np.asarray(game.state.on_table, dtype=bool)
    best: tuple[float, int] | None = None
    for ball in range(1, pos.shape[0]):
        if not up[ball]:
            continue
        w = pos[ball] - np.asarray(cue)
        along = float(w @ d)
        across = abs(float(w[0] * d[1] - w[1] * d[0]))
        if along <= 0.0 or across >= 2.0 * r:
            continue
        contact = along - math.sqrt(4.0 * r * r - across * across)
        if best is None or contact < best[0]:
            best = (contact, ball)
    if best is None:
        return None
    ghost = np.asarray(cue) + d * best[0]
    return best[1], (float(ghost[0]), float(ghost[1]))


def pocket_on_line(game: Game, ball: int, origin: tuple[float, float]) -> str:
    """The pocket whose centre makes the smallest angle, seen from ``ball``, with the line from
    ``origin`` through the ball."""
    bx, by = (float(v) for v in game.state.pos[ball])
    heading = math.atan2(by - origin[1], bx - origin[0])
    best = min(
        game.table.pockets,
        key=lambda p: abs(math.remainder(math.atan2(p.y - by, p.x - bx) - heading, math.tau)),
    )
    return best.name


def nearest_to_line(
    game: Game, balls: frozenset[int], cue: tuple[float, float], phi_deg: float
) -> int:
    """The ball of ``balls`` whose centre lies nearest the ray from ``cue`` along ``phi_deg``
    (a ball behind the cue ball counts by its distance from the cue ball)."""
    d = (math.cos(math.radians(phi_deg)), math.sin(math.radians(phi_deg)))

    def distance(ball: int) -> float:
        wx = float(game.state.pos[ball][0]) - cue[0]
        wy = float(game.state.pos[ball][1]) - cue[1]
        along = wx * d[0] + wy * d[1]
        return abs(wx * d[1] - wy * d[0]) if along > 0 else math.hypot(wx, wy)

    return min(sorted(balls), key=distance)


def default_declaration(game: Game, cue: tuple[float, float], phi_deg: float) -> Declaration:
    """The declaration the learner makes when the action does not choose one (see the module
    docstring)."""
    options = game.declaration_options()
    if not options.call_required:
        return Declaration()
    callable_balls = options.callable_balls or game.ball_on
    hit = first_ball_on_line(game, cue, phi_deg)
    if hit is not None and hit[0] in callable_balls:
        ball, origin = hit[0], hit[1]
    else:
        ball, origin = nearest_to_line(game, frozenset(callable_balls), cue, phi_deg), cue
    return Declaration(called_ball=ball, called_pocket=pocket_on_line(game, ball, origin))


def chosen_declaration(
    game: Game,
    cue: tuple[float, float],
    call_ball: float,
    call_pocket: float,
    flag: bool,
) -> Declaration:
    """The declaration the action's call fields choose (``calls="action"``): a value ``u`` in
    [-1, 1] picks item ``floor((u + 1) / 2 * n)`` of ``n`` (the last for ``u = 1``)."""
    options = game.declaration_options()

    def pick(u: float, n: int) -> int:
        return min(n - 1, max(0, int((u + 1.0) / 2.0 * n)))

    if options.call_required:
        if flag and options.safety_allowed:
            return Declaration(safety=True)
        balls = sorted(options.callable_balls or game.ball_on)
        pockets = options.pockets or tuple(p.name for p in game.table.pockets)
        return Declaration(
            called_ball=balls[pick(call_ball, len(balls))],
            called_pocket=pockets[pick(call_pocket, len(pockets))],
        )
    if options.push_out_allowed:
        return Declaration(push_out=flag)
    if options.free_ball_allowed and flag:
        objects = sorted(game.balls_on_table() - {0})
        return Declaration(nominated=objects[pick(call_ball, len(objects))], free_ball=True)
    if options.nomination_required:
        on = sorted(game.ball_on)
        return Declaration(nominated=on[pick(call_ball, len(on))])
    return Declaration()
