"""Engine fuzz: random shots of the hard kinds, checked against the shot invariants.

Run it (both cores by default)::

    .venv/bin/python benchmarks/fuzz_engine.py --shots 100000 --seed 1
    .venv/bin/python benchmarks/fuzz_engine.py --shots 2000 --seed 3 --kinds jaws throat
    .venv/bin/python benchmarks/fuzz_engine.py --replay 3:1234      # one shot, with its faults

Each shot is reproducible from ``(seed, index)`` (:func:`make_fuzz_shot`). Layout kinds
(:data:`KINDS`):

- ``mixed``: the invariant test's shots (:func:`make_shot`): 9-ball and 8-ball racks on the
  9, 8 and 7 ft tables, the snooker set-up, scattered balls, and states with several balls
  already moving, some of them flying;
- ``frozen``: balls frozen to cushions (touching a rail, a jaw facing or a knuckle);
- ``row``: touching rows of 2-8 balls in a random direction, struck along the row or across;
- ``cradle``: Newton's cradle, a touching row along an axis struck straight down it;
- ``jaws``: balls at pocket jaws, touching a facing or a knuckle (some touching two);
- ``throat``: two or three touching balls in a pocket's throat, nudged or struck;
- ``corner``: a touching pack of 4-10 balls near a corner pocket;
- ``stack``: a ball dropped (or thrown) onto a ball on the cloth, near a cluster.

Every table (pool 9/8/7 ft, snooker) is used; strikes are elevated 0-30 deg, a fifth of them
are jump strikes at 35-60 deg, and a tenth of the contact layouts start with a ball in flight.
Parameters: the defaults for half of the shots, otherwise a cushion and a ball-ball model drawn
from the model table (``sim.models.MODELS``) with coefficients drawn across the documented
ranges (docs/physics.md §4).

Figures printed: shots (and how many had a ball in the air, and a ball leaving the table),
events, faults by kind, shots that reached the event cap (with how
to replay them), the slowest shots (with their seeds), wall time and shots/s.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from benchmarks.invariants import shot_faults
from benchmarks.shots import (
    aim_phi,
    eight_ball_rack,
    nine_ball_rack,
    random_strike_numbers,
    scattered_layout,
    snooker_layout,
)
from sim.balls import BallState
from sim.constants import MotionState
from sim.errors import EventCapExceededError
from sim.events import EventKind
from sim.models import BALL_BALL, CUSHION, codes_of
from sim.params import Params
from sim.simulate import simulate
from sim.strike import Strike
from sim.table import Table

TABLES = (
    lambda: Table.pool(9),
    lambda: Table.pool(8),
    lambda: Table.pool(7),
    Table.snooker,
)

#: Layout kinds of :func:`make_fuzz_shot` (see the module docstring).
KINDS = ("mixed", "frozen", "row", "cradle", "jaws", "throat", "corner", "stack")


@dataclass(frozen=True)
class Shot:
    """One random shot: enough to replay it (``simulate(table, state, strike)``)."""

    label: str
    table: Table
    state: BallState
    strike: Strike | None
    params: Params | None = None


def _cue_spot(table: Table, rng: np.random.Generator, others: np.ndarray) -> tuple[float, float]:
    """A random free spot for the cue ball: in the kitchen (pool) or the D (snooker)."""
    R = table.ball_radius
    for _ in range(1000):
        if table.d_centre is not None:  # the snooker table: the cue ball goes in the D
            assert table.d_centre is not None and table.d_radius is not None
            r = (table.d_radius - R) * math.sqrt(rng.random())
            a = rng.uniform(math.pi, 2.0 * math.pi)
            p = (table.d_centre[0] + r * math.cos(a), table.d_centre[1] + r * math.sin(a))
        else:
            p = (
                rng.uniform(R + 1e-3, table.width - R - 1e-3),
                rng.uniform(R + 1e-3, table.head_string_y),
            )
        free = len(others) == 0 or np.min(np.hypot(*(others - np.array(p)).T)) > 2 * R + 1e-6
        if free and table.contains_ball(*p, clearance=R + 1e-4):
            return p
    raise ValueError(f"no free spot for the cue ball on {table.name}")


def _random_params(table: Table, rng: np.random.Generator) -> Params | None:
    """Default parameters half of the time; otherwise a model of each family drawn from the
    model table (``sim.models.MODELS``: a model added there is fuzzed with no change here) and
    coefficients drawn across the ranges of docs/physics.md §4."""
    if rng.random() < 0.5:
        return None
    return Params.for_table(
        table,
        cushion_model=str(rng.choice(list(codes_of(CUSHION)))),
        ball_ball_model=str(rng.choice(list(codes_of(BALL_BALL)))),
        e_b=float(rng.uniform(0.85, 1.0)),
        e_c=float(rng.uniform(0.6, 0.98)),
        f_c=float(rng.uniform(0.05, 0.3)),
        u_s=float(rng.uniform(0.15, 0.4)),
        u_r=float(rng.uniform(0.005, 0.015)),
        spin_decel=float(rng.uniform(5.0, 40.0)),
        u_b=None if rng.random() < 0.5 else float(rng.uniform(0.01, 0.08)),
    )


def make_shot(seed: int, index: int) -> Shot:
    """The random shot number ``index`` of the run seeded ``seed`` (deterministic)."""
    rng = np.random.default_rng([seed, index])
    kind = rng.choice(
        ["nine", "eight", "snooker_layout", "scattered", "moving"], p=[0.2, 0.2, 0.15, 0.3, 0.15]
    )
    table = TABLES[int(rng.integers(0, 3))]() if kind in ("nine", "eight") else None
    if kind == "snooker_layout":
        table = Table.snooker()
    if kind in ("scattered", "moving"):
        table = TABLES[int(rng.integers(0, 4))]()
    assert table is not None
    if kind == "nine":
        state = nine_ball_rack(table, rng)
    elif kind == "eight":
        state = eight_ball_rack(table, rng)
    elif kind == "snooker_layout":
        state = snooker_layout(table, rng)
    else:
        state = scattered_layout(table, int(rng.integers(1, 17)), rng)
    if kind in ("nine", "eight", "snooker_layout"):
        state = state.with_ball_at(0, _cue_spot(table, rng, state.pos[1:]))
    if kind == "moving":
        n = state.n
        moving = rng.random(n) < 0.6
        moving[0] = True
        speed = rng.uniform(0.0, 6.0, n) * moving
        ang = rng.uniform(0.0, 2.0 * math.pi, n)
        vel = np.stack([speed * np.cos(ang), speed * np.sin(ang)], axis=1)
        spin = rng.normal(0.0, 60.0, (n, 3)) * moving[:, None]
        flying = moving & (rng.random(n) < 0.3)
        z = np.where(flying, rng.uniform(0.0, 0.05, n), 0.0)
        vz = np.where(flying, rng.uniform(-1.0, 2.0, n), 0.0)
        state = BallState(state.pos, vel, spin, radius=table.ball_radius, z=z, vz=vz)
        params = _random_params(table, rng)
        return Shot(_label(kind, table, n, params), table, state, None, params)
    numbers = random_strike_numbers(rng, speed_range=(0.2, 10.0))
    if rng.random() < 0.2:  # a jump strike
        numbers["theta"] = float(rng.uniform(35.0, 60.0))
    if kind != "scattered" and rng.random() < 0.5:
        # a break-like shot at the head ball of the rack, slightly off centre
        target = state.pos[1] + rng.normal(0.0, 0.5 * table.ball_radius, 2)
        numbers["phi"] = aim_phi(state.pos[0], target)
    params = _random_params(table, rng)
    return Shot(_label(kind, table, state.n, params), table, state, Strike(**numbers), params)


def _label(kind: str, table: Table, n: int, params: Params | None) -> str:
    models = "defaults" if params is None else f"{params.cushion_model}/{params.ball_ball_model}"
    return f"{kind} {table.name} n={n} {models}"


# -- contact layouts -----------------------------------------------------------------------------


def _free(table: Table, p: np.ndarray, placed: list[np.ndarray]) -> bool:
    """True when a ball centred at ``p`` (m) lies on the cloth and clear of ``placed``."""
    D = 2.0 * table.ball_radius
    if not table.contains_ball(float(p[0]), float(p[1])):
        return False
    return all(float(np.hypot(*(p - q))) >= D for q in placed)


def _snap_to_cushion(table: Table, p: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """``p`` moved along the normal of its nearest cushion until it touches it (frozen), or a
    hair (up to 1 um) off it."""
    R = table.ball_radius
    dists = table.cushion_distances(p)
    c = int(np.argmin(dists))
    arcs = table.arrays.arcs
    ns = table.arrays.segments.shape[0]
    if c < ns:
        x1, y1, x2, y2, _nx, _ny = table.arrays.segments[c]
        ex, ey = x2 - x1, y2 - y1
        s = min(max(((p[0] - x1) * ex + (p[1] - y1) * ey) / (ex * ex + ey * ey), 0.0), 1.0)
        foot = np.array([x1 + s * ex, y1 + s * ey])
    else:
        foot = arcs[c - ns, :2] + arcs[c - ns, 2] * (p - arcs[c - ns, :2]) / max(
            float(np.hypot(*(p - arcs[c - ns, :2]))), 1e-12
        )
    away = p - foot
    length = float(np.hypot(*away))
    if length == 0.0:
        return p
    gap = 0.0 if rng.random() < 0.5 else float(rng.uniform(0.0, 1e-6))
    return np.asarray(foot + away / length * (R + gap))


def _grow_cluster(
    table: Table,
    rng: np.random.Generator,
    anchor: np.ndarray,
    count: int,
    *,
    direction: float | None = None,
    frozen: bool = False,
) -> list[np.ndarray]:
    """Up to ``count`` balls touching (or a hair apart, up to 1 um) in a chain from ``anchor``:
    along ``direction`` (rad) for a row, else each new ball beside a random earlier one;
    ``frozen`` snaps each to its nearest cushion first when that keeps it free."""
    D = 2.0 * table.ball_radius
    placed: list[np.ndarray] = []
    p = np.asarray(anchor, dtype=float)
    for _ in range(200):
        if len(placed) >= count:
            break
        if placed:
            base = placed[-1] if direction is not None else placed[int(rng.integers(len(placed)))]
            ang = direction if direction is not None else rng.uniform(0.0, 2.0 * math.pi)
            gap = 0.0 if rng.random() < 0.6 else float(rng.uniform(0.0, 1e-6))
            p = base + (D + gap) * np.array([math.cos(ang), math.sin(ang)])
        if frozen:
            q = _snap_to_cushion(table, p, rng)
            if _free(table, q, placed):
                p = q
        if _free(table, p, placed):
            placed.append(p)
        elif direction is not None and placed:
            break
        elif not placed:
            p = np.asarray(anchor, dtype=float) + rng.normal(0.0, D, 2)
    return placed


def _near_pocket(table: Table, rng: np.random.Generator, corner: bool) -> np.ndarray:
    """A random spot just outside a pocket's capture circle, toward the table (m)."""
    pockets = [pk for pk in table.pockets if (pk.kind == "corner") == corner] or list(table.pockets)
    pk = pockets[int(rng.integers(len(pockets)))]
    centre = np.array([table.width / 2.0, table.length / 2.0])
    towards = centre - np.array([pk.x, pk.y])
    towards /= np.hypot(*towards)
    ang = math.atan2(towards[1], towards[0]) + rng.normal(0.0, 0.5)
    r = pk.radius + table.ball_radius * rng.uniform(0.2, 3.0)
    return np.array([pk.x + r * math.cos(ang), pk.y + r * math.sin(ang)])


