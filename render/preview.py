"""The full aim assist: the engine's own answer to "where will the balls go", drawn while aiming.

The preview runs ``sim.simulate`` on the position about to be played with the strike the aim
would play (speed, direction, elevation, tip: so throw, squirt and swerve are all in it), but
with a small event cap (:data:`PREVIEW_MAX_EVENTS`): the engine's events come in time order,
so the prefix it logs before the cap is exactly the prefix of the real shot's log
(docs/architecture.md, "Determinism"). From that prefix it reads:

- the first ball the cue ball touches (the first ``BALL_BALL`` event with ball 0);
- the cue ball's path from the strike to its first cushion or pocket after that contact (or,
  when it touches no ball, to its first cushion or pocket);
- the object ball's path from the contact to its own first cushion or pocket, and the
  direction it leaves in (its velocity in the snapshot right after the contact, so the
  engine's throw is in it, not the ghost-ball line of centres).

Paths are the closed-form motion between events (``sim.kernels.motion.evolve_balls``),
sampled :data:`SAMPLES_PER_PATH` times plus every event of that ball, so a swerve shows
curved. :class:`PreviewCache` recomputes only when the position or the strike changed.
Units: m, s, degrees CCW from +x (table frame).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Any

import numpy as np

import rules
import sim
from render import aiming
from sim.constants import MotionState
from sim.events import EventKind
from sim.kernels.motion import evolve_balls

#: Event cap of a preview simulation: enough for the strike, the cue ball's slide-to-roll,
#: the first contact, the object ball's transitions and the first cushions of both balls in
#: nearly every shot; a break that scatters the pack is cut there and drawn as far as it got.
PREVIEW_MAX_EVENTS = 48
#: Points sampled inside each sliding stretch of a drawn path (event points come on top).
SAMPLES_PER_PATH = 8
#: ...at most one per this much travel, m (a short slide between two contacts needs none).
SAMPLE_SPACING_M = 0.03
#: Points of one path past which sliding stretches get no more inner samples.
MAX_PATH_POINTS = 48

_CUSHION_OR_POCKET = (int(EventKind.BALL_CUSHION), int(EventKind.BALL_POCKET))
_CURVED = (int(MotionState.SLIDING), int(MotionState.AIRBORNE))


@dataclass(frozen=True)
class AimPreview:
    """What the engine says the aimed shot does, up to the first cushion or pocket.

    Attributes:
        first_ball: index of the first ball the cue ball touches, or -1 (none within the
            preview).
        contact_xy: the cue ball's centre at that contact, (x, y) m, or None.
        object_direction_deg: the direction the first ball leaves in, degrees CCW from +x
            (from the engine's velocity right after the contact), or None.
        cue_path: (k, 2) cue ball centres from the strike to its first cushion or pocket after
            the contact, m.
        object_path: (m, 2) the first ball's centres from the contact to its first cushion or
            pocket, m; (0, 2) without a contact.
        cue_end: how the cue path ends: "cushion", "pocket", "rest" or "cut" (the preview's
            event cap came first); ``object_end`` likewise for the object path ("" without one).
    """

    first_ball: int
    contact_xy: tuple[float, float] | None
    object_direction_deg: float | None
    cue_path: np.ndarray
    object_path: np.ndarray
    cue_end: str
    object_end: str


def _end_of(events: np.ndarray, ball: int, after: int) -> tuple[int, str]:
    """Index of the first cushion or pocket event of ``ball`` after row ``after`` of
    ``events``, and its word; the ball's last event ("rest") or the log's end ("cut")."""
    rows = np.flatnonzero(
        (np.arange(len(events)) > after)
        & (events["a"] == ball)
        & np.isin(events["kind"], _CUSHION_OR_POCKET)
    )
    if rows.size:
        k = int(rows[0])
        return k, "pocket" if int(events["kind"][k]) == EventKind.BALL_POCKET else "cushion"
    return len(events) - 1, "cut"


def _path(result: sim.ShotResult, ball: int, t0: float, t1: float, packed: np.ndarray) -> Any:
    """(k, 2) centres of ``ball`` from ``t0`` to ``t1`` s: the ends, every event in between
    (where the path bends) and, inside each stretch where the ball slides (the only curved
    motion, docs/physics.md §0.3), :data:`SAMPLES_PER_PATH` evenly spaced points."""
    snaps = result.snapshots
    events = result.events
    own = (events["a"] == ball) | ((events["b"] == ball) & (events["kind"] == EventKind.BALL_BALL))
    inside = snaps.times[own & (snaps.times > t0) & (snaps.times < t1)]
    bounds = np.concatenate([[t0], inside, [t1]])
    times = [t0]
    for lo, hi in itertools.pairwise(bounds):
        k = int(np.searchsorted(snaps.times, lo, side="right")) - 1
        motion = int(snaps.motion[k, ball]) if k >= 0 else int(MotionState.SLIDING)
        if motion in _CURVED and hi > lo and len(times) < MAX_PATH_POINTS:
            speed = float(np.hypot(*snaps.vel[k, ball])) if k >= 0 else 0.0
            if k < 0 and result.strike is not None:
                speed = float(result.strike.speed)
            inner = min(SAMPLES_PER_PATH, math.ceil(speed * (hi - lo) / SAMPLE_SPACING_M))
            times.extend(np.linspace(lo, hi, inner + 2)[1:-1].tolist())
        times.append(float(hi))
    out = np.empty((len(times), 2))
    for j, t in enumerate(times):
        k = int(np.searchsorted(snaps.times, t, side="right")) - 1
        dt = float(t - snaps.times[k]) if k >= 0 else 0.0
        if k < 0:
            out[j] = result.initial.pos[ball]
        elif dt <= 0.0:
            out[j] = snaps.pos[k, ball]
        else:
            pos, _vel, _spin = evolve_balls(
                snaps.pos[k, ball : ball + 1].copy(),
                snaps.vel[k, ball : ball + 1].copy(),
                snaps.spin[k, ball : ball + 1].copy(),
                snaps.motion[k, ball : ball + 1].copy(),
                dt,
                packed,
            )
            out[j] = pos[0]
    return out


def preview_from_result(result: sim.ShotResult) -> AimPreview:
    """Read an :class:`AimPreview` off ``result`` (a full shot or a capped prefix of one)."""
    events = result.events
    snaps = result.snapshots
    packed = result.params.packed()
    kinds = events["kind"]
    touches = np.flatnonzero(
        (kinds == EventKind.BALL_BALL) & ((events["a"] == 0) | (events["b"] == 0))
    )
    if touches.size == 0 or len(snaps) == 0:
        end, word = _end_of(events, 0, 0)
        t_end = float(events["t"][end]) if len(events) else 0.0
        if word == "cut" and end >= 0 and len(events) < PREVIEW_MAX_EVENTS:
            word = "rest"
        cue = _path(result, 0, 0.0, t_end, packed) if len(snaps) else np.zeros((0, 2))
        return AimPreview(-1, None, None, cue, np.zeros((0, 2)), word, "")
    k = int(touches[0])
    a, b = int(events["a"][k]), int(events["b"][k])
    ball = b if a == 0 else a
    t_contact = float(events["t"][k])
    contact_xy = (float(snaps.pos[k, 0, 0]), float(snaps.pos[k, 0, 1]))
    vx, vy = (float(v) for v in snaps.vel[k, ball])
    direction = math.degrees(math.atan2(vy, vx)) % 360.0 if math.hypot(vx, vy) > 0 else None
    capped = len(events) >= PREVIEW_MAX_EVENTS

    def finish(target: int) -> tuple[float, str]:
        end, word = _end_of(events, target, k)
        if word == "cut" and not capped:
            word = "rest"
        return float(events["t"][end]), word

    t_cue, cue_end = finish(0)
    t_obj, obj_end = finish(ball)
    return AimPreview(
        first_ball=ball,
        contact_xy=contact_xy,
        object_direction_deg=direction,
        cue_path=_path(result, 0, 0.0, max(t_cue, t_contact), packed),
        object_path=_path(result, ball, t_contact, max(t_obj, t_contact), packed),
        cue_end=cue_end,
        object_end=obj_end,
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
    return preview_from_result(result)


class PreviewCache:
    """The last preview and what it was computed for: ``get`` simulates again only when the
    balls, the table or the strike differ from last time (a mouse move that leaves the aim
    where it was costs a comparison)."""

    def __init__(self) -> None:
        self._key: Any = None
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


def legal_first_balls(game: Any, declaration: Any) -> frozenset[int]:
    """The balls the rules let the cue ball hit first on the next shot, as the game says it:
    ``game.ball_on``; narrowed to the nominated colour when one must be nominated (snooker,
    colour on), widened by the free ball when one is declared; any ball on a push-out (9-ball:
    a push-out needs no contact, so no ball is a wrong first ball)."""
    on = frozenset(int(b) for b in game.ball_on)
    if getattr(declaration, "push_out", False):  # a push-out may hit any ball first
        return frozenset(int(b) for b in game.balls_on_table()) - {0}
    nominated = getattr(declaration, "nominated", None)
    if nominated is None:
        return on
    if getattr(declaration, "free_ball", False):
        return on | {int(nominated)}
    if game.declaration_options().nomination_required:
        return frozenset({int(nominated)})
    return on


def preview_for_aim(game: Any, aim: Any, cache: PreviewCache) -> AimPreview | None:
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


def wrong_first_ball(game: Any, aim: Any, first_ball: int) -> int | None:
    """``first_ball`` (the ball the aim meets first) when the rules do not let the cue ball hit
    it first (:func:`legal_first_balls`), else None; None without a ball."""
    if first_ball <= 0:
        return None
    declaration = aiming.build_declaration(game, aim)
    return None if first_ball in legal_first_balls(game, declaration) else first_ball
