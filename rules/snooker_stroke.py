"""What the snooker referee knows of one stroke before reading its fouls: the ball on
(``Stroke``, §3, §6, §9) and everything else it reads (``StrokeContext``: the game before the
stroke, the declaration, the balls before and after, the log's facts), and what the judge
makes of it (``StrokeScore``: the points; ``NextTurn``: who plays next and on what).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from rules.snooker_geometry import BALL_NAMES, ball_value
from rules.types import BallInHand, Declaration, Phase
from rules.values import once, quick_init

if TYPE_CHECKING:
    from rules.facts import ShotFacts
    from sim.balls import BallState
    from sim.table import Table


@quick_init
@dataclass(frozen=True)
class Stroke:
    """The ball on for one stroke, known before its log is read (§3, §6, §9).

    Fields:
        phase: the phase the stroke is played in (the break-off counts as ``REDS``).
        balls_on: the balls that may be hit first, without the free ball.
        value_on: the value of the ball on (0 when not known: a colour after a red, none
            nominated nor inferred).
        nominated: the colour nominated after a red (given or inferred), else None.
        nomination_inferred: the nomination was read off the first ball hit (or touching).
        free: the free ball played, when one is nominated (§9), else None.
    """

    phase: Phase
    balls_on: frozenset[int]
    value_on: int
    nominated: int | None
    nomination_inferred: bool
    free: int | None


@quick_init
@dataclass(frozen=True)
class StrokeContext:
    """Everything the judge reads about one stroke: the game before it, the declaration, the
    balls before and after (``initial``, ``final`` as the engine left them) and the log's facts.

    Fields:
        table: the table; players: the order of play; shooter: index of the player at the
            table; game_phase, ball_in_hand, score (per side), break_points, full_ball_misses,
            fouls_in_a_row, warning_given, shot_number: the game's values before the stroke;
            draw_key: (seed, frame, shot) for the draw after a tie (§3.10).
        facts: the log read as facts; declaration: the checked declaration.
        initial, final: ``result.initial`` and ``result.final``.
        touching: balls touching the cue ball before the stroke (§7).
        stroke: the ball on (``Stroke``).
        strike_phi: the strike's direction, degrees from +x (``result.strike.phi``); None for
            a hand-built log, which is then judged from its rows alone.
        cue_reach: how far the cue ball would have run on open cloth at the speed the strike
            gave it (``open_cloth_reach``), m; None when the log has no strike row.
        aggregate_before, last_frame: the points of the earlier frames of an aggregate match
            (per side, None outside one) and whether this frame is its last (§3.10 note).
        miss_rule: the foul and a miss is called (the game's option ``miss_rule``).
    """

    table: Table
    players: tuple[str, ...]
    shooter: int
    game_phase: Phase
    ball_in_hand: BallInHand
    score: tuple[int, ...]
    break_points: int
    full_ball_misses: int
    fouls_in_a_row: tuple[int, ...]
    warning_given: tuple[bool, ...]
    shot_number: int
    draw_key: tuple[int, int, int]
    facts: ShotFacts
    declaration: Declaration
    initial: BallState
    final: BallState
    touching: tuple[int, ...]
    stroke: Stroke
    strike_phi: float | None = None
    cue_reach: float | None = None
    aggregate_before: tuple[int, ...] | None = None
    last_frame: bool = False
    miss_rule: bool = True

    @property
    def side(self) -> int:
        """The shooter's side (score index): the player, or its team (player % 2)."""
        return self.shooter % 2

    @property
    def radius(self) -> float:
        """Ball radius, m."""
        return float(self.table.ball_radius)

    @once
    def pos0(self) -> np.ndarray:
        """Ball centres before the stroke, (n, 2) m."""
        return np.asarray(self.initial.pos, dtype=float)

    @once
    def on0(self) -> np.ndarray:
        """Balls on the table before the stroke, (n,) bool."""
        return np.asarray(self.initial.on_table, dtype=bool)

    @property
    def off_declared(self) -> frozenset[int]:
        """Balls a player declared off the table (one the engine did not send off, e.g. picked
        up)."""
        return self.declaration.off_table

    @once
    def off_table(self) -> frozenset[int]:
        """Balls off the table after the stroke: sent off by the engine (an ``OFF_TABLE`` row,
        no declaration needed) or declared."""
        return self.facts.balls_off_table | self.off_declared

    @once
    def potted(self) -> tuple[int, ...]:
        """Balls pocketed, in event order, without those declared off the table."""
        return tuple(b for b in self.facts.pocketed if b not in self.off_table)

    @once
    def object_potted(self) -> tuple[int, ...]:
        """Object balls pocketed (``potted`` without the cue ball)."""
        return tuple(b for b in self.potted if b != 0)

    @property
    def cue_gone(self) -> bool:
        """The cue ball was pocketed or left the table."""
        return 0 in self.potted or 0 in self.off_table

    def value(self, ball: int) -> int:
        """A ball's value for penalties: the free ball counts as the ball on (§9.3)."""
        if self.stroke.free is not None and ball == self.stroke.free:
            return self.stroke.value_on
        return ball_value(ball)

    def name(self, ball: int) -> str:
        """A ball in words: "the cue ball", "the red_4", "the pink"."""
        return "the cue ball" if ball == 0 else f"the {BALL_NAMES[ball]}"

    def words(self, event: int | None) -> str:
        """The logged event ``event`` in words ("" for None)."""
        return "" if event is None else self.facts.describe_event(event, BALL_NAMES)


@quick_init
@dataclass(frozen=True)
class StrokeScore:
    """Points of a stroke. ``points``: per side; ``penalty``: the foul's (0 without one);
    ``scored``: the shooter's points; ``continues``: the shooter stays at the table."""

    points: tuple[int, int]
    penalty: int
    scored: int
    continues: bool


@quick_init
@dataclass(frozen=True)
class NextTurn:
    """Who plays next and on what: ``state`` and ``to_spot`` are final after any re-spotted
    black; ``winner`` is a side."""

    phase: Phase
    ball_on: frozenset[int]
    to_play: int
    frame_over: bool
    winner: int | None
    respotted_black: bool
    state: BallState
    to_spot: tuple[tuple[int, tuple[float, float]], ...]
    notes: tuple[str, ...]
