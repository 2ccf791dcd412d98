"""What a session loaded from a file must satisfy before the window may use it.

``rules.persist.from_dict`` already builds each game through ``Game.__post_init__`` (shapes,
player indices, phases, ball-in-hand zones, ``ball_on`` in range, counters >= 0) and the
player-name and seed checks of ``rules.new_game``. A session file says more than one game, and
a hostile one can still hold values a fresh game never has; these checks close the gap:

- the game is the match's game, played by the match's players or sides, on the table the
  match's config builds (``sim.Table.pool(feet)`` or ``sim.Table.snooker()``, pockets
  included: a ``capture_radius`` of 1e308 is refused here);
- every ball position is finite and within :data:`PARK_LIMIT_M` of the table; every ball on
  the table lies on the cloth (``sim.balls.first_ball_off_cloth``) and no two overlap
  (``sim.balls.first_overlap``, the engine's ``MAX_OVERLAP`` tolerance);
- counters (scores, rack and shot numbers) are at most :data:`MAX_COUNT`; the referee's last
  words are printable text of at most :data:`MAX_TEXT` characters;
- the match score has one entry per side, no side beyond the wins the match needs, no more wins
  than racks played, and a breaker index in range.

Each function returns the problem in words (for ``SaveFileError``), or None. Pure; no pygame.
"""

from __future__ import annotations

import math
import unicodedata

import numpy as np

import rules
import sim
from render.match import MatchConfig, MatchScore
from sim.balls import first_ball_off_cloth, first_overlap

#: Largest score, rack number or shot number a session file may hold (a snooker frame's
#: points, racks of a long match and shots of a game are all far below it).
MAX_COUNT = 1_000_000
#: Balls off the table are parked near it; a coordinate beyond this many metres is refused.
PARK_LIMIT_M = 100.0
#: Longest free text (the referee's last reason, a choice context) accepted, characters.
MAX_TEXT = 2_000


def text_problem(text: object, where: str) -> str | None:
    """Why ``text`` is not printable text of at most :data:`MAX_TEXT` characters, or None."""
    if not isinstance(text, str):
        return f"{where} must be text, got {type(text).__name__}"
    if len(text) > MAX_TEXT:
        return f"{where} has {len(text)} characters; at most {MAX_TEXT} are allowed"
    if any(unicodedata.category(c) == "Cc" for c in text):
        return f"{where} holds a control character; printable text is allowed"
    return None


def expected_table(config: MatchConfig) -> sim.Table:
    """The ``sim.Table`` the match ``config`` is played on (``MatchConfig.game_table``)."""
    return config.game_table()


def expected_players(config: MatchConfig) -> tuple[str, ...]:
    """The names the referee knows in a game of ``config``: the players in snooker (two, or
    four in doubles), the two sides in pool (``MatchConfig.game_players``)."""
    return config.game_players


def positions_problem(game: rules.Game, where: str) -> str | None:
    """Why the balls of ``game`` could not be on a table between shots, or None."""
    state = game.state
    table = game.table
    pos = np.asarray(state.pos, dtype=float)
    if not np.isfinite(pos).all():
        return f"{where}: a ball position is not a finite number"
    reach = PARK_LIMIT_M + max(float(table.length), float(table.width))
    if float(np.abs(pos).max(initial=0.0)) > reach:
        return f"{where}: a ball lies more than {reach:.0f} m from the table"
    names = game.ball_names
    off = first_ball_off_cloth(state, table)
    if off is not None:
        x, y = (float(v) for v in pos[off])
        return (
            f"{where}: the {names[off]} at ({x:.4f}, {y:.4f}) m is off the cloth of the "
            f"{table.name} table"
        )
    overlap = first_overlap(state, float(table.ball_radius))
    if overlap is not None:
        i, j, depth = overlap
        return f"{where}: the {names[i]} and the {names[j]} overlap by {depth * 1000:.3f} mm"
    return None


def game_problem(game: rules.Game, config: MatchConfig, where: str) -> str | None:
    """Why ``game`` (a rules ``Game`` read from a file) cannot be a game of the match
    ``config``, or None when every check passes."""
    if str(game.kind) != config.game:
        return f"{where} is a game of {game.kind}; the match is {config.game}"
    players = expected_players(config)
    if tuple(game.players) != players:
        return f"{where}: the players {list(game.players)} are not the match's {list(players)}"
    table = expected_table(config)
    if game.table != table:
        return (
            f"{where}: the table is not the match's {table.name} table (its size or pockets "
            "differ from the standard ones)"
        )
    for field, values in (("score", game.score), ("fouls_in_a_row", game.fouls_in_a_row)):
        if any(int(v) > MAX_COUNT for v in values):
            return f"{where}: {field} {list(values)} is out of range (0..{MAX_COUNT})"
    for field, value in (("rack_number", game.rack_number), ("shot_number", game.shot_number)):
        if not 0 <= int(value) <= MAX_COUNT:
            return f"{where}: {field} {value} is out of range (0..{MAX_COUNT})"
    for field, text in (("last_reason", game.last_reason), ("choice_context", game.choice_context)):
        problem = text_problem(text, f"{where}: {field}")
        if problem is not None:
            return problem
    return positions_problem(game, where)


def score_problem(score: MatchScore, config: MatchConfig, where: str) -> str | None:
    """Why ``score`` cannot be a score of the match ``config``, or None."""
    if len(score.wins) != 2:
        return f"{where}: wins must hold two values (one per side), got {list(score.wins)}"
    needed = config.wins_needed
    if any(not 0 <= w <= needed for w in score.wins):
        return f"{where}: wins {list(score.wins)} out of range (0..{needed} in this match)"
    if sum(1 for w in score.wins if w == needed) > 1:
        return f"{where}: both sides cannot have won the match ({list(score.wins)})"
    most = config.most_games
    if not sum(score.wins) <= score.rack <= most:
        return (
            f"{where}: rack {score.rack} is out of range ({sum(score.wins)}..{most}: at least "
            "one rack per win, at most the racks the match can take)"
        )
    if not 0 <= score.breaker < 2:
        return f"{where}: breaker {score.breaker} is not a side (0 or 1)"
    return None


def point_problem(xy: object, where: str) -> str | None:
    """Why ``xy`` is not a pair of finite numbers (a cue-ball position, m), or None."""
    ok = (
        isinstance(xy, list | tuple)
        and len(xy) == 2
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in xy)
        and all(math.isfinite(float(v)) for v in xy)
    )
    return None if ok else f"{where} must be two finite numbers (x, y) in metres, got {xy!r}"
