"""The referee, round two: the clauses that were judged wrongly, each on a real
simulated shot where the engine can produce it and on a hand-built log otherwise, and the
clauses modelled since (aggregate scores, the stalemate warning)."""

from __future__ import annotations

import itertools
import math
from dataclasses import replace

import numpy as np
import pytest

import rules
import sim
from rules.errors import InvalidDeclarationError, InvalidOptionError
from rules.racks import nine_ball_order, nine_ball_rack
from rules.snooker import SnookerGame
from rules.snooker_geometry import BALL_INDEX as B
from rules.types import BallInHand, Choice, Declaration, DeclaredFoul, Phase
from rules.wording import player_summary
from tests.rules.pool_helpers import CUE, A, eight, nine, position, shot
from tests.rules.snooker_helpers import game_with, hand_shot

R = 0.02625  # snooker ball radius, m
CX = 0.889  # the snooker table's long string, m


def aim(from_xy, to_xy) -> float:
    """Cue direction (degrees) from one point to another."""
    return math.degrees(math.atan2(to_xy[1] - from_xy[1], to_xy[0] - from_xy[0]))


# ------------------------------------------------------------------ 1. push stroke (§7.2)
def touching_red_game(gap: float):
    return game_with({"cue": (CX, 1.0), "red_1": (CX, 1.0 + 2 * R + gap), "red_2": (0.4, 2.5)})


@pytest.mark.parametrize("gap", [0.0, 1e-5, 9e-5])
def test_real_stroke_through_a_touching_red_is_a_push_whatever_the_gap(gap):
    """§7.2: driving into a touching red is a push stroke, also when the 10 um gap makes the
    contact come microseconds after the strike (the old 1 us window missed it)."""
    game = touching_red_game(gap)
    assert game.touching == (B["red_1"],)
    result = sim.simulate(game.table, game.state, sim.Strike(speed=1.0, phi=90.0))
    ruling = game.judge(result)
    assert [f.code for f in ruling.fouls] == ["push_stroke_touching"]
    assert ruling.fouls[0].penalty == 4 and ruling.points == (0, 4)
    assert "red_1" in ruling.fouls[0].message


def test_real_stroke_at_an_angle_into_the_touching_red_is_a_push_and_away_is_not():
    game = touching_red_game(1e-5)
    for phi, push in ((150.0, True), (60.0, True), (-90.0, False), (0.0, False)):
        ruling = game.judge(sim.simulate(game.table, game.state, sim.Strike(speed=1.0, phi=phi)))
        assert ("push_stroke_touching" in {f.code for f in ruling.fouls}) is push, phi


def test_hand_built_log_push_stroke_read_from_the_first_cue_ball_contact():
    """Without a strike (a hand-built log) the push is read off the rows: the cue ball's first
    collision, 7 us after the strike, is with the touching red. A cue ball that goes to a
    cushion first and comes back to the red did not push it."""
    game = touching_red_game(1e-5)
    pushed = game.judge(hand_shot(game, [("hit", 7e-6, 0, "red_1")]))
    assert [f.code for f in pushed.fouls] == ["push_stroke_touching"]
    assert pushed.fouls[0].event == 1
    came_back = game.judge(hand_shot(game, [("cushion", 0.3, 0), ("hit", 0.9, 0, "red_1")]))
    assert "push_stroke_touching" not in {f.code for f in came_back.fouls}


def test_push_stroke_on_a_touching_colour_costs_the_colours_value():
    game = game_with({"cue": (CX, 1.0), "black": (CX, 1.0 + 2 * R + 2e-5), "red_1": (0.4, 2.5)})
    ruling = game.judge(sim.simulate(game.table, game.state, sim.Strike(speed=1.0, phi=90.0)))
    push = next(f for f in ruling.fouls if f.code == "push_stroke_touching")
    assert push.penalty == 7 and ruling.points == (0, 7)


