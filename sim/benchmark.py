"""Engine benchmarks: layouts, timed scenarios, and a report (Markdown table and JSON).

Used by ``cuesim bench`` (:mod:`render.cli_bench`) and ``benchmarks/bench_engine.py``. No pygame.

Layouts are built here from PHYSICS.md 5.1/5.2 (apex ball on the foot spot, rows advancing to
+y, a small gap and jitter so the solver never starts from exactly touching balls); the rules
layer builds its own racks, and ``sim`` never imports ``rules``.

Scenarios (targets from the "Physics engine" issue):

=====================  ==============================================  ==========
name                   what is timed                                    target
=====================  ==============================================  ==========
first_compile          import sim + first shot, fresh process, empty    <= 20 s
                       Numba cache (``NUMBA_CACHE_DIR`` = empty dir)
warm_import_shot       the same with the cache already filled            <= 1 s
nine_ball_break        ``simulate`` of a 9-ball break                     <= 1 ms
eight_ball_break       ``simulate`` of an 8-ball break                    <= 2 ms
snooker_break          ``simulate`` of a snooker break-off                <= 2 ms
one_ball_shot          cue ball alone, a medium shot with two rails      (none)
random_16_ball         one of 1,000 seeded random 16-ball shots          <= 0.3 ms
events_per_second      events logged / seconds over the random shots     >= 100,000
                       (and over the three breaks)
peak_memory            peak RSS of a subprocess running the scenarios    <= 200 MiB
=====================  ==============================================  ==========
"""

from __future__ import annotations

import json
import math
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from sim.balls import BallState
from sim.constants import MISCUE_LIMIT
from sim.table import Table

RACK_GAP_FRACTION = 1e-3
"""Gap between neighbouring rack balls, as a fraction of the ball diameter (pooltool adds
``2R * 1e-3``)."""

RACK_JITTER_FRACTION = 0.2
"""Largest random offset of each racked ball along x and y, as a fraction of the gap (so no two
balls ever overlap: two offsets shrink a gap by at most 2 * sqrt(2) * 0.2 < 1 of it)."""

REPO_ROOT = Path(__file__).resolve().parent.parent


# --- layouts -----------------------------------------------------------------------------------


def _triangle_positions(
    apex: tuple[float, float], rows: Sequence[int], radius: float, rng: np.random.Generator
) -> list[np.ndarray]:
    """Centres of a close-packed rack: row ``k`` has ``rows[k]`` balls, centred on the apex's
    x, at ``y = apex_y + k * sqrt(3)/2 * d`` with ``d = 2R (1 + gap)`` (PHYSICS.md 5.1); the
    first row holds one ball on the apex. Rows of the second half of a diamond shrink again.
    Each ball gets a jitter of at most ``RACK_JITTER_FRACTION`` of the gap per axis."""
    d = 2.0 * radius * (1.0 + RACK_GAP_FRACTION)
    jitter = RACK_JITTER_FRACTION * 2.0 * radius * RACK_GAP_FRACTION
    out = []
    for k, count in enumerate(rows):
        y = apex[1] + k * math.sqrt(3.0) / 2.0 * d
        for j in range(count):
            x = apex[0] + (j - (count - 1) / 2.0) * d
            out.append(np.array([x, y]) + rng.uniform(-jitter, jitter, size=2))
    return out


def nine_ball_rack(
    table: Table, rng: np.random.Generator, cue_xy: tuple[float, float] | None = None
) -> BallState:
    """Cue ball (index 0) and balls 1..9 in a 1-2-3-2-1 diamond: 1 on the foot spot, 9 in the
    middle of the third row, the rest shuffled (WPA). The cue ball defaults to the head spot."""
    pts = _triangle_positions(table.foot_spot, (1, 2, 3, 2, 1), table.ball_radius, rng)
    # slot order: 0 apex, 1-2 second row, 3-5 third row (4 is the centre), 6-7, 8 back
    others = [2, 3, 4, 5, 6, 7, 8]
    rng.shuffle(others)
    number_at_slot = [1, others[0], others[1], others[2], 9, *others[3:]]
    xy = np.zeros((10, 2))
    xy[0] = cue_xy if cue_xy is not None else table.head_spot
    for slot, number in enumerate(number_at_slot):
        xy[number] = pts[slot]
    return BallState.at_rest(xy)


