"""Invariants of a whole simulated shot (docs/physics.md §1.7 and §6, docs/physics-airborne.md):
the one implementation, used by the engine fuzz (``benchmarks/fuzz_engine.py``) and by
``tests/sim/test_invariants.py``.

For every shot, at every snapshot (the state right after each event) and half-way between
consecutive snapshots:

- total energy (translational in 3-D + rotational, I = 2/5 m R^2, all three spin components,
  + the potential energy m g z of a ball above the cloth) of the balls in play never rises;
- no two balls in play overlap in 3-D (centre distance with the heights) by more than
  MAX_OVERLAP;
- no ball is inside the slate (z >= 0) or a rail: a ball on the cloth is no closer than
  R - MAX_OVERLAP to any cushion (straight or knuckle) and inside the cushion outline; a
  flying ball is no closer than R - MAX_OVERLAP to any nose edge, passes over a rail top or a
  knuckle only with its lowest point above them, and stays inside the rails' outer edges;
- the woodwork: a flying ball whose lowest point is below the rail tops has its centre over
  the cloth (inside the cushion outline) or over a pocket's hole (within R of its capture
  circle), never over wood;
- a ball leaves the table (``OFF_TABLE``) only over the rail tops: its lowest point is then at
  their height or above (less ``OFF_TABLE_SLACK``);
- events are in time order, the first is the strike at t = 0, and the shot ends with every
  ball stationary, pocketed or off the table.
"""

from __future__ import annotations

import math

import numpy as np

from sim.constants import MAX_OVERLAP, OUT_OF_PLAY, ZENO_SPEED, MotionState
from sim.events import EventKind
from sim.params import Params
from sim.result import ShotResult
from sim.table import Table

#: Relative slack on energy between snapshots (round-off of the closed forms), and an absolute
#: floor in joules.
ENERGY_REL_TOL = 1e-9
ENERGY_ABS_TOL = 1e-12

#: How far below the rail tops (m) a ball may be when it leaves the table: a ball rolling over
#: a nose edge's crest onto the rail top (``sim.kernels.landing.edge_ride_over``, below
#: ZENO_SPEED) is logged where it was, at most ``s^2 / (2 g)`` below the crest.
OFF_TABLE_SLACK = ZENO_SPEED**2 / (2.0 * 9.81)


def _energies(
    vel: np.ndarray,
    spin: np.ndarray,
    on: np.ndarray,
    params: Params,
    z: np.ndarray | None = None,
    vz: np.ndarray | None = None,
) -> np.ndarray:
    """Kinetic (3-D) + rotational + potential energy of the balls in play, J (docs/physics.md
    §1.7; the potential m g z from the cloth), for a batch: ``vel`` (k, n, 2), ``spin``
    (k, n, 3), ``on``, ``z``, ``vz`` (k, n) -> (k,)."""
    inertia = 0.4 * params.m * params.R**2
    v2 = np.sum(vel**2, axis=2)
    w2 = np.sum(spin**2, axis=2)
    e = 0.5 * params.m * v2 + 0.5 * inertia * w2
    if z is not None and vz is not None:
        e = e + 0.5 * params.m * vz**2 + params.m * params.g * z
    return np.asarray(np.sum(np.where(on, e, 0.0), axis=1))


