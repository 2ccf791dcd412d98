"""Benchmark the physics engine: the same as ``cuesim bench`` (see sim/benchmark.py).

Usage: python benchmarks/bench_engine.py [--quick] [--json PATH] [--no-compile]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from render.cli_bench import register


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench_engine.py")
    register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["bench", *(sys.argv[1:] if argv is None else argv)])
    return int(args.handler(args))


if __name__ == "__main__":
    sys.exit(main())
