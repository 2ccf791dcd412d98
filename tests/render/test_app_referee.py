"""What a player and a referee do around the shots, driven by synthetic events through the App:
engine failures shown as messages, fouls declared by a player, conceding and re-racking a
snooker frame, the 9-ball two-fouls warning, and the help overlay that lists every key.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pygame
import pytest

import rules
import sim
from render.app import App
from render.match import MatchConfig
from render.modes.decision import GameOverMode
from rules import BallInHand
from sim.errors import EventCapExceededError, InvalidStrikeError, OverlappingBallsError

SIZE = (1280, 820)


def key(app: App, k: int, mod: int = 0) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.handle(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))


def click(app: App, pos: tuple[float, float]) -> None:
    p = (round(pos[0]), round(pos[1]))
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=1))


def frame(app: App) -> pygame.Surface:
    surface = pygame.Surface(SIZE)
    app.draw(surface)
    return surface


def new_app(game: str, **kw) -> App:
    config = MatchConfig(game, ("Ann", "Bob"), seed=11, **kw)
    app = App(SIZE, config=config, warm_up=False)
    frame(app)
    return app


def set_position(app: App, xy: dict[int, tuple[float, float]], **fields) -> None:
    """Put the balls of ``xy`` at rest there and every other ball off the table."""
    game = app.game
    pos = np.array(game.state.pos, dtype=float)
    for i, p in xy.items():
        pos[i] = p
    state = sim.BallState.at_rest(pos)
    for i in range(int(game.state.n)):
        if i not in xy:
            state = state.with_ball_removed(i)
    app.game = replace(game, state=state, **fields)
    app.enter_aim()
    frame(app)


# ---------------------------------------------------------------------- engine failures


@pytest.mark.parametrize(
    ("error", "words"),
    [
        (EventCapExceededError("more than 20000 events"), "stopped this shot"),
        (InvalidStrikeError("speed 99 m/s is above 12 m/s"), "refused this shot"),
        (OverlappingBallsError("balls 3 and 4 overlap by 1 mm"), "refused this shot"),
    ],
)
def test_an_engine_failure_is_a_message_and_the_player_shoots_again(
    monkeypatch: pytest.MonkeyPatch, error: Exception, words: str
) -> None:
    app = new_app("nine-ball")
    game, score, history = app.game, app.score, list(app.history)
    real_simulate = sim.simulate

    def refuse(*args, **kwargs):
        raise error

    monkeypatch.setattr(sim, "simulate", refuse)
    app.aim.power = 0.7
    key(app, pygame.K_SPACE)
    assert app.mode.context == "aim"
    assert app.toast is not None and words in app.toast[0] and "shoot again" in app.toast[0]
    assert app.game is game and app.score is score and app.history == history
    assert app.last_shot is None and app.playback is None
    assert app.aim.power == pytest.approx(0.7)
    frame(app)  # the message draws
    monkeypatch.setattr(sim, "simulate", real_simulate)
    key(app, pygame.K_SPACE)
    assert app.mode.context == "playback"


def test_a_save_whose_last_shot_the_engine_refuses_is_not_loaded(
    monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:
    app = new_app("nine-ball")
    app.aim.power = 0.8
    key(app, pygame.K_SPACE)
    app.finish_playback()
    path = tmp_path / "s.cuesim.json"
    assert app.save(path)
    game = app.game

    def refuse(*args, **kwargs):
        raise EventCapExceededError("more than 20000 events")

    monkeypatch.setattr(sim, "simulate", refuse)
    assert not app.load(path)
    assert "Not loaded" in app.toast[0] and app.game is game


# ---------------------------------------------------------------------- declared fouls


def pot_the_nine(app: App) -> int:
    """Set up the 9 straight in front of the top-right pocket and pot it; returns the shooter."""
    pocket = app.table.pocket_named("bottom-right")
    d = float(np.hypot(pocket.x - 1.0, pocket.y - 2.27))
    ux, uy = (pocket.x - 1.0) / d, (pocket.y - 2.27) / d
    set_position(
        app,
        {0: (1.0 - 0.3 * ux, 2.27 - 0.3 * uy), 9: (1.0, 2.27)},
        phase=rules.Phase.PLAY,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({9}),
        shot_number=6,
    )
    shooter = app.game.to_play
    app.aim.phi_deg = float(np.degrees(np.arctan2(uy, ux)))
    app.aim.locked, app.aim.power = True, 0.35
    key(app, pygame.K_SPACE)
    assert app.mode.context == "playback"
    return shooter


def ruling_labels(app: App) -> list[str]:
    return [b.label for b in app.mode.info(app.layout(SIZE).table)[1].buttons]


def test_a_double_hit_declared_on_the_winning_nine_makes_it_a_foul() -> None:
    app = new_app("nine-ball")
    shooter = pot_the_nine(app)
    app.finish_playback()
    assert app.game.is_over and app.game.winner == shooter
    assert ruling_labels(app) == ["Next rack", "Declare a foul"]
    key(app, pygame.K_d)
    assert app.mode.context == "declarefoul"
    words = [w for _, w, _ in app.mode.entries()]
    assert "Double hit / push shot" in words and "No foot on the floor at the strike" in words
    frame(app)
    key(app, pygame.K_1 + words.index("Double hit / push shot"))
    assert app.mode.context == "decision"
    ruling = app.mode.ruling
    assert [f.code for f in ruling.fouls] == ["double_hit"]
    assert "declared by a player" in ruling.fouls[0].evidence
    assert app.last_shot.declaration.declared_fouls == {"double_hit"}
    # The 9 comes back on its spot, the rack goes on, the other player has ball in hand.
    assert not app.game.is_over and bool(app.game.state.on_table[9])
    assert app.game.to_play != shooter and app.game.ball_in_hand is rules.BallInHand.ANYWHERE
    panel_fouls = app.mode.info(app.layout(SIZE).table)[1].fouls
    assert any("double hit" in f.lower() for f in panel_fouls)
    frame(app)
    # Picked again, the foul is withdrawn: the 9 wins again.
    key(app, pygame.K_d)
    key(app, pygame.K_1 + words.index("Double hit / push shot"))
    assert not app.mode.ruling.fouls and app.game.is_over and app.game.winner == shooter
    # Undo takes back the shot itself.
    key(app, pygame.K_u)
    assert app.game.shot_number == 6 and bool(app.game.state.on_table[9])


def test_a_foul_declared_during_the_playback_with_the_mouse() -> None:
    app = new_app("nine-ball")
    shooter = pot_the_nine(app)
    app.update(0.05)
    key(app, pygame.K_d)  # the playback ends and the list opens
    assert app.mode.context == "declarefoul" and app.playback is None
    _box, rows = app.mode.layout(SIZE)
    row = next(r for r in rows if r.action == "foul:foot_off_floor")
    app.handle(
        pygame.event.Event(pygame.MOUSEMOTION, pos=row.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    assert app.mode.selected == rows.index(row)
    frame(app)
    click(app, row.rect.center)
    assert [f.code for f in app.mode.ruling.fouls] == ["foot_off_floor"]
    assert app.game.to_play != shooter


def test_a_snooker_foul_declared_after_the_call_went_away_gives_the_penalty() -> None:
    app = new_app("snooker")
    names = app.game.ball_names
    red, black = names.index("red_1"), names.index("black")
    set_position(
        app,
        {0: (0.889, 1.2), red: (0.889, 2.2), black: (0.889, 3.245)},
        phase=rules.Phase.REDS,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({red}),
        shot_number=5,
        score=(0, 0),
    )
    shooter = app.game.to_play
    app.aim.phi_deg, app.aim.locked, app.aim.power = 90.0, True, 0.15
    key(app, pygame.K_SPACE)
    app.finish_playback()
    if app.mode.ruling.fouls or app.game.is_over:
        pytest.skip("the engine made this shot a foul by itself")
    app.update(5.0)  # the routine call goes away
    if app.mode.context != "aim":
        pytest.skip("the engine left a choice to make")
    assert "D foul on the last shot" in " ".join(app.mode.prompt_lines())
    key(app, pygame.K_d)
    assert app.mode.context == "declarefoul"
    key(app, pygame.K_ESCAPE)
    assert app.mode.context == "aim"
    key(app, pygame.K_d)
    codes = [c for c, _, _ in app.mode.entries()]
    app.mode.selected = codes.index("double_hit")
    key(app, pygame.K_RETURN)
    ruling = app.mode.ruling
    assert [f.code for f in ruling.fouls] == ["double_hit"]
    other = 1 - shooter
    assert app.game.score[other] == ruling.fouls[0].penalty >= 4


def test_a_declared_foul_is_saved_with_the_shot(tmp_path) -> None:
    app = new_app("nine-ball")
    shooter = pot_the_nine(app)
    app.finish_playback()
    key(app, pygame.K_d)
    codes = [c for c, _, _ in app.mode.entries()]
    key(app, pygame.K_1 + codes.index("double_hit"))
    path = tmp_path / "foul.cuesim.json"
    assert app.save(path)
    other = App(SIZE, config=app.config, warm_up=False)
    assert other.load(path)
    assert other.last_shot.declaration.declared_fouls == {"double_hit"}
    assert [f.code for f in other.last_shot.ruling.fouls] == ["double_hit"]
    assert not other.game.is_over and other.game.to_play != shooter


def test_no_foul_can_be_declared_before_a_shot_or_after_the_next_rack() -> None:
    app = new_app("nine-ball")
    key(app, pygame.K_d)
    assert app.mode.context == "aim" and "No shot" in app.toast[0]
    pot_the_nine(app)
    app.finish_playback()
    key(app, pygame.K_RETURN)  # next rack
    assert app.mode.context == "aim" and app.foul_shot() is None
    key(app, pygame.K_d)
    assert app.mode.context == "aim"


# ---------------------------------------------------------------------- snooker frame moves


def aim_buttons(app: App) -> dict[str, object]:
    return {b.action: b for b in app.mode.buttons(SIZE)}


def after_the_break_off(app: App) -> None:
    """The frame as if its break-off had been played (a shot number past 0): conceding or
    re-racking means something only then."""
    app.game = replace(app.game, shot_number=1)
    app.enter_aim()


def test_snooker_concession_is_confirmed_then_counts_as_a_frame_won() -> None:
    app = new_app("snooker")
    after_the_break_off(app)
    game = app.game
    assert "frame" in aim_buttons(app)
    key(app, pygame.K_x)
    assert app.mode.context == "choice"
    frame(app)
    key(app, pygame.K_ESCAPE)  # cancelled: nothing happens
    assert app.mode.context == "aim" and app.game is game
    click(app, aim_buttons(app)["frame"].rect.center)
    assert app.mode.context == "choice"
    key(app, pygame.K_1)  # Ann concedes ...
    assert app.mode.context == "choice" and app.mode.confirm
    assert "Ann concedes" in app.mode.title
    frame(app)
    key(app, pygame.K_n)  # ... not after all
    assert app.mode.context == "aim" and app.game is game
    key(app, pygame.K_x)
    key(app, pygame.K_1)
    _box, buttons = app.mode.layout(SIZE)
    click(app, buttons[0].rect.center)  # "Yes: Ann concedes"
    assert app.game.is_over and app.game.winner == 1
    assert isinstance(app.mode, GameOverMode)
    info = app.mode.info(app.layout(SIZE).table)[1]
    assert any("Ann concedes the frame" in line for line in info.lines)
    frame(app)
    key(app, pygame.K_RETURN)  # next frame: Bob has won one
    assert app.score.wins == (0, 1) and not app.game.is_over


def test_snooker_concession_is_undone_with_u() -> None:
    app = new_app("snooker")
    after_the_break_off(app)
    game = app.game
    key(app, pygame.K_x)
    key(app, pygame.K_2)
    key(app, pygame.K_y)
    assert app.game.is_over and app.game.winner == 0
    key(app, pygame.K_u)
    assert app.game is game and app.mode.context == "aim"


def test_snooker_stalemate_re_racks_the_frame_after_confirmation() -> None:
    app = new_app("snooker")
    names = app.game.ball_names
    red, black = names.index("red_1"), names.index("black")
    set_position(
        app,
        {0: (0.889, 1.2), red: (0.889, 2.2), black: (0.889, 3.245)},
        phase=rules.Phase.REDS,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({red}),
        shot_number=30,
        score=(40, 12),
        to_play=1,
    )
    breaker = app.game.breaker
    key(app, pygame.K_x)
    key(app, pygame.K_3)
    assert app.mode.confirm and "stalemate" in app.mode.title.lower()
    frame(app)
    key(app, pygame.K_RETURN)
    game = app.game
    assert game.score == (0, 0) and game.shot_number == 0 and not game.is_over
    assert int(np.sum(game.state.on_table)) == 21  # 15 reds, 6 colours; the cue ball in hand
    assert game.to_play == breaker and app.in_hand and app.zone is BallInHand.IN_D
    assert app.score.wins == (0, 0) and app.score.rack == 0
    assert "Stalemate" in app.toast[0]
    frame(app)


def test_snooker_scoreboard_shows_points_remaining_and_snookers_required() -> None:
    from render.scoreboard import score_info

    app = new_app("snooker")
    names = app.game.ball_names
    pink, black = names.index("pink"), names.index("black")
    set_position(
        app,
        {0: (0.889, 2.0), pink: (0.889, 2.67675), black: (0.889, 3.245)},
        phase=rules.Phase.COLOURS_IN_ORDER,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({pink}),
        score=(50, 20),
        to_play=1,
        shot_number=40,
    )
    info = score_info(app.session)
    assert "13 remaining" in info.centre
    # 30 behind with 13 on the table: 17 more from fouls worth 6: 3 snookers.
    assert "Bob needs 3 snookers" in info.centre
    # Shown for the side sitting out as well.
    app.game = replace(app.game, to_play=0)
    assert "Bob needs 3 snookers" in score_info(app.session).centre
    app.game = replace(app.game, score=(20, 20))
    assert "needs" not in score_info(app.session).centre


# ---------------------------------------------------------------------- 9-ball warnings


def foul_twice(app: App, *, acknowledge: bool = True) -> int:
    """The player to act, with one foul already, misses the ball on: his second foul in a row.
    Returns the fouler."""
    fouler = app.game.to_play
    set_position(
        app,
        {0: (0.635, 0.5), 1: (0.3, 2.0), 9: (0.635, 2.2)},
        phase=rules.Phase.PLAY,
        ball_in_hand=rules.BallInHand.NONE,
        ball_on=frozenset({1}),
        shot_number=3,
        fouls_in_a_row=(1, 0) if fouler == 0 else (0, 1),
    )
    app.aim.phi_deg, app.aim.locked, app.aim.power = 270.0, True, 0.3  # at the cushion: a miss
    key(app, pygame.K_SPACE)
    app.finish_playback()
    assert app.mode.ruling.fouls
    if acknowledge:
        key(app, pygame.K_RETURN)
        assert app.mode.context == "aim"
    return fouler


def test_nine_ball_manual_warning_is_a_button_for_the_opponent() -> None:
    from render.scoreboard import score_info

    app = new_app("nine-ball", referee_warns=False)
    fouler = foul_twice(app)
    assert app.game.fouls_in_a_row[fouler] == 2 and not app.game.warning_given[fouler]
    assert score_info(app.session).players[fouler].warning == "2 fouls - not warned"
    warn = aim_buttons(app)["warn"]
    assert warn.label == f"Warn {('Ann', 'Bob')[fouler]}: two fouls"
    frame(app)
    click(app, warn.rect.center)
    assert app.game.warning_given[fouler]
    assert score_info(app.session).players[fouler].warning == "2 fouls - WARNED"
    assert "warn" not in aim_buttons(app)
    key(app, pygame.K_w)  # nobody is due any more
    assert "Nobody" in app.toast[0]
    key(app, pygame.K_u)  # the warning can be taken back
    assert not app.game.warning_given[fouler] and "warn" in aim_buttons(app)
    key(app, pygame.K_w)
    assert app.game.warning_given[fouler]


def test_nine_ball_referee_warns_by_itself_by_default() -> None:
    from render.scoreboard import score_info

    app = new_app("nine-ball")
    fouler = foul_twice(app)
    assert app.game.warning_given[fouler]
    assert score_info(app.session).players[fouler].warning == "2 fouls - WARNED"
    assert "warn" not in aim_buttons(app)
    key(app, pygame.K_w)
    assert "Nobody" in app.toast[0]


def test_the_start_screen_sets_the_manual_warning() -> None:
    app = App(SIZE, config=None, warm_up=False)
    frame(app)
    assert app.mode.context == "start"
    buttons = {b.action: b for b in app.mode._layout(SIZE)}
    click(app, buttons["game:nine-ball"].rect.center)
    buttons = {b.action: b for b in app.mode._layout(SIZE)}
    assert "by the referee" in buttons["warns"].label
    click(app, buttons["warns"].rect.center)
    frame(app)
    key(app, pygame.K_RETURN)
    assert app.mode.context == "aim"
    assert app.config.referee_warns is False and app.game.referee_warns is False
    assert MatchConfig.from_json(app.config.to_json()) == app.config


# ---------------------------------------------------------------------- help


def observable(app: App) -> tuple:
    """What a key press can change, as plain values."""
    aim = app.aim
    return (
        app.mode.context, app.show_help, app.show_ghost, app.confirm_quit, app.toast,
        aim.phi_deg, aim.power, aim.a, aim.b, aim.theta_deg, aim.push_out, aim.safety,
        aim.free_ball, aim.called_ball, aim.called_pocket, aim.nominated,
        getattr(app.mode, "picking_nomination", None), id(app.game),
    )  # fmt: skip


@pytest.mark.parametrize("game", ["nine-ball", "eight-ball", "snooker"])
def test_every_letter_that_does_something_is_in_the_help(game: str) -> None:
    from render.keys import HELP_LINES

    text = " ".join(HELP_LINES)
    app = new_app(game, referee_warns=False) if game == "nine-ball" else new_app(game)
    app.aim.power = 0.4
    key(app, pygame.K_SPACE)  # one shot, so that undo, replay and D have something to act on
    app.finish_playback()
    key(app, pygame.K_RETURN)
    if app.mode.context != "aim":
        key(app, pygame.K_1)
    assert app.mode.context == "aim"
    if game == "nine-ball":  # a warning due, so that W does something
        app.game = replace(app.game, fouls_in_a_row=(2, 0))
    if game == "eight-ball":  # a call made, so that C (call again) does something
        app.aim.called_ball = min(app.declaration_options().callable_balls)
    acting = []
    # U last: undoing the one shot brings back the break-off, where X (concede / re-rack) does
    # nothing in snooker.
    letters = sorted(range(pygame.K_a, pygame.K_z + 1), key=lambda code: code == pygame.K_u)
    for code in letters:
        before = observable(app)
        key(app, code)
        if observable(app) != before:
            acting.append(pygame.key.name(code).upper())
        # Back to aiming, whatever the key opened (Esc closes lists and questions).
        if app.confirm_quit:
            key(app, pygame.K_n)
        while app.mode.context in ("choice", "declarefoul", "playback"):
            key(app, pygame.K_ESCAPE)
        if app.mode.context != "aim":
            app.enter_aim()
        app.show_help = False
    expected = {"G", "H", "I", "J", "K", "L", "D", "Q", "R", "U"}
    expected |= {"nine-ball": {"W"}, "eight-ball": {"F", "C"}, "snooker": {"X"}}[game]
    assert expected <= set(acting)
    for letter in acting:
        assert f" {letter} " in f" {text} ".replace("/", " ").replace("(", " "), letter


def test_the_help_overlay_names_the_mouse_and_the_special_keys_and_fits() -> None:
    from render.keys import HELP_LINES
    from render.overlays import help_box

    text = " ".join(HELP_LINES)
    for words in (
        "right-click", "mouse wheel", "drag the power bar", "drag the cue ball", "Space",
        "Enter", "Esc", "Page Up/Down", "[ ]", "Shift", "Ctrl+S", "Ctrl+O", "Ctrl+Z", "F1",
        "keys 2-7", "Tab", "Backspace", "1-9", "Y yes",
    ):  # fmt: skip
        assert words in text, words
    app = new_app("snooker")
    key(app, pygame.K_h)
    assert app.show_help
    for size in (SIZE, (900, 640)):
        box = help_box(size)
        assert box.top >= 0 and box.bottom <= size[1], size
    frame(app)
    key(app, pygame.K_h)
    assert not app.show_help


def test_a_doubles_team_concedes_through_the_player_of_that_side() -> None:
    config = MatchConfig("snooker", ("Ann", "Bob", "Cid", "Dan"), seed=2)
    app = App(SIZE, config=config, warm_up=False)
    frame(app)
    app.game = replace(app.game, to_play=2, shot_number=1)  # Cid (Ann & Cid) at the table
    app.enter_aim()
    key(app, pygame.K_x)
    key(app, pygame.K_2)
    assert app.mode.title == "Bob & Dan concede the frame?"  # a team, in the plural
    key(app, pygame.K_y)
    assert app.game.is_over and app.game.winner == 0
    assert "Dan concedes" in app.game.last_reason


def test_the_manual_warning_is_offered_on_the_referees_call_too() -> None:
    app = new_app("nine-ball", referee_warns=False)
    fouler = foul_twice(app, acknowledge=False)
    labels = ruling_labels(app)
    name = ("Ann", "Bob")[fouler]
    assert labels == ["Continue", "Declare a foul", f"Warn {name}"]
    lines = app.mode.info(app.layout(SIZE).table)[1].lines
    assert any(f"{name}: two fouls in a row, not warned yet" in line for line in lines)
    frame(app)
    key(app, pygame.K_3)  # number keys never warn or declare by mistake
    assert app.mode.context == "decision" and not app.game.warning_given[fouler]
    key(app, pygame.K_w)
    assert app.game.warning_given[fouler] and app.mode.context == "aim"
    assert f"{name} warned" in app.toast[0]
