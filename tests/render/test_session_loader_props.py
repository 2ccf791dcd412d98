"""Property tests of the window's session loader: whatever bytes a session file
holds, ``read_session`` either refuses it with a ``SaveFileError`` raised by a named check, or
returns a session that passes, checked here independently, every check of a fresh game.

The files are real sessions (a few shots of each game) with one part replaced by a hostile
value, removed, or wrapped; random JSON and random bytes too. Set ``CUESIM_PROP_EXAMPLES`` for
a longer run, e.g. ``CUESIM_PROP_EXAMPLES=5000 .venv/bin/python -m pytest -p no:cacheprovider
tests/render/test_session_loader_props.py``.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import math
import os
from pathlib import Path
from typing import Any

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from session_builder import played_session

import rules
from render.app import App
from render.match import MatchConfig
from render.savefile import SaveFileError, parse_session_text
from render.session_codec import read_session

EXAMPLES = int(os.environ.get("CUESIM_PROP_EXAMPLES", "120"))
PROPS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def _document(kind: str, shots: int, players: tuple[str, ...]) -> dict[str, Any]:
    session = played_session(kind, shots, players=players)
    return {"format": "cuesim-session", "version": 1, "session": session.to_json()}


DOCUMENTS = {
    "nine-ball": _document("nine-ball", 2, ("Ann", "Bob")),
    "eight-ball": _document("eight-ball", 2, ("Ann", "Bob", "Cy", "Di")),
    "snooker": _document("snooker", 2, ("Ann", "Bob")),
}


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path (keys and indices) to a part of ``value``, ``value`` itself first."""
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


PATHS = {kind: _paths(doc) for kind, doc in DOCUMENTS.items()}

HOSTILE_TEXT = st.sampled_from(
    ["", " ", "\x00", "Ann\x00", "\u202e", "\u200b\u200b", "x" * 5000, "nine-ball", "snooker",
     "none", "break", "Ann", "A & B", "1", "\ud7ff", "\n"]
)  # fmt: skip
HOSTILE_NUMBER = st.one_of(
    st.sampled_from([0, 1, -1, 2, 3, 5, 7, 8, 9, 99, 2**31, 2**63, -(2**63), 10**19, 10**25]),
    st.sampled_from([0.0, -0.0, 0.5, 1.5, 1e-300, 1e308, -1e308, 0.5000000000000001]),
    st.integers(min_value=-(10**6), max_value=10**6),
    st.floats(allow_nan=True, allow_infinity=True),
)
LEAF = st.one_of(st.none(), st.booleans(), HOSTILE_NUMBER, HOSTILE_TEXT)
HOSTILE = st.recursive(
    LEAF,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(HOSTILE_TEXT, inner, max_size=3)
    ),
    max_leaves=8,
)


def _replaced(document: Any, path: tuple[Any, ...], action: str, value: Any) -> Any:
    out = copy.deepcopy(document)
    if not path:
        return value if action != "wrap" else [out]
    parent = out
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if action == "remove":
        del parent[last]
    elif action == "wrap":
        parent[last] = [parent[last]]
    else:
        parent[last] = value
    return out


