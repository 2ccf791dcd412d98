"""Ball state: positions, velocities, spins, motion states and the on-table mask of every ball.

A :class:`BallState` is immutable: its arrays are private copies marked read-only. Methods that
"change" a ball return a new state. Ball index 0 is the cue ball.

Arrays (SI units, table frame of docs/architecture.md):

``pos`` (n, 2) float64, m
    Ball centres on the cloth plane.
``vel`` (n, 2) float64, m/s
    Centre velocities.
``spin`` (n, 3) float64, rad/s
    Angular velocities (x, y, z), right-hand rule, z up.
``motion`` (n,) int8
    :class:`sim.constants.MotionState` values.
``on_table`` (n,) bool
    False for balls out of play: motion ``POCKETED`` (in a pocket) or ``OFF_TABLE`` (left the
    table, docs/physics-airborne.md section 4).
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from sim.constants import (
    EPS_SLIP,
    EPS_SPEED,
    EPS_SPIN_SURFACE,
    MAX_OVERLAP,
    MotionState,
)
from sim.errors import InvalidBallStateError

if TYPE_CHECKING:
    from sim.table import Table

_MOTION_VALUES = frozenset(int(m) for m in MotionState)


_POCKETED = int(MotionState.POCKETED)
_OFF_TABLE = int(MotionState.OFF_TABLE)


def out_of_play(motion: np.ndarray) -> np.ndarray:
    """(n,) bool: which of the motion states ``motion`` (n,) are out of play (POCKETED or
    OFF_TABLE, ``sim.constants.OUT_OF_PLAY``). Two compares: ``np.isin`` costs about 50 us."""
    return np.asarray((motion == _POCKETED) | (motion == _OFF_TABLE))


def _frozen_copy(values: Any, dtype: Any) -> np.ndarray:
    arr = np.array(values, dtype=dtype, copy=True, order="C")
    arr.flags.writeable = False
    return arr


def _check_real(name: str, values: Any) -> None:
    """Raise unless ``values`` are real numbers: complex numbers, strings, bools and other
    objects are refused (``np.array(..., dtype=float64)`` would silently parse or drop them)."""
    try:
        raw = np.asarray(values)
    except (TypeError, ValueError) as exc:
        raise InvalidBallStateError(f"{name} must be numbers (real: int or float): {exc}") from exc
    if raw.dtype.kind in "iuf":
        return
    bad = [v for v in raw.flat if not _is_real_number(v)]
    if raw.dtype.kind == "O" and not bad:
        return
    example = f", such as {bad[0]!r}" if bad else ""
    raise InvalidBallStateError(
        f"{name} must be numbers (real: int or float), got {raw.dtype.name} values{example}"
    )


def _is_real_number(value: object) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, bool | np.bool_)


def _as_float_array(name: str, values: Any, shape: tuple[int, int]) -> np.ndarray:
    _check_real(name, values)
    try:
        arr = np.array(values, dtype=np.float64, copy=True)
    except (TypeError, ValueError) as exc:
        raise InvalidBallStateError(f"{name} must be numbers of shape {shape}: {exc}") from exc
    if arr.shape != shape:
        raise InvalidBallStateError(f"{name} has shape {arr.shape}; expected {shape}")
    bad = ~np.isfinite(arr)
    if bad.any():
        ball = int(np.argwhere(bad)[0][0])
        raise InvalidBallStateError(f"{name} of ball {ball} is not finite: {arr[ball].tolist()}")
    return arr


def _as_point(xy: Any) -> np.ndarray:
    _check_real("xy", xy)
    try:
        point = np.array(xy, dtype=np.float64).reshape(-1)
    except (TypeError, ValueError) as exc:
        raise InvalidBallStateError(f"xy must be two numbers (x, y) in m: {exc}") from exc
    if point.shape != (2,) or not np.all(np.isfinite(point)):
        raise InvalidBallStateError(f"xy must be two finite numbers (x, y) in m, got {xy!r}")
    return point


def classify_motion(
    vel: np.ndarray, spin: np.ndarray, radius: float | None, on_table: np.ndarray
) -> np.ndarray:
    """Motion state of each ball from its velocity and spin (docs/physics.md §1.1).

    ``vel`` (n, 2) m/s, ``spin`` (n, 3) rad/s, ``radius`` m, ``on_table`` (n,) bool. Returns a new
    (n,) int8 array: POCKETED off the table; SLIDING when the cloth-contact point slips
    (``|u| > EPS_SLIP`` with ``u = (v_x - R w_y, v_y + R w_x)``); ROLLING when it does not and the
    ball moves; SPINNING when only ``w_z`` is left; STATIONARY otherwise. With ``radius=None``
    a ball that both moves and has horizontal spin cannot be told rolling from sliding and is
    called SLIDING (the engine then finds the slip is zero and rolls it at once); a ball with
    horizontal spin and no velocity slides for any radius. Pure.
    """
    n = vel.shape[0]
    motion = np.empty(n, dtype=np.int8)
    speed = np.hypot(vel[:, 0], vel[:, 1])
    spin_xy = np.hypot(spin[:, 0], spin[:, 1])
    for i in range(n):
        if not on_table[i]:
            motion[i] = MotionState.POCKETED
            continue
        if radius is None:
            slipping = spin_xy[i] > 0.0 or speed[i] > EPS_SPEED
        else:
            ux = vel[i, 0] - radius * spin[i, 1]
            uy = vel[i, 1] + radius * spin[i, 0]
            slipping = float(np.hypot(ux, uy)) > EPS_SLIP
        if slipping:
            motion[i] = MotionState.SLIDING
        elif speed[i] > EPS_SPEED:
            motion[i] = MotionState.ROLLING
        elif abs(spin[i, 2]) * (0.0 if radius is None else radius) > EPS_SPIN_SURFACE or (
            radius is None and spin[i, 2] != 0.0
        ):
            motion[i] = MotionState.SPINNING
        else:
            motion[i] = MotionState.STATIONARY
    return motion


@dataclass(frozen=True, eq=False, init=False)
class BallState:
    """Positions, velocities, spins, motion states and on-table mask of ``n`` balls (frozen).

    ``BallState(pos, vel=None, spin=None, motion=None, on_table=None, *, radius=None)``: the
    arrays are copied and made read-only. Missing ``vel``/``spin`` are zero; missing ``motion``
    is classified from ``vel`` and ``spin`` (:func:`classify_motion`, with ``radius`` when
    given); missing ``on_table`` is ``motion`` not in ``OUT_OF_PLAY`` (POCKETED, OFF_TABLE).
    Raises :class:`sim.errors.InvalidBallStateError` for wrong shapes, NaN or infinite numbers,
    unknown motion values, or a ball marked on the table and out of play (or off the table and
    not).

    Overlaps and balls off the cloth need a table; see :func:`first_overlap` and
    :func:`first_ball_off_cloth`.
    """

    pos: np.ndarray
    vel: np.ndarray
    spin: np.ndarray
    motion: np.ndarray
    on_table: np.ndarray
    z: np.ndarray
    vz: np.ndarray

    def __init__(
        self,
        pos: Any,
        vel: Any = None,
        spin: Any = None,
        motion: Any = None,
        on_table: Any = None,
        *,
        radius: float | None = None,
        z: Any = None,
        vz: Any = None,
    ) -> None:
        try:
            n = len(pos)
        except TypeError as exc:
            raise InvalidBallStateError(f"pos must be an (n, 2) array of centres: {exc}") from exc
        if n < 1:
            raise InvalidBallStateError("a ball state needs at least one ball (the cue ball)")
        pos_a = _as_float_array("pos", pos, (n, 2))
        vel_a = np.zeros((n, 2)) if vel is None else _as_float_array("vel", vel, (n, 2))
        spin_a = np.zeros((n, 3)) if spin is None else _as_float_array("spin", spin, (n, 3))

        if on_table is not None:
            on_a = np.array(on_table, copy=True)
            if on_a.shape != (n,):
                raise InvalidBallStateError(f"on_table has shape {on_a.shape}; expected ({n},)")
            if on_a.dtype != np.bool_:
                if not np.isin(on_a, (0, 1)).all():
                    raise InvalidBallStateError("on_table must hold booleans")
                on_a = on_a.astype(np.bool_)
        if motion is None:
            if on_table is None:
                on_a = np.ones(n, dtype=np.bool_)
            motion_a = classify_motion(vel_a, spin_a, radius, on_a)
        else:
            raw = np.array(motion, copy=True)
            if raw.shape != (n,):
                raise InvalidBallStateError(f"motion has shape {raw.shape}; expected ({n},)")
            if raw.dtype.kind not in "iu" and not (
                raw.dtype.kind == "f" and np.all(np.isfinite(raw)) and np.all(raw == np.round(raw))
            ):
                raise InvalidBallStateError(f"motion must hold MotionState integers, got {raw}")
            unknown = [int(v) for v in raw if int(v) not in _MOTION_VALUES]
            if unknown:
                raise InvalidBallStateError(
                    f"unknown motion values {unknown}; allowed: "
                    + ", ".join(f"{m.value} ({m.name})" for m in MotionState)
                )
            motion_a = raw.astype(np.int8)
            if on_table is None:
                on_a = ~out_of_play(motion_a)
        removed = out_of_play(motion_a)
        mismatch = np.flatnonzero(removed == on_a)
        if mismatch.size:
            i = int(mismatch[0])
            raise InvalidBallStateError(
                f"ball {i} has on_table={bool(on_a[i])} but motion "
                f"{MotionState(int(motion_a[i])).name}; a ball is off the table exactly when "
                "its motion is POCKETED or OFF_TABLE"
            )
        object.__setattr__(self, "pos", _frozen_copy(pos_a, np.float64))
        object.__setattr__(self, "vel", _frozen_copy(vel_a, np.float64))
        object.__setattr__(self, "spin", _frozen_copy(spin_a, np.float64))
        object.__setattr__(self, "motion", _frozen_copy(motion_a, np.int8))
        object.__setattr__(self, "on_table", _frozen_copy(on_a, np.bool_))
        z_a = np.zeros(n) if z is None else _as_float_array("z", np.reshape(z, (n, 1)), (n, 1))
        vz_a = np.zeros(n) if vz is None else _as_float_array("vz", np.reshape(vz, (n, 1)), (n, 1))
        if np.any(z_a < 0.0):
            ball = int(np.argmax(z_a < 0.0))
            raise InvalidBallStateError(
                f"z of ball {ball} is {float(z_a.reshape(-1)[ball])!r} m; a height above the "
                "cloth must be >= 0"
            )
        object.__setattr__(self, "z", _frozen_copy(z_a.reshape(-1), np.float64))
        object.__setattr__(self, "vz", _frozen_copy(vz_a.reshape(-1), np.float64))

    # -- constructors ---------------------------------------------------------------------------

    @classmethod
    def at_rest(cls, xy: Any) -> BallState:
        """All balls stationary on the table at centres ``xy`` ((n, 2), m)."""
        n = len(xy)
        return cls(xy, motion=np.full(n, MotionState.STATIONARY, dtype=np.int8))

    # -- derived states -------------------------------------------------------------------------

    @property
    def n(self) -> int:
        """Number of balls (on and off the table)."""
        return int(self.pos.shape[0])

    def _check_index(self, i: int) -> int:
        if isinstance(i, bool) or not isinstance(i, int | np.integer) or not 0 <= i < self.n:
            raise InvalidBallStateError(f"ball index {i!r} out of range; allowed 0..{self.n - 1}")
        return int(i)

    def with_ball_at(self, i: int, xy: Any) -> BallState:
        """A new state with ball ``i`` at rest on the table at ``xy`` ((2,), m); others unchanged.

        Does not check the spot against the table or the other balls (see
        :func:`first_overlap`, :func:`first_ball_off_cloth`).
        """
        return self._with_ball_resting(i, True, xy)

    def with_ball_removed(self, i: int) -> BallState:
        """A new state with ball ``i`` off the table (motion POCKETED, at rest, position kept)."""
        return self._with_ball_resting(i, False, None)

    def _with_ball_resting(self, i: int, on_table: bool, xy: Any) -> BallState:
        """A new state with ball ``i`` at rest: on the table at ``xy`` (STATIONARY) when
        ``on_table``, else off it (POCKETED, ``xy`` ignored, position kept)."""
        i = self._check_index(i)
        pos, vel, spin, motion, on = self.copy_arrays()
        if on_table:
            pos[i] = _as_point(xy)
        vel[i] = 0.0
        spin[i] = 0.0
        motion[i] = MotionState.STATIONARY if on_table else MotionState.POCKETED
        on[i] = on_table
        return BallState(pos, vel, spin, motion, on)

    def reclassified(self, radius: float) -> BallState:
        """A new state whose motion states are re-derived from vel and spin for balls of
        ``radius`` m (docs/physics.md §1.1); pocketed balls stay pocketed."""
        motion = classify_motion(self.vel, self.spin, radius, self.on_table)
        return BallState(self.pos, self.vel, self.spin, motion, self.on_table)

    def copy_arrays(
        self,
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Fresh writable C-contiguous copies ``(pos, vel, spin, motion, on_table)`` for kernels."""
        return (
            np.array(self.pos, dtype=np.float64, order="C"),
            np.array(self.vel, dtype=np.float64, order="C"),
            np.array(self.spin, dtype=np.float64, order="C"),
            np.array(self.motion, dtype=np.int8, order="C"),
            np.array(self.on_table, dtype=np.bool_, order="C"),
        )

    # -- comparison -----------------------------------------------------------------------------

    def same_as(self, other: BallState, atol: float = 0.0) -> bool:
        """True when ``other`` has the same balls, motion states and on-table mask, and positions,
        velocities and spins equal within ``atol`` (0: bit-for-bit up to the sign of zero)."""
        if not isinstance(other, BallState) or other.n != self.n:
            return False
        if not (
            np.array_equal(self.motion, other.motion)
            and np.array_equal(self.on_table, other.on_table)
        ):
            return False
        pairs = ((self.pos, other.pos), (self.vel, other.vel), (self.spin, other.spin))
        if atol == 0.0:
            return all(np.array_equal(a, b) for a, b in pairs)
        return all(np.allclose(a, b, rtol=0.0, atol=atol) for a, b in pairs)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BallState):
            return NotImplemented
        return self.same_as(other)

    def __hash__(self) -> int:
        # +0.0 folds -0.0 into 0.0 so equal states hash alike
        return hash(
            (
                (self.pos + 0.0).tobytes(),
                (self.vel + 0.0).tobytes(),
                (self.spin + 0.0).tobytes(),
                self.motion.tobytes(),
                self.on_table.tobytes(),
            )
        )

    def __reduce__(self) -> tuple[Any, ...]:
        # rebuild through __init__ so the unpickled arrays are read-only copies again
        return (
            _rebuilt_state,
            (self.pos, self.vel, self.spin, self.motion, self.on_table, self.z, self.vz),
        )

    def __repr__(self) -> str:
        names = [MotionState(int(m)).name.lower() for m in self.motion]
        return f"BallState(n={self.n}, on_table={int(self.on_table.sum())}, motion={names})"


