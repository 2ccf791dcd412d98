"""One vocabulary for games (docs/architecture.md, "rules"): outside ``rules/`` no code names a
game by its string or keeps its own copy of snooker's colour values.

The lab, the window, the command line and the benchmarks ask the registry (``rules.games()``,
``rules.game_class``, ``rules.GameKind``) and the game classes' metadata instead. An AST scan
of their source fails on any string literal equal to a ``GameKind`` value and on any dict
display mapping snooker colour names to their values; docstrings are prose and are skipped.
No allow-list: nothing outside ``rules/`` needs a game's name as a string (a table's own
``kind`` is compared with what ``sim.Table.snooker()`` carries, not with a literal).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import rules
from rules.snooker import COLOUR_VALUES

ROOT = Path(__file__).resolve().parent.parent

#: The packages that must ask the rules instead of naming games.
SCANNED = ("lab", "render", "cuesim", "benchmarks")

#: Every game name the registry knows ("nine-ball", "eight-ball", "snooker").
GAME_NAMES = frozenset(kind.value for kind in rules.GameKind)


def _docstring_nodes(tree: ast.AST) -> set[int]:
    """``id`` of every docstring constant of ``tree`` (module, class, function)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                out.add(id(first.value))
    return out


def game_name_literals(source: str) -> Iterator[tuple[int, str]]:
    """(line, text) of each string literal of ``source`` equal to a game kind's value, outside
    docstrings (f-string pieces included)."""
    tree = ast.parse(source)
    docstrings = _docstring_nodes(tree)
    for node in ast.walk(tree):
        is_text = isinstance(node, ast.Constant) and isinstance(node.value, str)
        if is_text and id(node) not in docstrings and node.value in GAME_NAMES:
            yield node.lineno, node.value


def colour_value_tables(source: str) -> Iterator[int]:
    """Line of each dict display mapping at least three snooker colour names to their values
    (a copy of ``rules.snooker.COLOUR_VALUES``)."""
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Dict):
            continue
        pairs = 0
        for key, value in zip(node.keys, node.values, strict=True):
            if (
                isinstance(key, ast.Constant)
                and key.value in COLOUR_VALUES
                and isinstance(value, ast.Constant)
                and value.value == COLOUR_VALUES[key.value]
            ):
                pairs += 1
        if pairs >= 3:
            yield node.lineno


def _sources() -> list[Path]:
    return sorted(p for package in SCANNED for p in (ROOT / package).rglob("*.py"))


def test_no_game_name_literal_outside_rules() -> None:
    found = []
    for path in _sources():
        rel = path.relative_to(ROOT)
        for line, text in game_name_literals(path.read_text(encoding="utf-8")):
            found.append(f"{rel}:{line}: {text!r}")
    assert not found, "ask rules.games() / the game class instead of naming games:\n" + "\n".join(
        found
    )


def test_no_copy_of_the_snooker_colour_values_outside_rules() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in _sources()
        for line in colour_value_tables(path.read_text(encoding="utf-8"))
    ]
    assert not found, "use rules.snooker.COLOUR_VALUES / ball_value:\n" + "\n".join(found)


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ('if game == "snooker":\n    pass\n', [(1, "snooker")]),
        ('GAMES = ("nine-ball", "eight-ball")\n', [(1, "nine-ball"), (1, "eight-ball")]),
        ('x = f"{a}"\nprint("eight-ball")\n', [(2, "eight-ball")]),
        ('def f():\n    """Plays "snooker"."""\n    return "pool"\n', []),
        ('"""snooker"""\nkind = rules.GameKind.SNOOKER\n', []),
        ('name = "snooker-ish"\n', []),
    ],
)
def test_the_scan_finds_game_names_and_skips_docstrings(
    source: str, expected: list[tuple[int, str]]
) -> None:
    assert list(game_name_literals(source)) == expected


def test_the_scan_finds_a_copied_colour_table() -> None:
    copied = 'V = {"yellow": 2, "green": 3, "brown": 4, "blue": 5}\n'
    assert list(colour_value_tables(copied)) == [1]
    looks = 'C = {"yellow": (250, 220, 0), "green": (0, 120, 0), "brown": (120, 70, 20)}\n'
    assert list(colour_value_tables(looks)) == []


def test_game_classes_carry_what_callers_ask() -> None:
    """The metadata that replaced the game-name comparisons, per game (rules.game)."""
    nine, eight, snooker = (rules.game_class(k) for k in rules.GameKind)
    assert [c.frame_word for c in (nine, eight, snooker)] == ["rack", "rack", "frame"]
    assert [c.scores_points for c in (nine, eight, snooker)] == [False, False, True]
    assert [c.calls_shots for c in (nine, eight, snooker)] == [False, True, False]
    assert [c.has_push_out for c in (nine, eight, snooker)] == [True, False, False]
    assert [c.has_three_fouls_rule for c in (nine, eight, snooker)] == [True, False, False]
    assert [c.game_ball for c in (nine, eight, snooker)] == ["9", "8", None]
    for cls in (nine, eight):
        assert cls.game_ball is not None and cls.game_ball in cls.ball_names
