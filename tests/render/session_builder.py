"""Real sessions for the loader tests: a match played shot by shot through ``Session`` (no
pygame), each turn aimed as the window aims it (``render.aiming``), calls and nominations
made as the window makes them."""

from __future__ import annotations

from render import aiming
from render.match import MatchConfig
from render.session import ActionRefusedError, Session


def played_session(
    game: str = "nine-ball",
    shots: int = 4,
    players: tuple[str, ...] = ("Ann", "Bob"),
    seed: int = 5,
) -> Session:
    """A session of ``game`` after up to ``shots`` turns (shots played, choices taken)."""
    session = Session()
    session.start_match(MatchConfig(game, players, seed=seed))
    for turn in range(shots):
        current = session.game
        if current.is_over:
            if session.next_rack() is not None:
                break
            continue
        if current.pending_choice:
            session.choose(current.pending_choice[0])
            continue
        aim = aiming.aim_for_turn(current, 0.9 if turn == 0 else 0.35)
        aim.phi_deg += 3.0 * turn
        if current.declaration_options().call_required:
            aim.safety = True
        if aiming.declaration_problem(current, aim) is not None:
            aim.nominated = aiming.nominated_ball(current, aim) or _any_colour(current)
        declaration = aiming.build_declaration(current, aim)
        cue_at = aim.cue_xy if aiming.in_hand(current) else None
        try:
            session.shoot(aiming.strike_for(aim), declaration, cue_at)
        except ActionRefusedError:
            continue
        session.finish_shot()
    return session


def _any_colour(game: object) -> int | None:
    """A colour on the table to nominate (snooker), or None."""
    names = getattr(game, "ball_names", ())
    state = game.state  # type: ignore[attr-defined]
    for i, name in enumerate(names):
        if i and not name.startswith("red") and bool(state.on_table[i]):
            return i
    return None
