"""The shot search: candidates from the geometry, refined and played by the engine, judged by
the referee, scored by what they leave.

The shape is the computational pool winners' (PickPocket, Smith 2007; CueCard, Archibald et al.
2010):

1. **Places**: where the cue ball lies, or the best places in the zone when it is in hand
   (:mod:`agents.hand`).
2. **Pots**: every family the level sees (:mod:`agents.pot_lines`), the most likely
   ``pot_pairs`` of them, each at the level's speeds and spins; every variant's aim refined by
   the engine (:mod:`agents.aiming`) and its zero-noise play judged and valued. A variant whose
   zero-noise play does not drop its ball cleanly is dropped.
3. **Safeties** (and 9-ball push-outs): a random share of the candidates of
   :mod:`agents.safeties`, each played once at zero noise.
4. **Finalists**: the best pots by their chance-weighted zero-noise value and the best safeties
   are played ``samples`` times under the level's own noise (:class:`agents.trial.Trial`).
5. **Confirmation**: the best ``CONFIRMED`` finalists are played as often again with fresh
   draws (the first plays picked them, so they flatter them: the winner's curse).
6. **Look-ahead** (the strongest level): for the best finalists, the positions their successful
   plays leave are valued by the best next pot the engine can refine there, not the geometry.

The best estimate wins. Every budget is a count, so the same game, level and generator give
the same decision.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

import sim
from agents.aiming import refine
from agents.hand import cue_places
from agents.levels import Level, ShotFamily
from agents.lookahead import next_pot_value
from agents.plans import PlanKind, ShotPlan
from agents.pot_lines import LineFinder, PotLine
from agents.safeties import push_plans, safety_plans, subsample
from agents.strategies import strategy_for
from agents.strategy import Strategy
from agents.trial import Play, Scored, Trial
from rules.errors import RulesError
from rules.game import Game
from rules.types import BallInHand

#: Fastest and slowest cue speeds (m/s) the search plays a pot at.
MAX_POT_SPEED = 9.0
MIN_POT_SPEED = 0.3
#: Safety candidates played at zero noise per safety finalist, plus one per ball on (a table of
#: reds or a full group offers many more safeties than a lone 9-ball target), at most
#: ``MAX_SAFETY_TRIES``; push-outs likewise.
SAFETY_TRIES_PER_FINALIST = 6
MAX_SAFETY_TRIES = 200
PUSH_TRIES_PER_FINALIST = 3
#: Finalists played again with fresh draws before the choice.
CONFIRMED = 3
#: Next pots the look-ahead refines from each position.
LOOKAHEAD_PAIRS = 3


@dataclass(frozen=True)
class Decision:
    """The search's choice: ``plan`` with its estimate (the strategy's scale), the share of
    its noisy plays that did what it was for, its zero-noise play, and what it cost."""

    plan: ShotPlan
    estimate: float
    success: float
    zero: Play
    candidates: int
    simulations: int


def decide_shot(game: Game, level: Level, rng: np.random.Generator) -> Decision:
    """The shot ``level`` plays in ``game`` (not over, no choice pending)."""
    strategy = strategy_for(game, level)
    budget = level.budget
    normals = rng.standard_normal((2 * budget.samples, 5))
    trial = Trial(game, level, strategy, normals[: budget.samples], normals[budget.samples :])
    pairs = strategy.pot_pairs(game)
    directs = sorted({t for t, u in pairs if t == u})
    if game.ball_in_hand is BallInHand.NONE:
        places: list[tuple[float, float] | None] = [None]
    else:
        found = cue_places(game, strategy.sight, directs, budget.placements)
        places = list(found) if found else [None]
    pots = _pots(game, level, strategy, trial, places, pairs)
    others = _safeties(game, level, strategy, trial, places, rng, have_pots=bool(pots))
    finalists = sorted(pots, key=lambda s: -s.estimate)[: budget.finalists]
    finalists += sorted(others, key=lambda s: -s.estimate)[: budget.safeties]
    if not finalists:
        finalists = [_fallback(game, strategy, trial, places[0])]
    for scored in finalists:
        trial.sample(scored)
    for scored in sorted(finalists, key=lambda s: -s.estimate)[:CONFIRMED]:
        trial.sample(scored, confirm=True)
    if budget.lookahead:
        _look_ahead(game, level, strategy, trial, finalists, budget.lookahead)
    preference = strategy.pot_preference()
    best = max(
        finalists, key=lambda s: s.estimate + (preference if s.plan.kind is PlanKind.POT else 0)
    )
    return Decision(
        plan=best.plan,
        estimate=best.estimate,
        success=best.success_share,
        zero=best.zero,
        candidates=len(pots) + len(others),
        simulations=trial.simulations,
    )


def _declared(game: Game, strategy: Strategy, plan: ShotPlan) -> ShotPlan | None:
    """``plan`` with its declaration, or None when the referee would refuse it."""
    plan = replace(plan, declaration=strategy.declaration(game, plan))
    try:
        game.validate_declaration(plan.declaration)
    except RulesError:
        return None
    return plan


def _lines(
    game: Game,
    level: Level,
    strategy: Strategy,
    trial: Trial,
    place: tuple[float, float] | None,
    pairs: list[tuple[int, int]],
) -> list[PotLine]:
    """Every pot line of the level's families from one place."""
    state = trial.state(place)
    pos, on = np.asarray(state.pos), np.asarray(state.on_table)
    finder = LineFinder(strategy.sight, pos, on, trial.params.u_r * trial.params.g)
    cue = pos[0]
    families = level.budget.families
    directs = sorted({t for t, u in pairs if t == u})
    lines = finder.direct(cue, directs)
    if ShotFamily.COMBINATION in families:
        lines += finder.combinations(cue, [(t, u) for t, u in pairs if t != u])
    if ShotFamily.BANK in families:
        lines += finder.banks(cue, directs)
    if ShotFamily.KICK in families:
        lines += finder.kicks(cue, directs)
    if ShotFamily.CAROM in families:
        others = [int(b) for b in np.flatnonzero(on) if b != 0]
        lines += finder.caroms(cue, [(t, u) for t in directs for u in others if u != t])
    return lines


