"""Aiming: the cue follows the pointer (arrows fine-tune), power, tip and elevation; the cue
ball in hand placed in its zone; the shot called (8-ball), the colour nominated or the free
ball declared (snooker); the panel's buttons; shoot."""

from __future__ import annotations

import math

import numpy as np
import pygame

from render import draw, hud
from render.aiming import (
    ELEVATION_STEP_COARSE_DEG,
    ELEVATION_STEP_DEG,
    clamp_elevation,
    elevation_at,
    guide_lines,
)
from render.host import Host
from render.keys import action_for
from render.layout import (
    FRAME_BUTTON_W,
    PANEL_BUTTON_W,
    SHOOT_BUTTON_W,
    WARN_BUTTON_MAX_W,
    lay_out_right,
    natural_button_width,
)
from render.modes.base import Mode, draw_controls
from render.modes.fouls import open_foul_menu
from render.modes.menus import open_frame_menu
from render.modes.preparing import full_preview_waits
from render.preview import PreviewCache, preview_for_aim, wrong_first_ball
from render.scoreboard import score_info
from render.sound import SOUND_ACTIONS, sound_key
from render.view import View
from render.widgets import Button, clamp_tip
from render.words import ball_name, call_words
from rules.wording import ball_words

#: Aim adjustment per arrow key press, degrees (with Shift: ``AIM_STEP_COARSE_DEG``).
AIM_STEP_DEG = 0.1
AIM_STEP_COARSE_DEG = 1.0
#: Power change per wheel notch or +/- key press (meter units, 0..1).
POWER_STEP = 0.02
#: Tip offset change per I/J/K/L key press, ball radii.
TIP_STEP = 0.05
#: Pointer movement that releases a keyboard-adjusted aim back to the mouse, px.
AIM_UNLOCK_PX = 12
#: Actions of the aim panel's buttons that a key also triggers (when its button shows).
PANEL_ACTIONS = ("push_out", "safety", "recall", "free_ball", "nominate", "frame")


