"""A match study's results for people and machines: the comparison table as text, CSV rows,
and the whole report as one JSON-ready dict.

The table has one row per statistic (:mod:`lab.match_compare`), one column per variant (the
value and its 95 % interval) and one per later variant's difference from the first. Shares are
written in percent and their differences in percentage points ("pts").
"""

from __future__ import annotations

import csv
import io
from typing import Any

import rules
from lab.match_compare import compare
from lab.match_stats import player_stats
from lab.match_study import MatchStudy
from lab.matches import MatchRun

#: The columns of the CSV table, one row per (statistic, variant) and per difference.
CSV_COLUMNS = ("key", "label", "kind", "variant", "compared_with", "value", "low", "high", "racks")


def study_report(study: MatchStudy, runs: list[MatchRun]) -> dict[str, Any]:
    """The study, how it ran, every variant's statistics with their intervals, the
    differences, and each variant's per-player figures (``lab.match_stats``)."""
    cls = rules.game_class(study.game)
    pairs = [(v.name, run.racks()) for v, run in zip(study.variants, runs, strict=True)]
    comparison = compare(cls, pairs, sides=2)
    return {
        "format": "cuesim-match-study-report",
        "study": {
            "source": study.source,
            "title": study.title,
            "game": study.game,
            "levels": list(study.levels),
            "seed": study.seed,
            "mode": "race" if study.race_to else "racks",
            "racks": study.racks,
            "race_to": study.race_to,
            "matches": study.matches,
            "variants": {v.name: dict(v.options) for v in study.variants},
        },
        "workers": runs[0].workers if runs else 0,
        "backend": runs[0].backend if runs else "",
        "wall_s": round(runs[0].wall_s, 2) if runs else 0.0,
        "intervals": {
            "share": "Wilson score, 95 %; differences: Newcombe's hybrid score (method 10)",
            "mean": "normal, mean +- 1.96 s / sqrt(racks); differences: Welch's normal",
            "ratio": "percentile bootstrap over racks, 2000 resamples, fixed seed",
        },
        **comparison,
        "players": {
            v.name: [p.as_dict() for p in player_stats(study.levels, run.racks(), 2)]
            for v, run in zip(study.variants, runs, strict=True)
        },
    }


def _scale(kind: str) -> float:
    return 100.0 if kind == "share" else 1.0


def estimate_words(kind: str, est: dict[str, Any]) -> str:
    """ "54.2% [49.3, 59.0]" for a share, "3.41 [3.20, 3.62]" for a mean; "-" without racks."""
    if est["value"] is None:
        return "-"
    k = _scale(kind)
    if kind == "share":
        return f"{est['value'] * k:.1f}% [{est['low'] * k:.1f}, {est['high'] * k:.1f}]"
    d = _digits(est)
    return f"{est['value']:.{d}f} [{est['low']:.{d}f}, {est['high']:.{d}f}]"


def _digits(figures: dict[str, Any]) -> int:
    """Decimals of a mean or its difference: three below 1 (rare fouls), two otherwise."""
    return 3 if max(abs(figures["high"]), abs(figures["low"])) < 1.0 else 2


def difference_words(kind: str, diff: dict[str, Any]) -> str:
    """ "+3.1 pts [-3.8, +10.0]" for shares, "+0.12 [-0.05, +0.29]" for means."""
    if diff["value"] is None:
        return "-"
    k = _scale(kind)
    unit = " pts" if kind == "share" else ""
    digits = 1 if kind == "share" else _digits(diff)
    v, lo, hi = (diff[x] * k for x in ("value", "low", "high"))
    return f"{v:+.{digits}f}{unit} [{lo:+.{digits}f}, {hi:+.{digits}f}]"


def format_study(report: dict[str, Any]) -> str:
    """The comparison as a plain-text table, with a header saying what was played."""
    study = report["study"]
    cls = rules.game_class(study["game"])
    word = cls.frame_word
    names = [v["name"] for v in report["variants"]]
    base = report["reference"]
    size = (
        f"{study['matches']} match(es) per variant, races to {study['race_to']}"
        if study["mode"] == "race"
        else f"{study['racks']} {word}s per variant"
    )
    lines = [
        f"{study['title'] or cls.title + ' match study'}",
        f"{cls.title}: {' vs '.join(study['levels'])}, {size}, seed {study['seed']}, "
        f"{report['workers']} worker(s), {report['wall_s']:.1f} s",
    ]
    for v in report["variants"]:
        options = ", ".join(f"{k} = {val!r}" for k, val in study["variants"][v["name"]].items())
        lines.append(f"  {v['name']}: {options or 'the defaults'} ({v['racks']} {word}s played)")
        if v["stalled"]:
            lines.append(f"  WARNING: {v['stalled']} {word}(s) of {v['name']} stopped without a "
                         "result; left out of every statistic")  # fmt: skip
    heads = ["statistic", *names, *(f"{n} - {base}" for n in names[1:])]
    table = []
    for stat in report["statistics"]:
        label = (
            ("  " + stat["label"].removeprefix("fouls: "))
            if stat["key"].startswith("foul:")
            else stat["label"]
        )
        row = [label]
        row += [estimate_words(stat["kind"], stat["estimates"][n]) for n in names]
        row += [difference_words(stat["kind"], stat["differences"][n]) for n in names[1:]]
        table.append(row)
    widths = [max(len(r[i]) for r in [heads, *table]) for i in range(len(heads))]
    lines.append("")
    lines.append("  ".join(h.ljust(w) for h, w in zip(heads, widths, strict=True)).rstrip())
    for row in table:
        lines.append("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip())
    if report.get("high_break"):
        highs = ", ".join(f"{n} {h}" for n, h in report["high_break"].items())
        lines.append(f"highest break of the run: {highs}")
    lines.append("")
    ratio = ", the mean break a bootstrap over frames" if cls.scores_points else ""
    lines.append(
        "95 % intervals: shares Wilson (differences Newcombe, in percentage points), means "
        f"normal (differences Welch){ratio}."
    )
    return "\n".join(lines)


def study_csv(report: dict[str, Any]) -> str:
    """Every estimate and difference as CSV rows (:data:`CSV_COLUMNS`); shares as fractions."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    base = report["reference"]
    for stat in report["statistics"]:
        for name, est in stat["estimates"].items():
            writer.writerow([stat["key"], stat["label"], stat["kind"], name, "",
                             est["value"], est["low"], est["high"], est["n"]])  # fmt: skip
        for name, diff in stat["differences"].items():
            racks = stat["estimates"][name]["n"]
            writer.writerow([stat["key"], stat["label"], stat["kind"], name, base,
                             diff["value"], diff["low"], diff["high"], racks])  # fmt: skip
    return out.getvalue()
