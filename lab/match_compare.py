"""Rule variants compared: each statistic of a run of racks with its 95 % interval, and the
differences between variants with theirs.

The unit of every statistic is the **rack** (frame): racks are independent (each draws from the
run's seed and its own index), the shots within one are not. Three kinds of statistic:

* a **share** of racks (the breaker won the rack, a three-foul loss, a re-spotted black):
  the Wilson score interval (``lab.report.wilson_interval``); the difference of two variants'
  shares: Newcombe's hybrid score interval (his method 10, built from the two Wilson
  intervals; Newcombe, "Interval estimation for the difference between independent
  proportions", Statistics in Medicine 17, 1998);
* a **mean** per rack (fouls of a kind, safeties, shots): the normal interval
  ``mean +- 1.96 s / sqrt(n)`` (the racks' sample standard deviation ``s``), its lower end
  held at 0 (every mean is of counts or points); a difference:
  Welch's normal interval ``d +- 1.96 sqrt(s1^2/n1 + s2^2/n2)``;
* a **ratio** over racks (snooker's mean break: points of the scoring visits over their
  number): a percentile bootstrap over racks (:data:`BOOTSTRAP_DRAWS` resamples, drawn from a
  fixed seed so a report is the same on every run); a difference: the percentile interval of
  the difference of the two variants' resampled ratios.

Every variant plays the same seeds, so its racks start alike and their figures are positively
correlated; the intervals above treat the variants as independent samples, which makes the
intervals of the differences conservative (too wide, never too narrow). Racks that stalled
(``lab.match_play.MAX_SHOTS``) are counted in the report and left out of every statistic.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from lab.match_play import MatchShot, RackResult
from lab.match_stats import visits_of
from lab.report import Z_95, wilson_interval

#: Bootstrap resamples of a ratio statistic and the seed they are drawn from.
BOOTSTRAP_DRAWS = 2000
BOOTSTRAP_SEED = 20240


@dataclass(frozen=True)
class RackFacts:
    """What one finished rack says, the input of every statistic.

    Fields: ``breaker_won``, ``break_and_run`` (the breaker broke without a foul and won without
    the opponent taking a shot), ``kept_table`` (the breaker broke without a foul and moved
    next), ``won_on_break`` (the break itself won the rack), ``dry_break`` (the break was ruled
    a dry break), ``third_foul`` (a player lost on a third consecutive foul), ``respotted_black``,
    ``conceded``, ``stalemates`` (frames re-started); counts: ``shots``, ``foul_shots``,
    ``safeties``, ``push_outs``, ``misses``, ``free_balls``, ``fouls`` (per foul code);
    ``breaks`` (the points of each scoring visit), ``high_break``.
    """

    breaker_won: bool
    break_and_run: bool
    kept_table: bool
    won_on_break: bool
    dry_break: bool
    third_foul: bool
    respotted_black: bool
    conceded: bool
    stalemates: int
    shots: int
    foul_shots: int
    safeties: int
    push_outs: int
    misses: int
    free_balls: int
    fouls: Counter[str]
    breaks: tuple[int, ...]

    @property
    def high_break(self) -> int:
        return max(self.breaks, default=0)


def rack_facts(rack: RackResult, sides: int = 2) -> RackFacts:
    """The facts of a finished rack (``rack.winner`` may be None: a drawn frame)."""
    shots = [s for s in rack.shots if s.move == "shot"]
    breaker_side = rack.breaker % sides
    won = rack.winner is not None and rack.winner == breaker_side
    first: MatchShot | None = shots[0] if shots else None
    clean_break = first is not None and not first.fouls
    players = [r.player for r in rack.shots if r.player >= 0]
    fouls: Counter[str] = Counter()
    for shot in shots:
        if shot.fouls:
            fouls.update(shot.fouls.split(","))
    return RackFacts(
        breaker_won=won,
        break_and_run=clean_break and won and set(s.player for s in shots) == {rack.breaker},
        kept_table=clean_break
        and ((len(players) > 1 and players[1] == rack.breaker) or (won and len(shots) == 1)),
        won_on_break=won and len(shots) == 1,
        dry_break=first is not None and first.context == "dry_break",
        third_foul=any(s.third_foul for s in shots),
        respotted_black=any(s.respotted_black for s in shots),
        conceded=any(r.move == "concede" for r in rack.shots),
        stalemates=sum(r.move == "stalemate" for r in rack.shots),
        shots=len(shots),
        foul_shots=sum(bool(s.fouls) for s in shots),
        safeties=sum(s.intent == "safety" for s in shots),
        push_outs=sum(s.intent == "push_out" for s in shots),
        misses=sum(s.miss for s in shots),
        free_balls=sum(s.free_ball for s in shots),
        fouls=fouls,
        breaks=tuple(points for _, points in visits_of(shots) if points > 0),
    )


@dataclass(frozen=True)
class Statistic:
    """One row of the comparison: ``key`` (stable, for files), ``label`` (for people),
    ``kind`` ("share", "mean" or "ratio") and how to read it off a rack's facts."""

    key: str
    label: str
    kind: str
    read: Callable[[RackFacts], float]
    #: ratio statistics: the numerator and denominator of one rack
    parts: Callable[[RackFacts], tuple[float, float]] | None = None


