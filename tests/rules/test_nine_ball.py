"""9-ball, clause by clause (the French nine-ball text), on hand-built event logs."""

from __future__ import annotations

from dataclasses import replace

import pytest

import sim
from rules import (
    BallInHand,
    Choice,
    ChoiceNotOfferedError,
    Declaration,
    DeclaredFoul,
    InvalidDeclarationError,
    Phase,
)
from rules.pool import COMMON_DECLARABLE
from tests.rules.pool_helpers import CUE, A, B, F, aim, nine, position, shot


def break_game(style: str = "triangle"):
    return nine(rack_style=style)


# ---------------------------------------------------------------- Départ du jeu / racks
def test_new_game_is_a_break_from_behind_the_head_string():
    g = break_game()
    assert g.kind == "nine-ball"
    assert g.phase is Phase.BREAK
    assert g.ball_in_hand is BallInHand.BEHIND_HEAD_STRING
    assert g.ball_on == frozenset({1})
    assert g.to_play == 0
    assert g.ball_names[:3] == ("cue", "1", "2") and len(g.ball_names) == 10


# ---------------------------------------------------------------- Casse de départ
def test_break_hitting_the_one_with_four_balls_to_cushions_is_legal():
    g = break_game()
    s = shot(g).hit(0, 1)
    for b in (2, 3, 5, 7):
        s.cushion(b, 1)
    r = g.judge(s.result())
    assert not r.fouls
    assert r.next_to_play == 1
    assert r.next_phase is Phase.PUSH_OUT_ALLOWED


def test_break_not_hitting_the_one_first_is_a_foul_with_ball_in_hand_anywhere():
    g = break_game()
    s = shot(g).hit(0, 2)
    for b in (2, 3, 5, 7):
        s.cushion(b, 1)
    r = g.judge(s.result())
    assert [f.code for f in r.fouls] == ["break_one_not_first"]
    assert r.fouls[0].event == 1
    assert "the 2" in r.fouls[0].message and "the 1 was on" in r.fouls[0].message
    assert r.ball_in_hand is BallInHand.ANYWHERE and r.next_to_play == 1
    assert (
        r.next_phase is Phase.PLAY
    )  # no push-out after a foul break (« En cas de casse régulière »)


def test_break_with_nothing_pocketed_and_three_balls_to_cushions_is_a_foul():
    g = break_game()
    s = shot(g).hit(0, 1)
    for b in (2, 3, 5):
        s.cushion(b, 1)
    s.cushion(3, 2)  # the same ball twice counts once
    r = g.judge(s.result())
    assert [f.code for f in r.fouls] == ["break_four_cushions"]
    assert r.fouls[0].evidence == "object balls to a cushion: the 2, the 3 and the 5"
    assert r.ball_in_hand is BallInHand.ANYWHERE


def test_break_with_a_ball_pocketed_needs_no_cushions_and_continues():
    g = break_game()
    r = g.judge(shot(g).hit(0, 1).pocket(4, "top-right").result())
    assert not r.fouls
    assert r.next_to_play == 0 and r.pocketed == (4,)
    assert r.next_phase is Phase.PUSH_OUT_ALLOWED


def test_break_cue_ball_scratch_is_a_foul():
    g = break_game()
    r = g.judge(shot(g).hit(0, 1).pocket(3, "top-right").pocket(0, "bottom-left").result())
    assert [f.code for f in r.fouls] == ["cue_ball_pocketed"]
    assert r.ball_in_hand is BallInHand.ANYWHERE and r.next_to_play == 1


def test_break_played_from_in_front_of_the_head_string_is_a_foul():
    g = break_game()
    g = replace(g, state=g.state.with_ball_at(0, (0.635, 0.8)))
    s = shot(g).hit(0, 1)
    for b in (2, 3, 5, 7):
        s.cushion(b, 1)
    r = g.judge(s.result())
    assert [f.code for f in r.fouls] == ["break_not_behind_head_string"]
    assert "y = 0.8000" in r.fouls[0].evidence


def test_nine_on_a_legal_break_wins():
    g = break_game()
    r = g.judge(shot(g).hit(0, 1).hit(1, 9).pocket(9, "bottom-right").result())
    assert r.frame_over and r.winner == 0 and not r.fouls
    after = g.apply(r)
    assert after.is_over and after.winner == 0 and after.score == (1, 0)