def eight_ball_rack(
    table: Table, rng: np.random.Generator, cue_xy: tuple[float, float] | None = None
) -> BallState:
    """Cue ball (index 0) and balls 1..15 in a 1-2-3-4-5 triangle, apex on the foot spot, 8 in
    the middle of the third row, a solid and a stripe in the back corners (WPA)."""
    pts = _triangle_positions(table.foot_spot, (1, 2, 3, 4, 5), table.ball_radius, rng)
    solids = [n for n in range(1, 8)]
    stripes = [n for n in range(9, 16)]
    rng.shuffle(solids)
    rng.shuffle(stripes)
    corner_a, corner_b = (solids.pop(), stripes.pop())
    if rng.random() < 0.5:
        corner_a, corner_b = corner_b, corner_a
    rest = solids + stripes
    rng.shuffle(rest)
    centre_slot, back_left, back_right = 4, 10, 14
    numbers: list[int] = []
    it = iter(rest)
    for slot in range(15):
        if slot == centre_slot:
            numbers.append(8)
        elif slot == back_left:
            numbers.append(corner_a)
        elif slot == back_right:
            numbers.append(corner_b)
        else:
            numbers.append(next(it))
    xy = np.zeros((16, 2))
    xy[0] = cue_xy if cue_xy is not None else table.head_spot
    for slot, number in enumerate(numbers):
        xy[number] = pts[slot]
    return BallState.at_rest(xy)


SNOOKER_COLOURS = ("yellow", "green", "brown", "blue", "pink", "black")


def snooker_layout(
    table: Table, rng: np.random.Generator, cue_xy: tuple[float, float] | None = None
) -> BallState:
    """Cue ball (0), reds 1..15 in a triangle whose apex sits 2R plus a gap above the pink
    spot, colours 16..21 on their spots (yellow, green, brown, blue, pink, black; WPBSA). The
    cue ball defaults to a point inside the D between the brown and the yellow."""
    if table.kind != "snooker":
        raise ValueError(f"snooker_layout needs the snooker table, got {table.name}")
    R = table.ball_radius
    pink = table.spots["pink"]
    apex = (pink[0], pink[1] + 2.0 * R * (1.0 + 2.0 * RACK_GAP_FRACTION))
    reds = _triangle_positions(apex, (1, 2, 3, 4, 5), R, rng)
    xy = np.zeros((22, 2))
    if cue_xy is None:
        assert table.d_centre is not None and table.baulk_y is not None
        cue_xy = (table.d_centre[0] + 0.11, table.baulk_y - 0.04)
    xy[0] = cue_xy
    xy[1:16] = reds
    for k, colour in enumerate(SNOOKER_COLOURS):
        xy[16 + k] = table.spots[colour]
    return BallState.at_rest(xy)


def scattered_layout(table: Table, n: int, rng: np.random.Generator) -> BallState:
    """``n`` balls at rest at uniform random spots on the cloth, at least a hair more than one
    diameter apart and more than a radius (plus 1 mm) from every cushion and pocket circle."""
    R = table.ball_radius
    margin = R + 1e-3
    xy: list[np.ndarray] = []
    tries = 0
    while len(xy) < n:
        tries += 1
        if tries > 100_000:
            raise ValueError(f"could not scatter {n} balls on {table.name}")
        p = np.array(
            [rng.uniform(margin, table.width - margin), rng.uniform(margin, table.length - margin)]
        )
        if any(np.hypot(*(p - q)) < 2.0 * R + 1e-6 for q in xy):
            continue
        if not table.contains_ball(float(p[0]), float(p[1]), clearance=margin):
            continue
        xy.append(p)
    return BallState.at_rest(np.array(xy))


def random_strike_numbers(
    rng: np.random.Generator, speed_range: tuple[float, float] = (0.3, 8.0)
) -> dict[str, float]:
    """Random cue parameters: speed uniform in ``speed_range`` (m/s), any direction, elevation
    0-30 deg, a tip offset uniform in the disc of radius 0.95 * MISCUE_LIMIT. Returns a dict of
    ``Strike`` keyword arguments."""
    r = 0.95 * MISCUE_LIMIT * math.sqrt(rng.random())
    ang = rng.uniform(0.0, 2.0 * math.pi)
    return {
        "speed": float(rng.uniform(*speed_range)),
        "phi": float(rng.uniform(0.0, 360.0)),
        "theta": float(rng.uniform(0.0, 30.0)),
        "a": float(r * math.cos(ang)),
        "b": float(r * math.sin(ang)),
    }


