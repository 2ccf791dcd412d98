"""``cuesim match``: whole racks or frames between computer players, with each player's figures.

    cuesim match nine-ball --players pro expert --racks 100 --seed 7
    cuesim match snooker --players pro pro --race 3 --matches 20 --workers 2 --json out.json
    cuesim match eight-ball --players amateur beginner --racks 50 --csv shots.csv --plot figs.png
    cuesim match examples/match-studies/nine-ball-magic-rack.toml --workers 2

A ``.toml`` or ``.json`` file in place of the game is a match study: every variant of its rules
played on the same seeds and compared (``cuesim.match_study_command``).

Every option is checked while the command line is parsed (``cuesim.options``); what needs the
game classes is checked before any rack is played. Nothing here imports the engine until the
run starts.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from dataclasses import asdict, fields
from typing import Any

from cuesim.options import bounded_int, cluster_address, output_path

#: Largest run the command line takes: racks (frames) in racks mode, matches in race mode, and
#: the longest race.
MAX_RACKS = 1_000_000
MAX_MATCHES = 100_000
MAX_RACE = 99
MAX_SEED = 2**63 - 1
MAX_WORKERS = 1024
#: Racks played when neither --racks nor --race is given.
DEFAULT_RACKS = 10


def register(subparsers: Any) -> None:
    """Add ``match`` to the ``cuesim`` parser."""
    match = subparsers.add_parser(
        "match",
        help="computer against computer: racks or frames, with statistics",
        description=(
            "Play whole racks (frames in snooker) between computer players at the given "
            "levels and print each player's figures (docs/computer-player.md); or, given a "
            "match-study file, play each of its rule variants on the same seeds and compare "
            "them (docs/match-study-format.md). The same seed gives the same results with any "
            "number of workers."
        ),
    )
    match.add_argument(
        "game", help="nine-ball, eight-ball or snooker; or a match-study file (.toml, .json)"
    )
    match.add_argument(
        "--players",
        nargs="+",
        metavar="LEVEL",
        help="the computer's level for each player, in turn order (2, or 4 for snooker doubles); "
        "required with a game, set by the file with a study",
    )
    size = match.add_mutually_exclusive_group()
    size.add_argument(
        "--racks",
        type=bounded_int(1, MAX_RACKS, "--racks"),
        help=f"racks (frames) to play, alternating the break (default {DEFAULT_RACKS})",
    )
    size.add_argument(
        "--race",
        type=bounded_int(1, MAX_RACE, "--race"),
        help="play matches: the first to N racks (frames) wins each",
    )
    match.add_argument(
        "--matches",
        type=bounded_int(1, MAX_MATCHES, "--matches"),
        help="with --race: how many matches (default 1)",
    )
    match.add_argument("--seed", type=bounded_int(0, MAX_SEED, "--seed"),
                       help="seed of the racks and of the computer's moves (default 0, or the "
                       "study file's)")  # fmt: skip
    match.add_argument("--workers", type=bounded_int(1, MAX_WORKERS, "--workers"),
                       help="local worker processes (default: every core)")  # fmt: skip
    match.add_argument("--cluster", metavar="ADDRESS", type=cluster_address,
                       help="run on a Dask cluster: tcp://host:8786 or 'local'")  # fmt: skip
    match.add_argument("--table", type=int, choices=(7, 8, 9), help="pool table, ft (default 9)")
    match.add_argument(
        "--rack-style",
        choices=("triangle", "magic"),
        help="9-ball: the classic triangle or the magic rack (three-ball rule)",
    )
    match.add_argument(
        "--players-warn",
        action="store_true",
        help="9-ball: the players give the two-foul warning, not the referee",
    )
    match.add_argument("--json", type=output_path(".json"), metavar="OUT",
                       help="write every figure as JSON")  # fmt: skip
    match.add_argument("--csv", type=output_path(".csv", kind="table"), metavar="OUT",
                       help="write every move as a CSV row (a study: every statistic)")  # fmt: skip
    match.add_argument("--plot", type=output_path(".png", ".svg", ".pdf", kind="picture"),
                       metavar="OUT", help="plot each player's figures (a study: one "
                       "picture per statistic, OUT-<statistic>.png)")  # fmt: skip
    match.add_argument("--quiet", action="store_true", help="no progress bar")
    match.set_defaults(handler=run_match_command)


def _error(message: str) -> int:
    print(f"cuesim match: error: {message}", file=sys.stderr)
    return 2


def _plan_from(args: argparse.Namespace) -> Any:
    """The run's plan, or a sentence saying what is wrong with the command line."""
    import agents
    import rules
    from lab.matches import MatchPlan

    try:
        cls = rules.game_class(args.game)
    except rules.UnknownGameError:
        kinds = ", ".join(k.value for k in rules.GameKind)
        return f"unknown game {args.game!r}; the games are: {kinds}"
    if not args.players:
        return "--players is required with a game (the computer's level for each player)"
    for level in args.players:
        if level not in agents.LEVELS:
            return f"unknown level {level!r}; the levels, weakest first: {', '.join(agents.LEVELS)}"
    if len(args.players) not in cls.player_counts:
        counts = " or ".join(str(n) for n in cls.player_counts)
        return f"{cls.title} is played by {counts} players; got {len(args.players)} levels"
    if args.matches is not None and args.race is None:
        return "--matches goes with --race (a match is a race to N racks)"
    options: dict[str, Any] = {}
    if args.table is not None:
        if cls.scores_points:
            return f"--table is for pool; {cls.title} has one table"
        from sim.table import Table

        options["table"] = Table.pool(feet=args.table)
    if args.rack_style is not None:
        if "rack_style" not in cls.options:
            return f"--rack-style is for 9-ball; {cls.title} has no rack style"
        options["rack_style"] = args.rack_style
    if args.players_warn:
        if not cls.has_three_fouls_rule:
            return f"--players-warn is for 9-ball; {cls.title} has no two-foul warning"
        options["referee_warns"] = False
    if args.race is not None:
        return MatchPlan(kind=cls.kind.value, levels=tuple(args.players), seed=args.seed or 0,
                         race_to=args.race, matches=args.matches or 1,
                         options=tuple(options.items()))  # fmt: skip
    return MatchPlan(
        kind=cls.kind.value,
        levels=tuple(args.players),
        seed=args.seed or 0,
        racks=args.racks or DEFAULT_RACKS,
        options=tuple(options.items()),
    )


