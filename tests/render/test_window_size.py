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


def _refused(capsys: pytest.CaptureFixture[str], argv: list[str], *words: str) -> None:
    from cuesim import cli

    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    for word in words:
        assert word in err, err


@pytest.mark.parametrize("size", ["100000x100000", "7681x820", "1280x4321"])
def test_a_window_larger_than_the_largest_is_refused_in_one_line(
    size: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--size 100000x100000`` died in numpy ("Unable to allocate 2.27 GiB")."""
    _refused(capsys, ["play", "nine-ball", "--size", size], "at most 7680x4320", size)
    _refused(capsys, ["replay", "x.cuesim.json", "--size", size], "at most 7680x4320")


def test_the_largest_and_smallest_windows_are_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    import render.app
    from cuesim import cli

    seen: list[tuple[int, int]] = []
    monkeypatch.setattr(render.app, "run", lambda config, **kw: seen.append(kw["size"]) or 0)
    for size in ("7680x4320", "640x480"):
        assert cli.main(["play", "nine-ball", "--players", "A", "B", "--size", size]) == 0
    assert seen == [(7680, 4320), (640, 480)]


def test_the_command_line_bounds_are_the_windows_own() -> None:
    from cuesim import play
    from render import layout

    assert play.MIN_WINDOW == layout.MIN_WINDOW
