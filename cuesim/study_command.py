"""``cuesim study FILE --shots N``: many noisy executions of the scenario's shot on every core
(or a Dask cluster with ``--cluster``), summarised with Wilson intervals; CSV/Parquet, a plot
and a JSON summary.

The handler (:func:`run_study_command`) takes three steps, each refusing in one line
(:class:`StudyRefusedError`): the inputs checked before any shot is played
(:func:`study_inputs`), the study run (:func:`run_the_study`), the outputs written
(:func:`write_outputs`). The lab loads inside the functions.
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from cuesim.lab_words import EXIT_OK, error, overwrites_input

if TYPE_CHECKING:
    from agents.noise import NoiseModel
    from lab.report import Summary
    from lab.scenario import Scenario
    from lab.study import StudyResult


class StudyRefusedError(ValueError):
    """A study refused in one line: the message says what was wrong and what is allowed."""


def run_study_command(args: argparse.Namespace) -> int:
    """``cuesim study``: many noisy shots, a summary, optional table, plot and JSON."""
    from lab.report import format_summary, summarize

    try:
        scenario, noise = study_inputs(args)
        result = run_the_study(args, scenario, noise)
        summary = summarize(result)
        print(format_summary(result, summary))
        write_outputs(args, result, summary)
    except StudyRefusedError as exc:
        return error(str(exc))
    return EXIT_OK


def study_inputs(args: argparse.Namespace) -> tuple[Scenario, NoiseModel]:
    """The scenario and the noise of the study, every input checked before a shot is played.

    ``--shots``, ``--seed``, ``--workers``, ``--cluster`` and the output names were checked
    while parsing (``cuesim.options``); what needs the file system, the scenario or an optional
    library is checked here: an output that is the scenario file itself, Parquet without
    pyarrow, the scenario (its placement and strike: ``lab.runner.prepare``), the noise."""
    from dataclasses import replace

    from agents.noise import InvalidNoiseError
    from lab.runner import prepare
    from lab.scenario import ScenarioError, load_scenario

    clash = overwrites_input(args.file, (args.out, args.plot, args.json))
    if clash is not None:
        raise StudyRefusedError(f"{clash}: is the scenario file itself; give another output name")
    if args.out is not None and args.out.suffix.lower() == ".parquet":
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise StudyRefusedError(
                f"{args.out}: writing Parquet needs pyarrow (pip install pyarrow)"
            ) from None
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
    try:
        scenario = load_scenario(args.file)
        prepare(scenario)  # refuse a bad placement or strike before starting any worker
        noise = replace(scenario.noise, **overrides)
    except ScenarioError as exc:
        raise StudyRefusedError(str(exc)) from None
    except InvalidNoiseError as exc:
        raise StudyRefusedError(f"noise option: {exc}") from None
    return scenario, noise


def run_the_study(args: argparse.Namespace, scenario: Scenario, noise: NoiseModel) -> StudyResult:
    """Play ``--shots`` noisy shots of ``scenario`` on local workers or the ``--cluster``
    (closed afterwards); :class:`StudyRefusedError` when a worker or the cluster fails."""
    from lab.study import StudyError, connect_cluster, run_study

    client, close = None, None
    try:
        if args.cluster:
            client, close = connect_cluster(args.cluster, args.workers)
        return run_study(
            scenario,
            args.shots,
            seed=args.seed,
            workers=args.workers,
            noise=noise,
            client=client,
            progress=not args.quiet,
        )
    except StudyError as exc:
        raise StudyRefusedError(str(exc)) from None
    finally:
        if close is not None:
            close()


def write_outputs(args: argparse.Namespace, result: StudyResult, summary: Summary) -> None:
    """Write the per-shot table (``--out``), the plot (``--plot``) and the JSON summary
    (``--json``) asked for, each atomically, saying where; :class:`StudyRefusedError` when one
    cannot be written."""
    from lab.report import OutputFormatError, plot_study, summary_to_dict, write_table
    from rules.files import write_atomic

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
        raise StudyRefusedError(str(exc)) from None
