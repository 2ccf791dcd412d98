"""The computer player: shots searched with the engine and judged by the referee.

- :mod:`agents.noise`: the execution-noise model, how a cue arm misses the intended strike
  (the computer's hand, and the lab's studies).
"""

from __future__ import annotations

from agents.noise import InvalidNoiseError, NoiseModel, StrikeValues

__all__ = ["InvalidNoiseError", "NoiseModel", "StrikeValues"]