def aim_phi(from_xy: Sequence[float], to_xy: Sequence[float]) -> float:
    """Cue direction in degrees (counter-clockwise from +x) from one point to another."""
    return math.degrees(math.atan2(to_xy[1] - from_xy[1], to_xy[0] - from_xy[0]))


@dataclass(frozen=True)
class Scenario:
    """One benchmark shot: a table, the balls, and the cue parameters (``Strike`` kwargs)."""

    name: str
    table: Table
    state: BallState
    strike: dict[str, float]


def break_scenarios(seed: int = 2024) -> list[Scenario]:
    """The three breaks and the one-ball shot used by the benchmark and by compare_pooltool.

    Break speeds are cue speeds (``Strike.speed``): 8 m/s for pool (the ball leaves at about
    11-12 m/s, a powerful break) and 6 m/s for the snooker break-off, which is aimed at the
    right-hand side of the reds' triangle with a little left English."""
    rng = np.random.default_rng(seed)
    pool9 = Table.pool(9)
    nine = nine_ball_rack(pool9, rng)
    eight = eight_ball_rack(pool9, rng)
    snk = Table.snooker()
    snooker = snooker_layout(snk, rng)
    R_s = snk.ball_radius
    red_back_right = np.array(snooker.pos[15]) + np.array([1.2 * R_s, 0.0])
    one = BallState.at_rest([pool9.head_spot])
    return [
        Scenario(
            "nine_ball_break",
            pool9,
            nine,
            {"speed": 8.0, "phi": aim_phi(nine.pos[0], nine.pos[1])},
        ),
        Scenario(
            "eight_ball_break",
            pool9,
            eight,
            {"speed": 8.0, "phi": aim_phi(eight.pos[0], eight.pos[1])},
        ),
        Scenario(
            "snooker_break",
            snk,
            snooker,
            {"speed": 6.0, "phi": aim_phi(snooker.pos[0], red_back_right)},
        ),
        Scenario("one_ball_shot", pool9, one, {"speed": 3.0, "phi": 60.0, "b": 0.2}),
    ]


def random_scenarios(count: int, seed: int = 7, n_balls: int = 16) -> list[Scenario]:
    """``count`` seeded random shots with ``n_balls`` scattered balls on the 9-ft table."""
    rng = np.random.default_rng(seed)
    table = Table.pool(9)
    return [
        Scenario(
            f"random_{k}", table, scattered_layout(table, n_balls, rng), random_strike_numbers(rng)
        )
        for k in range(count)
    ]


# --- timing ------------------------------------------------------------------------------------


@dataclass
class Timing:
    """Wall-clock statistics of repeated runs, seconds."""

    runs: int
    median: float
    minimum: float
    maximum: float

    @staticmethod
    def of(samples: Sequence[float]) -> Timing:
        return Timing(len(samples), statistics.median(samples), min(samples), max(samples))


@dataclass
class BenchRow:
    """One line of the report: a measurement against its target."""

    name: str
    what: str
    unit: str
    median: float
    minimum: float | None = None
    maximum: float | None = None
    runs: int = 1
    target: float | None = None
    target_is_max: bool = True
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def meets_target(self) -> bool | None:
        if self.target is None:
            return None
        return self.median <= self.target if self.target_is_max else self.median >= self.target


def _time_calls(fn: Callable[[], Any], repeats: int) -> Timing:
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return Timing.of(samples)


def time_scenario(scenario: Scenario, repeats: int) -> tuple[Timing, int]:
    """Time ``simulate`` on one scenario ``repeats`` times (after one untimed run); returns the
    timing and the number of events of the shot."""
    from sim.simulate import simulate
    from sim.strike import Strike

    strike = Strike(**scenario.strike)
    result = simulate(scenario.table, scenario.state, strike)
    timing = _time_calls(lambda: simulate(scenario.table, scenario.state, strike), repeats)
    return timing, len(result.events)


def _child_env(cache_dir: str | None) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO_ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    if cache_dir is not None:
        env["NUMBA_CACHE_DIR"] = cache_dir
    return env


_FIRST_SHOT_CODE = """
import time
t0 = time.perf_counter()
import numpy as np
import sim
table = sim.Table.pool(9)
x, y = table.head_spot
state = sim.BallState.at_rest(np.array([[x, y], [x + 0.01, y + 0.6]]))
sim.simulate(table, state, sim.Strike(speed=2.0, phi=90.0, b=0.2))
print(time.perf_counter() - t0)
"""


