"""A shot being played back: positions sampled once from its ``ShotResult``, never simulated
again (docs/architecture.md, "One shot, end to end", step 5). No pygame."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from sim.events import EventKind

#: Playback sampling interval, s (twice a 60 Hz display's rate, for smooth interpolation).
PLAYBACK_DT = 1.0 / 120.0
#: Playback speed factor in slow motion.
SLOW_MOTION = 0.25


@dataclass
class Playback:
    """A shot being played back: sampled positions and when each ball left the table.

    Fields: result (``sim.ShotResult``); frames (k, n, 2) ball centres every ``dt`` s, m;
    pocket_times (n,) time each ball was pocketed, s (inf if never); on_table0 (n,) bool at
    t = 0; t the time shown, s; slow (slow motion on); replay (a shot shown again, not a new
    one); clicks (t s, speed m/s) of each ball-ball contact and the strike.
    """

    result: Any
    frames: np.ndarray
    dt: float
    pocket_times: np.ndarray
    on_table0: np.ndarray
    t: float = 0.0
    slow: bool = False
    replay: bool = False
    clicks: list[tuple[float, float]] = field(default_factory=list)

    @property
    def duration(self) -> float:
        """Length of the shot, s."""
        return float(self.result.duration)

    @property
    def done(self) -> bool:
        return self.t >= self.duration

    def positions(self) -> tuple[np.ndarray, np.ndarray]:
        """Ball centres (n, 2) and on-table mask (n,) at the current time (linear between
        samples; the samples come from ``ShotResult.sample``, never a new simulation)."""
        k = self.t / self.dt
        i = int(min(max(math.floor(k), 0), len(self.frames) - 1))
        j = min(i + 1, len(self.frames) - 1)
        f = min(max(k - i, 0.0), 1.0)
        pos = self.frames[i] * (1 - f) + self.frames[j] * f
        on = self.on_table0 & (self.pocket_times > self.t)
        return pos, on


def make_playback(result: Any, *, replay: bool = False) -> Playback:
    """Sample ``result`` for playback (``ShotResult.sample``); does not re-simulate."""
    frames = np.asarray(result.sample(PLAYBACK_DT), dtype=np.float64)
    n = frames.shape[1]
    pocket_times = np.full(n, np.inf)
    clicks: list[tuple[float, float]] = []
    for row in result.events:
        kind = int(row["kind"])
        if kind == int(EventKind.BALL_POCKET):
            ball = int(row["a"])
            pocket_times[ball] = min(pocket_times[ball], float(row["t"]))
        elif kind in (int(EventKind.BALL_BALL), int(EventKind.STRIKE)):
            clicks.append((float(row["t"]), float(row["speed"])))
    on0 = np.asarray(result.initial.on_table, dtype=bool)
    return Playback(result, frames, PLAYBACK_DT, pocket_times, on0, replay=replay, clicks=clicks)
