"""Player-facing words: pocket names as a player sees them in the window, and the rule clauses
in plain English.

Pockets. The engine names pockets in the table frame (docs/architecture.md): ``bottom_left`` is
the corner at x = 0, y = 0 (the head end). The window draws the table landscape, head end on
the left and the x = 0 rail at the top of the screen (``render/view.py``), so a player sees the
engine's ``bottom_left`` as the *top-left* corner. :data:`POCKET_LABELS` gives each pocket the
name a player reads off the screen; every sentence a player sees (rulings, calls, ``cuesim
shot``) uses it. The engine's names stay the identifiers of files and ``--json``.

Clauses. A ``Foul.clause`` quotes the French rule text (the 9-ball and 8-ball texts) by its
first words; a rule tester reads it in ``--json`` and docs/rules-coverage.md. A player reads
:func:`clause_words`: the same rule, named in English. Snooker clauses are already English
(WPBSA section numbers) and pass through unchanged.
"""

from __future__ import annotations

import re

#: Engine pocket name -> the name a player reads off the window (head end on the left).
POCKET_LABELS: dict[str, str] = {
    "bottom_left": "top left",
    "bottom_right": "bottom left",
    "left_side": "top middle",
    "right_side": "bottom middle",
    "top_left": "top right",
    "top_right": "bottom right",
}

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
}

#: A quotation in guillemets, nested once, as the French clauses are written.
_QUOTE = re.compile(r"«[^«»]*(?:«[^«»]*»[^«»]*)*»")
#: A heading in front of a quotation ("Casse de départ : ").
_HEADING = re.compile(r"[A-ZÀ-Ý][^():;«»]{0,40} : (?=«)")


def pocket_label(name: str) -> str:
    """The pocket ``name`` (an engine name, ``Table.pockets[i].name``) as a player sees it in
    the window, e.g. ``"top_right"`` -> ``"bottom right"``; an unknown name with its
    underscores as spaces."""
    return POCKET_LABELS.get(name, name.replace("_", " "))


def pocket_names_in_words() -> str:
    """Every pocket as "engine name (as seen in the window)", for error messages."""
    return ", ".join(f"{name} ({label})" for name, label in POCKET_LABELS.items())


def clause_words(clause: str) -> str:
    """The rule clause ``clause`` in English: its translation when it is one of the French
    clauses, the clause itself when it has no French quotation (snooker's WPBSA sections),
    else the clause without its French words."""
    english = CLAUSE_ENGLISH.get(clause)
    if english is not None:
        return english
    if "«" not in clause:
        return clause
    return english_text(clause) or "the rules"


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
    r"[«»éèêàùçôî]|\b(?:bille|poche|faute|casse|joueur|empochée|bande|partie|Défense)\b",
    re.IGNORECASE,
)


def has_french(text: str) -> bool:
    """Whether ``text`` holds a French letter or a word of the French rule texts."""
    return FRENCH_MARKERS.search(text) is not None
