"""The snooker referee as a pipeline: one stroke in, one ``Ruling`` out.

``judge_stroke`` runs the steps in the order a referee does, each a short pure function naming
its clause (``§n.k``: the French snooker text; "WPBSA x.y": the official rule book):

1. ``read_stroke``: the ball on, the nomination (given or inferred) and the free ball (§3, §6,
   §9);
2. ``snooker_fouls.find_fouls``: every family of fouls (§4, §5, §7, §9.4, §11);
3. ``respot_colours_after``: the colours that come back to their spots (§3.7, §6);
4. ``score_stroke``: points scored, or the penalty given (§3.5, §3.6, §9.5-7, §11);
5. ``next_turn``: who plays, what is on, the end of the frame, the re-spotted black (§3.9,
   §3.10);
6. ``after_foul``: the free ball, the miss and the options (§9, §10, the paragraph after §3.10,
   WPBSA 3.14);
7. ``reason_for``: the decision in words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from rules.facts import ShotFacts, on_table_indices
from rules.placement import rested
from rules.snooker_fouls import (
    MISS_CODES,
    Stroke,
    StrokeContext,
    final_positions,
    find_fouls,
)
from rules.snooker_geometry import (
    BALL_INDEX,
    BALL_NAMES,
    COLOUR_INDICES,
    RED_INDICES,
    ball_value,
    can_hit_any_ball_on,
    is_snookered,
    respot_colours,
)
from rules.snooker_in_hand import is_snookered_in_hand
from rules.types import BallInHand, Choice, Declaration, Foul, Phase, Ruling, SnookerExtras
from rules.values import quick_init
from rules.wording import side_name, wins_words

if TYPE_CHECKING:
    from sim.balls import BallState
    from sim.table import Table

#: Grid spacing of the D when testing whether a cue ball in hand is snookered, m.
IN_HAND_SNOOKER_SPACING = 0.01


# ---------------------------------------------------------------------- helpers of the frame
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


def next_of_side(players: tuple[str, ...], after: int, side: int) -> int:
    """The first player of ``side`` after ``after`` in the order of play (or ``after``)."""
    n = len(players)
    for k in range(1, n + 1):
        p = (after + k) % n
        if p % 2 == side:
            return p
    return after


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


# ---------------------------------------------------------------------- the strike
def strike_phi_of(result: Any) -> float | None:
    """The strike's direction of a simulated shot (degrees), None for a hand-built log."""
    strike = getattr(result, "strike", None)
    return None if strike is None else float(strike.phi)


def open_cloth_reach(speed: float, u_s: float, u_r: float, g: float) -> float:
    """Distance (m) a cue ball leaving at ``speed`` (m/s) with no spin would run on open cloth
    (docs/physics.md §1.2-1.3): it slides until it rolls at 5/7 of its speed, covering
    ``12 v^2 / (49 u_s g)``, then rolls to rest over ``(5 v / 7)^2 / (2 u_r g)``."""
    v2 = speed * speed
    return 12.0 * v2 / (49.0 * u_s * g) + (25.0 / 49.0) * v2 / (2.0 * u_r * g)


def cue_reach_of(result: Any, facts: ShotFacts) -> float | None:
    """``open_cloth_reach`` at the speed of the log's first strike row of the cue ball (kind
    ``STRIKE``, ball 0; the log's digest) with the shot's ``params``; None when there is no
    such row."""
    speed = facts.digest.strike_speed
    if speed is None:
        return None
    params = result.params
    return open_cloth_reach(speed, float(params.u_s), float(params.u_r), float(params.g))


# ---------------------------------------------------------------------- 1. the ball on
def read_stroke(
    phase: Phase, facts: ShotFacts, declaration: Declaration, touching: tuple[int, ...]
) -> Stroke:
    """The ball on, the nomination and the free ball of a stroke played in ``phase``.

    Reds on in ``REDS`` (and the break-off, §3.3); after a potted red the nominated colour
    (§3.4), inferred from the only ball hit first, or the only colour touching the cue ball,
    when none is given; in the colours the lowest left (§3.9); a free ball as declared (§9)."""
    phase = Phase.REDS if phase is Phase.BREAK else phase
    before = facts.on_table_before
    free = declaration.nominated if declaration.free_ball else None
    if phase is Phase.REDS:
        on = frozenset(r for r in RED_INDICES if r in before)
        return Stroke(phase, on, 1, None, False, free)
    if phase is Phase.COLOUR_AFTER_RED:
        nominated, inferred = declaration.nominated, False
        if nominated is None:
            nominated = _inferred_colour(facts, touching)
            inferred = nominated is not None
        if nominated is None:
            colours = frozenset(c for c in COLOUR_INDICES if c in before)
            return Stroke(phase, colours, 0, None, False, None)
        on = frozenset({nominated})
        return Stroke(phase, on, ball_value(nominated), nominated, inferred, None)
    lowest = next(c for c in COLOUR_INDICES if c in before)
    return Stroke(phase, frozenset({lowest}), ball_value(lowest), None, False, free)


