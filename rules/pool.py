"""What 9-ball and 8-ball share: balls named "cue", "1"..; fouls read off the log or declared;
balls spotted on the foot spot; re-racks; ball in hand zones; racks won as the score.

The fouls found here, in the order the rule texts list them ("Liste des fautes"):

* cue ball pocketed (event log) or off the table (declared: the engine is 2-D);
* object balls off the table (declared);
* a cue ball in hand behind the head string played from elsewhere (geometry: the cue ball's
  centre at t = 0 is not behind the head string);
* every declared foul, under its clause.

The first-ball and cushion fouls depend on what each game calls the ball on, so each game adds
them with ``wrong_ball_foul`` and ``no_cushion_foul``.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import numpy as np

from rules.arguments import whole_number_option, yes_no_option
from rules.errors import GameOverError, InvalidDeclarationError, InvalidOptionError
from rules.facts import ShotFacts
from rules.game import Game, draw_seed
from rules.placement import foot_spot_position, is_behind_head_string, rested
from rules.types import BallInHand, Choice, Declaration, DeclaredFoul, Foul, Phase, Ruling
from rules.wording import count_words, numbered_balls

if TYPE_CHECKING:
    from sim.balls import BallState
    from sim.table import Table


class FoulCode:
    """Codes of the fouls pool games read off the log or geometry (declared fouls use the
    ``DeclaredFoul`` values)."""

    CUE_BALL_POCKETED = "cue_ball_pocketed"
    CUE_BALL_OFF_TABLE = "cue_ball_off_table"
    OBJECT_BALL_OFF_TABLE = "object_ball_off_table"
    NO_BALL_HIT = "no_ball_hit"
    WRONG_BALL_FIRST = "wrong_ball_first"
    NO_CUSHION_AFTER_CONTACT = "no_cushion_after_contact"
    BREAK_NOT_BEHIND_HEAD_STRING = "break_not_behind_head_string"
    BAD_PLACEMENT = "bad_placement"
    BREAK_ONE_NOT_FIRST = "break_one_not_first"
    BREAK_FOUR_CUSHIONS = "break_four_cushions"
    ILLEGAL_BREAK = "illegal_break"
    EIGHT_FIRST_ON_OPEN_TABLE = "eight_first_on_open_table"


#: The fouls of the common list ("Liste des fautes") a player declares, with the clause.
COMMON_DECLARABLE: dict[str, str] = {
    DeclaredFoul.FOOT_OFF_FLOOR: "« Aucun pied du joueur ne touche le sol au moment du tir »",
    DeclaredFoul.BALL_TOUCHED: "« Bille touchée, déplacée autrement que par un tir normal… »",
    DeclaredFoul.DOUBLE_HIT: "« Double touche ou « queutage », billes collées, poussette »",
    DeclaredFoul.CUE_ON_TABLE: "« Queue posée sur la table… »",
    DeclaredFoul.OUT_OF_TURN: "« Jouer en dehors de son tour… »",
    DeclaredFoul.SLOW_PLAY: "« Jeu lent : lors d'un match chronométré… »",
    DeclaredFoul.PLAYED_OBJECT_BALL: "« Jouer avec une bille de but au lieu de la bille blanche »",
    DeclaredFoul.CUE_BALL_MOVED_WHILE_POSITIONING: "« Bille en main jouée en la positionnant… »",
    DeclaredFoul.FULL_POCKET: "« La poche est remplie de billes et la blanche entre en contact… »",
    DeclaredFoul.JUMP_WITH_DRAW: "« La blanche saute en jouant en dessous de son centre »",
}

DECLARED_WORDS: dict[str, str] = {
    DeclaredFoul.FOOT_OFF_FLOOR: "no foot on the floor at the strike",
    DeclaredFoul.BALL_TOUCHED: "a ball was touched or moved other than by the shot",
    DeclaredFoul.DOUBLE_HIT: "double hit / push shot",
    DeclaredFoul.CUE_ON_TABLE: "the cue was laid on the table",
    DeclaredFoul.OUT_OF_TURN: "played out of turn",
    DeclaredFoul.SLOW_PLAY: "shot clock exceeded",
    DeclaredFoul.PLAYED_OBJECT_BALL: "an object ball was struck instead of the cue ball",
    DeclaredFoul.CUE_BALL_MOVED_WHILE_POSITIONING: "the cue ball hit a ball while being positioned",
    DeclaredFoul.FULL_POCKET: "the cue ball touched a ball in an overfull pocket",
    DeclaredFoul.JUMP_WITH_DRAW: "the cue ball was made to jump by a hit below centre",
    DeclaredFoul.BALLS_MOVING: "played while balls were still moving",
    DeclaredFoul.BAD_PLACEMENT: "cue ball in hand placed outside the zone and played",
}

CLAUSE_CUE_POCKETED = "« Bille blanche empochée ou éjectée hors de la surface de jeu »"
CLAUSE_WRONG_BALL = "« Mauvaise bille touchée en premier »"
CLAUSE_NO_CUSHION = "« Pas de bande après contact lorsque aucune bille n'est empochée »"
CLAUSE_OBJECT_OFF = "« Bille de but éjectée de la surface de jeu »"


#: Options both pool games take (``Game.options``): name -> what it accepts.
POOL_OPTIONS: Mapping[str, str] = MappingProxyType(
    {
        "table": "a pool sim.Table: 9 ft (default), 8 ft or 7 ft",
        "breaker": "0 or 1, the player who breaks",
        "referee_warns": "bool, the program gives the two-fouls warning (default True)",
        "rack_number": "how many racks of the match were played before this one (default 0)",
    }
)


class PoolGame(Game):
    """Base of the two pool games. Frozen like ``Game``; adds no fields."""

    table_kind = "pool"
    phases = frozenset({Phase.BREAK, Phase.OVER})
    hand_zones = frozenset({BallInHand.NONE, BallInHand.ANYWHERE, BallInHand.BEHIND_HEAD_STRING})
    max_fouls_in_a_row = 3

    # ------------------------------------------------------------------ set-up
    @classmethod
    def default_table(cls) -> Table:
        """A 9 ft WPA pool table."""
        from sim.table import Table

        return Table.pool(feet=9)

    @classmethod
    def allowed_tables(cls) -> tuple[Table, ...]:
        """The 9 ft and 8 ft WPA tables and the 7 ft bar box."""
        from sim.table import Table

        return tuple(Table.pool(feet=f) for f in (9, 8, 7))

    @classmethod
    def _common_options(
        cls, players: tuple[str, ...], seed: int | None, options: dict[str, Any]
    ) -> dict[str, Any]:
        """The fields both pool games set from ``new``'s arguments; pops the options read
        (``table``, ``referee_warns``, ``breaker``, ``rack_number``) from ``options``, after
        refusing any option the game does not take. A rack draws from ``(seed, rack_number)``,
        so the racks of a match played with one seed each differ from the one before."""
        cls.check_option_names(options)
        players = tuple(str(p) for p in players)
        if len(players) != 2:
            raise InvalidOptionError(
                f"{cls.kind} is played by two players; got {len(players)}: {players}"
            )
        table = cls.table_option(options.pop("table", None))
        referee_warns = yes_no_option("referee_warns", options.pop("referee_warns", True))
        breaker = whole_number_option("breaker (a player index)", options.pop("breaker", 0), 0, 1)
        rack_number = whole_number_option("rack_number", options.pop("rack_number", 0), 0)
        return {
            "table": table,
            "players": players,
            "seed": draw_seed() if seed is None else int(seed),
            "referee_warns": referee_warns,
            "breaker": breaker,
            "rack_number": rack_number,
            "to_play": breaker,
            "score": (0, 0),
            "fouls_in_a_row": (0, 0),
            "warning_given": (False, False),
        }

    @abstractmethod
    def rack_positions(self, rack_number: int) -> np.ndarray:
        """Ball centres ((n, 2), m) of rack ``rack_number``; each game defines it."""

    @abstractmethod
    def first_ball_on(self, state: BallState) -> frozenset[int]:
        """The balls on for the break / an open rack; each game defines it."""

    def racked(self, breaker: int, rack_number: int) -> PoolGame:
        """This game with a fresh rack ``rack_number``: ``breaker`` to break from behind the head
        string; foul counts cleared; racks won kept."""
        from rules.racks import racked_state

        state = racked_state(self.rack_positions(rack_number))
        return replace(
            self,
            state=state,
            to_play=breaker,
            breaker=breaker,
            ball_in_hand=BallInHand.BEHIND_HEAD_STRING,
            ball_on=self.first_ball_on(state),
            phase=Phase.BREAK,
            is_over=False,
            winner=None,
            fouls_in_a_row=(0, 0),
            warning_given=(False, False),
            pending_choice=(),
            choice_context="",
            rack_number=rack_number,
            shot_number=0,
        )

    def next_rack(self, breaker: int | None = None) -> PoolGame:
        """After a finished rack, the next one (match play): racks won are kept; ``breaker``
        defaults to the player who did not break this rack (alternate break)."""
        if not self.is_over:
            raise GameOverError("this rack is not finished yet")
        who = self.other(self.breaker) if breaker is None else int(breaker)
        return self.racked(who, self.rack_number + 1)

    def count_fouls(
        self, shooter: int, fouled: bool
    ) -> tuple[tuple[int, ...], tuple[bool, ...], bool, str]:
        """Consecutive-foul bookkeeping (9-ball "Les trois fautes consécutives").

        Returns (fouls_in_a_row, warning_given, loses, note). A legal shot clears the shooter's
        count and warning. A foul adds one; a third foul loses only if the warning was given
        after the second, otherwise the count stays at two. When ``referee_warns`` the warning
        is given with the ruling of the second foul.
        """
        counts = list(self.fouls_in_a_row)
        warned = list(self.warning_given)
        who = self.players[shooter]
        if not fouled:
            counts[shooter] = 0
            warned[shooter] = False
            return tuple(counts), tuple(warned), False, ""
        n = counts[shooter] + 1
        if n >= 3:
            if warned[shooter]:
                counts[shooter] = 3
                # no note: the ruling that ends the rack says the third foul once
                return tuple(counts), tuple(warned), True, ""
            counts[shooter] = 2
            note = f"{who} has fouled again without having been warned: the count stays at two."
            if self.referee_warns:
                warned[shooter] = True
                note += (
                    f" Warning: {who} has two fouls in a row; a third loses the {self.frame_word}."
                )
            return tuple(counts), tuple(warned), False, note
        counts[shooter] = n
        note = ""
        if n == 2 and self.referee_warns:
            warned[shooter] = True
            note = f"Warning: {who} has two fouls in a row; a third loses the {self.frame_word}."
        return tuple(counts), tuple(warned), False, note

    # ------------------------------------------------------------------ declarations
    def declarable_fouls(self) -> dict[str, str]:
        return dict(COMMON_DECLARABLE)

    # ------------------------------------------------------------------ fouls shared by both games
    @staticmethod
    def balls_off(facts: ShotFacts, declaration: Declaration) -> frozenset[int]:
        """Balls off the table after the shot: those the engine sent off (an ``OFF_TABLE`` row,
        judged with no declaration) and those a player declared (a ball the engine did not
        send off, e.g. picked up)."""
        declared = declaration.off_table
        return facts.balls_off_table | declared if declared else facts.balls_off_table

    def final_state(self, result: Any, declaration: Declaration) -> BallState:
        """``result.final`` with the balls declared off the table taken off it (those the
        engine sent off are already out of play there)."""
        state: BallState = result.final
        if not declaration.off_table:
            return state
        return rested(state, ((b, None) for b in sorted(declaration.off_table)))

    def common_fouls(
        self,
        facts: ShotFacts,
        declaration: Declaration,
        placement_clause: str,
        object_off_clause: str = CLAUSE_OBJECT_OFF,
    ) -> list[Foul]:
        """Fouls both pool games read the same way: cue ball pocketed or off the table, object
        balls off the table (judged under ``object_off_clause``), a cue ball in hand behind the
        head string played from elsewhere (judged under ``placement_clause``), and every
        declared foul."""
        names = self.ball_names
        fouls: list[Foul] = []
        off = self.balls_off(facts, declaration)
        pocketing = facts.pocketing_of(0)
        if pocketing is not None:
            fouls.append(
                Foul(
                    FoulCode.CUE_BALL_POCKETED,
                    CLAUSE_CUE_POCKETED,
                    "Foul: the cue ball was pocketed",
                    facts.describe_event(pocketing.event, names),
                    pocketing.event,
                )
            )
        elif 0 in off:
            flown = facts.off_table_of(0)
            fouls.append(
                Foul(
                    FoulCode.CUE_BALL_OFF_TABLE,
                    CLAUSE_CUE_POCKETED,
                    "Foul: the cue ball left the playing surface",
                    "declared by a player"
                    if flown is None
                    else facts.describe_event(flown.event, names),
                    None if flown is None else flown.event,
                )
            )
        objects_off = sorted(b for b in off if b != 0) if off else []
        if objects_off:
            listed = ", ".join(self.name_of(b) for b in objects_off)
            flights = [o for o in facts.off_table if o.ball != 0]
            declared = [self.name_of(b) for b in objects_off if b not in facts.balls_off_table]
            evidence = [facts.describe_event(o.event, names) for o in flights]
            if declared:
                by_hand = f": {', '.join(declared)}" if flights else ""
                evidence.append(f"declared by a player{by_hand}")
            fouls.append(
                Foul(
                    FoulCode.OBJECT_BALL_OFF_TABLE,
                    object_off_clause,
                    f"Foul: {listed} left the playing surface",
                    "; ".join(evidence),
                    flights[0].event if flights else None,
                )
            )
        if self.ball_in_hand is BallInHand.BEHIND_HEAD_STRING and 0 in facts.on_table_before:
            x, y = facts.cue_start
            if not is_behind_head_string(self.table, (x, y)):
                code = (
                    FoulCode.BREAK_NOT_BEHIND_HEAD_STRING
                    if self.phase is Phase.BREAK
                    else FoulCode.BAD_PLACEMENT
                )
                fouls.append(
                    Foul(
                        code,
                        placement_clause,
                        "Foul: the cue ball was in hand behind the head string but was played from "
                        "in front of it",
                        f"cue ball centre at y = {y:.4f} m at the strike; the head string is at "
                        f"y = {float(self.table.head_string_y):.4f} m",
                    )
                )
        if not declaration.declared_fouls:
            return fouls
        allowed = self.declarable_fouls()
        for code in sorted(declaration.declared_fouls):
            fouls.append(
                Foul(
                    str(code),
                    allowed[code],
                    f"Foul: {DECLARED_WORDS.get(code, str(code))}",
                    "declared by a player",
                )
            )
        return fouls

    def wrong_ball_foul(
        self,
        facts: ShotFacts,
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
            f"Foul: first contact was {self.name_of(first.other)}; {on_words}",
            facts.describe_event(first.event, self.ball_names),
            first.event,
        )

    @staticmethod
    def with_first_contact_foul(fouls: list[Foul], foul: Foul) -> list[Foul]:
        """``fouls`` with ``foul`` (a first-contact foul) listed first, after a pocketed cue
        ball if there is one: the order the rule texts list them. Returns a new list."""
        at = 1 if fouls and fouls[0].code == FoulCode.CUE_BALL_POCKETED else 0
        return [*fouls[:at], foul, *fouls[at:]]

    @staticmethod
    def four_cushion_shortfall(facts: ShotFacts, code: str, clause: str, lead: str) -> Foul | None:
        """The break that pocketed nothing and sent fewer than four object balls to a cushion
        (9-ball triangle rack and 8-ball, "Casse de départ"), as a ``Foul`` whose message starts
        with ``lead``; None when the break pocketed a ball or railed four or more."""
        if facts.object_balls_pocketed:
            return None
        if len(facts.object_balls_to_cushion) >= 4:
            return None
        railed = facts.object_balls_to_cushion
        return Foul(
            code,
            clause,
            f"{lead}: nothing was pocketed on the break and only "
            f"{count_words(len(railed), 'object ball')} reached a cushion; four are needed",
            f"object balls to a cushion: {numbered_balls(railed)}",
        )

    def ruling_fields(
        self,
        facts: ShotFacts,
        result: Any,
        declaration: Declaration,
        fouls: list[Foul],
        fouls_in_a_row: tuple[int, ...] | None = None,
        warning_given: tuple[bool, ...] | None = None,
    ) -> dict[str, Any]:
        """The ``Ruling`` fields every pool ruling fills the same way: the shooter and shot
        number, ``fouls``, no points, the balls pocketed and declared off the table, the final
        state (``final_state``), and the foul counts (this game's unless given)."""
        off = self.balls_off(facts, declaration)
        return {
            "shooter": self.to_play,
            "shot_number": self.shot_number,
            "fouls": tuple(fouls),
            "points": (0, 0),
            "pocketed": tuple(facts.pocketed),
            "off_table": tuple(sorted(off)) if off else (),
            "final": self.final_state(result, declaration),
            "fouls_in_a_row": self.fouls_in_a_row if fouls_in_a_row is None else fouls_in_a_row,
            "warning_given": self.warning_given if warning_given is None else warning_given,
        }

    @staticmethod
    def rack_won(fields: dict[str, Any], winner: int, reason: str) -> Ruling:
        """The ruling that ends the rack, won by player ``winner``; ``fields`` from
        ``ruling_fields`` (plus any extra ``Ruling`` fields)."""
        return Ruling(
            **fields,
            next_to_play=winner,
            frame_over=True,
            winner=winner,
            next_phase=Phase.OVER,
            reason=reason,
        )

    def no_cushion_foul(self, facts: ShotFacts) -> Foul | None:
        """ "Pas de bande après contact lorsque aucune bille n'est empochée": after the first
        contact no ball (cue or object) touched a cushion and no object ball was pocketed."""
        if facts.first_contact is None or facts.object_balls_pocketed:
            return None
        if facts.cushion_after_first_contact:
            return None
        return Foul(
            FoulCode.NO_CUSHION_AFTER_CONTACT,
            CLAUSE_NO_CUSHION,
            "Foul: no ball touched a cushion after the first contact and no ball was pocketed",
            f"no cushion contact after event {facts.first_contact.event} "
            f"(t = {facts.first_contact.t:.3f} s) and no object ball pocketed",
            facts.first_contact.event,
        )

    def spot_on_foot(self, state: BallState, ball: int) -> tuple[int, tuple[float, float]]:
        """(ball, position) for spotting ``ball`` on the foot spot (or behind it, or in front)."""
        return ball, foot_spot_position(self.table, state, ball)

    # ------------------------------------------------------------------ the score and re-racks
    def _after_shot(self, ruling: Ruling) -> Game:
        game = super()._after_shot(ruling)
        if ruling.frame_over and ruling.winner is not None:
            score = list(game.score)
            score[ruling.winner] += 1
            game = replace(game, score=tuple(score))
        return game

    def _resolve_choice(self, choice: Choice) -> Game:
        if choice is Choice.RERACK_AND_BREAK:
            return self.racked(self.to_play, self.rack_number + 1)
        if choice is Choice.RERACK_OPPONENT_BREAKS:
            return self.racked(self.other(self.to_play), self.rack_number + 1)
        return super()._resolve_choice(choice)

    def _check_declaration(self, declaration: Declaration) -> None:
        if (
            declaration.nominated is not None
            or declaration.free_ball
            or declaration.ball_concerned is not None
        ):
            raise InvalidDeclarationError(
                "nominations, free balls and a ball concerned by a foul are snooker "
                "declarations, not pool ones"
            )
