"""The window's sounds: a ball click during playback, louder for faster contacts.

The click is package data, read with ``importlib.resources`` (``assets/ball_click.wav``); when
it cannot be read it is synthesised in memory. Silent when the mixer is missing or sound is
off.
"""

from __future__ import annotations

import io
import wave
from importlib import resources

import numpy as np
import pygame

#: The click's file inside the ``assets`` package.
CLICK_NAME = "ball_click.wav"


def synthesize_click(rate: int = 22050) -> bytes:
    """A short ball-on-ball click (a damped 2.6 kHz + 4.1 kHz partial pair, 40 ms) as the bytes
    of a 16-bit mono WAV file at ``rate`` Hz."""
    t = np.arange(int(rate * 0.04)) / rate
    envelope = np.exp(-t / 0.006)
    signal = envelope * (0.7 * np.sin(2 * np.pi * 2600 * t) + 0.3 * np.sin(2 * np.pi * 4100 * t))
    attack = np.minimum(1.0, t / 0.0004)
    samples = (signal * attack * 0.8 * 32767).astype(np.int16)
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(samples.tobytes())
    return buffer.getvalue()


def click_wav() -> bytes:
    """The click's WAV bytes: the packaged file, else a synthesised click."""
    try:
        return (resources.files("assets") / CLICK_NAME).read_bytes()
    except (ModuleNotFoundError, FileNotFoundError, OSError):
        return synthesize_click()


class Sounds:
    """Ball clicks during playback; silent when the mixer is missing or ``enabled`` is False."""

    def __init__(self, enabled: bool) -> None:
        self.sound: pygame.mixer.Sound | None = None
        if not enabled:
            return
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=1)
            self.sound = pygame.mixer.Sound(file=io.BytesIO(click_wav()))
        except (pygame.error, OSError):
            self.sound = None

    def click(self, speed: float) -> None:
        """Play the click for a contact at ``speed`` m/s."""
        if self.sound is None:
            return
        self.sound.set_volume(min(1.0, 0.15 + speed / 4.0))
        self.sound.play()
