"""cuesim's physics engine: tables, balls, strikes, the event-driven simulation and its result.

The public API (docs/architecture.md)::

    table = sim.Table.pool(feet=9)                 # or sim.Table.snooker()
    params = sim.Params.for_table(table)
    state = sim.BallState.at_rest(xy)
    result = sim.simulate(table, state, sim.Strike(speed=3.0, phi=90.0), params)
    result.events, result.final, result.state_at(t), result.sample(dt)
    sim.digest_log(result.events, state.n)         # first contact, pockets, cushions, ...

Importing this package compiles nothing; the first shot compiles the kernels (or loads them
from Numba's cache). Call :func:`warmup` to do that up front, or :func:`start_engine` to play
at once on the engine's Python path while the compiled kernels are built in the background;
:func:`engine_status` and :func:`wait_for_engine` tell work that needs thousands of shots when
they are ready (:mod:`sim.engine`).
"""

from sim.balls import BallState
from sim.constants import (
    DEFAULT_MAX_EVENTS,
    MAX_CUE_SPEED,
    MAX_ELEVATION_DEG,
    MAX_OVERLAP,
    MISCUE_LIMIT,
    MotionState,
)
from sim.digest import LogDigest, balls_with_part_below, balls_within, digest_log
from sim.engine import (
    EngineBuildError,
    EngineStatus,
    engine_status,
    start_engine,
    wait_for_engine,
)
from sim.errors import (
    BallOffTableError,
    EventCapExceededError,
    InvalidBallStateError,
    InvalidEventLogError,
    InvalidParamsError,
    InvalidStrikeError,
    OverlappingBallsError,
    SimInputError,
)
from sim.events import EVENT_DTYPE, EventKind, empty_log, events_of_ball, events_of_kind
from sim.params import Params
from sim.result import ShotResult, Snapshots
from sim.simulate import simulate
from sim.strike import Strike, squirt_angle, strike_velocity_and_spin
from sim.table import Cushion, MarkedLine, Pocket, Table, TableArrays
from sim.warmup import warmup

__all__ = [
    "DEFAULT_MAX_EVENTS",
    "EVENT_DTYPE",
    "MAX_CUE_SPEED",
    "MAX_ELEVATION_DEG",
    "MAX_OVERLAP",
    "MISCUE_LIMIT",
    "BallOffTableError",
    "BallState",
    "Cushion",
    "EngineBuildError",
    "EngineStatus",
    "EventCapExceededError",
    "EventKind",
    "InvalidBallStateError",
    "InvalidEventLogError",
    "InvalidParamsError",
    "InvalidStrikeError",
    "LogDigest",
    "MarkedLine",
    "MotionState",
    "OverlappingBallsError",
    "Params",
    "Pocket",
    "ShotResult",
    "SimInputError",
    "Snapshots",
    "Strike",
    "Table",
    "TableArrays",
    "balls_with_part_below",
    "balls_within",
    "digest_log",
    "empty_log",
    "engine_status",
    "events_of_ball",
    "events_of_kind",
    "simulate",
    "squirt_angle",
    "start_engine",
    "strike_velocity_and_spin",
    "wait_for_engine",
    "warmup",
]
