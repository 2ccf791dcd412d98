"""The computer's levels: how well its hand plays a shot and how widely it searches.

A level is two things:

* its **hand**: the execution noise of every shot it plays, a multiple of the computational
  pool tournaments' standard noise (Computer Olympiad 2005-2008, FastFiz; Archibald, Altman,
  Greenspan and Shoham, "Computational Pool: A New Challenge for Game Theory Pragmatics", AI
  Magazine 31(4), 2010): standard deviations of 0.125 degree on the cue direction, 0.1 degree
  on the elevation, 0.075 m/s on the cue speed and 0.5 mm on each tip offset;
* its **search**: which families of shots it looks at, how many speeds and spins, how many
  finalists it plays under its own noise and how often, and how far it looks ahead.

The weakest level misses often and sees only direct pots; the strongest plays at tournament
noise, sees banks, kicks, combinations and caroms, and looks one shot ahead. Every budget is a
count of simulations, never a time, so a move depends on the game, the level and the seed
only. ``docs/computer-player.md`` gives each level's measured statistics.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING

from agents.noise import NoiseModel

if TYPE_CHECKING:
    from sim.table import Table

#: The tournaments' standard deviations: cue direction and elevation (degrees), cue speed
#: (m/s, absolute), tip offset (m, each of side and height).
TOURNAMENT_PHI_DEG = 0.125
TOURNAMENT_THETA_DEG = 0.1
TOURNAMENT_SPEED_MS = 0.075
TOURNAMENT_TIP_M = 0.0005


class ShotFamily(StrEnum):
    """The kinds of pot the search builds from the geometry."""

    DIRECT = "direct"  #: the cue ball sends the object ball straight into the pocket
    BANK = "bank"  #: the object ball goes into the pocket off one rail
    KICK = "kick"  #: the cue ball reaches the object ball off one rail
    COMBINATION = "combination"  #: the object ball is played onto a second ball, which drops
    CAROM = "carom"  #: the object ball glances off a second ball into the pocket


class UnknownLevelError(ValueError):
    """A level name the computer does not have; the message lists the levels."""


@dataclass(frozen=True)
class SearchBudget:
    """How widely one level searches (every figure is a count, never a time).

    Fields:
        families: the kinds of pot generated from the geometry.
        speed_factors: cue speeds tried for a pot, as multiples of the slowest speed that
            carries the object ball to the pocket.
        spins: ``(a, b)`` tip offsets tried for a pot (fractions of the ball radius).
        max_cut_deg: the thinnest cut the level tries to pot (degrees).
        pot_pairs: most (ball, pocket) pairs of each family kept for the engine, best first by
            the geometric chance.
        finalists: candidates played under the level's own noise, best first by their zero-noise
            score.
        samples: noisy plays of each finalist.
        safeties: safety candidates kept for the noisy plays.
        contacts: how full a safety meets the ball on: sideways offsets of the aim from the
            ball's centre, in ball diameters (0 full, 0.5 half-ball, 0.85 thin).
        placements: cue-ball places tried with ball in hand.
        lookahead: finalists whose outcomes are looked at one shot further (0: none).
        safety_first: whether safeties are weighed against pots (False: a safety only when no
            pot is seen at all, as a beginner plays).
    """

    families: frozenset[ShotFamily]
    speed_factors: tuple[float, ...]
    spins: tuple[tuple[float, float], ...]
    max_cut_deg: float
    pot_pairs: int
    finalists: int
    samples: int
    safeties: int
    contacts: tuple[float, ...]
    placements: int
    lookahead: int
    safety_first: bool = True


@dataclass(frozen=True)
class Level:
    """One level of the computer player.

    Fields:
        name: the level's name (``LEVELS``).
        description: the level in a player's words.
        noise_scale: the hand, as a multiple of the tournament noise (1 = tournament standard).
        budget: the search (``SearchBudget``).
        continuation: the level's chance to pot each further ball with position (0..1): how
            much a good leave is worth to it, in its own run-out estimate.
        visit_points: snooker: the points the level expects after a pot, the visit going on.
    """

    name: str
    description: str
    noise_scale: float
    budget: SearchBudget
    continuation: float
    visit_points: float

    def noise_for(self, table: Table) -> NoiseModel:
        """The level's hand on ``table``: the tournament noise times ``noise_scale``, the tip
        offsets in that table's ball radii."""
        tip = TOURNAMENT_TIP_M / table.ball_radius
        return NoiseModel(
            speed_rel=0.0,
            speed_abs=TOURNAMENT_SPEED_MS * self.noise_scale,
            phi_deg=TOURNAMENT_PHI_DEG * self.noise_scale,
            theta_deg=TOURNAMENT_THETA_DEG * self.noise_scale,
            tip=tip * self.noise_scale,
        )

    def direction_sd(self, table: Table, squirt_per_offset: float) -> float:
        """Standard deviation of the cue ball's direction, radians: the cue direction's and the
        squirt of a side-offset error (``squirt_per_offset``: radians of squirt per ball radius
        of side offset, near centre) added in quadrature."""
        noise = self.noise_for(table)
        return math.hypot(math.radians(noise.phi_deg), squirt_per_offset * noise.tip)


