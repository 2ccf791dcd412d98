"""Every foul a player may declare, in every game, is called in English: the foul's message
(the call in the window, the shot list, ``cuesim shot``) and the player's summary hold no
French (``rules.wording.has_french``); the French quote stays in ``Foul.clause``."""

from __future__ import annotations

import pytest

from rules.types import Declaration
from rules.wording import has_french, player_summary
from tests.rules.pool_helpers import CUE, A, B, F, eight, nine, position
from tests.rules.pool_helpers import shot as pool_shot
from tests.rules.snooker_helpers import game_with, hand_shot

CX = 0.889  # the snooker table's long string, m


def _snooker_case():
    game = game_with({"cue": (CX, 1.0), "red_1": (CX, 1.6), "black": (CX, 3.2)})
    return game, hand_shot(game, [("hit", 0.3, 0, "red_1")]), {}


def _pool_case(make):
    game = position(make(), {0: CUE, 1: A, 5: B, 9: F} if make is nine else {0: CUE, 1: A, 8: F})
    called = {} if make is nine else {"safety": True}  # 8-ball: a call or a safety
    return game, pool_shot(game).hit(0, 1).result(), called


@pytest.mark.parametrize(
    "make", [_snooker_case, lambda: _pool_case(nine), lambda: _pool_case(eight)]
)
def test_every_declared_foul_is_called_in_english(make) -> None:
    game, log, called = make()
    codes = list(game.declarable_fouls())
    assert codes
    for code in codes:
        ruling = game.judge(log, Declaration(declared_fouls=frozenset({code}), **called))
        foul = next(f for f in ruling.fouls if f.code == code)
        assert not has_french(foul.message), (code, foul.message)
        names = tuple(game.ball_names)
        lines = player_summary(ruling, tuple(game.players), names)
        assert not any(has_french(line) for line in lines), (code, lines)


def test_the_snooker_foot_off_floor_call_reads_as_its_english() -> None:
    game, log, _ = _snooker_case()
    ruling = game.judge(log, Declaration(declared_fouls=frozenset({"foot_off_floor"})))
    assert ruling.fouls[0].message == "Foul: no foot on the floor"
    assert has_french(str(ruling.fouls[0].clause))  # the quote itself is kept for the record
