"""What a player sees from a position: the chance of the best pot on each ball.

The search values a position by the chance of the shots it leaves (PickPocket's position
evaluation: Smith, "PickPocket: A computer billiards shark", Artificial Intelligence 171, 2007,
scores a leave by the success chances of the best shots it offers). :class:`Sight` holds what
that needs for one table and level (the pockets' openings, the level's direction error) and
reads a ``BallState`` with the cue ball where it lies, or in hand in a zone, where the best place
is searched among a grid of the zone and the straight-in places behind every pot.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

import sim
from agents.geometry import lines_clear, pot_lines, straight_in_places
from agents.levels import Level
from agents.placement import legal_places, zone_grid
from agents.pockets import PocketOpening, pocket_openings
from rules.types import BallInHand

#: Distance (m) behind the ghost ball of a straight-in place for the cue ball in hand.
STRAIGHT_IN_DISTANCE = 0.22
#: Places of a zone grid tried for the cue ball in hand when reading a position.
ZONE_PLACES = 12


@lru_cache(maxsize=16)
def squirt_per_offset(table: sim.Table) -> float:
    """Squirt near centre, radians per ball radius of side offset (a finite difference of the
    engine's own squirt model, ``sim.squirt_angle``)."""
    step = 0.02
    return sim.squirt_angle(step, sim.Params.for_table(table)) / step


@dataclass(frozen=True)
class Sight:
    """One table seen at one level.

    Fields:
        table: the ``sim.Table``.
        openings: every pocket's measured opening (``agents.pockets``).
        sd: the level's standard deviation of the cue ball's direction, radians.
    """

    table: sim.Table
    openings: tuple[PocketOpening, ...]
    sd: float

    @classmethod
    def of(cls, table: sim.Table, level: Level) -> Sight:
        """The sight of ``level`` on ``table`` (the pockets measured once per table)."""
        return _sight(table, level)

    def chances(self, state: sim.BallState, targets: Sequence[int], zone: BallInHand) -> np.ndarray:
        """The chance of the best direct pot of each ball of ``targets`` (``(T,)``) for the
        player to act: from where the cue ball lies (``zone`` NONE) or from the best legal place
        of ``zone``."""
        if not targets:
            return np.zeros(0)
        pos = np.asarray(state.pos)
        on = np.asarray(state.on_table)
        ids = np.flatnonzero(on)
        ids = ids[ids != 0]
        balls = pos[ids]
        objects = pos[list(targets)]
        target_ids = np.asarray(targets)
        radius = self.table.ball_radius
        if zone is BallInHand.NONE:
            if not on[0]:
                return np.zeros(len(targets))
            lines = pot_lines(pos[:1], objects, target_ids, balls, ids, self.openings, radius,
                              self.sd)  # fmt: skip
            return np.asarray(lines.chance[0].max(axis=1))
        probe = pot_lines(objects[:1] * 0.0 + self.table.width / 2.0, objects, target_ids, balls,
                          ids, self.openings, radius, self.sd)  # fmt: skip
        behind = straight_in_places(probe, STRAIGHT_IN_DISTANCE).reshape(-1, 2)
        places = np.concatenate([zone_grid(self.table, zone, ZONE_PLACES), behind])
        places = places[legal_places(self.table, state, places, zone)]
        if places.shape[0] == 0:
            return np.zeros(len(targets))
        lines = pot_lines(places, objects, target_ids, balls, ids, self.openings, radius, self.sd)
        return np.asarray(lines.chance.max(axis=(0, 2)))

    def any_line(self, state: sim.BallState, targets: Sequence[int]) -> bool:
        """Whether the cue ball, where it lies, has a straight line to the centre or either
        edge of some ball of ``targets``: False means snookered."""
        pos = np.asarray(state.pos)
        on = np.asarray(state.on_table)
        if not on[0] or not targets:
            return False
        ids = np.flatnonzero(on)
        ids = ids[ids != 0]
        radius = self.table.ball_radius
        cue = pos[0]
        for t in targets:
            centre = pos[t]
            away = centre - cue
            length = math.hypot(*away)
            if length < 1e-9:
                return True
            side = np.array([-away[1], away[0]]) / length * (1.9 * radius)
            ends = np.stack([centre, centre + side, centre - side]) - away / length * 2 * radius
            ignore = ids[None, :] == t
            if np.any(
                lines_clear(np.broadcast_to(cue, ends.shape), ends, pos[ids], ignore, radius)
            ):
                return True
        return False


@lru_cache(maxsize=32)
def _sight(table: sim.Table, level: Level) -> Sight:
    return Sight(
        table=table,
        openings=pocket_openings(table),
        sd=level.direction_sd(table, squirt_per_offset(table)),
    )
