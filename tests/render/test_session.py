"""The match without a window: ``render.session.Session`` imports no pygame and plays whole
racks (strike -> simulate -> judge -> apply), undoes, saves and loads on its own."""

from __future__ import annotations

import dataclasses
import itertools
import logging
import math
import subprocess
import sys

import pygame
import pytest

import rules
import sim
from render import aiming
from render.app import App
from render.match import MatchConfig, MatchScore
from render.session import ActionRefusedError, Session


def test_importing_the_session_imports_no_pygame() -> None:
    code = "import sys, render.session, render.aiming\nprint('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def _play_one(session: Session) -> None:
    """The player to act shoots firmly at the nearest ball on (ball in hand: from the default
    spot); a pending choice takes the first option offered."""
    game = session.game
    if game.pending_choice:
        session.choose(game.pending_choice[0])
        return
    aim = aiming.aim_for_turn(game, power=0.55)
    declaration = aiming.build_declaration(game, aim)
    cue_at = aim.cue_xy if aiming.in_hand(game) else None
    session.shoot(aiming.strike_for(aim), declaration, cue_at)
    assert session.pending_ruling is not None
    session.finish_shot()


def test_a_whole_nine_ball_rack_is_played_through_the_session_alone() -> None:
    session = Session()
    session.start_match(MatchConfig("nine-ball", ("Ann", "Bob"), seed=7, race_to=1))
    first = session.game
    shots = 0
    while not session.game.is_over:
        _play_one(session)
        shots += 1
        assert shots < 400, "the rack never ended"
    winner = session.game.winner
    assert winner in (0, 1)
    assert session.next_rack() == winner and session.match_winner == winner
    assert session.score is not None and session.score.wins[winner] == 1
    # Undo walks back to the rack's first position, one entry per shot or choice.
    while session.undo():
        pass
    assert session.game is first and session.last_shot is None


def test_a_refused_shot_changes_nothing_and_the_session_round_trips(tmp_path) -> None:
    session = Session()
    session.start_match(MatchConfig("snooker", ("Ann", "Bob"), seed=3))
    game = session.game
    with pytest.raises(ActionRefusedError, match="Illegal cue-ball placement"):
        session.shoot(sim.Strike(speed=2.0, phi=90.0), rules.Declaration(), (0.889, 3.0))
    assert session.game is game and session.history == [] and session.last_shot is None
    aim = aiming.aim_for_turn(game, power=0.6)
    aim.phi_deg = math.degrees(math.atan2(1.0, 0.02))
    session.shoot(aiming.strike_for(aim), aiming.build_declaration(game, aim), aim.cue_xy)
    session.finish_shot()
    path = session.save(tmp_path / "s.cuesim.json")
    other = Session()
    other.load(path)
    assert other.config == session.config and other.score == session.score
    assert (other.game.state.pos == session.game.state.pos).all()
    assert other.last_shot is not None and session.last_shot is not None
    assert other.last_shot.ruling.fouls == session.last_shot.ruling.fouls
    assert len(other.history) == len(session.history) == 1


def test_a_session_without_a_match_says_so() -> None:
    with pytest.raises(ActionRefusedError, match="No match"):
        Session().next_rack()


def _ball_order(game) -> list[int]:
    """The object balls of a rack read in order of their places (rounded to the mm: the racks'
    jitter is a fraction of one)."""
    placed = [
        (round(float(x), 3), round(float(y), 3), i) for i, (x, y) in enumerate(game.state.pos)
    ]
    return [i for _, _, i in sorted(placed) if i != 0]


@pytest.mark.parametrize("kind", [k.value for k in rules.GameKind])
def test_each_rack_of_a_match_differs_from_the_one_before(kind: str) -> None:
    """9-ball « Leurs positions doivent être différentes à chaque nouveau rack »: the window's
    match gives rack k the rules' own rack k of the match seed (``rack_number``), the rack a
    finished game's ``next_rack`` sets up, so consecutive racks never repeat. Seed 7592 is the
    one whose racks 0 and 1 were the same when each rack was a new game of seed + k."""
    from render.session import new_game

    for seed in (7592, 1, 2, 3):
        config = MatchConfig(game=kind, seed=seed)
        score = MatchScore.start()
        orders = []
        for _ in range(6):
            game = new_game(config, score)
            assert game.rack_number == score.rack
            orders.append(_ball_order(game))
            score = score.after_game(0)
        if kind == "nine-ball":
            assert all(a != b for a, b in itertools.pairwise(orders)), (seed, orders)
    # the same racks as the rules' own match play: rack k + 1 is rack k's next_rack
    config = MatchConfig(game="nine-ball", seed=7592)
    first = new_game(config, MatchScore.start())
    over = dataclasses.replace(first, is_over=True, winner=0)
    following = new_game(config, MatchScore.start().after_game(0))
    assert (following.state.pos == over.next_rack(following.breaker).state.pos).all()


def test_a_four_handed_snooker_match_saves_and_loads(tmp_path) -> None:
    """Doubles (§14: Ann and Cid against Bob and Dee): the save after a shot loads back to the
    same game and score (one score per team, one foul count per player)."""
    session = Session()
    session.start_match(MatchConfig(game="snooker", players=("Ann", "Bob", "Cid", "Dee"), seed=5))
    _play_one(session)
    path = session.save(tmp_path / "doubles.cuesim.json")
    other = Session()
    other.load(path)
    assert other.game == session.game and len(other.game.score) == 2
    assert other.match_config.players == ("Ann", "Bob", "Cid", "Dee")


def key(app: App, k: int, mod: int = 0) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.handle(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))


SIZE = (1280, 820)


def new_app(game: str = "nine-ball") -> App:
    app = App(SIZE, config=MatchConfig(game, ("Ann", "Bob"), seed=3), warm_up=False)
    app.draw(pygame.Surface(SIZE))
    return app


def test_an_unexpected_error_in_the_shot_is_shown_and_the_match_kept(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    app = new_app()
    before = app.session.game

    def broken(*_args: object, **_kwargs: object) -> None:
        raise ZeroDivisionError("an engine bug")

    monkeypatch.setattr("sim.simulate", broken)
    with caplog.at_level(logging.ERROR, logger="cuesim.render.session"):
        key(app, pygame.K_SPACE)
    assert app.mode.context == "aim"
    assert app.session.game is before and not app.session.history
    assert app.toast is not None and "ZeroDivisionError: an engine bug" in app.toast.text
    assert "match is kept" in app.toast.text
    assert any(r.exc_info for r in caplog.records)


def test_a_strike_the_engine_refuses_is_refused_by_the_session() -> None:
    session = Session()
    session.start_match(MatchConfig("nine-ball", ("Ann", "Bob"), seed=3))

    def miscue() -> object:
        import sim

        return sim.Strike(speed=2.0, phi=0.0, a=0.6)

    with pytest.raises(ActionRefusedError, match="engine refused this shot"):
        session.shoot(miscue, rules.Declaration())  # type: ignore[arg-type]
    assert not session.history and session.last_shot is None


def test_a_ruling_the_rules_cannot_apply_takes_the_shot_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = new_app()
    before = app.session.game
    key(app, pygame.K_SPACE)
    assert app.mode.context == "playback"

    def refuse(self: object, *_args: object) -> None:
        raise rules.StaleRulingError("the ruling is for another shot")

    monkeypatch.setattr(type(app.session.game), "apply", refuse)
    app.finish_playback()
    assert app.mode.context == "aim"
    assert app.session.game is before and app.session.last_shot is None
    assert app.toast is not None and "taken back" in app.toast.text
