"""The ``cuesim`` command: play, shot, judge, study, bench, replay.

This module only builds the argument parser and dispatches. Each family of subcommands lives in
its own module with a ``register(subparsers)`` function that must import cheaply (no pygame, no
Numba compilation at import time):

- ``cuesim.play``: ``play`` and ``replay`` (the window);
- ``cuesim.lab_commands``: ``shot``, ``judge``, ``study`` (the shot lab);
- ``cuesim.bench``: ``bench`` (engine benchmarks).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from cuesim import bench, lab_commands, play

#: The subcommand families, in the order ``cuesim --help`` lists them.
_COMMAND_MODULES = (play, lab_commands, bench)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cuesim",
        description="Physics-based pool and snooker: play, test rules, benchmark the engine.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in _COMMAND_MODULES:
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
