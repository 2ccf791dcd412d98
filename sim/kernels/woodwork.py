"""The woodwork round the cloth as a flying ball meets it: what lies under a ball coming down
to the rail tops, and the names of the pockets' surroundings (Numba; docs/physics-airborne.md
section 4).

Seen from above, every point inside the rails' outer edges is one of: the cloth (inside the
cushion outline: the bed between the six cushion lines, the pockets' mouths and their throats
between the facings down to the line across each pocket through the facings' ends), a
pocket's hole (behind that line, inside the pocket's back), or wood, whose top is at the nose
height: a rail's or a jaw's strip, a knuckle, or the rail body round a pocket (the corner
blocks and what lies beside and behind the jaws' strips). A flying ball whose lowest point is
below the rail tops is over the cloth or a hole: it meets the wood only through the surfaces
the engine gives it (the nose edges, the knuckles' posts and the top edges of the pockets'
backs, ``TableArrays.back_edges``), and it comes down onto the wood only from above.

Ids (``ns`` straight cushions, ``na`` knuckles): a top is named by its cushion id (a rail's or
a jaw's strip: the segment row; a knuckle: ``ns + row``), the rail body round pocket ``k`` by
``ns + na + k``; a contact with piece ``j`` of the backs (``TableArrays.back_edges``) is
``ns + na + j``. The log names both by the pocket's nearer jaw (:func:`nearer_jaw`).
"""

from __future__ import annotations

import math

from sim.kernels.flight import over_rail_top
from sim.kernels.jit import kernel

#: What :func:`under_a_descent` finds under a ball coming down to the rail tops.
LANDS_ON_TOP = 0
FALLS_ON = 1


@kernel(inline=True)
def nearer_jaw(qx, qy, segments, back):
    """The cushion id of the jaw of ``back``'s pocket whose facing's end is nearer the point
    ``(qx, qy)``: the name the log gives the pocket's back and the rail body round it."""
    a = int(back[5])
    b = int(back[6])
    da = (qx - segments[a, 2]) ** 2 + (qy - segments[a, 3]) ** 2
    db = (qx - segments[b, 2]) ** 2 + (qy - segments[b, 3]) ** 2
    return a if da <= db else b


@kernel(inline=True)
def in_outline(qx, qy, outline):
    """Whether ``(qx, qy)`` lies inside the closed polygon ``outline`` ((k, 2), m: the cloth's
    outline, ``Table.outline``): the even-odd rule of ``sim.table_parts.points_in_polygon``."""
    inside = False
    k = outline.shape[0]
    for i in range(k):
        ax = outline[i, 0]
        ay = outline[i, 1]
        bx = outline[(i + 1) % k, 0]
        by = outline[(i + 1) % k, 1]
        if (ay > qy) != (by > qy) and qx < ax + (qy - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside


@kernel(from_python=True, from_kernels=True)
def under_a_descent(qx, qy, segments, arcs, backs, outline, rim, R):
    """What is under a flying ball whose centre is at ``(qx, qy)`` m when its lowest point
    comes down to the rail tops: ``(what, id)``.

    In this order: a rail's or a jaw's strip (``LANDS_ON_TOP``, the segment row); within R of a
    knuckle's post (``LANDS_ON_TOP``, ``ns + row``: the post's side reaches up to the tops);
    the cloth (the bed, or inside the ``outline`` ((k, 2): ``Table.outline``), the mouths and
    throats of the pockets) or a pocket's hole (inside its back, behind the line across it)
    (``FALLS_ON``, -1: the slate or the pocket is below; the nose edges and the backs' top
    edges meet a ball that comes down beside them); anything else is the rail body round the
    nearest pocket (``LANDS_ON_TOP``, ``ns + na + k``). ``rim``: ``ShotModel.rim`` (the bed is
    ``[0, xhi - rail_width] x [0, yhi - rail_width]``). Pure.
    """
    ns = segments.shape[0]
    na = arcs.shape[0]
    for k in range(ns):
        if over_rail_top(qx, qy, segments[k], rim[1], rim[0]):
            return LANDS_ON_TOP, k
    for k in range(na):
        if (qx - arcs[k, 0]) ** 2 + (qy - arcs[k, 1]) ** 2 < (arcs[k, 2] + R) ** 2:
            return LANDS_ON_TOP, ns + k
    if 0.0 <= qx <= rim[4] - rim[0] and 0.0 <= qy <= rim[5] - rim[0]:
        return FALLS_ON, -1
    if in_outline(qx, qy, outline):
        return FALLS_ON, -1
    nearest = 0
    best = math.inf
    for k in range(backs.shape[0]):
        back = backs[k]
        d = math.sqrt((qx - back[0]) ** 2 + (qy - back[1]) ** 2)
        if d < back[2] and (qx - back[0]) * back[3] + (qy - back[1]) * back[4] >= 0.0:
            return FALLS_ON, -1
        if d < best:
            best = d
            nearest = k
    return LANDS_ON_TOP, ns + na + nearest


@kernel(inline=True)
def leaves_the_bed(qx, qy, vx, vy, rim):
    """Whether a ball at ``(qx, qy)`` moving at ``(vx, vy)`` moves away from the bed (the
    rectangle of the cloth, ``[0, xhi - rail_width] x [0, yhi - rail_width]`` from ``rim``):
    ``v . (q - P) > 0`` with ``P`` the bed's nearest point to ``q``."""
    bx = min(max(qx, 0.0), rim[4] - rim[0])
    by = min(max(qy, 0.0), rim[5] - rim[0])
    return vx * (qx - bx) + vy * (qy - by) > 0.0
