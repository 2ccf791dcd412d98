"""The window's App: events dispatched through a table to the current mode, time, pixels; and
:func:`run`, the real window, whose frame loop is :mod:`render.frame_loop`.

The :class:`App` is step-able so tests can drive it without a window: ``app.handle(event)``
for each pygame event, ``app.update(dt)`` to advance time (s), ``app.draw(surface)`` to paint a
frame, ``app.finish_playback()`` to jump to the end of a shot. The match itself lives in
``app.session`` (:class:`render.session.Session`, no pygame); the shooter's intent in
``app.aim``; the modes (``render.modes``) see the App only as a :class:`render.host.Host`.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pygame

import sim
from render import aiming, draw, hud, overlays
from render.aiming import AimState
from render.app_state import AimingViews, SessionViews
from render.frame_loop import FrameDriver, frame_loop
from render.history import LastShot
from render.host import ModeLike
from render.keys import action_for
from render.layout import Layout, open_window
from render.match import MatchConfig
from render.modes.aim import AimMode
from render.modes.decision import DecisionMode, GameOverMode
from render.modes.match_over import MatchOverMode
from render.modes.playback import PlaybackMode
from render.modes.preparing import PreparingMode, draw_engine_status, engine_building
from render.modes.start import StartMode
from render.overlays import Toast
from render.playback import Playback, make_playback
from render.savefile import SaveFileError
from render.scripted import ScriptPlayer
from render.session import ActionRefusedError, Session
from render.sound import Sounds
from render.view import View
from render.words import placement_refusal

#: Default window size, px.
DEFAULT_SIZE = (1280, 820)
#: Seconds after a panel (the referee's call, a menu) is closed by a key or a click during which
#: no shot may start: the next shot needs a fresh, deliberate action.
SHOT_GUARD_S = 0.5
_NOT_PANELS = ("playback", "preparing", "start")  # modes whose end is no panel closing
#: Power meter reading (0..1) a player's first turn starts at: about 3.2 m/s, a medium shot.
DEFAULT_POWER = 0.45
#: The autosave written when the program is ended by SIGTERM or SIGINT, next to the save file.
AUTOSAVE_NAME = "autosave.cuesim.json"
#: Where Ctrl+S / Ctrl+O save and load when no path was given.
DEFAULT_SAVE_PATH = Path.home() / ".cuesim" / "session.cuesim.json"

Colour = tuple[int, int, int]


class App(SessionViews, AimingViews):
    """The hot-seat window. See the module docstring for how to drive it."""

    def __init__(
        self,
        size: tuple[int, int] = DEFAULT_SIZE,
        *,
        config: MatchConfig | None = None,
        save_path: str | os.PathLike[str] | None = None,
        warm_up: bool = True,
        sound: bool = False,
    ) -> None:
        self.size = size
        self.session = Session()
        self.pending_load: tuple[Path, bool] | None = None
        self.save_path = Path(save_path) if save_path is not None else DEFAULT_SAVE_PATH
        self.aim = AimState()
        self.show_ghost = True
        self.show_help = False
        self.help_top = 0  # the first wrapped line the help shows (it scrolls in small windows)
        self.toast: Toast | None = None
        self.running = True
        self.confirm_quit = False
        self.playback: Playback | None = None
        #: Seconds left during which a shot key or click is ignored (``SHOT_GUARD_S``).
        self.shot_guard_s = 0.0
        #: Each player's last power (meter, 0..1) on a shot that was not a break.
        self.player_power: dict[int, float] = {}
        self.sounds = Sounds(enabled=sound)
        self._orientations: np.ndarray | None = None
        self._background: pygame.Surface | None = None
        self._background_key: Any = None
        self._warm_error: str | None = None
        self._warm_done = threading.Event()
        self._window_events: dict[int, Callable[[pygame.event.Event], None]] = {
            pygame.QUIT: lambda _event: self.request_quit(),
            pygame.VIDEORESIZE: lambda event: self.remember_size((event.w, event.h)),
            pygame.WINDOWRESIZED: lambda _event: None,
        }
        self._global_actions: dict[str, Callable[[], Any]] = {
            "save": self.save,
            "load": self.load,
            "undo": self.undo,
            "replay": self.replay,
            "quit": self.request_quit,
            "help": self.toggle_help,
            "history": self.open_history,
        }
        self.mode: ModeLike = StartMode(self, config)
        if warm_up:
            self._warm_thread = threading.Thread(target=self._warm, daemon=True)
            self._warm_thread.start()
            # The players fill in the start screen while the engine compiles; a match given on
            # the command line waits on the preparing screen.
            if config is not None:
                self.mode = PreparingMode(self, config)
        else:
            self._warm_done.set()
            if config is not None:
                self.start_match(config)

    # ---------------------------------------------------------------- physics warm-up
    def _warm(self) -> None:
        """Make the engine ready to play: at once on its Python path, the compiled kernels
        built or loaded in the background (``sim.start_engine``)."""
        try:
            sim.start_engine()
        except Exception as exc:  # shown on the preparing screen; the window stays usable
            self._warm_error = f"{type(exc).__name__}: {exc}"
        finally:
            self._warm_done.set()

    @property
    def physics_ready(self) -> bool:
        return self._warm_done.is_set()

    @property
    def warm_error(self) -> str | None:
        """What the physics warm-up raised, in words, or None."""
        return self._warm_error

    # ---------------------------------------------------------------- the session's state
    # (the proxies of render.app_state.SessionViews)
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

    # ---------------------------------------------------------------- match and games
    def start_match(self, config: MatchConfig) -> None:
        """Start a new match: the first rack / frame, the first player breaking. While the
        engine still compiles, the preparing screen shows its progress and starts it then."""
        if not self.physics_ready:
            self.mode = PreparingMode(self, config)
            return
        self.session.start_match(config)
        self._orientations = None
        self.enter_aim()

    def next_rack(self) -> None:
        """After a game is over: count it, and rack the next one unless the match is won."""
        if self.session.next_rack() is not None:
            self.mode = MatchOverMode(self)
            return
        self._orientations = None
        self.enter_aim()

    def enter_aim(self) -> None:
        """Reset the aim for the player to act and show the aim (or decision) mode."""
        game = self.game
        self.aim = aiming.aim_for_turn(game, self.turn_power())
        if game.is_over:
            self.mode = GameOverMode(self)
        elif game.pending_choice:  # the call of the shot that left it, when still open
            self.mode = DecisionMode(self, getattr(self.session.foul_shot(), "ruling", None))
        else:
            self.mode = AimMode(self)

    def turn_power(self) -> float:
        """The power a turn starts at (``render.aiming.turn_power``): a break's own, else the
        player's last power on a shot that was not a break, else ``DEFAULT_POWER``."""
        return aiming.turn_power(self.game, self.player_power, DEFAULT_POWER)

    @property
    def shot_guarded(self) -> bool:
        """True just after a panel was closed by a key or a click: no shot may start yet."""
        return self.shot_guard_s > 0.0

    # ---------------------------------------------------------------- aiming
    # (the proxies of render.app_state.AimingViews)
    def place_cue_ball(self, xy: tuple[float, float]) -> bool:
        """Move the cue ball in hand to ``xy`` (m) if the rules allow it; otherwise say why in a
        player's words (``render.words.placement_refusal``) and leave it where it was."""
        import rules

        spot = (float(xy[0]), float(xy[1]))
        try:
            self.game.state_for_shot(spot)
        except rules.IllegalPlacementError as exc:
            self.say(placement_refusal(self.game, spot) or str(exc), hud.ALERT)
            return False
        self.aim.cue_xy = spot
        return True

    # ---------------------------------------------------------------- shots
    def shoot(self) -> bool:
        """Play the shot (``Session.shoot``) and start its playback. False (with a message)
        when something is still to declare or the session refuses the shot: then nothing
        changes (game, score, undo stack, aim) and the player may shoot again."""
        problem = self.declaration_problem()
        if problem is not None:
            self.say(problem, hud.ALERT)
            return False
        declaration = self.build_declaration()
        cue_at = self.aim.cue_xy if self.in_hand else None
        try:
            shot = self.session.shoot(self.strike, declaration, cue_at)
        except ActionRefusedError as exc:
            self.say(str(exc), hud.ALERT)
            return False
        before = shot.before_game
        if not aiming.is_break(before):
            self.player_power[int(before.to_play)] = self.aim.power
        self.playback = make_playback(shot.result)
        self.mode = PlaybackMode(self)
        return True

    def finish_shot(self) -> None:
        """After the playback of a new shot: apply the ruling and show it."""
        self.playback = None
        try:
            ruling = self.session.finish_shot()
        except ActionRefusedError as exc:
            self.say(str(exc), hud.ALERT)
            ruling = None
        if ruling is None:
            self.enter_aim()
            return
        self.mode = DecisionMode(self, ruling)

    def finish_playback(self) -> None:
        """Jump to the end of the shot being played back (tests and the skip key)."""
        if self.playback is not None:
            self.playback.t = self.playback.duration
            self.update(0.0)

    def choose(self, choice: Any) -> None:
        """The player to act picks one of ``game.pending_choice``."""
        try:
            self.session.choose(choice)
        except ActionRefusedError as exc:
            self.say(str(exc), hud.ALERT)
            return
        self.enter_aim()

    # ---------------------------------------------------------------- the referee's moves
    def foul_shot(self) -> LastShot | None:
        return self.session.foul_shot()

    def declarable_fouls(self) -> tuple[tuple[str, str], ...]:
        return self.session.declarable_fouls()

    def declare_foul(self, code: str) -> bool:
        """Declare (or withdraw) the foul ``code`` on the last shot (``Session.declare_foul``),
        ending its playback first, and show the new ruling. False with a message otherwise."""
        if self.session.foul_shot() is None:
            self.say("No shot to declare a foul on: fouls are declared on the last shot.")
            return False
        if self.playback is not None:
            if not self.playback.replay:
                self.finish_playback()
            self.playback = None
        try:
            ruling = self.session.declare_foul(code)
        except ActionRefusedError as exc:
            self.say(str(exc), hud.ALERT)
            return False
        self.mode = DecisionMode(self, ruling)
        return True

    def warning_due(self) -> tuple[int, ...]:
        return self.session.warning_due()

    def _move(self, move: Callable[[], str]) -> bool:
        """A move between shots (a warning, a concession, a re-rack): done by the session, the
        message shown, aiming again; False with the session's refusal otherwise."""
        state = self.game.state
        try:
            message = move()
        except ActionRefusedError as exc:
            self.say(str(exc), hud.ALERT)
            return False
        if self.game.state is not state:
            self._orientations = None
        self.say(message, hud.GOOD)
        self.enter_aim()
        return True

    def give_warning(self) -> bool:
        """The opponent warns the player with two fouls in a row (``Session.give_warning``)."""
        return self._move(self.session.give_warning)

    def concede(self, player: int) -> bool:
        """Snooker: ``player`` concedes the frame (``Session.concede``)."""
        return self._move(lambda: self.session.concede(player))

    def declare_stalemate(self) -> bool:
        """Snooker: the frame is re-racked as a stalemate (``Session.declare_stalemate``)."""
        return self._move(self.session.declare_stalemate)

    # ---------------------------------------------------------------- undo, replay, save
    def undo(self) -> None:
        """Take back the last shot (or the last rack change): the previous game and score."""
        if not self.session.undo():
            self.say("Nothing to undo.")
            return
        self.playback = None
        self.say("Undone: back to the position before.")
        self.enter_aim()

    def replay(self) -> None:
        """Play the last shot again from its stored result (no new simulation)."""
        shot = self.session.last_shot
        if shot is None:
            self.say("No shot to replay yet.")
            return
        self.playback = make_playback(shot.result, replay=True)
        self.mode = PlaybackMode(self, resume=self.mode)

    def save(self, path: str | os.PathLike[str] | None = None) -> bool:
        target = Path(path) if path is not None else self.save_path
        if self.session.config is None:
            self.say("Nothing to save yet.")
            return False
        try:
            self.session.save(target)
        except SaveFileError as exc:
            self.say(f"Not saved: {exc}", hud.ALERT)
            return False
        self.say(f"Saved to {target}", hud.GOOD)
        return True

    def load(self, path: str | os.PathLike[str] | None = None) -> bool:
        """Load a session; on any problem the current session stays as it was."""
        source = Path(path) if path is not None else self.save_path
        try:
            self.session.load(source)
        except SaveFileError as exc:
            self.say(f"Not loaded: {exc}", hud.ALERT)
            return False
        self.playback = None
        self.say(f"Loaded {source.name}", hud.GOOD)
        self.enter_aim()
        return True

    # ---------------------------------------------------------------- messages and quitting
    def say(self, text: str, colour: Colour = hud.ACCENT) -> None:
        self.toast = Toast(text, overlays.TOAST_S, colour)

    def request_quit(self) -> None:
        self.confirm_quit = True

    @property
    def autosave_path(self) -> Path:
        """Where :meth:`autosave` writes: ``AUTOSAVE_NAME`` beside the save file."""
        return self.save_path.with_name(AUTOSAVE_NAME)

    def autosave(self) -> Path | None:
        """Save the match to :attr:`autosave_path` (when one is being played); returns the path
        written, or None. A shot still playing back is finished first, so the file holds its
        ruling. Never raises: it runs while the program ends."""
        if self.session.config is None:
            return None
        try:
            if self.playback is not None and not self.playback.replay:
                self.finish_playback()
            self.session.save(self.autosave_path)
        except Exception:  # ending anyway: a failed autosave must not turn into a traceback
            return None
        return self.autosave_path

    def animating(self) -> bool:
        """Whether the next frame differs without any input: a shot playing back, a message or
        the shot guard running out, the preparing screen, the engine's progress on the start
        screen, or a routine call that goes away by itself."""
        if self._timed_motion() or self._engine_progress_shown():
            return True
        return isinstance(self.mode, DecisionMode) and self.mode.is_routine

    def only_progress_moves(self) -> bool:
        """Whether the one thing moving on screen is the engine's progress (the preparing
        screen, or the start screen while the physics prepares; no message or shot guard
        running): the frame loop then draws every ``render.frame_loop.PROGRESS_FRAME_S`` and on
        input."""
        return self._engine_progress_shown() and not self._timed_motion()

    def _timed_motion(self) -> bool:
        """A shot playing back, or a message or the shot guard running out."""
        return self.playback is not None or self.toast is not None or self.shot_guard_s > 0

    def _engine_progress_shown(self) -> bool:
        """The preparing screen, or the start screen while the physics prepares."""
        if isinstance(self.mode, PreparingMode):
            return True
        return isinstance(self.mode, StartMode) and engine_building()

    def toggle_help(self) -> None:
        self.show_help, self.help_top = not self.show_help, 0

    # ---------------------------------------------------------------- layout and pictures
    def remember_size(self, size: tuple[int, int]) -> None:
        """Record the size of the surface last drawn on (mouse hit tests use it)."""
        self.size = (int(size[0]), int(size[1]))

    def size_hint(self) -> tuple[int, int]:
        """The window size mouse positions refer to, px."""
        return self.size

    def layout(self, size: tuple[int, int]) -> Layout:
        """Screen rectangles and widgets for a window of ``size`` px."""
        return Layout.for_size(size)

    def view_for(self, size: tuple[int, int]) -> View:
        table = self.table
        rect = self.layout(size).table
        return View.fit(
            float(table.length), float(table.width), (rect.x, rect.y, rect.w, rect.h),
            margin_m=draw.frame_margin(table), landscape=True,  # the pockets' names as drawn
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
        """React to one pygame event: window events here, the quit question, the open help (it
        takes every input), the keys every mode shares (context "global"), then the mode."""
        window_event = self._window_events.get(event.type)
        if window_event is not None:
            window_event(event)
            return
        if self.confirm_quit:
            answer = overlays.quit_answer(event, self.size)
            if answer == "quit":
                self.running = False
            elif answer == "back":
                self.confirm_quit = False
            return
        if self.show_help and self.session.config is not None:  # the help takes every input
            top = overlays.help_reply(event, self.help_top, self.size)
            self.show_help, self.help_top = top is not None, top or 0
            return
        before = self.mode
        if self.session.config is not None and self.mode.allows_global_keys:
            action = action_for("global", event)
            if action is not None:
                self._global_actions[action]()
                return
        self.mode.handle(event)
        self._guard_after_panel(before)

    def _guard_after_panel(self, before: Any) -> None:
        """A panel closed (key, click or its timeout): no shot for ``SHOT_GUARD_S``."""
        if self.mode is not before and self.mode.name == "aim" and before.name not in _NOT_PANELS:
            self.shot_guard_s = SHOT_GUARD_S

    def update(self, dt: float) -> None:
        """Advance time by ``dt`` seconds (playback, messages, warm-up)."""
        if self.toast is not None:
            self.toast = self.toast.aged(dt)
        self.shot_guard_s = max(0.0, self.shot_guard_s - dt)
        before = self.mode
        self.mode.update(dt)
        self._guard_after_panel(before)

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the whole frame onto ``surface``."""
        self.mode.draw(surface)
        overlays.draw_last_call(surface, self)
        if self.show_help and self.session.config is not None:
            overlays.draw_help(surface, self.help_top)
        if self.toast is not None:
            overlays.draw_toast(surface, self.toast, getattr(self.mode, "label_rects", ()))
        if isinstance(self.mode, StartMode):
            status = sim.engine_status()
            if engine_building(status):
                draw_engine_status(surface, status)
        if self.confirm_quit:
            overlays.draw_quit_confirmation(surface, self.session.unsaved_play)


def run(
    config: MatchConfig | None = None,
    *,
    size: tuple[int, int] = DEFAULT_SIZE,
    save_path: str | os.PathLike[str] | None = None,
    load_path: str | os.PathLike[str] | None = None,
    replay_last: bool = False,
    script: str | os.PathLike[str] | None = None,
    driver: FrameDriver | None = None,
    fps: int = 60,
    sound: bool = True,
) -> int:
    """Open the window and run the frame loop until the player quits; returns an exit status.

    ``script``: a file of scripted input lines (see :mod:`render.scripted`) fed as events, for
    tests under a virtual display; ``driver``: any other :class:`FrameDriver` (the monkey test
    of ``tests/render/test_monkey.py``). ``fps``: frames per second at most (0: no limit).
    Callable again after it returns, in the same process: ``pygame.quit()`` ends each run and
    the font cache is rebuilt (``render.sprites.get_font``).
    """
    pygame.init()
    try:
        screen = open_window(size)  # no smaller than layout.MIN_WINDOW
        app = App(size, config=config, save_path=save_path, warm_up=True, sound=sound)
        if load_path is not None:
            app.pending_load = (Path(load_path), replay_last)
            app.mode = PreparingMode(app, None)
        if driver is None and script is not None:
            driver = ScriptPlayer.from_file(script)
        frame_loop(app, screen, driver, fps)
    finally:
        pygame.quit()
    return 0
