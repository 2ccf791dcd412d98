"""Playback: the shot played back from its samples (never simulated again); S slow motion,
Enter / Space / Esc / a click skip, D declares a foul on it."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

import sim
from render import hud
from render.host import Host, ModeLike
from render.keys import Action, Context, action_for
from render.modes.aim import AimMode
from render.modes.base import Mode, draw_controls, draw_scene
from render.modes.fouls import open_foul_menu
from render.playback import make_playback
from render.sound import SOUND_ACTIONS, sound_key


class PlaybackMode(Mode):
    """The shot played back from its samples; S slow motion, Enter / Esc skip."""

    context = Context.PLAYBACK
    arms_shot_guard = False

    def __init__(
        self, host: Host, resume: ModeLike | None = None, queue: Sequence[sim.ShotResult] = ()
    ) -> None:
        super().__init__(host)
        self.resume = resume
        #: A whole frame's replay: the shots still to play after this one, in order; and how
        #: many it holds in all (0: one shot).
        self.queue = list(queue)
        self.total = len(self.queue) + 1 if self.queue else 0

    allows_global_keys = False

    def handle(self, event: pygame.event.Event) -> None:
        playback = self.host.playback
        if playback is None:
            return
        action = action_for(Context.PLAYBACK, event)
        if action == Action.SLOW:
            playback.slow = not playback.slow
        elif action == Action.SKIP:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.queue.clear()  # Esc stops a frame's replay; Enter goes to its next shot
            self.host.finish_playback()
        elif action == Action.QUIT:
            self.host.request_quit()
        elif action in SOUND_ACTIONS:
            self.host.say(sound_key(self.host.sounds, action))
        elif action == Action.DECLARE and not playback.replay:
            self.host.finish_playback()
            open_foul_menu(self.host)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.host.finish_playback()

    def update(self, dt: float) -> None:
        playback = self.host.playback
        if playback is None:
            return
        before = playback.t
        start_pos, _ = playback.positions()
        step = dt * playback.speed()
        playback.t = min(playback.duration, playback.t + step)
        end_pos, _ = playback.positions()
        self.host.roll_balls(end_pos - start_pos)
        self.host.sounds.play_between(playback.result, before, playback.t)
        if playback.done:
            if playback.replay and self.queue:
                self.host.playback = make_playback(self.queue.pop(0), replay=True)
            elif playback.replay:
                self.host.playback = None
                self.host.mode = self.resume if self.resume is not None else AimMode(self.host)
            else:
                self.host.finish_shot()

    def draw(self, surface: pygame.Surface) -> None:
        host = self.host
        host.remember_size(surface.get_size())
        playback = host.playback
        if playback is None:
            return
        pos, on = playback.positions()
        draw_scene(host, surface, pos, on, playback.heights())
        layout = host.layout(surface.get_size())
        # The controls show the shot being played back (a replay included), not the aim now.
        shot = host.session.last_shot
        strike = shot.strike if shot is not None and shot.result is playback.result else None
        draw_controls(host, surface, layout, strike)
        label = "Replay" if playback.replay else "Playing"
        if self.total:
            label = f"Frame replay, shot {self.total - len(self.queue)} of {self.total}"
        speed = " (slow motion)" if playback.slow else ""
        if playback.airborne() and not playback.slow:
            speed = " (slowed: a ball in the air)"
        hud.draw_prompt(
            surface, layout.prompt,
            [
                f"{label}{speed}: {playback.t:4.2f} s of {playback.duration:4.2f} s",
                "S slow motion \u00b7 Enter skip"
                + ("" if playback.replay else " \u00b7 D declare a foul"),
            ],
        )  # fmt: skip
