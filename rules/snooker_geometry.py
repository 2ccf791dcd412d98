"""Snooker table geometry the referee needs: the set-up, the spot cascade, touching balls and
the snookered test behind the free ball.

Everything here is pure: functions read positions and return new values; no argument is
mutated. Positions are table-frame metres (docs/architecture.md): ``pos`` is an ``(n, 2)`` float
array of ball centres, ``on_table`` an ``(n,)`` bool mask, ball index 0 the cue ball, indices
1..15 the reds, 16..21 the colours (see :data:`BALL_NAMES`).

Sources: WPBSA Official Rules of Snooker, Section 2 (definitions: "Snookered" 2.16, "In-hand"),
Section 3 rules 3.2 (position of balls), 3.4 / French text §6 (spotting colours), 3.17 /
French text §7 (touching ball), 3.12 / French text §9 (free ball). ``§n.k`` is item k of
section n of the French snooker text.

The snookered test (WPBSA Section 2, "Snookered")
-------------------------------------------------

"The cue-ball is snookered when a direct stroke in a straight line to every ball on is wholly or
partially obstructed by a ball or balls not on. If one or more balls on can be struck at both
extreme edges free of obstruction by any ball not on, the cue-ball is not snookered."

Geometry used (straight lines only, no cushions): the cue ball C and a target ball T, both of
radius R, centres a distance D > 2R apart. The cue ball strikes T's extreme edge when its centre
travels on a line that passes at exactly 2R from T's centre, i.e. at the angle
``alpha = asin(2R / D)`` either side of the line C->T. It then meets T after travelling
``L = sqrt(D^2 - 4R^2)`` and the centre stops at the contact point
``P = C + L (cos(alpha) u +- sin(alpha) n)`` (u the unit vector C->T, n its left normal), which
lies at exactly 2R from T. The stroke to that edge is *free of obstruction* when no ball not on
ahead of the cue ball has its centre within 2R of the segment C->P (the cue ball, swept along
the segment, would touch it first). Touching counts: a zero-overlap graze of a ball not on is a
contact, and grazing it at the moment the ball on is struck would be a simultaneous hit, a foul
(§5), so a ball not on touching the ball on at its extreme edge obstructs that edge. Balls
behind the cue ball's start (projection on the stroke <= 0), such as one resting against it
from behind, never obstruct. A ball on touching the cue ball (D <= 2R) can always be "hit":
§7 lets the player play away from it and counts it as hit, so it is never snookered.
Cushions never snooker (WPBSA Section 2: "the cue-ball cannot be snookered by a cushion"; the
old "angled ball" rule is no longer in the official rules).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

import numpy as np

from rules.placement import first_free_distance
from rules.racks import triangle_slots
from sim.digest import balls_within
from sim.sightlines import any_edges_clear, any_line_clear

if TYPE_CHECKING:
    from sim.table import Table

#: The six colours in ascending value (French text §1: yellow 2 ... black 7).
COLOURS: tuple[str, ...] = ("yellow", "green", "brown", "blue", "pink", "black")
#: Points per ball (French text §1).
COLOUR_VALUES: Mapping[str, int] = {
    "yellow": 2,
    "green": 3,
    "brown": 4,
    "blue": 5,
    "pink": 6,
    "black": 7,
}


def ball_value(ball: int) -> int:
    """Face value of object ball ``ball`` (a state index): 1 for a red, the colour's value
    otherwise (French text §1)."""
    if ball in RED_INDICES:
        return 1
    return COLOUR_VALUES[BALL_NAMES[ball]]


#: Red names, ``red_1`` .. ``red_15``.
RED_NAMES: tuple[str, ...] = tuple(f"red_{k}" for k in range(1, 16))
#: Ball names by state index: 0 the cue ball, 1..15 the reds, 16..21 the colours.
BALL_NAMES: tuple[str, ...] = ("cue", *RED_NAMES, *COLOURS)
#: Index of each ball name in the state arrays.
BALL_INDEX: Mapping[str, int] = {name: i for i, name in enumerate(BALL_NAMES)}
#: State indices of the reds and of the colours.
RED_INDICES: tuple[int, ...] = tuple(range(1, 16))
COLOUR_INDICES: tuple[int, ...] = tuple(range(16, 22))

# --- tolerances (the one place they live for snooker geometry) ---------------------------------

#: Clearance kept between a re-spotted colour (or a racked red) and every other ball, m. Balls
#: placed exactly touching would be legal for the engine, but a sliver of cloth keeps rounding
#: from turning "touching" into "overlapping". Also the margin of "a spot is occupied": a
#: colour whose centre would come closer than 2R + SPOT_CLEARANCE to another ball's centre is
#: said to touch it.
SPOT_CLEARANCE = 1e-6
#: Gap between neighbouring reds in the set-up triangle, m (about 1/1000 of a diameter, as
#: docs/physics.md §5.2 suggests): a "tight" triangle whose balls never start overlapping.
RACK_GAP = 5.25e-5
#: Largest gap between two ball surfaces for the referee to call them touching (§7; WPBSA 3.17), m.
#: The engine leaves balls that rest against each other at 2R to within rounding; a human
#: referee's eye resolves about a tenth of a millimetre.
TOUCHING_GAP = 1e-4
#: Slack on "touching" when a swept cue ball passes another ball, m: a ball whose centre comes
#: within 2R + GRAZE_TOLERANCE of the cue ball's path is touched (rounding of exact tangents).
GRAZE_TOLERANCE = 1e-9
#: Spacing of the grid of cue-ball positions tried in the D when the cue ball is in hand, m.
D_SAMPLE_SPACING = 0.005


# --- set-up ------------------------------------------------------------------------------------


def red_triangle(table: Table, gap: float = RACK_GAP) -> np.ndarray:
    """Centres of the 15 reds in the set-up triangle (French text §2; WPBSA 3.2), shape (15, 2).

    The apex red sits on the long centre line as close to the pink as possible without touching
    it (``gap`` metres of cloth between them), the base row is parallel to and nearest the top
    cushion. Neighbouring reds are ``gap`` apart, so the pack is tight but never overlapping.
    Row k (k = 0 at the apex) has k + 1 reds at ``x = pink_x + (2j - k) * s / 2`` with
    ``s = 2R + gap`` and ``y = pink_y + s + k * s * sqrt(3) / 2``.
    """
    pink_x, pink_y = table.spots["pink"]
    s = 2.0 * table.ball_radius + gap
    return triangle_slots((pink_x, pink_y + s), (1, 2, 3, 4, 5), s)


def setup_positions(table: Table) -> np.ndarray:
    """Centres of all 22 balls at the start of a frame, shape (22, 2), in :data:`BALL_NAMES`
    order. The colours sit on their spots, the reds in :func:`red_triangle`; the cue ball's row
    holds the brown spot until the cue ball is placed, since it starts in hand (its ``on_table``
    entry is False until the player places it in the D)."""
    pos = np.zeros((len(BALL_NAMES), 2), dtype=np.float64)
    pos[0] = table.spots["brown"]
    pos[1:16] = red_triangle(table)
    for colour in COLOURS:
        pos[BALL_INDEX[colour]] = table.spots[colour]
    return pos


# --- occupancy and the spot cascade ----------------------------------------------------------


def _occupied_by(point: Sequence[float], others: np.ndarray, radius: float) -> bool:
    """True when a ball centred at ``point`` would touch or overlap any ball centred in
    ``others`` (shape (k, 2)), with :data:`SPOT_CLEARANCE` of margin."""
    if len(others) == 0:
        return False
    d = np.hypot(others[:, 0] - point[0], others[:, 1] - point[1])
    return bool((d < 2.0 * radius + SPOT_CLEARANCE).any())


def is_spot_free(
    table: Table, spot_xy: Sequence[float], pos: np.ndarray, on_table: np.ndarray
) -> bool:
    """True when a ball placed at ``spot_xy`` would touch no ball on the table (WPBSA 3.4:
    a spot is occupied if a ball placed on it would touch another ball)."""
    return not _occupied_by(spot_xy, pos[on_table], table.ball_radius)


def respot_colours(
    table: Table,
    colours: Iterable[str],
    pos: np.ndarray,
    on_table: np.ndarray,
) -> dict[str, tuple[float, float]]:
    """Where each colour in ``colours`` is re-spotted (French text §6; WPBSA 3.4).

    ``pos``/``on_table`` describe the balls already on the table (the colours to spot must be
    off it). Returns colour name -> centre (m). Order of work, each placed ball then occupying
    its place for the next:

    1. every colour whose own spot is free goes on it (§6.1);
    2. the rest, highest value first (§6.2), go on the highest-value free spot;
    3. if every spot is occupied, as near as possible to its own spot on the line from it
       towards the nearest part of the top cushion (+y) (§6.3);
    4. pink and black, when that line is covered, as near as possible below their spot on the
       centre line (§6.4). The text gives no rule for the other colours in that case; the
       same "below the spot" search is used for them, and its failure (a table covered in
       balls) raises ``RuntimeError``.

    "Occupied" is judged with real geometry: a ball put there would touch another
    (:data:`SPOT_CLEARANCE`). Nothing is mutated.
    """
    R = table.ball_radius
    # the balls on the table, and the centres of the colours placed so far (made into an array
    # only when a later colour asks: most strokes spot one colour, or none)
    on_cloth = np.array(np.asarray(pos)[on_table], dtype=np.float64).reshape(-1, 2)
    result: dict[str, tuple[float, float]] = {}
    todo = sorted(set(colours), key=lambda c: COLOUR_VALUES[c], reverse=True)

    def occupied(xy: Sequence[float]) -> bool:
        if _occupied_by(xy, on_cloth, R):
            return True
        return bool(result) and _occupied_by(xy, np.array(list(result.values())), R)

    waiting = []
    for colour in todo:
        spot = table.spots[colour]
        if not occupied(spot):
            result[colour] = (float(spot[0]), float(spot[1]))
        else:
            waiting.append(colour)
    for colour in waiting:
        target: tuple[float, float] | None = None
        for candidate in sorted(COLOURS, key=lambda c: COLOUR_VALUES[c], reverse=True):
            spot = table.spots[candidate]
            if not occupied(spot):
                target = (float(spot[0]), float(spot[1]))
                break
        if target is None:
            placed = np.vstack([on_cloth, np.array(list(result.values())).reshape(-1, 2)])
            sx, sy = table.spots[colour]
            up_limit = table.length - R - sy - SPOT_CLEARANCE
            reach = 2.0 * R + SPOT_CLEARANCE
            d = first_free_distance((sx, sy), (0.0, 1.0), placed, reach)
            if d <= up_limit:
                target = (float(sx), float(sy + d))
            else:
                down_limit = sy - R - SPOT_CLEARANCE
                d = first_free_distance((sx, sy), (0.0, -1.0), placed, reach)
                if d > down_limit:
                    raise RuntimeError(f"no place left on the table to spot the {colour}")
                target = (float(sx), float(sy - d))
        result[colour] = target
    return result


# --- touching balls ----------------------------------------------------------------------------


def touching_balls(
    pos: np.ndarray, on_table: np.ndarray, radius: float, ball: int = 0
) -> tuple[int, ...]:
    """Indices of the balls on the table touching ``ball`` (surface gap at most
    :data:`TOUCHING_GAP`), ascending (French text §7; WPBSA 3.17): ``sim.digest.balls_within``,
    compiled (a dozen small array operations cost about twice as much right after a shot)."""
    return balls_within(pos, on_table, ball, 2.0 * radius + TOUCHING_GAP)


# --- the snookered test ------------------------------------------------------------------------


def can_hit_both_edges(
    cue_xy: Sequence[float], target_xy: Sequence[float], obstacles: np.ndarray, radius: float
) -> bool:
    """True when the cue ball at ``cue_xy`` can strike both extreme edges of the ball at
    ``target_xy`` along straight lines free of the balls at ``obstacles`` (shape (k, 2)).
    A target touching the cue ball counts as hittable (§7; WPBSA 3.17). The geometry of the
    module docstring, compiled: ``sim.sightlines.any_edges_clear`` with one target."""
    return any_edges_clear(cue_xy, [target_xy], obstacles, radius, GRAZE_TOLERANCE)


#: Number of straight lines tried, evenly spread in angle between the two extreme edges, when
#: asking whether any part of a ball can be hit (:func:`can_hit_any_part`).
ANY_PART_SAMPLES = 257


def can_hit_any_part(
    cue_xy: Sequence[float],
    target_xy: Sequence[float],
    obstacles: np.ndarray,
    radius: float,
    samples: int = ANY_PART_SAMPLES,
) -> bool:
    """True when some straight line from ``cue_xy`` strikes the ball at ``target_xy`` free of
    the balls at ``obstacles`` (shape (k, 2)). The lines tried are ``samples`` directions evenly
    spread in angle from the left extreme edge to the right one (both included, and the full-ball
    line when ``samples`` is odd); each is cut where the cue ball meets the target:
    ``s = (T - C).v - sqrt(4R^2 - h^2)``, h the target centre's distance from the line.
    A target touching the cue ball counts as hittable (§7; WPBSA 3.17). Compiled:
    ``sim.sightlines.any_line_clear``, which skips the balls farther than 4R from the way to
    the target (no line that meets the target can touch them)."""
    return any_line_clear(cue_xy, target_xy, obstacles, radius, samples, GRAZE_TOLERANCE)


def balls_on_and_not_on(
    balls_on: Iterable[int], on_table: np.ndarray
) -> tuple[list[int], list[int]]:
    """(the balls of ``balls_on`` on the table, every other object ball on the table): the
    targets and the obstacles of the snookered and any-part tests, indices in order."""
    flags = np.asarray(on_table).tolist()
    on = [i for i in balls_on if flags[i]]
    chosen = set(on)
    return on, [i for i in range(1, len(flags)) if flags[i] and i not in chosen]


def rows_of(pos: np.ndarray, balls: list[int]) -> np.ndarray:
    """The centres of ``balls`` (indices) in ``pos`` (``(n, 2)``, m), as a fresh ``(k, 2)``
    array: ``take`` turns a short list of indices into rows about three times faster than
    indexing with the list does (the snookered tests ask for three such sets per call)."""
    return np.asarray(pos).take(balls, axis=0).reshape(-1, 2)


def can_hit_any_ball_on(
    cue_xy: Sequence[float],
    balls_on: Iterable[int],
    pos: np.ndarray,
    on_table: np.ndarray,
    radius: float,
) -> bool:
    """True when some part of some ball on (on the table) can be struck in a straight line free
    of every ball not on (:func:`can_hit_any_part`): the "clear path in a straight line to any
    part of any ball on" of the miss rule (WPBSA 3.14)."""
    on, blockers = balls_on_and_not_on(balls_on, on_table)
    obstacles = rows_of(pos, blockers)
    return any(can_hit_any_part(cue_xy, pos[i], obstacles, radius) for i in on)


