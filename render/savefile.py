"""Save files of a whole playing session: atomic, versioned JSON.

A save file is one JSON object::

    {"format": "cuesim-session", "version": 1, "saved_at": "<UTC ISO time>", "session": {...}}

``session`` is whatever the window stores (the game in the rules package's JSON form, the match
score, the undo stack, the last shot). Writing goes to a temporary file in the same folder,
flushed and fsynced, then ``os.replace`` puts it in place, so a crash or a full disk never
leaves a half-written save where a good one was. Reading checks the header before anything else
and turns every problem into a :class:`SaveFileError` whose message a player can read.
"""

from __future__ import annotations

import json
import os
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

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
