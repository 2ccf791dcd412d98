"""Study reports: shares with Wilson confidence intervals, tables, CSV/Parquet, a PNG plot.

The Wilson score interval (Wilson 1927, "Probable inference, the law of succession, and
statistical inference", JASA 22:209) keeps its coverage near the nominal level for shares near
0 or 1 and small samples, where the normal ("Wald") interval fails; with ``k`` successes in
``n`` trials, ``p = k / n`` and ``z`` the normal quantile:

    centre = (p + z^2 / 2n) / (1 + z^2 / n)
    half   = z / (1 + z^2 / n) * sqrt(p (1 - p) / n + z^2 / 4n^2)
"""

from __future__ import annotations

import csv
import dataclasses
import io
import math
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from lab.scenario_types import game_takes
from lab.study import COLUMNS, StudyResult
from rules.files import write_atomic

#: z for a two-sided 95 % interval.
Z_95 = 1.959963984540054


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval ``(low, high)`` for ``successes`` out of ``trials``.

    Raises ValueError for ``trials`` < 1 or ``successes`` outside ``[0, trials]``.
    """
    if trials < 1:
        raise ValueError(f"a share needs at least one trial, got {trials}")
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must lie in [0, {trials}], got {successes}")
    p = successes / trials
    z2 = z * z
    denominator = 1.0 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    # Rounding can put p a hair outside [centre - half, centre + half] at k = 0 or k = n.
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


@dataclass(frozen=True)
class Share:
    """``count`` of ``trials`` shots had property ``label``; ``low``..``high`` is its 95 % CI."""

    label: str
    count: int
    trials: int
    low: float
    high: float

    @property
    def value(self) -> float:
        return self.count / self.trials


def share(label: str, mask: np.ndarray) -> Share:
    """The share of True in the boolean array ``mask`` (shape (n,), n >= 1)."""
    count = int(np.count_nonzero(mask))
    trials = int(mask.shape[0])
    low, high = wilson_interval(count, trials)
    return Share(label, count, trials, low, high)


@dataclass(frozen=True)
class Summary:
    """What a study found: headline shares, fouls by code, balls pocketed, distribution."""

    shares: tuple[Share, ...]
    fouls: tuple[Share, ...]
    balls: tuple[Share, ...]
    distribution: tuple[Share, ...]
    failed: int


def summarize(result: StudyResult) -> Summary:
    """Shares with 95 % Wilson intervals over every shot of ``result``.

    Shots that failed to simulate count as trials (and as neither legal nor pocketing), so a
    failing engine cannot flatter a share; their number is reported as ``failed``.
    """
    c = result.columns
    ok = c["error"] == ""
    scenario = result.scenario
    rows = [
        share("legal shot (no foul)", c["legal"]),
        share("shooter stays at the table", c["shooter_continues"]),
        share("cue ball pocketed (scratch)", c["cue_pocketed"]),
        share("an object ball pocketed", c["n_object_pocketed"] > 0),
        share("shooter wins on this shot", c["shooter_won"]),
    ]
    if scenario.phase.is_break:
        # A legal break: no foul, and not a dry / illegal break that hands the opponent a choice
        # (an 8 on the break leaves the choice to the breaker and stays legal).
        handed_over = (c["options"] != "") & ~c["shooter_continues"] & ~c["frame_over"]
        rows.insert(
            1, share("legal break (no foul, no dry or illegal break)", c["legal"] & ~handed_over)
        )
    cls = scenario.game_class
    if game_takes(cls, "phase.magic_rack") and scenario.phase.is_break:
        # The game racked with a template judges the three-ball rule (9-ball).
        rows.append(
            share(
                "three-ball rule met (>= 3 pocketed or past head string)",
                c["three_ball_count"] >= 3,
            )
        )
    if scenario.table.startswith("pool") and scenario.phase.is_break:
        rows.append(
            share(
                "four-rails rule met (>= 4 object balls to a rail)", c["object_balls_to_rail"] >= 4
            )
        )
    if cls.game_ball is not None:
        rows.append(
            share(f"{cls.game_ball} pocketed", _pocketed_mask(c["pocketed"], cls.game_ball))
        )
    codes: Counter[str] = Counter()
    for text in c["fouls"]:
        codes.update(set(str(text).split()))
    fouls = tuple(
        share(f"foul {code}", np.array([code in str(t).split() for t in c["fouls"]]))
        for code, _ in sorted(codes.items(), key=lambda kv: (-kv[1], kv[0]))
    )
    names: Counter[str] = Counter()
    for text in c["pocketed"]:
        names.update(set(str(text).split()))
    ordered = [n for n in scenario.ball_names if names[n]]
    balls = tuple(share(f"{n} pocketed", _pocketed_mask(c["pocketed"], n)) for n in ordered)
    counts = c["n_object_pocketed"][ok] if ok.any() else c["n_object_pocketed"]
    top = int(counts.max()) if counts.size else 0
    distribution = tuple(
        share(f"{k} object balls pocketed", c["n_object_pocketed"] == k) for k in range(top + 1)
    )
    return Summary(
        shares=tuple(rows),
        fouls=fouls,
        balls=balls,
        distribution=distribution,
        failed=int(np.count_nonzero(~ok)),
    )


def _pocketed_mask(pocketed: np.ndarray, name: str) -> np.ndarray:
    return np.array([name in str(text).split() for text in pocketed], dtype=bool)


def format_summary(result: StudyResult, summary: Summary) -> str:
    """A plain-text report: the plan, then each share as percent with its 95 % interval."""
    noise = result.noise
    rate = result.shots / result.wall_s if result.wall_s > 0 else float("inf")
    lines = [
        f"study of {result.scenario.source}: {result.shots} shots, seed {result.seed}, "
        f"{result.workers} worker(s) ({result.backend}), {result.wall_s:.1f} s "
        f"({rate:.0f} shots/s)",
        f"noise: speed x(1 + N(0, {noise.speed_rel:g}))"
        + (f" + N(0, {noise.speed_abs:g} m/s)" if noise.speed_abs else "")
        + f", phi + N(0, {noise.phi_deg:g} deg), "
        f"theta + N(0, {noise.theta_deg:g} deg), a, b + N(0, {noise.tip:g} R)",
    ]
    if summary.failed:
        lines.append(f"WARNING: {summary.failed} shot(s) failed to simulate (see the error column)")
    points = result.columns["points_shooter"], result.columns["points_opponent"]
    if points[0].any() or points[1].any():
        lines.append(
            f"points per shot: shooter {points[0].mean():.3f} (sd {points[0].std():.3f}), "
            f"opponent {points[1].mean():.3f} (sd {points[1].std():.3f})"
        )
    for title, group in (
        ("outcome", summary.shares),
        ("fouls", summary.fouls),
        ("balls pocketed", summary.balls),
        ("object balls pocketed per shot", summary.distribution),
    ):
        if not group:
            continue
        lines.append("")
        lines.append(f"{title:<58} {'share':>8}   95% CI (Wilson)")
        for s in group:
            lines.append(
                f"  {s.label:<56} {100 * s.value:7.2f}%   [{100 * s.low:6.2f}%, "
                f"{100 * s.high:6.2f}%]  ({s.count}/{s.trials})"
            )
    return "\n".join(lines)


def summary_to_dict(result: StudyResult, summary: Summary) -> dict[str, Any]:
    """The summary as JSON-friendly data."""

    def rows(group: tuple[Share, ...]) -> list[dict[str, Any]]:
        return [
            {
                "label": s.label,
                "count": s.count,
                "trials": s.trials,
                "share": s.value,
                "ci95": [s.low, s.high],
            }
            for s in group
        ]

    return {
        "scenario": result.scenario.source,
        "shots": result.shots,
        "seed": result.seed,
        "workers": result.workers,
        "backend": result.backend,
        "wall_s": result.wall_s,
        "noise": dataclasses.asdict(result.noise),
        "failed": summary.failed,
        "outcome": rows(summary.shares),
        "fouls": rows(summary.fouls),
        "balls": rows(summary.balls),
        "distribution": rows(summary.distribution),
    }


class OutputFormatError(ValueError):
    """An output file name whose format is unknown or needs a missing library."""


def write_table(result: StudyResult, path: str | Path) -> Path:
    """Write the per-shot table to ``path``: CSV (``.csv``) or Parquet (``.parquet``).

    Parquet needs pyarrow; without it an :class:`OutputFormatError` says so. Floats are written
    with ``repr`` precision, so equal studies give byte-equal CSV files.
    """
    path = Path(path)
    suffix = path.suffix.lower()
    c = result.columns
    if suffix == ".parquet":
        try:
            import pyarrow as pa
            import pyarrow.parquet as pq
        except ImportError:
            raise OutputFormatError(
                f"{path}: writing Parquet needs pyarrow (pip install pyarrow); use .csv"
            ) from None
        table = pa.table({name: c[name].tolist() for name in COLUMNS})
        sink = pa.BufferOutputStream()
        pq.write_table(table, sink)
        return write_atomic(path, sink.getvalue().to_pybytes())
    if suffix != ".csv":
        raise OutputFormatError(f"{path}: unknown table format {suffix!r}; use .csv or .parquet")
    text = io.StringIO(newline="")
    writer = csv.writer(text)
    writer.writerow(COLUMNS)
    for i in range(result.shots):
        writer.writerow([_cell(c[name][i]) for name in COLUMNS])
    return write_atomic(path, text.getvalue())


def _cell(value: Any) -> str:
    if isinstance(value, np.bool_ | bool):
        return "1" if value else "0"
    if isinstance(value, np.floating | float):
        return repr(float(value))
    return str(value)


def read_csv(path: str | Path) -> list[dict[str, str]]:
    """The rows of a study CSV as dicts of strings (for checks and notebooks)."""
    with Path(path).open(newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


#: Picture formats :func:`plot_study` writes, by file suffix.
PLOT_SUFFIXES = (".png", ".svg", ".pdf")

#: Table formats :func:`write_table` writes, by file suffix.
TABLE_SUFFIXES = (".csv", ".parquet")


def plot_study(result: StudyResult, summary: Summary, path: str | Path) -> Path:
    """A picture (PNG, SVG or PDF by the suffix of ``path``): the distribution of object balls
    pocketed, and the headline shares with their 95 % intervals. Uses matplotlib's
    non-interactive Agg backend; written through ``rules.files.write_atomic``.
    :class:`OutputFormatError` for another suffix, before anything is drawn."""
    suffix = Path(path).suffix.lower()
    if suffix not in PLOT_SUFFIXES:
        raise OutputFormatError(
            f"{path}: unknown picture format {suffix or '(none)'!r}; use {', '.join(PLOT_SUFFIXES)}"
        )
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.8), constrained_layout=True)
    ks = np.arange(len(summary.distribution))
    values = np.array([s.value for s in summary.distribution])
    errors = np.array(
        [
            [s.value - s.low for s in summary.distribution],
            [s.high - s.value for s in summary.distribution],
        ]
    ).clip(min=0.0)
    left.bar(ks, 100 * values, yerr=100 * errors, color="#2f7f4f", capsize=3)
    left.set_xlabel("object balls pocketed")
    left.set_ylabel("shots, %")
    left.set_xticks(ks)
    left.set_title("balls pocketed per shot")
    shown = list(summary.shares) + list(summary.fouls[:4])
    labels = [s.label for s in shown]
    ys = np.arange(len(shown))
    vals = np.array([s.value for s in shown])
    errs = np.array([[s.value - s.low for s in shown], [s.high - s.value for s in shown]])
    errs = errs.clip(min=0.0)
    right.barh(ys, 100 * vals, xerr=100 * errs, color="#3b6fb6", capsize=3)
    right.set_yticks(ys)
    right.set_yticklabels(labels, fontsize=8)
    right.invert_yaxis()
    right.set_xlim(0, 100)
    right.set_xlabel("shots, % (95% Wilson interval)")
    right.set_title("outcomes")
    title = result.scenario.title or Path(result.scenario.source).name
    fig.suptitle(f"{title}: {result.shots} shots, seed {result.seed}")
    picture = io.BytesIO()
    fig.savefig(picture, format=suffix[1:], dpi=100)
    plt.close(fig)
    return write_atomic(path, picture.getvalue())
