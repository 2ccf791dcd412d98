"""The window's moves on its match, as a mixin of the App (``render.app``): starting a match
and the next rack, entering the aim, shooting and finishing a shot, the choices and the
referee's moves around the shots (a declared foul, a warning, a concession, a stalemate), undo,
replay, save and load; and the messages they give. Each move changes the session
(``render.session.Session``, which refuses in words) and shows the mode that follows.

:class:`MatchMoves` is the part of the modes' host (``render.host.Host``) that these moves
make; the App is the rest: the window's events, time and pixels.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path

import numpy as np

import agents
import rules
from render import aiming, palette
from render.aiming import AimState
from render.app_state import AimingViews, SessionViews
from render.computer import level_to_act
from render.history import LastShot
from render.host import Host, ModeLike
from render.keys import Context
from render.match import MatchConfig
from render.modes.aim import AimMode
from render.modes.computer_turn import ComputerTurnMode
from render.modes.decision import DecisionMode, GameOverMode
from render.modes.match_over import MatchOverMode
from render.modes.playback import PlaybackMode
from render.modes.preparing import PreparingMode
from render.overlays import TOAST_S, Toast
from render.playback import Playback, make_playback
from render.savefile import SaveFileError
from render.scenario_io import OpenedScenario
from render.session import ActionRefusedError, Session
from render.shot_log import frame_shots
from render.words import placement_refusal

#: Seconds after a panel (the referee's call, a menu) is closed by a key or a click during which
#: no shot may start: the next shot needs a fresh, deliberate action.
SHOT_GUARD_S = 0.5
#: Power meter reading (0..1) a player's first turn starts at: about 3.2 m/s, a medium shot.
DEFAULT_POWER = 0.45

Colour = tuple[int, int, int]


class MatchMoves(SessionViews, AimingViews, Host):
    """The moves of the window on its session (see the module docstring). The App sets the
    state they read and write."""

    session: Session
    aim: AimState
    mode: ModeLike
    playback: Playback | None
    toast: Toast | None
    save_path: Path
    #: A scenario file's position and aim the next match starts from (``cuesim play
    #: --scenario``), used once; None: the game's own rack.
    opening: OpenedScenario | None
    #: Seconds left during which a shot key or click is ignored (``SHOT_GUARD_S``).
    shot_guard_s: float
    #: Each player's last power (meter, 0..1) on a shot that was not a break.
    player_power: dict[int, float]
    #: How each ball is turned (None: at rest as racked); a new rack starts it again.
    _orientations: np.ndarray | None
    #: Set when the physics warm-up thread has finished.
    _warm_done: threading.Event

    @property
    def physics_ready(self) -> bool:
        """Whether the engine is compiled or loaded (the warm-up thread has finished)."""
        return self._warm_done.is_set()

    def start_match(self, config: MatchConfig) -> None:
        """Start a new match: the first rack / frame, the first player breaking. While the
        engine still compiles, the preparing screen shows its progress and starts it then."""
        if not self.physics_ready:
            self.mode = PreparingMode(self, config)
            return
        opening, self.opening = self.opening, None
        self.session.start_match(config, opening.game if opening is not None else None)
        self._orientations = None
        self.enter_aim()
        if opening is not None and isinstance(self.mode, AimMode):
            self.aim = opening.aim
            self.say(f"Scenario: {opening.title}")

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
        elif self.computer_to_act():  # its search runs off the frame loop
            self.mode = ComputerTurnMode(self)
        elif game.pending_choice:  # the call of the shot that left it, when still open
            shot = self.session.foul_shot()
            self.mode = DecisionMode(self, shot.ruling if shot is not None else None)
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

    def place_cue_ball(self, xy: tuple[float, float]) -> bool:
        """Move the cue ball in hand to ``xy`` (m) if the rules allow it; otherwise say why in a
        player's words (``render.words.placement_refusal``) and leave it where it was."""
        spot = (float(xy[0]), float(xy[1]))
        try:
            self.game.state_for_shot(spot)
        except rules.IllegalPlacementError as exc:
            self.say(placement_refusal(self.game, spot) or str(exc), palette.ALERT)
            return False
        self.aim.cue_xy = spot
        return True

    def shoot(self) -> bool:
        """Play the shot (``Session.shoot``) and start its playback. False (with a message)
        when something is still to declare or the session refuses the shot: then nothing
        changes (game, score, undo stack, aim) and the player may shoot again."""
        problem = self.declaration_problem()
        if problem is not None:
            self.say(problem, palette.ALERT)
            return False
        declaration = self.build_declaration()
        cue_at = self.aim.cue_xy if self.in_hand else None
        try:
            shot = self.session.shoot(self.strike, declaration, cue_at)
        except ActionRefusedError as exc:
            self.say(str(exc), palette.ALERT)
            return False
        before = shot.before_game
        if not aiming.is_break(before):
            self.player_power[int(before.to_play)] = self.aim.power
        self.playback = make_playback(shot.result)
        self.mode = PlaybackMode(self)
        return True

    def computer_to_act(self) -> bool:
        """Whether the computer plays the player to act (to shoot, or to choose)."""
        game = self.session.game if self.session.has_match else None
        return level_to_act(self.session.config, game) is not None

    def play_computer_shot(self, move: agents.Move) -> bool:
        """Play the computer's shot (``agents.Move``: its strike as its hand played it, its
        declaration, its cue ball in hand) exactly as a person's shot is played, and start its
        playback. False (with the session's refusal) when the session refuses it."""
        declaration = move.declaration if move.declaration is not None else rules.Declaration()
        assert move.strike is not None
        try:
            shot = self.session.shoot(move.strike, declaration, move.cue_ball_at)
        except ActionRefusedError as exc:
            self.say(str(exc), palette.ALERT)
            return False
        self.playback = make_playback(shot.result)
        self.mode = PlaybackMode(self)
        return True

    def finish_shot(self) -> None:
        """After the playback of a new shot: apply the ruling and show it."""
        self.playback = None
        try:
            ruling = self.session.finish_shot()
        except ActionRefusedError as exc:
            self.say(str(exc), palette.ALERT)
            ruling = None
        if ruling is None:
            self.enter_aim()
            return
        self.mode = DecisionMode(self, ruling)

    def finish_playback(self) -> None:
        """Jump to the end of the shot being played back (tests and the skip key): its mode
        takes the end (the ruling shown, or the mode a replay interrupted back)."""
        if self.playback is not None:
            before = self.mode
            self.playback.t = self.playback.duration
            self.mode.update(0.0)
            self._guard_after_panel(before)

    def choose(self, choice: rules.Choice) -> None:
        """The player to act picks one of ``game.pending_choice``."""
        try:
            self.session.choose(choice)
        except ActionRefusedError as exc:
            self.say(str(exc), palette.ALERT)
            return
        self.enter_aim()

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
            self.say(str(exc), palette.ALERT)
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
            self.say(str(exc), palette.ALERT)
            return False
        if self.game.state is not state:
            self._orientations = None
        self.say(message, palette.GOOD)
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

    def undo(self) -> None:
        """Take back the last shot (or the last rack change): the previous game and score. In
        a match of people against the computer, the computer's moves since a person last acted
        are taken back with it: the undo goes back to a person's turn (a search under way is
        dropped, ``render.computer.Thinking.move_for``)."""
        if not self.session.undo():
            self.say("Nothing to undo.")
            return
        config = self.session.config
        steps = 1
        if config is not None and config.has_person:
            while self.computer_to_act() and self.session.undo():
                steps += 1
        self.playback = None
        if steps > 1:  # the computer's moves went with it
            game = self.session.game
            self.say(f"Undone: back to {game.players[game.to_play]}'s turn before.")
        else:
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

    def replay_frame(self) -> None:
        """Play every shot of the current frame again, in order, from their stored results
        (``render.shot_log.frame_shots``; no new simulation): Enter goes to the next shot,
        Esc stops, and the mode it interrupted comes back at the end."""
        shots = frame_shots(self.session)
        if not shots:
            self.say("No shot has been played in this frame yet.")
            return
        self.playback = make_playback(shots[0].result, replay=True)
        queue = [shot.result for shot in shots[1:]]
        self.mode = PlaybackMode(self, resume=self.mode, queue=queue)

    def save(self, path: str | os.PathLike[str] | None = None) -> bool:
        target = Path(path) if path is not None else self.save_path
        if self.session.config is None:
            self.say("Nothing to save yet.")
            return False
        try:
            self.session.save(target)
        except SaveFileError as exc:
            self.say(f"Not saved: {exc}", palette.ALERT)
            return False
        self.say(f"Saved to {target}", palette.GOOD)
        return True

    def load(self, path: str | os.PathLike[str] | None = None) -> bool:
        """Load a session; on any problem the current session stays as it was."""
        source = Path(path) if path is not None else self.save_path
        try:
            self.session.load(source)
        except SaveFileError as exc:
            self.say(f"Not loaded: {exc}", palette.ALERT)
            return False
        self.playback = None
        self.say(f"Loaded {source.name}", palette.GOOD)
        self.enter_aim()
        return True

    def say(self, text: str, colour: Colour = palette.ACCENT) -> None:
        self.toast = Toast(text, TOAST_S, colour)

    def _guard_after_panel(self, before: ModeLike) -> None:
        """A panel closed (key, click or its timeout): no shot for ``SHOT_GUARD_S``."""
        if self.mode is not before and self.mode.context is Context.AIM and before.arms_shot_guard:
            self.shot_guard_s = SHOT_GUARD_S
