"""Save files of a whole playing session: atomic, versioned JSON, read defensively.

A save file is one JSON object::

    {"format": "cuesim-session", "version": 1, "saved_at": "<UTC ISO time>", "session": {...}}

``session`` holds the match (:func:`encode_session`): its config and score, the game in the
rules package's own JSON form (``rules.persist.to_dict``; this module has no codec of its own
for a game), the undo stack, and the last shot (its start, strike and declaration; the result
is simulated again on loading, the engine being deterministic).

Writing goes through ``rules.files.write_atomic`` (a temporary file in the same folder, flushed
and fsynced, then renamed over the target), so a crash or a full disk never leaves a
half-written save where a good one was, and no temporary file stays behind.

Reading refuses a file whole, with one :class:`SaveFileError` whose message a player can read,
or loads a session every check of a fresh game accepts (:mod:`render.savecheck`):

- only a regular file of at most :data:`MAX_SESSION_BYTES` is read (``rules.files``): a FIFO or
  ``/dev/zero`` is refused before anything is read;
- the text must be UTF-8 JSON nested at most :data:`MAX_NESTING` levels deep, with integers of
  at most :data:`MAX_INT_DIGITS` digits, finite numbers only (``NaN``, ``Infinity``, ``1e999``
  refused), no key twice in an object, and no control character but tab and newline in a text;
- ``version`` must be the integer :data:`SAVE_VERSION` (not ``1.0``, not ``true``);
- then each field is read with its type and range (:func:`decode_session`).
"""

from __future__ import annotations

import json
import logging
import os
import re
import unicodedata
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import rules
import sim
from render.history import HistoryEntry, LastShot
from render.match import (
    AIM_LEVELS,
    DEFAULT_AIM_LEVEL,
    GAME_KINDS,
    MatchConfig,
    MatchScore,
    MatchSetupError,
)
from render.savecheck import game_problem, point_problem, score_problem
from rules.files import FileReadError, FileWriteError, read_regular_file, write_atomic
from rules.persist import from_dict, to_dict
from sim.errors import EventCapExceededError, SimInputError

#: Where a file refused by an error no check named is logged, with its traceback.
LOG = logging.getLogger("cuesim.render.savefile")

#: The ``format`` tag of a cuesim session file.
SAVE_FORMAT = "cuesim-session"
#: The version this code writes; it reads this version only.
SAVE_VERSION = 1
#: File name extension offered by the window.
SAVE_SUFFIX = ".cuesim.json"
#: Largest session file read, bytes. A saved game is about 3 KiB and an undo entry with its
#: shot about 8 KiB, so this holds thousands of shots.
MAX_SESSION_BYTES = 32 << 20
#: Deepest nesting of JSON arrays and objects accepted (a real session file nests 7 deep).
MAX_NESTING = 32
#: Most digits of an integer in a session file (a seed below 2**63 has 19).
MAX_INT_DIGITS = 20
#: Most entries of the undo stack read (each may hold a shot that is simulated again).
MAX_UNDO = 5_000


class SaveFileError(ValueError):
    """A save file could not be read or written; the message says why, for the player."""


