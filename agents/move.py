"""A move of the computer: a shot, a choice, or conceding the frame, ready for the game.

The computer's hand is part of the computer: ``Move.strike`` is the shot as the level plays it
(its execution error drawn from the move's seed), ``Move.intended`` the shot it aimed for. A
caller hands the move to the game as a person's and adds nothing (``Move.play`` does exactly
that).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import sim
from rules.game import Game
from rules.types import Choice, Declaration, Ruling


@dataclass(frozen=True)
class ShotIntent:
    """What a shot of the computer is meant to do, for statistics and a coach's display.

    Fields:
        kind: "pot", "safety", "push_out" or "break" (``agents.plans.PlanKind`` values).
        ball: the ball meant to drop (a pot), or None.
        pocket: the pocket it is meant to drop in (its name, as drawn), or None.
        family: "direct", "bank", "kick", "combination" or "carom" (a pot), or None.
        target: the ball the cue ball is meant to meet first, or None.
    """

    kind: str
    ball: int | None = None
    pocket: str | None = None
    family: str | None = None
    target: int | None = None


class MoveKind(StrEnum):
    """What a move does."""

    SHOT = "shot"  #: ``game.play(strike, declaration, cue_ball_at)``
    CHOICE = "choice"  #: ``game.choose(choice)`` (a choice is pending)
    CONCEDE = "concede"  #: ``game.concede(game.to_play)`` (snooker)


@dataclass(frozen=True)
class Move:
    """One move of the computer.

    Fields:
        kind: a shot, a choice or a concession.
        explain: the move in a player's words ("pot the 3 in the top-right corner, stun for
            the 4").
        strike: the shot as played, execution error included (``kind`` SHOT), else None.
        intended: the shot aimed for, without execution error (``kind`` SHOT), else None.
        declaration: what is declared with the shot (a ``rules.Declaration``), or None.
        cue_ball_at: where the cue ball in hand is placed (m), or None.
        choice: the option taken (``kind`` CHOICE), else None.
        chance: the share of the search's noisy plays of the shot that did what it was for
            (the pot dropped without a foul; a safety without a foul), or None.
        estimate: the search's value of the move on its strategy's scale (pool: the chance to
            win the rack; snooker: points), or None.
        intent: what the shot is meant to do (``kind`` SHOT), else None.
    """

    kind: MoveKind
    explain: str
    strike: sim.Strike | None = None
    intended: sim.Strike | None = None
    declaration: Declaration | None = None
    cue_ball_at: tuple[float, float] | None = None
    choice: Choice | None = None
    chance: float | None = None
    estimate: float | None = None
    intent: ShotIntent | None = None

    def play(self, game: Game) -> tuple[Ruling | None, Game]:
        """The move made in ``game``: the ruling on the shot (None for a choice or a
        concession) and the game after it."""
        if self.kind is MoveKind.SHOT:
            assert self.strike is not None
            return game.play(self.strike, self.declaration, self.cue_ball_at)
        if self.kind is MoveKind.CHOICE:
            assert self.choice is not None
            return None, game.choose(self.choice)
        concede = getattr(game, "concede", None)
        if concede is None:
            raise ValueError(f"{game.title} has no concession")
        after: Game = concede(game.to_play)
        return None, after