class AimMode(Mode):
    """Aim, power, tip, elevation; ball in hand; calls and nominations; shoot."""

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
        if host.sounds.problem:  # a damaged settings file: said once, the defaults used
            host.say(host.sounds.problem, hud.ALERT)
            host.sounds.problem = None

    # -- buttons of the panel that depend on the declaration options
    def buttons(self, size: tuple[int, int]) -> list[Button]:
        """The panel's buttons for what may be declared now, in ``Layout.buttons`` (beside the
        widgets or in rows of their own: never over them), Shoot at the right end."""
        host = self.host
        options = host.declaration_options()
        layout = host.layout(size)
        specs: list[tuple[str, str, str]] = []
        if options.push_out_allowed:
            specs.append(("Push out: ON" if host.aim.push_out else "Push out", "push_out", "P"))
        if options.safety_allowed:
            specs.append(("Safety: ON" if host.aim.safety else "Safety", "safety", "F"))
        if options.call_required:
            specs.append(("Call again", "recall", "C"))
        if options.free_ball_allowed:
            specs.append(("Free ball: ON" if host.aim.free_ball else "Free ball", "free_ball", "B"))
        if options.nomination_required or options.free_ball_allowed:
            specs.append(("Nominate", "nominate", "N"))
        due = host.warning_due()
        if due:
            names = " & ".join(host.session.game.players[i] for i in due)
            label = f"Warn {names}: two fouls"
            if hud.text_width(f"{label}  [W]", 22) + 24 > WARN_BUTTON_MAX_W:
                label = "Warn: two fouls"  # long names: the prompt and the scoreboard name them
            specs.insert(0, (label, "warn", "W"))
        if self.frame_menu_offered():
            specs.insert(0, ("Concede / re-rack", "frame", "X"))
        specs.append(("Shoot", "shoot", "Space"))
        compact = layout.compact_buttons
        fixed = {"shoot": SHOOT_BUTTON_W, "frame": FRAME_BUTTON_W}
        rows = []
        for label, action, key in specs:
            if compact:
                width = natural_button_width(hud.text_width(label, 22))
            elif action == "warn":
                width = min(WARN_BUTTON_MAX_W, hud.text_width(f"{label}  [{key}]", 22) + 24)
            else:
                width = fixed.get(action, PANEL_BUTTON_W)
            rows.append((label, action, "" if compact else key, width))
        return list(lay_out_right(layout.buttons, rows))

    def frame_menu_offered(self) -> bool:
        """Whether "Concede / re-rack" means something now: a game that scores points (a
        snooker frame), once its first stroke is played (before the break-off there is nothing
        to concede, nor a position that cannot progress)."""
        game = self.host.session.game
        scores = self.host.session.match_config.game_class.scores_points
        return bool(scores) and int(game.shot_number) > 0

    def _act(self, action: str) -> None:
        host = self.host
        if action == "push_out":
            host.aim.push_out = not host.aim.push_out
        elif action == "safety":
            host.aim.safety = not host.aim.safety
        elif action == "recall":
            host.aim.called_ball = None
            host.aim.called_pocket = None
            host.aim.safety = False
        elif action == "free_ball":
            host.aim.free_ball = not host.aim.free_ball
        elif action == "nominate":
            self.picking_nomination = True
            host.say("Click the ball you nominate.")
        elif action == "shoot":
            self._shoot()
        elif action == "warn":
            host.give_warning()
        elif action == "frame":
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
            self._table_click(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            host.aim.locked = not host.aim.locked
            host.aim.lock_anchor = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.dragging == "cue":
                view = host.view_for(size)
                xy = view.to_world(*event.pos)
                if host.place_cue_ball(xy):
                    self.cue_placed = True
                elif self.drag_origin is not None:
                    host.aim.cue_xy = self.drag_origin
            self.dragging = None
        elif event.type == pygame.MOUSEMOTION:
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
                calling = self.call_aim is not None and self._call_missing()
                moved = self._pointer_moved(size, tuple(event.pos))
                if not host.aim.locked and moved and not calling:
                    self._aim_at(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            host.aim.power = min(1.0, max(0.0, host.aim.power + POWER_STEP * event.y))
        elif event.type == pygame.KEYDOWN:
            self._key(event)

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
                host.say(f"{words} cannot be nominated now.", hud.ALERT)
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
                    host.say(f"{words} cannot be called now.", hud.ALERT)
                else:
                    host.say("Click the ball you call first.", hud.ALERT)
                return
            if host.aim.called_pocket is None:
                pocket = self._pocket_under(pos)
                if pocket is None:
                    host.say("Click near a pocket to call it.", hud.ALERT)
                    return
                host.aim.called_pocket = pocket
                if self.call_aim is not None:  # the aim as it was before the call was made
                    host.aim.phi_deg, self.call_aim = self.call_aim, None
                host.aim.locked, host.aim.lock_anchor = True, pos
                host.say(f"Called: {call_words(host.session.game, host.aim)}.")
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
        action = action_for("aim", event)
        if action == "turn":
            step = AIM_STEP_COARSE_DEG if shift else AIM_STEP_DEG
            aim.phi_deg = (aim.phi_deg + (step if key == pygame.K_LEFT else -step)) % 360.0
            aim.locked = True
            aim.lock_anchor = (
                pygame.mouse.get_pos()
                if pygame.display.get_init() and pygame.display.get_surface()
                else (0, 0)
            )
        elif action == "power_up":
            aim.power = min(1.0, aim.power + POWER_STEP)
        elif action == "power_down":
            aim.power = max(0.0, aim.power - POWER_STEP)
        elif action in ("elevation_up", "elevation_down"):
            step = ELEVATION_STEP_COARSE_DEG if shift else ELEVATION_STEP_DEG
            sign = 1.0 if action == "elevation_up" else -1.0
            aim.theta_deg = clamp_elevation(aim.theta_deg + sign * step)
        elif action == "tip":
            da = {pygame.K_j: -TIP_STEP, pygame.K_l: TIP_STEP}.get(key, 0.0)
            db = {pygame.K_i: TIP_STEP, pygame.K_k: -TIP_STEP}.get(key, 0.0)
            aim.a, aim.b = clamp_tip(aim.a + da, aim.b + db)
        elif action == "shoot":
            self._shoot()
        elif action == "ghost":
            host.show_ghost = not host.show_ghost
        elif action in SOUND_ACTIONS:
            host.say(sound_key(host.sounds, action))
        elif action in PANEL_ACTIONS:
            # A panel key acts only when its button is offered (no push-out in snooker...).
            if any(b.action == action for b in self.buttons(host.size_hint())):
                self._act(action)
        elif action == "declare":
            open_foul_menu(host)
        elif action == "warn":
            host.give_warning()
        elif action == "stop_nominating":
            self.picking_nomination = False
        elif action == "nominate_value" and host.session.match_config.game_class.scores_points:
            from rules.snooker import COLOUR_VALUES

            value = key - pygame.K_0
            for i, name in enumerate(host.ball_names):
                if COLOUR_VALUES.get(name) == value and bool(host.session.game.state.on_table[i]):
                    aim.nominated = i
                    host.say(f"Nominated: {name}")

    def prompt_lines(self) -> list[str]:
        host = self.host
        who = host.session.game.players[host.session.game.to_play]
        lines = []
        zone_text = {"anywhere": "anywhere", "kitchen": "behind the head string", "d": "in the D"}
        if host.in_hand and self.cue_placed:
            lines.append(f"{who}: cue ball placed - aim, then Space (drag it to move it again).")
        elif host.in_hand:
            lines.append(
                f"{who}: ball in hand {zone_text.get(host.zone, '')}"
                " - drag or click to place the cue ball, then Space."
            )
        else:
            lines.append(f"{who} to shoot.")
        problem = host.declaration_problem()
        if problem:
            lines.append(problem)
        elif host.aim.called_ball is not None and host.aim.called_pocket is not None:
            lines.append(f"Called: {call_words(host.session.game, host.aim)}.")
        options = host.declaration_options()
        if options.nomination_required or host.aim.free_ball:
            nominated = host.nominated_ball()
            if nominated is not None:
                how = "" if host.aim.nominated is not None else " (the ball aimed at)"
                prefix = "Free ball" if host.aim.free_ball else "Nominated"
                lines.append(f"{prefix}: {ball_words(host.ball_names[nominated])}{how}.")
        if self.wrong_ball is not None:
            words = ball_name(host.session.game, self.wrong_ball)
            lines.append(f"Careful: the aim hits {words} first, not a ball on.")
        if host.aim.push_out:
            lines.append("Push-out announced.")
        foul_hint = " \u00b7 D foul on the last shot" if host.foul_shot() is not None else ""
        # What G shows at this match's aim assist: nothing to toggle with none.
        level = host.session.match_config.aim_assist
        assist = {"ghost": " \u00b7 G ghost", "full": " \u00b7 G predicted paths"}.get(level, "")
        waiting = full_preview_waits() if level == "full" else None
        if waiting is not None:
            lines.append(waiting + ".")
        lines.append(
            f"Aim {host.aim.phi_deg % 360:6.1f}\u00b0 \u00b7 arrows fine-tune"
            f"{assist}{foul_hint} \u00b7 H help"
        )
        return lines

    def draw(self, surface: pygame.Surface) -> None:
        host = self.host
        host.remember_size(surface.get_size())
        size = surface.get_size()
        view = host.view_for(size)
        surface.blit(host.table_background(size), (0, 0))
        table = host.table
        if host.in_hand:
            draw.draw_zone(surface, view, table, host.zone)
        positions, on = host.current_positions()
        cue = host.cue_xy()
        self.wrong_ball = None
        level = host.session.match_config.aim_assist
        if level == "full" and full_preview_waits() is not None:
            level = "ghost"  # the predicted paths wait for the compiled engine
        assisting = host.show_ghost and self.dragging != "cue" and level != "none"
        contact = host.aim_contact() if assisting and level == "ghost" else None
        if assisting and level == "full":
            preview = preview_for_aim(host.session.game, host.aim, self.previews)
            if preview is not None:
                self.wrong_ball = wrong_first_ball(host.session.game, host.aim, preview.first_ball)
                draw.draw_preview(
                    surface, view, table, preview.cue_path, preview.object_path,
                    preview.contact_xy, warning=self.wrong_ball is not None,
                    meets=preview.meets,
                )  # fmt: skip
        if cue is not None and contact is not None:
            self.wrong_ball = wrong_first_ball(host.session.game, host.aim, contact.ball)
            obj_path = tangent = None
            meets = []  # each guide line stops at the first ball it would hit, marked there
            lines = guide_lines(host.session.game, host.aim, contact)
            if lines is not None:
                obj_path, tangent = lines.object_path, lines.tangent_path
                for path, met in ((obj_path, lines.object_meets), (tangent, lines.tangent_meets)):
                    if path is not None and met >= 0:
                        meets.append(
                            (path[1], (float(positions[met][0]), float(positions[met][1])))
                        )
            draw.draw_aim(
                surface,
                view,
                table,
                cue,
                host.aim.phi_deg,
                ghost_xy=contact.ghost,
                end_xy=contact.ghost,
                object_path=obj_path,
                tangent_path=tangent,
                meets=meets,
            )
        draw.draw_balls(
            surface, view, table, positions, on, host.looks, orientations=host.ball_orientations()
        )
        if host.in_hand and cue is not None:
            problem = host.session.game.placement_problem(cue)
            ring = (255, 90, 80) if problem else (255, 255, 255)
            cx, cy = view.to_screen(*cue)
            pygame.draw.circle(
                surface,
                ring,
                (round(cx), round(cy)),
                round(view.length_px(table.ball_radius) + 4),
                2,
            )
        self._draw_calls(surface, view, positions)
        layout = host.layout(size)
        if cue is not None and self.dragging != "cue":
            clip = surface.get_clip()  # the cue stays on the table area, off the scoreboard
            surface.set_clip(layout.table.clip(clip))
            draw.draw_cue_stick(
                surface, view, table, cue, host.aim.phi_deg, 0.02 + 0.12 * host.aim.power
            )
            surface.set_clip(clip)
        hud.draw_scoreboard(surface, layout.board, score_info(host.session))
        draw_controls(host, surface, layout)
        hud.draw_prompt(surface, layout.prompt, self.prompt_lines())
        for button in self.buttons(size):
            hud.draw_button(surface, button, highlight=button.label.endswith("ON"))

    def _draw_calls(self, surface: pygame.Surface, view: View, positions: np.ndarray) -> None:
        host = self.host
        r = view.length_px(host.table.ball_radius)
        marks = []
        if host.aim.called_ball is not None:
            marks.append(positions[host.aim.called_ball])
        nominated = host.aim.nominated
        if nominated is not None:
            marks.append(positions[nominated])
        for p in marks:
            cx, cy = view.to_screen(float(p[0]), float(p[1]))
            pygame.draw.circle(surface, hud.ACCENT, (round(cx), round(cy)), round(r + 5), 2)
        options = host.declaration_options()
        self.label_rects = []
        if options.call_required and not host.aim.safety:
            self._draw_pocket_labels(surface, view)
        if host.aim.called_pocket is not None:
            pocket = next(p for p in host.table.pockets if p.name == host.aim.called_pocket)
            cx, cy = view.to_screen(pocket.x, pocket.y)
            pygame.draw.circle(
                surface,
                hud.ACCENT,
                (round(cx), round(cy)),
                round(view.length_px(pocket.radius) + 6),
                3,
            )

    def _draw_pocket_labels(self, surface: pygame.Surface, view: View) -> None:
        """Each pocket's name as the rulings say it (``Table.pockets[i].name``), written
        just outside the pocket on the rail, kept inside the table area (never under the
        scoreboard or past the window's edge); the called one in the accent colour."""
        host = self.host
        area = host.layout(surface.get_size()).table
        cx0, cy0 = view.to_screen(float(host.table.width) / 2, float(host.table.length) / 2)
        for pocket in host.table.pockets:
            px, py = view.to_screen(pocket.x, pocket.y)
            # Outwards from the table's centre, past the pocket's mouth.
            dx, dy = px - cx0, py - cy0
            norm = math.hypot(dx, dy) or 1.0
            out = view.length_px(pocket.radius) + 14
            half_w, half_h = hud.text_width(pocket.name, 18) / 2 + 2, 11
            x = min(max(px + dx / norm * out * 0.3, area.left + half_w), area.right - half_w)
            y = min(max(py + dy / norm * out, area.top + half_h), area.bottom - half_h)
            called = pocket.name == host.aim.called_pocket
            colour = hud.ACCENT if called else hud.TEXT
            label = hud._text(surface, pocket.name, (x, y), 18, colour, anchor="center")
            mouth = round(view.length_px(pocket.radius))
            self.label_rects += [label, pygame.Rect(px - mouth, py - mouth, 2 * mouth, 2 * mouth)]
