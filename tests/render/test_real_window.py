"""The real ``cuesim play`` in a window on a virtual X display (Xvfb), driven by a script.

Skipped when ``Xvfb`` is not on PATH (``apt-get install -y xvfb`` to run it). The script
(``CUESIM_SCRIPT``, see ``render.scripted.ScriptPlayer``) waits for the table, breaks, lets the
break play for half a second and skips the rest with Enter (as a player would), waits for the
referee's call and saves the window as a PNG; the test checks the process exits cleanly and the
picture shows a table with a ruling panel.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pytestmark = pytest.mark.xvfb

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def display():
    if shutil.which("Xvfb") is None:
        pytest.skip("Xvfb is not installed")
    # -displayfd: Xvfb picks a free display number and writes it to the pipe when ready.
    read_fd, write_fd = os.pipe()
    proc = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1400x900x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        pass_fds=(write_fd,),
    )
    os.close(write_fd)
    with os.fdopen(read_fd) as pipe:
        number = pipe.readline().strip()
    if not number:
        proc.kill()
        pytest.skip("Xvfb did not start")
    yield f":{number}"
    proc.terminate()
    proc.wait(timeout=10)


def test_cuesim_play_breaks_and_shows_the_call(display, tmp_path) -> None:
    import pygame

    shot = tmp_path / "window.png"
    script = tmp_path / "script.txt"
    script.write_text(
        # the break plays for a moment, then Enter skips the rest, as a player would
        f"until aim\nwait 0.3\npower 0.8\nkey space\nuntil playback\nwait 0.5\nkey return\n"
        f"until decision\nwait 0.2\nshot {shot}\nquit\n"
    )
    env = dict(os.environ, DISPLAY=display, CUESIM_SCRIPT=str(script), SDL_AUDIODRIVER="dummy")
    env.pop("SDL_VIDEODRIVER", None)
    done = subprocess.run(
        [sys.executable, "-m", "cuesim", "play", "nine-ball", "--players", "Ann", "Bob",
         "--seed", "3", "--save", str(tmp_path / "s.json")],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=240,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert shot.exists()
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 820)
    pixels = pygame.surfarray.array3d(image).reshape(-1, 3).astype(int)
    cloth = np.mean(np.abs(pixels - np.array([24, 96, 168])).max(axis=1) < 12)
    assert cloth > 0.2, "the blue cloth fills much of the window"
    panel = np.mean(np.abs(pixels - np.array([64, 98, 150])).max(axis=1) < 6)
    assert panel > 0.001, "a button of the ruling panel is visible"


def test_cuesim_replay_opens_a_save_and_replays_its_last_shot(display, tmp_path) -> None:
    save = tmp_path / "s.cuesim.json"
    script = tmp_path / "play.txt"
    script.write_text(
        "until aim\npower 0.8\nkey space\nkey return\nuntil decision\nkey ctrl+s\nquit\n"
    )
    env = dict(os.environ, DISPLAY=display, CUESIM_SCRIPT=str(script), SDL_AUDIODRIVER="dummy")
    env.pop("SDL_VIDEODRIVER", None)
    command = [sys.executable, "-m", "cuesim", "play", "eight-ball", "--players", "Ann", "Bob",
               "--seed", "5", "--save", str(save)]  # fmt: skip
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr[-2000:]
    assert save.exists()
    shot = tmp_path / "replay.png"
    script.write_text(f"until playback\nwait 0.2\nshot {shot}\nkey return\nquit\n")
    command = [sys.executable, "-m", "cuesim", "replay", str(save)]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr[-2000:]
    assert shot.exists()
