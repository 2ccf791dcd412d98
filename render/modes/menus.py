"""Small menus and yes/no questions over the current mode, and the snooker frame menu
(concede the frame, either side, or re-rack it as a stalemate, each then confirmed)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from render import hud
from render.host import Host, ModeLike
from render.keys import action_for
from render.modes.base import Mode
from render.session import ActionRefusedError
from render.widgets import Button


class ChoiceMode(Mode):
    """A small menu over the current mode: a title, a few lines, and options picked with the
    mouse or their number keys; Esc cancels. With ``confirm`` it is a yes/no question: Y or
    Enter takes the first option, N cancels."""

    allows_global_keys = False

    def __init__(
        self,
        host: Host,
        resume: ModeLike,
        title: str,
        lines: tuple[str, ...],
        options: list[tuple[str, Callable[[], Any]]],
        *,
        confirm: bool = False,
    ) -> None:
        super().__init__(host)
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
        self.host.mode = self.resume

    def pick(self, index: int) -> None:
        if 0 <= index < len(self.options):
            self.host.mode = self.resume
            self.options[index][1]()

    def handle(self, event: pygame.event.Event) -> None:
        _box, buttons = self.layout(self.host.size_hint())
        action = action_for("question" if self.confirm else "choice", event)
        if action in ("cancel", "no"):
            self.cancel()
        elif action == "yes":
            self.pick(0)
        elif action == "number":
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
        self.host.remember_size(surface.get_size())
        self.resume.draw(surface)
        box, buttons = self.layout(surface.get_size())
        hud.draw_banner(surface, box, self.title, self.lines)
        for i, button in enumerate(buttons):
            hud.draw_button(surface, button, highlight=i == self.hover)


def open_frame_menu(host: Host) -> None:
    """Snooker: concede the frame (either side) or declare a stalemate, each then confirmed."""
    game = host.session.game
    config = host.session.match_config
    if not config.game_class.scores_points or game.is_over or int(game.shot_number) == 0:
        return  # nothing to concede or re-rack before the first stroke
    aim = host.mode
    sides = config.sides
    n = len(game.players)

    def conceder(side: int) -> int:
        # The player of ``side`` at the table, or the next of that side to come to it.
        return next(p for p in (game.to_play + k for k in range(n)) if p % n % 2 == side) % n

    # A side of two players (four-handed snooker) is a team: "Ann & Cid concede".
    concedes = "concede" if n > len(sides) else "concedes"

    def ask_concede(side: int) -> None:
        other = sides[1 - side]
        wins = list(host.session.match_score.wins)
        wins[1 - side] += 1
        host.mode = ChoiceMode(
            host, aim, f"{sides[side]} {concedes} the frame?",
            (
                f"The frame ends and {other} wins it (match score then "
                f"{' - '.join(map(str, wins))}). U undoes it.",
            ),
            [(f"Yes: {sides[side]} {concedes}", lambda: host.concede(conceder(side)))],
            confirm=True,
        )  # fmt: skip

    def ask_stalemate() -> None:
        breaker = game.players[game.breaker]
        host.mode = ChoiceMode(
            host, aim, "Declare a stalemate?",
            (
                "Both players agree neither can make progress: the frame is void and racked "
                f"again, {breaker} breaking off; the match score does not change. U undoes it.",
            ),
            [("Yes: re-rack the frame", host.declare_stalemate)],
            confirm=True,
        )  # fmt: skip

    def warn_stalemate() -> None:
        # The referee's warning of §13 (it stands until a ball is potted), then aiming again.
        try:
            message = host.session.warn_stalemate()
        except ActionRefusedError as exc:
            host.say(str(exc), hud.ALERT)
            return
        host.say(message, hud.GOOD)
        host.enter_aim()

    remaining = game.points_remaining()
    options = [
        (f"{sides[0]} {concedes} the frame", lambda: ask_concede(0)),
        (f"{sides[1]} {concedes} the frame", lambda: ask_concede(1)),
        ("Stalemate: re-rack, the same player breaks", ask_stalemate),
    ]
    if not getattr(game, "stalemate_warned", True):  # once: it stands until a ball is potted
        options.append(("Warn: a stalemate is near (re-rack if nothing changes)", warn_stalemate))
    host.mode = ChoiceMode(
        host, aim, "Concede or re-rack this frame",
        (f"Score {game.score[0]} - {game.score[1]}, {remaining} points remaining.",),
        options,
    )  # fmt: skip
