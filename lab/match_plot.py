"""Each player's figures of a run of computer matches as one picture (PNG, SVG or PDF)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

#: The panels: (title, figure key, scale to percent).
POOL_PANELS = (
    ("racks won", "racks_won", False),
    ("pots made (%)", "pot_rate", True),
    ("fouls (% of shots)", "foul_rate", True),
    ("break-and-runs (% of legal breaks)", "break_and_run_rate", True),
    ("run-outs from the first visit (%)", "first_visit_rate", True),
    ("decision time, median (s)", "decision_median_s", False),
)
SNOOKER_PANELS = (
    ("frames won", "racks_won", False),
    ("pots made (%)", "pot_rate", True),
    ("fouls (% of shots)", "foul_rate", True),
    ("mean scoring visit (points)", "mean_scoring_visit", False),
    ("breaks of 50+", "breaks_50", False),
    ("decision time, median (s)", "decision_median_s", False),
)


def plot_players(report: dict[str, Any], path: Path) -> None:
    """Draw ``report`` (``cuesim.match_command.match_report``) into ``path``, written
    atomically."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    import rules
    from rules.files import write_atomic

    cls = rules.game_class(report["game"])
    panels = SNOOKER_PANELS if cls.scores_points else POOL_PANELS
    players = report["players"]
    names = [f"{p['player'] + 1}: {p['level']}" for p in players]
    fig, axes = plt.subplots(2, 3, figsize=(11, 6.5))
    for ax, (title, key, percent) in zip(axes.flat, panels, strict=True):
        values = [p[key] * (100 if percent else 1) for p in players]
        bars = ax.bar(
            names, values, color=["#2a6f97", "#c9184a", "#6a994e", "#f4a261"][: len(names)]
        )
        ax.bar_label(bars, fmt="%.3g")
        ax.set_title(title, fontsize=10)
        ax.tick_params(axis="x", labelsize=8)
    levels = " vs ".join(report["levels"])
    fig.suptitle(
        f"{cls.title}: {levels}, {report['racks']} {cls.frame_word}s, seed {report['seed']}"
    )
    fig.tight_layout()

    buffer = io.BytesIO()
    fig.savefig(buffer, format=path.suffix.lstrip(".").lower() or "png", dpi=110)
    plt.close(fig)
    write_atomic(path, buffer.getvalue())
