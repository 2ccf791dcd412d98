"""The scenario file format, version 1, as a JSON-Schema description, and a small validator.

:data:`SCHEMA` is a JSON Schema (draft 2020-12 vocabulary, a subset) of the structure of a
scenario file: which tables and keys exist, their types, enums and ranges. It is the single
source of truth for structure: :func:`check_structure` interprets it (no third-party validator
is needed) and ``docs/scenario-schema.json`` is a dump of it, kept equal by a test. What the
schema cannot say (ball names of a game, balls on the cloth and not overlapping, a phase that
makes sense) is checked in :mod:`lab.scenario`.

Only the keywords used below are understood: ``type``, ``properties``, ``required``,
``additionalProperties``, ``items``, ``minItems``, ``maxItems``, ``enum``, ``const``,
``minimum``, ``maximum``, ``exclusiveMinimum``, ``oneOf``, ``description``, ``$schema``,
``title``.
"""

from __future__ import annotations

import json
import math
from typing import Any

import rules
from rules.snooker import COLOURS
from rules.types import BallInHand
from sim.table import FORMER_POCKET_NAMES
from sim.table import POCKET_NAMES as TABLE_POCKET_NAMES

FORMAT_NAME = "cuesim-scenario"
FORMAT_VERSION = 1


def _scenario_table_names() -> dict[str, Any]:
    """Scenario name -> ``sim.Table`` of every table some game is played on, in registry order.
    A table kind with one table is named by its kind (``table.kind``); otherwise
    ``"<kind>-<feet>ft"`` from the table's name ("9 ft pool" -> "pool-9ft")."""
    by_kind: dict[str, dict[str, Any]] = {}
    for cls in rules.games():
        for table in cls.allowed_tables():
            by_kind.setdefault(table.kind, {}).setdefault(table.name, table)
    names: dict[str, Any] = {}
    for kind, tables in by_kind.items():
        for table in tables.values():
            feet = table.name.split()[0]
            names[kind if len(tables) == 1 else f"{kind}-{feet}ft"] = table
    return names


#: Scenario table name -> ``sim.Table`` (built from the game classes' ``allowed_tables()``).
SCENARIO_TABLES: dict[str, Any] = _scenario_table_names()
#: The games (``rules.GameKind`` values, from the registry) and the table names a file may use.
GAMES = tuple(cls.kind.value for cls in rules.games())
TABLES = tuple(SCENARIO_TABLES)
BALL_IN_HAND_ZONES = tuple(zone.value for zone in BallInHand)
#: Pocket names as drawn in the window and the lab's pictures (``sim.table.POCKET_NAMES``).
POCKET_NAMES: tuple[str, ...] = TABLE_POCKET_NAMES
#: Snooker's colours in value order (``rules.snooker.COLOURS``).
SNOOKER_COLOURS: tuple[str, ...] = tuple(COLOURS)


def table_name_of(table: Any) -> str:
    """The scenario name of ``table`` (a ``sim.Table`` some game is played on)."""
    for name, known in SCENARIO_TABLES.items():
        if known == table:
            return name
    raise ValueError(f"{getattr(table, 'name', table)!r} is not a table of any game")


_POINT = {
    "type": "array",
    "items": {"type": "number"},
    "minItems": 2,
    "maxItems": 2,
    "description": "[x, y] in metres, table frame (x across, y along; origin at the head end)",
}
_NAME_LIST = {"type": "array", "items": {"type": "string"}}
_PLAYER_INTS = {
    "type": "object",
    "additionalProperties": {"type": "integer"},
    "description": "player name -> integer",
}
_NOISE_SD = {"type": "number", "minimum": 0}

SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "cuesim scenario, version 1",
    "type": "object",
    "required": ["format", "version", "game", "balls", "shot"],
    "additionalProperties": False,
    "properties": {
        "format": {"const": FORMAT_NAME},
        "version": {"type": "integer", "description": "format version; this program reads 1"},
        "title": {"type": "string"},
        "description": {"type": "string"},
        "game": {"enum": list(GAMES)},
        "table": {
            "enum": list(TABLES),
            "description": "default: pool-9ft for the pool games, snooker for snooker",
        },
        "players": {
            "type": "array",
            "items": {"type": "string"},
            "minItems": 2,
            "description": 'player names in playing order; default ["A", "B"]',
        },
        "balls": {
            "type": "object",
            "additionalProperties": _POINT,
            "description": "ball name -> [x, y]; a ball not listed is off the table",
        },
        "phase": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "break": {"type": "boolean", "description": "this shot is the opening break"},
                "to_play": {"type": "string", "description": "player at the table"},
                "ball_in_hand": {"enum": list(BALL_IN_HAND_ZONES)},
                "fouls_in_a_row": _PLAYER_INTS,
                "magic_rack": {
                    "type": "boolean",
                    "description": "nine-ball: racked with a template (three-ball rule)",
                },
                "push_out_available": {
                    "type": "boolean",
                    "description": "nine-ball: this is the first shot after a legal break",
                },
                "groups": {
                    "type": "object",
                    "additionalProperties": {"enum": ["solids", "stripes"]},
                    "description": "eight-ball: player -> group; omitted: open table",
                },
                "ball_on": {
                    "enum": ["red", "colour", *SNOOKER_COLOURS],
                    "description": "snooker: what the striker must hit first",
                },
                "scores": _PLAYER_INTS,
                "free_ball": {
                    "type": "boolean",
                    "description": "snooker: the striker was left snookered after a foul",
                },
                "respotted_black": {
                    "type": "boolean",
                    "description": "snooker: a tie settled on the re-spotted black",
                },
            },
        },
        "shot": {
            "type": "object",
            "additionalProperties": False,
            "required": ["speed"],
            "properties": {
                "cue_ball_at": _POINT,
                "speed": {
                    "type": "number",
                    "exclusiveMinimum": 0,
                    "description": "cue speed at impact, m/s",
                },
                "phi": {"type": "number", "description": "direction, degrees CCW from +x"},
                "aim": {
                    "oneOf": [
                        {"type": "string", "description": "aim at this ball's centre"},
                        _POINT,
                        {
                            "type": "object",
                            "additionalProperties": False,
                            "required": ["ball", "pocket"],
                            "properties": {
                                "ball": {"type": "string"},
                                "pocket": {"enum": list(POCKET_NAMES)},
                            },
                            "description": "ghost-ball aim sending this ball to this pocket",
                        },
                    ],
                    "description": "instead of phi: a ball, a point, or a ball and a pocket",
                },
                "theta": {"type": "number", "minimum": 0, "description": "elevation, degrees"},
                "a": {"type": "number", "description": "side offset, ball radii, + is right"},
                "b": {"type": "number", "description": "height offset, ball radii, + is follow"},
                "push_out": {"type": "boolean"},
                "call": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["ball", "pocket"],
                    "properties": {
                        "ball": {"type": "string"},
                        "pocket": {"enum": list(POCKET_NAMES)},
                    },
                },
                "safety": {"type": "boolean"},
                "nominate": {"enum": list(SNOOKER_COLOURS)},
                "free_ball": {"type": "string", "description": "snooker: the ball nominated"},
                "declared_fouls": {
                    **_NAME_LIST,
                    "description": "fouls no simulation can see (feet off the floor, ...)",
                },
                "off_table": {
                    **_NAME_LIST,
                    "description": "balls seen to leave the playing surface (the engine is 2-D)",
                },
            },
        },
        "expect": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "legal": {"type": "boolean", "description": "no foul at all"},
                "fouls": {**_NAME_LIST, "description": "foul codes, in any order"},
                "pocketed": {**_NAME_LIST, "description": "ball names, in any order"},
                "next_to_play": {"type": "string"},
                "ball_in_hand": {"enum": list(BALL_IN_HAND_ZONES)},
                "points": _PLAYER_INTS,
                "frame_over": {"type": "boolean"},
                "winner": {"type": "string", "description": 'player name, or "" for none'},
                "options": {**_NAME_LIST, "description": "option codes, in any order"},
                "spotted": {**_NAME_LIST, "description": "balls put back on the table"},
            },
        },
        "noise": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "speed_rel": _NOISE_SD,
                "phi_deg": _NOISE_SD,
                "theta_deg": _NOISE_SD,
                "tip": _NOISE_SD,
                "speed_abs": _NOISE_SD,
            },
        },
    },
}


