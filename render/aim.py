"""Where the aim line meets its first obstacle: the ghost ball and the object ball's line.

Pure geometry on straight lines (no spin, no swerve, no throw): the cue ball's centre travels
along ``phi`` from its position; it first touches either another ball (their centres ``2R``
apart), a cushion nose or jaw facing (its centre ``R`` from the segment), or a knuckle (its
centre ``R`` beyond the arc). For a ball contact, the object ball leaves along the line of
centres (the ghost-ball rule). The window draws this; the engine never uses it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class AimContact:
    """The first thing the cue ball's straight path meets.

    Attributes:
        distance: metres the cue ball's centre travels to the contact (or to the longest
            segment tested when nothing is met).
        ghost: the cue ball's centre at the contact, (x, y) m.
        ball: index of the object ball hit, or -1.
        object_direction: unit (dx, dy) the object ball leaves along, or None.
    """

    distance: float
    ghost: tuple[float, float]
    ball: int
    object_direction: tuple[float, float] | None


def first_contact(
    cue_xy: tuple[float, float],
    phi_deg: float,
    positions: np.ndarray,
    on_table: np.ndarray,
    radius: float,
    segments: np.ndarray,
    arcs: np.ndarray,
    *,
    cue_index: int = 0,
    max_distance: float = 10.0,
) -> AimContact:
    """The first contact of the cue ball moving in a straight line along ``phi_deg``.

    Args:
        cue_xy: cue ball centre, m.
        phi_deg: direction, degrees CCW from +x.
        positions: (n, 2) ball centres, m; ``on_table`` (n,) bool says which take part.
        radius: ball radius R, m.
        segments: (ns, 6) cushion noses x1, y1, x2, y2, nx, ny (normal toward the balls).
        arcs: (na, 3) knuckles cx, cy, radius.
    Does not mutate its arguments.
    """
    cx, cy = float(cue_xy[0]), float(cue_xy[1])
    phi = math.radians(phi_deg)
    dx, dy = math.cos(phi), math.sin(phi)
    best_t = max_distance
    best_ball = -1

    pos = np.asarray(positions, dtype=np.float64)
    mask = np.asarray(on_table, dtype=bool).copy()
    if 0 <= cue_index < len(mask):
        mask[cue_index] = False
    if mask.any():
        rel_x = pos[mask, 0] - cx
        rel_y = pos[mask, 1] - cy
        along = rel_x * dx + rel_y * dy
        perp2 = rel_x * rel_x + rel_y * rel_y - along * along
        reach2 = (2 * radius) ** 2 - perp2
        hit = (reach2 >= 0) & (along > 0)
        if hit.any():
            t = along[hit] - np.sqrt(reach2[hit])
            t = np.where(t < 0, 0.0, t)
            k = int(np.argmin(t))
            if t[k] < best_t:
                best_t = float(t[k])
                best_ball = int(np.flatnonzero(mask)[np.flatnonzero(hit)[k]])

    segs = np.asarray(segments, dtype=np.float64)
    for x1, y1, x2, y2, nx, ny in segs:
        # The centre line R in front of the nose, on the balls' side.
        ox, oy = x1 + nx * radius, y1 + ny * radius
        approach = dx * nx + dy * ny
        if approach >= -1e-12:
            continue
        t = ((cx - ox) * nx + (cy - oy) * ny) / -approach
        if t < -1e-9 or t >= best_t:
            continue
        px, py = cx + dx * t, cy + dy * t
        ex, ey = x2 - x1, y2 - y1
        seg_len2 = ex * ex + ey * ey
        s = ((px - nx * radius - x1) * ex + (py - ny * radius - y1) * ey) / seg_len2
        if 0.0 <= s <= 1.0:
            best_t, best_ball = max(t, 0.0), -1
    for ax, ay, ar in np.asarray(arcs, dtype=np.float64):
        rel_x, rel_y = ax - cx, ay - cy
        along = rel_x * dx + rel_y * dy
        reach2 = (ar + radius) ** 2 - (rel_x * rel_x + rel_y * rel_y - along * along)
        if reach2 < 0 or along <= 0:
            continue
        t = along - math.sqrt(reach2)
        if 0 <= t < best_t:
            best_t, best_ball = t, -1

    ghost = (cx + dx * best_t, cy + dy * best_t)
    direction = None
    if best_ball >= 0:
        ux, uy = pos[best_ball, 0] - ghost[0], pos[best_ball, 1] - ghost[1]
        norm = math.hypot(ux, uy) or 1.0
        direction = (ux / norm, uy / norm)
    return AimContact(best_t, ghost, best_ball, direction)
