"""Scenario files: read, validate and write one position, one shot and what should happen.

A scenario file (TOML or JSON; docs/scenario-format.md) describes a game, a table, the balls on
it by name, the phase of the game (break or not, groups, ball on, fouls so far, whose turn, ball
in hand), the shot (cue-ball placement, strike, declarations) and optionally the expected
ruling. :func:`load_scenario` turns a file into a frozen :class:`Scenario` or raises
:class:`ScenarioError` naming the file and the field; :func:`dump_toml` and
:func:`scenario_to_dict` write one back.

Checks, in order: the file parses; ``format`` and ``version`` are known; the structure follows
:data:`lab.schema.SCHEMA`; then the meaning: ball names belong to the game, every ball
lies on the cloth without overlapping another, the phase is possible for the game, the shot's
declarations fit the game and phase, and a cue-ball placement lies where the rules allow
(:mod:`lab.scenario_checks`). The value types live in :mod:`lab.scenario_types` and are
re-exported here, so ``lab.scenario`` stays the one module a caller needs.
"""

from __future__ import annotations

import json
import math
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from agents.noise import NoiseModel
from lab.scenario_checks import build_scenario
from lab.scenario_types import (
    CUE,
    DEFAULT_PLAYERS,
    OVERLAP_TOLERANCE,
    Aim,
    Expectation,
    Scenario,
    ScenarioError,
    ScenarioPhase,
    ShotSpec,
    game_takes,
    make_table,
)
from lab.schema import FORMAT_NAME, FORMAT_VERSION, StructureError, check_structure
from rules.files import FileReadError, read_regular_file, write_atomic

#: Largest scenario file read, bytes (a scenario is a few KiB).
MAX_SCENARIO_BYTES = 1 << 20

#: The other cuesim files a scenario's folder may hold: their ``format`` -> what reads them.
OTHER_FORMATS = {
    "cuesim-match-study": "a match study, not a scenario: run it with `cuesim match FILE`"
}

__all__ = [
    "CUE",
    "DEFAULT_PLAYERS",
    "MAX_SCENARIO_BYTES",
    "OVERLAP_TOLERANCE",
    "Aim",
    "Expectation",
    "Scenario",
    "ScenarioError",
    "ScenarioPhase",
    "ShotSpec",
    "dump_toml",
    "load_scenario",
    "make_table",
    "parse_scenario",
    "scenario_from_dict",
    "scenario_to_dict",
    "write_scenario",
]

# --------------------------------------------------------------------------------- reading


def load_scenario(path: str | Path) -> Scenario:
    """Read and validate a scenario file (``.toml`` or ``.json``).

    Only a regular file of at most :data:`MAX_SCENARIO_BYTES` is read (a FIFO, a device, a
    folder or a larger file is refused before reading).

    Raises:
        ScenarioError: the file is missing, not a regular file, too large, malformed (nested
            too deeply, an integer too long) or describes something impossible; the message
            names the file and the field.
    """
    path = Path(path)
    source = str(path)
    try:
        text = read_regular_file(path, MAX_SCENARIO_BYTES).decode("utf-8")
    except FileReadError as exc:
        detail = str(exc).removeprefix(f"cannot read {path}: ")
        raise ScenarioError(source, "", f"cannot read the file ({detail})") from None
    except UnicodeDecodeError:
        raise ScenarioError(source, "", "the file is not UTF-8 text") from None
    kind = "json" if path.suffix.lower() == ".json" else "toml"
    return parse_scenario(text, source=source, kind=kind)


def declared_format(path: Path) -> str | None:
    """The ``format`` a TOML or JSON file at ``path`` declares at its top level; None when it
    cannot be read or parsed, or declares none (it is then judged, and refused, as a
    scenario)."""
    try:
        text = read_regular_file(path, MAX_SCENARIO_BYTES).decode("utf-8")
        raw = json.loads(text) if path.suffix.lower() == ".json" else tomllib.loads(text)
    except (FileReadError, UnicodeDecodeError, ValueError, RecursionError):
        return None
    found = raw.get("format") if isinstance(raw, dict) else None
    return found if isinstance(found, str) else None


def parse_scenario(text: str, *, source: str = "<string>", kind: str = "toml") -> Scenario:
    """Validate scenario ``text`` of ``kind`` "toml" or "json" (see :func:`load_scenario`)."""
    try:
        if kind == "json":
            raw = json.loads(text)
        elif kind == "toml":
            raw = tomllib.loads(text)
        else:
            raise ValueError(f"unknown scenario kind {kind!r}; expected 'toml' or 'json'")
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(source, "", f"not valid TOML: {exc}") from None
    except json.JSONDecodeError as exc:
        raise ScenarioError(source, "", f"not valid JSON: {exc}") from None
    except RecursionError:
        raise ScenarioError(source, "", f"not valid {kind.upper()}: nested too deeply") from None
    except ValueError as exc:  # an integer of more digits than int() converts
        if kind not in ("json", "toml"):
            raise
        raise ScenarioError(source, "", f"not valid {kind.upper()}: {exc}") from None
    return scenario_from_dict(raw, source=source)


