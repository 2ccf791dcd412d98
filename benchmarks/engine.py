"""Engine benchmarks: layouts, timed scenarios, and a report (Markdown table and JSON).

Used by ``cuesim bench`` (:mod:`cuesim.bench`) and ``benchmarks/bench_engine.py``. No pygame.

The shots are those of :mod:`benchmarks.shots`: the breaks are the games' own racks
(``rules.new_game``), so a benchmark break is the break a game plays.

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

import sim
from benchmarks.shots import Scenario, break_scenarios, random_scenarios
from rules.files import write_atomic

#: Folder holding the ``sim`` package this module runs with: put first on a child process's
#: ``PYTHONPATH`` so that the fresh interpreters time the same engine (source tree or install).
IMPORT_ROOT = Path(sim.__file__).resolve().parent.parent


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
    env["PYTHONPATH"] = str(IMPORT_ROOT) + os.pathsep + env.get("PYTHONPATH", "")
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
from benchmarks.shots import break_scenarios, random_scenarios
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
    """Write :func:`report_json` to ``path`` (UTF-8, indented), atomically
    (``rules.files.write_atomic``: on failure ``FileWriteError``, the old file intact)."""
    write_atomic(path, json.dumps(report_json(rows), indent=2) + "\n")


def print_report(
    *, quick: bool, include_compile: bool, json_path: Path | None, prog: str = "cuesim bench"
) -> int:
    """Run :func:`run_benchmarks`, print the machine and the Markdown table to stdout (progress
    to stderr) and write the JSON report to ``json_path`` when given; returns the exit status
    (0, or 2 when the JSON file's folder does not exist, before anything runs)."""
    if json_path is not None and not json_path.parent.exists():
        print(f"{prog}: folder {json_path.parent} does not exist", file=sys.stderr)
        return 2

    def say(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    rows = run_benchmarks(quick=quick, include_compile=include_compile, progress=say)
    info = machine_info()
    print(
        f"cuesim engine benchmark ({'quick' if quick else 'full'}) on {info['cpus']} CPUs, "
        f"Python {info['python']}, numba {info['numba']}, numpy {info['numpy']}\n"
    )
    print(markdown_table(rows))
    if json_path is not None:
        write_json(rows, json_path)
        print(f"\nJSON written to {json_path}")
    return 0