def _inferred_colour(facts: ShotFacts, touching: tuple[int, ...]) -> int | None:
    """The colour taken as nominated when none is: the one ball hit first if it is a colour;
    with no contact, the one colour touching the cue ball; else None."""
    first = facts.first_contact_balls
    colours_first = [b for b in first if b in COLOUR_INDICES]
    if len(first) == 1 and colours_first:
        return colours_first[0]
    if not first:
        touching_colours = [b for b in touching if b in COLOUR_INDICES]
        if len(touching_colours) == 1:
            return touching_colours[0]
    return None


# ---------------------------------------------------------------------- 3. re-spotting
def respot_colours_after(
    ctx: StrokeContext, final: BallState, fouled: bool
) -> tuple[tuple[tuple[int, tuple[float, float]], ...], BallState]:
    """(balls spotted, state after spotting): every colour potted or off the table comes back
    to its spot (§3.7, §6), except the colour on potted fairly in the colours (§3.9); the cue
    ball stays off when it went down (it is in hand)."""
    stroke = ctx.stroke
    gone = set(ctx.object_potted) | (set(ctx.off_table) - {0})
    legal_down: set[int] = set()
    if not fouled and stroke.phase in (Phase.COLOURS_IN_ORDER, Phase.RESPOTTED_BLACK):
        legal_down = {b for b in stroke.balls_on if b in ctx.object_potted}
    to_respot = [b for b in gone if b in COLOUR_INDICES and b not in legal_down]
    spots = (
        respot_colours(
            ctx.table,
            [BALL_NAMES[b] for b in to_respot],
            np.asarray(final.pos),
            np.asarray(final.on_table),
        )
        if to_respot
        else {}
    )
    to_spot = tuple(
        (BALL_INDEX[c], xy) for c, xy in sorted(spots.items(), key=lambda kv: BALL_INDEX[kv[0]])
    )
    # the colours spotted, then the cue ball lifted if it is gone (a colour is never ball 0)
    cue_lifted = ctx.cue_gone and bool(np.asarray(final.on_table)[0])
    return to_spot, rested(final, (*to_spot, *(((0, None),) if cue_lifted else ())))


# ---------------------------------------------------------------------- 4. scoring
@quick_init
@dataclass(frozen=True)
class StrokeScore:
    """Points of a stroke. ``points``: per side; ``penalty``: the foul's (0 without one);
    ``scored``: the shooter's points; ``continues``: the shooter stays at the table."""

    points: tuple[int, int]
    penalty: int
    scored: int
    continues: bool


def score_stroke(ctx: StrokeContext, fouls: tuple[Foul, ...]) -> StrokeScore:
    """A foul gives its penalty (the highest of the stroke's fouls, §11) to the other side; a
    fair stroke scores each red potted (§3.5), the nominated colour after a red (§3.6), the
    colour on in the colours (§3.9), a free ball as the ball on (§9.5-7)."""
    stroke = ctx.stroke
    potted = ctx.object_potted
    free = stroke.free
    points = [0, 0]
    penalty = max((f.penalty for f in fouls), default=0)
    scored, continues = 0, False
    if fouls:
        points[1 - ctx.side] += penalty
    elif stroke.phase is Phase.REDS:
        reds = [b for b in potted if b in RED_INDICES]
        scored = len(reds) + (1 if free is not None and free in potted else 0)
        continues = scored > 0
    elif stroke.phase is Phase.COLOUR_AFTER_RED:
        if stroke.nominated is not None and stroke.nominated in potted:
            scored, continues = ball_value(stroke.nominated), True
    else:
        lowest = min(stroke.balls_on)
        if lowest in potted:
            scored, continues = ball_value(lowest), True
        elif free is not None and free in potted:
            scored, continues = stroke.value_on, True
    points[ctx.side] += scored
    return StrokeScore((points[0], points[1]), penalty, scored, continues)


