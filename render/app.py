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

import numpy as np
import pygame

import sim
from render import draw, overlays, table_drawing
from render.aiming import AimState
from render.app_moves import MatchMoves
from render.frame_loop import FrameDriver, frame_loop
from render.host import ModeLike
from render.keys import Action, Context, action_for
from render.layout import Layout, open_window
from render.match import MatchConfig
from render.modes.computer_turn import WAKE_EVENT, ComputerTurnMode
from render.modes.decision import DecisionMode
from render.modes.menus import ChoiceMode
from render.modes.preparing import PreparingMode, draw_engine_status, engine_building
from render.modes.shot_history import open_shot_history
from render.modes.start import StartMode
from render.overlays import Toast
from render.playback import Playback
from render.scenario_io import OpenedScenario
from render.scripted import ScriptPlayer
from render.session import Session
from render.sound import Sounds
from render.view import View

#: Default window size, px.
DEFAULT_SIZE = (1280, 820)
#: The autosave written when the program is ended by SIGTERM or SIGINT, next to the save file.
AUTOSAVE_NAME = "autosave.cuesim.json"
#: Where Ctrl+S / Ctrl+O save and load when no path was given.
DEFAULT_SAVE_PATH = Path.home() / ".cuesim" / "session.cuesim.json"

Colour = tuple[int, int, int]


class App(MatchMoves):
    """The hot-seat window. See the module docstring for how to drive it."""

    def __init__(
        self,
        size: tuple[int, int] = DEFAULT_SIZE,
        *,
        config: MatchConfig | None = None,
        save_path: str | os.PathLike[str] | None = None,
        warm_up: bool = True,
        sound: bool = False,
        opening: OpenedScenario | None = None,
    ) -> None:
        self.size = size
        self.opening = opening
        self.session = Session()
        self.pending_load: tuple[Path, bool] | None = None
        self.save_path = Path(save_path) if save_path is not None else DEFAULT_SAVE_PATH
        self.aim = AimState()
        self.show_ghost = True
        self.show_help = False
        self.coach_level = "pro"
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
        self._background_key: tuple[tuple[int, int], sim.Table] | None = None
        self._warm_error: str | None = None
        self._warm_done = threading.Event()
        self._window_events: dict[int, Callable[[pygame.event.Event], None]] = {
            pygame.QUIT: lambda _event: self.request_quit(),
            pygame.VIDEORESIZE: lambda event: self.remember_size((event.w, event.h)),
            pygame.WINDOWRESIZED: lambda _event: None,
            WAKE_EVENT: lambda _event: None,  # a search ended: the frame that follows shows it
        }
        self._global_actions: dict[Action, Callable[[], object]] = {
            Action.SAVE: self.save,
            Action.LOAD: self.ask_to_load,
            Action.UNDO: self.undo,
            Action.REPLAY: self.replay,
            Action.REPLAY_FRAME: self.replay_frame,
            Action.QUIT: self.request_quit,
            Action.HELP: self.toggle_help,
            Action.HISTORY: self.open_history,
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

    # ---------------------------------------------------------------- loading
    def ask_to_load(self) -> None:
        """Ctrl+O: load the saved session; when the match on the table has play not saved
        (``Session.unsaved_play``), ask first (Y loads, dropping it; N or Esc goes back);
        when there is no save file, say so and change nothing."""
        if not self.save_path.is_file():
            self.say(f"No saved session to load ({self.save_path.name} does not exist).")
            return
        if not (self.session.has_match and self.session.unsaved_play):
            self.load()
            return
        lines = (
            f"Loading {self.save_path.name} drops the shots played since it was saved.",
            "Ctrl+S saves this match first (then Ctrl+O loads).",
        )
        self.mode = ChoiceMode(
            self, self.mode, "Load the saved session?", lines,
            [("Load it, dropping the play since the save", self.load)], confirm=True,
        )  # fmt: skip

    # ---------------------------------------------------------------- quitting
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
        screen, a call that goes away by itself, or the computer's aim or choice on screen (its
        thinking is not: the search's end wakes the loop, ``computer_turn.WAKE_EVENT``)."""
        if self._timed_motion() or self._engine_progress_shown():
            return True
        if isinstance(self.mode, ComputerTurnMode):
            return self.mode.animates
        return isinstance(self.mode, DecisionMode) and self.mode.goes_on_by_itself

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

    def open_history(self) -> None:
        """T: the shots of this frame over the current mode (``render.modes.shot_history``)."""
        open_shot_history(self)

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
        margin = table_drawing.frame_margin(table)
        return View.fit(
            float(table.length), float(table.width), (rect.x, rect.y, rect.w, rect.h),
            margin_m=margin, landscape=True,  # the pockets' names as drawn
        )  # fmt: skip

    def table_background(self, size: tuple[int, int]) -> pygame.Surface:
        """The static table picture for this window size (cached until size or table change)."""
        key = (size, self.table)
        if self._background is None or self._background_key != key:
            surface = pygame.Surface(size)
            surface.fill(table_drawing.BACKGROUND)
            table_drawing.draw_table(surface, self.view_for(size), self.table)
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
            if answer == Action.QUIT:
                self.running = False
            elif answer == Action.BACK:
                self.confirm_quit = False
            return
        if self.show_help and self.session.config is not None:  # the help takes every input
            top = overlays.help_reply(event, self.help_top, self.size)
            self.show_help, self.help_top = top is not None, top or 0
            return
        before = self.mode
        if self.session.config is not None and self.mode.allows_global_keys:
            action = action_for(Context.GLOBAL, event)
            if action is not None:
                self._global_actions[action]()
                return
        self.mode.handle(event)
        self._guard_after_panel(before)

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
        if not self.show_help:
            overlays.draw_last_call(surface, self)
        if self.show_help and self.session.config is not None:
            overlays.draw_help(surface, self.help_top)
        if self.toast is not None:
            overlays.draw_toast(surface, self.toast, self.mode.message_avoids())
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
    driver: FrameDriver[App] | None = None,
    fps: int = 60,
    sound: bool = True,
    opening: OpenedScenario | None = None,
) -> int:
    """Open the window and run the frame loop until the player quits; returns an exit status.

    ``script``: a file of scripted input lines (see :mod:`render.scripted`) fed as events, for
    tests under a virtual display; ``driver``: any other :class:`FrameDriver` (the monkey test
    of ``tests/render/test_monkey.py``). ``fps``: frames per second at most (0: no limit).
    ``opening``: a scenario file's position and aim the match starts from (``config`` its
    game and players). Callable again after it returns, in the same process:
    ``pygame.quit()`` ends each run and the font cache is rebuilt
    (``render.sprites.get_font``).
    """
    pygame.init()
    try:
        screen = open_window(size)  # no smaller than layout.MIN_WINDOW
        app = App(
            size, config=config, save_path=save_path, warm_up=True, sound=sound, opening=opening
        )
        if load_path is not None:
            app.pending_load = (Path(load_path), replay_last)
            app.mode = PreparingMode(app, None)
        if driver is None and script is not None:
            driver = ScriptPlayer.from_file(script)
        frame_loop(app, screen, driver, fps)
    finally:
        pygame.quit()
    return 0
