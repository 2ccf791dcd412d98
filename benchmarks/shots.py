"""The shots the engine benchmark times: the games' own breaks, a one-ball shot, random shots.

The breaks are the breaks the games play: :func:`rules.new_game` racks the balls (WPA 9-ball
diamond, WPA 8-ball triangle, WPBSA snooker set-up; docs/physics.md §5.1 and §5.2) and gives the
table, and the cue ball starts from the game's break position (behind the head string in pool,
a point of the D in snooker, placed through the game's own placement check). The random shots
scatter balls uniformly on the cloth; they are no game's position.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

import rules
from sim.balls import BallState
from sim.constants import MISCUE_LIMIT
from sim.table import Table

#: Cue speed (``Strike.speed``, m/s) of the pool breaks: the cue ball leaves at about 11-12 m/s,
#: a powerful break.
POOL_BREAK_SPEED = 8.0

#: Cue speed (m/s) of the snooker break-off, aimed just outside the right-hand back red.
SNOOKER_BREAK_SPEED = 6.0

#: Where the snooker break-off starts, from the centre of the D (m): 0.11 to the right of it and
#: 0.04 below the baulk line, between the brown and the yellow spots.
SNOOKER_CUE_OFFSET = (0.11, -0.04)

#: Largest rack seed passed to ``rules.new_game`` (its racks use the low 32 bits).
_SEED_LIMIT = 2**32


@dataclass(frozen=True)
class Scenario:
    """One benchmark shot: a table, the balls, and the cue parameters (``Strike`` kwargs)."""

    name: str
    table: Table
    state: BallState
    strike: dict[str, float]


def aim_phi(from_xy: Sequence[float] | np.ndarray, to_xy: Sequence[float] | np.ndarray) -> float:
    """Cue direction in degrees (counter-clockwise from +x) from one point to another."""
    return math.degrees(math.atan2(to_xy[1] - from_xy[1], to_xy[0] - from_xy[0]))


def snooker_break_off_spot(table: Table) -> tuple[float, float]:
    """The cue ball's spot of the benchmark break-off (m): inside the D, see
    :data:`SNOOKER_CUE_OFFSET`. Raises ``ValueError`` on a table without a D."""
    if table.d_centre is None or table.baulk_y is None:
        raise ValueError(f"the snooker break-off needs a table with a D, got {table.name}")
    return (table.d_centre[0] + SNOOKER_CUE_OFFSET[0], table.baulk_y + SNOOKER_CUE_OFFSET[1])


def game_break(kind: str, table: Table, seed: int) -> BallState:
    """The state the game ``kind`` breaks from on ``table``: its rack drawn from ``seed``, the
    cue ball at the game's break position (pool) or on :func:`snooker_break_off_spot` in the D
    (snooker; checked by the game's placement rules)."""
    game = rules.new_game(kind, seed=seed, table=table)
    if game.ball_in_hand is rules.BallInHand.IN_D:
        return game.state_for_shot(snooker_break_off_spot(game.table))
    return game.state_for_shot()


def _seed_from(rng: np.random.Generator) -> int:
    return int(rng.integers(0, _SEED_LIMIT))


def nine_ball_rack(table: Table, rng: np.random.Generator) -> BallState:
    """The 9-ball game's break position on a pool ``table``, its rack seeded from ``rng``."""
    return game_break(rules.GameKind.NINE_BALL, table, _seed_from(rng))


def eight_ball_rack(table: Table, rng: np.random.Generator) -> BallState:
    """The 8-ball game's break position on a pool ``table``, its rack seeded from ``rng``."""
    return game_break(rules.GameKind.EIGHT_BALL, table, _seed_from(rng))


def snooker_layout(table: Table, rng: np.random.Generator) -> BallState:
    """The snooker game's set-up on a snooker ``table`` with the cue ball in the D (the set-up
    has no random part; ``rng`` is drawn from like the pool racks, so callers stay in step)."""
    return game_break(rules.GameKind.SNOOKER, table, _seed_from(rng))


def scattered_layout(table: Table, n: int, rng: np.random.Generator) -> BallState:
    """``n`` balls at rest at uniform random spots on the cloth, at least a hair more than one
    diameter apart and more than a radius (plus 1 mm) from every cushion and pocket circle.
    Raises ``ValueError`` when 100,000 draws cannot place them."""
    R = table.ball_radius
    margin = R + 1e-3
    xy: list[np.ndarray] = []
    tries = 0
    while len(xy) < n:
        tries += 1
        if tries > 100_000:
            raise ValueError(f"could not scatter {n} balls on {table.name}")
        p = np.array(
            [rng.uniform(margin, table.width - margin), rng.uniform(margin, table.length - margin)]
        )
        if any(np.hypot(*(p - q)) < 2.0 * R + 1e-6 for q in xy):
            continue
        if not table.contains_ball(float(p[0]), float(p[1]), clearance=margin):
            continue
        xy.append(p)
    return BallState.at_rest(np.array(xy))


def random_strike_numbers(
    rng: np.random.Generator, speed_range: tuple[float, float] = (0.3, 8.0)
) -> dict[str, float]:
    """Random cue parameters: speed uniform in ``speed_range`` (m/s), any direction, elevation
    0-30 deg, a tip offset uniform in the disc of radius 0.95 * MISCUE_LIMIT. Returns a dict of
    ``Strike`` keyword arguments."""
    r = 0.95 * MISCUE_LIMIT * math.sqrt(rng.random())
    ang = rng.uniform(0.0, 2.0 * math.pi)
    return {
        "speed": float(rng.uniform(*speed_range)),
        "phi": float(rng.uniform(0.0, 360.0)),
        "theta": float(rng.uniform(0.0, 30.0)),
        "a": float(r * math.cos(ang)),
        "b": float(r * math.sin(ang)),
    }


def break_scenarios(seed: int = 2024) -> list[Scenario]:
    """The three games' breaks (racks seeded ``seed``) and the one-ball shot, as timed by the
    benchmark and replayed by ``compare_pooltool.py``.

    The pool breaks aim from the break position at the apex ball on the foot spot, full ball;
    the snooker break-off aims 1.2 R outside the right-hand red of the back row, with no side.
    """
    pool9 = Table.pool(9)
    nine = game_break(rules.GameKind.NINE_BALL, pool9, seed)
    eight = game_break(rules.GameKind.EIGHT_BALL, pool9, seed)
    snk = Table.snooker()
    snooker = game_break(rules.GameKind.SNOOKER, snk, seed)
    reds = np.asarray(snooker.pos[1:16])
    back_right = reds[np.lexsort((reds[:, 0], reds[:, 1]))[-1]]
    snooker_target = back_right + np.array([1.2 * snk.ball_radius, 0.0])
    one = BallState.at_rest([pool9.head_spot])
    return [
        Scenario(
            "nine_ball_break",
            pool9,
            nine,
            {"speed": POOL_BREAK_SPEED, "phi": aim_phi(nine.pos[0], pool9.foot_spot)},
        ),
        Scenario(
            "eight_ball_break",
            pool9,
            eight,
            {"speed": POOL_BREAK_SPEED, "phi": aim_phi(eight.pos[0], pool9.foot_spot)},
        ),
        Scenario(
            "snooker_break",
            snk,
            snooker,
            {"speed": SNOOKER_BREAK_SPEED, "phi": aim_phi(snooker.pos[0], snooker_target)},
        ),
        Scenario("one_ball_shot", pool9, one, {"speed": 3.0, "phi": 60.0, "b": 0.2}),
    ]


def random_scenarios(count: int, seed: int = 7, n_balls: int = 16) -> list[Scenario]:
    """``count`` seeded random shots with ``n_balls`` scattered balls on the 9-ft table."""
    rng = np.random.default_rng(seed)
    table = Table.pool(9)
    return [
        Scenario(
            f"random_{k}", table, scattered_layout(table, n_balls, rng), random_strike_numbers(rng)
        )
        for k in range(count)
    ]
