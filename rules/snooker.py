"""Snooker: one frame judged under the French snooker text (WPBSA Official Rules, Section 3).

Balls (``BALL_NAMES``): 0 ``cue``, 1..15 ``red_1``..``red_15``, 16..21 ``yellow`` ``green``
``brown`` ``blue`` ``pink`` ``black``. Two players, or four in two teams (§14): ``players`` is
the order of play for the frame, fixed throughout it (§3.1, §14.1); with four players the teams
alternate (players 0 and 2 against 1 and 3). ``score`` and ``Ruling.points`` are per side (the
player, or the team: side = player % 2); ``winner`` is a side.

How each clause is judged is listed in ``docs/rules-coverage.md`` (section "Snooker"); the
choices made where the text is ambiguous are written there and next to the code. The referee
itself is ``rules.snooker_judge`` (the pipeline of steps) and ``rules.snooker_fouls`` (the fouls,
one family per function); this module holds the game: set-up, declarations, applying a ruling,
the choices, concessions and stalemates. Clauses are cited as ``§n.k``: item k of section n
of the French snooker text (section 3 is "PRINCIPE DU JEU", 9 "BILLE LIBRE", 11 "PENALITES",
...); "WPBSA x.y" is the official rule book's numbering.

Phases (``rules.types.Phase``): ``BREAK`` (the opening stroke, reds on, cue ball in hand in the
D), ``REDS``, ``COLOUR_AFTER_RED`` (a colour is on: nominated, or inferred), ``COLOURS_IN_ORDER``
(no red left), ``RESPOTTED_BLACK`` (tie-break), ``OVER``.

Values used for penalties (§11): every foul costs at least four points; the value of "the ball
on" is 1 while reds are on, the nominated colour's value after a red, the colour on's value in
the colours; a free ball takes the value of the ball on (§9.3) for scoring and penalties.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from rules.arguments import shown, whole_number_option, yes_no_option
from rules.errors import (
    GameOverError,
    InvalidGameStateError,
    InvalidOptionError,
    RulesError,
)
from rules.facts import JudgedShot, ShotFacts
from rules.game import Game, draw_seed
from rules.position import MAX_COUNT, check_count, check_counts, check_index, check_per
from rules.racks import MAX_RACK_NUMBER
from rules.snooker_after_foul import cue_reach_of, points_remaining
from rules.snooker_clauses import DECLARABLE
from rules.snooker_declarations import check_snooker_declaration, snooker_declaration_options
from rules.snooker_fouls import MIN_PENALTY
from rules.snooker_geometry import (
    BALL_INDEX,
    BALL_NAMES,
    COLOUR_INDICES,
    COLOUR_VALUES,
    COLOURS,
    RED_INDICES,
    ball_value,
    setup_positions,
    touching_balls,
)
from rules.snooker_judge import judge_stroke, next_of_side, read_stroke, strike_phi_of
from rules.snooker_stroke import StrokeContext
from rules.types import (
    BallInHand,
    Choice,
    Declaration,
    DeclarationOptions,
    GameKind,
    Phase,
    SnookerExtras,
)

if TYPE_CHECKING:
    from typing import Self

    from rules.types import Ruling
    from sim.table import Table

__all__ = [
    "BALL_INDEX",
    "BALL_NAMES",
    "COLOURS",
    "COLOUR_INDICES",
    "COLOUR_VALUES",
    "RED_INDICES",
    "SnookerGame",
    "ball_value",
    "points_remaining",
]


@dataclass(frozen=True)
class SnookerGame(Game):
    """A frame of snooker. Fields beyond ``Game``'s:

    Fields:
        break_points: points of the current break of the player at the table.
        highest_break: per player, the highest break made in the frame.
        free_ball: the player to act may nominate a free ball (§9) on the next stroke.
        offender: the player who committed the foul being answered (choices), or None.
        replay_positions, replay_on_table, replay_phase, replay_ball_in_hand, replay_ball_on,
            replay_free_ball: the position and the state of play before a foul judged a miss
            (paragraph after §3.10; WPBSA 3.14): what "replace the balls" restores, the penalty
            kept (empty / None when no miss is pending). Plain values, so a save file holds them.
        full_ball_misses: consecutive misses by the player to act with a full ball visible,
            replayed each time (WPBSA 3.14(i)): the third loses the frame.
        aggregate_before: in an aggregate-score match, the points of each side in the earlier
            frames (None outside one); last_frame: this frame is the match's last. Only the
            last frame's tie, on the totals, re-spots the black (§3.10 note); an earlier frame
            ending level is drawn (``winner`` None).
        stalemate_warned: the referee has warned that the frame will be re-started if the
            position does not change (§13); a ball potted lifts the warning.
        miss_rule: the referee calls a foul and a miss (the paragraph after §3.10, WPBSA
            3.14; the default); False plays without it, as many leagues do: a failure to hit
            the ball on is a foul like any other, the balls are never replaced and no run of
            misses loses the frame.
    """

    kind = GameKind.SNOOKER
    title = "Snooker"
    ball_names = BALL_NAMES
    table_kind = "snooker"
    options: ClassVar[Mapping[str, str]] = MappingProxyType(
        {
            "table": "a snooker sim.Table (default the 12 ft WPBSA table)",
            "breaker": "the index of the player who breaks off (default 0)",
            "rack_number": (
                f"how many frames were played before this one, 0..{MAX_RACK_NUMBER} (default 0)"
            ),
            "aggregate_before": (
                "an aggregate-score match: the points each side scored in the earlier frames, "
                "(a, b) (default None: frames stand alone)"
            ),
            "last_frame": "the last frame of an aggregate match (default False)",
            "miss_rule": (
                "bool, the referee calls a foul and a miss (default True; the paragraph after "
                "§3.10)"
            ),
        }
    )
    player_counts = (2, 4)
    phases = frozenset(
        {
            Phase.BREAK,
            Phase.REDS,
            Phase.COLOUR_AFTER_RED,
            Phase.COLOURS_IN_ORDER,
            Phase.RESPOTTED_BLACK,
            Phase.OVER,
        }
    )
    hand_zones = frozenset({BallInHand.NONE, BallInHand.IN_D})
    frame_word = "frame"
    scores_points = True
    ball_values = MappingProxyType({name: ball_value(i) for i, name in enumerate(BALL_NAMES) if i})

    break_points: int = 0
    highest_break: tuple[int, ...] = (0, 0)
    free_ball: bool = False
    offender: int | None = None
    replay_positions: tuple[tuple[float, float], ...] = field(default=(), repr=False)
    replay_on_table: tuple[bool, ...] = field(default=(), repr=False)
    replay_phase: Phase | None = None
    replay_ball_in_hand: BallInHand | None = None
    replay_ball_on: frozenset[int] = field(default=frozenset(), repr=False)
    replay_free_ball: bool = False
    full_ball_misses: int = 0
    aggregate_before: tuple[int, ...] | None = None
    last_frame: bool = False
    stalemate_warned: bool = False
    miss_rule: bool = True

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(
        cls, players: tuple[str, ...] = ("A", "B"), seed: int | None = None, **options: Any
    ) -> Self:
        """A frame set up for the break-off (French text §2): colours on their spots, the reds
        in their triangle, the cue ball in hand in the D, ``players[breaker]`` to break.

        Options (``options``): ``table`` (a snooker ``sim.Table``; default
        ``default_table()``), ``breaker`` (a player index, default 0), ``rack_number`` (frames
        played before this one). Two players, or four in two teams (§14)."""
        cls.check_option_names(options)
        if len(players) not in cls.player_counts:
            raise InvalidOptionError(
                f"snooker is played by 2 players or 4 in two teams; got {len(players)} players"
            )
        table = cls.table_option(options.get("table"))
        breaker = whole_number_option(
            "breaker (a player index)", options.get("breaker", 0), 0, len(players) - 1
        )
        rack_number = whole_number_option(
            "rack_number", options.get("rack_number", 0), 0, MAX_RACK_NUMBER
        )
        aggregate = options.get("aggregate_before")
        if aggregate is not None:
            if (
                not isinstance(aggregate, tuple | list)
                or len(aggregate) != 2
                or any(
                    isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_COUNT
                    for v in aggregate
                )
            ):
                raise InvalidOptionError(
                    "aggregate_before must be the two sides' points of the earlier frames, "
                    f"two whole numbers 0..{MAX_COUNT}; got {shown(aggregate)}"
                )
            aggregate = (int(aggregate[0]), int(aggregate[1]))
        last_frame = yes_no_option("last_frame", options.get("last_frame", False))
        miss_rule = yes_no_option("miss_rule", options.get("miss_rule", True))
        if last_frame and aggregate is None:
            raise InvalidOptionError(
                "last_frame is the last frame of an aggregate match: give aggregate_before too"
            )
        from sim.balls import BallState

        state = BallState.at_rest(setup_positions(table)).with_ball_removed(0)
        reds = frozenset(RED_INDICES)
        return cls(
            table=table,
            state=state,
            players=tuple(players),
            to_play=breaker,
            ball_in_hand=BallInHand.IN_D,
            ball_on=reds,
            phase=Phase.BREAK,
            score=(0, 0),
            fouls_in_a_row=(0,) * len(players),
            warning_given=(False,) * len(players),
            breaker=breaker,
            seed=draw_seed() if seed is None else int(seed),
            rack_number=rack_number,
            highest_break=(0,) * len(players),
            aggregate_before=aggregate,
            last_frame=last_frame,
            miss_rule=miss_rule,
        )

    @classmethod
    def default_table(cls) -> Table:
        """The 12 ft WPBSA snooker table."""
        from sim.table import Table

        return Table.snooker()

    @classmethod
    def allowed_tables(cls) -> tuple[Table, ...]:
        """The 12 ft WPBSA snooker table."""
        return (cls.default_table(),)

    @classmethod
    def _play_phase(cls) -> Phase:
        return Phase.REDS

    @property
    def sides(self) -> int:
        """Two sides score: the players, or the two teams (§14)."""
        return 2

    def default_ball_on(self) -> frozenset[int]:
        """The reds on the table (``BREAK``, ``REDS``), every colour (``COLOUR_AFTER_RED``),
        the lowest colour (``COLOURS_IN_ORDER``), the black (``RESPOTTED_BLACK``)."""
        on = self.balls_on_table()
        colours = [c for c in COLOUR_INDICES if c in on]
        if self.phase in (Phase.BREAK, Phase.REDS):
            return frozenset(r for r in RED_INDICES if r in on)
        if self.phase is Phase.COLOUR_AFTER_RED:
            return frozenset(colours)
        if self.phase is Phase.RESPOTTED_BLACK:
            return frozenset({BALL_INDEX["black"]})
        return frozenset(colours[:1])

    def _check_game_fields(self) -> None:
        """Breaks, misses and the offender in range; one highest break per player."""
        n = len(self.players)
        check_per(self, "highest_break", self.highest_break, n, "player")
        check_counts(self, "highest_break", self.highest_break, MAX_COUNT)
        check_count(self, "break_points", self.break_points, MAX_COUNT)
        check_count(self, "full_ball_misses", self.full_ball_misses, 3)
        if not isinstance(self.miss_rule, bool):
            raise InvalidGameStateError(
                f"Snooker: miss_rule = {self.miss_rule!r} is refused; allowed: True or False"
            )
        if self.aggregate_before is not None:
            check_per(self, "aggregate_before", self.aggregate_before, 2, "side")
            check_counts(self, "aggregate_before", self.aggregate_before, MAX_COUNT)
        elif self.last_frame:
            raise InvalidGameStateError(
                "Snooker: last_frame is set without aggregate_before (an aggregate match)"
            )
        if self.offender is not None:
            check_index(self, "offender", self.offender, n, "a player")
        if self.replay_positions and len(self.replay_positions) != len(BALL_NAMES):
            raise InvalidGameStateError(
                f"Snooker: replay_positions has {len(self.replay_positions)} balls; "
                f"{len(BALL_NAMES)} (or none) allowed"
            )

    # ------------------------------------------------------------------ names and helpers
    def side_of(self, player: int) -> int:
        """The side (score index) of ``player``: the player itself, or its team (player % 2)."""
        return player % 2

    @property
    def touching(self) -> tuple[int, ...]:
        """Balls the cue ball touches now (§7: the referee announces "touching ball")."""
        return touching_balls(
            np.asarray(self.state.pos), np.asarray(self.state.on_table), self.table.ball_radius
        )

    def points_remaining(self) -> int:
        """Most points the player at the table can still score (for a scoreboard)."""
        if self.is_over:
            return 0
        return points_remaining(self.phase, self.balls_on_table())

    def snookers_required(self, side: int) -> int:
        """How many snookers ``side`` needs: 0 when the points remaining can still win or tie,
        else the number of fouls of the least value (4, or the lowest colour's value when
        higher) needed to make up the difference that the balls cannot."""
        other = 1 - side
        deficit = self.score[other] - self.score[side]
        remaining = self.points_remaining()
        if deficit <= remaining:
            return 0
        on = self.balls_on_table()
        values = [ball_value(b) for b in on if b != 0]
        per = max(MIN_PENALTY, min(values) if values else MIN_PENALTY)
        return -(-(deficit - remaining) // per)

    # ------------------------------------------------------------------ declarations
    def declarable_fouls(self) -> dict[str, str]:
        """The fouls a simulation cannot see, by code -> clause (§11)."""
        return {code: clause for code, (clause, _) in DECLARABLE.items()}

    def declaration_options(self) -> DeclarationOptions:
        """A colour must be nominated after a potted red (it is inferred from the first ball
        hit when not given); a free ball may be nominated when one was awarded
        (``rules.snooker_declarations``)."""
        return snooker_declaration_options(self)

    def _check_declaration(self, declaration: Declaration) -> None:
        """Nominations (§6, §9) and the ball concerned (§11.2): ``rules.snooker_declarations``."""
        check_snooker_declaration(self, declaration)

    # ------------------------------------------------------------------ judging
    def _judge(self, facts: ShotFacts, result: JudgedShot, declaration: Declaration) -> Ruling:
        """The ruling on one stroke: the pipeline of ``rules.snooker_judge``, given what the
        referee knows before the stroke (``StrokeContext``)."""
        initial = result.initial
        pos0 = np.asarray(initial.pos, dtype=float)
        on0 = np.asarray(initial.on_table, dtype=bool)
        touching = touching_balls(pos0, on0, float(self.table.ball_radius)) if on0[0] else ()
        ctx = StrokeContext(
            table=self.table,
            players=self.players,
            shooter=self.to_play,
            game_phase=self.phase,
            ball_in_hand=self.ball_in_hand,
            score=self.score,
            break_points=self.break_points,
            full_ball_misses=self.full_ball_misses,
            fouls_in_a_row=self.fouls_in_a_row,
            warning_given=self.warning_given,
            shot_number=self.shot_number,
            draw_key=(self.seed & 0xFFFFFFFF, self.rack_number, self.shot_number),
            facts=facts,
            declaration=declaration,
            initial=initial,
            final=result.final,
            touching=touching,
            stroke=read_stroke(self.phase, facts, declaration, touching),
            strike_phi=strike_phi_of(result),
            cue_reach=cue_reach_of(result, facts),
            aggregate_before=self.aggregate_before,
            last_frame=self.last_frame,
            miss_rule=self.miss_rule,
        )
        return judge_stroke(ctx)

    def _next_of_side(self, after: int, side: int) -> int:
        """The first player of ``side`` after ``after`` in the order of play (or ``after``)."""
        return next_of_side(self.players, after, side)

    # ------------------------------------------------------------------ applying
    def _after_shot(self, ruling: Ruling) -> Game:
        """Moves the balls, scores and turn (base), then the break, the free ball, the miss."""
        game = super()._after_shot(ruling)
        extras = ruling.extras
        if not isinstance(game, SnookerGame) or not isinstance(extras, SnookerExtras):
            raise RulesError(f"a {type(extras).__name__} ruling cannot be applied to snooker")
        shooter = ruling.shooter
        highest = list(self.highest_break)
        current = extras.break_points
        highest[shooter] = max(highest[shooter], extras.finished_break, current)
        fouled = ruling.is_foul
        replay = self._no_replay()
        if extras.miss:
            replay = {
                "replay_positions": tuple(
                    (float(x), float(y)) for x, y in np.asarray(self.state.pos)
                ),
                "replay_on_table": tuple(bool(v) for v in np.asarray(self.state.on_table)),
                "replay_phase": self.phase,
                "replay_ball_in_hand": self.ball_in_hand,
                "replay_ball_on": self.ball_on,
                "replay_free_ball": self.free_ball,
            }
        if extras.respotted_black and bool(game.state.on_table[0]):
            game = replace(game, state=game.state.with_ball_removed(0))
        return replace(
            game,
            break_points=current,
            highest_break=tuple(highest),
            free_ball=extras.free_ball,
            offender=shooter if fouled else None,
            full_ball_misses=extras.full_ball_misses,
            stalemate_warned=self.stalemate_warned and not ruling.pocketed,
            **replay,
        )

    def _resolve_choice(self, choice: Choice) -> Game:
        """``ACCEPT_TABLE``: the chooser plays (with the free ball if one was awarded);
        ``HAND_BACK``: the offender plays again from where the balls lie (§10.3; no free ball,
        since §9.2 gives it to the non-offender), or, after a tie, the other side plays the
        re-spotted black; ``REPLACE_AND_REPLAY``: the balls go back where they were before the
        miss and the offender plays again, the penalty kept (paragraph after §3.10)."""
        if choice is Choice.ACCEPT_TABLE:
            return replace(self, pending_choice=(), full_ball_misses=0, **self._no_replay())
        if choice is Choice.HAND_BACK:
            if self.phase is Phase.RESPOTTED_BLACK:
                other = self._next_of_side(self.to_play, 1 - self.side_of(self.to_play))
                return replace(self, pending_choice=(), to_play=other)
            assert self.offender is not None
            return replace(
                self,
                pending_choice=(),
                to_play=self.offender,
                free_ball=False,
                full_ball_misses=0,
                **self._no_replay(),
            )
        if choice is Choice.REPLACE_AND_REPLAY:
            if self.replay_phase is None or self.offender is None:
                raise RulesError("no position to replace: no miss was called")
            from sim.balls import BallState

            state = BallState.at_rest(np.array(self.replay_positions, dtype=float))
            for i, on in enumerate(self.replay_on_table):
                if not on:
                    state = state.with_ball_removed(i)
            return replace(
                self,
                state=state,
                to_play=self.offender,
                phase=self.replay_phase,
                ball_in_hand=self.replay_ball_in_hand or BallInHand.NONE,
                ball_on=self.replay_ball_on,
                free_ball=self.replay_free_ball,
                break_points=0,
                pending_choice=(),
                offender=None,
                last_reason="Balls replaced: " + self.last_reason,
                **self._no_replay(),
            )
        return super()._resolve_choice(choice)

    @staticmethod
    def _no_replay() -> dict[str, Any]:
        """Field values meaning "no position to replace"."""
        return {
            "replay_positions": (),
            "replay_on_table": (),
            "replay_phase": None,
            "replay_ball_in_hand": None,
            "replay_ball_on": frozenset(),
            "replay_free_ball": False,
        }

    # ------------------------------------------------------------------ frame-level moves
    def concede(self, player: int) -> SnookerGame:
        """``player`` concedes the frame: it ends, won by the other side."""
        if self.is_over:
            raise GameOverError("the frame is already over")
        last = len(self.players) - 1
        player = whole_number_option("the player conceding (a player index)", player, 0, last)
        side = self.side_of(player)
        return replace(
            self,
            is_over=True,
            winner=1 - side,
            phase=Phase.OVER,
            pending_choice=(),
            last_reason=f"{self.players[player]} concedes the frame.",
        )

    def warn_stalemate(self) -> SnookerGame:
        """The referee's warning of §13: a stalemate is approaching; if the position does not
        change soon the frame will be declared void and re-started. The warning stands until a
        ball is potted (``stalemate_warned``)."""
        if self.is_over:
            raise GameOverError("the frame is already over")
        return replace(
            self,
            stalemate_warned=True,
            last_reason=(
                "Stalemate warning (§13): if the position does not change soon, the frame will "
                "be re-started."
            ),
        )

    def declare_stalemate(self) -> SnookerGame:
        """The frame is a stalemate (§13): void and re-started, same players in the same order
        of play, the same player breaking, the same match (aggregate) settings. The referee
        declares it after the warning (``warn_stalemate``); without one the players agreed."""
        if self.is_over:
            raise GameOverError("the frame is already over")
        fresh = type(self).new(
            players=self.players,
            seed=self.seed,
            table=self.table,
            breaker=self.breaker,
            rack_number=self.rack_number + 1,
            aggregate_before=self.aggregate_before,
            last_frame=self.last_frame,
            miss_rule=self.miss_rule,
        )
        how = "after the referee's warning" if self.stalemate_warned else "by agreement"
        return replace(
            fresh,
            to_play=self.breaker,
            breaker=self.breaker,
            last_reason=f"Stalemate {how}: the frame is re-started (§13).",
        )
