"""The computer's moves searched off the window's frame loop, without pygame.

:class:`Thinking` runs ``agents.choose`` for one position in a daemon thread, so the window
keeps drawing and reading input while the computer searches (0.01 s to about 1.3 s a move).
A game value is frozen, so the thread reads it safely while the window goes on; the window
keeps the position the search was started for (``Thinking.game``) and ignores a result for
any other (an undo, a load, a new match meanwhile): :meth:`Thinking.move_for`.

The same game, level and seed give the same move (``agents.choose``): the window passes the
match's seed, so a match against the computer replays alike after an undo or a load.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable

import agents
import rules
from render.match import MatchConfig

#: Where an unexpected error of the search is logged, with its traceback.
LOG = logging.getLogger("cuesim.render.computer")


class Thinking:
    """One search of the computer for ``game`` at ``level`` (``agents.LEVELS``), started at
    once in a daemon thread. ``notify`` (optional) is called from that thread when the search
    ends, e.g. to wake the window's frame loop; it must be thread-safe.

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
        self._thread = threading.Thread(target=self._run, name=f"computer-{level}", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self.move = agents.choose(self.game, self.level, seed=self.seed)
        except (agents.UnknownLevelError, agents.InvalidMoveRequestError, rules.RulesError) as exc:
            self.error = str(exc)
        except Exception as exc:  # a search failing must not end the window
            LOG.error("the computer's search failed", exc_info=exc)
            self.error = f"the computer could not choose a move ({type(exc).__name__}: {exc})"
        finally:
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