# ------------------------------------------------------------ La règle des 3 billes (magic rack)
def test_magic_rack_three_balls_pocketed_is_a_legal_break_without_crossing():
    g = break_game("magic")
    s = shot(g).hit(0, 1).pocket(2, "top-right").pocket(3, "bottom-right").pocket(4, "top-middle")
    r = g.judge(s.result())
    assert not r.fouls and r.options == () and r.next_to_play == 0


def test_magic_rack_two_crossed_one_pocketed_keeps_the_table():
    g = break_game("magic")
    s = shot(g).hit(0, 1).pocket(2, "top-right")
    s.cross(5, "head_string", -1).rest(5, (0.3, 0.4))
    s.cross(6, "head_string", -1).rest(6, (0.9, 0.3))
    r = g.judge(s.result())
    assert not r.fouls and r.options == () and r.next_to_play == 0


def test_magic_rack_one_crossed_two_pocketed_keeps_the_table():
    g = break_game("magic")
    s = shot(g).hit(0, 1).pocket(2, "top-right").pocket(3, "bottom-right")
    s.rest(5, (0.3, 0.4))  # at rest beyond the head string, no centre crossing event needed
    r = g.judge(s.result())
    assert not r.fouls and r.options == ()


def test_magic_rack_ball_crossing_then_pocketed_counts_once():
    g = break_game("magic")
    s = shot(g).hit(0, 1).pocket(2, "top-right")
    s.cross(3, "head_string", -1).pocket(3, "top-left")
    r = g.judge(s.result())
    assert r.options == (Choice.ACCEPT_TABLE, Choice.HAND_BACK)
    assert (
        "2 object balls pocketed or past the head string (pocketed: the 2 and the 3; crossed: none)"
        in " ".join(r.notes)
    )


def test_magic_rack_part_of_a_ball_past_the_line_counts():
    g = break_game("magic")
    head = float(g.table.head_string_y)
    R = float(g.table.ball_radius)
    s = shot(g).hit(0, 1).pocket(2, "top-right").pocket(3, "bottom-right")
    s.rest(4, (0.3, head + 0.5 * R))  # centre in front, a part beyond
    assert not g.judge(s.result()).options
    s2 = shot(g).hit(0, 1).pocket(2, "top-right").pocket(3, "bottom-right")
    s2.rest(4, (0.3, head + 1.5 * R))  # wholly in front
    assert g.judge(s2.result()).options


def test_dry_break_spots_the_nine_and_offers_accept_or_hand_back():
    g = break_game("magic")
    s = shot(g).hit(0, 1).pocket(9, "top-right")
    r = g.judge(s.result())
    assert not r.fouls and not r.frame_over
    assert r.options == (Choice.ACCEPT_TABLE, Choice.HAND_BACK) and r.next_to_play == 1
    assert [b for b, _ in r.to_spot] == [9]
    after = g.apply(r)
    assert after.pending_choice == (Choice.ACCEPT_TABLE, Choice.HAND_BACK)
    assert bool(after.state.on_table[9])
    accepted = after.choose(Choice.ACCEPT_TABLE)
    assert accepted.to_play == 1 and accepted.phase is Phase.PLAY
    assert not accepted.declaration_options().push_out_allowed
    with pytest.raises(InvalidDeclarationError):
        accepted.validate_declaration(Declaration(push_out=True))
    handed = after.choose(Choice.HAND_BACK)
    assert handed.to_play == 0 and handed.phase is Phase.PUSH_OUT_ALLOWED
    handed.validate_declaration(Declaration(push_out=True))


def test_triangle_rack_ignores_the_three_ball_rule():
    g = break_game("triangle")
    s = shot(g).hit(0, 1).pocket(2, "top-right")
    r = g.judge(s.result())
    assert not r.options and r.next_to_play == 0


def test_magic_rack_foul_beats_dry_break():
    g = break_game("magic")
    r = g.judge(shot(g).hit(0, 3).result())
    assert r.fouls and not r.options and r.ball_in_hand is BallInHand.ANYWHERE


