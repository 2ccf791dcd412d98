"""Playing the computer in the window (headless): its seats, its turn searched off the frame
loop, its aim and call shown before its shot, its choices told, undo, save and load across its
shots, and the command line's seats."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pygame
import pytest

import agents
import render.computer
from cuesim import cli
from render.app import App
from render.computer import Thinking
from render.match import MatchConfig, MatchSetupError
from render.modes import computer_turn, decision
from render.modes.computer_turn import ComputerTurnMode
from render.scripted import ScriptPlayer
from tests.render import test_real_window
from tests.render.window_driver import SIZE, frame, key

#: A virtual X display for the real-window test (its fixture, ``display``).
xvfb_display = test_real_window.display

#: Longest a search may take in a test before it is a failure, s.
SEARCH_LIMIT_S = 120.0


@pytest.fixture
def searches_in_a_thread(monkeypatch):
    """The searches run in a thread of this process (not the window's worker processes), so a
    test can hold one back by replacing ``agents.choose``."""
    pool = ThreadPoolExecutor(2)
    monkeypatch.setattr(render.computer, "search_pool", lambda: pool)
    yield
    pool.shutdown(wait=False, cancel_futures=True)


def hold_searches(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """From now on every search waits until the test sets the returned event
    (``agents.choose`` held)."""
    release = threading.Event()
    real_choose = agents.choose

    def slow_choose(game, level, seed=None):
        assert release.wait(SEARCH_LIMIT_S)
        return real_choose(game, level, seed=seed)

    monkeypatch.setattr(agents, "choose", slow_choose)
    return release


def snooker_call_after_a_foul(computers: tuple[str | None, ...] = ()) -> App:
    """Snooker, Ann against Bob (or the computer at ``computers``' levels): Ann's foul and
    miss, its call up, the opponent to choose."""
    from test_window_layout import snooker_foul_and_miss

    seats = computers or (None, None)
    names = tuple(f"Computer ({c})" if c else n for n, c in zip(("Ann", "Bob"), seats, strict=True))
    config = MatchConfig("snooker", names, seed=5, computers=computers)
    app = App(SIZE, config=config, warm_up=False)
    frame(app)
    snooker_foul_and_miss(app)
    return app


def hvc_app(level: str = "amateur", seed: int = 5, game: str = "nine-ball") -> App:
    """Ann (a person, breaking) against the computer at ``level``, headless."""
    config = MatchConfig(game, ("Ann", f"Computer ({level})"), seed=seed, computers=(None, level))
    app = App(SIZE, config=config, warm_up=False)
    frame(app)
    return app


def step(app: App, record: list[str]) -> None:
    """One move of the match as a player at the window makes it: Space for Ann's shot as the
    turn aims it, Enter to skip a playback or take a call's first button, and on the
    computer's turn a wait for its search, then any key to play what it shows."""
    mode = app.mode
    if isinstance(mode, ComputerTurnMode):
        if mode.phase == "thinking":
            assert mode.thinking.wait(SEARCH_LIMIT_S), "the search never ended"
            app.update(0.0)
            record.append(f"shown:{mode.phase}")
        else:
            assert mode.problem is None, mode.problem
            key(app, pygame.K_x)  # any key: its shot or its choice at once
            record.append(f"played:{mode.move.kind.value}" if mode.move else "played")
    elif mode.context == "playback" or mode.context == "decision":
        key(app, pygame.K_RETURN)
    elif mode.context == "aim":
        app.shot_guard_s = 0.0
        key(app, pygame.K_SPACE)
        record.append("ann")
    else:
        raise AssertionError(f"unexpected mode {mode.context}")
    frame(app)


def play_rack(app: App, limit: int = 600) -> list[str]:
    """Steps until the rack is over; the moves made, in order."""
    record: list[str] = []
    for _ in range(limit):
        if app.session.game.is_over:
            return record
        step(app, record)
    raise AssertionError(f"the rack did not end in {limit} steps: {record[-20:]}")


def test_a_rack_of_9_ball_against_the_computer_is_played_to_its_end() -> None:
    app = hvc_app("amateur")
    record = play_rack(app)
    assert "ann" in record and "played:shot" in record
    # every shot of the computer was shown (its aim and words) before it was played
    assert record.count("shown:showing") >= record.count("played:shot") >= 1
    shooters = {shot[0].to_play for shot in app.session.history if shot[0] is not None}
    assert shooters == {0, 1}
    assert app.mode.context == "decision"  # the rack's last call
    assert app.session.game.winner in (0, 1)


def test_the_computer_plays_itself_to_the_end_of_a_rack() -> None:
    config = MatchConfig(
        "nine-ball", ("Computer (beginner)", "Computer (amateur)"), seed=2,
        computers=("beginner", "amateur"),
    )  # fmt: skip
    app = App(SIZE, config=config, warm_up=False)
    frame(app)
    assert isinstance(app.mode, ComputerTurnMode)
    record = play_rack(app)
    assert "ann" not in record
    assert record.count("played:shot") >= 2
    assert app.session.game.is_over


def test_a_match_of_computers_goes_on_to_the_next_rack_by_itself() -> None:
    """Nobody sits at a window where only computers play: the end of a rack that does not win
    the race stays up ``COMPUTER_GOES_ON_S``, then the next rack starts with no key pressed.
    With a person seated, the same call waits for them."""
    config = MatchConfig(
        "nine-ball", ("Computer (beginner)", "Computer (amateur)"), seed=2, race_to=3,
        computers=("beginner", "amateur"),
    )  # fmt: skip
    app = App(SIZE, config=config, warm_up=False)
    frame(app)
    play_rack(app)
    while app.mode.context == "playback":  # the rack's last shot, then its call
        key(app, pygame.K_RETURN)
    assert app.mode.context == "decision" and app.session.game.is_over
    app.update(decision.COMPUTER_GOES_ON_S - 0.5)
    assert app.session.game.is_over  # the result is up long enough to read
    app.update(1.0)
    assert not app.session.game.is_over and app.session.game.rack_number == 1
    assert isinstance(app.mode, ComputerTurnMode)  # the next rack's breaker thinks

    person = hvc_app("amateur")
    play_rack(person)
    while person.mode.context == "playback":
        key(person, pygame.K_RETURN)
    for _ in range(10):
        person.update(decision.COMPUTER_GOES_ON_S)
    assert person.session.game.is_over and person.mode.context == "decision"


def test_its_turn_shows_its_aim_and_words_then_plays_on_its_own() -> None:
    app = hvc_app("amateur", seed=5)
    record: list[str] = []
    while not isinstance(app.mode, ComputerTurnMode):
        step(app, record)
    mode = app.mode
    assert mode.thinking.wait(SEARCH_LIMIT_S)
    app.update(0.0)
    assert mode.phase == "showing"
    move = mode.move
    assert move is not None and move.intended is not None
    assert app.aim.phi_deg == pytest.approx(move.intended.phi)  # its aim line and cue
    assert any(move.explain in line for line in mode.prompt_lines())
    shots = len(app.session.history)
    key(app, pygame.K_d)  # D: a foul on Ann's shot first, not "any key plays it"
    assert app.mode.context == "declarefoul"
    key(app, pygame.K_ESCAPE)
    assert app.mode is mode and mode.phase == "showing" and len(app.session.history) == shots
    assert app.animating()  # its aim stays a moment, then it plays by itself
    app.update(computer_turn.SHOW_S / 2)
    assert app.mode is mode
    app.update(computer_turn.SHOW_S)
    assert app.mode.context == "playback"
    assert app.session.last_shot is not None and app.session.last_shot.strike == move.strike


def test_the_window_draws_and_reads_keys_while_the_computer_thinks(
    monkeypatch, searches_in_a_thread
) -> None:
    release = hold_searches(monkeypatch)
    config = MatchConfig("nine-ball", ("Computer (pro)", "Ann"), seed=4, computers=("pro", None))
    app = App(SIZE, config=config, warm_up=False)
    mode = app.mode
    assert isinstance(mode, ComputerTurnMode) and mode.phase == "thinking"
    for _ in range(5):  # frames go on while the search waits
        app.update(0.05)
        frame(app)
    assert not app.animating()  # the loop may sleep: the search's end wakes it
    assert "Computer (pro) is thinking..." in mode.prompt_lines()[0]
    key(app, pygame.K_ESCAPE)  # Esc pauses the match
    assert app.mode.context == "choice"
    key(app, pygame.K_1)  # Resume
    assert app.mode is mode and mode.phase == "thinking"

    release.set()
    assert mode.thinking.wait(SEARCH_LIMIT_S)
    app.update(0.0)
    assert mode.phase == "showing"


def test_a_search_that_ends_after_an_undo_is_dropped(monkeypatch, searches_in_a_thread) -> None:
    app = hvc_app("amateur", seed=5)
    record: list[str] = []
    step(app, record)  # Ann breaks
    while not isinstance(app.mode, ComputerTurnMode):
        step(app, record)
    release = hold_searches(monkeypatch)
    app.mode = ComputerTurnMode(app)  # a search of this position, held
    stale = app.mode.thinking
    searched = app.session.game
    key(app, pygame.K_u)  # undo: back to Ann's turn before it
    assert app.mode.context == "aim" and app.session.game is not searched
    before = app.session.game
    release.set()
    assert stale.wait(SEARCH_LIMIT_S) and stale.move is not None
    for _ in range(3):
        app.update(0.1)
        frame(app)
    assert app.mode.context == "aim" and app.session.game is before  # nothing played
    assert stale.move_for(app.session.game) is None


def test_undo_goes_back_past_the_computers_moves_to_a_persons_turn() -> None:
    app = hvc_app("amateur", seed=5)
    record: list[str] = []
    step(app, record)  # Ann breaks
    while not (app.mode.context == "aim" and len(app.session.history) >= 2):
        step(app, record)
        assert not app.session.game.is_over
    assert app.session.game.to_play == 0  # Ann again, after the computer's shot(s)
    played = len(app.session.history)
    key(app, pygame.K_u)
    assert app.mode.context == "aim" and app.session.game.to_play == 0
    assert len(app.session.history) < played - 1  # the computer's shots went with Ann's


def test_a_match_against_the_computer_saves_and_loads_as_one(tmp_path) -> None:
    app = hvc_app("amateur", seed=5)
    record: list[str] = []
    while "played:shot" not in record:
        step(app, record)
    while app.mode.context == "playback":
        step(app, record)
    path = tmp_path / "match.cuesim.json"
    assert app.save(path)
    data = json.loads(path.read_text())
    assert data["session"]["config"]["computers"] == [None, "amateur"]
    again = App(SIZE, save_path=path, warm_up=False)
    assert again.load(path)
    assert again.session.match_config.computers == (None, "amateur")
    assert again.session.game.state == app.session.game.state
    frame(again)
    if again.session.game.to_play == 1 and not again.session.game.pending_choice:
        assert isinstance(again.mode, ComputerTurnMode)  # it plays on after the load
    # a save from before the seats (no "computers") loads as people only
    del data["session"]["config"]["computers"]
    old = tmp_path / "old.cuesim.json"
    old.write_text(json.dumps(data))
    people = App(SIZE, save_path=old, warm_up=False)
    assert people.load(old)
    assert not people.session.match_config.has_computer
    assert people.mode.context in ("aim", "decision")


def test_a_damaged_seat_level_in_a_save_is_refused(tmp_path) -> None:
    app = hvc_app("amateur", seed=5)
    path = tmp_path / "match.cuesim.json"
    assert app.save(path)
    data = json.loads(path.read_text())
    data["session"]["config"]["computers"] = [None, "grandmaster"]
    path.write_text(json.dumps(data))
    other = App(SIZE, save_path=path, warm_up=False)
    assert not other.load(path)
    assert "grandmaster" in other.toast.text and "beginner, amateur" in other.toast.text


def test_the_computers_choice_is_told_before_it_is_made() -> None:
    app = hvc_app("amateur", seed=5, game="eight-ball")
    app.aim.power, app.shot_guard_s = 0.1, 0.0  # a soft break: illegal, the computer chooses
    key(app, pygame.K_SPACE)
    key(app, pygame.K_RETURN)  # skip the playback: the referee's call
    game = app.session.game
    assert app.mode.context == "decision" and game.pending_choice and game.to_play == 1
    labels = [label for label, _ in app.mode._labels()]
    assert labels[0] == "Continue: Computer (amateur) chooses"
    assert app.animating()  # the call goes on by itself when the computer acts next
    key(app, pygame.K_RETURN)
    mode = app.mode
    assert isinstance(mode, ComputerTurnMode)
    assert mode.thinking.wait(SEARCH_LIMIT_S)
    app.update(0.0)
    assert mode.phase == "telling" and mode.move is not None
    title, lines = mode.told()
    assert title == "Computer (amateur) chooses"
    assert mode.move.explain[1:] in " ".join(lines)
    app.update(computer_turn.TELL_S / 2)
    assert app.session.game is game  # not made yet: the player reads it first
    key(app, pygame.K_x)
    assert app.session.game is not game and not app.session.game.pending_choice


def test_the_computers_choice_is_told_off_the_balls() -> None:
    """After Ann's snooker foul the computer chooses; its banner, centred on the table, would
    hide balls (the balls gathered there): it goes where it hides none."""
    from render.modes.base import ball_squares

    app = snooker_call_after_a_foul((None, "amateur"))
    assert app.session.game.pending_choice and app.session.game.to_play == 1
    key(app, pygame.K_RETURN)
    mode = app.mode
    assert isinstance(mode, ComputerTurnMode) and mode.thinking.wait(SEARCH_LIMIT_S)
    app.update(0.0)
    assert mode.phase == "telling"
    balls = ball_squares(app)
    box = mode.telling_box(SIZE)
    centred = box.copy()
    centred.center = app.layout(SIZE).table.center
    assert any(centred.colliderect(b) for b in balls)  # the place it had hides balls
    assert not any(box.colliderect(b) for b in balls)
    assert app.layout(SIZE).table.contains(box)


def test_seats_a_match_cannot_have_are_refused() -> None:
    with pytest.raises(MatchSetupError, match="beginner, amateur, expert, pro"):
        MatchConfig("nine-ball", ("Ann", "CPU"), computers=(None, "wizard"))
    with pytest.raises(MatchSetupError, match="one per player"):
        MatchConfig("nine-ball", ("Ann", "CPU"), computers=("pro",))
    with pytest.raises(MatchSetupError, match="9-ball doubles"):
        MatchConfig("nine-ball", ("Ann", "Bob", "C1", "C2"), computers=(None, None, "pro", "pro"))
    mixed = MatchConfig(
        "snooker", ("Ann", "Bob", "C1", "C2"), computers=(None, None, "pro", "amateur")
    )
    assert mixed.level_for(2) == "pro" and mixed.level_for(0) is None
    sides = MatchConfig(
        "nine-ball", ("C1", "C2", "C3", "C4"), computers=("pro", "amateur", "pro", "amateur")
    )
    assert sides.level_for(1) == "amateur"


def test_the_command_line_seats_people_and_the_computer(monkeypatch, capsys) -> None:
    import render.app

    seen = {}
    monkeypatch.setattr(render.app, "run", lambda config, **kw: seen.update(config=config) or 0)
    assert cli.main(["play", "nine-ball", "--players", "Ann", "--computer", "pro"]) == 0
    config = seen["config"]
    assert config.players == ("Ann", "Computer (pro)") and config.computers == (None, "pro")
    assert cli.main(["play", "--computer", "pro", "amateur"]) == 0
    assert seen["config"].computers == ("pro", "amateur")
    assert cli.main(["play", "snooker", "--players", "Ann", "Bob", "--computer", "pro", "pro"]) == 0
    assert seen["config"].players[2:] == ("Computer (pro)", "Computer (pro) 2")
    capsys.readouterr()
    for argv, words in [
        (["play", "nine-ball", "--computer", "pro"], "make 1 seat; a match needs 2"),
        (["play", "nine-ball", "--players", "A", "B", "--computer", "pro"], "make 3 seats"),
        (
            ["play", "nine-ball", "--players", "A", "B", "--computer", "pro", "amateur"],
            "9-ball doubles",
        ),
    ]:
        assert cli.main(argv) == 2
        err = capsys.readouterr().err
        assert words in err and len(err.strip().splitlines()) == 1, err
    assert cli.main(["play", "nine-ball", "--computer", "wizard"]) == 2
    err = capsys.readouterr().err
    assert "unknown computer level 'wizard'; the levels are beginner, amateur, expert, pro" in err


def test_the_start_screen_seats_the_computer_at_a_level() -> None:
    app = App(SIZE, warm_up=False)
    frame(app)
    start = app.mode
    seat = next(b for b in start._layout(SIZE) if b.action == "seat:1")
    for _ in range(4):  # person -> beginner -> amateur -> expert -> pro
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=seat.rect.center, button=1))
    assert start.levels[1] == "pro" and start.names[1] == "Computer (pro)"
    config = start._config()
    assert config.computers == (None, "pro") and config.players[1] == "Computer (pro)"
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=seat.rect.center, button=1))
    assert start.levels[1] is None and start.names[1] == "Player 2"


