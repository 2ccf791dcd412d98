"""The cushion outline of a table: rails, knuckles, jaw facings and capture circles laid out
from the table size and its pocket shapes (docs/physics.md §5.3), compiled into the arrays the
kernels read and the closed ``outline`` polygon.
"""

from __future__ import annotations

import math
from typing import Literal, NamedTuple

import numpy as np

from sim.table_parts import Cushion, Pocket, Vec, read_only_floats
from sim.table_specs import InvalidTableGeometryError, PocketShape

BACK_PIECES = 6
"""Straight pieces of each pocket's back (``TableArrays.back_edges``): the half circle about
the capture centre through the facings' ends, as this many chords (30 degrees each; they lie
at most ``r (1 - cos 15 deg)``, 1.5 mm for a pool corner pocket, inside the circle)."""

_ARC_STEP_DEG = 3.0
"""Sampling step of the knuckle arcs in :attr:`Table.outline`, degrees (sagitta < 0.04 % of
the knuckle radius)."""


# --- construction ------------------------------------------------------------------------------

#: Pocket names in id order, as a player sees them on the screen (the window and the lab's
#: pictures draw the head end on the left and the x = 0 rail at the top): id 0 at (0, 0) is the
#: top-left corner, id 5 at (width, length) the bottom-right one.
POCKET_NAMES = (
    "top-left",
    "bottom-left",
    "top-middle",
    "bottom-middle",
    "top-right",
    "bottom-right",
)

#: The table-frame names pockets had before they were named as drawn, each with the
#: pocket's name now; asking for one says which name replaced it.
FORMER_POCKET_NAMES = {
    "bottom_left": "top-left",
    "bottom_right": "bottom-left",
    "left_side": "top-middle",
    "right_side": "bottom-middle",
    "top_left": "top-right",
    "top_right": "bottom-right",
}


class _Jaw(NamedTuple):
    rail: str  # key of the rail this jaw ends
    along: Vec  # unit vector along the nose, pointing away from the pocket
    inward: Vec  # unit nose normal, pointing onto the table


def _pocket_layout(length: float, width: float) -> list[tuple[str, str, Vec, tuple[_Jaw, _Jaw]]]:
    """(name, kind, corner point, jaws) for each pocket in id order."""
    L, W = length, width
    return [
        (
            "top-left",
            "corner",
            (0.0, 0.0),
            (_Jaw("head", (1.0, 0.0), (0.0, 1.0)), _Jaw("left_head", (0.0, 1.0), (1.0, 0.0))),
        ),
        (
            "bottom-left",
            "corner",
            (W, 0.0),
            (_Jaw("head", (-1.0, 0.0), (0.0, 1.0)), _Jaw("right_head", (0.0, 1.0), (-1.0, 0.0))),
        ),
        (
            "top-middle",
            "side",
            (0.0, L / 2),
            (_Jaw("left_head", (0.0, -1.0), (1.0, 0.0)), _Jaw("left_foot", (0.0, 1.0), (1.0, 0.0))),
        ),
        (
            "bottom-middle",
            "side",
            (W, L / 2),
            (
                _Jaw("right_head", (0.0, -1.0), (-1.0, 0.0)),
                _Jaw("right_foot", (0.0, 1.0), (-1.0, 0.0)),
            ),
        ),
        (
            "top-right",
            "corner",
            (0.0, L),
            (_Jaw("foot", (1.0, 0.0), (0.0, -1.0)), _Jaw("left_foot", (0.0, -1.0), (1.0, 0.0))),
        ),
        (
            "bottom-right",
            "corner",
            (W, L),
            (
                _Jaw("foot", (-1.0, 0.0), (0.0, -1.0)),
                _Jaw("right_foot", (0.0, -1.0), (-1.0, 0.0)),
            ),
        ),
    ]


_RAIL_ORDER = ("head", "foot", "left_head", "left_foot", "right_head", "right_foot")
#: Rail names by table kind and rail key, as a player sees them in the window (head end on the
#: left, the x = 0 long rail at the top, like :data:`POCKET_NAMES`). Snooker keeps the rule
#: book's names of its ends (the baulk cushion on the left, the top cushion at the black end,
#: drawn on the right) and calls its side cushions upper and lower, so "top" never names two
#: places.
_RAIL_NAMES = {
    "pool": {
        "head": "head rail",
        "foot": "foot rail",
        "left_head": "top rail (left half)",
        "left_foot": "top rail (right half)",
        "right_head": "bottom rail (left half)",
        "right_foot": "bottom rail (right half)",
    },
    "snooker": {
        "head": "baulk cushion",
        "foot": "top cushion",
        "left_head": "upper side cushion (left half)",
        "left_foot": "upper side cushion (right half)",
        "right_head": "lower side cushion (left half)",
        "right_foot": "lower side cushion (right half)",
    },
}

