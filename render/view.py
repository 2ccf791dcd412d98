"""World <-> screen transform: the one place where metres become pixels.

The table frame (docs/architecture.md) has its origin at the head / baulk end, x across the
width and y along the length, in metres, y up. The screen has its origin at the top-left
corner, in pixels, y down. Two layouts are offered:

- ``landscape`` (the default for a window wider than tall): the head / baulk end on the left,
  the foot / black end on the right, so world +y is screen +x and world +x is screen +y. Seen
  from the head end, the x = 0 long rail is at the top of the screen (so it is named the top
  rail). This is a rotation, not a mirror, so the table is never drawn back to front.
- ``portrait``: the head end at the bottom, world +x is screen +x and world +y is screen -y
  (the "y flip").

A :class:`View` is frozen; fitting it to a new window size makes a new one.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: Width of the wooden rail and cushion drawn around the playing surface, in metres (from the
#: cushion nose to the outer edge of the rail); only for fitting the view, not for physics.
FRAME_MARGIN_M = 0.16


@dataclass(frozen=True)
class View:
    """An affine map from table metres to screen pixels.

    Attributes:
        scale: pixels per metre (> 0).
        origin_px: screen position (px) of the table-frame origin (0, 0).
        landscape: True for the head end on the left (world y along screen x), False for the
            head end at the bottom (world y up the screen).
    """

    scale: float
    origin_px: tuple[float, float]
    landscape: bool = True

    @classmethod
    def fit(
        cls,
        table_length: float,
        table_width: float,
        rect: tuple[int, int, int, int],
        *,
        margin_m: float = FRAME_MARGIN_M,
        landscape: bool | None = None,
    ) -> View:
        """The largest view that shows the whole table and its rails centred in ``rect``.

        Args:
            table_length, table_width: the playing surface, m.
            rect: (left, top, width, height) of the screen area, px.
            margin_m: frame drawn around the playing surface, m.
            landscape: force a layout; None picks landscape when ``rect`` is wider than tall.
        """
        left, top, width, height = rect
        if landscape is None:
            landscape = width >= height
        span_x = table_length + 2 * margin_m if landscape else table_width + 2 * margin_m
        span_y = table_width + 2 * margin_m if landscape else table_length + 2 * margin_m
        scale = max(min(width / span_x, height / span_y), 1e-6)
        centre_x = left + width / 2.0
        centre_y = top + height / 2.0
        if landscape:
            origin = (centre_x - scale * table_length / 2.0, centre_y - scale * table_width / 2.0)
        else:
            origin = (centre_x - scale * table_width / 2.0, centre_y + scale * table_length / 2.0)
        return cls(scale=scale, origin_px=origin, landscape=landscape)

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        """Screen position (px, float) of the table point (x, y) in metres."""
        ox, oy = self.origin_px
        if self.landscape:
            return ox + self.scale * y, oy + self.scale * x
        return ox + self.scale * x, oy - self.scale * y

    def to_screen_int(self, x: float, y: float) -> tuple[int, int]:
        """Screen position rounded to whole pixels, for pygame drawing calls."""
        sx, sy = self.to_screen(x, y)
        return round(sx), round(sy)

    def to_screen_array(self, xy: np.ndarray) -> np.ndarray:
        """Screen positions (px) of an (n, 2) array of table points (m); returns a new (n, 2)."""
        xy = np.asarray(xy, dtype=np.float64)
        ox, oy = self.origin_px
        out = np.empty_like(xy)
        if self.landscape:
            out[..., 0] = ox + self.scale * xy[..., 1]
            out[..., 1] = oy + self.scale * xy[..., 0]
        else:
            out[..., 0] = ox + self.scale * xy[..., 0]
            out[..., 1] = oy - self.scale * xy[..., 1]
        return out

    def to_world(self, sx: float, sy: float) -> tuple[float, float]:
        """Table point (m) under the screen position (sx, sy) in pixels."""
        ox, oy = self.origin_px
        if self.landscape:
            return (sy - oy) / self.scale, (sx - ox) / self.scale
        return (sx - ox) / self.scale, (oy - sy) / self.scale

    def length_px(self, metres: float) -> float:
        """A length in metres as pixels."""
        return metres * self.scale

    def direction_of(self, dx: float, dy: float) -> tuple[float, float]:
        """The screen direction (px per m, unscaled) of the table vector (dx, dy)."""
        if self.landscape:
            return dy, dx
        return dx, -dy