def test_the_coach_shows_the_computers_shot_its_chance_and_why() -> None:
    config = MatchConfig("nine-ball", ("Ann", "Bob"), seed=5)
    app = App(SIZE, config=config, warm_up=False)
    frame(app)
    key(app, pygame.K_a)
    coach = app.mode.coach
    assert coach.thinking is not None and coach.thinking.level == "pro"
    assert coach.thinking.wait(SEARCH_LIMIT_S)
    lines = coach.words()
    move = coach.thinking.move
    assert move is not None and lines[0] == f"Coach (pro): {move.explain}"
    assert f"{move.chance:.0%} chance" in lines[1]
    before = frame(app)
    key(app, pygame.K_a)  # again: the next level, round to the weakest
    assert coach.thinking.level == "beginner" and app.coach_level == "beginner"
    assert coach.thinking.wait(SEARCH_LIMIT_S)
    key(app, pygame.K_a, pygame.KMOD_SHIFT)
    assert coach.words() == []
    hidden = frame(app)
    # the hint drew its aim line and words in the accent colour; hidden, they are gone
    accent = pygame.Color(255, 200, 60)
    count = lambda s: sum(  # noqa: E731
        s.get_at((x, y)) == accent for x in range(0, SIZE[0], 2) for y in range(0, SIZE[1], 2)
    )
    assert count(before) > count(hidden) + 50


