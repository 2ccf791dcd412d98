"""Save files of a whole playing session: atomic, versioned JSON, read defensively. What the
``session`` object inside holds, and how it is checked, is :mod:`render.session_codec`.

A save file is one JSON object::

    {"format": "cuesim-session", "version": 1, "saved_at": "<UTC ISO time>", "session": {...}}

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
- then each field is read with its type and range (``render.session_codec.decode_session``).
"""

from __future__ import annotations

import json
import os
import re
import unicodedata
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import NoReturn

from rules.files import FileReadError, FileWriteError, read_regular_file, write_atomic

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


class SaveFileError(ValueError):
    """A save file could not be read or written; the message says why, for the player."""


def save_session(path: str | os.PathLike[str], session: Mapping[str, object]) -> Path:
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


def _parse_constant(name: str) -> NoReturn:
    raise _RefusedValueError(f"{name} is not a number a session may hold; finite numbers only")


def _object(pairs: list[tuple[str, object]]) -> dict[str, object]:
    out: dict[str, object] = {}
    for key, value in pairs:
        if key in out:
            raise _RefusedValueError(f"the key {key[:40]!r} appears twice in one object")
        out[key] = value
    return out


def _check_texts(value: object) -> None:
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


def parse_session_text(raw: bytes, name: str) -> dict[str, object]:
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


def load_session(path: str | os.PathLike[str]) -> dict[str, object]:
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
