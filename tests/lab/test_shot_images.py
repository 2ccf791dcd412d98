"""Pictures of a shot: paths from the playback and the log, marks where events happened."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
import pytest

from lab.runner import run_scenario
from lab.scenario import load_scenario
from render import images
from sim.events import EventKind

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"

pytestmark = pytest.mark.jit_only


def outcome_of(name: str):
    return run_scenario(load_scenario(EXAMPLES / name))


def colour_count(surface: pygame.Surface, colour: tuple[int, int, int]) -> int:
    pixels = pygame.surfarray.array3d(surface)
    return int(np.all(pixels == np.array(colour), axis=-1).sum())


def test_paths_start_at_the_balls_and_stop_in_the_pocket() -> None:
    outcome = outcome_of("nine-ball/legal-pot-continues.toml")
    result = outcome.result
    paths = images.ball_paths(result)
    assert len(paths) == 10
    assert paths[3].shape == (0, 2)  # the 3 is not on the table
    for ball in (0, 1):
        assert np.allclose(paths[ball][0], result.initial.pos[ball])
    drop = next(r for r in result.events if r["kind"] == EventKind.BALL_POCKET and r["a"] == 1)
    assert np.allclose(paths[1][-1], (drop["x"], drop["y"]))
    assert np.allclose(paths[0][-1], result.final.pos[0], atol=1e-3)


def test_pocketing_and_contacts_are_marked_only_when_they_happen() -> None:
    potted = outcome_of("nine-ball/legal-pot-continues.toml")
    soft = outcome_of("nine-ball/no-rail-after-contact.toml")
    lines = ["ruling"]
    with_pot = images.render_still(potted.result, potted.prepared.names, lines)
    without = images.render_still(soft.result, soft.prepared.names, lines)
    assert colour_count(with_pot, images.POCKETED) > 20
    assert colour_count(without, images.POCKETED) == 0
    assert colour_count(without, images.CONTACT) > 20


def test_the_ruling_text_is_written_under_the_table() -> None:
    outcome = outcome_of("nine-ball/legal-pot-continues.toml")
    blank = images.render_still(outcome.result, outcome.prepared.names, [""])
    written = images.render_still(outcome.result, outcome.prepared.names, ["Foul by Ann"])
    height = blank.get_height()
    panel_top = height - int(height * images.PANEL_FRACTION)
    a = pygame.surfarray.array3d(blank)
    b = pygame.surfarray.array3d(written)
    assert (a[:, panel_top:] != b[:, panel_top:]).any()
    assert (a[:, :panel_top] == b[:, :panel_top]).all()


def test_animation_ends_on_the_still_and_holds_it() -> None:
    outcome = outcome_of("nine-ball/no-rail-after-contact.toml")
    frames, frame_s = images.animation_frames(
        outcome.result, outcome.prepared.names, ["ruling"], fps=10, size=(300, 200)
    )
    assert frame_s == pytest.approx(0.1)
    played = int(np.ceil(outcome.result.duration * 10))
    assert len(frames) >= played + round(images.GIF_HOLD_S * 10)
    assert frames[-1] is frames[-2]


def test_a_gif_holds_one_frame_in_full_colour_at_a_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each frame is reduced to the palette as it is drawn: at 50 frames per second a 7 s
    break held some 2 GB (every frame in full colour, twice); the frames alive at once are now
    one or two."""
    import weakref

    from PIL import Image

    outcome = outcome_of("nine-ball/no-rail-after-contact.toml")
    names = outcome.prepared.names
    alive: list[int] = [0]
    most: list[int] = [0]
    real = images._moving_frames

    def counted(*args: object, **kwargs: object):
        for surface in real(*args, **kwargs):  # type: ignore[arg-type]
            alive[0] += 1
            most[0] = max(most[0], alive[0])
            weakref.finalize(surface, lambda: alive.__setitem__(0, alive[0] - 1))
            yield surface

    monkeypatch.setattr(images, "_moving_frames", counted)
    path = images.save_gif(outcome.result, names, ["ruling"], tmp_path / "s.gif", fps=25)
    assert most[0] <= 2
    with Image.open(path) as gif:
        assert gif.n_frames >= int(outcome.result.duration * 25)  # the held still is merged
