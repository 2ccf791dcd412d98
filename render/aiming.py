"""The shooter's intent between shots and what it means to the rules and the engine, without
pygame: the aim state, where the cue ball is, the declaration it makes, the strike it plays.

Every function reads a rules ``Game`` (the one to play) and an :class:`AimState`; none changes
them. Units: positions in m (table frame, docs/architecture.md), angles in degrees CCW from +x.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

import rules
import sim
from render.aim import AimContact, first_contact
from sim.constants import MAX_CUE_SPEED, MAX_ELEVATION_DEG, MISCUE_LIMIT

#: Longest object-ball departure line drawn while aiming, m: longer than any table's
#: diagonal, so the line reaches the cushion, the pocket or the ball it runs into.
OBJECT_LINE_M = 5.0
#: Length of the cue ball's tangent line drawn after a cut, m.
TANGENT_LINE_M = 0.25
#: Slowest cue speed the power meter gives, m/s (a touch shot).
MIN_CUE_SPEED = 0.25
#: How far inside the engine's miscue circle the tip is kept, ball radii: rounding in
#: ``a * limit / r`` (or ten key steps of 0.05 summing to 0.5000000000000001) can never push
#: ``hypot(a, b)`` past ``MISCUE_LIMIT``, which ``sim.Strike`` refuses.
TIP_MARGIN = 1e-9
#: The largest tip offset the window produces, ball radii.
TIP_LIMIT = MISCUE_LIMIT - TIP_MARGIN


def clamp_tip(a: float, b: float, limit: float = TIP_LIMIT) -> tuple[float, float]:
    """The tip offset (a, b), ball radii, pulled back onto the circle of radius ``limit``
    (default :data:`TIP_LIMIT`, just inside the miscue limit) when outside it; a value that is
    not finite becomes the centre (0, 0). The one clamp of the window: the mouse, the keys and
    :func:`strike_for` all go through it."""
    if not (math.isfinite(a) and math.isfinite(b)):
        return 0.0, 0.0
    limit = min(float(limit), TIP_LIMIT)
    r = math.hypot(a, b)
    if r <= limit:
        return float(a), float(b)
    scale = limit / r
    return a * scale, b * scale


#: The steepest cue the window gives, degrees: the engine's own limit (``sim.Strike`` refuses
#: more), so every jump-shot angle it simulates can be played.
ELEVATION_LIMIT_DEG = float(MAX_ELEVATION_DEG)
#: Elevation change per key press, degrees (with Shift: ``ELEVATION_STEP_COARSE_DEG``).
ELEVATION_STEP_DEG = 1.0
ELEVATION_STEP_COARSE_DEG = 5.0
#: The elevation dial's pivot, px in from its rectangle's lower-left corner (``render.hud``).
DIAL_INSET_PX = 10


def clamp_elevation(theta_deg: float) -> float:
    """The cue elevation ``theta_deg`` (degrees) held in [0, :data:`ELEVATION_LIMIT_DEG`]; a
    value that is not finite becomes 0 (a level cue). The keys and the dial go through it."""
    if not math.isfinite(theta_deg):
        return 0.0
    return min(ELEVATION_LIMIT_DEG, max(0.0, float(theta_deg)))


def dial_pivot(left: int, bottom: int) -> tuple[int, int]:
    """Screen point (px) the elevation dial's needle turns about, for a dial whose rectangle
    has its lower-left corner at (``left``, ``bottom``)."""
    return left + DIAL_INSET_PX, bottom - DIAL_INSET_PX


def elevation_at(left: int, bottom: int, pos: tuple[int, int]) -> float:
    """The elevation (degrees) a click or drag at ``pos`` (px) on the dial sets: the angle of
    the pointer above the dial's level line seen from its pivot, clamped by
    :func:`clamp_elevation` (a point below the line gives 0, one left of the pivot the limit)."""
    px, py = dial_pivot(left, bottom)
    dx, dy = pos[0] - px, py - pos[1]
    if dx == 0 and dy == 0:
        return 0.0
    return clamp_elevation(math.degrees(math.atan2(max(dy, 0), dx)))


def power_to_speed(power: float) -> float:
    """Cue speed (m/s) for a meter reading ``power`` in [0, 1].

    Quadratic so that the lower half of the meter (most shots) gets fine control: 0.5 gives
    about 3.9 m/s, 1.0 gives ``MAX_CUE_SPEED``.
    """
    p = min(max(power, 0.0), 1.0)
    return MIN_CUE_SPEED + (MAX_CUE_SPEED - MIN_CUE_SPEED) * p * p


#: The cue speed a pool break starts at, m/s: a firm break (players break at 8-11 m/s; the
#: lower end keeps the cue ball under control).
POOL_BREAK_SPEED = 8.5
#: The cue speed a snooker break-off starts at, m/s (game classes with ``scores_points``): a
#: medium-firm stroke that thins the back reds and brings the cue ball back up the table.
POINTS_BREAK_SPEED = 5.5


def is_break(game: rules.Game) -> bool:
    """True when ``game`` is at its opening stroke (``rules.Phase.BREAK``)."""
    return game.phase is rules.Phase.BREAK


def break_power(game: rules.Game) -> float:
    """The meter reading (0..1) a break starts at: :data:`POINTS_BREAK_SPEED` in a game won on
    points (a snooker break-off), else :data:`POOL_BREAK_SPEED`."""
    points = type(game).scores_points
    return speed_to_power(POINTS_BREAK_SPEED if points else POOL_BREAK_SPEED)


def turn_power(game: rules.Game | None, last_power: dict[int, float], default: float) -> float:
    """The meter reading (0..1) a turn of ``game`` starts at: :func:`break_power` at a break,
    else the shooter's own last power on a shot that was not a break (``last_power``, by
    player index), else ``default``. A break's power never carries over to a later turn."""
    if game is None:
        return default
    if is_break(game):
        return break_power(game)
    return last_power.get(int(game.to_play), default)


