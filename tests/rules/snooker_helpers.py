"""Helpers for the snooker referee tests: the snooker table, positions by ball name, and
hand-built event logs."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from rules.snooker_geometry import BALL_INDEX, BALL_NAMES


@dataclass(frozen=True)
class _StandInSnookerTable:
    """The few fields of ``sim.Table.snooker()`` the geometry needs (PHYSICS.md 5.2), used only
    while ``sim.table`` is not in the tree."""

    kind: str = "snooker"
    length: float = 3.569
    width: float = 1.778
    ball_radius: float = 0.02625
    baulk_y: float = 0.737
    d_centre: tuple[float, float] = (0.889, 0.737)
    d_radius: float = 0.292
    spots: dict = field(
        default_factory=lambda: {
            "yellow": (1.181, 0.737),
            "green": (0.597, 0.737),
            "brown": (0.889, 0.737),
            "blue": (0.889, 1.7845),
            "pink": (0.889, 2.67675),
            "black": (0.889, 3.245),
        }
    )

    def contains_ball(self, x: float, y: float) -> bool:
        R = self.ball_radius
        return R <= x <= self.width - R and R <= y <= self.length - R


def snooker_table():
    """The WPBSA table of PHYSICS.md 5.2: ``sim.Table.snooker()`` once it exists."""
    try:
        from sim.table import Table

        return Table.snooker()
    except ImportError:
        return _StandInSnookerTable()


def positions(table, placed: dict[str, tuple[float, float]]) -> tuple[np.ndarray, np.ndarray]:
    """``pos`` (22, 2) and ``on_table`` (22,) with only the named balls on the table."""
    pos = np.zeros((len(BALL_NAMES), 2))
    on = np.zeros(len(BALL_NAMES), dtype=bool)
    for i in range(len(BALL_NAMES)):
        pos[i] = (0.1 + 0.05 * i, 0.05)
    for name, xy in placed.items():
        pos[BALL_INDEX[name]] = xy
        on[BALL_INDEX[name]] = True
    return pos, on


@dataclass(frozen=True)
class HandShot:
    """A hand-built shot with what the referee reads: ``initial``, ``events``, ``final``."""

    table: object
    initial: object
    events: np.ndarray
    final: object


def _index(ball: str | int) -> int:
    return ball if isinstance(ball, int) else BALL_INDEX[ball]


def game_with(
    placed: dict[str, tuple[float, float]],
    phase=None,
    ball_in_hand=None,
    players=("Ann", "Bob"),
    **fields,
):
    """A snooker game with only the ``placed`` balls on the table (the cue ball in hand when
    it is not placed), in ``phase`` (default REDS if a red is placed, else colours in order),
    ``ball_on`` worked out from the phase; ``fields`` replace further game fields."""
    from dataclasses import replace

    from rules.snooker import SnookerGame
    from rules.snooker_geometry import COLOUR_INDICES, RED_INDICES
    from rules.types import BallInHand, Phase
    from sim.balls import BallState

    game = SnookerGame.new(players=players, seed=11)
    table = game.table
    pos, on = positions(table, placed)
    state = BallState.at_rest(pos)
    for i in range(len(on)):
        if not on[i]:
            state = state.with_ball_removed(i)
    reds = frozenset(r for r in RED_INDICES if on[r])
    colours = [c for c in COLOUR_INDICES if on[c]]
    if phase is None:
        phase = Phase.REDS if reds else Phase.COLOURS_IN_ORDER
    if phase in (Phase.REDS, Phase.BREAK):
        ball_on = reds
    elif phase is Phase.COLOUR_AFTER_RED:
        ball_on = frozenset(colours)
    else:
        ball_on = frozenset(colours[:1])
    if ball_in_hand is None:
        ball_in_hand = BallInHand.NONE if on[0] else BallInHand.IN_D
    return replace(
        game,
        state=state,
        phase=phase,
        ball_on=ball_on,
        ball_in_hand=ball_in_hand,
        **fields,
    )


def hand_shot(
    game,
    events: list[tuple],
    moves: dict[str, tuple[float, float]] | None = None,
    cue_at: tuple[float, float] | None = None,
) -> HandShot:
    """A shot on ``game``'s table from its state (cue ball placed at ``cue_at`` when given).

    ``events``: tuples in time order, ``("hit", t, a, b)`` (ball-ball), ``("pot", t, ball)``
    (into pocket 0), ``("cushion", t, ball)``; a STRIKE row at t = 0 comes first. Balls potted
    are off the table at the end; ``moves`` gives other balls' resting places."""
    from sim.events import EventKind, empty_log

    state = game.state
    if cue_at is not None:
        state = state.with_ball_at(0, cue_at)
    log = empty_log(len(events) + 1)
    log[0]["kind"] = int(EventKind.STRIKE)
    log[0]["a"] = 0
    final = state
    for row, ev in enumerate(events, start=1):
        kind, t = ev[0], float(ev[1])
        log[row]["t"] = t
        if kind == "hit":
            log[row]["kind"] = int(EventKind.BALL_BALL)
            log[row]["a"] = _index(ev[2])
            log[row]["b"] = _index(ev[3])
        elif kind == "pot":
            log[row]["kind"] = int(EventKind.BALL_POCKET)
            log[row]["a"] = _index(ev[2])
            log[row]["b"] = 0
            final = final.with_ball_removed(_index(ev[2]))
        elif kind == "cushion":
            log[row]["kind"] = int(EventKind.BALL_CUSHION)
            log[row]["a"] = _index(ev[2])
            log[row]["b"] = 0
        else:
            raise ValueError(f"unknown hand-built event {kind!r}")
    for name, xy in (moves or {}).items():
        final = final.with_ball_at(_index(name), xy)
    return HandShot(game.table, state, log, final)
