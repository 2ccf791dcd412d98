"""The referee's fixed cost: what any Python ruling pays before it checks a single clause.

Usage::

    .venv/bin/python benchmarks/referee_floor.py               # every shipped example, 9 repeats
    .venv/bin/python benchmarks/referee_floor.py --repeats 21 --json out.json

The aim is that judging a shot costs well under the engine's time for that shot. A shipped
example is a short shot: a few events, so the engine's whole call (``sim.simulate``) is mostly
its own fixed cost, 20-40 us. This benchmark sets that beside the part of ``Game.judge`` that no
game's clauses can avoid, each step timed right after a simulation of its own (the order a study
and the window run in: the engine, then the referee), the best of ``--repeats``:

- ``read``: the shot's facts as every ruling first reads them: ``ShotFacts.from_result`` on a
  fresh result and its ``digest`` (the compiled pass over the log, ``sim.digest.digest_log``,
  and its Python values), with the result's fit checked (``rules.arguments.check_result_fits``);
- ``value``: the frozen ``Ruling`` the judge returns, made again from the fields of the shot's
  own ruling (its extras made again too);
- ``floor``: the two added, against ``engine`` and the whole ``judge``.

The table gives per game the medians over the examples, in microseconds, and the median of the
shots' ratios floor / engine and judge / engine. Timing goals live in benchmarks, never in the
test suite.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import rules  # noqa: E402
import sim  # noqa: E402
from lab.runner import prepare  # noqa: E402
from lab.scenario import load_scenario  # noqa: E402
from rules.arguments import check_result_fits  # noqa: E402
from rules.facts import ShotFacts  # noqa: E402
from rules.types import Ruling  # noqa: E402

STEPS = ("engine", "judge", "read", "value")


def _fields(value: Any) -> dict[str, Any]:
    """A frozen dataclass's fields by name (shallow: the values themselves)."""
    return {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}


def time_example(path: Path, repeats: int) -> dict[str, float]:
    """Best time (us) of each step of ``STEPS`` on the example at ``path``."""
    prepared = prepare(load_scenario(path))
    game, table, state = prepared.game, prepared.table, prepared.state
    s = prepared.intended
    strike = sim.Strike(s.speed, s.phi, s.theta, s.a, s.b)
    ruling = game.judge(sim.simulate(table, state, strike), prepared.declaration)
    fields = _fields(ruling)
    extras_type, extras_fields = type(ruling.extras), _fields(ruling.extras)
    n_balls = len(game.ball_names)
    clock = time.perf_counter
    best = dict.fromkeys(STEPS, float("inf"))
    for _ in range(repeats):
        start = clock()
        result = sim.simulate(table, state, strike)
        best["engine"] = min(best["engine"], clock() - start)
        start = clock()
        game.judge(result, prepared.declaration)
        best["judge"] = min(best["judge"], clock() - start)
        result = sim.simulate(table, state, strike)
        start = clock()
        check_result_fits(result, table, n_balls, game.title)
        ShotFacts.from_result(result, table).digest  # noqa: B018 (read for its cost)
        best["read"] = min(best["read"], clock() - start)
        sim.simulate(table, state, strike)
        start = clock()
        Ruling(**{**fields, "extras": extras_type(**extras_fields)})
        best["value"] = min(best["value"], clock() - start)
    return {k: v * 1e6 for k, v in best.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=9, help="timings per step and example")
    parser.add_argument("--json", type=Path, help="also write the per-game rows as JSON here")
    args = parser.parse_args(argv)
    if args.repeats < 1:
        parser.error(f"--repeats must be at least 1; got {args.repeats}")
    sim.warmup()
    print(
        "| game | examples | engine us | judge us | read us | value us | floor us | "
        "floor / engine | judge / engine |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    rows = []
    for kind in rules.GameKind:
        folder = ROOT / "examples" / kind.value
        paths = sorted(p for p in folder.iterdir() if p.suffix in (".toml", ".json"))
        shots = [time_example(p, args.repeats) for p in paths]
        t = {k: np.array([shot[k] for shot in shots]) for k in STEPS}
        floor = t["read"] + t["value"]
        row = {
            "game": kind.value,
            "examples": len(shots),
            **{f"{k}_us": float(np.median(t[k])) for k in STEPS},
            "floor_us": float(np.median(floor)),
            "floor_over_engine": float(np.median(floor / t["engine"])),
            "judge_over_engine": float(np.median(t["judge"] / t["engine"])),
        }
        rows.append(row)
        print(
            f"| {kind.value} | {len(shots)} | {row['engine_us']:.1f} | {row['judge_us']:.1f} | "
            f"{row['read_us']:.1f} | {row['value_us']:.1f} | {row['floor_us']:.1f} | "
            f"{row['floor_over_engine']:.2f} | {row['judge_over_engine']:.2f} |",
            flush=True,
        )
    if args.json is not None:
        args.json.write_text(json.dumps(rows, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
