"""Straight sight lines between balls, compiled: whether a ball rolling in a straight line from a
start can strike a target ball, at both of its extreme edges or at any part, without touching
another ball on the way (the geometry of WPBSA Section 2, "Snookered", and rule 3.14, "a clear
path in a straight line to any part of any ball on").

The edge geometry: a ball starting at C strikes the extreme edge of a target T (centres ``D >
2R`` apart) when its centre runs at ``asin(2R / D)`` either side of the line C->T, for
``sqrt(D^2 - 4 R^2)``. An obstacle touches a stroke when its centre lies ahead of the start and
within ``2 R + graze`` of the segment the moving centre sweeps. A target touching the start
(``D <= 2R``) counts as struck.

Each function checks its arguments (``InvalidBallStateError``: what was wrong and what is
allowed), then calls its kernel in ``sim.kernels.sightlines``. Positions are table-frame metres,
arrays ``(m, 2)`` float.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import NamedTuple

import numpy as np

from sim.errors import InvalidBallStateError
from sim.kernels import sightlines as _kernels

#: Default slack on touching (m): an obstacle within ``2R + GRAZE`` of a stroke touches it.
GRAZE = 1e-9
#: Margin on the box around the way to a target outside which obstacles are skipped, m.
CORRIDOR_MARGIN = 1e-6

_NOT_FINITE = "{} must hold finite centres (x, y in metres); got NaN or infinity"


def _points(name: str, value: object) -> np.ndarray:
    """``value`` as a writable C-contiguous ``(k, 2)`` float64 array (a fresh copy of a
    read-only one: Numba compiles read-only arrays as a type of their own, which the warm-up
    would not have loaded), else the error. Finiteness is checked by the kernels, in one pass.
    An empty sequence is ``(0, 2)``."""
    if isinstance(value, str | bytes):
        raise InvalidBallStateError(f"{name} must be an array of (x, y) centres, not text")
    try:
        arr = np.ascontiguousarray(value, dtype=np.float64)
    except (TypeError, ValueError):
        raise InvalidBallStateError(
            f"{name} must be an array of (x, y) centres in metres, shape (k, 2)"
        ) from None
    if arr.shape == (0,):
        return np.zeros((0, 2))
    if arr.ndim != 2 or arr.shape[1] != 2:
        raise InvalidBallStateError(
            f"{name} must have shape (k, 2) (x, y centres in metres); got shape {arr.shape}"
        )
    return arr if arr.flags.writeable else arr.copy()


def _xy(name: str, value: Sequence[float] | np.ndarray) -> tuple[float, float]:
    """``value`` as one finite (x, y) centre in metres, else the error naming ``name``."""
    if isinstance(value, str | bytes):
        raise InvalidBallStateError(f"{name} must be one (x, y) centre in metres, not text")
    try:
        x, y = value  # two items, then each a number
        x, y = float(x), float(y)
    except (TypeError, ValueError):
        raise InvalidBallStateError(f"{name} must be one (x, y) centre in metres") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise InvalidBallStateError(f"{name} must be finite; got ({x}, {y})")
    return x, y


def _length(name: str, value: object, allowed: str, ok: Callable[[float], bool]) -> float:
    """``value`` as a finite length in metres for which ``ok`` holds, else the error naming
    ``name`` and the ``allowed`` range."""
    try:
        length = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        length = math.nan
    if not (math.isfinite(length) and ok(length)):
        raise InvalidBallStateError(f"{name} must be a finite length {allowed} m; got {value!r}")
    return length


def _radius_and_graze(radius: object, graze: object) -> tuple[float, float]:
    """The balls' radius (> 0 m) and the touching slack (in [0, radius) m), checked."""
    r = _length("radius", radius, "> 0", lambda v: v > 0.0)
    return r, _length("graze", graze, "in [0, radius)", lambda v: 0.0 <= v < r)


def _raise_not_finite(code: int, first: int, names: tuple[str, ...]) -> None:
    """Raise for a kernel's code ``first - k`` (the k-th of ``names`` not finite)."""
    raise InvalidBallStateError(_NOT_FINITE.format(names[first - code]))


def any_edges_clear(
    start: Sequence[float] | np.ndarray,
    targets: object,
    obstacles: object,
    radius: float,
    graze: float = GRAZE,
) -> bool:
    """Whether some ball of ``targets`` (``(m, 2)``) can be struck at both extreme edges from
    ``start`` (x, y) free of the balls at ``obstacles`` (``(k, 2)``); balls of ``radius`` m.
    False when there is no target."""
    cx, cy = _xy("start", start)
    r, g = _radius_and_graze(radius, graze)
    found = _kernels.any_target_edges_clear(
        cx, cy, _points("targets", targets), _points("obstacles", obstacles), r, g,
        CORRIDOR_MARGIN,
    )  # fmt: skip
    if found < 0:
        _raise_not_finite(found, -1, ("targets", "obstacles"))
    return found == 1


class PlaceSearch(NamedTuple):
    """What :func:`first_place_with_edges_clear` found: whether any place was free of the
    occupied balls, and the index of the first free place that sees a target at both edges
    (None when none does)."""

    any_free: bool
    first_clear: int | None


def first_place_with_edges_clear(
    places: object,
    occupied: object,
    clearance: float,
    targets: object,
    obstacles: object,
    radius: float,
    graze: float = GRAZE,
) -> PlaceSearch:
    """The first start of ``places`` (``(p, 2)``, in order) from which :func:`any_edges_clear`
    holds, trying only the places where the starting ball stays at least ``2 radius +
    clearance`` from every ball of ``occupied`` (``(q, 2)``)."""
    r, g = _radius_and_graze(radius, graze)
    gap = _length("clearance", clearance, ">= 0", lambda v: v >= 0.0)
    found = int(
        _kernels.any_place_edges_clear(
            _points("places", places), _points("occupied", occupied), gap,
            _points("targets", targets), _points("obstacles", obstacles), r, g, CORRIDOR_MARGIN,
        )
    )  # fmt: skip
    if found <= -3:
        _raise_not_finite(found, -3, ("places", "occupied", "targets", "obstacles"))
    return PlaceSearch(found != _kernels.ALL_OCCUPIED, found if found >= 0 else None)


def any_line_clear(
    start: Sequence[float] | np.ndarray,
    target: Sequence[float] | np.ndarray,
    obstacles: object,
    radius: float,
    samples: int,
    graze: float = GRAZE,
) -> bool:
    """Whether some straight line from ``start`` strikes the ball at ``target`` free of the
    balls at ``obstacles`` (``(k, 2)``): ``samples`` (>= 2) directions evenly spread in angle
    from the left extreme edge to the right one, both included."""
    cx, cy = _xy("start", start)
    tx, ty = _xy("target", target)
    r, g = _radius_and_graze(radius, graze)
    if isinstance(samples, bool) or not isinstance(samples, int | np.integer) or samples < 2:
        raise InvalidBallStateError(f"samples must be an integer >= 2; got {samples!r}")
    found = _kernels.any_line_clear(
        cx, cy, tx, ty, _points("obstacles", obstacles), r, g, CORRIDOR_MARGIN, int(samples)
    )
    if found < 0:
        _raise_not_finite(found, -1, ("obstacles",))
    return found == 1
