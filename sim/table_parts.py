"""The value objects a :class:`sim.table.Table` is made of (pockets, cushions, marked lines) and
the read-only arrays the kernels read (:class:`TableArrays`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

import numpy as np


@dataclass(frozen=True)
class Pocket:
    """A pocket: its capture circle (centre ``x``, ``y`` and ``radius``, m) and its mouth.

    ``id`` is the row in ``TableArrays.pockets`` and the ``b`` of ``BALL_POCKET`` events.
    ``mouth`` holds the two jaw points (where the nose lines turn into the pocket), for drawing
    and for rules that look at the pocket opening. ``kind`` is ``"corner"`` or ``"side"``.
    """

    id: int
    name: str
    x: float
    y: float
    radius: float
    kind: Literal["corner", "side"]
    mouth: tuple[tuple[float, float], tuple[float, float]]


@dataclass(frozen=True)
class Cushion:
    """One piece of the cushion outline.

    ``id`` is the ``b`` of ``BALL_CUSHION`` events: straight pieces (rails and jaw facings) first,
    in the row order of ``TableArrays.segments``, then the knuckles (row ``id - n_segments`` of
    ``TableArrays.arcs``). ``kind`` is ``"rail"``, ``"jaw"`` or ``"knuckle"``; ``pocket`` names
    the pocket a jaw or knuckle belongs to (``None`` for rails); ``rail`` names the rail a jaw or
    knuckle ends (the rail itself for rails).
    """

    id: int
    name: str
    kind: Literal["rail", "jaw", "knuckle"]
    pocket: str | None
    rail: str


@dataclass(frozen=True)
class MarkedLine:
    """A line of constant ``y`` painted on the cloth (head string, baulk line); ``id`` is the
    ``b`` of ``LINE_CROSSING`` events."""

    id: int
    name: str
    y: float


class TableArrays(NamedTuple):
    """The table compiled for the kernels: read-only float64 arrays (never mutate them).

    ``segments`` (ns, 6): x1, y1, x2, y2, nx, ny of each straight cushion (rails, then jaw
    facings); (nx, ny) is the unit normal pointing to the side the balls are on.
    ``arcs`` (na, 3): cx, cy, radius of each knuckle (cushion id = ns + row).
    ``pockets`` (np, 3): cx, cy, capture radius (pocket id = row).
    ``lines`` (nl,): y of each marked line (line id = row).
    ``backs`` (np, 7): each pocket's back, the wall round its hole behind the facings' ends
    (docs/physics-airborne.md section 4): ``cx, cy`` its centre (the capture circle's), ``r``
    its radius (the facing ends lie on it), ``ux, uy`` the unit vector into the pocket (the
    back is the half behind the line through the centre across it), and the segment rows of
    the pocket's two jaws (as floats).
    ``back_edges`` (np BACK_PIECES, 6): the backs as straight pieces (``sim.table_outline.
    BACK_PIECES`` a pocket, in pocket order), rows like ``segments``, the normal toward the
    hole: a flying ball meets each piece's top edge, at the rail-top height.
    """

    segments: np.ndarray
    arcs: np.ndarray
    pockets: np.ndarray
    lines: np.ndarray
    backs: np.ndarray
    back_edges: np.ndarray


def read_only_floats(values: Any) -> np.ndarray:
    arr = np.array(values, dtype=np.float64)
    arr.flags.writeable = False
    return arr


Vec = tuple[float, float]


def points_in_polygon(polygon: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """Even-odd test of points ``pts`` (k, 2) against the closed ``polygon`` (m, 2); returns a
    (k,) bool array. Points exactly on an edge may fall either way. Pure."""
    a = polygon
    b = np.roll(polygon, -1, axis=0)
    px = pts[:, 0:1]
    py = pts[:, 1:2]
    straddles = (a[None, :, 1] > py) != (b[None, :, 1] > py)
    # Horizontal edges divide by zero (never straddled); points far off the cloth (a hostile
    # save file's 1e308) overflow to inf and still compare the right way.
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        x_cross = a[None, :, 0] + (py - a[None, :, 1]) * (b[None, :, 0] - a[None, :, 0]) / (
            b[None, :, 1] - a[None, :, 1]
        )
    crossings = straddles & (px < x_cross)
    return np.asarray(crossings.sum(axis=1) % 2 == 1)
