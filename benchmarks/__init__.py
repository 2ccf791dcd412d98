"""Engine benchmarks (``cuesim bench``) and the scripts that time the rest of cuesim.

- :mod:`benchmarks.shots`: the timed shots; the breaks are the games' own racks
  (``rules.new_game``), the random shots scatter balls on the cloth;
- :mod:`benchmarks.engine`: timing, the fresh-process compile and memory measurements, and the
  report (Markdown table, JSON) against the targets of the "Physics engine" issue.

The scripts beside them run from the repository root as ``python benchmarks/NAME.py``:
``bench_engine.py`` (the same as ``cuesim bench``), ``bench_study.py``, ``bench_window.py`` and
``compare_pooltool.py``.
"""
