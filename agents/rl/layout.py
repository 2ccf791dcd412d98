"""The environments' fixed-size observation and action vectors, field by field (plain numpy:
nothing here calls Gymnasium).

**Observation** (``float32``, shape ``(4 * balls + PHASE_SIZE,)``; docs/environment.md): first
four numbers per ball, in the game's ball order (the cue ball first):

====  ======================================================================================
x     the centre across the table, ``x / width`` in [0, 1]; -1 when the ball is off the table
y     the centre along the table, ``y / length`` in [0, 1]; -1 when off the table
up    1 when the ball is on the table
on    1 when the ball may be hit first by the learner now (``Game.ball_on``)
====  ======================================================================================

then the phase block (:data:`PHASE_FIELDS`, in this order): the learner to act (0 once the rack
is over), the learner broke, the zone of the cue ball in hand (one-hot over
``rules.BallInHand``: none, anywhere, behind the head string, in the D), the phase (one-hot over
``rules.Phase``), each side's fouls in a row (/ 3, at most 1) and two-foul warning (learner, then
opponent), each side's score (snooker points / 147, at most 2; pool 0), the learner's 8-ball
group (solids, stripes; both 0 on an open table), snooker's free ball and the learner's
current break (/ 147, at most 1).

**Action** (``float32`` in [-1, 1]; :data:`STRIKE_FIELDS`, then with ``calls="action"``
:data:`CALL_FIELDS`):

=========  ==================================================================================
speed      cue speed ``0.1 + (u + 1) / 2 * (MAX_SPEED - 0.1)`` m/s
phi        cue direction ``180 u`` degrees counter-clockwise from +x
elevation  cue elevation ``(u + 1) / 2 * MAX_ELEVATION`` degrees
side       tip offset across (``a``), right english positive: (side, height) times
height     ``MAX_TIP`` radii, scaled into the disc of radius ``MAX_TIP`` when longer
place_x    cue ball in hand: a point of the zone's bounding box (the whole cloth, the box
place_y    behind the head string, the D's half disc's box); when the referee refuses it, the
           nearest legal place of a fixed grid over the zone; ignored when not in hand
=========  ==================================================================================

with ``calls="action"``: ``call_ball`` and ``call_pocket`` choose a ball and a pocket
(``floor((u + 1) / 2 * n)`` over the callable balls in index order and the table's pockets: the
8-ball call; in snooker ``call_ball`` picks the nominated colour among the balls on), and
``flag`` > 0 announces the game's optional declaration (9-ball push-out, 8-ball safety,
snooker free ball on the ball the call picks).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from agents.placement import MARGIN, legal_places, zone_grid
from rules.game import Game
from rules.types import BallInHand, Group, Phase
from sim.strike import Strike

#: The action's strike fields and, with ``calls="action"``, its call fields.
STRIKE_FIELDS = ("speed", "phi", "elevation", "side", "height", "place_x", "place_y")
CALL_FIELDS = ("call_ball", "call_pocket", "flag")
#: The cue speed range, m/s, the elevation range, degrees, and the tip offset's reach, radii.
MIN_SPEED = 0.1
MAX_SPEED = 10.0
MAX_ELEVATION = 60.0
MAX_TIP = 0.45
#: Places of the fixed grid a placement falls back on (per zone).
PLACEMENT_GRID = 600

_ZONES = tuple(BallInHand)
_PHASES = tuple(Phase)
#: The phase block's fields, in order (see the module docstring).
PHASE_FIELDS: tuple[str, ...] = (
    "learner_to_act",
    "learner_broke",
    *(f"in_hand_{z.value}" for z in _ZONES),
    *(f"phase_{p.value}" for p in _PHASES),
    "fouls_in_a_row_learner",
    "fouls_in_a_row_opponent",
    "warned_learner",
    "warned_opponent",
    "score_learner",
    "score_opponent",
    "group_solids",
    "group_stripes",
    "free_ball",
    "break_points",
)
PHASE_SIZE = len(PHASE_FIELDS)
_PHASE_INDEX = {name: i for i, name in enumerate(PHASE_FIELDS)}
#: Snooker's maximum break, the scale of scores and breaks.
POINTS_SCALE = 147.0


def observation_size(balls: int) -> int:
    """Length of the observation of a game of ``balls`` balls (the cue ball included)."""
    return 4 * balls + PHASE_SIZE


def observation_bounds(balls: int) -> tuple[np.ndarray, np.ndarray]:
    """The observation's lower and upper bounds, field by field (``float32``)."""
    low = np.zeros(observation_size(balls), dtype=np.float32)
    high = np.ones(observation_size(balls), dtype=np.float32)
    for i in range(balls):
        low[4 * i], low[4 * i + 1] = -1.0, -1.0
    for name in ("score_learner", "score_opponent"):
        high[4 * balls + PHASE_FIELDS.index(name)] = 2.0
    return low, high


