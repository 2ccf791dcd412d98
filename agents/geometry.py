"""The geometry of a pot, for many balls and pockets at once: ghost balls, clear lines, chances.

A direct pot of object ball ``O`` into a pocket sends ``O`` at the middle of the pocket's drop
interval (:mod:`agents.pockets`): the point ``A`` on the line through the mouth, offset by the
interval's middle for the angle of approach. The cue ball must arrive at the ghost ball,
``G = O - 2R u`` with ``u`` the unit vector from ``O`` to ``A``. Both lines must be free: no
other ball centre within ``2R`` of the segment ``O -> A`` nor of ``C -> G``.

The chance of the pot under a level's hand: an error ``e`` in the cue ball's direction moves its
line sideways by ``d e`` at the ghost (``d = |G - C|``), which turns the line of centres, and so
the object ball's direction, by ``g e`` with the gearing ``g = d / (2R cos(cut))`` (the contact
point slides along the ``2R`` circle ``1 / cos(cut)`` times faster than the line moves). At the
pocket, ``|A - O|`` away, the object ball is off by ``|A - O| g e`` sideways: with ``e`` normal of
standard deviation ``sd``, it drops with probability ``erf(w / (sqrt(2) sigma))``, ``w`` the drop
interval's half-width and ``sigma = |A - O| g sd``. This is the classic "margin of error" reading
of a cut shot (Alciatore, "The Illustrated Principles of Pool and Billiards", 2004, chapter 3,
"margin for error"); throw and squirt are left to the engine, which refines every aim it plays.

Arrays: positions ``(..., 2)`` in metres; angles in radians; every function is pure.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from agents.pockets import PocketOpening

#: Thinnest cut played (degrees): beyond it the chance is taken as nil.
MAX_CUT_DEG = 80.0
_COS_MAX_CUT = math.cos(math.radians(MAX_CUT_DEG))
#: A ball centre nearer than this to a line, in ball diameters, blocks it (a hair of slack).
BLOCKING_FRACTION = 0.995

_erf = np.vectorize(math.erf, otypes=[float])


def erf(x: np.ndarray) -> np.ndarray:
    """The error function, elementwise (NumPy has none)."""
    return np.asarray(_erf(x), dtype=float)


def distances_to_segments(start: np.ndarray, end: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Distance (m) from each point to each segment: ``start``, ``end`` ``(..., 2)``, ``points``
    ``(N, 2)``; result ``(..., N)``."""
    seg = end - start
    length2 = np.maximum(np.sum(seg * seg, axis=-1), 1e-18)
    rel = points - start[..., None, :]
    t = np.clip(np.sum(rel * seg[..., None, :], axis=-1) / length2[..., None], 0.0, 1.0)
    nearest = start[..., None, :] + t[..., None] * seg[..., None, :]
    return np.asarray(np.hypot(*np.moveaxis(points - nearest, -1, 0)))


def lines_clear(
    start: np.ndarray, end: np.ndarray, balls: np.ndarray, ignore: np.ndarray, radius: float
) -> np.ndarray:
    """Whether a ball can travel each segment ``start -> end`` (``(..., 2)``) with no other ball
    in its way: every centre of ``balls`` ``(N, 2)`` not flagged in ``ignore`` (``(..., N)``
    booleans, broadcast) at least ``2 radius`` from it. Result ``(...)`` booleans."""
    if balls.shape[0] == 0:
        return np.ones(start.shape[:-1], dtype=bool)
    near = distances_to_segments(start, end, balls) < 2.0 * radius * BLOCKING_FRACTION
    clear: np.ndarray = ~np.any(near & ~ignore, axis=-1)
    return clear


@dataclass(frozen=True)
class PotLines:
    """The direct pots of ``T`` object balls into ``K`` pockets from ``C`` cue-ball places.

    Fields (shapes ``(C, T, K)`` unless said):
        aim: (T, K, 2) the point the object ball is sent at (m).
        ghost: (T, K, 2) where the cue ball's centre meets the object ball (m).
        object_clear: (T, K) the object ball's line to the pocket is free and the pocket takes
            it at that angle.
        cue_clear: the cue ball's line to the ghost ball is free.
        cut: the cut angle (radians; pi where the ghost cannot be reached).
        cue_distance: |G - C| (m); object_distance: (T, K) |A - O| (m).
        half_width: (T, K) half the drop interval at that approach (m).
        chance: the probability the pot drops under a direction error of ``sd`` (0 where a line
            is blocked or the cut too thin).
    """

    aim: np.ndarray
    ghost: np.ndarray
    object_clear: np.ndarray
    cue_clear: np.ndarray
    cut: np.ndarray
    cue_distance: np.ndarray
    object_distance: np.ndarray
    half_width: np.ndarray
    chance: np.ndarray


