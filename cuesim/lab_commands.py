"""``cuesim shot``, ``cuesim judge`` and ``cuesim study``: the shot lab on the command line.

- ``shot FILE``: simulate and judge one scenario; print the events and the ruling in plain words
  (``--json`` for machines), draw it (``--png``, ``--gif``).
- ``judge FILES_OR_DIRS...``: run every scenario, compare with its ``[expect]``, print a
  pass/fail table with the differences; exit status 1 when anything failed.
- ``study FILE --shots N``: many noisy executions of the scenario's shot on every core (or a
  Dask cluster with ``--cluster``), summarised with Wilson intervals; CSV/Parquet and a plot.

Bad input (a malformed scenario, an unknown ball, an illegal placement, ...) is reported in one
line naming the file and the field, with exit status 2; never a traceback. Importing this module
is cheap: the engine, the referee and pygame load inside the handlers.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from dataclasses import asdict
from pathlib import Path
from typing import Any

from cuesim.options import bounded_float, bounded_int, cluster_address, output_path

#: Exit statuses.
EXIT_OK = 0
EXIT_FAILED = 1
EXIT_BAD_INPUT = 2

#: Event kinds hidden from ``cuesim shot`` unless ``--all-events`` (motion-state changes).
_QUIET_KINDS = ("->",)

#: GIF frame rates allowed, frames per second: a GIF stores delays in 10 ms steps, and viewers
#: slow down delays under 20 ms, so more than 50 frames per second cannot be shown.
FPS_RANGE = (1.0, 50.0)
#: Most shots of one study: the per-shot table of a million shots is about 100 MB in memory.
MAX_SHOTS = 1_000_000
#: Most local worker processes of a study.
MAX_WORKERS = 256
#: Most jittered plays per scenario of ``cuesim judge --jitter``.
MAX_JITTER = 1000
#: Study seeds: SeedSequence entropy stored as a 64-bit integer.
MAX_SEED = 2**63 - 1
#: Suffixes of the files the study writes (``lab.report.TABLE_SUFFIXES`` / ``PLOT_SUFFIXES``;
#: a test keeps them equal without importing the lab here, which would load the engine).
TABLE_SUFFIXES = (".csv", ".parquet")
PLOT_SUFFIXES = (".png", ".svg", ".pdf")
#: Upper bounds of the noise overrides (sd): relative speed, degrees, degrees, ball radii.
NOISE_LIMITS = {"speed": 1.0, "phi": 180.0, "theta": 90.0, "tip": 1.0}


def register(subparsers: Any) -> None:
    """Add ``shot``, ``judge`` and ``study`` to the ``cuesim`` parser."""
    shot = subparsers.add_parser(
        "shot",
        help="simulate and judge one scenario file",
        description="Simulate and judge one scenario; print the events and the ruling.",
    )
    shot.add_argument("file", type=Path, help="scenario file (.toml or .json)")
    shot.add_argument("--json", action="store_true", help="machine-readable output on stdout")
    shot.add_argument(
        "--png",
        type=output_path(".png", kind="picture"),
        metavar="OUT",
        help="write a still picture of the shot",
    )
    shot.add_argument(
        "--gif",
        type=output_path(".gif", kind="animation"),
        metavar="OUT",
        help="write an animation of the shot",
    )
    shot.add_argument(
        "--fps",
        type=bounded_float(*FPS_RANGE, "--fps", unit="frames per second"),
        default=20.0,
        help="GIF frames per second, 1 to 50 (20)",
    )
    shot.add_argument(
        "--all-events", action="store_true", help="also list motion changes (sliding->rolling...)"
    )
    shot.set_defaults(handler=run_shot)

    judge = subparsers.add_parser(
        "judge",
        help="run scenario files and check their expectations",
        description="Run every scenario, compare the ruling with its [expect] table.",
    )
    judge.add_argument("paths", type=Path, nargs="+", help="scenario files or folders of them")
    judge.add_argument("--json", action="store_true", help="machine-readable output on stdout")
    judge.add_argument(
        "--jitter",
        type=bounded_int(0, MAX_JITTER, "--jitter"),
        default=0,
        metavar="N",
        help="also play each shot N times with tiny aim/speed/tip noise; FAIL if any ruling "
        "differs (finds expectations that hang on chaos)",
    )
    judge.set_defaults(handler=run_judge)

    study = subparsers.add_parser(
        "study",
        help="many noisy shots from one scenario, with statistics",
        description=(
            "Play the scenario's shot N times with seeded execution noise (docs/lab.md); "
            "report shares with 95 percent Wilson intervals."
        ),
    )
    study.add_argument("file", type=Path, help="scenario file (.toml or .json)")
    study.add_argument(
        "--shots",
        type=bounded_int(1, MAX_SHOTS, "--shots"),
        required=True,
        help=f"number of shots (1 to {MAX_SHOTS:,})",
    )
    study.add_argument(
        "--seed", type=bounded_int(0, MAX_SEED, "--seed"), default=0, help="study seed (0)"
    )
    study.add_argument(
        "--workers",
        type=bounded_int(1, MAX_WORKERS, "--workers"),
        help=f"local worker processes, 1 to {MAX_WORKERS} (default: every core)",
    )
    study.add_argument(
        "--cluster",
        metavar="ADDRESS",
        type=cluster_address,
        help="run on a Dask cluster: scheduler address (tcp://host:8786) or 'local'",
    )
    study.add_argument(
        "--out",
        type=output_path(*TABLE_SUFFIXES, kind="table"),
        help="per-shot table: .csv or .parquet",
    )
    study.add_argument(
        "--plot",
        type=output_path(*PLOT_SUFFIXES, kind="picture"),
        help="plot of the results: .png, .svg, .pdf",
    )
    study.add_argument(
        "--json", type=output_path(".json"), metavar="OUT", help="write the summary as JSON"
    )
    study.add_argument("--quiet", action="store_true", help="no progress bar")
    for name, unit in (
        ("speed", "relative sd of the cue speed"),
        ("phi", "sd of the direction, degrees"),
        ("theta", "sd of the elevation, degrees"),
        ("tip", "sd of each tip offset, ball radii"),
    ):
        study.add_argument(
            f"--noise-{name}",
            type=bounded_float(0.0, NOISE_LIMITS[name], f"--noise-{name} (a noise option)"),
            metavar="SD",
            help=f"override: {unit} (0 to {NOISE_LIMITS[name]:g})",
        )
    study.set_defaults(handler=run_study_command)


# ----------------------------------------------------------------------------- helpers


def _error(message: str) -> int:
    print(f"cuesim: error: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


def _overwrites_input(source: Path, targets: Iterable[Path | None]) -> Path | None:
    """The first of ``targets`` that is the input file ``source`` itself, or None."""
    for target in targets:
        if target is not None and target.exists() and source.exists():
            try:
                if target.samefile(source):
                    return target
            except OSError:
                continue
    return None


def _scenario_files(paths: Iterable[Path]) -> list[Path]:
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            found = [p for p in sorted(path.rglob("*")) if p.suffix.lower() in (".toml", ".json")]
            files.extend(found)
        else:
            files.append(path)
    return files


def _strike_words(prepared: Any) -> str:
    s = prepared.intended
    return (
        f"speed {s.speed:.2f} m/s, phi {s.phi:.2f} deg, theta {s.theta:.1f} deg, "
        f"a {s.a:+.2f} R, b {s.b:+.2f} R"
    )


def _phase_words(scenario: Any) -> str:
    from lab.scenario_types import game_takes

    phase = scenario.phase
    parts = [f"{scenario.game} on {scenario.table}", f"{phase.to_play} to play"]
    if phase.is_break:
        parts.append("the break" + (" (magic rack)" if phase.magic_rack else ""))
    hand = {
        "none": "cue ball where it lies",
        "anywhere": "ball in hand anywhere",
        "behind_head_string": "ball in hand behind the head string",
        "in_d": "ball in hand in the D",
    }[phase.ball_in_hand]
    parts.append(hand)
    if phase.push_out_available:
        parts.append("push-out available")
    if phase.groups:
        parts.append("groups " + ", ".join(f"{p}: {g}" for p, g in phase.groups.items()))
    elif game_takes(scenario.game_class, "phase.groups") and not phase.is_break:
        parts.append("open table")
    if phase.ball_on:
        parts.append(f"ball on: {phase.ball_on}")
    if phase.free_ball:
        parts.append("free ball")
    if phase.respotted_black:
        parts.append("re-spotted black")
    fouls = {p: n for p, n in phase.fouls_in_a_row.items() if n}
    if fouls:
        parts.append("fouls in a row " + ", ".join(f"{p}: {n}" for p, n in fouls.items()))
    if phase.scores:
        parts.append("scores " + ", ".join(f"{p} {n}" for p, n in phase.scores.items()))
    return "; ".join(parts)


def _declaration_words(scenario: Any) -> str:
    shot = scenario.shot
    parts = []
    if shot.push_out:
        parts.append("push-out")
    if shot.called_ball:
        parts.append(f"calls the {shot.called_ball} in the {shot.called_pocket.replace('_', ' ')}")
    if shot.safety:
        parts.append("safety")
    if shot.nominated:
        parts.append(f"nominates {shot.nominated}")
    if shot.free_ball:
        parts.append(f"free ball: {shot.free_ball}")
    if shot.declared_fouls:
        parts.append("declared fouls: " + ", ".join(shot.declared_fouls))
    if shot.off_table:
        parts.append("declared off the table: " + ", ".join(shot.off_table))
    return "; ".join(parts)


def ruling_lines(outcome: Any) -> list[str]:
    """The ruling in plain words, one line each (the first is the decision)."""
    scenario = outcome.prepared.scenario
    return outcome.ruling.summary(scenario.players, scenario.ball_names).splitlines()


def _ruling_json(outcome: Any) -> dict[str, Any]:
    from rules.wording import english_text

    ruling = outcome.ruling
    out = dict(outcome.facts)
    # English for reading; the rule texts' French quotes in their own fields, for a rule tester.
    out["reason"] = english_text(ruling.reason)
    out["notes"] = [english_text(note) for note in ruling.notes]
    out["reason_text"] = ruling.reason
    out["notes_text"] = list(ruling.notes)
    out["foul_details"] = [
        {
            "code": f.code,
            "rule": f.rule_words,
            "rule_text": f.rule_text,
            "message": english_text(f.message),
            "evidence": english_text(f.evidence),
            "event": f.event,
            "penalty": f.penalty,
        }
        for f in ruling.fouls
    ]
    return out


# ----------------------------------------------------------------------------- shot


def run_shot(args: argparse.Namespace) -> int:
    """``cuesim shot``: one scenario, printed and optionally drawn."""
    from lab.runner import describe_events, run_scenario
    from lab.scenario import ScenarioError, load_scenario

    clash = _overwrites_input(args.file, (args.png, args.gif))
    if clash is not None:
        return _error(f"{clash}: is the scenario file itself; give another output name")
    try:
        scenario = load_scenario(args.file)
        outcome = run_scenario(scenario)
    except ScenarioError as exc:
        return _error(str(exc))
    prepared = outcome.prepared
    events = describe_events(outcome.result, prepared.names, prepared.table)
    lines = ruling_lines(outcome)
    for target, kind in ((args.png, "png"), (args.gif, "gif")):
        if target is None:
            continue
        from render import images

        title = scenario.title or scenario.source
        text = [lines[0], *lines[1:], f"scenario: {title}"]
        try:
            if kind == "png":
                images.save_png(outcome.result, prepared.names, text, target)
            else:
                images.save_gif(
                    outcome.result, prepared.names, text, target, fps=args.fps, caption=title
                )
        except OSError as exc:  # rules.files.FileWriteError: one line, the old file intact
            return _error(str(exc) if exc.strerror is None else f"cannot write {target}: {exc}")
    if args.json:
        payload = {
            "scenario": scenario.source,
            "title": scenario.title,
            "game": scenario.game,
            "table": scenario.table,
            "strike": asdict(prepared.intended),
            "duration": float(outcome.result.duration),
            "events": events,
            "ruling": _ruling_json(outcome),
            "expect": scenario.expect.as_dict(),
            "passed": outcome.passed,
            "differences": [
                {"field": d.field, "expected": d.expected, "actual": d.actual}
                for d in outcome.differences
            ],
        }
        print(json.dumps(payload, indent=2))
    else:
        print(f"scenario: {scenario.source}" + (f" - {scenario.title}" if scenario.title else ""))
        print(f"position: {_phase_words(scenario)}")
        print(f"strike:   {_strike_words(prepared)}")
        declared = _declaration_words(scenario)
        if declared:
            print(f"declared: {declared}")
        shown = [
            e for e in events if args.all_events or not any(q in e["kind"] for q in _QUIET_KINDS)
        ]
        hidden = len(events) - len(shown)
        print(
            f"\nevents ({len(events)} in the log"
            + (f", {hidden} motion changes hidden: --all-events" if hidden else "")
            + f"; at rest after {outcome.result.duration:.2f} s):"
        )
        print(f"  {'#':>4}  {'t (s)':>8}  {'event':<18} {'ball':<8} {'with':<28} {'speed':>6}")
        for e in shown:
            print(
                f"  {e['index']:>4}  {e['t']:8.4f}  {e['kind']:<18} {e['ball']:<8} "
                f"{e['other']:<28} {e['speed']:6.2f}"
            )
        print("\nruling:")
        for line in lines:
            print(f"  {line}")
        if not scenario.expect.is_empty():
            if outcome.passed:
                print(f"\nexpectations: all {len(scenario.expect.as_dict())} hold")
            else:
                print("\nexpectations NOT met:")
                for d in outcome.differences:
                    print(f"  {d.describe()}")
    return EXIT_OK if outcome.passed else EXIT_FAILED


# ----------------------------------------------------------------------------- judge


def run_judge(args: argparse.Namespace) -> int:
    """``cuesim judge``: every scenario against its expectations; a table of results."""
    from lab.runner import jitter_failures, run_scenario
    from lab.scenario import ScenarioError, load_scenario
    from rules.wording import english_text

    if args.jitter < 0:
        return _error(f"--jitter must be >= 0, got {args.jitter}")
    files = _scenario_files(args.paths)
    missing = [p for p in args.paths if not p.exists()]
    if missing:
        return _error(f"{missing[0]}: no such file or folder")
    if not files:
        return _error(
            "no scenario files (.toml, .json) found in " + ", ".join(map(str, args.paths))
        )
    rows: list[dict[str, Any]] = []
    for path in files:
        try:
            scenario = load_scenario(path)
            outcome = run_scenario(scenario)
        except ScenarioError as exc:
            rows.append({"file": str(path), "status": "ERROR", "details": [str(exc)]})
            continue
        except Exception as exc:  # a bug must not hide the other scenarios' results
            detail = (
                f"{path}: internal error {type(exc).__name__}: {exc} "
                f"(cuesim shot {path} shows the traceback)"
            )
            rows.append({"file": str(path), "status": "ERROR", "details": [detail]})
            continue
        if scenario.expect.is_empty():
            status, details = "PASS", ["(no expectations)"]
        elif outcome.passed:
            status, details = "PASS", [f"{len(scenario.expect.as_dict())} expectations hold"]
        else:
            status, details = "FAIL", [d.describe() for d in outcome.differences]
        if status == "PASS" and args.jitter and not scenario.expect.is_empty():
            shaky = jitter_failures(scenario, args.jitter)
            if shaky:
                status = "FAIL"
                details = [
                    f"{len(shaky)} of {args.jitter} jittered plays differ; "
                    f"play {shaky[0][0]}: " + "; ".join(d.describe() for d in shaky[0][1])
                ]
            else:
                details[0] += f", also in {args.jitter} jittered plays"
        rows.append(
            {
                "file": str(path),
                "status": status,
                "details": details,
                "reason": english_text(outcome.ruling.reason),
                "reason_text": outcome.ruling.reason,
            }
        )
    counts = {s: sum(r["status"] == s for r in rows) for s in ("PASS", "FAIL", "ERROR")}
    if args.json:
        print(json.dumps({"results": rows, "counts": counts}, indent=2))
    else:
        width = max(len(r["file"]) for r in rows)
        for r in rows:
            print(f"{r['status']:<5}  {r['file']:<{width}}  {r['details'][0]}")
            for extra in r["details"][1:]:
                print(f"{'':<5}  {'':<{width}}  {extra}")
        print(
            f"\n{len(rows)} scenario(s): {counts['PASS']} passed, {counts['FAIL']} failed, "
            f"{counts['ERROR']} could not run"
        )
    return EXIT_OK if counts["FAIL"] == counts["ERROR"] == 0 else EXIT_FAILED


# ----------------------------------------------------------------------------- study


def run_study_command(args: argparse.Namespace) -> int:
    """``cuesim study``: many noisy shots, a summary, optional table, plot and JSON."""
    from dataclasses import replace

    from agents.noise import InvalidNoiseError
    from lab.report import (
        OutputFormatError,
        format_summary,
        plot_study,
        summarize,
        summary_to_dict,
        write_table,
    )
    from lab.runner import prepare
    from lab.scenario import ScenarioError, load_scenario
    from lab.study import StudyError, connect_cluster, run_study
    from rules.files import write_atomic

    # --shots, --seed, --workers, --cluster and the output names were checked while parsing
    # (cuesim.options); what needs the file system or an optional library is checked here,
    # still before any shot is played.
    clash = _overwrites_input(args.file, (args.out, args.plot, args.json))
    if clash is not None:
        return _error(f"{clash}: is the scenario file itself; give another output name")
    if args.out is not None and args.out.suffix.lower() == ".parquet":
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            return _error(f"{args.out}: writing Parquet needs pyarrow (pip install pyarrow)")
    try:
        scenario = load_scenario(args.file)
        prepare(scenario)  # refuse a bad placement or strike before starting any worker
        overrides = {
            field: value
            for field, value in (
                ("speed_rel", args.noise_speed),
                ("phi_deg", args.noise_phi),
                ("theta_deg", args.noise_theta),
                ("tip", args.noise_tip),
            )
            if value is not None
        }
        noise = replace(scenario.noise, **overrides)
    except ScenarioError as exc:
        return _error(str(exc))
    except InvalidNoiseError as exc:
        return _error(f"noise option: {exc}")
    client, close = None, None
    try:
        if args.cluster:
            client, close = connect_cluster(args.cluster, args.workers)
        result = run_study(
            scenario,
            args.shots,
            seed=args.seed,
            workers=args.workers,
            noise=noise,
            client=client,
            progress=not args.quiet,
        )
    except StudyError as exc:
        return _error(str(exc))
    finally:
        if close is not None:
            close()
    summary = summarize(result)
    print(format_summary(result, summary))
    try:
        if args.out is not None:
            write_table(result, args.out)
            print(f"\nper-shot table: {args.out}")
        if args.plot is not None:
            plot_study(result, summary, args.plot)
            print(f"plot: {args.plot}")
        if args.json is not None:
            write_atomic(args.json, json.dumps(summary_to_dict(result, summary), indent=2) + "\n")
            print(f"summary: {args.json}")
    except (OutputFormatError, OSError) as exc:
        return _error(str(exc))
    return EXIT_OK