def _contact_layout(kind: str, table: Table, rng: np.random.Generator) -> list[np.ndarray]:
    """Object-ball centres of a contact layout of ``kind`` on ``table``."""
    R = table.ball_radius
    margin = R + 1e-3
    spot = np.array(
        [rng.uniform(margin, table.width - margin), rng.uniform(margin, table.length - margin)]
    )
    if kind == "frozen":
        balls: list[np.ndarray] = []
        for _ in range(int(rng.integers(1, 7))):
            anchor = spot if rng.random() < 0.3 else _near_pocket(table, rng, rng.random() < 0.6)
            for p in _grow_cluster(table, rng, anchor, int(rng.integers(1, 4)), frozen=True):
                if _free(table, p, balls):
                    balls.append(p)
            spot = np.array([rng.uniform(0, table.width), rng.uniform(0, table.length)])
        return balls
    if kind in ("row", "cradle"):
        ang = rng.uniform(0.0, 2.0 * math.pi)
        if kind == "cradle":
            ang = 0.5 * math.pi * int(rng.integers(4))
        return _grow_cluster(table, rng, spot, int(rng.integers(2, 9)), direction=ang)
    if kind == "jaws":
        balls = []
        for _ in range(int(rng.integers(1, 4))):
            anchor = _near_pocket(table, rng, rng.random() < 0.5)
            for p in _grow_cluster(table, rng, anchor, int(rng.integers(1, 3)), frozen=True):
                if _free(table, p, balls):
                    balls.append(p)
        return balls
    if kind == "throat":
        anchor = _near_pocket(table, rng, rng.random() < 0.5)
        return _grow_cluster(table, rng, anchor, int(rng.integers(2, 4)), frozen=rng.random() < 0.5)
    # corner pack
    anchor = _near_pocket(table, rng, corner=True)
    return _grow_cluster(table, rng, anchor, int(rng.integers(4, 11)), frozen=rng.random() < 0.5)


