"""docs/rules-coverage.md is checked against the tests it cites.

For every row of the three clause tables:

* the test column names tests that exist (``abbreviation `test_name` ``, a ``*`` prefix
  pattern or a ``[param]`` case; "same" repeats the row above; "as Sxx" the row named);
* a row judged by the program (category ``log``, ``geometry`` or ``asks a player``) names at
  least one test; only rows that are wholly "impossible in the program" or "not modelled"
  may have none ("—");
* each test named asserts something (an ``assert`` or ``pytest.raises``), not only runs;
* the tests of a row name the clause's behaviour: the row's "Where" column gives in
  backticks at least one thing a caller of the rules can observe (``OBSERVABLE``: a foul code, a
  choice, a phase, a ball-in-hand zone, a declared foul, a field of a ruling, a declaration or a
  game, a public method or function of ``rules``), and one of them appears in the source of one
  of the row's tests or of the test-module helpers they call.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MATRIX = ROOT / "docs" / "rules-coverage.md"
TESTS = ROOT / "tests" / "rules"

#: The abbreviations of the matrix's test column, to files under tests/rules/.
FILES = {
    "9b": "test_nine_ball.py",
    "8b": "test_eight_ball.py",
    "api": "test_game_api.py",
    "fpr": "test_facts_placement_racks.py",
    "sim": "test_simulated_shots.py",
    "sr": "test_snooker_rules.py",
    "sg": "test_snooker_geometry.py",
    "ss": "test_snooker_sim.py",
    "rk": "test_racks.py",
    "oj": "test_off_table_and_jumps.py",
    "jf": "test_jump_fouls.py",
    "nb": "test_number_bounds.py",
    "tb": "test_snooker_touching_ball.py",
    "af": "test_snooker_after_a_foul.py",
    "fe": "test_snooker_frame_end.py",
    "df": "test_snooker_declared_fouls.py",
    "ro": "test_rule_options.py",
}

#: Words of the "Where" column too general to stand for a clause's behaviour.
GENERIC = {"Ruling", "Game", "Declaration", "True", "False", "None", "new", "play", "judge"}


def observable_words() -> frozenset[str]:
    """What a caller of ``rules`` sees: foul codes, enum members (names and values), the fields
    of the value objects and games, the public methods of the games and the public functions
    of the rules modules."""
    import dataclasses
    import importlib
    import inspect

    import rules
    from rules import eight_ball, nine_ball, pool, pool_judge, snooker, snooker_clauses, types

    words: set[str] = set(snooker_clauses.CLAUSES) | set(snooker_clauses.DECLARABLE)
    words |= {v for k, v in vars(pool.FoulCode).items() if not k.startswith("_")}
    for enum in ENUMS:
        words |= {m.name for m in enum} | {str(m.value) for m in enum}
    for cls in (
        types.Ruling,
        types.Declaration,
        types.Foul,
        types.SnookerExtras,
        types.EightBallExtras,
        types.DeclarationOptions,
        nine_ball.NineBallGame,
        eight_ball.EightBallGame,
        snooker.SnookerGame,
        pool_judge.PoolStroke,
    ):
        words |= {f.name for f in dataclasses.fields(cls)}
        words |= {n for n, _ in inspect.getmembers(cls) if not n.startswith("_")}
    for name in (
        "facts",
        "flights",
        "placement",
        "racks",
        "pool_fouls",
        "nine_ball_judge",
        "eight_ball_judge",
        "eight_ball_break",
        "snooker_geometry",
        "snooker_fouls",
        "snooker_judge",
        "snooker_after_foul",
    ):
        module = importlib.import_module(f"rules.{name}")
        words |= {n for n, v in vars(module).items() if callable(v) and not n.startswith("_")}
    words |= {n for n in dir(rules) if not n.startswith("_")}
    return frozenset(words - GENERIC)


def _enums() -> tuple[type, ...]:
    from rules import types

    return (types.Choice, types.BallInHand, types.Phase, types.DeclaredFoul, types.Group)


ENUMS = _enums()
OBSERVABLE = observable_words()

ROW = re.compile(r"^\| ([NES]\d+[a-z]?) \|(.*)\|(.*)\|(.*)\|(.*)\|\s*$")
CITED = re.compile(rf"(?<![\w`])({'|'.join(FILES)})\s+((?:`[^`]+`(?:,\s*(?=`))?)+)")


def matrix_rows() -> list[tuple[str, str, str, str]]:
    """(id, category, where, test column) of every clause row, in order."""
    rows = []
    for line in MATRIX.read_text(encoding="utf-8").splitlines():
        m = ROW.match(line)
        if m:
            rows.append((m.group(1), m.group(3).strip(), m.group(4).strip(), m.group(5).strip()))
    return rows


@cache
def module_functions(name: str) -> dict[str, ast.FunctionDef]:
    """Top-level functions of a test file, by name."""
    tree = ast.parse((TESTS / name).read_text(encoding="utf-8"))
    return {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}


@cache
def module_source(name: str) -> str:
    return (TESTS / name).read_text(encoding="utf-8")


#: A cited parametrized case, ``test_name[case]``: (file, test) -> the cases cited.
CASES: dict[tuple[str, str], set[str]] = {}


def cited_tests(column: str) -> list[tuple[str, str]]:
    """(file, function name) for each test named in a test column; cases go to ``CASES``."""
    found = []
    for m in CITED.finditer(column):
        file = FILES[m.group(1)]
        for name in re.findall(r"`([^`]+)`", m.group(2)):
            if "[" in name:
                name, case = name.rstrip("]").split("[", 1)
                CASES.setdefault((file, name), set()).add(case)
            functions = module_functions(file)
            if name.endswith("*"):
                matches = [f for f in functions if f.startswith(name[:-1])]
                assert matches, f"{file}: no test matches {name}"
                found += [(file, f) for f in matches]
            else:
                found.append((file, name))
    return found


def resolved_rows() -> dict[str, tuple[str, str, list[tuple[str, str]]]]:
    """id -> (category, where, tests), "same" and "as Xn" resolved."""
    out: dict[str, tuple[str, str, list[tuple[str, str]]]] = {}
    previous: list[tuple[str, str]] = []
    for row_id, category, where, column in matrix_rows():
        tests = cited_tests(column)
        if not tests and column.lower().startswith("same"):
            tests = previous
        for ref in re.findall(r"\bas ([NES]\d+[a-z]?)\b", column):
            tests = tests + out[ref][2]
        for ref in re.findall(r"\b([NES]\d+[a-z]?)(?:,| tests)", column):
            if ref in out:
                tests = tests + out[ref][2]
        out[row_id] = (category, where, tests)
        previous = tests
    return out


def judged_by_the_program(category: str) -> bool:
    return any(word in category for word in ("log", "geometry", "asks a player"))


def behaviour_words(where: str) -> set[str]:
    """The observable identifiers the "Where" column gives in backticks (last dotted part)."""
    words = set()
    for token in re.findall(r"`([^`]+)`", where):
        for part in re.split(r"[\s,=()>\-+/]+", token):
            part = part.strip(".\"'[]{}")
            if not part:
                continue
            last = part.split(".")[-1]
            if last in OBSERVABLE:
                words.add(last)
                for enum in ENUMS:  # an enum member also by its value ("ball_touched")
                    if last in enum.__members__:
                        words.add(str(enum[last].value))
    return words


def _case_text(value: object) -> str:
    """A parametrized case as text; a case with a number too long to write, by its id."""
    try:
        return str(value)
    except ValueError:
        return str(getattr(value, "id", "") or "")


def parametrized_cases(file: str, name: str) -> list[str]:
    """The values of the test's ``pytest.mark.parametrize`` marks, as text."""
    import importlib

    module = importlib.import_module(f"tests.rules.{file.removesuffix('.py')}")
    values: list[str] = []
    for mark in getattr(getattr(module, name), "pytestmark", []):
        if mark.name == "parametrize":
            values += [_case_text(v) for v in mark.args[1]]
    return values


