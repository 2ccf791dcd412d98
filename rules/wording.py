"""Player-facing words: the rule clauses in plain English, balls, points and evidence as a
player reads them.

Pockets need no translation: ``sim.table`` names them as they are drawn in the window and the
lab's pictures (head end on the left, the x = 0 rail at the top: ``top-left``, ...,
``bottom-right``), and rulings, calls, ``cuesim shot`` and ``--json`` all use those names.

Clauses. A ``Foul.clause`` quotes the French rule text (the 9-ball and 8-ball texts) by its
first words (snooker: the French text's section and words, with the WPBSA number); a rule
tester reads it in ``--json`` and docs/rules-coverage.md. A player reads :func:`clause_words`:
the same rule, named in English, its section number kept.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

#: French clause quoted in ``Foul.clause`` and in rulings -> the rule in English words.
CLAUSE_ENGLISH: dict[str, str] = {
    # pool: fouls both games share
    "« Bille blanche empochée ou éjectée hors de la surface de jeu »": (
        "foul: the cue ball pocketed or off the table"
    ),
    "« Mauvaise bille touchée en premier »": "foul: wrong ball hit first",
    "« Pas de bande après contact lorsque aucune bille n'est empochée »": (
        "foul: no cushion after the contact when no ball is pocketed"
    ),
    "« Bille de but éjectée de la surface de jeu »": "foul: an object ball off the table",
    "« Aucun pied du joueur ne touche le sol au moment du tir »": (
        "foul: no foot on the floor when shooting"
    ),
    "« Bille touchée, déplacée autrement que par un tir normal… »": (
        "foul: a ball touched or moved other than by a normal shot"
    ),
    "« Double touche ou « queutage », billes collées, poussette »": (
        "foul: double hit or push shot"
    ),
    "« Queue posée sur la table… »": "foul: the cue laid on the table",
    "« Jouer en dehors de son tour… »": "foul: playing out of turn",
    "« Jeu lent : lors d'un match chronométré… »": "foul: slow play in a timed match",
    "« Jouer avec une bille de but au lieu de la bille blanche »": (
        "foul: an object ball struck instead of the cue ball"
    ),
    "« Bille en main jouée en la positionnant… »": (
        "foul: the cue ball in hand struck while placing it"
    ),
    "« La poche est remplie de billes et la blanche entre en contact… »": (
        "foul: the cue ball touched a ball in an overfull pocket"
    ),
    "« La blanche saute en jouant en dessous de son centre »": (
        "foul: a jump made by striking below the cue ball's centre"
    ),
    "« Jouer alors que des billes sont encore en mouvement sur la table… »": (
        "foul: shooting while balls are still moving"
    ),
    # 9-ball
    "Casse de départ : « Le joueur a « bille en main » derrière la ligne de départ. »": (
        "the break: ball in hand behind the head string"
    ),
    "Casse de départ : « Il doit toucher obligatoirement la bille n° 1… »": (
        "the break: the 1 must be hit first"
    ),
    "Casse de départ : « …au moins quatre billes de but doivent avoir touché une bande… »": (
        "the break: at least four object balls must reach a cushion"
    ),
    "La règle des 3 billes : « À la casse, au moins trois billes de but doivent… »": (
        "the three-ball rule: on the break at least three object balls must pass the head string"
    ),
    "Le coup de dégagement : « En cas de casse régulière, le joueur qui a la main… »": (
        "the push-out: after a legal break the next player may push out"
    ),
    "Cas de la bille n° 9 : « Lorsque la bille n° 9 est éjectée… ou est empochée "
    "irrégulièrement… »": "the 9 off the table or pocketed on a foul is spotted",
    "Déroulement de la partie : « …en touchant d'abord la bille qui a le plus petit "
    "numéro… »": "the lowest-numbered ball must be hit first",
    "Les trois fautes consécutives : « …si un joueur commet trois fautes consécutives… »": (
        "three fouls in a row lose the rack"
    ),
    "« Il n'annonce ni la bille ni la poche »": "9-ball: neither ball nor pocket is called",
    # 8-ball
    "Casse de départ : « Le joueur a la bille blanche en main derrière la ligne de départ. »": (
        "the break: ball in hand behind the head string"
    ),
    "« Mauvais placement de la bille en main… derrière la ligne de départ, la placer "
    "ailleurs… »": "the cue ball in hand placed outside the head string",
    "Casse de départ : « Si aucune bille n'est empochée à la casse, quatre billes de but… »": (
        "the break: with no ball pocketed, four object balls must reach a cushion"
    ),
    "Casse irrégulière : « Si la casse est irrégulière, le joueur adverse a le choix… »": (
        "an illegal break: the opponent chooses"
    ),
    "« Si la bille n° 8 est empochée à la casse, ce n'est pas une faute… »": (
        "the 8 pocketed on the break is no foul"
    ),
    "« Si la bille n° 8 est empochée à la casse et s'il y a faute avec la bille blanche… »": (
        "the 8 pocketed on the break with a cue-ball foul"
    ),
    "« Si des billes sont éjectées de la surface de jeu, c'est une faute… »": (
        "balls off the table on the break: a foul"
    ),
    "Choix du groupe : « …les joueurs peuvent utiliser toutes les combinaisons (sauf avec la "
    "n° 8 en premier contact)… »": "open table: any ball may be hit first except the 8",
    "Choix du groupe : « S'il empoche régulièrement une bille, son groupe lui est "
    "attribué… »": "open table: a ball pocketed legally gives its group",
    "« Si la bille annoncée est empochée dans la mauvaise poche… ce n'est pas une faute et la "
    "main passe »": "the called ball in another pocket: no foul, the turn passes",
    "La défense : « Le joueur peut annoncer « Défense »… »": "a safety may be announced",
    "Empocher une bille du groupe adverse : « …s'il touche une bille de son groupe en "
    "premier… »": "a ball of the player's own group must be hit first",
    "L'ordre de l'empoche : « Pour gagner la partie, le joueur doit au préalable avoir "
    "empoché toutes les billes de son groupe pour ensuite empocher la bille n°8. »": (
        "the order: the whole group first, then the 8"
    ),
    "Perte de la partie : « la bille n° 8 est empochée avant que toutes les billes du "
    "groupe… »": "loss of the game: the 8 pocketed before the group is cleared",
    "Perte de la partie : « la bille n° 8 sort de la surface du jeu (sauf à la casse) »": (
        "loss of the game: the 8 off the table (except on the break)"
    ),
    "Perte de la partie : « la bille n° 8 est empochée à la suite d'une faute »": (
        "loss of the game: the 8 pocketed on a foul"
    ),
    "Perte de la partie : « la bille n° 8 est empochée dans une autre poche que celle "
    "annoncée »": "loss of the game: the 8 in a pocket other than the one called",
    "« Il n'y a pas d'annonce à la casse »": "8-ball: there is no call on the break",
    # snooker (the French text's sections, with the WPBSA numbers where it gives them)
    "§11.1 quand les billes ne sont pas arrêtées": "snooker §11.1: playing before the balls stop",
    "§11.1 la bille de choc plus d'une fois": "snooker §11.1: striking the cue ball twice",
    "§11.1 sans qu'un des deux pieds du joueur ne touche le sol": (
        "snooker §11.1: no foot on the floor"
    ),
    "§11.1 en dehors de son tour": "snooker §11.1: playing out of turn",
    "§11.1 incorrectement la mise ou remise en jeu": (
        "snooker §11.1: playing wrongly from in hand"
    ),
    "§11.1 un jump shot (saut)": "snooker §11.1: a jump shot",
    "§11.2 en faisant un queutage": "snooker §11.2: a push stroke",
    "§11.2 en touchant une bille avec autre chose que le procédé de la queue": (
        "snooker §11.2: a ball touched with anything but the cue tip"
    ),
    "§11.2 en jouant alors qu'une bille est mal placée": (
        "snooker §11.2: playing with a ball wrongly spotted"
    ),
    "§11.4 utilise, dans n'importe quel but, une bille qui est hors de la table": (
        "snooker §11.4: using a ball off the table"
    ),
    "§11.4 utilise comme bille de choc, toute autre bille que la blanche": (
        "snooker §11.4: striking a ball other than the cue ball"
    ),
    "§11.1 la bille blanche rentre dans une poche (WPBSA 3.3)": (
        "snooker §11.1 (WPBSA 3.3): the cue ball potted"
    ),
    "§11.1 la bille blanche ne touche aucune bille objet (WPBSA 3.3)": (
        "snooker §11.1 (WPBSA 3.3): the cue ball hit no object ball"
    ),
    "§11.2 en touchant en premier lieu une bille qui n'est pas ON (WPBSA 3.3)": (
        "snooker §11.2 (WPBSA 3.3): first hitting a ball not on"
    ),
    "§5 / §11.3 deux billes touchées simultanément": ("snooker §5 / §11.3: two balls hit at once"),
    "§11.2 en rentrant une bille qui n'est pas ON dans une poche (WPBSA 3.3, 3.4)": (
        "snooker §11.2 (WPBSA 3.3, 3.4): potting a ball not on"
    ),
    "§11.2 en éjectant une bille de la table": "snooker §11.2: a ball forced off the table",
    "§11.4 joue des rouges à des coups successifs": (
        "snooker §11.4: reds played on successive strokes"
    ),
    "§11.4 après avoir empoché une rouge, faute avant d'avoir désigné": (
        "snooker §11.4: a foul after a red before nominating"
    ),
    "§9.4 la bille de choc manque le premier contact (bille libre)": (
        "snooker §9.4: the free ball not hit first"
    ),
    "§9.4 / §11.1 un snooker au moyen de la bille libre": (
        "snooker §9.4 / §11.1: a snooker with the free ball"
    ),
    "§7.2 / §11.2 bille collée: queutage": (
        "snooker §7.2 / §11.2: a touching ball moved (push stroke)"
    ),
    "§4 / §11.1 incorrectement la mise ou remise en jeu": (
        "snooker §4 / §11.1: playing wrongly from in hand"
    ),
}

#: A quotation in guillemets, nested once, as the French clauses are written.
_QUOTE = re.compile(r"«[^«»]*(?:«[^«»]*»[^«»]*)*»")
#: A heading in front of a quotation ("Casse de départ : ").
_HEADING = re.compile(r"[A-ZÀ-Ý][^():;«»]{0,40} : (?=«)")


def clause_words(clause: str) -> str:
    """The rule clause ``clause`` in English: its translation when it is one of the French
    clauses, the clause itself when it has no French quotation (snooker's WPBSA sections),
    else the clause without its French words."""
    english = CLAUSE_ENGLISH.get(clause)
    if english is not None:
        return english
    if not has_french(clause):
        return clause
    if "«" in clause:
        return english_text(clause) or "the rules"
    sections = re.findall(r"§[\d.]+|WPBSA [\d., ]*\d", clause)  # the French text's words dropped
    return "snooker " + " / ".join(sections) if sections else "the rules"


def english_text(text: str) -> str:
    """``text`` with every French clause quoted in it put in English (``CLAUSE_ENGLISH``),
    and any other French quotation dropped, so that a player's sentence holds no French."""
    for french, english in CLAUSE_ENGLISH.items():
        if french in text:
            text = text.replace(french, english)
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


def numbered_balls(balls: Any) -> str:
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


def _foul_line(foul: Any) -> str:
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


def side_name(players: tuple[str, ...], side: int | None, sides: int = 2) -> str:
    """A side in words: the player, or with more players than ``sides`` the players of that
    team, ``side``, ``side + sides``, ... joined by " & " (four-handed snooker, French text
    §14: Ann and Cid against Bob and Dee); "nobody" for None, "player N" for a side the names
    do not reach."""
    if side is None:
        return "nobody"
    if not 0 <= side < max(sides, len(players)):
        return f"player {side + 1}"
    if len(players) <= sides:
        return players[side] if side < len(players) else f"player {side + 1}"
    return " & ".join(players[k] for k in range(side, len(players), sides))


def wins_words(name: str, verb: str = "wins") -> str:
    """``name`` (a side: :func:`side_name`) and ``verb`` agreeing with it: "Ann wins", "Ann &
    Cid win"; "Ann scores", "Ann & Cid score" for ``verb="scores"``."""
    return f"{name} {verb.removesuffix('s') if ' & ' in name else verb}"


def player_summary(
    ruling: Any,
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


def _joined(items: Any) -> str:
    """Items in words: "a", "a and b", "a, b and c"."""
    seq = list(items)
    if len(seq) <= 1:
        return "".join(seq)
    return ", ".join(seq[:-1]) + " and " + seq[-1]
