"""Benchmarks of the computer player: its decision time, its strength, the order of its levels,
and a soak of whole racks. The figures of docs/computer-player.md come from here.

Usage::

    python benchmarks/bench_agents.py decision --racks 6            # decision time, every level
    python benchmarks/bench_agents.py strength --game nine-ball --racks 200 --workers 2
    python benchmarks/bench_agents.py ladder --game nine-ball --matches 100 --workers 2
    python benchmarks/bench_agents.py soak --game snooker --racks 1000 --levels beginner amateur

* ``decision``: each level against itself, ``--racks`` racks (frames) of each game on one
  process; the median and 95th percentile of the thinking time of every move (the break's
  table lookup included).
* ``strength``: ``--level`` against itself on ``--racks`` racks of ``--game``: pots made over
  attempted, fouls, break-and-runs, run-outs from the first visit (pool), scoring visits, 50+
  breaks and centuries (snooker), each with its 95 % Wilson interval where it is a share.
* ``ladder``: each level against the one below, ``--matches`` races to ``--race``: the share of
  matches the stronger level wins, with its interval; or, with ``--frames N``, N single racks
  (frames) a pair and the share of races to ``--race`` their share implies (snooker's matches
  are long: ``ladder --game snooker --frames 100 --seed 17 --workers 2``).
* ``soak``: ``--racks`` racks between ``--levels``; every one must end with a result.

Targets (the computer player's; never timed tests): decision median <= 1 s and p95 <= 3 s at
the strongest level, median <= 0.2 s at the weakest; pots >= 85 % (pro, pool); break-and-run
>= 25 % (pro, 9-ball); run-out from the first visit >= 30 % (pro, 8-ball); snooker scoring visits
>= 20 points on average and a century in 100 frames (pro); fouls <= 5 % of shots (beginner
<= 12 %); every level wins >= 60 % of races to 3 against the level below.
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

import agents  # noqa: E402
import rules  # noqa: E402
from agents.levels import Level, level_named  # noqa: E402
from lab.match_stats import race_share  # noqa: E402
from lab.matches import MatchPlan, MatchRun, run_matches  # noqa: E402
from lab.report import wilson_interval  # noqa: E402
from rules.files import write_atomic  # noqa: E402

GAMES = tuple(k.value for k in rules.GameKind)


def _share(made: int, total: int) -> str:
    if total == 0:
        return "-"
    lo, hi = wilson_interval(made, total)
    return f"{made / total:.1%} ({lo:.1%}-{hi:.1%}, n={total})"


def _run(
    game: str,
    levels: tuple[str | Level, ...],
    args: argparse.Namespace,
    racks: int = 0,
    race_to: int = 0,
    matches: int = 0,
) -> MatchRun:
    plan = MatchPlan(kind=game, levels=levels, seed=args.seed, racks=racks, race_to=race_to,
                     matches=matches)  # fmt: skip
    return run_matches(plan, workers=args.workers, progress=args.progress)


def decision(args: argparse.Namespace) -> dict[str, Any]:
    """Thinking time of every move, per game and level (one process)."""
    rows = []
    for game in args.games:
        for level in agents.LEVELS:
            began = time.perf_counter()
            run = _run(game, (level, level), argparse.Namespace(**{**vars(args), "workers": 1}),
                       racks=args.racks)  # fmt: skip
            times = np.array([s.decision_s for r in run.racks() for s in r.shots
                              if s.player >= 0])  # fmt: skip
            rows.append({
                "game": game, "level": level, "moves": int(times.size),
                "median_s": round(float(np.median(times)), 4),
                "p95_s": round(float(np.percentile(times, 95)), 4),
                "max_s": round(float(times.max()), 3),
                "wall_s": round(time.perf_counter() - began, 1),
            })  # fmt: skip
            print(
                f"{game:10s} {level:9s} moves {times.size:5d}  median {np.median(times):.3f} s"
                f"  p95 {np.percentile(times, 95):.3f} s  max {times.max():.2f} s",
                flush=True,
            )
    return {"decision": rows}


def strength(args: argparse.Namespace) -> dict[str, Any]:
    """One level against itself: its figures with their intervals (``--noise-scale``: the level
    with another hand, to see what its noise costs)."""
    level: str | Level = args.level
    if args.noise_scale is not None:
        level = dataclasses.replace(level_named(args.level), noise_scale=args.noise_scale)
    run = _run(args.game, (level, level), args, racks=args.racks)
    stats = run.stats()
    pots = sum(s.pots_made for s in stats), sum(s.pots_attempted for s in stats)
    fouls = sum(s.foul_shots for s in stats), sum(s.shots for s in stats)
    runs = sum(s.break_and_runs for s in stats), sum(s.legal_breaks for s in stats)
    firsts = sum(s.first_visit_wins for s in stats), sum(s.first_visits for s in stats)
    visits = [v for s in stats for v in s.visits]
    scoring = [v for v in visits if v > 0]
    racks = run.racks()
    out = {
        "game": args.game, "level": args.level, "noise_scale": level_named(level).noise_scale,
        "racks": len(racks),
        "stalled": sum(r.stalled for r in racks), "wall_s": round(run.wall_s, 1),
        "pots": _share(*pots), "fouls": _share(*fouls), "break_and_runs": _share(*runs),
        "first_visit_run_outs": _share(*firsts),
        "mean_scoring_visit": round(float(np.mean(scoring)), 2) if scoring else 0.0,
        "breaks_50": sum(v >= 50 for v in visits), "centuries": sum(v >= 100 for v in visits),
        "high_break": max(visits, default=0),
        "decision_median_s": round(float(np.median([t for s in stats for t in s.decision_s])), 4),
    }  # fmt: skip
    for key, value in out.items():
        print(f"{key:22s} {value}")
    return out


def ladder(args: argparse.Namespace) -> dict[str, Any]:
    """Every level against the level below: matches won by the stronger, in races; with
    ``--frames N``, N single racks (frames) instead, alternating the break, and the share of
    races the rack share implies (:func:`race_share`, the interval's ends mapped alike): the
    same order of levels for a quarter of the play where a match is long (snooker)."""
    if args.frames:
        return _ladder_of_racks(args)
    rows = []
    for weaker, stronger in zip(agents.LEVELS, agents.LEVELS[1:], strict=False):
        run = _run(args.game, (stronger, weaker), args, race_to=args.race, matches=args.matches)
        won = sum(w == 0 for w in run.match_winners())
        rows.append({"stronger": stronger, "weaker": weaker, "won": _share(won, args.matches),
                     "wall_s": round(run.wall_s, 1)})  # fmt: skip
        print(f"{stronger} against {weaker}: {rows[-1]['won']}", flush=True)
    return {"game": args.game, "race_to": args.race, "ladder": rows}


def _ladder_of_racks(args: argparse.Namespace) -> dict[str, Any]:
    rows = []
    for weaker, stronger in zip(agents.LEVELS, agents.LEVELS[1:], strict=False):
        run = _run(args.game, (stronger, weaker), args, racks=args.frames)
        won = run.stats()[0].racks_won
        lo, hi = wilson_interval(won, args.frames)
        implied = [race_share(p, args.race) for p in (won / args.frames, lo, hi)]
        rows.append({"stronger": stronger, "weaker": weaker, "racks_won": _share(won, args.frames),
                     "races_implied": f"{implied[0]:.1%} ({implied[1]:.1%}-{implied[2]:.1%})",
                     "wall_s": round(run.wall_s, 1)})  # fmt: skip
        print(f"{stronger} against {weaker}: racks {rows[-1]['racks_won']}; races to {args.race} "
              f"implied {rows[-1]['races_implied']}", flush=True)  # fmt: skip
    return {"game": args.game, "race_to": args.race, "frames": args.frames, "ladder": rows}


def soak(args: argparse.Namespace) -> dict[str, Any]:
    """Many racks between two levels: every one must end with a result."""
    run = _run(args.game, tuple(args.levels), args, racks=args.racks)
    racks = run.racks()
    stalled = sum(r.stalled for r in racks)
    longest = max(len(r.shots) for r in racks)
    out = {"game": args.game, "levels": args.levels, "racks": len(racks), "stalled": stalled,
           "results": sum(r.winner is not None for r in racks), "longest_rack_moves": longest,
           "wall_s": round(run.wall_s, 1)}  # fmt: skip
    print(json.dumps(out))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("decision", "strength", "ladder", "soak"))
    parser.add_argument("--game", choices=GAMES, default=GAMES[0])
    parser.add_argument("--games", nargs="+", choices=GAMES, default=list(GAMES))
    parser.add_argument("--level", choices=agents.LEVELS, default="pro")
    parser.add_argument("--levels", nargs=2, choices=agents.LEVELS, default=["amateur", "expert"])
    parser.add_argument("--racks", type=int, default=100)
    parser.add_argument(
        "--noise-scale", type=float, help="strength: the level's hand, x tournament"
    )
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--race", type=int, default=3)
    parser.add_argument("--frames", type=int, default=0, help="ladder: N single racks a pair")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--progress", action="store_true")
    parser.add_argument("--json", type=Path, help="write the figures as JSON")
    args = parser.parse_args(argv)
    if args.frames < 0:
        parser.error(f"--frames must be 0 (races) or a number of racks, not {args.frames}")
    report = {"decision": decision, "strength": strength, "ladder": ladder, "soak": soak}[
        args.what
    ](args)
    if args.json is not None:
        write_atomic(args.json, json.dumps(report, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
