"""8-ball ("US - jeu de la 8", WPA world-standardized rules), judged clause by clause.

The clauses and how each is judged are listed in ``docs/rules-coverage.md``. The referee is
``rules.eight_ball_break`` and ``rules.eight_ball_judge`` (chains of small steps, each citing its
clause); this module holds the game: set-up, groups, declarations, the choices. In short:

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
* The foul list: from the log, from geometry (placement behind the head string), from the
  strike (the jump by a hit below centre) or declared;
  ball in hand anywhere except after a foul on the break.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import numpy as np

from rules.eight_ball_break import judge_eight_ball_break
from rules.eight_ball_fields import EIGHT_ON_BREAK_RULES, EightBallFields
from rules.eight_ball_judge import GROUP_BALLS, balls_on_among, judge_eight_ball_play, objects_up
from rules.errors import InvalidDeclarationError, InvalidGameStateError, InvalidOptionError
from rules.facts import JudgedShot, ShotFacts
from rules.game import Game
from rules.pool import COMMON_DECLARABLE, POOL_OPTIONS, PoolGame
from rules.pool_clauses import EIGHT_BAD_PLACEMENT, EIGHT_BALLS_MOVING, EIGHT_NO_CALL_ON_BREAK
from rules.pool_judge import PoolStroke, read_stroke
from rules.racks import eight_ball_rack, racked_state
from rules.types import (
    BallInHand,
    Choice,
    ChoiceContext,
    Declaration,
    DeclarationOptions,
    DeclaredFoul,
    EightBallExtras,
    GameKind,
    Group,
    Phase,
    Ruling,
)

if TYPE_CHECKING:
    from typing import Self

    from sim.balls import BallState

__all__ = ["EIGHT_DECLARABLE", "GROUP_BALLS", "EightBallGame", "balls_on_among", "objects_up"]

EIGHT_DECLARABLE: dict[str, str] = {
    **COMMON_DECLARABLE,
    DeclaredFoul.BAD_PLACEMENT: EIGHT_BAD_PLACEMENT,
    DeclaredFoul.BALLS_MOVING: EIGHT_BALLS_MOVING,
}


#: The groups' values as text ("solids", "stripes"), which a game's ``groups`` may be given as.
_GROUP_VALUES = frozenset(m.value for m in Group)


@dataclass(frozen=True)
class EightBallGame(EightBallFields):
    """A rack of 8-ball. ``groups[i]`` is player i's group once assigned (None: open table)."""

    kind = GameKind.EIGHT_BALL
    title = "8-ball"
    ball_names = ("cue", *(str(i) for i in range(1, 16)))
    options = MappingProxyType(
        {
            **POOL_OPTIONS,
            "eight_on_break": (
                "who decides after the 8 is pocketed on a legal break: breaker (default, WPA "
                "3.4), opponent (the French text's words), or wins (the 8 wins the rack)"
            ),
        }
    )
    phases = PoolGame.phases | {Phase.OPEN_TABLE, Phase.GROUPS_ASSIGNED}
    calls_shots = True
    game_ball = "8"

    @classmethod
    def new(
        cls, players: tuple[str, ...] = ("A", "B"), seed: int | None = None, **options: Any
    ) -> Self:
        """An 8-ball rack ready for the break. Options: ``table`` (pool ``sim.Table``, default
        9 ft), ``breaker`` (0 or 1), ``referee_warns`` (bool), ``rack_number`` (racks of the
        match played before this one), ``eight_on_break`` (``EIGHT_ON_BREAK_RULES``)."""
        options = dict(options)
        common = cls._common_options(players, seed, options)
        eight_on_break = options.pop("eight_on_break", "breaker")
        if eight_on_break not in EIGHT_ON_BREAK_RULES:
            raise InvalidOptionError(
                f"eight_on_break {str(eight_on_break)[:40]!r} is unknown; allowed: "
                + ", ".join(EIGHT_ON_BREAK_RULES)
            )
        state = racked_state(
            eight_ball_rack(common["table"], common["seed"], common["rack_number"])
        )
        game = cls(state=state, eight_on_break=eight_on_break, **common)
        return replace(
            game, ball_on=game.first_ball_on(state), ball_in_hand=BallInHand.BEHIND_HEAD_STRING
        )

    @classmethod
    def _play_phase(cls) -> Phase:
        return Phase.OPEN_TABLE

    def _check_game_fields(self) -> None:
        """``groups``: one entry per player, both None (open table) or one group each (a
        ``Group``, or its value as text: "solids", "stripes", kept as the ``Group``);
        ``eight_on_break`` one of ``EIGHT_ON_BREAK_RULES``."""
        if self.eight_on_break not in EIGHT_ON_BREAK_RULES:
            raise InvalidGameStateError(
                f"8-ball: eight_on_break = {self.eight_on_break!r} is refused; allowed: "
                + ", ".join(EIGHT_ON_BREAK_RULES)
            )
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
        return objects_up(state) - {8}

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
                    f"there is no call on the 8-ball break ({EIGHT_NO_CALL_ON_BREAK})"
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
    def _judge(self, facts: ShotFacts, result: JudgedShot, declaration: Declaration) -> Ruling:
        """The chains of ``rules.eight_ball_judge``: the break's, then play's."""
        stroke: PoolStroke[EightBallFields] = read_stroke(self, facts, declaration, result)
        if self.phase is Phase.BREAK:
            return judge_eight_ball_break(stroke)
        return judge_eight_ball_play(stroke)

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
            return replace(self, pending_choice=(), choice_context=ChoiceContext.NONE)
        if choice is Choice.TAKE_BALL_IN_HAND:
            return replace(
                self,
                pending_choice=(),
                choice_context=ChoiceContext.NONE,
                ball_in_hand=BallInHand.BEHIND_HEAD_STRING,
            )
        return super()._resolve_choice(choice)
