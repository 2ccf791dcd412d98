"""The README works when pasted as written after the Quickstart.

- each fenced ``python`` block runs, in order;
- the Quickstart is exactly two commands;
- every later shell command names the virtual environment's programs (``.venv/bin/cuesim``,
  ``.venv/bin/python``), since the Quickstart does not activate it; every ``cuesim`` command line
  parses with the real argument parser, and every file it names exists in the repository.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from cuesim.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"

#: Programs a README command may start with after the Quickstart. The pooltool recipe uses a
#: separate virtual environment of its own, in /tmp, on purpose (pooltool is never a dependency).
ALLOWED_PROGRAMS = (".venv/bin/cuesim", ".venv/bin/python", ".venv/bin/pip", "/tmp/ptvenv/bin/")
#: Commands that only set up something outside the project (the pooltool environment).
SETUP_COMMANDS = ("python3 -m venv /tmp/ptvenv",)
#: Placeholders the README uses for the reader's own files.
PLACEHOLDERS = {"FILE", "breaks.csv", "breaks.png", "b.png", "b.gif", "out.json"}


def _text() -> str:
    return README.read_text(encoding="utf-8")


def _bash_blocks(text: str) -> list[str]:
    return re.findall(r"```bash\n(.*?)```", text, re.S)


def _commands(block: str) -> list[str]:
    """One string per command: continuation lines joined, comments and blank lines dropped."""
    joined = re.sub(r"\\\n\s*", " ", block)
    commands = []
    for line in joined.splitlines():
        line = line.split(" #", 1)[0].strip()
        if line and not line.startswith("#"):
            commands.append(line)
    return commands


def _after_quickstart() -> list[str]:
    text = _text()
    start = text.index("## Quickstart")
    rest = text[start:]
    blocks = _bash_blocks(rest)
    return [cmd for block in blocks[2:] for cmd in _commands(block)]


def test_every_python_block_in_the_readme_runs() -> None:
    blocks = re.findall(r"```python\n(.*?)```", _text(), re.S)
    assert len(blocks) >= 2
    for block in blocks:
        exec(compile(block, str(README), "exec"), {})


def test_the_quickstart_is_exactly_two_commands() -> None:
    text = _text()
    section = text[text.index("## Quickstart") :]
    section = section[: section.index("\n## ", 3)]
    commands = [cmd for block in _bash_blocks(section) for cmd in _commands(block)]
    assert len(commands) == 2, commands
    assert commands[0].endswith(".venv/bin/cuesim play")
    assert commands[1] == (
        "python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]' "
        "&& .venv/bin/python -m pytest -n 2"
    )


def test_the_ci_script_runs_the_readme_test_command_verbatim() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    text = _text()
    section = text[text.index("## Quickstart") :]
    test_command = _commands(_bash_blocks(section)[1])[0]
    assert test_command in ci.splitlines()


@pytest.mark.parametrize("command", _after_quickstart())
def test_every_later_command_uses_the_virtual_environment(command: str) -> None:
    if command in SETUP_COMMANDS:
        return
    assert command.startswith(ALLOWED_PROGRAMS), (
        f"README command {command!r} does not work after the Quickstart (the virtual "
        f"environment is not activated): start it with one of {ALLOWED_PROGRAMS}"
    )


@pytest.mark.parametrize(
    "command", [c for c in _after_quickstart() if c.startswith(".venv/bin/cuesim ")]
)
def test_every_cuesim_command_in_the_readme_parses(command: str) -> None:
    argv = shlex.split(command)[1:]
    try:
        build_parser().parse_args(argv)
    except SystemExit as exc:  # argparse reports a bad option by exiting with status 2
        pytest.fail(f"README command {command!r} does not parse (exit {exc.code})")
    for word in argv:
        if "/" in word and not word.startswith(("-", "tcp://", "~")) and word not in PLACEHOLDERS:
            assert (ROOT / word).exists(), f"README command {command!r} names a missing {word}"


@pytest.mark.parametrize(
    "command", [c for c in _after_quickstart() if c.startswith(".venv/bin/python ")]
)
def test_every_python_script_in_the_readme_exists(command: str) -> None:
    argv = shlex.split(command)
    if argv[1] == "-m":
        return
    assert (ROOT / argv[1]).is_file(), f"README command {command!r} names a missing script"


def test_every_link_in_the_readme_points_at_a_file_that_exists() -> None:
    for target in re.findall(r"\]\(([^)#]+)", _text()):
        if target.startswith(("http://", "https://")):
            continue
        assert (ROOT / target).exists(), f"README links to a missing {target}"
