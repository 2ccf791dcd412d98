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

from typing import TYPE_CHECKING

import numpy as np

from rules.facts import ShotFacts, on_table_indices
from rules.placement import rested
from rules.snooker_after_foul import AfterFoul, after_foul
from rules.snooker_fouls import final_positions, find_fouls
from rules.snooker_geometry import (
    BALL_INDEX,
    BALL_NAMES,
    COLOUR_INDICES,
    RED_INDICES,
    ball_value,
    respot_colours,
)
from rules.snooker_stroke import NextTurn, Stroke, StrokeContext, StrokeScore
from rules.types import BallInHand, ChoiceContext, Declaration, Foul, Phase, Ruling, SnookerExtras
from rules.wording import side_name, wins_words

if TYPE_CHECKING:
    from rules.facts import JudgedShot
    from sim.balls import BallState
    from sim.table import Table


# ---------------------------------------------------------------------- helpers of the frame
def next_of_side(players: tuple[str, ...], after: int, side: int) -> int:
    """The first player of ``side`` after ``after`` in the order of play (or ``after``)."""
    n = len(players)
    for k in range(1, n + 1):
        p = (after + k) % n
        if p % 2 == side:
            return p
    return after


# ---------------------------------------------------------------------- the strike
def strike_phi_of(result: JudgedShot) -> float | None:
    """The strike's direction of a simulated shot (degrees), None for a hand-built log."""
    strike = result.strike
    return None if strike is None else float(strike.phi)


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
        choice_context=(
            ChoiceContext.RESPOTTED_BLACK if turn.respotted_black else ChoiceContext.NONE
        ),
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
