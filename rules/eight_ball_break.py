"""The 8-ball break as a chain of small steps: the break in, one ``Ruling`` out.

Each step is a short pure function citing its clause (the French 8-ball text; WPA
world-standardized rules):

1. the fouls: the common list (« Liste des fautes », ``rules.pool_fouls``) with the break's
   clause for balls off the table, and the four-cushion rule (« Casse de départ »);
2. the decision, the first of ``BREAK_DECISION`` that decides: ``eight_on_break``,
   ``balls_off_on_break``, ``illegal_break``, ``foul_on_break``, ``break_pot_continues``,
   ``legal_break_passes``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.eight_ball_judge import OPEN_TABLE_GROUPS, balls_on_after
from rules.pool import FoulCode
from rules.pool_clauses import (
    EIGHT_BREAK_IN_HAND,
    EIGHT_ILLEGAL_BREAK,
    EIGHT_ILLEGAL_BREAK_CHOICE,
    EIGHT_OFF_TABLE_BREAK,
    EIGHT_ON_BREAK,
    EIGHT_ON_BREAK_FOUL,
)
from rules.pool_fouls import common_fouls, four_cushion_shortfall
from rules.pool_judge import (
    Outcome,
    PoolStroke,
    ShotRecord,
    first_outcome,
    pool_ruling,
    rack_won,
)
from rules.types import BallInHand, Choice, ChoiceContext, Foul, Phase, Ruling, RulingExtras
from rules.values import quick_init

if TYPE_CHECKING:
    from rules.eight_ball_fields import EightBallFields

_OPEN = OPEN_TABLE_GROUPS


@quick_init
@dataclass(frozen=True)
class BreakCall:
    """What the referee found on an 8-ball break before deciding: the shot, its fouls and the
    four-cushion shortfall (None when the break pocketed a ball or railed four)."""

    stroke: PoolStroke[EightBallFields]
    fouls: tuple[Foul, ...]
    shortfall: Foul | None


def eight_on_break(call: BreakCall) -> Outcome | None:
    """« Si la bille n° 8 est empochée à la casse… »: no foul, the breaker spots the 8 and
    shoots on or re-racks and breaks (WPA 3.4; the French text says "le joueur adverse", but
    only the breaker can "continuer à jouer"); with a foul, the opponent spots it and plays
    with ball in hand behind the head string, or re-racks and breaks. The game's option
    ``eight_on_break`` gives the choice of a legal break to the opponent instead ("opponent")
    or makes the 8 win the rack ("wins")."""
    stroke = call.stroke
    if 8 not in stroke.facts.object_balls_pocketed:
        return None
    fouled = bool(call.fouls)
    rule = stroke.game.eight_on_break
    p1, p2 = stroke.shooter_name, stroke.opponent_name
    if rule == "wins" and not fouled:
        return rack_won(
            stroke.shooter,
            f"{p1} pocketed the 8 on a legal break and wins the rack (this match's rule: "
            "eight_on_break = wins).",
        )
    spot = (stroke.game.spot_on_foot(stroke.final, 8),)
    chooser = stroke.opponent if fouled or rule == "opponent" else stroke.shooter
    return Outcome(
        to_spot=spot,
        next_to_play=chooser,
        ball_in_hand=BallInHand.BEHIND_HEAD_STRING if fouled else BallInHand.NONE,
        options=(Choice.SPOT_EIGHT_AND_PLAY, Choice.RERACK_AND_BREAK),
        next_phase=Phase.OPEN_TABLE,
        next_ball_on=balls_on_after(chooser, stroke.final, spot, _OPEN),
        reason=(
            "The 8 was pocketed on the break with a foul "
            f"({EIGHT_ON_BREAK_FOUL}): {p2} spots the 8 and plays with ball in "
            "hand behind the head string, or re-racks and breaks."
            if fouled
            else f"The 8 was pocketed on the break, no foul ({EIGHT_ON_BREAK}): "
            f"{p2} spots the 8 and plays on, or re-racks and breaks (the text's words: the "
            "opponent chooses)."
            if rule == "opponent"
            else f"The 8 was pocketed on the break, no foul ({EIGHT_ON_BREAK}): "
            f"{p1} spots the 8 and keeps shooting, or re-racks and breaks again "
            "(WPA 3.4: the breaker chooses)."
        ),
        extras=RulingExtras(
            choice_context=(
                ChoiceContext.EIGHT_ON_BREAK_FOUL if fouled else ChoiceContext.EIGHT_ON_BREAK
            )
        ),
    )


def balls_off_on_break(call: BreakCall) -> Outcome | None:
    """« Si des billes sont éjectées de la surface de jeu, c'est une faute… »: they count as
    pocketed (the 8 is spotted); the opponent accepts the table or takes ball in hand behind
    the head string (in hand at once when the cue ball went down or off too)."""
    stroke = call.stroke
    off = stroke.balls_off
    objects_off = sorted(b for b in off if b != 0) if off else []
    if not objects_off:
        return None
    cue_gone = stroke.facts.cue_ball_pocketed or 0 in off
    spot = (stroke.game.spot_on_foot(stroke.final, 8),) if 8 in objects_off else ()
    notes = ("The 8 left the table on the break: it is spotted.",) if spot else ()
    p2 = stroke.opponent_name
    return Outcome(
        to_spot=spot,
        next_to_play=stroke.opponent,
        ball_in_hand=BallInHand.BEHIND_HEAD_STRING if cue_gone else BallInHand.NONE,
        options=() if cue_gone else (Choice.ACCEPT_TABLE, Choice.TAKE_BALL_IN_HAND),
        next_phase=Phase.OPEN_TABLE,
        next_ball_on=balls_on_after(stroke.opponent, stroke.final, spot, _OPEN),
        reason=(
            f"Foul on the break: ball(s) left the table and count as pocketed: {p2} "
            + (
                "has ball in hand behind the head string."
                if cue_gone
                else "may accept the table as it lies or take ball in hand behind the head string."
            )
        ),
        notes=notes,
        extras=RulingExtras(choice_context=ChoiceContext.OFF_TABLE_ON_BREAK),
    )


def illegal_break(call: BreakCall) -> Outcome | None:
    """« Casse irrégulière »: nothing pocketed and fewer than four object balls to a cushion;
    the opponent accepts the table, re-racks and breaks, or has the breaker break again."""
    shortfall = call.shortfall
    if shortfall is None:
        return None
    stroke = call.stroke
    p1, p2 = stroke.shooter_name, stroke.opponent_name
    return Outcome(
        next_to_play=stroke.opponent,
        ball_in_hand=BallInHand.BEHIND_HEAD_STRING if call.fouls else BallInHand.NONE,
        options=(Choice.ACCEPT_TABLE, Choice.RERACK_AND_BREAK, Choice.RERACK_OPPONENT_BREAKS),
        next_phase=Phase.OPEN_TABLE,
        next_ball_on=balls_on_after(stroke.opponent, stroke.final, (), _OPEN),
        reason=(
            f"Illegal break ({EIGHT_ILLEGAL_BREAK_CHOICE}): {p2} may accept the table, "
            f"re-rack and break, or re-rack and let {p1} break again."
        ),
        notes=(f"{shortfall.message} ({shortfall.evidence}).",),
        extras=RulingExtras(choice_context=ChoiceContext.ILLEGAL_BREAK),
    )


def foul_on_break(call: BreakCall) -> Outcome | None:
    """WPA 3.5: any other foul on the break: the balls pocketed stay down, the table is open,
    the opponent has ball in hand behind the head string."""
    if not call.fouls:
        return None
    stroke = call.stroke
    return Outcome(
        next_to_play=stroke.opponent,
        ball_in_hand=BallInHand.BEHIND_HEAD_STRING,
        next_phase=Phase.OPEN_TABLE,
        next_ball_on=balls_on_after(stroke.opponent, stroke.final, (), _OPEN),
        reason=(
            "Foul on the break: pocketed balls stay down, the table is open, "
            f"{stroke.opponent_name} has ball in hand behind the head string (WPA 3.5)."
        ),
    )


def break_pot_continues(call: BreakCall) -> Outcome | None:
    """« Casse de départ »: a ball pocketed on a legal break keeps the breaker at the table."""
    stroke = call.stroke
    if not stroke.facts.object_balls_pocketed:
        return None
    return Outcome(
        next_to_play=stroke.shooter,
        next_phase=Phase.OPEN_TABLE,
        next_ball_on=balls_on_after(stroke.shooter, stroke.final, (), _OPEN),
        reason=(
            f"Legal break with a ball pocketed: {stroke.shooter_name} keeps shooting; "
            "the table is open."
        ),
    )


def legal_break_passes(call: BreakCall) -> Outcome:
    """« Casse de départ »: a legal break that pockets nothing passes the turn."""
    stroke = call.stroke
    return Outcome(
        next_to_play=stroke.opponent,
        next_phase=Phase.OPEN_TABLE,
        next_ball_on=balls_on_after(stroke.opponent, stroke.final, (), _OPEN),
        reason=(
            "Legal break (four or more object balls to a cushion), nothing pocketed: "
            f"{stroke.opponent_name} to play."
        ),
    )


#: The break's decision steps, in the order the text gives its cases.
BREAK_DECISION = (
    eight_on_break,
    balls_off_on_break,
    illegal_break,
    foul_on_break,
    break_pot_continues,
    legal_break_passes,
)


def judge_eight_ball_break(stroke: PoolStroke[EightBallFields]) -> Ruling:
    """The ruling on an 8-ball break: its fouls, then the first of ``BREAK_DECISION``."""
    fouls = tuple(
        common_fouls(stroke, EIGHT_BREAK_IN_HAND, object_off_clause=EIGHT_OFF_TABLE_BREAK)
    )
    shortfall = four_cushion_shortfall(
        stroke, FoulCode.ILLEGAL_BREAK, EIGHT_ILLEGAL_BREAK, "Illegal break"
    )
    game = stroke.game
    record = ShotRecord(fouls, stroke.final, game.fouls_in_a_row, game.warning_given)
    outcome = first_outcome(BreakCall(stroke, fouls, shortfall), BREAK_DECISION)
    return pool_ruling(stroke, record, outcome)
