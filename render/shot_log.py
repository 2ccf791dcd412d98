"""The shots of the frame being played, in a player's words, without pygame: who played, what
the referee called, and what was declared before the shot.

Read off :class:`render.session.Session`: every shot of the undo stack and the last one, kept
while its ``before_score`` is the match score now (the score changes only when a frame or a
rack ends, so the shots of earlier frames drop out). Pure: the window's history panel
(``render.modes.shot_history``) and the "last call" line draw what this returns.
"""

from __future__ import annotations

from dataclasses import dataclass

from render.history import LastShot
from render.session import Session
from render.words import foul_words
from rules.wording import ball_words, player_summary


@dataclass(frozen=True)
class LoggedShot:
    """One shot of the frame as the history panel lists it.

    Fields:
        number: 1 for the frame's first shot (the break), then 2, 3, ...
        player: the shooter's name.
        call: the referee's call on it, its first line ("Foul by Ann: Bob has ball in hand").
        details: the rest of the call (fouls with their rule, balls pocketed, who plays next).
        declared: what was declared before the shot ("called the 3 in the top-left pocket",
            "safety", "push-out", "nominated the blue"), "" when nothing was.
    """

    number: int
    player: str
    call: str
    details: tuple[str, ...]
    declared: str


def frame_shots(session: Session) -> tuple[LastShot, ...]:
    """The shots of the current frame (``LastShot``), oldest first."""
    shots: list[LastShot] = []
    for _game, _score, shot in session.history:
        if shot is not None and all(shot is not s for s in shots):
            shots.append(shot)
    last = session.last_shot
    if last is not None and all(last is not s for s in shots):
        shots.append(last)
    score = session.score
    return tuple(s for s in shots if s.before_score == score)


def declared_words(shot: LastShot) -> str:
    """What was declared before ``shot``, in words ("" when nothing was)."""
    declaration = shot.declaration
    names = tuple(shot.before_game.ball_names)

    def ball(i: int) -> str:
        return "the " + ball_words(str(names[i])) if 0 <= i < len(names) else f"ball {i}"

    parts = []
    if declaration.push_out:
        parts.append("push-out")
    if declaration.safety:
        parts.append("safety")
    if declaration.called_ball is not None:
        where = f" in the {declaration.called_pocket} pocket" if declaration.called_pocket else ""
        parts.append(f"called {ball(declaration.called_ball)}{where}")
    if declaration.nominated is not None:
        kind = "free ball" if declaration.free_ball else "nominated"
        parts.append(f"{kind} {ball(declaration.nominated)}")
    if declaration.declared_fouls:
        fouls = sorted(declaration.declared_fouls)
        parts.append("foul declared: " + ", ".join(foul_words(f).lower() for f in fouls))
    return "; ".join(parts)


def logged(shot: LastShot, number: int) -> LoggedShot:
    """``shot`` as the history panel lists it, numbered ``number``."""
    game = shot.before_game
    players = tuple(game.players)
    lines = player_summary(shot.ruling, players, tuple(game.ball_names), spots=game.table.spots)
    shooter = int(game.to_play)
    player = players[shooter] if 0 <= shooter < len(players) else f"player {shooter + 1}"
    return LoggedShot(number, player, lines[0], tuple(lines[1:]), declared_words(shot))


def frame_log(session: Session) -> tuple[LoggedShot, ...]:
    """Every shot of the current frame in words, oldest first."""
    return tuple(logged(shot, k + 1) for k, shot in enumerate(frame_shots(session)))


def last_call_line(session: Session) -> str:
    """The compact line the window keeps on screen after the call closes, until the next shot:
    "Last call (shot 4, Ann): Legal shot...", then the choice made on that call ("Bob chose:
    accept the table.", "Ann chose: re-rack, Bob breaks."), or "" before the frame's first shot."""
    log = frame_log(session)
    if not log:
        return ""
    entry = log[-1]
    line = f"Last call (shot {entry.number}, {entry.player}): {entry.call}"
    made = session.choice_made
    if made is not None and made[0] is session.last_shot:
        line += f" {made[1]} chose: {made[2]}."
    return line
