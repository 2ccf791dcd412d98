"""Physical coefficients of a shot: one frozen dataclass, packed into a float64 array.

Every default comes from docs/physics.md §4 (the column "default (pool)"); the snooker ball
size and mass come from ``Params.for_table``. The kernels never see this object: they get
``Params.packed()``, a float64 vector whose indices are the ``P_*`` constants below (module-level
ints, which Numba freezes into the compiled code).

Packed layout (index: meaning, unit)::

    P_R              0   ball radius R, m
    P_M              1   ball mass m, kg
    P_G              2   gravitational acceleration g, m/s^2
    P_U_S            3   ball-cloth sliding friction mu_s (docs/physics.md §1.2)
    P_U_R            4   rolling resistance mu_r (deceleration / g, docs/physics.md §1.3)
    P_SPIN_DECEL     5   z-spin deceleration alpha_sp, rad/s^2 (docs/physics.md §1.4)
    P_E_B            6   ball-ball restitution e_b
    P_U_B            7   ball-ball friction mu_b; a negative value selects Alciatore's fit
    P_E_C            8   ball-cushion restitution e_c
    P_F_C            9   ball-cushion friction mu_c
    P_CUSHION_H     10   cushion nose height above the cloth h, m
    P_BALL_BALL     11   ball-ball model code (BALL_BALL_MODELS)
    P_CUSHION       12   cushion model code (CUSHION_MODELS)
    P_SIN_THETA_C   13   sin(theta_c) = (h - R) / R (docs/physics.md §0.2)
    P_COS_THETA_C   14   cos(theta_c)
    P_E_T           15   ball-slate restitution e_t (docs/physics-airborne.md section 3)
    P_LEN           16   length of the packed vector
"""

from __future__ import annotations

import math
import numbers
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING

import numpy as np

from sim.constants import G
from sim.errors import InvalidParamsError
from sim.models import BALL_BALL, CUSHION, codes_of, model_named

if TYPE_CHECKING:
    from sim.table import Table

P_R = 0
P_M = 1
P_G = 2
P_U_S = 3
P_U_R = 4
P_SPIN_DECEL = 5
P_E_B = 6
P_U_B = 7
P_E_C = 8
P_F_C = 9
P_CUSHION_H = 10
P_BALL_BALL = 11
P_CUSHION = 12
P_SIN_THETA_C = 13
P_COS_THETA_C = 14
P_E_T = 15
P_LEN = 16

#: Ball-ball collision models by name -> kernel code (from the table of sim.models).
BALL_BALL_MODELS = codes_of(BALL_BALL)
#: Ball-cushion collision models by name -> kernel code (from the table of sim.models).
CUSHION_MODELS = codes_of(CUSHION)

#: The range each physical coefficient must lie in: ``name: (low, high, unit, reason)``, both
#: ends included. The ranges hold every real table and ball set with a wide margin; outside them
#: the closed forms stay finite but a shot stops making sense (a ball that never stops sliding
#: bounces between cushions until the event cap, or every motion state ends at t = 0).
RANGES: dict[str, tuple[float, float, str, str]] = {
    "R": (0.01, 0.1, "m", "ball radius: pool 28.575 mm, snooker 26.25 mm, carom 30.75 mm"),
    "m": (0.01, 2.0, "kg", "ball mass: snooker 0.141 kg, pool 0.17 kg, carom 0.21 kg"),
    "g": (1.0, 100.0, "m/s^2", "gravity: 9.81 on Earth; below 1 nothing ever comes to rest"),
    "u_s": (1e-3, 2.0, "", "sliding friction: measured 0.1-0.3 on cloth (docs/physics.md §4)"),
    "u_r": (1e-4, 0.5, "", "rolling resistance: measured 0.005-0.015 (docs/physics.md §4)"),
    "spin_decel": (0.01, 1000.0, "rad/s^2", "z-spin deceleration: measured about 5-15"),
    "e_b": (0.0, 1.0, "", "a restitution"),
    "e_c": (0.0, 1.0, "", "a restitution"),
    "e_tip": (0.0, 1.0, "", "a restitution"),
    "e_t": (0.0, 1.0, "", "a restitution (ball-slate: about 0.5, Alciatore)"),
    "f_c": (0.0, 2.0, "", "ball-cushion friction: measured about 0.2 (docs/physics.md §4)"),
    "u_b": (0.0, 1.0, "", "ball-ball friction: measured 0.01-0.12 (Marlow; Alciatore TP A.14)"),
    "cue_mass": (0.1, 2.0, "kg", "cue mass: 0.45-0.6 kg for pool and snooker cues"),
    "end_mass": (1e-4, 2.0, "kg", "cue end mass of the squirt model: about m / 30"),
}

