"""The window's modes: preparing, start screen, aim (with ball in hand and declarations),
playback, the referee's decision, the end of the match; the list of fouls a player declares on
the last shot, small menus and yes/no questions (snooker concession and stalemate); plus the
quit confirmation, the help overlay, the sounds and the scripted-input player used under a
virtual display.

A mode reacts to events (``handle``), advances with time (``update``) and paints the frame
(``draw``). Modes never call ``sim`` or ``rules`` themselves: they ask the App (``app.shoot()``,
``app.choose(choice)``...), which is the only module that does.
"""

from __future__ import annotations

import dataclasses
import math
import os
import shlex
import wave
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pygame

from render import draw, hud
from render.match import GAME_KINDS, GAME_TITLES, MatchConfig, MatchSetupError
from render.widgets import Button, clamp_tip, speed_to_power

#: Aim adjustment per arrow key press, degrees (with Shift: ``AIM_STEP_COARSE_DEG``).
AIM_STEP_DEG = 0.1
AIM_STEP_COARSE_DEG = 1.0
#: Power change per wheel notch or +/- key press (meter units, 0..1).
POWER_STEP = 0.02
#: Tip offset change per I/J/K/L key press, ball radii.
TIP_STEP = 0.05
#: Pointer movement that releases a keyboard-adjusted aim back to the mouse, px.
AIM_UNLOCK_PX = 12
#: Seconds the referee's call on a routine legal shot stays up before play goes on.
AUTO_CONTINUE_S = 2.5
#: Keys of the aim panel's buttons -> their actions (a key works when its button shows).
PANEL_KEYS = {
    pygame.K_p: "push_out",
    pygame.K_f: "safety",
    pygame.K_c: "recall",
    pygame.K_b: "free_ball",
    pygame.K_n: "nominate",
    pygame.K_x: "frame",
}
#: Snooker colour values, for the number keys that nominate a colour.
SNOOKER_VALUES = {"yellow": 2, "green": 3, "brown": 4, "blue": 5, "pink": 6, "black": 7}


class Mode:
    """Base class: a mode does nothing by default."""

    #: Whether Ctrl+S / Ctrl+O / U / R / Q / H work in this mode.
    allows_global_keys = True

    def __init__(self, app: Any) -> None:
        self.app = app

    @property
    def name(self) -> str:
        return type(self).__name__.removesuffix("Mode").lower()

    def handle(self, event: pygame.event.Event) -> None:
        return None

    def update(self, dt: float) -> None:
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(draw.BACKGROUND)


# ---------------------------------------------------------------------- shared scene drawing


def draw_scene(
    app: Any,
    surface: pygame.Surface,
    positions: np.ndarray | None = None,
    on_table: np.ndarray | None = None,
) -> None:
    """Table, balls, scoreboard and an empty control panel."""
    size = surface.get_size()
    surface.blit(app.table_background(size), (0, 0))
    if positions is None or on_table is None:
        positions, on_table = app.current_positions()
    draw.draw_balls(
        surface, app.view_for(size), app.table, positions, on_table, app.looks,
        orientations=app.ball_orientations(),
    )  # fmt: skip
    layout = app.layout(size)
    hud.draw_scoreboard(surface, layout["board"], score_info(app))
    pygame.draw.rect(surface, hud.PANEL, layout["panel"])
    pygame.draw.line(surface, hud.PANEL_EDGE, layout["panel"].topleft, layout["panel"].topright)


def _ball_words(app: Any, balls: Any) -> str:
    names = app.ball_names
    items = sorted(int(b) for b in balls)
    if not items:
        return ""
    reds = [b for b in items if names[b].startswith("red")]
    others = [names[b] for b in items if not names[b].startswith("red")]
    words = (["a red"] if reds else []) + others
    if len(words) > 4:
        return ", ".join(words[:4]) + "..."
    return ", ".join(words)


def score_info(app: Any) -> hud.ScoreInfo:
    """The scoreboard's content from the game and the match."""
    game = app.game
    config = app.config
    score = app.score
    lines = []
    snooker = config.game == "snooker"
    groups = getattr(game, "groups", None)
    # Two sides: the two players, or (snooker doubles) the two teams sharing a score.
    side_names = config.sides if snooker else tuple(game.players)
    active = game.side_of(game.to_play) if snooker else game.to_play
    for i, name in enumerate(side_names):
        detail = ""
        balls: tuple[draw.BallLook, ...] = ()
        if snooker:
            detail = f"{game.score[i]} pts"
        elif config.game == "eight-ball" and groups:
            group = groups[i] if i < len(groups) else None
            if group is not None:
                value = str(getattr(group, "value", group))
                detail = value.capitalize()
                members = getattr(group, "balls", frozenset())
                left = [b for b in sorted(members) if bool(game.state.on_table[b])]
                balls = tuple(draw.look_for_ball_name(app.ball_names[b]) for b in left)
            else:
                detail = "Open table"
        elif config.game == "eight-ball":
            detail = "Open table"
        fouls = game.fouls_in_a_row[i] if i < len(game.fouls_in_a_row) else 0
        warning = ""
        if config.game == "nine-ball" and fouls:
            warned = i < len(game.warning_given) and game.warning_given[i]
            warning = f"{fouls} foul{'s' if fouls > 1 else ''}"
            if warned:
                warning += " - WARNED"
            elif fouls >= 2 and not game.referee_warns:
                warning += " - not warned"
        lines.append(hud.PlayerLine(name, score.wins[i], detail, warning, balls))
    centre = f"Rack {score.rack + 1}" if not snooker else f"Frame {score.rack + 1}"
    if snooker:
        parts = [centre]
        if game.break_points:
            parts.append(f"Break {game.break_points}")
        parts.append(f"{game.points_remaining()} remaining")
        # Either side may need snookers (the one sitting out too): both are shown.
        for side, side_name in enumerate(side_names):
            needed = game.snookers_required(side)
            if needed:
                parts.append(f"{side_name} needs {needed} snooker{'s' if needed > 1 else ''}")
        centre = " \u00b7 ".join(parts)
    elif config.game == "nine-ball" or config.game == "eight-ball":
        is_break = str(getattr(game.phase, "value", "")) == "break"
        centre += " \u00b7 " + ("break" if is_break else f"shot {game.shot_number + 1}")
    ball_on = _ball_words(app, game.ball_on)
    if config.game == "eight-ball" and len(game.ball_on) > 7:
        ball_on = "any solid or stripe (open table)"
    elif config.game == "eight-ball" and len(game.ball_on) > 1:
        group = groups[game.to_play] if groups else None
        ball_on = f"the {getattr(group, 'value', 'group')!s}" if group else ball_on
    if snooker and len(game.players) == 4:
        centre += f" \u00b7 at the table: {game.players[game.to_play]}"
    return hud.ScoreInfo(
        tuple(lines), active, config.title, centre, f"Ball on: {ball_on}" if ball_on else ""
    )


# ---------------------------------------------------------------------- preparing