# ------------------------------------------------------------------ 2. play over: no spotting
def test_real_foul_on_the_last_black_ends_the_frame_and_spots_nothing():
    """The black and the cue ball both go down: the frame ends on the foul (§3.10); nothing
    is spotted and nobody gets ball in hand."""
    tl = (-0.08215166583825309, 3.651151665838253)
    black = (tl[0] + 0.25, tl[1] - 0.25)
    cue = (black[0] + 0.2, black[1] - 0.2)
    game = game_with({"cue": cue, "black": black}, score=(30, 27))
    ruling, after = game.play(sim.Strike(speed=2.0, phi=aim(cue, tl), b=0.5))
    assert set(ruling.pocketed) == {0, B["black"]}
    assert [f.code for f in ruling.fouls] == ["cue_ball_pocketed"]
    assert ruling.frame_over and ruling.winner == 1  # 30 against 27 + 7
    assert ruling.to_spot == () and ruling.ball_in_hand is BallInHand.NONE
    assert "Spotted" not in ruling.summary() and "ball in hand" not in ruling.summary()
    assert after.is_over and not after.state.on_table[B["black"]]


def test_hand_built_foul_on_the_last_black_spots_nothing():
    game = game_with({"cue": (CX, 2.8), "black": (CX, 3.245)}, score=(20, 27))
    ruling = game.judge(
        hand_shot(game, [("hit", 0.2, 0, "black"), ("pot", 0.5, "black"), ("pot", 0.9, 0)])
    )
    assert ruling.frame_over and ruling.winner == 1 and ruling.points == (0, 7)
    assert ruling.to_spot == () and ruling.ball_in_hand is BallInHand.NONE


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


# ------------------------------------------------------------------ 3. 9-ball racks differ
def test_each_nine_ball_rack_differs_from_the_one_before():
    """« Leurs positions doivent être différentes à chaque nouveau rack »: over 300 seeds and
    60 racks each (the old independent draws repeated a rack about once in 6,000), no rack's
    order of the balls 2-8 equals the rack before, and a rack depends on (seed, rack) only."""
    table = sim.Table.pool(9)
    for seed in range(300):
        orders = [nine_ball_order(seed, k) for k in range(60)]
        assert all(a != b for a, b in itertools.pairwise(orders)), seed
    first = nine_ball_rack(table, 17, 5)
    assert np.array_equal(first, nine_ball_rack(table, 17, 5))
    a, b = nine_ball_rack(table, 17, 5), nine_ball_rack(table, 17, 6)
    assert not np.allclose(a[2:9], b[2:9], atol=1e-3)
    assert np.allclose(a[1], b[1], atol=1e-3) and np.allclose(a[9], b[9], atol=1e-3)


@pytest.mark.parametrize("kind", ["nine-ball", "eight-ball"])
def test_a_new_game_of_a_match_rack_is_that_rack_of_the_seed(kind):
    """A match that starts each rack as a new game (the window's) asks for rack k of the match
    seed (``rack_number``): it is the rack ``next_rack`` sets up after rack k - 1, so a 9-ball
    rack never repeats the one before. Seed 7592's racks 0 and 1 were one rack when each new
    game drew from seed + k. Bad rack numbers are refused, naming what is allowed."""
    for k in range(1, 5):
        after = rules.new_game(kind, seed=7592, rack_number=k - 1)
        done = replace(after, is_over=True, winner=0)
        fresh = rules.new_game(kind, seed=7592, rack_number=k, breaker=done.other(done.breaker))
        assert fresh.rack_number == k
        assert np.array_equal(fresh.state.pos, done.next_rack().state.pos)
    if kind == "nine-ball":
        racks = [rules.new_game(kind, seed=7592, rack_number=k).state.pos for k in range(2)]
        assert not np.allclose(racks[0][2:9], racks[1][2:9], atol=1e-3)
    for bad in (-1, 1.7, "x", True):
        with pytest.raises(InvalidOptionError, match="rack_number must be a whole number >= 0"):
            rules.new_game(kind, seed=1, rack_number=bad)


