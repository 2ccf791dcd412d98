"""Studies: many noisy executions of one scenario's shot, on local cores or a Dask cluster.

A study plays shot ``0 .. N-1``; shot ``i`` is the scenario's intended strike perturbed by the
execution-noise model with a generator drawn from ``(seed, i)`` (:mod:`agents.noise`). Each
shot is simulated and judged from the same starting position, and summarised as one
:class:`ShotRecord`. The shots are cut into chunks of consecutive indices; chunks run in worker
processes (``concurrent.futures`` over ``multiprocessing``) or as Dask tasks, and come back in
any order; the results are put back in shot order. Because no random number depends on the
chunking, the same seed gives the same table of results for any number of workers, chunk size
or cluster.

The per-shot work is done by a *shot model*: an object with an ``intended`` strike
(:class:`~agents.noise.StrikeValues`) and a ``play(strike) -> ShotRecord`` method, built from
the scenario by a module-level *model factory* (so it can be sent to other processes by name).
The real one is :func:`lab.runner.study_model`; tests use tiny fakes.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from agents.noise import NoiseModel, StrikeValues, noisy_strikes
from lab.records import (
    COLUMNS,
    STRIKE_COLUMNS,
    ModelFactory,
    ShotModel,
    ShotRecord,
    column_dtype,
)
from lab.scenario import Scenario, scenario_to_dict

#: Largest chunk of consecutive shots sent to a worker at once. Smaller chunks balance the load
#: and move the progress bar more often; larger ones cost less scheduling. Results never depend
#: on it.
MAX_CHUNK_SHOTS = 250

#: Chunks queued per worker, so that a worker finishing early always finds more work.
CHUNKS_PER_WORKER = 8


def default_model_factory() -> ModelFactory:
    """The real engine-and-referee model (imported lazily: it loads the Numba kernels)."""
    from lab.runner import study_model

    return study_model


# One model per process and scenario: building a game is cheap, but not per shot.
_MODEL_CACHE: dict[tuple[str, str], ShotModel] = {}


def _scenario_key(scenario: Scenario) -> str:
    return scenario.source + "\n" + json.dumps(scenario_to_dict(scenario), sort_keys=True)


def _model_for(factory: ModelFactory, scenario: Scenario) -> ShotModel:
    key = (f"{factory.__module__}.{factory.__qualname__}", _scenario_key(scenario))
    model = _MODEL_CACHE.get(key)
    if model is None:
        model = factory(scenario)
        _MODEL_CACHE[key] = model
    return model


def run_chunk(
    scenario: Scenario,
    noise: NoiseModel,
    seed: int,
    start: int,
    stop: int,
    factory: ModelFactory | None = None,
) -> dict[str, np.ndarray]:
    """Play shots ``start .. stop-1``; returns the study columns for them (new arrays).

    Runs in a worker process or a Dask task; a pure function of its arguments.
    """
    model = _model_for(factory or default_model_factory(), scenario)
    strikes = noisy_strikes(model.intended, noise, seed, start, stop)
    rows = [(index, strike, model.play(strike)) for index, strike in enumerate(strikes, start)]
    return _columns_of(rows)


def _columns_of(rows: Sequence[tuple[int, StrikeValues, ShotRecord]]) -> dict[str, np.ndarray]:
    out: dict[str, np.ndarray] = {}
    for name in COLUMNS:
        dtype = column_dtype(name)
        if name == "shot":
            values: list[Any] = [index for index, _, _ in rows]
        elif name in STRIKE_COLUMNS:
            values = [getattr(strike, name) for _, strike, _ in rows]
        else:
            values = [getattr(record, name) for _, _, record in rows]
        out[name] = np.array(values, dtype=dtype) if rows else np.empty(0, dtype=dtype)
    return out


def _concatenate(parts: Sequence[dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    if not parts:
        return _columns_of([])
    return {name: np.concatenate([p[name] for p in parts]) for name in COLUMNS}


def chunk_bounds(
    shots: int, workers: int, max_chunk: int = MAX_CHUNK_SHOTS
) -> list[tuple[int, int]]:
    """Split ``range(shots)`` into consecutive ``(start, stop)`` chunks for ``workers``."""
    if shots <= 0:
        return []
    size = max(1, min(max_chunk, math.ceil(shots / (max(workers, 1) * CHUNKS_PER_WORKER))))
    return [(start, min(start + size, shots)) for start in range(0, shots, size)]


@dataclass(frozen=True)
class StudyResult:
    """A finished study: one row per shot, in shot order.

    Attributes:
        scenario: the starting point.
        shots, seed, noise: the plan.
        columns: name -> array of length ``shots`` (see :data:`COLUMNS`).
        workers: processes (or cluster workers) used; "cluster" runs record the worker count the
            scheduler reported.
        backend: ``"inline"``, ``"processes"`` or ``"dask"``.
        wall_s: elapsed seconds for the shots (without writing outputs).
    """

    scenario: Scenario
    shots: int
    seed: int
    noise: NoiseModel
    columns: dict[str, np.ndarray] = field(repr=False)
    workers: int = 1
    backend: str = "inline"
    wall_s: float = 0.0

    def column(self, name: str) -> np.ndarray:
        return self.columns[name]


class StudyError(RuntimeError):
    """A study that could not run (a worker died, the cluster is unreachable, ...)."""


def _progress_bar(total: int, enabled: bool) -> Any:
    if not enabled:
        return None
    from tqdm import tqdm

    return tqdm(total=total, unit="shot", desc="study", smoothing=0.1, dynamic_ncols=True)


def mp_context() -> multiprocessing.context.BaseContext:
    # fork shares the parent's compiled kernels and warm caches; spawn reloads them from the
    # Numba disk cache, slower but the only choice where fork does not exist.
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def _iter_local(
    scenario: Scenario,
    noise: NoiseModel,
    seed: int,
    bounds: list[tuple[int, int]],
    workers: int,
    factory: ModelFactory | None,
) -> Iterator[tuple[int, dict[str, np.ndarray]]]:
    if workers <= 1:
        for k, (start, stop) in enumerate(bounds):
            yield k, run_chunk(scenario, noise, seed, start, stop, factory)
        return
    with ProcessPoolExecutor(max_workers=workers, mp_context=mp_context()) as pool:
        pending: dict[Future[dict[str, np.ndarray]], int] = {}
        queue = list(enumerate(bounds))
        queue.reverse()
        limit = workers * 2
        while queue or pending:
            while queue and len(pending) < limit:
                k, (start, stop) = queue.pop()
                future = pool.submit(run_chunk, scenario, noise, seed, start, stop, factory)
                pending[future] = k
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                k = pending.pop(future)
                yield k, future.result()


def _iter_dask(
    scenario: Scenario,
    noise: NoiseModel,
    seed: int,
    bounds: list[tuple[int, int]],
    client: Any,
    factory: ModelFactory | None,
) -> Iterator[tuple[int, dict[str, np.ndarray]]]:
    from distributed import as_completed

    index_of = {}
    futures = []
    for k, (start, stop) in enumerate(bounds):
        future = client.submit(
            run_chunk, scenario, noise, seed, start, stop, factory, pure=False, key=None
        )
        index_of[future.key] = k
        futures.append(future)
    for future in as_completed(futures):
        yield index_of[future.key], future.result()


def default_workers() -> int:
    """Every core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:
        return max(1, os.cpu_count() or 1)


