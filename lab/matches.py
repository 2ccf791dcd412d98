"""Many racks or matches between computer players, on local processes or a Dask cluster.

A run is cut into **units**: in ``racks`` mode a unit is one rack (frame) of one long match,
rack ``k`` broken by player ``k % 2``; in ``race`` mode a unit is one whole match, a race to
``race_to`` racks (the first to win that many frames, in snooker) with alternating breaks, match
``j`` broken first by player ``j % 2``. A unit draws every random number from the run's seed and
its own index (its racks from ``derive_seed(seed, j)``, its moves from another such seed), so a
run gives the same results, unit for unit, on one worker or many, locally or on a cluster.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import Any

import numpy as np

from agents.levels import Level, level_named
from lab.match_play import RackResult, play_rack
from lab.match_stats import PlayerStats, player_stats
from lab.study import StudyError, default_workers, mp_context, wait_for_compiled_engine

#: Largest seed a game takes (``rules.new_game``).
SEED_LIMIT = 2**63


def derive_seed(seed: int, *key: int) -> int:
    """A seed for the part ``key`` of a run seeded ``seed`` (independent streams, NumPy's
    ``SeedSequence`` spawning), in [0, 2**63)."""
    state = np.random.SeedSequence(seed, spawn_key=tuple(key)).generate_state(1, np.uint64)
    return int(state[0]) >> 1


@dataclass(frozen=True)
class MatchPlan:
    """What to play.

    Fields:
        kind: the game (a ``rules.GameKind`` value).
        levels: the computer's level for each player, in turn order (2, or 4 for doubles): a
            level's name, or an ``agents.Level`` of one's own (a benchmark's variant).
        seed: the run's seed.
        racks: ``racks`` mode: how many racks (frames); 0 in race mode.
        race_to: ``race`` mode: racks (frames) needed to win a match; 0 in racks mode.
        matches: ``race`` mode: how many matches.
        options: the game's options (``rules.new_game`` keywords), as (name, value) pairs.
    """

    kind: str
    levels: tuple[str | Level, ...]
    seed: int
    racks: int = 0
    race_to: int = 0
    matches: int = 0
    options: tuple[tuple[str, Any], ...] = ()

    @property
    def units(self) -> int:
        """How many units the run has (racks, or matches)."""
        return self.racks if self.race_to == 0 else self.matches

    @property
    def sides(self) -> int:
        """The scoring sides: two (doubles play in two teams)."""
        return 2


def play_unit(plan: MatchPlan, index: int) -> tuple[RackResult, ...]:
    """Unit ``index`` of ``plan``: one rack, or every rack of one match. A pure function of its
    arguments (runs in a worker process or a Dask task)."""
    options = dict(plan.options)
    if plan.race_to == 0:
        rack = play_rack(plan.kind, plan.levels, seed=derive_seed(plan.seed, 0),
                         rack=index, breaker=index % plan.sides,
                         move_seed=derive_seed(plan.seed, 1), options=options)  # fmt: skip
        return (rack,)
    game_seed, move_seed = derive_seed(plan.seed, 2, index), derive_seed(plan.seed, 3, index)
    wins = [0] * plan.sides
    racks: list[RackResult] = []
    breaker = index % plan.sides
    while max(wins) < plan.race_to:
        rack = play_rack(plan.kind, plan.levels, seed=game_seed, rack=len(racks),
                         breaker=breaker, move_seed=move_seed, options=options)  # fmt: skip
        racks.append(rack)
        if rack.winner is not None:
            wins[rack.winner] += 1
        elif rack.stalled:
            break
        breaker = (breaker + 1) % plan.sides
    return tuple(racks)


@dataclass(frozen=True)
class MatchRun:
    """A finished run: every unit's racks, in unit order, and how it ran."""

    plan: MatchPlan
    units: tuple[tuple[RackResult, ...], ...]
    workers: int
    backend: str
    wall_s: float

    def racks(self) -> list[RackResult]:
        """Every rack of the run, unit by unit."""
        return [rack for unit in self.units for rack in unit]

    def match_winners(self) -> list[int | None]:
        """Race mode: the side that won each match (None when a match stalled)."""
        out: list[int | None] = []
        for unit in self.units:
            wins = [0] * self.plan.sides
            for rack in unit:
                if rack.winner is not None:
                    wins[rack.winner] += 1
            best = int(np.argmax(wins))
            out.append(best if wins[best] >= self.plan.race_to else None)
        return out

    def stats(self) -> list[PlayerStats]:
        """Each player's figures (``lab.match_stats``)."""
        names = tuple(level_named(level).name for level in self.plan.levels)
        stats = player_stats(names, self.racks(), self.plan.sides)
        if self.plan.race_to:
            for winner in self.match_winners():
                for player in stats:
                    if winner is not None and player.player % self.plan.sides == winner:
                        player.matches_won += 1
        return stats


def _warm(plans: Sequence[MatchPlan]) -> None:
    """Compile the engine, measure the pockets and search the breaks here, once per game,
    options and level, so that forked workers start warm."""
    import agents
    import rules

    seen: set[tuple[str, tuple[tuple[str, Any], ...], str | Level]] = set()
    for plan in plans:
        names = tuple(f"P{i}" for i in range(len(plan.levels)))
        game = rules.new_game(plan.kind, players=names, seed=0, **dict(plan.options))
        for level in plan.levels:
            key = (plan.kind, plan.options, level)
            if key not in seen:
                seen.add(key)
                agents.choose(game, level, seed=0)


#: A task of a run of several plans: (the plan's position in the run, the unit's index).
Task = tuple[int, int]


def _play_task(plans: tuple[MatchPlan, ...], task: Task) -> tuple[RackResult, ...]:
    return play_unit(plans[task[0]], task[1])


def _local(
    plans: tuple[MatchPlan, ...], tasks: list[Task], workers: int
) -> Iterator[tuple[Task, tuple[RackResult, ...]]]:
    if workers <= 1:
        for task in tasks:
            yield task, _play_task(plans, task)
        return
    with ProcessPoolExecutor(max_workers=workers, mp_context=mp_context()) as pool:
        pending: dict[Future[tuple[RackResult, ...]], Task] = {}
        queue = tasks[::-1]
        while queue or pending:
            while queue and len(pending) < 2 * workers:
                task = queue.pop()
                pending[pool.submit(_play_task, plans, task)] = task
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield pending.pop(future), future.result()


def _dask(
    plans: tuple[MatchPlan, ...], tasks: list[Task], client: Any
) -> Iterator[tuple[Task, tuple[RackResult, ...]]]:
    from distributed import as_completed

    futures = {client.submit(_play_task, plans, task, pure=False): task for task in tasks}
    for future in as_completed(list(futures)):
        yield futures[future], future.result()


def run_matches(
    plan: MatchPlan,
    *,
    workers: int | None = None,
    client: Any = None,
    progress: bool = False,
) -> MatchRun:
    """Play every unit of ``plan`` (``workers`` local processes, default every core; or the
    Dask ``client``'s cluster); the units come back in order. ``StudyError`` when a worker or
    the cluster fails."""
    return run_plans((plan,), workers=workers, client=client, progress=progress)[0]


def run_plans(
    plans: Sequence[MatchPlan],
    *,
    workers: int | None = None,
    client: Any = None,
    progress: bool = False,
) -> list[MatchRun]:
    """Play every unit of every plan in one pool of workers (or on the Dask ``client``'s
    cluster), the plans' units interleaved so that every plan advances together; one
    ``MatchRun`` per plan, its units in order. A unit is a pure function of its plan and index
    (:func:`play_unit`), so the runs do not depend on the workers. ``StudyError`` when a worker
    or the cluster fails."""
    plans = tuple(plans)
    total = sum(plan.units for plan in plans)
    if client is not None:
        count = max(1, len(client.scheduler_info().get("workers", {})))
        backend = "dask"
    else:
        count = min(default_workers() if workers is None else max(1, workers), max(1, total))
        backend = "processes" if count > 1 else "inline"
        wait_for_compiled_engine(progress)  # thousands of searched shots: never the Python path
    _warm(plans)
    # unit-major order: unit 0 of every plan, then unit 1, ... (a bar's rate is the mix's)
    tasks = [(p, u) for u in range(max((x.units for x in plans), default=0))
             for p, plan in enumerate(plans) if u < plan.units]  # fmt: skip
    units: list[list[tuple[RackResult, ...] | None]] = [[None] * p.units for p in plans]
    bar = _bar(plans, total) if progress else None
    began = time.perf_counter()
    try:
        source = _dask(plans, tasks, client) if client is not None else _local(plans, tasks, count)
        for (p, u), unit in source:
            units[p][u] = unit
            if bar is not None:
                bar.update(1)
    except Exception as exc:
        if type(exc).__module__.startswith(("concurrent", "distributed")):
            raise StudyError(f"a match worker failed: {exc}") from exc
        raise
    finally:
        if bar is not None:
            bar.close()
    wall = time.perf_counter() - began
    return [
        MatchRun(
            plan=plan,
            units=tuple(u for u in done if u is not None),
            workers=count,
            backend=backend,
            wall_s=wall,
        )
        for plan, done in zip(plans, units, strict=True)
    ]


def _bar(plans: tuple[MatchPlan, ...], total: int) -> Any:
    from tqdm import tqdm

    import rules

    plan = plans[0]
    word = "match" if plan.race_to else rules.game_class(plan.kind).frame_word
    return tqdm(total=total, unit=word, desc="match", smoothing=0.1, dynamic_ncols=True)
