"""Small interactive pieces of the heads-up display: buttons, the power meter, the tip widget.

Each widget is a frozen description (where it is, what it shows) with pure methods that map a
mouse position to a value; drawing lives in ``render.hud``. Nothing here keeps state between
frames: the App holds the values and rebuilds widgets when the layout changes.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from render.aiming import MIN_CUE_SPEED, clamp_tip, power_to_speed, speed_to_power

__all__ = [
    "MIN_CUE_SPEED",
    "Button",
    "PowerMeter",
    "TipWidget",
    "clamp_tip",
    "power_to_speed",
    "speed_to_power",
]


@dataclass(frozen=True)
class Button:
    """A clickable labelled rectangle; ``action`` is the string the App dispatches on."""

    rect: pygame.Rect
    label: str
    action: str
    enabled: bool = True
    hotkey: str = ""

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)


@dataclass(frozen=True)
class PowerMeter:
    """A horizontal bar: the left edge is no power, the right edge full power."""

    rect: pygame.Rect

    def power_at(self, pos: tuple[int, int]) -> float:
        """Meter reading under the mouse position, clamped to [0, 1]."""
        return min(max((pos[0] - self.rect.left) / max(self.rect.width, 1), 0.0), 1.0)


@dataclass(frozen=True)
class TipWidget:
    """A drawing of the cue ball seen from behind: where the tip meets it.

    The circle of radius ``radius_px`` centred in ``rect`` is the ball; +a (right english) is to
    the right, +b (follow) is up.
    """

    rect: pygame.Rect

    @property
    def radius_px(self) -> float:
        """The ball's radius on screen, px (at least 1, however small the rectangle)."""
        return max(min(self.rect.width, self.rect.height) / 2.0 - 4.0, 1.0)

    def tip_at(self, pos: tuple[int, int]) -> tuple[float, float]:
        """The tip offset (a, b) in ball radii under the mouse, clamped to the miscue limit."""
        cx, cy = self.rect.center
        r = self.radius_px
        return clamp_tip((pos[0] - cx) / r, (cy - pos[1]) / r)

    def screen_of(self, a: float, b: float) -> tuple[float, float]:
        cx, cy = self.rect.center
        r = self.radius_px
        return cx + a * r, cy - b * r