# ------------------------------------------------------------------ 4. free ball and a pot
def test_free_ball_that_pots_a_red_scores_and_is_not_a_snookering_foul():
    """WPBSA 3.12: the free-ball snooker foul is only for a stroke that scores nothing. The
    blue (free ball) knocks a red in and ends between the cue ball and the last red."""
    game = game_with(
        {"cue": (CX, 1.0), "blue": (CX, 1.5), "red_1": (CX, 1.8), "red_2": (CX, 3.0)},
        free_ball=True,
    )
    log = hand_shot(
        game,
        [("hit", 0.2, 0, "blue"), ("hit", 0.4, "blue", "red_1"), ("pot", 0.9, "red_1")],
        moves={"blue": (CX, 2.0), "cue": (CX, 1.45)},
    )
    declaration = Declaration(nominated=B["blue"], free_ball=True)
    ruling = game.judge(log, declaration)
    assert ruling.fouls == () and ruling.points == (1, 0)
    assert ruling.next_to_play == 0 and ruling.next_phase is Phase.COLOUR_AFTER_RED
    # the same stroke without the pot is the foul of §9.4
    dry = hand_shot(
        game,
        [("hit", 0.2, 0, "blue"), ("hit", 0.4, "blue", "red_1")],
        moves={"blue": (CX, 2.0), "cue": (CX, 1.45), "red_1": (CX, 2.6)},
    )
    assert [f.code for f in game.judge(dry, declaration).fouls] == ["snookered_with_free_ball"]


# ------------------------------------------------------------------ 5. the miss
def test_real_miss_nominating_a_hidden_colour_with_another_visible_is_a_miss():
    """WPBSA 3.14(c): after a red, every colour could be on; nominating the wholly hidden pink
    and sending the cue ball away from the visible colours is a foul and a miss."""
    game = game_with(
        {
            "cue": (CX, 1.0),
            "red_1": (0.3, 3.0),
            "blue": (CX, 1.5),
            "brown": (CX - 2 * R, 1.5),
            "green": (CX + 2 * R, 1.5),
            "pink": (CX, 2.0),
        },
        phase=Phase.COLOUR_AFTER_RED,
    )
    result = sim.simulate(game.table, game.state, sim.Strike(speed=1.0, phi=0.0))
    ruling = game.judge(result, Declaration(nominated=B["pink"]))
    assert [f.code for f in ruling.fouls] == ["missed_all"]
    assert ruling.extras.miss is True
    assert Choice.REPLACE_AND_REPLAY in ruling.options


def test_simultaneous_hit_of_a_ball_on_and_a_colour_is_a_foul_but_no_miss():
    game = game_with({"cue": (CX, 1.0), "red_1": (CX - R, 1.6), "blue": (CX + R, 1.6)})
    ruling = game.judge(hand_shot(game, [("hit", 0.3, 0, "red_1"), ("hit", 0.3, 0, "blue")]))
    assert [f.code for f in ruling.fouls] == ["simultaneous"]
    assert ruling.extras.miss is False and Choice.REPLACE_AND_REPLAY not in ruling.options


def test_real_stroke_into_two_colours_at_once_with_a_third_nominated_is_a_miss():
    """§5 and WPBSA 3.14: the blue nominated and in plain view, the cue ball driven into the
    pink and the yellow side by side (the engine meets both at one instant): a simultaneous
    foul that reached no ball on, so a miss like a hit of either alone. Nominating a colour
    makes it the ball on; the other colours that could have been nominated are not."""
    game = game_with(
        {
            "cue": (CX, 1.0),
            "red_1": (0.3, 3.0),
            "pink": (CX - R, 1.6),
            "yellow": (CX + R, 1.6),
            "blue": (0.4, 1.2),
        },
        phase=Phase.COLOUR_AFTER_RED,
    )
    result = sim.simulate(game.table, game.state, sim.Strike(speed=1.0, phi=90.0))
    ruling = game.judge(result, Declaration(nominated=B["blue"]))
    assert [f.code for f in ruling.fouls] == ["simultaneous"]
    assert ruling.extras.penalty == 6  # the pink, the higher of the two
    assert ruling.extras.miss is True and Choice.REPLACE_AND_REPLAY in ruling.options
    # the same stroke with the pink nominated reached the ball on: a foul, no miss
    reached = game.judge(result, Declaration(nominated=B["pink"]))
    assert [f.code for f in reached.fouls] == ["simultaneous"]
    assert reached.extras.miss is False