def speed_to_power(speed: float) -> float:
    """The meter reading for a cue speed in m/s (inverse of :func:`power_to_speed`)."""
    frac = (speed - MIN_CUE_SPEED) / (MAX_CUE_SPEED - MIN_CUE_SPEED)
    return math.sqrt(min(max(frac, 0.0), 1.0))


@dataclass
class AimState:
    """The shooter's current intent (mutable UI state, reset after each shot).

    phi_deg: cue direction, degrees CCW from +x. power: meter reading 0..1. a, b: tip offset in
    ball radii. theta_deg: cue elevation, degrees. cue_xy: where the cue ball is placed when in
    hand, m. locked / lock_anchor: the aim was set by keys and ignores the pointer until it
    moves away from ``lock_anchor`` (px). The rest are the declarations being made.
    """

    phi_deg: float = 90.0
    power: float = 0.45
    a: float = 0.0
    b: float = 0.0
    theta_deg: float = 0.0
    cue_xy: tuple[float, float] | None = None
    locked: bool = False
    lock_anchor: tuple[int, int] = (0, 0)
    push_out: bool = False
    safety: bool = False
    free_ball: bool = False
    called_ball: int | None = None
    called_pocket: str | None = None
    nominated: int | None = None


def in_hand(game: rules.Game) -> bool:
    """Whether the player to act has the cue ball in hand."""
    return game.ball_in_hand is not rules.BallInHand.NONE


