"""Named bundles that cross the kernel boundary and the event loop's own working arrays.

Integer fields built inside a kernel are ``np.int64`` (one compiled type whatever the value),
hence the ``int | np.int64`` annotations. Numba compiles a ``typing.NamedTuple`` into a plain
struct: fields are read by name at no cost,
and a kernel can build and return one. ``simulate`` builds a :class:`ShotModel` once per (table,
params) and a :class:`ShotStart` per shot, and reads the kernel's :class:`ShotOutput` by name.

Array shapes: ``n`` balls, ``ns`` straight cushions, ``na`` knuckle arcs, ``npk`` pockets,
``nl`` marked lines, ``k`` logged events.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from sim.events import EVENT_DTYPE


class ShotModel(NamedTuple):
    """What a shot is simulated with: the packed params and the table arrays (read-only).

    ``p`` (P_LEN,) float64 (:mod:`sim.params`); ``segments`` (ns, 6) ``x1, y1, x2, y2, nx, ny``
    m; ``arcs`` (na, 3) ``cx, cy, r`` m; ``pockets`` (npk, 3) ``cx, cy, capture r`` m;
    ``lines`` (nl,) marked-line y, m; ``backs`` (npk, 7) the pockets' backs and
    ``back_edges`` (nb, 6) their straight pieces (:class:`sim.table.TableArrays`);
    ``outline`` (k, 2) the closed outline of the cloth, m (``Table.outline``); ``rim``
    (6,): the rails in 3-D, ``rail_width, nose_offset, xlo, ylo, xhi, yhi`` m (the rail tops
    are at the nose height; the box is the rails' outer edges, so the bed is ``[0, xhi -
    rail_width] x [0, yhi - rail_width]``; docs/physics-airborne.md section 4);
    ``checks`` (4,): the input pre-check's ``min_dist, width, length, clearance`` m
    (:func:`sim.kernels.checks.clearly_valid`); ``cue`` (3,): the strike model's ``e_tip,
    m / M, m / m_e`` (tip restitution, the ball's mass over the cue's and over the cue's
    effective end mass: :func:`sim.kernels.strike.cue_ball_launch`).
    """

    p: np.ndarray
    segments: np.ndarray
    arcs: np.ndarray
    pockets: np.ndarray
    lines: np.ndarray
    backs: np.ndarray
    back_edges: np.ndarray
    outline: np.ndarray
    rim: np.ndarray
    checks: np.ndarray
    cue: np.ndarray


class ShotStart(NamedTuple):
    """The balls at t = 0 and the strike (kernel inputs, read-only C arrays: a ``BallState``'s
    own, never copied on the way in).

    ``pos`` (n, 2) m, ``vel`` (n, 2) m/s, ``spin`` (n, 3) rad/s float64; ``motion`` (n,) int8
    (POCKETED and OFF_TABLE mark balls out of play; the others are re-classified);
    ``on_table`` (n,) bool (read by the pre-check only); ``has_strike``: whether ball 0 is
    struck at t = 0 by the strike ``(speed m/s, phi deg, theta deg, a, b)`` of ``strike``
    (``sim.Strike``'s fields; the kernel launches the ball, ``ShotModel.cue``). ``z`` (n,) m
    and ``vz`` (n,) m/s: each ball's height above the cloth and vertical velocity. ``check``:
    run the input pre-check first (``clearly_valid``); when it fails the kernel simulates
    nothing and answers STATUS_UNCLEAR.
    """

    pos: np.ndarray
    vel: np.ndarray
    spin: np.ndarray
    motion: np.ndarray
    on_table: np.ndarray
    has_strike: bool
    strike: tuple[float, float, float, float, float]
    z: np.ndarray
    vz: np.ndarray
    check: bool


class ShotOutput(NamedTuple):
    """What the event loop returns.

    ``status``: STATUS_DONE, STATUS_EVENT_CAP, STATUS_NEED_ROOM or STATUS_UNCLEAR
    (:mod:`sim.kernels.loop`);
    ``n_events``: events logged (``k``). ``events`` (R,): the event log, one
    ``sim.events.EVENT_DTYPE`` record per event (the first k). ``snap_floats``
    (9 R n + k or more,) float64: the snapshots right after each event, ``r = max(k, 1)``
    valid rows in blocks of R rows, C-ordered blocks one after the other: positions
    (R, n, 2) m, velocities (R, n, 2) m/s, spins (R, n, 3) rad/s, heights (R, n) m, vertical
    velocities (R, n) m/s, then the event times (k,) s (one array, not six: each array the
    kernel returns costs about a microsecond to box). ``snap_motion`` (R, n) int8. R is
    ``r`` when the outputs are copies, the log's capacity when they are the log itself
    (``run_shot``'s ``in_place``). The final state is row ``r - 1``; with no event (``k = 0``)
    the snapshots hold one row, the final state, and no time.
    ``final_on_table`` (n,) bool: the balls in play at the end (motion neither POCKETED nor
    OFF_TABLE).
    """

    status: int | np.int64
    n_events: int | np.int64
    events: np.ndarray
    snap_floats: np.ndarray
    snap_motion: np.ndarray
    final_on_table: np.ndarray


class Segments(NamedTuple):
    """Each ball's current motion segment (mutated by the loop).

    ``t0`` (n,) start time, s; ``state`` (n,) int8 motion code; ``pos`` (n, 2), ``vel``
    (n, 2), ``spin`` (n, 3) at ``t0``; ``tau`` (n,) time the motion state ends, s (inf when
    none does); ``z``, ``vz`` (n,) height and vertical velocity at ``t0`` (0 on the cloth).
    A new motion state is a new code here plus its closed form in :mod:`sim.kernels.motion`.
    """

    t0: np.ndarray
    state: np.ndarray
    pos: np.ndarray
    vel: np.ndarray
    spin: np.ndarray
    tau: np.ndarray
    z: np.ndarray
    vz: np.ndarray


class Predictions(NamedTuple):
    """Each ball's cached next events (mutated by the loop; inf / -1 when none).

    ``cush_t``, ``cush_id``; ``pock_t``, ``pock_id``; ``line_t``, ``line_id``, ``line_dir``
    (+1 toward +y); ``horizon`` (n,): the earliest of the ball's transition, cushion and
    pocket times; ``pair_t`` (n, n): the first contact time of each pair ``i < j`` (at
    ``[i, j]``; the lower triangle is unused); ``first_pair_t`` (n,), ``first_pair_j`` (n,)
    int64: each row's earliest pair contact, ``min over j > i of pair_t[i, j]``, and its ``j``
    (lowest of equal times; inf and -1 when none), kept from ``predict.ROW_MINIMA_FROM`` balls
    up; ``box`` (n, 4): each ball's path box from its last prediction to its horizon, ``cx,
    cy, hx, hy`` m (``detect.path_box``; infinite half-sizes for a flying ball); ``side``
    (n, max(nl, 1)) int64: the side (+1 / -1) of each marked line each ball is on; ``air_t``,
    ``air_kind`` (the ``EventKind``: BOUNCE or OFF_TABLE), ``air_id``: a flying ball's landing
    or leaving the table.
    """

    cush_t: np.ndarray
    cush_id: np.ndarray
    pock_t: np.ndarray
    pock_id: np.ndarray
    line_t: np.ndarray
    line_id: np.ndarray
    line_dir: np.ndarray
    horizon: np.ndarray
    pair_t: np.ndarray
    first_pair_t: np.ndarray
    first_pair_j: np.ndarray
    box: np.ndarray
    side: np.ndarray
    air_t: np.ndarray
    air_kind: np.ndarray
    air_id: np.ndarray


class Event(NamedTuple):
    """One resolved event: its row of the log.

    ``t`` s; ``kind``: the ``EventKind`` value; ``a``: the (lower) ball index; ``b``: the other
    ball, cushion, pocket or line id (-1 for the strike and transitions); ``speed`` m/s (the
    approach speed of a collision, the ball speed otherwise); ``x``, ``y``: ball ``a``'s
    centre, m; ``direction``: +1 / -1 for a line crossing (toward +y / -y), else 0.
    """

    t: float
    kind: int | np.int64
    a: int | np.int64
    b: int | np.int64
    speed: float
    x: float
    y: float
    direction: int | np.int64


class LastContacts(NamedTuple):
    """When each pair and each ball's cushion last touched (the Zeno guard; mutated).

    ``pair_t`` (n, n): time of pair ``i < j``'s last contact, s (-inf before any);
    ``cushion_t`` (n,) and ``cushion_id`` (n,) int64: each ball's last cushion contact.
    """

    pair_t: np.ndarray
    cushion_t: np.ndarray
    cushion_id: np.ndarray


#: Blocks of :attr:`EventLog.snap_f` and of ``ShotOutput.snap_floats``, in units of one block
#: of rows of balls: positions (2 wide) m, velocities (2) m/s, spins (3) rad/s, heights m and
#: vertical velocities m/s; SNAP_WIDTH floats per ball and row in all.
SNAP_POS, SNAP_VEL, SNAP_SPIN, SNAP_Z, SNAP_VZ, SNAP_WIDTH = 0, 2, 4, 7, 8, 9


class EventLog(NamedTuple):
    """The log being written, in three buffers with room for ``capacity`` rows (mutated; the
    first ``count`` rows are valid): ``events`` (capacity,) ``sim.events.EVENT_DTYPE``
    records; ``snap_f`` (SNAP_WIDTH capacity n,) float64: each ball's positions (capacity,
    n, 2), velocities (capacity, n, 2), spins (capacity, n, 3), heights (capacity, n) and
    vertical velocities (capacity, n) right after each event, C-ordered blocks one after the
    other starting at ``SNAP_POS ... SNAP_VZ`` times ``capacity n`` (so the first rows of
    each block copy out in one piece), then room for the event times (capacity,) s (written
    there when the log becomes the shot's output itself); ``snap_motion`` (capacity, n) int8.
    Three arrays, not fourteen columns: each array the kernel call unboxes costs about half a
    microsecond."""

    events: np.ndarray
    snap_f: np.ndarray
    snap_motion: np.ndarray

    @property
    def capacity(self) -> int:
        """Rows of room (events), ``len(events)``."""
        return int(self.events.shape[0])

    @property
    def nbytes(self) -> int:
        """Bytes held by all the arrays."""
        return sum(int(arr.nbytes) for arr in self)


def empty_log(capacity: int, n: int) -> EventLog:
    """An :class:`EventLog` with room for ``capacity`` (>= 1) events of ``n`` balls, made in
    Python so that ``simulate`` can keep one and hand it to every shot (no fresh mapping of
    pages per call). Dtypes: ``EVENT_DTYPE`` records, float64 snapshots and int8 motion codes:
    the only ones ``run_shot`` is compiled for."""
    if capacity < 1 or n < 1:
        raise ValueError(f"an event log needs capacity >= 1 and n >= 1, got {capacity}, {n}")
    return EventLog(
        np.empty(capacity, EVENT_DTYPE),
        np.empty(SNAP_WIDTH * capacity * n + capacity, np.float64),
        np.empty((capacity, n), np.int8),
    )
