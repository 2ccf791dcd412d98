"""Fingerprints of the referee's rulings on many real shots, to prove a refactor of ``rules``
changes no ruling: write them before and after, then compare.

Usage::

    .venv/bin/python -m benchmarks.ruling_fingerprints before.json          # ~10,000 rulings
    .venv/bin/python -m benchmarks.ruling_fingerprints after.json --quick   # ~1,700, seconds
    .venv/bin/python -m benchmarks.ruling_fingerprints --compare before.json after.json

A fingerprint is the SHA-1 (16 hex digits) of the ``repr`` of a ``Ruling`` (every field, the
fouls with their evidence, the reason and the notes, the typed extras; an enum member written
as its value, ``canonical_repr``) and of the bytes of its
``final`` state's arrays (positions, velocities, spins, heights, motion codes, on-table flags:
a ``BallState``'s repr names only its counts). The shots, all simulated
(the engine is deterministic, so both runs see the same logs):

1. every shipped example (``examples/<game>/``) as written and with ``--plays - 1`` noisy
   plays (``agents.noise.NoiseModel()`` defaults, seed 11);
2. ``--breaks`` noisy breaks of each game (``benchmarks.shots.break_scenarios``, seed 5);
3. ``--sequences`` random games of each kind, up to 12 shots each: a cue ball in hand placed at
   a random legal spot, a random strike aimed near a random ball, the declaration the game
   requires (a called ball and pocket in 8-ball, a nominated colour in snooker), the ruling
   applied with its first option. A shot whose simulation, judging or applying raises is
   recorded as its error.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import re
import sys
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import rules  # noqa: E402
import sim  # noqa: E402
from agents.noise import NoiseModel, StrikeValues, noisy_strike  # noqa: E402
from benchmarks.shots import break_scenarios  # noqa: E402
from lab.runner import prepare  # noqa: E402
from lab.scenario import OTHER_FORMATS, declared_format, load_scenario  # noqa: E402
from rules.files import write_atomic  # noqa: E402

#: The game of each break scenario of ``benchmarks.shots`` (named ``<kind>_break``).
BREAKS = {f"{k.name.lower()}_break": k.value for k in rules.GameKind}

#: The arrays of a ruling's final state that its fingerprint reads.
STATE_ARRAYS = ("pos", "vel", "spin", "z", "vz", "motion", "on_table")


#: An enum member in a ``repr`` (``<Phase.PLAY: 'play'>``), its value's repr in group 1.
_ENUM_REPR = re.compile(r"<[A-Za-z_][\w.]*: ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|-?\d+)>")


def canonical_repr(ruling: Any) -> str:
    """``repr(ruling)`` with every enum member written as its value (``<Phase.PLAY: 'play'>``
    as ``'play'``): a string-valued enum equals its value, so a field that becomes one (a
    free string typed as a ``StrEnum``) keeps its fingerprint."""
    return _ENUM_REPR.sub(r"\1", repr(ruling))


def fingerprint(ruling: Any) -> str:
    """SHA-1 (16 hex digits) of ``canonical_repr(ruling)`` and of its final state's arrays."""
    digest = hashlib.sha1(canonical_repr(ruling).encode())
    for name in STATE_ARRAYS:
        digest.update(np.ascontiguousarray(getattr(ruling.final, name)).tobytes())
    return digest.hexdigest()[:16]


def _strike(v: StrikeValues) -> sim.Strike:
    return sim.Strike(v.speed, v.phi, v.theta, v.a, v.b)


def _judged(game: Any, result: Any, declaration: Any = None) -> str:
    try:
        return fingerprint(game.judge(result, declaration))
    except Exception as exc:  # the error is the fingerprint: a refactor must keep it too
        return f"ERR {type(exc).__name__}: {exc}"


def example_prints(plays: int) -> dict[str, str]:
    """Every shipped example as written (play 0) and with ``plays - 1`` noisy plays."""
    out = {}
    noise = NoiseModel()
    for folder in sorted(p for p in (ROOT / "examples").iterdir() if p.is_dir()):
        for path in sorted(folder.iterdir()):
            if path.suffix not in (".toml", ".json") or folder.name == "studies":
                continue
            if declared_format(path) in OTHER_FORMATS:  # a match study, not a scenario
                continue
            prepared = prepare(load_scenario(path))
            for i in range(plays):
                v = noisy_strike(prepared.intended, noise, 11, i) if i else prepared.intended
                result = sim.simulate(prepared.table, prepared.state, _strike(v))
                key = f"{folder.name}/{path.name}:{i}"
                out[key] = _judged(prepared.game, result, prepared.declaration)
    return out


def break_prints(breaks: int) -> dict[str, str]:
    """``breaks`` noisy breaks of each game, judged by a fresh game of that kind."""
    out = {}
    for scenario in break_scenarios():
        kind = BREAKS.get(scenario.name)
        if kind is None:
            continue
        game = rules.new_game(kind, seed=3, table=scenario.table)
        s = scenario.strike
        intended = StrikeValues(
            s["speed"], s["phi"], s.get("theta", 0.0), s.get("a", 0.0), s.get("b", 0.0)
        )
        for i in range(breaks):
            v = noisy_strike(intended, NoiseModel(), 5, i)
            result = sim.simulate(scenario.table, scenario.state, _strike(v))
            out[f"{scenario.name}:{i}"] = _judged(game, result)
    return out


