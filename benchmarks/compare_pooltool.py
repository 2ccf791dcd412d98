"""Replay the same layouts and cue parameters in cuesim and in pooltool; print the time ratio.

Run it with an interpreter in which pooltool (PyPI ``pooltool-billiards``) is importable; both
engines run in that one process. Without pooltool it prints how to install it and exits 0.

Mapping (both engines use the same table frame, docs/physics.md §0.1):

- pooltool's ``V0`` is the cue-stick speed, like our ``Strike.speed``; ``phi``, ``theta`` and
  ``b`` mean the same; pooltool's ``+a`` is LEFT English, ours is right, so ``a`` flips sign;
- the pooltool table gets our playing surface, cushion height and pocket shapes
  (``corner_pocket_angle = cut - 135``, ``side_pocket_angle = cut - 90``, jaw radius = our
  knuckle radius, pocket depth and radius = our capture depth and radius);
- the balls get our radius, mass and friction/restitution coefficients; the cue gets our cue
  mass and end mass, and our cue tip is made perfectly elastic (``e_tip = 1``, pooltool's
  strike model), so both engines start from the same cue-ball speed and spin.

The models still differ (pooltool's default cushion and ball-ball models, its cue-strike model),
so outcomes are printed for orientation only; the point is the time per shot.

Usage::

    python benchmarks/compare_pooltool.py [--random N] [--repeats K]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

INSTALL_HELP = """\
pooltool is not importable here; nothing to compare.

pooltool-billiards 0.6.0 pins panda3d==1.11.0.dev3702, a build PyPI does not carry. Install it
in a separate virtual environment without its pins, then its dependencies by hand:

    python -m venv /tmp/ptvenv
    /tmp/ptvenv/bin/pip install --no-deps pooltool-billiards==0.6.0
    /tmp/ptvenv/bin/pip install "panda3d>=1.10.13,<1.11" panda3d-gltf panda3d-simplepbr \\
        numpy numba "llvmlite>=0.44,<0.46" scipy attrs cattrs msgpack msgpack-numpy pyyaml \\
        click pillow h5py h11 "rich>=14,<15" numpy-quaternion
    /tmp/ptvenv/bin/python benchmarks/compare_pooltool.py
"""


def _pooltool_table(pt: Any, table: Any) -> Any:
    from pooltool.objects.table.specs import PocketTableSpecs, SnookerTableSpecs

    from sim.table import Table

    corner, side = table.corner_pocket, table.side_pocket
    fields = {
        "l": table.length,
        "w": table.width,
        "cushion_height": table.cushion_height,
        "corner_pocket_width": corner.mouth,
        "corner_pocket_angle": corner.cut_angle_deg - 135.0,
        "corner_pocket_depth": corner.capture_depth,
        "corner_pocket_radius": corner.capture_radius,
        "corner_jaw_radius": corner.knuckle_radius,
        "side_pocket_width": side.mouth,
        "side_pocket_angle": side.cut_angle_deg - 90.0,
        "side_pocket_depth": side.capture_depth,
        "side_pocket_radius": side.capture_radius,
        "side_jaw_radius": side.knuckle_radius,
    }
    specs_cls = SnookerTableSpecs if table.kind == Table.snooker().kind else PocketTableSpecs
    return pt.Table.from_table_specs(specs_cls(**fields))


def _pooltool_system(pt: Any, scenario: Any, params: Any) -> Any:
    ball_kwargs = {
        "R": params.R,
        "m": params.m,
        "u_s": params.u_s,
        "u_r": params.u_r,
        "e_b": params.e_b,
        "e_c": params.e_c,
        "f_c": params.f_c,
        "g": params.g,
    }
    balls = {}
    for i, (x, y) in enumerate(scenario.state.pos):
        ball_id = "cue" if i == 0 else str(i)
        balls[ball_id] = pt.Ball.create(ball_id, xy=(float(x), float(y)), **ball_kwargs)
    from pooltool.objects.cue.datatypes import CueSpecs

    cue = pt.Cue(
        cue_ball_id="cue",
        specs=CueSpecs(M=params.cue_mass, end_mass=params.effective_end_mass),
    )
    system = pt.System(table=_pooltool_table(pt, scenario.table), balls=balls, cue=cue)
    s = scenario.strike
    system.strike(
        V0=s["speed"],
        phi=s["phi"],
        theta=s.get("theta", 0.0),
        a=-s.get("a", 0.0),
        b=s.get("b", 0.0),
    )
    return system


def _matched_params(table: Any) -> Any:
    """Our parameters with pooltool's elastic tip (its strike model has no tip restitution)."""
    from sim.params import Params

    return Params.for_table(table, e_tip=1.0)


