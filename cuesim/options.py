"""Option types of the ``cuesim`` command line: every value is checked while the command line
is parsed, before any work starts, and a bad one is refused in one line with exit status 2.

Each factory returns an ``argparse`` ``type=`` callable raising ``argparse.ArgumentTypeError``
with a sentence saying what was given and what is allowed; :class:`OneLineParser` prints that
sentence as the single line ``cuesim COMMAND: error: argument --X: ...`` (no usage block).

Output paths (:func:`output_path`) are checked for a known suffix, an existing folder that can
be written and a target that is not a folder, so a study never runs for an hour to fail on its
output name. Nothing here imports the engine, the referee or pygame.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn
from urllib.parse import urlsplit

#: Dask's address schemes (``distributed.comm``): a scheduler address must use one of them.
CLUSTER_SCHEMES = ("tcp", "tls", "inproc", "ucx", "ws", "wss")


class OneLineParser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose errors are one line on stderr and exit status 2."""

    def error(self, message: str) -> NoReturn:
        first = message.splitlines()[0] if message else "bad command line"
        # "argument --fps: --fps must be ..." says the option's name once.
        head, sep, rest = first.partition(": ")
        if sep and head.startswith("argument ") and rest.startswith(head.split()[-1].split("/")[0]):
            first = rest
        self.exit(2, f"{self.prog}: error: {first} (see {self.prog} --help)\n")


def bounded_int(low: int, high: int, what: str) -> Callable[[str], int]:
    """An integer option in ``[low, high]``; ``what`` names it in messages."""

    def parse(text: str) -> int:
        try:
            value = int(text, 10)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{what} must be a whole number from {low:,} to {high:,}; got {text[:40]!r}"
            ) from None
        if value < low:
            raise argparse.ArgumentTypeError(
                f"{what} must be at least {low:,} (and at most {high:,}); got {value:,}"
            )
        if value > high:
            raise argparse.ArgumentTypeError(
                f"{what} must be at most {high:,} (and at least {low:,}); got {text[:40]}"
            )
        return value

    return parse


def bounded_float(low: float, high: float, what: str, *, unit: str = "") -> Callable[[str], float]:
    """A finite real option in ``[low, high]`` (nan and inf refused by name)."""
    suffix = f" {unit}" if unit else ""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{what} must be a number from {low:g} to {high:g}{suffix}; got {text[:40]!r}"
            ) from None
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(
                f"{what} must be a finite number from {low:g} to {high:g}{suffix}; got {text}"
            )
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"{what} must be from {low:g} to {high:g}{suffix}; got {text[:40]}"
            )
        return value

    return parse


def path_problem(path: Path, suffixes: Sequence[str], kind: str = "") -> str | None:
    """Why ``path`` cannot be written as an output with one of ``suffixes``, or None
    (``kind`` names the format family in the message: "table", "picture")."""
    suffix = path.suffix.lower()
    if suffixes and suffix not in suffixes:
        family = f"{kind} format" if kind else "format"
        return f"{path}: unknown {family} {suffix or '(no suffix)'!r}; use {', '.join(suffixes)}"
    folder = path.parent
    if not folder.is_dir():
        return f"{path}: the folder {folder} does not exist"
    if path.is_dir():
        return f"{path}: is a folder; give a file name"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"{path}: the folder {folder} cannot be written"
    if path.exists() and not os.access(path, os.W_OK):
        return f"{path}: the file exists and cannot be replaced (read-only)"
    return None


def output_path(*suffixes: str, kind: str = "") -> Callable[[str], Path]:
    """An output file option: a known suffix, an existing writable folder, not a folder."""

    def parse(text: str) -> Path:
        if not text or "\x00" in text:
            raise argparse.ArgumentTypeError(f"not a file name: {text!r}")
        path = Path(text)
        problem = path_problem(path, suffixes, kind)
        if problem is not None:
            raise argparse.ArgumentTypeError(problem)
        return path

    return parse


def cluster_address(text: str) -> str:
    """``--cluster``: "local" or a Dask scheduler address ``SCHEME://HOST:PORT`` (``HOST:PORT``
    means ``tcp://HOST:PORT``); the scheme one of :data:`CLUSTER_SCHEMES`."""
    if text == "local":
        return text
    shape = "'local' or a scheduler address such as tcp://host:8786"
    full = text if "://" in text else f"tcp://{text}"
    try:
        parts = urlsplit(full)
        port = parts.port
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected {shape}; got {text[:60]!r}") from None
    host = parts.hostname or ""
    if (
        parts.scheme not in CLUSTER_SCHEMES
        or not host
        or any(c.isspace() for c in text)
        or parts.path not in ("", "/")
        or parts.query
        or (port is None and parts.scheme != "inproc")
    ):
        schemes = ", ".join(f"{s}://" for s in CLUSTER_SCHEMES)
        raise argparse.ArgumentTypeError(
            f"expected {shape} (schemes {schemes}, a host and a port); got {text[:60]!r}"
        )
    return full


def quiet_broken_pipe() -> int:
    """After ``BrokenPipeError`` on stdout (``cuesim judge ... | head``): silence stdout so the
    interpreter's final flush cannot fail again, and return 141 (128 + SIGPIPE), the status
    of a program the pipe's end closed."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass
    return 141
