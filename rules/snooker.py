"""Snooker: one frame judged under ``snooker.txt`` (WPBSA Official Rules, Section 3).

Balls (``BALL_NAMES``): 0 ``cue``, 1..15 ``red_1``..``red_15``, 16..21 ``yellow`` ``green``
``brown`` ``blue`` ``pink`` ``black``. Two players, or four in two teams (§14): ``players`` is
the order of play for the frame, fixed throughout it (§3.1, §14.1); with four players the teams
alternate (players 0 and 2 against 1 and 3). ``score`` and ``Ruling.points`` are per side (the
player, or the team: side = player % 2); ``winner`` is a side.

How each clause is judged is listed in ``docs/rules-coverage.md`` (section "Snooker"); the
choices made where the text is ambiguous are written there and next to the code below. Clauses
are cited as ``§n.k``: item k of section n of ``snooker.txt`` (section 3 is "PRINCIPE DU JEU",
9 "BILLE LIBRE", 11 "PENALITES", ...); "WPBSA x.y" is the official rule book's numbering.

Phases (``rules.types.Phase``): ``BREAK`` (the opening stroke, reds on, cue ball in hand in the
D), ``REDS``, ``COLOUR_AFTER_RED`` (a colour is on: nominated, or inferred), ``COLOURS_IN_ORDER``
(no red left), ``RESPOTTED_BLACK`` (tie-break), ``OVER``.

Values used for penalties (§11): every foul costs at least four points; the value of "the ball
on" is 1 while reds are on, the nominated colour's value after a red, the colour on's value in
the colours; a free ball takes the value of the ball on (§9.3) for scoring and penalties.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from rules.errors import GameOverError, InvalidDeclarationError, InvalidOptionError, RulesError
from rules.facts import ShotFacts, on_table_indices
from rules.game import Game, draw_seed
from rules.placement import is_in_d
from rules.snooker_geometry import (
    BALL_INDEX,
    BALL_NAMES,
    COLOUR_INDICES,
    COLOUR_VALUES,
    RED_INDICES,
    can_hit_any_ball_on,
    is_snookered,
    is_snookered_by,
    is_snookered_in_hand,
    respot_colours,
    setup_positions,
    touching_balls,
)
from rules.types import (
    BallInHand,
    Choice,
    Declaration,
    DeclarationOptions,
    DeclaredFoul,
    Foul,
    Phase,
    Ruling,
)

if TYPE_CHECKING:
    from typing import Self

    from sim.balls import BallState


#: Smallest penalty of any foul (§11, "quatre points" lost in translation; README).
MIN_PENALTY = 4
#: Penalty of the fouls of §11.4.
SEVEN_POINT_PENALTY = 7
#: A cue-ball contact with a ball it was touching, at most this long after the strike (s), moved
#: that ball: a push stroke (§7.2). Playing away from it never makes such a contact in 2-D.
PUSH_CONTACT_S = 1e-6
#: Grid spacing of the D when testing whether a cue ball in hand is snookered, m.
IN_HAND_SNOOKER_SPACING = 0.01

#: Fouls a player (or the lab) may declare: code -> (clause, value rule). "on": the value of the
#: ball on (§11.1; also for the §11.2 fouls "of the ball on or the ball concerned", since a
#: declaration names no ball); "seven": §11.4.
_DECLARABLE: dict[str, tuple[str, str]] = {
    DeclaredFoul.BALLS_MOVING.value: ("§11.1 quand les billes ne sont pas arrêtées", "on"),
    DeclaredFoul.DOUBLE_HIT.value: ("§11.1 la bille de choc plus d'une fois", "on"),
    DeclaredFoul.FOOT_OFF_FLOOR.value: (
        "§11.1 sans qu'un des deux pieds du joueur ne touche le sol",
        "on",
    ),
    DeclaredFoul.OUT_OF_TURN.value: ("§11.1 en dehors de son tour", "on"),
    DeclaredFoul.BAD_PLACEMENT.value: ("§11.1 incorrectement la mise ou remise en jeu", "on"),
    DeclaredFoul.JUMP_SHOT.value: ("§11.1 un jump shot (saut)", "on"),
    "push_stroke": ("§11.2 en faisant un queutage", "on"),
    DeclaredFoul.BALL_TOUCHED.value: (
        "§11.2 en touchant une bille avec autre chose que le procédé de la queue",
        "on",
    ),
    "ball_misplaced": ("§11.2 en jouant alors qu'une bille est mal placée", "on"),
    "used_ball_off_table": (
        "§11.4 utilise, dans n'importe quel but, une bille qui est hors de la table",
        "seven",
    ),
    DeclaredFoul.PLAYED_OBJECT_BALL.value: (
        "§11.4 utilise comme bille de choc, toute autre bille que la blanche",
        "seven",
    ),
}

_CLAUSE = {
    "cue_ball_pocketed": "§11.1 la bille blanche rentre dans une poche (WPBSA 3.3)",
    "missed_all": "§11.1 la bille blanche ne touche aucune bille objet (WPBSA 3.3)",
    "wrong_ball_first": "§11.2 en touchant en premier lieu une bille qui n'est pas ON (WPBSA 3.3)",
    "simultaneous": "§5 / §11.3 deux billes touchées simultanément",
    "potted_not_on": "§11.2 en rentrant une bille qui n'est pas ON dans une poche (WPBSA 3.3, 3.4)",
    "ball_off_table": "§11.2 en éjectant une bille de la table",
    "reds_successive": "§11.4 joue des rouges à des coups successifs",
    "no_nomination": "§11.4 après avoir empoché une rouge, faute avant d'avoir désigné",
    "free_ball_not_first": "§9.4 la bille de choc manque le premier contact (bille libre)",
    "snookered_with_free_ball": "§9.4 / §11.1 un snooker au moyen de la bille libre",
    "push_stroke_touching": "§7.2 / §11.2 bille collée: queutage",
    "bad_placement": "§4 / §11.1 incorrectement la mise ou remise en jeu",
}

#: Fouls of failing to hit the ball on first: the candidates for a miss (paragraph after §3.10).
_MISS_CODES = frozenset(
    {"missed_all", "wrong_ball_first", "simultaneous", "reds_successive", "free_ball_not_first"}
)


def ball_value(ball: int) -> int:
    """Face value of an object ball: 1 for a red, the colour's value otherwise (snooker.txt 1)."""
    if ball in RED_INDICES:
        return 1
    return COLOUR_VALUES[BALL_NAMES[ball]]


