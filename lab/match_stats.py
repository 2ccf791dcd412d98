"""What a run of computer-against-computer racks says about each player.

Per player (a seat of the match: player 0 is the first level named): racks or frames won,
shots, pots attempted and made, safeties, fouls by kind, break-and-runs and run-outs from the
first visit (pool), scoring visits, breaks of 50+ and centuries (snooker), and the computer's
decision time (median, 95th percentile). Every figure is counted from the rows of
:class:`lab.match_play.RackResult`; nothing is sampled twice.

Definitions:

* a pot is attempted when the computer meant to pot a ball; it is made when that ball dropped
  without a foul;
* a break-and-run: the breaker broke without a foul and won the rack without the opponent
  taking a shot; its rate is over the racks the player broke without a foul;
* a run-out from the first visit: the player's first visit to the table in a rack (its break
  included when it broke) won the rack; its rate is over the racks in which the player had a
  visit;
* a visit (snooker) is a run of shots by one player; its points are those its shots scored
  without a foul; a scoring visit scored at least one point.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from lab.match_play import MatchShot, RackResult


@dataclass
class PlayerStats:
    """One player's figures over a run (see the module docstring)."""

    player: int
    level: str
    racks_won: int = 0
    matches_won: int = 0
    shots: int = 0
    pots_attempted: int = 0
    pots_made: int = 0
    safeties: int = 0
    push_outs: int = 0
    foul_shots: int = 0
    fouls: Counter[str] = field(default_factory=Counter)
    legal_breaks: int = 0
    break_and_runs: int = 0
    first_visits: int = 0
    first_visit_wins: int = 0
    visits: list[int] = field(default_factory=list)
    decision_s: list[float] = field(default_factory=list)

    @property
    def pot_rate(self) -> float:
        return self.pots_made / self.pots_attempted if self.pots_attempted else 0.0

    @property
    def foul_rate(self) -> float:
        return self.foul_shots / self.shots if self.shots else 0.0

    @property
    def break_and_run_rate(self) -> float:
        return self.break_and_runs / self.legal_breaks if self.legal_breaks else 0.0

    @property
    def first_visit_rate(self) -> float:
        return self.first_visit_wins / self.first_visits if self.first_visits else 0.0

    def scoring_visits(self) -> list[int]:
        return [v for v in self.visits if v > 0]

    def as_dict(self) -> dict[str, object]:
        """Every figure, JSON-ready."""
        times = np.asarray(self.decision_s) if self.decision_s else np.zeros(1)
        scoring = self.scoring_visits()
        return {
            "player": self.player,
            "level": self.level,
            "racks_won": self.racks_won,
            "matches_won": self.matches_won,
            "shots": self.shots,
            "pots_attempted": self.pots_attempted,
            "pots_made": self.pots_made,
            "pot_rate": round(self.pot_rate, 4),
            "safeties": self.safeties,
            "push_outs": self.push_outs,
            "foul_shots": self.foul_shots,
            "foul_rate": round(self.foul_rate, 4),
            "fouls": dict(sorted(self.fouls.items())),
            "legal_breaks": self.legal_breaks,
            "break_and_runs": self.break_and_runs,
            "break_and_run_rate": round(self.break_and_run_rate, 4),
            "first_visits": self.first_visits,
            "first_visit_wins": self.first_visit_wins,
            "first_visit_rate": round(self.first_visit_rate, 4),
            "scoring_visits": len(scoring),
            "mean_scoring_visit": round(float(np.mean(scoring)), 2) if scoring else 0.0,
            "high_break": max(self.visits, default=0),
            "breaks_50": sum(v >= 50 for v in self.visits),
            "centuries": sum(v >= 100 for v in self.visits),
            "decision_median_s": round(float(np.median(times)), 4),
            "decision_p95_s": round(float(np.percentile(times, 95)), 4),
        }


def visits_of(shots: Sequence[MatchShot]) -> list[tuple[int, int]]:
    """Every visit of a rack as (player, points), in order: a run of shots by one player; a
    foul ends it and scores nothing for it."""
    out: list[tuple[int, int]] = []
    player, points = -1, 0
    for shot in shots:
        if shot.move != "shot":
            continue
        if shot.player != player:
            if player >= 0:
                out.append((player, points))
            player, points = shot.player, 0
        if shot.fouls:
            out.append((player, points))
            player, points = -1, 0
            continue
        points += max(0, shot.points)
    if player >= 0:
        out.append((player, points))
    return out


def add_rack(stats: list[PlayerStats], rack: RackResult, sides: int) -> None:
    """Count one rack into ``stats`` (one entry per player)."""
    shots = [s for s in rack.shots if s.move == "shot"]
    for shot in shots:
        mine = stats[shot.player]
        mine.shots += 1
        mine.decision_s.append(shot.decision_s)
        if shot.intent == "pot":
            mine.pots_attempted += 1
            mine.pots_made += shot.made
        elif shot.intent == "safety":
            mine.safeties += 1
        elif shot.intent == "push_out":
            mine.push_outs += 1
        if shot.fouls:
            mine.foul_shots += 1
            mine.fouls.update(shot.fouls.split(","))
    for row in rack.shots:
        if row.move in ("choice", "concede") and row.player >= 0:
            stats[row.player].decision_s.append(row.decision_s)
    if rack.winner is not None:
        for entry in stats:
            if entry.player % sides == rack.winner:
                entry.racks_won += 1
    if not shots:
        return
    if not shots[0].fouls:
        stats[rack.breaker].legal_breaks += 1
        others = {s.player for s in shots} - {rack.breaker}
        if rack.winner == rack.breaker % sides and not others:
            stats[rack.breaker].break_and_runs += 1
    _first_visits(stats, shots, rack.winner, sides)
    for visitor, points in visits_of(shots):
        stats[visitor].visits.append(points)


def _first_visits(
    stats: list[PlayerStats], shots: list[MatchShot], winner: int | None, sides: int
) -> None:
    seen: set[int] = set()
    runs: list[tuple[int, int]] = []  # (player, index of the run's last shot)
    for i, shot in enumerate(shots):
        if runs and runs[-1][0] == shot.player:
            runs[-1] = (shot.player, i)
        else:
            runs.append((shot.player, i))
    for player, last in runs:
        if player in seen:
            continue
        seen.add(player)
        stats[player].first_visits += 1
        if last == len(shots) - 1 and winner is not None and winner == player % sides:
            stats[player].first_visit_wins += 1


def player_stats(
    levels: Sequence[str], racks: Sequence[RackResult], sides: int = 2
) -> list[PlayerStats]:
    """Each player's figures over ``racks`` (``levels[i]`` is player i's level)."""
    stats = [PlayerStats(player=i, level=level) for i, level in enumerate(levels)]
    for rack in racks:
        add_rack(stats, rack, sides)
    return stats


def race_share(p: float, race_to: int) -> float:
    """The chance of winning a race to ``race_to`` racks (frames) for a player who wins each
    rack with chance ``p``, racks independent: the ``race_to``-th win comes before the
    ``race_to``-th loss, ``sum over k < n of C(n - 1 + k, k) p^n (1 - p)^k`` (n = ``race_to``).
    It lets single racks measure the order of two levels where whole matches are long."""
    n = race_to
    return sum(math.comb(n - 1 + k, k) * p**n * (1.0 - p) ** k for k in range(n))
