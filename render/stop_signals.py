"""SIGTERM and SIGINT (Ctrl+C) end the window cleanly.

The handler only records the signal; the frame loop (``render.app``) sees it within one frame
or one idle wait, autosaves and returns, and the program exits with status 0.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable
from types import FrameType


class StopSignals:
    """Catches SIGTERM and SIGINT while the window runs: ``signal`` is the number received, or
    None; :meth:`restore` puts the previous handlers back."""

    def __init__(self) -> None:
        self.signal: int | None = None
        self._previous: dict[
            int, signal.Handlers | int | Callable[[int, FrameType | None], object] | None
        ] = {}
        if threading.current_thread() is not threading.main_thread():
            return  # signals can only be caught on the main thread
        for number in (signal.SIGTERM, signal.SIGINT):
            self._previous[number] = signal.signal(number, self._record)

    def _record(self, number: int, _frame: FrameType | None) -> None:
        self.signal = number

    def restore(self) -> None:
        """Put back the handlers there were before."""
        for number, handler in self._previous.items():
            signal.signal(number, handler)
