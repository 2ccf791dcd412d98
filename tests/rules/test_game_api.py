"""The referee's public API: new_game, judge/apply/choose, errors, placement, save/load."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

import rules
from rules import (
    BallInHand,
    Choice,
    ChoiceNotOfferedError,
    ChoicePendingError,
    Declaration,
    GameOverError,
    IllegalPlacementError,
    InvalidDeclarationError,
    InvalidOptionError,
    Phase,
    SaveFileError,
    StaleRulingError,
    UnknownGameError,
    WarningNotDueError,
)
from rules.persist import FORMAT, VERSION, dumps, loads, to_dict
from sim.strike import Strike
from sim.table import Table
from tests.rules.pool_helpers import CUE, A, F, eight, nine, position, shot


def test_new_game_kinds_and_errors():
    for kind in ("nine-ball", "eight-ball"):
        g = rules.new_game(kind, players=("Ann", "Bob"), seed=1)
        assert g.kind == kind and g.players == ("Ann", "Bob") and g.seed == 1
    with pytest.raises(UnknownGameError, match="nine-ball, eight-ball, snooker"):
        rules.new_game("straight-pool")
    with pytest.raises(InvalidOptionError, match="triangle, magic"):
        rules.new_game("nine-ball", rack_style="round")
    with pytest.raises(InvalidOptionError, match="unknown 9-ball option"):
        rules.new_game("nine-ball", colour="red")
    with pytest.raises(InvalidOptionError, match="pool table"):
        rules.new_game("eight-ball", table=Table.snooker())
    with pytest.raises(InvalidOptionError, match="two players"):
        rules.new_game("eight-ball", players=("A", "B", "C"))
    small = rules.new_game("nine-ball", table=Table.pool(feet=7), seed=2)
    assert tuple(small.state.pos[1]) == small.table.foot_spot


def test_seed_none_draws_and_stores_a_seed():
    g = rules.new_game("nine-ball")
    assert isinstance(g.seed, int)
    again = rules.new_game("nine-ball", seed=g.seed)
    assert (again.state.pos == g.state.pos).all()


def test_snooker_is_dispatched():
    g = rules.new_game("snooker", players=("Ann", "Bob"), seed=1)
    assert g.kind == "snooker" and isinstance(g, rules.Game)


def test_judge_is_pure_and_apply_returns_a_new_game():
    g = position(nine(), {0: CUE, 1: A, 9: F})
    result = shot(g).hit(0, 1).pocket(1, "top-right").result()
    before = dumps(g)
    r1 = g.judge(result)
    r2 = g.judge(result)
    assert r1 == r2 and dumps(g) == before
    after = g.apply(r1)
    assert after is not g and after.shot_number == g.shot_number + 1 and g.shot_number == 0
    with pytest.raises(StaleRulingError):
        after.apply(r1)


def test_choice_rules():
    g = position(nine(), {0: CUE, 1: A, 9: F}, phase=Phase.PUSH_OUT_ALLOWED)
    r = g.judge(shot(g).rest(0, (0.3, 0.9)).result(), Declaration(push_out=True))
    with pytest.raises(ChoiceNotOfferedError):
        g.apply(r, Choice.SPOT_EIGHT_AND_PLAY)
    pending = g.apply(r)
    with pytest.raises(ChoicePendingError, match="accept_table"):
        pending.judge(shot(pending).hit(0, 1).result())
    with pytest.raises(ChoicePendingError):
        pending.play(Strike(speed=1.0, phi=90.0))
    with pytest.raises(ChoiceNotOfferedError, match="offered: accept_table, hand_back"):
        pending.choose(Choice.RERACK_AND_BREAK)
    legal = position(nine(), {0: CUE, 1: A, 9: F})
    r2 = legal.judge(shot(legal).hit(0, 1).cushion(1, 1).result())
    with pytest.raises(ChoiceNotOfferedError, match="offered: none"):
        legal.apply(r2, Choice.ACCEPT_TABLE)


def test_game_over_refuses_everything():
    g = position(nine(), {0: CUE, 1: A, 9: F})
    over = g.apply(g.judge(shot(g).hit(0, 1).hit(1, 9).pocket(9, "top-right").result()))
    assert over.is_over and over.phase is Phase.OVER and over.winner == 0
    with pytest.raises(GameOverError):
        over.judge(shot(over).hit(0, 1).result())
    with pytest.raises(GameOverError):
        over.play(Strike(speed=1.0, phi=90.0))
    with pytest.raises(GameOverError):
        over.choose(Choice.ACCEPT_TABLE)
    nxt = over.next_rack()
    assert (
        nxt.breaker == 1 and nxt.to_play == 1 and nxt.score == (1, 0) and nxt.phase is Phase.BREAK
    )
    assert nxt.rack_number == 1 and not nxt.is_over
    with pytest.raises(GameOverError, match="not finished"):
        nxt.next_rack()


def test_declaration_errors_say_what_is_allowed():
    g = position(nine(), {0: CUE, 1: A, 9: F})
    with pytest.raises(InvalidDeclarationError, match="were not on the table"):
        g.validate_declaration(Declaration(off_table=frozenset({4})))
    with pytest.raises(InvalidDeclarationError, match="snooker"):
        g.validate_declaration(Declaration(nominated=3))
    e = position(eight(), {0: CUE, 1: A, 8: F})
    with pytest.raises(InvalidDeclarationError, match="does not exist"):
        e.validate_declaration(Declaration(called_ball=22, called_pocket="top-right"))
    with pytest.raises(InvalidDeclarationError, match="push-out"):
        e.validate_declaration(Declaration(push_out=True))


def test_give_warning_only_when_due():
    g = nine(referee_warns=False)
    with pytest.raises(WarningNotDueError):
        g.give_warning()


def test_play_checks_the_placement_before_simulating():
    g = nine()
    with pytest.raises(IllegalPlacementError, match="behind the head string"):
        g.play(Strike(speed=5.0, phi=90.0), cue_ball_at=(0.635, 1.0))
    anywhere = replace(g, ball_in_hand=BallInHand.ANYWHERE)
    with pytest.raises(IllegalPlacementError, match=r"overlaps ball 1\. Allowed: anywhere"):
        anywhere.play(Strike(speed=5.0, phi=90.0), cue_ball_at=tuple(g.state.pos[1]))
    placed = position(nine(), {0: CUE, 1: A, 9: F})
    with pytest.raises(IllegalPlacementError, match="not in hand"):
        placed.play(Strike(speed=1.0, phi=90.0), cue_ball_at=(0.3, 0.3))
    in_hand = replace(position(nine(), {1: A, 9: F}), ball_in_hand=BallInHand.ANYWHERE)
    with pytest.raises(IllegalPlacementError, match="give cue_ball_at"):
        in_hand.play(Strike(speed=1.0, phi=90.0))
    assert in_hand.placement_problem((0.3, 2.3)) is None
    assert in_hand.state_for_shot((0.3, 2.3)).pos[0].tolist() == [0.3, 2.3]


# ---------------------------------------------------------------- save / load
@pytest.mark.parametrize("kind", ["nine-ball", "eight-ball", "snooker"])
def test_round_trip_of_a_new_game(kind, tmp_path):
    g = rules.new_game(kind, players=("Ann", "Bob"), seed=3)
    path = rules.save(g, tmp_path / "g.json")
    assert rules.load(path) == g
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == FORMAT and data["version"] == VERSION and data["kind"] == kind


def test_round_trip_mid_game_with_pending_choice_groups_and_fouls():
    e = eight()
    s = shot(e).hit(0, 1).pocket(8, "top-middle").pocket(0, "top-right")
    pending = e.apply(e.judge(s.result()))
    assert pending.pending_choice
    assert loads(dumps(pending)) == pending
    g = position(eight(), {0: CUE, 3: A, 11: (0.4, 1.6), 8: F})
    r = g.judge(
        shot(g).hit(0, 3).pocket(3, "top-right").result(),
        Declaration(called_ball=3, called_pocket="top-right"),
    )
    after = g.apply(r)
    assert after.groups[0] is not None
    back = loads(dumps(after))
    assert back == after and back.groups == after.groups
    n = replace(
        nine(rack_style="magic"),
        fouls_in_a_row=(2, 1),
        warning_given=(True, False),
        table=Table.pool(feet=8),
    )
    assert loads(dumps(n)) == n


def test_a_four_handed_snooker_frame_saves_and_loads():
    """§14: four players in two teams; the score is one per side, the foul counts one per
    player. A frame played into (a red potted, a foul) comes back equal from its save."""
    import sim
    from rules.snooker import SnookerGame

    players = ("Ann", "Bob", "Cid", "Dee")
    game = SnookerGame.new(players=players, seed=5)
    assert len(game.score) == 2 and len(game.fouls_in_a_row) == 4
    _, game = game.play(sim.Strike(speed=6.0, phi=80.0), cue_ball_at=(0.889, 0.6))
    assert loads(dumps(game)) == game
    # a side's score of the wrong length is still refused, by the side count
    bad = json.loads(dumps(game))
    bad["fields"]["score"] = [0, 0, 0, 0]
    with pytest.raises(
        SaveFileError,
        match=r"score = \(0, 0, 0, 0\) is refused; a tuple of 2 values \(one per side\)",
    ):
        loads(json.dumps(bad))


def test_corrupt_or_foreign_files_raise_save_file_error(tmp_path):
    g = nine()
    good = to_dict(g)
    cases = {
        "not json": "{oops",
        "foreign": json.dumps({"format": "something-else", "version": 1}),
        "version": json.dumps({**good, "version": 99}),
        "kind": json.dumps({**good, "kind": "carom"}),
        "missing field": json.dumps(
            {**good, "fields": {k: v for k, v in good["fields"].items() if k != "to_play"}}
        ),
        "bad enum": json.dumps({**good, "fields": {**good["fields"], "phase": "halftime"}}),
        "bad type": json.dumps({**good, "fields": {**good["fields"], "to_play": "Ann"}}),
        "to_play range": json.dumps({**good, "fields": {**good["fields"], "to_play": 5}}),
        "ball count": json.dumps(
            {
                **good,
                "balls": {
                    "pos": good["balls"]["pos"][:5],
                    "on_table": good["balls"]["on_table"][:5],
                },
            }
        ),
        "nan": json.dumps({**good, "balls": {**good["balls"], "pos": [["x", 1]] * 10}}),
        "table": json.dumps({**good, "table": {"kind": "carom"}}),
        "unknown field": json.dumps({**good, "fields": {**good["fields"], "extra": 1}}),
    }
    for name, text in cases.items():
        with pytest.raises(SaveFileError):
            loads(text)
        (tmp_path / f"{name}.json").write_text(text, encoding="utf-8")
        with pytest.raises(SaveFileError):
            rules.load(tmp_path / f"{name}.json")
    with pytest.raises(SaveFileError, match="cannot read"):
        rules.load(tmp_path / "absent.json")


def test_summary_explains_the_call_with_its_evidence():
    g = position(nine(), {0: CUE, 1: A, 9: F})
    r = g.judge(shot(g).hit(0, 9).pocket(9, "top-right").result())
    text = r.summary(g.players, g.ball_names)
    lines = text.splitlines()
    assert lines[0] == "Foul by Ann: Bob has ball in hand anywhere."
    assert lines[1].startswith("  Foul: first contact was the 9; the 1 was on [event 1 at t = ")
    # English in the summary, the French quote on the foul
    assert "(rule: foul: wrong ball hit first)" in lines[1]
    assert r.fouls[0].rule_text == "« Mauvaise bille touchée en premier »" not in text
    assert "Pocketed: 9" in text and "Spotted: 9 at (0.6350, 1.9050) m" in text
    assert lines[-1] == "Next: Bob to play with ball in hand anywhere."
    assert "Next: player 2 to play" in r.summary()  # default names
    assert r.is_foul and r.detail("absent", 7) == 7


# ---------------------------------------------------------------- why a choice is offered
def test_the_choice_context_is_an_enum_that_reads_as_its_text():
    """``Game.choice_context`` says why ``pending_choice`` is offered: a ``ChoiceContext``,
    equal to its value as text, kept through save and load; text given for it is taken as the
    member, anything else refused naming what is allowed."""
    g = position(nine(), {0: CUE, 1: A, 9: F}, phase=Phase.PUSH_OUT_ALLOWED)
    ruling = g.judge(shot(g).rest(0, (0.3, 0.9)).result(), Declaration(push_out=True))
    assert ruling.extras.choice_context is rules.ChoiceContext.PUSH_OUT
    pending = g.apply(ruling)
    assert pending.choice_context is rules.ChoiceContext.PUSH_OUT
    assert pending.choice_context == "push_out"
    assert loads(dumps(pending)).choice_context is rules.ChoiceContext.PUSH_OUT
    assert pending.choose(Choice.ACCEPT_TABLE).choice_context is rules.ChoiceContext.NONE
    as_text = replace(pending, choice_context="dry_break")
    assert as_text.choice_context is rules.ChoiceContext.DRY_BREAK
    for bad in ("shootout", ["push_out"], 3):
        with pytest.raises(rules.InvalidGameStateError, match=r"choice_context = .*allowed: \"\""):
            replace(pending, choice_context=bad)
    data = json.loads(dumps(pending))
    data["fields"]["choice_context"] = "shootout"
    with pytest.raises(SaveFileError, match="choice_context"):
        loads(json.dumps(data))
    black = rules.ChoiceContext.RESPOTTED_BLACK
    assert Choice.HAND_BACK.words_in(black) == Choice.HAND_BACK.words_in("respotted_black")
    assert Choice.HAND_BACK.words_in(rules.ChoiceContext.NONE) == Choice.HAND_BACK.words