def run_match_command(args: argparse.Namespace) -> int:
    """``cuesim match``: play the run, print the figures, write the outputs asked for."""
    from cuesim.match_study_command import is_study_argument, run_study_command
    from lab.matches import run_matches
    from lab.study import StudyError, connect_cluster
    from rules.files import write_atomic

    if is_study_argument(args.game):
        return run_study_command(args)
    plan = _plan_from(args)
    if isinstance(plan, str):
        return _error(plan)
    client, close = None, None
    try:
        if args.cluster:
            client, close = connect_cluster(args.cluster, args.workers)
        run = run_matches(plan, workers=args.workers, client=client, progress=not args.quiet)
    except StudyError as exc:
        return _error(str(exc))
    finally:
        if close is not None:
            close()
    report = match_report(run)
    print(format_report(report))
    try:
        if args.json is not None:
            write_atomic(args.json, json.dumps(report, indent=2) + "\n")
            print(f"\nfigures: {args.json}")
        if args.csv is not None:
            write_atomic(args.csv, shots_csv(run))
            print(f"moves: {args.csv}")
        if args.plot is not None:
            from lab.match_plot import plot_players

            plot_players(report, args.plot)
            print(f"plot: {args.plot}")
    except OSError as exc:
        return _error(str(exc))
    return 0


def match_report(run: Any) -> dict[str, Any]:
    """The run and every player's figures as one JSON-ready dict."""
    plan = run.plan
    racks = run.racks()
    return {
        "game": plan.kind,
        "levels": list(plan.levels),
        "seed": plan.seed,
        "mode": "race" if plan.race_to else "racks",
        "race_to": plan.race_to,
        "matches": plan.matches if plan.race_to else 0,
        "racks": len(racks),
        "stalled": sum(r.stalled for r in racks),
        "options": {k: getattr(v, "name", v) for k, v in plan.options},
        "workers": run.workers,
        "backend": run.backend,
        "wall_s": round(run.wall_s, 2),
        "players": [s.as_dict() for s in run.stats()],
    }


