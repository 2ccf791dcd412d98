"""A shot being played back: positions sampled once from its ``ShotResult``, never simulated
again (docs/architecture.md, "One shot, end to end", step 5). No pygame."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

import sim
from sim.events import EventKind

#: Playback sampling interval, s (twice a 60 Hz display's rate, for smooth interpolation).
PLAYBACK_DT = 1.0 / 120.0
#: Playback speed factor in slow motion.
SLOW_MOTION = 0.25
#: Playback speed factor while a ball on the table is in the air (a jump of a quarter of a
#: second shows for a second), and the height above the cloth that counts as in the air, m.
AIRBORNE_SPEED = 0.25
AIRBORNE_HEIGHT_M = 1e-4


@dataclass
class Playback:
    """A shot being played back: sampled positions and when each ball left the table.

    Fields: result (``sim.ShotResult``); frames (k, n, 3) ball centres ``x, y`` and heights
    ``z`` above the cloth every ``dt`` s, m (``ShotResult.sample(dt, heights=True)``);
    pocket_times (n,) time each ball was pocketed or left the table (its ``BALL_POCKET`` or
    ``OFF_TABLE`` row), s (inf if never); on_table0 (n,) bool at t = 0; t the time shown, s;
    slow (slow motion on); replay (a shot shown again, not a new one); clicks (t s, speed m/s)
    of each ball-ball contact and the strike.
    """

    result: sim.ShotResult
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

    def _frame(self) -> np.ndarray:
        """The (n, 3) centres and heights at the current time, linear between samples."""
        k = self.t / self.dt
        i = int(min(max(math.floor(k), 0), len(self.frames) - 1))
        j = min(i + 1, len(self.frames) - 1)
        f = min(max(k - i, 0.0), 1.0)
        frame: np.ndarray = self.frames[i] * (1 - f) + self.frames[j] * f
        return frame

    def positions(self) -> tuple[np.ndarray, np.ndarray]:
        """Ball centres (n, 2) and on-table mask (n,) at the current time (linear between
        samples; the samples come from ``ShotResult.sample``, never a new simulation). A ball
        is off the mask from its pocketing or its ``OFF_TABLE`` time on: one that left the
        table is seen flying past the rail until then."""
        on = self.on_table0 & (self.pocket_times > self.t)
        return self._frame()[:, :2], on

    def speed(self) -> float:
        """The playback's speed factor now: :data:`SLOW_MOTION` with slow motion on, and
        :data:`AIRBORNE_SPEED` while a ball still on the table flies above the cloth (the
        slower of the two)."""
        speed = SLOW_MOTION if self.slow else 1.0
        if self.airborne():
            speed = min(speed, AIRBORNE_SPEED)
        return speed

    def airborne(self) -> bool:
        """Whether a ball still on the table is above the cloth now."""
        _pos, on = self.positions()
        return bool(np.any(self.heights()[on] > AIRBORNE_HEIGHT_M))

    def heights(self) -> np.ndarray:
        """Heights (n,) of the balls' lowest points above the cloth at the current time, m
        (0 on the cloth)."""
        z: np.ndarray = np.maximum(self._frame()[:, 2], 0.0)
        return z


def make_playback(result: sim.ShotResult, *, replay: bool = False) -> Playback:
    """Sample ``result`` for playback (``ShotResult.sample`` with heights); does not
    re-simulate."""
    frames = np.asarray(result.sample(PLAYBACK_DT, heights=True), dtype=np.float64)
    n = frames.shape[1]
    pocket_times = np.full(n, np.inf)
    clicks: list[tuple[float, float]] = []
    for row in result.events:
        kind = int(row["kind"])
        if kind in (int(EventKind.BALL_POCKET), int(EventKind.OFF_TABLE)):
            ball = int(row["a"])
            pocket_times[ball] = min(pocket_times[ball], float(row["t"]))
        elif kind in (int(EventKind.BALL_BALL), int(EventKind.STRIKE)):
            clicks.append((float(row["t"]), float(row["speed"])))
    on0 = np.asarray(result.initial.on_table, dtype=bool)
    return Playback(result, frames, PLAYBACK_DT, pocket_times, on0, replay=replay, clicks=clicks)
