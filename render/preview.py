"""The full aim assist: the engine's own answer to "where will the balls go", drawn while aiming.

The preview runs ``sim.simulate`` on the position about to be played with the strike the aim
would play (speed, direction, elevation, tip: so throw, squirt, swerve and the jump are all in
it), capped at :data:`PREVIEW_MAX_EVENTS` events: the engine's events come in time order, so a
capped log is exactly the prefix of the real shot's log (docs/architecture.md, "Determinism");
nearly every shot ends well inside the cap. From the log it reads:

- the first ball the cue ball touches (the first ``BALL_BALL`` event with ball 0), and the
  direction it leaves in (its velocity in the snapshot right after the contact, so the
  engine's throw is in it, not the ghost-ball line of centres);
- the whole path to rest of the cue ball, of that first ball and of every other ball set
  moving (or to where it drops or leaves the table);
- the marks a player must see (:class:`PathMark`): where a ball drops, where one touched a
  pocket's jaw or knuckle and stayed out (it rattled), where one leaves the table, and where
  the cue ball leaves the cloth (a jump).

Paths are the closed-form motion between events (``sim.kernels.motion.evolve_balls``),
sampled :data:`SAMPLES_PER_PATH` times plus every event of that ball, so a swerve shows
curved. :class:`PreviewCache` recomputes only when the position or the strike changed.
Units: m, s, degrees CCW from +x (table frame).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

import rules
import sim
from render import aiming
from render.aiming import AimState
from render.words import ball_name, pocket_name
from sim.constants import MotionState
from sim.events import EventKind
from sim.kernels.motion import evolve_balls

#: Event cap of a preview simulation: a whole shot of a few balls takes 20 to 150 events; a
#: break that scatters the pack may reach the cap and is drawn as far as it got ("cut").
PREVIEW_MAX_EVENTS = 600
#: A ball knocked on by another is drawn when it moves at least this far, m.
MOVED_M = 0.005
#: Points sampled inside each sliding stretch of a drawn path (event points come on top).
SAMPLES_PER_PATH = 8
#: ...at most one per this much travel, m (a short slide between two contacts needs none).
SAMPLE_SPACING_M = 0.03

_GONE = (int(EventKind.BALL_POCKET), int(EventKind.OFF_TABLE))
#: Where inside a sliding stretch its samples go, as fractions of its time.
_SAMPLE_FRACTIONS = np.linspace(0.0, 1.0, SAMPLES_PER_PATH + 2)[1:-1]
_CURVED = (int(MotionState.SLIDING), int(MotionState.AIRBORNE))


@dataclass(frozen=True)
class PathMark:
    """A point of a previewed path a player must see.

    Attributes:
        ball: the ball's index.
        kind: "drop" (pocketed here), "rattle" (its last touch of a pocket's jaw or knuckle,
            and it stayed on the table), "off" (it leaves the table here) or "jump" (it leaves
            the cloth here).
        xy: the ball's centre there, (x, y) m.
        pocket: the pocket's name for "drop" and "rattle", else "".
    """

    ball: int
    kind: str
    xy: tuple[float, float]
    pocket: str


@dataclass(frozen=True)
class AimPreview:
    """What the engine says the aimed shot does, each ball to rest.

    Attributes:
        first_ball: index of the first ball the cue ball touches, or -1 (none).
        contact_xy: the cue ball's centre at that contact, (x, y) m, or None.
        object_direction_deg: the direction the first ball leaves in, degrees CCW from +x
            (from the engine's velocity right after the contact), or None.
        cue_path: (k, 2) cue ball centres from the strike to where it rests, drops or leaves
            the table, m.
        object_path: (m, 2) the first ball's centres from the contact to its end, m; (0, 2)
            without a contact.
        cue_end: how the cue path ends: "pocket", "off" (off the table), "rest" or "cut" (the
            preview's event cap came first); ``object_end`` likewise ("" without one).
        meets: where either path first runs into another ball, once per path: (the moving
            ball's centre at that contact, the other ball's centre there), m.
        marks: the :class:`PathMark` of every path drawn.
        other_paths: (j, 2) paths of the other balls set moving, m.
    """

    first_ball: int
    contact_xy: tuple[float, float] | None
    object_direction_deg: float | None
    cue_path: np.ndarray
    object_path: np.ndarray
    cue_end: str
    object_end: str
    meets: tuple[tuple[tuple[float, float], tuple[float, float]], ...] = ()
    marks: tuple[PathMark, ...] = ()
    other_paths: tuple[np.ndarray, ...] = ()

    @property
    def jumps(self) -> bool:
        """Whether the cue ball leaves the cloth."""
        return any(m.ball == 0 and m.kind == "jump" for m in self.marks)


def _first_meeting(
    result: sim.ShotResult, ball: int, after: int, before: int, skip: int
) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The first ``BALL_BALL`` event of ``ball`` in rows ``after`` < row <= ``before`` with a
    ball other than ``skip`` (the one it just left, -1: none): (``ball``'s centre there, the
    other ball's centre there), m; None when it meets none."""
    events, snaps = result.events, result.snapshots
    rows = np.arange(len(events))
    touches = (events["kind"] == EventKind.BALL_BALL) & (
        (events["a"] == ball) | (events["b"] == ball)
    )
    touches &= (rows > after) & (rows <= before)
    for k in np.flatnonzero(touches):
        a, b = int(events["a"][k]), int(events["b"][k])
        other = b if a == ball else a
        if other != skip:
            own, met = snaps.pos[k, ball], snaps.pos[k, other]
            return (float(own[0]), float(own[1])), (float(met[0]), float(met[1]))
    return None


def _evolved(
    result: sim.ShotResult, row: int, ball: int, dt: float, packed: np.ndarray
) -> np.ndarray:
    """Centre (2,) of ``ball`` ``dt`` s after event ``row``, by the engine's closed forms."""
    snaps = result.snapshots
    pos, _vel, _spin = evolve_balls(
        snaps.pos[row, ball : ball + 1].copy(),
        snaps.vel[row, ball : ball + 1].copy(),
        snaps.spin[row, ball : ball + 1].copy(),
        snaps.motion[row, ball : ball + 1].copy(),
        dt,
        packed,
    )
    centre: np.ndarray = pos[0]
    return centre


@dataclass(frozen=True)
class _Log:
    """The columns of a shot's log the preview reads, and each ball's own rows (the events it
    takes part in: as ``a``, or as ``b`` of a ``BALL_BALL``), in row order; built once."""

    kind: np.ndarray
    a: np.ndarray
    b: np.ndarray
    t: np.ndarray
    own: dict[int, np.ndarray]
    gone: np.ndarray

    @staticmethod
    def of(events: np.ndarray) -> _Log:
        kind = np.asarray(events["kind"], dtype=np.int64)
        a = np.asarray(events["a"], dtype=np.int64)
        b = np.asarray(events["b"], dtype=np.int64)
        rows = np.arange(len(events))
        pair = kind == int(EventKind.BALL_BALL)
        balls = np.concatenate([a, b[pair]])
        where = np.concatenate([rows, rows[pair]])
        order = np.lexsort((where, balls))
        balls, where = balls[order], where[order]
        cuts = np.flatnonzero(np.diff(balls)) + 1
        own = {
            int(group_balls[0]): group_rows
            for group_balls, group_rows in zip(
                np.split(balls, cuts), np.split(where, cuts), strict=True
            )
            if group_balls.size and group_balls[0] >= 0
        }
        gone = np.isin(kind, _GONE)
        return _Log(kind, a, b, np.asarray(events["t"], dtype=float), own, gone)

    def rows_of(self, ball: int) -> np.ndarray:
        return self.own.get(ball, np.zeros(0, dtype=np.int64))


def _path(
    result: sim.ShotResult, log: _Log, ball: int, t0: float, t1: float, packed: np.ndarray
) -> np.ndarray:
    """(k, 2) centres of ``ball`` from ``t0`` to ``t1`` s (``t0`` the time of one of its own
    events: the strike, or the contact that sets it moving).

    The points are the ball's own events (where its path bends) and, inside each stretch where
    it slides or flies farther than :data:`SAMPLE_SPACING_M`, :data:`SAMPLES_PER_PATH` points
    of the stretch's parabola. Between two events a
    ball's centre moves as ``r0 + v0 t + a t^2 / 2`` with a constant ``a`` (sliding friction
    keeps its direction, docs/physics.md §0.3), so ``a`` follows from the two ends and the
    start velocity: the curve is the engine's, with no kernel call per point."""
    snaps = result.snapshots
    rows = log.rows_of(ball)
    rows = rows[(log.t[rows] >= t0) & (log.t[rows] <= t1)]
    ends = list(snaps.pos[rows, ball])
    times = [float(v) for v in log.t[rows]]
    if times and t1 > times[-1]:
        ends.append(_evolved(result, int(rows[-1]), ball, t1 - times[-1], packed))
        times.append(t1)
    if not ends:
        return np.zeros((0, 2))
    points = np.asarray(ends, dtype=float)
    if len(points) == 1:
        return points
    # Each stretch between two events: its start, then (sliding or airborne, and longer than
    # SAMPLE_SPACING_M) SAMPLES_PER_PATH points of its parabola, all at once; the stretches
    # that need none keep NaN there, dropped at the end.
    r0, r1 = points[:-1], points[1:]
    span = np.diff(np.asarray(times))[:, None]
    v0 = snaps.vel[rows[: len(r0)], ball]
    motion = snaps.motion[rows[: len(r0)], ball]
    travel = np.hypot(*(r1 - r0).T)
    bends = (motion == _CURVED[0]) | (motion == _CURVED[1])
    curved = bends & (span[:, 0] > 0) & (travel > SAMPLE_SPACING_M)
    safe = np.where(span > 0, span, 1.0)
    accel = 2.0 * (r1 - r0 - v0 * span) / (safe * safe)
    tau = _SAMPLE_FRACTIONS[None, :, None] * span[:, None, :]
    inner = r0[:, None, :] + v0[:, None, :] * tau + 0.5 * accel[:, None, :] * tau * tau
    inner[~curved] = np.nan
    stretches = np.concatenate([r0[:, None, :], inner], axis=1).reshape(-1, 2)
    out = np.concatenate([stretches, points[-1:]])
    drawn: np.ndarray = out[~np.isnan(out[:, 0])]
    return drawn


def _stop_of(log: _Log, ball: int, after: int, capped: bool) -> tuple[int, str]:
    """Row of the log where ``ball``'s part of the shot ends after row ``after``, and its
    word: its ``BALL_POCKET`` row ("pocket"), its ``OFF_TABLE`` row ("off"), else its last
    event ("rest"; "cut" when the preview's event cap came first)."""
    rows = log.rows_of(ball)
    rows = rows[rows > after]
    gone = rows[(log.a[rows] == ball) & log.gone[rows]]
    if gone.size:
        k = int(gone[0])
        return k, "pocket" if int(log.kind[k]) == EventKind.BALL_POCKET else "off"
    last = int(rows[-1]) if rows.size else max(after, 0)
    return last, "cut" if capped else "rest"


def _marks_of(
    result: sim.ShotResult, log: _Log, table: sim.Table | None, ball: int, stop: int, word: str
) -> list[PathMark]:
    """The marks of ``ball``'s path ending at row ``stop`` with ``word`` (:func:`_stop_of`):
    where it leaves the cloth (its first airborne snapshot), where it drops or leaves the
    table, and, for a ball that stays on the table, where it last touched a pocket's jaw or
    knuckle (it rattled out)."""
    snaps = result.snapshots
    marks: list[PathMark] = []
    airborne = np.flatnonzero(snaps.motion[: stop + 1, ball] == int(MotionState.AIRBORNE))
    if airborne.size:
        k = int(airborne[0])
        marks.append(PathMark(ball, "jump", _xy(snaps.pos[k, ball]), ""))
    if word in ("pocket", "off"):
        at = _xy(snaps.pos[stop, ball])
        pocket = ""
        if word == "pocket" and table is not None:
            pocket = table.pockets[int(log.b[stop])].name
        marks.append(PathMark(ball, "drop" if word == "pocket" else "off", at, pocket))
        return marks
    if table is None:
        return marks
    rows = log.rows_of(ball)
    jaw = rows[(rows <= stop) & (log.kind[rows] == int(EventKind.BALL_CUSHION))]
    for k in jaw[::-1]:
        jaw_of = table.cushions[int(log.b[k])].pocket
        if jaw_of is not None:
            marks.append(PathMark(ball, "rattle", _xy(snaps.pos[k, ball]), jaw_of))
            break
    return marks


def _xy(point: np.ndarray) -> tuple[float, float]:
    return float(point[0]), float(point[1])


def preview_from_result(result: sim.ShotResult, table: sim.Table | None = None) -> AimPreview:
    """Read an :class:`AimPreview` off ``result`` (a whole shot or a capped prefix of one);
    ``table`` (the shot's) names the pockets and the jaws for the marks (none without it)."""
    events = result.events
    snaps = result.snapshots
    packed = result.params.packed()
    capped = len(events) >= PREVIEW_MAX_EVENTS
    if len(snaps) == 0:
        empty = np.zeros((0, 2))
        return AimPreview(-1, None, None, empty, empty, "rest", "")
    log = _Log.of(events)
    pair = log.kind == int(EventKind.BALL_BALL)
    cue_rows = log.rows_of(0)
    touches = cue_rows[pair[cue_rows]]
    cue_stop, cue_end = _stop_of(log, 0, 0, capped)
    cue_path = _path(result, log, 0, 0.0, float(log.t[cue_stop]), packed)
    marks = _marks_of(result, log, table, 0, cue_stop, cue_end)
    if touches.size == 0:
        return AimPreview(
            -1, None, None, cue_path, np.zeros((0, 2)), cue_end, "", marks=tuple(marks)
        )
    k = int(touches[0])
    a, b = int(log.a[k]), int(log.b[k])
    ball = b if a == 0 else a
    t_contact = float(log.t[k])
    contact_xy = _xy(snaps.pos[k, 0])
    vx, vy = (float(v) for v in snaps.vel[k, ball])
    direction = math.degrees(math.atan2(vy, vx)) % 360.0 if math.hypot(vx, vy) > 0 else None
    obj_stop, obj_end = _stop_of(log, ball, k, capped)
    marks += _marks_of(result, log, table, ball, obj_stop, obj_end)
    others: list[np.ndarray] = []
    for other, rows in log.own.items():
        hit = rows[pair[rows]]
        if other in (0, ball) or hit.size == 0:
            continue
        first = int(hit[0])
        stop, word = _stop_of(log, other, first, capped)
        path = _path(result, log, other, float(log.t[first]), float(log.t[stop]), packed)
        if len(path) >= 2 and float(np.hypot(*(path[-1] - path[0]))) > MOVED_M:
            others.append(path)
            marks += _marks_of(result, log, table, other, stop, word)
    meeting = (
        _first_meeting(result, 0, k, cue_stop, ball),
        _first_meeting(result, ball, k, obj_stop, 0),
    )
    return AimPreview(
        first_ball=ball,
        contact_xy=contact_xy,
        object_direction_deg=direction,
        cue_path=cue_path,
        object_path=_path(
            result, log, ball, t_contact, max(float(log.t[obj_stop]), t_contact), packed
        ),
        cue_end=cue_end,
        object_end=obj_end,
        meets=tuple(m for m in meeting if m is not None),
        marks=tuple(marks),
        other_paths=tuple(others),
    )


def simulate_preview(
    table: sim.Table, state: sim.BallState, strike: sim.Strike, params: sim.Params | None = None
) -> AimPreview:
    """The engine's preview of ``strike`` played on ``state`` (see the module docstring).

    Raises what ``sim.simulate`` raises for bad input (``sim.SimInputError`` and its
    subclasses); a shot cut at :data:`PREVIEW_MAX_EVENTS` is not an error here."""
    try:
        result = sim.simulate(table, state, strike, params, max_events=PREVIEW_MAX_EVENTS)
    except sim.EventCapExceededError as exc:
        if not isinstance(exc.partial, sim.ShotResult):
            raise
        result = exc.partial
    return preview_from_result(result, table)


class PreviewCache:
    """The last preview and what it was computed for: ``get`` simulates again only when the
    balls, the table or the strike differ from last time (a mouse move that leaves the aim
    where it was costs a comparison)."""

    def __init__(self) -> None:
        self._key: tuple[object, ...] | None = None
        self._preview: AimPreview | None = None
        #: Simulations run so far (tests and the benchmark read it).
        self.computed = 0

    def get(self, table: sim.Table, state: sim.BallState, strike: sim.Strike) -> AimPreview:
        """The preview of ``strike`` on ``state`` (cached while nothing changed)."""
        key = (
            id(table),
            state.pos.tobytes(),
            state.on_table.tobytes(),
            (strike.speed, strike.phi, strike.theta, strike.a, strike.b),
        )
        if self._preview is None or key != self._key:
            self._preview = simulate_preview(table, state, strike)
            self._key = key
            self.computed += 1
        return self._preview


def legal_first_balls(game: rules.Game, declaration: rules.Declaration) -> frozenset[int]:
    """The balls the rules let the cue ball hit first on the next shot, as the game says it:
    ``game.ball_on``; narrowed to the nominated colour when one must be nominated (snooker,
    colour on), widened by the free ball when one is declared; any ball on a push-out (9-ball:
    a push-out needs no contact, so no ball is a wrong first ball)."""
    on = frozenset(int(b) for b in game.ball_on)
    if declaration.push_out:  # a push-out may hit any ball first
        return frozenset(int(b) for b in game.balls_on_table()) - {0}
    nominated = declaration.nominated
    if nominated is None:
        return on
    if declaration.free_ball:
        return on | {int(nominated)}
    if game.declaration_options().nomination_required:
        return frozenset({int(nominated)})
    return on


def preview_for_aim(game: rules.Game, aim: AimState, cache: PreviewCache) -> AimPreview | None:
    """The preview of the shot ``aim`` (a ``render.aiming.AimState``) would play in ``game``
    now, or None when there is none to show: the cue ball off the table, or the cue ball in
    hand at a spot the rules refuse (``rules.RulesError``), or a strike the engine refuses."""
    if aiming.cue_xy(game, aim) is None:
        return None
    try:
        state = game.state_for_shot(aim.cue_xy if aiming.in_hand(game) else None)
        return cache.get(game.table, state, aiming.strike_for(aim))
    except (rules.RulesError, sim.SimInputError):
        return None


def wrong_first_ball(game: rules.Game, aim: AimState, first_ball: int) -> int | None:
    """``first_ball`` (the ball the aim meets first) when the rules do not let the cue ball hit
    it first (:func:`legal_first_balls`), else None; None without a ball."""
    if first_ball <= 0:
        return None
    declaration = aiming.build_declaration(game, aim)
    return None if first_ball in legal_first_balls(game, declaration) else first_ball


def preview_words(game: rules.Game, preview: AimPreview, *, jump_only: bool = False) -> str:
    """The preview's marks in a player's words, one line ("" with none): each ball that drops
    or rattles out and where, a ball off the table, the cue ball leaving the cloth; with
    ``jump_only`` only the cue ball's jump and its leaving the table (the ghost level, which
    draws no paths)."""
    said: list[str] = []
    for mark in preview.marks:
        if jump_only and (mark.ball != 0 or mark.kind not in ("jump", "off")):
            continue
        who = ball_name(game, mark.ball)
        if mark.kind == "drop":
            said.append(f"{who} drops in {pocket_name(mark.pocket)}")
        elif mark.kind == "rattle":
            said.append(f"{who} rattles out of {pocket_name(mark.pocket)}")
        elif mark.kind == "off":
            said.append(f"{who} leaves the table")
        elif mark.kind == "jump":
            said.append(f"{who} leaves the cloth (a jump)")
    if not said:
        return ""
    text = "; ".join(said)
    return f"Preview: {text[0].upper()}{text[1:]}."
