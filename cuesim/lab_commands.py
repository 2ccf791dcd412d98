"""``cuesim shot``, ``cuesim judge`` and ``cuesim study``: the shot lab on the command line.
This module builds their argument parsers; each command's handler is its own module:

- ``shot FILE`` (:mod:`cuesim.shot_command`): simulate and judge one scenario; print the events
  and the ruling in plain words (``--json`` for machines), draw it (``--png``, ``--gif``).
- ``judge FILES_OR_DIRS...`` (:mod:`cuesim.judge_command`): run every scenario, compare with its
  ``[expect]``, print a pass/fail table with the differences; exit status 1 when anything failed.
- ``study FILE --shots N`` (:mod:`cuesim.study_command`): many noisy executions of the
  scenario's shot on every core (or a Dask cluster with ``--cluster``), summarised with Wilson
  intervals; CSV/Parquet and a plot.

Bad input (a malformed scenario, an unknown ball, an illegal placement, ...) is reported in one
line naming the file and the field, with exit status 2; never a traceback. Importing these
modules is cheap: the engine, the referee and pygame load inside the handlers.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cuesim.judge_command import run_judge
from cuesim.options import bounded_float, bounded_int, cluster_address, output_path
from cuesim.shot_command import run_shot
from cuesim.study_command import run_study_command

#: GIF frame rates allowed, frames per second: a GIF stores delays in 10 ms steps, and viewers
#: slow down delays under 20 ms, so more than 50 frames per second cannot be shown.
FPS_RANGE = (1.0, 50.0)
#: Most shots of one study: the per-shot table of a million shots is about 100 MB in memory.
MAX_SHOTS = 1_000_000
#: Most local worker processes of a study.
MAX_WORKERS = 256
#: Most jittered plays per scenario of ``cuesim judge --jitter``.
MAX_JITTER = 1000
#: Study seeds: SeedSequence entropy stored as a 64-bit integer.
MAX_SEED = 2**63 - 1
#: Suffixes of the files the study writes (``lab.report.TABLE_SUFFIXES`` / ``PLOT_SUFFIXES``;
#: a test keeps them equal without importing the lab here, which would load the engine).
TABLE_SUFFIXES = (".csv", ".parquet")
PLOT_SUFFIXES = (".png", ".svg", ".pdf")
#: Upper bounds of the noise overrides (sd): relative speed, degrees, degrees, ball radii.
NOISE_LIMITS = {"speed": 1.0, "phi": 180.0, "theta": 90.0, "tip": 1.0}


def register(subparsers: Any) -> None:
    """Add ``shot``, ``judge`` and ``study`` to the ``cuesim`` parser."""
    shot = subparsers.add_parser(
        "shot",
        help="simulate and judge one scenario file",
        description="Simulate and judge one scenario; print the events and the ruling.",
    )
    shot.add_argument("file", type=Path, help="scenario file (.toml or .json)")
    shot.add_argument("--json", action="store_true", help="machine-readable output on stdout")
    shot.add_argument(
        "--png",
        type=output_path(".png", kind="picture"),
        metavar="OUT",
        help="write a still picture of the shot",
    )
    shot.add_argument(
        "--gif",
        type=output_path(".gif", kind="animation"),
        metavar="OUT",
        help="write an animation of the shot",
    )
    shot.add_argument(
        "--fps",
        type=bounded_float(*FPS_RANGE, "--fps", unit="frames per second"),
        default=20.0,
        help="GIF frames per second, 1 to 50 (20)",
    )
    shot.add_argument(
        "--all-events", action="store_true", help="also list motion changes (sliding->rolling...)"
    )
    shot.set_defaults(handler=run_shot)

    judge = subparsers.add_parser(
        "judge",
        help="run scenario files and check their expectations",
        description="Run every scenario, compare the ruling with its [expect] table.",
    )
    judge.add_argument("paths", type=Path, nargs="+", help="scenario files or folders of them")
    judge.add_argument("--json", action="store_true", help="machine-readable output on stdout")
    judge.add_argument(
        "--jitter",
        type=bounded_int(0, MAX_JITTER, "--jitter"),
        default=0,
        metavar="N",
        help="also play each shot N times with tiny aim/speed/tip noise; FAIL if any ruling "
        "differs (finds expectations that hang on chaos)",
    )
    judge.set_defaults(handler=run_judge)

    study = subparsers.add_parser(
        "study",
        help="many noisy shots from one scenario, with statistics",
        description=(
            "Play the scenario's shot N times with seeded execution noise (docs/lab.md); "
            "report shares with 95 percent Wilson intervals."
        ),
    )
    study.add_argument("file", type=Path, help="scenario file (.toml or .json)")
    study.add_argument(
        "--shots",
        type=bounded_int(1, MAX_SHOTS, "--shots"),
        required=True,
        help=f"number of shots (1 to {MAX_SHOTS:,})",
    )
    study.add_argument(
        "--seed", type=bounded_int(0, MAX_SEED, "--seed"), default=0, help="study seed (0)"
    )
    study.add_argument(
        "--workers",
        type=bounded_int(1, MAX_WORKERS, "--workers"),
        help=f"local worker processes, 1 to {MAX_WORKERS} (default: every core)",
    )
    study.add_argument(
        "--cluster",
        metavar="ADDRESS",
        type=cluster_address,
        help="run on a Dask cluster: scheduler address (tcp://host:8786) or 'local'",
    )
    study.add_argument(
        "--out",
        type=output_path(*TABLE_SUFFIXES, kind="table"),
        help="per-shot table: .csv or .parquet",
    )
    study.add_argument(
        "--plot",
        type=output_path(*PLOT_SUFFIXES, kind="picture"),
        help="plot of the results: .png, .svg, .pdf",
    )
    study.add_argument(
        "--json", type=output_path(".json"), metavar="OUT", help="write the summary as JSON"
    )
    study.add_argument("--quiet", action="store_true", help="no progress bar")
    for name, unit in (
        ("speed", "relative sd of the cue speed"),
        ("phi", "sd of the direction, degrees"),
        ("theta", "sd of the elevation, degrees"),
        ("tip", "sd of each tip offset, ball radii"),
    ):
        study.add_argument(
            f"--noise-{name}",
            type=bounded_float(0.0, NOISE_LIMITS[name], f"--noise-{name} (a noise option)"),
            metavar="SD",
            help=f"override: {unit} (0 to {NOISE_LIMITS[name]:g})",
        )
    study.set_defaults(handler=run_study_command)
