"""Regression shots of the engine fuzz (benchmarks/fuzz_engine.py) that ran into the event cap or
broke an invariant, one mechanism each.

Each shot is ``make_fuzz_shot(seed, index)``; replay one with
``.venv/bin/python benchmarks/fuzz_engine.py --replay SEED:INDEX``.
"""

from __future__ import annotations

import numpy as np
import pytest

from benchmarks.fuzz_engine import make_fuzz_shot
from benchmarks.invariants import shot_faults
from sim.events import EventKind
from sim.simulate import simulate

#: A flying ball resting on a ball on the cloth with (almost) no relative velocity: the hops
#: of the slide-off shrank to nothing and the same contact was found at one instant 20,000
#: times (five ``stack`` layouts and a cue ball jumped onto the ball it hit in a ``cradle``).
BALL_ON_BALL = ("1:38", "1:170", "1:604", "1:846", "1:962", "1:292")


def _run(spec: str, max_events: int = 2000):
    seed, index = (int(x) for x in spec.split(":"))
    shot = make_fuzz_shot(seed, index)
    return simulate(shot.table, shot.state, shot.strike, shot.params, max_events=max_events)


@pytest.mark.parametrize("spec", BALL_ON_BALL)
def test_ball_resting_on_a_ball_slides_off(spec: str) -> None:
    """The upper ball slides off in a few events (it once needed more than 20,000) and the
    shot keeps every invariant; no ball ends up flying or on top of another."""
    result = _run(spec, max_events=200)
    assert shot_faults(result) == []
    pairs = result.events[result.events["kind"] == int(EventKind.BALL_BALL)]
    assert len(pairs) < 50
    assert float(result.final.z.max(initial=0.0)) == 0.0


def test_group_rolling_along_a_knuckle_leaves_it() -> None:
    """A stuck pair rolling along a corner knuckle, its velocity cut exactly to the tangent:
    the rounding of the gap's rate kept the contact found at one instant 20,000 times
    (``corner`` layout 1:537). The group is turned 1e-9 rad off the knuckle and rolls on."""
    result = _run("1:537", max_events=500)
    assert shot_faults(result) == []
    cushion = result.events[result.events["kind"] == int(EventKind.BALL_CUSHION)]
    assert len(cushion) < 40


@pytest.mark.parametrize("spec", ["1:5", "1:878"])
def test_jumped_ball_behind_a_corner_pocket_does_not_land_on_slate(spec: str) -> None:
    """A jumped cue ball coming down behind a corner pocket, over neither a rail top nor the
    cloth, once "bounced on the slate" outside the cushions (``corner`` 1:5, ``throat``
    1:878). It now drops into the pocket beside it (or lands off the table), never on the
    slate out there."""
    result = _run(spec)
    assert shot_faults(result) == []
    bounces = result.events[result.events["kind"] == int(EventKind.BOUNCE)]
    assert result.table.balls_on_cloth(np.column_stack([bounces["x"], bounces["y"]]), 0.0).all()
    assert not bool(result.final.on_table[0])


@pytest.mark.parametrize("spec", ["2:3301", "2:7372"])
def test_flying_ball_meets_a_jaw_nose_edge_beside_the_segment(spec: str) -> None:
    """A flying cue ball whose path first crossed the extension of a jaw's nose line (beyond
    the jaw's end, no edge there) had its real contact with the edge hidden; it went into the
    edge by a millimetre and then met the edge's end point from inside, with no closing speed
    along the normal to the nearest point, 20,000 times at one instant (``stack`` 2:3301,
    ``jaws`` 2:7372). The edge is now searched only while the ball is beside it."""
    result = _run(spec, max_events=300)
    assert shot_faults(result) == []
    cushion = result.events[result.events["kind"] == int(EventKind.BALL_CUSHION)]
    assert len(cushion) < 10 and (cushion["speed"] > 0.0).all()


@pytest.mark.parametrize("spec", ["2:4070", "2:17136", "2:6362"])
def test_stuck_group_found_again_at_once_leaves_the_cushion(spec: str) -> None:
    """A ball pressed on a cushion (a jaw, a knuckle) by the Zeno stick, its velocity cut to the
    tangent but a rounding's worth (1e-19 - 1e-17 m/s) still into it, was found touching and
    closing again at the same instant 20,000 times (``corner`` 2:4070 and 2:17136, ``frozen``
    2:6362). A contact found again at the same instant now turns the group off the cushion
    (leave_cushions), as one with no closing speed already did."""
    result = _run(spec, max_events=1000)
    assert shot_faults(result) == []
    ev = result.events
    same = (np.diff(ev["t"]) == 0.0) & (np.diff(ev["a"]) == 0) & (np.diff(ev["b"]) == 0)
    same &= ev["kind"][1:] == int(EventKind.BALL_CUSHION)
    assert not (same[1:] & same[:-1]).any()  # found again at once at most once in a row


