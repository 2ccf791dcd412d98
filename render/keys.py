"""Every key binding of the window, defined once: the keys, where they act, the action they
trigger, and the words of the help overlay (H or F1), which is generated from this table.

A :class:`Context` is where a binding acts: a mode's own (each mode names it,
``Mode.context``), a menu or a yes/no question, the help overlay, the quit question, and
``GLOBAL`` (keys every mode that allows them shares; ``Mode.allows_global_keys``). An
:class:`Action` is what a binding asks its context to do. Mouse actions are bindings without
keys, listed for the help.

A new mode registers here once: its context (a member of :class:`Context`) and its keys (rows
of :data:`BINDINGS`, with any new :class:`Action`); its behaviour lives in its own module under
``render/modes/``.

The help's lines for keys only some games use (calling the shot, the push-out, ...) name those
games, from the game classes' own metadata (:data:`GAME_SECTIONS`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum

import pygame

import rules
from render.aiming import ELEVATION_LIMIT_DEG, ELEVATION_STEP_COARSE_DEG
from render.game_features import FrameMovesGame


class Context(StrEnum):
    """Where a binding acts: a mode's keys, a menu's, the help's, the quit question's, or the
    keys every mode shares (``GLOBAL``). The value names it in scripts (``until aim``)."""

    AIM = "aim"
    PLAYBACK = "playback"
    DECISION = "decision"
    MATCH_OVER = "matchover"
    DECLARE_FOUL = "declarefoul"
    PREPARING = "preparing"
    START = "start"
    HISTORY = "history"
    CHOICE = "choice"
    QUESTION = "question"
    HELP = "help"
    QUIT = "quit"
    COMPUTER = "computer"
    GLOBAL = "global"


class Action(StrEnum):
    """What a binding asks of its context (the App's for ``GLOBAL`` and ``QUIT``)."""

    NONE = ""  #: a mouse action, listed in the help only
    TURN = "turn"
    GHOST = "ghost"
    MUTE = "mute"
    VOLUME_DOWN = "volume_down"
    VOLUME_UP = "volume_up"
    SHOOT = "shoot"
    POWER_UP = "power_up"
    POWER_DOWN = "power_down"
    ELEVATION_UP = "elevation_up"
    ELEVATION_DOWN = "elevation_down"
    TIP = "tip"
    SAFETY = "safety"
    RECALL = "recall"
    PUSH_OUT = "push_out"
    WARN = "warn"
    NOMINATE = "nominate"
    NOMINATE_VALUE = "nominate_value"
    FREE_BALL = "free_ball"
    STOP_NOMINATING = "stop_nominating"
    FRAME = "frame"
    DECLARE = "declare"
    SLOW = "slow"
    SKIP = "skip"
    FIRST = "first"
    NUMBER = "number"
    PEEK = "peek"
    NEW = "new"
    SETUP = "setup"
    UP = "up"
    DOWN = "down"
    PAGE_UP = "page_up"
    PAGE_DOWN = "page_down"
    PICK = "pick"
    YES = "yes"
    NO = "no"
    CANCEL = "cancel"
    CLOSE = "close"
    REPLAY = "replay"
    REPLAY_FRAME = "replay_frame"
    UNDO = "undo"
    SAVE = "save"
    LOAD = "load"
    HELP = "help"
    HISTORY = "history"
    QUIT = "quit"
    BACK = "back"
    NEXT_BOX = "next_box"
    BACKSPACE = "backspace"
    START = "start"
    PAUSE = "pause"
    HINT = "hint"
    RETRY = "retry"
    ADD_BALL = "add_ball"
    REMOVE_BALL = "remove_ball"
    SAVE_SCENARIO = "save_scenario"


#: The sections of the help overlay, in order.
SECTIONS = (
    "Aim", "Shoot", "Power", "Spin", "Ball in hand", "Calling the shot", "Push-out",
    "Two-foul warning", "Nominating", "The frame", "Practice", "Fouls", "Playback",
    "Referee's call", "Lists and questions", "Window", "Start screen", "The computer", "Coach",
)  # fmt: skip

#: The sections of keys only some games use, each with what a game has that uses them (its
#: class metadata, or a feature of its game value: ``render.game_features``).
GAME_SECTIONS: Mapping[str, Callable[[rules.Game], bool]] = {
    "Calling the shot": lambda game: type(game).calls_shots,
    "Push-out": lambda game: type(game).has_push_out,
    "Two-foul warning": lambda game: type(game).has_three_fouls_rule,
    "Nominating": lambda game: bool(type(game).ball_values),
    "The frame": lambda game: isinstance(game, FrameMovesGame),
}

_DIGITS = tuple(range(pygame.K_1, pygame.K_9 + 1))
_ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


@dataclass(frozen=True)
class Binding:
    """One binding.

    Fields:
        keys: pygame key codes that trigger it; () for a mouse action (help only).
        contexts: where it acts.
        action: what the mode (or the App, for ``GLOBAL`` and ``QUIT``) does.
        item: its words in the help overlay, naming its keys.
        section: the help line it belongs to (one of ``SECTIONS``).
        ctrl: True: only with Ctrl held; False: only without; None: either.
    """

    keys: tuple[int, ...]
    contexts: tuple[Context, ...]
    action: Action
    item: str
    section: str
    ctrl: bool | None = None


def _b(keys: tuple[int, ...], contexts: str, action: str, item: str, section: str,
       ctrl: bool | None = None) -> Binding:  # fmt: skip
    """A binding written compactly: ``contexts`` space-separated; each name and the action
    must be a member of :class:`Context` / :class:`Action` (a typo fails on import)."""
    where = tuple(Context(c) for c in contexts.split())
    return Binding(keys, where, Action(action), item, section, ctrl)


_AIM_ELEVATION = (
    f"Elevation 0-{ELEVATION_LIMIT_DEG:.0f}\u00b0 (jump shots): Page Up/Down or [ ] "
    f"(Shift {ELEVATION_STEP_COARSE_DEG:.0f}\u00b0), or click or drag the dial"
)
_AIM_POWER = "Up/Down, +/-"
_HISTORY = "(the wheel, arrows or Page Up/Down scroll it; T, Esc or Enter closes)"
_HELP = (
    "(while this help is open only its keys act: the wheel, arrows or Page Up/Down scroll it;"
    " H, F1 or Esc closes)"
)
_DECIDE = "a click on a button, Enter for the first, 1-9 by its number"

#: The table of every binding.
BINDINGS: tuple[Binding, ...] = (
    _b((), "aim", "", "the pointer over the table", "Aim"),
    _b(
        (pygame.K_LEFT, pygame.K_RIGHT),
        "aim",
        "turn",
        "Right / Left arrow: clockwise / anticlockwise on screen, 0.05\u00b0 (Ctrl 0.01\u00b0, "
        "Shift 1\u00b0)",
        "Aim",
    ),
    _b((), "aim", "", "right-click locks the aim", "Aim"),
    _b((pygame.K_g,), "aim", "ghost", "G ghost ball and lines", "Aim"),
    _b((pygame.K_m,), "aim playback", "mute", "M sound on/off (kept)", "Window"),
    _b((pygame.K_COMMA,), "aim playback", "volume_down", "< > volume (kept)", "Window"),
    _b((pygame.K_PERIOD,), "aim playback", "volume_up", "< > volume (kept)", "Window"),
    _b((), "aim", "", "click the table", "Shoot"),
    # Only Space shoots, and no panel closes with Space: a key that closes a panel never shoots.
    _b((pygame.K_SPACE,), "aim", "shoot", "Space or the Shoot button", "Shoot"),
    _b(
        (pygame.K_UP, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS),
        "aim",
        "power_up",
        _AIM_POWER,
        "Power",
    ),
    _b(
        (pygame.K_DOWN, pygame.K_MINUS, pygame.K_KP_MINUS), "aim", "power_down", _AIM_POWER, "Power"
    ),
    _b((), "aim", "", "the mouse wheel, or drag the power bar", "Power"),
    _b((pygame.K_PAGEUP, pygame.K_RIGHTBRACKET), "aim", "elevation_up", _AIM_ELEVATION, "Power"),
    _b((pygame.K_PAGEDOWN, pygame.K_LEFTBRACKET), "aim", "elevation_down", _AIM_ELEVATION, "Power"),
    _b((), "aim", "", "click or drag on the white ball widget", "Spin"),
    _b((pygame.K_i, pygame.K_j, pygame.K_k, pygame.K_l), "aim", "tip", "the keys I/J/K/L", "Spin"),
    _b(
        (),
        "aim",
        "",
        "drag the cue ball, or click a spot in the shaded zone, then Space",
        "Ball in hand",
    ),
    _b((), "aim", "", "click the ball, then the pocket, to call the shot", "Calling the shot"),
    _b((pygame.K_f,), "aim", "safety", "F safety", "Calling the shot"),
    _b((pygame.K_c,), "aim", "recall", "C call again", "Calling the shot"),
    _b((pygame.K_p,), "aim", "push_out", "P push-out", "Push-out"),
    _b(
        (pygame.K_w,),
        "aim decision",
        "warn",
        "W warn the player with two fouls (when the players warn; also on the referee's call)",
        "Two-foul warning",
    ),
    _b((pygame.K_n,), "aim", "nominate", "N then click a ball to nominate", "Nominating"),
    _b(
        tuple(range(pygame.K_2, pygame.K_7 + 1)),
        "aim",
        "nominate_value",
        "or keys 2-7 by value",
        "Nominating",
    ),
    _b((pygame.K_b,), "aim", "free_ball", "B free ball", "Nominating"),
    _b((pygame.K_ESCAPE,), "aim", "stop_nominating", "Esc stops nominating", "Nominating"),
    _b((pygame.K_x,), "aim", "frame", "X concede or re-rack the frame", "The frame"),
    _b(
        (pygame.K_d,),
        "aim playback decision computer",
        "declare",
        "D declare a foul the table cannot see (double hit, foot off the floor...)"
        " on the last shot",
        "Fouls",
    ),
    _b((), "aim", "", "drag any ball to a free place on the cloth", "Practice"),
    _b(
        (pygame.K_BACKSPACE,),
        "aim",
        "retry",
        "Backspace play the last shot again (aim and power kept)",
        "Practice",
    ),
    _b((pygame.K_INSERT,), "aim", "add_ball", "Insert put a ball on at the pointer", "Practice"),
    _b(
        (pygame.K_DELETE,),
        "aim",
        "remove_ball",
        "Delete take off the ball under the pointer",
        "Practice",
    ),
    _b(
        (pygame.K_e,),
        "aim",
        "save_scenario",
        "Ctrl+E save the position and the aimed shot as a shot-lab scenario",
        "Practice",
        ctrl=True,
    ),
    _b((pygame.K_s,), "playback", "slow", "S slow motion", "Playback"),
    _b(
        (*_ENTER, pygame.K_SPACE, pygame.K_ESCAPE),
        "playback",
        "skip",
        "Enter, Space, Esc or a click skips",
        "Playback",
    ),
    _b((*_ENTER,), "decision", "first", _DECIDE, "Referee's call"),
    _b(_DIGITS, "decision", "number", _DECIDE, "Referee's call"),
    _b(
        (pygame.K_v,),
        "decision",
        "peek",
        "V hides the call to see the whole table",
        "Referee's call",
    ),
    _b((*_ENTER,), "matchover", "new", "match over: Enter a rematch", "Referee's call"),
    _b(
        (pygame.K_n,),
        "matchover",
        "setup",
        "N a new match (another game, players)",
        "Referee's call",
    ),
    _b(_DIGITS, "choice declarefoul", "number", "click, or the number", "Lists and questions"),
    _b((pygame.K_UP,), "declarefoul", "up", "(arrows and Enter)", "Lists and questions"),
    _b((pygame.K_DOWN,), "declarefoul", "down", "(arrows and Enter)", "Lists and questions"),
    _b((*_ENTER,), "declarefoul", "pick", "(arrows and Enter)", "Lists and questions"),
    _b((pygame.K_y, *_ENTER), "question", "yes", "Y yes", "Lists and questions"),
    _b((pygame.K_n,), "question", "no", "N or Esc back", "Lists and questions"),
    _b((pygame.K_ESCAPE,), "choice question", "cancel", "N or Esc back", "Lists and questions"),
    _b(
        (pygame.K_ESCAPE, pygame.K_d),
        "declarefoul",
        "close",
        "Esc or D closes the foul list",
        "Lists and questions",
    ),
    _b((pygame.K_r,), "global", "replay", "R replay the last shot", "Window", ctrl=False),
    _b(
        (pygame.K_r,),
        "global",
        "replay_frame",
        "Ctrl+R replay the whole frame (Enter next shot, Esc stop)",
        "Window",
        ctrl=True,
    ),
    _b((pygame.K_u,), "global", "undo", "U or Ctrl+Z undo", "Window"),
    _b((pygame.K_z,), "global", "undo", "U or Ctrl+Z undo", "Window", ctrl=True),
    _b((pygame.K_s,), "global", "save", "Ctrl+S save", "Window", ctrl=True),
    _b((pygame.K_o,), "global start", "load", "Ctrl+O load", "Window", ctrl=True),
    _b((pygame.K_h, pygame.K_F1), "global", "help", "H or F1 this help", "Window"),
    _b((pygame.K_t,), "global", "history", "T the shots of this frame", "Window"),
    _b((pygame.K_t, pygame.K_ESCAPE, *_ENTER), "history", "close", _HISTORY, "Window"),
    _b((pygame.K_UP,), "history", "up", _HISTORY, "Window"),
    _b((pygame.K_DOWN,), "history", "down", _HISTORY, "Window"),
    _b((pygame.K_PAGEUP,), "history", "page_up", _HISTORY, "Window"),
    _b((pygame.K_PAGEDOWN,), "history", "page_down", _HISTORY, "Window"),
    _b((pygame.K_h, pygame.K_F1, pygame.K_ESCAPE), "help", "close", _HELP, "Window"),
    _b((pygame.K_UP,), "help", "up", _HELP, "Window"),
    _b((pygame.K_DOWN,), "help", "down", _HELP, "Window"),
    _b((pygame.K_PAGEUP,), "help", "page_up", _HELP, "Window"),
    _b((pygame.K_PAGEDOWN,), "help", "page_down", _HELP, "Window"),
    _b((pygame.K_q,), "global playback declarefoul", "quit", "Q quit", "Window"),
    _b((pygame.K_q, pygame.K_ESCAPE), "preparing", "quit", "Q quit", "Window"),
    _b((pygame.K_ESCAPE,), "start", "quit", "Q quit", "Window"),
    _b((pygame.K_y, *_ENTER), "quit", "quit", "(Y or Enter confirms", "Window"),
    _b((pygame.K_n, pygame.K_ESCAPE), "quit", "back", "N or Esc goes back)", "Window"),
    _b((), "start", "", "click a box and type a name", "Start screen"),
    _b((pygame.K_TAB,), "start", "next_box", "Tab next box", "Start screen"),
    _b((pygame.K_BACKSPACE,), "start", "backspace", "Backspace", "Start screen"),
    _b((*_ENTER,), "start", "start", "Enter starts", "Start screen"),
    _b((), "start", "", "click Person beside a name for the computer at a level", "Start screen"),
    _b(
        (),
        "computer",
        "",
        "on its turn any key or a click plays its shot (or makes its choice) at once",
        "The computer",
    ),
    _b((pygame.K_ESCAPE,), "computer", "pause", "Esc pauses the match", "The computer"),
    _b(
        (pygame.K_a,),
        "aim decision",
        "hint",
        "A the shot (or, on a call, the choice) the computer would make for you, its chance "
        "and why (A again: the next level; Shift+A hides it)",
        "Coach",
    ),
)


def action_for(context: Context, event: pygame.event.Event) -> Action | None:
    """The action of the key event ``event`` (a KEYDOWN) in ``context``, or None."""
    if event.type != pygame.KEYDOWN:
        return None
    ctrl = bool(event.mod & pygame.KMOD_CTRL)
    for binding in BINDINGS:
        if context not in binding.contexts or event.key not in binding.keys:
            continue
        if binding.ctrl is None or binding.ctrl == ctrl:
            return binding.action
    return None


def section_games(section: str, games: tuple[rules.Game, ...]) -> tuple[str, ...]:
    """The titles of the games among ``games`` that use the keys of ``section`` (every game
    for a section not in :data:`GAME_SECTIONS`: empty then)."""
    uses = GAME_SECTIONS.get(section)
    if uses is None:
        return ()
    return tuple(game.title for game in games if uses(game))


def help_lines(games: tuple[rules.Game, ...] | None = None) -> tuple[str, ...]:
    """The help overlay's lines: one per section, its bindings' words joined by dots; a
    section only some of ``games`` use (default: a new game of each registered kind) names
    them: "Push-out (9-ball): P push-out"."""
    if games is None:
        games = tuple(cls.new(seed=0) for cls in rules.games())
    lines = []
    for section in SECTIONS:
        items: list[str] = []
        for binding in BINDINGS:
            if binding.section == section and binding.item not in items:
                items.append(binding.item)
        if items:
            titles = section_games(section, games)
            head = f"{section} ({', '.join(titles)})" if titles else section
            lines.append(f"{head}: " + " \u00b7 ".join(items))
    return tuple(lines)


#: The help overlay's text (H or F1), generated from ``BINDINGS``.
HELP_LINES = help_lines()