def scenario_from_dict(raw: Any, *, source: str = "<dict>") -> Scenario:
    """Validate a parsed scenario (the dict a TOML or JSON file gives)."""
    if not isinstance(raw, dict):
        raise ScenarioError(source, "", "a scenario must be a table/object at the top level")
    declared = raw.get("format")
    other = OTHER_FORMATS.get(declared) if isinstance(declared, str) else None
    if other is not None:
        raise ScenarioError(source, "format", f"this file is {other}")
    if raw.get("format") != FORMAT_NAME:
        raise ScenarioError(
            source, "format", f"expected format = {FORMAT_NAME!r}, got {raw.get('format')!r}"
        )
    version = raw.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise ScenarioError(source, "version", f"expected an integer, got {version!r}")
    if version != FORMAT_VERSION:
        raise ScenarioError(
            source,
            "version",
            f"unsupported scenario version {version}; this cuesim reads version {FORMAT_VERSION}",
        )
    try:
        check_structure(raw)
    except StructureError as exc:
        raise ScenarioError(source, exc.field, exc.detail) from None
    return build_scenario(raw, source)


# --------------------------------------------------------------------------------- writing


def scenario_to_dict(scenario: Scenario) -> dict[str, Any]:
    """A plain dict that :func:`scenario_from_dict` reads back to an equal scenario."""
    out: dict[str, Any] = {"format": FORMAT_NAME, "version": FORMAT_VERSION}
    if scenario.title:
        out["title"] = scenario.title
    if scenario.description:
        out["description"] = scenario.description
    out["game"] = scenario.game
    out["table"] = scenario.table
    out["players"] = list(scenario.players)
    out["balls"] = {name: [x, y] for name, (x, y) in scenario.balls}
    p = scenario.phase
    phase: dict[str, Any] = {"break": p.is_break, "to_play": p.to_play}
    phase["ball_in_hand"] = p.ball_in_hand
    if p.fouls_in_a_row:
        phase["fouls_in_a_row"] = dict(p.fouls_in_a_row)
    cls = scenario.game_class
    if game_takes(cls, "phase.magic_rack"):
        phase["magic_rack"] = p.magic_rack
    if game_takes(cls, "phase.push_out_available"):
        phase["push_out_available"] = p.push_out_available
    if p.groups:
        phase["groups"] = dict(p.groups)
    if p.ball_on is not None:
        phase["ball_on"] = p.ball_on
    if p.scores:
        phase["scores"] = dict(p.scores)
    if game_takes(cls, "phase.free_ball"):
        phase["free_ball"] = p.free_ball
    if game_takes(cls, "phase.respotted_black"):
        phase["respotted_black"] = p.respotted_black
    out["phase"] = phase
    s = scenario.shot
    shot: dict[str, Any] = {}
    if s.cue_ball_at is not None:
        shot["cue_ball_at"] = list(s.cue_ball_at)
        out["balls"].pop(CUE, None)
    shot["speed"] = s.speed
    if s.phi is not None:
        shot["phi"] = s.phi
    elif s.aim is not None:
        if s.aim.pocket is not None:
            shot["aim"] = {"ball": s.aim.ball, "pocket": s.aim.pocket}
        elif s.aim.ball is not None:
            shot["aim"] = s.aim.ball
        elif s.aim.point is not None:
            shot["aim"] = list(s.aim.point)
    shot.update(theta=s.theta, a=s.a, b=s.b)
    if s.push_out:
        shot["push_out"] = True
    if s.called_ball is not None:
        shot["call"] = {"ball": s.called_ball, "pocket": s.called_pocket}
    if s.safety:
        shot["safety"] = True
    if s.nominated is not None:
        shot["nominate"] = s.nominated
    if s.free_ball is not None:
        shot["free_ball"] = s.free_ball
    if s.declared_fouls:
        shot["declared_fouls"] = list(s.declared_fouls)
    if s.off_table:
        shot["off_table"] = list(s.off_table)
    out["shot"] = shot
    expect = scenario.expect.as_dict()
    if expect:
        out["expect"] = expect
    if scenario.noise != NoiseModel():
        out["noise"] = {name: getattr(scenario.noise, name) for name in NoiseModel.field_names()}
    return out


def _toml_key(key: str) -> str:
    bare = key and all((c.isalnum() and c.isascii()) or c in "_-" for c in key)
    return key if bare else json.dumps(key)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"TOML cannot hold {value!r} here")
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        items = ", ".join(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in value.items())
        return "{ " + items + " }" if items else "{}"
    raise TypeError(f"cannot write {type(value).__name__} to TOML")


def dump_toml(data: Mapping[str, Any]) -> str:
    """TOML text for a scenario dict: plain keys first, then one ``[table]`` per sub-table.

    Only the shapes a scenario uses are supported (one level of tables; inline tables below).
    """
    lines = []
    for key, value in data.items():
        if not isinstance(value, Mapping):
            lines.append(f"{_toml_key(key)} = {_toml_value(value)}")
    for key, value in data.items():
        if isinstance(value, Mapping):
            lines.append("")
            lines.append(f"[{_toml_key(key)}]")
            for sub, item in value.items():
                lines.append(f"{_toml_key(sub)} = {_toml_value(item)}")
    return "\n".join(lines) + "\n"


def write_scenario(scenario: Scenario, path: str | Path) -> None:
    """Write ``scenario`` to ``path`` as JSON (``.json``) or TOML (anything else), atomically
    (``rules.files.write_atomic``; ``FileWriteError`` on failure, the old file intact)."""
    path = Path(path)
    data = scenario_to_dict(scenario)
    if path.suffix.lower() == ".json":
        write_atomic(path, json.dumps(data, indent=2) + "\n")
    else:
        write_atomic(path, dump_toml(data))
