"""Where to put the cue ball in hand.

The places tried are the straight-in places behind every pot whose object line is free (at
three distances, straight and angled either way for position) and a grid over the zone; each
legal one is scored by the best direct pot it offers (:mod:`agents.geometry`), and the best,
at least ``SPACING`` apart, are kept. The search then plays its candidates from each.
"""

from __future__ import annotations

import math

import numpy as np

from agents.geometry import pot_lines
from agents.placement import legal_places, zone_grid
from agents.sight import Sight
from rules.game import Game

#: Distances (m) behind the ghost ball and turns (degrees) off the line of the pot.
BEHIND = (0.15, 0.3, 0.5)
TURNS = (0.0, 25.0, -25.0)
#: Kept places are at least this far apart (m).
SPACING = 0.04


def cue_places(
    game: Game, sight: Sight, targets: list[int], count: int
) -> list[tuple[float, float]]:
    """Up to ``count`` places for the cue ball in hand in ``game``'s zone, best first, for pots
    of ``targets``; never empty while the zone has a legal place."""
    table, state = game.table, game.state
    pos = np.asarray(state.pos)
    on = np.asarray(state.on_table)
    ids = np.flatnonzero(on)
    ids = ids[ids != 0]
    radius = table.ball_radius
    places = [zone_grid(table, game.ball_in_hand, 3 * count)]
    if targets:
        tid = np.asarray(targets)
        probe = pot_lines(np.array([[table.width / 2.0, table.length / 2.0]]), pos[tid], tid,
                          pos[ids], ids, sight.openings, radius, sight.sd)  # fmt: skip
        for i, k in zip(*np.nonzero(probe.object_clear), strict=True):
            ghost, aim = probe.ghost[i, k], probe.aim[i, k]
            back = ghost - aim
            back = back / max(float(np.hypot(*back)), 1e-12)
            for turn in TURNS:
                c, s = math.cos(math.radians(turn)), math.sin(math.radians(turn))
                way = np.array([c * back[0] - s * back[1], s * back[0] + c * back[1]])
                places.append(np.array([ghost + d * way for d in BEHIND]))
    every = np.concatenate(places)
    every = every[legal_places(table, state, every, game.ball_in_hand)]
    if every.shape[0] == 0:
        dense = zone_grid(table, game.ball_in_hand, 400)
        every = dense[legal_places(table, state, dense, game.ball_in_hand)]
        return [(float(x), float(y)) for x, y in every[:count]]
    if targets:
        lines = pot_lines(every, pos[tid], tid, pos[ids], ids, sight.openings, radius, sight.sd)
        score = lines.chance.max(axis=(1, 2))
    else:
        score = np.zeros(every.shape[0])
    kept: list[tuple[float, float]] = []
    for i in np.argsort(-score, kind="stable"):
        x, y = float(every[i, 0]), float(every[i, 1])
        if all(math.hypot(x - kx, y - ky) >= SPACING for kx, ky in kept):
            kept.append((x, y))
        if len(kept) >= count:
            break
    return kept
