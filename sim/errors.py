"""Specific errors for bad input to the engine.

Each is a ``ValueError`` subclass whose message says what was wrong and what is allowed. An
error is raised before anything is changed: the caller's arrays and objects stay as they were.
"""

from __future__ import annotations


class SimInputError(ValueError):
    """Base class for every bad-input error the engine raises."""


class InvalidStrikeError(SimInputError):
    """A cue strike that cannot be played (NaN, speed out of range, miscue offset, ...)."""


class InvalidParamsError(SimInputError):
    """Physical parameters out of their documented range, or an unknown model name."""


class InvalidBallStateError(SimInputError):
    """Ball arrays of the wrong shape, with NaN or infinite numbers, or inconsistent."""


class OverlappingBallsError(InvalidBallStateError):
    """Two balls on the table interpenetrate by more than the allowed tolerance."""


class BallOffTableError(InvalidBallStateError):
    """A ball on the table lies outside the cloth (beyond a cushion) or inside a pocket."""


class InvalidEventLogError(SimInputError):
    """An event log that is not an ``EVENT_DTYPE`` array, or names a ball its shot lacks."""


class EventCapExceededError(RuntimeError):
    """The shot needed more events than the cap allows; the shot was stopped, not hung.

    ``partial`` holds the ShotResult up to the cap when the engine could build one.
    """

    def __init__(self, message: str, partial: object | None = None) -> None:
        super().__init__(message)
        self.partial = partial
