"""The event log: what physically happened during a shot.

Each row of a log is one event, in time order, as a numpy structured array of dtype
:data:`EVENT_DTYPE`. Events are physical facts (a contact, a cushion hit, a pocketing, a change
of motion, a crossing of a marked line); rulings ("foul", "ball on") live in ``rules/``.

Fields of :data:`EVENT_DTYPE`:

``t`` (float64, s)
    Time since the strike.
``kind`` (int8)
    An :class:`EventKind`.
``a`` (int16)
    The ball the event happened to (index into the state arrays; 0 is the cue ball).
``b`` (int16)
    The other party: the other ball (``BALL_BALL``), the cushion id (``BALL_CUSHION``, an index
    into ``Table.cushions``), the pocket id (``BALL_POCKET``, an index into ``Table.pockets``),
    the line id (``LINE_CROSSING``, an index into ``Table.lines``), or -1.
``speed`` (float64, m/s)
    For collisions, the normal approach speed at contact; for the strike, the cue ball's speed
    after the hit; for pocketings and line crossings, the ball's speed at that moment; 0 for
    motion transitions.
``x``, ``y`` (float64, m)
    Table-frame position of ball ``a``'s centre at the event.
``direction`` (int8)
    For ``LINE_CROSSING``: +1 when ball ``a`` crossed towards +y (away from the head / baulk end),
    -1 when it crossed towards -y. 0 for every other kind.

Airborne kinds (docs/physics-airborne.md): ``BOUNCE``: ball ``a`` lands and bounces (``b`` -1
on the slate, else the id of the rail whose top it landed on; ``speed`` its downward speed);
``OFF_TABLE``: ball ``a`` leaves the table over a rail or comes to rest on a rail top (``b``
the rail id or -1; ``speed`` its speed); its motion is then ``OFF_TABLE`` (out of play, and
never ``POCKETED``: ``on_table`` is False for both).
"""

from __future__ import annotations

from enum import IntEnum

import numpy as np


class EventKind(IntEnum):
    """What an event row records. Values are stable: they are stored in logs and save files."""

    STRIKE = 0
    BALL_BALL = 1
    BALL_CUSHION = 2
    BALL_POCKET = 3
    SLIDING_TO_ROLLING = 4
    SLIDING_TO_SPINNING = 5
    SLIDING_TO_STATIONARY = 6
    ROLLING_TO_SPINNING = 7
    ROLLING_TO_STATIONARY = 8
    SPINNING_TO_STATIONARY = 9
    LINE_CROSSING = 10
    BOUNCE = 11
    OFF_TABLE = 12


EVENT_DTYPE = np.dtype(
    [
        ("t", np.float64),
        ("kind", np.int8),
        ("a", np.int16),
        ("b", np.int16),
        ("speed", np.float64),
        ("x", np.float64),
        ("y", np.float64),
        ("direction", np.int8),
    ]
)


def empty_log(n: int = 0) -> np.ndarray:
    """A zeroed event log of ``n`` rows (``b`` set to -1), for hand-built logs in tests."""
    log = np.zeros(n, dtype=EVENT_DTYPE)
    log["b"] = -1
    return log


def events_of_kind(log: np.ndarray, kind: EventKind) -> np.ndarray:
    """The rows of ``log`` whose kind is ``kind``, in time order (a view-free copy)."""
    return log[log["kind"] == int(kind)]


def events_of_ball(log: np.ndarray, ball: int) -> np.ndarray:
    """The rows of ``log`` in which ``ball`` takes part, as ``a`` or (for ``BALL_BALL``) ``b``."""
    involved = (log["a"] == ball) | ((log["kind"] == int(EventKind.BALL_BALL)) & (log["b"] == ball))
    return log[involved]
