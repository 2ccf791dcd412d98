"""The shot lab: rule testing without a window.

- :mod:`lab.scenario`: scenario files (one position, one shot, what should happen):
  read, validate, write (docs/scenario-format.md);
- :mod:`lab.runner`: simulate and judge one scenario, compare with its expectations;
- :mod:`lab.study`: many noisy shots on local cores or a Dask cluster;
- :mod:`lab.report`: shares with Wilson intervals, CSV/Parquet tables, plots.

The execution-noise model of studies is the players' own (:mod:`agents.noise`), re-exported
here. Nothing here imports pygame; the pictures of a shot live in ``render/images.py``.
"""

from __future__ import annotations

from agents.noise import NoiseModel, StrikeValues
from lab.scenario import Scenario, ScenarioError, load_scenario, parse_scenario

__all__ = [
    "NoiseModel",
    "Scenario",
    "ScenarioError",
    "StrikeValues",
    "load_scenario",
    "parse_scenario",
]
