"""What a snooker player may declare before a stroke, and its checks: a colour nominated after
a potted red (§6: inferred from the first ball hit when none is given), a free ball when one
was awarded (§9), the ball concerned by a declared foul of §11.2.
"""

from __future__ import annotations

from typing import Protocol

from rules.arguments import shown
from rules.errors import InvalidDeclarationError
from rules.snooker_clauses import DECLARABLE
from rules.snooker_geometry import BALL_NAMES, COLOUR_INDICES
from rules.types import Declaration, DeclarationOptions, Phase


class DeclaringFrame(Protocol):
    """What the declaration checks read of a frame (``rules.snooker.SnookerGame`` is one): the
    phase, the balls on and on the table, whether a free ball was awarded, the fouls a player
    may declare (code -> clause)."""

    @property
    def phase(self) -> Phase: ...
    @property
    def ball_on(self) -> frozenset[int]: ...
    @property
    def free_ball(self) -> bool: ...
    def balls_on_table(self) -> frozenset[int]: ...
    def declarable_fouls(self) -> dict[str, str]: ...


def snooker_declaration_options(game: DeclaringFrame) -> DeclarationOptions:
    """A colour must be nominated after a potted red (it is inferred from the first ball
    hit when not given); a free ball may be nominated when one was awarded."""
    on = game.balls_on_table()
    colours = frozenset(c for c in COLOUR_INDICES if c in on)
    if game.phase is Phase.COLOUR_AFTER_RED:
        callable_balls = colours
    elif game.free_ball:
        callable_balls = frozenset(b for b in on if b != 0 and b not in game.ball_on)
    else:
        callable_balls = frozenset(game.ball_on)
    return DeclarationOptions(
        callable_balls=callable_balls,
        nomination_required=game.phase is Phase.COLOUR_AFTER_RED,
        free_ball_allowed=game.free_ball,
        declarable_fouls=tuple(game.declarable_fouls().items()),
    )


def check_snooker_declaration(game: DeclaringFrame, declaration: Declaration) -> None:
    """Nominations: a ball on the table, allowed now (§6, §9); a free ball only when
    awarded, and never a ball already on."""
    if declaration.push_out or declaration.safety or declaration.called_ball is not None:
        raise InvalidDeclarationError(
            "push-outs, safeties and called balls are pool declarations; snooker takes "
            "a nominated ball, a free ball and declared fouls"
        )
    nominated = declaration.nominated
    on = game.balls_on_table()
    check_ball_concerned(declaration, on)
    if nominated is None:
        if declaration.free_ball:
            raise InvalidDeclarationError("a free ball must be nominated: give nominated")
        return
    if nominated not in on or nominated == 0:
        names = ", ".join(BALL_NAMES[b] for b in sorted(on) if b != 0)
        raise InvalidDeclarationError(
            f"cannot nominate ball {shown(nominated)}: it is not an object ball on the table; "
            f"on the table: {names}"
        )
    name = BALL_NAMES[nominated]
    if declaration.free_ball:
        if not game.free_ball:
            raise InvalidDeclarationError(
                "no free ball was awarded: a free ball follows a foul that leaves the "
                "cue ball snookered (§9.1)"
            )
        if nominated in game.ball_on:
            raise InvalidDeclarationError(
                f"the {name} is already on; a free ball is another ball nominated as on (§9.2)"
            )
        return
    if game.phase is Phase.COLOUR_AFTER_RED:
        if nominated not in COLOUR_INDICES:
            raise InvalidDeclarationError(
                f"after a potted red a colour is on: cannot nominate the {name}"
            )
        return
    if nominated not in game.ball_on:
        allowed = ", ".join(BALL_NAMES[b] for b in sorted(game.ball_on))
        raise InvalidDeclarationError(
            f"the {name} is not on (on: {allowed}); nominate another ball only as a free ball"
        )


def check_ball_concerned(declaration: Declaration, on: frozenset[int]) -> None:
    """A ball concerned (§11.2) is an object ball on the table, named with a declared foul
    of §11.2 (push stroke, ball touched, ball misplaced)."""
    ball = declaration.ball_concerned
    if ball is None:
        return
    concerning = sorted(code for code, (_, rule) in DECLARABLE.items() if rule == "concerned")
    if not set(declaration.declared_fouls) & set(concerning):
        raise InvalidDeclarationError(
            f"a ball concerned goes with a declared foul of §11.2 ({', '.join(concerning)}); "
            "none was declared"
        )
    if isinstance(ball, bool) or not isinstance(ball, int) or ball == 0 or ball not in on:
        names = ", ".join(BALL_NAMES[b] for b in sorted(on) if b != 0)
        raise InvalidDeclarationError(
            f"ball concerned {shown(ball)} is not an object ball on the table; "
            f"on the table: {names}"
        )
