"""``cuesim judge FILES_OR_DIRS...``: run every scenario, compare with its ``[expect]``, print a
pass/fail table with the differences; exit status 1 when anything failed.

The handler finds the files (:func:`run_judge`), judges each into a :class:`JudgedFile`
(:func:`judge_file`) and prints them (:func:`judge_text`, or JSON). The lab loads inside the
functions.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path

from cuesim.lab_words import (
    EXIT_FAILED,
    EXIT_OK,
    SCENARIO_SUFFIXES,
    error,
    scenario_files,
)

#: The statuses a scenario file can end with, in the order the counts are given.
STATUSES = ("PASS", "FAIL", "ERROR")


@dataclass(frozen=True)
class JudgedFile:
    """One scenario file judged: its path, "PASS", "FAIL" or "ERROR", the lines that say
    why (the first one shown beside the status), and the ruling's reason in English and in the
    rule text's words (None when the file could not run)."""

    file: str
    status: str
    details: tuple[str, ...]
    reason: str | None = None
    reason_text: str | None = None

    def as_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "file": self.file,
            "status": self.status,
            "details": list(self.details),
        }
        if self.reason is not None:
            out["reason"] = self.reason
            out["reason_text"] = self.reason_text
        return out


def run_judge(args: argparse.Namespace) -> int:
    """``cuesim judge``: every scenario against its expectations; a table of results."""
    missing = [p for p in args.paths if not p.exists()]
    if missing:
        return error(f"{missing[0]}: no such file or folder")
    files = scenario_files(args.paths)
    if not files:
        suffixes = ", ".join(SCENARIO_SUFFIXES)
        return error(f"no scenario files ({suffixes}) found in " + ", ".join(map(str, args.paths)))
    judged = [judge_file(path, args.jitter) for path in files]
    counts = {s: sum(j.status == s for j in judged) for s in STATUSES}
    if args.json:
        results = [j.as_json() for j in judged]
        print(json.dumps({"results": results, "counts": counts}, indent=2))
    else:
        print("\n".join(judge_text(judged, counts)))
    return EXIT_OK if counts["FAIL"] == counts["ERROR"] == 0 else EXIT_FAILED


def judge_file(path: Path, jitter: int = 0) -> JudgedFile:
    """Run the scenario at ``path`` and compare its ruling with its expectations; with
    ``jitter`` > 0 a passing one is also played that many times with tiny noise (a ruling that
    differs fails it). An error of the scenario, or of the program, is an "ERROR" row: one bad
    file never hides the others' results."""
    from lab.runner import jitter_failures, run_scenario
    from lab.scenario import ScenarioError, load_scenario
    from rules.wording import english_text

    try:
        scenario = load_scenario(path)
        outcome = run_scenario(scenario)
    except ScenarioError as exc:
        return JudgedFile(str(path), "ERROR", (str(exc),))
    except Exception as exc:  # a bug must not hide the other scenarios' results
        detail = (
            f"{path}: internal error {type(exc).__name__}: {exc} "
            f"(cuesim shot {path} shows the traceback)"
        )
        return JudgedFile(str(path), "ERROR", (detail,))
    expected = len(scenario.expect.as_dict())
    if scenario.expect.is_empty():
        status, details = "PASS", ["(no expectations)"]
    elif outcome.passed:
        status, details = "PASS", [f"{expected} expectations hold"]
    else:
        status, details = "FAIL", [d.describe() for d in outcome.differences]
    if status == "PASS" and jitter and not scenario.expect.is_empty():
        shaky = jitter_failures(scenario, jitter)
        if shaky:
            status = "FAIL"
            details = [
                f"{len(shaky)} of {jitter} jittered plays differ; "
                f"play {shaky[0][0]}: " + "; ".join(d.describe() for d in shaky[0][1])
            ]
        else:
            details[0] += f", also in {jitter} jittered plays"
    reason = outcome.ruling.reason
    return JudgedFile(str(path), status, tuple(details), english_text(reason), reason)


def judge_text(judged: list[JudgedFile], counts: dict[str, int]) -> list[str]:
    """The table of results: a status and the first detail per file, the rest under it, and
    the counts."""
    width = max(len(j.file) for j in judged)
    out = []
    for j in judged:
        out.append(f"{j.status:<5}  {j.file:<{width}}  {j.details[0]}")
        out.extend(f"{'':<5}  {'':<{width}}  {extra}" for extra in j.details[1:])
    out.append(
        f"\n{len(judged)} scenario(s): {counts['PASS']} passed, {counts['FAIL']} failed, "
        f"{counts['ERROR']} could not run"
    )
    return out
