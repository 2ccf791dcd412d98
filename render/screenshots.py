"""Write the README screenshots: one position of each game, drawn by the real App.

    python -m render.screenshots [OUT_DIR]      # default docs/screenshots

Each picture is a position reached by real shots (the break, simulated by the engine) or set
on the table, with the aim, the ghost ball, the scoreboard and the controls as a player sees
them. Runs headless (SDL dummy video driver).
"""

from __future__ import annotations

import math
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np
import pygame

import rules
from render.app import App
from render.match import MatchConfig
from render.modes.decision import DecisionMode

SIZE = (1280, 820)


def _app(game: str, seed: int) -> App:
    players = ("Ronnie", "Judd") if rules.game_class(game).scores_points else ("Efren", "Shane")
    config = MatchConfig(game, players, race_to=5, frames=7, seed=seed)
    app = App(SIZE, config=config, warm_up=False)
    app.draw(pygame.Surface(SIZE))
    return app


def _set_up(game: rules.Game, **fields: Any) -> rules.Game:
    """``game`` with ``fields`` replaced (checked by the game, as ``dataclasses.replace``
    always is): a position the README shows, whose fields differ by game."""
    return replace(game, **fields)


def _aim_to_pot(app: App, ball: int, pocket_name: str | None = None) -> str:
    """Aim the ghost ball so ``ball`` goes to the pocket (the one needing the thinnest cut
    when ``pocket_name`` is None); returns the pocket's name."""
    cue = np.array(app.cue_xy())
    p = np.array(app.game.state.pos[ball], dtype=float)
    r = float(app.table.ball_radius)
    best = None
    for pocket in app.table.pockets:
        if pocket_name is not None and pocket.name != pocket_name:
            continue
        (ax, ay), (bx, by) = pocket.mouth
        to_pocket = np.array([(ax + bx) / 2, (ay + by) / 2]) - p
        distance = float(np.linalg.norm(to_pocket))
        to_pocket /= distance
        end = app.object_line_end(tuple(p), tuple(to_pocket), distance + 0.05)
        if pocket_name is None and math.hypot(*(np.array(end) - p)) < distance - r:
            continue  # the object ball would meet a cushion or a jaw before the mouth
        ghost = p - 2 * r * to_pocket
        line = ghost - cue
        cut = math.acos(float(np.clip(line @ to_pocket / np.linalg.norm(line), -1, 1)))
        if best is None or cut < best[0]:
            best = (cut, pocket.name, ghost)
    assert best is not None
    _, name, ghost = best
    app.aim.phi_deg = math.degrees(math.atan2(ghost[1] - cue[1], ghost[0] - cue[0])) % 360
    app.aim.locked = True
    return name


def _break_and_continue(app: App, power: float) -> None:
    app.aim.power = power
    app.shoot()
    app.finish_playback()
    while isinstance(app.mode, DecisionMode):
        app.mode.press(app.mode.info(app.layout(SIZE).table)[1].buttons[0].action)


def nine_ball(out: Path) -> Path:
    from render.match import MatchScore

    app = _app(rules.GameKind.NINE_BALL, seed=21)
    _break_and_continue(app, 0.85)
    app.score = MatchScore(wins=(3, 2), rack=5, breaker=1)
    on = sorted(app.game.ball_on)
    if app.in_hand:
        lowest = app.game.state.pos[on[0]]
        app.place_cue_ball((float(lowest[0]) + 0.25, float(lowest[1]) - 0.35))
    _aim_to_pot(app, on[0])
    app.aim.power, app.aim.b = 0.38, -0.25
    return _save(app, out / "nine_ball.png")


def eight_ball(out: Path) -> Path:
    import rules
    from render.match import MatchScore

    app = _app(rules.GameKind.EIGHT_BALL, seed=8)
    w, length = app.table.width, app.table.length
    xy = {
        0: (0.55, 1.05), 1: (0.32, 1.62), 3: (1.02, 2.05), 5: (0.18, 2.32), 6: (0.86, 0.62),
        7: (0.48, 2.42), 8: (0.72, 1.85), 10: (1.12, 1.35), 12: (0.2, 0.75), 14: (0.95, 2.4),
        15: (0.62, 0.25),
    }  # fmt: skip
    pos = np.array(app.game.state.pos, dtype=float)
    for i, p in xy.items():
        pos[i] = (min(max(p[0], 0.03), w - 0.03), min(max(p[1], 0.03), length - 0.03))
    from sim import BallState

    state = BallState.at_rest(pos)
    for i in range(int(state.n)):
        if i not in xy:
            state = state.with_ball_removed(i)
    solids, stripes = rules.Group.SOLIDS, rules.Group.STRIPES
    app.game = _set_up(
        app.game, state=state, phase=rules.Phase.GROUPS_ASSIGNED, groups=(solids, stripes),
        to_play=0, ball_in_hand=rules.BallInHand.NONE, ball_on=frozenset({1, 3, 5, 6, 7}),
        shot_number=9,
    )  # fmt: skip
    app.score = MatchScore(wins=(4, 4), rack=8, breaker=0)
    app.enter_aim()
    app.aim.called_ball = 1
    app.aim.called_pocket = _aim_to_pot(app, 1)
    app.aim.power = 0.33
    return _save(app, out / "eight_ball.png")


def snooker(out: Path) -> Path:
    import rules
    from render.match import MatchScore

    app = _app(rules.GameKind.SNOOKER, seed=3)
    names = app.game.ball_names
    table = app.table
    pos = np.array(app.game.state.pos, dtype=float)
    rng = np.random.default_rng(5)
    on = [0] + [names.index(c) for c in ("yellow", "green", "brown", "blue", "pink", "black")]
    reds = [i for i, n in enumerate(names) if n.startswith("red")][:9]
    placed: list[np.ndarray] = [
        np.array(table.spots[c]) for c in ("yellow", "green", "brown", "blue", "pink", "black")
    ]
    for i in reds:
        for _ in range(200):
            p = np.array([rng.uniform(0.25, table.width - 0.25), rng.uniform(2.2, 3.45)])
            if all(np.hypot(*(p - q)) > 0.09 for q in placed):
                break
        pos[i] = p
        placed.append(p)
    for c in ("yellow", "green", "brown", "blue", "pink", "black"):
        pos[names.index(c)] = table.spots[c]
    pos[0] = (1.12, 2.05)
    from sim import BallState

    state = BallState.at_rest(pos)
    keep = set(on + reds)
    for i in range(int(state.n)):
        if i not in keep:
            state = state.with_ball_removed(i)
    app.game = _set_up(
        app.game, state=state, phase=rules.Phase.REDS, to_play=0,
        ball_in_hand=rules.BallInHand.NONE, ball_on=frozenset(reds), score=(41, 17),
        break_points=24, shot_number=30,
    )  # fmt: skip
    app.score = MatchScore(wins=(2, 1), rack=3, breaker=1)
    app.enter_aim()
    target = min(reds, key=lambda i: math.hypot(*(pos[i] - pos[0])))
    _aim_to_pot(app, target)
    app.aim.power, app.aim.b = 0.3, 0.3
    return _save(app, out / "snooker.png")


def _save(app: App, path: Path) -> Path:
    surface = pygame.Surface(SIZE)
    app.draw(surface)
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))
    return path


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else Path("docs/screenshots")
    pygame.init()
    for make in (nine_ball, eight_ball, snooker):
        print(make(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
