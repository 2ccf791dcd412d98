"""What the window asks of a game beyond ``rules.Game``: features only some games have, each a
typed protocol the window tests a game against (``isinstance``), never a game's name or class.

- :class:`GroupsGame`: each player's group of balls (8-ball's solids and stripes);
- :class:`PointsGame`: a frame won on points, with a running break, the points still on the
  table and the snookers a side needs (snooker);
- :class:`FrameMovesGame`: the moves between shots of such a frame: a side concedes it, the
  referee warns that a stalemate is near, the players agree on one and re-rack (snooker §13).

A new game gets the window's scoreboard lines, its frame menu and its moves by having these
members; the window needs no change for it.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import rules


@runtime_checkable
class GroupsGame(Protocol):
    """A game whose players each play a group of balls once the table is no longer open."""

    @property
    def groups(self) -> tuple[rules.Group | None, ...]:
        """Per player: the group, or None while the table is open."""
        ...


@runtime_checkable
class PointsGame(Protocol):
    """A frame won on points (``Game.scores_points``): what its scoreboard shows."""

    @property
    def break_points(self) -> int:
        """Points of the current break of the player at the table."""
        ...

    @property
    def stalemate_warned(self) -> bool:
        """The referee has warned that the frame will be re-started if nothing changes."""
        ...

    def points_remaining(self) -> int:
        """Most points the player at the table can still score."""
        ...

    def snookers_required(self, side: int) -> int:
        """How many snookers ``side`` needs (0: the points on the table are enough)."""
        ...


@runtime_checkable
class FrameMovesGame(Protocol):
    """A frame that may be conceded, warned of a stalemate, or re-racked as one."""

    @property
    def stalemate_warned(self) -> bool:
        """The referee has warned that the frame will be re-started if nothing changes."""
        ...

    def concede(self, player: int) -> rules.Game:
        """The frame after ``player`` concedes it (won by the other side)."""
        ...

    def warn_stalemate(self) -> rules.Game:
        """The frame after the referee's warning that a stalemate is near."""
        ...

    def declare_stalemate(self) -> rules.Game:
        """The frame racked again after the players agree on a stalemate."""
        ...


@runtime_checkable
class RackStyleGame(Protocol):
    """A game racked either with a triangle or with a template ("magic"), which decides the
    break's rule (9-ball: the three-ball rule after a magic rack)."""

    @property
    def rack_style(self) -> str:
        """ "triangle" or "magic"."""
        ...
