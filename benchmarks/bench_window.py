"""Window benchmarks: playback frame times in a real window, and launch to a playable table.

    DISPLAY=:98 .venv/bin/python benchmarks/bench_window.py [--size 1280x820] [--no-cold]
                                         [--no-launch] [--idle-s 10] [--json PATH]

1. Playback. With
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
3. Idle CPU on the aim screen, real window only: ``cuesim play
   snooker --aim full`` (then ``ghost``) as a player starts it, no script (a scripted window
   never sleeps); once it has settled on the aim screen the pointer is moved onto the table
   with ``xdotool`` (one preview computed), then the process's CPU time (/proc, user + system)
   over ``--idle-s`` seconds of no input; then the same while ``xdotool`` moves the pointer
   across the table 20 times a second (the full preview recomputed each move).
4. A resize keeps the aim (real window only): the pointer aims with ``xdotool``, the window is
   resized with ``xdotool windowsize``; the aim, power and spin before and after are printed.
5. The computer's turn (``--think-s``, default 8; ``--no-computer`` skips it): the real frame
   loop of ``render.app`` in this process on a 9-ball table where the computer (pro) is to
   play, its search made to last the measured time (``agents.choose`` searched again and again
   on the same position: the real search's load, as long as asked). Measured side by side:
   the frame loop's own CPU (its thread's, ``time.thread_time``) on the aim screen of a person
   with no input, and on the computer's turn while the search runs (the loop sleeps until the
   search's end wakes it); then the frame times with a frame drawn at every pass (a driver
   that keeps the loop awake), capped at 60 frames a second and uncapped (what a frame costs),
   on a person's aim screen and while the search runs: the frame rate the window keeps while
   the computer thinks. Off-screen without ``DISPLAY``.
The machine's load average (``os.getloadavg``) is printed first: the figures depend on it.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
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
    """Plays the break and records the time of each playback frame (a
    ``render.frame_loop.FrameDriver``)."""

    def __init__(self) -> None:
        self.frame_times: list[float] = []
        self.pressed_at = -1.0
        self.played = False

    def step(self, app: Any, screen: Any) -> None:
        import pygame

        name = app.mode.context
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


def _xdotool(*args: str) -> str:
    out = subprocess.run(["xdotool", *args], check=True, capture_output=True, text=True)
    return out.stdout.strip()


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of process ``pid`` so far, s (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _cpu_share(pid: int, seconds: float, during: Any = None) -> float:
    """Share of one core process ``pid`` used over ``seconds`` s (``during()`` called about
    every 50 ms meanwhile, e.g. to move the pointer), %."""
    start, t0 = _cpu_seconds(pid), time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        if during is not None:
            during()
        time.sleep(0.05)
    return 100.0 * (_cpu_seconds(pid) - start) / (time.perf_counter() - t0)


def idle_cpu(level: str, size: tuple[int, int], seconds: float) -> dict[str, float]:
    """CPU share (%) of ``cuesim play snooker --aim LEVEL`` idle on its aim screen, and while the
    pointer moves across the table, in the real window of ``DISPLAY``."""
    with tempfile.TemporaryDirectory() as tmp:
        command = [sys.executable, "-m", "cuesim", "play", GameKind.SNOOKER.value, "--aim", level]
        command += ["--players", "A", "B", "--save", str(Path(tmp) / "s.cuesim.json")]
        command += ["--size", f"{size[0]}x{size[1]}"]
        proc = subprocess.Popen(
            command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        try:
            window = _xdotool("search", "--sync", "--pid", str(proc.pid))
            window = window.split()[0]
            deadline = time.perf_counter() + 180
            while _cpu_share(proc.pid, 1.0) > 10.0:  # preparing: the engine loads or compiles
                if time.perf_counter() > deadline:
                    raise RuntimeError("the window never settled on the aim screen")
            w, h = size
            _xdotool("mousemove", "--window", window, str(w // 2 + 150), str(h // 3))
            time.sleep(1.0)
            idle = _cpu_share(proc.pid, seconds)
            steps = itertools.count()

            def wiggle() -> None:
                k = next(steps)
                x = w // 2 + int(200 * ((k % 40) / 20 - 1))
                _xdotool("mousemove", "--window", window, str(x), str(h // 3 + (k % 7)))

            moving = _cpu_share(proc.pid, 5.0, wiggle)
        finally:
            proc.terminate()  # SIGTERM: the window ends cleanly (and autosaves)
            code = proc.wait(timeout=20)
        if code != 0:
            err = proc.stderr.read() if proc.stderr is not None else b""
            raise RuntimeError(f"the window ended with status {code}: {err!r}")
    return {"idle_pct": round(idle, 2), "pointer_moving_pct": round(moving, 1)}


class _ResizeDriver:
    """Aims with the real pointer, resizes the real window, and records the aim before and
    after (``render.frame_loop.FrameDriver``)."""

    def __init__(self, to: tuple[int, int], shot: str | None) -> None:
        self.to, self.shot = to, shot
        self.before: tuple[float, ...] | None = None
        self.after: tuple[float, ...] | None = None
        self.phase, self.frames = "start", 0

    def step(self, app: Any, screen: Any) -> None:
        if app.mode.context != "aim":
            return
        state = (app.aim.phi_deg, app.aim.power, app.aim.a, app.aim.b, app.aim.theta_deg)
        window = _xdotool("search", "--pid", str(os.getpid())).split()[0]
        self.frames += 1
        if self.phase == "start":  # the pointer aims on the table, as a player's would
            w, h = screen.get_size()
            _xdotool("mousemove", "--window", window, str(w // 2 + 150), str(h // 3))
            self.phase, self.frames = "aiming", 0
        elif self.phase == "aiming" and self.frames >= 15:
            self.before = state
            _xdotool("windowsize", window, str(self.to[0]), str(self.to[1]))
            self.phase, self.frames = "resizing", 0
        elif self.phase == "resizing" and screen.get_size() == self.to and self.frames >= 20:
            self.after = state  # the motion SDL reports after the resize has come in by now
            if self.shot:
                subprocess.run(["import", "-window", "root", self.shot], check=False)
            app.running = False


def resize_keeps_aim(
    size: tuple[int, int], to: tuple[int, int], shot: str | None
) -> dict[str, Any]:
    """The aim, power and spin before and after the real window is resized from ``size`` to
    ``to`` px (the pointer left where it aimed)."""
    from render.app import run
    from render.match import MatchConfig

    driver = _ResizeDriver(to, shot)
    config = MatchConfig(GameKind.SNOOKER.value, ("Ann", "Bob"), seed=5, aim_assist="full")
    run(config, size=size, driver=driver, fps=60, sound=False)
    if driver.after is None or not driver.before:
        raise RuntimeError("the resize was not seen by the window")
    before, after = [round(v, 4) for v in driver.before], [round(v, 4) for v in driver.after]
    return {"before": before, "after": after, "kept": driver.before == driver.after}


def long_search(seconds: float, game: Any, level: str, seed: int | None) -> Any:
    """The computer's search (``render.computer.choose_move``, in its worker process) made again
    and again on ``game`` for ``seconds``: a search of that length, the real one's load."""
    from render.computer import choose_move

    end = time.perf_counter() + seconds
    move = choose_move(game, level, seed)
    while time.perf_counter() < end:
        move = choose_move(game, level, seed)
    return move