def default_cue_spot(game: rules.Game) -> tuple[float, float]:
    """A legal spot to put the cue ball in hand before the player moves it, m."""
    table = game.table
    state = game.state
    here = (float(state.pos[0][0]), float(state.pos[0][1]))
    if bool(state.on_table[0]) and game.placement_problem(here) is None:
        return here
    if game.ball_in_hand is rules.BallInHand.IN_D and table.d_centre is not None:
        cx, cy = table.d_centre
        d_radius = float(table.d_radius or 0.0)
        candidates = [(cx - 0.1 * d_radius * k, cy - 0.35 * d_radius) for k in range(-4, 8)]
    else:
        y = table.head_string_y * 0.5
        candidates = [(table.width / 2 + dx, y) for dx in (0.0, 0.1, -0.1, 0.2, -0.2, 0.3, -0.3)]
    for xy in candidates:
        if game.placement_problem(xy) is None:
            return (float(xy[0]), float(xy[1]))
    return (float(candidates[0][0]), float(candidates[0][1]))


def cue_xy(game: rules.Game, aim: AimState) -> tuple[float, float] | None:
    """Where the cue ball is now (its in-hand spot while placing), m; None when off the table."""
    if in_hand(game) and aim.cue_xy is not None:
        return aim.cue_xy
    if bool(game.state.on_table[0]):
        return float(game.state.pos[0][0]), float(game.state.pos[0][1])
    return None


def default_target(game: rules.Game, cue: tuple[float, float] | None) -> tuple[float, float] | None:
    """A ball to point the cue at when a turn starts: the nearest ball on that a straight,
    full-ball line from ``cue`` (m) meets first, else the nearest ball on (every ball on
    screened), else the first ball on the table; None when there is none. (A snooker break-off
    aimed at the nearest red met the pink in front of the pack: "Careful" before any input.)"""
    on = sorted(int(b) for b in game.ball_on if bool(game.state.on_table[int(b)]))
    if on and cue is not None:
        pos = np.array(game.state.pos, dtype=np.float64)
        mask = np.array(game.state.on_table, dtype=bool)
        pos[0], mask[0] = cue, False
        table = game.table
        by_distance = sorted(on, key=lambda b: math.hypot(pos[b][0] - cue[0], pos[b][1] - cue[1]))
        for b in by_distance:
            phi = math.degrees(math.atan2(pos[b][1] - cue[1], pos[b][0] - cue[0]))
            met = first_contact(
                cue, phi, pos, mask, float(table.ball_radius),
                table.arrays.segments, table.arrays.arcs,
            )  # fmt: skip
            if met.ball in on:
                return float(pos[b][0]), float(pos[b][1])
        return float(pos[by_distance[0]][0]), float(pos[by_distance[0]][1])
    others = [i for i in range(1, int(game.state.n)) if bool(game.state.on_table[i])]
    if others:
        return float(game.state.pos[others[0]][0]), float(game.state.pos[others[0]][1])
    return None


def aim_for_turn(game: rules.Game, power: float) -> AimState:
    """A fresh aim for the player to act: the power kept, the cue ball in hand on a legal spot,
    the cue pointed at :func:`default_target`."""
    aim = AimState(power=power)
    if game.is_over or game.pending_choice:
        return aim
    if in_hand(game):
        aim.cue_xy = default_cue_spot(game)
    cue = cue_xy(game, aim)
    target = default_target(game, cue)
    if cue is not None and target is not None:
        aim.phi_deg = math.degrees(math.atan2(target[1] - cue[1], target[0] - cue[0]))
    return aim


def current_positions(game: rules.Game, aim: AimState) -> tuple[np.ndarray, np.ndarray]:
    """(n, 2) ball centres, m, and (n,) on-table mask as shown now (the cue ball in hand at its
    chosen spot)."""
    pos = np.array(game.state.pos, dtype=np.float64)
    on = np.array(game.state.on_table, dtype=bool)
    if in_hand(game) and aim.cue_xy is not None:
        pos[0] = aim.cue_xy
        on[0] = True
    return pos, on


def aim_contact(game: rules.Game, aim: AimState) -> AimContact | None:
    """The first ball or cushion on the aim line (:func:`render.aim.first_contact`)."""
    cue = cue_xy(game, aim)
    if cue is None:
        return None
    pos, on = current_positions(game, aim)
    table = game.table
    return first_contact(
        cue, aim.phi_deg, pos, on, float(table.ball_radius),
        table.arrays.segments, table.arrays.arcs,
    )  # fmt: skip