#: The table-frame names the long rails had before they were named as drawn, each
#: with its name now, per table kind; the jaws and knuckles named after them changed alike.
FORMER_RAIL_NAMES = {
    "pool": {
        "left rail (head half)": "top rail (left half)",
        "left rail (foot half)": "top rail (right half)",
        "right rail (head half)": "bottom rail (left half)",
        "right rail (foot half)": "bottom rail (right half)",
    },
    "snooker": {
        "left cushion (baulk half)": "upper side cushion (left half)",
        "left cushion (top half)": "upper side cushion (right half)",
        "right cushion (baulk half)": "lower side cushion (left half)",
        "right cushion (top half)": "lower side cushion (right half)",
    },
}


def successor_of_cushion_name(kind: str, name: str) -> str | None:
    """The cushion name now for a former one (a long rail, or a jaw or knuckle named after
    one) on a table of ``kind``, or None when ``name`` is no former name."""
    for old, new in FORMER_RAIL_NAMES.get(kind, {}).items():
        if old in name:
            return name.replace(old, new)
    return None


class Outline(NamedTuple):
    """A table's cushion outline laid out (docs/physics.md §5.3), what :class:`sim.table.Table`
    is built from.

    ``pockets`` and ``cushions`` (the value objects, in id order); ``segments`` (ns, 6),
    ``arcs`` (na, 3), ``pocket_rows`` (npk, 3), ``backs`` (npk, 7) and ``back_edges``
    (npk BACK_PIECES, 6): the kernels' read-only arrays of
    :class:`sim.table_parts.TableArrays`; ``polygon`` (k, 2): the closed outline of the cloth
    (``Table.outline``).
    """

    pockets: tuple[Pocket, ...]
    cushions: tuple[Cushion, ...]
    segments: np.ndarray
    arcs: np.ndarray
    pocket_rows: np.ndarray
    backs: np.ndarray
    back_edges: np.ndarray
    polygon: np.ndarray


def _back_edge_rows(back: list[float]) -> list[list[float]]:
    """The :data:`BACK_PIECES` straight pieces of a pocket's back (a row of
    ``TableArrays.backs``: centre, radius, unit vector into the pocket, ...): chords of the half
    circle behind the line across the pocket through the centre, from one facing's end round
    to the other's, each a row ``x1, y1, x2, y2, nx, ny`` with ``n`` toward the centre (the
    hole's side, where the balls are)."""
    cx, cy, r, ux, uy = back[:5]
    start = math.atan2(uy, ux) - 0.5 * math.pi  # one facing's end; the back's middle is at u
    angles = start + math.pi * np.arange(BACK_PIECES + 1) / BACK_PIECES
    xs = cx + r * np.cos(angles)
    ys = cy + r * np.sin(angles)
    rows = []
    for k in range(BACK_PIECES):
        mid = 0.5 * (angles[k] + angles[k + 1])
        rows.append([xs[k], ys[k], xs[k + 1], ys[k + 1], -math.cos(mid), -math.sin(mid)])
    return rows


