"""Property tests of the match-study loader: on mutated shipped studies and on arbitrary text,
nothing escapes but ``MatchStudyError``, whose message is one line naming the source; whatever
loads gives every variant a game that ``rules.new_game`` builds."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from lab.match_study import MatchStudyError, parse_match_study

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "match-studies"
_BASES = [
    json.loads(json.dumps(tomllib.loads(p.read_text(encoding="utf-8"))))
    for p in sorted(EXAMPLES.glob("*.toml"))
]

_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**6), max_value=10**6),
    st.sampled_from([2**63, -(2**63), 10**400, 0, 1, 2, 4, -1]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
    st.sampled_from(["magic", "triangle", "pool-7ft", "snooker", "pro", "beginner", "nine-ball",
                     "eight-ball", "wins", "opponent", "breaker", "table", "rack_style"]),
)  # fmt: skip
_value = st.recursive(
    _leaf,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=10,
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out += _paths(value, (*prefix, i))
    return out


@st.composite
def _mutated(draw: st.DrawFn) -> str:
    data = json.loads(json.dumps(draw(st.sampled_from(_BASES))))
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        path = draw(st.sampled_from([p for p in _paths(data) if p]))
        node = data
        for key in path[:-1]:
            node = node[key]
        if isinstance(node, dict) and draw(st.booleans()):
            del node[path[-1]]
        else:
            node[path[-1]] = draw(_value)
    return json.dumps(data, allow_nan=True)


def _load(text: str, kind: str) -> Any:
    try:
        return parse_match_study(text, source="prop", kind=kind)
    except MatchStudyError as exc:
        message = str(exc)
        assert message.startswith("prop") and "\n" not in message
        return None


def _check_sound(study: Any) -> None:
    assert len(study.variants) >= 2
    for plan in study.plans():
        players = tuple(f"P{i}" for i in range(len(plan.levels)))
        game = rules.new_game(plan.kind, players=players, seed=0, **dict(plan.options))
        assert not game.is_over
        assert (plan.racks > 0) != (plan.race_to > 0)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_mutated())
def test_mutated_studies_raise_only_match_study_error_and_load_sound(text: str) -> None:
    study = _load(text, "json")
    if study is not None:
        _check_sound(study)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300), st.sampled_from(["json", "toml"]))
def test_arbitrary_text_raises_only_match_study_error(text: str, kind: str) -> None:
    study = _load(text, kind)
    if study is not None:  # pragma: no cover - arbitrary text is never a study
        _check_sound(study)


def test_the_shipped_studies_themselves_are_sound() -> None:
    assert _BASES
    for data in _BASES:
        study = _load(json.dumps(data), "json")
        assert study is not None
        _check_sound(study)
