"""The match-study file format, version 1, as a JSON-Schema description.

A match study (docs/match-study-format.md) names a game, the computer's levels, how many racks
(frames) or races to play, a seed, and two or more named **variants**, each a set of the game's
options. :data:`SCHEMA` is the structure of such a file in the same JSON-Schema subset as the
scenario format (:mod:`lab.schema`, whose :func:`~lab.schema.check_structure` reads it);
``docs/match-study-schema.json`` is a dump of it, kept equal by a test. What the schema cannot
say (an option the game takes, a value it accepts, two variants at least, racks or a race but
not both) is checked in :mod:`lab.match_study`.
"""

from __future__ import annotations

import json
from typing import Any

from agents.levels import LEVELS
from lab.schema import GAMES

FORMAT_NAME = "cuesim-match-study"
FORMAT_VERSION = 1

#: Largest run a study file asks for: racks (frames) per variant, matches per variant, the
#: longest race, the largest seed (the same bounds as ``cuesim match``).
MAX_RACKS = 1_000_000
MAX_MATCHES = 100_000
MAX_RACE = 99
MAX_SEED = 2**63 - 1

#: The value of one game option in a file: true / false, a word, or a whole number.
_OPTION_VALUE = {
    "oneOf": [
        {"type": "boolean"},
        {"type": "string"},
        {"type": "integer"},
    ],
    "description": "an option's value: true or false, a word, or a whole number",
}
_OPTIONS = {
    "type": "object",
    "additionalProperties": _OPTION_VALUE,
    "description": "game option -> value (the options of rules.new_game; table by name)",
}

SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "cuesim match study, version 1",
    "type": "object",
    "required": ["format", "version", "game", "levels", "variants"],
    "additionalProperties": False,
    "properties": {
        "format": {"const": FORMAT_NAME},
        "version": {"type": "integer", "description": "format version; this program reads 1"},
        "title": {"type": "string"},
        "description": {"type": "string"},
        "game": {"enum": list(GAMES)},
        "levels": {
            "type": "array",
            "items": {"enum": list(LEVELS)},
            "minItems": 2,
            "maxItems": 4,
            "description": "the computer's level for each player, in turn order",
        },
        "racks": {
            "type": "integer",
            "minimum": 1,
            "maximum": MAX_RACKS,
            "description": "racks (frames) per variant, the break alternating",
        },
        "race_to": {
            "type": "integer",
            "minimum": 1,
            "maximum": MAX_RACE,
            "description": "instead of racks: matches, each a race to this many racks (frames)",
        },
        "matches": {
            "type": "integer",
            "minimum": 1,
            "maximum": MAX_MATCHES,
            "description": "with race_to: matches per variant (default 1)",
        },
        "seed": {
            "type": "integer",
            "minimum": 0,
            "maximum": MAX_SEED,
            "description": "seed of the racks and of the computer's moves (default 0); every "
            "variant plays the same seeds",
        },
        "options": {**_OPTIONS, "description": "options every variant shares"},
        "variants": {
            "type": "object",
            "additionalProperties": _OPTIONS,
            "description": "variant name -> its options (two variants at least; the first is "
            "the reference the others are compared with)",
        },
    },
}


def schema_json() -> str:
    """:data:`SCHEMA` as indented JSON text (the content of ``docs/match-study-schema.json``)."""
    return json.dumps(SCHEMA, indent=2) + "\n"
