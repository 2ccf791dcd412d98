"""``cuesim bench``: benchmark the physics engine and print a Markdown table (and JSON).

Measures, on this machine, every engine target (see :mod:`benchmarks.engine`): the
first-ever compile and a warm start (fresh processes), the breaks, the share of ``simulate``
spent outside the kernel, random 16-ball shots and events per second, the cost per event from
16 to 256 balls, a one-worker study of noisy 9-ball breaks (breaks/s, the referee's share, a
worker's peak memory) and pooltool side by side when it is importable.

Importing this module is cheap: the engine loads inside the handler.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from cuesim.options import output_path

#: Exit statuses.
EXIT_OK = 0
EXIT_BAD_INPUT = 2


def register(subparsers: Any) -> None:
    """Add ``bench`` to the ``cuesim`` parser."""
    bench = subparsers.add_parser(
        "bench",
        help="benchmark the physics engine",
        description=(
            "Time the engine against its targets (compile, warm start, breaks, time "
            "outside the kernel, random shots, events/s, many balls, a one-worker study, a study "
            "worker's memory, pooltool when importable) and print a Markdown table with a "
            "verdict per row; --json also writes the numbers, --markdown-readme the README's "
            "table."
        ),
    )
    bench.add_argument(
        "--quick",
        action="store_true",
        help="fewer repeats and 100 random shots instead of 1,000 (about half the time)",
    )
    bench.add_argument(
        "--json", type=output_path(".json"), metavar="PATH", help="also write the report as JSON"
    )
    bench.add_argument(
        "--markdown-readme",
        action="store_true",
        help="also print the README's benchmark table regenerated from this run",
    )
    bench.add_argument(
        "--no-pooltool",
        action="store_true",
        help="skip the pooltool rows even when pooltool is importable",
    )
    bench.add_argument(
        "--no-compile",
        action="store_true",
        help="skip the two fresh-process measurements (cold compile, warm import)",
    )
    bench.set_defaults(handler=run_bench)


def run_bench(args: argparse.Namespace) -> int:
    """Handler of ``cuesim bench``; returns the exit status."""
    json_path: Path | None = args.json
    if json_path is not None and not json_path.parent.exists():
        print(f"cuesim bench: folder {json_path.parent} does not exist", file=sys.stderr)
        return EXIT_BAD_INPUT
    from benchmarks.engine import print_report

    options: dict[str, Any] = {}
    if getattr(args, "markdown_readme", False):
        options["readme"] = True
    if getattr(args, "no_pooltool", False):
        options["include_pooltool"] = False
    return print_report(
        quick=args.quick, include_compile=not args.no_compile, json_path=json_path, **options
    )
