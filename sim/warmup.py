"""Compile (first run) or load from the on-disk cache (later runs) every engine kernel.

CI, the tests and the benchmarks call :func:`warmup` once, so that nothing they time pays the
compile; the background build of :mod:`sim.engine` is this function in a process of its own.
"""

from __future__ import annotations

import time

import numpy as np


def warmup() -> float:
    """Run a tiny shot through every kernel entry point; returns the seconds it took.

    The shot (cue ball into one object ball on a 9-ft table, with a marked-line crossing, a
    cushion and transitions) touches the event loop, the motion, detection, resolution and
    root kernels the engine calls; ``state_at`` and ``sample`` touch the array evolution
    kernels; three tiny sight-line queries touch ``sightlines`` (the snooker referee's
    snookered and miss tests); the shot's digest, the balls past a line and the balls near the
    cue ball touch ``digest`` (every ruling; the 9-ball three-ball rule; snooker's touching
    ball). (The general ``roots.earliest_root``, which the engine does not call, compiles on
    first use.) Nothing is kept but the ``ready`` mark beside the cache
    (:func:`sim.engine_files.mark_ready`: a later :func:`sim.engine.start_engine` loads the
    engine instead of building it). On the Python path (:mod:`sim.engine`) the shots run there
    and nothing compiles: :func:`sim.engine.wait_for_engine` is the way to wait for the
    compiled kernels then.
    """
    from sim.balls import BallState
    from sim.digest import balls_with_part_below, balls_within, digest_log
    from sim.engine_files import mark_ready
    from sim.kernels.python_path import jit_enabled, runs_compiled
    from sim.sightlines import any_edges_clear, any_line_clear, first_place_with_edges_clear
    from sim.simulate import simulate
    from sim.strike import Strike
    from sim.table import Table

    start = time.perf_counter()
    table = Table.pool(9)
    x, y = table.head_spot
    state = BallState.at_rest(np.array([[x, y - 0.2], [x + 0.01, y + 0.6]]))
    result = simulate(table, state, Strike(speed=2.0, phi=90.0, b=0.2))
    result.state_at(0.5 * result.duration)
    result.sample(0.25 * result.duration)
    radius = float(table.ball_radius)
    digest_log(result.events, state.n)
    balls_with_part_below(result.events, state, result.final, y, radius)
    balls_within(result.final.pos, result.final.on_table, 0, 2.0 * radius)
    any_edges_clear((x, y), [[x, y + 0.6]], [[x + 0.1, y + 0.3]], radius)
    any_line_clear((x, y), (x, y + 0.6), [[x, y + 0.3]], radius, 3)
    first_place_with_edges_clear([[x, y]], [], 0.0, [[x, y + 0.6]], [], radius)
    if jit_enabled() and runs_compiled():
        mark_ready()
    return time.perf_counter() - start