# ---------------------------------------------------------------- Le coup de dégagement (push-out)
def after_legal_break(to_play: int = 1):
    g = position(nine(), {0: CUE, 1: A, 2: B, 9: F}, phase=Phase.PUSH_OUT_ALLOWED, to_play=to_play)
    return g


def test_push_out_needs_no_contact_or_cushion_and_offers_the_choice():
    g = after_legal_break()
    r = g.judge(shot(g).rest(0, (0.3, 0.9)).result(), Declaration(push_out=True))
    assert not r.fouls
    assert r.next_to_play == 0 and r.options == (Choice.ACCEPT_TABLE, Choice.HAND_BACK)
    after = g.apply(r)
    took = after.choose(Choice.ACCEPT_TABLE)
    assert took.to_play == 0 and took.phase is Phase.PLAY and took.pending_choice == ()
    back = after.choose(Choice.HAND_BACK)
    assert back.to_play == 1 and back.phase is Phase.PLAY


def test_push_out_hitting_a_higher_ball_first_is_no_foul():
    g = after_legal_break()
    r = g.judge(shot(g).hit(0, 2).result(), Declaration(push_out=True))
    assert not r.fouls


def test_nine_pocketed_on_a_push_out_is_spotted_others_stay_down():
    g = after_legal_break()
    r = g.judge(
        shot(g).hit(0, 2).pocket(2, "top-right").hit(0, 9).pocket(9, "bottom-right").result(),
        Declaration(push_out=True),
    )
    assert not r.frame_over and not r.fouls
    assert [b for b, _ in r.to_spot] == [9]
    after = g.apply(r, Choice.ACCEPT_TABLE)
    assert bool(after.state.on_table[9]) and not bool(after.state.on_table[2])


def test_foul_on_a_push_out_gives_ball_in_hand_anywhere():
    g = after_legal_break()
    r = g.judge(shot(g).pocket(0, "top-left").result(), Declaration(push_out=True))
    assert [f.code for f in r.fouls] == ["cue_ball_pocketed"]
    assert r.ball_in_hand is BallInHand.ANYWHERE and r.options == ()


def test_push_out_refused_outside_the_shot_after_the_break():
    g = position(nine(), {0: CUE, 1: A, 9: F}, phase=Phase.PLAY)
    with pytest.raises(InvalidDeclarationError, match="push-out"):
        g.judge(shot(g).hit(0, 1).result(), Declaration(push_out=True))


def test_pocketed_ball_after_the_break_keeps_push_out_for_the_breaker():
    g = break_game()
    after = g.apply(g.judge(shot(g).hit(0, 1).pocket(4, "top-right").result()))
    assert after.to_play == 0 and after.phase is Phase.PUSH_OUT_ALLOWED
    assert after.declaration_options().push_out_allowed


# ---------------------------------------------------------------- Déroulement de la partie
def test_lowest_ball_first_then_any_ball_pocketed_continues():
    g = position(nine(), {0: CUE, 1: A, 5: B, 9: F})
    r = g.judge(shot(g).hit(0, 1).hit(1, 5).pocket(5, "top-right").result())
    assert not r.fouls and r.next_to_play == 0 and r.pocketed == (5,)


def test_wrong_ball_first_is_a_foul_with_the_event_as_evidence():
    g = position(nine(), {0: CUE, 1: A, 3: B, 9: F})
    r = g.judge(shot(g).hit(0, 3).cushion(3, 3).result())
    assert [f.code for f in r.fouls] == ["wrong_ball_first"]
    assert r.fouls[0].message == "Foul: first contact was the 3; the 1 was on"
    assert r.fouls[0].event == 1 and "met the 3" in r.fouls[0].evidence
    assert "Mauvaise bille" in r.fouls[0].clause


def test_no_ball_hit_is_a_foul():
    g = position(nine(), {0: CUE, 1: A, 9: F})
    r = g.judge(shot(g).cushion(0, 1).result())
    assert [f.code for f in r.fouls] == ["no_ball_hit"]


def test_no_cushion_after_contact_and_nothing_pocketed_is_a_foul():
    g = position(nine(), {0: CUE, 1: A, 9: F})
    r = g.judge(shot(g).cushion(0, 2).hit(0, 1).result())
    assert [f.code for f in r.fouls] == ["no_cushion_after_contact"]