@pytest.mark.parametrize("spec", ["2:340", "2:597", "2:784", "2:3500", "2:5992"])
def test_ball_coming_down_behind_a_jaw_lands_on_the_rail_top(spec: str) -> None:
    """A flying ball coming down behind a jaw facing's nose line, beside the jaw (over the rail
    body round a pocket), had no rail top under it (only the six rails had one) and sank into
    the rail below the nose height ("inside the rail", 43 of the 52 faults of the 20,000-shot
    fuzz of seed 2). The jaws' rail bodies now have their top at the nose height too: the
    ball lands on it, bounces back or leaves the table there."""
    result = _run(spec)
    assert shot_faults(result) == []
    ev = result.events
    on_top = (ev["kind"] == int(EventKind.BOUNCE)) | (ev["kind"] == int(EventKind.OFF_TABLE))
    jaws = range(6, result.table.arrays.segments.shape[0])
    assert np.isin(ev["b"][on_top], jaws).any()


#: A cue ball jumped onto the first ball of a Newton's cradle rides it in lockstep, its slide
#: off that ball (ride_off) blocked by the next ball of the row: it sat in the groove between
#: the two and the pair contact was found at one instant 20,000 times.
BALL_IN_GROOVE = ("1:75", "1:1072", "2:1608", "2:1846", "2:4431")


@pytest.mark.parametrize("spec", BALL_IN_GROOVE)
def test_ball_in_the_groove_between_two_balls_slides_off_across_it(spec: str) -> None:
    """The groove slide (stick.groove_slide) takes the ball off across the groove in one step;
    the shot ends in about a hundred events, every ball back on the cloth, no fault."""
    result = _run(spec, max_events=500)
    assert shot_faults(result) == []
    assert float(result.final.z.max(initial=0.0)) == 0.0
    pairs = result.events[result.events["kind"] == int(EventKind.BALL_BALL)]
    assert len(pairs) < 100


@pytest.mark.parametrize("spec", ["2:8275", "2:15247"])
def test_ball_coming_down_onto_a_knuckle_lands_on_its_top(spec: str) -> None:
    """A flying ball coming down onto a knuckle (within R of the post when its lowest point
    reaches the nose height) passed through the post's top, the side contact being found only
    for a ball already below it: it then bounced on the slate inside the knuckle, or sank into
    the rail beside it (``corner`` 2:8275, ``throat`` 2:15247). It now lands on the knuckle's
    top (a BOUNCE whose ``b`` is the knuckle's cushion id)."""
    result = _run(spec)
    assert shot_faults(result) == []
    ev = result.events
    ns = result.table.arrays.segments.shape[0]
    landed = ev["b"][ev["kind"] == int(EventKind.BOUNCE)]
    assert (landed >= ns).any()


def test_ball_riding_a_ball_in_a_corner_slides_off_round_the_cushion() -> None:
    """A flying ball riding a ball in a snooker corner pocket's throat in lockstep (``frozen``
    1:16602, the one capped shot of 80,000, seeds 1-4): its slide off that ball (ride_off)
    would end inside the corner's knuckle, so it gave up and the turn of slide_off hopped by
    1e-16 m/s, 20,000 contacts at one instant. Now, once the pair's relative speed is below
    ZENO_SPEED, the knuckle turns the slide round the lower ball (stick.wall_turned_meridian):
    a few tens of events, no fault, every ball on the cloth or out of play, none in the air."""
    result = _run("1:16602", max_events=300)
    assert shot_faults(result) == []
    assert len(result.events) < 100
    assert float(result.final.z.max(initial=0.0)) == 0.0
    pairs = result.events[result.events["kind"] == int(EventKind.BALL_BALL)]
    assert len(pairs) < 40


def test_flying_ball_resting_on_a_nose_edge_slides_off_it() -> None:
    """A flying ball overlapping the snooker top cushion's line by 2.4 mm in plan, coming
    down at 2 cm/s onto the nose edge (``stack`` 6:10700), hopped on the edge by ever less
    (each contact's closing speed about 0.63 of the last) until, at t = 0.24286 s, it touched
    it again every 5e-16 s at 1.6e-15 m/s, 20,000 times. A contact found again within
    ZENO_WINDOW below ZENO_SPEED now slides the ball off the edge toward the table in one
    step (``edge_ride_off``); it falls to the cloth and the shot ends in a few dozen events."""
    result = _run("6:10700", max_events=300)
    assert shot_faults(result) == []
    edge = result.events[
        (result.events["kind"] == int(EventKind.BALL_CUSHION)) & (result.events["a"] == 2)
    ]
    assert len(edge) < 10
    assert float(result.final.z.max(initial=0.0)) == 0.0


