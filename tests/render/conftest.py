"""Fixtures for the window tests: a headless pygame and reference-image comparison.

Every test here runs with ``SDL_VIDEODRIVER=dummy`` (set by the suite's conftest). Reference
images live in ``tests/render/reference``; run with ``CUESIM_UPDATE_REFERENCE=1`` to rewrite
them after an intended change of the drawing (then look at them before committing).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

REFERENCE_DIR = Path(__file__).parent / "reference"
#: Largest difference allowed in one colour channel of one pixel (0-255).
PIXEL_TOLERANCE = 12
#: Largest fraction of pixels allowed beyond that difference.
BAD_PIXEL_FRACTION = 0.002


@pytest.fixture(scope="session", autouse=True)
def pygame_headless() -> Iterator[None]:
    pygame.init()
    yield
    pygame.quit()


def assert_matches_reference(surface: pygame.Surface, name: str) -> None:
    """Compare ``surface`` with ``reference/<name>.png`` (per-pixel tolerance); with
    ``CUESIM_UPDATE_REFERENCE=1`` write the reference instead."""
    path = REFERENCE_DIR / f"{name}.png"
    if os.environ.get("CUESIM_UPDATE_REFERENCE") == "1" or not path.exists():
        if os.environ.get("CUESIM_UPDATE_REFERENCE") != "1":
            pytest.fail(
                f"no reference image {path}; run with CUESIM_UPDATE_REFERENCE=1 to create it"
            )
        REFERENCE_DIR.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, str(path))
        return
    expected = pygame.surfarray.array3d(pygame.image.load(str(path))).astype(np.int16)
    actual = pygame.surfarray.array3d(surface).astype(np.int16)
    assert actual.shape == expected.shape, (
        f"size {actual.shape[:2]} != reference {expected.shape[:2]}"
    )
    diff = np.abs(actual - expected).max(axis=2)
    bad = float(np.mean(diff > PIXEL_TOLERANCE))
    if bad > BAD_PIXEL_FRACTION:
        out = Path(os.environ.get("CUESIM_DIFF_DIR", "/tmp")) / f"{name}.actual.png"
        pygame.image.save(surface, str(out))
        pytest.fail(f"{name}: {bad:.4%} of pixels differ by more than {PIXEL_TOLERANCE}; see {out}")


@pytest.fixture
def reference():
    """The reference-image check, as a fixture: ``reference(surface, "name")``."""
    return assert_matches_reference
