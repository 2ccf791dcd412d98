"""``cuesim bench``: benchmark the physics engine and print a Markdown table (and JSON).

Measures, on this machine: the first-ever compile (fresh process, empty Numba cache), a fresh
process's import + first shot with a warm cache, the 9-ball, 8-ball and snooker breaks, a
one-ball shot, 1,000 seeded random 16-ball shots, events per second and peak memory, each
against the targets of the "Physics engine" issue (see :mod:`benchmarks.engine`).

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
            "Time the engine (compile, warm start, breaks, random shots, events/s, memory) and "
            "print a Markdown table with the targets; --json also writes the numbers."
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

    return print_report(quick=args.quick, include_compile=not args.no_compile, json_path=json_path)