def statistics_for(cls: Any, foul_codes: Sequence[str]) -> list[Statistic]:
    """The statistics a rule tester reads for the game class ``cls`` (snooker's when it scores
    points, pool's otherwise), the fouls by kind last, one row per code seen."""
    word = cls.frame_word
    rows = [Statistic("breaker_won", f"breaker wins the {word}", "share", lambda f: f.breaker_won)]
    if cls.scores_points:
        rows += [
            Statistic("respotted_black", "frames to a re-spotted black", "share",
                      lambda f: f.respotted_black),
            Statistic("conceded", "frames conceded", "share", lambda f: f.conceded),
            Statistic("misses", "misses called per frame", "mean", lambda f: f.misses),
            Statistic("free_balls", "free balls per frame", "mean", lambda f: f.free_balls),
            Statistic("mean_break", "mean break (scoring visits)", "ratio",
                      lambda f: sum(f.breaks) / len(f.breaks) if f.breaks else 0.0,
                      parts=lambda f: (float(sum(f.breaks)), float(len(f.breaks)))),
            Statistic("high_break", "highest break of a frame, mean", "mean",
                      lambda f: f.high_break),
            Statistic("stalemates", "stalemate re-starts per frame", "mean",
                      lambda f: f.stalemates),
        ]  # fmt: skip
    else:
        rows += [
            Statistic("kept_table", "breaker keeps the table after the break", "share",
                      lambda f: f.kept_table),
            Statistic("break_and_run", "break-and-runs", "share", lambda f: f.break_and_run),
            Statistic("won_on_break", f"{cls.game_ball} on the break wins", "share",
                      lambda f: f.won_on_break),
        ]  # fmt: skip
        if "rack_style" in cls.options:
            rows.append(Statistic("dry_break", "dry breaks (three-ball rule)", "share",
                                  lambda f: f.dry_break))  # fmt: skip
        if cls.has_three_fouls_rule:
            rows.append(Statistic("third_foul", "three-foul losses", "share",
                                  lambda f: f.third_foul))  # fmt: skip
        if cls.has_push_out:
            rows.append(Statistic("push_outs", "push-outs per rack", "mean",
                                  lambda f: f.push_outs))  # fmt: skip
    rows += [
        Statistic("safeties", f"safeties per {word}", "mean", lambda f: f.safeties),
        Statistic("shots", f"shots per {word}", "mean", lambda f: f.shots),
        Statistic("foul_shots", f"fouls per {word}", "mean", lambda f: f.foul_shots),
    ]
    rows += [_foul_statistic(code) for code in foul_codes]
    return rows


def _foul_statistic(code: str) -> Statistic:
    """Fouls of the kind ``code`` per rack."""
    return Statistic(
        f"foul:{code}", f"fouls: {code.replace('_', ' ')}", "mean", lambda f: f.fouls.get(code, 0)
    )


def estimate(stat: Statistic, facts: Sequence[RackFacts]) -> dict[str, Any]:
    """``stat`` over ``facts``: value, 95 % interval (low, high), racks (n) and, for a share,
    its count."""
    n = len(facts)
    if n == 0:
        return {"value": None, "low": None, "high": None, "n": 0}
    if stat.kind == "share":
        k = sum(bool(stat.read(f)) for f in facts)
        low, high = wilson_interval(k, n)
        return {"value": k / n, "low": low, "high": high, "n": n, "count": k}
    if stat.kind == "ratio":
        assert stat.parts is not None
        num, den = _parts(stat, facts)
        value = float(num.sum() / den.sum()) if den.sum() else 0.0
        draws = _bootstrap_ratios(num, den, _rng(stat.key, 0))
        low, high = (float(q) for q in np.percentile(draws, [2.5, 97.5]))
        return {"value": value, "low": low, "high": high, "n": n}
    values = np.array([float(stat.read(f)) for f in facts])
    mean = float(values.mean())
    half = Z_95 * float(values.std(ddof=1)) / math.sqrt(n) if n > 1 else 0.0
    # every mean is of counts or points, never negative: so is its interval
    return {"value": mean, "low": max(0.0, mean - half), "high": mean + half, "n": n}


