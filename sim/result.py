"""ShotResult: what a simulated shot produced (event log, snapshots, final state) and playback.

Positions between events are exact: :meth:`ShotResult.state_at` evolves the last snapshot
before ``t`` with the same closed-form kernel the engine uses
(:func:`sim.kernels.motion.evolve_balls`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import DTypeLike

from sim.balls import BallState, out_of_play
from sim.constants import BOUNCE_SETTLE_HEIGHT, MAX_SAMPLE_FRAMES, OUT_OF_PLAY, MotionState
from sim.kernels.motion import centres_at, classify, evolve_balls
from sim.kernels.shot_types import SNAP_POS, SNAP_SPIN, SNAP_VEL, SNAP_VZ, SNAP_WIDTH, SNAP_Z
from sim.params import Params

if TYPE_CHECKING:
    from sim.kernels.shot_types import ShotOutput
    from sim.strike import Strike
    from sim.table import Table


def read_only_copy(arr: np.ndarray) -> np.ndarray:
    """A read-only C-contiguous copy that owns its memory (a result keeps no view of a larger
    buffer, and never freezes an array someone else holds)."""
    out = np.array(arr, order="C", copy=True)
    out.flags.writeable = False
    return out


def read_only_view(arr: np.ndarray, dtype: DTypeLike | None = None) -> np.ndarray:
    """``arr`` as a kernel is compiled for it: read-only, C-contiguous, of ``dtype`` when given.
    Itself when it is one already (a ``BallState``'s arrays, the engine's logs), else a
    read-only view of it (or of a C-ordered copy): one compiled specialisation per kernel serves
    every input, and the caller's array is left writeable."""
    flags = arr.flags  # one flags object for both reads (each read of ``arr.flags`` makes one)
    if not flags.c_contiguous or (dtype is not None and arr.dtype != dtype):
        arr = np.ascontiguousarray(arr, dtype=dtype)
        flags = arr.flags
    if flags.writeable:
        arr = arr.view()
        arr.flags.writeable = False
    return arr


def frozen(arr: np.ndarray) -> np.ndarray:
    """``arr`` itself, made read-only in place: only for a fresh array that nothing else holds
    (the kernel's outputs, ``sim.kernels.shot_types.ShotOutput``). ``setflags`` costs about
    half of ``arr.flags.writeable = False`` (no flags object made), and a result freezes 15."""
    arr.setflags(write=False)
    return arr


#: ``BallState.on_table`` of each motion code (indexed by the code): False for the codes out of
#: play (``sim.constants.OUT_OF_PLAY``). One fancy index instead of two compares and an or.
ON_TABLE_OF_MOTION = np.array([code not in OUT_OF_PLAY for code in MotionState], dtype=np.bool_)
ON_TABLE_OF_MOTION.setflags(write=False)


def _trusted(cls: type, values: Mapping[str, object]) -> Any:
    """An instance of the frozen dataclass ``cls`` with its fields set to ``values`` (every
    field named), without ``__init__``: for values the engine has just made, which need no
    checks (the dataclass's own construction runs ``__setattr__`` per field)."""
    obj: Any = object.__new__(cls)
    obj.__dict__.update(values)
    return obj


def kernel_ball_state(
    pos: np.ndarray,
    vel: np.ndarray,
    spin: np.ndarray,
    motion: np.ndarray,
    z: np.ndarray,
    vz: np.ndarray,
) -> BallState:
    """A :class:`BallState` around arrays the event-loop kernel has just made (trusted).

    ``pos`` (n, 2), ``vel`` (n, 2), ``spin`` (n, 3), ``z`` (n,), ``vz`` (n,) float64 and
    ``motion`` (n,) int8 MotionState codes, each a fresh array that nothing else holds: they
    are frozen in place and wrapped without the copies and checks of ``BallState(...)`` (those
    guard arrays from callers; the kernel's own outputs have the shapes, dtypes and finite
    values it wrote). ``on_table`` is read off ``motion`` (not POCKETED, not OFF_TABLE). Used
    for arrays a kernel returns; a few us instead of about 80 us for ``BallState(...)``
    (``sim.simulate``'s own final state is the last snapshot row, :func:`kernel_result`).
    """
    on_table = ON_TABLE_OF_MOTION[motion]
    values = {"pos": pos, "vel": vel, "spin": spin, "motion": motion, "z": z, "vz": vz}
    for arr in values.values():
        arr.setflags(write=False)
    on_table.setflags(write=False)
    values["on_table"] = on_table
    return _trusted(BallState, values)


