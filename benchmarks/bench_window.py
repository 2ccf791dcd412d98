"""Window benchmarks: playback frame times in a real window, and launch to a playable table.

    DISPLAY=:98 .venv/bin/python benchmarks/bench_window.py [--size 1280x820] [--no-cold]
                                                            [--json PATH]

1. Playback (issue 9: at least 60 frames per second with 22 balls, no long stalls). With
   ``DISPLAY`` set (a real X server, Xvfb included) the real frame loop of ``render.app.run``
   opens a window, breaks (snooker: 22 balls; 9-ball: 10) at power 0.75 and records the wall
   time of every frame of the playback, as the player sees it: first capped at 60 frames per
   second as the game runs, then uncapped (``fps=0``: what one frame costs, draw and present).
   Prints the median and 95th percentile frame time, the worst frame and the frame rate.
   Without ``DISPLAY`` it says so and times the same playback off-screen (SDL's dummy video
   driver: drawing only, nothing presented), which is not the issue's measure.
2. Launch to playable: ``cuesim play snooker`` is started as a process whose script quits as
   soon as the aim mode is reached; the wall time from process start to its exit. Warm: the
   Numba cache of this machine (after one unmeasured run that fills it). Cold: an empty cache
   folder (``NUMBA_CACHE_DIR``), so every kernel compiles (tens of seconds; ``--no-cold``
   skips it). The window reaches the start screen long before: the players fill it in while
   the engine compiles.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
if not os.environ.get("DISPLAY"):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rules.files import write_atomic  # noqa: E402  (after the path set-up above)
from rules.types import GameKind  # noqa: E402

#: Seconds between two presses of Space until the break starts (a press right after the aim
#: screen opens falls in the shot guard of ``render.app.SHOT_GUARD_S`` and is ignored).
SPACE_EVERY_S = 0.3
#: Frame-time target of the issue, ms (60 frames per second).
TARGET_FRAME_MS = 1000.0 / 60.0


class _BreakDriver:
    """Plays the break and records the time of each playback frame (``render.app.FrameDriver``)."""

    def __init__(self) -> None:
        self.frame_times: list[float] = []
        self.pressed_at = -1.0
        self.played = False

    def step(self, app: Any, screen: Any) -> None:
        import pygame

        name = app.mode.name
        now = time.perf_counter()
        if name == "aim" and not self.played and now - self.pressed_at > SPACE_EVERY_S:
            app.aim.power = 0.75
            self.pressed_at = now
            space = {"key": pygame.K_SPACE, "mod": 0, "unicode": " ", "scancode": 0}
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, space))
        elif name == "playback":
            self.played = True
            self.frame_times.append(now)
        elif self.played:
            app.running = False


def _summary(stamps: list[float]) -> dict[str, float]:
    """Median, p95 and worst frame time (ms) and frames per second from frame timestamps."""
    if len(stamps) < 3:
        raise RuntimeError(f"only {len(stamps)} playback frames were recorded: no break played")
    dt = sorted(1000.0 * (b - a) for a, b in itertools.pairwise(stamps))
    return {
        "frames": len(dt),
        "median_ms": round(statistics.median(dt), 2),
        "p95_ms": round(dt[int(0.95 * (len(dt) - 1))], 2),
        "max_ms": round(dt[-1], 2),
        "fps": round(1000.0 * len(dt) / sum(dt), 1),
    }


def window_playback(game: str, size: tuple[int, int], fps: int) -> dict[str, float]:
    """Frame times of the break of ``game`` in the real frame loop at most ``fps`` frames per
    second (0: no cap), in the window of ``DISPLAY`` (or off-screen without one)."""
    from render.app import run
    from render.match import MatchConfig

    driver = _BreakDriver()
    run(MatchConfig(game, ("Ann", "Bob"), seed=5), size=size, driver=driver, fps=fps, sound=False)
    return _summary(driver.frame_times)


def launch_seconds(cache_dir: str | None, repeats: int) -> list[float]:
    """Wall times of ``cuesim play snooker`` from process start to exit, its script quitting
    when the aim mode is reached; ``cache_dir`` a Numba cache folder (None: this machine's)."""
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "script.txt"
        write_atomic(script, "until aim\nquit\n")
        env = dict(os.environ, CUESIM_SCRIPT=str(script), HOME=tmp)
        if cache_dir is not None:
            env["NUMBA_CACHE_DIR"] = cache_dir
        else:
            env["HOME"] = os.environ.get("HOME", tmp)
        command = [sys.executable, "-m", "cuesim", "play", GameKind.SNOOKER.value]
        command += ["--players", "A", "B", "--save", str(Path(tmp) / "s.cuesim.json")]
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True)
            times.append(time.perf_counter() - start)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1280x820", help="window size, e.g. 1280x820")
    parser.add_argument("--no-cold", action="store_true", help="skip the cold-cache launch")
    parser.add_argument("--json", metavar="PATH", help="also write the numbers as JSON")
    args = parser.parse_args()
    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        parser.error(f"--size must look like 1280x820, got {args.size!r}")
    if w < 640 or h < 480:
        parser.error(f"--size must be at least 640x480, got {args.size!r}")
    display = os.environ.get("DISPLAY")
    where = f"real window on DISPLAY={display}" if display else "off-screen (no DISPLAY)"
    print(f"playback of a break, {where}, {w}x{h}:")
    out: dict[str, Any] = {"display": display or None, "size": [w, h]}
    for kind in (GameKind.SNOOKER, GameKind.NINE_BALL):
        for cap in (60, 0):
            row = window_playback(kind.value, (w, h), cap)
            out[f"{kind.value}_fps{cap}"] = row
            label = "capped at 60 fps" if cap else "uncapped"
            print(
                f"  {kind.value} {label}: frame median {row['median_ms']:.2f} ms, "
                f"p95 {row['p95_ms']:.2f} ms, max {row['max_ms']:.2f} ms, {row['fps']:.1f} fps "
                f"({row['frames']} frames; target: median and p95 <= {TARGET_FRAME_MS:.1f} ms)"
            )
    warm = launch_seconds(None, 1) and launch_seconds(None, 3)
    out["launch_warm_s"] = [round(t, 2) for t in warm]
    print(f"launch to a playable table, warm cache: best {min(warm):.2f} s "
          f"(runs {', '.join(f'{t:.2f}' for t in warm)} s)")  # fmt: skip
    if not args.no_cold:
        with tempfile.TemporaryDirectory() as cache:
            cold = launch_seconds(cache, 1)
        out["launch_cold_s"] = round(cold[0], 2)
        print(f"launch to a playable table, cold cache (every kernel compiled): {cold[0]:.2f} s")
    if args.json:
        write_atomic(Path(args.json), json.dumps(out, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