def _rebuilt_state(
    pos: Any, vel: Any, spin: Any, motion: Any, on_table: Any, z: Any, vz: Any
) -> BallState:
    """Unpickling helper: a :class:`BallState` with heights."""
    return BallState(pos, vel, spin, motion, on_table, z=z, vz=vz)


def first_overlap(
    state: BallState, radius: float, tolerance: float = MAX_OVERLAP
) -> tuple[int, int, float] | None:
    """The first pair ``(i, j, depth)`` (i < j, in index order) of on-table balls of ``radius``
    m whose centres are closer than ``2 * radius - tolerance``; ``depth`` = ``2R - distance`` in
    m. ``None`` when no two balls overlap by more than ``tolerance``. Pure."""
    idx = np.flatnonzero(state.on_table)
    if idx.size < 2:
        return None
    p = state.pos[idx]
    dx = p[:, 0:1] - p[:, 0]
    dy = p[:, 1:2] - p[:, 1]
    limit = 2.0 * radius - tolerance
    close = np.triu(dx * dx + dy * dy < limit * limit, k=1)
    if not close.any():
        return None
    a, b = np.argwhere(close)[0]
    depth = 2.0 * radius - math.hypot(float(dx[a, b]), float(dy[a, b]))
    return int(idx[a]), int(idx[b]), depth


def first_ball_off_cloth(
    state: BallState, table: Table, clearance: float | None = None
) -> int | None:
    """Index of the first on-table ball whose centre is not on ``table``'s cloth
    (:meth:`sim.table.Table.contains_ball` with ``clearance``), or ``None``. Pure."""
    idx = np.flatnonzero(state.on_table)
    if idx.size == 0:
        return None
    off = ~table.balls_on_cloth(state.pos[idx], clearance)
    return int(idx[np.argmax(off)]) if off.any() else None