class StructureError(ValueError):
    """A value that breaks the schema; ``field`` is its dotted path (``shot.speed``)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.detail = message


def _type_name(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list | tuple):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


#: Largest magnitude of an integer in a scenario (anything larger is no count, seed or index).
INTEGER_LIMIT = 2**63

#: Longest ``repr`` of a value quoted in an error message, characters.
_QUOTE_CHARS = 60


def _quote(value: Any) -> str:
    """``repr(value)``, cut to :data:`_QUOTE_CHARS` so a message stays one readable line."""
    text = repr(value)
    return text if len(text) <= _QUOTE_CHARS else text[: _QUOTE_CHARS - 3] + "..."


def _is_finite_number(value: Any) -> bool:
    if isinstance(value, int):
        return abs(value) < INTEGER_LIMIT
    return math.isfinite(value)


def _has_type(value: Any, wanted: str) -> bool:
    actual = _type_name(value)
    if wanted == "number":
        return actual in ("integer", "number") and _is_finite_number(value)
    if wanted == "integer":
        return actual == "integer" and abs(value) < INTEGER_LIMIT
    return actual == wanted


def _type_words(value: Any, wanted: str) -> str:
    """Why ``value`` is not of type ``wanted``, in words."""
    actual = _type_name(value)
    if wanted in ("number", "integer") and actual == "number" and not math.isfinite(value):
        return f"expected a finite {wanted}, got {value!r}"
    if wanted in ("number", "integer") and actual == "integer":
        return f"expected a {wanted} of magnitude below 2**63, got {_quote(value)}"
    return f"expected {wanted}, got {actual} {_quote(value)}"


def _join(path: str, key: str | int) -> str:
    """The dotted path of ``key`` under ``path``; an empty key, or one with a character that
    does not print (a newline would split the one-line message), is shown quoted: ``a['\\n']``."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    if not key or not key.isprintable():
        return f"{path}[{key!r}]"
    return f"{path}.{key}" if path else key


def check_structure(value: Any, schema: dict[str, Any] = SCHEMA, path: str = "") -> None:
    """Raise :class:`StructureError` at the first place ``value`` breaks ``schema``.

    Objects are checked key by key in sorted order, so the error reported is deterministic.
    Does not mutate ``value``.
    """
    if "oneOf" in schema:
        reasons: list[StructureError] = []
        for option in schema["oneOf"]:
            try:
                check_structure(value, option, path)
            except StructureError as exc:
                reasons.append(exc)
            else:
                return
        # The one form of the value's own type says best what is wrong (a pocket name, ...).
        same_type = [
            exc
            for option, exc in zip(schema["oneOf"], reasons, strict=True)
            if option.get("type") == _type_name(value)
        ]
        if len(same_type) == 1:
            raise same_type[0]
        described = schema.get("description", "one of the documented forms")
        raise StructureError(path, f"expected {described}; got {_quote(value)}")
    if "const" in schema and value != schema["const"]:
        raise StructureError(path, f"must be {schema['const']!r}, got {_quote(value)}")
    if "enum" in schema and value not in schema["enum"]:
        allowed = ", ".join(repr(v) for v in schema["enum"])
        former = FORMER_POCKET_NAMES.get(value) if isinstance(value, str) else None
        if former is not None and former in schema["enum"]:
            raise StructureError(
                path,
                f"{_quote(value)} is a former pocket name (the table frame's); that pocket is "
                f"now {former!r}, as drawn with the head end on the left; expected one of "
                f"{allowed}",
            )
        raise StructureError(path, f"{_quote(value)} is not allowed; expected one of {allowed}")
    wanted = schema.get("type")
    if wanted is not None and not _has_type(value, wanted):
        raise StructureError(path, _type_words(value, wanted))
    if wanted in ("number", "integer"):
        if "minimum" in schema and value < schema["minimum"]:
            raise StructureError(path, f"must be >= {schema['minimum']}, got {value!r}")
        if "maximum" in schema and value > schema["maximum"]:
            raise StructureError(path, f"must be <= {schema['maximum']}, got {value!r}")
        if "exclusiveMinimum" in schema and value <= schema["exclusiveMinimum"]:
            raise StructureError(path, f"must be > {schema['exclusiveMinimum']}, got {value!r}")
    if wanted == "array":
        if "minItems" in schema and len(value) < schema["minItems"]:
            raise StructureError(path, f"needs at least {schema['minItems']} items")
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            raise StructureError(path, f"takes at most {schema['maxItems']} items")
        if "items" in schema:
            for i, item in enumerate(value):
                check_structure(item, schema["items"], _join(path, i))
    if wanted == "object":
        properties = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        # Unknown keys first: a misspelt key also makes a required one look missing.
        for key in sorted(value):
            if not isinstance(key, str):
                raise StructureError(path, f"keys must be strings, got {_quote(key)}")
            if key not in properties and extra is False:
                known = ", ".join(sorted(properties))
                raise StructureError(_join(path, key), f"unknown key; known keys: {known}")
        for key in schema.get("required", ()):
            if key not in value:
                raise StructureError(_join(path, key), "is required but missing")
        for key in sorted(value):
            if key in properties:
                check_structure(value[key], properties[key], _join(path, key))
            elif isinstance(extra, dict):
                check_structure(value[key], extra, _join(path, key))


def schema_json() -> str:
    """:data:`SCHEMA` as indented JSON text (the content of ``docs/scenario-schema.json``)."""
    return json.dumps(SCHEMA, indent=2) + "\n"
