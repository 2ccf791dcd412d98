"""The 8-ball referee after the break as a chain of small steps: one shot in, one ``Ruling``
out (the break's own chain: ``rules.eight_ball_break``).

Each step is a short pure function citing its clause (the French 8-ball text; WPA
world-standardized rules):

1. ``balls_on_for_stroke``: what may be hit first (« Choix du groupe », « Empocher une bille du
   groupe adverse », « L'ordre de l'empoche »);
2. ``play_fouls``: the common list (« Liste des fautes », ``rules.pool_fouls``), the first ball
   hit, a cushion after the contact;
3. ``read_call``: the called ball in the called pocket, a wrong pocket, a safety, the groups
   given on an open table (« La défense », « Choix du groupe »);
4. the decision, the first of ``PLAY_DECISION`` that decides: ``eight_decides_the_rack`` (the
   four ways to lose, « Cas particulier de la perte de la partie »), ``foul_gives_ball_in_hand``,
   ``called_pot_continues``, ``turn_passes``.

The balls on after a shot (``balls_on_after``) serve both chains.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from rules.pool import FoulCode
from rules.pool_clauses import (
    CLAUSE_WRONG_BALL,
    EIGHT_BAD_PLACEMENT,
    EIGHT_GROUP_ASSIGNED,
    EIGHT_LAST,
    EIGHT_LOSS_EARLY,
    EIGHT_LOSS_FOUL,
    EIGHT_LOSS_OFF,
    EIGHT_LOSS_POCKET,
    EIGHT_OPEN_TABLE,
    EIGHT_OWN_GROUP_FIRST,
    EIGHT_SAFETY,
    EIGHT_WRONG_POCKET,
)
from rules.pool_fouls import (
    common_fouls,
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
from rules.types import (
    BallInHand,
    EightBallExtras,
    Foul,
    Group,
    Phase,
    Ruling,
)
from rules.values import once, quick_init

if TYPE_CHECKING:
    from rules.eight_ball_fields import EightBallFields
    from sim.balls import BallState

_CUE = frozenset((0,))
_EIGHT = frozenset((8,))
#: The groups of an open table.
OPEN_TABLE_GROUPS: tuple[Group | None, ...] = (None, None)
#: Each group's balls (``Group.balls``), built once.
GROUP_BALLS: dict[Group, frozenset[int]] = {g: g.balls for g in Group}


def objects_up(state: BallState) -> frozenset[int]:
    """The object balls (index > 0) on the table in ``state``."""
    flags = np.asarray(state.on_table, dtype=bool).tolist()
    return frozenset(i for i in range(1, len(flags)) if flags[i])


def balls_on_among(group: Group | None, up: frozenset[int]) -> frozenset[int]:
    """The balls on for a player of ``group`` (None: open table) with the object balls ``up``
    on the table: any but the 8 on an open table; the own group while any of it is up; the 8
    once the group is cleared (« Choix du groupe », « L'ordre de l'empoche »)."""
    if group is None:
        return up - _EIGHT
    own = GROUP_BALLS[group] & up
    return own if own else (_EIGHT & up)


def balls_on_after(
    player: int, final: BallState, spot: Spots, groups: tuple[Group | None, ...]
) -> frozenset[int]:
    """The balls on for ``player`` once the balls of ``spot`` are spotted on ``final`` (as
    ``EightBallGame.balls_on_for`` of ``with_spots(final, spot)``: only the flags are read)."""
    up = objects_up(final)
    if spot:
        up = up.union(ball for ball, _ in spot)
    return balls_on_among(groups[player], up)


# ---------------------------------------------------------------------- play
@quick_init
@dataclass(frozen=True)
class BallsOn:
    """What the shooter had to hit first: ``on`` (in words ``words``), the clause of a wrong
    first ball and of no ball hit, and whether the group was already cleared."""

    on: frozenset[int]
    words: str
    clause: str
    miss_clause: str
    cleared: bool


def balls_on_for_stroke(stroke: PoolStroke[EightBallFields]) -> BallsOn:
    """The balls on before the shot: any but the 8 on an open table (« Choix du groupe »);
    the own group (« Empocher une bille du groupe adverse »); the 8 once the group is cleared
    (« L'ordre de l'empoche »)."""
    group = stroke.game.groups[stroke.shooter]
    up_before = stroke.facts.on_table_before - _CUE
    if group is None:
        words = "the table was open: any ball but the 8 may be hit first"
        return BallsOn(up_before - _EIGHT, words, EIGHT_OPEN_TABLE, EIGHT_OPEN_TABLE, False)
    own_up = GROUP_BALLS[group] & up_before
    if not own_up:
        return BallsOn(_EIGHT, "the 8 was on", CLAUSE_WRONG_BALL, EIGHT_LAST, True)
    words = f"{group.value} were on"
    return BallsOn(own_up, words, CLAUSE_WRONG_BALL, EIGHT_OWN_GROUP_FIRST, False)


def play_fouls(stroke: PoolStroke[EightBallFields], on: BallsOn) -> list[Foul]:
    """The common list (a cue ball in hand placed outside the zone under « Mauvais placement »),
    then the first ball hit (the 8 first on an open table under its own code) or, when it was
    a ball on, a cushion after the contact."""
    fouls = common_fouls(stroke, EIGHT_BAD_PLACEMENT)
    open_table = stroke.game.groups[stroke.shooter] is None
    code = (
        FoulCode.EIGHT_FIRST_ON_OPEN_TABLE
        if open_table and stroke.facts.first_ball_hit == 8
        else FoulCode.WRONG_BALL_FIRST
    )
    wrong = wrong_ball_foul(stroke, on.on, on.words, on.clause, on.miss_clause, code)
    if wrong is not None:
        return with_first_contact_foul(fouls, wrong)
    no_rail = no_cushion_foul(stroke)
    return fouls if no_rail is None else [*fouls, no_rail]


@quick_init
@dataclass(frozen=True)
class ShotCall:
    """The call read against the shot: the called ball went into the called pocket
    (``called_in``), the groups after the shot, and what the call adds in words."""

    called_in: bool
    groups: tuple[Group | None, ...]
    notes: tuple[str, ...]


def read_call(stroke: PoolStroke[EightBallFields]) -> ShotCall:
    """The call on a shot without a foul: the called ball in the called pocket keeps the table;
    in another pocket it stays down, no foul, the turn passes (« Si la bille annoncée est
    empochée dans la mauvaise poche… »); a safety ends the turn (« La défense »); on an open
    table a legal called pot gives the groups (« Choix du groupe »)."""
    declaration, facts = stroke.declaration, stroke.facts
    notes: list[str] = []
    called = declaration.called_ball
    called_in = False
    if not declaration.safety and called is not None:
        pocketing = facts.pocketing_of(called)
        if pocketing is not None:
            if pocketing.pocket_name == declaration.called_pocket:
                called_in = True
            else:
                notes.append(
                    f"The called {called} went into the {pocketing.pocket_name} pocket, not the "
                    f"called {declaration.called_pocket or ''} pocket: it stays down, "
                    f"no foul, the turn passes ({EIGHT_WRONG_POCKET})."
                )
    if declaration.safety:
        notes.append(
            f"Safety announced ({EIGHT_SAFETY}): pocketed balls stay down, the turn passes."
        )
    groups = stroke.game.groups
    if called_in and groups[stroke.shooter] is None and called is not None:
        mine = Group.SOLIDS if called in GROUP_BALLS[Group.SOLIDS] else Group.STRIPES
        given: list[Group | None] = [None, None]
        given[stroke.shooter] = mine
        given[stroke.opponent] = mine.other
        groups = tuple(given)
        notes.append(
            f"{stroke.shooter_name} takes the {mine.value}, {stroke.opponent_name} the "
            f"{mine.other.value} ({EIGHT_GROUP_ASSIGNED})."
        )
    return ShotCall(called_in, groups, tuple(notes))


@quick_init
@dataclass(frozen=True)
class PlayCall:
    """What the referee found on an 8-ball shot after the break before deciding: the shot, its
    fouls and what was on; the call (``call``) is read only when a step asks for it."""

    stroke: PoolStroke[EightBallFields]
    fouls: tuple[Foul, ...]
    on: BallsOn

    @once
    def call(self) -> ShotCall:
        return read_call(self.stroke)


def eight_ball_loss(call: PlayCall) -> str | None:
    """The four ways to lose with the 8 (« Cas particulier de la perte de la partie »), in
    words with the clause, for a shot that pocketed the 8 or sent it off the table; None when
    the 8 went legally into the called pocket."""
    stroke = call.stroke
    declaration = stroke.declaration
    eight_pocketing = stroke.facts.pocketing_of(8)
    if 8 in stroke.balls_off:
        return f"the 8 left the table ({EIGHT_LOSS_OFF})"
    if not call.on.cleared:
        return (
            f"the 8 was pocketed before {stroke.shooter_name}'s group was cleared "
            f"({EIGHT_LOSS_EARLY})"
        )
    if call.fouls:
        return f"the 8 was pocketed on a foul ({EIGHT_LOSS_FOUL})"
    if (
        declaration.called_ball != 8
        or eight_pocketing is None
        or eight_pocketing.pocket_name != declaration.called_pocket
    ):
        where = eight_pocketing.pocket_name if eight_pocketing is not None else "?"
        called_words = (
            f"the {declaration.called_pocket}" if declaration.called_pocket else "no call was made"
        )
        return (
            f"the 8 went into the {where} pocket, not the called one ({called_words}) "
            f"({EIGHT_LOSS_POCKET})"
        )
    return None


def eight_decides_the_rack(call: PlayCall) -> Outcome | None:
    """The 8 pocketed or off the table ends the rack: lost in the four ways of « Perte de la
    partie », else won (« Le but est d'empocher toutes les billes de son groupe, et ensuite la
    bille n° 8 »)."""
    stroke = call.stroke
    if stroke.facts.pocketing_of(8) is None and 8 not in stroke.balls_off:
        return None
    loss = eight_ball_loss(call)
    if loss is not None:
        return rack_won(stroke.opponent, f"{stroke.shooter_name} loses: {loss}.")
    reason = f"{stroke.shooter_name} pocketed the 8 in the called pocket after clearing the group."
    return rack_won(stroke.shooter, reason)


def foul_gives_ball_in_hand(call: PlayCall) -> Outcome | None:
    """« Liste des fautes »: after a foul the balls pocketed stay down and the opponent has
    ball in hand anywhere."""
    if not call.fouls:
        return None
    stroke = call.stroke
    game = stroke.game
    return Outcome(
        next_to_play=stroke.opponent,
        ball_in_hand=BallInHand.ANYWHERE,
        next_phase=game.phase,
        next_ball_on=balls_on_after(stroke.opponent, stroke.final, (), game.groups),
        reason=(
            f"Foul by {stroke.shooter_name}: pocketed balls stay down; {stroke.opponent_name} "
            "has ball in hand anywhere."
        ),
    )


def _phase_with(groups: tuple[Group | None, ...], player: int) -> Phase:
    return Phase.OPEN_TABLE if groups[player] is None else Phase.GROUPS_ASSIGNED


def called_pot_continues(call: PlayCall) -> Outcome | None:
    """« Déroulement de la partie »: the called ball in the called pocket keeps the shooter at
    the table (with the group it gave on an open table)."""
    shot = call.call
    if not shot.called_in:
        return None
    stroke = call.stroke
    return Outcome(
        next_to_play=stroke.shooter,
        next_phase=_phase_with(shot.groups, stroke.shooter),
        next_ball_on=balls_on_after(stroke.shooter, stroke.final, (), shot.groups),
        reason=(
            f"{stroke.shooter_name} pocketed the called {stroke.declaration.called_ball} in the "
            "called pocket and shoots again."
        ),
        notes=shot.notes,
        extras=EightBallExtras(groups=shot.groups),
    )


def turn_passes(call: PlayCall) -> Outcome:
    """A legal shot without the called pot passes the turn; the balls pocketed stay down (a
    called ball in another pocket: « ce n'est pas une faute et la main passe »)."""
    shot = call.call
    stroke = call.stroke
    pocketed = stroke.facts.object_balls_pocketed
    pots = ", ".join(stroke.game.name_of(b) for b in pocketed)
    stay = "stays" if len(pocketed) == 1 else "stay"
    if pots:
        what = f"Legal shot; {pots} {stay} down"
    elif stroke.declaration.safety:
        what = "Legal safety, nothing pocketed"
    else:
        what = "Legal shot, the called ball was not pocketed"
    return Outcome(
        next_to_play=stroke.opponent,
        next_phase=_phase_with(shot.groups, stroke.shooter),
        next_ball_on=balls_on_after(stroke.opponent, stroke.final, (), shot.groups),
        reason=f"{what}: {stroke.opponent_name} to play.",
        notes=shot.notes,
        extras=EightBallExtras(groups=shot.groups),
    )


#: The decision steps after the break, in the order the text gives its cases.
PLAY_DECISION = (eight_decides_the_rack, foul_gives_ball_in_hand, called_pot_continues, turn_passes)


def judge_eight_ball_play(stroke: PoolStroke[EightBallFields]) -> Ruling:
    """The ruling on an 8-ball shot after the break: the balls on, the fouls, then the first
    of ``PLAY_DECISION``."""
    on = balls_on_for_stroke(stroke)
    fouls = tuple(play_fouls(stroke, on))
    game = stroke.game
    record = ShotRecord(fouls, stroke.final, game.fouls_in_a_row, game.warning_given)
    return pool_ruling(stroke, record, first_outcome(PlayCall(stroke, fouls, on), PLAY_DECISION))
