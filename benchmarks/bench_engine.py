"""Benchmark the physics engine: the same as ``cuesim bench`` (see benchmarks/engine.py).

Usage: python benchmarks/bench_engine.py [--quick] [--json PATH] [--no-compile] [--markdown-readme]
[--no-pooltool]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.engine import print_report


def main(argv: list[str] | None = None) -> int:
    """Parse ``argv`` (default: the command line), run the benchmark, return the exit status."""
    parser = argparse.ArgumentParser(prog="bench_engine.py", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer repeats, 100 random shots")
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write the report as JSON")
    parser.add_argument(
        "--no-compile", action="store_true", help="skip the fresh-process compile measurements"
    )
    parser.add_argument(
        "--markdown-readme", action="store_true", help="also print the README's table"
    )
    parser.add_argument("--no-pooltool", action="store_true", help="skip the pooltool rows")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    return print_report(
        quick=args.quick,
        include_compile=not args.no_compile,
        json_path=args.json,
        prog="bench_engine.py",
        readme=args.markdown_readme,
        include_pooltool=not args.no_pooltool,
    )


if __name__ == "__main__":
    sys.exit(main())
