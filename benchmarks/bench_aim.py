"""The full aim assist's cost per mouse move.

    .venv/bin/python benchmarks/bench_aim.py [--moves 400] [--json PATH]

For a snooker frame (22 balls) and a 9-ball rack (10 balls) at their opening position, the
pointer sweeps the cue through a full turn in ``--moves`` steps, with a different tip and power
every tenth step; each move changes the aim, so each one pays for a new preview: the window's
own ``render.preview.preview_for_aim`` (build the position, ``sim.simulate`` capped at
``PREVIEW_MAX_EVENTS`` events, the two paths read off the log). Prints the median, the 95th
percentile and the worst move in milliseconds, wall clock (on a loaded machine the tail is
other processes' time as much as ours), and the share of moves under the 2 ms target.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import rules  # noqa: E402  (after the path set-up above)
from rules.files import write_atomic  # noqa: E402

#: The target, ms per mouse move.
TARGET_MS = 2.0


def time_moves(game: str, moves: int) -> dict[str, float]:
    """Per-move preview times (ms) for ``game`` at its opening position: median, p95, max,
    the share under :data:`TARGET_MS`, and the number of balls."""
    from render import aiming
    from render.match import MatchConfig
    from render.preview import PreviewCache, preview_for_aim
    from render.session import Session

    session = Session()
    session.start_match(MatchConfig(game, ("Ann", "Bob"), seed=3))
    current = session.game
    aim = aiming.aim_for_turn(current, 0.45)
    cache = PreviewCache()
    preview_for_aim(current, aim, cache)  # compiled kernels loaded, caches warm
    start_phi = aim.phi_deg
    times = []
    for k in range(moves):
        aim.phi_deg = (start_phi + 360.0 * k / moves) % 360.0
        if k % 10 == 0:
            aim.power = 0.2 + 0.6 * ((k // 10) % 5) / 4
            aim.a, aim.b = aiming.clamp_tip(0.3 * ((k // 10) % 3 - 1), 0.25 * ((k // 10) % 4 - 1.5))
        t0 = time.perf_counter()
        preview_for_aim(current, aim, cache)
        times.append(1000 * (time.perf_counter() - t0))
    if cache.computed < moves:
        raise RuntimeError(f"only {cache.computed} of {moves} moves simulated: the sweep repeats")
    times.sort()
    return {
        "balls": int(current.state.n),
        "median_ms": round(statistics.median(times), 3),
        "p95_ms": round(times[int(0.95 * (len(times) - 1))], 3),
        "max_ms": round(times[-1], 3),
        "under_target": round(sum(t < TARGET_MS for t in times) / len(times), 3),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=400, help="mouse moves per game (>= 10)")
    parser.add_argument("--json", metavar="PATH", help="also write the numbers as JSON")
    args = parser.parse_args()
    if args.moves < 10:
        parser.error(f"--moves must be at least 10, got {args.moves}")
    out = {}
    for kind in (rules.GameKind.SNOOKER, rules.GameKind.NINE_BALL):
        row = time_moves(kind.value, args.moves)
        out[kind.value] = row
        print(
            f"{kind.value}: {row['balls']} balls, per mouse move median {row['median_ms']:.3f} ms,"
            f" p95 {row['p95_ms']:.3f} ms, max {row['max_ms']:.3f} ms;"
            f" {100 * row['under_target']:.1f}% under {TARGET_MS:g} ms"
        )
    if args.json:
        write_atomic(Path(args.json), json.dumps(out, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
