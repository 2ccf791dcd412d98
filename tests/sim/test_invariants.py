"""Invariants of whole shots over random layouts and strikes (docs/physics.md §1.7 and §6,
docs/physics-airborne.md).

For every shot, at every snapshot (the state right after each event) and half-way between
consecutive snapshots:

- total energy (translational in 3-D + rotational, I = 2/5 m R^2, all three spin components,
  + the potential energy m g z of a ball above the cloth) of the balls in play never rises;
- no two balls in play overlap in 3-D (centre distance with the heights) by more than
  MAX_OVERLAP;
- no ball is inside the slate (z >= 0) or a rail: a ball on the cloth is no closer than
  R - MAX_OVERLAP to any cushion (straight or knuckle) and inside the cushion outline; a
  flying ball is no closer than R - MAX_OVERLAP to any nose edge, passes over a rail top or a
  knuckle only with its lowest point above them, and stays inside the rails' outer edges;
- events are in time order, the first is the strike at t = 0, and the shot ends with every
  ball stationary, pocketed or off the table, without hitting the event cap.

The checks live in ``benchmarks/invariants.py`` and the shots in ``benchmarks/fuzz_engine.py``
(the documented engine fuzz, one implementation for both). Parameters: the defaults for half
of the shots, otherwise every cushion and ball-ball model with coefficients drawn across
docs/physics.md §4's ranges.

Layouts: 9-ball and 8-ball racks on the 9, 8 and 7 ft tables, the snooker set-up, scattered
balls on every table, and states with several balls already moving (no strike), some of them
flying. Strikes are elevated 0-30 deg (every elevated strike hops) and a fifth of them are jump
strikes at 35-60 deg. Each shot is
reproducible from ``(seed, index)``: see :func:`make_shot`.

A CI-sized run (a few hundred shots, seconds) and a ``slow`` run of 10,000 shots.
"""

from __future__ import annotations

import dataclasses
import time

import pytest

from benchmarks.fuzz_engine import KINDS, make_fuzz_shot, make_shot, run_shots
from benchmarks.invariants import shot_faults
from sim.balls import BallState
from sim.errors import EventCapExceededError
from sim.events import EventKind
from sim.models import BALL_BALL, CUSHION, codes_of
from sim.result import ShotResult
from sim.simulate import simulate
from sim.strike import Strike
from sim.table import Table


def run_fuzz(
    seed: int, count: int, *, midpoints: bool = True
) -> tuple[list[str], dict[str, float]]:
    """Simulate and check ``count`` shots; returns the faults (with how to replay each) and
    counters (shots, events, seconds)."""
    faults: list[str] = []
    events = 0
    start = time.perf_counter()
    for index in range(count):
        shot = make_shot(seed, index)
        where = f"make_shot({seed}, {index}) [{shot.label}]"
        try:
            result = simulate(shot.table, shot.state, shot.strike, shot.params)
        except EventCapExceededError as exc:
            faults.append(f"{where}: {exc}")
            continue
        events += len(result.events)
        faults += [f"{where}: {line}" for line in shot_faults(result, midpoints=midpoints)]
    stats = {"shots": count, "events": events, "seconds": time.perf_counter() - start}
    return faults, stats


def test_shot_faults_catches_broken_invariants() -> None:
    """The checker itself: hand-broken results are reported."""
    table = Table.pool(9)
    x, y = table.centre_spot
    R = table.ball_radius
    state = BallState.at_rest([[x, y], [x + 0.3, y]])
    good = simulate(table, state, Strike(speed=1.0, phi=0.0))
    assert shot_faults(good) == []
    overlapping = BallState.at_rest([[x, y], [x + 1.5 * R, y]])
    bad = ShotResult.from_log(table, overlapping, good.events[:0], overlapping)
    assert any("overlap" in f for f in shot_faults(bad))
    in_cushion = BallState.at_rest([[0.5 * R, table.head_string_y]])
    bad = ShotResult.from_log(table, in_cushion, good.events[:0], in_cushion)
    assert any("into cushion" in f for f in shot_faults(bad))
    beyond = BallState.at_rest([[-0.3, y]])
    bad = ShotResult.from_log(table, beyond, good.events[:0], beyond)
    assert any("outside the cushions" in f for f in shot_faults(bad))
    moving = BallState([[x, y]], vel=[[1.0, 0.0]])
    bad = ShotResult.from_log(table, moving, good.events[:0], moving)
    assert any("still moving" in f for f in shot_faults(bad))
    # a flying ball 1 mm up behind the top-left corner pocket's back: in the wood
    in_wood = BallState([[-0.1, -0.1]], z=[1e-3])
    bad = ShotResult.from_log(table, in_wood, good.events[:0], in_wood)
    assert any("inside the woodwork" in f for f in shot_faults(bad))
    # a ball over the foot rail leaving the table: over the rail tops, then (its start made
    # lower by hand) below them
    flying = BallState([[x, table.length - 0.1]], vel=[[0.0, 3.0]], z=[0.1], vz=[1.0])
    left = simulate(table, flying)
    assert left.events["kind"][-1] == EventKind.OFF_TABLE and shot_faults(left) == []
    low = BallState(flying.pos, vel=flying.vel, z=[0.0], vz=[0.2])
    assert any("left the table" in f for f in shot_faults(dataclasses.replace(left, initial=low)))


