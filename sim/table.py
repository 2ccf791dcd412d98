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

Every tunable number lives in :mod:`sim.table_specs` (the dimensions and the ``PocketShape``
constants); the outline is laid out in :mod:`sim.table_outline`; the value objects and arrays
are in :mod:`sim.table_parts`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Literal

import numpy as np

from sim.constants import MAX_OVERLAP
from sim.table_outline import (
    FORMER_POCKET_NAMES,
    POCKET_NAMES,
    compile_outline,
    successor_of_cushion_name,
)
from sim.table_parts import (
    Cushion,
    MarkedLine,
    Pocket,
    TableArrays,
    Vec,
    points_in_polygon,
    read_only_floats,
)
from sim.table_specs import (
    CUSHION_NOSE_HEIGHT_FRACTION,
    INCH,
    POOL_BALL_RADIUS,
    POOL_CORNER_POCKET,
    POOL_RAIL_WIDTH,
    POOL_SIDE_POCKET,
    POOL_SIZES_IN,
    SNOOKER_BALL_RADIUS,
    SNOOKER_BAULK_Y,
    SNOOKER_BLACK_FROM_TOP,
    SNOOKER_CORNER_POCKET,
    SNOOKER_D_RADIUS,
    SNOOKER_LENGTH,
    SNOOKER_RAIL_WIDTH,
    SNOOKER_SIDE_POCKET,
    SNOOKER_WIDTH,
    InvalidTableGeometryError,
    PocketShape,
    UnknownTableSizeError,
)

#: What other modules import from here: the table, its parts, the specifications and errors.
__all__ = [
    "CUSHION_NOSE_HEIGHT_FRACTION",
    "FORMER_POCKET_NAMES",
    "INCH",
    "POCKET_NAMES",
    "POOL_BALL_RADIUS",
    "POOL_CORNER_POCKET",
    "POOL_RAIL_WIDTH",
    "POOL_SIDE_POCKET",
    "POOL_SIZES_IN",
    "SNOOKER_BALL_RADIUS",
    "SNOOKER_CORNER_POCKET",
    "SNOOKER_RAIL_WIDTH",
    "SNOOKER_SIDE_POCKET",
    "Cushion",
    "InvalidTableGeometryError",
    "MarkedLine",
    "Pocket",
    "PocketShape",
    "Table",
    "TableArrays",
    "UnknownTableSizeError",
    "Vec",
    "points_in_polygon",
]


#: A centre this far (m) from the table frame's origin, or farther, is off every table.
FAR_OFF_TABLE_M = 1000.0


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
        names = [c.name for c in self.cushions]
        successor = successor_of_cushion_name(self.kind, name)
        if successor is not None:
            raise KeyError(
                f"{name!r} is a former cushion name (the table frame's); it is now {successor!r};"
                f" rails are named as drawn, head end on the left: {names}"
            )
        raise KeyError(f"no cushion {name!r}; names: {names}")

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
        # Non-finite centres, and centres a kilometre or more away (no table is that large; the
        # distances below would overflow), are off the cloth.
        ok = np.asarray((np.abs(pts) < FAR_OFF_TABLE_M).all(axis=1))
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
    laid_out = compile_outline(kind, length, width, corner, side)
    arrays = TableArrays(
        segments=laid_out.segments,
        arcs=laid_out.arcs,
        pockets=laid_out.pocket_rows,
        lines=read_only_floats([line.y for line in lines]),
        backs=laid_out.backs,
        back_edges=laid_out.back_edges,
    )
    rail_width = SNOOKER_RAIL_WIDTH if kind == "snooker" else POOL_RAIL_WIDTH
    _check_backs_inside_rails(laid_out.pockets, laid_out.backs, length, width, rail_width)
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
        pockets=laid_out.pockets,
        cushions=laid_out.cushions,
        lines=lines,
        arrays=arrays,
        corner_pocket=corner,
        side_pocket=side,
        outline=laid_out.polygon,
        _key=key,
        rail_width=rail_width,
    )


def _check_backs_inside_rails(
    pockets: tuple[Pocket, ...], backs: np.ndarray, length: float, width: float, rail: float
) -> None:
    """Every pocket's back (``TableArrays.backs``: a circle about the capture centre) must lie
    inside the rails' outer edges, ``rail`` m behind the cushion lines: a ball in a pocket's
    hole is then on the table. Raises :class:`InvalidTableGeometryError` naming the pocket."""
    for pocket, (cx, cy, r, *_rest) in zip(pockets, backs, strict=True):
        depth = max(-(cx - r), -(cy - r), cx + r - width, cy + r - length)
        if depth >= rail:
            raise InvalidTableGeometryError(
                f"{pocket.name}: the pocket's back reaches {depth:.4f} m behind the cushion "
                f"lines, beyond the rail ({rail} m wide); use a shallower or smaller capture "
                "circle"
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
