"""The player's own settings that outlive a match: the sound volume and mute, in a small JSON
file in the user's config folder (``$XDG_CONFIG_HOME/cuesim/settings.json``, by default
``~/.config/cuesim/settings.json``), written atomically (``rules.files.write_atomic``) so a
crash never leaves half a file. No pygame.
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass, replace
from pathlib import Path

from rules.files import FileReadError, read_regular_file, write_atomic

#: File name inside the config folder.
SETTINGS_NAME = "settings.json"
#: Largest settings file read, bytes (it holds two values).
MAX_SETTINGS_BYTES = 4096
#: Volume step of one key press (0..1 scale).
VOLUME_STEP = 0.1


class SettingsError(ValueError):
    """A settings file that cannot be used; the message names the file and what is wrong."""


def settings_path() -> Path:
    """Where the settings live: ``$XDG_CONFIG_HOME/cuesim/settings.json``, else
    ``~/.config/cuesim/settings.json``."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "cuesim" / SETTINGS_NAME


@dataclass(frozen=True)
class Settings:
    """volume: master volume of the window's sounds, 0 (silent) to 1; muted: no sound at all
    (the volume is kept for when it is unmuted)."""

    volume: float = 0.8
    muted: bool = False

    def __post_init__(self) -> None:
        volume = self.volume
        if isinstance(volume, bool) or not isinstance(volume, int | float):
            raise SettingsError(f"volume must be a number from 0 to 1, got {volume!r}")
        if not (math.isfinite(volume) and 0.0 <= volume <= 1.0):
            raise SettingsError(f"volume must be a number from 0 to 1, got {volume!r}")
        if not isinstance(self.muted, bool):
            raise SettingsError(f"muted must be true or false, got {self.muted!r}")

    def with_volume(self, volume: float) -> Settings:
        """These settings with ``volume`` clamped to [0, 1] (rounded to 0.01)."""
        return replace(self, volume=round(min(1.0, max(0.0, float(volume))), 2))

    def to_json(self) -> str:
        return json.dumps({"volume": self.volume, "muted": self.muted}, indent=2) + "\n"


def load_settings(path: Path | None = None) -> Settings:
    """The settings stored at ``path`` (default :func:`settings_path`); the defaults when there
    is no file yet. Raises :class:`SettingsError` naming the file for anything else: not a
    regular file, too big, not JSON, not an object, an unknown key or a value out of range."""
    path = settings_path() if path is None else Path(path)
    if not path.exists():
        return Settings()
    try:
        text = read_regular_file(path, MAX_SETTINGS_BYTES).decode("utf-8")
    except FileReadError as exc:
        raise SettingsError(f"settings file: {exc}") from exc
    except UnicodeDecodeError as exc:
        raise SettingsError(f"settings file {path} is not UTF-8 text ({exc.reason})") from exc
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise SettingsError(f"settings file {path} is not JSON ({exc})") from exc
    except RecursionError:  # 4 KiB of brackets nest some 2,000 deep, past Python's limit
        raise SettingsError(
            f"settings file {path} nests too deeply; it holds one object with volume and muted"
        ) from None
    if not isinstance(data, dict):
        raise SettingsError(f"settings file {path} must hold an object with volume and muted")
    unknown = sorted(set(data) - {"volume", "muted"})
    if unknown:
        raise SettingsError(
            f"settings file {path}: unknown key(s) {', '.join(map(repr, unknown))}; "
            "allowed: 'volume', 'muted'"
        )
    try:
        return Settings(
            volume=data.get("volume", Settings.volume), muted=data.get("muted", Settings.muted)
        )
    except SettingsError as exc:
        raise SettingsError(f"settings file {path}: {exc}") from exc


def save_settings(settings: Settings, path: Path | None = None) -> Path:
    """Write ``settings`` atomically to ``path`` (default :func:`settings_path`), creating its
    folder; returns the path. Raises ``OSError`` when the folder cannot be written."""
    path = settings_path() if path is None else Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, settings.to_json())
    return path