def difference(
    stat: Statistic, base: Sequence[RackFacts], other: Sequence[RackFacts]
) -> dict[str, Any]:
    """``other`` less ``base`` for ``stat``, with its 95 % interval (see the module docstring):
    value, low, high."""
    if not base or not other:
        return {"value": None, "low": None, "high": None}
    a, b = estimate(stat, base), estimate(stat, other)
    d = b["value"] - a["value"]
    if stat.kind == "share":
        # Newcombe's method 10: each side's distance to its Wilson bound, combined
        low = d - math.sqrt((b["value"] - b["low"]) ** 2 + (a["high"] - a["value"]) ** 2)
        high = d + math.sqrt((b["high"] - b["value"]) ** 2 + (a["value"] - a["low"]) ** 2)
        return {"value": d, "low": low, "high": high}
    if stat.kind == "ratio":
        draws_a = _bootstrap_ratios(*_parts(stat, base), _rng(stat.key, 1))
        draws_b = _bootstrap_ratios(*_parts(stat, other), _rng(stat.key, 2))
        low, high = (float(q) for q in np.percentile(draws_b - draws_a, [2.5, 97.5]))
        return {"value": d, "low": low, "high": high}
    va = np.array([float(stat.read(f)) for f in base])
    vb = np.array([float(stat.read(f)) for f in other])
    var = (va.var(ddof=1) / len(va) if len(va) > 1 else 0.0) + (
        vb.var(ddof=1) / len(vb) if len(vb) > 1 else 0.0
    )
    half = Z_95 * math.sqrt(var)
    return {"value": d, "low": d - half, "high": d + half}


def _parts(stat: Statistic, facts: Sequence[RackFacts]) -> tuple[np.ndarray, np.ndarray]:
    assert stat.parts is not None
    pairs = np.array([stat.parts(f) for f in facts], dtype=float).reshape(-1, 2)
    return pairs[:, 0], pairs[:, 1]


def _rng(key: str, stream: int) -> np.random.Generator:
    tag = int.from_bytes(key.encode("utf-8")[:8].ljust(8, b"\0"), "little")
    return np.random.default_rng(np.random.SeedSequence(BOOTSTRAP_SEED, spawn_key=(tag, stream)))


def _bootstrap_ratios(num: np.ndarray, den: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Resampled ratios sum(num) / sum(den) over racks drawn with replacement; a resample
    without a visit counts 0."""
    n = len(num)
    picks = rng.integers(0, n, size=(BOOTSTRAP_DRAWS, n))
    tops, bottoms = num[picks].sum(axis=1), den[picks].sum(axis=1)
    ratios: np.ndarray = np.divide(tops, bottoms, out=np.zeros_like(tops), where=bottoms > 0)
    return ratios


def compare(
    cls: Any, variants: Sequence[tuple[str, Sequence[RackResult]]], sides: int = 2
) -> dict[str, Any]:
    """Every statistic of every variant and the difference of each variant from the first.

    ``variants``: (name, racks) in the study's order. Returns a JSON-ready dict: ``variants``
    (name, racks, stalled), ``statistics`` (one entry per statistic: key, label, kind, and per
    variant its estimate; per later variant its difference from the first)."""
    facts = {
        name: [rack_facts(r, sides) for r in racks if not r.stalled] for name, racks in variants
    }
    codes = sorted({code for rows in facts.values() for f in rows for code in f.fouls})
    names = [name for name, _ in variants]
    base = names[0]
    out: list[dict[str, Any]] = []
    for stat in statistics_for(cls, codes):
        entry: dict[str, Any] = {"key": stat.key, "label": stat.label, "kind": stat.kind}
        entry["estimates"] = {name: estimate(stat, facts[name]) for name in names}
        entry["differences"] = {
            name: difference(stat, facts[base], facts[name]) for name in names[1:]
        }
        out.append(entry)
    return {
        "reference": base,
        "variants": [
            {"name": name, "racks": len(racks), "stalled": sum(r.stalled for r in racks)}
            for name, racks in variants
        ],
        "statistics": out,
        "high_break": {name: max((f.high_break for f in facts[name]), default=0) for name in names}
        if cls.scores_points
        else None,
    }
