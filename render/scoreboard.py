"""The scoreboard's content: the two sides, their racks or points, fouls and warnings, the
rack or frame, the break, the points remaining, snookers needed and the ball on."""

from __future__ import annotations

from collections import Counter

import rules
from render import draw, hud
from render.aiming import is_break
from render.game_features import GroupsGame, PointsGame
from render.session import Session, frame_points
from rules.wording import ball_words


def _ball_words(names: tuple[str, ...], balls: frozenset[int]) -> str:
    """Balls in words for the "ball on" line: balls alike said once ("a red": balls the game
    names alike, ``rules.wording.ball_words``), the others by name, at most four."""
    items = sorted(int(b) for b in balls)
    if not items:
        return ""
    alike = Counter(ball_words(name) for name in names)
    shared: list[str] = []
    single: list[str] = []
    for b in items:
        word = ball_words(names[b])
        if alike[word] > 1:
            if f"a {word}" not in shared:
                shared.append(f"a {word}")
        else:
            single.append(names[b])
    if not shared and len(single) >= 5:
        # Snooker after a red: every colour is on, the player nominates one.
        return "any colour (nominate one)"
    words = shared + single
    if len(words) > 4:
        return ", ".join(words[:3]) + f" or {len(words) - 3} more"
    return ", ".join(words)


def _group_detail(game: GroupsGame, player: int) -> str:
    """The player's group as the scoreboard names it ("Solids"), or "Open table"."""
    groups = game.groups
    group = groups[player] if player < len(groups) else None
    return "Open table" if group is None else group.value.capitalize()


def _group_balls(game: rules.Game, groups: GroupsGame, player: int) -> tuple[draw.BallLook, ...]:
    """The looks of the balls of ``player``'s group still on the table (none while open)."""
    group = groups.groups[player] if player < len(groups.groups) else None
    if group is None:
        return ()
    left = [b for b in sorted(group.balls) if bool(game.state.on_table[b])]
    return tuple(draw.look_for_ball_name(game.ball_names[b]) for b in left)


def _foul_warning(game: rules.Game, player: int) -> str:
    """The three-fouls rule's count of ``player`` (``Game.has_three_fouls_rule``): "2 fouls -
    WARNED", "2 fouls - not warned"; "" without fouls or the rule."""
    fouls = game.fouls_in_a_row[player] if player < len(game.fouls_in_a_row) else 0
    if not type(game).has_three_fouls_rule or not fouls:
        return ""
    warned = player < len(game.warning_given) and game.warning_given[player]
    warning = f"{fouls} foul{'s' if fouls > 1 else ''}"
    if warned:
        return warning + " - WARNED"
    if fouls >= 2 and not game.referee_warns:
        return warning + " - not warned"
    return warning


def _points_centre(game: PointsGame, ended: bool, side_names: tuple[str, ...]) -> list[str]:
    """The scoreboard's centre for a frame won on points: the break, the points remaining or
    "final position", a stalemate warning, the snookers each side needs."""
    parts = []
    if game.break_points:
        parts.append(f"Break {game.break_points}")
    parts.append("final position" if ended else f"{game.points_remaining()} remaining")
    if not ended and game.stalemate_warned:
        parts.append("stalemate warned")
    # Either side may need snookers (the one sitting out too): both are shown.
    for side, side_name in enumerate(() if ended else side_names):
        needed = game.snookers_required(side)
        if needed:
            parts.append(f"{side_name} needs {needed} snooker{'s' if needed > 1 else ''}")
    return parts


def _ball_on_words(game: rules.Game, ended: bool) -> str:
    """The "ball on" line: the balls on, "the solids" for a player's group, "any solid or
    stripe (open table)"; "" once the rack / frame is over."""
    if ended:
        return ""
    words = _ball_words(game.ball_names, game.ball_on)
    if isinstance(game, GroupsGame) and len(game.ball_on) > 7:
        return "any solid or stripe (open table)"
    if isinstance(game, GroupsGame) and len(game.ball_on) > 1:
        group = game.groups[game.to_play] if game.to_play < len(game.groups) else None
        return f"the {group.value}" if group is not None else words
    return words


def score_info(session: Session) -> hud.ScoreInfo:
    """The scoreboard's content from the game and the match of ``session``."""
    game = session.game
    config = session.config
    score = session.score
    if config is None or score is None:
        raise ValueError("the scoreboard needs a match: start one with Session.start_match")
    cls = config.game_class
    # A game won on points (snooker) shows points per side, breaks and snookers needed.
    points = game if cls.scores_points and isinstance(game, PointsGame) else None
    # Two sides: the two players, or (snooker doubles) the two teams sharing a score.
    side_names = config.sides if cls.scores_points else tuple(game.players)
    # Once the match is won the score has counted the last rack (``MatchScore.after_game``)
    # but no new one is racked; a rack / frame just over (its call on screen, the next one not
    # racked yet) is counted on the board already. Either way the board shows that rack as it
    # ended: its final position and counters, no shot or ball on.
    match_over = session.match_winner is not None
    ended = match_over or bool(game.is_over)
    after = score if match_over or not ended else score.after_game(game.winner, frame_points(game))
    lines = []
    for i, name in enumerate(side_names):
        detail = ""
        balls: tuple[draw.BallLook, ...] = ()
        if cls.scores_points:
            # The frame's points are the big number (``PlayerLine.points``), frames won beside.
            if config.aggregate:  # the match is decided on the total over every frame
                total = after.points[i] + (0 if ended else int(game.score[i]))
                detail = f"total {total}"
        elif isinstance(game, GroupsGame):
            detail = _group_detail(game, i)
            balls = _group_balls(game, game, i)
        on_points = int(game.score[i]) if cls.scores_points else None
        lines.append(
            hud.PlayerLine(name, after.wins[i], detail, _foul_warning(game, i), balls, on_points)
        )
    rack_number = score.rack if match_over else score.rack + 1
    centre = f"{cls.frame_word.capitalize()} {rack_number}"
    if points is not None:
        centre = " \u00b7 ".join([centre, *_points_centre(points, ended, side_names)])
    elif ended:
        centre += " \u00b7 final position"
    else:
        centre += " \u00b7 " + ("break" if is_break(game) else f"shot {game.shot_number + 1}")
    if cls.scores_points and len(game.players) > len(side_names):
        centre += f" \u00b7 at the table: {game.players[game.to_play]}"
    centre += f" \u00b7 aim: {config.aim_assist}"  # one level for both sides, shown to both
    ball_on = _ball_on_words(game, ended)
    return hud.ScoreInfo(
        tuple(lines),
        game.side_of(game.to_play),
        config.title,
        centre,
        f"Ball on: {ball_on}" if ball_on else "",
    )