def _run_child(code: str, cache_dir: str | None, timeout: float = 600.0) -> tuple[float, float]:
    """Run ``code`` in a fresh interpreter; returns (seconds it printed, wall seconds)."""
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", code],
        env=_child_env(cache_dir),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=True,
    )
    wall = time.perf_counter() - start
    return float(out.stdout.strip().splitlines()[-1]), wall


def measure_first_compile(repeats: int, keep_cache: str | None = None) -> Timing:
    """Import + first shot in a fresh process whose ``NUMBA_CACHE_DIR`` is a new empty folder
    (every kernel compiles), ``repeats`` times. The last run fills ``keep_cache`` (an empty
    folder the caller owns) when given, so a warm measurement can reuse it."""
    samples = []
    for k in range(repeats):
        if keep_cache is not None and k == repeats - 1:
            samples.append(_run_child(_FIRST_SHOT_CODE, keep_cache)[0])
            continue
        with tempfile.TemporaryDirectory(prefix="cuesim-numba-") as cache:
            samples.append(_run_child(_FIRST_SHOT_CODE, cache)[0])
    return Timing.of(samples)


def measure_warm_first_shot(repeats: int, filled_cache: str | None = None) -> Timing:
    """Import + first shot in a fresh process with a filled cache: ``filled_cache`` when given,
    else a private folder filled first (so the result does not depend on the caller's cache)."""
    with tempfile.TemporaryDirectory(prefix="cuesim-numba-") as own:
        cache = filled_cache if filled_cache is not None else own
        if filled_cache is None:
            _run_child(_FIRST_SHOT_CODE, cache)
        return Timing.of([_run_child(_FIRST_SHOT_CODE, cache)[0] for _ in range(repeats)])


_PEAK_MEMORY_CODE = """
import resource, sys, tracemalloc
tracemalloc.start()
from sim.benchmark import break_scenarios, random_scenarios
from sim.simulate import simulate
from sim.strike import Strike
for sc in break_scenarios() + random_scenarios({count}):
    simulate(sc.table, sc.state, Strike(**sc.strike))
current, peak = tracemalloc.get_traced_memory()
rss_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(peak, rss_kib * 1024)
"""


