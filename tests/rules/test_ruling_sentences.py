"""The referee's sentences a player reads (``rules.wording.player_summary``), each fact once and
in a player's words: hand-built shots judged by the real
games, the exact lines asserted."""

from __future__ import annotations

from types import SimpleNamespace

from rules.eight_ball import Group
from rules.types import Declaration
from rules.wording import player_evidence, player_summary
from tests.rules.pool_helpers import CUE, A, B, C, F, eight, nine, position, shot
from tests.rules.snooker_helpers import game_with, hand_shot


def summary(game, ruling) -> tuple[str, ...]:
    """The window's lines for ``ruling`` judged on ``game`` (the call's arguments)."""
    players, names = tuple(game.players), tuple(game.ball_names)
    return player_summary(ruling, players, names, game.frame_word, game.table.spots)


def test_a_third_foul_is_said_once_and_its_evidence_has_no_log_rows():
    g = position(nine(), {0: CUE, 1: A, 9: F}, fouls_in_a_row=(2, 0), warning_given=(True, False))
    ruling = g.judge(shot(g).hit(0, 1).result())
    assert "event" in ruling.fouls[0].evidence  # the rule tester's data keeps the log row
    assert summary(g, ruling) == (
        "Ann fouled for the third time in a row after the warning (three fouls in a row lose "
        "the rack).",
        "Foul: no ball touched a cushion after the first contact and no ball was pocketed. "
        "Rule: no cushion after the contact when no ball is pocketed.",
        "Bob wins this rack.",
    )


def test_the_logs_no_cushion_evidence_in_a_players_words():
    raw = "no cushion contact after event 10 (t = 3.365 s) and no object ball pocketed"
    assert player_evidence(raw) == (
        "no ball touched a cushion after the first contact and no ball was pocketed"
    )
    assert player_evidence("the 3 stopped after event 4 (t = 0.412 s)") == "the 3 stopped"


def test_a_nine_ball_miss_names_the_lowest_ball_rule_and_says_it_once():
    g = position(nine(), {0: CUE, 2: A, 9: F})
    lines = summary(g, g.judge(shot(g).result()))
    assert lines[1] == (
        "Foul: the cue ball hit no ball; the 2 was on. "
        "Rule: the lowest-numbered ball must be hit first."
    )
    wrong = summary(g, g.judge(shot(g).hit(0, 9).cushion(9, 1).result()))
    assert wrong[1] == (
        "Foul: first contact was the 9; the 2 was on (0.05 s into the shot). "
        "Rule: wrong ball hit first."
    )


SAFE = Declaration(safety=True)


def test_eight_ball_misses_name_the_rule_of_the_ball_on():
    g = position(eight(), {0: CUE, 1: A, 9: B, 8: F})
    assert summary(g, g.judge(shot(g).result(), SAFE))[1] == (
        "Foul: the cue ball hit no ball; the table was open: any ball but the 8 may be hit "
        "first. Rule: open table: any ball may be hit first except the 8."
    )
    grouped = position(eight(), {0: CUE, 1: A, 9: B, 8: F}, groups=(Group.SOLIDS, Group.STRIPES))
    assert summary(grouped, grouped.judge(shot(grouped).result(), SAFE))[1] == (
        "Foul: the cue ball hit no ball; solids were on. "
        "Rule: a ball of the player's own group must be hit first."
    )
    cleared = position(eight(), {0: CUE, 9: B, 8: F}, groups=(Group.SOLIDS, Group.STRIPES))
    assert summary(cleared, cleared.judge(shot(cleared).result(), SAFE))[1] == (
        "Foul: the cue ball hit no ball; the 8 was on. "
        "Rule: the order: the whole group first, then the 8."
    )


def test_an_eight_ball_loss_names_the_winner_once():
    g = position(eight(), {0: CUE, 1: A, 9: B, 8: F}, groups=(Group.SOLIDS, Group.STRIPES))
    called = Declaration(called_ball=1, called_pocket="top-left")
    ruling = g.judge(shot(g).hit(0, 8).pocket(8, "top-left").result(), called)
    assert summary(g, ruling) == (
        "Ann loses: the 8 was pocketed before Ann's group was cleared (loss of the game: the 8 "
        "pocketed before the group is cleared).",
        "Foul: first contact was the 8; solids were on (0.05 s into the shot). "
        "Rule: wrong ball hit first.",
        "Pocketed: the 8.",
        "Bob wins this rack.",
    )


def test_a_legal_nine_wins_once():
    g = position(nine(), {0: CUE, 1: A, 9: F})
    ruling = g.judge(shot(g).hit(0, 1).hit(1, 9).pocket(9, "top-left").result())
    assert summary(g, ruling) == (
        "Ann pocketed the 9 on a legal shot.",
        "Pocketed: the 9.",
        "Ann wins this rack.",
    )


def test_balls_pocketed_each_with_its_article():
    g = position(nine(), {0: CUE, 1: A, 3: B, 7: C, 9: F})
    built = shot(g).hit(0, 1).hit(1, 3).pocket(3, "top-left").pocket(0, "bottom-left")
    lines = summary(g, g.judge(built.pocket(7, "top-right").result()))
    assert "Pocketed: the 3, the cue ball and the 7." in lines, lines


