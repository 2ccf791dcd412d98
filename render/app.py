"""The App: owns the match, the game and the current mode; the only module calling sim and rules.

The App is step-able so tests can drive it without a window: ``app.handle(event)`` for each
pygame event, ``app.update(dt)`` to advance time (s), ``app.draw(surface)`` to paint a frame,
``app.finish_playback()`` to jump to the end of a shot. :func:`run` is the real frame loop.

One shot, as the window sees it (DESIGN.md section 3): the aim state becomes a ``sim.Strike``;
``game.state_for_shot`` places the cue ball (the rules check the zone); ``sim.simulate`` plays
it once; ``game.judge`` rules on it; the window plays the ``ShotResult`` back by sampling it;
``game.apply`` gives the next game and, when the ruling offers options, the next player picks
one with ``game.choose``. Undo is keeping the previous values on a stack.
"""

from __future__ import annotations

import math
import os
import threading
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np
import pygame

from render import draw, hud
from render.aim import AimContact, first_contact
from render.match import MatchConfig, MatchScore
from render.savefile import SaveFileError, load_session, save_session
from render.view import View
from render.widgets import PowerMeter, TipWidget, power_to_speed

#: Height of the scoreboard strip at the top of the window, px.
SCOREBOARD_H = 72
#: Height of the control panel at the bottom of the window, px.
PANEL_H = 132
#: Default window size, px.
DEFAULT_SIZE = (1280, 820)
#: Playback speed factor in slow motion.
SLOW_MOTION = 0.25
#: Longest object-ball departure line drawn while aiming, m.
OBJECT_LINE_M = 0.6
#: Length of the cue ball's tangent line drawn after a cut, m.
TANGENT_LINE_M = 0.25
#: Seconds a toast message stays on screen.
TOAST_S = 3.5
#: Where Ctrl+S / Ctrl+O save and load when no path was given.
DEFAULT_SAVE_PATH = Path.home() / ".cuesim" / "session.cuesim.json"