class _KeepAwake:
    """A ``render.frame_loop.FrameDriver`` that does nothing: with a driver the loop draws
    every pass (at most its ``fps``), as it does while anything moves on screen."""

    def step(self, app: Any, screen: Any) -> None:
        return None


def computer_turn_loop(size: tuple[int, int], seconds: float, *, computer: bool,
                       awake: bool, fps: int = 60) -> dict[str, float]:  # fmt: skip
    """The real frame loop run for ``seconds`` on a 9-ball position after the break: the
    computer (pro) to play while its search runs (``computer``), or a person to aim with no
    input; ``awake`` draws every pass (at most ``fps`` a second; 0: no cap, what a frame
    costs). The loop thread's CPU share (%),
    the process's (the search's thread included), the frames drawn and their times."""
    import pygame

    import agents
    import render.computer
    import sim
    from render.app import App
    from render.frame_loop import frame_loop
    from render.layout import open_window
    from render.match import MatchConfig

    sim.start_engine()
    sim.wait_for_engine()
    real_choose = agents.choose
    real_search = render.computer.choose_move

    seats = (None, "pro") if computer else (None, None)
    config = MatchConfig(
        GameKind.NINE_BALL.value, ("Ann", "Computer (pro)"), seed=5, computers=seats
    )
    pygame.init()
    render.computer.choose_move = functools.partial(long_search, seconds + 0.5)
    try:
        screen = open_window(size)
        app = App(size, config=config, warm_up=False, sound=False)
        # the break and what follows until the second seat is to shoot: a real search's position
        game = app.session.game
        for _ in range(20):
            if game.to_play == 1 and not game.pending_choice and not game.is_over:
                break
            game = real_choose(game, "pro", seed=1).play(game)[1]
        else:
            raise RuntimeError("the second seat never came to the table")
        render.computer.search_pool().submit(int).result()  # its worker started, as in a match
        app.session.game = game
        app.enter_aim()
        app.draw(screen)  # the table's picture made once, as in the match before this turn
        pygame.display.flip()
        stamps: list[float] = []
        draw = app.draw

        def counted(surface: Any) -> None:
            stamps.append(time.perf_counter())
            draw(surface)

        app.draw = counted  # type: ignore[method-assign]
        timer = threading.Timer(seconds, lambda: setattr(app, "running", False))
        workers = list(getattr(render.computer.search_pool(), "_processes", {}) or {})
        work = sum(_cpu_seconds(pid) for pid in workers)
        wall, cpu, proc = time.perf_counter(), time.thread_time(), time.process_time()
        timer.start()
        frame_loop(app, screen, _KeepAwake() if awake else None, fps)
        wall = time.perf_counter() - wall
        cpu, proc = time.thread_time() - cpu, time.process_time() - proc
        work = sum(_cpu_seconds(pid) for pid in workers) - work
        thinking = getattr(app.mode, "thinking", None)
        if thinking is not None:  # the next measure starts with its worker idle
            thinking.wait()
    finally:
        render.computer.choose_move = real_search
        pygame.quit()
    row: dict[str, float] = {
        "loop_cpu_pct": round(100.0 * cpu / wall, 2),
        "process_cpu_pct": round(100.0 * proc / wall, 1),
        "worker_cpu_pct": round(100.0 * work / wall, 1),
        "frames": len(stamps),
    }
    if awake and len(stamps) >= 3:
        row.update(_summary(stamps))
    return row


