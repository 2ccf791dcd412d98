"""Pool fouls, one family per function, each citing its clause (the common list of the 9-ball
and 8-ball texts, « Liste des fautes », and the break's and each game's first-ball rules).

Every function is pure: it reads a :class:`rules.pool_judge.PoolStroke` (the game before the
shot, the log's facts, the declaration, the result) and returns the fouls it finds, in the
order the texts list them. :func:`common_fouls` runs the families both games share; each game's
judge adds its first-ball and cushion rules (:func:`wrong_ball_foul`, :func:`no_cushion_foul`,
:func:`four_cushion_shortfall`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.placement import is_behind_head_string
from rules.pool import DECLARED_WORDS, FoulCode
from rules.pool_clauses import (
    CLAUSE_CUE_POCKETED,
    CLAUSE_JUMP_WITH_DRAW,
    CLAUSE_NO_CUSHION,
    CLAUSE_OBJECT_OFF,
)
from rules.types import BallInHand, DeclaredFoul, Foul, Phase
from rules.wording import count_words, numbered_balls

if TYPE_CHECKING:
    from rules.pool_judge import PoolStroke


def cue_ball_fouls(stroke: PoolStroke[Any]) -> list[Foul]:
    """« Bille blanche empochée ou éjectée hors de la surface de jeu »: the cue ball's
    pocketing row, else its ``OFF_TABLE`` row or a player's declaration."""
    facts, names = stroke.facts, stroke.game.ball_names
    pocketing = facts.pocketing_of(0)
    if pocketing is not None:
        return [
            Foul(
                FoulCode.CUE_BALL_POCKETED,
                CLAUSE_CUE_POCKETED,
                "Foul: the cue ball was pocketed",
                facts.describe_event(pocketing.event, names),
                pocketing.event,
            )
        ]
    if 0 not in stroke.balls_off:
        return []
    flown = facts.off_table_of(0)
    return [
        Foul(
            FoulCode.CUE_BALL_OFF_TABLE,
            CLAUSE_CUE_POCKETED,
            "Foul: the cue ball left the playing surface",
            "declared by a player" if flown is None else facts.describe_event(flown.event, names),
            None if flown is None else flown.event,
        )
    ]


def object_off_fouls(stroke: PoolStroke[Any], clause: str = CLAUSE_OBJECT_OFF) -> list[Foul]:
    """« Bille de but éjectée de la surface de jeu » (8-ball's break: its own clause,
    ``clause``): object balls sent off by the engine (their ``OFF_TABLE`` rows) or declared,
    as one foul naming them all."""
    off = stroke.balls_off
    objects_off = sorted(b for b in off if b != 0) if off else []
    if not objects_off:
        return []
    game, facts = stroke.game, stroke.facts
    listed = ", ".join(game.name_of(b) for b in objects_off)
    flights = [o for o in facts.off_table if o.ball != 0]
    declared = [game.name_of(b) for b in objects_off if b not in facts.balls_off_table]
    evidence = [facts.describe_event(o.event, game.ball_names) for o in flights]
    if declared:
        by_hand = f": {', '.join(declared)}" if flights else ""
        evidence.append(f"declared by a player{by_hand}")
    return [
        Foul(
            FoulCode.OBJECT_BALL_OFF_TABLE,
            clause,
            f"Foul: {listed} left the playing surface",
            "; ".join(evidence),
            flights[0].event if flights else None,
        )
    ]


def placement_fouls(stroke: PoolStroke[Any], clause: str) -> list[Foul]:
    """A cue ball in hand behind the head string played from in front of it (geometry: its
    centre at t = 0), under ``clause`` (9-ball's and 8-ball's break, 8-ball's placement)."""
    game = stroke.game
    if game.ball_in_hand is not BallInHand.BEHIND_HEAD_STRING:
        return []
    if 0 not in stroke.facts.on_table_before:
        return []
    x, y = stroke.facts.cue_start
    if is_behind_head_string(game.table, (x, y)):
        return []
    code = (
        FoulCode.BREAK_NOT_BEHIND_HEAD_STRING
        if game.phase is Phase.BREAK
        else FoulCode.BAD_PLACEMENT
    )
    return [
        Foul(
            code,
            clause,
            "Foul: the cue ball was in hand behind the head string but was played from in front "
            "of it",
            f"cue ball centre at y = {y:.4f} m at the strike; the head string is at "
            f"y = {float(game.table.head_string_y):.4f} m",
        )
    ]


def declared_fouls(stroke: PoolStroke[Any]) -> list[Foul]:
    """Every foul a player declared (those a simulation cannot see), under its clause
    (``Game.declarable_fouls``), in code order."""
    codes = stroke.declaration.declared_fouls
    if not codes:
        return []
    allowed = stroke.game.declarable_fouls()
    return [
        Foul(
            str(code),
            allowed[code],
            f"Foul: {DECLARED_WORDS.get(code, str(code))}",
            "declared by a player",
        )
        for code in sorted(codes)
    ]


#: How far below the cue ball's centre the tip must strike (``-Strike.b``, ball radii) to be
#: "below its centre": a smaller offset is a centre-ball hit, as a referee sees it (0.6 mm on a
#: pool ball; the lab's jitter, 0.002 R, stays inside it; the window's smallest step of the
#: tip is 0.05 R, beyond it).
BELOW_CENTRE = 0.02


