"""The clauses of the French 9-ball and 8-ball texts the pool referee cites, each written once:
the quote (the text's first words, with the heading of its section where it has one) and the
rule in English (``rules.clauses.Clause``).

Names: ``CLAUSE_*`` for the common list of fouls (« Liste des fautes ») both texts share,
``NINE_*`` for the 9-ball text, ``EIGHT_*`` for the 8-ball text. The game and judge modules
import them under their ``CLAUSE_*`` names.
"""

from __future__ import annotations

from rules.clauses import Clause

# ---------------------------------------------------------------------- the common list
CLAUSE_CUE_POCKETED = Clause(
    "« Bille blanche empochée ou éjectée hors de la surface de jeu »",
    "foul: the cue ball pocketed or off the table",
)
CLAUSE_WRONG_BALL = Clause("« Mauvaise bille touchée en premier »", "foul: wrong ball hit first")
CLAUSE_NO_CUSHION = Clause(
    "« Pas de bande après contact lorsque aucune bille n'est empochée »",
    "foul: no cushion after the contact when no ball is pocketed",
)
CLAUSE_OBJECT_OFF = Clause(
    "« Bille de but éjectée de la surface de jeu »", "foul: an object ball off the table"
)
CLAUSE_FOOT_OFF_FLOOR = Clause(
    "« Aucun pied du joueur ne touche le sol au moment du tir »",
    "foul: no foot on the floor when shooting",
)
CLAUSE_BALL_TOUCHED = Clause(
    "« Bille touchée, déplacée autrement que par un tir normal… »",
    "foul: a ball touched or moved other than by a normal shot",
)
CLAUSE_DOUBLE_HIT = Clause(
    "« Double touche ou « queutage », billes collées, poussette »", "foul: double hit or push shot"
)
CLAUSE_CUE_ON_TABLE = Clause("« Queue posée sur la table… »", "foul: the cue laid on the table")
CLAUSE_OUT_OF_TURN = Clause("« Jouer en dehors de son tour… »", "foul: playing out of turn")
CLAUSE_SLOW_PLAY = Clause(
    "« Jeu lent : lors d'un match chronométré… »", "foul: slow play in a timed match"
)
CLAUSE_PLAYED_OBJECT_BALL = Clause(
    "« Jouer avec une bille de but au lieu de la bille blanche »",
    "foul: an object ball struck instead of the cue ball",
)
CLAUSE_CUE_BALL_MOVED_WHILE_POSITIONING = Clause(
    "« Bille en main jouée en la positionnant… »",
    "foul: the cue ball in hand struck while placing it",
)
CLAUSE_FULL_POCKET = Clause(
    "« La poche est remplie de billes et la blanche entre en contact… »",
    "foul: the cue ball touched a ball in an overfull pocket",
)
CLAUSE_JUMP_WITH_DRAW = Clause(
    "« La blanche saute en jouant en dessous de son centre »",
    "foul: a jump made by striking below the cue ball's centre",
)


# ---------------------------------------------------------------------- 9-ball
NINE_BREAK_IN_HAND = Clause(
    "Casse de départ : « Le joueur a « bille en main » derrière la ligne de départ. »",
    "the break: ball in hand behind the head string",
)
NINE_BREAK_ONE = Clause(
    "Casse de départ : « Il doit toucher obligatoirement la bille n° 1… »",
    "the break: the 1 must be hit first",
)
NINE_BREAK_FOUR = Clause(
    "Casse de départ : « …au moins quatre billes de but doivent avoir touché une bande… »",
    "the break: at least four object balls must reach a cushion",
)
NINE_THREE_BALL = Clause(
    "La règle des 3 billes : « À la casse, au moins trois billes de but doivent… »",
    "the three-ball rule: on the break at least three object balls must pass the head string",
)
NINE_PUSH_OUT = Clause(
    "Le coup de dégagement : « En cas de casse régulière, le joueur qui a la main… »",
    "the push-out: after a legal break the next player may push out",
)
NINE_SPOT_THE_NINE = Clause(
    "Cas de la bille n° 9 : « Lorsque la bille n° 9 est éjectée… ou est empochée "
    "irrégulièrement… »",
    "the 9 off the table or pocketed on a foul is spotted",
)
#: The rule a shot that hits no ball breaks (the fouls list has no separate miss).
NINE_LOWEST_FIRST = Clause(
    "Déroulement de la partie : « …en touchant d'abord la bille qui a le plus petit numéro… »",
    "the lowest-numbered ball must be hit first",
)
NINE_THREE_FOULS = Clause(
    "Les trois fautes consécutives : « …si un joueur commet trois fautes consécutives… »",
    "three fouls in a row lose the rack",
)
NINE_NO_CALL = Clause(
    "« Il n'annonce ni la bille ni la poche »", "9-ball: neither ball nor pocket is called"
)


