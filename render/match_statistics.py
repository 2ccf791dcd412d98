"""Each player's statistics in the window, without pygame: per match (read off the session's
shots) and over the window's session (the matches played before this one).

A person's shots carry no intent, so the window reads it off the shot (the computer's own, in
``lab.match_play``, is what it meant). The definitions, for every game:

* **the break** (the first shot of a rack / frame, ``Phase.BREAK``) and a **push-out** are
  neither a pot attempt nor a safety;
* a **pot attempt**: an object ball was pocketed, or the first object ball the cue ball hit
  left that contact heading at a pocket (the straight line of its velocity right after the
  contact passes within the pocket's capture radius of its centre, ahead of the ball); an
  8-ball safety announced is never one;
* a **pot made**: a pot attempt that pocketed an object ball without a foul;
* a **long pot**: a pot made in which a ball pocketed had started at least half the table's
  length from its pocket (centre to centre);
* a **safety**: a shot without a foul that is neither the break, a push-out nor a pot attempt
  (an 8-ball safety announced and played without a foul counts);
* **fouls by kind**: each foul's code (``rules.Foul.code``) shown in words;
* **high break**, **breaks of 50+** (snooker): a break is a visit, a run of shots by one
  player, its points those its shots scored without a foul;
* a **break-and-run** (pool): the breaker broke without a foul and won the rack without the
  opponent taking a shot.

Pots, safeties, fouls, visits and break-and-runs are counted by ``lab.match_stats`` (one set
of definitions for the computer's matches and the window): each shot becomes a
``lab.match_play.MatchShot`` row and each rack a ``RackResult``.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

import rules
from lab.match_play import MatchShot, RackResult
from lab.match_stats import player_stats
from render.history import HistoryEntry, LastShot
from render.words import foul_words
from rules.facts import ShotFacts

#: Fewest points of a break counted among the "breaks of 50+".
BREAK_50 = 50
#: Share of the table's length a potted ball must have crossed (start to pocket) for a long pot.
LONG_POT_SHARE = 0.5


@dataclass(frozen=True)
class ShotReading:
    """How one shot counts: ``intent`` ("break", "push_out", "pot", "safety" or "" for a shot
    that fouled without a pot attempt), ``made`` (a pot made) and ``long`` (a long pot)."""

    intent: str
    made: bool
    long: bool


def _heading_at_pocket(shot: LastShot, facts: ShotFacts) -> bool:
    """Whether the first object ball the cue ball hit left that contact heading at a pocket."""
    first = facts.first_contact
    result = shot.result
    if first is None or first.event >= len(result.snapshots):
        return False
    ball = first.other
    x, y = (float(v) for v in result.snapshots.pos[first.event, ball])
    vx, vy = (float(v) for v in result.snapshots.vel[first.event, ball])
    speed = math.hypot(vx, vy)
    if speed <= 0.0:
        return False
    ux, uy = vx / speed, vy / speed
    for pocket in result.table.pockets:
        dx, dy = pocket.x - x, pocket.y - y
        ahead = dx * ux + dy * uy
        if ahead > 0.0 and abs(dx * uy - dy * ux) <= pocket.radius:
            return True
    return False


def _long(shot: LastShot, facts: ShotFacts, potted: Sequence[int]) -> bool:
    table = shot.result.table
    start = np.asarray(shot.result.initial.pos)
    pockets = {p.ball: p.pocket for p in facts.pocketings}
    centres = {p.id: (p.x, p.y) for p in table.pockets}
    for ball in potted:
        where = centres.get(int(pockets.get(ball, -1)))
        if where is None:
            continue
        reach = math.hypot(where[0] - float(start[ball, 0]), where[1] - float(start[ball, 1]))
        if reach >= LONG_POT_SHARE * float(table.length):
            return True
    return False


def read_shot(shot: LastShot) -> ShotReading:
    """How ``shot`` counts in the statistics (the module's definitions)."""
    game, ruling, declaration = shot.before_game, shot.ruling, shot.declaration
    if game.phase is rules.Phase.BREAK:
        return ShotReading("break", False, False)
    if declaration.push_out:
        return ShotReading("push_out", False, False)
    facts = ShotFacts.from_result(shot.result, shot.result.table)
    potted = [b for b in ruling.pocketed if b != 0]
    attempted = not declaration.safety and (bool(potted) or _heading_at_pocket(shot, facts))
    if attempted:
        made = bool(potted) and not ruling.fouls
        return ShotReading("pot", made, made and _long(shot, facts, potted))
    return ShotReading("" if ruling.fouls else "safety", False, False)


def match_shots(history: Sequence[HistoryEntry], last: LastShot | None) -> list[LastShot]:
    """Every shot of the match still in the session, in order: each undo entry's shot, then
    the last one (each once)."""
    shots: list[LastShot] = []
    seen: set[int] = set()
    for _game, _score, shot in history:
        if shot is not None and id(shot) not in seen:
            seen.add(id(shot))
            shots.append(shot)
    if last is not None and id(last) not in seen:
        shots.append(last)
    return shots


@dataclass
class Figures:
    """One player's figures (the module's definitions); added over matches with ``+``."""

    shots: int = 0
    pots_made: int = 0
    pots_attempted: int = 0
    long_pots: int = 0
    safeties: int = 0
    fouls: Counter[str] = field(default_factory=Counter)
    high_break: int = 0
    breaks_50: int = 0
    break_and_runs: int = 0

    def __add__(self, other: Figures) -> Figures:
        return Figures(
            self.shots + other.shots,
            self.pots_made + other.pots_made,
            self.pots_attempted + other.pots_attempted,
            self.long_pots + other.long_pots,
            self.safeties + other.safeties,
            self.fouls + other.fouls,
            max(self.high_break, other.high_break),
            self.breaks_50 + other.breaks_50,
            self.break_and_runs + other.break_and_runs,
        )

    def to_json(self) -> dict[str, object]:
        return {
            "shots": self.shots,
            "pots_made": self.pots_made,
            "pots_attempted": self.pots_attempted,
            "long_pots": self.long_pots,
            "safeties": self.safeties,
            "fouls": dict(sorted(self.fouls.items())),
            "high_break": self.high_break,
            "breaks_50": self.breaks_50,
            "break_and_runs": self.break_and_runs,
        }

    def lines(self, scores_points: bool) -> list[str]:
        """The figures as short lines for the result card: pots, safeties, fouls, and either
        the breaks (a game scored on points) or the break-and-runs."""
        pots = f"Pots {self.pots_made}/{self.pots_attempted}"
        if self.pots_attempted:
            pots += f" ({round(100 * self.pots_made / self.pots_attempted)}%)"
        out = [f"{pots}, long pots {self.long_pots}", f"Safeties {self.safeties}"]
        if self.fouls:
            kinds = ", ".join(
                f"{foul_words(code).lower()} x{n}" for code, n in sorted(self.fouls.items())
            )
            out.append(f"Fouls {sum(self.fouls.values())}: {kinds}")
        else:
            out.append("Fouls 0")
        if scores_points:
            out.append(f"High break {self.high_break}, breaks of 50+ {self.breaks_50}")
        else:
            out.append(f"Break-and-runs {self.break_and_runs}")
        return out


def _winners(history: Sequence[HistoryEntry]) -> dict[int, int | None]:
    """Each finished rack's winning side, by rack number."""
    out: dict[int, int | None] = {}
    for g, score, _shot in history:
        if g.is_over:
            out[score.rack] = g.winner
    return out


def match_figures(
    history: Sequence[HistoryEntry], last: LastShot | None, game: rules.Game | None = None
) -> dict[str, Figures]:
    """Each player's figures over the match's shots (``history`` and ``last``, as kept by
    ``render.session.Session``; ``game``: the game being played, its result counted when it is
    over), by player name in the order they play."""
    shots = match_shots(history, last)
    if not shots:
        return {}
    players = tuple(str(p) for p in shots[0].before_game.players)
    winners = _winners(history)
    if game is not None and game.is_over and shots[-1].before_score.rack not in winners:
        winners[shots[-1].before_score.rack] = game.winner
    racks: dict[int, list[MatchShot]] = {}
    extra = {name: Figures() for name in players}
    breakers: dict[int, int] = {}
    for shot in shots:
        before = shot.before_game
        player = int(before.to_play)
        side = before.side_of(player)
        rack = shot.before_score.rack
        reading = read_shot(shot)
        if reading.intent == "break":
            breakers.setdefault(rack, player)
        extra[players[player]].long_pots += reading.long
        points = shot.ruling.points
        mine = int(points[side] - sum(p for i, p in enumerate(points) if i != side))
        row = MatchShot(
            rack, len(racks.get(rack, ())), player, side, "shot",
            intent=reading.intent,
            made=reading.made,
            fouls=",".join(f.code for f in shot.ruling.fouls),
            points=mine,
        )  # fmt: skip
        racks.setdefault(rack, []).append(row)
    rack_results = [
        RackResult(n, breakers.get(n, rows[0].player), winners.get(n), False, "", (), tuple(rows))
        for n, rows in sorted(racks.items())
    ]
    sides = len(shots[0].before_score.wins)
    runs = _break_and_runs(players, rack_results, sides)
    counted = player_stats(players, rack_results, sides)
    out: dict[str, Figures] = {}
    for name, stats in zip(players, counted, strict=True):
        on_points = type(shots[0].before_game).scores_points
        visits = stats.visits if on_points else []
        out[name] = Figures(
            shots=stats.shots,
            pots_made=stats.pots_made,
            pots_attempted=stats.pots_attempted,
            long_pots=extra[name].long_pots,
            safeties=stats.safeties,
            fouls=Counter(stats.fouls),
            high_break=max(visits, default=0),
            breaks_50=sum(v >= BREAK_50 for v in visits),
            break_and_runs=0 if on_points else runs.get(name, 0),
        )
    return out


def _break_and_runs(
    players: Sequence[str], racks: Sequence[RackResult], sides: int
) -> Counter[str]:
    """Break-and-runs by player name, as ``lab.match_stats`` defines them, over the racks
    whose first shot kept in the session is their break (a rack loaded or undone to after
    its break has none to count)."""
    out: Counter[str] = Counter()
    for rack in racks:
        first = rack.shots[0]
        if first.intent != "break" or first.fouls or rack.winner is None:
            continue
        alone = all(row.player == first.player for row in rack.shots)
        if alone and rack.winner == first.player % sides:
            out[players[first.player]] += 1
    return out


def added(*tables: Mapping[str, Figures]) -> dict[str, Figures]:
    """Figures by player name, added over ``tables`` (matches of a session)."""
    out: dict[str, Figures] = {}
    for table in tables:
        for name, figures in table.items():
            out[name] = out.get(name, Figures()) + figures
    return out


def figures_to_json(table: Mapping[str, Figures]) -> dict[str, object]:
    return {name: figures.to_json() for name, figures in table.items()}


#: The figures that are plain counts (all but ``fouls``), as a save file names them.
COUNTS = (
    "shots", "pots_made", "pots_attempted", "long_pots", "safeties", "high_break", "breaks_50",
    "break_and_runs",
)  # fmt: skip
#: Most players a statistics table of a save file holds, and the longest name read.
MAX_PLAYERS, MAX_NAME = 64, 200
#: Largest count a saved figure may hold.
MAX_FIGURE = 10**7


def figures_from_json(data: object, where: str) -> dict[str, Figures]:
    """A statistics table of a save file (``figures_to_json``), each field read with its type
    and range; raises ``ValueError`` naming the field that is wrong."""
    if not isinstance(data, dict):
        raise ValueError(f"{where} is not an object")
    if len(data) > MAX_PLAYERS:
        raise ValueError(f"{where} holds more than {MAX_PLAYERS} players")
    out: dict[str, Figures] = {}
    for name, fields in data.items():
        if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME:
            raise ValueError(f"{where} has a player name that is not 1-{MAX_NAME} characters")
        here = f"{where}.{name}"
        if not isinstance(fields, dict):
            raise ValueError(f"{here} is not an object")

        def count(key: str, fields: dict[str, object] = fields, here: str = here) -> int:
            value = fields.get(key)
            if type(value) is not int or not 0 <= value <= MAX_FIGURE:
                raise ValueError(f"{here}.{key} must be a whole number 0-{MAX_FIGURE}")
            return value

        fouls = fields.get("fouls")
        if not isinstance(fouls, dict) or len(fouls) > 100:
            raise ValueError(f"{here}.fouls must be an object of foul codes and counts")
        counted: Counter[str] = Counter()
        for code in fouls:
            if not isinstance(code, str) or not 0 < len(code) <= 64:
                raise ValueError(f"{here}.fouls has a foul code that is not 1-64 characters")
            counted[code] = count(code, fouls, f"{here}.fouls")
        out[name] = Figures(fouls=counted, **{k: count(k) for k in COUNTS})
    return out


def totals_lines(tables: Iterable[tuple[str, Mapping[str, Figures]]]) -> list[str]:
    """Short lines naming each table's players and their pots, for the result card's footer
    (the window's session across matches)."""
    out = []
    for title, table in tables:
        parts = [
            f"{name} pots {f.pots_made}/{f.pots_attempted}, fouls {sum(f.fouls.values())}"
            for name, f in table.items()
        ]
        if parts:
            out.append(f"{title}: " + "; ".join(parts))
    return out