def _pots(
    game: Game,
    level: Level,
    strategy: Strategy,
    trial: Trial,
    places: list[tuple[float, float] | None],
    pairs: list[tuple[int, int]],
) -> list[Scored]:
    """The pots worth sampling: each kept line at every speed and spin of the level whose
    engine-refined zero-noise play drops the ball cleanly, valued."""
    budget = level.budget
    lines = [(place, line) for place in places for line in _lines(game, level, strategy, trial,
                                                                   place, pairs)]  # fmt: skip
    lines = [pl for pl in lines if pl[1].cut <= budget.max_cut_deg]
    lines.sort(key=lambda pl: -pl[1].chance)
    out = []
    miss_value = strategy.miss_value()
    for place, line in lines[: budget.pot_pairs]:
        phi = line.phi
        for a, b in budget.spins:
            for factor in budget.speed_factors:
                speed = min(MAX_POT_SPEED, max(MIN_POT_SPEED, line.min_speed * factor))
                first = sim.Strike(speed=speed, phi=phi, theta=0.0, a=a, b=b)
                aimed = refine(trial.table, trial.params, trial.state(place), line, first,
                               line.room)  # fmt: skip
                trial.simulations += 1
                if aimed is None or aimed.miss is None or abs(aimed.miss) > line.room:
                    continue
                phi = aimed.phi
                plan = _declared(game, strategy, ShotPlan(
                    kind=PlanKind.POT, strike=replace(first, phi=aimed.phi), cue_ball_at=place,
                    target=line.target, potted=line.potted, pocket=line.pocket,
                    family=line.family, via=line.via, rail=line.rail, chance=line.chance,
                ))  # fmt: skip
                if plan is None:
                    break
                zero = trial.judged(plan, aimed.result)
                if not zero.succeeded:
                    continue
                prelim = line.chance * zero.value + (1.0 - line.chance) * miss_value
                out.append(Scored(plan=plan, zero=zero, estimate=prelim))
    return out


def _safeties(
    game: Game,
    level: Level,
    strategy: Strategy,
    trial: Trial,
    places: list[tuple[float, float] | None],
    rng: np.random.Generator,
    have_pots: bool,
) -> list[Scored]:
    """Safeties (and push-outs where allowed), played once each at zero noise."""
    budget = level.budget
    if budget.safeties <= 0 or (have_pots and not budget.safety_first):
        return []
    targets = strategy.first_targets(game)
    tries = budget.safeties * (SAFETY_TRIES_PER_FINALIST + len(targets))
    tries = min(MAX_SAFETY_TRIES, tries if have_pots else max(tries, 12))
    plans: list[ShotPlan] = []
    for place in places[:2]:
        plans += safety_plans(game.table, trial.state(place), targets, place, budget.contacts)
    plans = subsample(plans, tries, rng)
    if game.declaration_options().push_out_allowed:
        plans += subsample(push_plans(places[0]), budget.safeties * PUSH_TRIES_PER_FINALIST, rng)
    out = []
    for raw in plans:
        plan = _declared(game, strategy, raw)
        if plan is None:
            continue
        zero = trial.play(plan, plan.strike)
        out.append(Scored(plan=plan, zero=zero, estimate=zero.value))
    return out


def _fallback(
    game: Game, strategy: Strategy, trial: Trial, place: tuple[float, float] | None
) -> Scored:
    """A plain shot at the nearest ball on, when nothing else was found."""
    state = trial.state(place)
    pos = np.asarray(state.pos)
    targets = strategy.first_targets(game) or tuple(
        int(b) for b in np.flatnonzero(state.on_table) if b != 0
    )
    cue = pos[0]
    nearest = min(targets, key=lambda t: float(np.hypot(*(pos[t] - cue)))) if targets else None
    if nearest is None:
        phi = 90.0
    else:
        dx, dy = pos[nearest] - cue
        phi = float(np.degrees(np.arctan2(dy, dx)) % 360.0)
    raw = ShotPlan(kind=PlanKind.SAFETY, strike=sim.Strike(speed=2.5, phi=phi), cue_ball_at=place,
                   target=nearest)  # fmt: skip
    plan = _declared(game, strategy, raw) or raw
    return Scored(plan=plan, zero=trial.play(plan, plan.strike))


def _look_ahead(
    game: Game, level: Level, strategy: Strategy, trial: Trial, finalists: list[Scored], count: int
) -> None:
    """Re-value the best pot finalists' successful plays by the best next pot the engine can
    refine from where each left the cue ball (instead of the geometry's guess)."""
    pots = [s for s in finalists if s.plan.kind is PlanKind.POT]
    for scored in sorted(pots, key=lambda s: -s.estimate)[:count]:
        changed = False
        for i, play in enumerate(scored.plays):
            if not play.succeeded or play.after is None or play.ruling is None:
                continue
            if play.ruling.frame_over or play.after.pending_choice:
                continue
            value = next_pot_value(play.after, level, strategy, trial, LOOKAHEAD_PAIRS)
            if value is None:
                continue
            gained = strategy.gain(play.ruling, trial.side)
            scored.plays[i] = replace(play, value=gained + value)
            changed = True
        if changed:
            scored.estimate = trial.estimate(scored)