def _declaration(game: Any, target: int, rng: np.random.Generator) -> Any:
    """What the game requires before this shot: a call in 8-ball, a colour in snooker."""
    options = game.declaration_options()
    if options.call_required:
        balls = sorted(options.callable_balls)
        pocket = options.pockets[int(rng.integers(len(options.pockets)))]
        return rules.Declaration(
            called_ball=target if target in balls else balls[0], called_pocket=pocket
        )
    if options.nomination_required:
        on = np.asarray(game.state.on_table).tolist()
        colours = [c for c in range(16, len(on)) if on[c]] or [len(on) - 1]
        return rules.Declaration(nominated=colours[int(rng.integers(len(colours)))])
    return rules.Declaration()


def _random_spot(table: Any, where: Any, rng: np.random.Generator) -> tuple[float, float]:
    """A random cue-ball spot to try for ``where`` (a ``BallInHand``): in the D's half disc
    for snooker, anywhere on the cloth (0.1 m from the cushions) otherwise."""
    if where is rules.BallInHand.IN_D and table.d_centre is not None:
        angle = float(rng.uniform(np.pi, 2.0 * np.pi))
        reach = float(table.d_radius) * math.sqrt(float(rng.uniform(0.0, 1.0)))
        cx, cy = (float(v) for v in table.d_centre)
        return cx + reach * math.cos(angle), cy + reach * math.sin(angle)
    return (
        float(rng.uniform(0.1, table.width - 0.1)),
        float(rng.uniform(0.1, table.length - 0.1)),
    )


def sequence_prints(sequences: int, shots: int = 12) -> dict[str, str]:
    """``sequences`` random games of each kind, ``shots`` shots at most (module docstring)."""
    out = {}
    for number, kind in enumerate(rules.GameKind):
        for seq in range(sequences):
            rng = np.random.default_rng([seq, number])
            game = rules.new_game(kind.value, seed=seq)
            table = game.table
            for shot in range(shots):
                if game.is_over:
                    break
                xy = None
                for _ in range(200 if game.ball_in_hand is not rules.BallInHand.NONE else 0):
                    spot = _random_spot(table, game.ball_in_hand, rng)
                    if game.placement_problem(spot) is None:
                        xy = spot
                        break
                key = f"{kind.value}:{seq}:{shot}"
                try:
                    state = game.state_for_shot(xy)
                except rules.RulesError as exc:
                    out[key] = f"PLACE {type(exc).__name__}"
                    break
                pos, on = np.asarray(state.pos), np.asarray(state.on_table).tolist()
                targets = [b for b in range(1, len(on)) if on[b]]
                if not targets:
                    break
                target = targets[int(rng.integers(len(targets)))]
                d = pos[target] - pos[0]
                phi = math.degrees(math.atan2(d[1], d[0])) + float(rng.normal(0.0, 3.0))
                theta = float(rng.uniform(0.0, 20.0)) if rng.random() < 0.1 else 0.0
                tip = rng.uniform(-0.3, 0.3, size=2)
                strike = sim.Strike(float(rng.uniform(0.3, 6.0)), phi, theta, *tip.tolist())
                try:  # an engine refusal, a judging or an applying error is the fingerprint
                    result = sim.simulate(table, state, strike)
                    ruling = game.judge(result, _declaration(game, target, rng))
                    out[key] = fingerprint(ruling)
                    game = game.apply(ruling, ruling.options[0] if ruling.options else None)
                except Exception as exc:
                    out[key] = f"ERR {type(exc).__name__}: {exc}"
                    break
    return out


def compare(before: dict[str, str], after: dict[str, str]) -> list[str]:
    """The keys whose fingerprints differ or that only one side has, sorted."""
    return sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", type=Path, help="write the fingerprints here (JSON)")
    parser.add_argument("--quick", action="store_true", help="5 plays, 200 breaks, 30 games")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    args = parser.parse_args(argv)
    if args.compare:
        try:
            before, after = (json.loads(p.read_text()) for p in args.compare)
        except (OSError, ValueError) as exc:
            parser.error(f"cannot read the fingerprints: {exc}")
        differ = compare(before, after)
        for key in differ[:50]:
            print(f"{key}: {before.get(key, '-')} -> {after.get(key, '-')}")
        print(f"{len(differ)} of {len(before | after)} rulings differ")
        return 1 if differ else 0
    if args.out is None:
        parser.error("give a file to write the fingerprints to, or --compare BEFORE AFTER")
    plays, breaks, sequences = (5, 200, 30) if args.quick else (20, 1500, 150)
    sim.warmup()
    prints = {**example_prints(plays), **break_prints(breaks), **sequence_prints(sequences)}
    write_atomic(args.out, json.dumps(prints, indent=0, sort_keys=True) + "\n")
    errors = sum(v.startswith(("ERR", "PLACE")) for v in prints.values())
    print(f"{len(prints)} rulings ({errors} errors) written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
