"""Save files of a whole playing session: atomic, versioned JSON.

A save file is one JSON object::

    {"format": "cuesim-session", "version": 1, "saved_at": "<UTC ISO time>", "session": {...}}

``session`` holds the match (:func:`encode_session`): its config and score, the game in the
rules package's own JSON form (``rules.persist.to_dict``; this module has no codec of its own
for a game), the undo stack, and the last shot (its start, strike and declaration; the result
is simulated again on loading, the engine being deterministic).

Writing goes to a temporary file in the same folder, flushed and fsynced, then ``os.replace``
puts it in place, so a crash or a full disk never leaves a half-written save where a good one
was. Reading checks the header before anything else and turns every problem into a
:class:`SaveFileError` whose message a player can read.
"""

from __future__ import annotations

import json
import os
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import rules
import sim
from render.history import HistoryEntry, LastShot
from render.match import MatchConfig, MatchScore
from rules.persist import from_dict, to_dict
from sim.errors import EventCapExceededError, SimInputError

#: The ``format`` tag of a cuesim session file.
SAVE_FORMAT = "cuesim-session"
#: The version this code writes; it reads this version only.
SAVE_VERSION = 1
#: File name extension offered by the window.
SAVE_SUFFIX = ".cuesim.json"


class SaveFileError(ValueError):
    """A save file could not be read or written; the message says why, for the player."""


def save_session(path: str | os.PathLike[str], session: dict[str, Any]) -> Path:
    """Write ``session`` to ``path`` atomically (temp file + ``os.replace``); returns the path.

    Raises :class:`SaveFileError` when the session is not JSON-serialisable or the folder is not
    writable; an existing file at ``path`` is then left as it was. Does not mutate ``session``.
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
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise SaveFileError(f"cannot write in {folder}: {exc.strerror or exc}") from exc
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, target)
    except OSError as exc:
        Path(tmp_name).unlink(missing_ok=True)
        raise SaveFileError(f"cannot write {target}: {exc.strerror or exc}") from exc
    return target


def load_session(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read a save file and return its ``session`` object.

    Raises :class:`SaveFileError` when the file is missing, unreadable, not JSON, not a cuesim
    session, or of another version; the message names the problem and what is expected.
    """
    source = Path(path)
    try:
        raw = source.read_bytes()
    except FileNotFoundError as exc:
        raise SaveFileError(f"no such file: {source}") from exc
    except OSError as exc:
        raise SaveFileError(f"cannot read {source}: {exc.strerror or exc}") from exc
    try:
        document = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SaveFileError(
            f"{source.name} is damaged or not a save file (not valid JSON)"
        ) from exc
    if not isinstance(document, dict) or document.get("format") != SAVE_FORMAT:
        raise SaveFileError(f"{source.name} is not a cuesim save file")
    version = document.get("version")
    if version != SAVE_VERSION:
        raise SaveFileError(
            f"{source.name} is a version {version!r} save file; this cuesim reads version "
            f"{SAVE_VERSION}"
        )
    session = document.get("session")
    if not isinstance(session, dict):
        raise SaveFileError(f"{source.name} is damaged: it holds no session")
    return session


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


def declaration_from_json(data: dict[str, Any]) -> rules.Declaration:
    """The ``rules.Declaration`` of :func:`declaration_to_json` data."""

    def ball(v: Any) -> int | None:
        return None if v is None else int(v)

    return rules.Declaration(
        push_out=bool(data["push_out"]),
        called_ball=ball(data["called_ball"]),
        called_pocket=None if data["called_pocket"] is None else str(data["called_pocket"]),
        safety=bool(data["safety"]),
        nominated=ball(data["nominated"]),
        free_ball=bool(data["free_ball"]),
        declared_fouls=frozenset(str(f) for f in data["declared_fouls"]),
        off_table=frozenset(int(b) for b in data["off_table"]),
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


def _shot_from(d: dict[str, Any] | None) -> LastShot | None:
    """A stored last shot, simulated again from its start (the engine is deterministic)."""
    if d is None:
        return None
    before = from_dict(d["before_game"])
    strike = sim.Strike(**{k: float(v) for k, v in d["strike"].items()})
    cue_at: tuple[float, float] | None = None
    if d["cue_ball_at"] is not None:
        x, y = (float(v) for v in d["cue_ball_at"])
        cue_at = (x, y)
    declaration = declaration_from_json(d["declaration"])
    state = before.state_for_shot(cue_at)
    result = sim.simulate(before.table, state, strike)
    ruling = before.judge(result, declaration)
    score = MatchScore.from_json(d["before_score"])
    return LastShot(before, score, strike, cue_at, declaration, result, ruling)


def decode_session(
    data: dict[str, Any],
) -> tuple[MatchConfig, MatchScore, Any, list[HistoryEntry], LastShot | None]:
    """Rebuild (config, score, game, undo stack, last shot) from :func:`encode_session` data.

    The last shot is simulated again from its stored start, so the replay key works after
    loading. Raises :class:`SaveFileError` on any missing or bad field.
    """
    try:
        config = MatchConfig.from_json(data["config"])
        score = MatchScore.from_json(data["score"])
        game = from_dict(data["game"])
        undo: list[HistoryEntry] = [
            (from_dict(u["game"]), MatchScore.from_json(u["score"]), _shot_from(u["last_shot"]))
            for u in data["undo"]
        ]
        last = _shot_from(data["last_shot"])
    except SaveFileError:
        raise
    except (SimInputError, EventCapExceededError) as exc:
        raise SaveFileError(f"the saved last shot cannot be played again: {exc}") from exc
    except rules.SaveFileError as exc:
        raise SaveFileError(f"the saved game cannot be read: {exc}") from exc
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise SaveFileError(f"the save file is damaged ({type(exc).__name__}: {exc})") from exc
    return config, score, game, undo, last
