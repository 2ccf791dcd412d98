"""How far a build of the compiled engine has got, and how long it has left.

A build (:func:`sim.warmup` in a fresh process, with an empty cache) goes through three stages,
each seen through Numba's event API (``numba.core.event``: a ``numba:compile`` event per
function compiled, a ``numba:run_pass`` event per compiler pass):

1. **typing**: Numba types and lowers every kernel under ``run_shot``, one ``numba:compile``
   event per kernel of ``sim.kernels`` (125 on Numba 0.68 and today's kernels); measured by
   the kernels done over those expected;
2. **machine code**: ``run_shot``'s lowering pass optimises and emits the whole tree; no event
   comes during it, so it is measured by its time against the typing's, in the ratio of the last
   build here (0.62 by default: 8.0 s after 12.9 s of typing on the 2-core machine);
3. **the rest**: the other kernels Python calls (sampling, digest, sight lines: 19 more
   compiles, 0.22 of the typing's time), counted like the typing.

The fraction weighs the stages by their expected times; the time left is the typing's measured
rate carried over the later stages (before a tenth of the typing is done, the last build's
total time here, when known). A build records its own counts and ratios
(:class:`BuildProfile`, ``build-profile.json``), so that the next one, after an edit or an
upgrade, is timed by this machine's. Nothing here imports Numba: the window reads the clock a
builder writes (:meth:`BuildClock.to_json`) without starting Numba's compiler.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

#: Stages of a build, in order.
TYPING, MACHINE_CODE, REST, DONE = "typing", "machine code", "rest", "done"

#: The most a stage measured by its time shows before it ends (a late stage never reads full).
STAGE_CAP = 0.97

#: The share of the typing done before its rate is trusted for the time left.
RATE_AFTER = 0.1


@dataclass(frozen=True)
class BuildProfile:
    """The expected shape of a build (see the module); defaults from the 2-core machine, Numba
    0.68.

    Attributes:
        typing_compiles: kernels of ``sim.kernels`` compiled before ``run_shot``'s machine code.
        rest_compiles: kernels compiled after it.
        machine_code_ratio: ``run_shot``'s machine code time over the typing time.
        rest_ratio: the rest's time over the typing time.
        seconds: the whole build's time, s (None: never built here).
    """

    typing_compiles: int = 125
    rest_compiles: int = 19
    machine_code_ratio: float = 0.62
    rest_ratio: float = 0.22
    seconds: float | None = None

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> BuildProfile:
        """The profile kept as ``data`` (:func:`dataclasses.asdict`), the defaults for what is
        missing or out of range."""
        default = cls()
        if not data:
            return default
        values: dict[str, Any] = {}
        for f in fields(cls):
            value = data.get(f.name)
            if isinstance(value, bool) or not isinstance(value, int | float):
                continue
            if f.name.endswith("compiles") and 1 <= value <= 10_000:
                values[f.name] = int(value)
            elif (f.name.endswith("ratio") and 0.0 < value < 10.0) or (
                f.name == "seconds" and 0.0 < value < 3600.0
            ):
                values[f.name] = float(value)
        return cls(**values)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @property
    def weights(self) -> tuple[float, float, float]:
        """Each stage's share of the build's time (typing, machine code, rest)."""
        total = 1.0 + self.machine_code_ratio + self.rest_ratio
        return 1.0 / total, self.machine_code_ratio / total, self.rest_ratio / total


@dataclass
class BuildClock:
    """A build's progress as it goes: the builder feeds it Numba's events, a reader asks it the
    fraction done and the time left. Times are wall-clock seconds (``time.time()``), so the
    builder's clock reads the same in another process.

    Attributes:
        started: when the build started.
        profile: what the build is expected to take.
        stage: the stage under way (``TYPING`` ... ``DONE``).
        typing_compiles, rest_compiles: kernels compiled so far in those stages.
        machine_code_started, rest_started, finished: when those stages began (None: not yet).
        error: what stopped the build, in words (None: nothing).
    """

    started: float
    profile: BuildProfile = field(default_factory=BuildProfile)
    stage: str = TYPING
    typing_compiles: int = 0
    rest_compiles: int = 0
    machine_code_started: float | None = None
    rest_started: float | None = None
    finished: float | None = None
    error: str | None = None

    # -- what the builder reports
    def kernel_compiled(self) -> None:
        """A kernel of ``sim.kernels`` finished compiling."""
        if self.stage == TYPING:
            self.typing_compiles += 1
        elif self.stage == REST:
            self.rest_compiles += 1

    def machine_code_starts(self, now: float) -> None:
        """``run_shot``'s lowering pass began (the first time only)."""
        if self.stage == TYPING:
            self.stage, self.machine_code_started = MACHINE_CODE, now

    def machine_code_ends(self, now: float) -> None:
        """``run_shot`` finished compiling."""
        if self.stage == MACHINE_CODE:
            self.stage, self.rest_started = REST, now

    def finish(self, now: float, error: str | None = None) -> None:
        self.stage, self.finished, self.error = DONE, now, error

    # -- what a reader asks
    def _typing_seconds(self, now: float) -> float:
        end = self.machine_code_started if self.machine_code_started is not None else now
        return max(end - self.started, 1e-6)

    def _typing_share(self) -> float:
        return min(STAGE_CAP, self.typing_compiles / self.profile.typing_compiles)

    def fraction(self, now: float) -> float:
        """The share of the build done at ``now``, 0..1 (1 only once it is done)."""
        typing, code, rest = self.profile.weights
        if self.stage == DONE:
            return 1.0 if self.error is None else self._fraction_before_done(now)
        if self.stage == TYPING:
            return typing * self._typing_share()
        if self.stage == MACHINE_CODE:
            return typing + code * self._stage_by_time(now)
        share = min(STAGE_CAP, self.rest_compiles / self.profile.rest_compiles)
        return typing + code + rest * share

    def _fraction_before_done(self, now: float) -> float:
        """The fraction a build that stopped had reached (without the stop)."""
        stopped = BuildClock(**{**self.__dict__, "stage": self._stage_reached(), "error": None})
        return stopped.fraction(now)

    def _stage_reached(self) -> str:
        if self.rest_started is not None:
            return REST
        return MACHINE_CODE if self.machine_code_started is not None else TYPING

    def _stage_by_time(self, now: float) -> float:
        """How far the machine code stage is by its time against the typing's."""
        assert self.machine_code_started is not None
        expected = self.profile.machine_code_ratio * self._typing_seconds(now)
        return min(STAGE_CAP, (now - self.machine_code_started) / expected)

    def seconds_left(self, now: float) -> float | None:
        """The seconds the build should still take at ``now`` (None: not known yet)."""
        p = self.profile
        if self.stage == DONE:
            return 0.0
        if self.stage == TYPING:
            share = self.typing_compiles / p.typing_compiles
            if share < RATE_AFTER:
                return None if p.seconds is None else max(1.0, p.seconds - (now - self.started))
            typing_total = self._typing_seconds(now) / min(share, 1.0)
            total = typing_total * (1.0 + p.machine_code_ratio + p.rest_ratio)
            return max(1.0, total - (now - self.started))
        typing_s = self._typing_seconds(now)
        rest_total = p.rest_ratio * typing_s
        if self.stage == MACHINE_CODE:
            assert self.machine_code_started is not None
            code_left = p.machine_code_ratio * typing_s - (now - self.machine_code_started)
            return max(0.5, code_left) + rest_total
        rest_share = min(1.0, self.rest_compiles / p.rest_compiles)
        return max(0.2, rest_total * (1.0 - rest_share))

    def learned(self) -> BuildProfile:
        """The profile this finished build measured (the old one where it measured nothing)."""
        if self.error is not None or self.finished is None:
            return self.profile
        if self.machine_code_started is None or self.rest_started is None:
            return self.profile
        typing_s = self._typing_seconds(self.finished)
        return BuildProfile(
            typing_compiles=max(1, self.typing_compiles),
            rest_compiles=max(1, self.rest_compiles),
            machine_code_ratio=(self.rest_started - self.machine_code_started) / typing_s,
            rest_ratio=max(1e-3, (self.finished - self.rest_started) / typing_s),
            seconds=self.finished - self.started,
        )

    def to_json(self) -> dict[str, Any]:
        data = dict(self.__dict__)
        data["profile"] = self.profile.to_json()
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BuildClock | None:
        """The clock kept as ``data`` (:meth:`to_json`), or None when it is not one."""
        try:
            clock = cls(
                started=float(data["started"]),
                profile=BuildProfile.from_json(data.get("profile")),
                stage=str(data["stage"]),
                typing_compiles=int(data["typing_compiles"]),
                rest_compiles=int(data["rest_compiles"]),
                machine_code_started=_maybe_float(data.get("machine_code_started")),
                rest_started=_maybe_float(data.get("rest_started")),
                finished=_maybe_float(data.get("finished")),
                error=None if data.get("error") is None else str(data["error"]),
            )
        except (KeyError, TypeError, ValueError):
            return None
        return clock if clock.stage in (TYPING, MACHINE_CODE, REST, DONE) else None


def _maybe_float(value: Any) -> float | None:
    return None if value is None else float(value)
