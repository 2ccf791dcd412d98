"""Step 6 of the snooker referee (``rules.snooker_judge``): what follows a foul. The free ball
(§9.1), the foul and a miss (the paragraph after §3.10, WPBSA 3.14; choice 5 of
docs/rules-coverage.md), three full-ball misses losing the frame, and the options of §10 (play,
or make the offender play again; after a miss, replace the balls).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from rules.facts import ShotFacts, on_table_indices
from rules.snooker_fouls import MISS_CODES
from rules.snooker_geometry import (
    COLOUR_INDICES,
    RED_INDICES,
    ball_value,
    can_hit_any_ball_on,
    is_snookered,
)
from rules.snooker_in_hand import is_snookered_in_hand
from rules.snooker_stroke import NextTurn, Stroke, StrokeContext, StrokeScore
from rules.types import Choice, Foul, Phase
from rules.values import quick_init

if TYPE_CHECKING:
    from rules.facts import JudgedShot
    from sim.balls import BallState
    from sim.table import Table

#: Grid spacing of the D when testing whether a cue ball in hand is snookered, m.
IN_HAND_SNOOKER_SPACING = 0.01


# ---------------------------------------------------------------------- the points left
def points_remaining(
    phase: Phase, on_table: frozenset[int] | set[int], colour_on_after_red: bool = False
) -> int:
    """Most points one player can still score from the balls on the table: 8 per red (a red and
    the black), plus the colours; after a potted red, the black to come as well
    (``phase == COLOUR_AFTER_RED``); in the colours only the colours left count."""
    reds = sum(1 for r in RED_INDICES if r in on_table)
    colours = sum(ball_value(c) for c in COLOUR_INDICES if c in on_table)
    if phase is Phase.COLOUR_AFTER_RED or colour_on_after_red:
        return 7 + 8 * reds + colours
    return 8 * reds + colours


def needs_snookers(score: tuple[int, ...], phase: Phase, on: frozenset[int]) -> bool:
    """A side is behind by more than the points left on the table (WPBSA 3.14's exception)."""
    return abs(score[0] - score[1]) > points_remaining(phase, on)


def is_snookered_after(table: Table, state: BallState, balls_on: frozenset[int]) -> bool:
    """Whether the cue ball is snookered on ``balls_on`` in ``state`` (§9.1): where it lies,
    or, in hand, from every position of the D (``IN_HAND_SNOOKER_SPACING`` grid)."""
    if not balls_on:
        return False
    pos = np.asarray(state.pos, dtype=float)
    on = np.asarray(state.on_table, dtype=bool)
    if on[0]:
        return is_snookered(pos[0], balls_on, pos, on, float(table.ball_radius))
    return is_snookered_in_hand(table, balls_on, pos, on, IN_HAND_SNOOKER_SPACING)


# ---------------------------------------------------------------------- the strength
def open_cloth_reach(speed: float, u_s: float, u_r: float, g: float) -> float:
    """Distance (m) a cue ball leaving at ``speed`` (m/s) with no spin would run on open cloth
    (docs/physics.md §1.2-1.3): it slides until it rolls at 5/7 of its speed, covering
    ``12 v^2 / (49 u_s g)``, then rolls to rest over ``(5 v / 7)^2 / (2 u_r g)``."""
    v2 = speed * speed
    return 12.0 * v2 / (49.0 * u_s * g) + (25.0 / 49.0) * v2 / (2.0 * u_r * g)


def cue_reach_of(result: JudgedShot, facts: ShotFacts) -> float | None:
    """``open_cloth_reach`` at the speed of the log's first strike row of the cue ball (kind
    ``STRIKE``, ball 0; the log's digest) with the shot's ``params``; None when there is no
    such row."""
    speed = facts.digest.strike_speed
    if speed is None:
        return None
    params = result.params
    return open_cloth_reach(speed, float(params.u_s), float(params.u_r), float(params.g))


# ---------------------------------------------------------------------- the decision after a foul
@quick_init
@dataclass(frozen=True)
class AfterFoul:
    """The free ball, the miss and the options after a stroke (none after a fair one)."""

    options: tuple[Choice, ...] = ()
    free_ball: bool = False
    miss: bool = False
    full_ball_misses: int = 0
    frame_over: bool = False
    winner: int | None = None
    notes: tuple[str, ...] = ()


def after_foul(
    ctx: StrokeContext, fouls: tuple[Foul, ...], score: StrokeScore, turn: NextTurn
) -> AfterFoul:
    """After a re-spotted black the chosen player may hand the table back. After a foul that
    does not end the frame: a free ball when the cue ball is left snookered (§9.1); the miss of
    a ball on that could be hit (paragraph after §3.10, WPBSA 3.14; unless the game plays
    without the miss rule, ``StrokeContext.miss_rule``), three full-ball misses in
    a row losing the frame; the options of §10 (play, or make the offender play again) and,
    after a miss, replacing the balls."""
    if turn.respotted_black:
        return AfterFoul(options=(Choice.ACCEPT_TABLE, Choice.HAND_BACK))
    if not fouls or turn.frame_over:
        return AfterFoul()
    notes: list[str] = []
    free_next = is_snookered_after(ctx.table, turn.state, turn.ball_on)
    if free_next:
        notes.append("Free ball (§9): the cue ball is snookered after the foul.")
    miss, full_misses, frame_over, winner = False, 0, False, None
    if ctx.miss_rule and any(is_miss_candidate(ctx, f) for f in fouls) and ctx.on0[0]:
        new_score = (ctx.score[0] + score.points[0], ctx.score[1] + score.points[1])
        miss, full, note = miss_verdict(ctx, new_score, turn)
        if note:
            notes.append(note)
        if full:
            full_misses = ctx.full_ball_misses + 1
        shooter = ctx.players[ctx.shooter]
        if full_misses == 2:
            notes.append(
                f"Warning: {shooter} has missed a full ball twice; a third miss loses the frame "
                "(WPBSA 3.14)."
            )
        if full_misses >= 3:
            frame_over, winner = True, 1 - ctx.side
            notes.append(
                f"{shooter} missed a full ball three times in a row: the frame is awarded to "
                "the opponent (WPBSA 3.14)."
            )
    options: tuple[Choice, ...] = ()
    if not frame_over:
        options = (Choice.ACCEPT_TABLE, Choice.HAND_BACK)
        if miss:
            options += (Choice.REPLACE_AND_REPLAY,)
    return AfterFoul(options, free_next, miss, full_misses, frame_over, winner, tuple(notes))


def is_miss_candidate(ctx: StrokeContext, foul: Foul) -> bool:
    """A foul of not hitting a ball on first (``MISS_CODES``). A simultaneous first hit of a
    ball on (the stroke's own: the nominated colour, the free ball) and a ball not on reached
    the ball on: it is a foul (§5) but not a miss. Two balls not on at once are a miss like
    one: a colour that could have been nominated is not the ball on once another was."""
    if foul.code not in MISS_CODES:
        return False
    if foul.code == "simultaneous":
        return not (ctx.facts.first_contact_balls & balls_on_of(ctx.stroke))
    return True


def balls_on_of(stroke: Stroke) -> frozenset[int]:
    """The balls on for ``stroke`` itself: its balls on and the free ball when one is played."""
    if stroke.free is None:
        return stroke.balls_on
    return stroke.balls_on | {stroke.free}


def could_be_on(ctx: StrokeContext) -> frozenset[int]:
    """The balls that could have been on for the stroke (WPBSA 3.14(c)): after a potted red
    every colour on the table (any could be nominated), else the balls on; and the free ball."""
    stroke = ctx.stroke
    before = ctx.facts.on_table_before
    if stroke.phase is Phase.COLOUR_AFTER_RED:
        balls = {c for c in COLOUR_INDICES if c in before}
    else:
        balls = set(stroke.balls_on)
    if stroke.free is not None:
        balls.add(stroke.free)
    return frozenset(balls)


def reached_with_strength(ctx: StrokeContext, targets: list[int]) -> bool:
    """WPBSA 3.14(a): a wholly snookered striker is deemed to have attempted the ball on when
    the stroke had "enough strength to have reached it": the distance the cue ball would have
    run on open cloth (``StrokeContext.cue_reach``, m) is at least the straight distance to the
    nearest ball that could be on, less the 2R of contact. Unknown strength (no strike row in
    the log) gives the striker the benefit."""
    if ctx.cue_reach is None:
        return True
    pos, on = ctx.pos0, ctx.on0
    gaps = [float(np.hypot(*(pos[b] - pos[0]))) - 2.0 * ctx.radius for b in targets if on[b]]
    return not gaps or ctx.cue_reach >= min(gaps)


def miss_verdict(
    ctx: StrokeContext, new_score: tuple[int, int], turn: NextTurn
) -> tuple[bool, bool, str]:
    """(miss, full ball, note or "") for a foul of not hitting a ball on first, the balls as
    they were before the stroke (paragraph after §3.10, WPBSA 3.14; choice 5 of
    docs/rules-coverage.md).

    The balls judged are those that could have been on (``could_be_on``, WPBSA 3.14(c)), so
    nominating a hidden colour does not excuse missing a visible one. No miss when either side
    needed snookers before or after the stroke. When no part of any of them could be hit in a
    straight line the attempt is deemed made if the cue ball travelled far enough to reach the
    nearest (``reached_with_strength``, WPBSA 3.14(a)). "Full ball" when one could be hit at
    both extreme edges (not snookered)."""
    targets = sorted(could_be_on(ctx))
    before = needs_snookers(ctx.score, ctx.game_phase, ctx.facts.on_table_before)
    after = needs_snookers(new_score, turn.phase, on_table_indices(turn.state))
    if before or after:
        return False, False, "No miss: a player needed snookers (WPBSA 3.14)."
    pos, on, radius = ctx.pos0, ctx.on0, ctx.radius
    # a ball on seen at both extreme edges (not snookered) can be hit: the any-part test,
    # 257 lines, is needed only when every ball on is at least partly hidden (or none is on)
    full = any(on[b] for b in targets) and not is_snookered(pos[0], targets, pos, on, radius)
    if not full and not can_hit_any_ball_on(pos[0], targets, pos, on, radius):
        if reached_with_strength(ctx, targets):
            return False, False, ""  # wholly snookered: the attempt is deemed made (Note)
        return (
            True,
            False,
            "Foul and a miss: the ball on was hidden, but the stroke did not have the strength "
            "to reach it (WPBSA 3.14(a)).",
        )
    # the balls judged are wider than the ball on after a nomination: say which ones
    which = (
        "the ball on"
        if set(targets) <= balls_on_of(ctx.stroke)
        else "a ball that could have been on (WPBSA 3.14(c))"
    )
    note = f"Foul and a miss: {which} could be hit in a straight line" + (
        " (a full ball)." if full else "."
    )
    return True, full, note
