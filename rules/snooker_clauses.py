"""The clauses of the French snooker text the referee cites, each written once: the quote
(``§n.k`` and the text's words, with the WPBSA number where the text gives it) and the rule in
English (``rules.clauses.Clause``), by foul code.

``CLAUSES``: the fouls read off the log or the geometry. ``DECLARABLE``: the fouls a player (or
the lab) declares, each with its value rule (§11): "on", the value of the ball on (§11.1);
"concerned", the ball on or the ball concerned (``Declaration.ball_concerned``), the higher
(§11.2); "seven", seven points (§11.4). A jump shot is both: read off the cue ball's flights,
or declared.
"""

from __future__ import annotations

from rules.clauses import Clause
from rules.types import DeclaredFoul

#: Fouls a player (or the lab) may declare: code -> (clause, value rule).
DECLARABLE: dict[str, tuple[Clause, str]] = {
    DeclaredFoul.BALLS_MOVING.value: (
        Clause(
            "§11.1 quand les billes ne sont pas arrêtées",
            "snooker §11.1: playing before the balls stop",
        ),
        "on",
    ),
    DeclaredFoul.DOUBLE_HIT.value: (
        Clause(
            "§11.1 la bille de choc plus d'une fois", "snooker §11.1: striking the cue ball twice"
        ),
        "on",
    ),
    DeclaredFoul.FOOT_OFF_FLOOR.value: (
        Clause(
            "§11.1 sans qu'un des deux pieds du joueur ne touche le sol",
            "snooker §11.1: no foot on the floor",
        ),
        "on",
    ),
    DeclaredFoul.OUT_OF_TURN.value: (
        Clause("§11.1 en dehors de son tour", "snooker §11.1: playing out of turn"),
        "on",
    ),
    DeclaredFoul.BAD_PLACEMENT.value: (
        Clause(
            "§11.1 incorrectement la mise ou remise en jeu",
            "snooker §11.1: playing wrongly from in hand",
        ),
        "on",
    ),
    DeclaredFoul.JUMP_SHOT.value: (
        Clause("§11.1 un jump shot (saut)", "snooker §11.1: a jump shot"),
        "on",
    ),
    "push_stroke": (
        Clause("§11.2 en faisant un queutage", "snooker §11.2: a push stroke"),
        "concerned",
    ),
    DeclaredFoul.BALL_TOUCHED.value: (
        Clause(
            "§11.2 en touchant une bille avec autre chose que le procédé de la queue",
            "snooker §11.2: a ball touched with anything but the cue tip",
        ),
        "concerned",
    ),
    "ball_misplaced": (
        Clause(
            "§11.2 en jouant alors qu'une bille est mal placée",
            "snooker §11.2: playing with a ball wrongly spotted",
        ),
        "concerned",
    ),
    "used_ball_off_table": (
        Clause(
            "§11.4 utilise, dans n'importe quel but, une bille qui est hors de la table",
            "snooker §11.4: using a ball off the table",
        ),
        "seven",
    ),
    DeclaredFoul.PLAYED_OBJECT_BALL.value: (
        Clause(
            "§11.4 utilise comme bille de choc, toute autre bille que la blanche",
            "snooker §11.4: striking a ball other than the cue ball",
        ),
        "seven",
    ),
}

#: The clause of each foul read off the log or the geometry.
CLAUSES: dict[str, Clause] = {
    "cue_ball_pocketed": Clause(
        "§11.1 la bille blanche rentre dans une poche (WPBSA 3.3)",
        "snooker §11.1 (WPBSA 3.3): the cue ball potted",
    ),
    "missed_all": Clause(
        "§11.1 la bille blanche ne touche aucune bille objet (WPBSA 3.3)",
        "snooker §11.1 (WPBSA 3.3): the cue ball hit no object ball",
    ),
    "wrong_ball_first": Clause(
        "§11.2 en touchant en premier lieu une bille qui n'est pas ON (WPBSA 3.3)",
        "snooker §11.2 (WPBSA 3.3): first hitting a ball not on",
    ),
    "simultaneous": Clause(
        "§5 / §11.3 deux billes touchées simultanément", "snooker §5 / §11.3: two balls hit at once"
    ),
    "potted_not_on": Clause(
        "§11.2 en rentrant une bille qui n'est pas ON dans une poche (WPBSA 3.3, 3.4)",
        "snooker §11.2 (WPBSA 3.3, 3.4): potting a ball not on",
    ),
    "ball_off_table": Clause(
        "§11.2 en éjectant une bille de la table", "snooker §11.2: a ball forced off the table"
    ),
    "reds_successive": Clause(
        "§11.4 joue des rouges à des coups successifs",
        "snooker §11.4: reds played on successive strokes",
    ),
    "no_nomination": Clause(
        "§11.4 après avoir empoché une rouge, faute avant d'avoir désigné",
        "snooker §11.4: a foul after a red before nominating",
    ),
    "free_ball_not_first": Clause(
        "§9.4 la bille de choc manque le premier contact (bille libre)",
        "snooker §9.4: the free ball not hit first",
    ),
    "snookered_with_free_ball": Clause(
        "§9.4 / §11.1 un snooker au moyen de la bille libre",
        "snooker §9.4 / §11.1: a snooker with the free ball",
    ),
    "push_stroke_touching": Clause(
        "§7.2 / §11.2 bille collée: queutage",
        "snooker §7.2 / §11.2: a touching ball moved (push stroke)",
    ),
    "bad_placement": Clause(
        "§4 / §11.1 incorrectement la mise ou remise en jeu",
        "snooker §4 / §11.1: playing wrongly from in hand",
    ),
}
