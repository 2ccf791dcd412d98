"""Engine benchmarks: every engine target, measured side by side, and the report.

Used by ``cuesim bench`` (:mod:`cuesim.bench`) and ``benchmarks/bench_engine.py``. No pygame.

The shots are those of :mod:`benchmarks.shots`: the breaks are the games' own racks
(``rules.new_game``), so a benchmark break is the break a game plays. Calls that are compared
(the breaks, the shots of one size) are timed interleaved and repeated
(:func:`benchmarks.timing.time_interleaved`); medians are reported.

Rows:

=========================  ==========================================================  ==========
name                       what is measured                                             target
=========================  ==========================================================  ==========
first_compile              import sim + first shot, fresh process, empty Numba cache   <= 8 s
                           (a script's first shot: every kernel compiled in-process)
first_warmup               import sim + ``sim.warmup()``, empty cache: every entry      (none)
                           point compiled in-process (the window's wait before the
                           Python path)
first_play                 first-ever ``cuesim play`` to a playable table              <= 3 s
                           (:mod:`benchmarks.first_run`)
first_shot_command         first-ever ``cuesim shot`` of a 9-ball break, to its exit    <= 3 s
background_build           launch of those two to the compiled engine built in the     <= the
                           background and ready                                         warm-up
warm_import_shot           the same with the cache already filled (Numba's, and         <= 0.35 s
                           Python's bytecode: :func:`child_env`)
nine_ball_break            ``simulate`` of a 9-ball break                                <= 0.2 ms
eight_ball_break           ``simulate`` of an 8-ball break                               (none)
snooker_break              ``simulate`` of a snooker break-off                           <= 0.6 ms
one_ball_shot              cue ball alone, a medium shot with two rails                 (none)
outside_kernel_share       ``simulate`` time outside ``run_shot``, largest share over   <= 10 %
                           the three breaks (:func:`outside_kernel_shares`)
events_per_second_breaks   events / median time over the three breaks                    (none)
random_16_ball             one of 1,000 seeded random 16-ball shots                     <= 0.12 ms
events_per_second          events logged / seconds over the random shots                >= 250,000
many_balls                 exponent of the cost per event, 16 to 256 balls              <= 1
                           (:mod:`benchmarks.many_balls`)
study_breaks_per_s         noisy 9-ball breaks per second, one worker                   >= 3,000
study_engine_ratio         that rate over the bare engine's on the same noisy breaks    (none)
study_referee_share        the referee's share of a study shot                          <= 25 %
                           (:mod:`benchmarks.study_rate`)
peak_memory_study_worker   peak RSS of a fresh process playing a study                  <= 150 MiB
pooltool_<shot>            pooltool time / cuesim time, same shots, one run             >= 300
                           (:mod:`benchmarks.compare_pooltool`, when importable)
=========================  ==========================================================  ==========

Not here: 100,000 breaks on 2 workers (``benchmarks/bench_study.py``) and the test suite's
wall time (``pytest -n 2 --durations=30``).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from benchmarks.fresh_process import FIRST_SHOT_CODE, WARMUP_CODE, child_env, run_child
from benchmarks.report import machine_info, markdown_table, readme_table, report_json, write_json
from benchmarks.shots import Scenario, break_scenarios, random_scenarios
from benchmarks.timing import BenchRow, Timing, time_calls, time_interleaved

__all__ = [
    "BenchRow",
    "Timing",
    "machine_info",
    "markdown_table",
    "print_report",
    "readme_table",
    "report_json",
    "run_benchmarks",
    "time_scenario",
    "write_json",
]


def time_scenario(scenario: Scenario, repeats: int) -> tuple[Timing, int]:
    """Time ``simulate`` on one scenario ``repeats`` times (after one untimed run); returns the
    timing and the number of events of the shot."""
    from sim.simulate import simulate
    from sim.strike import Strike

    strike = Strike(**scenario.strike)
    result = simulate(scenario.table, scenario.state, strike)
    timing = time_calls(lambda: simulate(scenario.table, scenario.state, strike), repeats)
    return timing, len(result.events)


@contextmanager
def _kernel_clock() -> Iterator[list[float]]:
    """While open, every ``run_shot`` call made by ``sim.simulate`` adds its wall time to the
    one-element list yielded (the real kernel runs, wrapped by a timer; restored on exit)."""
    module: Any = sys.modules["sim.simulate"]
    real = module.run_shot
    spent = [0.0]

    def timed(*args: Any) -> Any:
        start = time.perf_counter()
        out = real(*args)
        spent[0] += time.perf_counter() - start
        return out

    module.run_shot = timed
    try:
        yield spent
    finally:
        module.run_shot = real


def outside_kernel_shares(scenarios: Sequence[Scenario], rounds: int) -> dict[str, float]:
    """Per scenario, the share of a ``simulate`` call spent outside the event-loop kernel
    (validation, the kernel's inputs, wrapping the result): the median over ``rounds``
    interleaved calls of (call time - time inside ``run_shot``) over the median call time. The
    kernel's time includes Numba's boxing of its inputs and outputs."""
    from sim.simulate import simulate
    from sim.strike import Strike

    strikes = [Strike(**sc.strike) for sc in scenarios]
    total: dict[str, list[float]] = {sc.name: [] for sc in scenarios}
    outside: dict[str, list[float]] = {sc.name: [] for sc in scenarios}
    with _kernel_clock() as spent:
        for sc, st in zip(scenarios, strikes, strict=True):
            simulate(sc.table, sc.state, st)
        for r in range(rounds):
            k = r % len(scenarios)
            order = list(zip(scenarios, strikes, strict=True))
            for sc, st in order[k:] + order[:k]:
                spent[0] = 0.0
                start = time.perf_counter()
                simulate(sc.table, sc.state, st)
                call = time.perf_counter() - start
                total[sc.name].append(call)
                outside[sc.name].append(call - spent[0])
    return {name: Timing.of(outside[name]).median / Timing.of(total[name]).median for name in total}


def measure_first_compile(repeats: int, keep_cache: str | None = None) -> Timing:
    """Import + first shot in a fresh process whose ``NUMBA_CACHE_DIR`` is a new empty folder
    (every kernel compiles), ``repeats`` times. The last run fills ``keep_cache`` (an empty
    folder the caller owns) when given, so a warm measurement can reuse it."""
    samples = []
    for k in range(repeats):
        if keep_cache is not None and k == repeats - 1:
            samples.append(run_child(FIRST_SHOT_CODE, keep_cache)[0])
            continue
        with tempfile.TemporaryDirectory(prefix="cuesim-numba-") as cache:
            samples.append(run_child(FIRST_SHOT_CODE, cache)[0])
    return Timing.of(samples)


def measure_warm_first_shot(repeats: int, filled_cache: str | None = None) -> Timing:
    """Import + first shot in a fresh process with a filled cache: ``filled_cache`` when given,
    else a private folder filled first (so the result does not depend on the caller's cache)."""
    with tempfile.TemporaryDirectory(prefix="cuesim-numba-") as own:
        cache = filled_cache if filled_cache is not None else own
        if filled_cache is None:
            run_child(FIRST_SHOT_CODE, cache)
        return Timing.of([run_child(FIRST_SHOT_CODE, cache)[0] for _ in range(repeats)])


#: The targets of the engine rows, ms (None: no target for that shot).
BREAK_TARGETS_MS: dict[str, float | None] = {
    "nine_ball_break": 0.2,
    "eight_ball_break": None,
    "snooker_break": 0.6,
    "one_ball_shot": None,
}
RANDOM_SHOT_TARGET_MS = 0.12
EVENTS_PER_S_TARGET = 250_000.0
OUTSIDE_KERNEL_TARGET = 0.10
FIRST_COMPILE_TARGET_S = 8.0
WARM_START_TARGET_S = 0.35
FIRST_ANSWER_TARGET_S = 3.0


def _compile_rows(quick: bool, say: Callable[[str], None]) -> list[BenchRow]:
    repeats = 1 if quick else 3
    with tempfile.TemporaryDirectory(prefix="cuesim-numba-") as cache:
        say(f"first compile (empty Numba cache, fresh process) x{repeats} ...")
        cold = measure_first_compile(repeats, keep_cache=cache)
        say("warm import + first shot (fresh process) ...")
        warm = measure_warm_first_shot(3 if quick else 5, filled_cache=cache)
    return [
        BenchRow("first_compile", "import + first shot, empty cache", "s", cold.median,
                 cold.minimum, cold.maximum, cold.runs, FIRST_COMPILE_TARGET_S),
        *_first_run_rows(quick, say),
        BenchRow("warm_import_shot", "import + first shot, warm cache", "s", warm.median,
                 warm.minimum, warm.maximum, warm.runs, WARM_START_TARGET_S),
    ]  # fmt: skip


def _first_run_rows(quick: bool, say: Callable[[str], None]) -> list[BenchRow]:
    """The first-ever runs (:mod:`benchmarks.first_run`) and, beside them, the in-process
    compile of every entry point they no longer wait for."""
    from benchmarks.first_run import first_play, first_shot_command

    repeats = 1 if quick else 2
    say(f"first warm-up, first cuesim play, first cuesim shot (empty caches) x{repeats} ...")
    warmups, plays, shots = [], [], []
    for _ in range(repeats):
        with tempfile.TemporaryDirectory(prefix="cuesim-numba-") as cache:
            warmups.append(run_child(WARMUP_CODE, cache)[0])
        plays.append(first_play())
        shots.append(first_shot_command())
    warmup = Timing.of(warmups)
    play = Timing.of([r.answer_s for r in plays])
    shot = Timing.of([r.answer_s for r in shots])
    build = Timing.of([r.engine_ready_s for r in plays + shots])
    return [
        BenchRow("first_warmup", "import + sim.warmup(), empty cache (every entry point)", "s",
                 warmup.median, warmup.minimum, warmup.maximum, warmup.runs),
        BenchRow("first_play", "first-ever cuesim play to a playable table", "s", play.median,
                 play.minimum, play.maximum, play.runs, FIRST_ANSWER_TARGET_S),
        BenchRow("first_shot_command", "first-ever cuesim shot of a 9-ball break, to its exit",
                 "s", shot.median, shot.minimum, shot.maximum, shot.runs, FIRST_ANSWER_TARGET_S),
        BenchRow("background_build",
                 "their launch to the compiled engine ready (built in the background)", "s",
                 build.median, build.minimum, build.maximum, build.runs, warmup.median,
                 extra={"target": "the first warm-up, same run"}),
    ]  # fmt: skip


def _break_rows(rounds: int, say: Callable[[str], None]) -> list[BenchRow]:
    """The breaks and the one-ball shot, interleaved; the events per second over the breaks;
    the share of each break's call spent outside the kernel."""
    from sim.simulate import simulate
    from sim.strike import Strike

    scenarios = break_scenarios()
    say(f"breaks and the one-ball shot, {rounds} interleaved rounds ...")
    events = {}
    calls = {}
    for sc in scenarios:
        strike = Strike(**sc.strike)
        events[sc.name] = len(simulate(sc.table, sc.state, strike).events)
        calls[sc.name] = lambda sc=sc, st=strike: simulate(sc.table, sc.state, st)
    timings = time_interleaved(calls, rounds)
    rows = []
    for sc in scenarios:
        t = timings[sc.name]
        rows.append(
            BenchRow(sc.name, f"simulate, {sc.state.n} balls, {events[sc.name]} events", "ms",
                     t.median * 1e3, t.minimum * 1e3, t.maximum * 1e3, t.runs,
                     BREAK_TARGETS_MS[sc.name], extra={"events": events[sc.name]})
        )  # fmt: skip
    breaks = [sc for sc in scenarios if sc.name.endswith("_break")]
    say("time outside the kernel ...")
    shares = outside_kernel_shares(breaks, rounds)
    worst = max(shares, key=lambda name: shares[name])
    listed = ", ".join(f"{name.split('_break')[0]} {100 * v:.0f} %" for name, v in shares.items())
    rows.append(
        BenchRow("outside_kernel_share",
                 f"simulate time outside the kernel, largest over the breaks ({listed})", "%",
                 100 * shares[worst], None, None, rounds, 100 * OUTSIDE_KERNEL_TARGET,
                 extra={"shares": shares})
    )  # fmt: skip
    n_events = sum(events[sc.name] for sc in breaks)
    seconds = sum(timings[sc.name].median for sc in breaks)
    rows.append(
        BenchRow("events_per_second_breaks", "events / median time over the three breaks",
                 "events/s", n_events / seconds)
    )  # fmt: skip
    return rows


def _random_rows(count: int, say: Callable[[str], None]) -> list[BenchRow]:
    from sim.simulate import simulate
    from sim.strike import Strike

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
    return [
        BenchRow("random_16_ball", f"one of {count} seeded random 16-ball shots", "ms",
                 t.median * 1e3, t.minimum * 1e3, t.maximum * 1e3, t.runs, RANDOM_SHOT_TARGET_MS,
                 extra={"mean_ms": 1e3 * total / count, "events": events,
                        "mean_events": events / count}),
        BenchRow("events_per_second", f"events logged / time over the {count} random shots",
                 "events/s", events / total, None, None, 1, EVENTS_PER_S_TARGET,
                 target_is_max=False),
    ]  # fmt: skip


def run_benchmarks(
    *,
    quick: bool = False,
    include_compile: bool = True,
    include_pooltool: bool = True,
    progress: Callable[[str], None] | None = None,
) -> list[BenchRow]:
    """Run every measurement; returns the report rows in the order of the module docstring.

    ``quick``: fewer rounds and shots (100 random shots instead of 1,000, 300 study breaks
    instead of 2,000, the many-ball sizes timed 2 rounds instead of 5). On the 2-core machine a
    full run takes about 4 minutes with the compile rows (three cold compiles) and about 2
    without; ``quick`` about half. ``include_pooltool=False`` skips the pooltool rows even when
    pooltool is importable.
    """
    from benchmarks.many_balls import many_balls_row, measure_sizes
    from benchmarks.study_rate import study_rows, worker_memory_row
    from sim.warmup import warmup

    say = progress or (lambda _msg: None)
    rows: list[BenchRow] = []
    if include_compile:
        rows += _compile_rows(quick, say)
    warmup()
    rows += _break_rows(30 if quick else 200, say)
    rows += _random_rows(100 if quick else 1000, say)
    say("many balls (16 to 256) ...")
    rows.append(many_balls_row(measure_sizes(rounds=2 if quick else 5, say=say)))
    say("study of noisy 9-ball breaks, one worker ...")
    rows += study_rows(300 if quick else 2000, 100 if quick else 300)
    say("peak memory of a study worker (fresh process) ...")
    rows.append(worker_memory_row(300 if quick else 2000, child_env(None)))
    if include_pooltool:
        from benchmarks.compare_pooltool import pooltool_rows

        say("pooltool side by side (when importable) ...")
        rows += pooltool_rows(repeats=3 if quick else 5)
    return rows


def print_report(
    *,
    quick: bool,
    include_compile: bool,
    json_path: Path | None,
    prog: str = "cuesim bench",
    readme: bool = False,
    include_pooltool: bool = True,
) -> int:
    """Run :func:`run_benchmarks`, print the machine and the Markdown table to stdout (progress
    to stderr; with ``readme`` also the README's table, :func:`readme_table`) and write the
    JSON report to ``json_path`` when given; returns the exit status (0, or 2 when the JSON
    file's folder does not exist, before anything runs)."""
    if json_path is not None and not json_path.parent.exists():
        print(f"{prog}: folder {json_path.parent} does not exist", file=sys.stderr)
        return 2

    def say(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    options: dict[str, Any] = {"quick": quick, "include_compile": include_compile, "progress": say}
    if not include_pooltool:
        options["include_pooltool"] = False
    rows = run_benchmarks(**options)
    info = machine_info()
    print(
        f"cuesim engine benchmark ({'quick' if quick else 'full'}) on {info['cpus']} CPUs, "
        f"Python {info['python']}, numba {info['numba']}, numpy {info['numpy']}, "
        f"load average {os.getloadavg()[0]:.1f}\n"
    )
    print(markdown_table(rows))
    if readme:
        print("\nREADME table:\n")
        print(readme_table(rows))
    if json_path is not None:
        write_json(rows, json_path)
        print(f"\nJSON written to {json_path}")
    return 0
