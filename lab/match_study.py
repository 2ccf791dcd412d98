"""Match-study files: the same computer match played under two or more sets of game options.

A study file (TOML or JSON; docs/match-study-format.md) names the game, the levels, the racks
(frames) or races, the seed, the options every variant shares, and the variants. Every variant
becomes one :class:`lab.matches.MatchPlan` with the study's seed, so every variant plays the
same racks and the computer draws the same numbers: what differs is the rules.

:func:`load_match_study` reads a file into a frozen :class:`MatchStudy` or raises
:class:`MatchStudyError`, one line naming the file and the field. Checks, in order: the file
parses; ``format`` and ``version`` are known; the structure follows
:data:`lab.match_study_schema.SCHEMA`; then the meaning: the number of levels is one the game is
played by; racks or a race, not both (``matches`` only with a race); two variants at least,
each with a name a person can read; every option is one the game takes and a study may set
(the runner sets who breaks and the rack's number), its value one the game accepts (each
option is tried on a new game alone, then the variant's options together).
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import rules
from lab.match_study_schema import FORMAT_NAME, FORMAT_VERSION, SCHEMA
from lab.matches import MatchPlan
from lab.scenario_types import FileFieldError
from lab.schema import SCENARIO_TABLES, StructureError, check_structure, table_name_of
from rules.files import FileReadError, read_regular_file

#: Largest study file read, bytes.
MAX_STUDY_BYTES = 1 << 20
#: Options the match runner sets itself, never a study: who breaks, the rack's number in the
#: match, and snooker's aggregate-score bookkeeping (a study plays frames that stand alone).
RUNNER_OPTIONS = frozenset({"breaker", "rack_number", "aggregate_before", "last_frame"})
#: Longest variant name (characters).
MAX_VARIANT_NAME = 40


class MatchStudyError(FileFieldError):
    """A match-study file that cannot be used; the message names the file and the field
    (attributes ``source``, ``field``, ``detail``: :class:`lab.scenario_types.FileFieldError`).
    """


@dataclass(frozen=True)
class Variant:
    """One set of rules of a study: its name and its game options (name, value) as the file
    gives them (the table by its scenario name), the study's shared options included."""

    name: str
    options: tuple[tuple[str, Any], ...]

    def game_options(self) -> tuple[tuple[str, Any], ...]:
        """The options as ``rules.new_game`` takes them (the table as a ``sim.Table``)."""
        return tuple((k, SCENARIO_TABLES[v] if k == "table" else v) for k, v in self.options)


@dataclass(frozen=True)
class MatchStudy:
    """A checked match study (see the module docstring)."""

    source: str
    game: str
    levels: tuple[str, ...]
    seed: int
    variants: tuple[Variant, ...]
    racks: int = 0
    race_to: int = 0
    matches: int = 0
    title: str = ""
    description: str = ""

    def plans(self) -> list[MatchPlan]:
        """One plan per variant, in the file's order, every one with the study's seed."""
        return [
            MatchPlan(
                kind=self.game,
                levels=self.levels,
                seed=self.seed,
                racks=self.racks,
                race_to=self.race_to,
                matches=self.matches,
                options=variant.game_options(),
            )
            for variant in self.variants
        ]

    def with_size(self, racks: int | None = None, seed: int | None = None) -> MatchStudy:
        """This study with another number of racks (racks mode) or seed (the command line's
        ``--racks``, ``--seed``)."""
        from dataclasses import replace

        out = self
        if racks is not None:
            out = replace(out, racks=racks, race_to=0, matches=0)
        if seed is not None:
            out = replace(out, seed=seed)
        return out


def load_match_study(path: str | Path) -> MatchStudy:
    """Read and check a study file (``.toml`` or ``.json``); :class:`MatchStudyError` naming
    the file and the field when it cannot be used."""
    path = Path(path)
    source = str(path)
    try:
        text = read_regular_file(path, MAX_STUDY_BYTES).decode("utf-8")
    except FileReadError as exc:
        detail = str(exc).removeprefix(f"cannot read {path}: ")
        raise MatchStudyError(source, "", f"cannot read the file ({detail})") from None
    except UnicodeDecodeError:
        raise MatchStudyError(source, "", "the file is not UTF-8 text") from None
    kind = "json" if path.suffix.lower() == ".json" else "toml"
    return parse_match_study(text, source=source, kind=kind)


def parse_match_study(text: str, *, source: str = "<string>", kind: str = "toml") -> MatchStudy:
    """Check study ``text`` of ``kind`` "toml" or "json" (see :func:`load_match_study`)."""
    if kind not in ("toml", "json"):
        raise ValueError(f"unknown study kind {kind!r}; expected 'toml' or 'json'")
    try:
        raw = json.loads(text) if kind == "json" else tomllib.loads(text)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as exc:
        raise MatchStudyError(source, "", f"not valid {kind.upper()}: {exc}") from None
    except RecursionError:
        raise MatchStudyError(source, "", f"not valid {kind.upper()}: nested too deeply") from None
    except ValueError as exc:  # an integer of more digits than int() converts
        raise MatchStudyError(source, "", f"not valid {kind.upper()}: {exc}") from None
    return match_study_from_dict(raw, source=source)


