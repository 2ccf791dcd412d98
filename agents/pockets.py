"""How wide each pocket is for a rolling ball, measured with the engine itself.

A pocket's opening is not its mouth: a ball coming in at an angle meets a jaw and rattles out,
one coming straight along a rail drops from a line close to the cushion. Rather than a formula,
the computer measures each pocket once per table: a single ball rolls towards the pocket's
mouth from 0.5 m away, along directions ``psi`` degrees off the pocket's bisector, on parallel
lines ``s`` metres apart, and the engine says which lines drop. For each ``psi`` the drop lines
form an interval ``[lo, hi]`` (m, lateral to the line aimed at the mouth's middle); the
geometry of a pot (:mod:`agents.geometry`) aims at its middle and reads its half-width as the
room for error.

Frame of one pocket: ``aim`` is the middle of the mouth (the two jaw points); ``inward`` the unit
vector from the capture circle's centre through it, into the table; a ball approaching at
``psi`` travels along ``-rotate(inward, psi)``; ``lateral(psi)`` is ``rotate(inward, psi)``
turned 90 degrees counter-clockwise. The measurement is deterministic and cached per table.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

import sim
from sim.constants import MotionState
from sim.events import EventKind

#: Distance (m) from the mouth's middle at which the measuring ball starts.
START_DISTANCE = 0.5
#: The measuring ball's speed on arrival at the mouth (m/s): a firm pot, which rattles more
#: readily than a soft one.
ARRIVAL_SPEED = 1.2
#: Steps of the scan across the lines (m) and bisections of each edge.
SCAN_STEP = 0.003
EDGE_BISECTIONS = 4
#: Approach angles measured (degrees off the bisector): corners to the rails, sides wider.
CORNER_PSI = tuple(float(p) for p in range(-45, 46, 5))
SIDE_PSI = tuple(float(p) for p in range(-75, 76, 5))


@dataclass(frozen=True)
class PocketOpening:
    """One pocket's opening as the engine measured it.

    Fields:
        pocket: the pocket id (``Table.pockets``).
        aim: (2,) middle of the mouth, m.
        inward: (2,) unit vector from the capture centre through ``aim``, into the table.
        psi: (P,) approach angles measured, radians, increasing.
        lo, hi: (P,) the drop interval's edges at each angle, m lateral to the line through
            ``aim`` (both 0 where no line drops).
    """

    pocket: int
    aim: np.ndarray
    inward: np.ndarray
    psi: np.ndarray
    lo: np.ndarray
    hi: np.ndarray

    def interval(self, psi: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """``(lo, hi)`` interpolated at approach angles ``psi`` (radians, any shape); outside
        the measured range the interval is empty (0, 0)."""
        inside = (psi >= self.psi[0]) & (psi <= self.psi[-1])
        lo = np.where(inside, np.interp(psi, self.psi, self.lo), 0.0)
        hi = np.where(inside, np.interp(psi, self.psi, self.hi), 0.0)
        return lo, hi


def _rotate(v: np.ndarray, angle: float) -> np.ndarray:
    c, s = math.cos(angle), math.sin(angle)
    return np.array([c * v[0] - s * v[1], s * v[0] + c * v[1]])


def rolling_state(table: sim.Table, xy: np.ndarray, velocity: np.ndarray) -> sim.BallState:
    """One ball at ``xy`` rolling with ``velocity`` (m/s): its spin is the rolling spin."""
    radius = table.ball_radius
    spin = np.array([[-velocity[1] / radius, velocity[0] / radius, 0.0]])
    return sim.BallState(
        np.array([xy]),
        vel=np.array([velocity]),
        spin=spin,
        motion=np.array([MotionState.ROLLING]),
    )


def _drops(
    table: sim.Table, params: sim.Params, pocket: int, start: np.ndarray, v: np.ndarray
) -> bool:
    if not table.contains_ball(float(start[0]), float(start[1])):
        return False
    result = sim.simulate(table, rolling_state(table, start, v), None, params)
    events = result.events
    hit = events[(events["kind"] == EventKind.BALL_POCKET) & (events["a"] == 0)]
    return bool(hit.size) and int(hit["b"][0]) == pocket


def _measure(table: sim.Table, params: sim.Params, pocket: int) -> PocketOpening:
    spec = table.pockets[pocket]
    (x1, y1), (x2, y2) = spec.mouth
    aim = np.array([(x1 + x2) / 2.0, (y1 + y2) / 2.0])
    inward = aim - np.array([spec.x, spec.y])
    inward /= np.hypot(*inward)
    half = math.hypot(x2 - x1, y2 - y1) / 2.0 + table.ball_radius
    decel = params.u_r * params.g
    speed = math.sqrt(ARRIVAL_SPEED**2 + 2.0 * decel * START_DISTANCE)
    psis = CORNER_PSI if spec.kind == "corner" else SIDE_PSI
    lo_edges, hi_edges = [], []
    for psi_deg in psis:
        out = _rotate(inward, math.radians(psi_deg))
        side = np.array([-out[1], out[0]])
        velocity = -out * speed

        def drops(
            s: float, out: np.ndarray = out, side: np.ndarray = side, v: np.ndarray = velocity
        ) -> bool:
            return _drops(table, params, pocket, aim + out * START_DISTANCE + side * s, v)

        offsets = np.arange(-half, half + 1e-12, SCAN_STEP)
        dropped = [drops(float(s)) for s in offsets]
        runs = _runs(dropped)
        if not runs:
            lo_edges.append(0.0)
            hi_edges.append(0.0)
            continue
        first, last = max(runs, key=lambda r: r[1] - r[0])
        lo = _edge(drops, float(offsets[first]), float(offsets[first]) - SCAN_STEP)
        hi = _edge(drops, float(offsets[last]), float(offsets[last]) + SCAN_STEP)
        lo_edges.append(lo)
        hi_edges.append(hi)
    return PocketOpening(
        pocket=pocket,
        aim=aim,
        inward=inward,
        psi=np.radians(np.array(psis)),
        lo=np.array(lo_edges),
        hi=np.array(hi_edges),
    )


def _runs(flags: list[bool]) -> list[tuple[int, int]]:
    """(first, last) index of every run of True in ``flags``."""
    runs, start = [], None
    for i, flag in enumerate([*flags, False]):
        if flag and start is None:
            start = i
        elif not flag and start is not None:
            runs.append((start, i - 1))
            start = None
    return runs


def _edge(drops: object, inside: float, outside: float) -> float:
    """The edge between a dropping line ``inside`` and a missing one ``outside``, bisected."""
    check = drops  # a callable of one float
    for _ in range(EDGE_BISECTIONS):
        middle = (inside + outside) / 2.0
        if check(middle):  # type: ignore[operator]
            inside = middle
        else:
            outside = middle
    return inside


def _shape_key(table: sim.Table, pocket: int) -> tuple[object, ...]:
    """What decides a pocket's opening in its own frame: its kind, capture radius, mouth width
    and the capture centre's depth behind the mouth (mm, rounded). The tables' pockets of one
    kind are mirror images of each other, and a mirror image changes (psi, s) into
    (-psi, -s), which leaves a symmetric opening's intervals as they are."""
    spec = table.pockets[pocket]
    (x1, y1), (x2, y2) = spec.mouth
    depth = math.hypot((x1 + x2) / 2.0 - spec.x, (y1 + y2) / 2.0 - spec.y)
    return (spec.kind, round(spec.radius * 1e4), round(math.hypot(x2 - x1, y2 - y1) * 1e4),
            round(depth * 1e4))  # fmt: skip


@lru_cache(maxsize=8)
def pocket_openings(table: sim.Table) -> tuple[PocketOpening, ...]:
    """Every pocket of ``table`` measured with the table's default physics, once per pocket
    shape (cached per table: about a third of a second the first time)."""
    params = sim.Params.for_table(table)
    measured: dict[tuple[object, ...], PocketOpening] = {}
    openings = []
    for pocket in table.pockets:
        key = _shape_key(table, pocket.id)
        if key not in measured:
            measured[key] = _measure(table, params, pocket.id)
        shape = measured[key]
        (x1, y1), (x2, y2) = pocket.mouth
        aim = np.array([(x1 + x2) / 2.0, (y1 + y2) / 2.0])
        inward = aim - np.array([pocket.x, pocket.y])
        openings.append(
            PocketOpening(
                pocket=pocket.id,
                aim=aim,
                inward=inward / np.hypot(*inward),
                psi=shape.psi,
                lo=shape.lo,
                hi=shape.hi,
            )
        )
    return tuple(openings)
