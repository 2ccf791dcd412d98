"""8-ball ("US - jeu de la 8", WPA world-standardized rules), judged clause by clause.

The clauses and how each is judged are listed in ``docs/rules-coverage.md``. In short:

* Set-up ("Départ du jeu"): the triangle, a solid and a stripe in the back corners.
* Break ("Casse de départ"): cue ball in hand behind the head string, no call, any ball may be
  hit first; a ball pocketed without a foul keeps the table; with nothing pocketed four object
  balls must touch a cushion, otherwise an illegal break and the opponent's three choices.
* The 8 on the break: no foul, the breaker spots it and continues or re-racks and breaks (WPA
  3.4; the French text says "le joueur adverse", but only the breaker can "continuer à jouer");
  with a foul the opponent spots it and plays with ball in hand behind the head string, or
  re-racks and breaks.
* Balls off the table on the break: a foul; they stay down (the 8 is spotted); the opponent
  accepts the table or takes ball in hand behind the head string. Any other foul on the break
  gives ball in hand behind the head string (WPA 3.5).
* Open table ("Choix du groupe"): ball and pocket called; combinations allowed except with the 8
  first; a legal called pot assigns the groups; a miss keeps the table open.
* Play ("Déroulement de la partie"): own group first, called ball in the called pocket continues;
  wrong pocket: no foul, the ball stays down, the turn passes; opponent's balls pocketed stay;
  a declared safety ends the turn on a legal shot.
* The four ways to lose with the 8 ("Cas particulier de la perte de la partie").
* The foul list: from the log, from geometry (placement behind the head string) or declared;
  ball in hand anywhere except after a foul on the break.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import numpy as np

from rules.errors import InvalidDeclarationError, InvalidGameStateError
from rules.facts import ShotFacts
from rules.game import Game
from rules.pool import CLAUSE_WRONG_BALL, COMMON_DECLARABLE, POOL_OPTIONS, FoulCode, PoolGame
from rules.racks import eight_ball_rack, racked_state
from rules.types import (
    BallInHand,
    Choice,
    Declaration,
    DeclarationOptions,
    DeclaredFoul,
    EightBallExtras,
    GameKind,
    Group,
    Phase,
    Ruling,
    RulingExtras,
)

if TYPE_CHECKING:
    from typing import Self

    from sim.balls import BallState

CLAUSE_BREAK_IN_HAND = (
    "Casse de départ : « Le joueur a la bille blanche en main derrière la ligne de départ. »"
)
CLAUSE_BAD_PLACEMENT = (
    "« Mauvais placement de la bille en main… derrière la ligne de départ, la placer ailleurs… »"
)
CLAUSE_ILLEGAL_BREAK = (
    "Casse de départ : « Si aucune bille n'est empochée à la casse, quatre billes de but… »"
)
CLAUSE_ILLEGAL_BREAK_CHOICE = (
    "Casse irrégulière : « Si la casse est irrégulière, le joueur adverse a le choix… »"
)
CLAUSE_EIGHT_ON_BREAK = "« Si la bille n° 8 est empochée à la casse, ce n'est pas une faute… »"
CLAUSE_EIGHT_ON_BREAK_FOUL = (
    "« Si la bille n° 8 est empochée à la casse et s'il y a faute avec la bille blanche… »"
)
CLAUSE_OFF_TABLE_BREAK = "« Si des billes sont éjectées de la surface de jeu, c'est une faute… »"
CLAUSE_OPEN_TABLE = (
    "Choix du groupe : « …les joueurs peuvent utiliser toutes les combinaisons "
    "(sauf avec la n° 8 en premier contact)… »"
)
CLAUSE_GROUP_ASSIGNED = (
    "Choix du groupe : « S'il empoche régulièrement une bille, son groupe lui est attribué… »"
)
CLAUSE_WRONG_POCKET = (
    "« Si la bille annoncée est empochée dans la mauvaise poche… ce n'est pas une faute "
    "et la main passe »"
)
#: The rules a shot that hits no ball breaks once the groups are given (the fouls list has
#: no separate miss): a ball of the group first; the group cleared, then the 8.
CLAUSE_OWN_GROUP_FIRST = (
    "Empocher une bille du groupe adverse : « …s'il touche une bille de son groupe en premier… »"
)
CLAUSE_EIGHT_LAST = (
    "L'ordre de l'empoche : « Pour gagner la partie, le joueur doit au préalable avoir empoché "
    "toutes les billes de son groupe pour ensuite empocher la bille n°8. »"
)
CLAUSE_SAFETY = "La défense : « Le joueur peut annoncer « Défense »… »"
CLAUSE_LOSS_EARLY = (
    "Perte de la partie : « la bille n° 8 est empochée avant que toutes les billes du groupe… »"
)
CLAUSE_LOSS_OFF = (
    "Perte de la partie : « la bille n° 8 sort de la surface du jeu (sauf à la casse) »"
)
CLAUSE_LOSS_FOUL = "Perte de la partie : « la bille n° 8 est empochée à la suite d'une faute »"
CLAUSE_LOSS_POCKET = (
    "Perte de la partie : « la bille n° 8 est empochée dans une autre poche que celle annoncée »"
)

_CUE = frozenset((0,))
_EIGHT = frozenset((8,))
#: Each group's balls (``Group.balls``), built once.
GROUP_BALLS: dict[Group, frozenset[int]] = {g: g.balls for g in Group}


def objects_up(state: BallState) -> frozenset[int]:
    """The object balls (index > 0) on the table in ``state``."""
    flags = np.asarray(state.on_table, dtype=bool).tolist()
    return frozenset(i for i in range(1, len(flags)) if flags[i])


def balls_on_among(group: Group | None, up: frozenset[int]) -> frozenset[int]:
    """The balls on for a player of ``group`` (None: open table) with the object balls ``up``
    on the table: any but the 8 on an open table; the own group while any of it is up; the 8
    once the group is cleared ("Choix du groupe", "L'ordre de l'empoche")."""
    if group is None:
        return up - _EIGHT
    own = GROUP_BALLS[group] & up
    return own if own else (_EIGHT & up)


EIGHT_DECLARABLE: dict[str, str] = {
    **COMMON_DECLARABLE,
    DeclaredFoul.BAD_PLACEMENT: CLAUSE_BAD_PLACEMENT,
    DeclaredFoul.BALLS_MOVING: (
        "« Jouer alors que des billes sont encore en mouvement sur la table… »"
    ),
}


#: The groups' values as text ("solids", "stripes"), which a game's ``groups`` may be given as.
_GROUP_VALUES = frozenset(m.value for m in Group)


@dataclass(frozen=True)
class EightBallGame(PoolGame):
    """A rack of 8-ball. ``groups[i]`` is player i's group once assigned (None: open table)."""

    kind = GameKind.EIGHT_BALL
    title = "8-ball"
    ball_names = ("cue", *(str(i) for i in range(1, 16)))
    options = POOL_OPTIONS
    phases = PoolGame.phases | {Phase.OPEN_TABLE, Phase.GROUPS_ASSIGNED}
    calls_shots = True
    game_ball = "8"

    groups: tuple[Group | None, ...] = (None, None)

    @classmethod
    def new(
        cls, players: tuple[str, ...] = ("A", "B"), seed: int | None = None, **options: Any
    ) -> Self:
        """An 8-ball rack ready for the break. Options: ``table`` (pool ``sim.Table``, default
        9 ft), ``breaker`` (0 or 1), ``referee_warns`` (bool), ``rack_number`` (racks of the
        match played before this one)."""
        options = dict(options)
        common = cls._common_options(players, seed, options)
        state = racked_state(
            eight_ball_rack(common["table"], common["seed"], common["rack_number"])
        )
        game = cls(state=state, **common)
        return replace(
            game, ball_on=game.first_ball_on(state), ball_in_hand=BallInHand.BEHIND_HEAD_STRING
        )

    @classmethod
    def _play_phase(cls) -> Phase:
        return Phase.OPEN_TABLE

    def _check_game_fields(self) -> None:
        """``groups``: one entry per player, both None (open table) or one group each (a
        ``Group``, or its value as text: "solids", "stripes", kept as the ``Group``)."""
        g = self.groups
        ok = (
            isinstance(g, tuple)
            and len(g) == 2
            and all(x is None or (isinstance(x, str) and x in _GROUP_VALUES) for x in g)
        )
        if ok and not all(x is None or isinstance(x, Group) for x in g):
            g = tuple(None if x is None else Group(x) for x in g)
            object.__setattr__(self, "groups", g)  # the frozen value, made once, as read
        if ok and (g[0] is None) != (g[1] is None):
            ok = False
        if ok and g[0] is not None and g[1] is not g[0].other:
            ok = False
        if not ok:
            raise InvalidGameStateError(
                f"8-ball: groups = {g!r} is refused; allowed: (None, None) on an open table, "
                "or one of solids / stripes each"
            )

    def default_ball_on(self) -> frozenset[int]:
        """On the break every object ball but the 8; then the player's balls on
        (``balls_on_for``)."""
        if self.phase is Phase.BREAK:
            return self.first_ball_on(self.state)
        return self.balls_on_for(self.to_play, self.state)

    def rack_positions(self, rack_number: int) -> np.ndarray:
        return eight_ball_rack(self.table, self.seed, rack_number)

    def first_ball_on(self, state: BallState) -> frozenset[int]:
        """On the break and on an open table: every object ball but the 8."""
        return objects_up(state) - _EIGHT

    def racked(self, breaker: int, rack_number: int) -> PoolGame:
        game = super().racked(breaker, rack_number)
        assert isinstance(game, EightBallGame)
        return replace(game, groups=(None, None))

    def balls_on_for(
        self, player: int, state: BallState, groups: tuple[Group | None, ...] | None = None
    ) -> frozenset[int]:
        """The balls ``player`` may hit first in ``state``: any but the 8 on an open table; the
        own group while any of it is up; the 8 once the group is cleared."""
        groups = self.groups if groups is None else groups
        return balls_on_among(groups[player], objects_up(state))

    # ------------------------------------------------------------------ declarations
    def declarable_fouls(self) -> dict[str, str]:
        return dict(EIGHT_DECLARABLE)

    def declaration_options(self) -> DeclarationOptions:
        breaking = self.phase is Phase.BREAK
        return DeclarationOptions(
            call_required=not breaking,
            callable_balls=frozenset() if breaking else self.ball_on,
            pockets=tuple(p.name for p in self.table.pockets),
            safety_allowed=not breaking,
            declarable_fouls=tuple(self.declarable_fouls().items()),
        )

    def _check_declaration(self, declaration: Declaration) -> None:
        super()._check_declaration(declaration)
        if declaration.push_out:
            raise InvalidDeclarationError(
                "8-ball has no push-out; allowed: called_ball and called_pocket, or safety"
            )
        if self.phase is Phase.BREAK:
            if (
                declaration.called_ball is not None
                or declaration.called_pocket is not None
                or declaration.safety
            ):
                raise InvalidDeclarationError(
                    "there is no call on the 8-ball break (« Il n'y a pas d'annonce à la casse »)"
                )
            return
        if declaration.safety:
            if declaration.called_ball is not None or declaration.called_pocket is not None:
                raise InvalidDeclarationError(
                    "a safety is announced instead of a call: give one or the other"
                )
            return
        if declaration.called_ball is None or declaration.called_pocket is None:
            pockets = ", ".join(p.name for p in self.table.pockets)
            raise InvalidDeclarationError(
                "call a ball and a pocket, or announce a safety; "
                f"callable balls: {sorted(self.ball_on)}; pockets: {pockets}"
            )
        if declaration.called_ball not in self.ball_on:
            raise InvalidDeclarationError(
                f"{self.name_of(declaration.called_ball)} cannot be called now; "
                f"callable balls: {sorted(self.ball_on)}"
            )

    # ------------------------------------------------------------------ judging
    def _judge(self, facts: ShotFacts, result: Any, declaration: Declaration) -> Ruling:
        if self.phase is Phase.BREAK:
            return self._judge_break(facts, result, declaration)
        return self._judge_play(facts, result, declaration)

    def _judge_break(self, facts: ShotFacts, result: Any, declaration: Declaration) -> Ruling:
        shooter = self.to_play
        opponent = self.other(shooter)
        p1, p2 = self.players[shooter], self.players[opponent]
        fouls = self.common_fouls(
            facts, declaration, CLAUSE_BREAK_IN_HAND, object_off_clause=CLAUSE_OFF_TABLE_BREAK
        )
        base = self.ruling_fields(facts, result, declaration, fouls)
        final = base["final"]
        off = self.balls_off(facts, declaration)
        objects_off = sorted(b for b in off if b != 0) if off else []
        cue_gone = facts.cue_ball_pocketed or 0 in off
        pocketed_objects = facts.object_balls_pocketed
        shortfall = self.four_cushion_shortfall(
            facts, FoulCode.ILLEGAL_BREAK, CLAUSE_ILLEGAL_BREAK, "Illegal break"
        )
        notes: list[str] = []

        spot: tuple[tuple[int, tuple[float, float]], ...] = ()
        if 8 in pocketed_objects:
            # No foul: the breaker chooses (WPA 3.4); with a foul, the opponent, with ball in
            # hand behind the head string.
            spot = (self.spot_on_foot(final, 8),)
            chooser = opponent if fouls else shooter
            return Ruling(
                **base,
                to_spot=spot,
                next_to_play=chooser,
                ball_in_hand=BallInHand.BEHIND_HEAD_STRING if fouls else BallInHand.NONE,
                options=(Choice.SPOT_EIGHT_AND_PLAY, Choice.RERACK_AND_BREAK),
                next_phase=Phase.OPEN_TABLE,
                next_ball_on=self._on_after(chooser, final, spot, (None, None)),
                reason=(
                    "The 8 was pocketed on the break with a foul "
                    f"({CLAUSE_EIGHT_ON_BREAK_FOUL}): {p2} spots the 8 and plays with ball in "
                    "hand behind the head string, or re-racks and breaks."
                    if fouls
                    else f"The 8 was pocketed on the break, no foul ({CLAUSE_EIGHT_ON_BREAK}): "
                    f"{p1} spots the 8 and keeps shooting, or re-racks and breaks again "
                    "(WPA 3.4: the breaker chooses)."
                ),
                extras=RulingExtras(
                    choice_context="eight_on_break_foul" if fouls else "eight_on_break"
                ),
            )
        if objects_off:
            spot = (self.spot_on_foot(final, 8),) if 8 in objects_off else ()
            if spot:
                notes.append("The 8 left the table on the break: it is spotted.")
            options: tuple[Choice, ...] = (
                () if cue_gone else (Choice.ACCEPT_TABLE, Choice.TAKE_BALL_IN_HAND)
            )
            return Ruling(
                **base,
                to_spot=spot,
                next_to_play=opponent,
                ball_in_hand=BallInHand.BEHIND_HEAD_STRING if cue_gone else BallInHand.NONE,
                options=options,
                next_phase=Phase.OPEN_TABLE,
                next_ball_on=self._on_after(opponent, final, spot, (None, None)),
                reason=(
                    f"Foul on the break: ball(s) left the table and count as pocketed: {p2} "
                    + (
                        "has ball in hand behind the head string."
                        if cue_gone
                        else "may accept the table as it lies or take ball in hand behind the "
                        "head string."
                    )
                ),
                notes=tuple(notes),
                extras=RulingExtras(choice_context="off_table_on_break"),
            )
        if shortfall is not None:
            notes.append(f"{shortfall.message} ({shortfall.evidence}).")
            return Ruling(
                **base,
                next_to_play=opponent,
                ball_in_hand=BallInHand.BEHIND_HEAD_STRING if fouls else BallInHand.NONE,
                options=(
                    Choice.ACCEPT_TABLE,
                    Choice.RERACK_AND_BREAK,
                    Choice.RERACK_OPPONENT_BREAKS,
                ),
                next_phase=Phase.OPEN_TABLE,
                next_ball_on=self._on_after(opponent, final, (), (None, None)),
                reason=(
                    f"Illegal break ({CLAUSE_ILLEGAL_BREAK_CHOICE}): {p2} may accept the table, "
                    f"re-rack and break, or re-rack and let {p1} break again."
                ),
                notes=tuple(notes),
                extras=RulingExtras(choice_context="illegal_break"),
            )
        if fouls:
            return Ruling(
                **base,
                next_to_play=opponent,
                ball_in_hand=BallInHand.BEHIND_HEAD_STRING,
                next_phase=Phase.OPEN_TABLE,
                next_ball_on=self._on_after(opponent, final, (), (None, None)),
                reason=(
                    "Foul on the break: pocketed balls stay down, the table is open, "
                    f"{p2} has ball in hand behind the head string (WPA 3.5)."
                ),
            )
        if pocketed_objects:
            return Ruling(
                **base,
                next_to_play=shooter,
                next_phase=Phase.OPEN_TABLE,
                next_ball_on=self._on_after(shooter, final, (), (None, None)),
                reason=f"Legal break with a ball pocketed: {p1} keeps shooting; the table is open.",
            )
        return Ruling(
            **base,
            next_to_play=opponent,
            next_phase=Phase.OPEN_TABLE,
            next_ball_on=self._on_after(opponent, final, (), (None, None)),
            reason=(
                "Legal break (four or more object balls to a cushion), nothing pocketed: "
                f"{p2} to play."
            ),
        )

    def _on_after(
        self,
        player: int,
        final: BallState,
        spot: tuple[tuple[int, tuple[float, float]], ...],
        groups: tuple[Group | None, ...],
    ) -> frozenset[int]:
        """The balls on for ``player`` once the balls of ``spot`` are spotted on ``final``
        (as ``balls_on_for`` of ``with_spots(final, spot)``: only the flags are read)."""
        up = objects_up(final)
        if spot:
            up = up.union(ball for ball, _ in spot)
        return balls_on_among(groups[player], up)

    def _judge_play(self, facts: ShotFacts, result: Any, declaration: Declaration) -> Ruling:
        shooter = self.to_play
        opponent = self.other(shooter)
        p1, p2 = self.players[shooter], self.players[opponent]
        group = self.groups[shooter]
        up_before = facts.on_table_before - _CUE
        own_up = GROUP_BALLS[group] & up_before if group is not None else frozenset()
        cleared = group is not None and not own_up
        if group is None:
            on = up_before - {8}
            on_words = "the table was open: any ball but the 8 may be hit first"
            clause = miss = CLAUSE_OPEN_TABLE
        elif cleared:
            on = frozenset({8})
            on_words = "the 8 was on"
            clause, miss = CLAUSE_WRONG_BALL, CLAUSE_EIGHT_LAST
        else:
            on = own_up
            on_words = f"{group.value} were on"
            clause, miss = CLAUSE_WRONG_BALL, CLAUSE_OWN_GROUP_FIRST

        fouls = self.common_fouls(facts, declaration, CLAUSE_BAD_PLACEMENT)
        code = (
            FoulCode.EIGHT_FIRST_ON_OPEN_TABLE
            if group is None and facts.first_ball_hit == 8
            else FoulCode.WRONG_BALL_FIRST
        )
        wrong = self.wrong_ball_foul(facts, on, on_words, clause, miss, code)
        if wrong is not None:
            fouls = self.with_first_contact_foul(fouls, wrong)
        else:
            no_rail = self.no_cushion_foul(facts)
            if no_rail is not None:
                fouls.append(no_rail)

        base = self.ruling_fields(facts, result, declaration, fouls)
        final = base["final"]
        pocketed_objects = facts.object_balls_pocketed
        eight_pocketing = facts.pocketing_of(8)
        eight_off = 8 in self.balls_off(facts, declaration)

        if eight_pocketing is not None or eight_off:
            loss = self._eight_ball_loss(facts, declaration, cleared, bool(fouls))
            if loss is not None:
                return self.rack_won(base, opponent, f"{p1} loses: {loss}.")
            return self.rack_won(
                base,
                shooter,
                f"{p1} pocketed the 8 in the called pocket after clearing the group.",
            )

        if fouls:
            return Ruling(
                **base,
                next_to_play=opponent,
                ball_in_hand=BallInHand.ANYWHERE,
                next_phase=self.phase,
                next_ball_on=self._on_after(opponent, final, (), self.groups),
                reason=f"Foul by {p1}: pocketed balls stay down; {p2} has ball in hand anywhere.",
            )

        notes: list[str] = []
        called = declaration.called_ball
        called_in = False
        if not declaration.safety and called is not None:
            called_pocketing = facts.pocketing_of(called)
            if called_pocketing is not None:
                if called_pocketing.pocket_name == declaration.called_pocket:
                    called_in = True
                else:
                    notes.append(
                        f"The called {called} went into the "
                        f"{called_pocketing.pocket_name} pocket, not the called "
                        f"{declaration.called_pocket or ''} pocket: it stays down, "
                        f"no foul, the turn passes ({CLAUSE_WRONG_POCKET})."
                    )
        if declaration.safety:
            notes.append(
                f"Safety announced ({CLAUSE_SAFETY}): pocketed balls stay down, the turn passes."
            )

        groups = self.groups
        if called_in and group is None and called is not None:
            mine = Group.SOLIDS if called in GROUP_BALLS[Group.SOLIDS] else Group.STRIPES
            new_groups: list[Group | None] = [None, None]
            new_groups[shooter] = mine
            new_groups[opponent] = mine.other
            groups = tuple(new_groups)
            notes.append(
                f"{p1} takes the {mine.value}, {p2} the {mine.other.value} "
                f"({CLAUSE_GROUP_ASSIGNED})."
            )
        phase = Phase.OPEN_TABLE if groups[shooter] is None else Phase.GROUPS_ASSIGNED
        extras = EightBallExtras(groups=groups)
        if called_in:
            return Ruling(
                **base,
                next_to_play=shooter,
                next_phase=phase,
                next_ball_on=self._on_after(shooter, final, (), groups),
                reason=f"{p1} pocketed the called {called} in the called pocket and shoots again.",
                notes=tuple(notes),
                extras=extras,
            )
        pots = ", ".join(self.name_of(b) for b in pocketed_objects)
        stay = "stays" if len(pocketed_objects) == 1 else "stay"
        return Ruling(
            **base,
            next_to_play=opponent,
            next_phase=phase,
            next_ball_on=self._on_after(opponent, final, (), groups),
            reason=(
                f"Legal shot; {pots} {stay} down"
                if pots
                else (
                    "Legal safety, nothing pocketed"
                    if declaration.safety
                    else "Legal shot, the called ball was not pocketed"
                )
            )
            + f": {p2} to play.",
            notes=tuple(notes),
            extras=extras,
        )

    def _eight_ball_loss(
        self, facts: ShotFacts, declaration: Declaration, cleared: bool, fouled: bool
    ) -> str | None:
        """The four ways to lose with the 8 ("Cas particulier de la perte de la partie"), in
        words with the clause, for a shot that pocketed the 8 or sent it off the table; None
        when the 8 went legally into the called pocket."""
        eight_pocketing = facts.pocketing_of(8)
        if 8 in self.balls_off(facts, declaration):
            return f"the 8 left the table ({CLAUSE_LOSS_OFF})"
        if not cleared:
            shooter = self.players[self.to_play]
            return f"the 8 was pocketed before {shooter}'s group was cleared ({CLAUSE_LOSS_EARLY})"
        if fouled:
            return f"the 8 was pocketed on a foul ({CLAUSE_LOSS_FOUL})"
        if (
            declaration.called_ball != 8
            or eight_pocketing is None
            or eight_pocketing.pocket_name != declaration.called_pocket
        ):
            where = eight_pocketing.pocket_name if eight_pocketing is not None else "?"
            called_words = (
                f"the {declaration.called_pocket}"
                if declaration.called_pocket
                else "no call was made"
            )
            return (
                f"the 8 went into the {where} pocket, not the called one ({called_words}) "
                f"({CLAUSE_LOSS_POCKET})"
            )
        return None

    # ------------------------------------------------------------------ applying
    def _after_shot(self, ruling: Ruling) -> Game:
        game = super()._after_shot(ruling)
        extras = ruling.extras
        if isinstance(extras, EightBallExtras) and extras.groups is not None:
            if not isinstance(game, EightBallGame):
                raise TypeError(f"an 8-ball ruling applied to {type(game).__name__}")
            game = replace(game, groups=extras.groups)
        return game

    def _resolve_choice(self, choice: Choice) -> Game:
        if choice in (Choice.ACCEPT_TABLE, Choice.SPOT_EIGHT_AND_PLAY):
            return replace(self, pending_choice=(), choice_context="")
        if choice is Choice.TAKE_BALL_IN_HAND:
            return replace(
                self,
                pending_choice=(),
                choice_context="",
                ball_in_hand=BallInHand.BEHIND_HEAD_STRING,
            )
        return super()._resolve_choice(choice)
