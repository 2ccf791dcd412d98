"""The computer's turn: it thinks off the frame loop, shows its aim and its call for a moment,
then plays through the normal playback; a choice or a concession is shown as a call the
player reads before it is made.

Phases: ``thinking`` (``render.computer.Thinking`` searches in its thread; the window sleeps
until it ends, woken by :data:`WAKE_EVENT`), ``showing`` (a shot: its aim line, cue, power and
spin and its words, :data:`SHOW_S`), ``telling`` (a choice or a concession: a banner with its
words, :data:`TELL_S`). Any key or a click ends ``showing`` or ``telling`` at once; Esc pauses
the match (a menu over the turn: nothing is played while it is open); D declares a foul on the
last shot first (``render.modes.fouls``). A result for a position
that is no longer the game's (an undo, a load) is dropped and the search started again.
"""

from __future__ import annotations

import numpy as np
import pygame

import agents
from render import aim_drawing, draw, hud, palette, typeset
from render.aiming import AimState, guide_lines, speed_to_power
from render.computer import Thinking, level_to_act, search_seed
from render.host import Host
from render.keys import Action, Context, action_for
from render.layout import least_covering_place
from render.modes.base import Mode, ball_squares, draw_controls
from render.modes.fouls import open_foul_menu
from render.modes.menus import ChoiceMode
from render.preview import PreviewCache, preview_for_aim
from render.scoreboard import score_info
from render.view import View
from render.words import call_words, choice_label
from rules.wording import ball_words

#: Seconds the computer's aim and call stay on screen before its shot is played.
SHOW_S = 1.2
#: Seconds the computer's choice or concession stays on screen before it is made.
TELL_S = 4.0
#: The pygame event a finished search posts, so a sleeping frame loop wakes to show it.
WAKE_EVENT = pygame.event.custom_type()


def wake_window() -> None:
    """Post :data:`WAKE_EVENT` (called from the search's thread; SDL's queue is thread-safe)."""
    if pygame.display.get_init():
        pygame.event.post(pygame.event.Event(WAKE_EVENT))


def aim_of_move(move: agents.Move, keep: AimState) -> AimState:
    """The aim a person would have set to play ``move`` (a shot): its intended direction,
    power, spin and elevation, its cue ball in hand and its declaration; ``keep``'s cue ball
    spot when the move places none."""
    strike = move.intended or move.strike
    assert strike is not None
    aim = AimState(
        phi_deg=float(strike.phi), power=speed_to_power(float(strike.speed)),
        a=float(strike.a), b=float(strike.b), theta_deg=float(strike.theta),
        cue_xy=move.cue_ball_at if move.cue_ball_at is not None else keep.cue_xy,
    )  # fmt: skip
    declaration = move.declaration
    if declaration is not None:
        aim.called_ball, aim.called_pocket = declaration.called_ball, declaration.called_pocket
        aim.nominated, aim.push_out = declaration.nominated, declaration.push_out
        aim.safety, aim.free_ball = declaration.safety, declaration.free_ball
    return aim