def departure(
    table: sim.Table,
    start: tuple[float, float],
    direction: tuple[float, float],
    longest: float = 0.0,
    balls: tuple[np.ndarray, np.ndarray] | None = None,
    skip: tuple[int, ...] = (),
) -> AimContact:
    """The first thing a ball leaving ``start`` along the unit ``direction`` meets, on a
    straight line (:func:`render.aim.first_contact`): a cushion, or with ``balls`` (the (n, 2)
    positions, m, and the (n,) on-table mask) the first of those balls not in ``skip`` (the
    ball moving and the one it just left); at most ``longest`` m (default ``OBJECT_LINE_M``).
    A line into a pocket stops where the ball's centre enters the pocket's capture circle
    (where the engine pockets it). Its ``ghost`` is the moving ball's centre there, its
    ``ball`` the ball met or -1."""
    longest = longest or OBJECT_LINE_M
    longest = min(longest, _pocket_distance(table, start, direction))
    phi = math.degrees(math.atan2(direction[1], direction[0]))
    if balls is None:
        pos, on = np.zeros((0, 2)), np.zeros(0, dtype=bool)
    else:
        pos, on = np.asarray(balls[0], dtype=float), np.array(balls[1], dtype=bool)
        on[[i for i in skip if 0 <= i < len(on)]] = False
    return first_contact(
        start, phi, pos, on, float(table.ball_radius),
        table.arrays.segments, table.arrays.arcs, cue_index=-1, max_distance=longest,
    )  # fmt: skip


def _pocket_distance(
    table: sim.Table, start: tuple[float, float], direction: tuple[float, float]
) -> float:
    """How far, m, a centre moving from ``start`` along the unit ``direction`` travels before
    it enters a pocket's capture circle (``Pocket.radius`` round its centre); inf if never."""
    best = math.inf
    dx, dy = direction
    for pocket in table.pockets:
        rx, ry = pocket.x - start[0], pocket.y - start[1]
        along = rx * dx + ry * dy
        reach2 = pocket.radius**2 - (rx * rx + ry * ry - along * along)
        if reach2 >= 0 and along > 0:
            best = min(best, max(0.0, along - math.sqrt(reach2)))
    return best


def object_line_end(
    table: sim.Table,
    start: tuple[float, float],
    direction: tuple[float, float],
    longest: float = 0.0,
) -> tuple[float, float]:
    """Where a departure line from ``start`` along the unit ``direction`` is drawn to: the first
    cushion (other balls ignored), at most ``longest`` m (default ``OBJECT_LINE_M``)."""
    return departure(table, start, direction, longest).ghost


def tangent_direction(aim: AimState, contact: AimContact) -> tuple[float, float] | None:
    """The unit direction of the cue ball after a stun hit at ``contact``: perpendicular to
    the object ball's line (the 90-degree rule); None for a full hit or no ball contact."""
    if contact.object_direction is None:
        return None
    phi = math.radians(aim.phi_deg)
    dx, dy = math.cos(phi), math.sin(phi)
    nx, ny = contact.object_direction
    along = dx * nx + dy * ny
    tx, ty = dx - along * nx, dy - along * ny
    norm = math.hypot(tx, ty)
    return None if norm < 0.05 else (tx / norm, ty / norm)