def test_free_ball_hit_at_once_with_a_colour_not_on_is_a_simultaneous_foul_but_no_miss():
    """§5 « ... ou une bille libre et la bille ON »: the free ball and another colour at once
    is the simultaneous foul, worded so (not "did not hit the free ball first"), and the
    free ball, the ball on of the stroke, was reached: no miss."""
    game = game_with(
        {"cue": (CX, 1.0), "red_1": (1.4, 2.5), "blue": (CX - R, 1.6), "pink": (CX + R, 1.6)},
        free_ball=True,
    )
    log = hand_shot(game, [("hit", 0.3, 0, "blue"), ("hit", 0.3, 0, "pink")])
    ruling = game.judge(log, Declaration(nominated=B["blue"], free_ball=True))
    assert [f.code for f in ruling.fouls] == ["simultaneous"]
    assert ruling.fouls[0].message == "Foul: the cue ball hit the blue and the pink simultaneously"
    assert ruling.extras.miss is False and Choice.REPLACE_AND_REPLAY not in ruling.options
    # the free ball missed altogether and the pink hit alone: not the free ball first, a miss
    alone = game.judge(
        hand_shot(game, [("hit", 0.3, 0, "pink")]), Declaration(nominated=B["blue"], free_ball=True)
    )
    assert [f.code for f in alone.fouls] == ["free_ball_not_first"]
    assert alone.extras.miss is True


@pytest.mark.parametrize(("speed", "miss"), [(0.05, True), (0.2, True), (3.0, False)])
def test_real_wholly_snookered_stroke_is_excused_only_with_the_strength_to_reach(speed, miss):
    """WPBSA 3.14(a): a wholly hidden red is deemed attempted only when the stroke could have
    reached it; a tap of the cue ball sideways is a miss."""
    game = game_with(
        {
            "cue": (CX, 1.0),
            "red_1": (CX, 2.0),
            "blue": (CX, 1.5),
            "pink": (CX - 2 * R, 1.5),
            "black": (CX + 2 * R, 1.5),
        }
    )
    ruling = game.judge(sim.simulate(game.table, game.state, sim.Strike(speed=speed, phi=0.0)))
    assert [f.code for f in ruling.fouls] == ["missed_all"]
    assert ruling.extras.miss is miss
    assert ruling.extras.full_ball_misses == 0


# ------------------------------------------------------------------ 6. 9-ball spot, cue in hand
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


# ------------------------------------------------------------------ 7. declared ball concerned
def test_touching_the_black_with_reds_on_costs_seven_when_the_ball_is_named():
    game = game_with({"cue": (CX, 1.0), "red_1": (CX, 1.6), "black": (CX, 3.2)})
    log = hand_shot(game, [("hit", 0.3, 0, "red_1")])
    plain = game.judge(log, Declaration(declared_fouls=frozenset({DeclaredFoul.BALL_TOUCHED})))
    named = game.judge(
        log,
        Declaration(
            declared_fouls=frozenset({DeclaredFoul.BALL_TOUCHED}), ball_concerned=B["black"]
        ),
    )
    assert plain.points == (0, 4) and named.points == (0, 7)
    assert "black" in named.fouls[0].evidence


