"""Whole racks between computer players: every rack ends with a result, the figures count what
happened, the same seed gives the same run with one worker or two, and ``cuesim match`` refuses
bad command lines in one line."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from cuesim.cli import main
from lab.match_play import MatchShot, RackResult, play_rack
from lab.match_stats import player_stats, race_share, visits_of
from lab.matches import MatchPlan, derive_seed, run_matches


def _shot(player: int, **fields: object) -> MatchShot:
    return MatchShot(rack=0, index=0, player=player, side=player % 2, move="shot", **fields)  # type: ignore[arg-type]


def test_a_break_and_run_counts_for_the_breaker_only_when_the_opponent_never_shot() -> None:
    run = RackResult(rack=0, breaker=0, winner=0, stalled=False, reason="", score=(0, 0),
                     shots=(_shot(0, intent="break"), _shot(0, intent="pot", made=True),
                            _shot(0, intent="pot", made=True)))  # fmt: skip
    not_run = RackResult(rack=1, breaker=1, winner=1, stalled=False, reason="", score=(0, 0),
                         shots=(_shot(1, intent="break"), _shot(0, intent="safety"),
                                _shot(1, intent="pot", made=True)))  # fmt: skip
    stats = player_stats(("pro", "pro"), [run, not_run])
    assert (stats[0].legal_breaks, stats[0].break_and_runs) == (1, 1)
    assert (stats[1].legal_breaks, stats[1].break_and_runs) == (1, 0)
    assert (stats[0].pots_attempted, stats[0].pots_made, stats[0].safeties) == (2, 2, 1)
    assert (stats[0].first_visits, stats[0].first_visit_wins) == (2, 1)
    assert (stats[1].first_visits, stats[1].first_visit_wins) == (1, 0)
    assert (stats[0].racks_won, stats[1].racks_won) == (1, 1)


@pytest.mark.parametrize("race_to", [1, 2, 3, 5])
@pytest.mark.parametrize("p", [0.0, 0.3, 0.5, 0.86, 1.0])
def test_the_race_share_is_the_chance_of_every_sequence_of_racks_the_player_wins(
    p: float, race_to: int
) -> None:
    # Play out all 2 ** (2n - 1) sequences of racks (enough to decide any race to n): the
    # player wins a sequence's race when its n-th win comes before its n-th loss.
    total = 0.0
    for outcome in itertools.product((True, False), repeat=2 * race_to - 1):
        wins = losses = 0
        for won in outcome:
            wins, losses = wins + won, losses + (not won)
            if wins == race_to or losses == race_to:
                break
        chance = p ** sum(outcome) * (1.0 - p) ** (len(outcome) - sum(outcome))
        total += chance if wins == race_to else 0.0
    assert race_share(p, race_to) == pytest.approx(total, abs=1e-12)
    assert race_share(1.0 - p, race_to) == pytest.approx(1.0 - total, abs=1e-12)


def test_a_visit_is_a_run_of_one_players_shots_and_a_foul_ends_it_scoring_nothing() -> None:
    shots = [_shot(0, points=1), _shot(0, points=7), _shot(1, points=0), _shot(1, points=1),
             _shot(1, points=-4, fouls="wrong_ball_first"), _shot(0, points=1)]  # fmt: skip
    assert visits_of(shots) == [(0, 8), (1, 1), (0, 1)]


def test_fouls_are_counted_by_kind_and_by_shot() -> None:
    rack = RackResult(rack=0, breaker=0, winner=1, stalled=False, reason="", score=(0, 0),
                      shots=(_shot(0, intent="break", fouls="cue_ball_pocketed"),
                             _shot(1, intent="pot", fouls="cue_ball_pocketed,wrong_ball_first"),
                             _shot(0, intent="pot", made=True)))  # fmt: skip
    stats = player_stats(("amateur", "beginner"), [rack])
    assert stats[0].legal_breaks == 0 and stats[0].foul_shots == 1
    assert stats[1].fouls == {"cue_ball_pocketed": 1, "wrong_ball_first": 1}
    assert stats[1].foul_rate == 1.0


@pytest.mark.parametrize("kind", ["nine-ball", "eight-ball"])
def test_a_rack_between_computers_ends_with_a_result(kind: str) -> None:
    rack = play_rack(kind, ("beginner", "beginner"), seed=3, rack=0, breaker=0, move_seed=1)
    assert not rack.stalled and rack.winner in (0, 1)
    moves = [s for s in rack.shots if s.move == "shot"]
    assert moves[0].intent == "break" and moves[0].player == 0
    assert all(s.explain for s in rack.shots)


def test_the_same_seed_gives_the_same_racks_with_one_worker_or_two() -> None:
    plan = MatchPlan(kind="nine-ball", levels=("beginner", "amateur"), seed=9, racks=3)
    one = run_matches(plan, workers=1)
    two = run_matches(plan, workers=2)

    def moves(run: object) -> list[tuple[object, ...]]:
        return [(s.rack, s.index, s.player, s.move, s.intent, s.fouls, s.pocketed, s.explain)
                for r in run.racks() for s in r.shots]  # type: ignore[attr-defined]  # fmt: skip

    assert moves(one) == moves(two)
    assert [r.winner for r in one.racks()] == [r.winner for r in two.racks()]
    assert derive_seed(9, 0) != derive_seed(9, 1)


def test_a_race_is_played_to_its_end() -> None:
    plan = MatchPlan(kind="nine-ball", levels=("beginner", "beginner"), seed=2, race_to=2,
                     matches=1)  # fmt: skip
    run = run_matches(plan, workers=1)
    wins = [r.winner for r in run.racks()]
    assert max(wins.count(0), wins.count(1)) == 2
    winner = run.match_winners()[0]
    assert winner is not None and wins.count(winner) == 2
    assert sum(s.matches_won for s in run.stats()) == 1


def test_cuesim_match_prints_each_players_figures_and_writes_its_outputs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, rows = tmp_path / "m.json", tmp_path / "m.csv"
    status = main(["match", "nine-ball", "--players", "beginner", "amateur", "--racks", "2",
                   "--seed", "4", "--workers", "1", "--quiet", "--json", str(out),
                   "--csv", str(rows)])  # fmt: skip
    text = capsys.readouterr().out
    assert status == 0
    assert "9-ball: beginner vs amateur" in text and "pots made / attempted" in text
    report = json.loads(out.read_text())
    assert report["racks"] == 2 and report["stalled"] == 0
    assert [p["level"] for p in report["players"]] == ["beginner", "amateur"]
    assert sum(p["racks_won"] for p in report["players"]) == 2
    header = rows.read_text().splitlines()[0]
    assert header.startswith("unit,rack,index,player,side,move,intent")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["match", "ten-ball", "--players", "pro", "pro"], "unknown game 'ten-ball'"),
        (["match", "nine-ball", "--players", "pro", "legend"], "unknown level 'legend'"),
        (["match", "nine-ball", "--players", "pro"], "played by 2 players"),
        (["match", "nine-ball", "--players", "pro", "pro", "--matches", "3"], "--matches goes"),
        (["match", "snooker", "--players", "pro", "pro", "--table", "9"], "--table is for pool"),
        (["match", "eight-ball", "--players", "pro", "pro", "--rack-style", "magic"], "9-ball"),
        (["match", "nine-ball", "--players", "pro", "pro", "--racks", "0"], "at least 1"),
        (["match", "nine-ball", "--players", "pro", "pro", "--racks", "2", "--race", "3"],
         "not allowed with"),
        (["match", "nine-ball", "--players", "pro", "pro", "--json", "x.txt"], ".json"),
    ],
)  # fmt: skip
def test_cuesim_match_refuses_a_bad_command_line_in_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and message in err


def test_a_dask_cluster_plays_the_same_racks_as_one_process() -> None:
    distributed = pytest.importorskip("distributed")
    plan = MatchPlan(kind="nine-ball", levels=("beginner", "beginner"), seed=5, racks=2)
    local = run_matches(plan, workers=1)
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        remote = run_matches(plan, client=client)
    assert remote.backend == "dask"
    assert [[s.explain for s in r.shots] for r in remote.racks()] == [
        [s.explain for s in r.shots] for r in local.racks()
    ]
