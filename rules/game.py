"""The base game: one immutable value per moment of a game, and the referee's public moves.

A ``Game`` is a frozen dataclass. Every move returns a new one (``dataclasses.replace``); undo
is keeping the old value. The public moves are the same for every game:

* ``judge(result, declaration) -> Ruling``: pure; reads only ``result.events``,
  ``result.initial`` and ``result.final``.
* ``apply(ruling, choice=None) -> Game``: the game after the shot. When the ruling offers
  options (``ruling.options``) and ``choice`` is None, the new game carries them in
  ``pending_choice`` and ``choose`` resolves them; a choice that is not offered raises
  ``ChoiceNotOfferedError``.
* ``play(strike, declaration=None, cue_ball_at=None) -> (Ruling, Game)``: place the cue ball
  (checked), simulate, judge, apply.
* ``choose(choice) -> Game``, ``give_warning() -> Game``.

Hooks a game overrides (each documented below): ``new`` (classmethod), ``_judge``,
``_check_declaration``, ``declarable_fouls``, ``declaration_options``, ``_after_shot`` (usually
extending the base version), ``_resolve_choice``, ``default_ball_on``, ``_check_game_fields``.

Metadata every game class carries (class attributes, read by ``rules.kinds``, the registry):
``kind``, ``title``, ``ball_names``, ``table_kind``, ``options``, ``player_counts``, ``phases``,
``hand_zones``, ``frame_word``, ``scores_points``, ``calls_shots``, ``has_push_out``,
``has_three_fouls_rule``, ``game_ball``, ``ball_values``; ``default_table()`` and
``allowed_tables()``; per game, ``side_of(player)`` and ``break_rule()``.
``game_class(kind)`` in ``rules.kinds`` finds the class of a kind.

Every value of a ``Game`` is checked when it is made (``__post_init__``), including by
``dataclasses.replace``: a 9-ball game given a 5-ball state or ``to_play=7`` raises
``InvalidGameStateError`` saying what is allowed. ``Game.in_position`` builds a game in a given
position (balls by name, phase, turn, counters), checking positions too (``rules.position``).
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from rules.arguments import (
    check_result_fits,
    check_strike,
    checked_declaration,
    checked_facts,
    cue_ball_point,
    offered_choice,
    shown,
)
from rules.errors import (
    ChoiceNotOfferedError,
    ChoicePendingError,
    GameOverError,
    IllegalPlacementError,
    InvalidDeclarationError,
    InvalidGameStateError,
    InvalidOptionError,
    StaleRulingError,
    UnknownBallError,
    WarningNotDueError,
)
from rules.facts import JudgedShot, ShotFacts, on_table_indices
from rules.placement import validate_placement, with_spots, zone_words
from rules.position import (
    check_game_fields,
    check_member,
    choice_context_of,
    state_from_positions,
)
from rules.types import (
    NO_DECLARATION,
    BallInHand,
    Choice,
    ChoiceContext,
    Declaration,
    DeclarationOptions,
    GameKind,
    Phase,
    Ruling,
)

if TYPE_CHECKING:
    from typing import Self

    from rules.break_rules import BreakRule
    from sim.balls import BallState
    from sim.params import Params
    from sim.strike import Strike
    from sim.table import Table


def draw_seed() -> int:
    """A fresh random seed (stored in the game so a rack can be rebuilt and a save reloaded)."""
    return int(np.random.default_rng().integers(0, 2**31 - 1))


@dataclass(frozen=True)
class Game(ABC):
    """The state of one game (a rack of pool, a frame of snooker) between shots.

    Fields:
        table: the ``sim.Table`` played on.
        state: the ``sim.BallState`` at rest; ball 0 is the cue ball.
        players: player names, in turn order.
        to_play: index into ``players`` of the player to act.
        ball_in_hand: where that player may place the cue ball.
        ball_on: balls that may legally be hit first (9-ball: the lowest; 8-ball: the group;
            snooker: the reds or the colour on).
        phase: where the game stands (``Phase``).
        is_over: the game has ended; ``winner`` says who won (None for a draw / abandoned).
        score: per player: racks won in pool, points in snooker.
        fouls_in_a_row: per player, consecutive fouls not broken by a legal shot (9-ball).
        warning_given: per player, whether the two-fouls warning has been given (9-ball).
        pending_choice: options the player to act must choose between before shooting.
        breaker: who broke this rack / frame.
        seed: seed of the random racks (each rack draws from (seed, rack_number)).
        rack_number: how many racks were set up before this one in the game.
        shot_number: shots played so far in this game (a ruling applies only at its number).
        last_reason: the plain-word reason of the last ruling applied (for a scoreboard).
        referee_warns: the program warns a player after a second consecutive foul by itself;
            when False a player must call ``give_warning``.
        choice_context: why ``pending_choice`` is offered (``Ruling.extras.choice_context``, a
            ``ChoiceContext``; its value as text is taken and kept as the member), so
            ``_resolve_choice`` knows what each option means.
    """

    #: The game's kind (the registry key) and its name for people.
    kind: ClassVar[GameKind]
    title: ClassVar[str] = ""
    #: Name of each ball index: "cue" first (ball 0), then "1".. or "red_1".., "yellow"...
    ball_names: ClassVar[tuple[str, ...]] = ()
    #: ``sim.Table.kind`` of the tables the game is played on ("pool" or "snooker").
    table_kind: ClassVar[str] = ""
    #: The keyword options ``new`` accepts: name -> what it takes, in words.
    options: ClassVar[Mapping[str, str]] = {}
    #: How many players may play (snooker: 2, or 4 in two teams).
    player_counts: ClassVar[tuple[int, ...]] = (2,)
    #: The phases and ball-in-hand zones the game uses.
    phases: ClassVar[frozenset[Phase]] = frozenset()
    hand_zones: ClassVar[frozenset[BallInHand]] = frozenset()
    #: Most consecutive fouls a player can stand at (None: no limit is kept).
    max_fouls_in_a_row: ClassVar[int | None] = None
    #: What callers ask instead of game names: the word for one game of a match ("rack",
    #: "frame"); won on points (snooker: points per side, a best-of-N match, concessions; else
    #: racks won in a race to N); ball and pocket called (8-ball); a push-out after the break
    #: and the three-fouls rule (9-ball); the ball whose legal pocketing wins ("9", "8").
    frame_word: ClassVar[str] = "rack"
    scores_points: ClassVar[bool] = False
    calls_shots: ClassVar[bool] = False
    has_push_out: ClassVar[bool] = False
    has_three_fouls_rule: ClassVar[bool] = False
    game_ball: ClassVar[str | None] = None
    #: What each ball is worth by name, where balls carry points (snooker: a red 1, the yellow
    #: 2 ... the black 7); empty where they carry none. A player may nominate a ball by value.
    ball_values: ClassVar[Mapping[str, int]] = MappingProxyType({})

    table: Table
    state: BallState
    players: tuple[str, ...] = ("A", "B")
    to_play: int = 0
    ball_in_hand: BallInHand = BallInHand.BEHIND_HEAD_STRING
    ball_on: frozenset[int] = frozenset()
    phase: Phase = Phase.BREAK
    is_over: bool = False
    winner: int | None = None
    score: tuple[int, ...] = (0, 0)
    fouls_in_a_row: tuple[int, ...] = (0, 0)
    warning_given: tuple[bool, ...] = (False, False)
    pending_choice: tuple[Choice, ...] = ()
    breaker: int = 0
    seed: int = 0
    rack_number: int = 0
    shot_number: int = 0
    last_reason: str = ""
    referee_warns: bool = True
    choice_context: ChoiceContext = ChoiceContext.NONE

    # ------------------------------------------------------------------ hooks
    @classmethod
    @abstractmethod
    def new(
        cls, players: tuple[str, ...] = ("A", "B"), seed: int | None = None, **options: Any
    ) -> Self:
        """A new game of this kind, racked and ready for the break. Each game defines it."""

    @classmethod
    @abstractmethod
    def default_table(cls) -> Table:
        """The table the game is played on unless told otherwise. Each game defines it."""

    @classmethod
    @abstractmethod
    def allowed_tables(cls) -> tuple[Table, ...]:
        """The standard tables the game may be played on, default first (a menu's choices).
        Each game defines it."""

    def default_ball_on(self) -> frozenset[int]:
        """The balls on in this position by the game's rule for ``phase`` (what ``in_position``
        uses when no ``ball_on`` is given). The base: every object ball on the table."""
        return frozenset(b for b in self.balls_on_table() if b != 0)

    def _check_game_fields(self) -> None:
        """A game's own field checks (``InvalidGameStateError``); the base has none."""
        return None

    # ------------------------------------------------------------------ metadata lookups
    @classmethod
    def ball_index(cls, name: str) -> int:
        """The state index of the ball called ``name``; ``UnknownBallError`` listing the names."""
        try:
            return cls.ball_names.index(name)
        except ValueError:
            raise UnknownBallError(
                f"{cls.title} has no ball {name!r}; the balls are: {', '.join(cls.ball_names)}"
            ) from None

    @classmethod
    def ball_name(cls, index: int) -> str:
        """The name of ball ``index``; ``UnknownBallError`` giving the range otherwise."""
        if isinstance(index, bool) or not 0 <= int(index) < len(cls.ball_names):
            raise UnknownBallError(
                f"{cls.title} has no ball {index!r}; balls are 0..{len(cls.ball_names) - 1}"
            )
        return cls.ball_names[int(index)]

    @classmethod
    def check_option_names(cls, options: Mapping[str, Any]) -> None:
        """``InvalidOptionError`` for any option ``new`` does not take, listing the allowed."""
        unknown = sorted(set(options) - set(cls.options))
        if unknown:
            allowed = "; ".join(f"{k} ({v})" for k, v in sorted(cls.options.items()))
            raise InvalidOptionError(
                f"unknown {cls.title} option(s) {', '.join(unknown)}; allowed: {allowed}"
            )

    @classmethod
    def table_option(cls, table: object) -> Table:
        """``table`` checked to be a ``sim.Table`` of this game's kind; None gives
        ``default_table()``. ``InvalidOptionError`` otherwise."""
        from sim.table import Table

        if table is None:
            return cls.default_table()
        if not isinstance(table, Table) or table.kind != cls.table_kind:
            names = ", ".join(t.name for t in cls.allowed_tables())
            raise InvalidOptionError(
                f"{cls.title} is played on a {cls.table_kind} table ({names}); "
                f"got {shown(getattr(table, 'name', table))}"
            )
        return table

    # ------------------------------------------------------------------ checked values
    def __post_init__(self) -> None:
        """Check every field against the game's rules of shape; ``InvalidGameStateError``
        naming the field, the value and what is allowed. Runs for ``replace`` too."""
        check_game_fields(self)
        if type(self.choice_context) is not ChoiceContext:  # its value as text: the member
            object.__setattr__(self, "choice_context", choice_context_of(self))
        self._check_game_fields()

    @property
    def sides(self) -> int:
        """How many sides score (``score`` has one entry each): one per player in pool."""
        return len(self.players)

    def side_of(self, player: int) -> int:
        """The side (index into ``score``) ``player`` plays for: the player's own; a game of
        teams (four-handed snooker) overrides it."""
        return player

    def break_rule(self) -> BreakRule | None:
        """The count of object balls this game's break must reach (``rules.break_rules``:
        9-ball's three-ball rule, the four-cushion rule), or None for a break without one."""
        return None

    @abstractmethod
    def _judge(self, facts: ShotFacts, result: JudgedShot, declaration: Declaration) -> Ruling:
        """Judge one shot. ``facts`` are read from ``result``; ``declaration`` has been checked
        by ``validate_declaration``. Must not change anything. Each game defines it."""

    def declarable_fouls(self) -> dict[str, str]:
        """Codes of the fouls a player may declare in this game -> the clause they come from."""
        return {}

    def declaration_options(self) -> DeclarationOptions:
        """What may or must be declared before the next shot. Games override this."""
        return DeclarationOptions(
            pockets=tuple(p.name for p in self.table.pockets),
            declarable_fouls=tuple(self.declarable_fouls().items()),
        )

    def _check_declaration(self, declaration: Declaration) -> None:
        """Game-specific checks of a declaration; raise ``InvalidDeclarationError``. A hook:
        the base game adds no check beyond ``validate_declaration``'s."""
        return None

    def _after_shot(self, ruling: Ruling) -> Game:
        """The game after ``ruling``, before any choice. The base version moves the balls
        (final state, balls spotted), the turn, ball in hand, phase, ball on, foul counts, score
        (+ ``ruling.points``), the end of the game, and counts the shot. Games extend it."""
        state = ruling.final if ruling.final is not None else self.state
        state = with_spots(state, ruling.to_spot)
        score = tuple(s + p for s, p in zip(self.score, ruling.points, strict=False))
        return replace(
            self,
            state=state,
            to_play=ruling.next_to_play,
            ball_in_hand=ruling.ball_in_hand,
            ball_on=ruling.next_ball_on,
            phase=Phase.OVER if ruling.frame_over else ruling.next_phase,
            is_over=ruling.frame_over,
            winner=ruling.winner,
            score=score,
            fouls_in_a_row=ruling.fouls_in_a_row,
            warning_given=ruling.warning_given,
            pending_choice=(),
            shot_number=self.shot_number + 1,
            last_reason=ruling.reason,
            choice_context=ruling.extras.choice_context,
        )

    def _resolve_choice(self, choice: Choice) -> Game:
        """The game after the player to act picks ``choice`` (already checked to be offered).
        The base version knows ``ACCEPT_TABLE`` (nothing moves, the chooser shoots); games
        extend it."""
        if choice is Choice.ACCEPT_TABLE:
            return replace(self, pending_choice=())
        raise ChoiceNotOfferedError(f"{type(self).__name__} cannot resolve {choice.value}")

    # ------------------------------------------------------------------ a given position
    @classmethod
    def in_position(
        cls,
        balls: Mapping[str, tuple[float, float]],
        *,
        players: tuple[str, ...] = ("A", "B"),
        to_play: int = 0,
        phase: Phase | str | None = None,
        ball_in_hand: BallInHand | str = BallInHand.NONE,
        ball_on: frozenset[int] | None = None,
        score: tuple[int, ...] | None = None,
        fouls_in_a_row: tuple[int, ...] | None = None,
        warning_given: tuple[bool, ...] | None = None,
        breaker: int | None = None,
        seed: int = 0,
        **options: Any,
    ) -> Self:
        """This game with ``balls`` (name -> centre (x, y), m; the others off the table) and
        the state of play given, every value checked.

        ``phase`` defaults to the game's ordinary play phase (``phases``; 9-ball ``PLAY``, 8-ball
        ``OPEN_TABLE``, snooker ``REDS``); ``ball_on`` to ``default_ball_on()`` for that phase;
        ``score``, ``fouls_in_a_row`` to zeros, ``warning_given`` to False each; ``breaker`` to
        ``to_play`` on a break, else 0. ``options`` are ``new``'s options (``table``,
        ``rack_style``, ...) or fields of this game (8-ball ``groups``, snooker ``free_ball``).

        Raises ``UnknownBallError`` (a ball name), ``InvalidPositionError`` (off the cloth,
        overlapping), ``InvalidGameStateError`` (an index, a counter, a phase, a zone, a ball on
        that is not an object ball on the table), ``InvalidOptionError`` (an unknown option or
        field, listing the allowed ones)."""
        new_options = {k: v for k, v in options.items() if k in cls.options}
        own_fields = set(cls.__dataclass_fields__) - set(Game.__dataclass_fields__)
        fields = {k: v for k, v in options.items() if k in own_fields}
        unknown = sorted(set(options) - set(new_options) - set(fields))
        if unknown:
            allowed = sorted(set(cls.options) | own_fields)
            raise InvalidOptionError(
                f"{cls.title} in a position: unknown option(s) or field(s) {', '.join(unknown)}; "
                f"allowed: {', '.join(allowed)}"
            )
        fresh = cls.new(players=tuple(players), seed=seed, **new_options)
        state = state_from_positions(fresh.table, cls.ball_names, balls)
        play_phase = cls._play_phase() if phase is None else phase
        check_member(fresh, "phase", play_phase, {*cls.phases, *(p.value for p in cls.phases)})
        check_member(
            fresh,
            "ball_in_hand",
            ball_in_hand,
            {*cls.hand_zones, *(z.value for z in cls.hand_zones)},
        )
        the_phase = Phase(play_phase)
        zeros = (0,) * len(fresh.players)
        game = replace(
            fresh,
            state=state,
            to_play=to_play,
            phase=the_phase,
            ball_in_hand=BallInHand(ball_in_hand),
            ball_on=frozenset(),
            score=fresh.score if score is None else tuple(score),
            fouls_in_a_row=zeros if fouls_in_a_row is None else tuple(fouls_in_a_row),
            warning_given=(
                (False,) * len(fresh.players) if warning_given is None else tuple(warning_given)
            ),
            breaker=(to_play if the_phase is Phase.BREAK else 0) if breaker is None else breaker,
            **fields,
        )
        on = game.default_ball_on() if ball_on is None else frozenset(ball_on)
        objects = game.balls_on_table() - {0}
        if not on <= objects:
            raise InvalidGameStateError(
                f"{cls.title}: ball_on {sorted(on)} is refused; only object balls on the table "
                f"may be on: {sorted(objects)}"
            )
        return replace(game, ball_on=on)

    @classmethod
    def _play_phase(cls) -> Phase:
        """The phase of ordinary play, ``in_position``'s default. Each game says."""
        return Phase.PLAY

    # ------------------------------------------------------------------ helpers for games
    def other(self, player: int) -> int:
        """The next player after ``player`` in turn order."""
        return (player + 1) % len(self.players)

    def name_of(self, ball: int) -> str:
        """A ball in words for messages: "the cue ball", "the 3", "the red_4"."""
        names = self.ball_names
        if ball == 0:
            return "the cue ball"
        return f"the {names[ball]}" if 0 <= ball < len(names) else f"ball {ball}"

    def balls_on_table(self) -> frozenset[int]:
        """Indices of the balls on the table now."""
        return on_table_indices(self.state)

    # ------------------------------------------------------------------ public moves
    def validate_declaration(self, declaration: Declaration) -> None:
        """Raise ``InvalidDeclarationError`` when ``declaration`` is not allowed now, saying
        what is. Common checks: declared fouls known to this game, balls off the table that
        were on it, a called pocket that exists, a called ball in range; then the game's own.
        A declaration with a field of the wrong type (``checked_declaration``) is refused the
        same way."""
        declaration = checked_declaration(declaration)
        allowed = self.declarable_fouls() if declaration.declared_fouls else {}
        unknown = sorted(set(declaration.declared_fouls) - set(allowed))
        if unknown:
            raise InvalidDeclarationError(
                f"unknown declared foul(s) {shown(', '.join(unknown))}; "
                f"this game accepts: {', '.join(sorted(allowed)) or 'none'}"
            )
        on = self.balls_on_table() if declaration.off_table else frozenset()
        bad = sorted(b for b in declaration.off_table if b not in on)
        if bad:
            raise InvalidDeclarationError(
                f"ball(s) {shown(bad)} declared off the table were not on the table; "
                f"on the table: {sorted(on)}"
            )
        called = declaration.called_pocket
        pockets = () if called is None else tuple(p.name for p in self.table.pockets)
        if called is not None and called not in pockets:
            raise InvalidDeclarationError(
                f"no pocket called {shown(declaration.called_pocket)}; "
                f"the pockets are: {', '.join(pockets)}"
            )
        if declaration.called_ball is not None and not (
            0 < declaration.called_ball < int(self.state.n)
        ):
            raise InvalidDeclarationError(
                f"called ball {shown(declaration.called_ball)} does not exist; "
                f"object balls are 1..{int(self.state.n) - 1}"
            )
        self._check_declaration(declaration)

    def _check_can_shoot(self) -> None:
        if self.is_over:
            raise GameOverError(
                f"the game is over ({self.last_reason or 'finished'}); start a new one"
            )
        if self.pending_choice:
            raise ChoicePendingError(
                f"{self.players[self.to_play]} must first choose one of: "
                + ", ".join(c.value for c in self.pending_choice)
            )

    def judge(self, result: JudgedShot, declaration: Declaration | None = None) -> Ruling:
        """The ruling on ``result`` (a ``sim.ShotResult`` on this table with this game's balls,
        else ``InvalidShotError``) shot with ``declaration``. Pure: reads events, initial, final."""
        self._check_can_shoot()
        check_result_fits(result, self.table, len(self.ball_names), self.title)
        declared = declaration if declaration is not None else NO_DECLARATION
        # allowed or not for this frozen game: the last one allowed is kept (by identity), with
        # its fields as the referee reads them (``checked_declaration``)
        known = self.__dict__.get("_allowed_declaration")
        if known is not None and known[0] is declared:
            checked = known[1]
        else:
            checked = checked_declaration(declared)
            self.validate_declaration(checked)
            self.__dict__["_allowed_declaration"] = (declared, checked)
        return self._judge(checked_facts(result, self.table, self.title), result, checked)

    def apply(self, ruling: Ruling, choice: Choice | None = None) -> Game:
        """The game after ``ruling`` (judged by this very game), and after ``choice`` when given.

        Raises ``StaleRulingError`` for a ruling of another shot, ``GameOverError`` when over,
        ``ChoiceNotOfferedError`` when ``choice`` is not among ``ruling.options``."""
        if self.is_over:
            raise GameOverError("the game is over; no ruling can be applied")
        if not isinstance(ruling, Ruling):
            raise StaleRulingError(
                "apply takes the rules.Ruling this game's judge gave for its shot; got "
                f"{type(ruling).__name__} {ruling!r}"[:200]
            )
        if ruling.shot_number != self.shot_number:
            raise StaleRulingError(
                f"this ruling was made for shot {ruling.shot_number}; "
                f"the game is at shot {self.shot_number}"
            )
        if choice is not None:
            choice = offered_choice(choice, ruling.options)
        game = self._after_shot(ruling)
        if ruling.options and not ruling.frame_over:
            game = replace(game, pending_choice=ruling.options)
            if choice is not None:
                game = game.choose(choice)
        return game

    def choose(self, choice: Choice) -> Game:
        """The game after the player to act picks ``choice`` among ``pending_choice``."""
        if self.is_over:
            raise GameOverError("the game is over; there is nothing to choose")
        return self._resolve_choice(offered_choice(choice, self.pending_choice))

    def give_warning(self) -> Game:
        """A player warns the one with two consecutive fouls (9-ball); without the warning a
        third foul does not count as the third. ``WarningNotDueError`` when nobody is due."""
        due = [
            i
            for i, (n, w) in enumerate(zip(self.fouls_in_a_row, self.warning_given, strict=False))
            if n >= 2 and not w
        ]
        if not due:
            raise WarningNotDueError("no player has two consecutive fouls without a warning")
        warned = list(self.warning_given)
        for i in due:
            warned[i] = True
        return replace(self, warning_given=tuple(warned))

    def placement_problem(self, xy: tuple[float, float]) -> str | None:
        """Why the cue ball may not go to ``xy`` now, or None (for the window's ghost ball)."""
        from rules.placement import placement_problem

        return placement_problem(self.table, self.state, xy, self.ball_in_hand)

    def state_for_shot(self, cue_ball_at: tuple[float, float] | None = None) -> BallState:
        """The ball state the next shot starts from, the cue ball placed at ``cue_ball_at``.

        ``cue_ball_at`` (two numbers) must lie in the zone, on the cloth, clear of the balls; None
        keeps the cue ball if legal; not in hand, only its own spot (``IllegalPlacementError``)."""
        on = self.balls_on_table()
        cue_ball_at = None if cue_ball_at is None else cue_ball_point(cue_ball_at)
        if self.ball_in_hand is BallInHand.NONE:
            if cue_ball_at is not None:
                x0, y0 = (float(v) for v in self.state.pos[0])
                if 0 not in on or math.hypot(cue_ball_at[0] - x0, cue_ball_at[1] - y0) > 1e-12:
                    raise IllegalPlacementError(
                        "the cue ball is not in hand: it must be played from where it lies "
                        f"({x0:.4f}, {y0:.4f})"
                    )
            return self.state
        if cue_ball_at is None:
            if 0 not in on:
                raise IllegalPlacementError(
                    "the cue ball is in hand: give cue_ball_at, "
                    + zone_words(self.table, self.ball_in_hand)
                )
            cue_ball_at = (float(self.state.pos[0][0]), float(self.state.pos[0][1]))
        xy = validate_placement(self.table, self.state, cue_ball_at, self.ball_in_hand)
        return self.state.with_ball_at(0, xy)

    def play(
        self,
        strike: Strike,
        declaration: Declaration | None = None,
        cue_ball_at: tuple[float, float] | None = None,
        params: Params | None = None,
    ) -> tuple[Ruling, Game]:
        """Place the cue ball, simulate ``strike``, judge and apply.

        Returns (ruling, next game). When the ruling offers options the next game has
        ``pending_choice`` set; call ``choose``. Raises ``GameOverError``,
        ``ChoicePendingError``, ``InvalidShotError`` (``strike`` is not a ``sim.Strike``),
        ``IllegalPlacementError``, ``InvalidDeclarationError`` before anything is simulated."""
        import sim

        self._check_can_shoot()
        check_strike(strike)
        declaration = declaration if declaration is not None else NO_DECLARATION
        self.validate_declaration(declaration)
        state = self.state_for_shot(cue_ball_at)
        result = sim.simulate(self.table, state, strike, params=params)
        ruling = self.judge(result, declaration)
        return ruling, self.apply(ruling)