def kernel_result(
    table: Table,
    params: Params,
    initial: BallState,
    strike: Strike | None,
    out: ShotOutput,
) -> ShotResult:
    """The :class:`ShotResult` of one kernel run (trusted, like :func:`kernel_ball_state`):
    ``out`` (a ``sim.kernels.shot_types.ShotOutput``) holds fresh arrays that nothing else
    holds, of the dtypes and shapes the result documents; they are frozen in place and
    wrapped, and the result and its snapshots are made without their dataclass constructors.
    ``table``, ``params``, ``initial`` and ``strike`` are the checked inputs of the shot. The
    final state's arrays are read-only views of the last snapshot row (no copies) and the
    kernel's ``final_on_table``; the snapshots (:class:`KernelSnapshots`) make their views
    when first read. With no event, the kernel's one row is the final state and the snapshots
    are its empty slices."""
    count = int(out.n_events)
    motion = frozen(out.snap_motion)
    room, n = motion.shape  # rows of each block: the rows logged, or the log's capacity
    cn = room * n
    last = max(count, 1) - 1  # the final state's row
    a, b = last * n, last * n + n
    # Views of the one frozen float array are read-only and C-contiguous (one block each):
    # the final state is row ``last`` of each block, the snapshots are made when first read.
    floats = frozen(out.snap_floats)
    state = {
        "pos": floats[2 * a : 2 * b].reshape(n, 2),
        "vel": floats[2 * cn + 2 * a : 2 * cn + 2 * b].reshape(n, 2),
        "spin": floats[4 * cn + 3 * a : 4 * cn + 3 * b].reshape(n, 3),
        "motion": motion[last],
        "z": floats[7 * cn + a : 7 * cn + b],
        "vz": floats[8 * cn + a : 8 * cn + b],
        "on_table": frozen(out.final_on_table),
    }
    snapshots = {"_floats": floats, "_motion": motion, "_count": count}
    return _trusted(
        ShotResult,
        {
            "table": table,
            "params": params,
            "initial": initial,
            "strike": strike,
            "events": frozen(out.events)[:count],
            "snapshots": _trusted(KernelSnapshots, snapshots),
            "final": _trusted(BallState, state),
            "duration": float(floats[9 * cn + count - 1]) if count else 0.0,
            "_start": None,
        },
    )


@dataclass(frozen=True)
class Snapshots:
    """Every ball's state right after each event (row k belongs to event k).

    ``times`` (k,) s; ``pos`` (k, n, 2) m; ``vel`` (k, n, 2) m/s; ``spin`` (k, n, 3) rad/s;
    ``motion`` (k, n) int8 MotionState values; ``z`` (k, n) height above the cloth, m, and
    ``vz`` (k, n) vertical velocity, m/s (zeros when not given). Read-only arrays.
    """

    times: np.ndarray
    pos: np.ndarray
    vel: np.ndarray
    spin: np.ndarray
    motion: np.ndarray
    z: np.ndarray | None = None
    vz: np.ndarray | None = None

    def __post_init__(self) -> None:
        shape = self.motion.shape
        for name in ("z", "vz"):
            if getattr(self, name) is None:
                object.__setattr__(self, name, read_only_copy(np.zeros(shape)))

    @staticmethod
    def empty(n: int) -> Snapshots:
        """No snapshots (for hand-built logs)."""
        return Snapshots(
            read_only_copy(np.zeros(0)),
            read_only_copy(np.zeros((0, n, 2))),
            read_only_copy(np.zeros((0, n, 2))),
            read_only_copy(np.zeros((0, n, 3))),
            read_only_copy(np.zeros((0, n), dtype=np.int8)),
        )

    def __len__(self) -> int:
        return int(self.times.shape[0])


class _KernelSnapshotView:
    """A field of :class:`KernelSnapshots`: on its first read, that field's view of the one
    flat buffer is made and kept in the instance's ``__dict__``, where later reads find it
    (a non-data descriptor, like ``functools.cached_property``). Each field is made alone:
    the referee reads only the cue ball's motion column (about 0.5 us, against 6 us for all
    seven views)."""

    def __init__(self, name: str) -> None:
        self._name = name

    def __get__(self, instance: KernelSnapshots | None, owner: type | None = None) -> Any:
        if instance is None:
            return self
        view = instance.__dict__[self._name] = instance._view(self._name)
        return view


#: The blocks of the kernel's flat snapshot buffer: (first block, blocks) of the positions,
#: velocities, spins, heights and vertical velocities.
_BLOCKS = ((SNAP_POS, 2), (SNAP_VEL, 2), (SNAP_SPIN, 3), (SNAP_Z, 1), (SNAP_VZ, 1))

