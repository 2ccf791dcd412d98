"""Ball-in-hand zones, cue-ball placement checks, and spotting balls on a line.

Zones (``BallInHand``):

* ``ANYWHERE``: any free position on the cloth (``Table.contains_ball``).
* ``BEHIND_HEAD_STRING``: the centre strictly behind the head string, ``y < table.head_string_y``
  (WPA definition: "behind the head string" excludes the string itself).
* ``IN_D``: on or inside the line of the D (snooker 3.4 "sur ou à l'intérieur de la ligne du
  D"): ``y <= baulk_y`` and within ``d_radius`` of ``d_centre``.

Spotting (9-ball "Cas de la bille n° 9", 8-ball 8 on the break): the ball goes on the foot spot;
if the spot is taken, behind it on the long string (towards the foot cushion, +y) as close as
possible without touching; if there is no room behind, in front of it (towards the head) likewise
(WPA 9-ball 1.4 / 8-ball 1.4 spotting balls).

Nothing here mutates its arguments; states are replaced, never changed in place.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable
from typing import TYPE_CHECKING

import numpy as np

from rules.errors import IllegalPlacementError
from rules.types import BallInHand
from sim.constants import MotionState
from sim.result import kernel_ball_state

if TYPE_CHECKING:
    from sim.balls import BallState
    from sim.table import Table

#: Slack on zone borders and ball-ball distance when checking a placement, m.
PLACEMENT_TOL = 1e-9
#: Gap left between a spotted ball and the ball it is placed behind, m ("sans la toucher").
SPOT_GAP = 1e-6

ZONE_WORDS = {
    BallInHand.NONE: "nowhere: the cue ball is not in hand",
    BallInHand.ANYWHERE: "anywhere on the cloth",
    BallInHand.BEHIND_HEAD_STRING: "behind the head string (centre at y < {head:.4f} m)",
    BallInHand.IN_D: (
        "in the D (on or inside the semicircle of radius {r:.4f} m around ({cx:.4f}, {cy:.4f}))"
    ),
}


def zone_words(table: Table, zone: BallInHand) -> str:
    """The zone in plain words, with its numbers on ``table``."""
    if zone is BallInHand.BEHIND_HEAD_STRING:
        return ZONE_WORDS[zone].format(head=float(table.head_string_y))
    if zone is BallInHand.IN_D and table.d_centre is not None and table.d_radius is not None:
        cx, cy = table.d_centre
        return ZONE_WORDS[zone].format(r=float(table.d_radius), cx=float(cx), cy=float(cy))
    return ZONE_WORDS[zone]


def is_behind_head_string(table: Table, xy: tuple[float, float]) -> bool:
    """True when a ball centred at ``xy`` (m) is behind the head string: ``y < head_string_y``."""
    return float(xy[1]) < float(table.head_string_y)


def is_in_d(table: Table, xy: tuple[float, float]) -> bool:
    """True when a ball centred at ``xy`` (m) is on or inside the D: ``y <= baulk_y`` and at most
    ``d_radius`` from ``d_centre`` (snooker 3.4). False on a table without a D."""
    if table.d_radius is None or table.d_centre is None or table.baulk_y is None:
        return False
    x, y = float(xy[0]), float(xy[1])
    cx, cy = float(table.d_centre[0]), float(table.d_centre[1])
    if y > float(table.baulk_y) + PLACEMENT_TOL:
        return False
    return math.hypot(x - cx, y - cy) <= float(table.d_radius) + PLACEMENT_TOL


def is_in_zone(table: Table, xy: tuple[float, float], zone: BallInHand) -> bool:
    """True when ``xy`` lies in ``zone`` (the cloth test is separate: ``Table.contains_ball``)."""
    if zone is BallInHand.ANYWHERE:
        return True
    if zone is BallInHand.BEHIND_HEAD_STRING:
        return is_behind_head_string(table, xy)
    if zone is BallInHand.IN_D:
        return is_in_d(table, xy)
    return False


def touching_balls(
    state: BallState, xy: tuple[float, float], radius: float, ignore: int = 0
) -> list[int]:
    """Balls on the table (other than ``ignore``) that a ball of ``radius`` at ``xy`` would
    overlap: centre distance below ``2 radius - PLACEMENT_TOL``."""
    pos = np.asarray(state.pos, dtype=float)
    on = np.asarray(state.on_table, dtype=bool)
    d = np.hypot(pos[:, 0] - float(xy[0]), pos[:, 1] - float(xy[1]))
    hit = on & (d < 2.0 * radius - PLACEMENT_TOL)
    return [i for i in hit.nonzero()[0].tolist() if i != ignore]


def placement_problem(
    table: Table, state: BallState, xy: tuple[float, float], zone: BallInHand
) -> str | None:
    """Why the cue ball may not be placed at ``xy`` in ``zone``, in plain words, or None when it
    may. Checks, in order: finite numbers, that the ball is in hand, the cloth, the zone, the
    other balls."""
    x, y = float(xy[0]), float(xy[1])
    if not (math.isfinite(x) and math.isfinite(y)):
        return f"the position ({x}, {y}) is not a pair of finite numbers"
    if zone is BallInHand.NONE:
        return "the cue ball is not in hand: it must be played from where it lies"
    if not table.contains_ball(x, y):
        return (
            f"({x:.4f}, {y:.4f}) is off the cloth "
            "(a ball there would cross a cushion or sit in a pocket)"
        )
    if not is_in_zone(table, (x, y), zone):
        where = zone_words(table, zone)
        return f"({x:.4f}, {y:.4f}) is outside the zone: the cue ball must go {where}"
    touched = touching_balls(state, (x, y), float(table.ball_radius), ignore=0)
    if touched:
        return f"({x:.4f}, {y:.4f}) overlaps ball {touched[0]}"
    return None


def validate_placement(
    table: Table, state: BallState, xy: tuple[float, float], zone: BallInHand
) -> tuple[float, float]:
    """Check a cue-ball placement; return ``(x, y)`` as floats or raise
    ``IllegalPlacementError`` saying what is wrong and the zone allowed."""
    problem = placement_problem(table, state, xy, zone)
    if problem is not None:
        raise IllegalPlacementError(
            f"Illegal cue-ball placement: {problem}. Allowed: {zone_words(table, zone)}."
        )
    return float(xy[0]), float(xy[1])


def first_free_distance(
    start: tuple[float, float],
    direction: tuple[float, float],
    others: np.ndarray | Iterable[tuple[float, float]],
    reach: float,
    gap: float = 0.0,
) -> float:
    """The smallest ``s >= 0`` such that the point ``start + s * direction`` (``direction`` a
    unit vector) is at least ``reach`` (m) from every centre in ``others`` (an array of shape
    (k, 2), or (x, y) pairs), a point past a blocking centre being taken ``gap`` (m) beyond it.

    Exact: each centre closer than ``reach`` to the line blocks an open interval of ``s``; the
    candidates are ``s = 0`` and the far end of each interval plus ``gap``, and the farthest is
    always free. Used to spot a ball on a line (pool: the long string; snooker: a colour's line,
    §6.3-6.4). A handful of centres: read as Python floats, no array arithmetic."""
    dx, dy = float(direction[0]), float(direction[1])
    sx, sy = float(start[0]), float(start[1])
    centres = (
        np.asarray(others, dtype=float).reshape(-1, 2).tolist()
        if isinstance(others, np.ndarray)
        else others
    )
    blocked: list[tuple[float, float]] = []
    for ox, oy in centres:
        px, py = float(ox) - sx, float(oy) - sy
        along = px * dx + py * dy
        across = px * dy - py * dx
        reach2 = reach * reach - across * across
        if reach2 <= 0.0:
            continue
        half = math.sqrt(reach2)
        blocked.append((along - half, along + half))
    if not blocked:
        return 0.0
    candidates = sorted({0.0, *(hi + gap for _, hi in blocked if hi + gap >= 0.0)})
    return next(s for s in candidates if not any(lo < s < hi for lo, hi in blocked))


def nearest_free_on_ray(
    table: Table,
    state: BallState,
    ball: int,
    start: tuple[float, float],
    direction: tuple[float, float],
    ignore: tuple[int, ...] = (),
) -> tuple[float, float] | None:
    """The first position ``start + s * direction`` (``s >= 0``, direction normalised here)
    where ``ball`` fits on the cloth without touching any other ball on the table (but those of
    ``ignore``, about to be lifted), leaving ``SPOT_GAP`` to a ball it is placed against; None
    when that position is off the cloth (``first_free_distance``)."""
    dx, dy = float(direction[0]), float(direction[1])
    norm = math.hypot(dx, dy)
    dx, dy = dx / norm, dy / norm
    flags = np.asarray(state.on_table, dtype=bool).tolist()
    centres = np.asarray(state.pos, dtype=float).tolist()
    others = [centres[i] for i, on in enumerate(flags) if on and i != ball and i not in ignore]
    s = first_free_distance(start, (dx, dy), others, 2.0 * float(table.ball_radius), SPOT_GAP)
    x, y = float(start[0]) + s * dx, float(start[1]) + s * dy
    return (x, y) if _on_cloth(table, x, y) else None


@functools.lru_cache(maxsize=256)
def _on_cloth(table: Table, x: float, y: float) -> bool:
    """``table.contains_ball(x, y)``, kept per (table, point): a spot is tried again and again
    (the foot spot itself, most often), and the test reads every cushion."""
    return bool(table.contains_ball(x, y))


def foot_spot_position(
    table: Table, state: BallState, ball: int, ignore: tuple[int, ...] = ()
) -> tuple[float, float]:
    """Where ``ball`` is spotted in pool: the foot spot, else behind it on the long string
    (+y) as close as possible without touching, else in front of it (-y) likewise; the balls
    of ``ignore`` (about to be lifted: a cue ball in hand) occupy nothing."""
    spot = (float(table.foot_spot[0]), float(table.foot_spot[1]))
    for way in ((0.0, 1.0), (0.0, -1.0)):
        xy = nearest_free_on_ray(table, state, ball, spot, way, ignore)
        if xy is not None:
            return xy
    raise IllegalPlacementError("no free position on the long string to spot the ball")


def with_spots(state: BallState, to_spot: tuple[tuple[int, tuple[float, float]], ...]) -> BallState:
    """``state`` with each (ball, (x, y)) of ``to_spot`` put back at rest at ``(x, y)``."""
    return rested(state, to_spot)


def rested(state: BallState, moves: Iterable[tuple[int, tuple[float, float] | None]]) -> BallState:
    """``state`` after each (ball, xy) of ``moves``, in order: the ball at rest on the table at
    ``xy`` (m, STATIONARY), or off it for ``xy`` None (POCKETED, position kept); every height
    and vertical speed zero. The same state as a chain of ``BallState.with_ball_at`` /
    ``with_ball_removed``, built once with the engine's trusted constructor
    (``sim.result.kernel_ball_state``) instead of once per ball with the checked one: the
    referee's own values (ball indices of the game, spots it worked out). No moves: ``state``
    itself."""
    moves = tuple(moves)
    if not moves:
        return state
    # a BallState's arrays are float64 / int8 already (its constructor and the kernel's make
    # them so): plain C copies, the on-table flags not copied (read off ``motion``)
    pos, vel, spin, motion = (
        state.pos.copy(),
        state.vel.copy(),
        state.spin.copy(),
        state.motion.copy(),
    )
    for ball, xy in moves:
        if xy is not None:
            pos[ball] = (float(xy[0]), float(xy[1]))
        vel[ball] = 0.0
        spin[ball] = 0.0
        motion[ball] = _STATIONARY if xy is not None else _POCKETED
    n = len(pos)
    return kernel_ball_state(pos, vel, spin, motion, np.zeros(n), np.zeros(n))


_STATIONARY = int(MotionState.STATIONARY)
_POCKETED = int(MotionState.POCKETED)
