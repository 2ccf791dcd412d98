"""The compiled engine's build progress is the build's own (kernels compiled, stages reached),
never full before the build ends, with a time left that follows the build's measured rate."""

from __future__ import annotations

import json

import pytest

from sim.engine_build import ProgressWriter
from sim.engine_progress import DONE, MACHINE_CODE, REST, TYPING, BuildClock, BuildProfile

PROFILE = BuildProfile(
    typing_compiles=100, rest_compiles=20, machine_code_ratio=0.5, rest_ratio=0.25, seconds=None
)


def _build(clock: BuildClock, typing_s: float = 10.0) -> list[tuple[float, float, float | None]]:
    """Feed ``clock`` a build: 100 kernels over ``typing_s``, the machine code for half that,
    20 more kernels over a quarter; returns (time, fraction, seconds left) at each step."""
    seen = []
    t = clock.started
    for _ in range(100):
        t += typing_s / 100
        clock.kernel_compiled()
        seen.append((t, clock.fraction(t), clock.seconds_left(t)))
    clock.machine_code_starts(t)
    for _ in range(10):
        t += typing_s * 0.5 / 10
        seen.append((t, clock.fraction(t), clock.seconds_left(t)))
    clock.kernel_compiled()  # run_shot itself ends the machine code stage
    clock.machine_code_ends(t)
    for _ in range(20):
        t += typing_s * 0.25 / 20
        clock.kernel_compiled()
        seen.append((t, clock.fraction(t), clock.seconds_left(t)))
    clock.finish(t)
    seen.append((t, clock.fraction(t), clock.seconds_left(t)))
    return seen


def test_the_fraction_rises_with_the_build_and_is_full_only_at_its_end() -> None:
    seen = _build(BuildClock(started=1000.0, profile=PROFILE))
    fractions = [f for _, f, _ in seen]
    assert fractions == sorted(fractions)
    assert all(f < 1.0 for f in fractions[:-1]) and fractions[-1] == 1.0
    # each stage weighs its expected time: half the build is the typing's 10 s of 17.5 s
    typing_end = fractions[99]
    assert typing_end == pytest.approx(0.97 / 1.75, abs=1e-9)


def test_the_time_left_follows_the_measured_rate() -> None:
    """A build going at the profile's pace: the time left at each step is the time the build
    really had left, within the stage caps' slack."""
    seen = _build(BuildClock(started=1000.0, profile=PROFILE))
    end = seen[-1][0]
    for t, _, left in seen[10:-1]:
        assert left is not None
        assert left == pytest.approx(end - t, abs=0.6), t
    assert seen[-1][2] == 0.0


def test_before_a_tenth_of_the_typing_the_time_left_is_the_last_build_here_or_unknown() -> None:
    clock = BuildClock(started=0.0, profile=PROFILE)
    clock.kernel_compiled()
    assert clock.seconds_left(1.0) is None
    timed = BuildClock(started=0.0, profile=BuildProfile(seconds=30.0))
    assert timed.seconds_left(4.0) == pytest.approx(26.0)


def test_the_machine_code_stage_moves_with_time_and_never_reads_done() -> None:
    clock = BuildClock(started=0.0, profile=PROFILE)
    for _ in range(100):
        clock.kernel_compiled()
    clock.machine_code_starts(10.0)
    assert clock.stage == MACHINE_CODE
    early, late, overdue = (clock.fraction(t) for t in (11.0, 14.0, 60.0))
    assert early < late < overdue < 1.0
    assert clock.seconds_left(60.0) == pytest.approx(0.5 + 2.5)  # overdue: not negative


def test_a_finished_build_teaches_the_next_one_its_shape() -> None:
    clock = BuildClock(started=1000.0, profile=BuildProfile())
    _build(clock, typing_s=8.0)
    learned = clock.learned()
    assert learned.typing_compiles == 100 and learned.rest_compiles == 20
    assert learned.machine_code_ratio == pytest.approx(0.5)
    assert learned.rest_ratio == pytest.approx(0.25)
    assert learned.seconds == pytest.approx(8.0 * 1.75)
    assert BuildProfile.from_json(json.loads(json.dumps(learned.to_json()))) == learned


def test_a_failed_build_keeps_its_fraction_and_teaches_nothing() -> None:
    clock = BuildClock(started=0.0, profile=PROFILE)
    for _ in range(50):
        clock.kernel_compiled()
    before = clock.fraction(5.0)
    clock.finish(5.0, "TypingError: ...")
    assert clock.stage == DONE and clock.fraction(5.0) == pytest.approx(before)
    assert clock.learned() == PROFILE


def test_a_profile_file_out_of_range_falls_back_to_the_defaults() -> None:
    bad = {"typing_compiles": -3, "rest_compiles": "many", "machine_code_ratio": 1e9,
           "rest_ratio": True, "seconds": float("nan")}  # fmt: skip
    assert BuildProfile.from_json(bad) == BuildProfile()
    assert BuildProfile.from_json(None) == BuildProfile()


def test_the_clock_reads_back_from_the_progress_file_as_written() -> None:
    clock = BuildClock(started=5.0, profile=PROFILE)
    _build(clock)
    again = BuildClock.from_json(json.loads(json.dumps(clock.to_json())))
    assert again == clock
    assert BuildClock.from_json({"started": 1.0}) is None
    assert BuildClock.from_json({**clock.to_json(), "stage": "dreaming"}) is None


class _Dispatcher:
    def __init__(self, module: str, name: str) -> None:
        def f() -> None: ...

        f.__module__, f.__name__ = module, name
        self.py_func = f


def test_numba_events_move_the_clock_through_its_stages() -> None:
    """The builder's listener: kernels of sim.kernels count, Numba's own overloads do not;
    run_shot's lowering pass starts the machine code, run_shot's compile ends it."""
    clock = BuildClock(started=0.0, profile=PROFILE)
    writer = ProgressWriter(None, clock)
    writer.on_event("numba:compile", {"dispatcher": _Dispatcher("sim.kernels.motion", "f")}, False)
    writer.on_event("numba:compile", {"dispatcher": _Dispatcher("numba.np.arrayobj", "g")}, False)
    assert (clock.stage, clock.typing_compiles) == (TYPING, 1)
    writer.on_event(
        "numba:run_pass", {"qualname": "run_shot", "name": "nopython_type_inference [run_shot]"},
        True,
    )  # fmt: skip
    assert clock.stage == TYPING
    writer.on_event(
        "numba:run_pass", {"qualname": "run_shot", "name": "native_lowering [run_shot]"}, True
    )
    assert clock.stage == MACHINE_CODE
    run_shot = _Dispatcher("sim.kernels.loop", "run_shot")
    writer.on_event("numba:compile", {"dispatcher": run_shot}, False)
    assert clock.stage == REST
