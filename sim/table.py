"""Tables: the playing surface, its cushions, pockets, marked lines and spots.

A :class:`Table` is an immutable description built by a named constructor
(:meth:`Table.pool`, :meth:`Table.snooker`) and compiled once into read-only flat arrays
(:class:`TableArrays`) that the Numba kernels read. Constructed tables are cached: asking twice
for the same table returns the same object.

Frame (docs/architecture.md, docs/physics.md §0.1): origin at the corner of the playing surface
where the head/baulk cushion nose line meets the left cushion nose line; ``x`` across the table
in ``[0, width]``, ``y`` along it in ``[0, length]``; metres.

The cushion outline (docs/physics.md §5.3, "recommended model"):

- a straight **rail** nose segment between the pockets on each side of the table (six rails:
  the two ends and two halves of each long side);
- at each jaw point (where a nose line turns into a pocket) a **knuckle**: a circular arc of
  radius ``knuckle_radius`` tangent to the nose line and to the facing (a rounded jaw tip);
- from the knuckle a straight **jaw** facing running into the rail at the cut angle measured
  from the nose line (WPA: 142 deg corner, 104 deg side), down to the depth of the capture
  circle's centre behind the mouth line;
- a **capture circle** per pocket, centred on the mouth's bisector. Its nearest point lies
  ``capture_depth`` behind the mouth line (the convention of pooltool's ``pocket_depth``), so a
  ball centre that goes through the mouth between the facings enters the circle before it can
  reach the end of the facings. A ball is pocketed when its centre enters the circle.

The outline is closed: apart from the capture circles, no path lets a ball centre leave the
cloth (``tests/sim/test_table.py`` checks this with a flood fill around every pocket).

Every tunable number lives in the ``PocketShape`` constants and the table dimensions below.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Literal, NamedTuple

import numpy as np

from sim.constants import MAX_OVERLAP
from sim.errors import SimInputError

INCH = 0.0254
"""One inch in metres."""

POOL_BALL_RADIUS = 0.028575
"""WPA ball radius, m (57.15 mm diameter) [spec]."""

SNOOKER_BALL_RADIUS = 0.02625
"""WPBSA ball radius, m (52.5 mm diameter) [spec]."""

CUSHION_NOSE_HEIGHT_FRACTION = 0.635
"""Nose height above the cloth as a fraction of the ball diameter (WPA 62.5-64.5 %) [spec].

