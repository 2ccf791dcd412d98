"""BallState: construction, validation, classification (docs/physics.md §1.1) and derived states."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from sim.balls import BallState, classify_motion, first_ball_off_cloth, first_overlap
from sim.constants import MotionState
from sim.errors import InvalidBallStateError
from sim.table import Table

R = 0.028575


def test_at_rest_makes_stationary_balls_on_the_table() -> None:
    s = BallState.at_rest([[0.5, 0.5], [0.6, 0.7]])
    assert s.n == 2
    assert s.pos.tolist() == [[0.5, 0.5], [0.6, 0.7]]
    assert s.vel.shape == (2, 2) and not s.vel.any()
    assert s.spin.shape == (2, 3) and not s.spin.any()
    assert s.motion.dtype == np.int8 and s.motion.tolist() == [0, 0]
    assert s.on_table.dtype == np.bool_ and s.on_table.all()


def test_arrays_are_private_read_only_copies() -> None:
    xy = np.array([[0.5, 0.5], [0.6, 0.7]])
    s = BallState.at_rest(xy)
    xy[0, 0] = 9.0
    assert s.pos[0, 0] == 0.5
    for arr in (s.pos, s.vel, s.spin, s.motion, s.on_table):
        assert not arr.flags.writeable
        with pytest.raises(ValueError):
            arr[0] = 1
    with pytest.raises(AttributeError):
        s.pos = xy  # type: ignore[misc]


def test_copy_arrays_gives_fresh_writable_contiguous_copies() -> None:
    s = BallState([[0.5, 0.5]], vel=[[1.0, 0.0]])
    pos, vel, spin, motion, on_table = s.copy_arrays()
    for arr in (pos, vel, spin, motion, on_table):
        assert arr.flags.writeable and arr.flags.c_contiguous
    assert (pos.dtype, vel.dtype, spin.dtype, motion.dtype, on_table.dtype) == (
        np.float64,
        np.float64,
        np.float64,
        np.int8,
        np.bool_,
    )
    pos[0, 0] = 3.0
    assert s.pos[0, 0] == 0.5


@pytest.mark.parametrize(
    ("vel", "spin", "expected"),
    [
        ((0.0, 0.0), (0.0, 0.0, 0.0), MotionState.STATIONARY),
        ((0.0, 0.0), (0.0, 0.0, 5.0), MotionState.SPINNING),
        ((1.0, 0.0), (0.0, 0.0, 0.0), MotionState.SLIDING),  # stun: u = v
        ((1.0, 0.0), (0.0, 1.0 / R, 0.0), MotionState.ROLLING),  # w_y = v_x / R
        ((0.0, 2.0), (-2.0 / R, 0.0, 3.0), MotionState.ROLLING),  # w_x = -v_y / R, side spin
        ((0.0, 2.0), (2.0 / R, 0.0, 0.0), MotionState.SLIDING),  # draw
        ((0.0, 0.0), (1.0, 0.0, 0.0), MotionState.SLIDING),  # spinning on the spot, slipping
    ],
)
def test_missing_motion_is_classified_per_physics_1_1(vel, spin, expected) -> None:  # type: ignore[no-untyped-def]
    s = BallState([[0.5, 0.5]], vel=[vel], spin=[spin], radius=R)
    assert s.motion[0] == expected
    assert s.reclassified(R).motion[0] == expected


def test_without_a_radius_a_moving_spinning_ball_is_called_sliding() -> None:
    s = BallState([[0.5, 0.5]], vel=[[1.0, 0.0]], spin=[[0.0, 1.0 / R, 0.0]])
    assert s.motion[0] == MotionState.SLIDING
    assert s.reclassified(R).motion[0] == MotionState.ROLLING


def test_classify_motion_marks_off_table_balls_pocketed() -> None:
    motion = classify_motion(np.zeros((2, 2)), np.zeros((2, 3)), R, np.array([True, False]))
    assert motion.tolist() == [MotionState.STATIONARY, MotionState.POCKETED]


def test_on_table_defaults_from_motion_and_must_agree_with_it() -> None:
    s = BallState([[0.5, 0.5], [0.6, 0.6]], motion=[0, MotionState.POCKETED])
    assert s.on_table.tolist() == [True, False]
    with pytest.raises(InvalidBallStateError, match="ball 1"):
        BallState([[0.5, 0.5], [0.6, 0.6]], motion=[0, 0], on_table=[True, False])
    with pytest.raises(InvalidBallStateError, match="POCKETED"):
        BallState([[0.5, 0.5]], motion=[MotionState.POCKETED], on_table=[True])
    off = BallState([[0.5, 0.5], [0.6, 0.6]], on_table=[True, False])
    assert off.motion.tolist() == [MotionState.STATIONARY, MotionState.POCKETED]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"pos": [[0.5, 0.5, 0.0]]}, "pos has shape"),
        ({"pos": [0.5, 0.5]}, "pos has shape"),
        ({"pos": []}, "at least one ball"),
        ({"pos": 3.0}, "pos must be"),
        ({"pos": [[0.5, float("nan")]]}, "pos of ball 0 is not finite"),
        ({"pos": [[0.5, 0.5], [0.1, float("inf")]]}, "pos of ball 1"),
        ({"pos": [[0.5, 0.5]], "vel": [[1.0, 2.0, 3.0]]}, "vel has shape"),
        ({"pos": [[0.5, 0.5]], "vel": [[1.0, float("nan")]]}, "vel of ball 0"),
        ({"pos": [[0.5, 0.5]], "spin": [[1.0, 2.0]]}, "spin has shape"),
        ({"pos": [[0.5, 0.5]], "spin": [[1.0, 2.0, float("-inf")]]}, "spin of ball 0"),
        ({"pos": [[0.5, 0.5]], "motion": [7]}, "unknown motion"),
        ({"pos": [[0.5, 0.5]], "motion": [0, 0]}, "motion has shape"),
        ({"pos": [[0.5, 0.5]], "motion": [0.5]}, "MotionState integers"),
        ({"pos": [[0.5, 0.5]], "on_table": [True, True]}, "on_table has shape"),
        ({"pos": [[0.5, 0.5]], "on_table": [3]}, "booleans"),
        ({"pos": [["a", "b"]]}, "pos must be numbers"),
    ],
)
def test_bad_input_is_refused_saying_what_is_wrong(kwargs, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(InvalidBallStateError, match=message):
        BallState(**kwargs)


def test_with_ball_at_and_with_ball_removed_return_new_states() -> None:
    s = BallState([[0.5, 0.5], [0.6, 0.6]], vel=[[1.0, 0.0], [0.0, 0.0]])
    moved = s.with_ball_at(0, (0.2, 0.3))
    assert moved.pos[0].tolist() == [0.2, 0.3]
    assert moved.motion[0] == MotionState.STATIONARY and not moved.vel[0].any()
    assert s.pos[0].tolist() == [0.5, 0.5] and s.motion[0] == MotionState.SLIDING
    gone = moved.with_ball_removed(1)
    assert gone.on_table.tolist() == [True, False]
    assert gone.motion[1] == MotionState.POCKETED
    back = gone.with_ball_at(1, np.array([0.9, 0.9]))
    assert back.on_table.all() and back.motion[1] == MotionState.STATIONARY
    with pytest.raises(InvalidBallStateError, match="out of range"):
        s.with_ball_at(2, (0.1, 0.1))
    with pytest.raises(InvalidBallStateError, match="out of range"):
        s.with_ball_removed(-1)
    with pytest.raises(InvalidBallStateError, match="two finite numbers"):
        s.with_ball_at(0, (0.1, float("nan")))
    with pytest.raises(InvalidBallStateError, match="two finite numbers"):
        s.with_ball_at(0, (0.1, 0.2, 0.3))


def test_equality_hash_and_tolerant_comparison() -> None:
    a = BallState.at_rest([[0.5, 0.5], [0.6, 0.6]])
    b = BallState.at_rest([[0.5, 0.5], [0.6, 0.6]])
    c = BallState.at_rest([[0.5, 0.5], [0.6, 0.6 + 1e-12]])
    assert a == b and hash(a) == hash(b)
    assert a != c
    assert a.same_as(c, atol=1e-9) and not a.same_as(c)
    assert not a.same_as(a.with_ball_removed(1), atol=1.0)
    assert BallState([[0.0, -0.0]]) == BallState([[0.0, 0.0]])
    assert hash(BallState([[0.0, -0.0]])) == hash(BallState([[0.0, 0.0]]))
    assert a != "a state"
    restored = pickle.loads(pickle.dumps(a))
    assert restored == a
    assert not restored.pos.flags.writeable and not restored.motion.flags.writeable


def test_first_overlap_reports_the_first_pair_and_its_depth() -> None:
    s = BallState.at_rest([[0.5, 0.5], [0.5 + 2 * R, 0.5], [1.0, 1.0], [1.0, 1.0 + R]])
    assert first_overlap(s, R) == pytest.approx((2, 3, R))
    touching = BallState.at_rest([[0.5, 0.5], [0.5 + 2 * R - 5e-10, 0.5]])
    assert first_overlap(touching, R) is None
    deeper = BallState.at_rest([[0.5, 0.5], [0.5 + 2 * R - 2e-9, 0.5]])
    hit = first_overlap(deeper, R)
    assert hit is not None and hit[:2] == (0, 1) and hit[2] == pytest.approx(2e-9, rel=1e-3)
    pocketed = s.with_ball_removed(3)
    assert first_overlap(pocketed, R) is None


def test_first_ball_off_cloth() -> None:
    t = Table.pool(9)
    s = BallState.at_rest([t.head_spot, t.foot_spot, (R / 2, 1.0)])
    assert first_ball_off_cloth(s, t) == 2
    assert first_ball_off_cloth(s.with_ball_removed(2), t) is None
    assert first_ball_off_cloth(s, t, clearance=R / 4) is None


def test_repr_names_the_motion_states() -> None:
    s = BallState.at_rest([[0.5, 0.5]]).with_ball_removed(0)
    assert "pocketed" in repr(s)
