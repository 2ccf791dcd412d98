"""One shot further: a position valued by the next pots the engine can really make there.

The geometry's chance of a next pot (:class:`agents.sight.Sight`) ignores what the engine would
show: a kiss on the way, a cue ball that cannot reach the ghost ball without fouling, a pot that
only drops with side. The strongest level therefore re-values the positions its best finalists
leave: the few most likely next pots (by the geometry) are refined and played once at zero
noise from where the cue ball stopped, and only those that drop their ball cleanly (the cue ball
staying up) keep their geometric chance; the rest count as nothing. The strategy turns those
chances into the position's value as it always does (``Strategy.value_of_chances``).
"""

from __future__ import annotations

import numpy as np

import sim
from agents.aiming import refine
from agents.levels import Level
from agents.pot_lines import LineFinder
from agents.strategy import Strategy
from agents.trial import Trial
from rules.game import Game
from rules.types import BallInHand
from sim.events import EventKind

#: The speed of a next pot, as a multiple of its slowest speed.
NEXT_SPEED_FACTOR = 1.8


def next_pot_value(
    game: Game, level: Level, strategy: Strategy, trial: Trial, pairs: int
) -> float | None:
    """The value of ``game`` (the shooter to play again, the cue ball where it lies) to the
    player to act, from the ``pairs`` most likely next direct pots checked by the engine; None
    when the cue ball is in hand (the geometry's value stands)."""
    if game.ball_in_hand is not BallInHand.NONE or not game.state.on_table[0]:
        return None
    targets = strategy.first_targets(game)
    pos, on = np.asarray(game.state.pos), np.asarray(game.state.on_table)
    finder = LineFinder(strategy.sight, pos, on, trial.params.u_r * trial.params.g)
    lines = sorted(finder.direct(pos[0], list(targets)), key=lambda line: -line.chance)[:pairs]
    chances = np.zeros(len(targets))
    for line in lines:
        speed = min(9.0, max(0.3, line.min_speed * NEXT_SPEED_FACTOR))
        strike = sim.Strike(speed=speed, phi=line.phi)
        aimed = refine(trial.table, trial.params, game.state, line, strike, line.room)
        trial.simulations += 1
        if aimed is None or aimed.miss is None or abs(aimed.miss) > line.room:
            continue
        events = aimed.result.events
        dropped = events[events["kind"] == EventKind.BALL_POCKET]
        balls = set(dropped["a"].tolist())
        if line.potted in balls and 0 not in balls:
            i = targets.index(line.target)
            chances[i] = max(chances[i], line.chance)
    return strategy.value_of_chances(game, targets, chances)
