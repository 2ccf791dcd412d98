"""Many balls: the engine's cost per event as the number of balls grows (16 to 256).

The layout is the largest table the engine knows (the WPBSA snooker table, 3.57 x 1.78 m of
cloth) with ``n`` balls scattered (:func:`benchmarks.shots.scattered_layout`; 256 balls cover
about 11 % of the cloth), every one of them set sliding at a seeded random speed in
:data:`SPEED_RANGE` and direction, with no spin and no strike: the events then grow with the
balls, and the fixed cost of a ``simulate`` call is spread over many of them. Per size the
benchmark plays :data:`SHOTS_PER_SIZE` such shots (layouts and velocities drawn from one seed)
and divides the summed median time by the summed events. A cost per event that grows no faster
than linearly in ``n`` has an exponent of at most 1; the row reports the larger of the exponent
fitted over every size (log-log least squares, :func:`benchmarks.timing.fitted_exponent`) and
the exponent between the two largest sizes, so that a growth that only starts at the top is not
averaged away.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from benchmarks.shots import Scenario, scattered_layout
from benchmarks.timing import BenchRow, fitted_exponent, time_interleaved
from sim.balls import BallState
from sim.table import Table

#: Ball counts timed, smallest first.
SIZES = (16, 32, 64, 128, 256)

#: Speeds the balls start with, m/s (uniform).
SPEED_RANGE = (0.5, 3.0)

#: Shots per size (different layouts and directions).
SHOTS_PER_SIZE = 3

#: Largest fitted exponent of the cost per event against the number of balls.
MAX_EXPONENT = 1.0


def many_ball_scenarios(n: int, shots: int = SHOTS_PER_SIZE, seed: int = 13) -> list[Scenario]:
    """``shots`` seeded shots of ``n`` moving balls on the snooker table (see the module
    docstring; no strike: ``Scenario.strike`` is empty); the same ``(n, shots, seed)`` gives
    the same shots."""
    table = Table.snooker()
    rng = np.random.default_rng([seed, n])
    out = []
    for k in range(shots):
        at_rest = scattered_layout(table, n, rng)
        speed = rng.uniform(*SPEED_RANGE, size=n)
        angle = rng.uniform(0.0, 2.0 * np.pi, size=n)
        vel = np.column_stack([speed * np.cos(angle), speed * np.sin(angle)])
        out.append(Scenario(f"many_{n}_{k}", table, BallState(at_rest.pos, vel), {}))
    return out


@dataclass(frozen=True)
class SizeCost:
    """One size: balls, events summed over its shots, median seconds summed over its shots."""

    balls: int
    events: int
    seconds: float

    @property
    def us_per_event(self) -> float:
        return 1e6 * self.seconds / max(self.events, 1)


def measure_sizes(
    sizes: Sequence[int] = SIZES,
    rounds: int = 5,
    shots: int = SHOTS_PER_SIZE,
    say: Callable[[str], None] | None = None,
) -> list[SizeCost]:
    """The cost per event of each size: each size's shots timed interleaved over ``rounds``
    rounds (medians), the events counted once."""
    from sim.simulate import simulate

    out = []
    for n in sizes:
        if say is not None:
            say(f"  {n} balls x{shots} shots ...")
        calls = {}
        events = 0
        for sc in many_ball_scenarios(n, shots):
            events += len(simulate(sc.table, sc.state).events)
            calls[sc.name] = lambda sc=sc: simulate(sc.table, sc.state)
        timings = time_interleaved(calls, rounds)
        out.append(SizeCost(n, events, sum(t.median for t in timings.values())))
    return out


def many_balls_row(costs: Sequence[SizeCost]) -> BenchRow:
    """The report row: the larger exponent (see the module docstring), with each size's cost
    per event in ``what`` and ``extra``. Needs two or more sizes."""
    sizes = [c.balls for c in costs]
    per_event = [c.us_per_event for c in costs]
    overall = fitted_exponent(sizes, per_event)
    top = fitted_exponent(sizes[-2:], per_event[-2:])
    per_size = ", ".join(f"{c.balls}: {c.us_per_event:.1f}" for c in costs)
    return BenchRow(
        "many_balls",
        f"exponent of us/event vs balls, fit {overall:.2f}, top step {top:.2f} "
        f"({per_size} us/event)",
        "",
        max(overall, top),
        None,
        None,
        len(costs),
        MAX_EXPONENT,
        extra={
            "sizes": [c.balls for c in costs],
            "events": [c.events for c in costs],
            "us_per_event": per_event,
            "fitted_exponent": overall,
            "top_step_exponent": top,
        },
    )
