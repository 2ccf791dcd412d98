"""The computer's moves searched off the window's frame loop, without pygame.

:class:`Thinking` runs ``agents.choose`` for one position in a worker process of
:func:`search_pool`, so the window keeps drawing and reading input while the computer searches
(0.01 s to about 1.3 s a move) and the search never holds the window's interpreter lock (a
search in a thread of the window's own process took frames from it: the frame loop's draws wait
on the lock the search holds). The game value goes to the worker pickled, the move comes back
the same way; the window keeps the position the search was started for (``Thinking.game``) and
ignores a result for any other (an undo, a load, a new match meanwhile):
:meth:`Thinking.move_for`. A worker starts in about half a second (a fresh interpreter loading
the compiled engine from its cache) and serves every later search of the window. Being a fresh
interpreter (``spawn``), it imports the program's main module again: a script that opens the
window itself does so under ``if __name__ == "__main__":`` (``cuesim`` and pytest do).

The same game, level and seed give the same move (``agents.choose``): the window passes the
match's seed, so a match against the computer replays alike after an undo or a load.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

import agents
import rules
from render.match import MatchConfig

#: Where an unexpected error of the search is logged, with its traceback.
LOG = logging.getLogger("cuesim.render.computer")

#: Worker processes of the searches: one for the move under way, one for a search dropped by an
#: undo that is still running (or the coach's hint beside the computer's own move).
SEARCH_WORKERS = 2

#: How much lower than the window's the workers' scheduling priority is (``os.nice``): where
#: the search and the frame loop want the same core, the frames go first.
WORKER_NICENESS = 5

_pool: Executor | None = None
_pool_lock = threading.Lock()


def search_pool() -> Executor:
    """The worker processes the searches run in (started on first use; fresh interpreters,
    ``spawn``: nothing of the window's threads or its display goes with them)."""
    global _pool
    with _pool_lock:
        if _pool is None:
            context = multiprocessing.get_context("spawn")
            _pool = ProcessPoolExecutor(
                SEARCH_WORKERS, mp_context=context, initializer=_lower_priority
            )
        return _pool


def _lower_priority() -> None:
    """A worker's start: its priority :data:`WORKER_NICENESS` below the window's (where the
    system allows it)."""
    with contextlib.suppress(OSError, AttributeError):
        os.nice(WORKER_NICENESS)


def _drop_pool(broken: Executor) -> None:
    """Forget ``broken`` (a worker died): the next search starts fresh workers."""
    global _pool
    with _pool_lock:
        if _pool is broken:
            _pool = None
    broken.shutdown(wait=False, cancel_futures=True)


_engine_started = False


def choose_move(game: rules.Game, level: str, seed: int | None) -> agents.Move:
    """``agents.choose``; in a worker process the engine is started there first
    (``sim.start_engine``: its compiled kernels loaded from the cache, or built while the cache
    is still being made)."""
    global _engine_started
    if not _engine_started and multiprocessing.parent_process() is not None:
        import sim

        sim.start_engine()
        _engine_started = True
    return agents.choose(game, level, seed=seed)


class Thinking:
    """One search of the computer for ``game`` at ``level`` (``agents.LEVELS``), started at
    once in :func:`search_pool`. ``notify`` (optional) is called from the pool's thread when
    the search ends, e.g. to wake the window's frame loop; it must be thread-safe.

    Attributes (read them once :attr:`done`): ``move`` (the ``agents.Move``) or ``error``
    (the refusal or failure in words)."""

    def __init__(
        self,
        game: rules.Game,
        level: str,
        seed: int | None,
        notify: Callable[[], None] | None = None,
    ) -> None:
        self.game = game
        self.level = level
        self.seed = seed
        self.move: agents.Move | None = None
        self.error: str | None = None
        self._notify = notify
        self._done = threading.Event()
        self._pool = pool = search_pool()
        try:
            future = pool.submit(choose_move, game, level, seed)
        except RuntimeError as exc:  # a broken or shut-down pool: fresh workers next time
            _drop_pool(pool)
            self._finish(
                None,
                f"the computer's worker stopped ({exc}); a key on its turn searches again",
            )
            return
        future.add_done_callback(self._collect)

    def _collect(self, future: Future[agents.Move]) -> None:
        """The search's end (called in the pool's thread): its move, or its error in words."""
        try:
            self._finish(future.result(), None)
        except (agents.UnknownLevelError, agents.InvalidMoveRequestError, rules.RulesError) as exc:
            self._finish(None, str(exc))
        except BrokenProcessPool as exc:  # a worker died (killed, out of memory): fresh ones next
            _drop_pool(self._pool)
            self._finish(
                None,
                f"the computer's worker stopped ({exc}); a key on its turn searches again",
            )
        except Exception as exc:  # a search failing must not end the window
            LOG.error("the computer's search failed", exc_info=exc)
            self._finish(
                None, f"the computer could not choose a move ({type(exc).__name__}: {exc})"
            )

    def _finish(self, move: agents.Move | None, error: str | None) -> None:
        self.move, self.error = move, error
        self._done.set()
        if self._notify is not None:
            with contextlib.suppress(Exception):  # the window may be closing: none to wake
                self._notify()

    @property
    def done(self) -> bool:
        """Whether the search has ended (with a move or an error)."""
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the search ends (tests and benchmarks), at most ``timeout`` s; returns
        :attr:`done`."""
        return self._done.wait(timeout)

    def move_for(self, game: rules.Game) -> agents.Move | None:
        """The move, when the search has ended with one and ``game`` is the very position it
        searched (by identity: a position undone to or loaded is a new value), else None."""
        if not self.done or game is not self.game:
            return None
        return self.move


def level_to_act(config: MatchConfig | None, game: rules.Game | None) -> str | None:
    """The computer's level for the player to act in ``game`` (to shoot, or to choose when a
    choice is pending), or None: a person acts, the game is over, or there is no match."""
    if config is None or game is None or game.is_over:
        return None
    return config.level_for(int(game.to_play))


def search_seed(config: MatchConfig) -> int:
    """The seed the computer's searches of a match use: the match's own (``agents.choose``
    draws each move's stream from it and the position, so every shot has a fresh one)."""
    return int(config.seed)
