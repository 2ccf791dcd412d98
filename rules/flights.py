"""The cue ball's flights before its first contact and the object balls it flew over (a jump
shot, WPBSA Section 2 definition 2.19), read off the event log's columns for
:class:`rules.facts.ShotFacts` (``cue_ball_jumps``).
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from sim.events import EventKind

_BOUNCE = int(EventKind.BOUNCE)
_OFF_TABLE = int(EventKind.OFF_TABLE)


class JumpOver(NamedTuple):
    """Before its first contact the cue ball flew over object ball ``ball``: its flight that
    ends at row ``event`` (time ``t`` s) passed the ball's centre, horizontally closer than
    ``2 R`` to it, without touching it first (a jump shot, WPBSA Section 2 definition 2.19)."""

    event: int
    t: float
    ball: int


def cue_ball_flights(
    events: np.ndarray, first_contact_row: int | None, airborne_after: np.ndarray | None
) -> list[tuple[int, np.ndarray, np.ndarray]]:
    """The cue ball's straight flights before its first contact, as (row that ends the flight,
    start (2,) m, end (2,) m).

    Between two consecutive rows of the cue ball (ball ``a`` = 0) nothing but gravity acts on a
    flying ball, so its horizontal path is the straight segment between the two recorded
    centres (docs/physics-airborne.md §1). A segment is a flight when it ends in a landing
    (``BOUNCE``) or in leaving the table (``OFF_TABLE``), or, when ``airborne_after`` (per row,
    the cue ball airborne right after it: the result's snapshots) is given, when the cue ball
    was airborne after the segment's first row (a flight that ends in the first contact).
    The test runs on the column masks; rows are visited only for the flights found.
    """
    kind = events["kind"]
    end = len(kind) if first_contact_row is None else first_contact_row + 1
    own = np.flatnonzero(events["a"][:end] == 0)
    if len(own) < 2:
        return []
    starts, ends = own[:-1], own[1:]
    end_kind = kind[ends]
    flying = (end_kind == _BOUNCE) | (end_kind == _OFF_TABLE)
    if airborne_after is not None:
        flying |= np.asarray(airborne_after, dtype=bool)[starts]
    if not flying.any():
        return []
    x = np.asarray(events["x"], dtype=float)
    y = np.asarray(events["y"], dtype=float)
    return [
        (j, np.array([x[i], y[i]]), np.array([x[j], y[j]]))
        for i, j in zip(starts[flying].tolist(), ends[flying].tolist(), strict=True)
    ]


def balls_flown_over(
    flights: list[tuple[int, np.ndarray, np.ndarray]],
    t_col: np.ndarray,
    centres: dict[int, np.ndarray],
    radius: float,
) -> tuple[JumpOver, ...]:
    """The object balls (``centres``: index -> (2,) m, where they rest before the first
    contact) that a flight passes over: the ball's centre projects strictly inside the flight's
    horizontal segment and lies closer than ``2 radius`` to it. Each ball once, first flight."""
    seen: dict[int, JumpOver] = {}
    balls = [(ball, float(c[0]), float(c[1])) for ball, c in centres.items()]
    reach = 2.0 * radius
    for row, p, q in flights:
        px, py = float(p[0]), float(p[1])
        dx, dy = float(q[0]) - px, float(q[1]) - py
        length2 = dx * dx + dy * dy
        if length2 <= 0.0:
            continue
        for ball, cx, cy in balls:  # plain floats: a flight meets a score of balls at most
            if ball in seen:
                continue
            s = ((cx - px) * dx + (cy - py) * dy) / length2
            if 0.0 < s < 1.0 and math.hypot(px + s * dx - cx, py + s * dy - cy) < reach:
                seen[ball] = JumpOver(row, float(t_col[row]), ball)
    return tuple(sorted(seen.values(), key=lambda j: (j.event, j.ball)))
