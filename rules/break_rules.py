"""The count of object balls a game's break rule asks for, as a value the referee judges with
and the other layers read (a study's column and share) from the same function.

Two rules of the French texts (« Casse de départ »):

* :data:`THREE_BALL_RULE`, 9-ball's magic rack (« La règle des 3 billes »): at least three
  object balls pocketed or past the head string, each counted once; fewer is a dry break.
* :data:`FOUR_CUSHION_RULE`, 9-ball's triangle rack and 8-ball: a break that pockets no object
  ball must send at least four object balls to a cushion.

``Game.break_rule()`` names the rule that applies to a game's break (None for a game whose
break has no count, snooker). The referee's own checks call :meth:`BreakRule.balls` and
:meth:`BreakRule.met`, so a study counts exactly what the referee counted.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules.facts import ShotFacts
    from sim.table import Table

__all__ = ["FOUR_CUSHION_RULE", "THREE_BALL_RULE", "BreakRule", "past_head_string"]


@dataclass(frozen=True)
class BreakRule:
    """A break rule that counts object balls.

    Fields:
        name: the rule in words ("three-ball rule").
        counted: what it counts, in words ("object balls pocketed or past the head string").
        least: the fewest the rule accepts.
        counter: (table, the shot's facts) -> the object balls counted (indices).
        excused_by_pot: the rule is met anyway when an object ball was pocketed (the
            four-cushion rule asks for cushions only of a break that pockets nothing).
    """

    name: str
    counted: str
    least: int
    counter: Callable[[Table, ShotFacts], frozenset[int]]
    excused_by_pot: bool = False

    def balls(self, table: Table, facts: ShotFacts) -> frozenset[int]:
        """The object balls this rule counts in the shot of ``facts`` on ``table``."""
        return self.counter(table, facts)

    def met(self, table: Table, facts: ShotFacts) -> bool:
        """Whether the break of ``facts`` satisfies the rule."""
        if self.excused_by_pot and facts.object_balls_pocketed:
            return True
        return len(self.balls(table, facts)) >= self.least


def past_head_string(table: Table, facts: ShotFacts) -> frozenset[int]:
    """Object balls some part of which came past the head string towards the head end: a
    recorded centre within a radius of it (``ShotFacts.balls_with_part_below``) or a centre
    crossing it towards the head (« une partie la dépasse »)."""
    below = facts.balls_with_part_below(float(table.head_string_y), float(table.ball_radius))
    return (below | facts.balls_crossing("head_string", -1)) - {0}


def _pocketed_or_past_head_string(table: Table, facts: ShotFacts) -> frozenset[int]:
    return frozenset(facts.object_balls_pocketed) | past_head_string(table, facts)


def _to_a_cushion(_table: Table, facts: ShotFacts) -> frozenset[int]:
    return facts.object_balls_to_cushion


#: 9-ball's magic rack: « La règle des 3 billes ».
THREE_BALL_RULE = BreakRule(
    "three-ball rule",
    "object balls pocketed or past the head string",
    3,
    _pocketed_or_past_head_string,
)
#: 9-ball's triangle rack and 8-ball: four object balls to a cushion when none is pocketed.
FOUR_CUSHION_RULE = BreakRule(
    "four-cushion rule",
    "object balls to a cushion, or one pocketed",
    4,
    _to_a_cushion,
    excused_by_pot=True,
)