def _cue_for(
    table: Table, rng: np.random.Generator, balls: list[np.ndarray], target: np.ndarray | None
) -> tuple[np.ndarray, float]:
    """A free cue-ball spot (m) and a cue direction (deg): at ``target`` from 0.1-1 m away
    when one is given, else anywhere and in any direction."""
    R = table.ball_radius
    for _ in range(500):
        if target is not None:
            ang = rng.uniform(0.0, 2.0 * math.pi)
            p = target + rng.uniform(3.0 * R, 1.0) * np.array([math.cos(ang), math.sin(ang)])
            phi = aim_phi(p, target + rng.normal(0.0, 0.5 * R, 2))
        else:
            p = np.array([rng.uniform(0.0, table.width), rng.uniform(0.0, table.length)])
            phi = float(rng.uniform(0.0, 360.0))
        if _free(table, p, balls):
            return p, phi
    raise ValueError(f"no free spot for the cue ball on {table.name}")


def _flying_start(
    table: Table, rng: np.random.Generator, state: BallState, stack: bool
) -> BallState:
    """``state`` with one object ball in flight: dropped or thrown onto another ball when
    ``stack`` (beside it, 5-10 cm up, moving over it), else
    launched upward with a random velocity."""
    n = state.n
    z = np.zeros(n)
    vz = np.zeros(n)
    vel = np.zeros((n, 2))
    pos = np.array(state.pos, dtype=float)
    i = int(rng.integers(1, n)) if n > 1 else 0
    if stack and n > 2:
        # beside ball j (the input check is 2-D), high, and moving over it: it lands on top
        j = int(rng.integers(1, n))
        j = j if j != i else (j % (n - 1)) + 1
        ang = rng.uniform(0.0, 2.0 * math.pi)
        toward = -np.array([math.cos(ang), math.sin(ang)])
        pos[i] = pos[j] - toward * (2.0 * table.ball_radius + 1e-6)
        z[i] = 2.0 * table.ball_radius * rng.uniform(0.9, 1.8)
        vel[i] = toward * rng.uniform(0.05, 1.0)
        vz[i] = rng.uniform(-0.5, 0.5)
    else:
        z[i] = rng.uniform(0.0, 0.03)
        vz[i] = rng.uniform(0.0, 2.0)
        ang = rng.uniform(0.0, 2.0 * math.pi)
        vel[i] = rng.uniform(0.0, 3.0) * np.array([math.cos(ang), math.sin(ang)])
    spin = np.zeros((n, 3))
    spin[i] = rng.normal(0.0, 30.0, 3)
    R = table.ball_radius
    others = np.delete(np.arange(n), i)
    d = np.hypot(pos[others, 0] - pos[i, 0], pos[others, 1] - pos[i, 1])
    # the input check is 2-D, and a flying start is kept clear of every rail by 2R
    if d.min(initial=np.inf) < 2.0 * R or not table.contains_ball(
        float(pos[i, 0]), float(pos[i, 1]), clearance=2.0 * R
    ):
        return state
    return BallState(pos, vel, spin, radius=R, z=z, vz=vz)


