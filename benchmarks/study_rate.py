"""A study on one worker: noisy 9-ball breaks per second, their rate against the bare engine's,
the referee's share of a study shot, and the peak memory of a study worker.

The study is the example ``examples/studies/nine-ball-hard-break.toml`` (a hard break into a
magic rack, the scenario ``benchmarks/bench_study.py`` runs 100,000 times), played by
:func:`lab.study.run_study` with one worker, exactly as ``cuesim study --workers 1`` plays it.

The bare engine's rate is ``sim.simulate`` alone on the very strikes the study plays (the same
noisy breaks, drawn by ``agents.noise.noisy_strikes``), timed in rounds alternated with the study
itself; the ratio is the study's median rate over the engine's: what the noise, the referee, the
records and the plumbing leave of the engine's speed.

The referee's share is measured shot by shot on the same noisy strikes: for each one, the whole
study shot (``RefereeModel.play``: simulate, judge, the record), then ``simulate`` alone, then
``game.judge`` alone on that result, one after the other; the share is the summed judging time
over the summed study-shot time, and what is neither engine nor referee (the record built from
the log and the ruling) is the rest of the study shot.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from benchmarks.timing import BenchRow

#: The study scenario: a hard 9-ball break into a magic rack.
STUDY_SCENARIO = (
    Path(__file__).resolve().parent.parent / "examples" / "studies" / "nine-ball-hard-break.toml"
)

#: The targets: breaks per second on one worker, the referee's largest share of a study
#: shot, the largest peak RSS of a study worker (MiB).
BREAKS_PER_S_TARGET = 3000.0
REFEREE_SHARE_TARGET = 0.25
WORKER_PEAK_MIB_TARGET = 150.0


def _missing_rows(reason: str) -> list[BenchRow]:
    return [
        BenchRow("study_breaks_per_s", "noisy 9-ball breaks / s, one worker", "breaks/s", None,
                 target=BREAKS_PER_S_TARGET, target_is_max=False, note=reason),
        BenchRow("study_engine_ratio", "a study's rate over the bare engine's", "x", None,
                 note=reason),
        BenchRow("study_referee_share", "the referee's share of a study shot", "%", None,
                 target=100 * REFEREE_SHARE_TARGET, note=reason),
    ]  # fmt: skip


def study_rows(shots: int, share_shots: int, seed: int = 2024, rounds: int = 3) -> list[BenchRow]:
    """Breaks per second over ``shots`` study shots (one worker, after one warm-up shot), the
    median of ``rounds`` alternated with the bare engine on the same strikes, the ratio of the
    two, and the referee's share over the first ``share_shots`` of them. Without the example
    scenario (an installed package without the repository's examples) the rows say so."""
    if not STUDY_SCENARIO.is_file():
        return _missing_rows(f"no study scenario at {STUDY_SCENARIO}")
    import statistics

    import sim
    from agents.noise import noisy_strike, noisy_strikes
    from lab.runner import simulate, study_model
    from lab.scenario import load_scenario
    from lab.study import run_study

    scenario = load_scenario(STUDY_SCENARIO)
    model = study_model(scenario)
    model.play(model.intended)
    prepared = model.prepared
    played = [
        sim.Strike(s.speed, s.phi, s.theta, s.a, s.b)
        for s in noisy_strikes(model.intended, scenario.noise, seed, 0, shots)
    ]
    study_rates, engine_rates = [], []
    for _ in range(rounds):
        result = run_study(scenario, shots, seed=seed, workers=1)
        study_rates.append(shots / result.wall_s)
        began = time.perf_counter()
        for struck in played:
            sim.simulate(prepared.table, prepared.state, struck)
        engine_rates.append(shots / (time.perf_counter() - began))
    rate, engine_rate = statistics.median(study_rates), statistics.median(engine_rates)

    prepared = model.prepared
    play_s = judge_s = simulate_s = 0.0
    for index in range(share_shots):
        strike = noisy_strike(model.intended, scenario.noise, seed, index)
        t0 = time.perf_counter()
        model.play(strike)
        t1 = time.perf_counter()
        shot = simulate(prepared, strike)
        t2 = time.perf_counter()
        prepared.game.judge(shot, prepared.declaration)
        t3 = time.perf_counter()
        play_s += t1 - t0
        simulate_s += t2 - t1
        judge_s += t3 - t2
    share = judge_s / play_s
    return [
        BenchRow("study_breaks_per_s", f"noisy 9-ball breaks / s, one worker ({shots} breaks)",
                 "breaks/s", rate, min(study_rates), max(study_rates), rounds,
                 BREAKS_PER_S_TARGET, target_is_max=False, extra={"us_per_break": 1e6 / rate}),
        BenchRow("study_engine_ratio",
                 f"a study's rate over the bare engine's on the same noisy breaks "
                 f"({rate:,.0f} / {engine_rate:,.0f} breaks/s, {rounds} alternated rounds)",
                 "x", rate / engine_rate, None, None, rounds,
                 extra={"engine_breaks_per_s": engine_rate,
                        "us_overhead_per_break": 1e6 / rate - 1e6 / engine_rate}),
        BenchRow("study_referee_share",
                 f"the referee's share of a study shot ({share_shots} shots; the engine "
                 f"{100 * simulate_s / play_s:.0f} %, the record and the rest "
                 f"{100 * (1.0 - share - simulate_s / play_s):.0f} %)", "%", 100 * share, None,
                 None, share_shots, 100 * REFEREE_SHARE_TARGET,
                 extra={"us_per_shot": 1e6 * play_s / share_shots,
                        "us_judge": 1e6 * judge_s / share_shots,
                        "us_simulate": 1e6 * simulate_s / share_shots,
                        "us_rest": 1e6 * (play_s - judge_s - simulate_s) / share_shots})
    ]  # fmt: skip


# The peak is read from /proc/self/status (VmHWM: this process's own high-water mark) where
# there is one: Linux carries ru_maxrss across exec, so a child of a large benchmark process
# would report its parent's size.
_WORKER_CODE = """
import resource, sys
from lab.scenario import load_scenario
from lab.study import run_study
run_study(load_scenario(sys.argv[1]), int(sys.argv[2]), seed=1, workers=1)
try:
    with open("/proc/self/status") as status:
        hwm = [line for line in status if line.startswith("VmHWM:")]
    print(int(hwm[0].split()[1]) * 1024)
except (OSError, IndexError):
    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024)
"""


def worker_memory_row(shots: int, env: dict[str, str]) -> BenchRow:
    """Peak RSS of a fresh process (environment ``env``, warm Numba cache) that plays a study of
    ``shots`` breaks on one worker: what one worker of ``cuesim study`` holds. A one-shot run
    goes first, so that a kernel source edited since the cache was filled compiles there and
    the compiler's memory is not counted."""
    what = f"peak RSS of a study worker ({shots} breaks, fresh process)"
    if not STUDY_SCENARIO.is_file():
        return BenchRow("peak_memory_study_worker", what, "MiB", None,
                        target=WORKER_PEAK_MIB_TARGET, note="no study scenario")  # fmt: skip
    runs = [
        subprocess.run(
            [sys.executable, "-c", _WORKER_CODE, str(STUDY_SCENARIO), str(n)],
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
            check=True,
        )
        for n in (1, shots)
    ]
    rss = float(runs[-1].stdout.split()[-1]) / 2**20
    return BenchRow("peak_memory_study_worker", what, "MiB", rss, None, None, 1,
                    WORKER_PEAK_MIB_TARGET)  # fmt: skip