def compile_outline(
    kind: Literal["pool", "snooker"],
    length: float,
    width: float,
    corner: PocketShape,
    side: PocketShape,
) -> Outline:
    """Lay out the pockets and cushions of a table of ``kind`` whose cloth is ``length`` by
    ``width`` m with the ``corner`` and ``side`` pocket shapes, and compile the kernels' arrays
    and the outline polygon (docs/physics.md §5.3)."""
    names = _RAIL_NAMES[kind]
    rail_ends: dict[str, list[np.ndarray]] = {key: [] for key in _RAIL_ORDER}
    jaw_rows: list[list[float]] = []
    jaw_cushions: list[tuple[str, str, str]] = []  # (name, pocket, rail name)
    arc_rows: list[list[float]] = []
    arc_cushions: list[tuple[str, str, str]] = []
    pockets: list[Pocket] = []
    back_rows: list[list[float]] = []
    # per (pocket, rail key): the pocket-side path from the rail end to the facing end
    jaw_paths: dict[tuple[str, str], np.ndarray] = {}

    for pid, (pname, pkind, corner_pt, jaws) in enumerate(_pocket_layout(length, width)):
        shape = corner if pkind == "corner" else side
        half_offset = shape.mouth / math.sqrt(2.0) if pkind == "corner" else shape.mouth / 2.0
        c = np.array(corner_pt)
        jaw_pts = [c + half_offset * np.array(j.along) for j in jaws]
        mouth_centre = 0.5 * (jaw_pts[0] + jaw_pts[1])
        into_pocket = -(np.array(jaws[0].inward) + np.array(jaws[1].inward))
        into_pocket /= np.linalg.norm(into_pocket)
        centre_depth = shape.capture_depth + shape.capture_radius
        capture_centre = mouth_centre + centre_depth * into_pocket
        cut = math.radians(shape.cut_angle_deg)
        tangent = shape.knuckle_radius / math.tan(cut / 2.0)
        first_jaw_row = len(_RAIL_ORDER) + len(jaw_rows)
        back_radius = 0.0
        for k, jaw in enumerate(jaws):
            t = np.array(jaw.along)
            n = np.array(jaw.inward)
            j_pt = jaw_pts[k]
            facing = math.cos(cut) * t - math.sin(cut) * n
            bisector = (t + facing) / np.linalg.norm(t + facing)
            knuckle_centre = j_pt + bisector * shape.knuckle_radius / math.sin(cut / 2.0)
            rail_ends[jaw.rail].append(j_pt + tangent * t)
            facing_start = j_pt + tangent * facing
            depth_rate = float(facing @ into_pocket)
            facing_end = j_pt + facing * (centre_depth / depth_rate)
            start = math.atan2(*(j_pt + tangent * t - knuckle_centre)[::-1])
            stop = math.atan2(*(facing_start - knuckle_centre)[::-1])
            sweep = (stop - start + math.pi) % (2 * math.pi) - math.pi  # the short way round
            steps = max(2, math.ceil(abs(math.degrees(sweep)) / _ARC_STEP_DEG))
            angles = start + sweep * np.linspace(0.0, 1.0, steps + 1)
            arc_pts = knuckle_centre + shape.knuckle_radius * np.stack(
                [np.cos(angles), np.sin(angles)], axis=1
            )
            jaw_paths[(pname, jaw.rail)] = np.vstack([arc_pts, facing_end[None, :]])
            other = jaw_pts[1 - k]
            normal = np.array([-facing[1], facing[0]])
            if normal @ (other - j_pt) < 0.0:
                normal = -normal
            rail_label = names[jaw.rail]
            jaw_rows.append([*facing_start, *facing_end, *normal])
            back_radius += 0.5 * float(np.linalg.norm(facing_end - capture_centre))
            jaw_cushions.append((f"{pname} jaw, {rail_label} side", pname, rail_label))
            arc_rows.append([*knuckle_centre, shape.knuckle_radius])
            arc_cushions.append((f"{pname} knuckle, {rail_label} side", pname, rail_label))
        jaw_ids = [first_jaw_row, first_jaw_row + 1]
        back_rows.append([*capture_centre, back_radius, *into_pocket, *jaw_ids])
        if not centre_depth > tangent * depth_rate:
            raise InvalidTableGeometryError(
                f"{pname}: the knuckle (radius {shape.knuckle_radius} m) reaches deeper than the "
                "capture circle's centre; use a smaller knuckle or a deeper capture circle"
            )
        pockets.append(
            Pocket(
                id=pid,
                name=pname,
                x=float(capture_centre[0]),
                y=float(capture_centre[1]),
                radius=shape.capture_radius,
                kind="corner" if pkind == "corner" else "side",
                mouth=(
                    (float(jaw_pts[0][0]), float(jaw_pts[0][1])),
                    (float(jaw_pts[1][0]), float(jaw_pts[1][1])),
                ),
            )
        )

    rail_rows: list[list[float]] = []
    cushions: list[Cushion] = []
    for key in _RAIL_ORDER:
        p1, p2 = rail_ends[key]
        t = p2 - p1
        normal = np.array([-t[1], t[0]]) / np.linalg.norm(t)
        if normal @ (np.array([width / 2, length / 2]) - p1) < 0.0:
            normal = -normal
        rail_rows.append([*p1, *p2, *normal])
        cushions.append(Cushion(len(cushions), names[key], "rail", None, names[key]))
    for name, pname, rail_label in jaw_cushions:
        cushions.append(Cushion(len(cushions), name, "jaw", pname, rail_label))
    for name, pname, rail_label in arc_cushions:
        cushions.append(Cushion(len(cushions), name, "knuckle", pname, rail_label))

    segments = read_only_floats(rail_rows + jaw_rows)
    arcs = read_only_floats(arc_rows)
    pocket_arr = read_only_floats([[p.x, p.y, p.radius] for p in pockets])
    # counter-clockwise: (pocket, incoming rail, outgoing rail) after each rail
    tour = [
        ("bottom-left", "head", "right_head"),
        ("bottom-middle", "right_head", "right_foot"),
        ("bottom-right", "right_foot", "foot"),
        ("top-right", "foot", "left_foot"),
        ("top-middle", "left_foot", "left_head"),
        ("top-left", "left_head", "head"),
    ]
    pieces = []
    for pname, incoming, outgoing in tour:
        pieces.append(jaw_paths[(pname, incoming)])
        pieces.append(jaw_paths[(pname, outgoing)][::-1])
    return Outline(
        pockets=tuple(pockets),
        cushions=tuple(cushions),
        segments=segments,
        arcs=arcs,
        pocket_rows=pocket_arr,
        backs=read_only_floats(back_rows),
        back_edges=read_only_floats([e for row in back_rows for e in _back_edge_rows(row)]),
        polygon=read_only_floats(np.vstack(pieces)),
    )
