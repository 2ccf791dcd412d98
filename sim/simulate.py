"""simulate(): validate the inputs, run the event-loop kernel once, wrap a ShotResult."""

from __future__ import annotations

import math
import threading
from functools import lru_cache

import numpy as np

from sim.balls import BallState, first_ball_off_cloth, first_overlap
from sim.constants import (
    DEFAULT_MAX_EVENTS,
    MAX_EVENTS_LIMIT,
    MAX_OVERLAP,
    MotionState,
)
from sim.errors import (
    BallOffTableError,
    EventCapExceededError,
    InvalidBallStateError,
    InvalidParamsError,
    InvalidStrikeError,
    OverlappingBallsError,
    SimInputError,
)
from sim.kernels.checks import all_clearly_on_cloth, any_overlap
from sim.kernels.loop import STATUS_EVENT_CAP, STATUS_NEED_ROOM, STATUS_UNCLEAR, run_shot
from sim.kernels.shot_types import ShotModel, empty_log
from sim.params import Params
from sim.result import ShotResult, kernel_result, read_only_view
from sim.strike import Strike
from sim.table import Table

#: Event-log rows allocated for a shot before the first run (plus 32 per ball).
INITIAL_CAPACITY = 256

#: The largest event log (bytes) a thread keeps between shots, and how many (ball counts).
KEPT_LOG_BYTES = 8 * 2**20
KEPT_LOGS = 4

_kept = threading.local()


#: ``ShotStart.strike`` of a shot without a strike (its fields are not read).
_NO_STRIKE = (0.0, 0.0, 0.0, 0.0, 0.0)


def _working_log(n: int, capacity: int) -> tuple[tuple[np.ndarray, ...], bool]:
    """The fields of an event log with room for ``capacity`` events of ``n`` balls for the
    kernel to write, as the plain tuple ``run_shot`` takes, and whether it is kept for the
    next shot.

    The log of a typical shot (up to ``KEPT_LOG_BYTES``) is kept per thread and per ball count
    (with its capacity) and handed to the next shot: its pages stay mapped (a fresh snooker
    log faulted in about 90 pages per call); the kernel's outputs are then copies, so nothing a
    result holds is reused. Larger ones (reruns with more room, hundreds of balls) are made for
    the one shot and become its result's arrays as they are (``run_shot``'s ``in_place``): a
    copy of their tens of megabytes into fresh pages cost a sixth of such a shot.
    """
    logs: dict[int, tuple[int, tuple[np.ndarray, ...]]] | None = getattr(_kept, "logs", None)
    if logs is None:
        logs = _kept.logs = {}
    kept = logs.get(n)
    if kept is not None and kept[0] >= capacity:
        return kept[1], True
    log = empty_log(capacity, n)
    fields = tuple(log)
    if log.nbytes > KEPT_LOG_BYTES:
        return fields, False
    if len(logs) >= KEPT_LOGS:
        logs.clear()
    logs[n] = (log.capacity, fields)
    return fields, True


def _first_ball_off_cloth(state: BallState, table: Table, model: ShotModel) -> int | None:
    """Index of the first on-table ball off the cloth (``Table.contains_ball``), or None.

    A compiled pre-check on the model's own table arrays clears the usual case at once;
    otherwise the exact check decides.
    """
    if all_clearly_on_cloth(
        np.ascontiguousarray(state.pos),
        np.ascontiguousarray(state.on_table),
        float(table.width),
        float(table.length),
        float(table.ball_radius) - MAX_OVERLAP,
        model.segments,
        model.arcs,
        model.pockets,
    ):
        return None
    return first_ball_off_cloth(state, table)


def _read_only(arr: np.ndarray) -> np.ndarray:
    out = np.array(arr, dtype=np.float64, order="C", copy=True)
    out.flags.writeable = False
    return out


@lru_cache(maxsize=64)
def shot_model(table: Table, params: Params) -> ShotModel:
    """The kernel's model of ``table`` with ``params``: packed params and table arrays, as
    read-only float64 C arrays; built once per (table, params) and reused (both are frozen
    and hashable)."""
    arrays = table.arrays
    return ShotModel(
        _read_only(params.packed()),
        _read_only(arrays.segments),
        _read_only(arrays.arcs),
        _read_only(arrays.pockets),
        _read_only(arrays.lines),
        _read_only(arrays.backs),
        _read_only(arrays.back_edges),
        _read_only(table.outline),
        _read_only(_rim(table, params)),
        _read_only(_pre_check_sizes(table, params)),
        _read_only(np.array(params.cue_coefficients)),
    )


def _pre_check_sizes(table: Table, params: Params) -> np.ndarray:
    """``ShotModel.checks``: ``min_dist, width, length, clearance`` (m) of the input pre-check
    (no two centres closer than ``2 R - MAX_OVERLAP``, every centre ``R - MAX_OVERLAP`` clear
    of the cushions and outside the pockets)."""
    return np.array(
        [
            2.0 * params.R - MAX_OVERLAP,
            float(table.width),
            float(table.length),
            float(table.ball_radius) - MAX_OVERLAP,
        ]
    )


