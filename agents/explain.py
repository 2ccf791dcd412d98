"""The computer's move in a player's words.

"pot the 3 in the top-right corner, stun for the 4"; "bank the 5 off the foot rail into the
bottom-middle pocket, draw"; "safety: thin the 1, the cue ball to the head rail"; "push out";
"break off: thin a red, the cue ball back to the baulk cushion". Balls are named as players name
them (``rules.wording.ball_words``: a red, the black, the 9), pockets and rails as the window
draws them (``sim.Table.pockets``, ``sim.Table.cushions``).
"""

from __future__ import annotations

import math

import numpy as np

import sim
from agents.levels import ShotFamily
from agents.plans import PlanKind, ShotPlan
from agents.trial import Play
from rules.game import Game
from rules.types import BallInHand, Choice
from rules.wording import ball_words

#: Tip heights beyond these (ball radii) are a draw or a follow; a side offset beyond
#: ``SIDE_WORD`` is named.
DRAW_BELOW = -0.15
FOLLOW_ABOVE = 0.15
SIDE_WORD = 0.1


def ball(game: Game, index: int) -> str:
    """A ball in a sentence: "the 3", "a red", "the black", "the cue ball"."""
    words = ball_words(game.ball_names[index])
    return "a red" if words == "red" else f"the {words}"


def pocket(table: sim.Table, pocket_id: int) -> str:
    """A pocket in a sentence: "the top-right corner", "the bottom-middle pocket"."""
    spec = table.pockets[pocket_id]
    return f"the {spec.name} corner" if spec.kind == "corner" else f"the {spec.name} pocket"


def rail(table: sim.Table, cushion_id: int) -> str:
    """A rail in a sentence: "the foot rail", "the baulk cushion"."""
    name = table.cushions[cushion_id].name
    return f"the {name.split(' (')[0]}"


def cue_action(strike: sim.Strike) -> str:
    """What the tip does: "draw", "follow" or "stun", and any side: "stun with right side"."""
    if strike.b < DRAW_BELOW:
        words = "draw"
    elif strike.b > FOLLOW_ABOVE:
        words = "follow"
    else:
        words = "stun"
    if strike.a > SIDE_WORD:
        words += " with right side"
    elif strike.a < -SIDE_WORD:
        words += " with left side"
    return words


def nearest_rail(table: sim.Table, xy: np.ndarray) -> str:
    """The rail nearest to a point, in a sentence."""
    distances = table.cushion_distances(np.asarray(xy, dtype=float).reshape(1, 2))[0]
    rails = [c for c in table.cushions if c.kind == "rail"]
    best = min(rails, key=lambda c: float(distances[c.id]))
    return rail(table, best.id)


def _contact(strike: sim.Strike, state: sim.BallState, target: int, radius: float) -> str:
    """How full the cue ball meets ``target``: "full", "half-ball", "thin"."""
    cue, ball_at = np.asarray(state.pos[0]), np.asarray(state.pos[target])
    away = ball_at - cue
    heading = np.array([math.cos(math.radians(strike.phi)), math.sin(math.radians(strike.phi))])
    miss = abs(float(heading[0] * away[1] - heading[1] * away[0])) / (2 * radius)
    if miss < 0.25:
        return "full on"
    return "half-ball on" if miss < 0.65 else "thin"


def describe_shot(game: Game, plan: ShotPlan, zero: Play, next_ball: int | None) -> str:
    """``plan`` in a player's words; ``zero`` is its zero-noise play (where the cue ball goes),
    ``next_ball`` the ball it plays position for (None: none named)."""
    table = game.table
    if plan.kind is PlanKind.PUSH_OUT:
        return "push out" + _cue_ball_to(game, zero)
    if plan.kind is PlanKind.BREAK:
        if plan.target is not None and game.ball_in_hand is BallInHand.IN_D:
            return (
                "break off: thin " + ball(game, plan.target) + _cue_ball_to(game, zero, "back to")
            )
        return "break: " + ("hard " if plan.strike.speed >= 8.0 else "") + cue_action(plan.strike)
    if plan.kind is PlanKind.SAFETY or plan.potted is None or plan.pocket is None:
        if plan.target is None:
            return "safety" + _cue_ball_to(game, zero)
        state = game.state_for_shot(plan.cue_ball_at)
        how = _contact(plan.strike, state, plan.target, table.ball_radius)
        return f"safety: {how} {ball(game, plan.target)}" + _cue_ball_to(game, zero)
    where = pocket(table, plan.pocket)
    if plan.family is ShotFamily.BANK and plan.rail is not None:
        text = f"bank {ball(game, plan.potted)} off {rail(table, plan.rail)} into {where}"
    elif plan.family is ShotFamily.KICK and plan.rail is not None:
        text = f"kick off {rail(table, plan.rail)} to pot {ball(game, plan.potted)} in {where}"
    elif plan.family is ShotFamily.COMBINATION and plan.target is not None:
        text = f"combination: {ball(game, plan.target)} onto {ball(game, plan.potted)} into {where}"
    elif plan.family is ShotFamily.CAROM and plan.via is not None:
        text = f"carom {ball(game, plan.potted)} off {ball(game, plan.via)} into {where}"
    else:
        text = f"pot {ball(game, plan.potted)} in {where}"
    ruling = zero.ruling
    if ruling is not None and ruling.frame_over:
        return f"{text} to win the {game.frame_word}"
    action = cue_action(plan.strike)
    if next_ball is not None:
        return f"{text}, {action} for {ball(game, next_ball)}"
    return f"{text}, {action}"


def _cue_ball_to(game: Game, zero: Play, verb: str = "to") -> str:
    """ ", the cue ball to the head rail" from the zero-noise play, or "" when it was lost."""
    ruling = zero.ruling
    if ruling is None or ruling.final is None or not ruling.final.on_table[0]:
        return ""
    where = nearest_rail(game.table, np.asarray(ruling.final.pos[0]))
    return f", the cue ball {verb} {where}"


def describe_choice(choice: Choice, context: str) -> str:
    """A choice in a player's words (the referee's own: ``Choice.words_in``)."""
    return choice.words_in(context)