def points_remaining(
    phase: Phase, on_table: frozenset[int] | set[int], colour_on_after_red: bool = False
) -> int:
    """Most points one player can still score from the balls on the table: 8 per red (a red and
    the black), plus the colours; after a potted red, the black to come as well
    (``phase == COLOUR_AFTER_RED``); in the colours only the colours left count."""
    reds = sum(1 for r in RED_INDICES if r in on_table)
    colours = sum(ball_value(c) for c in COLOUR_INDICES if c in on_table)
    if phase is Phase.COLOUR_AFTER_RED or colour_on_after_red:
        return 7 + 8 * reds + colours
    return 8 * reds + colours


@dataclass(frozen=True)
class _Stroke:
    """What the referee knows about a stroke before reading its log."""

    phase: Phase
    balls_on: frozenset[int]  # balls that may be hit first (without the free ball)
    value_on: int  # value of the ball on (0: not known: colour after a red, none nominated)
    nominated: int | None
    nomination_inferred: bool
    free: int | None  # the free ball, when one is played


@dataclass(frozen=True)
class SnookerGame(Game):
    """A frame of snooker. Fields beyond ``Game``'s:

    Fields:
        break_points: points of the current break of the player at the table.
        highest_break: per player, the highest break made in the frame.
        free_ball: the player to act may nominate a free ball (§9) on the next stroke.
        offender: the player who committed the foul being answered (choices), or None.
        replay_positions, replay_on_table, replay_phase, replay_ball_in_hand, replay_ball_on,
            replay_free_ball: the position and the state of play before a foul judged a miss
            (paragraph after §3.10; WPBSA 3.14): what "replace the balls" restores, the penalty
            kept (empty / None when no miss is pending). Plain values, so a save file holds them.
        full_ball_misses: consecutive misses by the player to act with a full ball visible,
            replayed each time (WPBSA 3.14(i)): the third loses the frame.
    """

    kind: ClassVar[str] = "snooker"

    break_points: int = 0
    highest_break: tuple[int, ...] = (0, 0)
    free_ball: bool = False
    offender: int | None = None
    replay_positions: tuple[tuple[float, float], ...] = field(default=(), repr=False)
    replay_on_table: tuple[bool, ...] = field(default=(), repr=False)
    replay_phase: Phase | None = None
    replay_ball_in_hand: BallInHand | None = None
    replay_ball_on: frozenset[int] = field(default=frozenset(), repr=False)
    replay_free_ball: bool = False
    full_ball_misses: int = 0

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(
        cls, players: tuple[str, ...] = ("A", "B"), seed: int | None = None, **options: Any
    ) -> Self:
        """A frame set up for the break-off (snooker.txt 2): colours on their spots, the reds
        in their triangle, the cue ball in hand in the D, ``players[0]`` to break.

        Options: ``table`` (a snooker ``sim.Table``; default ``sim.Table.snooker()``),
        ``rack_number`` (frames played before this one). Two or four players."""
        allowed = {"table", "rack_number"}
        unknown = sorted(set(options) - allowed)
        if unknown:
            raise InvalidOptionError(
                f"unknown snooker option(s) {', '.join(unknown)}; "
                f"allowed: {', '.join(sorted(allowed))}"
            )
        if len(players) not in (2, 4):
            raise InvalidOptionError(
                f"snooker is played by 2 players or 4 in two teams; got {len(players)} players"
            )
        table = options.get("table")
        if table is None:
            from sim.table import Table

            table = Table.snooker()
        if getattr(table, "kind", None) != "snooker":
            raise InvalidOptionError("snooker needs a snooker table (sim.Table.snooker())")
        from sim.balls import BallState

        state = BallState.at_rest(setup_positions(table)).with_ball_removed(0)
        reds = frozenset(RED_INDICES)
        return cls(
            table=table,
            state=state,
            players=tuple(players),
            to_play=0,
            ball_in_hand=BallInHand.IN_D,
            ball_on=reds,
            phase=Phase.BREAK,
            score=(0, 0),
            fouls_in_a_row=(0,) * len(players),
            warning_given=(False,) * len(players),
            breaker=0,
            seed=draw_seed() if seed is None else int(seed),
            rack_number=int(options.get("rack_number", 0)),
            highest_break=(0,) * len(players),
        )

    # ------------------------------------------------------------------ names and helpers
    @property
    def ball_names(self) -> tuple[str, ...]:
        """``cue``, ``red_1``..``red_15``, ``yellow``..``black``."""
        return BALL_NAMES

    def side_of(self, player: int) -> int:
        """The side (score index) of ``player``: the player itself, or its team (player % 2)."""
        return player % 2

    @property
    def touching(self) -> tuple[int, ...]:
        """Balls the cue ball touches now (§7: the referee announces "touching ball")."""
        return touching_balls(
            np.asarray(self.state.pos), np.asarray(self.state.on_table), self.table.ball_radius
        )

    def points_remaining(self) -> int:
        """Most points the player at the table can still score (for a scoreboard)."""
        if self.is_over:
            return 0
        return points_remaining(self.phase, self.balls_on_table())

    def snookers_required(self, side: int) -> int:
        """How many snookers ``side`` needs: 0 when the points remaining can still win or tie,
        else the number of fouls of the least value (4, or the lowest colour's value when
        higher) needed to make up the difference that the balls cannot."""
        other = 1 - side
        deficit = self.score[other] - self.score[side]
        remaining = self.points_remaining()
        if deficit <= remaining:
            return 0
        on = self.balls_on_table()
        values = [ball_value(b) for b in on if b != 0]
        per = max(MIN_PENALTY, min(values) if values else MIN_PENALTY)
        return -(-(deficit - remaining) // per)

    # ------------------------------------------------------------------ declarations
    def declarable_fouls(self) -> dict[str, str]:
        """The fouls a 2-D simulator cannot see, by code -> clause (§11)."""
        return {code: clause for code, (clause, _) in _DECLARABLE.items()}

    def declaration_options(self) -> DeclarationOptions:
        """A colour must be nominated after a potted red (it is inferred from the first ball
        hit when not given); a free ball may be nominated when one was awarded."""
        on = self.balls_on_table()
        colours = frozenset(c for c in COLOUR_INDICES if c in on)
        if self.phase is Phase.COLOUR_AFTER_RED:
            callable_balls = colours
        elif self.free_ball:
            callable_balls = frozenset(b for b in on if b != 0 and b not in self.ball_on)
        else:
            callable_balls = frozenset(self.ball_on)
        return DeclarationOptions(
            callable_balls=callable_balls,
            nomination_required=self.phase is Phase.COLOUR_AFTER_RED,
            free_ball_allowed=self.free_ball,
            declarable_fouls=tuple(self.declarable_fouls().items()),
        )

    def _check_declaration(self, declaration: Declaration) -> None:
        """Nominations: a ball on the table, allowed now (§6, §9); a free ball only when
        awarded, and never a ball already on."""
        if declaration.push_out or declaration.safety or declaration.called_ball is not None:
            raise InvalidDeclarationError(
                "push-outs, safeties and called balls are pool declarations; snooker takes "
                "a nominated ball, a free ball and declared fouls"
            )
        nominated = declaration.nominated
        on = self.balls_on_table()
        if nominated is None:
            if declaration.free_ball:
                raise InvalidDeclarationError("a free ball must be nominated: give nominated")
            return
        if nominated not in on or nominated == 0:
            names = ", ".join(BALL_NAMES[b] for b in sorted(on) if b != 0)
            raise InvalidDeclarationError(
                f"cannot nominate ball {nominated}: it is not an object ball on the table; "
                f"on the table: {names}"
            )
        name = BALL_NAMES[nominated]
        if declaration.free_ball:
            if not self.free_ball:
                raise InvalidDeclarationError(
                    "no free ball was awarded: a free ball follows a foul that leaves the "
                    "cue ball snookered (§9.1)"
                )
            if nominated in self.ball_on:
                raise InvalidDeclarationError(
                    f"the {name} is already on; a free ball is another ball nominated as on (§9.2)"
                )
            return
        if self.phase is Phase.COLOUR_AFTER_RED:
            if nominated not in COLOUR_INDICES:
                raise InvalidDeclarationError(
                    f"after a potted red a colour is on: cannot nominate the {name}"
                )
            return
        if nominated not in self.ball_on:
            allowed = ", ".join(BALL_NAMES[b] for b in sorted(self.ball_on))
            raise InvalidDeclarationError(
                f"the {name} is not on (on: {allowed}); nominate another ball only as a free ball"
            )

    # ------------------------------------------------------------------ judging
    def _stroke(
        self, facts: ShotFacts, declaration: Declaration, touching: tuple[int, ...]
    ) -> _Stroke:
        """The ball on, the nomination (given or inferred) and the free ball of this stroke."""
        phase = Phase.REDS if self.phase is Phase.BREAK else self.phase
        before = facts.on_table_before
        free = declaration.nominated if declaration.free_ball else None
        if phase is Phase.REDS:
            on = frozenset(r for r in RED_INDICES if r in before)
            return _Stroke(phase, on, 1, None, False, free)
        if phase is Phase.COLOUR_AFTER_RED:
            nominated = declaration.nominated
            inferred = False
            if nominated is None:
                first = facts.first_contact_balls
                colours_first = [b for b in first if b in COLOUR_INDICES]
                if len(first) == 1 and colours_first:
                    nominated, inferred = colours_first[0], True
                elif not first:
                    touching_colours = [b for b in touching if b in COLOUR_INDICES]
                    if len(touching_colours) == 1:
                        nominated, inferred = touching_colours[0], True
            if nominated is None:
                colours = frozenset(c for c in COLOUR_INDICES if c in before)
                return _Stroke(phase, colours, 0, None, False, None)
            return _Stroke(
                phase, frozenset({nominated}), ball_value(nominated), nominated, inferred, None
            )
        colours_left = [c for c in COLOUR_INDICES if c in before]
        lowest = colours_left[0]
        return _Stroke(phase, frozenset({lowest}), ball_value(lowest), None, False, free)

    def _judge(self, facts: ShotFacts, result: Any, declaration: Declaration) -> Ruling:
        table = self.table
        R = float(table.ball_radius)
        shooter = self.to_play
        side = self.side_of(shooter)
        initial = result.initial
        pos0 = np.asarray(initial.pos, dtype=float)
        on0 = np.asarray(initial.on_table, dtype=bool)
        touching = touching_balls(pos0, on0, R) if on0[0] else ()
        stroke = self._stroke(facts, declaration, touching)
        free = stroke.free

        def value(ball: int) -> int:
            if free is not None and ball == free:
                return stroke.value_on
            return ball_value(ball)

        def nm(ball: int) -> str:
            return self.name_of(ball)

        fouls: list[Foul] = []

        def words(event: int | None) -> str:
            return "" if event is None else facts.describe_event(event, self.ball_names)

        def foul(
            code: str, message: str, penalty: int, evidence: str = "", event: int | None = None
        ) -> None:
            clause = _CLAUSE.get(code) or _DECLARABLE[code][0]
            fouls.append(Foul(code, clause, message, evidence, event, max(MIN_PENALTY, penalty)))

        on_value = stroke.value_on
        # --- placement in the D (§4)
        if (
            self.ball_in_hand is BallInHand.IN_D
            and on0[0]
            and not is_in_d(table, (pos0[0, 0], pos0[0, 1]))
        ):
            foul(
                "bad_placement",
                "Foul: the cue ball was not played from on or inside the D",
                on_value,
                f"cue ball at ({pos0[0, 0]:.4f}, {pos0[0, 1]:.4f}) m",
            )
        # --- touching ball (§7): moving it is a push stroke; playing away counts as hitting
        # a touching ball that is on
        pushed = [
            c
            for c in facts.contacts
            if c.t <= PUSH_CONTACT_S
            and 0 in (c.ball, c.other)
            and (c.other if c.ball == 0 else c.ball) in touching
        ]
        for c in pushed:
            other = c.other if c.ball == 0 else c.ball
            foul(
                "push_stroke_touching",
                f"Foul: push stroke, {nm(other)} was touching the cue ball and was moved",
                max(on_value, value(other)),
                words(c.event),
                c.event,
            )
        legal_first = set(stroke.balls_on) | ({free} if free is not None else set())
        touching_on = [
            b
            for b in touching
            if (b == free)
            or (
                free is None
                and b in stroke.balls_on
                and (stroke.phase is not Phase.COLOUR_AFTER_RED or b == stroke.nominated)
            )
        ]
        first = set(facts.first_contact_balls)
        first_event = facts.first_contact.event if facts.first_contact is not None else None
        deemed_hit = bool(touching_on) and not pushed
        if deemed_hit:
            first = {touching_on[0]}
        # --- first contact (§3.3, §5, §9.4, §11.4)
        if not first:
            foul("missed_all", "Foul: the cue ball hit no object ball", on_value)
        elif free is not None:
            if free not in first or not first <= legal_first:
                foul(
                    "free_ball_not_first",
                    f"Foul: the cue ball did not hit the free ball ({nm(free)}) first",
                    max([on_value, *(value(b) for b in first)]),
                    words(first_event),
                    first_event,
                )
        else:
            reds_first = [b for b in first if b in RED_INDICES]
            if stroke.phase is Phase.COLOUR_AFTER_RED and reds_first:
                foul(
                    "reds_successive",
                    "Foul: a red was played on the stroke after a potted red",
                    SEVEN_POINT_PENALTY,
                    words(first_event),
                    first_event,
                )
            elif len(first) > 1 and not all(b in RED_INDICES for b in first):
                foul(
                    "simultaneous",
                    "Foul: the cue ball hit "
                    + " and ".join(nm(b) for b in sorted(first))
                    + " simultaneously",
                    max([on_value, *(value(b) for b in first)]),
                    words(first_event),
                    first_event,
                )
            elif not first <= stroke.balls_on:
                wrong = sorted(first - stroke.balls_on)
                foul(
                    "wrong_ball_first",
                    f"Foul: first contact was {nm(wrong[0])}, not a ball on",
                    max([on_value, *(value(b) for b in wrong)]),
                    words(first_event),
                    first_event,
                )
        # --- balls pocketed or off the table (§3.3, §11.1, §11.2)
        off_declared = set(declaration.off_table)
        potted = [b for b in facts.pocketed if b not in off_declared]
        cue_gone = 0 in potted or 0 in off_declared
        if 0 in potted:
            ev = facts.pocketing_of(0)
            foul(
                "cue_ball_pocketed",
                "Foul: the cue ball went into a pocket",
                on_value,
                words(ev.event if ev is not None else None),
                ev.event if ev is not None else None,
            )
        for b in sorted(off_declared):
            foul(
                "ball_off_table",
                f"Foul: {nm(b)} left the table",
                on_value if b == 0 else max(on_value, value(b)),
                "declared by a player",
            )
        object_potted = [b for b in potted if b != 0]
        # after a red only the nominated colour may drop (none when nothing was nominated)
        if stroke.phase is Phase.COLOUR_AFTER_RED:
            pottable = {stroke.nominated} if stroke.nominated is not None else set()
        else:
            pottable = set(stroke.balls_on)
        if free is not None:
            pottable.add(free)
        for b in object_potted:
            if b not in pottable:
                ev = facts.pocketing_of(b)
                foul(
                    "potted_not_on",
                    f"Foul: {nm(b)} was potted and was not on",
                    max(on_value, value(b)),
                    words(ev.event if ev is not None else None),
                    ev.event if ev is not None else None,
                )
        # --- declared fouls (§11)
        for code in sorted(declaration.declared_fouls):
            clause, rule = _DECLARABLE[code]
            foul(
                code,
                f"Foul: {clause.split(' ', 1)[1]}",
                SEVEN_POINT_PENALTY if rule == "seven" else on_value,
                "declared by a player",
            )

        # --- where the balls end up: final state, balls off the table, colours re-spotted
        final = result.final
        for b in sorted(off_declared):
            if bool(np.asarray(final.on_table)[b]):
                final = final.with_ball_removed(b)
        gone = set(object_potted) | (off_declared - {0})
        colours_gone = [b for b in gone if b in COLOUR_INDICES]
        fouled = bool(fouls)
        # the free ball snookering the ball(s) on (§9.4), judged where the balls stop
        if free is not None and not fouled and not cue_gone:
            pos_f = np.asarray(final.pos, dtype=float)
            on_f = np.asarray(final.on_table, dtype=bool)
            only_pink_black = facts.on_table_before - {0} == {
                BALL_INDEX["pink"],
                BALL_INDEX["black"],
            }
            targets = [b for b in stroke.balls_on if on_f[b]]
            if (
                targets
                and not only_pink_black
                and is_snookered_by(pos_f[0], targets, free, pos_f, on_f, R)
            ):
                foul(
                    "snookered_with_free_ball",
                    f"Foul: the free ball ({nm(free)}) snookers the cue ball on the ball on",
                    on_value,
                    f"cue ball at rest at ({pos_f[0, 0]:.4f}, {pos_f[0, 1]:.4f}) m",
                )
                fouled = True
        # the colour after a red, fouled before any nomination (§11.4)
        if fouled and stroke.phase is Phase.COLOUR_AFTER_RED and stroke.nominated is None:
            foul(
                "no_nomination",
                "Foul: a foul after a potted red, before a colour was nominated",
                SEVEN_POINT_PENALTY,
            )

        # colours to re-spot
        to_respot: list[int] = []
        legal_down: set[int] = set()
        if not fouled and stroke.phase in (Phase.COLOURS_IN_ORDER, Phase.RESPOTTED_BLACK):
            legal_down = {b for b in stroke.balls_on if b in object_potted}
        for b in colours_gone:
            if b not in legal_down:
                to_respot.append(b)
        state_after = final
        colour_names = [BALL_NAMES[b] for b in to_respot]
        spots = respot_colours(
            table, colour_names, np.asarray(state_after.pos), np.asarray(state_after.on_table)
        )
        to_spot = tuple(
            (BALL_INDEX[c], xy) for c, xy in sorted(spots.items(), key=lambda kv: BALL_INDEX[kv[0]])
        )
        for b, xy in to_spot:
            state_after = state_after.with_ball_at(b, xy)
        if cue_gone and bool(np.asarray(state_after.on_table)[0]):
            state_after = state_after.with_ball_removed(0)
        on_after = on_table_indices(state_after)
        reds_after = [r for r in RED_INDICES if r in on_after]

        # --- scoring (§3.5, §3.6, §9.5-7)
        points = [0, 0]
        notes: list[str] = []
        penalty = max((f.penalty for f in fouls), default=0)
        scored = 0
        continues = False
        if fouled:
            points[1 - side] += penalty
        elif stroke.phase is Phase.REDS:
            reds_potted = [b for b in object_potted if b in RED_INDICES]
            scored = len(reds_potted) + (1 if free is not None and free in object_potted else 0)
            continues = scored > 0
        elif stroke.phase is Phase.COLOUR_AFTER_RED:
            if stroke.nominated is not None and stroke.nominated in object_potted:
                scored = ball_value(stroke.nominated)
                continues = True
        else:
            lowest = min(stroke.balls_on)
            if lowest in object_potted:
                scored = ball_value(lowest)
                continues = True
            elif free is not None and free in object_potted:
                scored = stroke.value_on
                continues = True
        points[side] += scored
        if stroke.nomination_inferred and stroke.nominated is not None:
            notes.append(f"Nominated colour taken as {nm(stroke.nominated)} (first ball hit).")
        if free is not None:
            notes.append(f"Free ball: {nm(free)} played as the ball on.")

        # --- who plays next, what is on
        new_score = (self.score[0] + points[0], self.score[1] + points[1])
        only_black_before = facts.on_table_before - {0} == {BALL_INDEX["black"]}
        frame_over = False
        winner: int | None = None
        next_phase: Phase
        next_to_play = shooter if continues else self.other(shooter)
        respotted_black = False
        if only_black_before and (fouled or continues):
            if new_score[0] != new_score[1]:
                frame_over = True
                winner = 0 if new_score[0] > new_score[1] else 1
            else:
                respotted_black = True
        if respotted_black:
            next_phase = Phase.RESPOTTED_BLACK
            black = BALL_INDEX["black"]
            if bool(np.asarray(state_after.on_table)[0]):
                state_after = state_after.with_ball_removed(0)
            if bool(np.asarray(state_after.on_table)[black]):
                state_after = state_after.with_ball_removed(black)
            spot = respot_colours(
                table, ["black"], np.asarray(state_after.pos), np.asarray(state_after.on_table)
            )
            to_spot = (*(t for t in to_spot if t[0] != black), (black, spot["black"]))
            state_after = state_after.with_ball_at(black, spot["black"])
            on_after = on_table_indices(state_after)
            rng = np.random.default_rng(
                [self.seed & 0xFFFFFFFF, self.rack_number, self.shot_number]
            )
            draw_side = int(rng.integers(0, 2))
            next_to_play = self._next_of_side(shooter, draw_side)
            notes.append(
                "Scores level: the black is re-spotted; "
                f"{self.players[next_to_play]} wins the draw and chooses who plays from the D."
            )
        elif stroke.phase is Phase.RESPOTTED_BLACK:
            next_phase = Phase.RESPOTTED_BLACK
        elif continues and stroke.phase is Phase.REDS:
            next_phase = Phase.COLOUR_AFTER_RED
        elif reds_after:
            next_phase = Phase.REDS
        else:
            next_phase = Phase.COLOURS_IN_ORDER
        if next_phase is Phase.REDS:
            next_on = frozenset(reds_after)
        elif next_phase is Phase.COLOUR_AFTER_RED:
            next_on = frozenset(c for c in COLOUR_INDICES if c in on_after)
        elif next_phase is Phase.RESPOTTED_BLACK:
            next_on = frozenset({BALL_INDEX["black"]})
        else:
            left = [c for c in COLOUR_INDICES if c in on_after]
            next_on = frozenset(left[:1])
            if not left and not frame_over:
                frame_over = True
                winner = 0 if new_score[0] > new_score[1] else 1
        ball_in_hand = BallInHand.IN_D if (cue_gone or respotted_black) else BallInHand.NONE

        # --- after a foul: free ball, miss, options (§9, §10, paragraph after §3.10, WPBSA 3.14)
        options: tuple[Choice, ...] = ()
        free_next = False
        miss = False
        full_misses = 0
        if respotted_black:
            options = (Choice.ACCEPT_TABLE, Choice.HAND_BACK)
        elif fouled and not frame_over:
            free_next = self._is_snookered_after(state_after, next_on)
            if free_next:
                notes.append("Free ball (§9): the cue ball is snookered after the foul.")
            if any(f.code in _MISS_CODES for f in fouls) and on0[0]:
                targets = sorted(set(stroke.balls_on) | ({free} if free is not None else set()))
                miss, full, note = self._miss_verdict(
                    result.initial, targets, facts, new_score, next_phase, on_after
                )
                if note:
                    notes.append(note)
                if full:
                    full_misses = self.full_ball_misses + 1
                if full_misses == 2:
                    notes.append(
                        f"Warning: {self.players[shooter]} has missed a full ball twice; a "
                        "third miss loses the frame (WPBSA 3.14)."
                    )
                if full_misses >= 3:
                    frame_over = True
                    winner = 1 - side
                    notes.append(
                        f"{self.players[shooter]} missed a full ball three times in a row: "
                        "the frame is awarded to the opponent (WPBSA 3.14)."
                    )
            if not frame_over:
                options = (Choice.ACCEPT_TABLE, Choice.HAND_BACK)
                if miss:
                    options += (Choice.REPLACE_AND_REPLAY,)

        # --- reason
        if frame_over and full_misses >= 3:
            reason = (
                f"Frame awarded to {self._side_name(winner)}: {self.players[shooter]} missed a "
                f"full ball three times ({new_score[0]}-{new_score[1]})."
            )
        elif frame_over:
            reason = f"Frame over: {self._side_name(winner)} wins {new_score[0]}-{new_score[1]}."
        elif fouled:
            reason = (
                f"Foul by {self.players[shooter]}: {penalty} points to {self._side_name(1 - side)}."
            )
        elif scored:
            reason = f"{self.players[shooter]} scores {scored}; break {self.break_points + scored}."
        else:
            reason = f"No score: {self.players[next_to_play]} to play."
        details: tuple[tuple[str, object], ...] = (
            ("penalty", penalty),
            ("free_ball", free_next),
            ("miss", miss),
            ("full_ball_misses", full_misses),
            ("break_points", 0 if (fouled or not continues) else self.break_points + scored),
            ("finished_break", self.break_points + scored if (fouled or not continues) else 0),
            ("replace_state", initial if miss else None),
            ("nominated", stroke.nominated),
            ("respotted_black", respotted_black),
        )
        n_players = len(self.players)
        counts = tuple(
            (self.fouls_in_a_row[i] + 1 if fouled else 0)
            if i == shooter
            else self.fouls_in_a_row[i]
            for i in range(n_players)
        )
        return Ruling(
            shooter=shooter,
            shot_number=self.shot_number,
            fouls=tuple(fouls),
            points=(points[0], points[1]),
            pocketed=tuple(potted),
            off_table=tuple(sorted(off_declared)),
            to_spot=to_spot,
            final=final,
            next_to_play=next_to_play,
            ball_in_hand=ball_in_hand,
            options=options,
            next_phase=next_phase,
            next_ball_on=next_on,
            fouls_in_a_row=counts,
            warning_given=self.warning_given,
            frame_over=frame_over,
            winner=winner,
            reason=reason,
            notes=tuple(notes),
            details=details,
        )

    def _is_snookered_after(self, state: BallState, balls_on: frozenset[int]) -> bool:
        """Whether the cue ball is snookered on ``balls_on`` in ``state`` (§9.1): where it lies,
        or, in hand, from every position of the D (``IN_HAND_SNOOKER_SPACING`` grid)."""
        if not balls_on:
            return False
        pos = np.asarray(state.pos, dtype=float)
        on = np.asarray(state.on_table, dtype=bool)
        if on[0]:
            return is_snookered(pos[0], balls_on, pos, on, float(self.table.ball_radius))
        return is_snookered_in_hand(self.table, balls_on, pos, on, IN_HAND_SNOOKER_SPACING)

    def _miss_verdict(
        self,
        initial: BallState,
        targets: list[int],
        facts: ShotFacts,
        new_score: tuple[int, int],
        next_phase: Phase,
        on_after: frozenset[int],
    ) -> tuple[bool, bool, str]:
        """(miss, full ball, note or "") for a foul of not hitting a ball on first, the balls at
        ``initial`` (paragraph after §3.10, WPBSA 3.14; choice 5 of docs/rules-coverage.md).

        No miss when either side needed snookers before or after the stroke, or when no part
        of any of ``targets`` could be hit in a straight line; "full ball" when one could be hit
        at both extreme edges (not snookered)."""
        before_need = self._needs_snookers(self.score, self.phase, facts.on_table_before)
        after_need = self._needs_snookers(new_score, next_phase, on_after)
        if before_need or after_need:
            return False, False, "No miss: a player needed snookers (WPBSA 3.14)."
        pos = np.asarray(initial.pos, dtype=float)
        on = np.asarray(initial.on_table, dtype=bool)
        R = float(self.table.ball_radius)
        if not can_hit_any_ball_on(pos[0], targets, pos, on, R):
            return False, False, ""  # wholly snookered: the attempt is deemed made (Note)
        full = not is_snookered(pos[0], targets, pos, on, R)
        note = "Foul and a miss: the ball on could be hit in a straight line" + (
            " (a full ball)." if full else "."
        )
        return True, full, note

    def _needs_snookers(self, score: tuple[int, ...], phase: Phase, on: frozenset[int]) -> bool:
        remaining = points_remaining(phase, on)
        return abs(score[0] - score[1]) > remaining

    def _next_of_side(self, after: int, side: int) -> int:
        """The first player of ``side`` after ``after`` in the order of play (or ``after``)."""
        n = len(self.players)
        for k in range(1, n + 1):
            p = (after + k) % n
            if self.side_of(p) == side:
                return p
        return after

    def _side_name(self, side: int | None) -> str:
        if side is None:
            return "nobody"
        if len(self.players) == 2:
            return self.players[side]
        return " & ".join(self.players[i] for i in range(len(self.players)) if i % 2 == side)

    # ------------------------------------------------------------------ applying
    def _after_shot(self, ruling: Ruling) -> Game:
        """Moves the balls, scores and turn (base), then the break, the free ball, the miss."""
        game = super()._after_shot(ruling)
        assert isinstance(game, SnookerGame)
        shooter = ruling.shooter
        highest = list(self.highest_break)
        finished = int(ruling.detail("finished_break", 0))  # type: ignore[call-overload]
        current = int(ruling.detail("break_points", 0))  # type: ignore[call-overload]
        highest[shooter] = max(highest[shooter], finished, current)
        fouled = ruling.is_foul
        miss = bool(ruling.detail("miss", False))
        replay = self._no_replay()
        if miss:
            replay = {
                "replay_positions": tuple(
                    (float(x), float(y)) for x, y in np.asarray(self.state.pos)
                ),
                "replay_on_table": tuple(bool(v) for v in np.asarray(self.state.on_table)),
                "replay_phase": self.phase,
                "replay_ball_in_hand": self.ball_in_hand,
                "replay_ball_on": self.ball_on,
                "replay_free_ball": self.free_ball,
            }
        if bool(ruling.detail("respotted_black", False)) and bool(game.state.on_table[0]):
            game = replace(game, state=game.state.with_ball_removed(0))
        return replace(
            game,
            break_points=current,
            highest_break=tuple(highest),
            free_ball=bool(ruling.detail("free_ball", False)),
            offender=shooter if fouled else None,
            full_ball_misses=int(ruling.detail("full_ball_misses", 0)),  # type: ignore[call-overload]
            **replay,
        )

    def _resolve_choice(self, choice: Choice) -> Game:
        """``ACCEPT_TABLE``: the chooser plays (with the free ball if one was awarded);
        ``HAND_BACK``: the offender plays again from where the balls lie (§10.3; no free ball,
        since §9.2 gives it to the non-offender), or, after a tie, the other side plays the
        re-spotted black; ``REPLACE_AND_REPLAY``: the balls go back where they were before the
        miss and the offender plays again, the penalty kept (paragraph after §3.10)."""
        if choice is Choice.ACCEPT_TABLE:
            return replace(self, pending_choice=(), full_ball_misses=0, **self._no_replay())
        if choice is Choice.HAND_BACK:
            if self.phase is Phase.RESPOTTED_BLACK:
                other = self._next_of_side(self.to_play, 1 - self.side_of(self.to_play))
                return replace(self, pending_choice=(), to_play=other)
            assert self.offender is not None
            return replace(
                self,
                pending_choice=(),
                to_play=self.offender,
                free_ball=False,
                full_ball_misses=0,
                **self._no_replay(),
            )
        if choice is Choice.REPLACE_AND_REPLAY:
            if self.replay_phase is None or self.offender is None:
                raise RulesError("no position to replace: no miss was called")
            from sim.balls import BallState

            state = BallState.at_rest(np.array(self.replay_positions, dtype=float))
            for i, on in enumerate(self.replay_on_table):
                if not on:
                    state = state.with_ball_removed(i)
            return replace(
                self,
                state=state,
                to_play=self.offender,
                phase=self.replay_phase,
                ball_in_hand=self.replay_ball_in_hand or BallInHand.NONE,
                ball_on=self.replay_ball_on,
                free_ball=self.replay_free_ball,
                break_points=0,
                pending_choice=(),
                offender=None,
                last_reason="Balls replaced: " + self.last_reason,
                **self._no_replay(),
            )
        return super()._resolve_choice(choice)

    @staticmethod
    def _no_replay() -> dict[str, Any]:
        """Field values meaning "no position to replace"."""
        return {
            "replay_positions": (),
            "replay_on_table": (),
            "replay_phase": None,
            "replay_ball_in_hand": None,
            "replay_ball_on": frozenset(),
            "replay_free_ball": False,
        }

    # ------------------------------------------------------------------ frame-level moves
    def concede(self, player: int) -> SnookerGame:
        """``player`` concedes the frame: it ends, won by the other side."""
        if self.is_over:
            raise GameOverError("the frame is already over")
        if not 0 <= player < len(self.players):
            raise InvalidOptionError(f"no player {player}; players are 0..{len(self.players) - 1}")
        side = self.side_of(player)
        return replace(
            self,
            is_over=True,
            winner=1 - side,
            phase=Phase.OVER,
            pending_choice=(),
            last_reason=f"{self.players[player]} concedes the frame.",
        )

    def declare_stalemate(self) -> SnookerGame:
        """The players agree the position is a stalemate (§13): the frame is void and
        re-started, same players in the same order of play, the same player breaking."""
        if self.is_over:
            raise GameOverError("the frame is already over")
        fresh = type(self).new(
            players=self.players, seed=self.seed, table=self.table, rack_number=self.rack_number + 1
        )
        return replace(
            fresh,
            to_play=self.breaker,
            breaker=self.breaker,
            last_reason="Stalemate: the frame is re-started (§13).",
        )
