"""Property tests of the scenario loader: on mutated example
scenarios and on arbitrary text, nothing escapes but ``ScenarioError``, whose message is one
line naming the source; and whatever loads builds a game that passes the checks of a fresh one
(the construction checks, ball positions on the cloth without overlaps, names and seed)."""

from __future__ import annotations

import dataclasses
import json
import math
from pathlib import Path
from typing import Any

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lab.runner import game_from_scenario
from lab.scenario import ScenarioError, load_scenario, parse_scenario, scenario_to_dict
from rules.arguments import check_player_names
from rules.position import check_game_fields

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
_BASES = [
    scenario_to_dict(load_scenario(EXAMPLES / game / name))
    for game, name in (
        ("nine-ball", "break-legal.toml"),
        ("eight-ball", "break-legal.toml"),
        ("snooker", "foul-pink-first.toml"),
    )
]

_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**6), max_value=10**6),
    st.sampled_from([2**63, -(2**63), 10**400, 0, 1, 99, -1]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.floats(min_value=-3.0, max_value=3.0),
    st.text(max_size=8),
    st.sampled_from(["cue", "1", "9", "red_1", "black", "A", "B", "top-right", "anywhere", "in_d"]),
)
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


def _check_sound(scenario: Any) -> None:
    """A loaded scenario builds a game a fresh game's checks accept, or says why not."""
    try:
        game = game_from_scenario(scenario)
    except ScenarioError as exc:
        assert "\n" not in str(exc)
        return
    check_game_fields(game)
    dataclasses.replace(game)  # every __post_init__ check of the game's class again
    check_player_names(game.players)
    on = np.asarray(game.state.on_table, dtype=bool)
    pos = np.asarray(game.state.pos)[on]
    assert np.isfinite(pos).all()
    radius = float(game.table.ball_radius)
    for i, (x, y) in enumerate(pos):
        assert game.table.contains_ball(float(x), float(y))
        for x2, y2 in pos[i + 1 :]:
            assert math.hypot(x - x2, y - y2) >= 2 * radius - 1e-9
    assert math.isfinite(scenario.shot.speed) and scenario.shot.speed > 0


def _load(text: str, kind: str) -> Any:
    try:
        return parse_scenario(text, source="prop", kind=kind)
    except ScenarioError as exc:
        message = str(exc)
        assert message.startswith("prop") and "\n" not in message
        return None


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_mutated())
def test_mutated_scenarios_raise_only_scenario_error_and_load_sound(text: str) -> None:
    scenario = _load(text, "json")
    if scenario is not None:
        _check_sound(scenario)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300), st.sampled_from(["json", "toml"]))
def test_arbitrary_text_raises_only_scenario_error(text: str, kind: str) -> None:
    scenario = _load(text, kind)
    if scenario is not None:  # pragma: no cover - arbitrary text is never a scenario
        _check_sound(scenario)


def test_the_examples_themselves_are_sound() -> None:
    for data in _BASES:
        scenario = _load(json.dumps(data), "json")
        assert scenario is not None
        _check_sound(scenario)
