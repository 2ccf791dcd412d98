"""The window's sentences for a player, without pygame: where the cue ball may not go, a ball
or a pocket by the name a player reads."""

from __future__ import annotations

import rules
from rules.placement import is_in_zone, touching_balls
from rules.types import BallInHand
from rules.wording import ball_words


def ball_name(game: rules.Game, ball: int) -> str:
    """Ball ``ball`` of ``game`` for a sentence: "the 8", "the yellow", "a red", "the cue
    ball"."""
    words = ball_words(str(game.ball_names[ball]))
    alike = sum(ball_words(name) == words for name in game.ball_names)
    return f"a {words}" if alike > 1 else f"the {words}"


def pocket_name(name: str) -> str:
    """A pocket (``Table.pockets[i].name``, named as drawn) in a sentence: "the bottom-right
    pocket"."""
    return f"the {name} pocket"


def call_words(game: rules.Game, ball: int, pocket: str) -> str:
    """A called shot (``ball`` into the pocket named ``pocket``) as a player says it:
    "the 13, top-middle pocket" (WPA 8-ball 3.5, the called ball and pocket)."""
    return f"{ball_name(game, ball)}, {pocket} pocket"


#: Where a cue ball in hand may go, in the aim prompt's few words ("ball in hand behind the
#: head string").
PROMPT_ZONE_WORDS = {
    BallInHand.ANYWHERE: "anywhere",
    BallInHand.BEHIND_HEAD_STRING: "behind the head string",
    BallInHand.IN_D: "in the D",
}
#: Where a cue ball in hand may go, as a player reads it (the rule tester's words, with the
#: zone's numbers in metres, are ``rules.placement.zone_words``).
PLAYER_ZONE_WORDS = {
    BallInHand.ANYWHERE: "anywhere on the cloth",
    BallInHand.BEHIND_HEAD_STRING: "behind the head string",
    BallInHand.IN_D: "in the D, on or inside its semicircle",
}


def placement_refusal(game: rules.Game, xy: tuple[float, float]) -> str | None:
    """Why the cue ball in hand may not go to ``xy`` (m), in a player's words ("Illegal
    cue-ball placement: it would touch the 8."), or None when it may."""
    problem = game.placement_problem(xy)
    if problem is None:
        return None
    table, zone = game.table, game.ball_in_hand
    where = PLAYER_ZONE_WORDS.get(zone, "nowhere: the cue ball is not in hand")
    x, y = float(xy[0]), float(xy[1])
    if not table.contains_ball(x, y):
        why = "that spot is off the cloth"
    elif not is_in_zone(table, (x, y), zone):
        why = f"the cue ball must go {where}"
    else:
        touched = touching_balls(game.state, (x, y), float(table.ball_radius), ignore=0)
        why = f"it would touch {ball_name(game, int(touched[0]))}" if touched else problem
        return f"Illegal cue-ball placement: {why}. Move it a little."
    return f"Illegal cue-ball placement: {why}."


def choice_label(choice: rules.Choice, game: rules.Game) -> str:
    """A choice's button: short, and in hot-seat play naming who breaks after a re-rack (the
    player choosing is ``game.to_play``; "I" and "you" would not say who is meant)."""
    chooser = game.players[game.to_play]
    other = game.players[game.other(game.to_play)] if len(game.players) == 2 else "the other"
    labels = {
        "accept_table": "Accept the table",
        "hand_back": "Hand it back",
        "rerack_and_break": f"Re-rack, {chooser} breaks",
        "rerack_opponent_breaks": f"Re-rack, {other} breaks",
        "spot_eight_and_play": "Spot the 8 and play",
        "take_ball_in_hand": "Ball in hand",
        "replace_and_replay": "Replace the balls",
    }
    return labels.get(choice.value, choice.value.replace("_", " ").capitalize())


#: The fouls a 2-D simulator cannot see, in a player's words, by ``rules.DeclaredFoul`` code (and
#: the snooker referee's own codes); a code missing here is shown with its underscores as spaces.
FOUL_WORDS = {
    "foot_off_floor": "No foot on the floor at the strike",
    "ball_touched": "A ball touched or moved (hand, cue, clothing)",
    "double_hit": "Double hit / push shot",
    "cue_on_table": "Cue laid on the table to sight a line",
    "out_of_turn": "Played out of turn",
    "slow_play": "Shot clock exceeded",
    "played_object_ball": "Struck an object ball, not the cue ball",
    "cue_ball_moved_while_positioning": "Cue ball hit a ball while being placed",
    "full_pocket": "Cue ball touched a ball in a full pocket",
    "jump_with_draw": "Cue ball jumped by a hit below centre",
    "balls_moving": "Played while a ball was still moving",
    "bad_placement": "Cue ball in hand played from outside the zone",
    "jump_shot": "Jump shot (the cue ball jumped a ball)",
    "push_stroke": "Push stroke",
    "ball_misplaced": "Played while a ball was wrongly spotted",
    "used_ball_off_table": "Used a ball off the table (to measure, ...)",
}


def foul_words(code: str) -> str:
    """A declarable foul's code in a player's words (see ``FOUL_WORDS``)."""
    return FOUL_WORDS.get(code, code.replace("_", " ").capitalize())