Used for snooker too, where no public figure exists [unverified] (docs/physics.md §8 item 4).
"""

POOL_SIZES_IN: dict[int, tuple[float, float]] = {
    9: (100.0, 50.0),  # WPA [spec]
    8: (92.0, 46.0),  # WPA [spec]
    7: (78.0, 39.0),  # bar box, not a WPA size; pooltool's default
}
"""Pool playing surfaces, nose to nose, in inches: feet -> (length, width)
(docs/physics.md §5.1)."""

POOL_RAIL_WIDTH = 5.5 * INCH
"""Rail width behind the cushion line, cushion included, m: inside WPA's "4 to 7.5 inches,
including the cushion" [spec range, value ours]. The rail top is flat at the nose height
(docs/physics-airborne.md section 4)."""

SNOOKER_RAIL_WIDTH = 0.10
"""Snooker rail width behind the cushion line, m [unverified]: WPBSA publishes no figure."""

SNOOKER_LENGTH = 3.569
"""WPBSA playing area length, m (11 ft 8 1/2 in) [spec]."""
SNOOKER_WIDTH = 1.778
"""WPBSA playing area width, m (5 ft 10 in) [spec]."""
SNOOKER_BAULK_Y = 0.737
"""Baulk line, m from the bottom cushion face (29 in) [spec]."""
SNOOKER_D_RADIUS = 0.292
"""Radius of the D, m (11 1/2 in) [spec]."""
SNOOKER_BLACK_FROM_TOP = 0.324
"""Black spot distance from the top cushion face, m (12 3/4 in) [spec]."""


@dataclass(frozen=True)
class PocketShape:
    """The tunable shape of one kind of pocket (docs/physics.md §5.3). Lengths in metres.

    ``mouth``: distance between the two jaw points (where the nose lines turn into the pocket).
    ``cut_angle_deg``: angle of the rubber between the nose line and the facing, degrees
    (WPA: corner 142, side 104). ``knuckle_radius``: radius of the rounded jaw tip.
    ``capture_radius``: radius of the capture circle. ``capture_depth``: distance from the mouth
    line back to the nearest point of the capture circle (pooltool's ``pocket_depth``).
    """

    mouth: float
    cut_angle_deg: float
    knuckle_radius: float
    capture_radius: float
    capture_depth: float

    def __post_init__(self) -> None:
        for name in ("mouth", "knuckle_radius", "capture_radius"):
            if not getattr(self, name) > 0.0:
                raise InvalidTableGeometryError(f"PocketShape.{name} must be > 0 m")
        if not self.capture_depth >= 0.0:
            raise InvalidTableGeometryError("PocketShape.capture_depth must be >= 0 m")
        if not 90.0 <= self.cut_angle_deg < 180.0:
            raise InvalidTableGeometryError(
                f"PocketShape.cut_angle_deg={self.cut_angle_deg} must lie in [90, 180) degrees"
            )


POOL_CORNER_POCKET = PocketShape(
    mouth=4.5 * INCH,  # WPA 4.5-4.625 in [spec]
    cut_angle_deg=142.0,  # WPA 142 +- 1 deg [spec]
    knuckle_radius=0.0419 / 2,  # pooltool corner_jaw_radius [model]
    capture_radius=0.062,  # pooltool 7-ft corner pocket radius [model]
    capture_depth=0.0417,  # pooltool 7-ft corner pocket depth [model]
)
"""WPA corner pocket, with the model numbers seeded from pooltool's 7-ft defaults."""

POOL_SIDE_POCKET = PocketShape(
    mouth=5.0 * INCH,  # WPA 5-5.125 in [spec]
    cut_angle_deg=104.0,  # WPA 104 +- 1 deg [spec]
    knuckle_radius=0.0159 / 2,  # pooltool side_jaw_radius [model]
    capture_radius=0.0645,  # pooltool 7-ft side pocket radius [model]
    # One inch behind the mouth line, inside BCA's side shelf range of 0-3/8 in plus the facing.
    # pooltool's current default (0.00437) lets a rolling ball aimed at the pocket centre drop
    # up to 60 deg off the pocket axis even at 5 m/s; with 0.0254 balls drop up to about 50 deg
    # and 60 deg is refused, closer to how side pockets play. The depth docs/physics.md §5.3 quotes
    # from an older pooltool (0.0685) already refuses 30 deg at 2.5 m/s [model].
    capture_depth=0.0254,
)
"""WPA side pocket, with the model numbers seeded from pooltool's 7-ft defaults."""

SNOOKER_CORNER_POCKET = PocketShape(
    mouth=0.08014,
    cut_angle_deg=135.0,  # pooltool corner_pocket_angle 0 -> facings along the bisector
    knuckle_radius=0.0889,
    capture_radius=0.0889,
    capture_depth=0.06735,
)
"""Snooker corner pocket: pooltool's "generic snooker" numbers [unverified]; WPBSA templates
are not public (docs/physics.md §5.3)."""

SNOOKER_SIDE_POCKET = PocketShape(
    mouth=0.08457,
    cut_angle_deg=90.0,  # pooltool side_pocket_angle 0 -> facings square to the rail
    knuckle_radius=0.0669,
    capture_radius=0.05319,
    capture_depth=0.05159,
)
"""Snooker middle pocket: pooltool's "generic snooker" numbers [unverified]."""


class InvalidTableGeometryError(SimInputError):
    """A table size or pocket shape that cannot be built; the message says what is allowed."""


class UnknownTableSizeError(InvalidTableGeometryError):
    """``Table.pool(feet=...)`` was asked for a size that is not 7, 8 or 9 feet."""


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
    """

    segments: np.ndarray
    arcs: np.ndarray
    pockets: np.ndarray
    lines: np.ndarray


def _read_only(values: Any) -> np.ndarray:
    arr = np.array(values, dtype=np.float64)
    arr.flags.writeable = False
    return arr


Vec = tuple[float, float]


@dataclass(frozen=True, eq=False)
class Table:
    """An immutable table. Build it with :meth:`pool` or :meth:`snooker` (cached).

    Lengths in metres, positions as ``(x, y)`` tuples in the table frame. On pool tables
    ``head_string_y = length / 4`` and ``baulk_y``, ``d_radius``, ``d_centre`` are ``None``; on
    the snooker table ``head_string_y`` is the baulk line, ``head_spot`` the brown spot,
    ``centre_spot`` the blue spot and ``foot_spot`` the black spot.

    Two tables compare equal when they were built from the same constructor arguments; a table
    pickles as those arguments (and unpickles through the cache).
    """

    kind: Literal["pool", "snooker"]
    name: str
    length: float
    width: float
    ball_radius: float
    cushion_height: float
    head_string_y: float
    head_spot: Vec
    foot_spot: Vec
    centre_spot: Vec
    baulk_y: float | None
    d_radius: float | None
    d_centre: Vec | None
    spots: Mapping[str, Vec]
    pockets: tuple[Pocket, ...]
    cushions: tuple[Cushion, ...]
    lines: tuple[MarkedLine, ...]
    arrays: TableArrays
    corner_pocket: PocketShape
    side_pocket: PocketShape
    outline: np.ndarray = field(repr=False)
    """(k, 2) read-only closed polygon (last point not repeated) tracing the cushion noses
    counter-clockwise: rails, knuckles (sampled every few degrees), jaw facings down to their
    ends, across each pocket behind its capture circle's centre. For drawing the cushions and for
    :meth:`is_in_cloth_region`."""
    _key: tuple[Any, ...] = field(repr=False, default=())
    rail_width: float = POOL_RAIL_WIDTH
    """Width of every rail behind its cushion line, m (the table's outer edge is this far
    outside the cushion lines); the rail tops are at ``cushion_height``."""

    @property
    def outer_box(self) -> tuple[float, float, float, float]:
        """``(xlo, ylo, xhi, yhi)``, m: the outer edges of the rails; a ball centre beyond them
        has left the table."""
        w = self.rail_width
        return (-w, -w, self.width + w, self.length + w)

    # -- constructors ---------------------------------------------------------------------------

    @staticmethod
    def pool(
        feet: int = 9,
        *,
        corner_pocket: PocketShape = POOL_CORNER_POCKET,
        side_pocket: PocketShape = POOL_SIDE_POCKET,
    ) -> Table:
        """A pool table of ``feet`` = 9 or 8 (WPA) or 7 (78 x 39 in bar box), docs/physics.md §5.1.

        Raises :class:`UnknownTableSizeError` for any other size.
        """
        if isinstance(feet, bool) or feet not in POOL_SIZES_IN:
            allowed = ", ".join(str(k) for k in sorted(POOL_SIZES_IN))
            raise UnknownTableSizeError(
                f"no {feet!r}-foot pool table; allowed sizes (feet): {allowed}"
            )
        return _build_pool(int(feet), corner_pocket, side_pocket)

    @staticmethod
    def snooker(
        *,
        corner_pocket: PocketShape = SNOOKER_CORNER_POCKET,
        side_pocket: PocketShape = SNOOKER_SIDE_POCKET,
    ) -> Table:
        """The WPBSA 12-ft snooker table (docs/physics.md §5.2); pocket shapes are [unverified]."""
        return _build_snooker(corner_pocket, side_pocket)

    # -- identity -------------------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Table):
            return NotImplemented
        return self is other or self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_table_from_key, (self._key,))

    # -- queries --------------------------------------------------------------------------------

    @property
    def n_segments(self) -> int:
        """Number of straight cushions (rows of ``arrays.segments``)."""
        return int(self.arrays.segments.shape[0])

    def cushion_named(self, name: str) -> Cushion:
        """The cushion called ``name``; raises KeyError listing the names when there is none."""
        for cushion in self.cushions:
            if cushion.name == name:
                return cushion
        raise KeyError(f"no cushion {name!r}; names: {[c.name for c in self.cushions]}")

    def pocket_named(self, name: str) -> Pocket:
        """The pocket called ``name``; raises KeyError listing the names when there is none."""
        for pocket in self.pockets:
            if pocket.name == name:
                return pocket
        names = ", ".join(p.name for p in self.pockets)
        if name in FORMER_POCKET_NAMES:
            raise KeyError(
                f"{name!r} is a former pocket name (the table frame's); the pocket is now "
                f"{FORMER_POCKET_NAMES[name]!r}; pockets are named as drawn, head end on the "
                f"left: {names}"
            )
        raise KeyError(f"no pocket {name!r}; names: {names}")

    def cushion_distances(self, xy: Any) -> np.ndarray:
        """Clearance from ball centres to every cushion surface, m.

        ``xy``: (k, 2) or (2,) centres. Returns (k, n_cushions) (or (n_cushions,)): the distance
        from the centre to each straight cushion (clamped to the segment) and to each knuckle's
        circle (``|c - q| - radius``). A ball touches a cushion when this equals its radius.
        Pure: reads the arrays only.
        """
        pts = np.asarray(xy, dtype=np.float64)
        single = pts.ndim == 1
        pts = pts.reshape(-1, 2)
        px = pts[:, 0:1]
        py = pts[:, 1:2]
        seg = self.arrays.segments
        arcs = self.arrays.arcs
        x1, y1 = seg[:, 0], seg[:, 1]
        dx, dy = seg[:, 2] - x1, seg[:, 3] - y1
        rx = px - x1
        ry = py - y1
        s = (rx * dx + ry * dy) / (dx * dx + dy * dy)
        np.clip(s, 0.0, 1.0, out=s)
        ex = rx - s * dx
        ey = ry - s * dy
        ax = px - arcs[:, 0]
        ay = py - arcs[:, 1]
        out = np.concatenate(
            [np.sqrt(ex * ex + ey * ey), np.sqrt(ax * ax + ay * ay) - arcs[:, 2]], axis=1
        )
        return out[0] if single else out

    def is_in_cloth_region(self, x: float, y: float) -> bool:
        """True when ``(x, y)`` lies inside the closed :attr:`outline` (the cloth, the pocket
        mouths and throats down to the end of the facings)."""
        return bool(self.in_cloth_region_mask(np.array([[x, y]], dtype=np.float64))[0])

    def in_cloth_region_mask(self, xy: Any) -> np.ndarray:
        """Vectorised :meth:`is_in_cloth_region` for centres ``xy`` (k, 2); (k,) bool. Pure."""
        pts = np.asarray(xy, dtype=np.float64).reshape(-1, 2)
        x, y = pts[:, 0], pts[:, 1]
        inside = (x >= 0.0) & (x <= self.width) & (y >= 0.0) & (y <= self.length)
        if not inside.all():
            rest = ~inside
            inside[rest] = points_in_polygon(self.outline, pts[rest])
        return inside

    def balls_on_cloth(self, xy: Any, clearance: float | None = None) -> np.ndarray:
        """Vectorised :meth:`contains_ball` for centres ``xy`` (k, 2); returns (k,) bool. Pure."""
        pts = np.asarray(xy, dtype=np.float64).reshape(-1, 2)
        need = self.ball_radius - MAX_OVERLAP if clearance is None else clearance
        ok = np.asarray(np.isfinite(pts).all(axis=1))
        if not ok.all():
            pts = np.where(ok[:, None], pts, 0.0)
        ok &= self.cushion_distances(pts).min(axis=1) >= need
        pk = self.arrays.pockets
        gx = pts[:, 0:1] - pk[:, 0]
        gy = pts[:, 1:2] - pk[:, 1]
        ok &= (gx * gx + gy * gy > pk[:, 2] * pk[:, 2]).all(axis=1)
        if ok.any():
            ok[ok] = self.in_cloth_region_mask(pts[ok])
        return ok

    def contains_ball(self, x: float, y: float, clearance: float | None = None) -> bool:
        """True when a ball centred at ``(x, y)`` lies on the cloth: inside the outline's region,
        at least ``clearance`` from every cushion (default ``ball_radius - MAX_OVERLAP``) and not
        inside any pocket's capture circle. Pure.
        """
        return bool(self.balls_on_cloth(np.array([[x, y]], dtype=np.float64), clearance)[0])


def points_in_polygon(polygon: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """Even-odd test of points ``pts`` (k, 2) against the closed ``polygon`` (m, 2); returns a
    (k,) bool array. Points exactly on an edge may fall either way. Pure."""
    a = polygon
    b = np.roll(polygon, -1, axis=0)
    px = pts[:, 0:1]
    py = pts[:, 1:2]
    straddles = (a[None, :, 1] > py) != (b[None, :, 1] > py)
    with np.errstate(divide="ignore", invalid="ignore"):
        x_cross = a[None, :, 0] + (py - a[None, :, 1]) * (b[None, :, 0] - a[None, :, 0]) / (
            b[None, :, 1] - a[None, :, 1]
        )
    crossings = straddles & (px < x_cross)
    return np.asarray(crossings.sum(axis=1) % 2 == 1)


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

#: The table-frame names pockets had before they were named as drawn (issue 9), each with the
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
_RAIL_NAMES = {
    "pool": {
        "head": "head rail",
        "foot": "foot rail",
        "left_head": "left rail (head half)",
        "left_foot": "left rail (foot half)",
        "right_head": "right rail (head half)",
        "right_foot": "right rail (foot half)",
    },
    "snooker": {
        "head": "baulk cushion",
        "foot": "top cushion",
        "left_head": "left cushion (baulk half)",
        "left_foot": "left cushion (top half)",
        "right_head": "right cushion (baulk half)",
        "right_foot": "right cushion (top half)",
    },
}


def _compile_outline(
    kind: Literal["pool", "snooker"],
    length: float,
    width: float,
    corner: PocketShape,
    side: PocketShape,
) -> tuple[tuple[Pocket, ...], tuple[Cushion, ...], np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Build pockets, cushions, segment/arc/pocket arrays and the outline (docs/physics.md §5.3)."""
    names = _RAIL_NAMES[kind]
    rail_ends: dict[str, list[np.ndarray]] = {key: [] for key in _RAIL_ORDER}
    jaw_rows: list[list[float]] = []
    jaw_cushions: list[tuple[str, str, str]] = []  # (name, pocket, rail name)
    arc_rows: list[list[float]] = []
    arc_cushions: list[tuple[str, str, str]] = []
    pockets: list[Pocket] = []
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
            jaw_cushions.append((f"{pname} jaw, {rail_label} side", pname, rail_label))
            arc_rows.append([*knuckle_centre, shape.knuckle_radius])
            arc_cushions.append((f"{pname} knuckle, {rail_label} side", pname, rail_label))
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

    segments = _read_only(rail_rows + jaw_rows)
    arcs = _read_only(arc_rows)
    pocket_arr = _read_only([[p.x, p.y, p.radius] for p in pockets])
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
    outline = _read_only(np.vstack(pieces))
    return tuple(pockets), tuple(cushions), segments, arcs, pocket_arr, outline


def _make_table(
    *,
    key: tuple[Any, ...],
    kind: Literal["pool", "snooker"],
    name: str,
    length: float,
    width: float,
    ball_radius: float,
    head_string_y: float,
    head_spot: Vec,
    foot_spot: Vec,
    centre_spot: Vec,
    baulk_y: float | None,
    d_radius: float | None,
    d_centre: Vec | None,
    spots: dict[str, Vec],
    lines: tuple[MarkedLine, ...],
    corner: PocketShape,
    side: PocketShape,
) -> Table:
    pockets, cushions, segments, arcs, pocket_arr, outline = _compile_outline(
        kind, length, width, corner, side
    )
    arrays = TableArrays(
        segments=segments,
        arcs=arcs,
        pockets=pocket_arr,
        lines=_read_only([line.y for line in lines]),
    )
    return Table(
        kind=kind,
        name=name,
        length=length,
        width=width,
        ball_radius=ball_radius,
        cushion_height=CUSHION_NOSE_HEIGHT_FRACTION * 2.0 * ball_radius,
        head_string_y=head_string_y,
        head_spot=head_spot,
        foot_spot=foot_spot,
        centre_spot=centre_spot,
        baulk_y=baulk_y,
        d_radius=d_radius,
        d_centre=d_centre,
        spots=MappingProxyType(dict(spots)),
        pockets=pockets,
        cushions=cushions,
        lines=lines,
        arrays=arrays,
        corner_pocket=corner,
        side_pocket=side,
        outline=outline,
        _key=key,
        rail_width=SNOOKER_RAIL_WIDTH if kind == "snooker" else POOL_RAIL_WIDTH,
    )


@lru_cache(maxsize=32)
def _build_pool(feet: int, corner: PocketShape, side: PocketShape) -> Table:
    length_in, width_in = POOL_SIZES_IN[feet]
    L, W = length_in * INCH, width_in * INCH
    head = (W / 2, L / 4)
    centre = (W / 2, L / 2)
    foot = (W / 2, 3 * L / 4)
    return _make_table(
        key=("pool", feet, corner, side),
        kind="pool",
        name=f"{feet} ft pool",
        length=L,
        width=W,
        ball_radius=POOL_BALL_RADIUS,
        head_string_y=L / 4,
        head_spot=head,
        foot_spot=foot,
        centre_spot=centre,
        baulk_y=None,
        d_radius=None,
        d_centre=None,
        spots={"head": head, "centre": centre, "foot": foot},
        lines=(MarkedLine(0, "head_string", L / 4),),
        corner=corner,
        side=side,
    )


@lru_cache(maxsize=8)
def _build_snooker(corner: PocketShape, side: PocketShape) -> Table:
    L, W = SNOOKER_LENGTH, SNOOKER_WIDTH
    x_mid = W / 2
    baulk = SNOOKER_BAULK_Y
    spots = {
        "yellow": (x_mid + SNOOKER_D_RADIUS, baulk),
        "green": (x_mid - SNOOKER_D_RADIUS, baulk),
        "brown": (x_mid, baulk),
        "blue": (x_mid, L / 2),
        "pink": (x_mid, (L / 2 + L) / 2),
        "black": (x_mid, L - SNOOKER_BLACK_FROM_TOP),
    }
    return _make_table(
        key=("snooker", corner, side),
        kind="snooker",
        name="12 ft snooker",
        length=L,
        width=W,
        ball_radius=SNOOKER_BALL_RADIUS,
        head_string_y=baulk,
        head_spot=spots["brown"],
        foot_spot=spots["black"],
        centre_spot=spots["blue"],
        baulk_y=baulk,
        d_radius=SNOOKER_D_RADIUS,
        d_centre=(x_mid, baulk),
        spots=spots,
        lines=(MarkedLine(0, "baulk_line", baulk),),
        corner=corner,
        side=side,
    )


def _table_from_key(key: tuple[Any, ...]) -> Table:
    """Rebuild (through the cache) the table that ``key`` names; used by pickle."""
    if key[0] == "pool":
        return Table.pool(key[1], corner_pocket=key[2], side_pocket=key[3])
    return Table.snooker(corner_pocket=key[1], side_pocket=key[2])
