"""One picture per statistic of a match study: each variant's value with its 95 % interval,
and each later variant's difference from the first, written atomically (PNG, SVG or PDF)."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

#: Colours of the variants, in the study's order (then repeated).
COLOURS = ("#2a6f97", "#c9184a", "#6a994e", "#f4a261", "#7b2cbf", "#8d99ae")


def plot_paths(path: Path, report: dict[str, Any]) -> list[tuple[dict[str, Any], Path]]:
    """(statistic, file) for every statistic: ``NAME-<key>.SUFFIX`` beside ``path``."""
    out = []
    for stat in report["statistics"]:
        slug = re.sub(r"[^A-Za-z0-9_]+", "-", stat["key"]).strip("-")
        out.append((stat, path.with_name(f"{path.stem}-{slug}{path.suffix}")))
    return out


def plot_study(report: dict[str, Any], path: Path) -> list[Path]:
    """Draw every statistic of ``report`` (``lab.match_study_report.study_report``) into its
    own file beside ``path`` (:func:`plot_paths`); the files written, in order."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    import rules
    from lab.match_study_report import difference_words, estimate_words
    from rules.files import write_atomic

    study = report["study"]
    cls = rules.game_class(study["game"])
    names = [v["name"] for v in report["variants"]]
    colours = [COLOURS[i % len(COLOURS)] for i in range(len(names))]
    written = []
    for stat, target in plot_paths(path, report):
        share = stat["kind"] == "share"
        k = 100.0 if share else 1.0
        unit = " (%)" if share else ""
        with_diff = len(names) > 1
        fig, axes = plt.subplots(1, 2 if with_diff else 1, figsize=(10 if with_diff else 6, 4.2),
                                 squeeze=False)  # fmt: skip
        ax = axes[0][0]
        est = [stat["estimates"][n] for n in names]
        values = [(e["value"] or 0.0) * k for e in est]
        lows = [v - (e["low"] or 0.0) * k for v, e in zip(values, est, strict=True)]
        highs = [(e["high"] or 0.0) * k - v for v, e in zip(values, est, strict=True)]
        ticks = [f"{n}\n{estimate_words(stat['kind'], e)}" for n, e in zip(names, est, strict=True)]
        ax.bar(ticks, values, color=colours, yerr=[lows, highs], capsize=6)
        ax.set_ylabel(stat["label"] + unit)
        ax.set_title("each variant, 95 % interval", fontsize=10)
        ax.margins(y=0.15)
        if with_diff:
            dx = axes[0][1]
            base = report["reference"]
            others = names[1:]
            diffs = [stat["differences"][n] for n in others]
            dv = [(d["value"] or 0.0) * k for d in diffs]
            dlo = [v - (d["low"] or 0.0) * k for v, d in zip(dv, diffs, strict=True)]
            dhi = [(d["high"] or 0.0) * k - v for v, d in zip(dv, diffs, strict=True)]
            ys = list(range(len(others)))
            dx.errorbar(dv, ys, xerr=[dlo, dhi], fmt="o", color="#333333", capsize=6)
            dx.axvline(0.0, color="#999999", linewidth=1)
            dx.set_yticks(ys, [f"{n} - {base}\n{difference_words(stat['kind'], d)}"
                               for n, d in zip(others, diffs, strict=True)])  # fmt: skip
            dx.set_ylim(-0.8, len(others) - 0.2)
            dx.set_xlabel("difference" + (" (percentage points)" if share else ""))
            dx.set_title("difference from the first variant, 95 % interval", fontsize=10)
        levels = " vs ".join(study["levels"])
        fig.suptitle(f"{cls.title}, {levels}: {stat['label']}", fontsize=11)
        fig.tight_layout()
        buffer = io.BytesIO()
        fig.savefig(buffer, format=target.suffix.lstrip(".").lower() or "png", dpi=100)
        plt.close(fig)
        write_atomic(target, buffer.getvalue())
        written.append(target)
    return written