class PreparingMode(Mode):
    """Shown while the physics compiles or loads in a background thread."""

    allows_global_keys = False

    def __init__(self, app: Any, config: MatchConfig | None) -> None:
        super().__init__(app)
        self.config = config
        self.elapsed = 0.0

    def update(self, dt: float) -> None:
        self.elapsed += dt
        if not self.app.physics_ready:
            return
        pending = getattr(self.app, "pending_load", None)
        if pending is not None:
            path, replay_last = pending
            self.app.pending_load = None
            if self.app.load(path):
                if replay_last:
                    self.app.replay()
                return
        if self.config is not None:
            try:
                self.app.start_match(self.config)
                return
            except Exception as exc:  # a bad table size or game: back to the start screen
                self.app.say(str(exc), hud.ALERT)
        self.app.mode = StartMode(self.app, self.config)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_q, pygame.K_ESCAPE):
            self.app.request_quit()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(draw.BACKGROUND)
        w, h = surface.get_size()
        box = pygame.Rect(0, 0, min(720, w - 40), 170)
        box.center = (w // 2, h // 2)
        dots = "." * (1 + int(self.elapsed * 2) % 3)
        lines = [
            "Preparing the physics engine (first run compiles, ~20 s)" + dots,
            f"{self.elapsed:4.1f} s",
        ]
        if self.app._warm_error:
            lines.append("The engine reported: " + self.app._warm_error)
        hud.draw_banner(surface, box, "cuesim", lines)


# ---------------------------------------------------------------------- start screen


class StartMode(Mode):
    """Choose the game, the players' names, the table and the race / frames."""

    allows_global_keys = False

    def __init__(self, app: Any, config: MatchConfig | None) -> None:
        super().__init__(app)
        base = config or MatchConfig()
        self.game = base.game
        self.names = [*base.players, "", "", ""][:4]
        self.feet = base.table_feet
        self.race = base.race_to
        self.frames = base.frames
        self.referee_warns = base.referee_warns
        self.focus = 0
        self.edited = [False] * 4

    def _layout(self, size: tuple[int, int]) -> list[Button]:
        w, h = size
        left = w // 2 - 300
        top = max(40, h // 2 - 250)
        out: list[Button] = []
        for i, kind in enumerate(GAME_KINDS):
            out.append(
                Button(
                    pygame.Rect(left + i * 205, top + 70, 190, 44),
                    GAME_TITLES[kind],
                    f"game:{kind}",
                )
            )
        for i in range(4):
            out.append(
                Button(
                    pygame.Rect(left + (i % 2) * 305, top + 170 + (i // 2) * 54, 290, 40),
                    "",
                    f"name:{i}",
                )
            )
        if self.game != "snooker":
            for i, feet in enumerate((7, 8, 9)):
                out.append(
                    Button(
                        pygame.Rect(left + i * 130, top + 320, 120, 40),
                        f"{feet} ft",
                        f"feet:{feet}",
                    )
                )
        if self.game == "nine-ball":
            words = "by the referee" if self.referee_warns else "by the opponent (W)"
            out.append(
                Button(
                    pygame.Rect(left, top + 366, 390, 34),
                    f"Two-foul warning: {words}",
                    "warns",
                )
            )
        out.append(Button(pygame.Rect(left + 420, top + 320, 40, 40), "-", "less"))
        out.append(Button(pygame.Rect(left + 560, top + 320, 40, 40), "+", "more"))
        out.append(
            Button(
                pygame.Rect(w // 2 - 120, top + 410, 240, 52),
                "Start the match",
                "start",
                hotkey="Enter",
            )
        )
        return out

    def _config(self) -> MatchConfig:
        names = tuple(n.strip() for n in self.names if n.strip())
        seed = int.from_bytes(os.urandom(3), "little")
        return MatchConfig(
            self.game, names, self.feet, self.race, self.frames, seed, self.referee_warns
        )

    def _act(self, action: str) -> None:
        kind, _, value = action.partition(":")
        if kind == "game":
            self.game = value
        elif kind == "name":
            self.focus = int(value)
        elif kind == "feet":
            self.feet = int(value)
        elif kind == "warns":
            self.referee_warns = not self.referee_warns
        elif kind == "less":
            if self.game == "snooker":
                self.frames = max(1, self.frames - 2)
            else:
                self.race = max(1, self.race - 1)
        elif kind == "more":
            if self.game == "snooker":
                self.frames = min(35, self.frames + 2)
            else:
                self.race = min(25, self.race + 1)
        elif kind == "start":
            self.start()

    def start(self) -> None:
        try:
            config = self._config()
        except MatchSetupError as exc:
            self.app.say(str(exc), hud.ALERT)
            return
        self.app.start_match(config)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for button in self._layout(self.app.size_hint()):
                if button.hit(event.pos):
                    self._act(button.action)
                    return
        elif event.type == pygame.TEXTINPUT:
            if not self.edited[self.focus]:
                # The first key typed in a box replaces the suggested name.
                self.names[self.focus] = ""
                self.edited[self.focus] = True
            if len(self.names[self.focus]) < 18:
                self.names[self.focus] += event.text
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.names[self.focus] = self.names[self.focus][:-1]
                self.edited[self.focus] = True
            elif event.key == pygame.K_TAB:
                self.focus = (self.focus + 1) % 4
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
            elif event.key == pygame.K_o and event.mod & pygame.KMOD_CTRL:
                self.app.load()
            elif event.key == pygame.K_ESCAPE:
                self.app.request_quit()

    def draw(self, surface: pygame.Surface) -> None:
        self.app.remember_size(surface.get_size())
        surface.fill(draw.BACKGROUND)
        w, h = surface.get_size()
        left = w // 2 - 300
        top = max(40, h // 2 - 250)
        hud._text(surface, "cuesim: a new match", (w // 2, top), 44, hud.TEXT, anchor="midtop")
        hud._text(
            surface,
            f"Ctrl+O continues the saved session ({self.app.save_path.name})",
            (w // 2, top + 480),
            20,
            hud.DIM,
            anchor="midtop",
        )
        hud._text(surface, "Game", (left, top + 48), 22, hud.DIM)
        hud._text(
            surface,
            "Players: 2, or 4 for doubles (1 & 3 v 2 & 4); click a box and type",
            (left, top + 146),
            22,
            hud.DIM,
        )
        if self.game != "snooker":
            hud._text(surface, "Table", (left, top + 296), 22, hud.DIM)
            hud._text(surface, "Race to", (left + 420, top + 296), 22, hud.DIM)
            hud._text(
                surface, str(self.race), (left + 510, top + 340), 34, hud.TEXT, anchor="center"
            )
        else:
            hud._text(surface, "Best of (frames)", (left + 420, top + 296), 22, hud.DIM)
            hud._text(
                surface, str(self.frames), (left + 510, top + 340), 34, hud.TEXT, anchor="center"
            )
        for button in self._layout((w, h)):
            kind, _, value = button.action.partition(":")
            if kind == "name":
                i = int(value)
                box = button.rect
                pygame.draw.rect(surface, (18, 20, 24), box, border_radius=5)
                pygame.draw.rect(
                    surface,
                    hud.ACCENT if i == self.focus else hud.PANEL_EDGE,
                    box,
                    width=2,
                    border_radius=5,
                )
                text = self.names[i] or (f"Player {i + 1}" + (" (optional)" if i >= 2 else ""))
                colour = hud.TEXT if self.names[i] else hud.DIM
                hud._text(
                    surface,
                    text + ("|" if i == self.focus else ""),
                    (box.left + 10, box.centery),
                    24,
                    colour,
                    anchor="midleft",
                )
                continue
            selected = (kind == "game" and value == self.game) or (
                kind == "feet" and int(value) == self.feet
            )
            hud.draw_button(surface, button, highlight=selected)


# ---------------------------------------------------------------------- aim


class AimMode(Mode):
    """Aim, power, tip, elevation; ball in hand; calls and nominations; shoot."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.dragging: str | None = None
        self.picking_nomination = False
        self.drag_origin: tuple[float, float] | None = None

    # -- buttons of the panel that depend on the declaration options
    def buttons(self, size: tuple[int, int]) -> list[Button]:
        app = self.app
        options = app.declaration_options()
        panel = app.layout(size)["panel"]
        specs: list[tuple[str, str, str]] = []
        if options.push_out_allowed:
            specs.append(("Push out: ON" if app.aim.push_out else "Push out", "push_out", "P"))
        if options.safety_allowed:
            specs.append(("Safety: ON" if app.aim.safety else "Safety", "safety", "F"))
        if options.call_required:
            specs.append(("Call again", "recall", "C"))
        if options.free_ball_allowed:
            specs.append(("Free ball: ON" if app.aim.free_ball else "Free ball", "free_ball", "B"))
        if options.nomination_required or options.free_ball_allowed:
            specs.append(("Nominate", "nominate", "N"))
        due = app.warning_due()
        if due:
            names = " & ".join(app.game.players[i] for i in due)
            specs.insert(0, (f"Warn {names}: two fouls", "warn", "W"))
        if app.config.game == "snooker":
            specs.insert(0, ("Concede / re-rack", "frame", "X"))
        specs.append(("Shoot", "shoot", "Space"))
        out = []
        right = panel.right - 16
        for label, action, key in reversed(specs):
            width = 130 if action == "shoot" else 150
            if action in ("warn", "frame"):
                width = hud.text_width(f"{label}  [{key}]", 22) + 24
            rect = pygame.Rect(right - width, panel.bottom - 48, width, 36)
            out.append(Button(rect, label, action, hotkey=key))
            right -= width + 10
        return out

    def _act(self, action: str) -> None:
        app = self.app
        if action == "push_out":
            app.aim.push_out = not app.aim.push_out
        elif action == "safety":
            app.aim.safety = not app.aim.safety
        elif action == "recall":
            app.aim.called_ball = None
            app.aim.called_pocket = None
            app.aim.safety = False
        elif action == "free_ball":
            app.aim.free_ball = not app.aim.free_ball
        elif action == "nominate":
            self.picking_nomination = True
            app.say("Click the ball you nominate.")
        elif action == "shoot":
            app.shoot()
        elif action == "warn":
            app.give_warning()
        elif action == "frame":
            open_frame_menu(app)

    def _ball_under(self, pos: tuple[int, int]) -> int:
        app = self.app
        view = app.view_for(app.size_hint())
        x, y = view.to_world(*pos)
        positions, on = app.current_positions()
        d = np.hypot(positions[:, 0] - x, positions[:, 1] - y)
        d[~on] = np.inf
        i = int(np.argmin(d))
        return i if d[i] <= 1.6 * float(app.table.ball_radius) else -1

    def _pocket_under(self, pos: tuple[int, int]) -> str | None:
        app = self.app
        view = app.view_for(app.size_hint())
        x, y = view.to_world(*pos)
        best, best_d = None, 0.2
        for pocket in app.table.pockets:
            d = math.hypot(pocket.x - x, pocket.y - y)
            if d < best_d:
                best, best_d = pocket.name, d
        return best

    def _aim_at(self, pos: tuple[int, int]) -> None:
        app = self.app
        cue = app.cue_xy()
        if cue is None:
            return
        view = app.view_for(app.size_hint())
        x, y = view.to_world(*pos)
        # Closer than two radii the direction is ill-defined (the pointer is on the ball).
        if math.hypot(x - cue[0], y - cue[1]) > 2 * float(app.table.ball_radius):
            app.aim.phi_deg = math.degrees(math.atan2(y - cue[1], x - cue[0])) % 360.0

    def handle(self, event: pygame.event.Event) -> None:
        app = self.app
        size = app.size_hint()
        layout = app.layout(size)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for button in self.buttons(size):
                if button.hit(event.pos):
                    self._act(button.action)
                    return
            if layout["power"].rect.inflate(8, 16).collidepoint(event.pos):
                self.dragging = "power"
                app.aim.power = layout["power"].power_at(event.pos)
                return
            if layout["tip"].rect.collidepoint(event.pos):
                self.dragging = "tip"
                app.aim.a, app.aim.b = layout["tip"].tip_at(event.pos)
                return
            if not layout["table"].collidepoint(event.pos):
                return
            self._table_click(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            app.aim.locked = not app.aim.locked
            app.aim.lock_anchor = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.dragging == "cue":
                view = app.view_for(size)
                xy = view.to_world(*event.pos)
                if not app.place_cue_ball(xy) and self.drag_origin is not None:
                    app.aim.cue_xy = self.drag_origin
            self.dragging = None
        elif event.type == pygame.MOUSEMOTION:
            if self.dragging == "power":
                app.aim.power = layout["power"].power_at(event.pos)
            elif self.dragging == "tip":
                app.aim.a, app.aim.b = layout["tip"].tip_at(event.pos)
            elif self.dragging == "cue":
                app.aim.cue_xy = app.view_for(size).to_world(*event.pos)
            elif layout["table"].collidepoint(event.pos):
                if app.aim.locked:
                    ax, ay = app.aim.lock_anchor
                    if math.hypot(event.pos[0] - ax, event.pos[1] - ay) > AIM_UNLOCK_PX:
                        app.aim.locked = False
                if not app.aim.locked:
                    self._aim_at(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            app.aim.power = min(1.0, max(0.0, app.aim.power + POWER_STEP * event.y))
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _table_click(self, pos: tuple[int, int]) -> None:
        app = self.app
        options = app.declaration_options()
        ball = self._ball_under(pos)
        if self.picking_nomination:
            if ball > 0 and (not options.callable_balls or ball in options.callable_balls):
                app.aim.nominated = ball
                app.say(f"Nominated: {app.ball_names[ball]}")
                self.picking_nomination = False
            elif ball > 0:
                app.say(f"The {app.ball_names[ball]} cannot be nominated now.", hud.ALERT)
            return
        if app.in_hand and ball == 0:
            self.dragging = "cue"
            self.drag_origin = app.aim.cue_xy
            return
        if options.call_required and not app.aim.safety:
            if app.aim.called_ball is None:
                if ball > 0 and (not options.callable_balls or ball in options.callable_balls):
                    app.aim.called_ball = ball
                    app.say(f"Called the {app.ball_names[ball]}: now click a pocket.")
                elif ball > 0:
                    app.say(f"The {app.ball_names[ball]} cannot be called now.", hud.ALERT)
                else:
                    app.say("Click the ball you call first.", hud.ALERT)
                return
            if app.aim.called_pocket is None:
                pocket = self._pocket_under(pos)
                if pocket is None:
                    app.say("Click near a pocket to call it.", hud.ALERT)
                    return
                app.aim.called_pocket = pocket
                app.say(
                    f"{app.ball_names[app.aim.called_ball]} in the "
                    f"{pocket.replace('_', ' ')} pocket."
                )
                return
        if app.in_hand:
            # With ball in hand a click places the cue ball (a click must not shoot by mistake
            # while the player is still positioning it); Space or the Shoot button plays.
            view = app.view_for(app.size_hint())
            if app.place_cue_ball(view.to_world(*pos)):
                app.say("Cue ball placed: aim with the pointer, Space or Shoot to play.")
            return
        self._aim_at(pos)
        app.shoot()

    def _key(self, event: pygame.event.Event) -> None:
        app = self.app
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        key = event.key
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = AIM_STEP_COARSE_DEG if shift else AIM_STEP_DEG
            app.aim.phi_deg = (app.aim.phi_deg + (step if key == pygame.K_LEFT else -step)) % 360.0
            app.aim.locked = True
            app.aim.lock_anchor = (
                pygame.mouse.get_pos()
                if pygame.display.get_init() and pygame.display.get_surface()
                else (0, 0)
            )
        elif key in (pygame.K_UP, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            app.aim.power = min(1.0, app.aim.power + POWER_STEP)
        elif key in (pygame.K_DOWN, pygame.K_MINUS, pygame.K_KP_MINUS):
            app.aim.power = max(0.0, app.aim.power - POWER_STEP)
        elif key in (pygame.K_PAGEUP, pygame.K_RIGHTBRACKET):
            app.aim.theta_deg = min(60.0, app.aim.theta_deg + (5.0 if shift else 1.0))
        elif key in (pygame.K_PAGEDOWN, pygame.K_LEFTBRACKET):
            app.aim.theta_deg = max(0.0, app.aim.theta_deg - (5.0 if shift else 1.0))
        elif key in (pygame.K_i, pygame.K_k, pygame.K_j, pygame.K_l):
            da = {pygame.K_j: -TIP_STEP, pygame.K_l: TIP_STEP}.get(key, 0.0)
            db = {pygame.K_i: TIP_STEP, pygame.K_k: -TIP_STEP}.get(key, 0.0)
            app.aim.a, app.aim.b = clamp_tip(app.aim.a + da, app.aim.b + db)
        elif key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            app.shoot()
        elif key == pygame.K_g:
            app.show_ghost = not app.show_ghost
        elif key in PANEL_KEYS:
            # A panel key acts only when its button is offered (no push-out in snooker...).
            action = PANEL_KEYS[key]
            if any(b.action == action for b in self.buttons(app.size_hint())):
                self._act(action)
        elif key == pygame.K_d:
            open_foul_menu(app)
        elif key == pygame.K_w:
            app.give_warning()
        elif key == pygame.K_ESCAPE:
            self.picking_nomination = False
        elif pygame.K_2 <= key <= pygame.K_7 and app.config.game == "snooker":
            value = key - pygame.K_0
            for i, name in enumerate(app.ball_names):
                if SNOOKER_VALUES.get(name) == value and bool(app.game.state.on_table[i]):
                    app.aim.nominated = i
                    app.say(f"Nominated: {name}")

    def prompt_lines(self) -> list[str]:
        app = self.app
        who = app.game.players[app.game.to_play]
        lines = []
        zone_text = {"anywhere": "anywhere", "kitchen": "behind the head string", "d": "in the D"}
        if app.in_hand:
            lines.append(
                f"{who}: ball in hand {zone_text.get(app.zone, '')}"
                " - drag or click to place the cue ball, then Space."
            )
        else:
            lines.append(f"{who} to shoot.")
        problem = app.declaration_problem()
        if problem:
            lines.append(problem)
        elif app.aim.called_ball is not None and app.aim.called_pocket is not None:
            lines.append(
                f"Called: {app.ball_names[app.aim.called_ball]} in the "
                f"{app.aim.called_pocket.replace('_', ' ')}."
            )
        options = app.declaration_options()
        if options.nomination_required or app.aim.free_ball:
            nominated = app.nominated_ball()
            if nominated is not None:
                how = "" if app.aim.nominated is not None else " (the ball aimed at)"
                prefix = "Free ball" if app.aim.free_ball else "Nominated"
                lines.append(f"{prefix}: {app.ball_names[nominated]}{how}.")
        if app.aim.push_out:
            lines.append("Push-out announced.")
        foul_hint = " \u00b7 D foul on the last shot" if app.foul_shot() is not None else ""
        lines.append(
            f"Aim {app.aim.phi_deg % 360:6.1f}\u00b0 \u00b7 arrows fine-tune"
            f" \u00b7 G ghost{foul_hint} \u00b7 H help"
        )
        return lines

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        app.remember_size(surface.get_size())
        size = surface.get_size()
        view = app.view_for(size)
        surface.blit(app.table_background(size), (0, 0))
        table = app.table
        if app.in_hand:
            draw.draw_zone(surface, view, table, app.zone)
        positions, on = app.current_positions()
        cue = app.cue_xy()
        contact = app.aim_contact()
        if cue is not None and contact is not None and app.show_ghost and self.dragging != "cue":
            obj_path = tangent = None
            if contact.object_direction is not None:
                p = (float(positions[contact.ball][0]), float(positions[contact.ball][1]))
                obj_path = (p, app.object_line_end(p, contact.object_direction))
                tangent = app.tangent_line(contact)
            draw.draw_aim(
                surface,
                view,
                table,
                cue,
                app.aim.phi_deg,
                ghost_xy=contact.ghost,
                end_xy=contact.ghost,
                object_path=obj_path,
                tangent_path=tangent,
            )
        draw.draw_balls(
            surface, view, table, positions, on, app.looks, orientations=app.ball_orientations()
        )
        if app.in_hand and cue is not None:
            problem = app.game.placement_problem(cue)
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
        if cue is not None and self.dragging != "cue":
            draw.draw_cue_stick(
                surface, view, table, cue, app.aim.phi_deg, 0.02 + 0.12 * app.aim.power
            )
        layout = app.layout(size)
        hud.draw_scoreboard(surface, layout["board"], score_info(app))
        draw_controls(app, surface, layout)
        hud.draw_prompt(surface, layout["prompt"], self.prompt_lines())
        for button in self.buttons(size):
            hud.draw_button(surface, button, highlight=button.label.endswith("ON"))

    def _draw_calls(self, surface: pygame.Surface, view: Any, positions: np.ndarray) -> None:
        app = self.app
        r = view.length_px(app.table.ball_radius)
        marks = []
        if app.aim.called_ball is not None:
            marks.append(positions[app.aim.called_ball])
        nominated = app.aim.nominated
        if nominated is not None:
            marks.append(positions[nominated])
        for p in marks:
            cx, cy = view.to_screen(float(p[0]), float(p[1]))
            pygame.draw.circle(surface, hud.ACCENT, (round(cx), round(cy)), round(r + 5), 2)
        if app.aim.called_pocket is not None:
            pocket = next(p for p in app.table.pockets if p.name == app.aim.called_pocket)
            cx, cy = view.to_screen(pocket.x, pocket.y)
            pygame.draw.circle(
                surface,
                hud.ACCENT,
                (round(cx), round(cy)),
                round(view.length_px(pocket.radius) + 6),
                3,
            )


def draw_controls(app: Any, surface: pygame.Surface, layout: dict[str, Any]) -> None:
    """The panel: power meter, tip widget, elevation dial."""
    from sim.constants import MISCUE_LIMIT

    pygame.draw.rect(surface, hud.PANEL, layout["panel"])
    pygame.draw.line(surface, hud.PANEL_EDGE, layout["panel"].topleft, layout["panel"].topright)
    hud.draw_power(surface, layout["power"], app.aim.power)
    hud.draw_tip(surface, layout["tip"], app.aim.a, app.aim.b, MISCUE_LIMIT)
    hud.draw_elevation(surface, layout["elevation"], app.aim.theta_deg)


# ---------------------------------------------------------------------- playback


class PlaybackMode(Mode):
    """The shot played back from its samples; S slow motion, Enter / Esc skip."""

    def __init__(self, app: Any, resume: Mode | None = None) -> None:
        super().__init__(app)
        self.resume = resume

    @property
    def allows_global_keys(self) -> bool:  # type: ignore[override]
        return False

    def handle(self, event: pygame.event.Event) -> None:
        playback = self.app.playback
        if playback is None:
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_s:
                playback.slow = not playback.slow
            elif event.key in (pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.app.finish_playback()
            elif event.key == pygame.K_q:
                self.app.request_quit()
            elif event.key == pygame.K_d and not playback.replay:
                self.app.finish_playback()
                open_foul_menu(self.app)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.app.finish_playback()

    def update(self, dt: float) -> None:
        from render.app import SLOW_MOTION

        playback = self.app.playback
        if playback is None:
            return
        before = playback.t
        start_pos, _ = playback.positions()
        step = dt * (SLOW_MOTION if playback.slow else 1.0)
        playback.t = min(playback.duration, playback.t + step)
        end_pos, _ = playback.positions()
        self.app.roll_balls(end_pos - start_pos)
        for t, speed in playback.clicks:
            if before < t <= playback.t or (before == 0.0 and t == 0.0):
                self.app.sounds.click(speed)
        if playback.done:
            if playback.replay:
                self.app.playback = None
                self.app.mode = self.resume if self.resume is not None else AimMode(self.app)
            else:
                self.app.finish_shot()

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        app.remember_size(surface.get_size())
        playback = app.playback
        if playback is None:
            return
        pos, on = playback.positions()
        draw_scene(app, surface, pos, on)
        layout = app.layout(surface.get_size())
        draw_controls(app, surface, layout)
        label = "Replay" if playback.replay else "Playing"
        speed = " (slow motion)" if playback.slow else ""
        hud.draw_prompt(
            surface, layout["prompt"],
            [
                f"{label}{speed}: {playback.t:4.2f} s of {playback.duration:4.2f} s",
                "S slow motion \u00b7 Enter skip"
                + ("" if playback.replay else " \u00b7 D declare a foul"),
            ],
        )  # fmt: skip


# ---------------------------------------------------------------------- decision


class DecisionMode(Mode):
    """The referee's call with its evidence and the choices offered to the next player."""

    def __init__(self, app: Any, ruling: Any) -> None:
        super().__init__(app)
        self.ruling = ruling
        self.hover = -1
        self.shown_for = 0.0

    @property
    def is_routine(self) -> bool:
        """A legal shot with nothing to decide: the call goes away by itself."""
        game = self.app.game
        return (
            self.ruling is not None
            and not self.ruling.fouls
            and not game.pending_choice
            and not game.is_over
        )

    def update(self, dt: float) -> None:
        self.shown_for += dt
        if self.is_routine and self.shown_for >= AUTO_CONTINUE_S:
            self.app.enter_aim()

    def _labels(self) -> list[tuple[str, str]]:
        game = self.app.game
        extra = [("Declare a foul", "declare")] if self.app.declarable_fouls() else []
        due = self.app.warning_due()
        if due:
            extra.append((f"Warn {' & '.join(game.players[i] for i in due)}", "warn"))
        if game.is_over:
            config = self.app.config
            next_word = "frame" if config.game == "snooker" else "rack"
            return [(f"Next {next_word}", "next_rack"), *extra]
        if game.pending_choice:
            choices = [(_choice_label(c), f"choice:{c.value}") for c in game.pending_choice]
            return choices + extra
        return [("Continue", "continue"), *extra]

    def info(self, surface_rect: pygame.Rect) -> tuple[pygame.Rect, hud.RulingInfo]:
        app = self.app
        game = app.game
        players = tuple(game.players)
        names = app.ball_names
        ruling = self.ruling
        if ruling is not None:
            headline = (
                "Foul" if ruling.fouls else ("Game over" if ruling.frame_over else "Legal shot")
            )
            fouls = tuple(
                f"{f.message}" + (f" ({f.evidence})" if f.evidence else "") for f in ruling.fouls
            )
            body = [ruling.reason] if ruling.reason else []
            summary = ruling.summary(players, names).splitlines()
            for line in summary[1:]:
                stripped = line.strip()
                if any(stripped.startswith(f.message) for f in ruling.fouls):
                    continue
                body.append(stripped)
        else:
            headline = "Game over" if game.is_over else f"{players[game.to_play]} to choose"
            fouls = ()
            body = [game.last_reason] if game.last_reason else []
            if game.pending_choice:
                body.append(
                    f"{players[game.to_play]} chooses: "
                    + "; or ".join(c.words for c in game.pending_choice)
                )
        if game.is_over:
            winner = game.winner
            body.append(
                f"{app.config.sides[winner]} wins this "
                f"{'frame' if app.config.game == 'snooker' else 'rack'}."
                if winner is not None
                else "No winner."
            )
        due = app.warning_due()
        if due:
            names = " and ".join(players[i] for i in due)
            body.append(
                f"{names}: two fouls in a row, not warned yet. Warned (W), a third foul in a row "
                "loses the rack; unwarned, the count stays at two."
            )
        info = hud.RulingInfo(headline, tuple(b for b in body if b), fouls)
        labels = self._labels()
        panel = hud.ruling_panel_rect(surface_rect, info, button_row=bool(labels))
        buttons = hud.layout_buttons(panel, labels)
        # The foul button answers to D, like everywhere else, rather than to its number.
        letters = {"declare": "D", "warn": "W"}
        buttons = tuple(
            dataclasses.replace(b, hotkey=letters[b.action]) if b.action in letters else b
            for b in buttons
        )
        return panel, replace_buttons(info, buttons)

    def _act(self, action: str) -> None:
        app = self.app
        if action == "next_rack":
            app.next_rack()
        elif action == "continue":
            app.enter_aim()
        elif action.startswith("choice:"):
            value = action.partition(":")[2]
            choice = next(c for c in app.game.pending_choice if c.value == value)
            app.choose(choice)
        elif action == "declare":
            open_foul_menu(app)
        elif action == "warn":
            app.give_warning()

    def handle(self, event: pygame.event.Event) -> None:
        size = self.app.size_hint()
        _panel, info = self.info(self.app.layout(size)["table"])
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for button in info.buttons:
                if button.hit(event.pos):
                    self._act(button.action)
                    return
        elif event.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, b in enumerate(info.buttons) if b.hit(event.pos)), -1)
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and info.buttons:
                self._act(info.buttons[0].action)
            elif event.key == pygame.K_d:
                open_foul_menu(self.app)
            elif event.key == pygame.K_w and self.app.warning_due():
                self.app.give_warning()
            elif pygame.K_1 <= event.key <= pygame.K_9:
                k = event.key - pygame.K_1
                if k < len(info.buttons) and info.buttons[k].action not in ("declare", "warn"):
                    self._act(info.buttons[k].action)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        app.remember_size(surface.get_size())
        draw_scene(app, surface)
        layout = app.layout(surface.get_size())
        draw_controls(app, surface, layout)
        panel, info = self.info(layout["table"])
        hud.draw_ruling(surface, panel, info, hover=self.hover)


def replace_buttons(info: hud.RulingInfo, buttons: tuple[Button, ...]) -> hud.RulingInfo:
    return hud.RulingInfo(info.headline, info.lines, info.fouls, buttons)


def _choice_label(choice: Any) -> str:
    labels = {
        "accept_table": "Accept the table",
        "hand_back": "Hand it back",
        "rerack_and_break": "Re-rack, I break",
        "rerack_opponent_breaks": "Re-rack, you break",
        "spot_eight_and_play": "Spot the 8 and play",
        "take_ball_in_hand": "Ball in hand",
        "replace_and_replay": "Replace the balls",
    }
    return labels.get(choice.value, choice.value.replace("_", " ").capitalize())


class GameOverMode(DecisionMode):
    """A finished rack / frame shown after loading or undoing (no ruling at hand)."""

    def __init__(self, app: Any) -> None:
        super().__init__(app, None)


class MatchOverMode(Mode):
    """The match is won: the final score; a new match or quit."""

    def _buttons(self, size: tuple[int, int]) -> list[Button]:
        w, h = size
        return [
            Button(
                pygame.Rect(w // 2 - 230, h // 2 + 40, 210, 44), "New match", "new", hotkey="Enter"
            ),
            Button(pygame.Rect(w // 2 + 20, h // 2 + 40, 210, 44), "Quit", "quit", hotkey="Q"),
        ]

    def _act(self, action: str) -> None:
        app = self.app
        if action == "new":
            config = app.config
            app.start_match(dataclasses.replace(config, seed=config.seed + 1000))
        else:
            app.request_quit()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for button in self._buttons(self.app.size_hint()):
                if button.hit(event.pos):
                    self._act(button.action)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._act("new")

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        app.remember_size(surface.get_size())
        draw_scene(app, surface)
        w, h = surface.get_size()
        box = pygame.Rect(0, 0, 560, 200)
        box.center = (w // 2, h // 2)
        players = app.config.sides
        score = " - ".join(str(x) for x in app.score.wins)
        hud.draw_banner(
            surface,
            box,
            f"{players[app.match_winner]} wins the match",
            [f"{' v '.join(players)}: {score}"],
        )
        for button in self._buttons((w, h)):
            hud.draw_button(surface, button)


# ---------------------------------------------------------------------- declared fouls

#: The fouls a 2-D simulator cannot see, in a player's words, by ``rules.DeclaredFoul`` code (and
#: the snooker referee's own codes); a code missing here is shown with its underscores as spaces.
FOUL_WORDS = {
    "foot_off_floor": "No foot on the floor at the strike",
    "ball_touched": "A ball touched or moved (hand, cue, clothing)",
    "double_hit": "Double hit / push shot",
    "cue_on_table": "Cue laid on the table to sight a line",
    "out_of_turn": "Played out of turn",
    "slow_play": "Shot clock exceeded",
    "played_object_ball": "Struck an object ball, not the cue ball",
    "cue_ball_moved_while_positioning": "Cue ball hit a ball while being placed",
    "full_pocket": "Cue ball touched a ball in a full pocket",
    "jump_with_draw": "Cue ball jumped by a hit below centre",
    "balls_moving": "Played while a ball was still moving",
    "bad_placement": "Cue ball in hand played from outside the zone",
    "jump_shot": "Jump shot (the cue ball jumped a ball)",
    "push_stroke": "Push stroke",
    "ball_misplaced": "Played while a ball was wrongly spotted",
    "used_ball_off_table": "Used a ball off the table (to measure, ...)",
}
#: Height of one row of the foul menu, px.
FOUL_ROW_H = 32
#: The foul menu's explanation, under its title.
FOUL_MENU_LINES = (
    "Fouls the table cannot see: the referee judges the shot again with the one picked.",
    "Click it or press its number (arrows and Enter); pick it again to withdraw it. Esc closes.",
)


def foul_words(code: str) -> str:
    """A declarable foul's code in a player's words (see ``FOUL_WORDS``)."""
    return FOUL_WORDS.get(code, code.replace("_", " ").capitalize())


def open_foul_menu(app: Any) -> None:
    """Show the list of declarable fouls over the current mode, or say why there is none."""
    if not app.declarable_fouls():
        app.say("No shot to declare a foul on: fouls are declared on the last shot.")
        return
    app.mode = DeclareFoulMode(app, app.mode)


class DeclareFoulMode(Mode):
    """A list of the fouls the engine cannot see (``Game.declarable_fouls``): the opponent or
    the referee picks the one committed on the last shot (a click, its number, or the arrows and
    Enter); the App judges the shot again with it (``App.declare_foul``). A foul already
    declared is marked and picking it again withdraws it. Esc or D closes the list."""

    allows_global_keys = False

    def __init__(self, app: Any, resume: Mode) -> None:
        super().__init__(app)
        self.resume = resume
        self.selected = 0

    def entries(self) -> list[tuple[str, str, bool]]:
        """(code, words, already declared) of each foul offered."""
        shot = self.app.foul_shot()
        declared = shot.declaration.declared_fouls if shot is not None else frozenset()
        return [
            (code, foul_words(code), code in declared) for code, _ in self.app.declarable_fouls()
        ]

    def layout(self, size: tuple[int, int]) -> tuple[pygame.Rect, list[Button]]:
        """The menu's box and one button per foul, centred in a window of ``size`` px."""
        rows = [
            (
                words + ("  - DECLARED" if declared else ""),
                f"foul:{code}",
                str(i + 1) if i < 9 else "",
            )
            for i, (code, words, declared) in enumerate(self.entries())
        ]
        box, buttons = hud.list_box(size, FOUL_MENU_LINES, rows, row_h=FOUL_ROW_H)
        return box, list(buttons)

    def close(self) -> None:
        if isinstance(self.resume, DecisionMode):
            self.resume.shown_for = 0.0  # a routine call stays up its full time again
        self.app.mode = self.resume

    def pick(self, index: int) -> None:
        entries = self.entries()
        if not 0 <= index < len(entries):
            return
        if not self.app.declare_foul(entries[index][0]):
            self.close()

    def handle(self, event: pygame.event.Event) -> None:
        box, rows = self.layout(self.app.size_hint())
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_d):
                self.close()
            elif event.key == pygame.K_UP:
                self.selected = (self.selected - 1) % len(rows)
            elif event.key == pygame.K_DOWN:
                self.selected = (self.selected + 1) % len(rows)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.pick(self.selected)
            elif pygame.K_1 <= event.key <= pygame.K_9:
                self.pick(event.key - pygame.K_1)
            elif event.key == pygame.K_q:
                self.app.request_quit()
        elif event.type == pygame.MOUSEMOTION:
            hit = next((i for i, row in enumerate(rows) if row.hit(event.pos)), None)
            if hit is not None:
                self.selected = hit
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = next((i for i, row in enumerate(rows) if row.hit(event.pos)), None)
            if hit is not None:
                self.pick(hit)
            elif not box.collidepoint(event.pos):
                self.close()

    def draw(self, surface: pygame.Surface) -> None:
        self.app.remember_size(surface.get_size())
        self.resume.draw(surface)
        box, rows = self.layout(surface.get_size())
        shot = self.app.foul_shot()
        shooter = ""
        if shot is not None:
            shooter = f" by {shot.before_game.players[shot.before_game.to_play]}"
        hud.draw_banner(
            surface,
            box,
            f"Declare a foul on the last shot{shooter}",
            FOUL_MENU_LINES,
        )
        for i, row in enumerate(rows):
            hud.draw_button(surface, row, highlight=i == self.selected or "DECLARED" in row.label)


# ---------------------------------------------------------------------- menus and confirmations


class ChoiceMode(Mode):
    """A small menu over the current mode: a title, a few lines, and options picked with the
    mouse or their number keys; Esc cancels. With ``confirm`` it is a yes/no question: Y or
    Enter takes the first option, N cancels."""

    allows_global_keys = False

    def __init__(
        self,
        app: Any,
        resume: Mode,
        title: str,
        lines: tuple[str, ...],
        options: list[tuple[str, Callable[[], Any]]],
        *,
        confirm: bool = False,
    ) -> None:
        super().__init__(app)
        self.resume = resume
        self.title = title
        self.lines = lines
        self.options = options
        self.confirm = confirm
        self.hover = -1

    def layout(self, size: tuple[int, int]) -> tuple[pygame.Rect, tuple[Button, ...]]:
        rows = [(label, f"option:{i}", str(i + 1)) for i, (label, _) in enumerate(self.options)]
        if self.confirm:
            rows[0] = (rows[0][0], rows[0][1], "Y")
        rows.append(("Cancel" if not self.confirm else "No, go back", "cancel", "Esc"))
        return hud.list_box(size, self.lines, rows, width=560, row_h=40)

    def cancel(self) -> None:
        self.app.mode = self.resume

    def pick(self, index: int) -> None:
        if 0 <= index < len(self.options):
            self.app.mode = self.resume
            self.options[index][1]()

    def handle(self, event: pygame.event.Event) -> None:
        _box, buttons = self.layout(self.app.size_hint())
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE or (self.confirm and event.key == pygame.K_n):
                self.cancel()
            elif self.confirm and event.key in (pygame.K_y, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.pick(0)
            elif not self.confirm and pygame.K_1 <= event.key <= pygame.K_9:
                self.pick(event.key - pygame.K_1)
        elif event.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, b in enumerate(buttons) if b.hit(event.pos)), -1)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for button in buttons:
                if button.hit(event.pos):
                    if button.action == "cancel":
                        self.cancel()
                    else:
                        self.pick(int(button.action.partition(":")[2]))
                    return

    def draw(self, surface: pygame.Surface) -> None:
        self.app.remember_size(surface.get_size())
        self.resume.draw(surface)
        box, buttons = self.layout(surface.get_size())
        hud.draw_banner(surface, box, self.title, self.lines)
        for i, button in enumerate(buttons):
            hud.draw_button(surface, button, highlight=i == self.hover)


def open_frame_menu(app: Any) -> None:
    """Snooker: concede the frame (either side) or declare a stalemate, each then confirmed."""
    game = app.game
    if app.config.game != "snooker" or game.is_over:
        return
    aim = app.mode
    sides = app.config.sides
    n = len(game.players)

    def conceder(side: int) -> int:
        # The player of ``side`` at the table, or the next of that side to come to it.
        return next(p for p in (game.to_play + k for k in range(n)) if p % n % 2 == side) % n

    def ask_concede(side: int) -> None:
        other = sides[1 - side]
        wins = list(app.score.wins)
        wins[1 - side] += 1
        app.mode = ChoiceMode(
            app, aim, f"{sides[side]} concedes the frame?",
            (
                f"The frame ends and {other} wins it (match score then "
                f"{' - '.join(map(str, wins))}). U undoes it.",
            ),
            [(f"Yes: {sides[side]} concedes", lambda: app.concede(conceder(side)))],
            confirm=True,
        )  # fmt: skip

    def ask_stalemate() -> None:
        breaker = game.players[game.breaker]
        app.mode = ChoiceMode(
            app, aim, "Declare a stalemate?",
            (
                "Both players agree neither can make progress: the frame is void and racked "
                f"again, {breaker} breaking off; the match score does not change. U undoes it.",
            ),
            [("Yes: re-rack the frame", app.declare_stalemate)],
            confirm=True,
        )  # fmt: skip

    remaining = game.points_remaining()
    app.mode = ChoiceMode(
        app, aim, "Concede or re-rack this frame",
        (f"Score {game.score[0]} - {game.score[1]}, {remaining} points remaining.",),
        [
            (f"{sides[0]} concedes the frame", lambda: ask_concede(0)),
            (f"{sides[1]} concedes the frame", lambda: ask_concede(1)),
            ("Stalemate: re-rack, the same player breaks", ask_stalemate),
        ],
    )  # fmt: skip


# ---------------------------------------------------------------------- overlays


def handle_quit_confirmation(app: Any, event: pygame.event.Event) -> None:
    """Y / Enter quits; N / Esc goes back to the game."""
    if event.type != pygame.KEYDOWN:
        return
    if event.key in (pygame.K_y, pygame.K_RETURN, pygame.K_KP_ENTER):
        app.running = False
    elif event.key in (pygame.K_n, pygame.K_ESCAPE):
        app.confirm_quit = False


def draw_quit_confirmation(app: Any, surface: pygame.Surface) -> None:
    w, h = surface.get_size()
    box = pygame.Rect(0, 0, 520, 150)
    box.center = (w // 2, h // 2)
    hud.draw_banner(
        surface,
        box,
        "Quit cuesim?",
        ["Y: quit (save first with Ctrl+S) \u00b7 N: back to the game"],
    )


#: Every key and mouse action of the window, for the help overlay (H or F1).
HELP_LINES = (
    "Aim: the pointer over the table; Left/Right arrows 0.1\u00b0 (Shift 1\u00b0);"
    " right-click locks the aim",
    "Shoot: click the table, Space or Enter, or the Shoot button",
    "Power: Up/Down, +/-, the mouse wheel, or drag the power bar \u00b7 Elevation:"
    " Page Up/Down or [ ] (Shift 5\u00b0)",
    "Spin: click or drag on the white ball widget, or the keys I/J/K/L",
    "Ball in hand: drag the cue ball, or click a spot inside the shaded zone, then Space",
    "8-ball: click the ball, then the pocket, to call the shot \u00b7 F safety \u00b7 C call again",
    "9-ball: P push-out \u00b7 W warn the player with two fouls (when the players warn; also on"
    " the referee's call)",
    "Snooker: N then click a ball to nominate, or keys 2-7 by value \u00b7 B free ball \u00b7"
    " Esc stops nominating \u00b7 X concede or re-rack the frame",
    "D: declare a foul the table cannot see (double hit, foot off the floor...) on the last shot",
    "Playback: S slow motion \u00b7 Enter, Space, Esc or a click skips \u00b7 D declare a foul",
    "Referee's call: click a button, Enter or Space for the first, 1-9 by its number",
    "Lists and questions: click, or the number (arrows and Enter); Y yes; N or Esc back",
    "G ghost ball and lines \u00b7 R replay the last shot \u00b7 U or Ctrl+Z undo",
    "Ctrl+S save \u00b7 Ctrl+O load \u00b7 H or F1 this help \u00b7 Q quit (Y or Enter confirms)",
    "Start screen: click a box and type a name, Tab next box, Backspace, Enter starts",
)


def help_box(size: tuple[int, int]) -> pygame.Rect:
    """Where the help overlay goes in a window of ``size`` px: centred, tall enough for the
    wrapped lines."""
    w, h = size
    width = min(820, w - 40)
    rows = sum(len(hud._wrap(line, 22, width - 40)) for line in HELP_LINES)
    box = pygame.Rect(0, 0, width, 62 + 22 * rows + 18)
    box.center = (w // 2, h // 2)
    box.top = max(box.top, 4)
    return box


def draw_help(app: Any, surface: pygame.Surface) -> None:
    """The help overlay: every key and mouse action (``HELP_LINES``)."""
    box = help_box(surface.get_size())
    hud.draw_banner(surface, box, "Keys and mouse (H to close)", HELP_LINES)


# ---------------------------------------------------------------------- sounds


CLICK_WAV = Path(__file__).resolve().parent.parent / "assets" / "ball_click.wav"


def synthesize_click(path: Path, rate: int = 22050) -> Path:
    """Write a short ball-on-ball click (a damped 2.6 kHz + 4.1 kHz partial pair, 40 ms) as a
    16-bit mono WAV at ``path``; returns the path."""
    t = np.arange(int(rate * 0.04)) / rate
    envelope = np.exp(-t / 0.006)
    signal = envelope * (0.7 * np.sin(2 * np.pi * 2600 * t) + 0.3 * np.sin(2 * np.pi * 4100 * t))
    attack = np.minimum(1.0, t / 0.0004)
    samples = (signal * attack * 0.8 * 32767).astype(np.int16)
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(samples.tobytes())
    return path


class Sounds:
    """Ball clicks during playback; silent when the mixer is missing or sound is off."""

    def __init__(self, enabled: bool) -> None:
        self.sound: Any = None
        if not enabled:
            return
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=1)
            path = CLICK_WAV if CLICK_WAV.exists() else synthesize_click(CLICK_WAV)
            self.sound = pygame.mixer.Sound(str(path))
        except (pygame.error, OSError):
            self.sound = None

    def click(self, speed: float) -> None:
        if self.sound is None:
            return
        self.sound.set_volume(min(1.0, 0.15 + speed / 4.0))
        self.sound.play()


# ---------------------------------------------------------------------- scripted input


@dataclass
class ScriptPlayer:
    """Feeds scripted input to a running App (for tests under a virtual display).

    One command per line; ``#`` starts a comment:

    - ``wait SECONDS``: let the window run that long;
    - ``until MODE``: wait until the App's mode has that name ("aim", "decision"...);
    - ``key NAME``: press and release a key (pygame key name: "space", "return", "g"...),
      with modifiers as ``ctrl+s`` or ``shift+left``;
    - ``move X Y`` / ``click X Y``: move the pointer / left-click at a window position, px;
    - ``aim DEGREES`` / ``power FRACTION``: set the aim / power directly;
    - ``shot PATH``: save the window's surface as a PNG;
    - ``quit``: quit without confirmation.
    """

    commands: list[list[str]]
    waiting_until: float = 0.0
    clock: float = 0.0

    @classmethod
    def from_file(cls, path: str | Any) -> ScriptPlayer:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
        commands = [shlex.split(line.split("#", 1)[0]) for line in lines]
        return cls([c for c in commands if c])

    def step(self, app: Any, screen: pygame.Surface, dt: float = 1 / 60) -> None:
        self.clock += dt
        while self.commands and self.clock >= self.waiting_until:
            command, *args = self.commands[0]
            if command == "until" and app.mode.name != args[0]:
                return
            self.commands.pop(0)
            if command == "wait":
                self.waiting_until = self.clock + float(args[0])
            elif command == "key":
                *mods, name = args[0].split("+")
                mod = 0
                for m in mods:
                    mod |= {"ctrl": pygame.KMOD_CTRL, "shift": pygame.KMOD_SHIFT}[m.lower()]
                key = pygame.key.key_code(name)
                for kind in (pygame.KEYDOWN, pygame.KEYUP):
                    app.handle(pygame.event.Event(kind, key=key, mod=mod, unicode="", scancode=0))
            elif command in ("move", "click"):
                pos = (int(args[0]), int(args[1]))
                app.handle(
                    pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
                )
                if command == "click":
                    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
                    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
            elif command == "aim":
                app.aim.phi_deg = float(args[0])
                app.aim.locked = True
            elif command == "power":
                app.aim.power = (
                    speed_to_power(float(args[0]))
                    if len(args) > 1 and args[1] == "mps"
                    else float(args[0])
                )
            elif command == "shot":
                app.draw(screen)
                pygame.image.save(screen, args[0])
            elif command == "quit":
                app.running = False
