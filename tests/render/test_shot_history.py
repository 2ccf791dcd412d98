"""The last call stays visible until the next shot, and the frame's shots are
listed in a scrollable history (T), driven through the window with synthetic input."""

from __future__ import annotations

import pygame
import pytest
from window_driver import frame, key, new_app, set_position, to_decision

import rules
from render import typeset
from render.app_moves import SHOT_GUARD_S
from render.modes.decision import AUTO_CONTINUE_S
from render.shot_log import frame_log, last_call_line


def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every string hud draws from now on."""
    seen: list[str] = []
    real = typeset.text_image

    def recording(text: object, *args: object, **kw: object) -> pygame.Surface:
        seen.append(str(text))
        return real(text, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(typeset, "text_image", recording)
    return seen


def routine_shot(app, y: float = 0.5) -> None:
    """A soft straight shot at the 1 (no pocket, a legal hit), then the call closes itself."""
    set_position(
        app,
        {0: (0.635, y), 1: (0.635, y + 1.0), 9: (0.3, 2.2)},
        phase=rules.Phase.PLAY,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({1}),
        shot_number=3,
    )
    app.aim.phi_deg, app.aim.locked, app.aim.power = 90.0, True, 0.25
    app.update(SHOT_GUARD_S + 0.05)
    key(app, pygame.K_SPACE)
    to_decision(app)
    while app.mode.context == "decision":  # routine: it closes by itself; else Enter
        if app.mode.is_routine:
            app.update(AUTO_CONTINUE_S + 0.05)
        else:
            key(app, pygame.K_RETURN)


def test_the_last_call_stays_on_the_aim_screen_until_the_next_shot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = new_app("nine-ball")
    routine_shot(app)
    assert app.mode.context == "aim"
    line = last_call_line(app.session)
    assert line.startswith("Last call (shot 1, Ann): ")
    seen = drawn(monkeypatch)
    frame(app)
    assert any(text.startswith("Last call (shot 1, Ann)") for text in seen), seen
    app.update(5.0)  # still there seconds later
    seen.clear()
    frame(app)
    assert any(text.startswith("Last call (shot 1, Ann)") for text in seen)
    app.update(SHOT_GUARD_S + 0.05)
    app.aim.locked = True
    key(app, pygame.K_SPACE)  # the next shot: the line goes while it plays
    assert app.mode.context == "playback"
    seen.clear()
    frame(app)
    assert not any(text.startswith("Last call") for text in seen)


def test_t_lists_every_shot_of_the_frame_and_scrolls(monkeypatch: pytest.MonkeyPatch) -> None:
    app = new_app("nine-ball")
    for _ in range(6):
        routine_shot(app)
    log = frame_log(app.session)
    assert [e.number for e in log] == [1, 2, 3, 4, 5, 6]
    players = [e.player for e in log]
    assert set(players) <= {"Ann", "Bob"} and players[0] == "Ann"
    assert all(e.call for e in log)
    small = (900, 420)  # a short window: the list does not fit and scrolls
    app.size = small
    key(app, pygame.K_t)
    assert app.mode.context == "history"
    seen = drawn(monkeypatch)
    frame(app, small)
    assert "Shots of this rack (6)" in seen  # nine-ball: the game's own word
    bottom = app.mode.scroll
    assert bottom > 0, "opens at the newest shot"
    assert any(t.startswith("Shot 6: ") for t in seen)
    app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))
    assert app.mode.scroll == bottom - 6
    for _ in range(100):
        key(app, pygame.K_UP)
    assert app.mode.scroll == 0
    seen.clear()
    frame(app, small)
    assert any(t.startswith("Shot 1: Ann") for t in seen) and "Shot 6" not in " ".join(seen)
    key(app, pygame.K_DOWN)
    assert app.mode.scroll == 3
    shots = len(app.history)
    key(app, pygame.K_t)  # closes it
    assert app.mode.context == "aim"
    app.aim.locked = True
    key(app, pygame.K_SPACE)  # the panel just closed: no shot yet
    assert app.mode.context == "aim" and len(app.history) == shots


def test_the_history_names_what_was_declared() -> None:
    app = new_app("eight-ball")
    set_position(
        app,
        {0: (0.635, 0.5), 3: (0.635, 1.5), 12: (0.9, 2.0)},
        phase=rules.Phase.OPEN_TABLE,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({3, 12}),
        shot_number=3,
    )
    key(app, pygame.K_f)  # safety
    app.aim.phi_deg, app.aim.locked, app.aim.power = 90.0, True, 0.25
    key(app, pygame.K_SPACE)
    to_decision(app)
    (entry,) = frame_log(app.session)
    assert entry.declared == "safety" and entry.player == "Ann"
    key(app, pygame.K_t)  # also over the referee's call
    assert app.mode.context == "history"
    key(app, pygame.K_ESCAPE)
    assert app.mode.context == "decision"


def test_the_help_names_the_history_key() -> None:
    from render.keys import HELP_LINES

    assert any("T the shots of this frame" in line for line in HELP_LINES)


def test_the_last_call_says_the_choice_made_on_it() -> None:
    """A snooker break-off that hits nothing leaves the opponent a choice; once Bob takes the
    table the last-call line says so, until the next shot."""
    import rules
    import sim
    from render.match import MatchConfig
    from render.session import Session

    session = Session()
    session.start_match(MatchConfig(game="snooker", players=("Ann", "Bob"), seed=3))
    session.shoot(sim.Strike(speed=1.0, phi=-90.0), rules.Declaration(), (0.889, 0.6))
    session.finish_shot()
    assert rules.Choice.ACCEPT_TABLE in session.game.pending_choice
    assert "chose" not in last_call_line(session)
    session.choose(rules.Choice.ACCEPT_TABLE)
    assert last_call_line(session).endswith(" Bob chose: accept the table.")
    session.undo()  # back before the shot: no call, no choice
    assert "chose" not in last_call_line(session)
