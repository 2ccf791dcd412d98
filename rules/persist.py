"""Saving and loading a game as versioned JSON.

Format (version 1), one JSON object::

    {
      "format": "cuesim-game",          # always this string
      "version": 1,                     # this program reads version 1
      "kind": "nine-ball",              # "nine-ball" | "eight-ball" | "snooker"
      "table": {"kind": "pool", "feet": 9,              # or {"kind": "snooker"}
                "corner_pocket": {...}, "side_pocket": {...}},   # PocketShape fields, m / deg
      "balls": {"pos": [[x, y], ...],   # (n, 2) ball centres, m (exact: floats as repr)
                "on_table": [true, ...]},            # (n,) False for pocketed balls
      "fields": {"players": ["Ann", "Bob"], "to_play": 0, "ball_in_hand": "behind_head_string",
                 "ball_on": [1], "phase": "break", "pending_choice": [], ...}
    }

``fields`` holds every other dataclass field of the game, by name: enums as their string
value, frozensets as sorted lists, tuples as lists, None as null. A rule option the file does
not hold (one added to the game after the file was written: 8-ball ``eight_on_break``, snooker
``miss_rule``) takes its default, the rule text's own; any other missing field is refused. A
game is saved between shots, so every ball is at rest. ``load(save(game)) == game`` holds exactly.

A file that is not JSON, not a cuesim game, of another version, or with a field missing or out
of range raises ``SaveFileError`` saying which; so does a file that is not a regular file or is
larger than :data:`MAX_SAVE_BYTES` (read through ``rules.files.read_regular_file``), JSON nested
deeper than the parser allows, or an integer too long to convert. Whatever loads passes the
checks of a fresh game (``Game.__post_init__``, and the player names and seed checks of
``rules.new_game``). ``save`` writes through ``rules.files.write_atomic``: a failure (a full
disk) raises ``SaveFileError`` and leaves the previous file and no temporary file behind.
Nothing here mutates its arguments.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import sys
import types
import typing
from pathlib import Path
from typing import Any

import numpy as np

from rules.arguments import check_player_names, check_seed
from rules.errors import RulesError, SaveFileError, UnknownGameError
from rules.files import FileReadError, FileWriteError, read_regular_file, write_atomic
from rules.game import Game
from rules.kinds import GAME_KINDS, game_class
from rules.position import state_from_positions

FORMAT = "cuesim-game"
VERSION = 1

_SPECIAL_FIELDS = ("table", "state")

#: Largest save file read, bytes (a game is a few KiB; 1 MiB leaves ample room).
MAX_SAVE_BYTES = 1 << 20


# ---------------------------------------------------------------------- encoding
def _encode(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, bool | int | float | str) or value is None:
        return value
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.floating):
        return float(value)
    if isinstance(value, frozenset | set):
        return sorted((_encode(v) for v in value), key=lambda v: (str(type(v)), v))
    if isinstance(value, tuple | list):
        return [_encode(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _encode(v) for k, v in value.items()}
    raise SaveFileError(f"cannot save a value of type {type(value).__name__}: {value!r}")


def _encode_table(table: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": table.kind}
    if table.kind == "pool":
        out["feet"] = round(float(table.name.split()[0]))
    out["corner_pocket"] = dataclasses.asdict(table.corner_pocket)
    out["side_pocket"] = dataclasses.asdict(table.side_pocket)
    return out


def to_dict(game: Game) -> dict[str, Any]:
    """The JSON-ready dictionary of ``game`` (format above)."""
    fields = {
        f.name: _encode(getattr(game, f.name))
        for f in dataclasses.fields(game)
        if f.name not in _SPECIAL_FIELDS
    }
    return {
        "format": FORMAT,
        "version": VERSION,
        "kind": game.kind,
        "table": _encode_table(game.table),
        "balls": {
            "pos": [[float(x), float(y)] for x, y in np.asarray(game.state.pos)],
            "on_table": [bool(v) for v in np.asarray(game.state.on_table)],
        },
        "fields": fields,
    }


def dumps(game: Game) -> str:
    """``game`` as a JSON string."""
    return json.dumps(to_dict(game), indent=1, ensure_ascii=False)


def save(game: Game, path: str | Path) -> Path:
    """Write ``game`` to ``path`` (UTF-8 JSON); returns the path. Written atomically
    (``rules.files.write_atomic``), so a crash or a full disk never leaves half a file: it
    raises ``SaveFileError`` naming the file and the reason, the previous file intact."""
    text = dumps(game)
    try:
        return write_atomic(path, text)
    except FileWriteError as exc:
        raise SaveFileError(str(exc)) from None


# ---------------------------------------------------------------------- decoding
def _field_type(cls: type, annotation: Any) -> Any:
    if not isinstance(annotation, str):
        return annotation
    module = sys.modules.get(cls.__module__)
    namespace: dict[str, Any] = dict(vars(typing))
    for klass in reversed(cls.__mro__):
        mod = sys.modules.get(klass.__module__)
        if mod is not None:
            namespace.update(vars(mod))
    if module is not None:
        namespace.update(vars(module))
    try:
        return eval(annotation, namespace)
    except Exception:
        return Any


def _decode(tp: Any, value: Any, where: str) -> Any:
    if tp is Any:
        return _plain(value)
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        errors = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return _decode(arg, value, where)
            except (SaveFileError, TypeError, ValueError) as exc:
                errors.append(str(exc))
        raise SaveFileError(f"{where}: {value!r} fits none of {tp}")
    if origin is tuple:
        if not isinstance(value, list):
            raise SaveFileError(f"{where}: expected a list, got {value!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], v, where) for v in value)
        if len(args) != len(value):
            raise SaveFileError(f"{where}: expected {len(args)} items, got {len(value)}")
        return tuple(_decode(a, v, where) for a, v in zip(args, value, strict=True))
    if origin is frozenset:
        if not isinstance(value, list):
            raise SaveFileError(f"{where}: expected a list, got {value!r}")
        return frozenset(_decode(args[0], v, where) for v in value)
    if origin is dict:
        if not isinstance(value, dict):
            raise SaveFileError(f"{where}: expected an object, got {value!r}")
        return {k: _decode(args[1], v, where) for k, v in value.items()}
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        try:
            return tp(value)
        except ValueError:
            allowed = ", ".join(str(m.value) for m in tp)
            raise SaveFileError(f"{where}: {value!r} is not one of {allowed}") from None
    if tp is bool:
        if not isinstance(value, bool):
            raise SaveFileError(f"{where}: expected true or false, got {value!r}")
        return value
    if tp is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise SaveFileError(f"{where}: expected an integer, got {value!r}")
        return value
    if tp is float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise SaveFileError(f"{where}: expected a number, got {value!r}")
        return float(value)
    if tp is str:
        if not isinstance(value, str):
            raise SaveFileError(f"{where}: expected a string, got {value!r}")
        return value
    if tp is type(None):
        if value is not None:
            raise SaveFileError(f"{where}: expected null, got {value!r}")
        return None
    return _plain(value)


def _plain(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_plain(v) for v in value)
    return value


def _decode_table(spec: Any) -> Any:
    from sim.table import PocketShape, Table

    if not isinstance(spec, dict) or spec.get("kind") not in ("pool", "snooker"):
        raise SaveFileError(f"table: expected {{'kind': 'pool' | 'snooker', ...}}, got {spec!r}")
    try:
        corner = PocketShape(**_pocket_fields("corner_pocket", spec.get("corner_pocket")))
        side = PocketShape(**_pocket_fields("side_pocket", spec.get("side_pocket")))
        for shape in (corner, side):
            _check_pocket_lengths(shape)
        if spec["kind"] == "pool":
            return Table.pool(int(spec["feet"]), corner_pocket=corner, side_pocket=side)
        return Table.snooker(corner_pocket=corner, side_pocket=side)
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveFileError(f"table: {exc}") from None


def _pocket_fields(where: str, spec: Any) -> dict[str, Any]:
    """``spec`` as ``PocketShape`` keyword arguments: an object with exactly its fields, each a
    number (names quoted with ``repr`` in the message, so a key of any text stays on one line;
    ``_decode_table`` puts "table: " before it)."""
    from dataclasses import fields

    from sim.table import PocketShape

    names = [f.name for f in fields(PocketShape)]
    if not isinstance(spec, dict):
        raise SaveFileError(f"{where} must be an object with {', '.join(names)}")
    unknown = sorted(repr(k) for k in spec if k not in names)
    missing = [n for n in names if n not in spec]
    problems = [f"unknown field(s) {', '.join(unknown)}"] if unknown else []
    problems += [f"no {', '.join(missing)}"] if missing else []
    if problems:
        raise SaveFileError(f"{where} has {'; '.join(problems)}; its fields are {', '.join(names)}")
    for name in names:
        value = spec[name]
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise SaveFileError(f"{where}.{name} must be a number; got {value!r}"[:200])
    return dict(spec)


#: Longest pocket length a file may give (mouth, knuckle and capture radii, depth), m: the
#: largest standard value is under 0.09 m; 0.3 m leaves room for experiments, not absurdity.
MAX_POCKET_LENGTH = 0.3


def _check_pocket_lengths(shape: Any) -> None:
    for name in ("mouth", "knuckle_radius", "capture_radius", "capture_depth"):
        value = float(getattr(shape, name))
        if not value <= MAX_POCKET_LENGTH:
            raise ValueError(
                f"pocket {name} = {value!r} m; at most {MAX_POCKET_LENGTH} m is allowed"
            )


def from_dict(data: Any) -> Game:
    """The game described by ``data`` (format above); ``SaveFileError`` when it is not one."""
    from sim.balls import BallState
    from sim.constants import MotionState

    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveFileError(f"not a cuesim game file: the 'format' field must be {FORMAT!r}")
    version = data.get("version")
    if isinstance(version, bool) or version != VERSION:
        raise SaveFileError(
            f"save file version {data.get('version')!r} is not supported; "
            f"this program reads version {VERSION}"
        )
    kind = data.get("kind")
    try:
        cls = game_class(str(kind))
    except UnknownGameError:
        raise SaveFileError(f"unknown game kind {kind!r}; known: {', '.join(GAME_KINDS)}") from None
    table = _decode_table(data.get("table"))
    balls = data.get("balls")
    if not isinstance(balls, dict):
        raise SaveFileError("balls: missing or not an object with 'pos' and 'on_table'")
    try:
        pos = np.asarray(balls["pos"], dtype=float)
        on = np.asarray(balls["on_table"], dtype=bool)
        if pos.ndim != 2 or pos.shape[1] != 2 or on.shape != (pos.shape[0],):
            raise ValueError(
                f"pos must be (n, 2) and on_table (n,); got {pos.shape} and {on.shape}"
            )
        motion = np.where(on, int(MotionState.STATIONARY), int(MotionState.POCKETED)).astype(
            np.int8
        )
        state = BallState(pos, motion=motion, on_table=on)
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveFileError(f"balls: {exc}") from None
    raw = data.get("fields")
    if not isinstance(raw, dict):
        raise SaveFileError("fields: missing or not an object")
    values: dict[str, Any] = {"table": table, "state": state}
    for f in dataclasses.fields(cls):
        if f.name in _SPECIAL_FIELDS:
            continue
        if f.name not in raw:
            if f.name in cls.options and f.default is not dataclasses.MISSING:
                # a rule option newer than the file: the file's game was played under the
                # option's default, the rule text's own
                values[f.name] = f.default
                continue
            raise SaveFileError(f"fields: {f.name!r} is missing")
        values[f.name] = _decode(_field_type(cls, f.type), raw[f.name], f"fields.{f.name}")
    unknown = sorted(set(raw) - {f.name for f in dataclasses.fields(cls)})
    if unknown:
        raise SaveFileError(f"fields: unknown field(s) {', '.join(unknown)} for {kind}")
    try:
        game = cls(**values)
    except (TypeError, ValueError) as exc:
        raise SaveFileError(f"fields: {exc}") from None
    _check_consistent(game)
    return game


def _check_consistent(game: Game) -> None:
    try:
        check_player_names(game.players, "fields.players")
        check_seed(game.seed, "fields.seed")
        type(game).table_option(game.table)  # a 9-ball game on a snooker table is refused
    except RulesError as exc:
        raise SaveFileError(str(exc)) from None
    _check_positions(game)
    n_players = len(game.players)
    if n_players < 2:
        raise SaveFileError(f"fields.players: at least two players needed, got {game.players}")
    if not 0 <= game.to_play < n_players:
        raise SaveFileError(
            f"fields.to_play: {game.to_play} is not a player index (0..{n_players - 1})"
        )
    # the lengths of the score (one per side) and the foul counts (one per player) were
    # checked when the game was made (``rules.position.check_game_fields``)
    try:
        fresh = type(game).new(players=game.players, seed=0, table=game.table)
    except (RulesError, TypeError, ValueError):
        return
    if fresh.state.n != game.state.n:
        raise SaveFileError(
            f"balls: {game.kind} has {fresh.state.n} balls, the file has {game.state.n}"
        )


def _check_positions(game: Game) -> None:
    """Every ball on the table lies on the cloth without overlapping another: the checks of
    ``Game.in_position`` (``rules.position.state_from_positions``)."""
    pos = np.asarray(game.state.pos)
    on = np.asarray(game.state.on_table, dtype=bool)
    balls = {
        game.ball_names[i]: (float(pos[i, 0]), float(pos[i, 1]))
        for i in range(len(game.ball_names))
        if on[i]
    }
    try:
        state_from_positions(game.table, game.ball_names, balls)
    except RulesError as exc:
        raise SaveFileError(f"balls: {exc}") from None


def loads(text: str) -> Game:
    """The game in the JSON string ``text``."""
    if not isinstance(text, str):
        raise SaveFileError(f"a save file's text must be a string; got {type(text).__name__}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveFileError(f"not a cuesim game file: not valid JSON ({exc})") from None
    except RecursionError:
        raise SaveFileError("not a cuesim game file: the JSON is nested too deeply") from None
    except ValueError as exc:  # an integer of more digits than int() converts
        raise SaveFileError(f"not a cuesim game file: {exc}") from None
    try:
        return from_dict(data)
    except RecursionError:
        raise SaveFileError("not a cuesim game file: a value is nested too deeply") from None
    except OverflowError as exc:  # a number no float holds, in a field read as a float
        raise SaveFileError(f"not a cuesim game file: a number is out of range ({exc})") from None


def load(path: str | Path) -> Game:
    """The game saved at ``path``; ``SaveFileError`` when it cannot be read as one (also when it
    is not a regular file or is over :data:`MAX_SAVE_BYTES`)."""
    try:
        raw = read_regular_file(path, MAX_SAVE_BYTES)
    except FileReadError as exc:
        raise SaveFileError(str(exc)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveFileError(f"cannot read {path}: the file is not UTF-8 text") from None
    return loads(text)
