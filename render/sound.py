"""The window's sounds, read off the shot's event log: the cue strike, ball-on-ball clicks,
cushion thuds and pocket drops, each as loud as the impact was fast (the log's ``speed``: the
normal approach speed of a collision, the cue ball's speed after the strike, the ball's speed
as it drops; sim/events.py). A master volume and a mute, kept in the player's settings file
(``render.settings``).

The sounds are synthesised in memory (the ball click is the packaged ``assets/ball_click.wav``
when it can be read). With no sound device (or sound off), :class:`Sounds` still schedules and
counts what it would play, and the game runs the same.
"""

from __future__ import annotations

import io
import math
import wave
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import numpy as np
import pygame

import sim
from render.keys import Action
from render.settings import (
    VOLUME_STEP,
    Settings,
    SettingsError,
    load_settings,
    save_settings,
)
from sim.constants import MAX_CUE_SPEED
from sim.events import EventKind

#: The click's file inside the ``assets`` package.
CLICK_NAME = "ball_click.wav"
#: Sample rate of the synthesised sounds, Hz.
RATE = 22050
#: Impact speed (m/s) that gives each kind of sound its full loudness; slower is quieter in
#: proportion (a soft kiss is a tick, a break a crack).
FULL_SPEED = {"click": 3.0, "thud": 2.5, "drop": 2.0, "strike": MAX_CUE_SPEED}
#: Impacts slower than this (m/s) make no sound (balls settling against each other).
SILENT_BELOW = 0.03
#: Quietest sound played at all (0..1), so a slow contact is still heard.
FLOOR = 0.12
#: Mixer channels: a break has many clicks at once.
CHANNELS = 16

_KINDS = {
    int(EventKind.STRIKE): "strike",
    int(EventKind.BALL_BALL): "click",
    int(EventKind.BALL_CUSHION): "thud",
    int(EventKind.BALL_POCKET): "drop",
}


def _wav(samples: np.ndarray, rate: int = RATE) -> bytes:
    """16-bit mono WAV bytes of ``samples`` (floats in [-1, 1])."""
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes((np.clip(samples, -1, 1) * 32767).astype(np.int16).tobytes())
    return buffer.getvalue()


def synthesize_click(rate: int = RATE) -> bytes:
    """A short ball-on-ball click (a damped 2.6 kHz + 4.1 kHz partial pair, 40 ms) as the bytes
    of a 16-bit mono WAV file at ``rate`` Hz."""
    t = np.arange(int(rate * 0.04)) / rate
    envelope = np.exp(-t / 0.006) * np.minimum(1.0, t / 0.0004)
    signal = 0.7 * np.sin(2 * np.pi * 2600 * t) + 0.3 * np.sin(2 * np.pi * 4100 * t)
    return _wav(0.8 * envelope * signal, rate)


def synthesize(kind: str, rate: int = RATE) -> bytes:
    """WAV bytes of one sound: "click" (see :func:`synthesize_click`), "thud" (a cushion: a
    damped 140 Hz body with a little 600 Hz, 90 ms), "drop" (a pocket: a low knock then a short
    rattle, 220 ms), "strike" (the cue tip: a dry 1.1 kHz tap with noise, 30 ms)."""
    if kind == "click":
        return synthesize_click(rate)
    rng = np.random.default_rng(7)  # the same sound every run
    if kind == "thud":
        t = np.arange(int(rate * 0.09)) / rate
        body = np.sin(2 * np.pi * 140 * t) + 0.25 * np.sin(2 * np.pi * 600 * t)
        return _wav(0.8 * np.exp(-t / 0.025) * np.minimum(1.0, t / 0.002) * body, rate)
    if kind == "drop":
        t = np.arange(int(rate * 0.22)) / rate
        knock = np.exp(-t / 0.03) * np.sin(2 * np.pi * 95 * t)
        rattle = np.exp(-np.maximum(t - 0.05, 0) / 0.04) * (t > 0.05) * rng.normal(0, 0.3, t.size)
        return _wav(0.7 * (knock + 0.5 * rattle * np.sin(2 * np.pi * 1800 * t)), rate)
    if kind == "strike":
        t = np.arange(int(rate * 0.03)) / rate
        tap = np.sin(2 * np.pi * 1100 * t) + 0.4 * rng.normal(0, 1, t.size)
        return _wav(0.6 * np.exp(-t / 0.005) * tap, rate)
    raise ValueError(f"unknown sound {kind!r}; the sounds are {', '.join(FULL_SPEED)}")


def click_wav() -> bytes:
    """The click's WAV bytes: the packaged file, else a synthesised click."""
    try:
        return (resources.files("assets") / CLICK_NAME).read_bytes()
    except (ModuleNotFoundError, FileNotFoundError, OSError):
        return synthesize_click()


@dataclass(frozen=True)
class SoundCue:
    """One sound of a shot: at ``t`` s after the strike, ``kind`` ("strike", "click", "thud",
    "drop"), ``loudness`` 0..1 from the impact speed (before the master volume)."""

    t: float
    kind: str
    loudness: float