def test_a_ball_concerned_needs_a_foul_of_the_ball_concerned_and_a_ball_on_the_table():
    game = game_with({"cue": (CX, 1.0), "red_1": (CX, 1.6), "black": (CX, 3.2)})
    with pytest.raises(InvalidDeclarationError, match="goes with a declared foul"):
        game.validate_declaration(Declaration(ball_concerned=B["black"]))
    with pytest.raises(InvalidDeclarationError, match="not an object ball on the table"):
        game.validate_declaration(
            Declaration(declared_fouls=frozenset({"ball_misplaced"}), ball_concerned=B["pink"])
        )
    with pytest.raises(InvalidDeclarationError, match="snooker declarations"):
        nine().validate_declaration(Declaration(ball_concerned=3))


# ------------------------------------------------------------------ 8. wording
FOUR = ("Ann", "Bob", "Cy", "Dee")


def four_handed(placed, to_play, **fields):
    """A four-handed frame (§14: Ann and Cy against Bob and Dee) with ``placed`` on the table,
    player ``to_play`` at it."""
    game = game_with(placed, players=FOUR, **fields)
    zeros = (0,) * 4
    return replace(
        game, fouls_in_a_row=zeros, warning_given=(False,) * 4, highest_break=zeros, to_play=to_play
    )


def test_four_handed_frame_over_names_the_winning_team():
    game = four_handed({"cue": (CX, 2.8), "black": (CX, 3.245)}, 2, score=(30, 20))
    ruling = game.judge(hand_shot(game, [("hit", 0.2, 0, "black"), ("pot", 0.5, "black")]))
    text = ruling.summary(FOUR)
    assert ruling.frame_over and ruling.winner == 0
    assert "Game over: Ann & Cy win." in text and "Points: Ann & Cy 7, Bob & Dee 0" in text
    # the reason and the player's lines (the window's call, ``cuesim shot``) per team too
    assert ruling.reason == "Frame over: Ann & Cy win 37-20."
    lines = player_summary(ruling, FOUR, game.ball_names, "frame")
    assert "This shot: Ann & Cy score 7 points." in lines
    assert "Ann & Cy win this frame." in lines
    assert not any("Ann scores" in line or "Ann wins" in line for line in lines)
    # a pot that does not end the frame names the striker and the team the points go to
    game = four_handed({"cue": (CX, 2.8), "red_1": (CX, 3.1), "black": (0.3, 3.245)}, 3)
    potted = game.judge(hand_shot(game, [("hit", 0.2, 0, "red_1"), ("pot", 0.5, "red_1")]))
    assert potted.reason == "Dee scores 1 for Bob & Dee; break 1."


def test_eight_ball_safety_that_pockets_nothing_says_so():
    g = position(eight(), {0: CUE, 1: A, 9: (0.9, 1.6), 8: (0.3, 2.0)}, phase=Phase.OPEN_TABLE)
    ruling = g.judge(shot(g).hit(0, 1).cushion(1, 1).result(), Declaration(safety=True))
    assert not ruling.fouls
    assert ruling.reason.startswith("Legal safety, nothing pocketed")
    assert "called ball" not in ruling.reason


def test_real_colour_inferred_from_a_touching_ball_says_so():
    game = game_with(
        {"cue": (CX, 1.0), "blue": (CX, 1.0 + 2 * R), "red_1": (0.3, 3.0)},
        phase=Phase.COLOUR_AFTER_RED,
    )
    ruling = game.judge(sim.simulate(game.table, game.state, sim.Strike(speed=0.2, phi=-90.0)))
    assert ruling.fouls == () and not ruling.pocketed  # a touching ball on counts as hit (§7.3)
    assert ruling.extras.nominated == B["blue"]
    assert any("the colour touching the cue ball" in n for n in ruling.notes)
    assert not any("first ball hit" in n for n in ruling.notes)


def test_choice_on_the_respotted_black_is_worded_for_the_draw():
    game = game_with({"cue": (CX, 2.8), "black": (CX, 3.245)}, score=(20, 27))
    ruling = game.judge(hand_shot(game, [("hit", 0.2, 0, "black"), ("pot", 0.5, "black")]))
    assert ruling.options == (Choice.ACCEPT_TABLE, Choice.HAND_BACK)
    text = ruling.summary(("Ann", "Bob"))
    assert "play the re-spotted black yourself" in text
    assert "the other player shoots again" not in text


