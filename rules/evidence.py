"""A logged fact in plain words: the evidence a foul gives (``Foul.evidence``) for the row of
the log that proves it (``Foul.event``), as a rule tester reads it; ``rules.wording`` puts it in
a player's words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from sim.events import EVENT_DTYPE, EventKind

if TYPE_CHECKING:
    import numpy as np

    from rules.flights import JumpOver
    from rules.records import LineCrossing
    from sim.balls import BallState

_BALL_BALL = int(EventKind.BALL_BALL)
_BALL_CUSHION = int(EventKind.BALL_CUSHION)
_BALL_POCKET = int(EventKind.BALL_POCKET)
_LINE_CROSSING = int(EventKind.LINE_CROSSING)
_OFF_TABLE = int(EventKind.OFF_TABLE)
_BOUNCE = int(EventKind.BOUNCE)
#: Where the fields a worded row reads sit in a row's tuple (``EVENT_DTYPE``'s order).
_T_FIELD, _KIND_FIELD, _A_FIELD, _B_FIELD = (
    (EVENT_DTYPE.names or ()).index(name) for name in ("t", "kind", "a", "b")
)


class LoggedFacts(Protocol):
    """What wording a row reads of a shot's facts (``rules.facts.ShotFacts`` is one): the log
    with the balls at t = 0 and at rest, the pockets' names, the cue ball's flights and the
    line crossings read off it."""

    @property
    def shot(self) -> tuple[np.ndarray, BallState, BallState]: ...
    def pocket_name(self, pocket: int) -> str: ...
    @property
    def cue_ball_jumps(self) -> tuple[JumpOver, ...]: ...
    @property
    def cue_ball_jump_over_hit(self) -> JumpOver | None: ...
    @property
    def line_crossings(self) -> tuple[LineCrossing, ...]: ...


def describe_event(facts: LoggedFacts, event: int, names: tuple[str, ...] | None = None) -> str:
    """Row ``event`` of the log ``facts`` were read from, in plain words for a foul's evidence
    ("event 3 at t = 0.412 s: the cue ball met the 3"); ``names``: the balls' names by index
    (default "the cue ball", "ball 3")."""

    def nm(i: int) -> str:
        if names is not None and 0 <= i < len(names):
            return "the cue ball" if names[i] == "cue" else f"the {names[i]}"
        return "the cue ball" if i == 0 else f"ball {i}"

    # the row read once, as a tuple of its fields (in ``EVENT_DTYPE`` order)
    events = facts.shot[0]
    row = events[event].item() if 0 <= event < len(events) else None
    kind = None if row is None else int(row[_KIND_FIELD])
    # Each row has one kind, so only that kind's fact is worded, in the order a row that is
    # two facts at once is worded: a contact, pocketing, cushion or leaving the table
    # first (read off the row itself), then the end of a flight, then a line crossing.
    if row is not None and kind in (_BALL_BALL, _BALL_POCKET, _BALL_CUSHION, _OFF_TABLE):
        t, a, b = float(row[_T_FIELD]), int(row[_A_FIELD]), int(row[_B_FIELD])
        head = f"event {event} at t = {t:.3f} s: {nm(a)}"
        if kind == _BALL_BALL:
            return f"{head} met {nm(b)}"
        if kind == _BALL_POCKET:
            return f"{head} fell into the {facts.pocket_name(b)} pocket"
        if kind == _BALL_CUSHION:
            return f"{head} met cushion {b}"
        return f"{head} left the table"
    flown = facts.cue_ball_jumps if kind is not None else ()
    if kind == _BOUNCE and facts.cue_ball_jump_over_hit is not None:
        flown = (*flown, facts.cue_ball_jump_over_hit)
    for j in flown:
        if j.event == event:
            return (
                f"event {event} at t = {j.t:.3f} s: the cue ball ended a flight over {nm(j.ball)}"
            )
    if row is not None and kind == _BOUNCE:
        t, a = float(row[_T_FIELD]), int(row[_A_FIELD])
        return f"event {event} at t = {t:.3f} s: {nm(a)} landed"
    if kind == _LINE_CROSSING:
        for x in facts.line_crossings:
            if x.event == event:
                way = "towards the foot" if x.direction > 0 else "towards the head"
                line = x.line_name.replace("_", " ")
                return f"event {event} at t = {x.t:.3f} s: {nm(x.ball)} crossed the {line} {way}"
    return f"event {event}"