#: Pool ball (WPA): radius, m, and mass, kg (docs/physics.md §4).
POOL_BALL_RADIUS = 0.028575
POOL_BALL_MASS = 0.170
#: Snooker ball (WPBSA diameter 52.5 mm; mass is not specified, 0.141 kg is typical).
SNOOKER_BALL_RADIUS = 0.02625
SNOOKER_BALL_MASS = 0.141
#: Cue masses, kg: pool 20 oz (pooltool), snooker 0.478 (pooltool).
POOL_CUE_MASS = 0.567
SNOOKER_CUE_MASS = 0.478
#: Cushion nose height as a fraction of the ball diameter (WPA 63.5 %, docs/physics.md §4).
NOSE_HEIGHT_FRACTION = 0.635


@dataclass(frozen=True)
class Params:
    """Physical coefficients (SI) of the engine; frozen, change with ``dataclasses.replace``.

    Defaults are docs/physics.md §4's pool values. ``u_b = None`` selects Alciatore's
    speed-dependent ball-ball friction fit (TP A.14, docs/physics.md §3.1). ``end_mass = None``
    means ``m / 30`` (pooltool's squirt default). ``e_tip`` is the cue-tip restitution of the
    strike model (docs/physics.md §3.4; 1.0 reproduces Leckie & Greenspan, leather tips measure
    0.71-0.75 and 0.8 makes a centre hit leave at about 1.4x the cue speed).

    Construction validates every field and raises :class:`~sim.errors.InvalidParamsError`
    naming the field and the allowed range. ``cushion_height`` must lie in [R, 2R); the
    model names come from :data:`sim.models.MODELS`; the other ranges (from :data:`RANGES`,
    both ends included) are listed below.
    """

    R: float = POOL_BALL_RADIUS
    m: float = POOL_BALL_MASS
    g: float = G
    u_s: float = 0.2
    u_r: float = 0.01
    spin_decel: float = 10.9
    e_b: float = 0.95
    u_b: float | None = None
    e_c: float = 0.85
    f_c: float = 0.2
    cushion_height: float = NOSE_HEIGHT_FRACTION * 2.0 * POOL_BALL_RADIUS
    cue_mass: float = POOL_CUE_MASS
    end_mass: float | None = None
    e_tip: float = 0.8
    e_t: float = 0.5
    ball_ball_model: str = "frictional"
    cushion_model: str = "han2005"

    def __post_init__(self) -> None:
        for name, (low, high, unit, reason) in RANGES.items():
            value = getattr(self, name)
            if value is None and name in ("u_b", "end_mass"):
                continue
            if not _is_real(value) or not low <= value <= high:
                unit_text = f" {unit}" if unit else ""
                none_text = {"u_b": "None (Alciatore's fit) or ", "end_mass": "None (m / 30) or "}
                raise InvalidParamsError(
                    f"Params.{name} must be {none_text.get(name, '')}a finite number in "
                    f"[{low:g}, {high:g}]{unit_text} ({reason}), got {value!r}"
                )
        h = self.cushion_height
        if not _is_real(h) or not self.R <= h < 2.0 * self.R:
            raise InvalidParamsError(
                f"Params.cushion_height must lie in [R, 2R) = [{self.R}, {2 * self.R}) m "
                f"(the nose touches the upper half of the ball), got {h!r}"
            )
        for family in (BALL_BALL, CUSHION):
            try:
                model_named(family, getattr(self, f"{family}_model"))
            except ValueError as exc:
                raise InvalidParamsError(f"Params.{exc}") from None

    @classmethod
    def for_table(cls, table: Table, **overrides: object) -> Params:
        """Defaults for the ball set of ``table``: pool or snooker radius, mass, cue mass.

        The radius and cushion nose height are read from the table; ``overrides`` replace any
        field (e.g. ``Params.for_table(t, cushion_model="reflection")``).
        """
        if table.kind == "snooker":
            base: dict[str, object] = {
                "R": float(table.ball_radius),
                "m": SNOOKER_BALL_MASS,
                "cue_mass": SNOOKER_CUE_MASS,
            }
        else:
            base = {"R": float(table.ball_radius), "m": POOL_BALL_MASS, "cue_mass": POOL_CUE_MASS}
        base["cushion_height"] = float(table.cushion_height)
        base.update(overrides)
        return cls(**base)  # type: ignore[arg-type]

    @property
    def effective_end_mass(self) -> float:
        """Cue end mass used by the squirt model, kg (``end_mass`` or ``m / 30``)."""
        return self.end_mass if self.end_mass is not None else self.m / 30.0

    @property
    def cue_coefficients(self) -> tuple[float, float, float]:
        """The strike model's ``e_tip, m / M, m / m_e`` (tip restitution, the ball's mass over
        the cue's and over the cue's effective end mass; docs/physics.md §3.4): what
        ``sim.kernels.strike.cue_ball_launch`` reads (``ShotModel.cue``)."""
        return self.e_tip, self.m / self.cue_mass, self.m / self.effective_end_mass

    @property
    def sin_theta_c(self) -> float:
        """sin of the cushion contact angle above the equator, (h - R) / R
        (docs/physics.md §0.2)."""
        return (self.cushion_height - self.R) / self.R

    def packed(self) -> np.ndarray:
        """The kernel vector: float64 array of shape (P_LEN,), layout in the module docstring.

        A new array on each call; the object is not changed.
        """
        out = np.zeros(P_LEN, dtype=np.float64)
        out[P_R] = self.R
        out[P_M] = self.m
        out[P_G] = self.g
        out[P_U_S] = self.u_s
        out[P_U_R] = self.u_r
        out[P_SPIN_DECEL] = self.spin_decel
        out[P_E_B] = self.e_b
        out[P_U_B] = -1.0 if self.u_b is None else self.u_b
        out[P_E_C] = self.e_c
        out[P_F_C] = self.f_c
        out[P_CUSHION_H] = self.cushion_height
        out[P_BALL_BALL] = BALL_BALL_MODELS[self.ball_ball_model]
        out[P_CUSHION] = CUSHION_MODELS[self.cushion_model]
        s = self.sin_theta_c
        out[P_SIN_THETA_C] = s
        out[P_COS_THETA_C] = math.sqrt(1.0 - s * s)
        out[P_E_T] = self.e_t
        return out

    def as_dict(self) -> dict[str, object]:
        """The fields as a plain dict (for save files and reports)."""
        return asdict(self)


Params.__doc__ = (
    (Params.__doc__ or "")
    + "\n    Ranges:\n\n"
    + "\n".join(
        f"    * ``{name}``: [{low:g}, {high:g}] {unit} ({reason})"
        for name, (low, high, unit, reason) in RANGES.items()
    )
)


def _is_real(value: object) -> bool:
    """A finite real number (Python or numpy), not a bool."""
    return (
        isinstance(value, numbers.Real)
        and not isinstance(value, bool | np.bool_)
        and math.isfinite(float(value))
    )
