"""The window's size: fitted to the desktop by default, as asked with --size between its
minimum and its maximum, refused in one line outside them."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from render.app import DEFAULT_SIZE
from render.layout import fit_to_desktop


@pytest.mark.parametrize(
    ("desktop", "expected"),
    [
        ((1280, 800), (1280, 736)),  # the Xvfb screen of the evening: the top was cut off
        ((1366, 768), (1280, 704)),  # a common laptop: the panel would sit below the edge
        ((1920, 1080), (1280, 820)),  # room for the default as it is
        ((800, 480), (800, 480)),  # never under the minimum window
    ],
)
def test_the_default_window_fits_the_desktop(
    desktop: tuple[int, int], expected: tuple[int, int]
) -> None:
    assert fit_to_desktop(DEFAULT_SIZE, desktop) == expected


def test_cuesim_play_opens_the_default_window_fitted_and_a_chosen_size_as_asked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``cuesim play`` on a 1280x800 screen opened a 1280x820 window, 10 px above the screen's
    top (the names on the scoreboard cut); ``--size`` is still the player's word."""
    import render.app
    from cuesim import cli

    seen: list[tuple[int, int]] = []

    def fake_run(config: object, **kw: Any) -> int:
        seen.append(kw["size"])
        return 0

    monkeypatch.setattr(render.app, "run", fake_run)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1280, 800)])
    assert cli.main(["play", "nine-ball", "--players", "Ann", "Bob"]) == 0
    assert cli.main(["play", "nine-ball", "--players", "Ann", "Bob", "--size", "1280x820"]) == 0
    assert seen == [(1280, 736), (1280, 820)]