def make_fuzz_shot(seed: int, index: int, kinds: Sequence[str] = KINDS) -> Shot:
    """Shot number ``index`` of the fuzz run seeded ``seed`` over layout ``kinds``
    (deterministic: the same arguments give the same shot)."""
    rng = np.random.default_rng([seed, index, 12])
    kind = str(kinds[int(rng.integers(len(kinds)))])
    if kind == "mixed":
        return make_shot(seed, index)
    table = TABLES[int(rng.integers(0, 4))]()
    balls: list[np.ndarray] = []
    for _ in range(20):
        balls = _contact_layout("row" if kind == "stack" else kind, table, rng)
        if len(balls) >= (2 if kind in ("throat", "row", "cradle", "stack") else 1):
            break
    if not balls:
        balls = [np.array(table.centre_spot, dtype=float)]
    target = balls[0] if kind == "cradle" else balls[int(rng.integers(len(balls)))]
    if kind == "cradle" and len(balls) > 1:
        back = balls[0] - (balls[1] - balls[0]) / np.hypot(*(balls[1] - balls[0])) * 0.3
        cue, phi = (back, aim_phi(back, balls[0])) if _free(table, back, balls) else (None, 0.0)
    else:
        cue = None
    if cue is None:
        cue, phi = _cue_for(table, rng, balls, None if rng.random() < 0.15 else target)
    xy = np.array([cue, *balls])
    n = xy.shape[0]
    state = BallState(xy, np.zeros((n, 2)), np.zeros((n, 3)), radius=table.ball_radius)
    params = _random_params(table, rng)
    if kind == "stack" or rng.random() < 0.1:
        state = _flying_start(table, rng, state, stack=kind == "stack")
    if kind == "throat" and rng.random() < 0.3:  # nudged balls, no strike
        vel = rng.normal(0.0, 0.3, (state.n, 2))
        state = BallState(state.pos, vel, np.zeros((state.n, 3)), radius=table.ball_radius,
                          z=state.z, vz=state.vz)  # fmt: skip
        return Shot(_label(kind, table, state.n, params), table, state, None, params)
    numbers = random_strike_numbers(rng, speed_range=(0.05, 10.0))
    numbers["phi"] = phi
    if rng.random() < 0.2:
        numbers["theta"] = float(rng.uniform(35.0, 60.0))
    if kind == "cradle":
        numbers.update(a=0.0, b=float(rng.uniform(-0.3, 0.3)), theta=float(rng.uniform(0, 5)))
    return Shot(_label(kind, table, state.n, params), table, state, Strike(**numbers), params)


