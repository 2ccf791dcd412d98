"""Hand-built shots for rules tests and the lab: write the event log of a shot by hand.

Example (the cue ball hits the 3 first, the 3 goes to a cushion, the 5 drops in a corner)::

    shot = ShotBuilder(table, game.state)
    shot.hit(0, 3).cushion(3).pocket(5, "top-right").rest(0, (0.6, 1.0))
    result = shot.result()            # a sim.ShotResult built with ShotResult.from_log

A jump shot over the 3 that lands beyond it, and the cue ball flying off the table::

    shot.bounce(0, (0.635, 1.3)).off_table(0, (0.635, 2.68))

Times advance by ``step`` seconds per event unless given. Each event records the position of
ball ``a`` (given, or the last one known). ``result()`` builds the final state: pocketed balls
out of play (``POCKETED``), balls sent off the table out of play (``OFF_TABLE``), balls moved
by ``rest`` at their new places, the others where they started. The builder mutates only
itself; ``result()`` may be called several times.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

from sim.constants import MotionState
from sim.events import EventKind, empty_log

if TYPE_CHECKING:
    from sim.balls import BallState
    from sim.result import ShotResult
    from sim.strike import Strike
    from sim.table import Table


class ShotBuilder:
    """Accumulates event rows for one hand-built shot on ``table`` from ``initial``."""

    def __init__(self, table: Table, initial: BallState, step: float = 0.05) -> None:
        self.table = table
        self.initial = initial
        self.step = float(step)
        self.rows: list[tuple[float, int, int, int, float, float, float, int]] = []
        self.t = 0.0
        self.pos = {
            i: (float(initial.pos[i][0]), float(initial.pos[i][1])) for i in range(int(initial.n))
        }
        self.rested: dict[int, tuple[float, float]] = {}
        self.gone: set[int] = set()
        self.flown_off: set[int] = set()
        self._add(EventKind.STRIKE, 0, -1, speed=2.0)

    def _add(
        self,
        kind: EventKind,
        a: int,
        b: int,
        *,
        t: float | None = None,
        xy: tuple[float, float] | None = None,
        speed: float = 1.0,
        direction: int = 0,
    ) -> ShotBuilder:
        if t is None:
            t = self.t if not self.rows else self.t + self.step
        self.t = float(t)
        if xy is not None:
            self.pos[a] = (float(xy[0]), float(xy[1]))
        x, y = self.pos[a]
        self.rows.append((self.t, int(kind), int(a), int(b), float(speed), x, y, int(direction)))
        return self

    def hit(
        self, a: int, b: int, *, t: float | None = None, xy: tuple[float, float] | None = None
    ) -> ShotBuilder:
        """Ball ``a`` meets ball ``b``."""
        return self._add(EventKind.BALL_BALL, a, b, t=t, xy=xy)

    def cushion(
        self,
        ball: int,
        cushion: int = 0,
        *,
        t: float | None = None,
        xy: tuple[float, float] | None = None,
    ) -> ShotBuilder:
        """``ball`` meets cushion id ``cushion``."""
        return self._add(EventKind.BALL_CUSHION, ball, cushion, t=t, xy=xy)

    def pocket(self, ball: int, pocket: str, *, t: float | None = None) -> ShotBuilder:
        """``ball`` drops into the pocket named ``pocket``."""
        p = self.table.pocket_named(pocket)
        self.gone.add(ball)
        return self._add(EventKind.BALL_POCKET, ball, p.id, t=t, xy=(p.x, p.y))

    def bounce(
        self,
        ball: int,
        xy: tuple[float, float],
        *,
        rail: int = -1,
        t: float | None = None,
    ) -> ShotBuilder:
        """``ball`` lands at ``xy`` (m) and bounces: on the slate (``rail`` -1) or on the top of
        rail id ``rail``. The rows of ``ball`` before it and this one bound a flight: its
        horizontal path is the straight segment between them (docs/physics-airborne.md §1)."""
        return self._add(EventKind.BOUNCE, ball, int(rail), t=t, xy=xy)

    def off_table(
        self,
        ball: int,
        xy: tuple[float, float],
        *,
        rail: int = -1,
        t: float | None = None,
    ) -> ShotBuilder:
        """``ball`` leaves the table at ``xy`` (m), over rail id ``rail`` (-1: none named); it
        ends the shot out of play with motion ``OFF_TABLE``, never pocketed."""
        self.flown_off.add(ball)
        return self._add(EventKind.OFF_TABLE, ball, int(rail), t=t, xy=xy)

    def cross(
        self,
        ball: int,
        line: str,
        direction: int,
        *,
        t: float | None = None,
        xy: tuple[float, float] | None = None,
    ) -> ShotBuilder:
        """``ball``'s centre crosses the line named ``line`` (+1 towards +y, -1 towards -y)."""
        marked = next((ln for ln in self.table.lines if ln.name == line), None)
        if marked is None:
            raise KeyError(f"no line {line!r}; lines: {[ln.name for ln in self.table.lines]}")
        if xy is None:
            xy = (self.pos[ball][0], float(marked.y))
        return self._add(EventKind.LINE_CROSSING, ball, marked.id, t=t, xy=xy, direction=direction)

    def rest(self, ball: int, xy: tuple[float, float]) -> ShotBuilder:
        """``ball`` comes to rest at ``xy`` (m) at the end of the shot."""
        self.rested[ball] = (float(xy[0]), float(xy[1]))
        self.pos[ball] = self.rested[ball]
        return self

    def events(self) -> np.ndarray:
        """The log so far (dtype ``EVENT_DTYPE``)."""
        log = empty_log(len(self.rows))
        for i, row in enumerate(self.rows):
            log[i] = row
        return log

    def final(self) -> BallState:
        """The state at rest: pocketed balls off (``POCKETED``), balls that left the table off
        (``OFF_TABLE``), rested balls moved, the rest unchanged."""
        from sim.balls import BallState

        state = self.initial
        for ball, xy in self.rested.items():
            if ball not in self.gone | self.flown_off:
                state = state.with_ball_at(ball, xy)
        for ball in sorted(self.gone | self.flown_off):
            state = state.with_ball_removed(ball)
        if not self.flown_off:
            return state
        pos, vel, spin, motion, on = state.copy_arrays()
        for ball in self.flown_off:
            motion[ball] = MotionState.OFF_TABLE
        return BallState(pos, vel, spin, motion, on)

    def result(self, strike: Strike | None = None) -> ShotResult:
        """A ``sim.ShotResult`` built with ``ShotResult.from_log``; ``strike``: the strike it
        was played with, for the clauses that read its tip offset or direction (a hand-built
        log has none unless given)."""
        from sim.result import ShotResult

        result = ShotResult.from_log(self.table, self.initial, self.events(), self.final())
        return result if strike is None else replace(result, strike=strike)
