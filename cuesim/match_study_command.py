"""``cuesim match STUDY.toml``: a match study, every variant played on the same seeds and
compared statistic by statistic (docs/match-study-format.md, docs/lab.md).

    cuesim match examples/match-studies/nine-ball-magic-rack.toml --workers 2
    cuesim match FILE --racks 40 --json out.json --csv out.csv --plot out.png

``--racks`` and ``--seed`` override the file's size and seed; the game, the levels and the
options come from the file alone, so the options that set them (``--players``, ``--race``,
``--matches``, ``--table``, ``--rack-style``, ``--players-warn``) are refused with a study.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

#: Suffixes that make the positional argument of ``cuesim match`` a study file.
STUDY_SUFFIXES = (".toml", ".json")
#: ``cuesim match`` options a study file decides itself: (attribute, option).
_FILE_DECIDES = (
    ("players", "--players"),
    ("race", "--race"),
    ("matches", "--matches"),
    ("table", "--table"),
    ("rack_style", "--rack-style"),
)


def is_study_argument(text: str) -> bool:
    """Whether ``cuesim match``'s positional argument names a study file (by its suffix)."""
    return Path(text).suffix.lower() in STUDY_SUFFIXES


def _error(message: str) -> int:
    print(f"cuesim match: error: {message}", file=sys.stderr)
    return 2


def run_study_command(args: argparse.Namespace) -> int:
    """Load the study, play every variant, print the comparison, write the outputs."""
    from lab.match_study import MatchStudyError, load_match_study
    from lab.match_study_report import format_study, study_csv, study_report
    from lab.matches import run_plans
    from lab.study import StudyError, connect_cluster
    from rules.files import write_atomic

    for attribute, option in _FILE_DECIDES:
        if getattr(args, attribute, None) is not None:
            return _error(f"{option} is set by the study file {args.game}; edit the file")
    if args.players_warn:
        return _error(f"--players-warn is set by the study file {args.game} (referee_warns)")
    try:
        study = load_match_study(args.game).with_size(racks=args.racks, seed=args.seed)
    except MatchStudyError as exc:
        return _error(str(exc))
    client, close = None, None
    try:
        if args.cluster:
            client, close = connect_cluster(args.cluster, args.workers)
        runs = run_plans(
            study.plans(), workers=args.workers, client=client, progress=not args.quiet
        )
    except StudyError as exc:
        return _error(str(exc))
    finally:
        if close is not None:
            close()
    report = study_report(study, runs)
    print(format_study(report))
    try:
        if args.json is not None:
            write_atomic(args.json, json.dumps(report, indent=2) + "\n")
            print(f"\nreport: {args.json}")
        if args.csv is not None:
            write_atomic(args.csv, study_csv(report))
            print(f"statistics: {args.csv}")
        if args.plot is not None:
            from lab.match_study_plot import plot_study

            written = plot_study(report, args.plot)
            print(f"plots: {len(written)} files, {written[0].name} ... {written[-1].name}")
    except OSError as exc:
        return _error(str(exc))
    return 0
