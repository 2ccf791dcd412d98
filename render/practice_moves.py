"""The window's practice moves on its host (``render.host.Host``): a ball dragged to a new
place, a ball added or taken off, the last shot played again from its position with the aim
and power kept, and the position saved as a shot-lab scenario. The checks are
``render.practice``'s and ``render.scenario_io``'s; a refusal is said in one line and changes
nothing."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import rules
from lab.scenario_types import ScenarioError
from render import palette
from render.aiming import speed_to_power
from render.host import Host
from render.practice import PracticeRefusedError, add_ball, move_ball, remove_ball
from render.scenario_io import save_scenario
from render.session import ActionRefusedError
from render.words import ball_name
from rules.files import FileWriteError

#: The scenario file the window writes, beside the session's save file.
SCENARIO_NAME = "cuesim-position.toml"


def in_practice(host: Host) -> bool:
    """Whether the match is a practice session (``MatchConfig.practice``)."""
    return host.session.has_match and host.session.match_config.practice


def _refused(host: Host, what: str) -> bool:
    host.say(f"{what} is for practice: start one with --practice or from the start screen.")
    return False


def _set(host: Host, game: rules.Game) -> None:
    """Make ``game`` the position, the aim (power, tip, cue ball in hand) kept as it was."""
    aim = replace(host.aim)
    host.session.set_position(game)
    host.aim = aim


def place_ball(host: Host, ball: int, xy: tuple[float, float]) -> bool:
    """Move ``ball`` to ``xy`` (m) if the cloth there is free; else say why."""
    if not in_practice(host):
        return _refused(host, "Moving the balls")
    try:
        _set(host, move_ball(host.session.game, ball, xy))
    except PracticeRefusedError as exc:
        host.say(str(exc), palette.ALERT)
        return False
    return True


def take_off(host: Host, ball: int) -> bool:
    """Take ``ball`` off the table (-1: none under the pointer)."""
    if not in_practice(host):
        return _refused(host, "Taking balls off")
    try:
        _set(host, remove_ball(host.session.game, ball))
    except PracticeRefusedError as exc:
        host.say(str(exc), palette.ALERT)
        return False
    host.say(f"{ball_name(host.session.game, ball).capitalize()} taken off the table.")
    return True


def put_on(host: Host, xy: tuple[float, float]) -> bool:
    """Put the first ball off the table at ``xy`` (m)."""
    if not in_practice(host):
        return _refused(host, "Adding balls")
    try:
        game, ball = add_ball(host.session.game, xy)
    except PracticeRefusedError as exc:
        host.say(str(exc), palette.ALERT)
        return False
    _set(host, game)
    host.say(f"{ball_name(game, ball).capitalize()} put on the table.")
    return True


def retry(host: Host) -> bool:
    """The last shot's position again, aimed as that shot was: its direction, power (the
    meter reading of its speed), tip and elevation, the cue ball in hand where it was put,
    its call or nomination."""
    if not in_practice(host):
        return _refused(host, "Playing a shot again")
    shot = host.session.last_shot
    try:
        host.session.retry_last_shot()
    except ActionRefusedError as exc:
        host.say(str(exc), palette.ALERT)
        return False
    assert shot is not None  # retry_last_shot refuses without one
    host.enter_aim()
    strike, declaration = shot.strike, shot.declaration
    host.aim = replace(
        host.aim,
        phi_deg=float(strike.phi),
        power=speed_to_power(float(strike.speed)),
        a=float(strike.a),
        b=float(strike.b),
        theta_deg=float(strike.theta),
        cue_xy=shot.cue_ball_at if shot.cue_ball_at is not None else host.aim.cue_xy,
        locked=True,
        push_out=declaration.push_out,
        safety=declaration.safety,
        free_ball=declaration.free_ball,
        called_ball=declaration.called_ball,
        called_pocket=declaration.called_pocket,
        nominated=declaration.nominated,
    )
    host.say("The last shot's position again: the aim and power as they were.")
    return True


def scenario_path(host: Host) -> Path:
    """Where the window writes the position: :data:`SCENARIO_NAME` beside the save file."""
    return host.save_path.parent / SCENARIO_NAME


def save_position(host: Host) -> bool:
    """Write the position and the aimed shot as a scenario file (``render.scenario_io``)."""
    path = scenario_path(host)
    game = host.session.game
    title = f"{host.session.match_config.title}: {game.players[game.to_play]} to play"
    try:
        save_scenario(game, host.aim, path, title=title)
    except (ScenarioError, FileWriteError) as exc:
        host.say(f"Not saved: {exc}", palette.ALERT)
        return False
    host.say(f"Position saved as {path} (cuesim shot {path} plays it).")
    return True