def observe(game: Game, learner: int) -> np.ndarray:
    """The observation of ``game`` for the player ``learner`` (see the module docstring)."""
    table = game.table
    n = len(game.ball_names)
    out = np.zeros(observation_size(n), dtype=np.float32)
    pos = np.asarray(game.state.pos, dtype=float)
    up = np.asarray(game.state.on_table, dtype=bool)
    per = out[: 4 * n].reshape(n, 4)
    per[:, 0] = np.where(up, pos[:, 0] / table.width, -1.0)
    per[:, 1] = np.where(up, pos[:, 1] / table.length, -1.0)
    per[:, 2] = up
    for ball in game.ball_on:
        per[ball, 3] = 1.0
    np.clip(per[:, :2], -1.0, 1.0, out=per[:, :2])
    phase = out[4 * n :]
    other = 1 - learner
    side, other_side = learner % game.sides, other % game.sides

    def put(name: str, value: float) -> None:
        phase[_PHASE_INDEX[name]] = value

    put("learner_to_act", float(game.to_play == learner and not game.is_over))
    put("learner_broke", float(game.breaker == learner))
    put(f"in_hand_{BallInHand(game.ball_in_hand).value}", 1.0)
    put(f"phase_{Phase(game.phase).value}", 1.0)
    put("fouls_in_a_row_learner", min(1.0, game.fouls_in_a_row[learner] / 3.0))
    put("fouls_in_a_row_opponent", min(1.0, game.fouls_in_a_row[other] / 3.0))
    put("warned_learner", float(game.warning_given[learner]))
    put("warned_opponent", float(game.warning_given[other]))
    if type(game).scores_points:
        put("score_learner", min(2.0, max(0.0, game.score[side] / POINTS_SCALE)))
        put("score_opponent", min(2.0, max(0.0, game.score[other_side] / POINTS_SCALE)))
    groups = getattr(game, "groups", None)
    if groups is not None and groups[learner] is not None:
        put("group_solids" if groups[learner] is Group.SOLIDS else "group_stripes", 1.0)
    put("free_ball", float(getattr(game, "free_ball", False)))
    put("break_points", min(1.0, getattr(game, "break_points", 0) / POINTS_SCALE))
    return out


@dataclass(frozen=True)
class DecodedAction:
    """An action read: the strike, the place asked for the cue ball (m, None when not in hand)
    and the call fields (None without ``calls="action"``)."""

    strike: Strike
    place: tuple[float, float] | None
    call_ball: float | None = None
    call_pocket: float | None = None
    flag: bool = False


def action_size(calls: bool) -> int:
    """Length of the action vector (with or without the call fields)."""
    return len(STRIKE_FIELDS) + (len(CALL_FIELDS) if calls else 0)


def decode(action: np.ndarray, game: Game, calls: bool) -> DecodedAction:
    """``action`` (clipped to [-1, 1]) as a strike, a place and the call fields for ``game``."""
    u = np.clip(np.asarray(action, dtype=float).reshape(-1), -1.0, 1.0)
    speed = MIN_SPEED + (u[0] + 1.0) / 2.0 * (MAX_SPEED - MIN_SPEED)
    a, b = u[3] * MAX_TIP, u[4] * MAX_TIP
    reach = math.hypot(a, b)
    if reach > MAX_TIP:
        a, b = a * MAX_TIP / reach, b * MAX_TIP / reach
    strike = Strike(
        speed=float(speed),
        phi=float(180.0 * u[1]),
        theta=float((u[2] + 1.0) / 2.0 * MAX_ELEVATION),
        a=float(a),
        b=float(b),
    )
    zone = BallInHand(game.ball_in_hand)
    place = None if zone is BallInHand.NONE else zone_point(game, zone, u[5], u[6])
    if not calls:
        return DecodedAction(strike, place)
    return DecodedAction(strike, place, float(u[7]), float(u[8]), bool(u[9] > 0.0))


def zone_point(game: Game, zone: BallInHand, u: float, v: float) -> tuple[float, float]:
    """The point (u, v) in [-1, 1]^2 of ``zone``'s bounding box (m): the whole cloth, the box
    behind the head string, or the box of the D's half disc. The referee may refuse it (on a
    ball, in a pocket's mouth, outside the D's arc): :func:`nearest_legal_place` then."""
    table = game.table
    r = table.ball_radius
    if zone is BallInHand.IN_D:
        assert table.d_centre is not None and table.d_radius is not None
        cx, cy = table.d_centre
        x0, x1, y0, y1 = cx - table.d_radius, cx + table.d_radius, cy - table.d_radius, cy
    else:
        behind = zone is BallInHand.BEHIND_HEAD_STRING
        top = table.head_string_y - MARGIN if behind else table.length - r
        x0, x1, y0, y1 = r, table.width - r, r, top
    return float(x0 + (u + 1.0) / 2.0 * (x1 - x0)), float(y0 + (v + 1.0) / 2.0 * (y1 - y0))


def nearest_legal_place(game: Game, point: tuple[float, float]) -> tuple[float, float]:
    """The legal place of a fixed grid over the zone of the cue ball in hand nearest ``point``
    (the grid's nearest point when no place of it is legal: a zone full of balls)."""
    zone = BallInHand(game.ball_in_hand)
    grid = _grid(game, zone)
    ok = grid[legal_places(game.table, game.state, grid, zone)]
    if ok.shape[0] == 0:
        ok = grid
    best = int(np.argmin(np.hypot(ok[:, 0] - point[0], ok[:, 1] - point[1])))
    return float(ok[best, 0]), float(ok[best, 1])


_GRIDS: dict[tuple[str, str], np.ndarray] = {}


def _grid(game: Game, zone: BallInHand) -> np.ndarray:
    key = (game.table.name, zone.value)
    grid = _GRIDS.get(key)
    if grid is None:
        grid = _GRIDS[key] = zone_grid(game.table, zone, PLACEMENT_GRID)
    return grid