def match_study_from_dict(raw: Any, *, source: str = "<dict>") -> MatchStudy:
    """Check a parsed study (the dict a TOML or JSON file gives)."""
    if not isinstance(raw, dict):
        raise MatchStudyError(source, "", "a match study must be a table/object at the top level")
    if raw.get("format") != FORMAT_NAME:
        got = str(raw.get("format"))[:40]
        raise MatchStudyError(source, "format", f"expected format = {FORMAT_NAME!r}, got {got!r}")
    version = raw.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise MatchStudyError(source, "version", f"expected an integer, got {str(version)[:40]!r}")
    if version != FORMAT_VERSION:
        raise MatchStudyError(
            source, "version",
            f"unsupported match-study version {version}; this cuesim reads {FORMAT_VERSION}",
        )  # fmt: skip
    try:
        check_structure(raw, SCHEMA)
    except StructureError as exc:
        raise MatchStudyError(source, exc.field, exc.detail) from None
    return _build(raw, source)


def _build(raw: dict[str, Any], source: str) -> MatchStudy:
    cls = rules.game_class(raw["game"])
    levels = tuple(raw["levels"])
    if len(levels) not in cls.player_counts:
        counts = " or ".join(str(n) for n in cls.player_counts)
        raise MatchStudyError(
            source, "levels", f"{cls.title} is played by {counts} players; got {len(levels)}"
        )
    racks, race_to, matches = raw.get("racks"), raw.get("race_to"), raw.get("matches")
    if racks is not None and race_to is not None:
        raise MatchStudyError(source, "race_to", "give racks or race_to, not both")
    if matches is not None and race_to is None:
        raise MatchStudyError(source, "matches", "matches goes with race_to (a race to N racks)")
    if racks is None and race_to is None:
        raise MatchStudyError(source, "racks", "is required (or race_to and matches)")
    variants_raw: dict[str, Any] = raw["variants"]
    if len(variants_raw) < 2:
        raise MatchStudyError(
            source, "variants", f"a study compares two variants at least; got {len(variants_raw)}"
        )
    shared: dict[str, Any] = raw.get("options", {})
    for key, value in shared.items():
        _check_option(cls, source, f"options.{key}", key, value)
    variants = []
    for name, options in variants_raw.items():
        where = f"variants[{name!r}]" if not _readable(name) else f"variants.{name}"
        if not _readable(name):
            raise MatchStudyError(
                source, where,
                f"a variant's name must be 1 to {MAX_VARIANT_NAME} printable characters",
            )  # fmt: skip
        for key, value in options.items():
            _check_option(cls, source, f"{where}.{key}", key, value)
        merged = {**shared, **options}
        _check_together(cls, source, where, merged)
        variants.append(Variant(name=name, options=tuple(merged.items())))
    return MatchStudy(
        source=source,
        game=cls.kind.value,
        levels=levels,
        seed=int(raw.get("seed", 0)),
        variants=tuple(variants),
        racks=int(racks or 0),
        race_to=int(race_to or 0),
        matches=int(matches or 1) if race_to is not None else 0,
        title=str(raw.get("title", "")),
        description=str(raw.get("description", "")),
    )


def _readable(name: str) -> bool:
    return 0 < len(name) <= MAX_VARIANT_NAME and name.isprintable() and name.strip() == name


def study_options(cls: type[rules.Game]) -> dict[str, str]:
    """The options a study may set for the game ``cls``: name -> what it takes."""
    return {k: v for k, v in sorted(cls.options.items()) if k not in RUNNER_OPTIONS}


def _check_option(cls: type[rules.Game], source: str, field: str, key: str, value: Any) -> None:
    allowed = study_options(cls)
    if key not in allowed:
        why = " (the runner sets it)" if key in RUNNER_OPTIONS else ""
        words = "; ".join(f"{k} ({v})" for k, v in allowed.items())
        raise MatchStudyError(
            source, field, f"not an option a {cls.title} study may set{why}; the options: {words}"
        )
    if key == "table":
        tables = [table_name_of(t) for t in cls.allowed_tables()]
        if value not in tables:
            raise MatchStudyError(
                source, field,
                f"{str(value)[:40]!r} is not a {cls.title} table; allowed: {', '.join(tables)}",
            )  # fmt: skip
        return
    try:
        cls.new(players=_players(cls), seed=0, **{key: value})
    except rules.RulesError as exc:
        raise MatchStudyError(source, field, str(exc)) from None


def _check_together(
    cls: type[rules.Game], source: str, field: str, options: Mapping[str, Any]
) -> None:
    given = {k: SCENARIO_TABLES[v] if k == "table" else v for k, v in options.items()}
    try:
        cls.new(players=_players(cls), seed=0, **given)
    except rules.RulesError as exc:
        raise MatchStudyError(source, field, str(exc)) from None


def _players(cls: type[rules.Game]) -> tuple[str, ...]:
    return tuple(f"P{i}" for i in range(min(cls.player_counts)))
