"""Aiming: the cue follows the pointer (arrows fine-tune), power, tip and elevation; the cue
ball in hand placed in its zone; the shot called (8-ball), the colour nominated or the free
ball declared (snooker); the panel's buttons; shoot."""

from __future__ import annotations

import math

import numpy as np
import pygame

from render import palette
from render.aiming import (
    ELEVATION_STEP_COARSE_DEG,
    ELEVATION_STEP_DEG,
    clamp_elevation,
    elevation_at,
)
from render.host import Host
from render.keys import Action, Context, action_for
from render.modes.aim_screen import draw_aim_screen, panel_buttons, prompt_lines
from render.modes.base import Mode
from render.modes.coach import Coach
from render.modes.fouls import open_foul_menu
from render.modes.menus import frame_menu_offered, open_frame_menu
from render.practice_moves import in_practice, place_ball, put_on, retry, save_position, take_off
from render.preview import PreviewCache
from render.sound import SOUND_ACTIONS, sound_key
from render.view import View
from render.widgets import Button, clamp_tip
from render.words import ball_name, call_words
from rules.wording import ball_words

#: Aim adjustment per arrow key press, degrees (with Ctrl: ``AIM_STEP_FINE_DEG``; with Shift:
#: ``AIM_STEP_COARSE_DEG``). 0.05 degrees moves the aim 1.7 mm at 2 m, under a pixel of the
#: default window (about 2.8 mm of table); 0.01 degrees, 0.35 mm.
AIM_STEP_DEG = 0.05
AIM_STEP_FINE_DEG = 0.01
AIM_STEP_COARSE_DEG = 1.0


def clockwise_sign(view: View) -> float:
    """+1 when a growing aim angle (``phi``, degrees from the table's +x) turns the cue
    clockwise on the screen of ``view``, else -1: the cross product of the screen images of
    the table's +x and +y (screen y down: positive is clockwise). The Right arrow always turns
    the cue clockwise on screen and the Left arrow anticlockwise, whatever the view."""
    x0, y0 = view.to_screen(0.0, 0.0)
    x1, y1 = view.to_screen(1.0, 0.0)
    x2, y2 = view.to_screen(0.0, 1.0)
    cross = (x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0)
    return 1.0 if cross > 0 else -1.0


#: Power change per wheel notch or +/- key press (meter units, 0..1).
POWER_STEP = 0.02
#: Tip offset change per I/J/K/L key press, ball radii.
TIP_STEP = 0.05
#: Pointer movement that releases a keyboard-adjusted aim back to the mouse, px.
AIM_UNLOCK_PX = 12
#: Practice: pointer movement with the button held on a ball that makes the press a drag of
#: that ball (less is a click), px.
DRAG_START_PX = 6
#: Actions of the aim panel's buttons that a key also triggers (when its button shows).
PANEL_ACTIONS = (
    Action.PUSH_OUT,
    Action.SAFETY,
    Action.RECALL,
    Action.FREE_BALL,
    Action.NOMINATE,
    Action.FRAME,
)