# ------------------------------------------------------------------ aggregate scores (§3.10 note)
def aggregate_black(score, **options):
    game = SnookerGame.new(players=("Ann", "Bob"), seed=3, **options)
    placed = game_with({"cue": (CX, 2.8), "black": (CX, 3.245)}, score=score)
    return replace(
        placed,
        aggregate_before=game.aggregate_before,
        last_frame=game.last_frame,
    )


def pot_black(game):
    return game.judge(hand_shot(game, [("hit", 0.2, 0, "black"), ("pot", 0.5, "black")]))


def test_aggregate_frame_before_the_last_ending_level_is_drawn_not_respotted():
    ruling = pot_black(aggregate_black((20, 27), aggregate_before=(40, 0)))
    assert ruling.frame_over and ruling.winner is None
    assert ruling.next_phase is not Phase.RESPOTTED_BLACK and ruling.to_spot == ()
    assert "drawn" in ruling.reason and "Game over: drawn." in ruling.summary()


def test_aggregate_last_frame_is_settled_on_the_totals():
    won = pot_black(aggregate_black((20, 27), aggregate_before=(40, 0), last_frame=True))
    assert won.frame_over and won.winner == 0 and "aggregate 67-27" in won.reason
    level = pot_black(aggregate_black((20, 27), aggregate_before=(10, 10), last_frame=True))
    assert not level.frame_over and level.next_phase is Phase.RESPOTTED_BLACK
    behind = pot_black(aggregate_black((27, 20), aggregate_before=(0, 20), last_frame=True))
    assert behind.frame_over and behind.winner == 1


def test_aggregate_options_are_checked_and_saved():
    with pytest.raises(InvalidOptionError, match="aggregate_before"):
        SnookerGame.new(aggregate_before=(1, -2))
    with pytest.raises(InvalidOptionError, match="last_frame"):
        SnookerGame.new(last_frame=True)
    game = SnookerGame.new(seed=4, aggregate_before=(55, 61), last_frame=True)
    again = rules.loads(rules.dumps(game))
    assert again.aggregate_before == (55, 61) and again.last_frame is True


# ------------------------------------------------------------------ the stalemate warning (§13)
def test_stalemate_warning_stands_until_a_ball_is_potted_and_precedes_the_restart():
    game = game_with({"cue": (CX, 1.0), "red_1": (CX, 1.6), "red_2": (0.3, 3.0)})
    warned = game.warn_stalemate()
    assert warned.stalemate_warned and "§13" in warned.last_reason
    no_change = warned.apply(warned.judge(hand_shot(warned, [("hit", 0.3, 0, "red_1")])))
    assert no_change.stalemate_warned
    restarted = no_change.declare_stalemate()
    assert "after the referee's warning" in restarted.last_reason
    assert restarted.phase is Phase.BREAK and not restarted.stalemate_warned
    potted = warned.apply(
        warned.judge(hand_shot(warned, [("hit", 0.3, 0, "red_1"), ("pot", 0.8, "red_1")]))
    )
    assert not potted.stalemate_warned
    assert "by agreement" in game.declare_stalemate().last_reason


# ------------------------------------------------------------------ a judge that never stalls
def test_the_d_grid_of_the_snookered_test_is_built_once_per_table_and_read_only():
    """The snookered-in-hand test (§9.1) reads the D's sample grid after every foul that sends
    the cue ball to the D: it is built once per (table, spacing) and cannot be changed."""
    from rules.snooker_in_hand import d_sample_points

    table = sim.Table.snooker()
    grid = d_sample_points(table, 0.01)
    assert d_sample_points(sim.Table.snooker(), 0.01) is grid
    assert not grid.flags.writeable and len(grid) > 1000
    with pytest.raises(ValueError, match="has no D"):
        d_sample_points(sim.Table.pool(9), 0.01)
