"""The window and the shot lab's scenario files (docs/scenario-format.md): a scenario opened as
the window's position and aim, and the window's position and aim written as a scenario the lab
reads (``cuesim shot FILE`` plays it). No pygame.

A scenario holds one position, the state of play (whose turn, ball in hand, the groups, the
ball on, the scores, the fouls in a row) and one shot; the window's aim is that shot (speed
from the power meter, direction, elevation, tip; the call, nomination, safety, push-out).
What a scenario has no field for is not kept: the rack's number and seed, the match's score.
Nor are the fouls a scenario declares with its shot (``declared_fouls``, ``off_table``): the
window declares those after a shot, on the referee's call.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import rules
from lab.runner import prepare
from lab.scenario import (
    load_scenario,
    scenario_from_dict,
    write_scenario,
)
from lab.scenario_types import ScenarioError, game_takes
from lab.schema import FORMAT_NAME, FORMAT_VERSION, table_name_of
from render import aiming
from render.aiming import AimState
from render.game_features import GroupsGame, RackStyleGame
from rules.types import Phase
from sim.errors import SimInputError


@dataclass(frozen=True)
class OpenedScenario:
    """A scenario file made ready for the window: its game in position and its shot as the
    window's aim; ``title`` is the file's title (or its name)."""

    game: rules.Game
    aim: AimState
    title: str


def open_scenario(path: str | Path) -> OpenedScenario:
    """Read, check and set up the scenario at ``path`` exactly as the lab does
    (``lab.scenario.load_scenario``, ``lab.runner.prepare``); raises ``ScenarioError`` (its
    one line names the file and the field) for a file the lab refuses."""
    scenario = load_scenario(path)
    prepared = prepare(scenario)
    intended = prepared.intended
    declaration = prepared.declaration
    game = prepared.game
    aim = AimState(
        phi_deg=float(intended.phi),
        power=aiming.speed_to_power(float(intended.speed)),
        a=float(intended.a),
        b=float(intended.b),
        theta_deg=float(intended.theta),
        cue_xy=scenario.position_of("cue") if aiming.in_hand(game) else None,
        locked=True,
        push_out=declaration.push_out,
        safety=declaration.safety,
        free_ball=declaration.free_ball,
        called_ball=declaration.called_ball,
        called_pocket=declaration.called_pocket,
        nominated=declaration.nominated,
    )
    if aim.cue_xy is None and aiming.in_hand(game):
        aim = replace(aim, cue_xy=aiming.default_cue_spot(game))
    return OpenedScenario(game, aim, scenario.title or Path(path).name)


def _ball_on_word(game: rules.Game) -> str | None:
    """A snooker-like game's ``phase.ball_on``: "red", "colour" or the colour in sequence."""
    if game.phase is Phase.REDS:
        return "red"
    if game.phase is Phase.COLOUR_AFTER_RED:
        return "colour"
    if game.phase is Phase.COLOURS_IN_ORDER and game.ball_on:
        return str(game.ball_names[min(game.ball_on)])
    return None


def scenario_dict(game: rules.Game, aim: AimState, *, title: str) -> dict[str, Any]:
    """The scenario of ``game``'s position and ``aim``'s shot as the plain dict of the file
    format (``lab.scenario.scenario_from_dict`` reads it)."""
    cls = type(game)
    names = cls.ball_names
    players = list(game.players)
    state = game.state
    balls = {
        str(names[i]): [float(state.pos[i][0]), float(state.pos[i][1])]
        for i in range(int(state.n))
        if bool(state.on_table[i])
    }
    phase: dict[str, Any] = {
        "break": game.phase is Phase.BREAK,
        "to_play": players[int(game.to_play)],
        "ball_in_hand": game.ball_in_hand.value,
    }
    if any(game.fouls_in_a_row):
        phase["fouls_in_a_row"] = {
            p: int(n) for p, n in zip(players, game.fouls_in_a_row, strict=True)
        }
    if game_takes(cls, "phase.magic_rack") and isinstance(game, RackStyleGame):
        phase["magic_rack"] = game.rack_style == "magic"
    if game_takes(cls, "phase.push_out_available"):
        phase["push_out_available"] = game.phase is Phase.PUSH_OUT_ALLOWED
    if isinstance(game, GroupsGame) and all(g is not None for g in game.groups):
        phase["groups"] = {
            p: g.value for p, g in zip(players, game.groups, strict=True) if g is not None
        }
    if game_takes(cls, "phase.ball_on"):
        word = _ball_on_word(game)
        if word is not None:
            phase["ball_on"] = word
    if cls.scores_points and any(game.score):
        phase["scores"] = {players[s]: int(p) for s, p in enumerate(game.score)}
    if game_takes(cls, "phase.free_ball"):
        phase["free_ball"] = bool(game.declaration_options().free_ball_allowed)
    if game_takes(cls, "phase.respotted_black"):
        phase["respotted_black"] = game.phase is Phase.RESPOTTED_BLACK
    strike = aiming.strike_for(aim)
    shot: dict[str, Any] = {
        "speed": float(strike.speed),
        "phi": float(aim.phi_deg) % 360.0,
        "theta": float(strike.theta),
        "a": float(strike.a),
        "b": float(strike.b),
    }
    if aiming.in_hand(game):
        cue = aiming.cue_xy(game, aim)
        if cue is not None:
            shot["cue_ball_at"] = [float(cue[0]), float(cue[1])]
            balls.pop("cue", None)
    declaration = aiming.build_declaration(game, aim)
    if declaration.push_out:
        shot["push_out"] = True
    if declaration.safety:
        shot["safety"] = True
    if declaration.called_ball is not None and declaration.called_pocket is not None:
        shot["call"] = {
            "ball": str(names[declaration.called_ball]),
            "pocket": declaration.called_pocket,
        }
    if declaration.nominated is not None:
        key = "free_ball" if declaration.free_ball else "nominate"
        shot[key] = str(names[declaration.nominated])
    return {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "title": title,
        "game": cls.kind.value,
        "table": table_name_of(game.table),
        "players": players,
        "balls": balls,
        "phase": phase,
        "shot": shot,
    }


def save_scenario(game: rules.Game, aim: AimState, path: str | Path, *, title: str) -> Path:
    """Write ``game``'s position and ``aim``'s shot to ``path`` as a scenario (TOML, or JSON
    for ``.json``), checked first as the lab checks any file and written atomically
    (``lab.scenario.write_scenario``). Raises ``ScenarioError`` for a position or shot the lab
    would refuse (then nothing is written) and ``rules.FileWriteError`` when the write fails."""
    path = Path(path)
    scenario = scenario_from_dict(scenario_dict(game, aim, title=title), source=str(path))
    try:
        prepare(scenario)
    except (ScenarioError, rules.RulesError, SimInputError) as exc:
        raise ScenarioError(str(path), "", str(exc)) from None
    write_scenario(scenario, path)
    return path