def tangent_line(
    table: sim.Table, aim: AimState, contact: AimContact
) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The cue ball's path after a stun hit: from the ghost ball along the tangent line
    (:func:`tangent_direction`), ``TANGENT_LINE_M`` long; None for a full hit or no ball
    contact."""
    direction = tangent_direction(aim, contact)
    if direction is None:
        return None
    return contact.ghost, object_line_end(table, contact.ghost, direction, TANGENT_LINE_M)


@dataclass(frozen=True)
class GuideLines:
    """The ghost level's two departure lines after the first contact, each stopped at the
    first ball it would meet (then ``*_meets`` is that ball, else -1), m.

    Attributes:
        object_path: the object ball's centre from its position to its first cushion or ball.
        object_meets: the ball it would meet first, or -1.
        tangent_path: the cue ball's tangent line from the ghost ball, or None (a full hit).
        tangent_meets: the ball the cue ball would meet on it, or -1.
    """

    object_path: tuple[tuple[float, float], tuple[float, float]]
    object_meets: int
    tangent_path: tuple[tuple[float, float], tuple[float, float]] | None
    tangent_meets: int


def guide_lines(game: rules.Game, aim: AimState, contact: AimContact) -> GuideLines | None:
    """The :class:`GuideLines` of ``contact`` (a ball met by the aim) in ``game``, with the
    balls where they lie now (the cue ball in hand where the aim puts it); None without an
    object ball. Straight-line geometry like the ghost ball itself (no spin, no throw)."""
    if contact.ball < 0 or contact.object_direction is None:
        return None
    balls = current_positions(game, aim)
    table = game.table
    start = (float(balls[0][contact.ball][0]), float(balls[0][contact.ball][1]))
    obj = departure(table, start, contact.object_direction, 0.0, balls, (0, contact.ball))
    direction = tangent_direction(aim, contact)
    if direction is None:
        return GuideLines((start, obj.ghost), obj.ball, None, -1)
    tan = departure(table, contact.ghost, direction, TANGENT_LINE_M, balls, (0, contact.ball))
    return GuideLines((start, obj.ghost), obj.ball, (contact.ghost, tan.ghost), tan.ball)


def nominated_ball(game: rules.Game, aim: AimState) -> int | None:
    """Snooker: the colour nominated, explicit or inferred from the aim (the first ball the aim
    line meets, when it may be nominated); None otherwise."""
    if aim.nominated is not None:
        return aim.nominated
    contact = aim_contact(game, aim)
    if contact is not None and contact.ball > 0:
        callable_balls = game.declaration_options().callable_balls
        if not callable_balls or contact.ball in callable_balls:
            return int(contact.ball)
    return None


def build_declaration(game: rules.Game, aim: AimState) -> rules.Declaration:
    """The ``rules.Declaration`` for the next shot from the aim state and the game's options."""
    options = game.declaration_options()
    nominated = None
    if options.nomination_required or (aim.free_ball and options.free_ball_allowed):
        nominated = nominated_ball(game, aim)
    return rules.Declaration(
        push_out=aim.push_out and options.push_out_allowed,
        called_ball=aim.called_ball if not aim.safety else None,
        called_pocket=aim.called_pocket if not aim.safety else None,
        safety=aim.safety and options.safety_allowed,
        nominated=nominated,
        free_ball=aim.free_ball and options.free_ball_allowed,
    )


def declaration_problem(game: rules.Game, aim: AimState) -> str | None:
    """What the shooter still has to declare, in words, or None."""
    options = game.declaration_options()
    if options.call_required and not aim.safety:
        if aim.called_ball is None:
            return (
                "Call your shot first: click the ball you will pocket (or press F for a "
                "safety); the cue stays still until the call is made."
            )
        if aim.called_pocket is None:
            return "Now click the pocket for the called ball; then aim."
    if (options.nomination_required or aim.free_ball) and nominated_ball(game, aim) is None:
        return "Nominate a ball: aim at it, or press N and click it."
    return None


def strike_for(aim: AimState) -> sim.Strike:
    """The ``sim.Strike`` of the aim: speed from the power meter, direction, elevation, tip
    (through :func:`clamp_tip`, so the engine never sees a miscue offset)."""
    a, b = clamp_tip(aim.a, aim.b)
    return sim.Strike(
        speed=power_to_speed(aim.power),
        phi=aim.phi_deg % 360.0,
        theta=clamp_elevation(aim.theta_deg),
        a=a,
        b=b,
    )
