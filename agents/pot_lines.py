"""Pots from the geometry, in every family: direct, bank, kick, combination, carom.

Each :class:`PotLine` is a first guess the engine refines (:mod:`agents.aiming`): the cue
direction ``phi`` from ghost-ball geometry, the point the dropping ball must be sent at, the
event after which its path is measured, the slowest cue speed that carries it to the pocket and
its geometric chance (:mod:`agents.geometry`: the sideways error at the pocket over the drop
interval's half-width).

Banks and kicks use the mirror image of the pocket (or of the ghost ball) in the line a ball
centre rebounds from, one ball radius off the rail's nose (the ideal rebound: Alciatore,
"Illustrated Principles", chapter 5, the mirror-image system); a rebound is never quite a mirror,
so their chance is discounted (``BANK_ERROR``, ``KICK_ERROR``) and the engine's refinement finds
the real aim. A carom sends the object ball into a second ball at the point where the 90-degree
rule (a sliding object ball leaves along the tangent line: Alciatore, TP 3.1) turns it to the
pocket. A combination multiplies the two gearings.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from agents.geometry import aim_points, erf, lines_clear, pot_lines
from agents.levels import ShotFamily
from agents.sight import Sight

#: A bank's and a kick's direction error, as a multiple of a direct pot's (the rebound's spread).
BANK_ERROR = 1.4
KICK_ERROR = 1.7
#: Slowest speeds: a margin (m) past the pocket, and the cue ball's speed over the cue's.
ROLL_MARGIN = 0.25
BALL_OVER_CUE_SPEED = 1.45
#: A combination or carom whose second stage cuts thinner than this (degrees) is dropped.
MAX_SECOND_CUT_DEG = 65.0
#: Lines kept with a chance below this are not worth the engine's time.
MIN_CHANCE = 0.01


@dataclass(frozen=True)
class PotLine:
    """One pot from one cue-ball place, before the engine refines it.

    Fields:
        family: the kind of pot.
        cue: where the cue ball is (m).
        target: the ball the cue ball meets first; potted: the ball that drops.
        pocket: the pocket id.
        via: the combination's dropping ball's partner / the carom's second ball, or None.
        rail: the cushion id of a bank (the object ball's rebound) or a kick (the cue ball's).
        phi: the cue direction, degrees counter-clockwise from +x.
        chance: the geometric chance (0..1).
        cut: the cut on the ball the cue ball meets first (degrees).
        room: the pocket's room for error there, half its drop interval (m).
        aim: the point the dropping ball is sent at (m).
        measured: the ball whose path decides the miss; after: the event that starts that path:
            ``("ball", other)`` its first contact with ball ``other``, ``("rail", id)`` its first
            rebound off cushion ``id`` after the cue ball's first contact.
        min_speed: the slowest cue speed (m/s) that carries the dropping ball to the pocket.
        slope: the first guess of d(miss)/d(phi), m per degree, or None (the engine measures it).
    """

    family: ShotFamily
    cue: tuple[float, float]
    target: int
    potted: int
    pocket: int
    via: int | None
    rail: int | None
    phi: float
    chance: float
    cut: float
    room: float
    aim: tuple[float, float]
    measured: int
    after: tuple[str, int]
    min_speed: float
    slope: float | None


def _unit(v: np.ndarray) -> np.ndarray:
    return np.asarray(v / max(float(np.hypot(v[0], v[1])), 1e-12))


def _phi(start: np.ndarray, end: np.ndarray) -> float:
    return math.degrees(math.atan2(float(end[1] - start[1]), float(end[0] - start[0]))) % 360.0


def min_cue_speed(decel: float, cue_path: float, ball_path: float, transfers: float) -> float:
    """The slowest cue speed (m/s) that rolls a ball ``ball_path`` m (plus ``ROLL_MARGIN``) after
    the cue ball rolled ``cue_path`` m, with ``transfers`` the product of the speed kept at each
    contact (cos(cut) times the restitution's share, cushions' losses)."""
    rolling = math.sqrt(2.0 * decel * (ball_path + ROLL_MARGIN)) * 7.0 / 5.0
    at_contact = rolling / max(transfers, 0.05)
    launched = math.sqrt(at_contact**2 + 2.0 * decel * cue_path) * 7.0 / 5.0
    return launched / BALL_OVER_CUE_SPEED


class LineFinder:
    """Pot lines from one position: the balls (``pos`` ``(n, 2)``, ``on`` ``(n,)``) seen by
    ``sight``, ``decel`` the rolling deceleration (m/s^2)."""

    def __init__(self, sight: Sight, pos: np.ndarray, on: np.ndarray, decel: float) -> None:
        self.sight = sight
        self.table = sight.table
        self.radius = sight.table.ball_radius
        self.pos = pos
        self.ids = np.flatnonzero(on)
        self.ids = self.ids[self.ids != 0]
        self.balls = pos[self.ids]
        self.decel = decel
        self.rails = [c.id for c in self.table.cushions if c.kind == "rail"]

    # ------------------------------------------------------------------ helpers
    def _clear(self, start: np.ndarray, end: np.ndarray, *ignored: int) -> bool:
        ignore = np.isin(self.ids, ignored)
        return bool(lines_clear(start[None], end[None], self.balls, ignore[None], self.radius)[0])

    def _aim(self, ball_at: np.ndarray, pocket: int) -> tuple[np.ndarray, float]:
        aims, widths = aim_points(ball_at[None], self.sight.openings[pocket : pocket + 1])
        return aims[0, 0], float(widths[0, 0])

    def _bounce_line(self, rail: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        x1, y1, x2, y2, nx, ny = self.table.arrays.segments[rail]
        normal = np.array([nx, ny])
        shift = normal * self.radius
        return np.array([x1, y1]) + shift, np.array([x2, y2]) + shift, normal

    def _rebound(self, start: np.ndarray, goal: np.ndarray, rail: int) -> np.ndarray | None:
        """Where a ball from ``start`` meets the bounce line of ``rail`` to rebound (as in a
        mirror) to ``goal``; None when that point is off the rail or behind either point."""
        a, b, normal = self._bounce_line(rail)
        ds, dg = float((start - a) @ normal), float((goal - a) @ normal)
        if ds <= self.radius or dg <= self.radius:
            return None
        image = goal - 2.0 * dg * normal
        t = ds / (ds + dg)
        point = start + t * (image - start)
        along = b - a
        s = float((point - a) @ along) / float(along @ along)
        margin = 1.5 * self.radius / math.sqrt(float(along @ along))
        if not margin < s < 1.0 - margin:
            return None
        return np.asarray(point)

    # ------------------------------------------------------------------ families
    def direct(self, cue: np.ndarray, targets: list[int]) -> list[PotLine]:
        """Direct pots of ``targets`` (each the ball met first and the one that drops)."""
        if not targets:
            return []
        tid = np.asarray(targets)
        lines = pot_lines(cue[None], self.pos[tid], tid, self.balls, self.ids,
                          self.sight.openings, self.radius, self.sight.sd)  # fmt: skip
        out = []
        for i, k in zip(*np.nonzero(lines.chance[0] > MIN_CHANCE), strict=True):
            t, ghost = int(tid[i]), lines.ghost[i, k]
            cut = float(lines.cut[0, i, k])
            d_cue, d_obj = float(lines.cue_distance[0, i, k]), float(lines.object_distance[i, k])
            gearing = max(d_cue, self.radius) / (2.0 * self.radius * max(math.cos(cut), 0.17))
            out.append(PotLine(
                family=ShotFamily.DIRECT, cue=(float(cue[0]), float(cue[1])), target=t, potted=t,
                pocket=int(k), via=None, rail=None, phi=_phi(cue, ghost),
                chance=float(lines.chance[0, i, k]), cut=math.degrees(cut),
                room=float(lines.half_width[i, k]),
                aim=(float(lines.aim[i, k, 0]), float(lines.aim[i, k, 1])), measured=t,
                after=("ball", 0),
                min_speed=min_cue_speed(self.decel, d_cue, d_obj, math.cos(cut) * 0.97),
                slope=gearing * d_obj * math.pi / 180.0,
            ))  # fmt: skip
        return out

    def combinations(self, cue: np.ndarray, pairs: list[tuple[int, int]]) -> list[PotLine]:
        """The ball met first (``t``) played onto a second (``u``), which drops."""
        out = []
        r, sd = self.radius, self.sight.sd
        for t, u in pairs:
            for k in range(len(self.sight.openings)):
                aim, width = self._aim(self.pos[u], k)
                if width <= 0.0:
                    continue
                to_aim = aim - self.pos[u]
                ghost_u = self.pos[u] - 2.0 * r * _unit(to_aim)
                leg = ghost_u - self.pos[t]
                cos2 = float(_unit(leg) @ _unit(to_aim))
                if cos2 < math.cos(math.radians(MAX_SECOND_CUT_DEG)):
                    continue
                ghost_t = self.pos[t] - 2.0 * r * _unit(leg)
                cos1 = float(_unit(ghost_t - cue) @ _unit(leg))
                if cos1 < 0.2 or not (
                    self._clear(cue, ghost_t, t)
                    and self._clear(self.pos[t], ghost_u, t, u)
                    and self._clear(self.pos[u], aim, u)
                ):
                    continue
                d1, d2 = float(np.hypot(*(ghost_t - cue))), float(np.hypot(*leg))
                d3 = float(np.hypot(*to_aim))
                g1, g2 = max(d1, r) / (2 * r * cos1), max(d2, r) / (2 * r * cos2)
                chance = float(erf(np.array(width / (math.sqrt(2.0) * d3 * g1 * g2 * sd))))
                if chance > MIN_CHANCE:
                    out.append(PotLine(
                        family=ShotFamily.COMBINATION, cue=(float(cue[0]), float(cue[1])),
                        target=t, potted=u, pocket=k, via=u, rail=None, phi=_phi(cue, ghost_t),
                        chance=chance, cut=math.degrees(math.acos(min(1.0, cos1))), room=width,
                        aim=(float(aim[0]), float(aim[1])), measured=u,
                        after=("ball", t),
                        min_speed=min_cue_speed(self.decel, d1 + d2, d3, cos1 * cos2 * 0.94),
                        slope=-g1 * g2 * d3 * math.pi / 180.0,
                    ))  # fmt: skip
        return out

    def banks(self, cue: np.ndarray, targets: list[int]) -> list[PotLine]:
        """The ball met first sent into the pocket off one rail."""
        out = []
        r, sd = self.radius, self.sight.sd
        for t in targets:
            for k in range(len(self.sight.openings)):
                for rail in self.rails:
                    aim0 = self.sight.openings[k].aim
                    point = self._rebound(self.pos[t], aim0, rail)
                    if point is None:
                        continue
                    aim, width = self._aim(point, k)
                    point = self._rebound(self.pos[t], aim, rail)
                    if point is None or width <= 0.0:
                        continue
                    ghost = self.pos[t] - 2.0 * r * _unit(point - self.pos[t])
                    cos1 = float(_unit(ghost - cue) @ _unit(point - self.pos[t]))
                    if cos1 < 0.3 or not (
                        self._clear(cue, ghost, t)
                        and self._clear(self.pos[t], point, t)
                        and self._clear(point, aim, t)
                    ):
                        continue
                    d_cue = float(np.hypot(*(ghost - cue)))
                    d_obj = float(np.hypot(*(point - self.pos[t])) + np.hypot(*(aim - point)))
                    g = max(d_cue, r) / (2 * r * cos1)
                    chance = float(
                        erf(np.array(width / (math.sqrt(2.0) * d_obj * g * sd * BANK_ERROR)))
                    )
                    if chance > MIN_CHANCE:
                        out.append(PotLine(
                            family=ShotFamily.BANK, cue=(float(cue[0]), float(cue[1])), target=t,
                            potted=t, pocket=k, via=None, rail=rail, phi=_phi(cue, ghost),
                            chance=chance, cut=math.degrees(math.acos(min(1.0, cos1))), room=width,
                        aim=(float(aim[0]), float(aim[1])), measured=t,
                            after=("rail", rail),
                            min_speed=min_cue_speed(self.decel, d_cue, d_obj / 0.8, cos1 * 0.97),
                            slope=None,
                        ))  # fmt: skip
        return out

    def kicks(self, cue: np.ndarray, targets: list[int]) -> list[PotLine]:
        """The cue ball sent off one rail to pot the ball it meets first."""
        out = []
        r, sd = self.radius, self.sight.sd
        for t in targets:
            for k in range(len(self.sight.openings)):
                aim, width = self._aim(self.pos[t], k)
                if width <= 0.0 or not self._clear(self.pos[t], aim, t):
                    continue
                ghost = self.pos[t] - 2.0 * r * _unit(aim - self.pos[t])
                for rail in self.rails:
                    point = self._rebound(cue, ghost, rail)
                    if point is None:
                        continue
                    cos1 = float(_unit(ghost - point) @ _unit(aim - self.pos[t]))
                    if cos1 < 0.3 or not (self._clear(cue, point) and self._clear(point, ghost, t)):
                        continue
                    d_cue = float(np.hypot(*(point - cue)) + np.hypot(*(ghost - point)))
                    d_obj = float(np.hypot(*(aim - self.pos[t])))
                    g = max(d_cue, r) / (2 * r * cos1)
                    chance = float(
                        erf(np.array(width / (math.sqrt(2.0) * d_obj * g * sd * KICK_ERROR)))
                    )
                    if chance > MIN_CHANCE:
                        out.append(PotLine(
                            family=ShotFamily.KICK, cue=(float(cue[0]), float(cue[1])), target=t,
                            potted=t, pocket=k, via=None, rail=rail, phi=_phi(cue, point),
                            chance=chance, cut=math.degrees(math.acos(min(1.0, cos1))), room=width,
                        aim=(float(aim[0]), float(aim[1])), measured=t,
                            after=("ball", 0),
                            min_speed=min_cue_speed(self.decel, d_cue / 0.8, d_obj, cos1 * 0.97),
                            slope=None,
                        ))  # fmt: skip
        return out

    def caroms(self, cue: np.ndarray, pairs: list[tuple[int, int]]) -> list[PotLine]:
        """The ball met first (``t``) glancing off a second (``u``) into the pocket."""
        out = []
        r, sd = self.radius, self.sight.sd
        for t, u in pairs:
            for k in range(len(self.sight.openings)):
                aim0 = self.sight.openings[k].aim
                away = aim0 - self.pos[u]
                length = float(np.hypot(*away))
                if length <= 4 * r:
                    continue
                turn = math.acos(-2.0 * r / length)
                for sign in (1.0, -1.0):
                    c, s = math.cos(sign * turn), math.sin(sign * turn)
                    unit = _unit(away)
                    normal = np.array([c * unit[0] - s * unit[1], s * unit[0] + c * unit[1]])
                    contact = self.pos[u] - 2.0 * r * normal
                    incoming = _unit(contact - self.pos[t])
                    cos_in = float(incoming @ normal)
                    if not 0.25 < cos_in < 0.95 or float(incoming @ (aim0 - contact)) <= 0.0:
                        continue
                    aim, width = self._aim(contact, k)
                    ghost = self.pos[t] - 2.0 * r * incoming
                    cos1 = float(_unit(ghost - cue) @ incoming)
                    if (
                        width <= 0.0
                        or cos1 < 0.3
                        or not (
                            self._clear(cue, ghost, t)
                            and self._clear(self.pos[t], contact, t, u)
                            and self._clear(contact, aim, t, u)
                        )
                    ):
                        continue
                    d1 = float(np.hypot(*(ghost - cue)))
                    d2 = float(np.hypot(*(contact - self.pos[t])))
                    d3 = float(np.hypot(*(aim - contact)))
                    g1, g2 = max(d1, r) / (2 * r * cos1), max(d2, r) / (2 * r * cos_in)
                    chance = float(erf(np.array(width / (math.sqrt(2.0) * d3 * g1 * g2 * sd))))
                    if chance > MIN_CHANCE:
                        out.append(PotLine(
                            family=ShotFamily.CAROM, cue=(float(cue[0]), float(cue[1])),
                            target=t, potted=t, pocket=k, via=u, rail=None, phi=_phi(cue, ghost),
                            chance=chance, cut=math.degrees(math.acos(min(1.0, cos1))), room=width,
                        aim=(float(aim[0]), float(aim[1])), measured=t,
                            after=("ball", u),
                            min_speed=min_cue_speed(self.decel, d1, d2 + d3, cos1 * 0.6),
                            slope=None,
                        ))  # fmt: skip
        return out
