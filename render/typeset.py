"""Typesetting the window's text: each text drawn once in the default font and kept, its width,
the words wrapped to a width, a line fitted to a width (smaller, shorter, then cut), and the
boxes too small to hold any. Fonts are pygame's bundled default font (``pygame.font.Font(None,
size)``, ``render.sprites.get_font``) so frames are the same on every machine; a text holding
what the font cannot draw (NUL, U+202E, a lone surrogate) is drawn without it, never raises."""

from __future__ import annotations

import unicodedata

import pygame
import pygame.gfxdraw

from render.draw import get_font
from render.palette import TEXT

#: Unicode categories the font cannot draw and that must never reach it: control characters
#: (NUL makes pygame raise), format characters (U+200B, U+202E: zero width, "Text has zero
#: width") and lone surrogates (not encodable).
_UNDRAWABLE = frozenset({"Cc", "Cf", "Cs"})


def drawable_text(text: object) -> str:
    """``text`` as the font can draw it: control, format and surrogate characters removed."""
    return "".join(c for c in str(text) if unicodedata.category(c) not in _UNDRAWABLE)


#: Texts drawn lately, by (font, text, colour): a frame redraws the same scoreboard and panel
#: lines, and rendering them again cost about 1.5 ms of a playback frame. Emptied when full;
#: keyed by the font object, so the fonts of a new pygame session never meet old images.
_TEXT_IMAGES: dict[tuple[object, str, tuple[int, int, int]], pygame.Surface] = {}


_TEXT_IMAGES_MAX = 512


def text_image(text: object, size: int, colour: tuple[int, int, int] = TEXT) -> pygame.Surface:
    """``text`` drawn in the default font at ``size`` px (the same surface again for the same
    text, size and colour: callers only blit it). Whatever ``text`` holds this returns a
    surface: a text with nothing drawable (empty, only U+200B...) gives a transparent one 1 px
    wide and one line high."""
    font = get_font(size)
    key = (font, str(text), tuple(colour))
    image = _TEXT_IMAGES.get(key)  # type: ignore[arg-type]
    if image is None:
        if len(_TEXT_IMAGES) >= _TEXT_IMAGES_MAX:
            _TEXT_IMAGES.clear()
        image = _TEXT_IMAGES[key] = _render_text(font, str(text), colour)  # type: ignore[index]
    return image


def _render_text(font: pygame.font.Font, text: str, colour: tuple[int, int, int]) -> pygame.Surface:
    clean = drawable_text(text)
    if clean and font.size(clean)[0] > 0:
        try:
            return font.render(clean, True, colour)
        except (pygame.error, ValueError):
            pass
    return pygame.Surface((1, max(1, font.get_height())), pygame.SRCALPHA)


def shade_surface(size: tuple[int, int], rgba: tuple[int, int, int, int]) -> pygame.Surface:
    """A translucent fill of ``size`` px, each side at least 1 px (a window can be 1 px wide)."""
    surface = pygame.Surface((max(1, int(size[0])), max(1, int(size[1]))), pygame.SRCALPHA)
    surface.fill(rgba)
    return surface


#: Smallest box (px, each side) a panel, banner or menu is drawn in; below it there is no room
#: for a line of text, and the box is skipped (its buttons still answer clicks).
MIN_BOX_PX = 40


def has_room(surface: pygame.Surface, rect: pygame.Rect) -> bool:
    """Whether ``rect`` is large enough for a box and ``surface`` large enough to show it."""
    w, h = surface.get_size()
    return min(rect.width, rect.height, w, h) >= MIN_BOX_PX


def draw_text(
    surface: pygame.Surface,
    text: str,
    pos: tuple[float, float],
    size: int,
    colour: tuple[int, int, int] = TEXT,
    *,
    anchor: str = "topleft",
) -> pygame.Rect:
    """Draw ``text`` at ``size`` px on ``surface``, its ``anchor`` point (a ``pygame.Rect``
    attribute: "topleft", "center", "midright"...) at ``pos`` px; returns where it went."""
    img = text_image(text, size, colour)
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(img, rect)
    return rect


def text_width(text: str, size: int) -> int:
    """Width in px of ``text`` in the default font at ``size`` px (what :func:`text_image`
    draws of it)."""
    return int(get_font(size).size(drawable_text(text))[0])


def fitted_text(text: str, size: int, width: int, smallest: int = 14) -> tuple[str, int]:
    """(``text`` or its head, the size in px) that fits ``width`` px: the size lowered a pixel at
    a time down to ``smallest``, then, still too wide, the trailing " \u00b7 "-separated parts
    dropped, then the last words cut with an ellipsis (a scoreboard line never runs under the
    panels beside it)."""
    for px in range(size, smallest - 1, -1):
        if text_width(text, px) <= width:
            return text, px
    parts = text.split(" \u00b7 ")
    while len(parts) > 1:
        parts.pop()
        head = " \u00b7 ".join(parts)
        if text_width(head, smallest) <= width:
            return head, smallest
    head = parts[0]
    while head and text_width(head + "\u2026", smallest) > width:
        head = head[:-1]
    return head.rstrip() + "\u2026", smallest


def wrap_text(text: str, size: int, width: int) -> list[str]:
    """The words of ``text`` in lines no wider than ``width`` px at ``size`` px (a word wider
    than that alone on its line)."""
    font = get_font(size)
    words = drawable_text(text).split()
    lines: list[str] = []
    current = ""
    for word in words:
        trial = f"{current} {word}".strip()
        if font.size(trial)[0] <= width or not current:
            current = trial
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    return lines
