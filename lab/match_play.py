"""Whole racks and frames between computer players, shot by shot.

:func:`play_rack` plays one rack of pool or one frame of snooker from the break to its result:
each player to act is the computer at its level (``agents.choose``), and its move is handed to
the game as a person's (``Move.play``). The runner is also what a referee at the table would be:

* 9-ball, when the players give the two-foul warning (``referee_warns`` False), the opponent
  gives it as soon as it is due (a computer never forgets);
* snooker, §13: after ``STALEMATE_WARNING`` strokes without a ball potted the referee warns of a
  stalemate, and after ``STALEMATE_DECLARED`` the frame is re-started (``warn_stalemate``,
  ``declare_stalemate``);
* a rack that reaches ``MAX_SHOTS`` is stopped and reported as stalled (it never should be).

Every row of :class:`MatchShot` is one move (a shot, a choice, a concession) or one referee's act;
the moves draw from ``move_seed``, so a rack is a function of its arguments.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import agents
import rules
from rules.game import Game

#: Strokes without a pot after which the snooker referee warns of a stalemate, then declares it.
STALEMATE_WARNING = 36
STALEMATE_DECLARED = 48
#: Moves after which a rack is stopped as stalled.
MAX_SHOTS = 600


@dataclass(frozen=True)
class MatchShot:
    """One move of a rack.

    Fields:
        rack: the rack's number in the match; index: the move's number in the rack.
        player: who moved (an index of the game's players; -1 for the referee); side: the
            scoring side (the player, or its team in four-handed snooker).
        move: "shot", "choice", "concede", "warning" (9-ball two-foul warning), "stalemate
            warning", "stalemate".
        intent: a shot's purpose ("pot", "safety", "push_out", "break"; "" otherwise);
            family: a pot's family; ball, pocket: the ball meant to drop and its pocket
            (-1 / "" for none); target: the ball meant to be met first (-1 for none).
        made: a pot dropped its ball without a foul.
        fouls: the fouls' codes, comma-separated ("" for none).
        pocketed: the balls pocketed by number, comma-separated.
        points: points the shot scored for the mover's side less those it gave the other side
            (snooker; 0 in pool).
        decision_s: the computer's thinking time for the move (s).
        explain: the move in a player's words.
        context: why the ruling offers a choice, the ruling's ``extras.choice_context``
            ("dry_break", "push_out", "illegal_break", "eight_on_break", ...; "" for none).
        third_foul: the shot lost the rack on a third consecutive foul (9-ball, "Les trois
            fautes consécutives": a foul that ends the rack with the shooter's count at three).
        miss: the foul was also called a miss (snooker, paragraph after §3.10; WPBSA 3.14).
        free_ball: the ruling gives the next player a free ball (snooker §9.1).
        respotted_black: the frame ended level and the black is re-spotted (snooker §3.10).
    """

    rack: int
    index: int
    player: int
    side: int
    move: str
    intent: str = ""
    family: str = ""
    ball: int = -1
    pocket: str = ""
    target: int = -1
    made: bool = False
    fouls: str = ""
    pocketed: str = ""
    points: int = 0
    decision_s: float = 0.0
    explain: str = ""
    context: str = ""
    third_foul: bool = False
    miss: bool = False
    free_ball: bool = False
    respotted_black: bool = False


@dataclass(frozen=True)
class RackResult:
    """A rack or frame played out.

    Fields:
        rack: its number in the match; breaker: who broke.
        winner: the winning side, or None (a drawn frame of an aggregate match, or stalled).
        stalled: stopped at ``MAX_SHOTS`` without a result.
        reason: the last ruling's reason.
        score: the final score per side (snooker's points; pool: zeros).
        shots: every move, in order.
    """

    rack: int
    breaker: int
    winner: int | None
    stalled: bool
    reason: str
    score: tuple[int, ...]
    shots: tuple[MatchShot, ...]


def play_rack(
    kind: str,
    levels: tuple[str | agents.Level, ...],
    *,
    seed: int,
    rack: int,
    breaker: int,
    move_seed: int,
    options: Mapping[str, Any] | None = None,
    names: tuple[str, ...] | None = None,
) -> RackResult:
    """Play rack ``rack`` of a match of ``kind`` (its balls drawn from ``(seed, rack)``) with
    ``breaker`` breaking; player ``i`` is the computer at ``levels[i]`` (a level's name, or an
    ``agents.Level`` of one's own)."""
    names = names or tuple(
        f"{agents.level_named(level).name} {i + 1}" for i, level in enumerate(levels)
    )
    game = rules.new_game(kind, players=names, seed=seed, rack_number=rack, breaker=breaker,
                          **dict(options or {}))  # fmt: skip
    rows: list[MatchShot] = []
    dry = 0
    while not game.is_over and len(rows) < MAX_SHOTS:
        game, referee = _referee(game, dry, rack, len(rows))
        if referee is not None:
            rows.append(referee)
            if referee.move == "stalemate":
                dry = 0
            continue
        began = time.perf_counter()
        move = agents.choose(game, levels[game.to_play], seed=move_seed)
        spent = time.perf_counter() - began
        ruling, after = move.play(game)
        rows.append(_row(game, move, ruling, rack, len(rows), spent))
        if ruling is not None:
            dry = 0 if ruling.pocketed else dry + 1
        game = after
    return RackResult(
        rack=rack,
        breaker=breaker,
        winner=game.winner if game.is_over else None,
        stalled=not game.is_over,
        reason=game.last_reason,
        score=tuple(int(s) for s in game.score) if type(game).scores_points else (0,) * game.sides,
        shots=tuple(rows),
    )


def _referee(game: Game, dry: int, rack: int, index: int) -> tuple[Game, MatchShot | None]:
    """The referee's act due before the next move, if any (see the module docstring)."""
    if game.pending_choice:
        return game, None
    due = [i for i, (n, w) in enumerate(zip(game.fouls_in_a_row, game.warning_given, strict=False))
           if n >= 2 and not w]  # fmt: skip
    if due and not game.referee_warns and type(game).has_three_fouls_rule:
        return game.give_warning(), MatchShot(rack, index, -1, -1, "warning",
                                              explain="two-foul warning given")  # fmt: skip
    warn = getattr(game, "warn_stalemate", None)
    if warn is not None and dry >= STALEMATE_DECLARED:
        declare = game.declare_stalemate  # type: ignore[attr-defined]
        return declare(), MatchShot(rack, index, -1, -1, "stalemate",
                                    explain="stalemate: the frame is re-started")  # fmt: skip
    if warn is not None and dry == STALEMATE_WARNING and not game.stalemate_warned:  # type: ignore[attr-defined]
        return warn(), MatchShot(rack, index, -1, -1, "stalemate warning",
                                 explain="stalemate warning")  # fmt: skip
    return game, None


def _row(
    game: Game, move: agents.Move, ruling: rules.Ruling | None, rack: int, index: int, spent: float
) -> MatchShot:
    player = game.to_play
    side = player % game.sides
    intent = move.intent
    common: dict[str, Any] = {
        "rack": rack, "index": index, "player": player, "side": side, "move": move.kind.value,
        "decision_s": spent, "explain": move.explain,
    }  # fmt: skip
    if ruling is None or intent is None:
        return MatchShot(**common)
    names = game.ball_names
    made = intent.ball is not None and intent.ball in ruling.pocketed and not ruling.fouls
    points = int(ruling.points[side] - sum(p for i, p in enumerate(ruling.points) if i != side))
    extras = ruling.extras
    third_foul = (
        bool(ruling.fouls)
        and ruling.frame_over
        and ruling.winner != side
        and type(game).has_three_fouls_rule
        and ruling.fouls_in_a_row[player] >= 3
    )
    return MatchShot(
        **common,
        intent=intent.kind,
        family=intent.family or "",
        ball=-1 if intent.ball is None else intent.ball,
        pocket=intent.pocket or "",
        target=-1 if intent.target is None else intent.target,
        made=made,
        fouls=",".join(f.code for f in ruling.fouls),
        pocketed=",".join(names[b] for b in ruling.pocketed),
        points=points,
        context=str(extras.choice_context),
        third_foul=third_foul,
        miss=bool(ruling.detail("miss", False)),
        free_ball=bool(ruling.detail("free_ball", False)),
        respotted_black=bool(ruling.detail("respotted_black", False)),
    )