def is_snookered(
    cue_xy: Sequence[float],
    balls_on: Iterable[int],
    pos: np.ndarray,
    on_table: np.ndarray,
    radius: float,
    obstructing: Iterable[int] | None = None,
) -> bool:
    """The WPBSA "snookered" test for a cue ball at ``cue_xy`` (m).

    ``balls_on``: indices of the balls on (only those on the table count). ``obstructing``:
    indices of the balls that may obstruct; by default every ball on the table that is neither
    the cue ball (index 0) nor on. Returns True when no ball on can be struck at both extreme
    edges in a straight line free of obstruction, and at least one ball on is on the table.
    """
    on, others = balls_on_and_not_on(balls_on, on_table)
    if not on:
        return False
    if obstructing is not None:
        flags = np.asarray(on_table).tolist()
        others = [i for i in obstructing if flags[i] and i != 0]
    return not any_edges_clear(
        cue_xy, rows_of(pos, on), rows_of(pos, others), radius, GRAZE_TOLERANCE
    )


def is_snookered_by(
    cue_xy: Sequence[float],
    balls_on: Iterable[int],
    blocker: int,
    pos: np.ndarray,
    on_table: np.ndarray,
    radius: float,
) -> bool:
    """True when the ball ``blocker`` on its own snookers the cue ball on every ball on in
    ``balls_on`` (each ball on has at least one extreme edge obstructed by ``blocker``): the test
    for "snookering with the free ball" (French text §9.4; WPBSA 3.12(c))."""
    if not on_table[blocker]:
        return False
    on = [i for i in balls_on if on_table[i] and i != blocker]
    return is_snookered(cue_xy, on, pos, on_table, radius, obstructing=[blocker])
