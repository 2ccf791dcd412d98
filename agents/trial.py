"""Trying shots: simulate a plan, let the referee judge it, and value the outcome.

A :class:`Trial` belongs to one decision. It plays a plan at zero noise (the engine-refined aim
as intended) and under the level's own noise, ``K`` times with the same ``K`` draws for every
candidate (common random numbers: two candidates then differ by their aim, not their luck). Each
play is judged by the game's referee (``Game.judge``), applied (``Game.apply``) and valued by the
strategy (``Strategy.outcome``), so every foul and every rule's consequence is priced as the
rules price it.

A pot's estimate combines its noisy plays with its geometric chance: the share of plays that
kept the table, shrunk towards the chance by ``PRIOR_PLAYS`` plays' worth and lowered by
``CAUTION`` standard errors, weighs the mean value of the plays that kept it against the mean of
those that did not (the decision's own mean of failed plays when every play succeeded). With a
dozen plays this is steadier than their plain mean, and close to it once the plays are many.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

import sim
from agents.levels import Level
from agents.noise import StrikeValues, played_with
from agents.plans import PlanKind, ShotPlan
from agents.strategy import Strategy
from rules.errors import RulesError
from rules.game import Game
from rules.types import Ruling

#: Plays' worth of weight given to the geometric chance in a pot's estimate.
PRIOR_PLAYS = 4.0
#: Standard errors taken off a pot's share of success: an uncertain pot is rated below a sure
#: one of the same share (a pot's share is estimated from a dozen plays; a safety's outcome has
#: no such all-or-nothing split).
CAUTION = 0.5


@dataclass(frozen=True)
class Play:
    """One simulated and judged play of a plan: its value to the shooter's side, whether it
    did what it was for (a pot dropped the ball meant, without a foul; any other shot: no
    foul), and the ruling and game after it."""

    value: float
    succeeded: bool
    ruling: Ruling | None
    after: Game | None


@dataclass
class Scored:
    """A candidate with its plays: the zero-noise one, then the noisy ones."""

    plan: ShotPlan
    zero: Play
    plays: list[Play] = field(default_factory=list)
    estimate: float = 0.0

    @property
    def success_share(self) -> float:
        """The share of noisy plays that did what the plan was for (the zero-noise play's
        success when there are none)."""
        if not self.plays:
            return 1.0 if self.zero.succeeded else 0.0
        return sum(p.succeeded for p in self.plays) / len(self.plays)


class Trial:
    """The plays of one decision: ``game`` at ``level`` with ``strategy``; ``normals``
    ``(K, 5)`` are the standard normals of the K noisy plays (shared by every candidate)."""

    def __init__(
        self,
        game: Game,
        level: Level,
        strategy: Strategy,
        normals: np.ndarray,
        confirmation: np.ndarray | None = None,
    ) -> None:
        self.game = game
        self.level = level
        self.strategy = strategy
        self.table = game.table
        self.params = sim.Params.for_table(game.table)
        self.side = strategy.side_of(game, game.to_play)
        self.noise = level.noise_for(game.table)
        self.normals = normals
        self.confirmation = normals[:0] if confirmation is None else confirmation
        self.simulations = 0
        self._states: dict[tuple[float, float] | None, sim.BallState] = {}
        self._failures: list[float] = []
        self._worst: float | None = None

    def state(self, cue_ball_at: tuple[float, float] | None) -> sim.BallState:
        """The balls before the shot, the cue ball placed at ``cue_ball_at`` (cached)."""
        if cue_ball_at not in self._states:
            self._states[cue_ball_at] = self.game.state_for_shot(cue_ball_at)
        return self._states[cue_ball_at]

    def judged(self, plan: ShotPlan, result: sim.ShotResult) -> Play:
        """The play of ``plan`` that gave ``result``: judged, applied, valued."""
        game = self.game
        try:
            ruling = game.judge(result, plan.declaration)
            after = game.apply(ruling)
        except RulesError:
            return Play(value=self.worst(), succeeded=False, ruling=None, after=None)
        value = self.strategy.outcome(game, ruling, after, self.side)
        if ruling.fouls:
            succeeded = False
        elif plan.kind is PlanKind.POT:
            succeeded = plan.potted in ruling.pocketed
        else:
            succeeded = True
        return Play(value=value, succeeded=succeeded, ruling=ruling, after=after)

    def play(self, plan: ShotPlan, strike: sim.Strike) -> Play:
        """``plan`` played with ``strike`` exactly."""
        self.simulations += 1
        try:
            result = sim.simulate(self.table, self.state(plan.cue_ball_at), strike, self.params)
        except sim.EventCapExceededError:
            return Play(value=self.worst(), succeeded=False, ruling=None, after=None)
        return self.judged(plan, result)

    def noisy_strike(self, intended: sim.Strike, normals: np.ndarray) -> sim.Strike:
        """``intended`` as the level's hand plays it with the standard normals ``normals``
        ``(5,)``."""
        values = StrikeValues(intended.speed, intended.phi, intended.theta, intended.a, intended.b)
        played = played_with(values, self.noise, normals)
        return sim.Strike(speed=played.speed, phi=played.phi, theta=played.theta, a=played.a,
                          b=played.b)  # fmt: skip

    def sample(self, scored: Scored, confirm: bool = False) -> None:
        """Play ``scored``'s plan under noise, once per row of ``normals`` (of ``confirmation``
        when ``confirm``: fresh draws for the best few, whose first plays chose them and so
        flatter them), and estimate it from all its plays."""
        for normals in self.confirmation if confirm else self.normals:
            play = self.play(scored.plan, self.noisy_strike(scored.plan.strike, normals))
            scored.plays.append(play)
            if not play.succeeded:
                self._failures.append(play.value)
        scored.estimate = self.estimate(scored)

    def estimate(self, scored: Scored) -> float:
        """What ``scored`` is worth to the shooter's side (see the module's docstring)."""
        plays = scored.plays
        if scored.plan.kind is not PlanKind.POT:
            values = [p.value for p in plays] or [scored.zero.value]
            return float(np.mean(values))
        kept = [p.value for p in plays if p.succeeded]
        lost = [p.value for p in plays if not p.succeeded]
        weight = len(plays) + PRIOR_PLAYS
        share = (len(kept) + scored.plan.chance * PRIOR_PLAYS) / weight
        share -= CAUTION * float(np.sqrt(share * (1.0 - share) / weight))
        kept_value = float(np.mean(kept)) if kept else scored.zero.value
        lost_value = float(np.mean(lost)) if lost else self.failure_value()
        return share * kept_value + (1.0 - share) * lost_value

    def failure_value(self) -> float:
        """The mean value of the failed plays seen so far (a neutral guess before any)."""
        if self._failures:
            return float(np.mean(self._failures))
        return self.strategy.miss_value()

    def worst(self) -> float:
        """The value given to a play the engine or the referee could not finish."""
        return -20.0 if self.strategy.scores_points else 0.0