def source_with_helpers(file: str, name: str) -> str:
    """The test's source plus the sources of the test-module functions it calls."""
    functions = module_functions(file)
    node = functions[name]
    text = ast.get_source_segment(module_source(file), node) or ""
    called = {
        n.func.id
        for n in ast.walk(node)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in functions
    }
    for helper in sorted(called - {name}):
        text += "\n" + (ast.get_source_segment(module_source(file), functions[helper]) or "")
    return text


def asserts_something(node: ast.FunctionDef) -> bool:
    for n in ast.walk(node):
        if isinstance(n, ast.Assert):
            return True
        if isinstance(n, ast.Attribute) and n.attr == "raises":
            return True
    return False


ROWS = resolved_rows()


def test_the_matrix_has_its_rows():
    ids = list(ROWS)
    assert len(ids) > 150 and len(ids) == len(set(ids))
    for prefix in ("N", "E", "S"):
        assert any(i.startswith(prefix) for i in ids)


@pytest.mark.parametrize("row_id", sorted(ROWS))
def test_every_row_names_existing_tests_that_assert(row_id):
    category, _, tests = ROWS[row_id]
    if judged_by_the_program(category):
        assert tests, f"{row_id} ({category}) names no test"
    for file, name in tests:
        functions = module_functions(file)
        assert name in functions, f"{row_id}: {file} has no test {name}"
        assert asserts_something(functions[name]), f"{row_id}: {name} asserts nothing"
        missing = CASES.get((file, name), set()) - set(parametrized_cases(file, name))
        assert not missing, f"{row_id}: {name} has no case {sorted(missing)}"


@pytest.mark.parametrize("row_id", sorted(ROWS))
def test_every_row_tests_name_the_clauses_behaviour(row_id):
    _, where, tests = ROWS[row_id]
    if not tests:
        return
    words = behaviour_words(where)
    assert words, f"{row_id}: its Where column names nothing a ruling or a game shows"
    sources = "\n".join(source_with_helpers(f, n) for f, n in tests)
    sources += "\n" + " ".join(" ".join(sorted(CASES.get(t, ()))) for t in tests)
    named = sorted(w for w in words if re.search(rf"\b{re.escape(w)}\b", sources))
    assert named, (
        f"{row_id}: none of its tests names what the row says the program does "
        f"({', '.join(sorted(words))}); tests: {', '.join(n for _, n in tests)}"
    )
