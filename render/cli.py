"""The ``cuesim`` command: play, shot, judge, study, bench, replay.

This module only builds the argument parser and dispatches. Each family of subcommands lives in
its own module with a ``register(subparsers)`` function that must import cheaply (no pygame, no
Numba compilation at import time):

- ``render.cli_play``: ``play`` and ``replay`` (the window);
- ``render.cli_lab``: ``shot``, ``judge``, ``study`` (the shot lab);
- ``render.cli_bench``: ``bench`` (engine benchmarks).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

_COMMAND_MODULES = ("render.cli_play", "render.cli_lab", "render.cli_bench")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cuesim",
        description="Physics-based pool and snooker: play, test rules, benchmark the engine.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in _COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            continue
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``cuesim`` console script; returns the process exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "handler", None) is None:
        parser.print_help()
        return 2
    status = args.handler(args)
    return int(status or 0)


if __name__ == "__main__":
    sys.exit(main())