class AimMode(Mode):
    """Aim, power, tip, elevation; ball in hand; calls and nominations; shoot."""

    context = Context.AIM
    history_opens_over = True
    shows_last_call = True

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.dragging: str | None = None
        self.picking_nomination = False
        self.drag_origin: tuple[float, float] | None = None
        #: The full aim assist's last simulation (``render.preview``), reused while the aim,
        #: the power, the tip and the balls stay as they were.
        self.previews = PreviewCache()
        #: The ball the aim meets first when the rules do not allow hitting it first, or None
        #: (the warning of the ghost and full levels; set by ``draw``).
        self.wrong_ball: int | None = None
        #: The full preview's drops, rattles, jump and balls off the table in words (set by
        #: ``draw``; "" with none).
        self.preview_note = ""
        #: The window size (px) the pointer last aimed in, and after a resize the pointer's
        #: position then: it moved on the table only through the resize, so it does not aim.
        self.pointer_size = host.size_hint()
        self.pointer_after_resize: tuple[int, int] | None = None
        #: True once the player put the cue ball in hand somewhere this turn (the prompt then
        #: asks for the aim, not the placement).
        self.cue_placed = False
        #: The aim (degrees) kept while a call is being made (8-ball: the ball, then the
        #: pocket): the pointer travelling to them does not aim; None when no call is under way.
        self.call_aim: float | None = None
        #: The pocket labels and mouths drawn in the last frame (px): messages keep off them.
        self.label_rects: list[pygame.Rect] = []
        #: The kinds of ring drawn round balls in the last frame ("call", "met"): the prompt
        #: says what each colour means (``render.modes.aim_screen.ring_legend``).
        self.rings: tuple[str, ...] = ()
        #: The coach's hint of this turn (A), searched off the frame loop.
        self.coach = Coach(host)
        #: Practice: the ball pressed on and where (px), until the press is a drag or a click;
        #: the ball being dragged and where it is now (m).
        self.pressed: tuple[int, tuple[int, int]] | None = None
        self.drag_ball: tuple[int, tuple[float, float]] | None = None
        #: The pointer's last position over the window, px (where Insert and Delete act).
        self.pointer: tuple[int, int] = (0, 0)
        if host.sounds.problem:  # a damaged settings file: said once, the defaults used
            host.say(host.sounds.problem, palette.ALERT)
            host.sounds.problem = None

    # -- buttons of the panel that depend on the declaration options
    def buttons(self, size: tuple[int, int]) -> list[Button]:
        """The panel's buttons for what may be declared now (``aim_screen.panel_buttons``)."""
        return panel_buttons(self, size)

    def prompt_lines(self) -> list[str]:
        """The prompt's lines (``aim_screen.prompt_lines``)."""
        return prompt_lines(self)

    def draw(self, surface: pygame.Surface) -> None:
        draw_aim_screen(self, surface)
        self.coach.draw(surface, self.host.view_for(surface.get_size()))

    def frame_menu_offered(self) -> bool:
        """Whether "Concede / re-rack" means something now (``render.modes.menus.
        frame_menu_offered``: a snooker frame once its first stroke is played)."""
        return frame_menu_offered(self.host.session.game)

    def _act(self, action: str) -> None:
        host = self.host
        if action == Action.PUSH_OUT:
            host.aim.push_out = not host.aim.push_out
        elif action == Action.SAFETY:
            host.aim.safety = not host.aim.safety
        elif action == Action.RECALL:
            host.aim.called_ball = None
            host.aim.called_pocket = None
            host.aim.safety = False
        elif action == Action.FREE_BALL:
            host.aim.free_ball = not host.aim.free_ball
        elif action == Action.NOMINATE:
            self.picking_nomination = True
            host.say("Click the ball you nominate.")
        elif action == Action.SHOOT:
            self._shoot()
        elif action == Action.WARN:
            host.give_warning()
        elif action == Action.FRAME:
            open_frame_menu(host)

    def _shoot(self) -> None:
        """Shoot, unless a panel has just been closed (``Host.shot_guarded``): the key or
        click that closed it must never also start a shot."""
        if self.host.shot_guarded:
            return
        if self._call_missing():  # Space asks for the call: the aim is kept while it is made
            self.call_aim = self.host.aim.phi_deg
        self.host.shoot()

    def _call_missing(self) -> bool:
        """True while the rules want a called ball and pocket not both given yet."""
        aim = self.host.aim
        required = self.host.declaration_options().call_required and not aim.safety
        return bool(required) and aim.called_pocket is None

    def _ball_under(self, pos: tuple[int, int]) -> int:
        host = self.host
        view = host.view_for(host.size_hint())
        x, y = view.to_world(*pos)
        positions, on = host.current_positions()
        d = np.hypot(positions[:, 0] - x, positions[:, 1] - y)
        d[~on] = np.inf
        i = int(np.argmin(d))
        return i if d[i] <= 1.6 * float(host.table.ball_radius) else -1

    def _pocket_under(self, pos: tuple[int, int]) -> str | None:
        host = self.host
        view = host.view_for(host.size_hint())
        x, y = view.to_world(*pos)
        best, best_d = None, 0.2
        for pocket in host.table.pockets:
            d = math.hypot(pocket.x - x, pocket.y - y)
            if d < best_d:
                best, best_d = pocket.name, d
        return best

    def _aim_at(self, pos: tuple[int, int]) -> None:
        host = self.host
        cue = host.cue_xy()
        if cue is None:
            return
        view = host.view_for(host.size_hint())
        x, y = view.to_world(*pos)
        # Closer than two radii the direction is ill-defined (the pointer is on the ball).
        if math.hypot(x - cue[0], y - cue[1]) > 2 * float(host.table.ball_radius):
            host.aim.phi_deg = math.degrees(math.atan2(y - cue[1], x - cue[0])) % 360.0

    def _pointer_moved(self, size: tuple[int, int], pos: tuple[int, int]) -> bool:
        """Whether a pointer motion to ``pos`` px in a window of ``size`` px is the player's:
        the one SDL reports after a resize (the pointer unmoved, the table moved under it)
        and any at that same spot keep the aim, power and spin exactly."""
        if size != self.pointer_size:
            self.pointer_size, self.pointer_after_resize = size, pos
            return False
        if self.pointer_after_resize == pos:
            return False
        self.pointer_after_resize = None
        return True

    def handle(self, event: pygame.event.Event) -> None:
        host = self.host
        size = host.size_hint()
        layout = host.layout(size)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for button in self.buttons(size):
                if button.hit(event.pos):
                    self._act(button.action)
                    return
            if layout.power.rect.inflate(8, 16).collidepoint(event.pos):
                self.dragging = "power"
                host.aim.power = layout.power.power_at(event.pos)
                return
            if layout.tip.rect.collidepoint(event.pos):
                self.dragging = "tip"
                host.aim.a, host.aim.b = layout.tip.tip_at(event.pos)
                return
            if layout.elevation.collidepoint(event.pos):
                self.dragging = "elevation"
                host.aim.theta_deg = elevation_at(*layout.elevation.bottomleft, event.pos)
                return
            if not layout.table.collidepoint(event.pos):
                return
            if self._press_on_ball(event.pos):
                return
            self._table_click(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            host.aim.locked = not host.aim.locked
            host.aim.lock_anchor = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self._release_ball(event.pos):
                return
            if self.dragging == "cue":
                view = host.view_for(size)
                xy = view.to_world(*event.pos)
                if host.place_cue_ball(xy):
                    self.cue_placed = True
                elif self.drag_origin is not None:
                    host.aim.cue_xy = self.drag_origin
            self.dragging = None
        elif event.type == pygame.MOUSEMOTION:
            self.pointer = tuple(event.pos)
            if self._drag_ball_to(event.pos):
                return
            if self.dragging == "power":
                host.aim.power = layout.power.power_at(event.pos)
            elif self.dragging == "tip":
                host.aim.a, host.aim.b = layout.tip.tip_at(event.pos)
            elif self.dragging == "elevation":
                host.aim.theta_deg = elevation_at(*layout.elevation.bottomleft, event.pos)
            elif self.dragging == "cue":
                host.aim.cue_xy = host.view_for(size).to_world(*event.pos)
            elif layout.table.collidepoint(event.pos):
                if host.aim.locked:
                    ax, ay = host.aim.lock_anchor
                    if math.hypot(event.pos[0] - ax, event.pos[1] - ay) > AIM_UNLOCK_PX:
                        host.aim.locked = False
                # While the rules want a call, the pointer travelling to the ball and the
                # pocket clicked for it never turns the cue (the call never moves the aim).
                calling = self._call_missing()
                moved = self._pointer_moved(size, tuple(event.pos))
                if not host.aim.locked and moved and not calling:
                    self._aim_at(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            host.aim.power = min(1.0, max(0.0, host.aim.power + POWER_STEP * event.y))
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    # -- practice: any ball dragged (``render.practice_moves``)
    def _press_on_ball(self, pos: tuple[int, int]) -> bool:
        """Practice: a press on a ball (not the cue ball in hand, which has its own drag)
        waits to become a drag or a click; True when it was such a press."""
        host = self.host
        if not in_practice(host) or self.picking_nomination:
            return False
        ball = self._ball_under(pos)
        if ball < 0 or (ball == 0 and host.in_hand):
            return False
        self.pressed = (ball, pos)
        return True

    def _drag_ball_to(self, pos: tuple[int, int]) -> bool:
        """Practice: the pressed ball follows the pointer once it moved ``DRAG_START_PX``."""
        if self.pressed is None:
            return False
        ball, start = self.pressed
        if self.drag_ball is None and math.dist(start, pos) < DRAG_START_PX:
            return True
        self.dragging = "ball"
        self.drag_ball = (ball, self.host.view_for(self.host.size_hint()).to_world(*pos))
        return True

    def _release_ball(self, pos: tuple[int, int]) -> bool:
        """Practice: a dragged ball put down where released (if the cloth there is free), or
        a press that never moved taken as a click on the table."""
        if self.pressed is None:
            return False
        pressed, dragged = self.pressed, self.drag_ball
        self.pressed = self.drag_ball = None
        self.dragging = None
        if dragged is None:
            self._table_click(pressed[1])
            return True
        ball = dragged[0]
        place_ball(self.host, ball, self.host.view_for(self.host.size_hint()).to_world(*pos))
        return True

    def _table_click(self, pos: tuple[int, int]) -> None:
        host = self.host
        options = host.declaration_options()
        ball = self._ball_under(pos)
        if self.picking_nomination:
            if ball > 0 and (not options.callable_balls or ball in options.callable_balls):
                host.aim.nominated = ball
                host.say(f"Nominated: {ball_words(host.ball_names[ball])}")
                self.picking_nomination = False
            elif ball > 0:
                words = ball_name(host.session.game, ball).capitalize()
                host.say(f"{words} cannot be nominated now.", palette.ALERT)
            return
        if host.in_hand and ball == 0:
            self.dragging = "cue"
            self.drag_origin = host.aim.cue_xy
            return
        # With ball in hand, a click on empty cloth away from the pockets places the cue ball,
        # as the prompt says; the call takes clicks on a ball, then near a pocket.
        placing = host.in_hand and ball < 0 and self._pocket_under(pos) is None
        if options.call_required and not host.aim.safety and not placing:
            if host.aim.called_ball is None:
                if ball > 0 and (not options.callable_balls or ball in options.callable_balls):
                    host.aim.called_ball = ball
                    if self.call_aim is None:
                        self.call_aim = host.aim.phi_deg
                    words = ball_name(host.session.game, ball)
                    host.say(f"Called {words}: now click a pocket.")
                elif ball > 0:
                    words = ball_name(host.session.game, ball).capitalize()
                    host.say(f"{words} cannot be called now.", palette.ALERT)
                else:
                    host.say("Click the ball you call first.", palette.ALERT)
                return
            if host.aim.called_pocket is None:
                pocket = self._pocket_under(pos)
                if pocket is None:
                    host.say("Click near a pocket to call it.", palette.ALERT)
                    return
                host.aim.called_pocket = pocket
                if self.call_aim is not None:  # the aim as it was before the call was made
                    host.aim.phi_deg, self.call_aim = self.call_aim, None
                host.aim.locked, host.aim.lock_anchor = True, pos
                called = call_words(host.session.game, host.aim.called_ball, pocket)
                host.say(f"Called: {called}.")
                return
        if host.in_hand:
            # With ball in hand a click places the cue ball (a click must not shoot by mistake
            # while the player is still positioning it); Space or the Shoot button plays.
            view = host.view_for(host.size_hint())
            if host.place_cue_ball(view.to_world(*pos)):
                self.cue_placed = True
                host.say("Cue ball placed: aim with the pointer, Space or Shoot to play.")
            return
        self._aim_at(pos)
        self._shoot()

    def _key(self, event: pygame.event.Event) -> None:
        host = self.host
        aim = host.aim
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        key = event.key
        action = action_for(Context.AIM, event)
        if action == Action.TURN:
            fine = bool(event.mod & pygame.KMOD_CTRL)
            step = AIM_STEP_COARSE_DEG if shift else AIM_STEP_FINE_DEG if fine else AIM_STEP_DEG
            turn = clockwise_sign(host.view_for(host.size_hint()))
            aim.phi_deg = (aim.phi_deg + (-step if key == pygame.K_LEFT else step) * turn) % 360.0
            aim.locked = True
            aim.lock_anchor = (
                pygame.mouse.get_pos()
                if pygame.display.get_init() and pygame.display.get_surface()
                else (0, 0)
            )
        elif action == Action.POWER_UP:
            aim.power = min(1.0, aim.power + POWER_STEP)
        elif action == Action.POWER_DOWN:
            aim.power = max(0.0, aim.power - POWER_STEP)
        elif action in (Action.ELEVATION_UP, Action.ELEVATION_DOWN):
            step = ELEVATION_STEP_COARSE_DEG if shift else ELEVATION_STEP_DEG
            sign = 1.0 if action == Action.ELEVATION_UP else -1.0
            aim.theta_deg = clamp_elevation(aim.theta_deg + sign * step)
        elif action == Action.TIP:
            da = {pygame.K_j: -TIP_STEP, pygame.K_l: TIP_STEP}.get(key, 0.0)
            db = {pygame.K_i: TIP_STEP, pygame.K_k: -TIP_STEP}.get(key, 0.0)
            aim.a, aim.b = clamp_tip(aim.a + da, aim.b + db)
        elif action == Action.SHOOT:
            self._shoot()
        elif action == Action.GHOST:
            host.show_ghost = not host.show_ghost
        elif action == Action.HINT:
            self.coach.ask(hide=shift)
        elif action in SOUND_ACTIONS:
            host.say(sound_key(host.sounds, action))
        elif action in PANEL_ACTIONS:
            # A panel key acts only when its button is offered (no push-out in snooker...).
            if any(b.action == action for b in self.buttons(host.size_hint())):
                self._act(action)
        elif action == Action.DECLARE:
            open_foul_menu(host)
        elif action == Action.WARN:
            host.give_warning()
        elif action == Action.STOP_NOMINATING:
            self.picking_nomination = False
        elif action == Action.NOMINATE_VALUE:
            self._nominate_by_value(key - pygame.K_0)
        elif action == Action.RETRY:
            retry(host)
        elif action == Action.REMOVE_BALL:
            take_off(host, self._ball_under(self.pointer))
        elif action == Action.ADD_BALL:
            put_on(host, host.view_for(host.size_hint()).to_world(*self.pointer))
        elif action == Action.SAVE_SCENARIO:
            save_position(host)

    def _nominate_by_value(self, value: int) -> None:
        """Nominate the ball on the table worth ``value`` (the game's ``ball_values``: keys 2-7
        pick snooker's colours) that may be nominated now; nothing in a game whose balls carry
        no value, or when no such ball may be nominated."""
        host = self.host
        game = host.session.game
        callable_balls = host.declaration_options().callable_balls
        for i, name in enumerate(game.ball_names):
            worth = type(game).ball_values.get(name)
            if worth != value or not bool(game.state.on_table[i]):
                continue
            if callable_balls and i not in callable_balls:
                continue
            host.aim.nominated = i
            host.say(f"Nominated: {ball_words(name)}")
            return

    def message_avoids(self) -> list[pygame.Rect]:
        """The pocket labels and mouths drawn in the last frame and the balls (px): messages
        keep off them."""
        return [*self.label_rects, *super().message_avoids()]