def loudness(kind: str, speed: float) -> float:
    """How loud (0..1) a ``kind`` sound is for an impact at ``speed`` m/s: 0 below
    :data:`SILENT_BELOW`, else from :data:`FLOOR` up to 1 at ``FULL_SPEED[kind]``, in
    proportion to the speed."""
    if not math.isfinite(speed) or speed < SILENT_BELOW:
        return 0.0
    return round(min(1.0, FLOOR + (1.0 - FLOOR) * speed / FULL_SPEED[kind]), 4)


def cues_from_log(events: np.ndarray) -> list[SoundCue]:
    """The sounds of an event log (``sim.EVENT_DTYPE`` rows, in time order): one per strike,
    ball-ball contact, cushion hit and pocketing loud enough to hear; others make none."""
    cues = []
    for row in events:
        kind = _KINDS.get(int(row["kind"]))
        if kind is None:
            continue
        level = loudness(kind, float(row["speed"]))
        if level > 0.0:
            cues.append(SoundCue(float(row["t"]), kind, level))
    return cues


class Sounds:
    """The window's sounds (module docstring).

    ``enabled`` False: never opens the mixer (tests, ``sound=False``). ``settings_path``: the
    settings file (default ``render.settings.settings_path()``); a damaged one gives the
    defaults and its problem in :attr:`problem`. ``played`` lists ``(kind, volume)`` of every
    sound sent to the mixer (or that would have been, without a device), for tests.
    """

    def __init__(self, enabled: bool, settings_path: Path | None = None) -> None:
        self.settings_path = settings_path
        self.problem: str | None = None
        try:
            self.settings = load_settings(settings_path)
        except SettingsError as exc:
            self.settings = Settings()
            self.problem = f"{exc}; using the default volume"
        self.played: list[tuple[str, float]] = []
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self._cues: tuple[int, list[SoundCue]] | None = None
        if enabled:
            self._open_mixer()

    def _open_mixer(self) -> None:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=1)
            pygame.mixer.set_num_channels(CHANNELS)
            for kind in FULL_SPEED:
                data = click_wav() if kind == "click" else synthesize(kind)
                self.sounds[kind] = pygame.mixer.Sound(file=io.BytesIO(data))
        except (pygame.error, OSError):
            self.sounds = {}

    @property
    def device(self) -> bool:
        """Whether a sound device is open (else sounds are only counted)."""
        return bool(self.sounds)

    def play(self, kind: str, level: float) -> None:
        """Play a ``kind`` sound at ``level`` (0..1) times the master volume; nothing when
        muted or silent."""
        if self.settings.muted:
            return
        volume = round(level * self.settings.volume, 4)
        if volume <= 0.0:
            return
        self.played.append((kind, volume))
        sound = self.sounds.get(kind)
        if sound is not None:
            channel = pygame.mixer.find_channel(True)
            if channel is not None:
                channel.set_volume(volume)
                channel.play(sound)

    def click(self, speed: float) -> None:
        """Play the ball click for a contact at ``speed`` m/s."""
        self.play("click", loudness("click", speed))

    def cues_for(self, result: sim.ShotResult) -> list[SoundCue]:
        """The sounds of ``result`` (a ``sim.ShotResult``), read once per result."""
        if self._cues is None or self._cues[0] != id(result):
            self._cues = (id(result), cues_from_log(result.events))
        return self._cues[1]

    def play_between(self, result: sim.ShotResult, before: float, now: float) -> list[SoundCue]:
        """Play the sounds of ``result`` due after ``before`` up to ``now`` s (those at 0 when
        ``before`` is 0: the strike); returns them."""
        due = [
            cue
            for cue in self.cues_for(result)
            if before < cue.t <= now or (before == 0.0 and cue.t == 0.0)
        ]
        for cue in due:
            self.play(cue.kind, cue.loudness)
        return due

    # -- the player's settings
    def _store(self, settings: Settings) -> str | None:
        self.settings = settings
        try:
            save_settings(settings, self.settings_path)
        except OSError as exc:
            return f"; not saved ({exc})"
        return None

    def toggle_mute(self) -> str:
        """Mute or unmute, kept in the settings file; returns the message to show."""
        failed = self._store(Settings(self.settings.volume, not self.settings.muted))
        words = "Sound off (M turns it on)" if self.settings.muted else "Sound on"
        return words + (failed or "")

    def change_volume(self, steps: int) -> str:
        """Change the master volume by ``steps`` of ``VOLUME_STEP`` (and unmute), kept in the
        settings file; returns the message to show."""
        new = self.settings.with_volume(self.settings.volume + steps * VOLUME_STEP)
        failed = self._store(Settings(new.volume, False))
        return f"Volume {round(100 * self.settings.volume)}%" + (failed or "")


#: The key actions of ``render.keys`` that :func:`sound_key` answers.
SOUND_ACTIONS = (Action.MUTE, Action.VOLUME_DOWN, Action.VOLUME_UP)


def sound_key(sounds: Sounds, action: str) -> str:
    """Do the sound key ``action`` (one of :data:`SOUND_ACTIONS`); returns the message."""
    if action == Action.MUTE:
        return sounds.toggle_mute()
    if action in (Action.VOLUME_DOWN, Action.VOLUME_UP):
        return sounds.change_volume(1 if action == Action.VOLUME_UP else -1)
    raise ValueError(f"unknown sound action {action!r}; allowed: {', '.join(SOUND_ACTIONS)}")
