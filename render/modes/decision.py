"""The referee's call: the ruling with its evidence, the choices offered to the next player,
"Next rack" when a game is over; a routine legal shot's call goes away by itself."""

from __future__ import annotations

import numpy as np
import pygame

import rules
from render import hud, palette, typeset
from render.call_panel import call_layout
from render.computer import level_to_act
from render.host import Host
from render.keys import Action, Context, action_for
from render.modes.base import Mode, draw_controls, draw_scene
from render.modes.coach import Coach
from render.modes.fouls import open_foul_menu
from render.session import frame_points
from render.widgets import Button
from render.words import choice_label
from rules.wording import player_sentence, player_summary, wins_words

#: Seconds the referee's call on a routine legal shot stays up before play goes on.
AUTO_CONTINUE_S = 2.5
#: Seconds any other call stays up before the computer, next to act, goes on; and the end of a
#: rack / frame the match goes on after when only computers play (nobody to press Enter).
COMPUTER_GOES_ON_S = 6.0


class DecisionMode(Mode):
    """The referee's call with its evidence and the choices offered to the next player."""

    context = Context.DECISION
    history_opens_over = True

    def __init__(self, host: Host, ruling: rules.Ruling | None) -> None:
        super().__init__(host)
        self.ruling = ruling
        if ruling is not None:
            # The call shows the table as the shot left it: the cue ball where it lies (or off
            # the table), not on the spot the shot's ball in hand was placed on; the next
            # turn's aim places its own.
            host.aim.cue_xy = None
        self.hover = -1
        self.shown_for = 0.0
        #: True while the player has hidden the call (V) to see the table under it.
        self.peeking = False
        #: Where the call's text goes in its banner, px (set by ``info``).
        self.text_rect = pygame.Rect(0, 0, 1, 1)
        #: The coach's hint (A) on the choice a person makes here, searched off the frame loop.
        self.coach = Coach(host)

    @property
    def is_routine(self) -> bool:
        """A legal shot with nothing to decide: the call goes away by itself."""
        game = self.host.session.game
        return (
            self.ruling is not None
            and not self.ruling.fouls
            and not game.pending_choice
            and not game.is_over
        )

    @property
    def computer_next(self) -> bool:
        """The computer acts next (to shoot or to choose) after this call of a shot."""
        session = self.host.session
        return self.ruling is not None and level_to_act(session.config, session.game) is not None

    @property
    def only_computers_play(self) -> bool:
        """Every seat is the computer's (a match to watch): a rack / frame that does not decide
        the match leads to the next by itself."""
        config = self.host.session.config
        return config is not None and all(level is not None for level in config.seat_levels)

    @property
    def goes_on_by_itself(self) -> bool:
        """The call goes away by itself: a routine one, any call the computer acts after, and
        the end of a rack / frame when only computers play and the match goes on."""
        over = self.host.session.game.is_over
        return (
            self.is_routine
            or self.computer_next
            or (over and self.only_computers_play and not self.match_decided)
        )

    @property
    def coach_offered(self) -> bool:
        """Whether A asks the coach: a person is to choose between the call's options."""
        game = self.host.session.game
        return bool(game.pending_choice) and not game.is_over and not self.computer_next

    def on_resumed(self) -> None:
        self.shown_for = 0.0  # a routine call stays up its full time again

    def update(self, dt: float) -> None:
        if self.peeking:
            return  # a call put aside to look at the table waits for the player
        self.shown_for += dt
        limit = AUTO_CONTINUE_S if self.is_routine else COMPUTER_GOES_ON_S
        if self.goes_on_by_itself and self.shown_for >= limit:
            if self.host.session.game.is_over:
                self.host.next_rack()
            else:
                self.host.enter_aim()

    @property
    def referee_moves_offered(self) -> bool:
        """Whether "Declare a foul" and "Warn" mean something here: while play goes on, and
        on the call of the very shot that ended the rack / frame (a foul declared on it, say a
        double hit on the winning 9, overturns the result). Not on a finished rack / frame
        shown without its shot's call (loaded, undone to), nor a warning once it is over:
        the next rack / frame starts with no foul counted."""
        return not self.host.session.game.is_over or self.ruling is not None

    def _labels(self) -> list[tuple[str, str]]:
        game = self.host.session.game
        offered = self.referee_moves_offered
        extra = [("Declare a foul", "declare")] if offered and self.host.declarable_fouls() else []
        due = self.host.warning_due() if not game.is_over else ()
        if due:
            extra.append((f"Warn {' & '.join(game.players[i] for i in due)}", "warn"))
        if game.is_over:
            # the rack / frame that wins the match leads to the match's result, not a next one
            if self.match_decided:
                return [("The match's result", "next_rack"), *extra]
            config = self.host.session.match_config
            return [(f"Next {config.game_class.frame_word}", "next_rack"), *extra]
        if game.pending_choice and self.computer_next:  # it makes its choice, shown as a call
            return [(f"Continue: {game.players[game.to_play]} chooses", "continue"), *extra]
        if game.pending_choice:
            choices = [(choice_label(c, game), f"choice:{c.value}") for c in game.pending_choice]
            return choices + extra
        return [("Continue", "continue"), *extra]

    @property
    def match_decided(self) -> bool:
        """The finished rack / frame on the table wins the match (or the match was won)."""
        session = self.host.session
        score, config = session.score, session.match_config
        if session.match_winner is not None:
            return True
        if score is None or not session.game.is_over:
            return False
        after = score.after_game(session.game.winner, frame_points(session.game))
        return after.match_winner(config) is not None

    def over_headline(self) -> str:
        """The title of the call that ends a rack / frame: "Match over" when it wins the match,
        else "Rack over" / "Frame over" (the game's ``frame_word``): the race goes on."""
        frame_word = self.host.session.match_config.game_class.frame_word
        return "Match over" if self.match_decided else f"{frame_word.capitalize()} over"

    def info(self, table: pygame.Rect | None = None) -> tuple[pygame.Rect, hud.RulingInfo]:
        """The call's banner (px) and what it shows, buttons laid out, in the window of the
        last frame drawn (``Host.size_hint``): at the window's bottom edge, over the control
        panel, off ``table`` (the table area) as far as the call's length allows
        (``render.call_panel``)."""
        host = self.host
        game = host.session.game
        players = tuple(game.players)
        names = host.ball_names
        ruling = self.ruling
        frame_word = host.session.match_config.game_class.frame_word
        over = self.over_headline()
        if ruling is not None:
            # A call without a foul that still leaves a choice (an illegal 8-ball break) is no
            # "Legal shot": it says who decides, and stays up like every call to decide.
            chooser = f"{players[game.to_play]} to choose" if game.pending_choice else ""
            headline = "Foul" if ruling.fouls else (over if ruling.frame_over else chooser)
            if ruling.frame_over and self.match_decided:
                headline = over  # "Match over" says more than "Foul" (the fouls are listed)
            headline = headline or "Legal shot"
            # The player's words (rules.wording): English clauses, pockets as drawn, no log rows;
            # the winner of the rack / frame said once, there.
            summary = player_summary(ruling, players, names, frame_word, game.table.spots)
            fouls = summary[1 : 1 + len(ruling.fouls)]
            body = [summary[0], *summary[1 + len(ruling.fouls) :]]
        else:
            headline = over if game.is_over else f"{players[game.to_play]} to choose"
            fouls = ()
            body = [player_sentence(game.last_reason)] if game.last_reason else []
            if game.pending_choice:
                body.append(
                    f"{players[game.to_play]} chooses: "
                    + "; or ".join(c.words_in(game.choice_context) for c in game.pending_choice)
                )
        winner = game.winner
        if game.is_over and winner is not None and self.match_decided:
            sides = host.session.match_config.sides
            body.append(f"{wins_words(sides[winner])} the match.")
        if game.is_over and not (ruling is not None and ruling.frame_over):
            body.append(
                f"{wins_words(host.session.match_config.sides[winner])} this {frame_word}."
                if winner is not None
                else "No winner."
            )
        due = host.warning_due() if not game.is_over else ()
        if due:
            due_names = " and ".join(players[i] for i in due)
            body.append(
                f"{due_names}: two fouls in a row, not warned yet. Warned (W), a third foul in a "
                "row loses the rack; unwarned, the count stays at two."
            )
        info = hud.RulingInfo(headline, tuple(b for b in body if b), fouls)
        size = host.size_hint()
        banner, self.text_rect, buttons = call_layout(
            host.layout(size), info, self._labels(), self._ball_squares(size)
        )
        return banner, replace_buttons(info, buttons)

    def _ball_squares(self, size: tuple[int, int]) -> list[pygame.Rect]:
        """The squares (px) of the balls on the table as the call shows them."""
        host = self.host
        view = host.view_for(size)
        positions, on = host.current_positions()
        r = view.length_px(float(host.table.ball_radius))
        out = []
        for i in np.flatnonzero(on):
            x, y = view.to_screen(float(positions[i][0]), float(positions[i][1]))
            out.append(pygame.Rect(round(x - r), round(y - r), round(2 * r) + 1, round(2 * r) + 1))
        return out

    def press(self, action: str) -> None:
        """Do what the button of ``action`` does (next rack, continue, a choice, declare a foul,
        warn): what a click on it, Enter on the first or its number key does."""
        host = self.host
        if action == "next_rack":
            host.next_rack()
        elif action == "continue":
            host.enter_aim()
        elif action.startswith("choice:"):
            value = action.partition(":")[2]
            choice = next(c for c in host.session.game.pending_choice if c.value == value)
            host.choose(choice)
        elif action == Action.DECLARE:
            open_foul_menu(host)
        elif action == Action.WARN:
            host.give_warning()

    def handle(self, event: pygame.event.Event) -> None:
        size = self.host.size_hint()
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and (
            self.peeking or action_for(Context.DECISION, event) == Action.PEEK
        ):
            # V hides the call to see the table under it; V, any other key or a click brings
            # it back, and does nothing else (no choice is made on a call out of sight).
            self.peeking = not self.peeking
            return
        _panel, info = self.info(self.host.layout(size).table)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for button in info.buttons:
                if button.hit(event.pos):
                    self.press(button.action)
                    return
        elif event.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, b in enumerate(info.buttons) if b.hit(event.pos)), -1)
        else:
            action = action_for(Context.DECISION, event)
            if action == Action.FIRST and info.buttons:
                self.press(info.buttons[0].action)
            elif action == Action.DECLARE and self.referee_moves_offered:
                open_foul_menu(self.host)
            elif (
                action == Action.WARN
                and not self.host.session.game.is_over
                and self.host.warning_due()
            ):
                self.host.give_warning()
            elif action == Action.HINT and self.coach_offered:
                self.coach.ask(hide=bool(event.mod & pygame.KMOD_SHIFT))
            elif action == Action.NUMBER:
                k = event.key - pygame.K_1
                if k < len(info.buttons) and info.buttons[k].action not in ("declare", "warn"):
                    self.press(info.buttons[k].action)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The table and the controls without the ruling panel: what a menu opened over the
        call (the declare-foul list) draws behind itself, so the two never overlap."""
        host = self.host
        host.remember_size(surface.get_size())
        draw_scene(host, surface)
        draw_controls(host, surface, host.layout(surface.get_size()))

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        size = surface.get_size()
        banner, info = self.info(self.host.layout(size).table)
        if self.peeking:
            hud.draw_toast(
                surface, f"{info.headline}: V shows the call again", colour=palette.ALERT
            )
            return
        hud.draw_ruling(surface, banner, info, hover=self.hover, text=self.text_rect)
        if self.coach_offered:
            self.coach.draw(surface, self.host.view_for(size), avoid=(banner,))
        hidden = sum(1 for ball in self._ball_squares(size) if banner.colliderect(ball))
        if hidden:  # the call covers part of the play: say how to look under it
            balls = "a ball" if hidden == 1 else f"{hidden} balls"
            hint = typeset.text_image(
                f"(V: see the table: this call hides {balls})", 18, palette.DIM
            )
            left = (
                self.text_rect.left + typeset.text_width(info.headline, hud.CALL_HEADLINE_PX) + 16
            )
            surface.blit(hint, (left, self.text_rect.top + 6))


def replace_buttons(info: hud.RulingInfo, buttons: tuple[Button, ...]) -> hud.RulingInfo:
    return hud.RulingInfo(info.headline, info.lines, info.fouls, buttons)


class GameOverMode(DecisionMode):
    """A finished rack / frame shown after loading or undoing (no ruling at hand)."""

    history_opens_over = False

    def __init__(self, host: Host) -> None:
        super().__init__(host, None)
