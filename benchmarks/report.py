"""The benchmark report: a Markdown table with verdicts, the README's table, and JSON.

:func:`markdown_table` is what ``cuesim bench`` prints (median, min, max, runs, target and
``yes``/``NO`` per row); :func:`readme_table` is the README's "Benchmarks" table regenerated
from the same rows (``cuesim bench --markdown-readme``), so the README is pasted from a run,
never typed.
"""

from __future__ import annotations

import json
import os
import platform
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

import numpy as np

from benchmarks.timing import BenchRow
from rules.files import write_atomic


def machine_info() -> dict[str, Any]:
    """What the numbers were measured on."""
    import numba

    return {
        "python": platform.python_version(),
        "numpy": np.__version__,
        "numba": numba.__version__,
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "processor": platform.processor() or platform.machine(),
    }


def fmt(value: float | None) -> str:
    """A number as the tables print it: thousands separated from 1,000, 3 significant digits
    below 10, one decimal in between; ``-`` for None."""
    if value is None:
        return "-"
    if abs(value) >= 1000:
        return f"{value:,.0f}"
    if abs(value) >= 10:
        return f"{value:.1f}"
    return f"{value:.3g}"


def _target(row: BenchRow) -> str:
    if row.target is None:
        return "-"
    return ("<= " if row.target_is_max else ">= ") + fmt(row.target)


def _verdict(row: BenchRow) -> str:
    return {None: "", True: "yes", False: "NO"}[row.meets_target]


def markdown_table(rows: Sequence[BenchRow]) -> str:
    """The report as a Markdown table: median, min, max, runs, target and verdict. A row that
    could not be measured shows its note in place of the median."""
    lines = [
        "| scenario | what | median | min | max | runs | target | ok |",
        "|---|---|---:|---:|---:|---:|---:|:---:|",
    ]
    for r in rows:
        median = r.note if r.median is None else f"{fmt(r.median)} {r.unit}".rstrip()
        lines.append(
            f"| {r.name} | {r.what} | {median} | {fmt(r.minimum)} | "
            f"{fmt(r.maximum)} | {r.runs} | {_target(r)} | {_verdict(r)} |"
        )
    return "\n".join(lines)


def readme_table(rows: Sequence[BenchRow], command: str = "cuesim bench") -> str:
    """The README's benchmark table from ``rows``: what, measured (median and unit, or why it
    was not measured), target, verdict and the command that re-measures it."""
    lines = ["| what | measured | target | ok | command |", "|---|---|---|:---:|---|"]
    for r in rows:
        measured = r.note if r.median is None else f"{fmt(r.median)} {r.unit}".rstrip()
        lines.append(f"| {r.what} | {measured} | {_target(r)} | {_verdict(r)} | `{command}` |")
    return "\n".join(lines)


def report_json(rows: Sequence[BenchRow]) -> dict[str, Any]:
    """The report as a JSON-ready dict: machine info and one entry per row."""
    return {
        "machine": machine_info(),
        "rows": [{**asdict(r), "meets_target": r.meets_target} for r in rows],
    }


def write_json(rows: Sequence[BenchRow], path: str | os.PathLike[str]) -> None:
    """Write :func:`report_json` to ``path`` (UTF-8, indented), atomically
    (``rules.files.write_atomic``: on failure ``FileWriteError``, the old file intact)."""
    write_atomic(path, json.dumps(report_json(rows), indent=2) + "\n")