def test_a_spotted_nine_is_said_once():
    g = position(nine(), {0: CUE, 1: A, 9: F})
    lines = summary(g, g.judge(shot(g).hit(0, 9).pocket(9, "top-left").result()))
    assert [line for line in lines if "spot" in line] == [
        "The 9 is spotted (the 9 off the table or pocketed on a foul is spotted)."
    ]


def test_snooker_foul_points_are_said_once():
    g = game_with({"cue": (0.9, 1.0), "red_1": (0.3, 3.0), "blue": (0.5, 1.9)}, to_play=1)
    lines = summary(g, g.judge(hand_shot(g, [("hit", 0.2, "cue", "blue")])))
    assert lines[:2] == (
        "Foul by Bob: 5 points to Ann.",
        "Foul: first contact was the blue, not a ball on (0.20 s into the shot). "
        "Rule: snooker §11.2 (WPBSA 3.3): first hitting a ball not on.",
    )
    assert not any(line.startswith("This shot:") for line in lines), lines


def test_snooker_points_not_in_the_call_are_still_said():
    ruling = SimpleNamespace(
        reason="Ann pots a red.", fouls=(), pocketed=(1,), off_table=(), to_spot=(),
        points=(1, 0), notes=(), frame_over=False, ball_in_hand=None, next_to_play=0,
    )  # fmt: skip
    lines = player_summary(ruling, ("Ann", "Bob"), ("cue", "red_1"), "frame")
    assert lines == (
        "Ann pots a red.",
        "Pocketed: red.",
        "This shot: Ann scores 1 point.",
        "Next: Ann to play.",
    )


def test_a_colour_on_another_spot_says_which():
    pink_spot = game_with({"cue": (0.9, 1.0)}).table.spots["pink"]
    g = game_with(
        {"cue": (0.9, 1.0), "red_1": pink_spot, "red_2": (0.3, 3.0), "pink": (0.5, 2.5)},
        to_play=1,
    )
    lines = summary(g, g.judge(hand_shot(g, [("hit", 0.2, "cue", "pink"), ("pot", 0.7, "pink")])))
    assert "The pink is spotted on the black's spot (its own is covered)." in lines, lines
    assert not any("Back on its spot" in line for line in lines)


def test_a_colour_back_on_its_own_spot():
    g = game_with({"cue": (0.9, 1.0), "red_2": (0.3, 3.0), "pink": (0.5, 2.5)}, to_play=1)
    lines = summary(g, g.judge(hand_shot(g, [("hit", 0.2, "cue", "pink"), ("pot", 0.7, "pink")])))
    assert "The pink is back on its spot." in lines, lines
    players, names = tuple(g.players), tuple(g.ball_names)
    ruling = g.judge(hand_shot(g, [("hit", 0.2, "cue", "pink"), ("pot", 0.7, "pink")]))
    assert "Spotted: pink." in player_summary(ruling, players, names, "frame")  # no table spots


def test_an_illegal_eight_ball_break_is_worded_once_without_plurals_in_brackets():
    """The player's lines of an illegal break: the decision without the rule's words saying it
    again, the cushion count in words and the balls named, and no "Next" line repeating it."""
    g = eight()
    s = shot(g).hit(0, 1).cushion(1, 1)
    lines = summary(g, g.judge(s.result()))
    assert lines[0].startswith("Illegal break: Bob may accept the table"), lines
    assert "(an illegal break" not in lines[0]
    note = next(line for line in lines if "reached a cushion" in line)
    assert note == (
        "Illegal break: nothing was pocketed on the break and only 1 object ball reached a "
        "cushion; four are needed (object balls to a cushion: the 1)."
    )
    assert not any("ball(s)" in line or "[" in line for line in lines)


def test_a_foul_giving_ball_in_hand_says_who_has_it_once():
    g = position(nine(), {0: CUE, 2: A, 9: F})
    lines = summary(g, g.judge(shot(g).result()))
    assert lines[0] == "Foul by Ann: Bob has ball in hand anywhere."
    assert not any(line.startswith("Next:") for line in lines), lines


def test_a_snooker_rule_whose_words_are_the_calls_is_named_by_its_section():
    game = game_with({"cue": (0.889, 1.0), "red_1": (0.3, 3.0)})
    lines = summary(game, game.judge(hand_shot(game, [])))
    assert "Foul: the cue ball hit no object ball. Rule: snooker §11.1 (WPBSA 3.3)." in lines


def test_a_jump_with_no_ball_hit_after_it_is_not_said_to_come_before_a_hit():
    """The cue ball that flew over a red and landed beyond it hit nothing: the jump-shot foul
    says it flew over the red, not "before hitting a ball"."""
    from rules.testing import ShotBuilder

    game = game_with({"cue": (0.889, 1.0), "red_1": (0.889, 1.4)})
    log = ShotBuilder(game.table, game.state).bounce(0, (0.889, 1.9)).rest(0, (0.889, 2.0)).result()
    ruling = game.judge(log)
    jump = next((f for f in ruling.fouls if f.code == "jump_shot"), None)
    assert jump is not None, [f.code for f in ruling.fouls]
    assert jump.message == "Foul: a jump shot, the cue ball flew over the red_1"
    line = next(x for x in summary(game, ruling) if "jump shot" in x)
    assert (
        line.startswith("Foul: a jump shot, the cue ball flew over a red") and "hitting" not in line
    )