def aim_points(
    objects: np.ndarray, openings: tuple[PocketOpening, ...]
) -> tuple[np.ndarray, np.ndarray]:
    """For objects ``(T, 2)`` and every pocket: the point to send each ball at ``(T, K, 2)``
    (the middle of the drop interval at its angle of approach) and the interval's half-width
    ``(T, K)`` (0 where the pocket takes nothing from there)."""
    aims = np.empty((objects.shape[0], len(openings), 2))
    widths = np.empty((objects.shape[0], len(openings)))
    for k, opening in enumerate(openings):
        away = objects - opening.aim  # from the mouth's middle towards each ball
        psi = np.arctan2(
            opening.inward[0] * away[:, 1] - opening.inward[1] * away[:, 0],
            opening.inward[0] * away[:, 0] + opening.inward[1] * away[:, 1],
        )
        lo, hi = opening.interval(psi)
        unit = away / np.maximum(np.hypot(away[:, 0], away[:, 1]), 1e-12)[:, None]
        side = np.stack([-unit[:, 1], unit[:, 0]], axis=-1)
        aims[:, k] = opening.aim + side * ((lo + hi) / 2.0)[:, None]
        widths[:, k] = np.maximum(hi - lo, 0.0) / 2.0
    return aims, widths


def pot_lines(
    cue: np.ndarray,
    objects: np.ndarray,
    object_ids: np.ndarray,
    balls: np.ndarray,
    ball_ids: np.ndarray,
    openings: tuple[PocketOpening, ...],
    radius: float,
    sd: float,
) -> PotLines:
    """The direct pots of ``objects`` ``(T, 2)`` (their ball ids ``object_ids`` ``(T,)``) into
    every pocket from each cue-ball place ``cue`` ``(C, 2)``, among ``balls`` ``(N, 2)`` (every
    other ball on the table, ids ``ball_ids``; the cue ball excluded), under a direction error
    of standard deviation ``sd`` radians."""
    aim, half_width = aim_points(objects, openings)
    to_aim = aim - objects[:, None, :]
    object_distance = np.hypot(to_aim[..., 0], to_aim[..., 1])
    unit = to_aim / np.maximum(object_distance, 1e-12)[..., None]
    ghost = objects[:, None, :] - 2.0 * radius * unit
    own = ball_ids[None, None, :] == object_ids[:, None, None]  # (T, 1, N)
    object_clear = (half_width > 0.0) & lines_clear(objects[:, None, :], aim, balls, own, radius)

    to_ghost = ghost[None] - cue[:, None, None, :]  # (C, T, K, 2)
    cue_distance = np.hypot(to_ghost[..., 0], to_ghost[..., 1])
    heading = to_ghost / np.maximum(cue_distance, 1e-12)[..., None]
    cos_cut = np.sum(heading * unit[None], axis=-1)
    cut = np.where(cue_distance > 1e-9, np.arccos(np.clip(cos_cut, -1.0, 1.0)), 0.0)
    start = np.broadcast_to(cue[:, None, None, :], to_ghost.shape)
    cue_clear = lines_clear(start, np.broadcast_to(ghost[None], to_ghost.shape), balls,
                            own[None], radius)  # fmt: skip
    reachable = (cos_cut > _COS_MAX_CUT) | (cue_distance <= 1e-9)
    gearing = np.maximum(cue_distance, radius) / (2.0 * radius * np.maximum(cos_cut, _COS_MAX_CUT))
    sigma = np.maximum(object_distance[None] * gearing * sd, 1e-9)
    chance = erf(half_width[None] / (math.sqrt(2.0) * sigma))
    chance = np.where(object_clear[None] & cue_clear & reachable, chance, 0.0)
    return PotLines(
        aim=aim,
        ghost=ghost,
        object_clear=object_clear,
        cue_clear=cue_clear,
        cut=np.where(reachable, cut, math.pi),
        cue_distance=cue_distance,
        object_distance=object_distance,
        half_width=half_width,
        chance=chance,
    )


def straight_in_places(lines: PotLines, distance: float) -> np.ndarray:
    """For each (object, pocket): the cue-ball place ``distance`` m behind the ghost ball on the
    line of the pot (a straight-in shot), ``(T, K, 2)``."""
    back = lines.ghost - lines.aim
    unit = back / np.maximum(np.hypot(back[..., 0], back[..., 1]), 1e-12)[..., None]
    return np.asarray(lines.ghost + distance * unit)
