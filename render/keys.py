"""Every key binding of the window, defined once: the keys, where they act, the action they
trigger, and the words of the help overlay (H or F1), which is generated from this table.

A *context* is where a binding acts: a mode's name ("aim", "playback", "decision",
"matchover", "declarefoul", "preparing", "start", "history"), "choice" (a menu) or "question"
(a yes/no menu), "help" (the help overlay), "quit" (the quit confirmation) and "global" (keys
every mode that allows them shares; ``Mode.allows_global_keys``). Mouse actions are bindings
without keys, listed for the help.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from render.aiming import ELEVATION_LIMIT_DEG, ELEVATION_STEP_COARSE_DEG

#: The sections of the help overlay, in order.
SECTIONS = (
    "Aim", "Shoot", "Power", "Spin", "Ball in hand", "8-ball", "9-ball", "Snooker", "Fouls",
    "Playback", "Referee's call", "Lists and questions", "Window", "Start screen",
)  # fmt: skip

_DIGITS = tuple(range(pygame.K_1, pygame.K_9 + 1))
_ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


@dataclass(frozen=True)
class Binding:
    """One binding.

    Fields:
        keys: pygame key codes that trigger it; () for a mouse action (help only).
        contexts: where it acts (see the module docstring).
        action: the name the mode (or the App, for "global" and "quit") dispatches on.
        item: its words in the help overlay, naming its keys.
        section: the help line it belongs to (one of ``SECTIONS``).
        ctrl: True: only with Ctrl held; False: only without; None: either.
    """

    keys: tuple[int, ...]
    contexts: tuple[str, ...]
    action: str
    item: str
    section: str
    ctrl: bool | None = None


def _b(keys: tuple[int, ...], contexts: str, action: str, item: str, section: str,
       ctrl: bool | None = None) -> Binding:  # fmt: skip
    return Binding(keys, tuple(contexts.split()), action, item, section, ctrl)


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
        "Left/Right arrows 0.1\u00b0 (Shift 1\u00b0)",
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
    _b((), "aim", "", "click the ball, then the pocket, to call the shot", "8-ball"),
    _b((pygame.K_f,), "aim", "safety", "F safety", "8-ball"),
    _b((pygame.K_c,), "aim", "recall", "C call again", "8-ball"),
    _b((pygame.K_p,), "aim", "push_out", "P push-out", "9-ball"),
    _b(
        (pygame.K_w,),
        "aim decision",
        "warn",
        "W warn the player with two fouls (when the players warn; also on the referee's call)",
        "9-ball",
    ),
    _b((pygame.K_n,), "aim", "nominate", "N then click a ball to nominate", "Snooker"),
    _b(
        tuple(range(pygame.K_2, pygame.K_7 + 1)),
        "aim",
        "nominate_value",
        "or keys 2-7 by value",
        "Snooker",
    ),
    _b((pygame.K_b,), "aim", "free_ball", "B free ball", "Snooker"),
    _b((pygame.K_ESCAPE,), "aim", "stop_nominating", "Esc stops nominating", "Snooker"),
    _b((pygame.K_x,), "aim", "frame", "X concede or re-rack the frame", "Snooker"),
    _b(
        (pygame.K_d,),
        "aim playback decision",
        "declare",
        "D declare a foul the table cannot see (double hit, foot off the floor...)"
        " on the last shot",
        "Fouls",
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
    _b((*_ENTER,), "matchover", "new", "match over: Enter a new match", "Referee's call"),
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
)


def action_for(context: str, event: pygame.event.Event) -> str | None:
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


def help_lines() -> tuple[str, ...]:
    """The help overlay's lines: one per section, its bindings' words joined by dots."""
    lines = []
    for section in SECTIONS:
        items: list[str] = []
        for binding in BINDINGS:
            if binding.section == section and binding.item not in items:
                items.append(binding.item)
        if items:
            lines.append(f"{section}: " + " \u00b7 ".join(items))
    return tuple(lines)


#: The help overlay's text (H or F1), generated from ``BINDINGS``.
HELP_LINES = help_lines()
