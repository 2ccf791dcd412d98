"""Table specifications: the WPA and WPBSA dimensions, the ball sizes and the tunable pocket
shapes (docs/physics.md §5), with ``[spec]`` for a governing body's figure and ``[model]`` for
a number seeded from pooltool.

Every tunable number of a table lives here; :mod:`sim.table` builds tables from them.
"""

from __future__ import annotations

from dataclasses import dataclass

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

SNOOKER_RAIL_WIDTH = 0.16
"""Snooker rail width behind the cushion line, m [unverified]: WPBSA publishes no figure. Ours:
wide enough to hold the pockets' backs of the snooker pocket shapes below (the middle
pocket's back, the circle about its capture centre through the facings' ends, reaches 0.147 m
behind the cushion line; docs/physics-airborne.md section 4), with about a centimetre of wood
behind it."""

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


class InvalidTableGeometryError(SimInputError):
    """A table size or pocket shape that cannot be built; the message says what is allowed."""


class UnknownTableSizeError(InvalidTableGeometryError):
    """``Table.pool(feet=...)`` was asked for a size that is not 7, 8 or 9 feet."""


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
