"""What the window keeps of a shot once it is played: enough to replay it, undo it, save it.

Pure data, no pygame: the :class:`render.session.Session` writes these records and
:mod:`render.savefile` stores them.
"""

from __future__ import annotations

from dataclasses import dataclass

import rules
import sim
from render.match import MatchScore


@dataclass(frozen=True)
class LastShot:
    """One shot as played.

    Fields:
        before_game: the rules ``Game`` the shot was played from (it judged the shot).
        before_score: the match score then.
        strike: the ``sim.Strike`` played.
        cue_ball_at: where the cue ball was put when in hand, m (table frame), else None.
        declaration: the ``rules.Declaration`` made for it.
        result: the ``sim.ShotResult`` (simulated once; replays sample it).
        ruling: the ``rules.Ruling`` on it.
    """

    before_game: rules.Game
    before_score: MatchScore
    strike: sim.Strike
    cue_ball_at: tuple[float, float] | None
    declaration: rules.Declaration
    result: sim.ShotResult
    ruling: rules.Ruling


#: One entry of the undo stack: (game, match score, the last shot then).
HistoryEntry = tuple[rules.Game, MatchScore, LastShot | None]