_STUN = (0.0, 0.0)
_FOLLOW = (0.0, 0.35)
_DRAW = (0.0, -0.35)
_DEEP_DRAW = (0.0, -0.45)
_SIDE = ((0.3, 0.0), (-0.3, 0.0))
_ALL_POTS = frozenset(ShotFamily)

_BY_NAME = {
    level.name: level
    for level in (
        Level(
            name="beginner",
            description="misses often and sees only straight pots",
            noise_scale=4.0,
            budget=SearchBudget(
                families=frozenset({ShotFamily.DIRECT}),
                speed_factors=(1.6, 2.6),
                spins=(_STUN,),
                max_cut_deg=55.0,
                pot_pairs=6,
                finalists=3,
                samples=4,
                safeties=2,
                contacts=(0.0, 0.4, -0.4),
                placements=3,
                lookahead=0,
                safety_first=False,
            ),
            continuation=0.4,
            visit_points=1.0,
        ),
        Level(
            name="amateur",
            description="pots the easy ones and plays some position",
            noise_scale=2.2,
            budget=SearchBudget(
                families=frozenset({ShotFamily.DIRECT, ShotFamily.COMBINATION}),
                speed_factors=(1.4, 2.0, 3.0),
                spins=(_STUN, _FOLLOW, _DRAW),
                max_cut_deg=65.0,
                pot_pairs=10,
                finalists=5,
                samples=6,
                safeties=4,
                contacts=(0.0, 0.5, -0.5, 0.75, -0.75),
                placements=6,
                lookahead=0,
            ),
            continuation=0.6,
            visit_points=3.0,
        ),
        Level(
            name="expert",
            description="plays position and safeties, banks and kicks",
            noise_scale=1.5,
            budget=SearchBudget(
                families=frozenset(
                    {ShotFamily.DIRECT, ShotFamily.COMBINATION, ShotFamily.BANK, ShotFamily.KICK}
                ),
                speed_factors=(1.3, 1.8, 2.6, 3.8),
                spins=(_STUN, _FOLLOW, _DRAW, *_SIDE),
                max_cut_deg=75.0,
                pot_pairs=14,
                finalists=8,
                samples=8,
                safeties=8,
                contacts=(0.0, 0.5, -0.5, 0.85, -0.85),
                placements=10,
                lookahead=0,
            ),
            continuation=0.8,
            visit_points=7.0,
        ),
        Level(
            name="pro",
            description="plays at the tournaments' standard noise and looks a shot ahead",
            noise_scale=1.0,
            budget=SearchBudget(
                families=_ALL_POTS,
                speed_factors=(1.25, 1.7, 2.3, 3.2, 4.5),
                spins=(_STUN, _FOLLOW, _DRAW, _DEEP_DRAW, *_SIDE),
                max_cut_deg=80.0,
                pot_pairs=20,
                finalists=12,
                samples=16,
                safeties=10,
                contacts=(0.0, 0.5, -0.5, 0.85, -0.85),
                placements=14,
                lookahead=4,
            ),
            continuation=0.95,
            visit_points=12.0,
        ),
    )
}

#: The levels by name, weakest first.
LEVELS: tuple[str, ...] = tuple(_BY_NAME)
#: Every level by its name (read-only).
LEVEL_BY_NAME = MappingProxyType(_BY_NAME)


def level_named(level: str | Level) -> Level:
    """The ``Level`` called ``level`` (a ``Level`` is returned as it is);
    ``UnknownLevelError`` naming the levels otherwise."""
    if isinstance(level, Level):
        return level
    if isinstance(level, str) and level in _BY_NAME:
        return _BY_NAME[level]
    raise UnknownLevelError(
        f"unknown computer level {level!r}; the levels, weakest first: {', '.join(LEVELS)}"
    )