def test_ball_balanced_over_a_groove_beside_a_cushion_slides_off_the_open_side() -> None:
    """A cue ball thrown onto a cradle row (``cradle`` 5:13180, 4 balls, han2005 cushions,
    frictional ball-ball) came to rest on top of the row, over the groove between two balls on
    the cloth, its offset across the groove a rounding's worth (9e-16 m) toward the side rail.
    The groove slide picked that side, found its spot inside the cushion and gave up; with no
    relative velocity the contact was found again at one instant 20,000 times (t = 0.3133 s).
    A cushion now closes that side and the ball slides off the other one."""
    result = _run("5:13180", max_events=200)
    assert shot_faults(result) == []
    pairs = result.events[result.events["kind"] == int(EventKind.BALL_BALL)]
    assert len(pairs) < 60
    assert float(result.final.z.max(initial=0.0)) == 0.0


#: A flying ball resting on a ball on the cloth with no relative speed whose slide off it ends
#: on a ball: a cue ball bouncing 2 mm off the cloth (``stack`` 7:132297, 7:156703), or a ball
#: on the cloth that moves away from the lower one faster than the upper ball could drop into
#: the groove between them (``cradle`` 7:160712: the groove slide's energy guard refused it).
#: ride_off gave up, the turn of slide_off hopped by 1e-17 m/s, 20,000 contacts at one instant
#: (the three capped shots of the first 212,000 of seed 7).
SLIDE_END_TAKEN = ("7:132297", "7:156703", "7:160712")


@pytest.mark.parametrize("spec", SLIDE_END_TAKEN)
def test_slide_off_a_ball_whose_end_is_taken_is_turned_round_the_lower_ball(spec: str) -> None:
    """Once the pair's relative speed is below ZENO_SPEED, whatever takes the end of the slide
    (a ball in the air, a ball on the cloth whose groove cannot hold the upper ball) turns the
    slide round the lower ball, as a cushion does (stick.wall_turned_meridian): under a hundred
    events, no fault, nothing left in the air."""
    result = _run(spec, max_events=300)
    assert shot_faults(result) == []
    assert len(result.events) < 100
    assert float(result.final.z.max(initial=0.0)) == 0.0


def test_a_ball_below_the_tops_is_never_lifted_onto_a_knuckle_top() -> None:
    """A flying ball 6 mm above the cloth, falling, bounces off a knuckle's side (``stack``
    7:680756, 7 ft pool): the top landing's descent time to the nose height said "now" for a
    ball 3 cm below it, so the same instant it was put on the knuckle's top, 3 cm up, and the
    energy rose by 3.6 mJ. A ball below the tops and not rising never comes down onto one
    (predict.TOP_LEVEL_SLACK): it lands on the slate, no fault."""
    result = _run("7:680756", max_events=300)
    assert shot_faults(result) == []
    ns = result.table.n_segments  # cushion ids from ns up are the knuckles
    tops = result.events[
        (result.events["kind"] == int(EventKind.BOUNCE)) & (result.events["b"] >= ns)
    ]
    assert len(tops) == 0


@pytest.mark.parametrize("spec", ["5:12900", "6:7523"])
def test_flying_ball_coming_down_beside_a_side_pocket_lands_on_the_rail_body(spec: str) -> None:
    """A flying ball crossing a side pocket's opening above the rail tops came down through
    their height beyond the jaw facing's end, over neither a rail top nor a jaw's strip, and
    flew on below the tops into the next rail from its end: inside the rail at x = -0.127 m,
    z = 3.1 cm (``cradle`` 5:12900, 7 ft) and at (1.285, 1.067) m (``jaws`` 6:7523, 8 ft).
    Every point round a pocket is now the pocket's opening or wood (sim.kernels.woodwork):
    both come down outside the pocket's back, onto the rail body beside the side pocket, and
    leave the table there (OFF_TABLE named by one of that pocket's jaws), at the rail tops."""
    result = _run(spec)
    assert shot_faults(result) == []
    off = result.events[result.events["kind"] == int(EventKind.OFF_TABLE)]
    side_pocket_jaws = range(10, 14)  # sim.table: the jaws of the side pockets are rows 10-13
    assert np.isin(off["b"], side_pocket_jaws).any()


def test_a_ball_sliding_off_a_ball_is_not_placed_into_a_jaws_nose_edge() -> None:
    """Fuzz 12:76452: a flying ball resting on a ball on the cloth beside a corner jaw slid off
    it in one step (the slide off a ball, ``sim.kernels.stick``) to a spot clear of the jaw's
    line in plan view but 0.39 mm into its nose edge (the edge sits 1.06 mm in front of the
    line). The spot test (``stick._spot_blocker``) now sees the nose edge in 3-D for a ball
    above the cloth, so the slide is turned or refused there and the shot keeps every
    invariant."""
    result = _run("12:76452")
    assert shot_faults(result) == []
    assert len(result.events) < 200
