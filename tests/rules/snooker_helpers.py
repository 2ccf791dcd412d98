"""Helpers for the snooker referee tests: the snooker table, positions by ball name, and
hand-built event logs."""

from __future__ import annotations

import numpy as np

from rules.snooker_geometry import BALL_INDEX, BALL_NAMES


def snooker_table():
    """The WPBSA table of docs/physics.md §5.2."""
    import sim

    return sim.Table.snooker()


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
):
    """A ``sim.ShotResult`` built by hand (``rules.testing.ShotBuilder``) on ``game``'s table
    from its state, the cue ball placed at ``cue_at`` when given.

    ``events``: tuples in time order, ``("hit", t, a, b)`` (ball-ball), ``("pot", t, ball)``
    (into the top-left pocket), ``("cushion", t, ball)``; the builder's STRIKE row at t = 0
    comes first. Balls potted are off the table at the end; ``moves`` gives other balls'
    resting places. Balls are names or indices."""
    from rules.testing import ShotBuilder

    state = game.state
    if cue_at is not None:
        state = state.with_ball_at(0, cue_at)
    shot = ShotBuilder(game.table, state)
    for ev in events:
        kind, t = ev[0], float(ev[1])
        if kind == "hit":
            shot.hit(_index(ev[2]), _index(ev[3]), t=t)
        elif kind == "pot":
            shot.pocket(_index(ev[2]), "top-right", t=t)
        elif kind == "cushion":
            shot.cushion(_index(ev[2]), 0, t=t)
        else:
            raise ValueError(f"unknown hand-built event {kind!r}")
    for name, xy in (moves or {}).items():
        shot.rest(_index(name), xy)
    return shot.result()
