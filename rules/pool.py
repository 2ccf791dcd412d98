"""What 9-ball and 8-ball share: balls named "cue", "1"..; the common list of fouls and its
clauses; balls spotted on the foot spot; re-racks; ball in hand zones; racks won as the score.

The referee of each game is a chain of small named steps (``rules.nine_ball_judge``,
``rules.eight_ball_judge``) over what they share: the shot as the referee reads it and the
typed parts of a ruling (``rules.pool_judge``), the fouls one family per function
(``rules.pool_fouls``). This module holds the game: set-up, racks, the foul count, the choices.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from rules.arguments import whole_number_option, yes_no_option
from rules.errors import GameOverError, InvalidDeclarationError, InvalidOptionError
from rules.game import Game, draw_seed
from rules.placement import foot_spot_position
from rules.pool_clauses import (
    CLAUSE_BALL_TOUCHED,
    CLAUSE_CUE_BALL_MOVED_WHILE_POSITIONING,
    CLAUSE_CUE_ON_TABLE,
    CLAUSE_DOUBLE_HIT,
    CLAUSE_FOOT_OFF_FLOOR,
    CLAUSE_FULL_POCKET,
    CLAUSE_JUMP_WITH_DRAW,
    CLAUSE_OUT_OF_TURN,
    CLAUSE_PLAYED_OBJECT_BALL,
    CLAUSE_SLOW_PLAY,
)
from rules.position import check_count
from rules.racks import MAX_RACK_NUMBER
from rules.types import (
    BallInHand,
    Choice,
    ChoiceContext,
    Declaration,
    DeclaredFoul,
    Phase,
    Ruling,
)

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


#: The fouls of the common list a player declares, with the clause (the jump by a hit below
#: centre is also judged from the shot: ``rules.pool_fouls.jump_with_draw_fouls``).
COMMON_DECLARABLE: dict[str, str] = {
    DeclaredFoul.FOOT_OFF_FLOOR: CLAUSE_FOOT_OFF_FLOOR,
    DeclaredFoul.BALL_TOUCHED: CLAUSE_BALL_TOUCHED,
    DeclaredFoul.DOUBLE_HIT: CLAUSE_DOUBLE_HIT,
    DeclaredFoul.CUE_ON_TABLE: CLAUSE_CUE_ON_TABLE,
    DeclaredFoul.OUT_OF_TURN: CLAUSE_OUT_OF_TURN,
    DeclaredFoul.SLOW_PLAY: CLAUSE_SLOW_PLAY,
    DeclaredFoul.PLAYED_OBJECT_BALL: CLAUSE_PLAYED_OBJECT_BALL,
    DeclaredFoul.CUE_BALL_MOVED_WHILE_POSITIONING: CLAUSE_CUE_BALL_MOVED_WHILE_POSITIONING,
    DeclaredFoul.FULL_POCKET: CLAUSE_FULL_POCKET,
    DeclaredFoul.JUMP_WITH_DRAW: CLAUSE_JUMP_WITH_DRAW,
}

#: A declared foul's call, after "Foul: ".
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


class FoulTally(NamedTuple):
    """The foul count after a shot (``PoolGame.count_fouls``): per player the fouls in a row
    and whether the two-fouls warning stands, whether the shooter loses on a third foul, and
    the note the ruling carries ("" for none)."""

    fouls_in_a_row: tuple[int, ...]
    warning_given: tuple[bool, ...]
    loses: bool
    note: str


#: Options both pool games take (``Game.options``): name -> what it accepts.
POOL_OPTIONS: Mapping[str, str] = MappingProxyType(
    {
        "table": "a pool sim.Table: 9 ft (default), 8 ft or 7 ft",
        "breaker": "0 or 1, the player who breaks",
        "referee_warns": "bool, the program gives the two-fouls warning (default True)",
        "rack_number": (
            f"how many racks of the match were played before this one, 0..{MAX_RACK_NUMBER} "
            "(default 0)"
        ),
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
        rack_number = whole_number_option(
            "rack_number", options.pop("rack_number", 0), 0, MAX_RACK_NUMBER
        )
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

        check_count(self, "rack_number", rack_number, MAX_RACK_NUMBER)  # before any draw
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
            choice_context=ChoiceContext.NONE,
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

    def count_fouls(self, shooter: int, fouled: bool) -> FoulTally:
        """Consecutive-foul bookkeeping (9-ball « Les trois fautes consécutives »).

        A legal shot clears the shooter's count and warning. A foul adds one; a third foul
        loses only if the warning was given after the second, otherwise the count stays at two.
        When ``referee_warns`` the warning is given with the ruling of the second foul.
        """
        counts = list(self.fouls_in_a_row)
        warned = list(self.warning_given)
        who = self.players[shooter]
        if not fouled:
            counts[shooter] = 0
            warned[shooter] = False
            return FoulTally(tuple(counts), tuple(warned), False, "")
        n = counts[shooter] + 1
        if n >= 3:
            if warned[shooter]:
                counts[shooter] = 3
                # no note: the ruling that ends the rack says the third foul once
                return FoulTally(tuple(counts), tuple(warned), True, "")
            counts[shooter] = 2
            note = f"{who} has fouled again without having been warned: the count stays at two."
            if self.referee_warns:
                warned[shooter] = True
                note += (
                    f" Warning: {who} has two fouls in a row; a third loses the {self.frame_word}."
                )
            return FoulTally(tuple(counts), tuple(warned), False, note)
        counts[shooter] = n
        note = ""
        if n == 2 and self.referee_warns:
            warned[shooter] = True
            note = f"Warning: {who} has two fouls in a row; a third loses the {self.frame_word}."
        return FoulTally(tuple(counts), tuple(warned), False, note)

    # ------------------------------------------------------------------ declarations
    def declarable_fouls(self) -> dict[str, str]:
        return dict(COMMON_DECLARABLE)

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