def _write(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / "prop.cuesim.json"
    path.write_bytes(data)
    return path


def check_like_a_fresh_game(game: Any, config: MatchConfig) -> None:
    """The checks a fresh game of ``config`` passes, written out here (not the loader's)."""
    fields = {f.name: getattr(game, f.name) for f in dataclasses.fields(game)}
    type(game)(**fields)  # Game.__post_init__ again
    fresh = rules.new_game(config.game, players=game.players, seed=0, table=game.table)
    assert type(fresh) is type(game) and fresh.table == game.table
    rules.check_player_names(game.players)
    for name in game.players:
        assert name.isprintable() and name.strip()
    state, table = game.state, game.table
    r = float(table.ball_radius)
    on = [i for i in range(int(state.n)) if bool(state.on_table[i])]
    for i in on:
        x, y = (float(v) for v in state.pos[i])
        assert math.isfinite(x) and math.isfinite(y) and table.contains_ball(x, y)
    for k, i in enumerate(on):
        for j in on[k + 1 :]:
            d = math.dist(state.pos[i], state.pos[j])
            assert d >= 2 * r - 1e-9, (i, j, d)
    assert all(0 <= int(b) < int(state.n) for b in game.ball_on)
    assert 0 <= game.to_play < len(game.players)
    assert game.winner is None or 0 <= game.winner < game.sides
    assert 0 <= game.shot_number <= 10**6 and 0 <= game.rack_number <= 10**6
    assert 0 <= game.seed < 2**63
    assert game.last_reason.isprintable() and len(game.last_reason) <= 2000


def check_loaded(path: Path) -> bool:
    """Load ``path``: True when it loaded (and passed every check), False when refused by a
    named check; anything else fails the test."""
    try:
        config, score, game, undo, last = read_session(path)
    except SaveFileError as exc:
        assert "no check names" not in str(exc), str(exc)
        return False
    MatchConfig(**{f.name: getattr(config, f.name) for f in dataclasses.fields(config)})
    assert 0 <= score.breaker < 2 and all(0 <= w <= config.wins_needed for w in score.wins)
    for g in (game, *(u[0] for u in undo), *((last.before_game,) if last else ())):
        check_like_a_fresh_game(g, config)
    return True


@PROPS
@given(
    kind=st.sampled_from(sorted(DOCUMENTS)),
    where=st.integers(min_value=0),
    action=st.sampled_from(["replace", "replace", "replace", "remove", "wrap"]),
    value=HOSTILE,
)
def test_one_part_replaced_loads_only_valid_states(
    tmp_path: Path, kind: str, where: int, action: str, value: Any
) -> None:
    paths = PATHS[kind]
    path = paths[where % len(paths)]
    document = _replaced(DOCUMENTS[kind], path, action, value)
    try:
        text = json.dumps(document)
    except (TypeError, ValueError):
        return
    check_loaded(_write(tmp_path, text.encode("utf-8")))


@PROPS
@given(data=st.binary(max_size=400))
def test_random_bytes_are_refused(tmp_path: Path, data: bytes) -> None:
    assert not check_loaded(_write(tmp_path, data))


@PROPS
@given(value=HOSTILE)
def test_random_json_is_refused(tmp_path: Path, value: Any) -> None:
    text = json.dumps({"format": "cuesim-session", "version": 1, "session": value})
    assert not check_loaded(_write(tmp_path, text.encode("utf-8")))


@PROPS
@given(
    kind=st.sampled_from(sorted(DOCUMENTS)),
    cut=st.integers(min_value=0),
    bit=st.integers(min_value=0, max_value=7),
)
def test_a_flipped_bit_or_a_truncation_never_escapes(
    tmp_path: Path, kind: str, cut: int, bit: int
) -> None:
    data = bytearray(json.dumps(DOCUMENTS[kind]).encode("utf-8"))
    flipped = bytearray(data)
    flipped[cut % len(data)] ^= 1 << bit
    check_loaded(_write(tmp_path, bytes(flipped)))
    assert not check_loaded(_write(tmp_path, bytes(data[: cut % len(data)])))


def test_the_unmodified_documents_load_and_draw(tmp_path: Path) -> None:
    for kind, document in DOCUMENTS.items():
        path = _write(tmp_path, json.dumps(document).encode("utf-8"))
        assert check_loaded(path), kind
        app = App((1280, 820), save_path=path, warm_up=False)
        assert app.load(path)
        app.draw(pygame.Surface((1280, 820)))


def test_parse_refuses_deep_nesting_without_recursion() -> None:
    with pytest.raises(SaveFileError, match="nests"):
        parse_session_text(b"[" * 1_000_000, "deep")
