"""What the pool judges share: the shot as the referee reads it, the typed parts of a ruling,
and the chain that runs the decision steps.

Each pool game's judge (``rules.nine_ball_judge``, ``rules.eight_ball_judge``) has the shape of
snooker's (``rules.snooker_judge``): small named steps, one per clause family, each citing its
clause. The fouls come first (``rules.pool_fouls``); then the decision steps, in the order the
rule text gives its cases, each returning an :class:`Outcome` when its clause decides the shot
and None otherwise; :func:`first_outcome` runs them and the first that decides is the ruling.

A ruling is built from two typed values (:func:`pool_ruling`): the :class:`ShotRecord` (the
fouls, the balls after the shot, the foul counts, what the findings note) and the
:class:`Outcome` (who plays next and how, the options, the end of the rack, the reason).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

from rules.facts import ShotFacts
from rules.placement import rested
from rules.types import BallInHand, Choice, Declaration, Foul, Phase, Ruling, RulingExtras
from rules.values import quick_init

if TYPE_CHECKING:
    from rules.facts import JudgedShot
    from rules.pool import PoolGame
    from sim.balls import BallState

G = TypeVar("G", bound="PoolGame")
C = TypeVar("C")

#: Balls put back on the table after a shot: (ball, (x, y) m).
Spots = tuple[tuple[int, tuple[float, float]], ...]

#: The extras of a ruling that tells its game nothing more (one value: it is frozen).
NO_EXTRAS = RulingExtras()


@quick_init
@dataclass(frozen=True)
class PoolStroke(Generic[G]):
    """One pool shot as the referee reads it (made by :func:`read_stroke`).

    Fields:
        game: the game before the shot (a 9-ball or 8-ball game).
        facts: the log's facts; declaration: the checked declaration.
        result: the result judged (``result.strike``: the strike's tip offset and elevation,
            None for a hand-built log).
        shooter, opponent: the player who shot and the other one (indices).
        balls_off: balls off the table after the shot: those the engine sent off (an
            ``OFF_TABLE`` row, judged with no declaration) and those a player declared (a ball
            the engine did not send off, e.g. picked up).
        final: ``result.final`` with the balls declared off the table taken off it (those the
            engine sent off are already out of play there).
    """

    game: G
    facts: ShotFacts
    declaration: Declaration
    result: JudgedShot
    shooter: int
    opponent: int
    balls_off: frozenset[int]
    final: BallState

    @property
    def shooter_name(self) -> str:
        return self.game.players[self.shooter]

    @property
    def opponent_name(self) -> str:
        return self.game.players[self.opponent]


def read_stroke(
    game: G, facts: ShotFacts, declaration: Declaration, result: JudgedShot
) -> PoolStroke[G]:
    """The shot of ``result`` as the referee of ``game`` reads it."""
    declared = declaration.off_table
    engine = facts.balls_off_table
    final = result.final
    if declared:
        final = rested(final, ((b, None) for b in sorted(declared)))
    shooter = game.to_play
    return PoolStroke(
        game,
        facts,
        declaration,
        result,
        shooter,
        game.other(shooter),
        engine | declared if declared else engine,
        final,
    )


@quick_init
@dataclass(frozen=True)
class ShotRecord:
    """What a pool ruling records of the shot before its decision.

    Fields:
        fouls: the fouls found, in the order the rules list them.
        final: the balls after the shot, before the balls of ``to_spot`` are put back.
        fouls_in_a_row, warning_given: per player, after this shot (the foul count).
        to_spot: balls the findings put back (9-ball's 9), before those of the decision.
        notes: what the findings say (the three-ball count, the warning, the 9 spotted).
    """

    fouls: tuple[Foul, ...]
    final: BallState
    fouls_in_a_row: tuple[int, ...]
    warning_given: tuple[bool, ...]
    to_spot: Spots = ()
    notes: tuple[str, ...] = ()


@quick_init
@dataclass(frozen=True)
class Outcome:
    """What a decision step decides.

    Fields:
        next_to_play: the player to act next (who makes any choice in ``options``).
        next_phase: the game's phase after the shot (before any choice).
        next_ball_on: the balls that may be hit first on the next shot.
        reason: the decision in plain words, citing its clause.
        ball_in_hand: where the next player may place the cue ball.
        options: the choices the next player must make before shooting.
        frame_over, winner: the rack ended on this shot, won by ``winner``.
        to_spot: balls the decision puts back (8-ball's 8).
        notes: what the decision adds (a group assigned, a safety, a ball in the wrong pocket).
        extras: what the game's ``apply`` reads besides (the choice's context, 8-ball groups).
    """

    next_to_play: int
    next_phase: Phase
    next_ball_on: frozenset[int]
    reason: str
    ball_in_hand: BallInHand = BallInHand.NONE
    options: tuple[Choice, ...] = ()
    frame_over: bool = False
    winner: int | None = None
    to_spot: Spots = ()
    notes: tuple[str, ...] = ()
    extras: RulingExtras = NO_EXTRAS


def rack_won(winner: int, reason: str) -> Outcome:
    """The outcome that ends the rack, won by player ``winner``."""
    return Outcome(
        next_to_play=winner,
        next_phase=Phase.OVER,
        next_ball_on=frozenset(),
        reason=reason,
        frame_over=True,
        winner=winner,
    )


def first_outcome(call: C, steps: Sequence[Callable[[C], Outcome | None]]) -> Outcome:
    """The outcome of the first of ``steps`` that decides ``call`` (the findings of one shot);
    the last step always decides."""
    for step in steps:
        outcome = step(call)
        if outcome is not None:
            return outcome
    raise AssertionError(f"no step decided the shot: the last of {steps} must")


def pool_ruling(stroke: PoolStroke[G], record: ShotRecord, outcome: Outcome) -> Ruling:
    """The ruling on ``stroke``: its record and the outcome decided, every field named. Pool
    scores no points; the balls pocketed are the log's, in order; the balls off the table are
    the engine's and the declared ones; the balls spotted are the findings', then the
    decision's."""
    off = stroke.balls_off
    return Ruling(
        shooter=stroke.shooter,
        shot_number=stroke.game.shot_number,
        fouls=record.fouls,
        points=(0, 0),
        pocketed=tuple(stroke.facts.pocketed),
        off_table=tuple(sorted(off)) if off else (),
        to_spot=record.to_spot + outcome.to_spot,
        final=record.final,
        next_to_play=outcome.next_to_play,
        ball_in_hand=outcome.ball_in_hand,
        options=outcome.options,
        next_phase=outcome.next_phase,
        next_ball_on=outcome.next_ball_on,
        fouls_in_a_row=record.fouls_in_a_row,
        warning_given=record.warning_given,
        frame_over=outcome.frame_over,
        winner=outcome.winner,
        reason=outcome.reason,
        notes=record.notes + outcome.notes,
        extras=outcome.extras,
    )
