"""Timing helpers of the benchmarks: statistics of repeated runs, interleaved rounds, report rows.

The machine the benchmarks run on is shared and noisy, so every comparison is measured side by
side: :func:`time_interleaved` runs one call of each contender per round, in an order that
rotates from round to round, and keeps every sample; the median over rounds is then robust to
a burst of load that would have hit one contender only if they ran one after the other.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Timing:
    """Wall-clock statistics of repeated runs, seconds."""

    runs: int
    median: float
    minimum: float
    maximum: float

    @staticmethod
    def of(samples: Sequence[float]) -> Timing:
        """The statistics of ``samples`` (seconds, at least one)."""
        if not samples:
            raise ValueError("Timing.of needs at least one sample, got none")
        return Timing(len(samples), statistics.median(samples), min(samples), max(samples))


@dataclass
class BenchRow:
    """One line of the report: a measurement against its target.

    ``median`` is None when the row could not be measured here (then ``note`` says why, and
    the row has no verdict). ``target_is_max``: the target is an upper bound (a time) rather
    than a lower bound (a rate).
    """

    name: str
    what: str
    unit: str
    median: float | None
    minimum: float | None = None
    maximum: float | None = None
    runs: int = 1
    target: float | None = None
    target_is_max: bool = True
    extra: dict[str, Any] = field(default_factory=dict)
    note: str = ""

    @property
    def meets_target(self) -> bool | None:
        """True / False against the target; None without a target or a measurement."""
        if self.target is None or self.median is None:
            return None
        return self.median <= self.target if self.target_is_max else self.median >= self.target


def time_calls(fn: Callable[[], Any], repeats: int) -> Timing:
    """Time ``repeats`` calls of ``fn`` one after the other."""
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return Timing.of(samples)


def time_interleaved(calls: Mapping[str, Callable[[], Any]], rounds: int) -> dict[str, Timing]:
    """Time every call of ``calls`` once per round for ``rounds`` rounds (after one untimed
    call each); round ``r`` starts with the ``r``-th contender (mod their number) so that no
    contender always runs first. Returns name -> :class:`Timing` over the rounds."""
    if rounds < 1:
        raise ValueError(f"time_interleaved needs rounds >= 1, got {rounds}")
    names = list(calls)
    for name in names:
        calls[name]()
    samples: dict[str, list[float]] = {name: [] for name in names}
    for r in range(rounds):
        k = r % len(names)
        for name in names[k:] + names[:k]:
            start = time.perf_counter()
            calls[name]()
            samples[name].append(time.perf_counter() - start)
    return {name: Timing.of(samples[name]) for name in names}


def fitted_exponent(sizes: Sequence[float], values: Sequence[float]) -> float:
    """The exponent ``k`` of the least-squares fit ``values ~ c * sizes**k`` (a straight line
    through the points in log-log). Needs two or more distinct positive sizes and positive
    values."""
    if len(sizes) != len(values) or len({float(s) for s in sizes}) < 2:
        raise ValueError("fitted_exponent needs two or more distinct sizes, one value each")
    if min(sizes) <= 0 or min(values) <= 0:
        raise ValueError("fitted_exponent needs positive sizes and values (a log-log fit)")
    xs = [math.log(s) for s in sizes]
    ys = [math.log(v) for v in values]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx
