"""Physical constants, motion states and numerical tolerances: the one place they live.

Everything is SI (metres, seconds, kilograms, radians). Each tolerance says why it has its
value; change them here and nowhere else.
"""

from __future__ import annotations

from enum import IntEnum


class MotionState(IntEnum):
    """How a ball moves (docs/physics.md §0.3). Values are stored in arrays and logs."""

    STATIONARY = 0  #: at rest, no spin
    SPINNING = 1  #: at rest on the spot, spinning about the vertical axis only
    SLIDING = 2  #: the cloth-contact point slips (kinetic friction mu_s acts)
    ROLLING = 3  #: no slip at the cloth; rolling resistance mu_r acts
    POCKETED = 4  #: removed from play
    AIRBORNE = 5  #: off the cloth, in free flight (docs/physics-airborne.md)
    OFF_TABLE = 6  #: left the table over a rail, or came to rest on a rail top (out of play)


#: The motion states of a ball out of play (``BallState.on_table`` False exactly for these): a
#: pocketed ball and a ball that left the table are told apart by their state.
OUT_OF_PLAY = (MotionState.POCKETED, MotionState.OFF_TABLE)


#: Gravitational acceleration, m/s^2 (the value pooltool and FastFiz use).
G = 9.81

#: Slip speed |u| below which a ball counts as not sliding, m/s.
EPS_SLIP = 1e-9
#: Speed below which a ball counts as not moving, m/s.
EPS_SPEED = 1e-9
#: Surface speed R*|w_z| below which a ball counts as not spinning, m/s.
EPS_SPIN_SURFACE = 1e-9

#: Largest overlap two balls (or a ball and a cushion) may show after an event before the
#: engine reports a fault, m. Touching is allowed; interpenetration beyond this is a bug.
MAX_OVERLAP = 1e-9

#: Zeno guard of the event loop (docs/physics.md §2.9 item 8; sim/kernels/loop.py). Balls rolling
#: together in contact (a chaser with surplus topspin behind a struck ball, or a slow ball
#: pressing into a cluster) collide again and again at shrinking intervals: each contact leaves
#: them sliding, and sliding turns spin back into closing speed. A contact slower than
#: ZENO_SPEED (m/s) of a pair that already touched less than ZENO_WINDOW (s) before, or one
#: found with no closing speed at all, is resolved as a dissipative "stick": the touching group
#: takes its mean velocity and spin and finishes sliding at once. This is our approximation
#: (it only removes energy), not a published model; a fresh slow contact is resolved by the
#: collision model as usual.
ZENO_SPEED = 1e-2
ZENO_WINDOW = 1e-2
#: Centre distance beyond 2R (or gap to a cushion) within which bodies count as touching for
#: the Zeno stick, m.
TOUCH_TOL = 1e-8

#: Default cap on events per shot: a shot needing more is stopped with EventCapExceededError
#: (guards against Zeno chains; a hard 16-ball break needs a few hundred).
DEFAULT_MAX_EVENTS = 20_000
#: Largest ``max_events`` simulate accepts: 50 times the default, far beyond any real shot, and
#: small enough that the log and snapshots of a 22-ball shot that long still fit in memory.
MAX_EVENTS_LIMIT = 1_000_000

#: Most frames ``ShotResult.sample`` returns (a 60 s shot at 1 ms; 22 balls take 35 MB).
MAX_SAMPLE_FRAMES = 200_000

#: Largest cue speed a Strike accepts, m/s (a powerful break is 11-13.4 m/s ball speed).
MAX_CUE_SPEED = 15.0

#: Largest tip offset sqrt(a^2 + b^2), in ball radii, before a miscue (Alciatore: about 0.5 R).
MISCUE_LIMIT = 0.5

#: Largest cue elevation, degrees.
MAX_ELEVATION_DEG = 89.0

#: A ball leaving a surface so slowly that its next apex would be lower than this, m, stays on
#: it (its vertical velocity is set to 0): about the thickness of the cloth, so a hop lower than
#: the nap is not a flight (ours, docs/physics-airborne.md section 3). It ends every bounce
#: sequence after finitely many bounces.
BOUNCE_SETTLE_HEIGHT = 5e-4