def _rim(table: Table, params: Params) -> np.ndarray:
    """``rail_width, nose_offset, xlo, ylo, xhi, yhi`` (m) of ``ShotModel.rim``: the nose edge
    sits ``R (1 - cos theta_c)`` in front of the cushion lines (docs/physics-airborne.md
    section 4)."""
    s = params.sin_theta_c
    offset = params.R * (1.0 - float(np.sqrt(1.0 - s * s)))
    return np.array([table.rail_width, offset, *table.outer_box], dtype=np.float64)


@lru_cache(maxsize=32)
def _params_for(table: Table) -> Params:
    return Params.for_table(table)


#: How many recent (table, params) pairs are found again by identity: the tables of one study
#: or match, or of a benchmark that takes turns between the three breaks and a one-ball shot.
RECENT_MODELS = 8

#: The recent ``(table, default params)`` and ``(table, params, model)``, newest first: a shot
#: on objects a recent call used finds its params and model by identity, without hashing the
#: table and the params for the caches (a few microseconds a call). Both hold their objects,
#: so an identity is never reused while it is listed.
_recent_params: list[tuple[Table, Params]] = []
_recent_models: list[tuple[Table, Params, ShotModel]] = []


def _default_params(table: Table) -> Params:
    """``Params.for_table(table)``, made once per table (looked up by identity first)."""
    for known, params in _recent_params:
        if known is table:
            return params
    params = _params_for(table)
    _recent_params.insert(0, (table, params))
    del _recent_params[RECENT_MODELS:]
    return params


def _model_of(table: Table, params: Params) -> ShotModel:
    """``shot_model(table, params)``, looked up by identity first (:data:`_recent_models`)."""
    for known_table, known_params, model in _recent_models:
        if known_table is table and known_params is params:
            return model
    model = shot_model(table, params)
    _recent_models.insert(0, (table, params, model))
    del _recent_models[RECENT_MODELS:]
    return model


def _check_overlaps_then_cloth(
    state: BallState, table: Table, params: Params, model: ShotModel
) -> None:
    """Raise for the first pair of balls overlapping by more than ``MAX_OVERLAP``, else for
    the first on-table ball off the cloth (the exact checks behind ``clearly_valid``)."""
    overlap = None
    if any_overlap(
        np.ascontiguousarray(state.pos),
        np.ascontiguousarray(state.on_table),
        2.0 * params.R - MAX_OVERLAP,
    ):
        overlap = first_overlap(state, params.R, MAX_OVERLAP)
    if overlap is not None:
        i, j, depth = overlap
        raise OverlappingBallsError(
            f"balls {i} and {j} overlap by {depth:.3g} m; balls may touch but overlap by at "
            f"most {MAX_OVERLAP} m"
        )
    off = _first_ball_off_cloth(state, table, model)
    if off is not None:
        x, y = state.pos[off]
        raise BallOffTableError(
            f"ball {off} at ({x:.6g}, {y:.6g}) m is not on the cloth of {table.name}: its centre "
            f"must be inside the cushions, at least a ball radius from each, and outside the "
            f"pockets"
        )


def _validate(
    table: Table, state: BallState, strike: Strike | None, params: Params, max_events: int
) -> tuple[ShotModel, np.ndarray, np.ndarray, np.ndarray]:
    """Raise the first thing wrong with the inputs that Python checks (in the order of
    ``simulate``'s docstring); returns the kernel's model of ``table`` and ``params`` and the
    state's positions, velocities and spins as the kernel takes them
    (``sim.result.read_only_view``). A ball state is already shaped, typed and finite by
    construction, so what is left is one NumPy check per array made writeable since. The
    balls' places (overlaps, on the cloth) are pre-checked by the kernel itself
    (``ShotStart.check``); only when that fails, or the strike is wrong, do the exact checks
    run here (:func:`_check_overlaps_then_cloth`), so that an overlap is named before a wrong
    strike as it always was."""
    if not isinstance(state, BallState):
        raise InvalidBallStateError(f"state must be a sim.BallState, got {type(state).__name__}")
    if not isinstance(params, Params):
        raise InvalidParamsError(f"params must be a sim.Params or None, got {type(params)!r}")
    if type(max_events) is not int and (
        isinstance(max_events, bool) or not isinstance(max_events, np.integer)
    ):
        raise SimInputError(
            f"max_events must be an int in [1, {MAX_EVENTS_LIMIT}], got {max_events!r}"
        )
    if not 1 <= max_events <= MAX_EVENTS_LIMIT:
        raise SimInputError(
            f"max_events must be in [1, {MAX_EVENTS_LIMIT}] (MAX_EVENTS_LIMIT), got {max_events}"
        )
    radius = float(table.ball_radius)
    if radius != params.R and not math.isclose(params.R, radius, rel_tol=1e-9, abs_tol=0.0):
        raise InvalidParamsError(
            f"Params.R = {params.R} m does not match the balls of {table.name} "
            f"(radius {float(table.ball_radius)} m); use Params.for_table(table, ...)"
        )
    model = _model_of(table, params)
    pos, vel, spin = state.pos, state.vel, state.spin
    if pos.flags.writeable or vel.flags.writeable or spin.flags.writeable:
        # A read-only array was checked finite when its BallState was made (BallState(...)
        # refuses NaN and infinities and freezes copies; the kernel's outputs are finite);
        # only one made writeable since is scanned again.
        for name, arr in (("pos", pos), ("vel", vel), ("spin", spin)):
            if arr.flags.writeable and not np.isfinite(arr).all():
                raise InvalidBallStateError(f"state.{name} holds NaN or infinite numbers")
        pos, vel, spin = read_only_view(pos), read_only_view(vel), read_only_view(spin)
    if pos.shape[0] < 1:
        raise InvalidBallStateError("state has no balls; at least the cue ball is needed")
    if strike is not None and (not isinstance(strike, Strike) or not state.on_table[0]):
        _check_overlaps_then_cloth(state, table, params, model)
        if not isinstance(strike, Strike):
            raise InvalidStrikeError(f"strike must be a sim.Strike or None, got {type(strike)!r}")
        raise InvalidStrikeError("a strike needs the cue ball (ball 0) on the table")
    return model, pos, vel, spin