def computer_turn_report(size: tuple[int, int], seconds: float, where: str) -> dict[str, Any]:
    """The three measures of the computer's turn (module docstring, 5), printed and returned."""
    rows = {
        "person_idle": computer_turn_loop(size, seconds, computer=False, awake=False),
        "computer_thinking_idle": computer_turn_loop(size, seconds, computer=True, awake=False),
        "person_frames": computer_turn_loop(size, seconds, computer=False, awake=True),
        "computer_thinking_frames": computer_turn_loop(size, seconds, computer=True, awake=True),
        "person_uncapped": computer_turn_loop(size, seconds, computer=False, awake=True, fps=0),
        "computer_thinking_uncapped": computer_turn_loop(
            size, seconds, computer=True, awake=True, fps=0
        ),
    }
    person, idle, person_frames, frames, person_free, free = rows.values()
    print(f"the computer's turn, {where}, {size[0]}x{size[1]}, {seconds:g} s each:")
    print(f"  aim screen, a person to play, no input: frame loop {person['loop_cpu_pct']:.2f} % "
          f"of a core ({person['frames']} frames)")  # fmt: skip
    print(f"  the computer thinking: frame loop {idle['loop_cpu_pct']:.2f} % of a core (target "
          f"< 3 %), the window's process {idle['process_cpu_pct']:.1f} %, its search worker "
          f"{idle['worker_cpu_pct']:.1f} % ({idle['frames']} frames)")  # fmt: skip
    for label, row in (
        ("a person's aim screen, capped at 60", person_frames),
        ("while it thinks, capped at 60", frames),
        ("a person's aim screen, uncapped", person_free),
        ("while it thinks, uncapped", free),
    ):
        print(f"  a frame every pass, {label}: {row['fps']:.1f} fps (target >= 60), frame "
              f"median {row['median_ms']:.2f} ms, p95 {row['p95_ms']:.2f} ms, max "
              f"{row['max_ms']:.2f} ms; frame loop {row['loop_cpu_pct']:.1f} % of a core, "
              f"search worker {row['worker_cpu_pct']:.1f} %")  # fmt: skip
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1280x820", help="window size, e.g. 1280x820")
    parser.add_argument("--no-cold", action="store_true", help="skip the cold-cache launch")
    parser.add_argument("--no-launch", action="store_true", help="skip the launch timings")
    parser.add_argument(
        "--idle-s", type=float, default=10.0, help="seconds of idle CPU measured (default 10)"
    )
    parser.add_argument(
        "--think-s", type=float, default=8.0, help="seconds of each computer's-turn measure"
    )
    parser.add_argument("--no-computer", action="store_true", help="skip the computer's turn")
    parser.add_argument("--only-computer", action="store_true", help="only the computer's turn")
    parser.add_argument("--shots", metavar="DIR", help="screenshots of the real window here")
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
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores")
    out: dict[str, Any] = {"display": display or None, "size": [w, h], "load": list(load)}
    if not args.no_computer:
        out["computer_turn"] = computer_turn_report((w, h), args.think_s, where)
    if args.only_computer:
        if args.json:
            write_atomic(Path(args.json), json.dumps(out, indent=2) + "\n")
        return 0
    if display:
        for level in ("full", "ghost"):
            row = idle_cpu(level, (w, h), args.idle_s)
            out[f"idle_cpu_{level}"] = row
            print(
                f"aim screen, --aim {level}: idle {row['idle_pct']:.2f} % of a core over "
                f"{args.idle_s:g} s (target < 5 %), pointer moving 20 times a second "
                f"{row['pointer_moving_pct']:.1f} %"
            )
        shot = str(Path(args.shots) / "resized.png") if args.shots else None
        row = resize_keeps_aim((w, h), (max(640, w - 280), max(480, h - 120)), shot)
        out["resize"] = row
        print(f"resize keeps the aim: {row['kept']} (aim, power, a, b, elevation before "
              f"{row['before']}, after {row['after']})")  # fmt: skip
    print(f"playback of a break, {where}, {w}x{h}:")
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
    if args.no_launch:
        if args.json:
            write_atomic(Path(args.json), json.dumps(out, indent=2) + "\n")
        return 0
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
