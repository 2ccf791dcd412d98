"""The scoreboard's content: the two sides, their racks or points, fouls and warnings, the
rack or frame, the break, the points remaining, snookers needed and the ball on."""

from __future__ import annotations

from typing import Any

from render import draw, hud
from render.session import Session, frame_points


def _ball_words(names: tuple[str, ...], balls: Any) -> str:
    """Balls in words for the "ball on" line: "a red" for any reds, at most four names."""
    items = sorted(int(b) for b in balls)
    if not items:
        return ""
    reds = [b for b in items if names[b].startswith("red")]
    others = [names[b] for b in items if not names[b].startswith("red")]
    if not reds and len(others) >= 5:
        # Snooker after a red: every colour is on, the player nominates one.
        return "any colour (nominate one)"
    words = (["a red"] if reds else []) + others
    if len(words) > 4:
        return ", ".join(words[:3]) + f" or {len(words) - 3} more"
    return ", ".join(words)


def score_info(session: Session) -> hud.ScoreInfo:
    """The scoreboard's content from the game and the match of ``session``."""
    game: Any = session.game
    config = session.config
    score = session.score
    if config is None or score is None:
        raise ValueError("the scoreboard needs a match: start one with Session.start_match")
    names = tuple(game.ball_names)
    lines = []
    cls = config.game_class
    # A game won on points (snooker) shows points per side, breaks and snookers needed.
    on_points = cls.scores_points
    groups = getattr(game, "groups", None)
    # Two sides: the two players, or (snooker doubles) the two teams sharing a score.
    side_names = config.sides if on_points else tuple(game.players)
    # Once the match is won the score has counted the last rack (``MatchScore.after_game``)
    # but no new one is racked; a rack / frame just over (its call on screen, the next one not
    # racked yet) is counted on the board already. Either way the board shows that rack as it
    # ended: its final position and counters, no shot or ball on.
    match_over = session.match_winner is not None
    ended = match_over or bool(game.is_over)
    after = score if match_over or not ended else score.after_game(game.winner, frame_points(game))
    wins = after.wins
    active = game.side_of(game.to_play) if on_points else game.to_play
    for i, name in enumerate(side_names):
        detail = ""
        balls: tuple[draw.BallLook, ...] = ()
        if on_points:
            # The frame's points are the big number (``PlayerLine.points``), frames won beside.
            if config.aggregate:  # the match is decided on the total over every frame
                total = after.points[i] + (0 if ended else int(game.score[i]))
                detail = f"total {total}"
        elif groups:
            group = groups[i] if i < len(groups) else None
            if group is not None:
                value = str(getattr(group, "value", group))
                detail = value.capitalize()
                members: frozenset[int] = getattr(group, "balls", frozenset())
                left = [b for b in sorted(members) if bool(game.state.on_table[b])]
                balls = tuple(draw.look_for_ball_name(names[b]) for b in left)
            else:
                detail = "Open table"
        elif groups is not None:
            detail = "Open table"
        fouls = game.fouls_in_a_row[i] if i < len(game.fouls_in_a_row) else 0
        warning = ""
        if cls.has_three_fouls_rule and fouls:
            warned = i < len(game.warning_given) and game.warning_given[i]
            warning = f"{fouls} foul{'s' if fouls > 1 else ''}"
            if warned:
                warning += " - WARNED"
            elif fouls >= 2 and not game.referee_warns:
                warning += " - not warned"
        points = int(game.score[i]) if on_points else None
        lines.append(hud.PlayerLine(name, wins[i], detail, warning, balls, points))
    rack_number = score.rack if match_over else score.rack + 1
    centre = f"{cls.frame_word.capitalize()} {rack_number}"
    if on_points:
        parts = [centre]
        if game.break_points:
            parts.append(f"Break {game.break_points}")
        parts.append("final position" if ended else f"{game.points_remaining()} remaining")
        if not ended and getattr(game, "stalemate_warned", False):
            parts.append("stalemate warned")
        # Either side may need snookers (the one sitting out too): both are shown.
        for side, side_name in enumerate(() if ended else side_names):
            needed = game.snookers_required(side)
            if needed:
                parts.append(f"{side_name} needs {needed} snooker{'s' if needed > 1 else ''}")
        centre = " \u00b7 ".join(parts)
    elif ended:
        centre += " \u00b7 final position"
    else:
        is_break = str(getattr(game.phase, "value", "")) == "break"
        centre += " \u00b7 " + ("break" if is_break else f"shot {game.shot_number + 1}")
    ball_on = _ball_words(names, game.ball_on)
    if ended:
        ball_on = ""
    elif groups is not None and len(game.ball_on) > 7:
        ball_on = "any solid or stripe (open table)"
    elif groups is not None and len(game.ball_on) > 1:
        group = groups[game.to_play] if groups else None
        ball_on = f"the {getattr(group, 'value', 'group')!s}" if group else ball_on
    if on_points and len(game.players) == 4:
        centre += f" \u00b7 at the table: {game.players[game.to_play]}"
    centre += f" \u00b7 aim: {config.aim_assist}"  # one level for both sides, shown to both
    return hud.ScoreInfo(
        tuple(lines), active, config.title, centre, f"Ball on: {ball_on}" if ball_on else ""
    )