def measure_peak_memory(random_shots: int) -> tuple[float, float]:
    """Peak memory of a fresh (warm-cache) process that runs the breaks and ``random_shots``
    random shots: (tracemalloc peak of Python allocations, ru_maxrss), both in MiB."""
    out = subprocess.run(
        [sys.executable, "-c", _PEAK_MEMORY_CODE.format(count=random_shots)],
        env=_child_env(None),
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    traced, rss = (float(v) for v in out.stdout.split())
    return traced / 2**20, rss / 2**20


def run_benchmarks(
    *,
    quick: bool = False,
    include_compile: bool = True,
    progress: Callable[[str], None] | None = None,
) -> list[BenchRow]:
    """Run every scenario; ``quick`` uses fewer repeats and 100 random shots instead of 1,000.

    On two cores a full run takes about 5 minutes, most of it the three cold compiles of about
    30 s each and the warm-start processes; ``quick`` (one cold compile) about 2 minutes, and
    ``include_compile=False`` under a minute. Returns the report rows in scenario order.
    """
    say = progress or (lambda _msg: None)
    rows: list[BenchRow] = []
    compile_repeats = 1 if quick else 3
    if include_compile:
        with tempfile.TemporaryDirectory(prefix="cuesim-numba-") as cache:
            say(f"first compile (empty Numba cache, fresh process) x{compile_repeats} ...")
            t = measure_first_compile(compile_repeats, keep_cache=cache)
            rows.append(
                BenchRow("first_compile", "import + first shot, empty cache", "s", t.median,
                         t.minimum, t.maximum, t.runs, 20.0)
            )  # fmt: skip
            say("warm import + first shot (fresh process) ...")
            t = measure_warm_first_shot(3 if quick else 5, filled_cache=cache)
            rows.append(
                BenchRow("warm_import_shot", "import + first shot, warm cache", "s", t.median,
                         t.minimum, t.maximum, t.runs, 1.0)
            )  # fmt: skip

    from sim.simulate import simulate
    from sim.strike import Strike
    from sim.warmup import warmup

    warmup()
    targets_ms = {
        "nine_ball_break": 1.0,
        "eight_ball_break": 2.0,
        "snooker_break": 2.0,
        "one_ball_shot": None,
    }
    repeats = 30 if quick else 200
    break_events = 0
    break_seconds = 0.0
    for sc in break_scenarios():
        say(f"{sc.name} ...")
        t, n_events = time_scenario(sc, repeats)
        if sc.name.endswith("_break"):
            break_events += n_events
            break_seconds += t.median
        rows.append(
            BenchRow(
                sc.name,
                f"simulate, {sc.state.n} balls, {n_events} events",
                "ms",
                t.median * 1e3,
                t.minimum * 1e3,
                t.maximum * 1e3,
                t.runs,
                targets_ms[sc.name],
                extra={"events": n_events},
            )
        )

    rows.append(
        BenchRow("events_per_second_breaks", "events / median time over the three breaks",
                 "events/s", break_events / break_seconds, None, None, 1, 100_000.0,
                 target_is_max=False)
    )  # fmt: skip

    count = 100 if quick else 1000
    say(f"{count} random 16-ball shots ...")
    shots = random_scenarios(count)
    strikes = [Strike(**sc.strike) for sc in shots]
    for sc, st in zip(shots[:10], strikes[:10], strict=True):
        simulate(sc.table, sc.state, st)
    per_shot = []
    events = 0
    total_start = time.perf_counter()
    for sc, st in zip(shots, strikes, strict=True):
        start = time.perf_counter()
        res = simulate(sc.table, sc.state, st)
        per_shot.append(time.perf_counter() - start)
        events += len(res.events)
    total = time.perf_counter() - total_start
    t = Timing.of(per_shot)
    rows.append(
        BenchRow(
            "random_16_ball",
            f"one of {count} seeded random 16-ball shots",
            "ms",
            t.median * 1e3,
            t.minimum * 1e3,
            t.maximum * 1e3,
            t.runs,
            0.3,
            extra={"mean_ms": 1e3 * total / count, "events": events, "mean_events": events / count},
        )
    )
    rows.append(
        BenchRow(
            "events_per_second",
            f"events logged / time over the {count} random shots",
            "events/s",
            events / total,
            None,
            None,
            1,
            100_000.0,
            target_is_max=False,
        )
    )
    say("peak memory (fresh process) ...")
    traced, rss = measure_peak_memory(count)
    rows.append(
        BenchRow(
            "peak_memory",
            "peak RSS of a process running breaks + random shots",
            "MiB",
            rss,
            None,
            None,
            1,
            200.0,
            extra={"tracemalloc_peak_mib": traced},
        )
    )
    return rows


def machine_info() -> dict[str, Any]:
    """What the numbers were measured on."""
    import numba

    return {
        "python": platform.python_version(),
        "numpy": np.__version__,
        "numba": numba.__version__,
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "processor": platform.processor() or platform.machine(),
    }


def _fmt(value: float | None) -> str:
    if value is None:
        return "-"
    if value >= 1000:
        return f"{value:,.0f}"
    if value >= 10:
        return f"{value:.1f}"
    return f"{value:.3g}"


def markdown_table(rows: Sequence[BenchRow]) -> str:
    """The report as a Markdown table: median, min, max, runs, target and verdict."""
    lines = [
        "| scenario | what | median | min | max | runs | target | ok |",
        "|---|---|---:|---:|---:|---:|---:|:---:|",
    ]
    for r in rows:
        target = "-" if r.target is None else ("<= " if r.target_is_max else ">= ") + _fmt(r.target)
        verdict = {None: "", True: "yes", False: "NO"}[r.meets_target]
        lines.append(
            f"| {r.name} | {r.what} | {_fmt(r.median)} {r.unit} | {_fmt(r.minimum)} | "
            f"{_fmt(r.maximum)} | {r.runs} | {target} | {verdict} |"
        )
    return "\n".join(lines)


def report_json(rows: Sequence[BenchRow]) -> dict[str, Any]:
    """The report as a JSON-ready dict: machine info and one entry per row."""
    return {
        "machine": machine_info(),
        "rows": [{**asdict(r), "meets_target": r.meets_target} for r in rows],
    }


def write_json(rows: Sequence[BenchRow], path: str | os.PathLike[str]) -> None:
    """Write :func:`report_json` to ``path`` (UTF-8, indented)."""
    Path(path).write_text(json.dumps(report_json(rows), indent=2) + "\n", encoding="utf-8")