def stroke_notes(ctx: StrokeContext) -> list[str]:
    """The nomination inferred (§3.4) and the free ball played (§9), in words."""
    notes = []
    stroke = ctx.stroke
    if stroke.nomination_inferred and stroke.nominated is not None:
        source = (
            "the first ball hit"
            if ctx.facts.first_contact_balls
            else "the colour touching the cue ball"
        )
        notes.append(f"Nominated colour taken as {ctx.name(stroke.nominated)} ({source}).")
    if stroke.free is not None:
        notes.append(f"Free ball: {ctx.name(stroke.free)} played as the ball on.")
    return notes


# ---------------------------------------------------------------------- 5. the next turn
@quick_init
@dataclass(frozen=True)
class NextTurn:
    """Who plays next and on what: ``state`` and ``to_spot`` are final after any re-spotted
    black; ``winner`` is a side."""

    phase: Phase
    ball_on: frozenset[int]
    to_play: int
    frame_over: bool
    winner: int | None
    respotted_black: bool
    state: BallState
    to_spot: tuple[tuple[int, tuple[float, float]], ...]
    notes: tuple[str, ...]


def next_turn(
    ctx: StrokeContext,
    fouled: bool,
    score: StrokeScore,
    state: BallState,
    to_spot: tuple[tuple[int, tuple[float, float]], ...],
) -> NextTurn:
    """The shooter continues after a score, else the next player (§3.5). With only the black
    left, the first score or foul ends the frame (§3.10); level scores re-spot the black and a
    draw chooses who plays it from the D. No colour left ends the frame too."""
    new_score = (ctx.score[0] + score.points[0], ctx.score[1] + score.points[1])
    decider = deciding_scores(ctx, new_score)
    leader: int | None = 0 if decider[0] > decider[1] else 1
    if decider[0] == decider[1]:
        leader = None  # a drawn frame of an aggregate match (the note of §3.10)
    only_black = ctx.facts.on_table_before - {0} == {BALL_INDEX["black"]}
    frame_over, winner, respotted, notes = False, None, False, []
    to_play = ctx.shooter if score.continues else (ctx.shooter + 1) % len(ctx.players)
    if only_black and (fouled or score.continues):
        if leader is not None or (ctx.aggregate_before is not None and not ctx.last_frame):
            frame_over, winner = True, leader
        else:
            respotted = True
    if respotted:
        state, to_spot = _respot_black(ctx.table, state, to_spot)
        draw_side = int(np.random.default_rng(list(ctx.draw_key)).integers(0, 2))
        to_play = next_of_side(ctx.players, ctx.shooter, draw_side)
        notes.append(
            "Scores level: the black is re-spotted; "
            f"{ctx.players[to_play]} wins the draw and chooses who plays from the D."
        )
    on_after = on_table_indices(state)
    if respotted or ctx.stroke.phase is Phase.RESPOTTED_BLACK:
        phase = Phase.RESPOTTED_BLACK
    elif score.continues and ctx.stroke.phase is Phase.REDS:
        phase = Phase.COLOUR_AFTER_RED
    elif any(r in on_after for r in RED_INDICES):
        phase = Phase.REDS
    else:
        phase = Phase.COLOURS_IN_ORDER
    if phase is Phase.REDS:
        ball_on = frozenset(r for r in RED_INDICES if r in on_after)
    elif phase is Phase.COLOUR_AFTER_RED:
        ball_on = frozenset(c for c in COLOUR_INDICES if c in on_after)
    elif phase is Phase.RESPOTTED_BLACK:
        ball_on = frozenset({BALL_INDEX["black"]})
    else:
        left = [c for c in COLOUR_INDICES if c in on_after]
        ball_on = frozenset(left[:1])
        if not left and not frame_over:
            frame_over, winner = True, leader
    return NextTurn(
        phase, ball_on, to_play, frame_over, winner, respotted, state, to_spot, tuple(notes)
    )


def deciding_scores(ctx: StrokeContext, new_score: tuple[int, int]) -> tuple[int, int]:
    """The scores that settle the frame (§3.10 and its note « Totalisation des points »): the
    frame's own; in the last frame of an aggregate match the totals of every frame. A frame
    of an aggregate match before the last is never re-spotted: level, it is drawn."""
    if ctx.aggregate_before is None or not ctx.last_frame:
        return new_score
    before = ctx.aggregate_before
    return (before[0] + new_score[0], before[1] + new_score[1])


def _respot_black(
    table: Table, state: BallState, to_spot: tuple[tuple[int, tuple[float, float]], ...]
) -> tuple[BallState, tuple[tuple[int, tuple[float, float]], ...]]:
    """§3.10: the black back on its spot and the cue ball in hand (state, balls spotted)."""
    black = BALL_INDEX["black"]
    if bool(np.asarray(state.on_table)[0]):
        state = state.with_ball_removed(0)
    if bool(np.asarray(state.on_table)[black]):
        state = state.with_ball_removed(black)
    spot = respot_colours(table, ["black"], np.asarray(state.pos), np.asarray(state.on_table))
    to_spot = (*(t for t in to_spot if t[0] != black), (black, spot["black"]))
    return state.with_ball_at(black, spot["black"]), to_spot