def save_session(path: str | os.PathLike[str], session: dict[str, Any]) -> Path:
    """Write ``session`` to ``path`` atomically (``rules.files.write_atomic``); returns the path.

    Raises :class:`SaveFileError` when the session is not JSON-serialisable or the file cannot
    be written (a full disk, a folder that is not writable); an existing file at ``path`` is
    then left as it was and no temporary file remains. Does not mutate ``session``.
    """
    target = Path(path)
    document = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "session": session,
    }
    try:
        text = json.dumps(document, indent=1, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise SaveFileError(f"the session could not be written as JSON: {exc}") from exc
    folder = target.parent if str(target.parent) else Path(".")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SaveFileError(f"cannot write in {folder}: {exc.strerror or exc}") from exc
    try:
        return write_atomic(target, text)
    except FileWriteError as exc:
        raise SaveFileError(str(exc)) from exc


# ---------------------------------------------------------------------- reading the JSON safely
class _RefusedValueError(ValueError):
    """A value the JSON parser met that a session file may not hold (raised from its hooks)."""


#: A JSON string literal (the unrolled form: linear time, no backtracking blow-up).
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


def nesting_depth(text: str) -> int:
    """How deep the arrays and objects of the JSON ``text`` nest (brackets inside strings do not
    count). Linear in ``len(text)``; no recursion, so any depth is measured safely."""
    depth = deepest = 0
    for match in _BRACKETS.finditer(_STRING.sub('""', text)):
        if match.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def _parse_int(digits: str) -> int:
    count = len(digits.lstrip("-"))
    if count > MAX_INT_DIGITS:
        raise _RefusedValueError(
            f"an integer of {count} digits; at most {MAX_INT_DIGITS} digits are allowed"
        )
    return int(digits)


def _parse_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise _RefusedValueError(f"the number {text[:24]} is out of range; finite numbers only")
    return value


def _parse_constant(name: str) -> Any:
    raise _RefusedValueError(f"{name} is not a number a session may hold; finite numbers only")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _RefusedValueError(f"the key {key[:40]!r} appears twice in one object")
        out[key] = value
    return out


def _check_texts(value: Any) -> None:
    """``_RefusedValueError`` for a text (key or value) holding a control character other than tab
    and newline, anywhere in ``value`` (nesting is bounded before this runs)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str) and any(
            unicodedata.category(c) == "Cc" and c not in "\t\n" for c in item
        ):
            raise _RefusedValueError(f"the text {item[:40]!r} holds a control character (NUL, ...)")


def parse_session_text(raw: bytes, name: str) -> dict[str, Any]:
    """The ``session`` object of the save file bytes ``raw`` (``name`` for messages); every
    refusal (module docstring) is a :class:`SaveFileError`."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveFileError(f"{name} is damaged or not a save file (not UTF-8 text)") from exc
    depth = nesting_depth(text)
    if depth > MAX_NESTING:
        raise SaveFileError(
            f"{name} is damaged: its JSON nests {depth} levels deep; at most {MAX_NESTING} "
            "are allowed"
        )
    try:
        document = json.loads(
            text,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_parse_constant,
            object_pairs_hook=_object,
        )
        _check_texts(document)
    except _RefusedValueError as exc:
        raise SaveFileError(f"{name} is damaged: {exc}") from exc
    except (json.JSONDecodeError, RecursionError, ValueError) as exc:
        raise SaveFileError(f"{name} is damaged or not a save file (not valid JSON)") from exc
    if not isinstance(document, dict) or document.get("format") != SAVE_FORMAT:
        raise SaveFileError(f"{name} is not a cuesim save file")
    version = document.get("version")
    if type(version) is not int or version != SAVE_VERSION:
        raise SaveFileError(
            f"{name} is a version {version!r} save file; this cuesim reads version "
            f"{SAVE_VERSION} (an integer)"
        )
    session = document.get("session")
    if not isinstance(session, dict):
        raise SaveFileError(f"{name} is damaged: it holds no session")
    return session


def load_session(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read a save file and return its ``session`` object (not yet decoded: see
    :func:`decode_session`, or :func:`read_session` for both).

    Raises :class:`SaveFileError` when the file is missing, not a regular file, larger than
    :data:`MAX_SESSION_BYTES`, unreadable, not JSON within the limits of the module docstring,
    not a cuesim session, or of another version; the message names the problem and what is
    expected.
    """
    source = Path(path)
    if not source.exists() and not source.is_symlink():
        raise SaveFileError(f"no such file: {source}")
    try:
        raw = read_regular_file(source, MAX_SESSION_BYTES)
    except FileReadError as exc:
        raise SaveFileError(str(exc)) from exc
    return parse_session_text(raw, source.name)


def read_session(
    path: str | os.PathLike[str],
) -> tuple[MatchConfig, MatchScore, Any, list[HistoryEntry], LastShot | None]:
    """The checked session saved at ``path`` (:func:`load_session` then
    :func:`decode_session`); :class:`SaveFileError` when it is refused."""
    return decode_session(load_session(path))


# ---------------------------------------------------------------------- the session inside


def declaration_to_json(declaration: rules.Declaration) -> dict[str, Any]:
    """A ``rules.Declaration`` as JSON-ready data (sets become sorted lists)."""
    return {
        "push_out": bool(declaration.push_out),
        "called_ball": declaration.called_ball,
        "called_pocket": declaration.called_pocket,
        "safety": bool(declaration.safety),
        "nominated": declaration.nominated,
        "free_ball": bool(declaration.free_ball),
        "declared_fouls": sorted(declaration.declared_fouls),
        "off_table": sorted(int(b) for b in declaration.off_table),
    }


def _damaged(where: str, what: str) -> SaveFileError:
    return SaveFileError(f"the save file is damaged: {where} {what}")


def _field(data: Any, key: str, where: str) -> Any:
    if not isinstance(data, dict):
        raise _damaged(where, "is not an object")
    if key not in data:
        raise _damaged(f"{where}.{key}", "is missing")
    return data[key]


def _integer(data: Any, key: str, where: str, low: int, high: int) -> int:
    value = _field(data, key, where)
    if type(value) is not int or not low <= value <= high:
        raise _damaged(f"{where}.{key}", f"must be an integer {low}..{high}, got {value!r}")
    return value


def _flag(data: Any, key: str, where: str) -> bool:
    value = _field(data, key, where)
    if not isinstance(value, bool):
        raise _damaged(f"{where}.{key}", f"must be true or false, got {value!r}")
    return value


def _items(data: Any, key: str, where: str, most: int) -> list[Any]:
    value = _field(data, key, where)
    if not isinstance(value, list) or len(value) > most:
        raise _damaged(f"{where}.{key}", f"must be a list of at most {most} items")
    return value


def _ball(value: Any, where: str) -> int | None:
    if value is None:
        return None
    if type(value) is not int or not 0 <= value < 64:
        raise _damaged(where, f"must be a ball index or null, got {value!r}")
    return value


def declaration_from_json(data: Any, where: str = "declaration") -> rules.Declaration:
    """The ``rules.Declaration`` of :func:`declaration_to_json` data, each field checked for its
    type (:class:`SaveFileError` otherwise); the game checks the values
    (``Game.validate_declaration``)."""
    pocket = _field(data, "called_pocket", where)
    if pocket is not None and (not isinstance(pocket, str) or len(pocket) > 40):
        raise _damaged(f"{where}.called_pocket", f"must be a pocket name or null, got {pocket!r}")
    fouls = _items(data, "declared_fouls", where, 16)
    if not all(isinstance(f, str) and len(f) <= 60 for f in fouls):
        raise _damaged(f"{where}.declared_fouls", "must be a list of foul codes (text)")
    off = [_ball(b, f"{where}.off_table") for b in _items(data, "off_table", where, 64)]
    return rules.Declaration(
        push_out=_flag(data, "push_out", where),
        called_ball=_ball(_field(data, "called_ball", where), f"{where}.called_ball"),
        called_pocket=pocket,
        safety=_flag(data, "safety", where),
        nominated=_ball(_field(data, "nominated", where), f"{where}.nominated"),
        free_ball=_flag(data, "free_ball", where),
        declared_fouls=frozenset(fouls),
        off_table=frozenset(b for b in off if b is not None),
    )


def _shot_json(shot: LastShot | None) -> dict[str, Any] | None:
    if shot is None:
        return None
    s = shot.strike
    return {
        "before_game": to_dict(shot.before_game),
        "before_score": shot.before_score.to_json(),
        "strike": {"speed": s.speed, "phi": s.phi, "theta": s.theta, "a": s.a, "b": s.b},
        "cue_ball_at": list(shot.cue_ball_at) if shot.cue_ball_at is not None else None,
        "declaration": declaration_to_json(shot.declaration),
    }


def encode_session(
    config: MatchConfig,
    score: MatchScore,
    game: Any,
    history: list[HistoryEntry],
    last_shot: LastShot | None,
) -> dict[str, Any]:
    """The whole session as JSON-ready data: config, score, game, undo stack, last shot."""
    return {
        "config": config.to_json(),
        "score": score.to_json(),
        "game": to_dict(game),
        "undo": [
            {"game": to_dict(g), "score": s.to_json(), "last_shot": _shot_json(shot)}
            for g, s, shot in history
        ],
        "last_shot": _shot_json(last_shot),
    }


#: Largest race (pool) or number of frames (snooker) a session file may hold.
MAX_RACE = 999
#: Most points a side may have over the earlier frames of a session file (an aggregate match).
MAX_POINTS = 10**6
#: Match seeds stay well under the rules' 2**63 (a game without a ``rack_number`` option would
#: take ``seed + k`` for rack ``k``).
MAX_MATCH_SEED = 2**62


def _config_from(data: Any) -> MatchConfig:
    where = "config"
    game = _field(data, "game", where)
    if game not in GAME_KINDS:
        raise _damaged(f"{where}.game", f"must be one of {', '.join(GAME_KINDS)}, got {game!r}")
    players = _items(data, "players", where, 4)
    if not all(isinstance(p, str) for p in players):
        raise _damaged(f"{where}.players", "must be a list of names (text)")
    warns = data.get("referee_warns", True)
    if not isinstance(warns, bool):
        raise _damaged(f"{where}.referee_warns", f"must be true or false, got {warns!r}")
    aim = data.get("aim_assist", DEFAULT_AIM_LEVEL)
    if aim not in AIM_LEVELS:
        raise _damaged(
            f"{where}.aim_assist", f"must be one of {', '.join(AIM_LEVELS)}, got {aim!r}"
        )
    aggregate = data.get("aggregate", False)
    if not isinstance(aggregate, bool):
        raise _damaged(f"{where}.aggregate", f"must be true or false, got {aggregate!r}")
    try:
        return MatchConfig(
            game=game,
            players=tuple(players),
            table_feet=_integer(data, "table_feet", where, 7, 9),
            race_to=_integer(data, "race_to", where, 1, MAX_RACE),
            frames=_integer(data, "frames", where, 1, MAX_RACE),
            seed=_integer(data, "seed", where, 0, MAX_MATCH_SEED),
            referee_warns=warns,
            aim_assist=aim,
            aggregate=aggregate,
        )
    except MatchSetupError as exc:
        raise _damaged(where, f"is refused: {exc}") from exc


def _score_from(data: Any, config: MatchConfig, where: str) -> MatchScore:
    wins = _items(data, "wins", where, 2)
    if len(wins) != 2 or any(type(w) is not int for w in wins):
        raise _damaged(f"{where}.wins", f"must be two integers, got {wins!r}")
    points = data.get("points", [0, 0]) if isinstance(data, dict) else None
    if (
        not isinstance(points, list)
        or len(points) != 2
        or any(type(p) is not int or not 0 <= p <= MAX_POINTS for p in points)
    ):
        raise _damaged(f"{where}.points", f"must be two integers 0..{MAX_POINTS}, got {points!r}")
    score = MatchScore(
        wins=tuple(wins),
        rack=_integer(data, "rack", where, 0, 10**6),
        breaker=_integer(data, "breaker", where, 0, 1),
        points=(points[0], points[1]),
    )
    problem = score_problem(score, config, where)
    if problem is not None:
        raise SaveFileError(f"the save file is refused: {problem}")
    return score


def _game_from(data: Any, config: MatchConfig, where: str) -> Any:
    try:
        game = from_dict(data)
    except rules.RulesError as exc:
        raise SaveFileError(f"the saved game ({where}) cannot be read: {exc}") from exc
    problem = game_problem(game, config, where)
    if problem is not None:
        raise SaveFileError(f"the save file is refused: {problem}")
    return game


def _strike_from(data: Any, where: str) -> sim.Strike:
    keys = ("speed", "phi", "theta", "a", "b")
    if not isinstance(data, dict) or set(data) != set(keys):
        raise _damaged(where, f"must be an object with exactly {', '.join(keys)}")
    values = {k: data[k] for k in keys}
    if any(isinstance(v, bool) or not isinstance(v, int | float) for v in values.values()):
        raise _damaged(where, "must hold numbers only")
    return sim.Strike(**{k: float(v) for k, v in values.items()})


def _shot_from(d: Any, config: MatchConfig, where: str) -> LastShot | None:
    """A stored last shot, checked and simulated again from its start (the engine is
    deterministic): the game before it, its placement and declaration are checked by the rules
    as a shot played in the window would be."""
    if d is None:
        return None
    before = _game_from(_field(d, "before_game", where), config, f"{where}.before_game")
    score = _score_from(_field(d, "before_score", where), config, f"{where}.before_score")
    strike = _strike_from(_field(d, "strike", where), f"{where}.strike")
    at = _field(d, "cue_ball_at", where)
    cue_at: tuple[float, float] | None = None
    if at is not None:
        problem = point_problem(at, f"{where}.cue_ball_at")
        if problem is not None:
            raise _damaged(where, f"is refused: {problem}")
        cue_at = (float(at[0]), float(at[1]))
    declaration = declaration_from_json(_field(d, "declaration", where), f"{where}.declaration")
    try:
        before.validate_declaration(declaration)
        state = before.state_for_shot(cue_at)
        result = sim.simulate(before.table, state, strike)
        ruling = before.judge(result, declaration)
    except rules.RulesError as exc:
        raise SaveFileError(f"the saved shot ({where}) is refused by the rules: {exc}") from exc
    return LastShot(before, score, strike, cue_at, declaration, result, ruling)


def decode_session(
    data: dict[str, Any],
) -> tuple[MatchConfig, MatchScore, Any, list[HistoryEntry], LastShot | None]:
    """Rebuild (config, score, game, undo stack, last shot) from :func:`encode_session` data.

    Every field is read with its type and range, every game goes through ``rules.persist`` and
    :func:`render.savecheck.game_problem`, and every stored shot is checked by the rules and
    simulated again, so the replay key works after loading. Raises :class:`SaveFileError` on
    any missing or bad field: the file is refused whole.
    """
    try:
        config = _config_from(_field(data, "config", "session"))
        score = _score_from(_field(data, "score", "session"), config, "score")
        game = _game_from(_field(data, "game", "session"), config, "game")
        undo: list[HistoryEntry] = []
        for i, u in enumerate(_items(data, "undo", "session", MAX_UNDO)):
            where = f"undo[{i}]"
            undo.append(
                (
                    _game_from(_field(u, "game", where), config, f"{where}.game"),
                    _score_from(_field(u, "score", where), config, f"{where}.score"),
                    _shot_from(_field(u, "last_shot", where), config, f"{where}.last_shot"),
                )
            )
        last = _shot_from(_field(data, "last_shot", "session"), config, "last_shot")
    except SaveFileError:
        raise
    except (SimInputError, EventCapExceededError) as exc:
        raise SaveFileError(f"the saved last shot cannot be played again: {exc}") from exc
    except (ArithmeticError, LookupError, TypeError, ValueError, AttributeError) as exc:
        # Defence in depth: a check above missed something. The file is still refused whole;
        # the tests (tests/render/test_session_loader_props.py) fail on its words 'no check names'.
        LOG.error("save file refused by an unexpected error", exc_info=exc)
        raise SaveFileError(
            f"the save file is damaged (an error no check names: {type(exc).__name__}: {exc})"
        ) from exc
    return config, score, game, undo, last