def time_side_by_side(pt: Any, scenario: Any, repeats: int) -> tuple[float, float, int, int, float]:
    """One shot in both engines, interleaved: ``repeats`` rounds of one cuesim run then one
    pooltool run (each on a fresh copy of the system). Returns (cuesim median s, pooltool
    median s, cuesim events, pooltool events, metres between the two cue balls' final spots)."""
    import numpy as np

    from sim.simulate import simulate
    from sim.strike import Strike

    params = _matched_params(scenario.table)
    strike = Strike(**scenario.strike)
    result = simulate(scenario.table, scenario.state, strike, params)
    system = _pooltool_system(pt, scenario, params)
    copies = [system.copy() for _ in range(repeats + 1)]
    pt.simulate(copies[0], inplace=True)
    ours, theirs = [], []
    for cp in copies[1:]:
        start = time.perf_counter()
        simulate(scenario.table, scenario.state, strike, params)
        ours.append(time.perf_counter() - start)
        start = time.perf_counter()
        pt.simulate(cp, inplace=True)
        theirs.append(time.perf_counter() - start)
    cue_pt = np.asarray(copies[0].balls["cue"].state.rvw[0][:2])
    apart = float(np.hypot(*(cue_pt - result.final.pos[0])))
    return (statistics.median(ours), statistics.median(theirs), len(result.events),
            len(copies[0].events), apart)  # fmt: skip


#: Target: pooltool's time over cuesim's on every break, at least.
RATIO_TARGET = 300.0


def pooltool_rows(repeats: int = 5) -> list[Any]:
    """The ``cuesim bench`` rows: pooltool time / cuesim time on each break (one run, shots
    interleaved), or one row saying pooltool is not importable here."""
    from benchmarks.shots import break_scenarios
    from benchmarks.timing import BenchRow

    try:
        import pooltool as pt
    except ImportError:
        return [
            BenchRow("pooltool", "pooltool / cuesim, same breaks", "x", None, target=RATIO_TARGET,
                     target_is_max=False, note="pooltool not importable here (see "
                     "benchmarks/compare_pooltool.py)")
        ]  # fmt: skip
    rows = []
    for sc in break_scenarios():
        if not sc.name.endswith("_break"):
            continue
        ours, theirs, ev_ours, ev_theirs, _ = time_side_by_side(pt, sc, repeats)
        rows.append(
            BenchRow(f"pooltool_{sc.name}", f"pooltool / cuesim time ({ev_theirs} / {ev_ours} "
                     "events)", "x", theirs / ours, None, None, repeats, RATIO_TARGET,
                     target_is_max=False, extra={"cuesim_s": ours, "pooltool_s": theirs})
        )  # fmt: skip
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="compare_pooltool.py", description=__doc__.split("\n")[0])
    parser.add_argument("--random", type=int, default=20, help="random 16-ball shots (20)")
    parser.add_argument("--repeats", type=int, default=5, help="timed runs per shot (5)")
    args = parser.parse_args(argv)

    # pooltool and cuesim may run here under a numba other than the project's: keep this run's
    # compiled kernels out of the project's cache.
    os.environ.setdefault(
        "NUMBA_CACHE_DIR", str(Path(tempfile.gettempdir()) / "cuesim-compare-numba-cache")
    )
    try:
        import pooltool as pt
    except ImportError:
        print(INSTALL_HELP)
        return 0

    from benchmarks.shots import break_scenarios, random_scenarios
    from sim.warmup import warmup

    print(f"pooltool {getattr(pt, '__version__', '?')}; compiling both engines once ...")
    start = time.perf_counter()
    warmup()
    print(f"  cuesim warm-up {time.perf_counter() - start:.1f} s")
    scenarios = break_scenarios()
    start = time.perf_counter()
    first = _pooltool_system(pt, scenarios[0], _matched_params(scenarios[0].table))
    pt.simulate(first, inplace=True)
    print(f"  pooltool first shot {time.perf_counter() - start:.1f} s")

    header = (
        "| scenario | cuesim ms | pooltool ms | pooltool / cuesim | events (cuesim, pooltool) "
        "| cue ball ends apart (m) |"
    )
    print("\n" + header + "\n|---|---:|---:|---:|---|---:|")
    rows: list[tuple[str, float, float]] = []

    def compare(name: str, group: list[Any]) -> None:
        ours = theirs = 0.0
        ev_ours = ev_theirs = 0
        apart = []
        for sc in group:
            o, t, eo, et, gap = time_side_by_side(pt, sc, args.repeats)
            ours += o
            theirs += t
            ev_ours += eo
            ev_theirs += et
            apart.append(gap)
        k = len(group)
        rows.append((name, ours / k, theirs / k))
        print(
            f"| {name} | {1e3 * ours / k:.3f} | {1e3 * theirs / k:.2f} | {theirs / ours:.0f}x | "
            f"{ev_ours / k:.0f}, {ev_theirs / k:.0f} | {statistics.median(apart):.3f} |"
        )

    for sc in scenarios:
        compare(sc.name, [sc])
    if args.random > 0:
        compare(f"random_16_ball (mean of {args.random})", random_scenarios(args.random))
    return 0


if __name__ == "__main__":
    sys.exit(main())
