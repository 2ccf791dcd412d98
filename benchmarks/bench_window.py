"""Window benchmarks: drawing speed during a snooker break, and launch time to a playable table.

    python benchmarks/bench_window.py [--frames-size 1280x820]

1. Frames per second while a snooker break (and an 8-ball break) plays back: the App
   (headless, SDL dummy video driver) steps the playback at 1/60 s and draws every frame to an
   off-screen surface; the rate is frames drawn / wall time of update + draw (target >= 60).
2. Launch to a playable table with a warm Numba cache: ``cuesim play snooker`` is started as a
   process with a script that quits as soon as the aim mode is reached; the wall time from
   process start to exit (interpreter start, imports, kernel cache load, first frames) is the
   launch time (target < 2 s). The first run also warms the cache and is not counted.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rules.files import write_atomic  # noqa: E402  (after the path set-up above)
from rules.types import GameKind  # noqa: E402


def playback_fps(
    size: tuple[int, int], game: str = GameKind.SNOOKER.value
) -> tuple[float, int, float]:
    """(frames per second, frames drawn, shot duration in s) while the break of ``game``
    plays back (pool balls roll their numbers and stripes, which costs drawing time)."""
    import pygame

    from render.app import App
    from render.match import MatchConfig

    pygame.init()
    surface = pygame.Surface(size)
    app = App(size, config=MatchConfig(game, ("Ann", "Bob"), seed=1), warm_up=False)
    app.draw(surface)
    app.aim.power = 0.75
    if not app.shoot():
        raise RuntimeError(f"the break was refused: {app.toast}")
    frames = 0
    start = time.perf_counter()
    while app.mode.name == "playback":
        app.update(1 / 60)
        app.draw(surface)
        frames += 1
    elapsed = time.perf_counter() - start
    if app.last_shot is None:
        raise RuntimeError("the break played back but the window kept no last shot")
    duration = app.last_shot.result.duration
    return frames / elapsed, frames, duration


def launch_seconds(repeats: int = 3) -> list[float]:
    """Wall times of `cuesim play snooker` from process start to a playable table (then quit)."""
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "script.txt"
        write_atomic(script, "until aim\nquit\n")
        env = dict(os.environ, CUESIM_SCRIPT=str(script), SDL_VIDEODRIVER="dummy")
        game = GameKind.SNOOKER.value
        command = [sys.executable, "-m", "cuesim", "play", game, "--players", "A", "B"]
        subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True)  # warm cache
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True)
            times.append(time.perf_counter() - start)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1280x820", help="window size, e.g. 1280x820")
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    for game in (GameKind.SNOOKER.value, GameKind.EIGHT_BALL.value):
        fps, frames, duration = playback_fps(size, game)  # type: ignore[arg-type]
        print(f"{game} break playback at {size[0]}x{size[1]}: {fps:.0f} frames/s "
              f"({frames} frames for a {duration:.2f} s shot; target >= 60)")  # fmt: skip
    times = launch_seconds()
    print(f"launch to a playable table (warm cache): best {min(times):.2f} s, "
          f"runs {', '.join(f'{t:.2f}' for t in times)} s (target < 2 s)")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
