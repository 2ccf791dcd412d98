"""8-ball, clause by clause (the French eight-ball text), on hand-built event logs."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules import (
    BallInHand,
    Choice,
    Declaration,
    DeclaredFoul,
    Group,
    InvalidDeclarationError,
    Phase,
)
from rules.eight_ball import EIGHT_DECLARABLE
from tests.rules.pool_helpers import CUE, A, B, C, D, E, F, G, eight, position, shot


def call(ball: int, pocket: str) -> Declaration:
    return Declaration(called_ball=ball, called_pocket=pocket)


def grouped(positions, mine=Group.SOLIDS, to_play=0, **fields):
    g = position(eight(), positions, to_play=to_play, **fields)
    groups = [None, None]
    groups[to_play] = mine
    groups[1 - to_play] = mine.other
    g = replace(g, groups=tuple(groups), phase=Phase.GROUPS_ASSIGNED)
    return replace(g, ball_on=g.balls_on_for(to_play, g.state))


# ---------------------------------------------------------------- Casse de départ
def test_break_needs_no_call_and_any_ball_may_be_hit_first():
    g = eight()
    assert g.phase is Phase.BREAK and g.ball_in_hand is BallInHand.BEHIND_HEAD_STRING
    with pytest.raises(InvalidDeclarationError, match="pas d'annonce"):
        g.validate_declaration(call(1, "top-right"))
    r = g.judge(shot(g).hit(0, 13).pocket(4, "top-right").result())
    assert not r.fouls and r.next_to_play == 0 and r.next_phase is Phase.OPEN_TABLE


def test_break_pocketing_only_stripes_still_leaves_the_table_open():
    g = eight()
    after = g.apply(g.judge(shot(g).hit(0, 1).pocket(12, "top-right").result()))
    assert after.groups == (None, None) and after.phase is Phase.OPEN_TABLE


def test_legal_break_with_four_balls_to_cushions_passes_the_turn():
    g = eight()
    s = shot(g).hit(0, 1)
    for b in (2, 9, 10, 11):
        s.cushion(b, 1)
    r = g.judge(s.result())
    assert not r.fouls and not r.options and r.next_to_play == 1


def test_illegal_break_offers_the_three_choices():
    g = eight()
    s = shot(g).hit(0, 1)
    for b in (2, 9, 10):
        s.cushion(b, 1)
    r = g.judge(s.result())
    assert not r.fouls
    assert r.options == (
        Choice.ACCEPT_TABLE,
        Choice.RERACK_AND_BREAK,
        Choice.RERACK_OPPONENT_BREAKS,
    )
    assert r.next_to_play == 1
    assert "Illegal break" in r.summary(g.players, g.ball_names)
    pending = g.apply(r)
    accepted = pending.choose(Choice.ACCEPT_TABLE)
    assert accepted.to_play == 1 and accepted.phase is Phase.OPEN_TABLE
    assert accepted.ball_in_hand is BallInHand.NONE
    rebreak = pending.choose(Choice.RERACK_AND_BREAK)
    assert rebreak.to_play == 1 and rebreak.breaker == 1 and rebreak.phase is Phase.BREAK
    assert rebreak.rack_number == 1 and all(rebreak.state.on_table)
    assert not (rebreak.state.pos == g.state.pos).all()  # a different rack
    other = pending.choose(Choice.RERACK_OPPONENT_BREAKS)
    assert other.to_play == 0 and other.breaker == 0 and other.phase is Phase.BREAK


def test_eight_on_the_break_without_foul_breaker_spots_or_reracks():
    g = eight()
    r = g.judge(shot(g).hit(0, 1).pocket(8, "top-middle").pocket(3, "top-right").result())
    assert not r.fouls and not r.frame_over
    assert r.next_to_play == 0 and r.options == (
        Choice.SPOT_EIGHT_AND_PLAY,
        Choice.RERACK_AND_BREAK,
    )
    assert [b for b, _ in r.to_spot] == [8]
    spotted = g.apply(r, Choice.SPOT_EIGHT_AND_PLAY)
    assert spotted.to_play == 0 and bool(spotted.state.on_table[8])
    assert not bool(spotted.state.on_table[3])  # the others stay down
    assert spotted.ball_in_hand is BallInHand.NONE
    rerack = g.apply(r, Choice.RERACK_AND_BREAK)
    assert rerack.phase is Phase.BREAK and rerack.to_play == 0


def test_eight_on_the_break_with_a_scratch_opponent_spots_with_ball_in_hand_behind_line():
    g = eight()
    r = g.judge(shot(g).hit(0, 1).pocket(8, "top-middle").pocket(0, "top-right").result())
    assert [f.code for f in r.fouls] == ["cue_ball_pocketed"] and not r.frame_over
    assert r.next_to_play == 1 and r.options == (
        Choice.SPOT_EIGHT_AND_PLAY,
        Choice.RERACK_AND_BREAK,
    )
    spotted = g.apply(r, Choice.SPOT_EIGHT_AND_PLAY)
    assert spotted.ball_in_hand is BallInHand.BEHIND_HEAD_STRING and spotted.to_play == 1
    rerack = g.apply(r, Choice.RERACK_AND_BREAK)
    assert rerack.breaker == 1 and rerack.phase is Phase.BREAK


def test_balls_off_the_table_on_the_break_foul_with_two_choices():
    g = eight()
    r = g.judge(shot(g).hit(0, 1).result(), Declaration(off_table=frozenset({5, 8})))
    assert [f.code for f in r.fouls] == ["object_ball_off_table"]
    assert "éjectées" in r.fouls[0].clause
    assert r.options == (Choice.ACCEPT_TABLE, Choice.TAKE_BALL_IN_HAND) and r.next_to_play == 1
    assert [b for b, _ in r.to_spot] == [8]  # the 8 comes back, the 5 counts as pocketed
    pending = g.apply(r)
    assert not bool(pending.state.on_table[5]) and bool(pending.state.on_table[8])
    assert pending.choose(Choice.ACCEPT_TABLE).ball_in_hand is BallInHand.NONE
    assert pending.choose(Choice.TAKE_BALL_IN_HAND).ball_in_hand is BallInHand.BEHIND_HEAD_STRING


def test_scratch_on_a_legal_break_gives_ball_in_hand_behind_the_head_string():
    g = eight()
    r = g.judge(shot(g).hit(0, 1).pocket(2, "top-right").pocket(0, "bottom-right").result())
    assert r.fouls and not r.options
    assert r.ball_in_hand is BallInHand.BEHIND_HEAD_STRING and r.next_to_play == 1


def test_break_from_in_front_of_the_head_string_is_a_foul():
    g = eight()
    g = replace(g, state=g.state.with_ball_at(0, (0.635, 1.0)))
    r = g.judge(shot(g).hit(0, 1).pocket(2, "top-right").result())
    assert [f.code for f in r.fouls] == ["break_not_behind_head_string"]


# ---------------------------------------------------------------- Choix du groupe (open table)
def test_open_table_requires_a_call_or_a_safety():
    g = position(eight(), {0: CUE, 3: A, 11: B, 8: F})
    with pytest.raises(InvalidDeclarationError, match="call a ball and a pocket"):
        g.validate_declaration(Declaration())
    with pytest.raises(InvalidDeclarationError, match="cannot be called"):
        g.validate_declaration(call(8, "top-right"))
    with pytest.raises(InvalidDeclarationError, match="no pocket called"):
        g.validate_declaration(call(3, "corner"))
    g.validate_declaration(Declaration(safety=True))


def test_called_pot_on_open_table_assigns_the_groups():
    g = position(eight(), {0: CUE, 3: A, 11: B, 8: F})
    r = g.judge(shot(g).hit(0, 3).pocket(3, "top-right").result(), call(3, "top-right"))
    assert not r.fouls and r.next_to_play == 0
    after = g.apply(r)
    assert after.groups == (Group.SOLIDS, Group.STRIPES) and after.phase is Phase.GROUPS_ASSIGNED
    assert after.ball_on == frozenset({8})  # no solid left: the 8 is on


def test_combination_on_open_table_solid_first_to_pot_a_stripe():
    g = position(eight(), {0: CUE, 3: A, 11: B, 8: F})
    r = g.judge(
        shot(g).hit(0, 3).hit(3, 11).pocket(11, "bottom-right").result(), call(11, "bottom-right")
    )
    assert not r.fouls
    assert g.apply(r).groups == (Group.STRIPES, Group.SOLIDS)


def test_eight_first_on_open_table_is_a_foul():
    g = position(eight(), {0: CUE, 3: A, 11: B, 8: F})
    r = g.judge(shot(g).hit(0, 8).hit(8, 3).pocket(3, "top-right").result(), call(3, "top-right"))
    assert [f.code for f in r.fouls] == ["eight_first_on_open_table"]
    assert "sauf avec la n° 8" in r.fouls[0].clause
    after = g.apply(r)
    assert after.groups == (None, None) and after.ball_in_hand is BallInHand.ANYWHERE


def test_miss_on_open_table_keeps_it_open():
    g = position(eight(), {0: CUE, 3: A, 11: B, 8: F})
    r = g.judge(shot(g).hit(0, 3).cushion(3, 1).result(), call(3, "top-right"))
    after = g.apply(r)
    assert after.to_play == 1 and after.groups == (None, None) and after.phase is Phase.OPEN_TABLE


# ---------------------------------------------------------------- Déroulement de la partie
def test_wrong_pocket_is_no_foul_ball_stays_down_turn_passes():
    g = grouped({0: CUE, 3: A, 11: B, 8: F})
    r = g.judge(shot(g).hit(0, 3).pocket(3, "bottom-right").result(), call(3, "top-right"))
    assert not r.fouls and r.next_to_play == 1 and r.ball_in_hand is BallInHand.NONE
    assert "stays down" in " ".join(r.notes)
    assert not bool(g.apply(r).state.on_table[3])


def test_opponent_ball_pocketed_on_a_legal_shot_stays_down_and_shooter_continues():
    g = grouped({0: CUE, 3: A, 5: G, 11: B, 8: F})
    r = g.judge(
        shot(g).hit(0, 3).pocket(3, "top-right").hit(3, 11).pocket(11, "bottom-right").result(),
        call(3, "top-right"),
    )
    assert not r.fouls and r.next_to_play == 0
    after = g.apply(r)
    assert not bool(after.state.on_table[11])


def test_hitting_the_opponents_group_first_is_a_foul():
    g = grouped({0: CUE, 3: A, 11: B, 8: F})
    r = g.judge(shot(g).hit(0, 11).hit(11, 3).pocket(3, "top-right").result(), call(3, "top-right"))
    assert [f.code for f in r.fouls] == ["wrong_ball_first"]
    assert "solids were on" in r.fouls[0].message


def test_opponent_balls_pocketed_on_a_foul_stay_down():
    g = grouped({0: CUE, 3: A, 11: B, 8: F})
    r = g.judge(
        shot(g).hit(0, 3).hit(3, 11).pocket(11, "top-right").pocket(0, "top-left").result(),
        call(3, "top-right"),
    )
    assert r.fouls
    after = g.apply(r)
    assert not bool(after.state.on_table[11]) and after.ball_in_hand is BallInHand.ANYWHERE


def test_safety_passes_the_turn_and_pocketed_balls_stay():
    g = grouped({0: CUE, 3: A, 4: G, 11: B, 8: F})
    r = g.judge(shot(g).hit(0, 3).pocket(3, "top-right").result(), Declaration(safety=True))
    assert not r.fouls and r.next_to_play == 1
    assert not bool(g.apply(r).state.on_table[3])


def test_no_cushion_after_contact_is_a_foul():
    g = grouped({0: CUE, 3: A, 11: B, 8: F})
    r = g.judge(shot(g).hit(0, 3).result(), call(3, "top-right"))
    assert [f.code for f in r.fouls] == ["no_cushion_after_contact"]


def test_call_must_be_in_the_group():
    g = grouped({0: CUE, 3: A, 11: B, 8: F})
    with pytest.raises(InvalidDeclarationError, match="callable balls: \\[3\\]"):
        g.validate_declaration(call(11, "top-right"))


# ---------------------------------------------------------------- Perte de la partie
def test_eight_in_the_called_pocket_after_the_group_wins():
    g = grouped({0: CUE, 11: B, 8: F})
    assert g.ball_on == frozenset({8})
    r = g.judge(shot(g).hit(0, 8).pocket(8, "top-right").result(), call(8, "top-right"))
    assert r.frame_over and r.winner == 0
    assert g.apply(r).score == (1, 0)


def test_eight_before_the_group_is_cleared_loses():
    g = grouped({0: CUE, 3: A, 11: B, 8: F})
    r = g.judge(shot(g).hit(0, 3).hit(3, 8).pocket(8, "top-right").result(), call(3, "top-right"))
    assert r.frame_over and r.winner == 1 and "before" in r.reason


def test_eight_with_the_last_group_ball_on_the_same_shot_loses():
    g = grouped({0: CUE, 3: A, 11: B, 8: F})
    r = g.judge(
        shot(g).hit(0, 3).pocket(3, "top-right").hit(0, 8).pocket(8, "bottom-right").result(),
        call(3, "top-right"),
    )
    assert r.frame_over and r.winner == 1


def test_eight_on_open_table_loses():
    g = position(eight(), {0: CUE, 3: A, 11: B, 8: F})
    r = g.judge(shot(g).hit(0, 3).hit(3, 8).pocket(8, "top-right").result(), call(3, "top-right"))
    assert r.frame_over and r.winner == 1


def test_eight_off_the_table_loses():
    g = grouped({0: CUE, 11: B, 8: F})
    r = g.judge(
        shot(g).hit(0, 8).cushion(8, 1).result(),
        Declaration(called_ball=8, called_pocket="top-right", off_table=frozenset({8})),
    )
    assert r.frame_over and r.winner == 1 and "left the table" in r.reason


def test_eight_on_a_foul_loses():
    g = grouped({0: CUE, 11: B, 8: F})
    r = g.judge(
        shot(g).hit(0, 8).pocket(8, "top-right").pocket(0, "bottom-right").result(),
        call(8, "top-right"),
    )
    assert r.frame_over and r.winner == 1 and "foul" in r.reason


def test_eight_in_another_pocket_loses():
    g = grouped({0: CUE, 11: B, 8: F})
    r = g.judge(shot(g).hit(0, 8).pocket(8, "bottom-right").result(), call(8, "top-right"))
    assert r.frame_over and r.winner == 1 and "not the called one" in r.reason


# ---------------------------------------------------------------- Les fautes / Liste des fautes
def test_foul_in_play_gives_ball_in_hand_anywhere():
    g = grouped({0: CUE, 3: A, 11: B, 8: F})
    r = g.judge(shot(g).hit(0, 3).pocket(0, "top-right").result(), call(3, "top-right"))
    assert r.ball_in_hand is BallInHand.ANYWHERE and r.next_to_play == 1


@pytest.mark.parametrize("code", sorted(EIGHT_DECLARABLE))
def test_every_declared_foul(code):
    g = grouped({0: CUE, 3: A, 11: B, 8: F})
    r = g.judge(
        shot(g).hit(0, 3).pocket(3, "top-right").result(),
        Declaration(called_ball=3, called_pocket="top-right", declared_fouls=frozenset({code})),
    )
    assert [f.code for f in r.fouls] == [code]
    assert r.next_to_play == 1 and r.ball_in_hand is BallInHand.ANYWHERE


def test_bad_placement_from_behind_the_head_string_is_seen_from_geometry():
    g = grouped({0: (0.635, 1.0), 3: C, 11: B, 8: F}, ball_in_hand=BallInHand.BEHIND_HEAD_STRING)
    r = g.judge(shot(g).hit(0, 3).pocket(3, "top-right").result(), call(3, "top-right"))
    assert [f.code for f in r.fouls] == ["bad_placement"]
    assert "Mauvais placement" in r.fouls[0].clause


def test_object_ball_off_the_table_in_play_is_a_foul():
    g = grouped({0: CUE, 3: A, 4: D, 11: B, 8: F})
    r = g.judge(
        shot(g).hit(0, 3).cushion(3, 1).result(),
        Declaration(called_ball=3, called_pocket="top-right", off_table=frozenset({4})),
    )
    assert [f.code for f in r.fouls] == ["object_ball_off_table"]
    assert r.ball_in_hand is BallInHand.ANYWHERE


def test_balls_moving_is_declarable_in_eight_ball():
    g = grouped({0: CUE, 3: A, 11: E, 8: F})
    r = g.judge(
        shot(g).hit(0, 3).cushion(3, 1).result(),
        Declaration(
            called_ball=3,
            called_pocket="top-right",
            declared_fouls=frozenset({DeclaredFoul.BALLS_MOVING}),
        ),
    )
    assert "mouvement" in r.fouls[0].clause


def test_eight_ball_safety_that_pockets_nothing_says_so():
    g = position(eight(), {0: CUE, 1: A, 9: (0.9, 1.6), 8: (0.3, 2.0)}, phase=Phase.OPEN_TABLE)
    ruling = g.judge(shot(g).hit(0, 1).cushion(1, 1).result(), Declaration(safety=True))
    assert not ruling.fouls
    assert ruling.reason.startswith("Legal safety, nothing pocketed")
    assert "called ball" not in ruling.reason


def test_cue_ball_pocketed_or_off_the_table_is_a_foul_with_ball_in_hand():
    """« Bille blanche empochée ou éjectée hors de la surface de jeu »: each is the foul, and
    the opponent has the cue ball in hand anywhere."""
    g = position(eight(), {0: CUE, 1: A, 9: (0.9, 1.6), 8: (0.3, 2.0)}, phase=Phase.OPEN_TABLE)
    call = Declaration(called_ball=1, called_pocket="top-right")
    scratch = g.judge(shot(g).hit(0, 1).cushion(1, 1).pocket(0, "top-left").result(), call)
    assert [f.code for f in scratch.fouls] == ["cue_ball_pocketed"]
    assert scratch.ball_in_hand is BallInHand.ANYWHERE and scratch.next_to_play == 1
    off = g.judge(
        shot(g).hit(0, 1).cushion(1, 1).result(),
        replace(call, off_table=frozenset({0})),
    )
    assert [f.code for f in off.fouls] == ["cue_ball_off_table"]
    assert off.ball_in_hand is BallInHand.ANYWHERE
    assert not g.apply(off).state.on_table[0]