def test_cue_ball_reaching_a_cushion_after_contact_is_enough():
    g = position(nine(), {0: CUE, 1: A, 9: F})
    r = g.judge(shot(g).hit(0, 1).cushion(0, 2).result())
    assert not r.fouls and r.next_to_play == 1


def test_legal_miss_passes_the_turn_without_ball_in_hand():
    g = position(nine(), {0: CUE, 1: A, 9: F})
    r = g.judge(shot(g).hit(0, 1).cushion(1, 1).result())
    assert not r.fouls and r.next_to_play == 1 and r.ball_in_hand is BallInHand.NONE


def test_no_call_in_nine_ball():
    g = position(nine(), {0: CUE, 1: A, 9: F})
    with pytest.raises(InvalidDeclarationError, match="ni la bille"):
        g.validate_declaration(Declaration(called_ball=1, called_pocket="top-right"))
    with pytest.raises(InvalidDeclarationError, match="safety"):
        g.validate_declaration(Declaration(safety=True))


def test_nine_on_a_combination_wins():
    g = position(nine(), {0: CUE, 1: A, 9: F})
    r = g.judge(shot(g).hit(0, 1).hit(1, 9).pocket(9, "top-right").result())
    assert r.frame_over and r.winner == 0
    assert "wins" in r.summary(g.players, g.ball_names)


# ---------------------------------------------------------------- Cas de la bille n° 9
def test_nine_pocketed_on_a_foul_is_spotted_on_the_foot_spot():
    g = position(nine(), {0: CUE, 1: A, 3: B, 9: F})
    r = g.judge(shot(g).hit(0, 3).hit(3, 9).pocket(9, "top-right").result())
    assert r.fouls and not r.frame_over
    assert r.to_spot == ((9, (0.635, 1.905)),)
    after = g.apply(r)
    assert tuple(after.state.pos[9]) == (0.635, 1.905) and bool(after.state.on_table[9])


def test_nine_spotted_behind_a_ball_on_the_foot_spot_without_touching():
    g = position(nine(), {0: CUE, 1: A, 3: (0.635, 1.905), 9: F})
    r = g.judge(shot(g).hit(0, 1).pocket(0, "top-left").hit(1, 9).pocket(9, "top-right").result())
    ((ball, (x, y)),) = r.to_spot
    R = float(g.table.ball_radius)
    assert ball == 9 and x == 0.635
    assert 1.905 + 2 * R < y < 1.905 + 2 * R + 1e-5


def test_nine_off_the_table_is_spotted_and_is_a_foul():
    g = position(nine(), {0: CUE, 1: A, 9: F})
    r = g.judge(
        shot(g).hit(0, 1).hit(1, 9).cushion(9, 1).result(), Declaration(off_table=frozenset({9}))
    )
    assert [f.code for f in r.fouls] == ["object_ball_off_table"]
    assert [b for b, _ in r.to_spot] == [9] and not r.frame_over


def test_other_balls_off_the_table_stay_off():
    g = position(nine(), {0: CUE, 1: A, 4: B, 9: F})
    r = g.judge(
        shot(g).hit(0, 1).hit(1, 4).cushion(4, 1).result(), Declaration(off_table=frozenset({4}))
    )
    after = g.apply(r)
    assert not bool(after.state.on_table[4]) and after.ball_in_hand is BallInHand.ANYWHERE


# ---------------------------------------------------------------- Les trois fautes consécutives
def foul_shot(g):
    return g.judge(shot(g).hit(0, 9).cushion(9, 1).result())


def legal_miss(g):
    return g.judge(shot(g).hit(0, 1).cushion(1, 1).result())


def test_three_consecutive_fouls_after_the_warning_lose():
    g = position(nine(), {0: CUE, 1: A, 9: F})
    r1 = foul_shot(g)
    g = g.apply(r1)  # Bob
    g = replace(g, to_play=0, ball_in_hand=BallInHand.NONE)  # Bob misses without a foul (skipped)
    r2 = foul_shot(g)
    assert r2.fouls_in_a_row == (2, 0) and r2.warning_given == (True, False)
    assert any("Warning" in n for n in r2.notes)
    g = replace(g.apply(r2), to_play=0, ball_in_hand=BallInHand.NONE)
    r3 = foul_shot(g)
    assert r3.frame_over and r3.winner == 1
    assert "third time" in r3.reason