def test_the_coach_advises_a_choice_on_the_referees_call() -> None:
    """After Ann's snooker foul Bob chooses (accept the table, hand it back, or have the balls
    replaced): A on the call asks the coach, which says the choice the computer would make and
    why, in a box off the call's banner; a call the computer answers offers no coach."""
    app = snooker_call_after_a_foul()
    mode = app.mode
    assert mode.context == "decision" and app.session.game.pending_choice
    assert mode.coach_offered
    key(app, pygame.K_a)
    assert mode.coach.thinking is not None and mode.coach.thinking.wait(SEARCH_LIMIT_S)
    move = mode.coach.thinking.move
    assert move is not None and move.kind is agents.MoveKind.CHOICE
    assert move.choice in app.session.game.pending_choice
    lines = mode.coach.words()
    assert lines[0] == f"Coach (pro): {move.explain}" and "its choice at this level" in lines[1]
    frame(app)
    assert app.session.game.pending_choice  # advice only: nothing chosen

    app2 = snooker_call_after_a_foul((None, "amateur"))
    assert app2.mode.context == "decision" and not app2.mode.coach_offered
    key(app2, pygame.K_a)
    assert app2.mode.coach.thinking is None


def test_a_search_runs_in_a_worker_process_and_fails_in_words() -> None:
    config = MatchConfig("nine-ball", ("Ann", "Bob"), seed=5)
    game = App(SIZE, config=config, warm_up=False).session.game
    thinking = Thinking(game, "beginner", 1)
    assert thinking.wait(SEARCH_LIMIT_S) and thinking.move is not None
    assert thinking.move == agents.choose(game, "beginner", seed=1)  # the same move here
    assert isinstance(render.computer.search_pool(), ProcessPoolExecutor)
    wrong = Thinking(game, "grandmaster", 1)
    assert wrong.wait(SEARCH_LIMIT_S) and wrong.move is None
    assert "grandmaster" in (wrong.error or "")


