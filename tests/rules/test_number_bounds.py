"""Every number the referee takes, from the API or a save file, is refused in one line past a
bound, or its cost does not depend on it.

* A rack number (``rack_number``: the option of every game, a saved field) is at most
  ``MAX_RACK_NUMBER``; the 9-ball rack of number k costs two draws whatever k.
* A game's counts (shots, points and racks won, breaks, an aggregate match's points) are at most
  ``MAX_COUNT``; a save file past it is refused when it loads, not when a ruling writes it.
* A number too long to write (Python writes at most 4300 digits) still gets its one line.

What costs the same whatever the number: the seed (bounded below 2**63 already), a player or
ball index (compared, never counted up to), positions (finite floats checked), the pocket
lengths (bounded already), the foul counts (bounded by the game's rule).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import rules
import rules.racks
from rules.position import MAX_COUNT
from rules.racks import MAX_RACK_NUMBER, nine_ball_order

#: More draws than any one rack needs (it needs two).
DRAWS_ALLOWED = 10


@pytest.fixture
def counted_draws(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every rack generator made (``racks.rack_rng``) counted; the eleventh refused, so a rack
    whose cost grows with its number fails at once instead of running for hours."""
    made: list[int] = []
    real = rules.racks.rack_rng

    def rack_rng(seed: int, rack_number: int) -> Any:
        made.append(rack_number)
        if len(made) > DRAWS_ALLOWED:
            raise RuntimeError(f"rack {rack_number}: more than {DRAWS_ALLOWED} draws")
        return real(seed, rack_number)

    monkeypatch.setattr(rules.racks, "rack_rng", rack_rng)
    return made


def test_a_nine_ball_rack_costs_two_draws_whatever_its_number(counted_draws: list[int]) -> None:
    top = nine_ball_order(7, MAX_RACK_NUMBER)
    assert counted_draws == [MAX_RACK_NUMBER, 0], "rack k's draw and rack 0's, nothing between"
    assert top != nine_ball_order(7, MAX_RACK_NUMBER - 1)
    assert sorted(top) == list(range(2, 9))


@pytest.mark.parametrize("kind", list(rules.GameKind))
@pytest.mark.parametrize(
    "rack_number", [10**9, MAX_RACK_NUMBER + 1, pytest.param(10**5000, id="5001-digits")]
)
def test_new_game_refuses_a_rack_number_past_the_bound(
    kind: rules.GameKind, rack_number: int, counted_draws: list[int]
) -> None:
    with pytest.raises(rules.InvalidOptionError) as refused:
        rules.new_game(kind, seed=1, rack_number=rack_number)
    words = str(refused.value)
    assert words.startswith(f"rack_number must be a whole number 0..{MAX_RACK_NUMBER}; got ")
    assert "\n" not in words and len(words) < 200
    assert counted_draws == [], "refused before any rack is drawn"
    assert rules.new_game(kind, seed=1, rack_number=MAX_RACK_NUMBER).rack_number == MAX_RACK_NUMBER


def test_the_last_rack_of_a_match_has_no_next_one(counted_draws: list[int]) -> None:
    last = rules.new_game("nine-ball", seed=1, rack_number=MAX_RACK_NUMBER)
    done = rules.loads(rules.dumps(last).replace('"is_over": false', '"is_over": true'))
    with pytest.raises(rules.InvalidGameStateError, match=r"rack_number = 1000001 is refused"):
        done.next_rack()


def _saved(game: rules.Game) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(rules.dumps(game))
    return data


@pytest.mark.parametrize(
    ("kind", "field", "value", "words"),
    [
        (
            "nine-ball",
            "rack_number",
            1_000_000_000,
            rf"rack_number = 1000000000 .*0\.\.{MAX_RACK_NUMBER}",
        ),
        ("eight-ball", "rack_number", MAX_RACK_NUMBER + 1, "rack_number = 1000001 is refused"),
        ("snooker", "rack_number", 10**12, "rack_number = 1000000000000 is refused"),
        ("nine-ball", "shot_number", 10**9, rf"shot_number = 1000000000 .*0\.\.{MAX_COUNT}"),
        ("nine-ball", "score", [10**9, 0], r"score = \(1000000000, 0\) is refused"),
        pytest.param(
            "snooker",
            "score",
            [int("9" * 4300), 0],
            r"score = \(9{100,}\.\.\. is refused",
            id="snooker-score-4300-digits",
        ),
        ("snooker", "break_points", 10**7, "break_points = 10000000 is refused"),
        ("snooker", "highest_break", [0, 10**7], r"highest_break = \(0, 10000000\) is refused"),
        ("snooker", "aggregate_before", [10**7, 0], "aggregate_before = .* is refused"),
    ],
)
def test_a_save_file_past_a_count_bound_is_refused_when_it_loads(
    kind: str, field: str, value: Any, words: str, counted_draws: list[int]
) -> None:
    data = _saved(rules.new_game(kind, seed=1))
    data["fields"][field] = value
    with pytest.raises(rules.SaveFileError, match=words) as refused:
        rules.loads(json.dumps(data))
    assert "\n" not in str(refused.value) and len(str(refused.value)) < 300


def test_a_snooker_score_within_the_bound_loads_and_is_judged() -> None:
    data = _saved(rules.new_game("snooker", seed=1))
    data["fields"]["score"] = [MAX_COUNT - 10, 3]
    game = rules.loads(json.dumps(data))
    assert game.score == (MAX_COUNT - 10, 3)


HUGE = 10**5000  # more digits than Python writes as text


@pytest.mark.parametrize(
    ("make", "error"),
    [
        (lambda: rules.new_game("nine-ball", seed=HUGE), rules.InvalidOptionError),
        (lambda: rules.new_game("nine-ball", breaker=HUGE), rules.InvalidOptionError),
        (lambda: rules.new_game("snooker", breaker=HUGE), rules.InvalidOptionError),
        (
            lambda: rules.new_game("snooker", aggregate_before=(HUGE, 0)),
            rules.InvalidOptionError,
        ),
        (
            lambda: rules.game_class("nine-ball").in_position({"cue": (0.6, 0.6)}, to_play=HUGE),
            rules.InvalidGameStateError,
        ),
        (
            lambda: rules.new_game("snooker", seed=1).validate_declaration(
                rules.Declaration(nominated=HUGE)
            ),
            rules.InvalidDeclarationError,
        ),
        (
            lambda: rules.new_game("eight-ball", seed=1).validate_declaration(
                rules.Declaration(called_ball=HUGE, called_pocket="top-left")
            ),
            rules.InvalidDeclarationError,
        ),
        (
            lambda: rules.new_game("nine-ball", seed=1).validate_declaration(
                rules.Declaration(off_table=frozenset({HUGE}))
            ),
            rules.InvalidDeclarationError,
        ),
    ],
)
def test_a_number_too_long_to_write_is_refused_in_one_line(make: Any, error: type) -> None:
    with pytest.raises(error) as refused:
        make()
    words = str(refused.value)
    assert "\n" not in words and len(words) < 300
    assert "number" in words
