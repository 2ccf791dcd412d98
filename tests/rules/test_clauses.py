"""Each rule clause is written once, as its source quotes it, with its English
(``rules.clauses.Clause``): every clause a game cites carries English words with no French;
a quote is never given two wordings; translating a sentence does not depend on the order the
clauses were made in; a clause travels (pickled, as JSON) as its quote."""

from __future__ import annotations

import json
import pickle

import pytest

import rules
from rules.clauses import KNOWN_CLAUSES, Clause, clause_words, english_text, has_french
from rules.snooker_clauses import CLAUSES, DECLARABLE
from tests.rules.pool_helpers import CUE, A, nine, position, shot


def cited_clauses() -> list[str]:
    """Every clause the games cite by code: the declarable fouls of each game, snooker's fouls
    read off the log."""
    clauses = [
        clause for cls in rules.games() for clause in cls.new(seed=1).declarable_fouls().values()
    ]
    clauses += list(CLAUSES.values()) + [clause for clause, _ in DECLARABLE.values()]
    return clauses


def test_every_clause_cited_is_a_clause_with_english_words() -> None:
    clauses = cited_clauses()
    assert len(clauses) > 30
    for clause in clauses:
        assert isinstance(clause, Clause), clause
        assert clause.english and not has_french(clause.english), clause
        assert clause_words(clause) == clause.english
        assert clause_words(str(clause)) == clause.english, "found by its quote as plain text"


def test_every_clause_made_is_known_once_with_its_words() -> None:
    assert len(KNOWN_CLAUSES) >= 60
    for quote, english in KNOWN_CLAUSES.items():
        assert has_french(quote) or quote.startswith("§"), quote
        assert not has_french(english), english
    quote = next(iter(KNOWN_CLAUSES))
    assert Clause(quote, KNOWN_CLAUSES[quote]) == quote  # the same wording again is the same
    with pytest.raises(ValueError, match="already worded"):
        Clause(quote, "another wording")


def test_a_quote_that_holds_another_is_put_in_english_whole() -> None:
    held = [(a, b) for a in KNOWN_CLAUSES for b in KNOWN_CLAUSES if a != b and a in b]
    assert held, "snooker's §4 / §11.1 placement quote holds §11.1's"
    for inner, outer in held:
        assert english_text(f"({outer})") == f"({KNOWN_CLAUSES[outer]})"
        assert english_text(f"({inner})") == f"({KNOWN_CLAUSES[inner]})"


def test_a_reason_citing_a_clause_reads_in_english() -> None:
    g = position(nine(), {0: CUE, 1: A})
    ruling = g.judge(shot(g).rest(0, (0.3, 0.9)).result(), rules.Declaration())
    assert ruling.fouls, "a shot that hits nothing is a foul citing its clause"
    for foul in ruling.fouls:
        assert foul.clause in KNOWN_CLAUSES
        assert foul.rule_words == KNOWN_CLAUSES[foul.clause]
    sentence = f"Foul ({ruling.fouls[0].clause})."
    assert english_text(sentence) == f"Foul ({ruling.fouls[0].rule_words})."


def test_a_clause_travels_as_its_quote() -> None:
    clause = next(c for c in cited_clauses() if "«" in c)
    again = pickle.loads(pickle.dumps(clause))
    assert isinstance(again, Clause) and again == clause and again.english == clause.english
    assert json.loads(json.dumps({"clause": clause})) == {"clause": str(clause)}
    assert repr(clause) == repr(str(clause)), "a ruling's repr shows the quote, as before"
