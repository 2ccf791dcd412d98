"""Player-facing words: balls, points, evidence and whole rulings as a player reads them.

Pockets need no translation: ``sim.table`` names them as they are drawn in the window and the
lab's pictures (head end on the left, the x = 0 rail at the top: ``top-left``, ...,
``bottom-right``), and rulings, calls, ``cuesim shot`` and ``--json`` all use those names.

Clauses: a ``Foul.clause`` quotes the rule text; a player reads it in English
(``rules.clauses``: :func:`clause_words`, :func:`english_text`, :func:`has_french`, named here
too).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from rules.clauses import clause_words as clause_words
from rules.clauses import english_text as english_text
from rules.clauses import has_french as has_french
from rules.sides import side_name as side_name
from rules.sides import wins_words as wins_words

if TYPE_CHECKING:
    from rules.types import Foul, Ruling

# ------------------------------------------------------------------ a ruling in a player's words

#: The prefix ``ShotFacts.describe_event`` gives a logged fact ("event 3 at t = 0.412 s: ").
_EVENT_PREFIX = re.compile(r"event (\d+) at t = (\d+(?:\.\d+)?) s: ")


def ball_words(name: str) -> str:
    """A ball's name for a player: ``"red_7"`` -> ``"red"`` (the reds are alike), ``"cue"`` ->
    ``"cue ball"``, other names unchanged."""
    if name == "cue":
        return "cue ball"
    base, _, number = name.partition("_")
    return base if number.isdigit() else name.replace("_", " ")


def points_words(n: int) -> str:
    """``1`` -> ``"1 point"``, ``4`` -> ``"4 points"``."""
    return count_words(n, "point")


def count_words(n: int, noun: str) -> str:
    """``n`` of ``noun``, the plural an "s" added: "1 object ball", "2 object balls"."""
    return f"{n} {noun}" if abs(n) == 1 else f"{n} {noun}s"


def numbered_balls(balls: Iterable[int]) -> str:
    """Pool balls by number in words: "the 3", "the 3 and the 7", "none"."""
    return _joined(f"the {b}" for b in sorted(balls)) or "none"


def player_evidence(text: str) -> str:
    """A foul's evidence (``Foul.evidence``, written for a rule tester) in a player's words: the
    time into the shot instead of the log's row, cushions unnumbered, and no French. The event's
    row stays in ``Foul.event`` and ``--json``."""
    text = _EVENT_PREFIX.sub(lambda m: f"{float(m.group(2)):.2f} s into the shot, ", text)
    text = re.sub(r"met cushion \d+", "met a cushion", text)
    text = re.sub(r"\b(?:the )?red_\d+\b", "a red", text)
    text = text.replace("the cue ball ended a flight over", "the cue ball flew over")
    text = text.replace(
        "no ball-ball contact of the cue ball in the log", "the cue ball hit no ball"
    )
    text = _NO_CUSHION_LOG.sub(
        "no ball touched a cushion after the first contact and no ball was pocketed", text
    )
    text = _LOG_TIME.sub("", _LOG_EVENT.sub("", text))
    return english_text(text)


#: The no-cushion foul's evidence as ``rules.pool`` logs it ("no cushion contact after event 10
#: (t = 3.365 s) and no object ball pocketed").
_NO_CUSHION_LOG = re.compile(
    r"no cushion contact after event \d+ \(t = \d+(?:\.\d+)? s\) and no object ball pocketed"
)
#: Any other log row or log time left in an evidence ("after event 4", " (t = 0.412 s)").
_LOG_EVENT = re.compile(r"\s*\b(?:after |at |in )?event \d+\b")
_LOG_TIME = re.compile(r"\s*(?:\(t = \d+(?:\.\d+)? s\)|\bat t = \d+(?:\.\d+)? s\b)")


def player_sentence(text: str) -> str:
    """Any referee sentence (a reason, a note) made fit for a player: no French clause, no
    engine ball names (:func:`player_evidence`); a ball off "the playing surface" left the
    table."""
    text = player_evidence(text).replace("left the playing surface", "left the table")
    text = _REPEATED_HEAD.sub(r"\g<head>", text)
    return _NUMBERED_LIST.sub(lambda m: m.group(1) + " and " + m.group(2), text)


#: A sentence's head followed by a rule's words in brackets that only say it again ("Illegal
#: break (an illegal break: the opponent chooses): ..."): the bracket is dropped.
_REPEATED_HEAD = re.compile(
    r"^(?P<head>[A-Z][\w' -]*?) \((?:an? |the )?(?P=head)\b[^()]*\)", re.IGNORECASE
)


#: Two or more numbered balls listed with commas only ("the 10, the 12"): the last comma is
#: said "and" ("the 10 and the 12").
_NUMBERED_LIST = re.compile(r"\b(the \d+(?:, the \d+)*), (the \d+)\b(?!,| and )")


#: A logged fact in a player's words: its time, then what happened.
_TIMED_FACT = re.compile(r"^(\d+\.\d\d s into the shot), (.+)$")


def _foul_line(foul: Foul) -> str:
    """One foul as a player reads it: the call, its evidence in brackets when it adds to the
    call (only its time when the call already says what happened, as for a ball off the table,
    a jump shot or the first ball hit; nothing when the evidence is the call again, as for no
    ball hit or no cushion), the rule in English."""
    line = player_sentence(foul.message)
    if foul.evidence:
        evidence = _evidence_beyond(line, player_evidence(foul.evidence))
        if evidence:
            line += f" ({evidence})"
    rule = re.sub(r"^foul: ", "", clause_words(foul.clause))  # the call already says "foul"
    section, _, words = rule.partition(": ")
    if words and words.lower() in line.lower():  # the rule's words are the call's: its section
        rule = section
    return f"{line}. Rule: {rule}.".replace("..", ".")


#: A first contact as ``ShotFacts.describe_event`` words it, in a player's words.
_MET = re.compile(r"^the cue ball met (.+)$")


def _evidence_beyond(line: str, evidence: str) -> str:
    """What ``evidence`` (player's words) adds to the call ``line``: "" when it says the same,
    its time alone when only the time is new, else all of it."""
    timed = _TIMED_FACT.match(evidence)
    fact = timed.group(2) if timed else evidence
    met = _MET.match(fact)
    said = fact.lower() in line.lower() or (
        met is not None and f"first contact was {met.group(1)}" in line
    )
    if not said:
        return evidence
    return timed.group(1) if timed else ""


def player_summary(
    ruling: Ruling,
    players: tuple[str, ...],
    names: tuple[str, ...],
    frame_word: str = "game",
    spots: Mapping[str, tuple[float, float]] | None = None,
) -> tuple[str, ...]:
    """A ``rules.Ruling`` as the lines a player reads (the window's call, ``cuesim shot``): the
    decision; each foul with its evidence and the rule in English; balls pocketed by name; each
    ball spotted and on which spot (``spots``: the table's spots by name, metres, as
    ``sim.table.Table.spots``; without them only which balls are spotted); the points of this
    shot as points, unless the decision already gave them; notes; who plays next, or who wins
    this ``frame_word`` (the game's word: "rack", "frame"; ``Game.frame_word``). Each fact is
    said once. ``Ruling.summary`` stays the rule tester's version (French clauses,
    coordinates)."""

    def who(i: int | None) -> str:
        if i is None:
            return "nobody"
        return players[i] if 0 <= i < len(players) else f"player {i + 1}"

    def side(i: int | None) -> str:  # points and the winner are per side (a team of two, §14)
        return side_name(players, i, len(ruling.points))

    def label(i: int) -> str:
        return ball_words(names[i]) if 0 <= i < len(names) else str(i)

    lines = [player_sentence(ruling.reason) if ruling.reason else ""]
    lines[0] = lines[0] or ("Foul." if ruling.fouls else "Legal shot.")
    lines.extend(_foul_line(foul) for foul in ruling.fouls)
    notes = [player_sentence(n) for n in ruling.notes]
    if ruling.pocketed:
        lines.append("Pocketed: " + _ball_list([label(b) for b in ruling.pocketed]) + ".")
    if ruling.off_table:
        lines.append("Off the table: " + _ball_list([label(b) for b in ruling.off_table]) + ".")
    spotted = [(label(b), xy) for b, xy in ruling.to_spot]
    spotted = [(b, xy) for b, xy in spotted if not _said_spotted(_with_article(b), notes)]
    if spotted and spots is None:
        lines.append("Spotted: " + _ball_list([b for b, _xy in spotted]) + ".")
    elif spotted and spots is not None:
        balls = frozenset(label(i) for i in range(len(names)))
        lines.extend(_spot_sentence(b, xy, spots, balls) for b, xy in spotted)
    scored = [(i, p) for i, p in enumerate(ruling.points) if p]
    scored = [(i, p) for i, p in scored if f"{points_words(p)} to {side(i)}" not in lines[0]]
    if scored:
        lines.append(
            "This shot: "
            + _joined(f"{wins_words(side(i), 'scores')} {points_words(p)}" for i, p in scored)
            + "."
        )
    lines.extend(notes)
    if ruling.frame_over:
        lines.append(
            f"{wins_words(side(ruling.winner))} this {frame_word}."
            if ruling.winner is not None
            else f"This {frame_word} has no winner."
        )
    else:
        hand = _HAND_WORDS.get(str(getattr(ruling.ball_in_hand, "value", "")), "")
        nxt = who(ruling.next_to_play)
        # said already by the decision ("Foul by Bob: Ann has ball in hand anywhere.")
        said = bool(hand.strip()) and f"{nxt} has {hand.strip().removeprefix('with ')}" in lines[0]
        if getattr(ruling, "options", ()):  # the next player chooses first, between the options
            lines.append(f"Next: {nxt} to choose.")
        elif not said:
            lines.append(f"Next: {nxt} to play{hand}.")
    unique: list[str] = []
    for line in lines:  # one fact once, however many clauses led to it
        if line and line not in unique:
            unique.append(line)
    return tuple(unique)


def _with_article(label: str) -> str:
    """A ball's label (:func:`ball_words`) in a sentence: "the 3", "the cue ball", "the pink",
    "a red" (the reds are alike)."""
    return "a red" if label == "red" else f"the {label}"


def _ball_list(labels: list[str]) -> str:
    """Balls listed for a player: one ball as its label ("cue ball", "pink", "the 9"); two or
    more each with its article, the reds counted ("the 3, the cue ball and the 7";
    "2 reds and the pink")."""
    if len(labels) == 1:
        return f"the {labels[0]}" if labels[0][:1].isdigit() else labels[0]
    reds = labels.count("red")
    items = [_with_article(b) for b in labels if b != "red" or reds == 1]
    if reds > 1:
        items.insert(labels.index("red"), f"{reds} reds")
    return _joined(items)


def _said_spotted(ball: str, notes: list[str]) -> bool:
    """Whether a note already says ``ball`` (with its article) is spotted ("The 9 is spotted
    (...)", "The 8 left the table on the break: it is spotted.")."""
    lead = ball[:1].upper() + ball[1:] + " "
    return any(n.startswith(lead) and "spotted" in n for n in notes)


#: How close (m) a spotted ball's centre must be to a spot to be on it.
_ON_SPOT = 1e-6


def _spot_sentence(
    label: str,
    xy: tuple[float, float],
    spots: Mapping[str, tuple[float, float]],
    balls: frozenset[str],
) -> str:
    """Where a spotted ball (``label``, centre ``xy`` in metres) went, for a player: its own
    spot, another ball's spot (snooker, French text §6.2, WPBSA 3.4: the highest-value free
    spot when its own is covered), a place's spot ("foot"), or as near a spot as the balls
    allow (§6.3, §6.4; a covered foot spot). ``balls``: the labels of the game's balls, to
    tell a ball's spot from a place's."""
    ball = _with_article(label)
    subject = ball[:1].upper() + ball[1:]
    if not spots:
        return f"{subject} is spotted."
    x, y = float(xy[0]), float(xy[1])
    nearest = min(spots, key=lambda s: math.hypot(spots[s][0] - x, spots[s][1] - y))
    on_it = math.hypot(spots[nearest][0] - x, spots[nearest][1] - y) <= _ON_SPOT
    if nearest == label and on_it:
        return f"{subject} is back on its spot."
    own = "its own is covered" if label in spots else "the spot is covered"
    if on_it and nearest in balls:
        return f"{subject} is spotted on the {nearest}'s spot ({own})."
    if on_it:
        return f"{subject} is spotted on the {nearest} spot."
    if label in spots:
        return f"{subject} is spotted as near its own spot as the balls allow (all are covered)."
    return f"{subject} is spotted next to the {nearest} spot ({own})."


#: ``BallInHand`` values in a player's words, after "to play".
_HAND_WORDS = {
    "none": " from where the cue ball lies",
    "anywhere": " with ball in hand anywhere",
    "behind_head_string": " with ball in hand behind the head string",
    "in_d": " with ball in hand in the D",
}


def _joined(items: Iterable[str]) -> str:
    """Items in words: "a", "a and b", "a, b and c"."""
    seq = list(items)
    if len(seq) <= 1:
        return "".join(seq)
    return ", ".join(seq[:-1]) + " and " + seq[-1]
