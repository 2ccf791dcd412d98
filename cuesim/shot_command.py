"""``cuesim shot FILE``: simulate and judge one scenario; print the events and the ruling in
plain words (``--json`` for machines), draw it (``--png``, ``--gif``).

The handler reads the scenario and runs it (:func:`run_shot`), then each output has its own
function: the pictures (:func:`draw_outcome`), the JSON (:func:`shot_json`) and the text
(:func:`shot_text`). The lab and the window load inside the functions.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict
from typing import TYPE_CHECKING

from cuesim.lab_words import (
    EXIT_FAILED,
    EXIT_OK,
    declaration_words,
    error,
    overwrites_input,
    phase_words,
    ruling_json,
    ruling_lines,
    strike_words,
)

if TYPE_CHECKING:
    from lab.runner import Outcome

#: Event kinds hidden from the text unless ``--all-events`` (motion-state changes).
QUIET_KINDS = ("->",)


def run_shot(args: argparse.Namespace) -> int:
    """``cuesim shot``: one scenario, printed and optionally drawn."""
    from lab.runner import run_scenario
    from lab.scenario import ScenarioError, load_scenario

    clash = overwrites_input(args.file, (args.png, args.gif))
    if clash is not None:
        return error(f"{clash}: is the scenario file itself; give another output name")
    try:
        outcome = run_scenario(load_scenario(args.file))
    except ScenarioError as exc:
        return error(str(exc))
    problem = draw_outcome(outcome, args)
    if problem is not None:
        return error(problem)
    if args.json:
        print(json.dumps(shot_json(outcome), indent=2))
    else:
        print("\n".join(shot_text(outcome, all_events=args.all_events)))
    return EXIT_OK if outcome.passed else EXIT_FAILED


def draw_outcome(outcome: Outcome, args: argparse.Namespace) -> str | None:
    """Write the pictures asked for (``--png``, ``--gif`` at ``--fps``); the reason a write
    failed, in one line (the old file kept), or None."""
    scenario, prepared = outcome.prepared.scenario, outcome.prepared
    lines = ruling_lines(outcome)
    title = scenario.title or scenario.source
    text = [*lines, f"scenario: {title}"]
    for target, kind in ((args.png, "png"), (args.gif, "gif")):
        if target is None:
            continue
        from render import images

        try:
            if kind == "png":
                images.save_png(outcome.result, prepared.names, text, target)
            else:
                images.save_gif(
                    outcome.result, prepared.names, text, target, fps=args.fps, caption=title
                )
        except OSError as exc:  # rules.files.FileWriteError: one line, the old file intact
            return str(exc) if exc.strerror is None else f"cannot write {target}: {exc}"
    return None


def shot_json(outcome: Outcome) -> dict[str, object]:
    """The shot for machines: the scenario, the strike, the events, the ruling, the
    expectations and how they fared."""
    from lab.runner import describe_events

    scenario, prepared = outcome.prepared.scenario, outcome.prepared
    return {
        "scenario": scenario.source,
        "title": scenario.title,
        "game": scenario.game,
        "table": scenario.table,
        "strike": asdict(prepared.intended),
        "duration": float(outcome.result.duration),
        "events": describe_events(outcome.result, prepared.names, prepared.table),
        "ruling": ruling_json(outcome),
        "expect": scenario.expect.as_dict(),
        "passed": outcome.passed,
        "differences": [
            {"field": d.field, "expected": d.expected, "actual": d.actual}
            for d in outcome.differences
        ],
    }


def shot_text(outcome: Outcome, *, all_events: bool = False) -> list[str]:
    """The shot for people: the scenario, the position, the strike and what was declared, the
    events (motion changes hidden unless ``all_events``), the ruling and the expectations."""
    from lab.runner import describe_events

    scenario, prepared = outcome.prepared.scenario, outcome.prepared
    events = describe_events(outcome.result, prepared.names, prepared.table)
    out = [
        f"scenario: {scenario.source}" + (f" - {scenario.title}" if scenario.title else ""),
        f"position: {phase_words(scenario)}",
        f"strike:   {strike_words(prepared)}",
    ]
    declared = declaration_words(scenario)
    if declared:
        out.append(f"declared: {declared}")
    shown = [e for e in events if all_events or not any(q in str(e["kind"]) for q in QUIET_KINDS)]
    hidden = len(events) - len(shown)
    out.append(
        f"\nevents ({len(events)} in the log"
        + (f", {hidden} motion changes hidden: --all-events" if hidden else "")
        + f"; at rest after {outcome.result.duration:.2f} s):"
    )
    out.append(f"  {'#':>4}  {'t (s)':>8}  {'event':<18} {'ball':<8} {'with':<28} {'speed':>6}")
    for e in shown:
        out.append(
            f"  {e['index']:>4}  {e['t']:8.4f}  {e['kind']:<18} {e['ball']:<8} "
            f"{e['other']:<28} {e['speed']:6.2f}"
        )
    out.append("\nruling:")
    out.extend(f"  {line}" for line in ruling_lines(outcome))
    if not scenario.expect.is_empty():
        if outcome.passed:
            out.append(f"\nexpectations: all {len(scenario.expect.as_dict())} hold")
        else:
            out.append("\nexpectations NOT met:")
            out.extend(f"  {d.describe()}" for d in outcome.differences)
    return out
