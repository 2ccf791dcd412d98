"""Pool racks: the 9-ball diamond and the 8-ball triangle (docs/physics.md §5.1, WPA racking rules).

Rows advance from the foot spot towards the foot cushion (+y). Row ``k`` sits at
``y = y_F + k * sqrt(3) * s / 2`` and ball ``j`` of a row of ``m`` balls at
``x = x_F + (2 j - (m - 1)) * s / 2``, with ``s`` the centre spacing: two radii plus a tiny gap
(``RACK_GAP_FRACTION``), and every ball but the apex moved by a random jitter of at most
``RACK_JITTER_FRACTION`` of a radius in x and y (docs/physics.md §5.1, as pooltool does), so the
engine never starts from exactly touching balls and no two balls overlap.

* 9-ball ("Départ du jeu"): a diamond of rows 1-2-3-2-1; the 1 on the foot spot (the apex), the 9
  in the centre; the others placed at random, differently on each rack (the rack draws from
  ``(seed, rack_number)``).
* 8-ball ("Départ du jeu"): a triangle of rows 1-2-3-4-5, apex on the foot spot; the 8 in the
  middle of the third row; one solid and one stripe in the two back corners (which is which at
  random); the others at random.

Pure functions: they return new arrays and states.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from sim.balls import BallState
    from sim.table import Table

#: Extra centre spacing between neighbours in a rack, as a fraction of 2R.
RACK_GAP_FRACTION = 2.5e-3
#: Largest random displacement of a racked ball along x and along y, as a fraction of R.
RACK_JITTER_FRACTION = 1e-3
#: The largest rack number (racks of one match set up before this one): a million racks, years
#: of play; every rack costs the same whatever its number (``nine_ball_order``).
MAX_RACK_NUMBER = 1_000_000

NINE_BALL_ROWS = (1, 2, 3, 2, 1)
EIGHT_BALL_ROWS = (1, 2, 3, 4, 5)


def rack_rng(seed: int, rack_number: int) -> np.random.Generator:
    """The random generator of rack ``rack_number`` of a game seeded with ``seed``."""
    return np.random.default_rng([int(seed) & 0xFFFFFFFF, int(rack_number)])


def triangle_slots(apex: tuple[float, float], rows: tuple[int, ...], spacing: float) -> np.ndarray:
    """Centres ((sum(rows), 2), m) of balls packed on a triangular lattice: row k (k = 0 the
    apex row) at ``y = apex_y + k * spacing * sqrt(3) / 2`` (towards +y), its ``m`` balls
    centred on ``apex_x`` at ``spacing`` apart, left to right. Pool racks and the snooker reds."""
    ax, ay = float(apex[0]), float(apex[1])
    slots = []
    for k, m in enumerate(rows):
        y = ay + k * spacing * math.sqrt(3.0) / 2.0
        for j in range(m):
            slots.append((ax + (2 * j - (m - 1)) * spacing / 2.0, y))
    return np.asarray(slots, dtype=float)


def rack_slots(table: Table, rows: tuple[int, ...]) -> np.ndarray:
    """Centres ((sum(rows), 2), m) of a rack with the given row lengths, apex on the foot spot,
    rows in order, balls left to right, without jitter."""
    spacing = 2.0 * float(table.ball_radius) * (1.0 + RACK_GAP_FRACTION)
    apex = (float(table.foot_spot[0]), float(table.foot_spot[1]))
    return triangle_slots(apex, rows, spacing)


def _jittered(slots: np.ndarray, radius: float, rng: np.random.Generator) -> np.ndarray:
    jitter = rng.uniform(-1.0, 1.0, size=slots.shape) * RACK_JITTER_FRACTION * radius
    jitter[0] = 0.0  # the apex stays on the foot spot
    return slots + jitter


def nine_ball_rack(table: Table, seed: int, rack_number: int = 0) -> np.ndarray:
    """Centres ((10, 2), m) of the cue ball and balls 1..9 racked for 9-ball: the 1 at the apex
    on the foot spot, the 9 in the centre, 2..8 at random. The cue ball is put behind the
    head spot (the breaker may place it anywhere behind the head string)."""
    rng = rack_rng(seed, rack_number)
    slots = _jittered(rack_slots(table, NINE_BALL_ROWS), float(table.ball_radius), rng)
    # slot order: 0 apex, 1-2 row 1, 3-5 row 2 (4 = centre), 6-7 row 3, 8 back
    others = nine_ball_order(seed, rack_number)
    free_slots = [1, 2, 3, 5, 6, 7, 8]
    xy = np.zeros((10, 2))
    xy[0] = cue_ball_break_position(table)
    xy[1] = slots[0]
    xy[9] = slots[4]
    for ball, slot in zip(others, free_slots, strict=True):
        xy[ball] = slots[slot]
    return xy


def _first_order(seed: int, rack_number: int) -> tuple[int, ...]:
    """The balls 2..8 as rack ``rack_number``'s generator first draws them: after the rack's
    jitter (:func:`_jittered`), one permutation."""
    rng = rack_rng(seed, rack_number)
    rng.uniform(-1.0, 1.0, size=(sum(NINE_BALL_ROWS), 2))  # the rack's jitter, drawn first
    return tuple(int(b) for b in rng.permutation(np.arange(2, 9)))


def is_odd_order(order: tuple[int, ...]) -> bool:
    """Whether the permutation ``order`` (distinct integers) is odd: it takes an odd number of
    swaps to sort it (the parity of the number of inversions)."""
    inversions = sum(1 for i, a in enumerate(order) for b in order[i + 1 :] if a > b)
    return inversions % 2 == 1


def nine_ball_order(seed: int, rack_number: int) -> tuple[int, ...]:
    """The balls 2..8 in the free slots 1, 2, 3, 5, 6, 7, 8 of 9-ball rack ``rack_number``
    (:func:`nine_ball_rack`), never the same as the rack before (« Leurs positions doivent être
    différentes à chaque nouveau rack »).

    Rack k's generator (:func:`rack_rng`) draws the jitter, then a permutation. Rack 0 keeps
    its draw; every later rack's order has the parity of rack 0's order when k is even and the
    other parity when k is odd, its draw's first two balls swapped when its parity is the wrong
    one. Two racks in a row have orders of opposite parity, so they always differ; each order is
    drawn uniformly among the orders of its parity; a rack depends on ``(seed, rack_number)``
    only and costs two draws whatever its number (``0 <= rack_number <= MAX_RACK_NUMBER``,
    else ``ValueError``)."""
    if isinstance(rack_number, bool) or not 0 <= int(rack_number) <= MAX_RACK_NUMBER:
        raise ValueError(f"rack_number must be a whole number 0..{MAX_RACK_NUMBER}")
    key = int(seed) & 0xFFFFFFFF
    order = _first_order(key, int(rack_number))
    if rack_number == 0:
        return order
    odd = is_odd_order(_first_order(key, 0)) != (rack_number % 2 == 1)
    if is_odd_order(order) == odd:
        return order
    return (order[1], order[0], *order[2:])


def eight_ball_rack(table: Table, seed: int, rack_number: int = 0) -> np.ndarray:
    """Centres ((16, 2), m) of the cue ball and balls 1..15 racked for 8-ball: the 8 in the
    middle of the third row, a solid and a stripe in the back corners, the rest at random. The
    cue ball is put behind the head spot."""
    rng = rack_rng(seed, rack_number)
    slots = _jittered(rack_slots(table, EIGHT_BALL_ROWS), float(table.ball_radius), rng)
    # slot order: 0 apex; 1-2; 3-5 (4 = middle of the third row); 6-9; 10-14 (10, 14 corners)
    solid = int(rng.integers(1, 8))
    stripe = int(rng.integers(9, 16))
    corners = [solid, stripe] if rng.random() < 0.5 else [stripe, solid]
    rest = [b for b in range(1, 16) if b not in (8, solid, stripe)]
    rest = [int(b) for b in rng.permutation(rest)]
    free_slots = [0, 1, 2, 3, 5, 6, 7, 8, 9, 11, 12, 13]
    xy = np.zeros((16, 2))
    xy[0] = cue_ball_break_position(table)
    xy[8] = slots[4]
    xy[corners[0]] = slots[10]
    xy[corners[1]] = slots[14]
    for ball, slot in zip(rest, free_slots, strict=True):
        xy[ball] = slots[slot]
    return xy


def cue_ball_break_position(table: Table) -> tuple[float, float]:
    """Where a new rack leaves the cue ball: on the long string, one ball diameter behind the
    head string (the head spot itself is on the string, which is not "behind" it)."""
    return float(table.head_spot[0]), float(table.head_string_y) - 2.0 * float(table.ball_radius)


def racked_state(xy: np.ndarray) -> BallState:
    """All balls at rest at ``xy`` ((n, 2), m)."""
    from sim.balls import BallState

    return BallState.at_rest(xy)