def test_without_the_warning_the_count_stays_at_two():
    g = position(nine(referee_warns=False), {0: CUE, 1: A, 9: F})
    for _ in range(2):
        g = replace(g.apply(foul_shot(g)), to_play=0, ball_in_hand=BallInHand.NONE)
    assert g.fouls_in_a_row == (2, 0) and g.warning_given == (False, False)
    r3 = foul_shot(g)
    assert not r3.frame_over and r3.fouls_in_a_row == (2, 0)
    assert "stays at two" in " ".join(r3.notes)
    warned = replace(g.apply(r3), to_play=0, ball_in_hand=BallInHand.NONE).give_warning()
    assert warned.warning_given == (True, False)
    assert foul_shot(warned).frame_over


def test_a_legal_shot_clears_the_count():
    g = position(nine(), {0: CUE, 1: A, 9: F})
    g = replace(g.apply(foul_shot(g)), to_play=0, ball_in_hand=BallInHand.NONE)
    r = legal_miss(g)
    assert r.fouls_in_a_row == (0, 0)


# ---------------------------------------------------------------- Liste des fautes (declared)
@pytest.mark.parametrize("code", sorted(COMMON_DECLARABLE))
def test_every_declared_foul_gives_ball_in_hand_anywhere(code):
    g = position(nine(), {0: CUE, 1: A, 5: B, 9: F})
    r = g.judge(
        shot(g).hit(0, 1).pocket(5, "top-right").result(),
        Declaration(declared_fouls=frozenset({code})),
    )
    assert [f.code for f in r.fouls] == [code]
    assert (
        r.fouls[0].clause == COMMON_DECLARABLE[code]
        and r.fouls[0].evidence == "declared by a player"
    )
    assert r.ball_in_hand is BallInHand.ANYWHERE and r.next_to_play == 1


def test_cue_ball_off_the_table_is_a_foul():
    g = position(nine(), {0: CUE, 1: A, 9: F})
    r = g.judge(shot(g).hit(0, 1).cushion(0, 2).result(), Declaration(off_table=frozenset({0})))
    assert [f.code for f in r.fouls] == ["cue_ball_off_table"]
    after = g.apply(r)
    assert not bool(after.state.on_table[0]) and after.ball_in_hand is BallInHand.ANYWHERE


def test_unknown_declared_foul_is_refused():
    g = position(nine(), {0: CUE, 1: A, 9: F})
    with pytest.raises(InvalidDeclarationError, match="accepts"):
        g.validate_declaration(Declaration(declared_fouls=frozenset({DeclaredFoul.BAD_PLACEMENT})))


def test_several_fouls_are_all_listed_with_evidence():
    g = position(nine(), {0: CUE, 1: A, 3: B, 9: F})
    r = g.judge(
        shot(g).hit(0, 3).pocket(0, "top-right").result(),
        Declaration(declared_fouls=frozenset({DeclaredFoul.FOOT_OFF_FLOOR})),
    )
    assert [f.code for f in r.fouls] == ["cue_ball_pocketed", "wrong_ball_first", "foot_off_floor"]
    text = r.summary(g.players, g.ball_names)
    assert "Foul: the cue ball was pocketed" in text and "first contact was the 3" in text


def test_choice_not_offered_lists_the_offered_ones():
    g = after_legal_break()
    r = g.judge(shot(g).rest(0, (0.3, 0.9)).result(), Declaration(push_out=True))
    with pytest.raises(ChoiceNotOfferedError, match="accept_table, hand_back"):
        g.apply(r, Choice.RERACK_AND_BREAK)


def test_real_losing_third_foul_that_pots_the_nine_does_not_spot_it():
    """9-ball: the third foul in a row (after the warning) loses; the 9 it pocketed is not
    spotted since the game is over."""
    nine_at = (0.3, 2.24)  # on the diagonal of the top-left pocket, (-0.033, 2.573)
    cue = (0.6, 1.94)  # behind it on the same diagonal
    game = position(nine(), {0: cue, 1: A, 9: nine_at})
    game = replace(game, fouls_in_a_row=(2, 0), warning_given=(True, False))
    ruling, after = game.play(sim.Strike(speed=2.0, phi=aim(cue, nine_at)))
    assert 9 in ruling.pocketed and ruling.fouls[0].code == "wrong_ball_first"
    assert ruling.frame_over and ruling.winner == 1
    assert ruling.to_spot == ()
    assert after.is_over and not after.state.on_table[9]