#: The float fields of :class:`KernelSnapshots` by name: (first block, values a ball a row).
_FIELD_BLOCKS = dict(zip(("pos", "vel", "spin", "z", "vz"), _BLOCKS, strict=True))


class KernelSnapshots(Snapshots):
    """:class:`Snapshots` around the event loop's flat buffers (``ShotOutput.snap_floats`` and
    ``snap_motion``, frozen), made without the dataclass constructor: the arrays of the
    fields are views of the one float buffer, each made when it is first read (a study's
    referee reads the motion field alone; making all seven costs about 6 us a shot). ``len``
    needs none. Reads like a ``Snapshots`` (an instance of it); pickles with its buffers."""

    _count: int  # events logged (the instance's own, set by kernel_result)
    times = _KernelSnapshotView("times")
    pos = _KernelSnapshotView("pos")
    vel = _KernelSnapshotView("vel")
    spin = _KernelSnapshotView("spin")
    motion = _KernelSnapshotView("motion")
    z = _KernelSnapshotView("z")
    vz = _KernelSnapshotView("vz")

    def _view(self, name: str) -> np.ndarray:
        """The field ``name`` as a read-only C-contiguous view of the flat buffer (the layout
        of ``ShotOutput``: blocks of ``room`` rows, the first ``count`` of them logged):
        ``count`` rows (none when there was no event)."""
        motion, count = self.__dict__["_motion"], self._count
        if name == "motion":
            return motion[:count]
        floats: np.ndarray = self.__dict__["_floats"]
        room, n = motion.shape
        if name == "times":  # one value a row, after the blocks
            return floats[SNAP_WIDTH * room * n : SNAP_WIDTH * room * n + count]
        first, width = _FIELD_BLOCKS[name]
        start = first * room * n
        view = floats[start : start + count * n * width]
        return view.reshape((count, n, width) if width > 1 else (count, n))

    def __getstate__(self) -> dict[str, Any]:
        """What a pickle keeps: the buffers and the count, no view made from them; a result
        that is its shot's own log (blocks as long as the log's capacity, their tail never
        written) keeps only its rows, in blocks of exactly that many."""
        own = self.__dict__
        count = own.get("_count")
        if count is None:  # a copy made by dataclasses.replace: plain fields
            return dict(own)
        floats, motion = own["_floats"], own["_motion"]
        room, n = motion.shape
        rows = max(count, 1)
        if room > rows:
            cn, kn = room * n, rows * n
            floats = np.concatenate(
                [floats[c0 * cn : c0 * cn + width * kn] for c0, width in _BLOCKS]
                + [floats[SNAP_WIDTH * cn : SNAP_WIDTH * cn + count]]
            )
            motion = np.array(motion[:rows])
            floats.flags.writeable = motion.flags.writeable = False
        return {"_floats": floats, "_motion": motion, "_count": count}

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Unpickled arrays come back writeable: they are made read-only again."""
        for value in state.values():
            if isinstance(value, np.ndarray):
                value.flags.writeable = False
        self.__dict__.update(state)

    def __len__(self) -> int:
        count = self.__dict__.get("_count")  # None in a copy made by dataclasses.replace
        return int(self.times.shape[0]) if count is None else int(count)


@dataclass(frozen=True)
class ShotResult:
    """The outcome of one shot (frozen).

    ``table``, ``params``, ``initial`` (BallState at t = 0, before the strike), ``strike``
    (or None), ``events`` (read-only array of ``EVENT_DTYPE``, in time order), ``snapshots``
    (:class:`Snapshots`, one per event), ``final`` (BallState when every ball rests or is
    pocketed) and ``duration`` (s, time of the last event).
    """

    table: Table
    params: Params
    initial: BallState
    strike: Strike | None
    events: np.ndarray
    snapshots: Snapshots
    final: BallState
    duration: float
    _start: BallState | None = field(default=None, repr=False, compare=False)

    @staticmethod
    def from_log(
        table: Table,
        initial: BallState,
        events: np.ndarray,
        final: BallState,
        params: Params | None = None,
    ) -> ShotResult:
        """A result built by hand (rules tests): no snapshots, so there is no motion data.

        ``state_at(t)`` then returns ``initial`` for ``t`` before the last event and ``final``
        from it on, and ``sample`` shows the balls at their initial places until the end.
        ``events`` is copied into a read-only ``EVENT_DTYPE`` array, once it is a log that could
        have happened on ``table`` between ``initial`` and ``final``
        (``sim.log_check.checked_hand_built_log``: ``InvalidEventLogError`` naming the row and
        what is allowed otherwise).
        """
        from sim.log_check import checked_hand_built_log

        log = checked_hand_built_log(table, initial, events, final)
        duration = float(log["t"].max()) if log.shape[0] else 0.0
        return ShotResult(
            table=table,
            params=params if params is not None else Params.for_table(table),
            initial=initial,
            strike=None,
            events=log,
            snapshots=Snapshots.empty(initial.n),
            final=final,
            duration=duration,
        )

    @property
    def n_balls(self) -> int:
        """Number of balls in the state arrays."""
        return self.initial.n

    def _start_flying(self) -> np.ndarray:
        """(n,) bool: the balls the engine sets flying at t = 0, as its start does
        (``sim.kernels.landing.place``): above the cloth, or leaving it fast enough to rise
        ``BOUNCE_SETTLE_HEIGHT`` (a slower one is set on the cloth, its ``vz`` dropped)."""
        z, vz, g = self.initial.z, self.initial.vz, self.params.g
        rises = (vz > 0.0) & ~(0.5 * vz * vz / g < BOUNCE_SETTLE_HEIGHT)
        return np.asarray(self.initial.on_table & ((z > 0.0) | rises))

    def _start_state(self) -> BallState:
        """The initial state as the engine sets it down at t = 0 (used before the first
        snapshot of a shot without a strike): balls out of play as pocketed, flying balls
        (:meth:`_start_flying`) ``AIRBORNE`` with their velocity and spin, the others
        re-classified from their velocity and spin (docs/physics.md §1.1)."""
        if self._start is not None:
            return self._start
        R = self.params.R
        vel = np.array(self.initial.vel, dtype=np.float64)
        spin = np.array(self.initial.spin, dtype=np.float64)
        motion = np.array(self.initial.motion, dtype=np.int8)
        flying = self._start_flying()
        for i in range(self.initial.n):
            if not self.initial.on_table[i]:
                motion[i] = MotionState.POCKETED
                vel[i] = 0.0
                spin[i] = 0.0
                continue
            if flying[i]:
                motion[i] = MotionState.AIRBORNE
                continue
            st, vx, vy, wx, wy, wz = classify(
                vel[i, 0], vel[i, 1], spin[i, 0], spin[i, 1], spin[i, 2], R
            )
            motion[i] = st
            vel[i] = (vx, vy)
            spin[i] = (wx, wy, wz)
        start = BallState(
            self.initial.pos, vel, spin, motion, self.initial.on_table,
            z=np.where(flying, self.initial.z, 0.0), vz=np.where(flying, self.initial.vz, 0.0),
        )  # fmt: skip
        object.__setattr__(self, "_start", start)
        return start

    def _heights_at(self, t: float) -> tuple[np.ndarray, np.ndarray]:
        """Heights (n,) m and vertical velocities (n,) m/s at ``t``: free flight from the last
        snapshot for airborne balls (docs/physics-airborne.md section 1), 0 for the others."""
        snaps = self.snapshots
        k = int(np.searchsorted(snaps.times, t, side="right")) - 1
        n = self.n_balls
        g = self.params.g
        if k < 0:  # before the first event: the initial state's own flights
            z0, vz0, dt = self.initial.z, self.initial.vz, t
            flying = self._start_flying()
        else:
            assert snaps.z is not None and snaps.vz is not None
            z0, vz0, dt = snaps.z[k], snaps.vz[k], t - float(snaps.times[k])
            flying = snaps.motion[k] == MotionState.AIRBORNE
        del n
        z = np.where(flying, z0 + vz0 * dt - 0.5 * g * dt * dt, 0.0)
        vz = np.where(flying, vz0 - g * dt, 0.0)
        return np.maximum(z, 0.0), vz

    def _arrays_at(self, t: float) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        snaps = self.snapshots
        k = int(np.searchsorted(snaps.times, t, side="right")) - 1
        if k < 0:
            base = self._start_state()
            pos0, vel0, spin0, motion = base.pos, base.vel, base.spin, base.motion
            t0 = 0.0
        else:
            pos0, vel0, spin0 = snaps.pos[k], snaps.vel[k], snaps.spin[k]
            motion = snaps.motion[k]
            t0 = float(snaps.times[k])
        pos, vel, spin = evolve_balls(
            np.ascontiguousarray(pos0),
            np.ascontiguousarray(vel0),
            np.ascontiguousarray(spin0),
            np.ascontiguousarray(motion),
            t - t0,
            self.params.packed(),
        )
        return pos, vel, spin, np.array(motion, dtype=np.int8)

    def state_at(self, t: float) -> BallState:
        """Exact state of every ball at time ``t`` s (closed forms from the last snapshot).

        ``t <= 0`` gives ``initial`` (before the strike); ``t >= duration`` gives ``final``.
        For results from :meth:`from_log` (no snapshots) every ``t`` before ``duration`` gives
        ``initial``. Raises ValueError for NaN.
        """
        t = float(t)
        if math.isnan(t):
            raise ValueError("state_at(t): t must be a number of seconds, got NaN")
        if t <= 0.0:
            return self.initial
        if t >= self.duration:
            return self.final
        if len(self.snapshots) == 0:
            return self.initial
        pos, vel, spin, motion = self._arrays_at(t)
        z, vz = self._heights_at(t)
        on_table = ~out_of_play(motion)
        return BallState(pos, vel, spin, motion, on_table, z=z, vz=vz)

    def sample(self, dt: float, *, heights: bool = False) -> np.ndarray:
        """Ball centres every ``dt`` s from 0 to ``duration`` (last frame at ``duration``).

        Returns a new (frames, n, 2) float64 array, frames = ceil(duration / dt) + 1; pocketed
        balls stay where they were captured. With ``heights=True`` the array is (frames, n, 3):
        ``x, y`` and the height ``z`` above the cloth, m. Raises ValueError unless ``dt > 0`` and
        the frame count is at most MAX_SAMPLE_FRAMES.
        """
        dt = float(dt)
        if not dt > 0.0 or not math.isfinite(dt):
            raise ValueError(f"sample(dt): dt must be a finite number of seconds > 0, got {dt}")
        frames_f = self.duration / dt + 1.0 if self.duration > 0 else 1.0
        if frames_f > MAX_SAMPLE_FRAMES:
            raise ValueError(
                f"sample(dt): dt = {dt:g} s over {self.duration:.6g} s gives {frames_f:.3g} "
                f"frames; at most MAX_SAMPLE_FRAMES = {MAX_SAMPLE_FRAMES} are allowed "
                f"(dt >= {self.duration / (MAX_SAMPLE_FRAMES - 1):.3g} s)"
            )
        frames = math.ceil(self.duration / dt) + 1 if self.duration > 0 else 1
        # Frame times as the frame loop would compute them (f * dt, capped, the last one at
        # duration); the frames still in motion are evolved in one compiled call.
        t = np.minimum(np.arange(frames, dtype=np.float64) * dt, self.duration)
        t[-1] = self.duration
        out = np.empty((frames, self.n_balls, 3 if heights else 2))
        done = t >= self.duration
        out[done, :, :2] = self.final.pos
        if heights:
            out[done, :, 2] = self.final.z
        moving = np.flatnonzero(~done)
        if moving.size == 0:
            return out
        if len(self.snapshots) == 0:
            out[moving, :, :2] = self.initial.pos
            if heights:
                out[moving, :, 2] = self.initial.z
            return out
        centres, z = self._frames_at(t[moving], heights)
        out[moving, :, :2] = centres
        if heights:
            out[moving, :, 2] = z
        return out

    def _frames_at(self, t: np.ndarray, heights: bool) -> tuple[np.ndarray, np.ndarray | None]:
        """Centres (f, n, 2) and, with ``heights``, heights (f, n) at the times ``t`` (f,) s,
        all before ``duration``: the same numbers as :meth:`_arrays_at` and
        :meth:`_heights_at` frame by frame. Row 0 of the stacked states is the start (before
        the first snapshot), row ``k + 1`` snapshot ``k``."""
        snaps = self.snapshots
        assert snaps.z is not None and snaps.vz is not None
        k = np.searchsorted(snaps.times, t, side="right") - 1
        base = (k + 1).astype(np.int64)
        since = t - np.where(k < 0, 0.0, snaps.times[np.maximum(k, 0)])
        start = self._start_state()
        centres = centres_at(
            np.ascontiguousarray(np.concatenate([start.pos[None], snaps.pos])),
            np.ascontiguousarray(np.concatenate([start.vel[None], snaps.vel])),
            np.ascontiguousarray(np.concatenate([start.spin[None], snaps.spin])),
            np.ascontiguousarray(np.concatenate([start.motion[None], snaps.motion])),
            base,
            np.ascontiguousarray(since),
            self.params.packed(),
        )
        if not heights:
            return centres, None
        z0 = np.concatenate([self.initial.z[None], snaps.z])[base]
        vz0 = np.concatenate([self.initial.vz[None], snaps.vz])[base]
        start_flying = self._start_flying()
        flying = np.concatenate([start_flying[None], snaps.motion == MotionState.AIRBORNE])[base]
        d = since[:, None]
        g = self.params.g
        z = np.where(flying, z0 + vz0 * d - 0.5 * g * d * d, 0.0)
        return centres, np.maximum(z, 0.0)
