"""Small menus and yes/no questions over the current mode, and the frame menu of a game with
moves between shots (snooker: concede the frame, either side, or re-rack it as a stalemate,
each then confirmed)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

import rules
from render import hud, palette
from render.game_features import FrameMovesGame, PointsGame
from render.host import Host, ModeLike
from render.keys import Action, Context, action_for
from render.modes.base import Mode
from render.session import ActionRefusedError
from render.widgets import Button


class ChoiceMode(Mode):
    """A small menu over the current mode: a title, a few lines, and options picked with the
    mouse or their number keys; Esc cancels. With ``confirm`` it is a yes/no question: Y or
    Enter takes the first option, N cancels."""

    context = Context.CHOICE
    allows_global_keys = False

    def __init__(
        self,
        host: Host,
        resume: ModeLike,
        title: str,
        lines: tuple[str, ...],
        options: Sequence[tuple[str, Callable[[], object]]],
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
        action = action_for(Context.QUESTION if self.confirm else Context.CHOICE, event)
        if action in (Action.CANCEL, Action.NO):
            self.cancel()
        elif action == Action.YES:
            self.pick(0)
        elif action == Action.NUMBER:
            self.pick(event.key - pygame.K_1)
        elif event.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, b in enumerate(buttons) if b.hit(event.pos)), -1)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for button in buttons:
                if button.hit(event.pos):
                    if button.action == Action.CANCEL:
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


def frame_menu_offered(game: rules.Game) -> bool:
    """Whether the frame menu means something for ``game``: a game with moves between shots
    (:class:`render.game_features.FrameMovesGame`, a snooker frame) not over, once its first
    stroke is played (before the break-off there is nothing to concede, nor a position that
    cannot progress)."""
    return isinstance(game, FrameMovesGame) and not game.is_over and int(game.shot_number) > 0


def open_frame_menu(host: Host) -> None:
    """A frame with moves between shots (snooker): concede it (either side) or declare a
    stalemate, each then confirmed; warn that a stalemate is near."""
    game = host.session.game
    config = host.session.match_config
    if not frame_menu_offered(game) or not isinstance(game, FrameMovesGame):
        return
    aim = host.mode
    sides = config.sides
    n = len(game.players)

    word = game.frame_word

    def conceder(side: int) -> int:
        # The player of ``side`` at the table, or the next of that side to come to it.
        turns = ((game.to_play + k) % n for k in range(n))
        return next(p for p in turns if game.side_of(p) == side)

    # A side of two players (four-handed snooker) is a team: "Ann & Cid concede".
    concedes = "concede" if n > len(sides) else "concedes"

    def ask_concede(side: int) -> None:
        other = sides[1 - side]
        wins = list(host.session.match_score.wins)
        wins[1 - side] += 1
        host.mode = ChoiceMode(
            host, aim, f"{sides[side]} {concedes} the {word}?",
            (
                f"The {word} ends and {other} wins it (match score then "
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
            host.say(str(exc), palette.ALERT)
            return
        host.say(message, palette.GOOD)
        host.enter_aim()

    options = [
        (f"{sides[0]} {concedes} the {word}", lambda: ask_concede(0)),
        (f"{sides[1]} {concedes} the {word}", lambda: ask_concede(1)),
        ("Stalemate: re-rack, the same player breaks", ask_stalemate),
    ]
    if not game.stalemate_warned:  # once: it stands until a ball is potted
        options.append(("Warn: a stalemate is near (re-rack if nothing changes)", warn_stalemate))
    standing = f"Score {game.score[0]} - {game.score[1]}"
    if isinstance(game, PointsGame):
        standing += f", {game.points_remaining()} points remaining"
    host.mode = ChoiceMode(
        host, aim, f"Concede or re-rack this {word}", (f"{standing}.",), options,
    )  # fmt: skip