def _rail_faults(
    table: Table, params: Params, p: np.ndarray, z: np.ndarray, what: str, t: np.ndarray
) -> list[str]:
    """Flying balls inside a rail, a knuckle or beyond the table (docs/physics-airborne.md
    section 4): ``p`` (k, 2) centres, ``z`` (k,) heights, ``t`` (k,) s."""
    R, h = params.R, params.cushion_height
    s = params.sin_theta_c
    offset = R * (1.0 - math.sqrt(1.0 - s * s))
    zc = z + R
    faults: list[str] = []
    for row in table.arrays.segments:
        x1, y1, x2, y2, nx, ny = row
        d = nx * (p[:, 0] - x1) + ny * (p[:, 1] - y1) - offset  # in front of the nose edge: > 0
        ex, ey = x2 - x1, y2 - y1
        u = ((p[:, 0] - x1) * ex + (p[:, 1] - y1) * ey) / (ex * ex + ey * ey)
        beside = (u >= 0.0) & (u <= 1.0)
        near_edge = beside & (d > 0.0) & (np.hypot(d, zc - h) < R - MAX_OVERLAP)
        behind = d <= 0.0
        rail_width = table.rail_width + offset
        in_rail = beside & behind & (d > -rail_width) & (z < h - MAX_OVERLAP)
        for bad, name in ((near_edge, "into the nose edge"), (in_rail, "inside the rail")):
            if bad.any():
                m = int(np.argmax(bad))
                faults.append(f"{what} t={t[m]:.9g}: flying ball at {p[m].tolist()}, z={z[m]:.3g}"
                              f" m, is {name}")  # fmt: skip
    low = z < h - MAX_OVERLAP
    if low.any():
        pk = table.arrays.pockets
        gap = np.hypot(p[:, 0, None] - pk[:, 0], p[:, 1, None] - pk[:, 1]) - pk[:, 2]
        in_wood = low & (gap.min(axis=1) > R) & ~table.in_cloth_region_mask(p)
        if in_wood.any():
            m = int(np.argmax(in_wood))
            faults.append(f"{what} t={t[m]:.9g}: flying ball at {p[m].tolist()}, z={z[m]:.3g}"
                          " m, is inside the woodwork (below the rail tops, over no cloth and"
                          " no pocket)")  # fmt: skip
    for cx, cy, r in table.arrays.arcs:
        bad = (np.hypot(p[:, 0] - cx, p[:, 1] - cy) < r + R - MAX_OVERLAP) & (zc < h)
        if bad.any():
            m = int(np.argmax(bad))
            faults.append(f"{what} t={t[m]:.9g}: flying ball at {p[m].tolist()} is in a knuckle")
    w = table.rail_width
    beyond = (p[:, 0] < -w) | (p[:, 0] > table.width + w) | (p[:, 1] < -w)
    beyond |= p[:, 1] > table.length + w
    if beyond.any():
        m = int(np.argmax(beyond))
        faults.append(f"{what} t={t[m]:.9g}: flying ball at {p[m].tolist()} beyond the table")
    return faults


def _geometry_faults(
    table: Table,
    params: Params,
    pos: np.ndarray,
    on: np.ndarray,
    times: np.ndarray,
    what: str,
    z: np.ndarray | None = None,
) -> list[str]:
    """Overlaps (3-D), slate, cushion and rail penetrations and escapes over a batch of
    states: ``pos`` (k, n, 2), ``on`` (k, n) bool, ``times`` (k,) s, ``z`` (k, n) heights m
    (zeros when None); one line per kind of fault (the first occurrence)."""
    R = params.R
    faults: list[str] = []
    if pos.shape[0] == 0:
        return faults
    if z is None:
        z = np.zeros(on.shape)
    if np.any(on & (z < -MAX_OVERLAP)):
        k, i = np.argwhere(on & (z < -MAX_OVERLAP))[0]
        faults.append(f"{what} t={times[k]:.9g}: ball {i} is {-z[k, i]:.3g} m inside the slate")
    dx = pos[:, :, None, 0] - pos[:, None, :, 0]
    dy = pos[:, :, None, 1] - pos[:, None, :, 1]
    dz = z[:, :, None] - z[:, None, :]
    dist = np.sqrt(dx * dx + dy * dy + dz * dz)
    both = on[:, :, None] & on[:, None, :]
    n = pos.shape[1]
    both &= ~np.eye(n, dtype=bool)[None, :, :]
    overlap = both & (dist < 2 * R - MAX_OVERLAP)
    if overlap.any():
        k, i, j = np.argwhere(overlap)[0]
        faults.append(
            f"{what} t={times[k]:.9g}: balls {i} and {j} overlap by {2 * R - dist[k, i, j]:.3g} m"
        )
    flying = on & (z > 0.0)
    kk, ii = np.nonzero(flying)
    if kk.size:
        faults += _rail_faults(table, params, pos[kk, ii], z[kk, ii], what, times[kk])
    kk, ii = np.nonzero(on & ~flying)
    if kk.size:
        p = pos[kk, ii]
        clearance = table.cushion_distances(p)
        worst = clearance.min(axis=1)
        bad = worst < R - MAX_OVERLAP
        if bad.any():
            m = int(np.argmax(bad))
            c = int(np.argmin(clearance[m]))
            faults.append(
                f"{what} t={times[kk[m]]:.9g}: ball {ii[m]} at {p[m].tolist()} is "
                f"{R - worst[m]:.3g} m into cushion {c} ({table.cushions[c].name})"
            )
        outside = ~table.in_cloth_region_mask(p)
        if outside.any():
            m = int(np.argmax(outside))
            faults.append(
                f"{what} t={times[kk[m]]:.9g}: ball {ii[m]} at {p[m].tolist()} is outside the "
                "cushions"
            )
    return faults


