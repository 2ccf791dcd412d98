"""The fields an 8-ball rack holds beyond a pool game's: the players' groups and who decides
after the 8 drops on a legal break. The referee (``rules.eight_ball_judge``,
``rules.eight_ball_break``) reads a rack through this class; ``rules.eight_ball.EightBallGame``
adds the set-up, the declarations, the choices and the judging chain.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.pool import PoolGame
from rules.types import Group

#: Who decides after the 8 drops on a legal break (option ``eight_on_break``): the breaker
#: spots it and shoots on or re-racks (WPA 3.4, the default); the opponent does, as the French
#: text's words have it (« le joueur adverse peut »); or the 8 wins the rack (a league rule
#: the texts do not have, for comparison). A break with a foul keeps the texts' rule.
EIGHT_ON_BREAK_RULES = ("breaker", "opponent", "wins")


@dataclass(frozen=True)
class EightBallFields(PoolGame):
    """An 8-ball rack's own fields. ``groups[i]`` is player i's group once assigned (None: open
    table); ``eight_on_break`` one of ``EIGHT_ON_BREAK_RULES``."""

    groups: tuple[Group | None, ...] = (None, None)
    eight_on_break: str = "breaker"