# -- running -------------------------------------------------------------------------------------


@dataclass
class FuzzReport:
    """What a fuzz run found: counts, faults, capped shots and the slowest shots."""

    shots: int = 0
    events: int = 0
    airborne: int = 0
    off_table: int = 0
    seconds: float = 0.0
    faults: list[str] = field(default_factory=list)
    fault_kinds: Counter[str] = field(default_factory=Counter)
    capped: list[str] = field(default_factory=list)
    slowest: list[tuple[float, str]] = field(default_factory=list)

    def merge(self, other: FuzzReport, keep: int = 10) -> None:
        """Add ``other``'s figures to this report (keeping the ``keep`` slowest shots)."""
        self.shots += other.shots
        self.events += other.events
        self.airborne += other.airborne
        self.off_table += other.off_table
        self.faults += other.faults
        self.fault_kinds.update(other.fault_kinds)
        self.capped += other.capped
        self.slowest = sorted(self.slowest + other.slowest, reverse=True)[:keep]


def _fault_kind(line: str) -> str:
    """A short name for the kind of a fault line (for the counts by kind)."""
    for key in ("energy", "overlap", "slate", "into cushion", "outside the cushions",
                "nose edge", "inside the rail", "woodwork", "left the table", "knuckle",
                "beyond the table", "still moving", "time order", "first event",
                "error"):  # fmt: skip
        if key in line:
            return key
    return "other"


def run_shots(
    seed: int, indices: Sequence[int], kinds: Sequence[str] = KINDS, *, midpoints: bool = True
) -> FuzzReport:
    """Simulate and check shots ``indices`` of run ``seed``; each fault line says how to replay
    its shot (``make_fuzz_shot(seed, index, kinds)``)."""
    report = FuzzReport()
    for index in indices:
        shot = make_fuzz_shot(seed, index, kinds)
        where = f"{seed}:{index} [{shot.label}]"
        start = time.perf_counter()
        try:
            result = simulate(shot.table, shot.state, shot.strike, shot.params)
        except EventCapExceededError as exc:
            report.capped.append(f"{where}: {exc}")
            report.shots += 1
            continue
        except ValueError as exc:  # a shot the engine refused: an error in the generator
            report.faults.append(f"{where}: error {exc}")
            report.fault_kinds["error"] += 1
            report.shots += 1
            continue
        elapsed = time.perf_counter() - start
        report.shots += 1
        report.events += len(result.events)
        report.airborne += bool((result.snapshots.motion == MotionState.AIRBORNE).any())
        report.off_table += bool((result.events["kind"] == EventKind.OFF_TABLE).any())
        report.slowest = sorted([*report.slowest, (elapsed, where)], reverse=True)[:10]
        lines = shot_faults(result, midpoints=midpoints)
        report.faults += [f"{where}: {line}" for line in lines]
        report.fault_kinds.update(_fault_kind(line) for line in lines)
    return report