def test_make_shot_is_deterministic_and_covers_every_layout() -> None:
    a, b = make_shot(3, 17), make_shot(3, 17)
    assert a.label == b.label and a.state == b.state and a.strike == b.strike
    assert a.params == b.params
    shots = [make_shot(1, k) for k in range(80)]
    assert {s.label.split()[0] for s in shots} == {
        "nine",
        "eight",
        "snooker_layout",
        "scattered",
        "moving",
    }
    models = {(s.params.cushion_model, s.params.ball_ball_model) for s in shots if s.params}
    pairs_in_the_table = len(codes_of(CUSHION)) * len(codes_of(BALL_BALL))
    assert len(models) == pairs_in_the_table and any(s.params is None for s in shots)


def test_same_input_gives_the_same_log_bit_for_bit() -> None:
    for index in range(20):
        shot = make_shot(11, index)
        first = simulate(shot.table, shot.state, shot.strike, shot.params)
        again = simulate(shot.table, shot.state, shot.strike, shot.params)
        assert first.events.tobytes() == again.events.tobytes(), shot.label
        assert first.final == again.final


#: Shots of the CI run known to reach the event cap: none since the slide-off of a
#: ball resting on another (docs/physics-notes.md, "Ball on a ball"); make_shot(20261129, 227)
#: was one. The test fails when a shot starts or stops capping, so the list only shrinks.
KNOWN_CAPPED: set[str] = set()

#: Shots of the CI engine fuzz (run 5, shots 0-119) known to reach the event cap, open
#:: none in this slice; the large run (benchmarks/fuzz_engine.py, 20,000 shots each
#: of seeds 1-4) found one, 1:16602, fixed; seed 6 finds one, 6:10700, open (both in
#: tests/sim/test_persistent_contact.py).
KNOWN_FUZZ_CAPPED: set[str] = set()


def test_invariants_hold_over_random_shots() -> None:
    faults, stats = run_fuzz(seed=20261129, count=300)
    assert stats["events"] > 3000
    capped = {f.split(" [")[0] for f in faults if "max_events" in f}
    assert capped == KNOWN_CAPPED
    faults = [f for f in faults if "max_events" not in f]
    assert not faults, f"{len(faults)} faults, first ones:\n" + "\n".join(faults[:10])


@pytest.mark.slow
def test_invariants_hold_over_ten_thousand_random_shots() -> None:
    faults, stats = run_fuzz(seed=7, count=10_000, midpoints=True)
    print(f"fuzz: {stats}")
    assert not faults, f"{len(faults)} faults, first ones:\n" + "\n".join(faults[:10])


def test_fuzz_command_covers_every_contact_layout_and_finds_no_fault() -> None:
    """The engine fuzz (benchmarks/fuzz_engine.py) in CI size: a few shots of every layout kind
    (jaws, throats, touching rows, the cradle, corner packs, frozen balls, balls landing on
    balls), with its invariant checks; each kind is drawn."""
    labels = {make_fuzz_shot(5, k).label.split()[0] for k in range(120)}
    mixed = {"nine", "eight", "snooker_layout", "scattered", "moving"}  # the "mixed" kind's labels
    assert labels - mixed == set(KINDS) - {"mixed"} and labels & mixed
    report = run_shots(5, range(120))
    assert report.shots == 120 and report.events > 1000
    assert not report.faults, "\n".join(report.faults[:10])
    assert {c.split(" [")[0] for c in report.capped} == KNOWN_FUZZ_CAPPED
