"""9-ball ("US - jeu de la 9", WPA world-standardized rules), judged clause by clause.

The clauses and how each is judged are listed in ``docs/rules-coverage.md``. In short:

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
  cushion after contact), declared (the rest); a foul gives ball in hand anywhere.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import numpy as np

from rules.errors import InvalidDeclarationError, InvalidGameStateError, InvalidOptionError
from rules.facts import ShotFacts
from rules.game import Game
from rules.placement import foot_spot_position, rested
from rules.pool import CLAUSE_WRONG_BALL, POOL_OPTIONS, FoulCode, PoolGame
from rules.racks import nine_ball_rack, racked_state
from rules.types import (
    BallInHand,
    Choice,
    Declaration,
    DeclarationOptions,
    Foul,
    GameKind,
    Phase,
    Ruling,
    RulingExtras,
)
from rules.wording import count_words, numbered_balls

if TYPE_CHECKING:
    from typing import Self

    from sim.balls import BallState

CLAUSE_BREAK_IN_HAND = (
    "Casse de départ : « Le joueur a « bille en main » derrière la ligne de départ. »"
)
CLAUSE_BREAK_ONE = "Casse de départ : « Il doit toucher obligatoirement la bille n° 1… »"
CLAUSE_BREAK_FOUR = (
    "Casse de départ : « …au moins quatre billes de but doivent avoir touché une bande… »"
)
CLAUSE_THREE_BALL = "La règle des 3 billes : « À la casse, au moins trois billes de but doivent… »"
CLAUSE_PUSH_OUT = "Le coup de dégagement : « En cas de casse régulière, le joueur qui a la main… »"
CLAUSE_NINE_SPOT = (
    "Cas de la bille n° 9 : « Lorsque la bille n° 9 est éjectée… ou est empochée irrégulièrement… »"
)
#: The rule a shot that hits no ball breaks (the fouls list has no separate miss).
CLAUSE_LOWEST_FIRST = (
    "Déroulement de la partie : « …en touchant d'abord la bille qui a le plus petit numéro… »"
)
CLAUSE_THREE_FOULS = (
    "Les trois fautes consécutives : « …si un joueur commet trois fautes consécutives… »"
)

RACK_STYLES = ("triangle", "magic")
_CUE = frozenset((0,))


def lowest_on(flags: list[bool]) -> frozenset[int]:
    """The lowest-numbered object ball whose flag is set (``flags[i]``: ball i on the table,
    the cue ball at 0), as a one-ball set; empty when no object ball is on."""
    try:
        return frozenset((flags.index(True, 1),))
    except ValueError:
        return frozenset()


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
                "9-ball calls neither the ball nor the pocket "
                "(« Il n'annonce ni la bille ni la poche »)"
            )
        if declaration.safety:
            raise InvalidDeclarationError(
                "9-ball has no called safety; "
                "allowed declarations: push_out, declared_fouls, off_table"
            )

    def _spot_nine(
        self, final: BallState, cue_in_hand: bool
    ) -> tuple[tuple[tuple[int, tuple[float, float]], ...], BallState]:
        """(the 9's spot, the state after the shot) per "Cas de la bille n° 9": on the foot
        spot, else behind the ball occupying it. With the cue ball in hand (after a foul) the
        cue ball is about to be lifted, so it occupies nothing (WPA 1.5: balls are spotted
        before the cue ball is placed); if the 9 then lands where the cue ball lay, the cue
        ball leaves the table, to be placed by the player in hand."""
        lifting = cue_in_hand and bool(final.on_table[0])
        xy = foot_spot_position(self.table, final, 9, ignore=(0,) if lifting else ())
        if lifting:
            cx, cy = final.pos[0].tolist()
            if math.hypot(float(cx) - xy[0], float(cy) - xy[1]) < 2.0 * float(
                self.table.ball_radius
            ):
                final = rested(final, ((0, None),))
        return ((9, xy),), final

    # ------------------------------------------------------------------ judging
    def _judge(self, facts: ShotFacts, result: Any, declaration: Declaration) -> Ruling:
        """The steps, in the rule text's order: the fouls ("Liste des fautes", "Casse de
        départ"); the three-ball rule of a magic rack; the foul count ("Les trois fautes"); the
        9 spotted ("Cas de la bille n° 9"); the decision."""
        shooter = self.to_play
        opponent = self.other(shooter)
        is_break = self.phase is Phase.BREAK
        push_out = declaration.push_out
        off = self.balls_off(facts, declaration)
        fouls = self._fouls(facts, declaration)
        nine_down = 9 in facts.object_balls_pocketed or 9 in off
        fouled = bool(fouls)
        notes: list[str] = []
        dry_break = False
        if is_break and not fouled and self.rack_style == "magic":
            dry_break, note = self._three_ball_rule(facts)
            notes.append(note)

        counts, warned, loses, warn_note = self.count_fouls(shooter, fouled)
        if warn_note:
            notes.append(warn_note)

        common = self.ruling_fields(facts, result, declaration, fouls, counts, warned)
        final = common["final"]
        to_spot: tuple[tuple[int, tuple[float, float]], ...] = ()
        spot_due = fouled or push_out or dry_break or 9 in off
        if nine_down and spot_due and not (fouled and loses):
            # a game lost on the third foul is over: nothing is spotted
            to_spot, final = self._spot_nine(final, cue_in_hand=fouled)
            common["final"] = final
            notes.append(f"The 9 is spotted ({CLAUSE_NINE_SPOT if not push_out else 'push-out'}).")
        common["to_spot"] = to_spot
        common["notes"] = tuple(notes)
        flags = np.asarray(final.on_table, dtype=bool).tolist()
        for ball, _ in to_spot:
            flags[ball] = True  # spotted: at rest on the table (``with_spots``)
        on_after = lowest_on(flags)

        p1, p2 = self.players[shooter], self.players[opponent]

        if fouled:
            if loses:
                return self.rack_won(
                    common,
                    opponent,
                    f"{p1} fouled for the third time in a row after the warning "
                    f"({CLAUSE_THREE_FOULS}).",
                )
            return Ruling(
                **common,
                next_to_play=opponent,
                ball_in_hand=BallInHand.ANYWHERE,
                next_phase=Phase.PLAY,
                next_ball_on=on_after,
                reason=f"Foul by {p1}: {p2} has ball in hand anywhere.",
            )
        if push_out or dry_break:
            # Both leave the opponent the same choice: the table as it lies, or hand it back
            # (after a dry break handed back the breaker may push out: ``_resolve_choice``).
            return Ruling(
                **common,
                next_to_play=opponent,
                ball_in_hand=BallInHand.NONE,
                options=(Choice.ACCEPT_TABLE, Choice.HAND_BACK),
                next_phase=Phase.PLAY,
                next_ball_on=on_after,
                reason=(
                    f"{p1} pushed out ({CLAUSE_PUSH_OUT}): {p2} may take the table as it lies or "
                    "hand it back."
                    if push_out
                    else f"Dry break ({CLAUSE_THREE_BALL}): {p2} may accept the table (no "
                    f"push-out) or hand it back to {p1}, who may then push out."
                ),
                extras=RulingExtras(choice_context="push_out" if push_out else "dry_break"),
            )
        if nine_down:
            return self.rack_won(common, shooter, f"{p1} pocketed the 9 on a legal shot.")
        next_phase = Phase.PUSH_OUT_ALLOWED if is_break else Phase.PLAY
        if facts.object_balls_pocketed:
            pots = ", ".join(self.name_of(b) for b in facts.object_balls_pocketed)
            return Ruling(
                **common,
                next_to_play=shooter,
                next_phase=next_phase,
                next_ball_on=on_after,
                reason=f"{p1} pocketed {pots} legally and shoots again.",
            )
        return Ruling(
            **common,
            next_to_play=opponent,
            next_phase=next_phase,
            next_ball_on=on_after,
            reason=f"Legal shot, nothing pocketed: {p2} to play.",
        )

    def _fouls(self, facts: ShotFacts, declaration: Declaration) -> list[Foul]:
        """The fouls of the shot: the common list, then (no push-out) the lowest ball first
        ("Casse de départ" on the break) and, when it was, a cushion after the contact (four
        object balls to a cushion on a triangle-rack break)."""
        is_break = self.phase is Phase.BREAK
        objects = facts.on_table_before - _CUE
        lowest = min(objects) if objects else None
        fouls: list[Foul] = self.common_fouls(facts, declaration, CLAUSE_BREAK_IN_HAND)
        if declaration.push_out or lowest is None:
            return fouls
        clause = CLAUSE_BREAK_ONE if is_break else CLAUSE_WRONG_BALL
        on_words = f"{self.name_of(lowest)} was on"
        miss = CLAUSE_BREAK_ONE if is_break else CLAUSE_LOWEST_FIRST
        code = FoulCode.BREAK_ONE_NOT_FIRST if is_break else FoulCode.WRONG_BALL_FIRST
        wrong = self.wrong_ball_foul(facts, frozenset({lowest}), on_words, clause, miss, code)
        if wrong is not None:
            return self.with_first_contact_foul(fouls, wrong)
        # Break: four object balls to a cushion (triangle rack; the magic rack has the
        # three-ball rule); later shots: a cushion after the contact.
        missing: Foul | None = None
        if not is_break:
            missing = self.no_cushion_foul(facts)
        elif self.rack_style == "triangle":
            missing = self.four_cushion_shortfall(
                facts, FoulCode.BREAK_FOUR_CUSHIONS, CLAUSE_BREAK_FOUR, "Foul"
            )
        return fouls if missing is None else [*fouls, missing]

    def _three_ball_rule(self, facts: ShotFacts) -> tuple[bool, str]:
        """(dry break, note): "La règle des 3 billes": at least three object balls pocketed or
        past the head string, each counted once; fewer is a dry break."""
        pocketed_objects = set(facts.object_balls_pocketed)
        crossed = set(
            facts.balls_with_part_below(
                float(self.table.head_string_y), float(self.table.ball_radius)
            )
        )
        crossed |= facts.balls_crossing("head_string", -1) - {0}
        counted = pocketed_objects | (crossed - {0})
        note = (
            f"Three-ball rule: {count_words(len(counted), 'object ball')} pocketed or past the "
            f"head string (pocketed: {numbered_balls(pocketed_objects)}; "
            f"crossed: {numbered_balls(crossed - pocketed_objects)})."
        )
        return len(counted) < 3, note

    # ------------------------------------------------------------------ choices
    def _resolve_choice(self, choice: Choice) -> Game:
        if choice is Choice.ACCEPT_TABLE:
            return replace(self, pending_choice=(), phase=Phase.PLAY, choice_context="")
        if choice is Choice.HAND_BACK:
            phase = Phase.PUSH_OUT_ALLOWED if self.choice_context == "dry_break" else Phase.PLAY
            return replace(
                self,
                pending_choice=(),
                to_play=self.other(self.to_play),
                phase=phase,
                choice_context="",
            )
        return super()._resolve_choice(choice)
