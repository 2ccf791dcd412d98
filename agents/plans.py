"""A shot the computer considers: what it aims at, how it strikes, and what it declares.

A :class:`ShotPlan` is frozen; the search makes new ones (``dataclasses.replace``) as it refines
the aim, and the move it returns carries the chosen one's strike as ``Move.intended``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import sim
from agents.levels import ShotFamily
from rules.types import NO_DECLARATION, Declaration


class PlanKind(StrEnum):
    """What a shot is for."""

    POT = "pot"  #: pot a ball and keep the table
    SAFETY = "safety"  #: hit the ball on and leave the opponent nothing
    PUSH_OUT = "push_out"  #: 9-ball: move the cue ball anywhere, the opponent then chooses
    BREAK = "break"  #: the opening shot of a rack or frame


@dataclass(frozen=True)
class ShotPlan:
    """One candidate shot.

    Fields:
        kind: what the shot is for.
        strike: the intended cue strike (no execution error).
        cue_ball_at: where the cue ball is placed first (ball in hand), or None.
        target: the ball the cue ball is meant to meet first, or None (a push-out).
        potted: the ball meant to drop (a pot), or None.
        pocket: the pocket id it is meant to drop in, or None.
        family: how it drops (direct, bank, kick, combination, carom), or None.
        via: the second ball of a combination (the ball that drops) or a carom (the ball the
            object ball glances off), or None.
        rail: the cushion id of a bank (the object ball's) or a kick (the cue ball's), or None.
        chance: the geometric chance of the pot (0..1; 0 for a safety).
        declaration: what is declared with the shot.
    """

    kind: PlanKind
    strike: sim.Strike
    cue_ball_at: tuple[float, float] | None = None
    target: int | None = None
    potted: int | None = None
    pocket: int | None = None
    family: ShotFamily | None = None
    via: int | None = None
    rail: int | None = None
    chance: float = 0.0
    declaration: Declaration = NO_DECLARATION
