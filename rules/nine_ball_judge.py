"""The 9-ball referee as a chain of small steps: one shot in, one ``Ruling`` out.

``judge_nine_ball`` runs the steps in the rule text's order, each a short pure function citing
its clause (the French 9-ball text; WPA world-standardized rules):

1. ``nine_ball_fouls``: the common list (« Liste des fautes », ``rules.pool_fouls``), the lowest
   ball first (« Déroulement de la partie »; on the break the 1, « Casse de départ »), a cushion
   after the contact, or four object balls to a cushion on a triangle-rack break;
2. ``three_ball_rule``: a magic rack's break (« La règle des 3 billes »);
3. ``PoolGame.count_fouls``: the foul count and its warning (« Les trois fautes consécutives »);
4. ``spot_the_nine``: the 9 pocketed on a foul, a push-out or a dry break, or off the table, is
   spotted (« Cas de la bille n° 9 »);
5. the decision, the first of ``DECISION`` that decides: ``third_foul_loses``,
   ``foul_gives_ball_in_hand``, ``push_out_or_dry_break_choice``, ``nine_wins``,
   ``pot_continues``, ``turn_passes``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from rules.break_rules import FOUR_CUSHION_RULE, THREE_BALL_RULE, past_head_string
from rules.placement import foot_spot_position, rested
from rules.pool import FoulCode, FoulTally
from rules.pool_clauses import (
    CLAUSE_WRONG_BALL,
    NINE_BREAK_FOUR,
    NINE_BREAK_IN_HAND,
    NINE_BREAK_ONE,
    NINE_LOWEST_FIRST,
    NINE_PUSH_OUT,
    NINE_SPOT_THE_NINE,
    NINE_THREE_BALL,
    NINE_THREE_FOULS,
)
from rules.pool_fouls import (
    common_fouls,
    four_cushion_shortfall,
    no_cushion_foul,
    with_first_contact_foul,
    wrong_ball_foul,
)
from rules.pool_judge import (
    Outcome,
    PoolStroke,
    ShotRecord,
    Spots,
    first_outcome,
    pool_ruling,
    rack_won,
)
from rules.types import BallInHand, Choice, ChoiceContext, Foul, Phase, Ruling, RulingExtras
from rules.values import quick_init
from rules.wording import count_words, numbered_balls

if TYPE_CHECKING:
    from rules.pool import PoolGame
    from sim.balls import BallState

_CUE = frozenset((0,))


def lowest_on(flags: list[bool]) -> frozenset[int]:
    """The lowest-numbered object ball whose flag is set (``flags[i]``: ball i on the table,
    the cue ball at 0), as a one-ball set; empty when no object ball is on."""
    try:
        return frozenset((flags.index(True, 1),))
    except ValueError:
        return frozenset()


# ---------------------------------------------------------------------- 1. the fouls
def nine_ball_fouls(stroke: PoolStroke[PoolGame]) -> list[Foul]:
    """The fouls of the shot: the common list, then (no push-out) the lowest ball first
    (« Casse de départ » on the break) and, when it was, a cushion after the contact (four
    object balls to a cushion on a triangle-rack break)."""
    game = stroke.game
    is_break = game.phase is Phase.BREAK
    objects = stroke.facts.on_table_before - _CUE
    lowest = min(objects) if objects else None
    fouls = common_fouls(stroke, NINE_BREAK_IN_HAND)
    if stroke.declaration.push_out or lowest is None:
        return fouls
    clause = NINE_BREAK_ONE if is_break else CLAUSE_WRONG_BALL
    on_words = f"{game.name_of(lowest)} was on"
    miss = NINE_BREAK_ONE if is_break else NINE_LOWEST_FIRST
    code = FoulCode.BREAK_ONE_NOT_FIRST if is_break else FoulCode.WRONG_BALL_FIRST
    wrong = wrong_ball_foul(stroke, frozenset({lowest}), on_words, clause, miss, code)
    if wrong is not None:
        return with_first_contact_foul(fouls, wrong)
    # Break: four object balls to a cushion (triangle rack; the magic rack has the
    # three-ball rule); later shots: a cushion after the contact.
    missing: Foul | None = None
    if not is_break:
        missing = no_cushion_foul(stroke)
    elif game.break_rule() is FOUR_CUSHION_RULE:
        missing = four_cushion_shortfall(
            stroke, FoulCode.BREAK_FOUR_CUSHIONS, NINE_BREAK_FOUR, "Foul"
        )
    return fouls if missing is None else [*fouls, missing]


# ---------------------------------------------------------------------- 2. the magic rack
def three_ball_rule(stroke: PoolStroke[PoolGame]) -> tuple[bool, str]:
    """(dry break, note): « La règle des 3 billes »: at least three object balls pocketed or
    past the head string, each counted once; fewer is a dry break."""
    facts, table = stroke.facts, stroke.game.table
    pocketed_objects = set(facts.object_balls_pocketed)
    crossed = past_head_string(table, facts)
    counted = THREE_BALL_RULE.balls(table, facts)
    note = (
        f"Three-ball rule: {count_words(len(counted), 'object ball')} pocketed or past the "
        f"head string (pocketed: {numbered_balls(pocketed_objects)}; "
        f"crossed: {numbered_balls(crossed - pocketed_objects)})."
    )
    return not THREE_BALL_RULE.met(table, facts), note


# ---------------------------------------------------------------------- 4. the 9 spotted
def spot_the_nine(game: PoolGame, final: BallState, cue_in_hand: bool) -> tuple[Spots, BallState]:
    """(the 9's spot, the state after the shot) per « Cas de la bille n° 9 »: on the foot
    spot, else behind the ball occupying it. With the cue ball in hand (after a foul) the
    cue ball is about to be lifted, so it occupies nothing (WPA 1.5: balls are spotted
    before the cue ball is placed); if the 9 then lands where the cue ball lay, the cue
    ball leaves the table, to be placed by the player in hand."""
    lifting = cue_in_hand and bool(final.on_table[0])
    xy = foot_spot_position(game.table, final, 9, ignore=(0,) if lifting else ())
    if lifting:
        cx, cy = final.pos[0].tolist()
        if math.hypot(float(cx) - xy[0], float(cy) - xy[1]) < 2.0 * float(game.table.ball_radius):
            final = rested(final, ((0, None),))
    return ((9, xy),), final


# ---------------------------------------------------------------------- 5. the decision
@quick_init
@dataclass(frozen=True)
class NineBallCall:
    """What the 9-ball referee found before deciding: the shot, its fouls, a dry break (the
    three-ball rule), the foul count, the 9 pocketed or off the table, and the ball on after
    the shot (the 9 spotted counted)."""

    stroke: PoolStroke[PoolGame]
    fouls: tuple[Foul, ...]
    dry_break: bool
    tally: FoulTally
    nine_down: bool
    on_after: frozenset[int]


def third_foul_loses(call: NineBallCall) -> Outcome | None:
    """« Les trois fautes consécutives »: a third foul in a row after the warning loses."""
    if not (call.fouls and call.tally.loses):
        return None
    reason = (
        f"{call.stroke.shooter_name} fouled for the third time in a row after the warning "
        f"({NINE_THREE_FOULS})."
    )
    return rack_won(call.stroke.opponent, reason)


def foul_gives_ball_in_hand(call: NineBallCall) -> Outcome | None:
    """« Liste des fautes »: after a foul the opponent has ball in hand anywhere."""
    if not call.fouls:
        return None
    stroke = call.stroke
    return Outcome(
        next_to_play=stroke.opponent,
        ball_in_hand=BallInHand.ANYWHERE,
        next_phase=Phase.PLAY,
        next_ball_on=call.on_after,
        reason=f"Foul by {stroke.shooter_name}: {stroke.opponent_name} has ball in hand anywhere.",
    )


def push_out_or_dry_break_choice(call: NineBallCall) -> Outcome | None:
    """« Le coup de dégagement », « La règle des 3 billes »: after a push-out or a dry break
    the opponent takes the table as it lies or hands it back (after a dry break handed back,
    the breaker may push out: ``rules.nine_ball.NineBallGame._resolve_choice``)."""
    stroke = call.stroke
    push_out = stroke.declaration.push_out
    if not (push_out or call.dry_break):
        return None
    p1, p2 = stroke.shooter_name, stroke.opponent_name
    return Outcome(
        next_to_play=stroke.opponent,
        ball_in_hand=BallInHand.NONE,
        options=(Choice.ACCEPT_TABLE, Choice.HAND_BACK),
        next_phase=Phase.PLAY,
        next_ball_on=call.on_after,
        reason=(
            f"{p1} pushed out ({NINE_PUSH_OUT}): {p2} may take the table as it lies or "
            "hand it back."
            if push_out
            else f"Dry break ({NINE_THREE_BALL}): {p2} may accept the table (no "
            f"push-out) or hand it back to {p1}, who may then push out."
        ),
        extras=RulingExtras(
            choice_context=ChoiceContext.PUSH_OUT if push_out else ChoiceContext.DRY_BREAK
        ),
    )


def nine_wins(call: NineBallCall) -> Outcome | None:
    """« Le joueur qui empoche régulièrement la bille 9 gagne la partie »: on any legal shot,
    the break and combinations included."""
    if not call.nine_down:
        return None
    return rack_won(
        call.stroke.shooter, f"{call.stroke.shooter_name} pocketed the 9 on a legal shot."
    )


def _next_phase(call: NineBallCall) -> Phase:
    """After a legal break the next shot may be a push-out; else ordinary play."""
    return Phase.PUSH_OUT_ALLOWED if call.stroke.game.phase is Phase.BREAK else Phase.PLAY


def pot_continues(call: NineBallCall) -> Outcome | None:
    """« Déroulement de la partie »: a ball pocketed legally keeps the shooter at the table."""
    stroke = call.stroke
    pocketed = stroke.facts.object_balls_pocketed
    if not pocketed:
        return None
    pots = ", ".join(stroke.game.name_of(b) for b in pocketed)
    return Outcome(
        next_to_play=stroke.shooter,
        next_phase=_next_phase(call),
        next_ball_on=call.on_after,
        reason=f"{stroke.shooter_name} pocketed {pots} legally and shoots again.",
    )


def turn_passes(call: NineBallCall) -> Outcome:
    """« Déroulement de la partie »: a legal shot that pockets nothing passes the turn."""
    stroke = call.stroke
    return Outcome(
        next_to_play=stroke.opponent,
        next_phase=_next_phase(call),
        next_ball_on=call.on_after,
        reason=f"Legal shot, nothing pocketed: {stroke.opponent_name} to play.",
    )


#: The decision steps, in the order the text gives its cases; the last always decides.
DECISION = (
    third_foul_loses,
    foul_gives_ball_in_hand,
    push_out_or_dry_break_choice,
    nine_wins,
    pot_continues,
    turn_passes,
)


# ---------------------------------------------------------------------- the chain
def judge_nine_ball(stroke: PoolStroke[PoolGame]) -> Ruling:
    """The ruling on one 9-ball shot: the steps of the module's list."""
    game = stroke.game
    fouls = tuple(nine_ball_fouls(stroke))
    fouled = bool(fouls)
    push_out = stroke.declaration.push_out
    notes: list[str] = []
    dry_break = False
    if game.phase is Phase.BREAK and not fouled and game.break_rule() is THREE_BALL_RULE:
        dry_break, note = three_ball_rule(stroke)
        notes.append(note)
    tally = game.count_fouls(stroke.shooter, fouled)
    if tally.note:
        notes.append(tally.note)
    off = stroke.balls_off
    nine_down = 9 in stroke.facts.object_balls_pocketed or 9 in off
    final = stroke.final
    to_spot: Spots = ()
    spot_due = fouled or push_out or dry_break or 9 in off
    if nine_down and spot_due and not (fouled and tally.loses):
        # a game lost on the third foul is over: nothing is spotted
        to_spot, final = spot_the_nine(game, final, cue_in_hand=fouled)
        notes.append(f"The 9 is spotted ({NINE_SPOT_THE_NINE if not push_out else 'push-out'}).")
    flags = np.asarray(final.on_table, dtype=bool).tolist()
    for ball, _ in to_spot:
        flags[ball] = True  # spotted: at rest on the table (``with_spots``)
    call = NineBallCall(stroke, fouls, dry_break, tally, nine_down, lowest_on(flags))
    record = ShotRecord(
        fouls=fouls,
        final=final,
        fouls_in_a_row=tally.fouls_in_a_row,
        warning_given=tally.warning_given,
        to_spot=to_spot,
        notes=tuple(notes),
    )
    return pool_ruling(stroke, record, first_outcome(call, DECISION))
