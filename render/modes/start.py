"""The start screen: the game, the players' names, the table and the race or frames."""

from __future__ import annotations

import os

import pygame

import rules
from render import hud, palette, table_drawing, typeset
from render.host import Host
from render.keys import Action, Context, action_for
from render.match import (
    AIM_LEVELS,
    COMPUTER_LEVELS,
    GAME_KINDS,
    GAME_TITLES,
    MatchConfig,
    MatchSetupError,
    computer_name,
)
from render.modes.base import Mode
from render.widgets import Button


class StartMode(Mode):
    """Choose the game, the players' names, the table and the race / frames."""

    context = Context.START
    arms_shot_guard = False

    allows_global_keys = False

    def __init__(self, host: Host, config: MatchConfig | None) -> None:
        super().__init__(host)
        base = config or MatchConfig()
        self.game = base.game
        self.names = [*base.players, "", "", ""][:4]
        self.feet = base.table_feet
        self.race = base.race_to
        self.frames = base.frames
        self.referee_warns = base.referee_warns
        self.aim_assist = base.aim_assist
        self.aggregate = base.aggregate
        self.practice = base.practice
        self.focus = 0
        self.edited = [False] * 4
        #: Each seat's player: None a person, else the computer's level (``agents.LEVELS``).
        self.levels: list[str | None] = [*base.seat_levels, None, None, None][:4]

    def _layout(self, size: tuple[int, int]) -> list[Button]:
        w, h = size
        left = w // 2 - 300
        top = max(40, h // 2 - 250)
        out: list[Button] = []
        # One button per registered game along the 600 px row: 205 px apart for three, closer
        # for more (a new game in rules/ gets its button here without a change).
        step = min(205, 615 // max(1, len(GAME_KINDS)))
        for i, kind in enumerate(GAME_KINDS):
            out.append(
                Button(
                    pygame.Rect(left + i * step, top + 70, step - 15, 44),
                    GAME_TITLES[kind],
                    f"game:{kind}",
                )
            )
        for i in range(4):
            x, y = left + (i % 2) * 305, top + 170 + (i // 2) * 54
            out.append(Button(pygame.Rect(x, y, 190, 40), "", f"name:{i}"))
            # A click cycles the seat: a person, then the computer at each level.
            level = self.levels[i]
            label = level.capitalize() if level is not None else "Person"
            out.append(Button(pygame.Rect(x + 196, y, 94, 40), label, f"seat:{i}"))
        cls = rules.game_class(self.game)
        if len(cls.allowed_tables()) > 1:
            for i, feet in enumerate((7, 8, 9)):
                out.append(
                    Button(
                        pygame.Rect(left + i * 130, top + 320, 120, 40),
                        f"{feet} ft",
                        f"feet:{feet}",
                    )
                )
        if "aggregate_before" in cls.options:  # best of N frames, or all N on total points
            words = "total points (aggregate)" if self.aggregate else "best of the frames"
            out.append(
                Button(pygame.Rect(left, top + 320, 390, 40), f"Won on: {words}", "aggregate")
            )
        if cls.has_three_fouls_rule:
            words = "by the referee" if self.referee_warns else "by the opponent (W)"
            out.append(
                Button(
                    pygame.Rect(left, top + 366, 390, 34),
                    f"Two-foul warning: {words}",
                    "warns",
                )
            )
        # One button cycles the aim assist level (none -> ghost -> full) for both players.
        out.append(
            Button(
                pygame.Rect(left + 400, top + 366, 200, 34), f"Aim assist: {self.aim_assist}", "aim"
            )
        )
        out.append(Button(pygame.Rect(left + 420, top + 320, 40, 40), "-", "less"))
        out.append(Button(pygame.Rect(left + 560, top + 320, 40, 40), "+", "more"))
        # Practice (``render.practice``): balls moved by hand, a shot played again.
        words = "on" if self.practice else "off"
        out.append(Button(pygame.Rect(left, top + 414, 170, 44), f"Practice: {words}", "practice"))
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
        cls = rules.game_class(self.game)
        seats = [
            (n.strip(), lv) for n, lv in zip(self.names, self.levels, strict=True) if n.strip()
        ]
        names = tuple(name for name, _level in seats)
        levels = tuple(level for _name, level in seats)
        seed = int.from_bytes(os.urandom(3), "little")
        return MatchConfig(
            self.game, names, self.feet, self.race, self.frames, seed, self.referee_warns,
            self.aim_assist, self.aggregate and "aggregate_before" in cls.options,
            levels if any(level is not None for level in levels) else (),
            practice=self.practice,
        )  # fmt: skip

    def cycle_seat(self, i: int) -> None:
        """Seat ``i`` played next by a person, then the computer at each level in turn; a name
        the player has not typed follows it ("Computer (pro)", or "Player 2" again)."""
        order: list[str | None] = [None, *COMPUTER_LEVELS]
        level = order[(order.index(self.levels[i]) + 1) % len(order)]
        self.levels[i] = level
        if self.edited[i]:
            return
        others = tuple(n for k, n in enumerate(self.names) if k != i)
        if level is not None:
            self.names[i] = computer_name(level, others)
        else:
            self.names[i] = f"Player {i + 1}" if i < 2 else ""

    def _act(self, action: str) -> None:
        kind, _, value = action.partition(":")
        if kind == "game":
            self.game = value
        elif kind == "name":
            self.focus = int(value)
        elif kind == "seat":
            self.cycle_seat(int(value))
        elif kind == "feet":
            self.feet = int(value)
        elif kind == "warns":
            self.referee_warns = not self.referee_warns
        elif kind == "aim":
            self.aim_assist = AIM_LEVELS[(AIM_LEVELS.index(self.aim_assist) + 1) % len(AIM_LEVELS)]
        elif kind == "practice":
            self.practice = not self.practice
        elif kind == "aggregate":
            self.aggregate = not self.aggregate
            if not self.aggregate and self.frames % 2 == 0:  # best of N: N odd
                self.frames = min(35, self.frames + 1)
        elif kind in ("less", "more"):
            sign = 1 if kind == "more" else -1
            if rules.game_class(self.game).scores_points:
                # Any number of frames on aggregate; an odd one for the best of N.
                self.frames = min(35, max(1, self.frames + sign * (1 if self.aggregate else 2)))
            else:
                self.race = min(25, max(1, self.race + sign))
        elif kind == "start":
            self.start()

    def start(self) -> None:
        try:
            config = self._config()
        except MatchSetupError as exc:
            self.host.say(str(exc), palette.ALERT)
            return
        self.host.start_match(config)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for button in self._layout(self.host.size_hint()):
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
        else:
            action = action_for(Context.START, event)
            if action == Action.BACKSPACE:
                self.names[self.focus] = self.names[self.focus][:-1]
                self.edited[self.focus] = True
            elif action == Action.NEXT_BOX:
                self.focus = (self.focus + 1) % 4
            elif action == Action.START:
                self.start()
            elif action == Action.LOAD:
                self.host.ask_to_load()
            elif action == Action.QUIT:
                self.host.request_quit()

    def draw(self, surface: pygame.Surface) -> None:
        self.host.remember_size(surface.get_size())
        surface.fill(table_drawing.BACKGROUND)
        w, h = surface.get_size()
        left = w // 2 - 300
        top = max(40, h // 2 - 250)
        typeset.draw_text(
            surface, "cuesim: a new match", (w // 2, top), 44, palette.TEXT, anchor="midtop"
        )
        if self.host.save_path.is_file():  # offered only when there is one to continue
            typeset.draw_text(
                surface,
                f"Ctrl+O continues the saved session ({self.host.save_path.name})",
                (w // 2, top + 480),
                20,
                palette.DIM,
                anchor="midtop",
            )
        typeset.draw_text(surface, "Game", (left, top + 48), 22, palette.DIM)
        typeset.draw_text(
            surface,
            "Players (2, or 4: 1 & 3 v 2 & 4); click Person for the computer",
            (left, top + 146),
            22,
            palette.DIM,
        )
        if not rules.game_class(self.game).scores_points:
            typeset.draw_text(surface, "Table", (left, top + 296), 22, palette.DIM)
            typeset.draw_text(surface, "Race to", (left + 420, top + 296), 22, palette.DIM)
            typeset.draw_text(
                surface, str(self.race), (left + 510, top + 340), 34, palette.TEXT, anchor="center"
            )
        else:
            heading = "Frames (all played)" if self.aggregate else "Best of (frames)"
            typeset.draw_text(surface, heading, (left + 420, top + 296), 22, palette.DIM)
            typeset.draw_text(
                surface,
                str(self.frames),
                (left + 510, top + 340),
                34,
                palette.TEXT,
                anchor="center",
            )
        for button in self._layout((w, h)):
            kind, _, value = button.action.partition(":")
            if kind == "name":
                i = int(value)
                box = button.rect
                pygame.draw.rect(surface, (18, 20, 24), box, border_radius=5)
                pygame.draw.rect(
                    surface,
                    palette.ACCENT if i == self.focus else palette.PANEL_EDGE,
                    box,
                    width=2,
                    border_radius=5,
                )
                text = self.names[i] or (f"Player {i + 1}" + (" (optional)" if i >= 2 else ""))
                colour = palette.TEXT if self.names[i] else palette.DIM
                typeset.draw_text(
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
