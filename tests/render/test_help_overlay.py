"""The help overlay (H or F1): generated from the key table, it takes every key while open,
scrolls in a small window and says where the hidden lines are."""

from __future__ import annotations

import pygame
from window_driver import SIZE, frame, key, new_app

from render import overlays
from render.keys import HELP_LINES


def _aim_snapshot(app: object) -> tuple[float, ...]:
    aim = app.aim  # type: ignore[attr-defined]
    return (aim.phi_deg, aim.power, aim.a, aim.b, aim.theta_deg)


def test_keys_act_only_on_the_open_help() -> None:
    app = new_app("nine-ball")
    before = _aim_snapshot(app)
    key(app, pygame.K_h)
    assert app.show_help
    for k in (pygame.K_DOWN, pygame.K_UP, pygame.K_PAGEDOWN, pygame.K_PAGEUP, pygame.K_LEFT,
              pygame.K_i, pygame.K_g, pygame.K_SPACE, pygame.K_q, pygame.K_t):  # fmt: skip
        key(app, k)
        assert app.show_help, pygame.key.name(k)
    app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    assert _aim_snapshot(app) == before
    assert app.mode.context == "aim" and not app.confirm_quit and app.show_ghost
    key(app, pygame.K_ESCAPE)
    assert not app.show_help
    key(app, pygame.K_DOWN)  # the help closed: the keys reach the aim again
    assert app.aim.power < before[1]


def test_the_help_scrolls_in_a_small_window_and_says_more_is_below() -> None:
    size = (700, 500)
    app = new_app("nine-ball")
    app.remember_size(size)
    key(app, pygame.K_h)
    box = overlays.help_box(size)
    assert box.top >= 0 and box.bottom <= size[1]
    rows = overlays.help_rows(size)
    page = overlays.help_page_rows(size)
    assert len(rows) > page, "the help fits here: this test needs a window it overflows"
    assert overlays.help_hint(0, page, len(rows)).startswith("more below")
    frame(app, size)
    for _ in range(len(rows)):
        key(app, pygame.K_DOWN)
    assert app.help_top == overlays.help_last_top(size) == len(rows) - page
    assert overlays.help_hint(app.help_top, page, len(rows)).startswith("more above")
    frame(app, size)
    key(app, pygame.K_PAGEUP)
    assert app.help_top == max(0, len(rows) - 2 * page)
    app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=50, flipped=False))
    assert app.help_top == 0
    # Every line of the help is reachable: the pages together hold all of it.
    seen = [r for top in range(0, len(rows), page) for r in rows[top : top + page]]
    assert seen == rows
    shown = "".join(text for row in rows for text, _heading in row)
    every = "".join(HELP_LINES)
    kept = str.maketrans("", "", " :\u00b7")
    assert sorted(shown.translate(kept)) == sorted(every.translate(kept))


def test_a_big_window_shows_the_whole_help_without_a_hint() -> None:
    assert overlays.help_last_top(SIZE) == 0
    rows = overlays.help_rows(SIZE)
    assert overlays.help_hint(0, len(rows), len(rows)) == ""


def test_the_help_is_an_opaque_grouped_reference() -> None:
    """Each section a heading with its keys one a line under it, in columns; the panel is
    opaque: what is under it never shows through."""
    from render.keys import HELP_LINES
    from render.overlays import draw_help, help_box, help_rows

    size = (1280, 820)
    rows = help_rows(size)
    order = [h.partition(": ")[0] for h in HELP_LINES]
    for column in range(3):  # each column keeps the sections in the keys' order
        mine = [row[column][0] for row in rows if row[column][1]]
        assert mine == sorted(mine, key=order.index)
    headings = [text for row in rows for text, heading in row if heading]
    assert sorted(headings) == sorted(order)
    assert len(headings) == len(HELP_LINES) and all(len(row) == 3 for row in rows)
    shots = []
    for under in ((0, 0, 0), (255, 255, 255)):
        surface = pygame.Surface(size)
        surface.fill(under)
        draw_help(surface)
        shots.append(pygame.surfarray.array3d(surface.subsurface(help_box(size).inflate(-12, -12))))
    assert (shots[0] == shots[1]).all()