def test_nine_spotted_on_the_foot_spot_when_the_cue_ball_lying_there_is_in_hand():
    """The cue ball in hand (after a foul) is lifted: the 9 goes on the foot spot itself, not
    behind the cue ball's old position; the cue ball leaves the table to be placed."""
    g = nine()
    spot = (float(g.table.foot_spot[0]), float(g.table.foot_spot[1]))
    g = position(g, {0: CUE, 1: A, 9: (0.2, 2.3)})
    log = shot(g).hit(0, 9).pocket(9, "top-right").rest(0, spot).result()
    ruling = g.judge(log)
    assert ruling.fouls[0].code == "wrong_ball_first"
    assert ruling.to_spot == ((9, spot),)
    after = g.apply(ruling)
    assert after.ball_in_hand is BallInHand.ANYWHERE and not after.state.on_table[0]
    assert tuple(after.state.pos[9]) == spot


def test_nine_spotted_behind_the_cue_ball_when_it_is_not_in_hand():
    """A push-out (no ball in hand): the cue ball on the foot spot stays and the 9 goes behind
    it."""
    g = nine()
    spot = (float(g.table.foot_spot[0]), float(g.table.foot_spot[1]))
    g = position(g, {0: CUE, 1: A, 9: (0.2, 2.3)}, phase=Phase.PUSH_OUT_ALLOWED)
    log = shot(g).hit(0, 9).pocket(9, "top-right").rest(0, spot).result()
    ruling = g.judge(log, Declaration(push_out=True))
    ((ball, (x, y)),) = ruling.to_spot
    assert ball == 9 and x == spot[0] and y > spot[1] + 2 * g.table.ball_radius - 1e-9


def test_the_warning_comes_after_the_second_foul_and_not_the_first():
    """« Après la deuxième faute consécutive, l'adversaire ou l'arbitre doivent avertir »: the
    program (the referee) warns on the second foul in a row, never on the first; left to the
    opponent (``referee_warns=False``) no warning is given until ``give_warning``."""
    g = position(nine(), {0: CUE, 1: A, 9: F})
    first = g.judge(shot(g).hit(0, 9).cushion(9, 1).result())
    assert first.fouls_in_a_row == (1, 0) and first.warning_given == (False, False)
    assert not any("Warning" in n for n in first.notes)
    g = replace(g.apply(first), to_play=0, ball_in_hand=BallInHand.NONE)
    second = g.judge(shot(g).hit(0, 9).cushion(9, 1).result())
    assert second.fouls_in_a_row == (2, 0) and second.warning_given == (True, False)
    assert any(n.startswith("Warning: Ann has two fouls in a row") for n in second.notes)
    quiet = position(nine(referee_warns=False), {0: CUE, 1: A, 9: F})
    quiet = replace(quiet.apply(quiet.judge(shot(quiet).hit(0, 9).result())), to_play=0)
    quiet = replace(quiet, ball_in_hand=BallInHand.NONE)
    unwarned = quiet.judge(shot(quiet).hit(0, 9).result())
    assert unwarned.fouls_in_a_row == (2, 0) and unwarned.warning_given == (False, False)


def test_an_object_ball_off_the_table_is_a_foul_and_stays_off():
    """« Bille de but éjectée de la surface de jeu » is a foul: ball in hand anywhere for the
    opponent; the ball stays off (only the 9 comes back)."""
    g = position(nine(), {0: CUE, 1: A, 4: B, 9: F})
    ruling = g.judge(
        shot(g).hit(0, 1).hit(1, 4).cushion(4, 1).result(), Declaration(off_table=frozenset({4}))
    )
    assert [f.code for f in ruling.fouls] == ["object_ball_off_table"]
    assert ruling.ball_in_hand is BallInHand.ANYWHERE and ruling.next_to_play == 1
    assert ruling.to_spot == () and ruling.off_table == (4,)
    assert not g.apply(ruling).state.on_table[4]