def simulate(
    table: Table,
    state: BallState,
    strike: Strike | None = None,
    params: Params | None = None,
    *,
    max_events: int = DEFAULT_MAX_EVENTS,
) -> ShotResult:
    """Run one shot until every ball rests or is pocketed; returns a :class:`ShotResult`.

    ``state``: the balls at t = 0 (ball 0 is the cue ball). ``strike``: the cue strike on
    ball 0 at t = 0 (its velocity and spin replace the cue ball's), or None to evolve the
    state as given. ``params``: default ``Params.for_table(table)``. ``max_events``: cap on
    logged events (the STRIKE included), an int in [1, MAX_EVENTS_LIMIT].

    Raises (before anything runs): :class:`~sim.errors.InvalidBallStateError` (NaN or
    infinite numbers), :class:`~sim.errors.OverlappingBallsError` (two balls overlapping by
    more than MAX_OVERLAP, naming them), :class:`~sim.errors.BallOffTableError` (a ball on
    the table but off the cloth), :class:`~sim.errors.InvalidStrikeError`,
    :class:`~sim.errors.InvalidParamsError` (also when ``params.R`` is not the radius of
    ``table``'s balls), :class:`~sim.errors.SimInputError` (``max_events``). Raises
    :class:`~sim.errors.EventCapExceededError` (with the partial result in ``.partial``)
    when the shot needs more than ``max_events`` events. Inputs are never mutated.
    """
    if not isinstance(table, Table):
        raise SimInputError(f"table must be a sim.Table, got {type(table).__name__}")
    if params is None:
        params = _default_params(table)
    model, pos, vel, spin = _validate(table, state, strike, params, max_events)
    # The state's own read-only arrays, as the kernel is compiled for them (it copies what it
    # changes). The kernel starts balls out of play (motion POCKETED or OFF_TABLE, exactly the
    # balls off the table in a BallState) as POCKETED; only when on_table or motion was made
    # writeable since does on_table decide, as before.
    motion, on_table = state.motion, state.on_table
    if on_table.flags.writeable or motion.flags.writeable:
        fixed = motion.copy()
        fixed[~on_table] = MotionState.POCKETED
        motion, on_table = read_only_view(fixed), read_only_view(on_table)
    # The fields of a ShotStart, in order, as the plain tuple run_shot takes (so are the model's
    # and the log's: a named tuple costs Numba more to type at each call). The kernel launches
    # the cue ball from the strike's own fields (sim.kernels.strike).
    struck = _NO_STRIKE if strike is None else (
        strike.speed, strike.phi, strike.theta, strike.a, strike.b
    )  # fmt: skip
    z, vz = state.z, state.vz
    if z.flags.writeable or vz.flags.writeable:
        z, vz = read_only_view(z), read_only_view(vz)
    start = (pos, vel, spin, motion, on_table, strike is not None, struck, z, vz, True)
    fields = tuple(model)
    n, cap_events = pos.shape[0], int(max_events)
    # Room for a typical shot; a longer one is rerun with four times the room (rare).
    capacity = min(cap_events, INITIAL_CAPACITY + 32 * n)
    while True:
        log, kept = _working_log(n, capacity)
        out = run_shot(fields, start, cap_events, capacity, log, not kept)
        status = int(out.status)
        if status == STATUS_UNCLEAR:
            # the kernel's pre-check failed: the exact checks name the fault, or find none
            # (a ball just inside a bound the pre-check rounds) and the shot runs unchecked
            _check_overlaps_then_cloth(state, table, params, model)
            start = (*start[:-1], False)
            continue
        if status != STATUS_NEED_ROOM:
            break
        capacity = min(cap_events, 4 * capacity)
    result = kernel_result(table, params, state, strike, out)
    if status == STATUS_EVENT_CAP:
        raise EventCapExceededError(
            f"the shot needed more than max_events={max_events} events and was stopped at "
            f"t = {result.duration:.6g} s (a Zeno chain of tiny collisions, or a cap set too low); "
            f"the partial result is in .partial",
            partial=result,
        )
    return result