@dataclass
class AimState:
    """The shooter's current intent (mutable UI state, reset after each shot).

    phi_deg: cue direction, degrees CCW from +x. power: meter reading 0..1. a, b: tip offset in
    ball radii. theta_deg: cue elevation. cue_xy: where the cue ball is placed when in hand.
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


@dataclass(frozen=True)
class LastShot:
    """Everything needed to show a shot again or undo it."""

    before_game: Any
    before_score: MatchScore
    strike: Any
    cue_ball_at: tuple[float, float] | None
    declaration: Any
    result: Any
    ruling: Any


@dataclass
class Playback:
    """A shot being played back: sampled positions and when each ball left the table."""

    result: Any
    frames: np.ndarray  # (k, n, 2) positions every DT seconds
    dt: float
    pocket_times: np.ndarray  # (n,) time each ball was pocketed, inf if never
    on_table0: np.ndarray  # (n,) bool at t = 0
    t: float = 0.0
    slow: bool = False
    replay: bool = False
    clicks: list[tuple[float, float]] = field(default_factory=list)  # (t, speed) of contacts

    @property
    def duration(self) -> float:
        return float(self.result.duration)

    @property
    def done(self) -> bool:
        return self.t >= self.duration

    def positions(self) -> tuple[np.ndarray, np.ndarray]:
        """Ball centres (n, 2) and on-table mask (n,) at the current time (linear between
        samples; the samples come from ``ShotResult.sample``, never a new simulation)."""
        k = self.t / self.dt
        i = int(min(max(math.floor(k), 0), len(self.frames) - 1))
        j = min(i + 1, len(self.frames) - 1)
        f = min(max(k - i, 0.0), 1.0)
        pos = self.frames[i] * (1 - f) + self.frames[j] * f
        on = self.on_table0 & (self.pocket_times > self.t)
        return pos, on


#: Playback sampling interval, s (twice a 60 Hz display's rate, for smooth interpolation).
PLAYBACK_DT = 1.0 / 120.0


def make_playback(result: Any, *, replay: bool = False) -> Playback:
    """Sample ``result`` for playback (``ShotResult.sample``); does not re-simulate."""
    from sim.events import EventKind

    frames = np.asarray(result.sample(PLAYBACK_DT), dtype=np.float64)
    n = frames.shape[1]
    pocket_times = np.full(n, np.inf)
    events = result.events
    clicks: list[tuple[float, float]] = []
    for row in events:
        kind = int(row["kind"])
        if kind == int(EventKind.BALL_POCKET):
            ball = int(row["a"])
            pocket_times[ball] = min(pocket_times[ball], float(row["t"]))
        elif kind in (int(EventKind.BALL_BALL), int(EventKind.STRIKE)):
            clicks.append((float(row["t"]), float(row["speed"])))
    on0 = np.asarray(result.initial.on_table, dtype=bool)
    return Playback(result, frames, PLAYBACK_DT, pocket_times, on0, replay=replay, clicks=clicks)


class App:
    """The hot-seat window's state machine. See the module docstring for how to drive it."""

    def __init__(
        self,
        size: tuple[int, int] = DEFAULT_SIZE,
        *,
        config: MatchConfig | None = None,
        save_path: str | os.PathLike[str] | None = None,
        warm_up: bool = True,
        sound: bool = False,
    ) -> None:
        from render import modes

        self.size = size
        self.pending_load: tuple[Path, bool] | None = None
        self.save_path = Path(save_path) if save_path is not None else DEFAULT_SAVE_PATH
        self.config: MatchConfig | None = None
        self.score: MatchScore | None = None
        self.game: Any = None
        self.history: list[tuple[Any, MatchScore, LastShot | None]] = []
        self.last_shot: LastShot | None = None
        self.aim = AimState()
        self.show_ghost = True
        self.show_help = False
        self.toast: tuple[str, float, tuple[int, int, int]] | None = None
        self.running = True
        self.confirm_quit = False
        self.playback: Playback | None = None
        self.pending_ruling: Any = None
        self.match_winner: int | None = None
        self._orientations: np.ndarray | None = None
        self._background: pygame.Surface | None = None
        self._background_key: Any = None
        self.sounds = modes.Sounds(enabled=sound)
        self._warm_error: str | None = None
        self._warm_done = threading.Event()
        self.mode: modes.Mode = modes.StartMode(self, config)
        if warm_up:
            self._warm_thread = threading.Thread(target=self._warm, daemon=True)
            self._warm_thread.start()
            self.mode = modes.PreparingMode(self, config)
        else:
            self._warm_done.set()
            if config is not None:
                self.start_match(config)

    # ---------------------------------------------------------------- physics warm-up
    def _warm(self) -> None:
        try:
            import sim

            warmup = getattr(sim, "warmup", None)
            if warmup is not None:
                warmup()
        except Exception as exc:  # shown on the preparing screen; the window stays usable
            self._warm_error = f"{type(exc).__name__}: {exc}"
        finally:
            self._warm_done.set()

    @property
    def physics_ready(self) -> bool:
        return self._warm_done.is_set()

    # ---------------------------------------------------------------- match and games
    def start_match(self, config: MatchConfig) -> None:
        """Start a new match: the first rack / frame, the first player breaking."""
        self.config = config
        self.score = MatchScore.start()
        self.history.clear()
        self.last_shot = None
        self.match_winner = None
        self.game = self._new_game(config, self.score)
        self._orientations = None
        self.enter_aim()

    def _new_game(self, config: MatchConfig, score: MatchScore) -> Any:
        import rules
        import sim

        if config.game == "snooker":
            table = sim.Table.snooker()
        else:
            table = sim.Table.pool(feet=config.table_feet)
        if config.game == "snooker":
            # Snooker frames are set up with players[0] to break off; alternate by hand.
            game = rules.new_game(
                "snooker", players=config.players, seed=config.seed, table=table,
                rack_number=score.rack,
            )  # fmt: skip
            breaker = score.breaker % len(config.players)
            return replace(game, to_play=breaker, breaker=breaker)
        options: dict[str, Any] = {}
        if config.game == "nine-ball":
            options["referee_warns"] = config.referee_warns
        return rules.new_game(
            config.game,
            players=config.sides,
            seed=config.seed + score.rack,
            table=table,
            breaker=score.breaker,
            **options,
        )

    def next_rack(self) -> None:
        """After a game is over: count it, and rack the next one unless the match is won."""
        assert self.config is not None and self.score is not None
        self.history.append((self.game, self.score, self.last_shot))
        self.score = self.score.after_game(self.game.winner)
        winner = self.score.match_winner(self.config)
        if winner is not None:
            self.match_winner = winner
            from render import modes

            self.mode = modes.MatchOverMode(self)
            return
        self.game = self._new_game(self.config, self.score)
        self._orientations = None
        self.enter_aim()

    @property
    def table(self) -> Any:
        return self.game.table if self.game is not None else None

    @property
    def ball_names(self) -> tuple[str, ...]:
        return tuple(self.game.ball_names)

    @property
    def looks(self) -> tuple[draw.BallLook, ...]:
        return draw.looks_for_names(self.ball_names)

    def ball_orientations(self) -> np.ndarray:
        """(n, 3, 3) how each ball is turned (for drawing its number and stripe rolling);
        identity for a fresh rack. Purely cosmetic: the rules and the engine never see it."""
        n = int(self.game.state.n)
        if self._orientations is None or len(self._orientations) != n:
            self._orientations = np.tile(np.eye(3), (n, 1, 1))
        return self._orientations

    def roll_balls(self, displacement: np.ndarray) -> None:
        """Turn the balls as if they rolled through ``displacement`` ((n, 2), m)."""
        self._orientations = draw.rolled(
            self.ball_orientations(), displacement, float(self.table.ball_radius)
        )

    def declaration_options(self) -> Any:
        return self.game.declaration_options()

    # ---------------------------------------------------------------- aiming and shooting
    def enter_aim(self) -> None:
        """Reset the aim for the player to act and show the aim (or decision) mode."""
        from render import modes

        game = self.game
        keep_power = self.aim.power
        self.aim = AimState(power=keep_power)
        if game.is_over:
            self.mode = modes.GameOverMode(self)
            return
        if game.pending_choice:
            self.mode = modes.DecisionMode(self, None)
            return
        if self.in_hand:
            self.aim.cue_xy = self.default_cue_spot()
        cue = self.cue_xy()
        target = self._default_target()
        if cue is not None and target is not None:
            self.aim.phi_deg = math.degrees(math.atan2(target[1] - cue[1], target[0] - cue[0]))
        self.mode = modes.AimMode(self)

    @property
    def in_hand(self) -> bool:
        return str(getattr(self.game.ball_in_hand, "value", self.game.ball_in_hand)) != "none"

    @property
    def zone(self) -> str:
        """The ball-in-hand zone for drawing: "anywhere", "kitchen", "d" or "none"."""
        value = str(getattr(self.game.ball_in_hand, "value", self.game.ball_in_hand))
        return {"anywhere": "anywhere", "behind_head_string": "kitchen", "in_d": "d"}.get(
            value, "none"
        )

    def default_cue_spot(self) -> tuple[float, float]:
        """A legal spot to put the cue ball in hand before the player moves it."""
        game = self.game
        table = game.table
        state = game.state
        if (
            bool(state.on_table[0])
            and game.placement_problem(tuple(map(float, state.pos[0]))) is None
        ):
            return float(state.pos[0][0]), float(state.pos[0][1])
        if self.zone == "d":
            cx, cy = table.d_centre
            candidates = [
                (cx - 0.1 * table.d_radius * k, cy - 0.35 * table.d_radius) for k in range(-4, 8)
            ]
        else:
            y = table.head_string_y * 0.5
            candidates = [
                (table.width / 2 + dx, y) for dx in (0.0, 0.1, -0.1, 0.2, -0.2, 0.3, -0.3)
            ]
        for xy in candidates:
            if game.placement_problem(xy) is None:
                return (float(xy[0]), float(xy[1]))
        return (float(candidates[0][0]), float(candidates[0][1]))

    def cue_xy(self) -> tuple[float, float] | None:
        """Where the cue ball is now (its in-hand spot while placing)."""
        if self.in_hand and self.aim.cue_xy is not None:
            return self.aim.cue_xy
        if bool(self.game.state.on_table[0]):
            return float(self.game.state.pos[0][0]), float(self.game.state.pos[0][1])
        return None

    def _default_target(self) -> tuple[float, float] | None:
        """A ball to point the cue at when a turn starts: the lowest ball on, else the nearest."""
        game = self.game
        on = sorted(int(b) for b in game.ball_on if bool(game.state.on_table[int(b)]))
        cue = self.cue_xy()
        if on and cue is not None:
            pos = np.asarray(game.state.pos)
            nearest = min(on, key=lambda b: math.hypot(pos[b][0] - cue[0], pos[b][1] - cue[1]))
            return float(pos[nearest][0]), float(pos[nearest][1])
        others = [i for i in range(1, int(game.state.n)) if bool(game.state.on_table[i])]
        if others:
            return float(game.state.pos[others[0]][0]), float(game.state.pos[others[0]][1])
        return None

    def current_positions(self) -> tuple[np.ndarray, np.ndarray]:
        """(n, 2) ball centres and (n,) on-table mask as shown now (the cue ball in hand at its
        chosen spot)."""
        pos = np.array(self.game.state.pos, dtype=np.float64)
        on = np.array(self.game.state.on_table, dtype=bool)
        if self.in_hand and self.aim.cue_xy is not None:
            pos[0] = self.aim.cue_xy
            on[0] = True
        return pos, on

    def aim_contact(self) -> AimContact | None:
        cue = self.cue_xy()
        if cue is None:
            return None
        pos, on = self.current_positions()
        table = self.table
        return first_contact(
            cue, self.aim.phi_deg, pos, on, float(table.ball_radius),
            table.arrays.segments, table.arrays.arcs,
        )  # fmt: skip

    def object_line_end(
        self,
        start: tuple[float, float],
        direction: tuple[float, float],
        longest: float = 0.0,
    ) -> tuple[float, float]:
        """Where a departure line from ``start`` along ``direction`` is drawn to: the first
        cushion (other balls ignored), at most ``longest`` m (default ``OBJECT_LINE_M``)."""
        longest = longest or OBJECT_LINE_M
        table = self.table
        phi = math.degrees(math.atan2(direction[1], direction[0]))
        none = np.zeros((0, 2))
        contact = first_contact(
            start, phi, none, np.zeros(0, dtype=bool), float(table.ball_radius),
            table.arrays.segments, table.arrays.arcs, cue_index=-1, max_distance=longest,
        )  # fmt: skip
        return contact.ghost

    def tangent_line(
        self, contact: AimContact
    ) -> tuple[tuple[float, float], tuple[float, float]] | None:
        """The cue ball's path after a stun hit: from the ghost ball along the tangent line
        (perpendicular to the object ball's line, the 90-degree rule), ``TANGENT_LINE_M``
        long; None for a full hit or no ball contact."""
        if contact.object_direction is None:
            return None
        phi = math.radians(self.aim.phi_deg)
        dx, dy = math.cos(phi), math.sin(phi)
        nx, ny = contact.object_direction
        along = dx * nx + dy * ny
        tx, ty = dx - along * nx, dy - along * ny
        norm = math.hypot(tx, ty)
        if norm < 0.05:
            return None
        return contact.ghost, self.object_line_end(
            contact.ghost, (tx / norm, ty / norm), TANGENT_LINE_M
        )

    def place_cue_ball(self, xy: tuple[float, float]) -> bool:
        """Move the cue ball in hand to ``xy`` if the rules allow it; otherwise show the
        rules' ``IllegalPlacementError`` message and leave it where it was."""
        import rules

        spot = (float(xy[0]), float(xy[1]))
        try:
            self.game.state_for_shot(spot)
        except rules.IllegalPlacementError as exc:
            self.say(str(exc), hud.ALERT)
            return False
        self.aim.cue_xy = spot
        return True

    def nominated_ball(self) -> int | None:
        """Snooker: the colour nominated, explicit or inferred from the aim (the first ball the
        aim line meets, when it is a colour); None otherwise."""
        if self.aim.nominated is not None:
            return self.aim.nominated
        contact = self.aim_contact()
        if contact is not None and contact.ball > 0:
            callable_balls = self.declaration_options().callable_balls
            if not callable_balls or contact.ball in callable_balls:
                return contact.ball
        return None

    def build_declaration(self) -> Any:
        """The ``rules.Declaration`` for the next shot from the aim state and the options."""
        import rules

        options = self.declaration_options()
        nominated = None
        if options.nomination_required or (self.aim.free_ball and options.free_ball_allowed):
            nominated = self.nominated_ball()
        return rules.Declaration(
            push_out=self.aim.push_out and options.push_out_allowed,
            called_ball=self.aim.called_ball if not self.aim.safety else None,
            called_pocket=self.aim.called_pocket if not self.aim.safety else None,
            safety=self.aim.safety and options.safety_allowed,
            nominated=nominated,
            free_ball=self.aim.free_ball and options.free_ball_allowed,
        )

    def declaration_problem(self) -> str | None:
        """What the shooter still has to declare, in words, or None."""
        options = self.declaration_options()
        if options.call_required and not self.aim.safety:
            if self.aim.called_ball is None:
                return "Call your shot: click the ball you will pocket (or press F for a safety)."
            if self.aim.called_pocket is None:
                return "Now click the pocket for the called ball."
        if (options.nomination_required or self.aim.free_ball) and self.nominated_ball() is None:
            return "Nominate a ball: aim at it, or press N and click it."
        return None

    def strike(self) -> Any:
        import sim

        return sim.Strike(
            speed=power_to_speed(self.aim.power),
            phi=self.aim.phi_deg % 360.0,
            theta=self.aim.theta_deg,
            a=self.aim.a,
            b=self.aim.b,
        )

    def shoot(self) -> bool:
        """Play the shot: place, simulate once, judge; start the playback. False (with a toast)
        when the rules refuse the placement or the declaration, or the engine refuses the strike
        (``sim.SimInputError``) or stops it at its event cap (``sim.EventCapExceededError``):
        then nothing changes (game, score, undo stack, aim) and the player may shoot again."""
        import rules
        import sim
        from render import modes
        from sim.errors import EventCapExceededError, SimInputError

        problem = self.declaration_problem()
        if problem is not None:
            self.say(problem, hud.ALERT)
            return False
        game = self.game
        declaration = self.build_declaration()
        cue_at = self.aim.cue_xy if self.in_hand else None
        strike = self.strike()
        try:
            game.validate_declaration(declaration)
            state = game.state_for_shot(cue_at)
            result = sim.simulate(game.table, state, strike)
            ruling = game.judge(result, declaration)
        except rules.RulesError as exc:
            self.say(str(exc), hud.ALERT)
            return False
        except SimInputError as exc:
            self.say(
                f"The engine refused this shot ({exc}). Nothing was played: adjust the shot and "
                "shoot again.",
                hud.ALERT,
            )
            return False
        except EventCapExceededError as exc:
            self.say(
                "The engine stopped this shot: it needed more collisions and cushion contacts "
                f"than it may compute ({exc}). Nothing was played: the balls are where they "
                "were; shoot again.",
                hud.ALERT,
            )
            return False
        shot = LastShot(game, self.score, strike, cue_at, declaration, result, ruling)
        self.history.append((game, self.score, self.last_shot))
        self.last_shot = shot
        self.pending_ruling = ruling
        self.playback = make_playback(result)
        self.mode = modes.PlaybackMode(self)
        return True

    def finish_shot(self) -> None:
        """After the playback of a new shot: apply the ruling and show it."""
        from render import modes

        ruling = self.pending_ruling
        self.playback = None
        if ruling is None:
            self.enter_aim()
            return
        self.game = self.game.apply(ruling)
        self.pending_ruling = None
        self.mode = modes.DecisionMode(self, ruling)

    def choose(self, choice: Any) -> None:
        """The player to act picks one of ``game.pending_choice``."""
        import rules

        try:
            self.game = self.game.choose(choice)
        except rules.RulesError as exc:
            self.say(str(exc), hud.ALERT)
            return
        self.enter_aim()

    def foul_shot(self) -> LastShot | None:
        """The shot a player may still declare a foul on: the last shot played, as long as the
        game has not moved past it (no new rack, warning or concession since; undo steps back
        to the shot before). None when there is none."""
        shot = self.last_shot
        if shot is None or not self.history or self.history[-1][0] is not shot.before_game:
            return None
        return shot

    def declarable_fouls(self) -> tuple[tuple[str, str], ...]:
        """(code, rule clause) of the fouls a player may declare on :meth:`foul_shot`, from the
        game that judged it (``Game.declarable_fouls``); empty when there is no such shot."""
        shot = self.foul_shot()
        if shot is None:
            return ()
        return tuple(shot.before_game.declarable_fouls().items())

    def declare_foul(self, code: str) -> bool:
        """A player (the opponent, the referee) declares the foul ``code`` on the last shot, or
        withdraws it when it was declared already: the shot is judged again by the game before
        it, with ``code`` in ``Declaration.declared_fouls`` (the same stored result, no new
        simulation), and the new ruling replaces the old one (any choice made since is
        dropped). Returns False with a message when there is no such shot or the rules refuse
        the code."""
        import rules
        from render import modes

        shot = self.foul_shot()
        if shot is None:
            self.say("No shot to declare a foul on: fouls are declared on the last shot.")
            return False
        if self.playback is not None:
            if not self.playback.replay:
                self.finish_playback()
            self.playback = None
        declared = set(shot.declaration.declared_fouls)
        declared.symmetric_difference_update({code})
        declaration = replace(shot.declaration, declared_fouls=frozenset(declared))
        try:
            ruling = shot.before_game.judge(shot.result, declaration)
            game = shot.before_game.apply(ruling)
        except rules.RulesError as exc:
            self.say(str(exc), hud.ALERT)
            return False
        self.last_shot = replace(shot, declaration=declaration, ruling=ruling)
        self.game = game
        self.pending_ruling = None
        self.mode = modes.DecisionMode(self, ruling)
        return True

    def finish_playback(self) -> None:
        """Jump to the end of the shot being played back (tests and the skip key)."""
        if self.playback is not None:
            self.playback.t = self.playback.duration
            self.update(0.0)

    # ---------------------------------------------------------------- moves between shots
    def _move_to(self, game: Any, message: str) -> None:
        """Make ``game`` the current game after a move between shots (a warning, a concession,
        a re-rack), keeping the previous one for undo, and show ``message``."""
        self.history.append((self.game, self.score, self.last_shot))
        if game.state is not self.game.state:
            self._orientations = None
        self.game = game
        self.say(message, hud.GOOD)
        self.enter_aim()

    def warning_due(self) -> tuple[int, ...]:
        """Players a player may warn now (9-ball with ``referee_warns`` off): two fouls in a row
        and no warning yet. Empty when the referee warns by itself or nobody is due."""
        game = self.game
        if game is None or game.is_over or getattr(game, "referee_warns", True):
            return ()
        pairs = zip(game.fouls_in_a_row, game.warning_given, strict=False)
        return tuple(i for i, (n, w) in enumerate(pairs) if n >= 2 and not w)

    def give_warning(self) -> bool:
        """The opponent warns the player with two fouls in a row (``Game.give_warning``): a
        third foul in a row now loses the rack. False with a message when nobody is due."""
        import rules

        due = self.warning_due()
        if not due:
            self.say("Nobody has two fouls in a row without a warning.", hud.ALERT)
            return False
        try:
            game = self.game.give_warning()
        except rules.RulesError as exc:
            self.say(str(exc), hud.ALERT)
            return False
        names = " and ".join(self.game.players[i] for i in due)
        self._move_to(game, f"{names} warned: a third foul in a row loses the rack.")
        return True

    def concede(self, player: int) -> bool:
        """Snooker: ``player`` concedes the frame (``SnookerGame.concede``); the frame is over,
        won by the other side, and "Next frame" counts it. False with a message otherwise."""
        import rules

        concede = getattr(self.game, "concede", None)
        if concede is None:
            self.say("Only a snooker frame can be conceded.", hud.ALERT)
            return False
        try:
            game = concede(player)
        except rules.RulesError as exc:
            self.say(str(exc), hud.ALERT)
            return False
        self._move_to(game, game.last_reason)
        return True

    def declare_stalemate(self) -> bool:
        """Snooker: the players agree on a stalemate (``SnookerGame.declare_stalemate``): the
        frame is void and racked again, the same player breaking; the match score is
        unchanged. False with a message otherwise."""
        import rules

        stalemate = getattr(self.game, "declare_stalemate", None)
        if stalemate is None:
            self.say("Only a snooker frame can be re-racked as a stalemate.", hud.ALERT)
            return False
        try:
            game = stalemate()
        except rules.RulesError as exc:
            self.say(str(exc), hud.ALERT)
            return False
        breaker = game.players[game.to_play]
        self._move_to(game, f"Stalemate: the frame starts again; {breaker} breaks off.")
        return True

    # ---------------------------------------------------------------- undo, replay, save
    def undo(self) -> None:
        """Take back the last shot (or the last rack change): the previous game and score."""
        if not self.history:
            self.say("Nothing to undo.")
            return
        self.game, self.score, self.last_shot = self.history.pop()
        self.match_winner = None
        self.playback = None
        self.pending_ruling = None
        self.say("Undone: back to the position before.")
        self.enter_aim()

    def replay(self) -> None:
        """Play the last shot again from its stored result (no new simulation)."""
        from render import modes

        if self.last_shot is None:
            self.say("No shot to replay yet.")
            return
        self.playback = make_playback(self.last_shot.result, replay=True)
        self.mode = modes.PlaybackMode(self, resume=self.mode)

    def session_json(self) -> dict[str, Any]:
        """The whole session as JSON-ready data: config, score, game, undo stack, last shot."""
        from rules.persist import to_dict

        assert self.config is not None and self.score is not None

        def shot_json(shot: LastShot | None) -> dict[str, Any] | None:
            if shot is None:
                return None
            s = shot.strike
            d = shot.declaration
            return {
                "before_game": to_dict(shot.before_game),
                "before_score": shot.before_score.to_json(),
                "strike": {"speed": s.speed, "phi": s.phi, "theta": s.theta, "a": s.a, "b": s.b},
                "cue_ball_at": list(shot.cue_ball_at) if shot.cue_ball_at is not None else None,
                "declaration": declaration_to_json(d),
            }

        return {
            "config": self.config.to_json(),
            "score": self.score.to_json(),
            "game": to_dict(self.game),
            "undo": [
                {"game": to_dict(g), "score": s.to_json(), "last_shot": shot_json(shot)}
                for g, s, shot in self.history
            ],
            "last_shot": shot_json(self.last_shot),
        }

    def save(self, path: str | os.PathLike[str] | None = None) -> bool:
        target = Path(path) if path is not None else self.save_path
        if self.config is None:
            self.say("Nothing to save yet.")
            return False
        try:
            save_session(target, self.session_json())
        except SaveFileError as exc:
            self.say(f"Not saved: {exc}", hud.ALERT)
            return False
        self.say(f"Saved to {target}", hud.GOOD)
        return True

    def load(self, path: str | os.PathLike[str] | None = None) -> bool:
        """Load a session; on any problem the current session stays as it was."""
        source = Path(path) if path is not None else self.save_path
        try:
            restored = restore_session(load_session(source))
        except SaveFileError as exc:
            self.say(f"Not loaded: {exc}", hud.ALERT)
            return False
        self.config, self.score, self.game, self.history, self.last_shot = restored
        self.match_winner = None
        self.playback = None
        self.pending_ruling = None
        self.say(f"Loaded {source.name}", hud.GOOD)
        self.enter_aim()
        return True

    # ---------------------------------------------------------------- messages and quitting
    def say(self, text: str, colour: tuple[int, int, int] = hud.ACCENT) -> None:
        self.toast = (text, TOAST_S, colour)

    def request_quit(self) -> None:
        self.confirm_quit = True

    # ---------------------------------------------------------------- layout
    def remember_size(self, size: tuple[int, int]) -> None:
        """Record the size of the surface last drawn on (mouse hit tests use it)."""
        self.size = (int(size[0]), int(size[1]))

    def size_hint(self) -> tuple[int, int]:
        """The window size mouse positions refer to, px."""
        return self.size

    def layout(self, size: tuple[int, int]) -> dict[str, Any]:
        """Screen rectangles and widgets for a window of ``size`` px."""
        w, h = size
        board = pygame.Rect(0, 0, w, SCOREBOARD_H)
        panel = pygame.Rect(0, h - PANEL_H, w, PANEL_H)
        table_rect = pygame.Rect(0, SCOREBOARD_H, w, h - SCOREBOARD_H - PANEL_H)
        power = PowerMeter(pygame.Rect(24, panel.top + 38, min(320, w // 4), 26))
        tip = TipWidget(pygame.Rect(power.rect.right + 30, panel.top + 26, 96, 96))
        elevation = pygame.Rect(tip.rect.right + 24, panel.top + 38, 110, 80)
        prompt = pygame.Rect(
            elevation.right + 28, panel.top + 12, w - elevation.right - 48, PANEL_H - 62
        )
        return {
            "board": board, "panel": panel, "table": table_rect, "power": power,
            "tip": tip, "elevation": elevation, "prompt": prompt,
        }  # fmt: skip

    def view_for(self, size: tuple[int, int]) -> View:
        table = self.table
        return View.fit(
            float(table.length), float(table.width), tuple(self.layout(size)["table"]),
            margin_m=draw.frame_margin(table),
        )  # fmt: skip

    def table_background(self, size: tuple[int, int]) -> pygame.Surface:
        """The static table picture for this window size (cached until size or table change)."""
        key = (size, self.table)
        if self._background is None or self._background_key != key:
            surface = pygame.Surface(size)
            surface.fill(draw.BACKGROUND)
            draw.draw_table(surface, self.view_for(size), self.table)
            self._background = surface
            self._background_key = key
        return self._background

    # ---------------------------------------------------------------- the three steps
    def handle(self, event: pygame.event.Event) -> None:
        """React to one pygame event (keyboard, mouse, window)."""
        from render import modes

        if event.type == pygame.QUIT:
            self.request_quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self.remember_size((event.w, event.h))
            return
        if event.type == pygame.WINDOWRESIZED:
            return
        if self.confirm_quit:
            modes.handle_quit_confirmation(self, event)
            return
        if (
            event.type == pygame.KEYDOWN
            and self.config is not None
            and self.mode.allows_global_keys
        ):
            ctrl = bool(event.mod & pygame.KMOD_CTRL)
            if ctrl and event.key == pygame.K_s:
                self.save()
                return
            if ctrl and event.key == pygame.K_o:
                self.load()
                return
            if (ctrl and event.key == pygame.K_z) or event.key == pygame.K_u:
                self.undo()
                return
            if event.key == pygame.K_r and not ctrl:
                self.replay()
                return
            if event.key == pygame.K_q:
                self.request_quit()
                return
            if event.key == pygame.K_h or event.key == pygame.K_F1:
                self.show_help = not self.show_help
                return
        self.mode.handle(event)

    def update(self, dt: float) -> None:
        """Advance time by ``dt`` seconds (playback, messages, warm-up)."""
        if self.toast is not None:
            text, left, colour = self.toast
            left -= dt
            self.toast = (text, left, colour) if left > 0 else None
        self.mode.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the whole frame onto ``surface``."""
        from render import modes

        self.mode.draw(surface)
        if self.show_help and self.config is not None:
            modes.draw_help(self, surface)
        if self.toast is not None:
            hud.draw_toast(surface, self.toast[0], colour=self.toast[2])
        if self.confirm_quit:
            modes.draw_quit_confirmation(self, surface)


# ---------------------------------------------------------------------- save-file restore


def declaration_to_json(declaration: Any) -> dict[str, Any]:
    """A ``rules.Declaration`` as JSON-ready data (sets become sorted lists)."""
    return {
        "push_out": bool(declaration.push_out),
        "called_ball": declaration.called_ball,
        "called_pocket": declaration.called_pocket,
        "safety": bool(declaration.safety),
        "nominated": declaration.nominated,
        "free_ball": bool(declaration.free_ball),
        "declared_fouls": sorted(declaration.declared_fouls),
        "off_table": sorted(int(b) for b in declaration.off_table),
    }


def declaration_from_json(data: dict[str, Any]) -> Any:
    """The ``rules.Declaration`` of :func:`declaration_to_json` data."""
    import rules

    def ball(v: Any) -> int | None:
        return None if v is None else int(v)

    return rules.Declaration(
        push_out=bool(data["push_out"]),
        called_ball=ball(data["called_ball"]),
        called_pocket=None if data["called_pocket"] is None else str(data["called_pocket"]),
        safety=bool(data["safety"]),
        nominated=ball(data["nominated"]),
        free_ball=bool(data["free_ball"]),
        declared_fouls=frozenset(str(f) for f in data["declared_fouls"]),
        off_table=frozenset(int(b) for b in data["off_table"]),
    )


def restore_session(
    data: dict[str, Any],
) -> tuple[MatchConfig, MatchScore, Any, list[Any], LastShot | None]:
    """Rebuild (config, score, game, undo stack, last shot) from :meth:`App.session_json` data.

    The last shot is simulated again from its stored start (the engine is deterministic), so the
    replay key works after loading. Raises ``SaveFileError`` on any missing or bad field.
    """
    import rules
    import sim
    from rules.persist import from_dict
    from sim.errors import EventCapExceededError, SimInputError

    def shot_from(d: dict[str, Any] | None) -> LastShot | None:
        if d is None:
            return None
        before = from_dict(d["before_game"])
        strike = sim.Strike(**{k: float(v) for k, v in d["strike"].items()})
        cue_at = tuple(float(v) for v in d["cue_ball_at"]) if d["cue_ball_at"] is not None else None
        declaration = declaration_from_json(d["declaration"])
        state = before.state_for_shot(cue_at)
        result = sim.simulate(before.table, state, strike)
        ruling = before.judge(result, declaration)
        return LastShot(
            before,
            MatchScore.from_json(d["before_score"]),
            strike,
            cue_at,
            declaration,
            result,
            ruling,
        )

    try:
        config = MatchConfig.from_json(data["config"])
        score = MatchScore.from_json(data["score"])
        game = from_dict(data["game"])
        undo = [
            (
                from_dict(u["game"]),
                MatchScore.from_json(u["score"]),
                shot_from(u["last_shot"]),
            )
            for u in data["undo"]
        ]
        last = shot_from(data["last_shot"])
    except SaveFileError:
        raise
    except (SimInputError, EventCapExceededError) as exc:
        raise SaveFileError(f"the saved last shot cannot be played again: {exc}") from exc
    except rules.SaveFileError as exc:
        raise SaveFileError(f"the saved game cannot be read: {exc}") from exc
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise SaveFileError(f"the save file is damaged ({type(exc).__name__}: {exc})") from exc
    return config, score, game, undo, last


# ---------------------------------------------------------------------- the real window


def run(
    config: MatchConfig | None = None,
    *,
    size: tuple[int, int] = DEFAULT_SIZE,
    save_path: str | os.PathLike[str] | None = None,
    load_path: str | os.PathLike[str] | None = None,
    replay_last: bool = False,
    script: str | os.PathLike[str] | None = None,
) -> int:
    """Open the window and run the frame loop until the player quits; returns an exit status.

    ``script``: a file of scripted input lines (see ``render.modes.ScriptPlayer``) fed as
    events, for tests under a virtual display.
    """
    from render import modes

    pygame.init()
    pygame.display.set_caption("cuesim")
    screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    app = App(size, config=config, save_path=save_path, warm_up=True, sound=True)
    if load_path is not None:
        app.pending_load = (Path(load_path), replay_last)
    player = modes.ScriptPlayer.from_file(script) if script is not None else None
    clock = pygame.time.Clock()
    last = time.perf_counter()
    while app.running:
        for event in pygame.event.get():
            if event.type == pygame.VIDEORESIZE:
                screen = pygame.display.set_mode((event.w, event.h), pygame.RESIZABLE)
            app.handle(event)
        if player is not None:
            player.step(app, screen)
        now = time.perf_counter()
        app.update(min(now - last, 0.1))
        last = now
        app.draw(screen)
        pygame.display.flip()
        clock.tick(60)
    pygame.quit()
    return 0
