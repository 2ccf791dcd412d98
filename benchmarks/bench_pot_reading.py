"""How well the window reads a person's pot attempt, measured on the computer's shots.

    .venv/bin/python benchmarks/bench_pot_reading.py [--racks 12] [--level amateur]

A person's shot carries no intent, so the window's statistics read one off the shot
(``render.match_statistics``: a pot attempt when a ball was pocketed, or the ball hit first left
the contact headed at a pocket). The computer's shots carry theirs (``agents.Move.intent``).
For every shot of the computer that pocketed nothing, meant as a pot or as a safety, this counts
how often the window's reading calls it a pot attempt: the share of its missed pots read as
attempts (higher is better) and of its safeties (lower is better), per game.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import agents  # noqa: E402  (after the path set-up above)
import rules  # noqa: E402
import sim  # noqa: E402
from render.history import LastShot  # noqa: E402
from render.match import MatchScore  # noqa: E402
from render.match_statistics import read_shot  # noqa: E402

#: Moves played at most in one rack.
MAX_MOVES = 80


def reading_counts(game_name: str, racks: int, level: str) -> Counter[tuple[str, bool]]:
    """(the computer's intent, read as a pot attempt) -> shots, over ``racks`` racks of the
    computer at ``level`` against itself; shots that pocketed a ball are left out."""
    counts: Counter[tuple[str, bool]] = Counter()
    for seed in range(racks):
        game = rules.new_game(game_name, players=("A", "B"), seed=seed)
        for _ in range(MAX_MOVES):
            if game.is_over:
                break
            move = agents.choose(game, level, seed=seed)
            if move.kind is not agents.MoveKind.SHOT or move.strike is None:
                _ruling, game = move.play(game)
                continue
            state = game.state_for_shot(move.cue_ball_at)
            result = sim.simulate(game.table, state, move.strike, sim.Params.for_table(game.table))
            declaration = move.declaration or rules.Declaration()
            ruling = game.judge(result, declaration)
            intent = move.intent.kind if move.intent is not None else ""
            potted = [b for b in ruling.pocketed if b != 0]
            if intent in ("pot", "safety") and not declaration.safety and not potted:
                shot = LastShot(game, MatchScore.start(), move.strike, move.cue_ball_at,
                                declaration, result, ruling)  # fmt: skip
                counts[(intent, read_shot(shot).intent == "pot")] += 1
            game = game.apply(ruling)
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--racks", type=int, default=12)
    parser.add_argument("--level", choices=agents.LEVELS, default="amateur")
    args = parser.parse_args()
    for kind in (rules.GameKind.NINE_BALL, rules.GameKind.EIGHT_BALL):  # the pool games
        game_name = kind.value
        counts = reading_counts(game_name, args.racks, args.level)
        for intent in ("pot", "safety"):
            read, total = counts[(intent, True)], counts[(intent, True)] + counts[(intent, False)]
            share = f"{read / total:.0%}" if total else "-"
            print(f"{game_name:10s} the computer's {intent:6s} (nothing potted): {read} of "
                  f"{total} read as pot attempts ({share})")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