# ---------------------------------------------------------------------- 6. after a foul
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
    a ball on that could be hit (paragraph after §3.10, WPBSA 3.14), three full-ball misses in
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
    if any(is_miss_candidate(ctx, f) for f in fouls) and ctx.on0[0]:
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


# ---------------------------------------------------------------------- 7. the decision
def reason_for(
    ctx: StrokeContext, fouled: bool, score: StrokeScore, turn: NextTurn, after: AfterFoul
) -> str:
    """The decision in one sentence: frame awarded or over, foul and penalty, score, or none."""
    new_score = (ctx.score[0] + score.points[0], ctx.score[1] + score.points[1])
    shooter = ctx.players[ctx.shooter]
    final_score = f"{new_score[0]}-{new_score[1]}"
    totals = deciding_scores(ctx, new_score)
    if totals != new_score:
        final_score += f" (aggregate {totals[0]}-{totals[1]})"
    if after.frame_over:
        return (
            f"Frame awarded to {side_name(ctx.players, after.winner)}: {shooter} missed a "
            f"full ball three times ({final_score})."
        )
    if turn.frame_over and turn.winner is None:
        return f"Frame over, drawn {final_score}: the points count in the aggregate."
    if turn.frame_over:
        return f"Frame over: {wins_words(side_name(ctx.players, turn.winner))} {final_score}."
    if fouled:
        opponent = side_name(ctx.players, 1 - ctx.side)
        return f"Foul by {shooter}: {score.penalty} points to {opponent}."
    if score.scored:
        # four-handed (§14) the points go to the team: say whose they are
        team = "" if len(ctx.players) <= 2 else f" for {side_name(ctx.players, ctx.side)}"
        return f"{shooter} scores {score.scored}{team}; break {ctx.break_points + score.scored}."
    return f"No score: {ctx.players[turn.to_play]} to play."


# ---------------------------------------------------------------------- the pipeline
def judge_stroke(ctx: StrokeContext) -> Ruling:
    """The ruling on the stroke of ``ctx``: steps 2-7 of the module's list (step 1, the ball
    on, is ``ctx.stroke``)."""
    final = final_positions(ctx)
    fouls = find_fouls(ctx, final)
    fouled = bool(fouls)
    to_spot, state = respot_colours_after(ctx, final, fouled)
    score = score_stroke(ctx, fouls)
    turn = next_turn(ctx, fouled, score, state, to_spot)
    after = after_foul(ctx, fouls, score, turn)
    frame_over = turn.frame_over or after.frame_over
    winner = after.winner if after.frame_over else turn.winner
    to_spot = () if frame_over else turn.to_spot
    cue_in_hand = (ctx.cue_gone or turn.respotted_black) and not frame_over
    ended = fouled or not score.continues
    running = ctx.break_points + score.scored
    counts = tuple(
        (n + 1 if fouled else 0) if i == ctx.shooter else n
        for i, n in enumerate(ctx.fouls_in_a_row)
    )
    extras = SnookerExtras(
        penalty=score.penalty,
        free_ball=after.free_ball,
        miss=after.miss,
        full_ball_misses=after.full_ball_misses,
        break_points=0 if ended else running,
        finished_break=running if ended else 0,
        replace_state=ctx.initial if after.miss else None,
        nominated=ctx.stroke.nominated,
        respotted_black=turn.respotted_black,
        choice_context="respotted_black" if turn.respotted_black else "",
    )
    return Ruling(
        shooter=ctx.shooter,
        shot_number=ctx.shot_number,
        fouls=fouls,
        points=score.points,
        pocketed=ctx.potted,
        off_table=tuple(sorted(ctx.off_table)),
        to_spot=to_spot,
        final=final,
        next_to_play=turn.to_play,
        ball_in_hand=BallInHand.IN_D if cue_in_hand else BallInHand.NONE,
        options=after.options,
        next_phase=turn.phase,
        next_ball_on=turn.ball_on,
        fouls_in_a_row=counts,
        warning_given=ctx.warning_given,
        frame_over=frame_over,
        winner=winner,
        reason=reason_for(ctx, fouled, score, turn, after),
        notes=(*stroke_notes(ctx), *turn.notes, *after.notes),
        extras=extras,
    )