class ComputerTurnMode(Mode):
    """The computer acts for the player to act (see the module docstring)."""

    context = Context.COMPUTER
    history_opens_over = True
    shows_last_call = True

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.phase = "thinking"
        self.shown_for = 0.0
        self.move: agents.Move | None = None
        #: What went wrong (the search failed, the move was refused), shown until an undo.
        self.problem: str | None = None
        #: The engine's paths of the shot shown (computed once: the aim stays as it is).
        self.previews = PreviewCache()
        #: The banner of its choice or concession, by the window size it was placed in (the
        #: balls stay still while it is told, so one placement serves every frame).
        self._told_at: tuple[tuple[int, int], pygame.Rect] | None = None
        self.thinking = self._think()

    def _think(self) -> Thinking:
        session = self.host.session
        config = session.match_config
        level = level_to_act(config, session.game) or config.seat_levels[0] or "pro"
        return Thinking(session.game, level, search_seed(config), wake_window)

    @property
    def name(self) -> str:
        game = self.host.session.game
        return str(game.players[game.to_play])

    @property
    def animates(self) -> bool:
        """Whether the next frame differs with no input: the aim or the call on screen for a
        while (the thinking screen is still: the search's end wakes the loop)."""
        return self.phase in ("showing", "telling")

    # -- time
    def update(self, dt: float) -> None:
        if self.problem is not None:
            return
        if self.phase == "thinking":
            self._collect()
            return
        self.shown_for += dt
        if self.shown_for >= (SHOW_S if self.phase == "showing" else TELL_S):
            self.act()

    def _collect(self) -> None:
        """The search's move, once it has ended: shown (a shot) or told (a choice or a
        concession); a search of another position is started again."""
        game = self.host.session.game
        if self.thinking.game is not game:
            self.thinking = self._think()
            return
        if not self.thinking.done:
            return
        if self.thinking.error is not None:
            self.problem = f"{self.name}: {self.thinking.error}"
            return
        move = self.thinking.move_for(game)
        assert move is not None
        self.move, self.shown_for, self._told_at = move, 0.0, None
        if move.kind is agents.MoveKind.SHOT:
            self.host.aim = aim_of_move(move, self.host.aim)
            self.phase = "showing"
        else:
            self.phase = "telling"

    def act(self) -> None:
        """Make the move shown now: play the shot, take the choice, concede."""
        move, host = self.move, self.host
        if move is None or self.problem is not None:
            return
        if move.kind is agents.MoveKind.SHOT:
            if not host.play_computer_shot(move):
                self.problem = f"{self.name}'s shot was refused (the message says why)."
        elif move.kind is agents.MoveKind.CHOICE:
            assert move.choice is not None
            host.choose(move.choice)
        else:
            host.concede(int(host.session.game.to_play))

    # -- input
    def handle(self, event: pygame.event.Event) -> None:
        action = action_for(Context.COMPUTER, event)
        if action == Action.PAUSE:
            self.pause()
        elif action == Action.DECLARE:  # a foul on the last shot, before the computer plays on
            open_foul_menu(self.host)
        elif event.type not in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            return
        elif self.problem is not None:  # the search failed: search again
            self.problem, self.phase, self.move = None, "thinking", None
            self.thinking = self._think()
        elif self.phase != "thinking":
            self.act()

    def pause(self) -> None:
        """Esc: the match waits under a menu until the player resumes it."""
        host = self.host
        host.mode = ChoiceMode(
            host, self, "Paused",
            (f"{self.name}'s turn waits. Resume, or quit the window.",),
            [("Resume", lambda: None), ("Quit", host.request_quit)],
        )  # fmt: skip

    # -- words
    def prompt_lines(self) -> list[str]:
        if self.problem is not None:
            return [self.problem, "Any key searches again \u00b7 U undoes \u00b7 Ctrl+S saves"]
        if self.phase == "thinking":
            return [f"{self.name} is thinking...", "Esc pauses \u00b7 U undoes \u00b7 H help"]
        move = self.move
        assert move is not None
        lines = [f"{self.name}: {move.explain}."]
        lines += self.declaration_words()
        lines.append("Any key or a click plays it now \u00b7 Esc pauses")
        return lines

    def declaration_words(self) -> list[str]:
        """The call, nomination, free ball, safety or push-out of the shot shown, in words."""
        move, game = self.move, self.host.session.game
        declaration = move.declaration if move is not None else None
        if declaration is None:
            return []
        words = []
        if declaration.called_ball is not None and declaration.called_pocket is not None:
            called = call_words(game, declaration.called_ball, declaration.called_pocket)
            words.append(f"Called: {called}.")
        if declaration.safety:
            words.append("Safety announced.")
        if declaration.push_out:
            words.append("Push-out announced.")
        if declaration.nominated is not None:
            prefix = "Free ball" if declaration.free_ball else "Nominated"
            words.append(f"{prefix}: {ball_words(game.ball_names[declaration.nominated])}.")
        return words

    def told(self) -> tuple[str, list[str]]:
        """The banner of a choice or a concession: its title and lines."""
        move, game = self.move, self.host.session.game
        assert move is not None
        if move.kind is agents.MoveKind.CHOICE and move.choice is not None:
            title = f"{self.name} chooses"
            first = choice_label(move.choice, game)
        else:
            title = f"{self.name} concedes the {game.frame_word}"
            first = ""
        explain = move.explain[:1].upper() + move.explain[1:]
        return title, [line for line in (first, explain + ".", "Any key goes on.") if line]

    # -- pixels
    def draw(self, surface: pygame.Surface) -> None:
        host = self.host
        host.remember_size(surface.get_size())
        size = surface.get_size()
        view, table = host.view_for(size), host.table
        surface.blit(host.table_background(size), (0, 0))
        if host.in_hand:
            aim_drawing.draw_zone(surface, view, table, host.zone)
        positions, on = host.current_positions()
        cue = host.cue_xy()
        showing = self.phase == "showing" and self.problem is None
        if showing and cue is not None:
            self._draw_path(surface, view, cue)
        draw.draw_balls(
            surface, view, table, positions, on, host.looks, orientations=host.ball_orientations()
        )
        layout = host.layout(size)
        if showing:
            self._draw_marks(surface, positions)
            if cue is not None:
                clip = surface.get_clip()
                surface.set_clip(layout.table.clip(clip))
                aim_drawing.draw_cue_stick(
                    surface, view, table, cue, host.aim.phi_deg, 0.02 + 0.12 * host.aim.power
                )
                surface.set_clip(clip)
        hud.draw_scoreboard(surface, layout.board, score_info(host.session))
        draw_controls(host, surface, layout)
        hud.draw_prompt(surface, layout.prompt, self.prompt_lines())
        if self.phase == "telling" and self.problem is None:
            title, told = self.told()
            hud.draw_banner(surface, self.telling_box(size), title, told)

    def telling_box(self, size: tuple[int, int]) -> pygame.Rect:
        """Where the banner of its choice or concession goes in a window of ``size`` (px): over
        the table where it hides the fewest balls, centred when it hides none (centred, it hid
        the whole pack of reds)."""
        if self._told_at is not None and self._told_at[0] == size:
            return self._told_at[1]
        table = self.host.layout(size).table
        _title, told = self.told()
        width = min(640, table.width - 40)
        height = 84 + 22 * sum(len(typeset.wrap_text(t, 22, width - 40)) for t in told)
        box = least_covering_place((width, height), table, ball_squares(self.host))
        self._told_at = (size, box)
        return box

    def _draw_path(self, surface: pygame.Surface, view: View, cue: tuple[float, float]) -> None:
        """Where its shot sends the cue ball and the first ball it meets, as the engine plays
        the aimed shot (``render.preview``: spin, squirt and throw included, so a shot with side
        is drawn where it goes, not along the cue's line); the ghost ball's straight lines when
        the engine refuses it."""
        host = self.host
        game, table = host.session.game, host.table
        preview = preview_for_aim(game, host.aim, self.previews)
        if preview is not None:
            aim_drawing.draw_preview(
                surface, view, table, preview.cue_path, preview.object_path, preview.contact_xy,
                meets=preview.meets,
            )  # fmt: skip
            return
        contact = host.aim_contact()
        if contact is None:
            return
        lines = guide_lines(game, host.aim, contact)
        aim_drawing.draw_aim(
            surface, view, table, cue, host.aim.phi_deg, ghost_xy=contact.ghost,
            end_xy=contact.ghost,
            object_path=lines.object_path if lines is not None else None,
            tangent_path=lines.tangent_path if lines is not None else None,
        )  # fmt: skip

    def _draw_marks(self, surface: pygame.Surface, positions: np.ndarray) -> None:
        """Rings round the called or nominated ball and the called pocket (``positions``: the
        (n, 2) ball centres drawn, m)."""
        host = self.host
        view = host.view_for(surface.get_size())
        aim = host.aim
        r = view.length_px(float(host.table.ball_radius))
        for ball in (aim.called_ball, aim.nominated):
            if ball is not None:
                x, y = positions[ball]
                cx, cy = view.to_screen(float(x), float(y))
                pygame.draw.circle(surface, palette.ACCENT, (round(cx), round(cy)), round(r + 5), 2)
        if aim.called_pocket is not None:
            pocket = next(p for p in host.table.pockets if p.name == aim.called_pocket)
            cx, cy = view.to_screen(pocket.x, pocket.y)
            radius = round(view.length_px(pocket.radius) + 6)
            pygame.draw.circle(surface, palette.ACCENT, (round(cx), round(cy)), radius, 3)