def connect_cluster(
    address: str, workers: int | None = None, timeout_s: float = 10.0
) -> tuple[Any, Callable[[], None]]:
    """A Dask ``Client`` for ``address`` and a function that closes what was opened.

    ``address`` is a scheduler address (``tcp://host:8786``) or ``"local"``, which starts a
    ``distributed.LocalCluster`` of ``workers`` single-threaded worker processes here (handy to
    try the cluster path on one machine). Raises :class:`StudyError` when the optional ``cluster``
    extra (dask[distributed]) is missing or the scheduler does not answer within ``timeout_s``.
    """
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise StudyError(
            "the cluster path needs Dask: pip install 'cuesim[cluster]' (dask[distributed])"
        ) from None
    if address == "local":
        cluster = LocalCluster(
            n_workers=workers or default_workers(), threads_per_worker=1, dashboard_address=":0"
        )
        client = Client(cluster)

        def close_local() -> None:
            client.close()
            cluster.close()

        return client, close_local
    try:
        client = Client(address, timeout=f"{timeout_s}s")
    except (OSError, TimeoutError) as exc:
        raise StudyError(f"cannot reach the Dask scheduler at {address!r}: {exc}") from None
    return client, client.close


def run_study(
    scenario: Scenario,
    shots: int,
    *,
    seed: int = 0,
    workers: int | None = None,
    noise: NoiseModel | None = None,
    client: Any = None,
    progress: bool = False,
    factory: ModelFactory | None = None,
    max_chunk: int = MAX_CHUNK_SHOTS,
) -> StudyResult:
    """Play ``shots`` noisy executions of ``scenario``'s shot; the rows come back in shot order.

    Args:
        scenario: the starting position and intended shot.
        shots: how many shots (>= 1).
        seed: the study seed (>= 0); with the shot index it fixes every shot's noise.
        workers: local processes (default: every core); ignored when ``client`` is given.
        noise: the execution-noise model (default: the scenario's ``[noise]``).
        client: a ``distributed.Client``: run the chunks as Dask tasks on its cluster.
        progress: show a tqdm progress bar (with time left) on stderr.
        factory: the shot-model factory (default: the real engine and referee).
        max_chunk: largest number of shots per task.

    Raises:
        ValueError: ``shots`` < 1 or ``seed`` < 0.
        StudyError: a worker or the cluster failed.
    """
    if shots < 1:
        raise ValueError(f"a study needs at least one shot, got {shots}")
    if seed < 0:
        raise ValueError(f"the seed must be >= 0, got {seed}")
    noise = scenario.noise if noise is None else noise
    if client is not None:
        info = client.scheduler_info()
        n_workers = max(1, len(info.get("workers", {})))
        backend = "dask"
    else:
        n_workers = default_workers() if workers is None else max(1, workers)
        n_workers = min(n_workers, shots)
        backend = "processes" if n_workers > 1 else "inline"
    bounds = chunk_bounds(shots, n_workers, max_chunk)
    if backend == "processes":
        # Build the model and play one shot here first: the kernels compile (or load from the
        # Numba cache) once, and forked workers inherit them warm.
        model = _model_for(factory or default_model_factory(), scenario)
        model.play(model.intended)
    parts: list[dict[str, np.ndarray] | None] = [None] * len(bounds)
    bar = _progress_bar(shots, progress)
    began = time.perf_counter()
    try:
        if backend == "dask":
            chunks = _iter_dask(scenario, noise, seed, bounds, client, factory)
        else:
            chunks = _iter_local(scenario, noise, seed, bounds, n_workers, factory)
        for k, part in chunks:
            parts[k] = part
            if bar is not None:
                bar.update(bounds[k][1] - bounds[k][0])
    except StudyError:
        raise
    except Exception as exc:
        if type(exc).__module__.startswith(("concurrent", "distributed")):
            raise StudyError(f"a study worker failed: {exc}") from exc
        raise
    finally:
        if bar is not None:
            bar.close()
    wall = time.perf_counter() - began
    columns = _concatenate([p for p in parts if p is not None])
    return StudyResult(
        scenario=scenario,
        shots=shots,
        seed=seed,
        noise=noise,
        columns=columns,
        workers=n_workers,
        backend=backend,
        wall_s=wall,
    )
