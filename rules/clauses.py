"""The rule clauses the referee cites: each written once, in the words of its source, with its
English.

A ``Foul.clause`` quotes the rule it comes from as the source text words it: the French 9-ball
and 8-ball texts by their first words (« Mauvaise bille touchée en premier »), the French
snooker text by its section and words with the WPBSA number (``§11.2 en éjectant une bille de
la table``). A rule tester reads that quote (``--json``, docs/rules-coverage.md); a player reads
:func:`clause_words`, the same rule in English, its section kept.

Each clause is a :class:`Clause`, made once where the game that cites it is written
(``rules.pool``, ``rules.nine_ball``, ``rules.eight_ball``, ``rules.snooker_clauses``): the
quote and its English side by side. A ``Clause`` is the quote itself (a ``str``), so rulings,
their ``repr`` and JSON carry the quote as before; making one records its English, and
:func:`english_text` puts every quote a sentence holds (a reason citing its rule) in English.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType

#: Every clause made so far: the quote -> its English (insertion order: the order the game
#: modules are imported in).
_ENGLISH: dict[str, str] = {}

#: The clauses made so far, read-only: the quote -> the rule in English words.
KNOWN_CLAUSES: Mapping[str, str] = MappingProxyType(_ENGLISH)


class Clause(str):
    """A rule clause: the quote of its source text (the ``str`` itself) and ``english``, the
    rule in English words. Equal to, and hashed as, its quote.

    Making a clause records its English (:data:`KNOWN_CLAUSES`); one quote given two different
    English wordings is a programming error (``ValueError`` on import)."""

    english: str

    def __new__(cls, quote: str, english: str) -> Clause:
        known = _ENGLISH.get(quote)
        if known is not None and known != english:
            raise ValueError(f"the clause {quote!r} is already worded {known!r}")
        clause = super().__new__(cls, quote)
        clause.english = english
        _ENGLISH[quote] = english
        return clause

    def __getnewargs__(self) -> tuple[str, str]:  # type: ignore[override]
        # pickled (a study's worker hands rulings back) with its English
        return (str(self), self.english)


#: A quotation in guillemets, nested once, as the French clauses are written.
_QUOTE = re.compile(r"«[^«»]*(?:«[^«»]*»[^«»]*)*»")
#: A heading in front of a quotation ("Casse de départ : ").
_HEADING = re.compile(r"[A-ZÀ-Ý][^():;«»]{0,40} : (?=«)")


def clause_words(clause: str) -> str:
    """The rule clause ``clause`` in English: its own English when it is a :class:`Clause` or
    the quote of one, the clause itself when it has no French (snooker's WPBSA sections), else
    the clause without its French words."""
    english = getattr(clause, "english", None) or _ENGLISH.get(clause)
    if english is not None:
        return english
    if not has_french(clause):
        return clause
    if "«" in clause:
        return english_text(clause) or "the rules"
    sections = re.findall(r"§[\d.]+|WPBSA [\d., ]*\d", clause)  # the French text's words dropped
    return "snooker " + " / ".join(sections) if sections else "the rules"


#: (number of clauses known, their quotes longest first) for :func:`english_text`.
_LONGEST_FIRST: tuple[int, tuple[str, ...]] = (0, ())


def _quotes_longest_first() -> tuple[str, ...]:
    """The known quotes, longest first (a quote may hold another: "§4 / §11.1 ..." holds
    "§11.1 ..."), sorted again only when clauses were made since."""
    global _LONGEST_FIRST
    if _LONGEST_FIRST[0] != len(_ENGLISH):
        _LONGEST_FIRST = (len(_ENGLISH), tuple(sorted(_ENGLISH, key=len, reverse=True)))
    return _LONGEST_FIRST[1]


def english_text(text: str) -> str:
    """``text`` with every clause quoted in it put in English (:data:`KNOWN_CLAUSES`, the
    longest quote first, so one that holds another is put in English whole), and any other
    French quotation dropped, so that a player's sentence holds no French."""
    for quote in _quotes_longest_first():
        if quote in text:
            text = text.replace(quote, _ENGLISH[quote])
    if "«" in text:
        text = _QUOTE.sub("", _HEADING.sub("", text))
        text = re.sub(r"\(\s*\)", "", text)
        text = re.sub(r" {2,}", " ", text).replace(" .", ".").replace(" ,", ",").strip()
    return text


#: Letters and words that only French sentences of the rule texts contain (for tests and the
#: coverage of player-facing text).
FRENCH_MARKERS = re.compile(
    r"[«»éèêàùçôî]|\b(?:bille|billes|poche|faute|casse|joueur|bande|partie|en|une|des|les|du|qui|"
    r"pas|sur|avec|dans)\b",
    re.IGNORECASE,
)


def has_french(text: str) -> bool:
    """Whether ``text`` holds a French letter or a word of the French rule texts."""
    return FRENCH_MARKERS.search(text) is not None