def _off_table_faults(result: ShotResult) -> list[str]:
    """``OFF_TABLE`` events of a ball whose lowest point was then below the rail tops (by more
    than ``OFF_TABLE_SLACK``): its height at the event, from its flight since the snapshot
    before it (a ball that was on the cloth is at height 0)."""
    ev = result.events
    snaps = result.snapshots
    g, h = result.params.g, result.params.cushion_height
    faults: list[str] = []
    if len(snaps) != len(ev):  # a hand-built log: no heights to follow
        return faults
    assert snaps.z is not None and snaps.vz is not None
    for k in np.flatnonzero(ev["kind"] == EventKind.OFF_TABLE):
        a = int(ev["a"][k])
        if k == 0:  # flying since the start
            z0, vz0, dt = float(result.initial.z[a]), float(result.initial.vz[a]), float(ev["t"][0])
        elif snaps.motion[k - 1, a] == MotionState.AIRBORNE:
            z0, vz0 = float(snaps.z[k - 1, a]), float(snaps.vz[k - 1, a])
            dt = float(ev["t"][k] - snaps.times[k - 1])
        else:
            z0 = vz0 = dt = 0.0
        z = z0 + vz0 * dt - 0.5 * g * dt * dt
        if z < h - OFF_TABLE_SLACK:
            faults.append(
                f"event {k} t={float(ev['t'][k]):.9g}: ball {a} left the table with its lowest"
                f" point {z:.4g} m up, below the rail tops ({h:.4g} m)"
            )
    return faults


def shot_faults(result: ShotResult, *, midpoints: bool = True) -> list[str]:
    """Every broken invariant of a finished shot, as readable lines (empty when all hold).

    Checks the snapshot after each event and, with ``midpoints``, the state half-way between
    consecutive events (``ShotResult.state_at``), where a missed collision would show."""
    table, params = result.table, result.params
    faults: list[str] = []
    ev = result.events
    t = ev["t"]
    if len(ev) and np.any(np.diff(t) < 0.0):
        k = int(np.argmax(np.diff(t) < 0.0))
        faults.append(f"events out of time order at rows {k}, {k + 1}: {t[k]} > {t[k + 1]}")
    if result.strike is not None and (
        len(ev) == 0 or ev["kind"][0] != EventKind.STRIKE or t[0] != 0
    ):
        faults.append("the first event is not the strike at t = 0")
    snaps = result.snapshots
    on = ~np.isin(snaps.motion, OUT_OF_PLAY)
    energy = _energies(snaps.vel, snaps.spin, on, params, snaps.z, snaps.vz)
    rises = np.flatnonzero(energy[1:] > energy[:-1] * (1 + ENERGY_REL_TOL) + ENERGY_ABS_TOL)
    if rises.size:
        k = int(rises[0]) + 1
        faults.append(
            f"energy rose at event {k} ({EventKind(int(ev['kind'][k])).name}, t={t[k]:.9g}):"
            f" {energy[k - 1]:.12g} -> {energy[k]:.12g} J"
        )
    faults += _off_table_faults(result)
    faults += _geometry_faults(
        table, params, snaps.pos, on, snaps.times, "after the event at", snaps.z
    )
    if midpoints and len(snaps) > 1:
        gaps = np.flatnonzero(np.diff(snaps.times) > 0.0)
        mids = 0.5 * (snaps.times[gaps] + snaps.times[gaps + 1])
        states = [result.state_at(float(tm)) for tm in mids]
        if states:
            m_pos = np.stack([st.pos for st in states])
            m_on = np.stack([st.on_table for st in states])
            m_z = np.stack([st.z for st in states])
            m_energy = _energies(
                np.stack([st.vel for st in states]), np.stack([st.spin for st in states]), m_on,
                params, m_z, np.stack([st.vz for st in states]),
            )  # fmt: skip
            rose = m_energy > energy[gaps] * (1 + ENERGY_REL_TOL) + ENERGY_ABS_TOL
            if rose.any():
                k = int(gaps[np.argmax(rose)])
                faults.append(f"energy rose between events {k} and {k + 1}")
            faults += _geometry_faults(table, params, m_pos, m_on, mids, "between events, at", m_z)
    final = result.final
    settled = np.isin(final.motion, (MotionState.STATIONARY, *OUT_OF_PLAY))
    if not settled.all():
        faults.append(f"the shot ended with balls still moving: motion {final.motion.tolist()}")
    faults += _geometry_faults(
        table, params, final.pos[None], final.on_table[None], np.array([result.duration]),
        "at the end", final.z[None],
    )  # fmt: skip
    return faults