_ROWS = (
    ("racks won", "racks_won", "{}"),
    ("matches won", "matches_won", "{}"),
    ("shots", "shots", "{}"),
    ("pots made / attempted", None, ""),
    ("safeties", "safeties", "{}"),
    ("push-outs", "push_outs", "{}"),
    ("fouls (share of shots)", None, ""),
    ("break-and-runs", None, ""),
    ("run-outs from the first visit", None, ""),
    ("mean scoring visit", "mean_scoring_visit", "{:.1f}"),
    ("high break", "high_break", "{}"),
    ("breaks of 50+ / centuries", None, ""),
    ("decision time median / p95 (s)", None, ""),
)


def _cell(label: str, key: str | None, fmt: str, p: dict[str, Any]) -> str:
    if key is not None:
        return fmt.format(p[key])
    if label.startswith("pots"):
        return f"{p['pots_made']} / {p['pots_attempted']} ({p['pot_rate']:.1%})"
    if label.startswith("fouls"):
        return f"{p['foul_shots']} ({p['foul_rate']:.1%})"
    if label.startswith("break-and"):
        return f"{p['break_and_runs']} of {p['legal_breaks']} ({p['break_and_run_rate']:.1%})"
    if label.startswith("run-outs"):
        return f"{p['first_visit_wins']} of {p['first_visits']} ({p['first_visit_rate']:.1%})"
    if label.startswith("breaks of"):
        return f"{p['breaks_50']} / {p['centuries']}"
    return f"{p['decision_median_s']:.3f} / {p['decision_p95_s']:.3f}"


def format_report(report: dict[str, Any]) -> str:
    """The figures as a plain-text table, one column per player."""
    import rules

    cls = rules.game_class(report["game"])
    word = cls.frame_word
    if report["mode"] == "race":
        what = f"{report['matches']} match(es), races to {report['race_to']}"
    else:
        what = f"{report['racks']} {word}s"
    lines = [
        f"{cls.title}: {' vs '.join(report['levels'])}, {what} ({report['racks']} {word}s played), "
        f"seed {report['seed']}, {report['workers']} worker(s), {report['wall_s']:.1f} s",
    ]
    if report["stalled"]:
        lines.append(f"WARNING: {report['stalled']} {word}(s) stopped without a result")
    keep = [r for r in _ROWS if not (r[0] == "matches won" and report["mode"] != "race")]
    if cls.scores_points:
        keep = [r for r in keep if not r[0].startswith(("break-and", "run-outs", "push"))]
    else:
        keep = [r for r in keep if not r[0].startswith(("mean scoring", "high break", "breaks of"))]
    players = report["players"]
    heads = [f"{p['player'] + 1}: {p['level']}" for p in players]
    table = [[label.replace("racks", f"{word}s"), *(_cell(label, key, fmt, p) for p in players)]
             for label, key, fmt in keep]  # fmt: skip
    widths = [max(len(row[i]) for row in [["", *heads], *table]) for i in range(len(heads) + 1)]
    lines.append("")
    lines.append("  ".join(h.ljust(w) for h, w in zip(["", *heads], widths, strict=True)))
    for row in table:
        lines.append("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)))
    for p in players:
        if p["fouls"]:
            kinds = ", ".join(f"{k} {n}" for k, n in p["fouls"].items())
            lines.append(f"fouls of player {p['player'] + 1} ({p['level']}): {kinds}")
    return "\n".join(lines)


def shots_csv(run: Any) -> str:
    """Every move of the run as CSV text: the unit, then the fields of ``MatchShot``."""
    from lab.match_play import MatchShot

    names = ["unit", *(f.name for f in fields(MatchShot))]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(names)
    for unit, racks in enumerate(run.units):
        for rack in racks:
            for shot in rack.shots:
                row = asdict(shot)
                writer.writerow([unit, *(row[n] for n in names[1:])])
    return out.getvalue()
