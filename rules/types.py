"""Frozen value objects and enums shared by every game.

These names are the contract between the referee core (``rules/game.py``), the games
(``nine_ball``, ``eight_ball``, ``snooker``), the window and the lab. Values of the string enums
are stored in save files: never change an existing value.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from rules.clauses import clause_words, english_text
from rules.sides import side_name, wins_words
from rules.values import quick_init

if TYPE_CHECKING:
    from sim.balls import BallState


class GameKind(StrEnum):
    """The games the referee knows. A ``StrEnum``: ``GameKind.NINE_BALL == "nine-ball"``, so the
    old string calls (``rules.new_game("snooker")``) keep working. The values are stored in save
    files (``"kind"``): never change one. ``rules.kinds`` maps each to its game class."""

    NINE_BALL = "nine-ball"
    EIGHT_BALL = "eight-ball"
    SNOOKER = "snooker"


class BallInHand(StrEnum):
    """Where the player to act may place the cue ball before shooting."""

    NONE = "none"  #: not in hand: play the cue ball from where it lies
    ANYWHERE = "anywhere"  #: anywhere on the cloth (pool, after a foul)
    BEHIND_HEAD_STRING = "behind_head_string"  #: centre strictly behind the head string, y < L/4
    IN_D = "in_d"  #: on or inside the line of the D (snooker)


class Phase(StrEnum):
    """Where a game stands; each game uses the members that apply to it."""

    BREAK = "break"  #: the opening shot of a rack / frame (snooker: the opening stroke)
    PUSH_OUT_ALLOWED = "push_out_allowed"  #: 9-ball: the shot after a legal break
    PLAY = "play"  #: ordinary play (9-ball)
    OPEN_TABLE = "open_table"  #: 8-ball: groups not yet assigned
    GROUPS_ASSIGNED = "groups_assigned"  #: 8-ball: each player has solids or stripes
    REDS = "reds"  #: snooker: a red is on
    COLOUR_AFTER_RED = "colour_after_red"  #: snooker: a red was potted, any colour is on
    COLOURS_IN_ORDER = "colours_in_order"  #: snooker: no red left, colours yellow..black in order
    RESPOTTED_BLACK = "respotted_black"  #: snooker: tie broken on a re-spotted black
    OVER = "over"  #: the game (rack / frame) is finished


class Choice(StrEnum):
    """An option the player to act may be offered before shooting (``Ruling.options``)."""

    ACCEPT_TABLE = "accept_table"  #: take the table as it lies and shoot
    HAND_BACK = "hand_back"  #: make the other player shoot again from this position
    RERACK_AND_BREAK = "rerack_and_break"  #: rack again; the chooser breaks
    RERACK_OPPONENT_BREAKS = "rerack_opponent_breaks"  #: rack again; the other player breaks
    SPOT_EIGHT_AND_PLAY = "spot_eight_and_play"  #: 8-ball on the break: 8 spotted, chooser shoots
    TAKE_BALL_IN_HAND = "take_ball_in_hand"  #: 8-ball balls off the table on the break
    REPLACE_AND_REPLAY = "replace_and_replay"  #: snooker foul and a miss: balls back, replay

    @property
    def words(self) -> str:
        """The option in plain words, for prompts."""
        return _CHOICE_WORDS[self]

    def words_in(self, context: ChoiceContext | str) -> str:
        """The option in plain words where ``context`` (``RulingExtras.choice_context``, a
        ``ChoiceContext`` or its value) gives it another meaning: after a tie on the black the
        draw's winner chooses who plays the re-spotted black (French text §3.10), there is no
        offender to hand back to."""
        return _CONTEXT_WORDS.get((context, self), _CHOICE_WORDS[self])


class ChoiceContext(StrEnum):
    """Why a ruling offers its options (``Ruling.options``): what each option means there.
    Copied to ``Game.choice_context`` with the options, so the game's ``_resolve_choice`` knows
    what the chosen one does. A ``StrEnum``: it equals its value (``ChoiceContext.DRY_BREAK ==
    "dry_break"``); the values are stored in save files, never change one."""

    NONE = ""  #: no option offered, or options that mean the same everywhere
    PUSH_OUT = "push_out"  #: 9-ball: after a push-out, take the table or hand it back
    DRY_BREAK = "dry_break"  #: 9-ball magic rack: a dry break, handed back the breaker may push
    EIGHT_ON_BREAK = "eight_on_break"  #: 8-ball: the 8 down on a legal break, the breaker chooses
    EIGHT_ON_BREAK_FOUL = "eight_on_break_foul"  #: 8-ball: the 8 down on the break with a foul
    OFF_TABLE_ON_BREAK = "off_table_on_break"  #: 8-ball: balls off the table on the break
    ILLEGAL_BREAK = "illegal_break"  #: 8-ball: fewer than four balls to a cushion, nothing down
    RESPOTTED_BLACK = "respotted_black"  #: snooker: level at the end, who plays the black


_CHOICE_WORDS = {
    Choice.ACCEPT_TABLE: "take the table as it lies and shoot",
    Choice.HAND_BACK: "hand the table back: the other player shoots again",
    Choice.RERACK_AND_BREAK: "re-rack and break yourself",
    Choice.RERACK_OPPONENT_BREAKS: "re-rack and let the other player break",
    Choice.SPOT_EIGHT_AND_PLAY: "spot the 8 on the foot spot and shoot",
    Choice.TAKE_BALL_IN_HAND: "take the cue ball in hand behind the head string",
    Choice.REPLACE_AND_REPLAY: "put the balls back and make the offender play again",
}

_CONTEXT_WORDS: dict[tuple[str, Choice], str] = {
    (ChoiceContext.RESPOTTED_BLACK, Choice.ACCEPT_TABLE): (
        "play the re-spotted black yourself from the D"
    ),
    (ChoiceContext.RESPOTTED_BLACK, Choice.HAND_BACK): (
        "let the other side play the re-spotted black"
    ),
}


class DeclaredFoul(StrEnum):
    """Fouls a simulation cannot see; a player (or the lab) declares them with the shot.

    Each game says which it accepts and under which clause (``Game.declarable_fouls``). A game
    may accept further codes of its own (plain strings).
    """

    FOOT_OFF_FLOOR = "foot_off_floor"  #: no foot on the floor at the strike
    BALL_TOUCHED = "ball_touched"  #: a ball touched or moved other than by a normal shot
    DOUBLE_HIT = "double_hit"  #: double hit, cue ball struck twice, push shot
    CUE_ON_TABLE = "cue_on_table"  #: the cue laid on the table to sight a line
    OUT_OF_TURN = "out_of_turn"  #: played when it was not the player's turn
    SLOW_PLAY = "slow_play"  #: shot clock exceeded
    PLAYED_OBJECT_BALL = "played_object_ball"  #: an object ball struck instead of the cue ball
    CUE_BALL_MOVED_WHILE_POSITIONING = "cue_ball_moved_while_positioning"
    FULL_POCKET = "full_pocket"  #: the cue ball touched a ball in an overfull pocket
    JUMP_WITH_DRAW = "jump_with_draw"  #: cue ball made to jump by striking below centre (also
    #: judged from a shot that carries its strike)
    BALLS_MOVING = "balls_moving"  #: played while a ball was still moving or spinning
    BAD_PLACEMENT = "bad_placement"  #: cue ball in hand placed outside the zone and played
    JUMP_SHOT = "jump_shot"  #: snooker: the cue ball jumped over a ball (also judged from the log)


@quick_init
@dataclass(frozen=True)
class Declaration:
    """What the shooter says before a shot, plus fouls declared afterwards by a player.

    Fields:
        push_out: 9-ball push-out announced (allowed on the shot after a legal break only).
        called_ball: ball index called (8-ball), or None.
        called_pocket: pocket name called (``Table.pockets[i].name``), or None.
        safety: 8-ball "Défense" announced: a legal shot ends the turn whatever is pocketed.
        nominated: snooker: the colour nominated (ball index), or None.
        free_ball: snooker: the nominated ball is played as a free ball.
        declared_fouls: codes of fouls a simulator cannot see (``DeclaredFoul`` values).
        ball_concerned: snooker: the ball a declared foul concerns (the ball touched, the ball
            misplaced, the ball pushed; French text §11.2 "de la bille ON ou de la bille en
            cause"), or None: the penalty is then the value of the ball on.
        off_table: balls a player says left the playing surface (picked up, or off a real
            table), besides those the engine sends off (their ``OFF_TABLE`` rows, judged with
            no declaration). They count as off the table whatever the log shows afterwards.
    """

    push_out: bool = False
    called_ball: int | None = None
    called_pocket: str | None = None
    safety: bool = False
    nominated: int | None = None
    free_ball: bool = False
    declared_fouls: frozenset[str] = frozenset()
    off_table: frozenset[int] = frozenset()
    ball_concerned: int | None = None


#: The declaration of a shot that declares nothing (``Game.judge``'s default; frozen, so one
#: value serves every call).
NO_DECLARATION = Declaration()


@quick_init
@dataclass(frozen=True)
class Foul:
    """One foul found in a shot.

    Fields:
        code: a short stable identifier (``"wrong_ball_first"``, a ``DeclaredFoul`` value, ...).
        clause: the rule text it comes from, quoted by its first words (French source text).
        message: the call in plain words ("Foul: first contact was the 3, the 1 was on").
        evidence: the geometric or logged fact behind the call in plain words ("event 4:
            cue ball met ball 3 at t = 0.412 s"), or "declared by a player".
        event: the row of the event log that proves it, or None when no single row does.
        penalty: snooker penalty points (0 in pool).
    """

    code: str
    clause: str
    message: str
    evidence: str = ""
    event: int | None = None
    penalty: int = 0

    @property
    def rule_text(self) -> str:
        """The rule text this foul comes from, as the source quotes it (French for the pool
        games, the French text's section for snooker): for a rule tester, ``--json`` and
        docs/rules-coverage.md."""
        return self.clause

    @property
    def rule_words(self) -> str:
        """The same rule in English, its section kept (``rules.clauses.clause_words``)."""
        return clause_words(self.clause)

    def describe(self) -> str:
        """One line: the call, then its evidence."""
        text = self.message
        if self.evidence:
            text += f" [{self.evidence}]"
        return text


@quick_init
@dataclass(frozen=True)
class RulingExtras:
    """What a ruling tells the game's ``apply`` beyond the common fields (every game).

    Fields:
        choice_context: why ``Ruling.options`` are offered (a ``ChoiceContext``: push-out, dry
            break, illegal break, ...), copied to ``Game.choice_context`` so the game's
            ``_resolve_choice`` knows what each option means; ``ChoiceContext.NONE`` when no
            option is offered.
    """

    choice_context: ChoiceContext = ChoiceContext.NONE


@quick_init
@dataclass(frozen=True)
class EightBallExtras(RulingExtras):
    """8-ball: the groups after the shot.

    Fields:
        groups: per player, the group after the shot (None: the table is still open);
            None when the shot leaves the groups as they were.
    """

    groups: tuple[Group | None, ...] | None = None


@quick_init
@dataclass(frozen=True)
class SnookerExtras(RulingExtras):
    """Snooker: the break, the free ball, the miss and the re-spotted black after a stroke.

    Fields:
        penalty: points of the foul given to the opponent (0 without a foul; at least 4).
        free_ball: the next player may nominate a free ball (WPBSA 3.12; French text §9).
        miss: the foul was also called a miss (WPBSA 3.14): the balls may be replaced.
        full_ball_misses: consecutive misses of a full ball by the shooter, this one included
            (0 when this foul was no such miss).
        break_points: the shooter's break still running after the stroke (0 when it ended).
        finished_break: the break that ended on this stroke (0 when it goes on).
        replace_state: the balls before the stroke, when a miss lets them be replaced.
        nominated: the colour nominated (given or inferred) after a potted red, else None.
        respotted_black: the scores were level at the end: the black is re-spotted (WPBSA 3.8).
    """

    penalty: int = 0
    free_ball: bool = False
    miss: bool = False
    full_ball_misses: int = 0
    break_points: int = 0
    finished_break: int = 0
    replace_state: BallState | None = None
    nominated: int | None = None
    respotted_black: bool = False


@quick_init
@dataclass(frozen=True)
class Ruling:
    """The referee's verdict on one shot. Pure data: judging changes nothing.

    Fields:
        shooter: index of the player who shot.
        shot_number: ``Game.shot_number`` of the game that judged it (``apply`` checks it).
        fouls: the fouls found, in the order the rules list them.
        points: points won by each player on this shot (snooker; zeros in pool).
        pocketed: ball indices that went into a pocket on this shot, in event order.
        off_table: ball indices that left the playing surface (declared).
        to_spot: (ball, (x, y)) pairs: balls put back on the table after the shot, metres.
        final: the ball positions after the shot, before spotting (``ShotResult.final``, with
            the balls declared off the table removed).
        next_to_play: index of the player to act next (who makes any choice in ``options``).
        ball_in_hand: where that player may place the cue ball.
        options: choices the next player must make before shooting; empty when none.
        next_phase: the game's phase after the shot (before any choice).
        next_ball_on: balls that may be hit first on the next shot (before any choice).
        fouls_in_a_row: consecutive fouls of each player after this shot.
        warning_given: for each player, whether the two-fouls warning stands after this shot.
        frame_over: the rack / frame / game ended on this shot.
        winner: index of the winner when ``frame_over``, else None.
        reason: the decision in plain words ("Ann pocketed the 9 legally and wins").
        notes: further plain-word lines (the warning, a respotted ball, a group assigned).
        extras: what the game's ``apply`` reads besides the common fields, typed per game
            (``RulingExtras``, ``EightBallExtras``, ``SnookerExtras``).
    """

    shooter: int
    shot_number: int
    fouls: tuple[Foul, ...] = ()
    points: tuple[int, ...] = (0, 0)
    pocketed: tuple[int, ...] = ()
    off_table: tuple[int, ...] = ()
    to_spot: tuple[tuple[int, tuple[float, float]], ...] = ()
    final: BallState | None = None
    next_to_play: int = 0
    ball_in_hand: BallInHand = BallInHand.NONE
    options: tuple[Choice, ...] = ()
    next_phase: Phase = Phase.PLAY
    next_ball_on: frozenset[int] = frozenset()
    fouls_in_a_row: tuple[int, ...] = (0, 0)
    warning_given: tuple[bool, ...] = (False, False)
    frame_over: bool = False
    winner: int | None = None
    reason: str = ""
    notes: tuple[str, ...] = ()
    extras: RulingExtras = RulingExtras()

    @property
    def is_foul(self) -> bool:
        """True when at least one foul was called."""
        return bool(self.fouls)

    def detail(self, name: str, default: object = None) -> object:
        """The field ``name`` of ``extras``, or ``default`` when this game's extras have none.
        Untyped, for generic readers (a debugger, a log); code of a game reads ``extras``."""
        return getattr(self.extras, name, default)

    def summary(
        self, players: tuple[str, ...] | None = None, names: tuple[str, ...] | None = None
    ) -> str:
        """The call in plain English, several lines: decision, fouls with evidence and the rule
        (``Foul.rule_words``, the section kept; the French quote stays in ``Foul.rule_text``),
        pocketed balls, balls spotted, who plays next and how, options, notes.

        ``players`` gives player names (default "player 1", ...); ``names`` ball names by index
        (default "cue", "1", "2", ...).
        """

        def who(i: int | None) -> str:
            if i is None:
                return "nobody"
            if players is not None and 0 <= i < len(players):
                return players[i]
            return f"player {i + 1}"

        def side(i: int | None) -> str:
            # points and the winner are per side: with more players than sides (four-handed
            # snooker, French text §14) a side is a team, players i, i + 2, ...
            return who(i) if players is None else side_name(players, i, len(self.points))

        def ball(i: int) -> str:
            if names is not None and 0 <= i < len(names):
                return names[i]
            return "cue ball" if i == 0 else str(i)

        lines = [english_text(self.reason) or ("Foul." if self.fouls else "Legal shot.")]
        for foul in self.fouls:
            lines.append("  " + english_text(foul.describe()) + f" (rule: {foul.rule_words})")
        if self.pocketed:
            lines.append("Pocketed: " + ", ".join(ball(b) for b in self.pocketed))
        if self.off_table:
            lines.append("Off the table: " + ", ".join(ball(b) for b in self.off_table))
        for b, (x, y) in self.to_spot:
            lines.append(f"Spotted: {ball(b)} at ({x:.4f}, {y:.4f}) m")
        if any(self.points):
            lines.append(
                "Points: " + ", ".join(f"{side(i)} {p}" for i, p in enumerate(self.points))
            )
        lines.extend(english_text(note) for note in self.notes)
        if self.frame_over:
            if self.winner is None:
                lines.append("Game over: drawn.")
            else:
                lines.append(f"Game over: {wins_words(side(self.winner))}.")
        else:
            hand = {
                BallInHand.NONE: "from where the cue ball lies",
                BallInHand.ANYWHERE: "with ball in hand anywhere",
                BallInHand.BEHIND_HEAD_STRING: "with ball in hand behind the head string",
                BallInHand.IN_D: "with ball in hand in the D",
            }[self.ball_in_hand]
            lines.append(f"Next: {who(self.next_to_play)} to play {hand}.")
            if self.options:
                lines.append(
                    f"{who(self.next_to_play)} chooses: "
                    + "; or ".join(c.words_in(self.extras.choice_context) for c in self.options)
                )
        return "\n".join(lines)


@quick_init
@dataclass(frozen=True)
class DeclarationOptions:
    """What the player to act may or must declare before the next shot (for the window and lab).

    Fields:
        push_out_allowed: a push-out may be announced (9-ball).
        call_required: a ball and a pocket must be called unless a safety is announced (8-ball).
        callable_balls: the balls that may be called.
        pockets: the pocket names that may be called.
        safety_allowed: a safety may be announced (8-ball).
        nomination_required: a colour must be nominated (snooker, colour on).
        free_ball_allowed: a free ball may be nominated (snooker).
        declarable_fouls: code -> clause of the fouls a player may declare.
    """

    push_out_allowed: bool = False
    call_required: bool = False
    callable_balls: frozenset[int] = frozenset()
    pockets: tuple[str, ...] = ()
    safety_allowed: bool = False
    nomination_required: bool = False
    free_ball_allowed: bool = False
    declarable_fouls: tuple[tuple[str, str], ...] = ()


class Group(StrEnum):
    """8-ball groups: solids are 1-7, stripes 9-15."""

    SOLIDS = "solids"
    STRIPES = "stripes"

    @property
    def balls(self) -> frozenset[int]:
        """The ball indices of the group."""
        return frozenset(range(1, 8)) if self is Group.SOLIDS else frozenset(range(9, 16))

    @property
    def other(self) -> Group:
        """The other group."""
        return Group.STRIPES if self is Group.SOLIDS else Group.SOLIDS
