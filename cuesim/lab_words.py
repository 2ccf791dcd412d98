"""What the shot lab's commands share: exit statuses, the one-line error, the checks of input and
output paths, and a scenario, a strike and a ruling in words and as JSON.

Importing this module is cheap: the lab, the referee and the engine load inside the functions
that need them (the parser of ``cuesim`` is built without them).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lab.runner import Outcome, PreparedShot
    from lab.scenario import Scenario

#: Exit statuses.
EXIT_OK = 0
EXIT_FAILED = 1
EXIT_BAD_INPUT = 2

#: Suffixes of the scenario files a folder given to ``cuesim judge`` is searched for.
SCENARIO_SUFFIXES = (".toml", ".json")


def error(message: str) -> int:
    """Print ``message`` as the command's one error line; returns :data:`EXIT_BAD_INPUT`."""
    print(f"cuesim: error: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


def overwrites_input(source: Path, targets: Iterable[Path | None]) -> Path | None:
    """The first of ``targets`` that is the input file ``source`` itself, or None."""
    for target in targets:
        if target is not None and target.exists() and source.exists():
            try:
                if target.samefile(source):
                    return target
            except OSError:
                continue
    return None


def scenario_files(paths: Iterable[Path]) -> list[Path]:
    """The files of ``paths``: a file as given, a folder searched (not through links to other
    folders) for scenario files, in name order; a folder's files that declare another cuesim
    format (a match study) are left out."""
    from lab.scenario import OTHER_FORMATS, declared_format

    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            found = [
                p
                for p in sorted(path.rglob("*"))
                if p.suffix.lower() in SCENARIO_SUFFIXES and declared_format(p) not in OTHER_FORMATS
            ]
            files.extend(found)
        else:
            files.append(path)
    return files


def strike_words(prepared: PreparedShot) -> str:
    """The intended strike: "speed 5.50 m/s, phi 90.00 deg, theta 0.0 deg, a +0.00 R, ..."."""
    s = prepared.intended
    return (
        f"speed {s.speed:.2f} m/s, phi {s.phi:.2f} deg, theta {s.theta:.1f} deg, "
        f"a {s.a:+.2f} R, b {s.b:+.2f} R"
    )


def phase_words(scenario: Scenario) -> str:
    """The scenario's position in words: game and table, who plays, the break, ball in hand,
    and what the scenario's ``[phase]`` sets (groups, ball on, fouls, scores...)."""
    from lab.scenario_types import game_takes
    from rules.types import BallInHand

    phase = scenario.phase
    parts = [f"{scenario.game} on {scenario.table}", f"{phase.to_play} to play"]
    if phase.is_break:
        parts.append("the break" + (" (magic rack)" if phase.magic_rack else ""))
    hand = {
        BallInHand.NONE: "cue ball where it lies",
        BallInHand.ANYWHERE: "ball in hand anywhere",
        BallInHand.BEHIND_HEAD_STRING: "ball in hand behind the head string",
        BallInHand.IN_D: "ball in hand in the D",
    }[BallInHand(phase.ball_in_hand)]
    parts.append(hand)
    if phase.push_out_available:
        parts.append("push-out available")
    if phase.groups:
        parts.append("groups " + ", ".join(f"{p}: {g}" for p, g in phase.groups.items()))
    elif game_takes(scenario.game_class, "phase.groups") and not phase.is_break:
        parts.append("open table")
    if phase.ball_on:
        parts.append(f"ball on: {phase.ball_on}")
    if phase.free_ball:
        parts.append("free ball")
    if phase.respotted_black:
        parts.append("re-spotted black")
    fouls = {p: n for p, n in phase.fouls_in_a_row.items() if n}
    if fouls:
        parts.append("fouls in a row " + ", ".join(f"{p}: {n}" for p, n in fouls.items()))
    if phase.scores:
        parts.append("scores " + ", ".join(f"{p} {n}" for p, n in phase.scores.items()))
    return "; ".join(parts)


def declaration_words(scenario: Scenario) -> str:
    """What the scenario's shot declares, in words ("" for nothing)."""
    shot = scenario.shot
    parts = []
    if shot.push_out:
        parts.append("push-out")
    if shot.called_ball:
        pocket = (shot.called_pocket or "").replace("_", " ")
        parts.append(f"calls the {shot.called_ball} in the {pocket}")
    if shot.safety:
        parts.append("safety")
    if shot.nominated:
        parts.append(f"nominates {shot.nominated}")
    if shot.free_ball:
        parts.append(f"free ball: {shot.free_ball}")
    if shot.declared_fouls:
        parts.append("declared fouls: " + ", ".join(shot.declared_fouls))
    if shot.off_table:
        parts.append("declared off the table: " + ", ".join(shot.off_table))
    return "; ".join(parts)


def ruling_lines(outcome: Outcome) -> list[str]:
    """The ruling in plain words, one line each (the first is the decision)."""
    scenario = outcome.prepared.scenario
    return outcome.ruling.summary(scenario.players, scenario.ball_names).splitlines()


def ruling_json(outcome: Outcome) -> dict[str, object]:
    """The ruling as JSON-ready data: the scenario's facts, the reason and notes in English
    and in the rule text's words, and each foul with its clause and evidence."""
    from rules.wording import english_text

    ruling = outcome.ruling
    out: dict[str, object] = dict(outcome.facts)
    # English for reading; the rule texts' French quotes in their own fields, for a rule tester.
    out["reason"] = english_text(ruling.reason)
    out["notes"] = [english_text(note) for note in ruling.notes]
    out["reason_text"] = ruling.reason
    out["notes_text"] = list(ruling.notes)
    out["foul_details"] = [
        {
            "code": f.code,
            "rule": f.rule_words,
            "rule_text": f.rule_text,
            "message": english_text(f.message),
            "evidence": english_text(f.evidence),
            "event": f.event,
            "penalty": f.penalty,
        }
        for f in ruling.fouls
    ]
    return out
