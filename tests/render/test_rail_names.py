"""Rails are named as the window draws them (head end on the left, like the
pockets), in the engine's cushion names and so in the event log; a former table-frame name is
refused naming its successor."""

from __future__ import annotations

import pytest

import sim
from render import table_drawing
from render.view import View

SIZE = (1280, 640)


def _where(view: View, cushion: sim.table_parts.Cushion, table: sim.Table) -> tuple[float, float]:
    """Screen centre (px) of a straight rail's nose segment."""
    seg = table.arrays.segments[cushion.id]
    return view.to_screen(float(seg[0] + seg[2]) / 2, float(seg[1] + seg[3]) / 2)


@pytest.mark.parametrize(
    "table", [sim.Table.pool(feet=9), sim.Table.snooker()], ids=["pool", "snooker"]
)
def test_each_rail_is_named_where_the_window_draws_it(table: sim.Table) -> None:
    view = View.fit(
        table.length, table.width, (0, 0, *SIZE), margin_m=table_drawing.frame_margin(table)
    )
    assert view.landscape
    cx, cy = view.to_screen(table.width / 2, table.length / 2)
    rails = [c for c in table.cushions if c.kind == "rail"]
    assert len(rails) == 6
    for rail in rails:
        x, y = _where(view, rail, table)
        name = rail.name
        if name in ("head rail", "baulk cushion"):
            assert x < cx and abs(y - cy) < 5, name  # the left end
        elif name in ("foot rail", "top cushion"):
            assert x > cx and abs(y - cy) < 5, name  # the right end
        else:
            upper = name.startswith(("top rail", "upper side"))
            lower = name.startswith(("bottom rail", "lower side"))
            assert upper != lower, name
            assert (y < cy) == upper, (name, y, cy)
            assert ("(left half)" in name) == (x < cx), (name, x, cx)
            assert ("(right half)" in name) == (x > cx), (name, x, cx)
    for cushion in table.cushions:
        assert "left rail" not in cushion.name and "right rail" not in cushion.name
        assert "left cushion" not in cushion.name and "right cushion" not in cushion.name


def test_a_former_rail_name_is_refused_naming_its_successor() -> None:
    pool = sim.Table.pool(feet=9)
    with pytest.raises(KeyError, match=r"former cushion name.*'top rail \(left half\)'.*head rail"):
        pool.cushion_named("left rail (head half)")
    with pytest.raises(KeyError, match=r"now 'top-left jaw, top rail \(left half\) side'"):
        pool.cushion_named("top-left jaw, left rail (head half) side")
    snooker = sim.Table.snooker()
    with pytest.raises(KeyError, match=r"now 'lower side cushion \(right half\)'"):
        snooker.cushion_named("right cushion (top half)")
    assert pool.cushion_named("top rail (left half)").kind == "rail"
    with pytest.raises(KeyError, match="no cushion 'nope'"):
        pool.cushion_named("nope")
