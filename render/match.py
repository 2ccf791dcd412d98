"""The match around the games: who plays, the race or the number of frames, racks won.

A rules ``Game`` is one rack of pool or one frame of snooker. A :class:`Match` strings games
together: it counts racks / frames won, alternates the break, and says when the match is over
(first to ``race_to`` racks in pool; the best of ``frames`` in snooker, or all ``frames`` on
aggregate points). It is frozen: undo
keeps the old value. What differs between games (racks or frames, a race or the best of N) is
read off the game class (``rules.game_class``); the Session builds the games.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, replace
from typing import Any

import rules
import sim
from agents.levels import LEVELS
from rules.game import Game

#: The games the window offers, in the order of the start screen (``rules.games()``).
GAME_KINDS = tuple(cls.kind.value for cls in rules.games())
GAME_TITLES = {cls.kind.value: cls.title for cls in rules.games()}


#: Aim assist levels a match may be played with (``MatchConfig.aim_assist``): "none" the cue
#: stick only, "ghost" the ghost ball and straight lines (``render.aim``), "full" the engine's
#: simulated paths (``render.preview``).
AIM_LEVELS = ("none", "ghost", "full")
#: The level a match gets when none is chosen.
DEFAULT_AIM_LEVEL = "ghost"

#: Longest player name, characters (the rules' limit too: a scoreboard line holds two).
MAX_NAME_LENGTH = 40

#: The levels a seat played by the computer may have (``agents.LEVELS``, weakest first).
COMPUTER_LEVELS = tuple(LEVELS)


def computer_name(level: str, taken: tuple[str, ...] = ()) -> str:
    """The name a computer seat at ``level`` gets: "Computer (pro)", numbered ("Computer
    (pro) 2") when a name of ``taken`` is already that (case and format characters aside)."""
    base = f"Computer ({level})"
    seen = {visible_name(name).casefold() for name in taken}
    name, k = base, 1
    while name.casefold() in seen:
        k += 1
        name = f"{base} {k}"
    return name


def visible_name(name: str) -> str:
    """``name`` without format characters (U+200B zero width space, U+202E right-to-left
    override, ...) and surrounding white space: what a player would see of it."""
    return "".join(c for c in name if unicodedata.category(c) != "Cf").strip()


def name_problem(name: object) -> str | None:
    """Why ``name`` cannot be a player's name, in words, or None: it must be text with no
    control character (NUL, newline...), something visible once format characters are taken
    away, and at most :data:`MAX_NAME_LENGTH` characters."""
    if not isinstance(name, str):
        return f"a player's name must be text, got {type(name).__name__}"
    if any(unicodedata.category(c) == "Cc" for c in name):
        return f"the name {name!r} holds a control character; printable text is allowed"
    if not visible_name(name):
        return f"every player needs a visible name ({name!r} shows nothing)"
    if len(name) > MAX_NAME_LENGTH:
        return f"a name has at most {MAX_NAME_LENGTH} characters ({name[:20]!r}... has {len(name)})"
    return None


class MatchSetupError(ValueError):
    """A match that cannot be played: an unknown game, too few or too many players, a race of
    zero... The message says what is allowed."""


@dataclass(frozen=True)
class MatchConfig:
    """How the match is set up.

    Fields:
        game: "nine-ball", "eight-ball" or "snooker".
        players: 2 names, or 4 for doubles (two teams: names 1 and 3 against 2 and 4,
            alternating at the table as given).
        table_feet: 7, 8 or 9 (pool only; snooker is always the 12 ft table).
        race_to: pool: racks needed to win the match (>= 1).
        frames: snooker: the match is the best of this many frames (odd, >= 1).
        seed: seed of the match's racks: rack ``k`` draws from ``(seed, k)`` (``rules`` option
            ``rack_number``), so each rack differs from the one before.
        referee_warns: 9-ball: the program warns a player after two fouls in a row by itself
            (``rules`` option ``referee_warns``); False: the opponent must give the warning
            (the window's "Warn" button), as the rules let a player do.
        aim_assist: one of :data:`AIM_LEVELS`, for both sides (the scoreboard shows it).
        aggregate: snooker: an aggregate-score match: all ``frames`` frames are played and the
            side with more points over them wins (WPBSA §3.10 note: the rules game carries the
            earlier frames' points, ``aggregate_before``, and re-spots the black on a tie of
            the totals in the ``last_frame`` only; an earlier frame may end drawn).
        computers: per seat of ``players``, the computer's level (one of
            :data:`COMPUTER_LEVELS`) or None for a person; () when every seat is a person.
            Where the referee knows sides, not players (pool doubles), both seats of a side
            have the same level: the side plays as one.
        practice: a practice session (``render.practice``): balls moved, added and taken off
            by hand, a shot played again from its position; every shot still judged.
    """

    game: str = rules.GameKind.NINE_BALL.value
    players: tuple[str, ...] = ("Player 1", "Player 2")
    table_feet: int = 9
    race_to: int = 3
    frames: int = 3
    seed: int = 1
    referee_warns: bool = True
    aim_assist: str = DEFAULT_AIM_LEVEL
    aggregate: bool = False
    computers: tuple[str | None, ...] = ()
    practice: bool = False

    def __post_init__(self) -> None:
        if self.aim_assist not in AIM_LEVELS:
            raise MatchSetupError(
                f"unknown aim assist {self.aim_assist!r}; the levels are {', '.join(AIM_LEVELS)}"
            )
        if self.game not in GAME_KINDS:
            raise MatchSetupError(
                f"unknown game {self.game!r}; the games are {', '.join(GAME_KINDS)}"
            )
        if len(self.players) not in (2, 4):
            raise MatchSetupError(
                f"{len(self.players)} players given; a match needs 2 players, or 4 for doubles"
            )
        if any(not isinstance(name, str) or not name.strip() for name in self.players):
            raise MatchSetupError("every player needs a name")
        for name in self.players:
            problem = name_problem(name)
            if problem is not None:
                raise MatchSetupError(problem)
        seen = [visible_name(name).casefold() for name in self.players]
        if len(set(seen)) != len(seen):
            raise MatchSetupError("two players have the same name; each needs a different one")
        if self.table_feet not in (7, 8, 9):
            raise MatchSetupError(f"table of {self.table_feet} ft; pool tables are 7, 8 or 9 ft")
        if self.race_to < 1 or self.frames < 1:
            raise MatchSetupError("the race and the number of frames must be at least 1")
        if self.aggregate and "aggregate_before" not in self.game_class.options:
            raise MatchSetupError(
                f"an aggregate-score match is played on points over a number of frames "
                f"(snooker); {self.game_class.title} is played as a race"
            )
        self._check_computers()

    def _check_computers(self) -> None:
        """The seats' levels: one per player (or none), each a computer level or None; a side
        the referee knows as one player (pool doubles) has one level for both its seats."""
        if not any(level is not None for level in self.computers):  # people only: one form
            object.__setattr__(self, "computers", ())
        elif len(self.computers) != len(self.players):
            raise MatchSetupError(
                f"{len(self.computers)} seat levels for {len(self.players)} players; give one "
                "per player (a level, or none for a person)"
            )
        for level in self.computers:
            if level is not None and level not in COMPUTER_LEVELS:
                raise MatchSetupError(
                    f"unknown computer level {level!r}; the levels are {', '.join(COMPUTER_LEVELS)}"
                )
        if len(self.game_players) < len(self.players):
            levels = self.seat_levels
            for side in range(2):
                first, second = levels[side], levels[side + 2]
                if first != second:
                    who = [
                        f"{self.players[i]} is "
                        + (f"the computer at {levels[i]}" if levels[i] else "a person")
                        for i in (side, side + 2)
                    ]
                    raise MatchSetupError(
                        f"in {self.game_class.title} doubles the referee knows the two sides, "
                        f"not which partner is at the table: a side is two people or the "
                        f"computer at one level for both; {who[0]}, {who[1]}"
                    )

    @property
    def seat_levels(self) -> tuple[str | None, ...]:
        """The computer's level for each seat of ``players`` (None: a person)."""
        return self.computers or (None,) * len(self.players)

    def level_for(self, player: int) -> str | None:
        """The computer's level for the game's player ``player`` (an index of
        ``game_players``), or None for a person."""
        levels = self.seat_levels
        return levels[player] if 0 <= player < len(levels) else None

    @property
    def has_computer(self) -> bool:
        """Whether the computer plays any seat."""
        return any(level is not None for level in self.seat_levels)

    @property
    def has_person(self) -> bool:
        """Whether a person plays any seat."""
        return any(level is None for level in self.seat_levels)

    @property
    def sides(self) -> tuple[str, str]:
        """The two sides the referee knows: the two players, or the two doubles teams."""
        if len(self.players) == 4:
            p = self.players
            return (f"{p[0]} & {p[2]}", f"{p[1]} & {p[3]}")
        return (self.players[0], self.players[1])

    @property
    def game_class(self) -> type[Game]:
        """The ``rules`` class of ``game``: what differs between games is asked of it."""
        return rules.game_class(self.game)

    def game_table(self) -> sim.Table:
        """The ``sim.Table`` of the match: the game's only table (snooker), or the pool table
        of ``table_feet``."""
        from sim.table import Table

        tables = self.game_class.allowed_tables()
        return tables[0] if len(tables) == 1 else Table.pool(feet=self.table_feet)

    @property
    def game_players(self) -> tuple[str, ...]:
        """The names the referee knows in a game: the players themselves when the game takes
        that many (snooker: two, or four in doubles), else the two sides (``sides``)."""
        if len(self.players) in self.game_class.player_counts:
            return tuple(self.players)
        return tuple(self.sides)

    @property
    def wins_needed(self) -> int:
        """Racks (a race, pool) or frames (the best of ``frames``, snooker) a player needs to
        win the match."""
        if self.aggregate:  # every frame is played: at most all of them are won
            return self.frames
        if self.game_class.scores_points:
            return self.frames // 2 + 1
        return self.race_to

    @property
    def most_games(self) -> int:
        """The most racks / frames the match can take: every frame of a best-of-N or an
        aggregate match (frames are played, won or drawn, one after another; a stalemate
        re-racks the same frame), or a race to N: 2N - 1 racks."""
        if self.aggregate or self.game_class.scores_points:
            return self.frames
        return 2 * self.race_to - 1

    @property
    def title(self) -> str:
        """E.g. "9-ball, race to 5" or "Snooker, best of 7 frames"."""
        cls = self.game_class
        plural = "s" if self.frames > 1 else ""
        if self.practice:
            return f"{cls.title} practice"
        if self.aggregate:
            return f"{cls.title}, aggregate of {self.frames} {cls.frame_word}{plural}"
        if cls.scores_points:
            return f"{cls.title}, best of {self.frames} {cls.frame_word}{plural}"
        return f"{cls.title} on a {self.table_feet} ft table, race to {self.race_to}"

    def to_json(self) -> dict[str, object]:
        return {
            "game": self.game,
            "players": list(self.players),
            "table_feet": self.table_feet,
            "race_to": self.race_to,
            "frames": self.frames,
            "seed": self.seed,
            "referee_warns": self.referee_warns,
            "aim_assist": self.aim_assist,
            "aggregate": self.aggregate,
            "computers": list(self.seat_levels),
        } | ({"practice": True} if self.practice else {})

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MatchConfig:
        return cls(
            game=str(data["game"]),
            players=tuple(str(p) for p in data["players"]),
            table_feet=int(data["table_feet"]),
            race_to=int(data["race_to"]),
            frames=int(data["frames"]),
            seed=int(data["seed"]),
            referee_warns=bool(data.get("referee_warns", True)),
            aim_assist=str(data.get("aim_assist", DEFAULT_AIM_LEVEL)),
            aggregate=bool(data.get("aggregate", False)),
            computers=tuple(data.get("computers") or ()),
            practice=bool(data.get("practice", False)),
        )


@dataclass(frozen=True)
class MatchScore:
    """Racks / frames won so far and who breaks the current one.

    Fields:
        wins: racks or frames won, per player.
        rack: 0-based number of the rack / frame being played.
        breaker: index of the player who broke (pool) or breaks off (snooker) this one.
        points: per side, the points scored in the racks / frames before this one (snooker;
            what an aggregate-score match is decided on).
    """

    wins: tuple[int, ...]
    rack: int = 0
    breaker: int = 0
    points: tuple[int, ...] = (0, 0)

    @classmethod
    def start(cls) -> MatchScore:
        """0-0, the first side breaking."""
        return cls(wins=(0, 0))

    def after_game(self, winner: int | None, points: tuple[int, ...] = (0, 0)) -> MatchScore:
        """The score once the current rack / frame is over, won by side ``winner`` (None: a
        drawn frame of an aggregate match) with ``points`` per side (the frame's score); the
        break passes to the next player (alternating breaks)."""
        wins = list(self.wins)
        if winner is not None and 0 <= winner < len(wins):
            wins[winner] += 1
        totals = tuple(int(a) + int(b) for a, b in zip(self.points, points, strict=True))
        return replace(
            self, wins=tuple(wins), rack=self.rack + 1, breaker=(self.breaker + 1) % len(wins),
            points=totals,
        )  # fmt: skip

    def match_winner(self, config: MatchConfig) -> int | None:
        """Who has won the match, or None while it goes on. An aggregate match ends after its
        last frame, won on the total points: that frame re-spots the black on level totals, so
        they differ (``rules.snooker``, §3.10 note); were they level, the side with more frames
        won, then the first side."""
        if config.aggregate:
            if self.rack < config.frames:
                return None
            return max((1, 0), key=lambda i: (self.points[i], self.wins[i], i == 0))
        for i, w in enumerate(self.wins):
            if w >= config.wins_needed:
                return i
        return None

    def to_json(self) -> dict[str, object]:
        return {
            "wins": list(self.wins),
            "rack": self.rack,
            "breaker": self.breaker,
            "points": list(self.points),
        }
