"""The breaks: every game, standard table, rack style and level has a searched break shipped
with the package, played from the zone and taken by the referee."""

from __future__ import annotations

import json
from importlib.resources import files

import pytest

import agents
import rules
from agents.breaks import AT_THE_TABLE, BREAKS_FILE, break_key, break_plan, search_break
from agents.levels import level_named


def _standard_breaks() -> list[tuple[str, object, str, str]]:
    out = []
    for cls in rules.games():
        styles = ("triangle", "magic") if "rack_style" in cls.options else ("",)
        for table in cls.allowed_tables():
            for style in styles:
                for level in agents.LEVELS:
                    out.append((cls.kind.value, table, style, level))
    return out


def test_every_standard_break_is_shipped_and_nothing_else() -> None:
    shipped = json.loads(files("agents").joinpath(BREAKS_FILE).read_text(encoding="utf-8"))
    keys = {
        break_key(kind, table, style, level) for kind, table, style, level in _standard_breaks()
    }  # type: ignore[arg-type]
    assert set(shipped) == keys


@pytest.mark.parametrize(("kind", "table", "style", "level"), _standard_breaks()[::5])
def test_a_shipped_break_is_placed_in_the_zone_and_judged(
    kind: str, table: object, style: str, level: str
) -> None:
    options = {"table": table, **({"rack_style": style} if style else {})}
    game = rules.new_game(kind, players=("A", "B"), seed=9, **options)
    plan = break_plan(game, level_named(level))
    assert plan.cue_ball_at is not None and game.placement_problem(plan.cue_ball_at) is None
    ruling, after = game.play(plan.strike, plan.declaration, plan.cue_ball_at)
    assert after.shot_number == 1 and ruling.shooter == game.to_play


def test_a_break_is_searched_at_the_table_when_none_is_shipped() -> None:
    game = rules.new_game("nine-ball", players=("A", "B"), seed=9, rack_style="magic")
    plan = search_break(game, level_named("beginner"), AT_THE_TABLE)
    assert plan.kind.value == "break" and plan.cue_ball_at is not None
    assert game.placement_problem(plan.cue_ball_at) is None
    assert search_break(game, level_named("beginner"), AT_THE_TABLE) == plan  # deterministic
