"""The cue ball's flights, read off the event log's columns for :class:`rules.facts.ShotFacts`:

* before its first contact, the object balls it flew over (``cue_ball_jumps``: a jump shot,
  WPBSA Section 2 definition 2.19);
* after its first contact, a flight over the very ball it hit that lands on that ball's far
  side (``cue_ball_jump_over_hit``: also a jump shot by definition 2.19, whose exceptions are
  only a jump over another ball after the first, a flight that does not land beyond the ball
  hit, and a jump over the ball on after a cushion or another ball);
* the cue ball leaving the cloth at the strike (``cue_ball_launch``: the pool texts' « la
  blanche saute », judged with the strike's tip offset).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from sim.events import EventKind

if TYPE_CHECKING:
    from sim.balls import BallState

_BOUNCE = int(EventKind.BOUNCE)
_OFF_TABLE = int(EventKind.OFF_TABLE)
_STRIKE = int(EventKind.STRIKE)
_BALL_BALL = int(EventKind.BALL_BALL)


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


def jumps_before_contact(
    events: np.ndarray,
    initial: BallState,
    first_contact_row: int | None,
    airborne_after: np.ndarray | None,
    on_table_before: frozenset[int],
    radius: float,
) -> tuple[JumpOver, ...]:
    """The object balls on the table at t = 0 (``on_table_before``, where they rest in
    ``initial``) that the cue ball flew over before its first contact: its flights
    (:func:`cue_ball_flights`) passed over by :func:`balls_flown_over`."""
    flights = cue_ball_flights(events, first_contact_row, airborne_after)
    if not flights:
        return ()
    start_xy = np.asarray(initial.pos, dtype=float).reshape(-1, 2)
    centres = {b: start_xy[b] for b in sorted(on_table_before) if b != 0}
    t_col = np.asarray(events["t"], dtype=float)
    return balls_flown_over(flights, t_col, centres, radius)


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


def own_rows_after(events: np.ndarray, row: int) -> np.ndarray:
    """The rows after ``row`` that name the cue ball (ball ``a`` or ``b`` is 0), in order."""
    a, b = events["a"][row + 1 :], events["b"][row + 1 :]
    rows: np.ndarray = np.flatnonzero((a == 0) | (b == 0)) + (row + 1)
    return rows


def flight_over_ball_hit(
    events: np.ndarray,
    contact_row: int,
    ball: int,
    positions: Callable[[int], np.ndarray],
    radius: float,
) -> JumpOver | None:
    """The landing after the cue ball's contact with ``ball`` (row ``contact_row``) on the far
    side of that ball, the cue ball having passed over part of it, or None.

    The cue ball's rows after the contact are followed while each is a landing (``BOUNCE``, or
    ``OFF_TABLE``, which ends the chain) or another touch of that same ball (a ball passed over
    "whether touching it in the process or not"): between two landings it flies, its
    horizontal path a straight segment (docs/physics-airborne.md §1). Any other row (a contact
    with another ball or a cushion, a pocket, a change of motion on the cloth) ends the
    flights: a jump over the ball on after a cushion or another ball is no jump shot
    (definition 2.19).
    ``positions(row)`` gives every ball's centre ((n, 2) m) right after ``row`` (the cue ball's
    at its contact and at each landing). A flight from P to the landing L passes over the ball
    when, in the ball's own frame (its centre at those rows, moving in a straight line between
    them), the cue ball's centre goes from behind the ball to beyond it along the flight's
    direction ``u = (L - P) / |L - P|``, within ``2 radius`` of the ball's centre as it
    passes."""
    kind = events["kind"]
    start = contact_row
    reach = 2.0 * radius
    a_col, b_col = events["a"], events["b"]
    for row in own_rows_after(events, contact_row).tolist():
        if int(kind[row]) == _BALL_BALL and {int(a_col[row]), int(b_col[row])} == {0, ball}:
            continue  # touching the ball it passes over (« whether touching it or not »)
        if int(kind[row]) not in (_BOUNCE, _OFF_TABLE) or int(a_col[row]) != 0:
            return None
        before, after = positions(start), positions(row)
        (px, py), (bx0, by0) = before[0].tolist(), before[ball].tolist()
        (lx, ly), (bx1, by1) = after[0].tolist(), after[ball].tolist()
        dx, dy = lx - px, ly - py
        length = math.hypot(dx, dy)
        if length > 0.0:
            ux, uy = dx / length, dy / length
            behind = (px - bx0) * ux + (py - by0) * uy  # < 0: the cue ball behind the ball
            beyond = (lx - bx1) * ux + (ly - by1) * uy  # > 0: it landed on the far side
            if behind < 0.0 < beyond:
                s = behind / (behind - beyond)  # where it passes the ball's centre
                rx = (px - bx0) + s * ((lx - bx1) - (px - bx0))
                ry = (py - by0) + s * ((ly - by1) - (py - by0))
                if math.hypot(rx, ry) < reach:
                    return JumpOver(row, float(events["t"][row]), ball)
        if int(kind[row]) == _OFF_TABLE:
            return None
        start = row
    return None


def launch_landing(events: np.ndarray, airborne_after: np.ndarray | None) -> int | None:
    """Whether the cue ball left the cloth at the strike: the row that ends that first flight
    (its landing, its leaving the table, or what it met in the air), or None when it stayed on
    the cloth.

    The strike is the log's ``STRIKE`` row of the cue ball (a hand-built log may have none:
    the shot starts at t = 0). The cue ball flew from it when ``airborne_after`` (per row, the
    cue ball airborne right after it: the result's snapshots) says so at the strike row, or,
    without snapshots, when its first row after the strike is a landing (``BOUNCE``,
    ``OFF_TABLE``)."""
    kind = events["kind"]
    own = np.flatnonzero(events["a"] == 0)
    if not len(own):
        return None
    strike = int(own[0]) if int(kind[own[0]]) == _STRIKE else None
    after = own_rows_after(events, -1 if strike is None else strike)
    first = int(after[0]) if len(after) else None
    if strike is not None and airborne_after is not None and len(airborne_after) > strike:
        return first if bool(airborne_after[strike]) and first is not None else None
    if first is None or int(kind[first]) not in (_BOUNCE, _OFF_TABLE):
        return None
    return first if int(events["a"][first]) == 0 else None


def logged_positions(events: np.ndarray, initial: BallState) -> np.ndarray:
    """Every ball's centre right after each row of a log without snapshots ((rows, n, 2) m):
    its centre at its last row as ball ``a`` up to that row, its place at t = 0 before any
    (a hand-built log records each event's ball ``a`` only)."""
    start = np.asarray(initial.pos, dtype=float).reshape(1, -1, 2)
    table = np.repeat(start, max(len(events), 1), 0)
    a_col = np.asarray(events["a"], dtype=np.int64).tolist()
    xs, ys = events["x"].tolist(), events["y"].tolist()
    for row, ball in enumerate(a_col):
        if row:
            table[row] = table[row - 1]
        if 0 <= ball < table.shape[1]:
            table[row, ball] = (xs[row], ys[row])
    return table
