"""Sound from the event log: the sounds scheduled for a known log and
scaled by the impact speed, the mute and the volume kept in the settings file, and a window
that runs without a sound device. Runs with SDL's dummy audio driver."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pygame
import pytest

from render.app import App
from render.match import MatchConfig
from render.settings import Settings, SettingsError, load_settings, save_settings
from render.sound import Sounds, cues_from_log, loudness, synthesize
from sim.events import EVENT_DTYPE, EventKind

SIZE = (1280, 820)


def _log(rows: list[tuple[float, EventKind, int, int, float]]) -> np.ndarray:
    log = np.zeros(len(rows), dtype=EVENT_DTYPE)
    for i, (t, kind, a, b, speed) in enumerate(rows):
        log[i]["t"], log[i]["kind"], log[i]["a"], log[i]["b"] = t, kind, a, b
        log[i]["speed"] = speed
    return log


KNOWN = _log(
    [
        (0.0, EventKind.STRIKE, 0, -1, 4.0),
        (0.02, EventKind.SLIDING_TO_ROLLING, 0, -1, 0.0),
        (0.30, EventKind.BALL_BALL, 0, 1, 2.4),
        (0.31, EventKind.BALL_BALL, 1, 2, 0.5),
        (0.80, EventKind.BALL_CUSHION, 2, 3, 1.2),
        (0.90, EventKind.BALL_BALL, 2, 4, 0.01),  # settling: too slow to hear
        (1.40, EventKind.BALL_POCKET, 1, 2, 0.9),
        (2.00, EventKind.ROLLING_TO_STATIONARY, 0, -1, 0.0),
    ]
)


def test_cues_of_a_known_log_scaled_by_speed() -> None:
    cues = cues_from_log(KNOWN)
    assert [(c.t, c.kind) for c in cues] == [
        (0.0, "strike"), (0.30, "click"), (0.31, "click"), (0.80, "thud"), (1.40, "drop"),
    ]  # fmt: skip
    fast, slow = cues[1].loudness, cues[2].loudness
    assert fast > slow > 0  # 2.4 m/s is louder than 0.5 m/s
    assert fast == loudness("click", 2.4) and slow == loudness("click", 0.5)
    assert loudness("click", 30.0) == 1.0 and loudness("click", 0.01) == 0.0
    assert loudness("thud", float("nan")) == 0.0


class _Result:
    events = KNOWN


def test_sounds_play_when_due_at_the_master_volume(tmp_path: Path) -> None:
    sounds = Sounds(enabled=True, settings_path=tmp_path / "settings.json")
    sounds.settings = Settings(volume=0.5)
    result = _Result()
    assert [c.kind for c in sounds.play_between(result, 0.0, 0.1)] == ["strike"]
    assert [c.kind for c in sounds.play_between(result, 0.1, 0.5)] == ["click", "click"]
    assert sounds.play_between(result, 0.5, 0.6) == []
    sounds.play_between(result, 0.6, 3.0)
    kinds = [kind for kind, _ in sounds.played]
    assert kinds == ["strike", "click", "click", "thud", "drop"]
    volumes = dict(zip(range(5), (v for _, v in sounds.played), strict=True))
    assert volumes[1] == pytest.approx(0.5 * loudness("click", 2.4), abs=1e-4)


def test_mute_and_volume_persist(tmp_path: Path) -> None:
    path = tmp_path / "cfg" / "settings.json"
    sounds = Sounds(enabled=False, settings_path=path)
    assert "off" in sounds.toggle_mute()
    sounds.play("click", 1.0)
    assert sounds.played == []  # muted: nothing
    assert json.loads(path.read_text()) == {"volume": 0.8, "muted": True}
    again = Sounds(enabled=False, settings_path=path)
    assert again.settings.muted
    assert again.change_volume(-3) == "Volume 50%"
    assert load_settings(path) == Settings(volume=0.5, muted=False)
    assert not list(path.parent.glob("*.tmp*"))  # written atomically: no temporary left


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("not json", "is not JSON"),
        ("[1]", "must hold an object"),
        ('{"volume": 2}', "volume must be a number from 0 to 1, got 2"),
        ('{"volume": true}', "volume must be a number from 0 to 1"),
        ('{"muted": "yes"}', "muted must be true or false"),
        ('{"loud": 1}', "unknown key(s) 'loud'; allowed: 'volume', 'muted'"),
        ("[" * 2040 + "]" * 2040, "nests too deeply"),
    ],
)
def test_a_damaged_settings_file_is_refused_by_name(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "settings.json"
    path.write_text(text)
    with pytest.raises(SettingsError, match="settings file") as info:
        load_settings(path)
    assert words in str(info.value)
    sounds = Sounds(enabled=False, settings_path=path)  # the window keeps going on defaults
    assert sounds.settings == Settings() and sounds.problem is not None


def test_settings_folder_from_xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    written = save_settings(Settings(volume=0.3))
    assert written == tmp_path / "cuesim" / "settings.json"
    assert load_settings() == Settings(volume=0.3)


def test_every_sound_synthesises_and_unknown_is_refused() -> None:
    for kind in ("click", "thud", "drop", "strike"):
        assert synthesize(kind)[:4] == b"RIFF"
    with pytest.raises(ValueError, match="the sounds are"):
        synthesize("boom")


def test_mute_key_in_the_window(tmp_path: Path) -> None:
    app = App(SIZE, config=MatchConfig("nine-ball", ("Ann", "Bob"), seed=4), warm_up=False)
    app.sounds = Sounds(enabled=True, settings_path=tmp_path / "settings.json")
    key = {"key": pygame.K_m, "mod": 0, "unicode": "m", "scancode": 0}
    app.handle(pygame.event.Event(pygame.KEYDOWN, key))
    assert app.sounds.settings.muted and app.toast is not None and "Sound off" in app.toast.text
    app.aim.power = 0.8
    assert app.shoot()
    for _ in range(3):
        app.update(1 / 30)
    assert app.mode.context == "playback" and app.sounds.played == []  # the break in silence
    app.handle(pygame.event.Event(pygame.KEYDOWN, key))  # M works during playback too
    assert not app.sounds.settings.muted
    while app.mode.context == "playback":
        app.update(1 / 30)
    assert app.sounds.played and all(kind != "strike" for kind, _ in app.sounds.played)


def test_a_break_plays_its_sounds(tmp_path: Path) -> None:
    app = App(SIZE, config=MatchConfig("nine-ball", ("Ann", "Bob"), seed=4), warm_up=False)
    app.sounds = Sounds(enabled=True, settings_path=tmp_path / "settings.json")
    app.aim.power = 0.8
    assert app.shoot()
    while app.mode.context == "playback":
        app.update(1 / 30)
    kinds = [kind for kind, _ in app.sounds.played]
    assert kinds[0] == "strike" and kinds.count("click") >= 9 and "thud" in kinds


def test_no_sound_device_the_window_still_runs(tmp_path: Path) -> None:
    """An audio driver that does not exist: the mixer cannot open, the shot still plays."""
    code = (
        "import pygame\n"
        "from render.app import App\n"
        "from render.match import MatchConfig\n"
        "pygame.init()\n"
        "app = App((640, 480), config=MatchConfig(seed=2), warm_up=False, sound=True)\n"
        "assert not app.sounds.device\n"
        "assert app.shoot()\n"
        "app.finish_playback()\n"
        "print('ran', app.mode.context)\n"
    )
    env = dict(os.environ, SDL_AUDIODRIVER="no-such-driver", SDL_VIDEODRIVER="dummy",
               XDG_CONFIG_HOME=str(tmp_path))  # fmt: skip
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120,
        cwd=Path(__file__).resolve().parents[2],
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert "ran" in out.stdout


def test_a_damaged_settings_file_is_said_once_in_the_window(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"volume": "loud"}')
    app = App(SIZE, config=None, warm_up=False)
    app.sounds = Sounds(enabled=False, settings_path=path)
    app.start_match(MatchConfig("nine-ball", ("Ann", "Bob"), seed=4))
    assert app.toast is not None and "settings file" in app.toast.text
    assert "volume must be a number from 0 to 1" in app.toast.text
    assert app.sounds.problem is None