def test_a_thinking_result_is_only_for_its_own_position() -> None:
    config = MatchConfig("nine-ball", ("Ann", "Bob"), seed=5)
    app = App(SIZE, config=config, warm_up=False)
    game = app.session.game
    thinking = Thinking(game, "beginner", 1)
    assert thinking.wait(SEARCH_LIMIT_S)
    assert thinking.move_for(game) is thinking.move is not None
    import dataclasses

    copy = dataclasses.replace(game)
    assert thinking.move_for(copy) is None


def test_a_script_breaks_for_ann_and_watches_the_computer_play(tmp_path) -> None:
    shot = tmp_path / "after.png"
    script = tmp_path / "script.txt"
    script.write_text(
        "until aim\nkey space\nuntil playback\nkey return\n"  # Ann's break, skipped to its end
        "until computer\nuntil playback\nwait 0.5\nkey return\n"  # its shot, played by itself
        f"until decision\nshot {shot}\nquit\n"
    )
    player = ScriptPlayer.from_file(script)
    app = hvc_app("amateur", seed=5)
    screen = pygame.Surface(SIZE)
    deadline = time.monotonic() + SEARCH_LIMIT_S
    while app.running and time.monotonic() < deadline:
        player.step(app, screen, 0.05)
        app.update(0.05)
        app.draw(screen)
        if isinstance(app.mode, ComputerTurnMode) and app.mode.phase == "thinking":
            time.sleep(0.01)  # its search runs in its worker meanwhile
    assert not app.running, f"the script stopped at {player.commands[:1]} in {app.mode.context}"
    assert shot.exists() and app.session.last_shot is not None
    assert app.session.last_shot.before_game.to_play == 1  # the computer's shot was the last


@pytest.mark.xvfb
def test_cuesim_play_against_the_computer_in_a_real_window(xvfb_display, tmp_path) -> None:
    """``cuesim play nine-ball --players Ann --computer amateur`` under Xvfb: Ann breaks, the
    computer's search runs in its worker process, its shot plays, the call shows."""
    shot = tmp_path / "window.png"
    script = tmp_path / "script.txt"
    script.write_text(
        "until aim\nwait 0.3\nkey space\nuntil playback\nkey return\n"
        f"until computer\nuntil playback\nkey return\nuntil decision\nshot {shot}\nquit\n"
    )
    env = dict(os.environ, DISPLAY=xvfb_display, CUESIM_SCRIPT=str(script), SDL_AUDIODRIVER="dummy")
    env.pop("SDL_VIDEODRIVER", None)
    done = subprocess.run(
        [sys.executable, "-m", "cuesim", "play", "nine-ball", "--players", "Ann", "--computer",
         "amateur", "--seed", "5", "--save", str(tmp_path / "s.json")],
        cwd=test_real_window.ROOT, env=env, capture_output=True, text=True, timeout=240,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert shot.exists()
    assert pygame.image.load(str(shot)).get_size() == (1280, 820)
