"""Helpers for the snooker referee tests: the snooker table, positions by ball name, and
hand-built event logs."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from rules.snooker_geometry import BALL_INDEX, BALL_NAMES


@dataclass(frozen=True)
class _StandInSnookerTable:
    """The few fields of ``sim.Table.snooker()`` the geometry needs (PHYSICS.md 5.2), used only
    while ``sim.table`` is not in the tree."""

    kind: str = "snooker"
    length: float = 3.569
    width: float = 1.778
    ball_radius: float = 0.02625
    baulk_y: float = 0.737
    d_centre: tuple[float, float] = (0.889, 0.737)
    d_radius: float = 0.292
    spots: dict = field(
        default_factory=lambda: {
            "yellow": (1.181, 0.737),
            "green": (0.597, 0.737),
            "brown": (0.889, 0.737),
            "blue": (0.889, 1.7845),
            "pink": (0.889, 2.67675),
            "black": (0.889, 3.245),
        }
    )

    def contains_ball(self, x: float, y: float) -> bool:
        R = self.ball_radius
        return R <= x <= self.width - R and R <= y <= self.length - R


def snooker_table():
    """The WPBSA table of PHYSICS.md 5.2: ``sim.Table.snooker()`` once it exists."""
    try:
        from sim.table import Table

        return Table.snooker()
    except ImportError:
        return _StandInSnookerTable()


def positions(table, placed: dict[str, tuple[float, float]]) -> tuple[np.ndarray, np.ndarray]:
    """``pos`` (22, 2) and ``on_table`` (22,) with only the named balls on the table."""
    pos = np.zeros((len(BALL_NAMES), 2))
    on = np.zeros(len(BALL_NAMES), dtype=bool)
    for i in range(len(BALL_NAMES)):
        pos[i] = (0.1 + 0.05 * i, 0.05)
    for name, xy in placed.items():
        pos[BALL_INDEX[name]] = xy
        on[BALL_INDEX[name]] = True
    return pos, on
