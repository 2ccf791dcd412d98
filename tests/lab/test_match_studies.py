"""Match studies: the file is read or refused in one line naming the field; the statistics and
their intervals are the published ones on known counts; every variant plays the same seeds; a
study gives the same report with one worker or two; ``cuesim match FILE`` prints the comparison
and writes its outputs."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

import agents
import rules
import sim
from cuesim.cli import main
from lab.match_compare import (
    RackFacts,
    Statistic,
    compare,
    difference,
    estimate,
    rack_facts,
    statistics_for,
)
from lab.match_play import MatchShot, RackResult, _row
from lab.match_study import MatchStudyError, load_match_study, parse_match_study
from lab.match_study_report import format_study, study_csv, study_report
from lab.match_study_schema import schema_json
from lab.matches import run_plans
from lab.report import wilson_interval
from tests.rules.pool_helpers import A, nine, position, shot
from tests.rules.snooker_helpers import game_with, hand_shot

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "match-studies"

SMALL = """
format = "cuesim-match-study"
version = 1
game = "nine-ball"
levels = ["beginner", "beginner"]
racks = 2
seed = 5

[variants.triangle]
rack_style = "triangle"

[variants.magic]
rack_style = "magic"
"""


def test_the_documented_schema_is_the_one_the_loader_reads() -> None:
    documented = (ROOT / "docs" / "match-study-schema.json").read_text(encoding="utf-8")
    assert documented == schema_json()


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.toml")), ids=lambda p: p.name)
def test_every_shipped_study_loads(path: Path) -> None:
    study = load_match_study(path)
    assert len(study.variants) >= 2 and study.racks + study.matches > 0
    plans = study.plans()
    assert {p.seed for p in plans} == {study.seed} and len({p.options for p in plans}) == len(plans)


def test_a_study_reads_its_variants_in_order_with_the_shared_options() -> None:
    text = SMALL.replace(
        "seed = 5", 'seed = 5\n[options]\nreferee_warns = false\ntable = "pool-7ft"'
    )
    study = parse_match_study(text, source="s.toml")
    assert [v.name for v in study.variants] == ["triangle", "magic"]
    first = dict(study.variants[0].game_options())
    assert first["rack_style"] == "triangle" and first["referee_warns"] is False
    assert first["table"].name.startswith("7")
    assert study.with_size(racks=9, seed=1).racks == 9


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        (('format = "cuesim-match-study"', 'format = "x"'), "format", "expected format"),
        (("version = 1", "version = 2"), "version", "unsupported"),
        (('game = "nine-ball"', 'game = "ten-ball"'), "game", "not allowed"),
        (('levels = ["beginner", "beginner"]', 'levels = ["beginner"]'), "levels", "at least 2"),
        (('levels = ["beginner", "beginner"]', 'levels = ["beginner", "legend"]'), "levels[1]",
         "not allowed"),
        (('levels = ["beginner", "beginner"]', 'levels = ["pro", "pro", "pro", "pro"]'), "levels",
         "played by 2"),
        (("racks = 2", "racks = 0"), "racks", ">= 1"),
        (("racks = 2", "racks = 2\nrace_to = 3"), "race_to", "not both"),
        (("racks = 2", "matches = 3"), "matches", "goes with race_to"),
        (("racks = 2", ""), "racks", "required"),
        (("seed = 5", "seed = -1"), "seed", ">= 0"),
        (('rack_style = "magic"', 'rack_style = "round"'), "variants.magic.rack_style",
         "rack_style 'round' is unknown"),
        (('rack_style = "magic"', "rack_style = 1.5"), "variants.magic.rack_style",
         "an option's value"),
        (('rack_style = "magic"', "breaker = 1"), "variants.magic.breaker", "the runner sets it"),
        (('rack_style = "magic"', "colour = 1"), "variants.magic.colour", "may set"),
        (('rack_style = "magic"', 'table = "snooker"'), "variants.magic.table",
         "not a 9-ball table"),
        (('rack_style = "magic"', "referee_warns = 2"), "variants.magic.referee_warns",
         "True or False"),
        (('[variants.magic]\nrack_style = "magic"', ""), "variants", "two variants at least"),
        (("[variants.magic]", '[variants."bad\\tname"]'), "variants['bad\\tname']", "printable"),
        (("version = 1", "version = 1\nextra = 1"), "extra", "unknown key"),
    ],
)  # fmt: skip
def test_a_bad_study_is_refused_in_one_line_naming_the_file_and_field(
    change: tuple[str, str], field: str, words: str
) -> None:
    text = SMALL.replace(*change)
    with pytest.raises(MatchStudyError) as caught:
        parse_match_study(text, source="bad.toml")
    message = str(caught.value)
    assert "\n" not in message and message.startswith(f"bad.toml: {field}:"), message
    assert words in message


def test_a_study_file_that_is_no_toml_or_not_there_is_refused(tmp_path: Path) -> None:
    with pytest.raises(MatchStudyError, match="not valid TOML"):
        parse_match_study("game = [", source="x.toml")
    with pytest.raises(MatchStudyError, match="cannot read the file"):
        load_match_study(tmp_path / "missing.toml")


def _facts(**fields: object) -> RackFacts:
    base: dict[str, object] = dict(
        breaker_won=False, break_and_run=False, kept_table=False, won_on_break=False,
        dry_break=False, third_foul=False, respotted_black=False, conceded=False, stalemates=0,
        shots=0, foul_shots=0, safeties=0, push_outs=0, misses=0, free_balls=0,
        fouls=Counter(), breaks=(),
    )  # fmt: skip
    base.update(fields)
    return RackFacts(**base)  # type: ignore[arg-type]


def test_a_share_and_its_difference_are_wilson_and_newcombes_method_10() -> None:
    # Newcombe (1998), Table II, example (a): 56/70 against 48/80: difference 0.2000,
    # method 10 interval 0.0524 to 0.3339.
    stat = Statistic("won", "won", "share", lambda f: f.breaker_won)
    a = [_facts(breaker_won=i < 48) for i in range(80)]
    b = [_facts(breaker_won=i < 56) for i in range(70)]
    est = estimate(stat, b)
    assert est["count"] == 56 and est["value"] == pytest.approx(0.8)
    assert (est["low"], est["high"]) == wilson_interval(56, 70)
    diff = difference(stat, a, b)
    assert diff["value"] == pytest.approx(0.2)
    assert (diff["low"], diff["high"]) == pytest.approx((0.0524, 0.3339), abs=5e-5)


def test_a_mean_is_normal_and_its_difference_welchs() -> None:
    stat = Statistic("shots", "shots", "mean", lambda f: f.shots)
    a = [_facts(shots=s) for s in (4, 6, 8, 10)]
    b = [_facts(shots=s) for s in (10, 12)]
    est = estimate(stat, a)
    half = 1.959964 * (20 / 3) ** 0.5 / 2
    assert (est["value"], est["high"]) == pytest.approx((7.0, 7.0 + half), rel=1e-5)
    diff = difference(stat, a, b)
    assert diff["value"] == pytest.approx(4.0)
    assert diff["high"] - diff["value"] == pytest.approx(1.959964 * (20 / 3 / 4 + 2 / 2) ** 0.5)


def test_the_mean_break_is_a_ratio_whose_bootstrap_is_the_same_on_every_run() -> None:
    cls = rules.game_class("snooker")
    racks = [_facts(breaks=(10, 30)), _facts(breaks=(5,)), _facts(breaks=())]
    stat = next(s for s in statistics_for(cls, []) if s.key == "mean_break")
    first, again = estimate(stat, racks), estimate(stat, racks)
    assert first == again and first["value"] == pytest.approx(15.0)
    assert 0.0 <= first["low"] <= first["value"] <= first["high"] <= 30.0


def _shot(player: int, index: int, **fields: object) -> MatchShot:
    return MatchShot(rack=0, index=index, player=player, side=player % 2, move="shot",
                     **fields)  # type: ignore[arg-type]  # fmt: skip


def test_a_racks_facts_read_its_rows() -> None:
    rows = (
        _shot(1, 0, intent="break", context="dry_break"),
        MatchShot(rack=0, index=1, player=0, side=0, move="choice"),
        _shot(1, 2, intent="push_out"),
        _shot(0, 3, intent="pot", fouls="wrong_ball_first"),
        _shot(0, 4, intent="safety", fouls="cue_ball_pocketed,wrong_ball_first", third_foul=True),
    )
    rack = RackResult(rack=0, breaker=1, winner=1, stalled=False, reason="", score=(0, 0),
                      shots=rows)  # fmt: skip
    facts = rack_facts(rack)
    assert facts.breaker_won and facts.dry_break and facts.third_foul
    assert not facts.kept_table and not facts.break_and_run and not facts.won_on_break
    assert (facts.shots, facts.foul_shots, facts.safeties, facts.push_outs) == (4, 2, 1, 1)
    assert facts.fouls == {"wrong_ball_first": 2, "cue_ball_pocketed": 1}
    kept = RackResult(rack=1, breaker=0, winner=0, stalled=False, reason="", score=(0, 0),
                      shots=(_shot(0, 0, intent="break"),))  # fmt: skip
    assert rack_facts(kept).won_on_break and rack_facts(kept).kept_table


def test_a_stalled_rack_is_counted_and_left_out_of_the_statistics() -> None:
    cls = rules.game_class("nine-ball")
    done = RackResult(rack=0, breaker=0, winner=0, stalled=False, reason="", score=(0, 0),
                      shots=(_shot(0, 0, intent="break"),))  # fmt: skip
    stalled = RackResult(rack=1, breaker=1, winner=None, stalled=True, reason="", score=(0, 0),
                         shots=(_shot(1, 0, intent="break"),))  # fmt: skip
    out = compare(cls, [("a", [done, stalled]), ("b", [done])])
    assert out["variants"][0] == {"name": "a", "racks": 2, "stalled": 1}
    won = next(s for s in out["statistics"] if s["key"] == "breaker_won")
    assert won["estimates"]["a"]["n"] == 1 and won["estimates"]["a"]["value"] == 1.0


def test_a_study_gives_the_same_report_with_one_worker_or_two() -> None:
    study = parse_match_study(SMALL, source="s.toml")
    one = study_report(study, run_plans(study.plans(), workers=1))
    two = study_report(study, run_plans(study.plans(), workers=2))
    text = format_study(one)
    assert "breaker wins the rack" in text and "magic - triangle" in text
    for report in (one, two):
        report.pop("workers"), report.pop("wall_s"), report.pop("backend")
        for players in report["players"].values():
            for p in players:
                p.pop("decision_median_s"), p.pop("decision_p95_s")
    assert json.dumps(one, sort_keys=True) == json.dumps(two, sort_keys=True)
    assert study_csv(one) == study_csv(two)


def test_cuesim_match_plays_a_study_file_and_writes_its_outputs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.toml"
    path.write_text(SMALL.replace("racks = 2", "racks = 1"), encoding="utf-8")
    out, table, plot = tmp_path / "r.json", tmp_path / "r.csv", tmp_path / "r.png"
    status = main(["match", str(path), "--workers", "1", "--quiet", "--seed", "3",
                   "--json", str(out), "--csv", str(table), "--plot", str(plot)])  # fmt: skip
    text = capsys.readouterr().out
    assert status == 0, text
    assert "triangle" in text and "magic - triangle" in text and "seed 3" in text
    report = json.loads(out.read_text())
    assert report["study"]["seed"] == 3 and report["reference"] == "triangle"
    assert (
        table.read_text().splitlines()[0]
        == "key,label,kind,variant,compared_with,value,low,high,racks"
    )
    pictures = sorted(tmp_path.glob("r-*.png"))
    assert len(pictures) == len(report["statistics"])
    assert (tmp_path / "r-breaker_won.png").read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        (["--players", "pro", "pro"], "--players is set by the study file"),
        (["--rack-style", "magic"], "--rack-style is set by the study file"),
        (["--players-warn"], "--players-warn is set by the study file"),
    ],
)
def test_cuesim_match_refuses_what_the_study_file_decides(
    extra: list[str], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.toml"
    path.write_text(SMALL, encoding="utf-8")
    assert main(["match", str(path), *extra]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and words in err


def test_cuesim_match_refuses_a_bad_study_file_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.toml"
    path.write_text(SMALL.replace('"magic"', '"round"'), encoding="utf-8")
    assert main(["match", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "variants.magic.rack_style" in err
    assert main(["match", "nine-ball"]) == 2
    assert "--players is required" in capsys.readouterr().err


def _move() -> agents.Move:
    strike = sim.Strike(speed=2.0, phi=0.0)
    return agents.Move(kind=agents.MoveKind.SHOT, explain="a shot", strike=strike,
                       intended=strike, intent=agents.ShotIntent("pot", ball=1))  # fmt: skip


def test_a_moves_row_records_a_loss_on_the_third_foul() -> None:
    game = position(nine(), {0: (0.6, 1.94), 1: A, 9: (0.3, 2.24)})
    warned = replace(game, fouls_in_a_row=(2, 0), warning_given=(True, False))
    log = shot(warned).hit(0, 9).result()
    row = _row(warned, _move(), warned.judge(log), 0, 0, 0.0)
    assert row.third_foul and row.fouls == "wrong_ball_first" and not row.miss
    second = replace(game, fouls_in_a_row=(1, 0))
    assert not _row(second, _move(), second.judge(log), 0, 0, 0.0).third_foul


def test_a_moves_row_records_a_miss_and_the_choice_it_offers() -> None:
    game = game_with({"cue": (0.889, 1.0), "red_1": (0.889, 2.0), "red_2": (0.5, 2.5),
                      "yellow": (1.181, 0.737), "black": (0.889, 3.24)})  # fmt: skip
    ruling = game.judge(hand_shot(game, [("cushion", 0.5, 0)], moves={"cue": (0.3, 0.4)}))
    row = _row(game, _move(), ruling, 0, 0, 0.0)
    assert row.miss and row.fouls and not row.third_foul and not row.respotted_black
    assert row.points < 0