def jump_with_draw_fouls(stroke: PoolStroke[Any]) -> list[Foul]:
    """« La blanche saute en jouant en dessous de son centre »: the strike's tip met the cue
    ball below its centre (``Strike.b < -BELOW_CENTRE``, the offset in the plane across the
    cue, as the player aims it) and the cue ball left the cloth at the strike
    (``ShotFacts.cue_ball_launch``). Judged when the result carries its strike (every simulated
    shot); a hand-built log without one, or a shot whose jump a player declared
    (``jump_with_draw``), is judged as declared, once."""
    strike = stroke.result.strike
    if strike is None or not strike.b < -BELOW_CENTRE:
        return []
    if DeclaredFoul.JUMP_WITH_DRAW in stroke.declaration.declared_fouls:
        return []
    landing = stroke.facts.cue_ball_launch
    if landing is None:
        return []
    where = stroke.facts.describe_event(landing, stroke.game.ball_names)
    return [
        Foul(
            DeclaredFoul.JUMP_WITH_DRAW.value,
            CLAUSE_JUMP_WITH_DRAW,
            "Foul: the cue ball was made to jump by a hit below centre",
            f"the tip struck {-strike.b:.2f} R below the cue ball's centre (b = {strike.b:.2f}), "
            f"the cue raised {strike.theta:.1f} degrees; the cue ball left the cloth ({where})",
            landing,
        )
    ]


def common_fouls(
    stroke: PoolStroke[Any], placement_clause: str, object_off_clause: str = CLAUSE_OBJECT_OFF
) -> list[Foul]:
    """The fouls both pool games read the same way, in the texts' order: the cue ball pocketed
    or off the table, object balls off the table (under ``object_off_clause``), a cue ball in
    hand played from in front of the head string (under ``placement_clause``), every declared
    foul, and the jump by a hit below centre."""
    return [
        *cue_ball_fouls(stroke),
        *object_off_fouls(stroke, object_off_clause),
        *placement_fouls(stroke, placement_clause),
        *declared_fouls(stroke),
        *jump_with_draw_fouls(stroke),
    ]


def wrong_ball_foul(
    stroke: PoolStroke[Any],
    on: frozenset[int],
    on_words: str,
    clause: str,
    miss_clause: str | None = None,
    wrong_code: str = FoulCode.WRONG_BALL_FIRST,
) -> Foul | None:
    """The foul for a first contact that is not one of ``on`` (or no contact at all), or
    None. A first contact shared (simultaneous) with a ball on counts as hitting the ball
    on. ``clause`` is cited for a wrong first ball, under the code ``wrong_code``;
    ``miss_clause`` (``clause`` when None) for no contact at all: the French texts list no
    separate miss, so a game names the clause that says which ball must be hit first."""
    facts = stroke.facts
    first = facts.first_contact
    if first is None:
        return Foul(
            FoulCode.NO_BALL_HIT,
            clause if miss_clause is None else miss_clause,
            f"Foul: the cue ball hit no ball; {on_words}",
            "no ball-ball contact of the cue ball in the log",
        )
    if facts.first_contact_balls & on:
        return None
    return Foul(
        wrong_code,
        clause,
        f"Foul: first contact was {stroke.game.name_of(first.other)}; {on_words}",
        facts.describe_event(first.event, stroke.game.ball_names),
        first.event,
    )


def with_first_contact_foul(fouls: list[Foul], foul: Foul) -> list[Foul]:
    """``fouls`` with ``foul`` (a first-contact foul) listed first, after a pocketed cue ball
    if there is one: the order the rule texts list them. Returns a new list."""
    at = 1 if fouls and fouls[0].code == FoulCode.CUE_BALL_POCKETED else 0
    return [*fouls[:at], foul, *fouls[at:]]


def no_cushion_foul(stroke: PoolStroke[Any]) -> Foul | None:
    """« Pas de bande après contact lorsque aucune bille n'est empochée »: after the first
    contact no ball (cue or object) touched a cushion and no object ball was pocketed."""
    facts = stroke.facts
    first = facts.first_contact
    if first is None or facts.object_balls_pocketed or facts.cushion_after_first_contact:
        return None
    return Foul(
        FoulCode.NO_CUSHION_AFTER_CONTACT,
        CLAUSE_NO_CUSHION,
        "Foul: no ball touched a cushion after the first contact and no ball was pocketed",
        f"no cushion contact after event {first.event} (t = {first.t:.3f} s) and no object "
        "ball pocketed",
        first.event,
    )


def four_cushion_shortfall(
    stroke: PoolStroke[Any], code: str, clause: str, lead: str
) -> Foul | None:
    """The break that pocketed nothing and sent fewer than four object balls to a cushion
    (9-ball triangle rack and 8-ball, "Casse de départ"), as a ``Foul`` whose message starts
    with ``lead``; None when the break pocketed a ball or railed four or more."""
    facts = stroke.facts
    if facts.object_balls_pocketed:
        return None
    railed = facts.object_balls_to_cushion
    if len(railed) >= 4:
        return None
    return Foul(
        code,
        clause,
        f"{lead}: nothing was pocketed on the break and only "
        f"{count_words(len(railed), 'object ball')} reached a cushion; four are needed",
        f"object balls to a cushion: {numbered_balls(railed)}",
    )