def _work(job: tuple[int, list[int], tuple[str, ...], bool]) -> FuzzReport:
    seed, indices, kinds, midpoints = job
    return run_shots(seed, indices, kinds, midpoints=midpoints)


def fuzz(
    shots: int, seed: int, kinds: Sequence[str] = KINDS, *, workers: int = 2, chunk: int = 200,
    midpoints: bool = True, progress: bool = False,
) -> FuzzReport:  # fmt: skip
    """Run shots ``0 .. shots - 1`` of run ``seed`` on ``workers`` processes."""
    jobs = [(seed, list(range(k, min(k + chunk, shots))), tuple(kinds), midpoints)
            for k in range(0, shots, chunk)]  # fmt: skip
    total = FuzzReport()
    start = time.perf_counter()
    if workers <= 1:
        parts = map(_work, jobs)
        for part in parts:
            total.merge(part)
    else:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            for done, part in enumerate(pool.imap_unordered(_work, jobs), 1):
                total.merge(part)
                if progress and done % 10 == 0:
                    print(f"  {total.shots} shots, {len(total.capped)} capped, "
                          f"{len(total.faults)} faults, {time.perf_counter() - start:.0f} s",
                          file=sys.stderr, flush=True)  # fmt: skip
    total.seconds = time.perf_counter() - start
    return total


def print_report(report: FuzzReport, seed: int, kinds: Sequence[str]) -> None:
    """The run's figures, one per line."""
    rate = report.shots / report.seconds if report.seconds > 0 else 0.0
    print(f"fuzz_engine: seed {seed}, kinds {' '.join(kinds)}")
    print(f"shots       {report.shots}")
    print(f"  with a ball in the air      {report.airborne}")
    print(f"  with a ball off the table   {report.off_table}")
    print(f"events      {report.events}")
    print(f"capped      {len(report.capped)}")
    for line in report.capped[:20]:
        print(f"  {line}")
    print(f"faults      {len(report.faults)}  by kind: {dict(report.fault_kinds)}")
    for line in report.faults[:20]:
        print(f"  {line}")
    print("slowest     " + ", ".join(f"{s:.3f} s {w}" for s, w in report.slowest[:5]))
    print(f"wall time   {report.seconds:.1f} s  ({rate:.1f} shots/s)")


def _replay(spec: str, kinds: Sequence[str]) -> int:
    seed_text, _, index_text = spec.partition(":")
    report = run_shots(int(seed_text), [int(index_text)], kinds)
    print_report(report, int(seed_text), kinds)
    return 1 if report.capped or report.faults else 0


def main(argv: Sequence[str] | None = None) -> int:
    """Command line; returns 0 when no shot capped or broke an invariant, else 1."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shots", type=int, default=1000, help="number of shots (>= 1)")
    parser.add_argument("--seed", type=int, default=1, help="run seed (>= 0)")
    parser.add_argument("--kinds", nargs="+", choices=KINDS, default=list(KINDS))
    parser.add_argument("--workers", type=int, default=2, help="processes (>= 1)")
    parser.add_argument("--no-midpoints", action="store_true",
                        help="check only the snapshots, not the states between them")  # fmt: skip
    parser.add_argument("--replay", metavar="SEED:INDEX", help="run one shot and report it")
    args = parser.parse_args(argv)
    if args.replay:
        return _replay(args.replay, args.kinds)
    if args.shots < 1 or args.seed < 0 or args.workers < 1:
        parser.error("--shots and --workers must be at least 1 and --seed at least 0")
    report = fuzz(args.shots, args.seed, args.kinds, workers=args.workers,
                  midpoints=not args.no_midpoints, progress=True)  # fmt: skip
    print_report(report, args.seed, args.kinds)
    return 1 if report.capped or report.faults else 0


if __name__ == "__main__":
    sys.exit(main())
