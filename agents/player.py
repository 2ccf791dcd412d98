"""``choose``: the computer's move in a game, at a level, from a seed.

Every move the rules ask of a player: the break (:mod:`agents.breaks`), every other shot
(:mod:`agents.search`) with its placement and declaration, every choice the referee offers
(``game.pending_choice``: the option worth most to the chooser, :class:`agents.strategy.Strategy`
valuing the game each option leads to), and conceding a frame that can no longer be won.

Randomness: a move draws from ``SeedSequence(seed, spawn_key=(rack, shot, player, level))``,
split in two streams: the search's (its noisy plays, its subsampling) and the hand's (the
execution error of the shot played). The same game, level and seed give the same move in any
process; a match that passes one seed gets a fresh stream every shot.
"""

from __future__ import annotations

import numpy as np

import sim
from agents.breaks import break_plan
from agents.explain import describe_choice, describe_shot
from agents.levels import LEVELS, Level, level_named
from agents.move import Move, MoveKind, ShotIntent
from agents.noise import StrikeValues, perturb
from agents.plans import ShotPlan
from agents.search import Decision, decide_shot
from agents.strategies import strategy_for
from agents.strategy import Strategy
from agents.trial import Play, Trial
from rules.errors import GameOverError
from rules.game import Game
from rules.types import Phase

#: Largest seed taken (the rules' own bound for a game's seed).
MAX_SEED = 2**63


class InvalidMoveRequestError(ValueError):
    """``choose`` was handed something that is not a game, a level or a seed it takes."""


def move_generators(
    game: Game, level: Level, seed: int | None
) -> tuple[np.random.Generator, np.random.Generator]:
    """The search's and the hand's generators of the move ``level`` makes in ``game``."""
    key = (
        int(game.rack_number),
        int(game.shot_number),
        int(game.to_play),
        LEVELS.index(level.name),
    )
    sequence = np.random.SeedSequence(seed, spawn_key=key)
    search, hand = sequence.spawn(2)
    return np.random.default_rng(search), np.random.default_rng(hand)


def choose(game: Game, level: str | Level, seed: int | None = None) -> Move:
    """The move ``level`` (a name of ``LEVELS`` or a ``Level``) makes in ``game`` for the player
    to act. ``seed`` None draws fresh entropy; an int in [0, 2**63) makes the move reproducible.

    Raises ``InvalidMoveRequestError`` (not a ``rules.Game``, a bad seed),
    ``agents.UnknownLevelError`` (a level it does not have), ``rules.GameOverError`` (the game
    is over)."""
    if not isinstance(game, Game):
        raise InvalidMoveRequestError(
            f"choose takes a rules.Game (rules.new_game(...)); got {type(game).__name__}"
        )
    the_level = level_named(level)
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)
                             or not 0 <= seed < MAX_SEED):  # fmt: skip
        raise InvalidMoveRequestError(
            f"seed must be None or an integer 0 <= seed < 2**63; got {seed!r}"
        )
    if game.is_over:
        raise GameOverError(f"the {game.frame_word} is over: there is no move to make")
    strategy = strategy_for(game, the_level)
    if game.pending_choice:
        return _choice(game, strategy)
    if strategy.should_concede(game):
        return Move(kind=MoveKind.CONCEDE, explain=_concession(game, strategy))
    search_rng, hand_rng = move_generators(game, the_level, seed)
    if game.phase is Phase.BREAK:
        plan = break_plan(game, the_level)
        zero = _zero_play(game, strategy, plan)
        decision = Decision(plan=plan, estimate=zero.value, success=1.0, zero=zero,
                            candidates=1, simulations=1)  # fmt: skip
    else:
        decision = decide_shot(game, the_level, search_rng)
    plan = decision.plan
    intended = plan.strike
    played = perturb(
        StrikeValues(intended.speed, intended.phi, intended.theta, intended.a, intended.b),
        the_level.noise_for(game.table),
        hand_rng,
    )
    strike = sim.Strike(speed=played.speed, phi=played.phi, theta=played.theta, a=played.a,
                        b=played.b)  # fmt: skip
    return Move(
        kind=MoveKind.SHOT,
        explain=describe_shot(game, plan, decision.zero, _next_ball(strategy, decision.zero)),
        strike=strike,
        intended=intended,
        declaration=plan.declaration,
        cue_ball_at=plan.cue_ball_at,
        chance=decision.success,
        estimate=decision.estimate,
        intent=ShotIntent(
            kind=plan.kind.value,
            ball=plan.potted,
            pocket=None if plan.pocket is None else game.table.pockets[plan.pocket].name,
            family=None if plan.family is None else plan.family.value,
            target=plan.target,
        ),
    )


def _zero_play(game: Game, strategy: Strategy, plan: ShotPlan) -> Play:
    trial = Trial(game, strategy.level, strategy, np.zeros((0, 5)))
    return trial.play(plan, plan.strike)


def _next_ball(strategy: Strategy, zero: Play) -> int | None:
    """The ball the zero-noise play leaves the shooter best placed on, when it keeps the
    table."""
    after, ruling = zero.after, zero.ruling
    if after is None or ruling is None or ruling.frame_over or after.pending_choice:
        return None
    if after.to_play != ruling.shooter:
        return None
    targets = strategy.first_targets(after)
    if not targets:
        return None
    chances = strategy.sight.chances(after.state, targets, after.ball_in_hand)
    return int(targets[int(np.argmax(chances))])


def _choice(game: Game, strategy: Strategy) -> Move:
    side = strategy.side_of(game, game.to_play)
    values = [strategy.position(game.choose(c), side) for c in game.pending_choice]
    best = int(np.argmax(values))
    choice = game.pending_choice[best]
    return Move(
        kind=MoveKind.CHOICE,
        explain=describe_choice(choice, str(game.choice_context)),
        choice=choice,
        estimate=float(values[best]),
    )


def _concession(game: Game, strategy: Strategy) -> str:
    needed = getattr(game, "snookers_required", None)
    count = needed(strategy.side_of(game, game.to_play)) if needed else 0
    snookers = "a snooker" if count == 1 else f"{count} snookers"
    return f"concede the {game.frame_word}: it needs {snookers}"
