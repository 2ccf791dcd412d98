"""9-ball ("US - jeu de la 9", WPA world-standardized rules), judged clause by clause.

The clauses and how each is judged are listed in ``docs/rules-coverage.md``. The referee is
``rules.nine_ball_judge`` (a chain of small steps, each citing its clause); this module holds
the game: set-up, declarations, the choices. In short:

* Break ("Casse de départ"): cue ball in hand behind the head string; the 1 must be hit first;
  with nothing pocketed at least four object balls must touch a cushion (triangle rack); a foul
  on the break gives ball in hand anywhere.
* Magic rack ("La règle des 3 billes"): instead of the four-cushion rule, at least three object
  balls must be pocketed or cross the head string (each counted once); otherwise a dry break: the
  9 is spotted if down, the opponent accepts the table (no push-out) or hands it back (the
  breaker may push out). A ball "crossed" when some part of it was seen beyond the head string.
* Push-out ("Le coup de dégagement"): announced on the shot after a legal break; no first-ball
  or cushion requirement; a 9 pocketed is spotted; without a foul the opponent takes the table
  or hands it back; with a foul, ball in hand anywhere.
* Play ("Déroulement de la partie"): the lowest ball first; any legal pot continues; the 9 on any
  legal shot wins (break and combinations included).
* The 9 ("Cas de la bille n° 9"): pocketed on a foul or off the table, it is spotted.
* Three consecutive fouls lose, after the warning following the second ("Les trois fautes").
* The foul list ("Liste des fautes"): from the log (cue ball pocketed, wrong ball first, no
  cushion after contact), from the strike (the jump by a hit below centre), declared (the
  rest); a foul gives ball in hand anywhere.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import numpy as np

from rules.errors import InvalidDeclarationError, InvalidGameStateError, InvalidOptionError
from rules.facts import JudgedShot, ShotFacts
from rules.game import Game
from rules.nine_ball_judge import judge_nine_ball, lowest_on
from rules.pool import POOL_OPTIONS, PoolGame
from rules.pool_clauses import NINE_NO_CALL
from rules.pool_judge import read_stroke
from rules.racks import nine_ball_rack, racked_state
from rules.types import (
    BallInHand,
    Choice,
    ChoiceContext,
    Declaration,
    DeclarationOptions,
    GameKind,
    Phase,
    Ruling,
)

if TYPE_CHECKING:
    from typing import Self

    from sim.balls import BallState

__all__ = ["RACK_STYLES", "NineBallGame", "lowest_on"]

RACK_STYLES = ("triangle", "magic")


@dataclass(frozen=True)
class NineBallGame(PoolGame):
    """A rack of 9-ball. ``rack_style`` is "triangle" (four-cushion break rule) or "magic"
    (template rack: the three-ball rule)."""

    kind = GameKind.NINE_BALL
    title = "9-ball"
    ball_names = ("cue", *(str(i) for i in range(1, 10)))
    options = MappingProxyType(
        {**POOL_OPTIONS, "rack_style": "triangle (default) or magic (the three-ball rule)"}
    )
    phases = PoolGame.phases | {Phase.PUSH_OUT_ALLOWED, Phase.PLAY}
    has_push_out = True
    has_three_fouls_rule = True
    game_ball = "9"

    rack_style: str = "triangle"

    @classmethod
    def new(
        cls, players: tuple[str, ...] = ("A", "B"), seed: int | None = None, **options: Any
    ) -> Self:
        """A 9-ball rack ready for the break. Options: ``table`` (pool ``sim.Table``, default
        9 ft), ``rack_style`` ("triangle" or "magic"), ``referee_warns`` (bool), ``breaker``
        (0 or 1), ``rack_number`` (racks of the match played before this one)."""
        options = dict(options)
        common = cls._common_options(players, seed, options)
        rack_style = str(options.pop("rack_style", "triangle"))
        if rack_style not in RACK_STYLES:
            raise InvalidOptionError(
                f"rack_style {rack_style!r} is unknown; allowed: {', '.join(RACK_STYLES)}"
            )
        state = racked_state(nine_ball_rack(common["table"], common["seed"], common["rack_number"]))
        game = cls(state=state, rack_style=rack_style, **common)
        return replace(
            game, ball_on=game.first_ball_on(state), ball_in_hand=BallInHand.BEHIND_HEAD_STRING
        )

    def _check_game_fields(self) -> None:
        if self.rack_style not in RACK_STYLES:
            raise InvalidGameStateError(
                f"9-ball: rack_style = {self.rack_style!r} is refused; "
                f"allowed: {', '.join(RACK_STYLES)}"
            )

    def default_ball_on(self) -> frozenset[int]:
        """The lowest-numbered object ball on the table."""
        return self.first_ball_on(self.state)

    def rack_positions(self, rack_number: int) -> np.ndarray:
        return nine_ball_rack(self.table, self.seed, rack_number)

    def first_ball_on(self, state: BallState) -> frozenset[int]:
        """The lowest-numbered object ball on the table."""
        return lowest_on(np.asarray(state.on_table, dtype=bool).tolist())

    # ------------------------------------------------------------------ declarations
    def declaration_options(self) -> DeclarationOptions:
        return DeclarationOptions(
            push_out_allowed=self.phase is Phase.PUSH_OUT_ALLOWED,
            declarable_fouls=tuple(self.declarable_fouls().items()),
        )

    def _check_declaration(self, declaration: Declaration) -> None:
        super()._check_declaration(declaration)
        if declaration.push_out and self.phase is not Phase.PUSH_OUT_ALLOWED:
            raise InvalidDeclarationError(
                "a push-out may be announced only on the shot right after a legal break "
                "(or after a dry break handed back); now it is not allowed"
            )
        if declaration.called_ball is not None or declaration.called_pocket is not None:
            raise InvalidDeclarationError(
                f"9-ball calls neither the ball nor the pocket ({NINE_NO_CALL})"
            )
        if declaration.safety:
            raise InvalidDeclarationError(
                "9-ball has no called safety; "
                "allowed declarations: push_out, declared_fouls, off_table"
            )

    # ------------------------------------------------------------------ judging
    def _judge(self, facts: ShotFacts, result: JudgedShot, declaration: Declaration) -> Ruling:
        """The chain of ``rules.nine_ball_judge`` (the fouls, the three-ball rule, the foul
        count, the 9 spotted, the decision)."""
        return judge_nine_ball(read_stroke(self, facts, declaration, result))

    # ------------------------------------------------------------------ choices
    def _resolve_choice(self, choice: Choice) -> Game:
        if choice is Choice.ACCEPT_TABLE:
            return replace(
                self, pending_choice=(), phase=Phase.PLAY, choice_context=ChoiceContext.NONE
            )
        if choice is Choice.HAND_BACK:
            dry_break = self.choice_context is ChoiceContext.DRY_BREAK
            return replace(
                self,
                pending_choice=(),
                to_play=self.other(self.to_play),
                phase=Phase.PUSH_OUT_ALLOWED if dry_break else Phase.PLAY,
                choice_context=ChoiceContext.NONE,
            )
        return super()._resolve_choice(choice)
