"""The ``cuesim`` command: play, replay, shot, judge, study, match, bench.

This module only builds the argument parser and dispatches. Each family of subcommands lives in
its own module with a ``register(subparsers)`` function that must import cheaply (no pygame, no
Numba compilation at import time):

- ``cuesim.play``: ``play`` and ``replay`` (the window);
- ``cuesim.lab_commands``: ``shot``, ``judge``, ``study`` (the shot lab);
- ``cuesim.match_command``: ``match`` (computer against computer);
- ``cuesim.bench``: ``bench`` (engine benchmarks).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from cuesim import bench, lab_commands, match_command, play
from cuesim.options import OneLineParser, quiet_broken_pipe

#: The subcommand families, in the order ``cuesim --help`` lists them.
_COMMAND_MODULES = (play, lab_commands, match_command, bench)


def version() -> str:
    """The installed version of the ``cuesim`` distribution ("unknown" when not installed)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed_version

    try:
        return installed_version("cuesim")
    except PackageNotFoundError:
        return "unknown"


def build_parser() -> argparse.ArgumentParser:
    """The ``cuesim`` parser; every subparser reports a bad option in one line (exit 2)."""
    parser = OneLineParser(
        prog="cuesim",
        description="Physics-based pool and snooker: play, test rules, benchmark the engine.",
    )
    parser.add_argument("--version", action="version", version=f"cuesim {version()}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in _COMMAND_MODULES:
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``cuesim`` console script; returns the process exit status.

    A bad option is one line on stderr and status 2 (``--help`` and ``--version`` give 0); a
    reader that closes the pipe early (``cuesim judge ... | head``) ends the command quietly
    with status 141."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse's exit: --help, --version or a refused option
        return exc.code if isinstance(exc.code, int) else 2
    if getattr(args, "handler", None) is None:
        parser.print_help()
        return 2
    try:
        status = args.handler(args)
        sys.stdout.flush()
    except BrokenPipeError:
        return quiet_broken_pipe()
    return int(status or 0)


if __name__ == "__main__":
    sys.exit(main())