# ---------------------------------------------------------------------- 8-ball
EIGHT_BREAK_IN_HAND = Clause(
    "Casse de départ : « Le joueur a la bille blanche en main derrière la ligne de départ. »",
    "the break: ball in hand behind the head string",
)
EIGHT_BAD_PLACEMENT = Clause(
    "« Mauvais placement de la bille en main… derrière la ligne de départ, la placer ailleurs… »",
    "the cue ball in hand placed outside the head string",
)
EIGHT_ILLEGAL_BREAK = Clause(
    "Casse de départ : « Si aucune bille n'est empochée à la casse, quatre billes de but… »",
    "the break: with no ball pocketed, four object balls must reach a cushion",
)
EIGHT_ILLEGAL_BREAK_CHOICE = Clause(
    "Casse irrégulière : « Si la casse est irrégulière, le joueur adverse a le choix… »",
    "an illegal break: the opponent chooses",
)
EIGHT_ON_BREAK = Clause(
    "« Si la bille n° 8 est empochée à la casse, ce n'est pas une faute… »",
    "the 8 pocketed on the break is no foul",
)
EIGHT_ON_BREAK_FOUL = Clause(
    "« Si la bille n° 8 est empochée à la casse et s'il y a faute avec la bille blanche… »",
    "the 8 pocketed on the break with a cue-ball foul",
)
EIGHT_OFF_TABLE_BREAK = Clause(
    "« Si des billes sont éjectées de la surface de jeu, c'est une faute… »",
    "balls off the table on the break: a foul",
)
EIGHT_OPEN_TABLE = Clause(
    "Choix du groupe : « …les joueurs peuvent utiliser toutes les combinaisons "
    "(sauf avec la n° 8 en premier contact)… »",
    "open table: any ball may be hit first except the 8",
)
EIGHT_GROUP_ASSIGNED = Clause(
    "Choix du groupe : « S'il empoche régulièrement une bille, son groupe lui est attribué… »",
    "open table: a ball pocketed legally gives its group",
)
EIGHT_WRONG_POCKET = Clause(
    "« Si la bille annoncée est empochée dans la mauvaise poche… ce n'est pas une faute "
    "et la main passe »",
    "the called ball in another pocket: no foul, the turn passes",
)
#: The rules a shot that hits no ball breaks once the groups are given (the fouls list has
#: no separate miss): a ball of the group first; the group cleared, then the 8.
EIGHT_OWN_GROUP_FIRST = Clause(
    "Empocher une bille du groupe adverse : « …s'il touche une bille de son groupe en premier… »",
    "a ball of the player's own group must be hit first",
)
EIGHT_LAST = Clause(
    "L'ordre de l'empoche : « Pour gagner la partie, le joueur doit au préalable avoir empoché "
    "toutes les billes de son groupe pour ensuite empocher la bille n°8. »",
    "the order: the whole group first, then the 8",
)
EIGHT_SAFETY = Clause(
    "La défense : « Le joueur peut annoncer « Défense »… »", "a safety may be announced"
)
EIGHT_LOSS_EARLY = Clause(
    "Perte de la partie : « la bille n° 8 est empochée avant que toutes les billes du groupe… »",
    "loss of the game: the 8 pocketed before the group is cleared",
)
EIGHT_LOSS_OFF = Clause(
    "Perte de la partie : « la bille n° 8 sort de la surface du jeu (sauf à la casse) »",
    "loss of the game: the 8 off the table (except on the break)",
)
EIGHT_LOSS_FOUL = Clause(
    "Perte de la partie : « la bille n° 8 est empochée à la suite d'une faute »",
    "loss of the game: the 8 pocketed on a foul",
)
EIGHT_LOSS_POCKET = Clause(
    "Perte de la partie : « la bille n° 8 est empochée dans une autre poche que celle annoncée »",
    "loss of the game: the 8 in a pocket other than the one called",
)
EIGHT_BALLS_MOVING = Clause(
    "« Jouer alors que des billes sont encore en mouvement sur la table… »",
    "foul: shooting while balls are still moving",
)
#: No call on the break (a call then is refused, saying so).
EIGHT_NO_CALL_ON_BREAK = Clause(
    "« Il n'y a pas d'annonce à la casse »", "8-ball: there is no call on the break"
)
