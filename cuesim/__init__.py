"""The ``cuesim`` command line: the composition root of the project.

:mod:`cuesim.cli` builds the argument parser and dispatches to :mod:`cuesim.play` (``play``,
``replay``: the window), :mod:`cuesim.lab_commands` (``shot``, ``judge``, ``study``: the shot
lab) and :mod:`cuesim.bench` (``bench``: engine benchmarks). It may import every layer
(docs/architecture.md); no package imports it.
"""
