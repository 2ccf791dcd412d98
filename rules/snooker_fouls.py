"""Snooker fouls, one family per function, each naming its clause.

Clauses are cited as ``§n.k`` (item k of section n of the French snooker text) and
"WPBSA x.y" (the official rule book). Every function here is pure: it reads a ``StrokeContext``
(what the referee knows of the stroke: the game before it, the declaration, the log's facts)
and returns the fouls it finds as a tuple, in the order the rules list them. ``find_fouls``
runs the families in that order.

Penalties (§11): every foul costs at least ``MIN_PENALTY`` points; "the value of the ball on"
is 1 while reds are on, the nominated colour's value after a red, the colour on's value in the
colours; a free ball takes the value of the ball on (§9.3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from rules.clauses import Clause
from rules.placement import is_in_d, rested
from rules.snooker_clauses import CLAUSES, DECLARABLE
from rules.snooker_geometry import (
    BALL_INDEX,
    RED_INDICES,
    is_snookered_by,
)
from rules.snooker_stroke import Stroke, StrokeContext
from rules.types import BallInHand, DeclaredFoul, Foul, Phase
from rules.values import quick_init

if TYPE_CHECKING:
    from sim.balls import BallState

#: Smallest penalty of any foul (§11, "quatre points").
MIN_PENALTY = 4
#: Penalty of the fouls of §11.4.
SEVEN_POINT_PENALTY = 7
#: Fouls of failing to hit the ball on first: the candidates for a miss (paragraph after §3.10).
MISS_CODES = frozenset(
    {"missed_all", "wrong_ball_first", "simultaneous", "reds_successive", "free_ball_not_first"}
)


def make_foul(
    code: str, message: str, penalty: int, evidence: str = "", event: int | None = None
) -> Foul:
    """The ``Foul`` of ``code`` under its clause (``CLAUSES`` or ``DECLARABLE``), its penalty
    raised to ``MIN_PENALTY`` (§11)."""
    clause = CLAUSES.get(code) or DECLARABLE[code][0]
    return Foul(code, clause, message, evidence, event, max(MIN_PENALTY, penalty))


def placement_fouls(ctx: StrokeContext) -> tuple[Foul, ...]:
    """§4 / §11.1: a cue ball in hand must be played from on or inside the D."""
    if ctx.ball_in_hand is not BallInHand.IN_D or not ctx.on0[0]:
        return ()
    x, y = float(ctx.pos0[0, 0]), float(ctx.pos0[0, 1])
    if is_in_d(ctx.table, (x, y)):
        return ()
    return (
        make_foul(
            "bad_placement",
            "Foul: the cue ball was not played from on or inside the D",
            ctx.stroke.value_on,
            f"cue ball at ({x:.4f}, {y:.4f}) m",
        ),
    )


@quick_init
@dataclass(frozen=True)
class PushedBall:
    """A ball touching the cue ball that the stroke drove into (§7.2): ``ball``, and the logged
    contact that moved it (``event`` None when only the strike's direction shows it)."""

    ball: int
    event: int | None


def strike_heads_into(cue: np.ndarray, other: np.ndarray, phi_deg: float, radius: float) -> bool:
    """True when a cue ball at ``cue`` (m) sent along ``phi_deg`` (degrees from +x) meets the
    ball at ``other`` before anything else can happen: ``other`` lies in its swept path, i.e.
    ``u . d > sqrt(D^2 - 4 R^2)`` with ``d = other - cue``, ``D = |d|``, ``u`` the direction.
    For a touching ball (``D - 2R`` up to ``TOUCHING_GAP``) this is any direction within about
    86 degrees of the line of centres."""
    d = np.asarray(other, dtype=float) - np.asarray(cue, dtype=float)
    dist2 = float(d[0] * d[0] + d[1] * d[1])
    phi = np.radians(phi_deg)
    along = float(d[0] * np.cos(phi) + d[1] * np.sin(phi))
    return along > 0.0 and along * along > dist2 - 4.0 * radius * radius


def pushed_balls(ctx: StrokeContext) -> tuple[PushedBall, ...]:
    """§7.2 « le joueur doit s'en écarter, sinon il y a queutage »: the touching balls the
    stroke moved, whatever their gap within ``TOUCHING_GAP``. A touching ball is pushed when the
    cue ball's first collision of the stroke (with a ball or a cushion, in the log) is with it,
    or when the strike's direction (``ctx.strike_phi``) sends the cue ball into it."""
    if not ctx.touching:
        return ()
    cue_rows = [c.event for c in ctx.facts.contacts if 0 in (c.ball, c.other)]
    cue_rows += [h.event for h in ctx.facts.cushion_hits if h.ball == 0]
    first_row = min(cue_rows, default=None)
    met_first = {
        (c.other if c.ball == 0 else c.ball): c.event
        for c in ctx.facts.contacts
        if c.event == first_row and 0 in (c.ball, c.other)
    }
    pushed = []
    for b in ctx.touching:
        if b in met_first:
            pushed.append(PushedBall(b, met_first[b]))
        elif ctx.strike_phi is not None and strike_heads_into(
            ctx.pos0[0], ctx.pos0[b], ctx.strike_phi, ctx.radius
        ):
            pushed.append(PushedBall(b, None))
    return tuple(pushed)


def push_stroke_fouls(ctx: StrokeContext) -> tuple[Foul, ...]:
    """§7.2 / §11.2: moving a ball that touches the cue ball is a push stroke; it costs the
    value of the ball on or of the ball pushed, the higher."""
    fouls = []
    for p in pushed_balls(ctx):
        evidence = (
            ctx.words(p.event)
            if p.event is not None
            else f"the strike sent the cue ball into {ctx.name(p.ball)}"
        )
        fouls.append(
            make_foul(
                "push_stroke_touching",
                f"Foul: push stroke, {ctx.name(p.ball)} was touching the cue ball and was moved",
                max(ctx.stroke.value_on, ctx.value(p.ball)),
                evidence,
                p.event,
            )
        )
    return tuple(fouls)


def first_balls_hit(ctx: StrokeContext) -> frozenset[int]:
    """The balls counted as hit first: the log's first contact, or, when the cue ball touched
    a ball on and was played away without a push, that ball (§7: "deemed to have hit")."""
    stroke = ctx.stroke
    free = stroke.free
    touching_on = [
        b
        for b in ctx.touching
        if (b == free)
        or (
            free is None
            and b in stroke.balls_on
            and (stroke.phase is not Phase.COLOUR_AFTER_RED or b == stroke.nominated)
        )
    ]
    if touching_on and not pushed_balls(ctx):
        return frozenset({touching_on[0]})
    return frozenset(ctx.facts.first_contact_balls)


def first_contact_fouls(ctx: StrokeContext) -> tuple[Foul, ...]:
    """§3.3, §5, §9.4, §11.4: the first ball hit must be a ball on (the free ball when one is
    played); a red after a potted red, or two balls at once (unless both reds), is a foul."""
    stroke = ctx.stroke
    free = stroke.free
    on_value = stroke.value_on
    first = first_balls_hit(ctx)
    contact = ctx.facts.first_contact
    event = contact.event if contact is not None else None
    if not first:
        return (make_foul("missed_all", "Foul: the cue ball hit no object ball", on_value),)
    biggest = max([on_value, *(ctx.value(b) for b in first)])
    if free is not None:
        legal_first = set(stroke.balls_on) | {free}
        if free in first and first <= legal_first:
            return ()
        if free in first:  # the free ball and a ball not on at once (§5)
            balls = " and ".join(ctx.name(b) for b in sorted(first))
            message = f"Foul: the cue ball hit {balls} simultaneously"
            return (make_foul("simultaneous", message, biggest, ctx.words(event), event),)
        message = f"Foul: the cue ball did not hit the free ball ({ctx.name(free)}) first"
        return (make_foul("free_ball_not_first", message, biggest, ctx.words(event), event),)
    if stroke.phase is Phase.COLOUR_AFTER_RED and any(b in RED_INDICES for b in first):
        message = "Foul: a red was played on the stroke after a potted red"
        return (
            make_foul("reds_successive", message, SEVEN_POINT_PENALTY, ctx.words(event), event),
        )
    if len(first) > 1 and not all(b in RED_INDICES for b in first):
        balls = " and ".join(ctx.name(b) for b in sorted(first))
        message = f"Foul: the cue ball hit {balls} simultaneously"
        return (make_foul("simultaneous", message, biggest, ctx.words(event), event),)
    if not first <= stroke.balls_on:
        wrong = sorted(first - stroke.balls_on)
        message = f"Foul: first contact was {ctx.name(wrong[0])}, not a ball on"
        penalty = max([on_value, *(ctx.value(b) for b in wrong)])
        return (make_foul("wrong_ball_first", message, penalty, ctx.words(event), event),)
    return ()


def cue_ball_pocketed_fouls(ctx: StrokeContext) -> tuple[Foul, ...]:
    """§11.1 (WPBSA 3.3): the cue ball went into a pocket."""
    if 0 not in ctx.potted:
        return ()
    pocketing = ctx.facts.pocketing_of(0)
    event = pocketing.event if pocketing is not None else None
    message = "Foul: the cue ball went into a pocket"
    return (make_foul("cue_ball_pocketed", message, ctx.stroke.value_on, ctx.words(event), event),)


def off_table_fouls(ctx: StrokeContext) -> tuple[Foul, ...]:
    """§11.2: a ball forced off the table, the cue ball included (WPBSA 3.12(e)), costs the
    value of the ball on or of that ball, the higher: read off its ``OFF_TABLE`` row, or
    declared by a player for a ball the engine kept on the table."""
    on_value = ctx.stroke.value_on
    fouls = []
    for b in sorted(ctx.off_table):
        flown = ctx.facts.off_table_of(b)
        event = None if flown is None else flown.event
        fouls.append(
            make_foul(
                "ball_off_table",
                f"Foul: {ctx.name(b)} left the table",
                on_value if b == 0 else max(on_value, ctx.value(b)),
                "declared by a player" if event is None else ctx.words(event),
                event,
            )
        )
    return tuple(fouls)


def jump_shot_fouls(ctx: StrokeContext) -> tuple[Foul, ...]:
    """§11.1 (WPBSA 2.19, 3.12(a)): a jump shot costs the value of the ball on. Read off the
    cue ball's flights: before its first contact, over an object ball
    (``ShotFacts.cue_ball_jumps``); after it, over the very ball it hit, landing on that ball's
    far side before meeting anything else (``ShotFacts.cue_ball_jump_over_hit``: definition
    2.19 excuses only a flight that does not land beyond the ball hit, a jump over another ball
    after the first, and a jump over the ball on after a cushion or another ball). A jump
    declared by a player is judged as declared."""
    if DeclaredFoul.JUMP_SHOT.value in ctx.declaration.declared_fouls:
        return ()
    facts = ctx.facts
    if facts.cue_ball_jumps:
        jump = facts.cue_ball_jumps[0]
        before = " before hitting a ball" if facts.first_contact is not None else ""
        message = f"Foul: a jump shot, the cue ball flew over {ctx.name(jump.ball)}{before}"
    else:
        over_hit = facts.cue_ball_jump_over_hit
        if over_hit is None:
            return ()
        jump = over_hit
        message = (
            f"Foul: a jump shot, the cue ball flew over {ctx.name(jump.ball)} after hitting it "
            "and landed beyond it"
        )
    return (
        make_foul("jump_shot", message, ctx.stroke.value_on, ctx.words(jump.event), jump.event),
    )


def pottable_balls(stroke: Stroke) -> frozenset[int]:
    """The balls that may be potted: after a red only the nominated colour (none when nothing
    was nominated), else the balls on; and the free ball (§3.5, §9.5)."""
    if stroke.phase is Phase.COLOUR_AFTER_RED:
        pottable = {stroke.nominated} if stroke.nominated is not None else set()
    else:
        pottable = set(stroke.balls_on)
    if stroke.free is not None:
        pottable.add(stroke.free)
    return frozenset(pottable)


def potted_not_on_fouls(ctx: StrokeContext) -> tuple[Foul, ...]:
    """§11.2 (WPBSA 3.3, 3.4): a ball potted that was not on."""
    pottable = pottable_balls(ctx.stroke)
    fouls = []
    for b in ctx.object_potted:
        if b in pottable:
            continue
        pocketing = ctx.facts.pocketing_of(b)
        event = pocketing.event if pocketing is not None else None
        fouls.append(
            make_foul(
                "potted_not_on",
                f"Foul: {ctx.name(b)} was potted and was not on",
                max(ctx.stroke.value_on, ctx.value(b)),
                ctx.words(event),
                event,
            )
        )
    return tuple(fouls)


def declared_fouls(ctx: StrokeContext) -> tuple[Foul, ...]:
    """§11: the fouls a player declares (a simulation cannot see them), by code. A foul of
    §11.2 costs the value of the ball on or of the ball concerned, when the declaration names
    one (``Declaration.ball_concerned``), the higher."""
    fouls = []
    concerned = ctx.declaration.ball_concerned
    for code in sorted(ctx.declaration.declared_fouls):
        clause, rule = DECLARABLE[code]
        penalty = SEVEN_POINT_PENALTY if rule == "seven" else ctx.stroke.value_on
        evidence = "declared by a player"
        if rule == "concerned" and concerned is not None:
            penalty = max(penalty, ctx.value(concerned))
            evidence += f", the ball concerned: {ctx.name(concerned)}"
        fouls.append(make_foul(code, f"Foul: {declared_words(clause)}", penalty, evidence))
    return tuple(fouls)


def declared_words(clause: Clause) -> str:
    """A declared foul's call after "Foul: ", in English: the clause's English without its
    section ("snooker §11.1: no foot on the floor" -> "no foot on the floor"); the call is
    read in the window, the shot list and ``cuesim shot``, never the French quote."""
    return clause.english.partition(": ")[2] or clause.english


def final_positions(ctx: StrokeContext) -> BallState:
    """Where the balls stopped (``result.final``), the balls declared off the table removed."""
    on = np.asarray(ctx.final.on_table)
    return rested(ctx.final, ((b, None) for b in sorted(ctx.off_table) if bool(on[b])))


def free_ball_snooker_fouls(ctx: StrokeContext, final: BallState) -> tuple[Foul, ...]:
    """§9.4 / §11.1: a free ball must not snooker the cue ball on the ball(s) on, judged where
    the balls stop (except when only the pink and black are left). Called on a stroke without
    any other foul, and only when nothing was scored (WPBSA 3.12(c): "unless ... a ball on is
    potted"): after a fair pot the striker plays on."""
    free = ctx.stroke.free
    if free is None or ctx.cue_gone or ctx.object_potted:
        return ()
    pos = np.asarray(final.pos, dtype=float)
    on = np.asarray(final.on_table, dtype=bool)
    pink_and_black = {BALL_INDEX["pink"], BALL_INDEX["black"]}
    if ctx.facts.on_table_before - {0} == pink_and_black:
        return ()
    targets = [b for b in ctx.stroke.balls_on if on[b]]
    if not targets or not is_snookered_by(pos[0], targets, free, pos, on, ctx.radius):
        return ()
    return (
        make_foul(
            "snookered_with_free_ball",
            f"Foul: the free ball ({ctx.name(free)}) snookers the cue ball on the ball on",
            ctx.stroke.value_on,
            f"cue ball at rest at ({pos[0, 0]:.4f}, {pos[0, 1]:.4f}) m",
        ),
    )


def no_nomination_fouls(ctx: StrokeContext) -> tuple[Foul, ...]:
    """§11.4: a foul after a potted red, before a colour was nominated. Called on a stroke
    with another foul."""
    if ctx.stroke.phase is not Phase.COLOUR_AFTER_RED or ctx.stroke.nominated is not None:
        return ()
    message = "Foul: a foul after a potted red, before a colour was nominated"
    return (make_foul("no_nomination", message, SEVEN_POINT_PENALTY),)


def find_fouls(ctx: StrokeContext, final: BallState) -> tuple[Foul, ...]:
    """Every foul of the stroke, in the order the rules list them: placement (§4), push stroke
    (§7.2), first contact (§3.3, §5, §9.4, §11.4), cue ball pocketed (§11.1), balls off the
    table (§11.2), a jump shot (§11.1), balls potted not on (§11.2), declared (§11); then, on
    an otherwise fair stroke, the free ball snookering (§9.4); then, on a foul, the missing
    nomination (§11.4)."""
    fouls = (
        placement_fouls(ctx)
        + push_stroke_fouls(ctx)
        + first_contact_fouls(ctx)
        + cue_ball_pocketed_fouls(ctx)
        + off_table_fouls(ctx)
        + jump_shot_fouls(ctx)
        + potted_not_on_fouls(ctx)
        + declared_fouls(ctx)
    )
    if not fouls:
        fouls = free_ball_snooker_fouls(ctx, final)
    if fouls:
        fouls += no_nomination_fouls(ctx)
    return fouls
