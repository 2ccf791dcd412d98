"""The heads-up display: scoreboard, power and tip widgets, prompts, the ruling panel.

Functions here draw plain data (the ``*Info`` records below, built by the App from the game and
the match) onto a Surface; they never read a game or a ruling themselves, so the reference-image
tests can draw them from hand-made records. Fonts are pygame's bundled default font
(``pygame.font.Font(None, size)``) so frames are the same on every machine. Each function
mutates only the target surface.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame
import pygame.gfxdraw

from render import palette, typeset
from render.aiming import ELEVATION_LIMIT_DEG, dial_pivot
from render.draw import CUE_WHITE, BallLook, ball_sprite
from render.widgets import Button, PowerMeter, TipWidget, power_to_speed


@dataclass(frozen=True)
class PlayerLine:
    """One player's row on the scoreboard."""

    name: str
    frames: int
    detail: str = ""  #: group, points, fouls...
    warning: str = ""  #: e.g. "2 fouls: warned"
    balls: tuple[BallLook, ...] = ()  #: balls still to pot (8-ball group), drawn small
    #: The frame's points in a game won on points: then they are the big number and ``frames``
    #: is written small beside them (None: ``frames`` is the big number, as in pool).
    points: int | None = None


@dataclass(frozen=True)
class ScoreInfo:
    """What the scoreboard shows."""

    players: tuple[PlayerLine, ...]
    to_play: int
    title: str  #: e.g. "9-ball · race to 5"
    centre: str = ""  #: e.g. "Break 24 · 51 remaining"
    ball_on: str = ""


@dataclass(frozen=True)
class RulingInfo:
    """The referee's call after a shot."""

    headline: str
    lines: tuple[str, ...] = ()
    fouls: tuple[str, ...] = ()
    buttons: tuple[Button, ...] = field(default_factory=tuple)


def list_box(
    screen: tuple[int, int],
    lines: Sequence[str],
    rows: Sequence[tuple[str, str, str]],
    *,
    width: int = 620,
    row_h: int = 32,
) -> tuple[pygame.Rect, tuple[Button, ...]]:
    """A centred box for :func:`draw_banner` with ``lines`` under its title and one full-width
    button per (label, action, hotkey) of ``rows`` below them (menus and confirmations)."""
    w, h = screen
    width = max(1, min(width, w - 40))
    header = 62 + 22 * sum(len(typeset.wrap_text(t, 22, width - 40)) for t in lines) + 10
    box = pygame.Rect(0, 0, width, header + row_h * len(rows) + 12)
    box.center = (w // 2, h // 2)
    box.top = max(box.top, 4)
    buttons = tuple(
        Button(
            pygame.Rect(box.left + 20, box.top + header + i * row_h, width - 40, row_h - 4),
            label,
            action,
            hotkey=hotkey,
        )
        for i, (label, action, hotkey) in enumerate(rows)
    )
    return box, buttons


def draw_scoreboard(surface: pygame.Surface, rect: pygame.Rect, info: ScoreInfo) -> None:
    """Players left and right with frames won; the shooter highlighted; the title between."""
    pygame.draw.rect(surface, palette.PANEL, rect)
    pygame.draw.line(surface, palette.PANEL_EDGE, rect.bottomleft, (rect.right, rect.bottom - 1))
    n = len(info.players)
    centre_w = max(260, rect.width // 4)
    side_w = (rect.width - centre_w) // 2
    slots: list[pygame.Rect] = []
    if n <= 2:
        slots = [
            pygame.Rect(rect.left, rect.top, side_w, rect.height),
            pygame.Rect(rect.right - side_w, rect.top, side_w, rect.height),
        ][:n]
    else:
        half = (n + 1) // 2
        w_left = side_w // half
        w_right = side_w // (n - half)
        slots = [
            pygame.Rect(rect.left + i * w_left, rect.top, w_left, rect.height) for i in range(half)
        ]
        slots += [
            pygame.Rect(rect.right - side_w + i * w_right, rect.top, w_right, rect.height)
            for i in range(n - half)
        ]
    for i, (player, slot) in enumerate(zip(info.players, slots, strict=False)):
        active = i == info.to_play
        box = slot.inflate(-8, -8)
        pygame.draw.rect(surface, (52, 58, 70) if active else (40, 44, 52), box, border_radius=6)
        pygame.draw.rect(
            surface,
            palette.ACCENT if active else palette.PANEL_EDGE,
            box,
            width=2 if active else 1,
            border_radius=6,
        )
        right_side = slot.centerx > rect.centerx
        frames_pos = (
            (box.right - 10, box.centery) if not right_side else (box.left + 10, box.centery)
        )
        big = str(player.frames if player.points is None else player.points)
        big_colour = palette.ACCENT if active else palette.TEXT
        big_anchor = "midright" if not right_side else "midleft"
        big_rect = typeset.draw_text(surface, big, frames_pos, 40, big_colour, anchor=big_anchor)
        if player.points is not None:  # frames won, small, on the big number's inner side
            won = f"frames {player.frames}"
            won_pos = (big_rect.left - 10, big_rect.centery + 4)
            if right_side:
                won_pos = (big_rect.right + 10, big_rect.centery + 4)
            typeset.draw_text(
                surface,
                won,
                won_pos,
                20,
                palette.DIM,
                anchor="midright" if not right_side else "midleft",
            )
        name_x = box.left + 12 if not right_side else box.right - 12
        anchor = "topleft" if not right_side else "topright"
        name_rect = typeset.draw_text(
            surface, player.name, (name_x, box.top + 6), 26, palette.TEXT, anchor=anchor
        )
        if active:
            # A small triangle pointing at the shooter's name (the default font has no arrows).
            tx = name_rect.right + 16 if not right_side else name_rect.left - 16
            ty = name_rect.centery
            d = -1 if not right_side else 1
            pygame.draw.polygon(
                surface, palette.ACCENT, [(tx, ty), (tx - 8 * d, ty - 6), (tx - 8 * d, ty + 6)]
            )
        detail = player.detail + (f"   {player.warning}" if player.warning else "")
        colour = palette.ALERT if player.warning else palette.DIM
        typeset.draw_text(surface, detail, (name_x, box.top + 30), 20, colour, anchor=anchor)
        if player.balls:
            r = 7
            for k, look in enumerate(player.balls):
                sprite = ball_sprite(look, r)
                bx = (
                    (name_x + 8 + k * (2 * r + 3))
                    if not right_side
                    else (name_x - 8 - k * (2 * r + 3))
                )
                surface.blit(sprite, sprite.get_rect(center=(bx, box.bottom - 10)))
    centre = pygame.Rect(rect.left + side_w, rect.top, centre_w, rect.height)
    # each line fitted to the centre column, clear of the panels beside it
    for line, dy, px, colour in (
        (info.title, 8, 24, palette.TEXT),
        (info.centre, 32, 20, palette.DIM),
        (info.ball_on, 50, 20, palette.ACCENT),
    ):
        if line:
            shown, size = typeset.fitted_text(line, px, centre_w - 8)  # the boxes stand 4 px inside
            typeset.draw_text(
                surface, shown, (centre.centerx, centre.top + dy), size, colour, anchor="midtop"
            )


def draw_power(
    surface: pygame.Surface, meter: PowerMeter, power: float, *, label: str = "Power"
) -> None:
    """The power bar, filled to ``power`` (0..1), with the cue speed in m/s."""
    r = meter.rect
    pygame.draw.rect(surface, (20, 22, 26), r, border_radius=5)
    fill = r.copy()
    fill.width = round(r.width * min(max(power, 0.0), 1.0))
    if fill.width > 0:
        red = min(255, int(90 + 165 * power))
        green = min(255, int(210 - 150 * power))
        pygame.draw.rect(surface, (red, green, 70), fill, border_radius=5)
    pygame.draw.rect(surface, palette.PANEL_EDGE, r, width=1, border_radius=5)
    speed = power_to_speed(power)
    typeset.draw_text(
        surface,
        f"{label}  {speed:4.1f} m/s",
        (r.left, r.top - 4),
        20,
        palette.DIM,
        anchor="bottomleft",
    )


def draw_tip(surface: pygame.Surface, widget: TipWidget, a: float, b: float, limit: float) -> None:
    """The cue ball seen from behind, the miscue circle and the tip's contact point."""
    cx, cy = widget.rect.center
    r = widget.radius_px
    pygame.gfxdraw.filled_circle(surface, cx, cy, round(r), CUE_WHITE)
    pygame.gfxdraw.aacircle(surface, cx, cy, round(r), (200, 200, 190))
    pygame.gfxdraw.aacircle(surface, cx, cy, round(r * limit), (190, 120, 110))
    pygame.draw.line(surface, (205, 205, 198), (cx - r, cy), (cx + r, cy))
    pygame.draw.line(surface, (205, 205, 198), (cx, cy - r), (cx, cy + r))
    tx, ty = widget.screen_of(a, b)
    pygame.gfxdraw.filled_circle(surface, round(tx), round(ty), 6, (40, 110, 190))
    pygame.gfxdraw.aacircle(surface, round(tx), round(ty), 6, (20, 50, 100))
    typeset.draw_text(
        surface,
        "Tip",
        (widget.rect.centerx, widget.rect.top - 4),
        20,
        palette.DIM,
        anchor="midbottom",
    )


def draw_elevation(
    surface: pygame.Surface,
    rect: pygame.Rect,
    theta_deg: float,
    limit_deg: float = ELEVATION_LIMIT_DEG,
) -> None:
    """A quarter dial with the cue elevation in degrees and a tick at the steepest cue
    ``limit_deg`` (the engine's limit), named in the dial's corner."""
    import math

    pygame.draw.rect(surface, (20, 22, 26), rect, border_radius=5)
    base = dial_pivot(rect.left, rect.bottom)
    length = min(rect.width, rect.height) - 22
    pygame.draw.line(surface, palette.PANEL_EDGE, base, (base[0] + length, base[1]))
    top = math.radians(limit_deg)
    inner, outer = length * 0.8, length * 1.05
    pygame.draw.line(
        surface, palette.PANEL_EDGE,
        (base[0] + inner * math.cos(top), base[1] - inner * math.sin(top)),
        (base[0] + outer * math.cos(top), base[1] - outer * math.sin(top)),
        2,
    )  # fmt: skip
    ang = math.radians(theta_deg)
    tip = (base[0] + length * math.cos(ang), base[1] - length * math.sin(ang))
    pygame.draw.line(surface, (222, 196, 150), base, tip, 4)
    typeset.draw_text(
        surface,
        f"Elevation {theta_deg:.0f}\u00b0",
        (rect.left, rect.top - 4),
        20,
        palette.DIM,
        anchor="bottomleft",
    )
    corner = (rect.right - 6, rect.top + 4)
    typeset.draw_text(
        surface, f"max {limit_deg:.0f}\u00b0", corner, 16, palette.DIM, anchor="topright"
    )


def draw_button(surface: pygame.Surface, button: Button, *, highlight: bool = False) -> None:
    """A rounded button; disabled ones are greyed out."""
    colour = (64, 98, 150) if button.enabled else (50, 54, 60)
    if highlight and button.enabled:
        colour = (86, 130, 196)
    pygame.draw.rect(surface, colour, button.rect, border_radius=7)
    pygame.draw.rect(
        surface,
        (120, 150, 200) if button.enabled else palette.PANEL_EDGE,
        button.rect,
        width=1,
        border_radius=7,
    )
    typeset.draw_text(
        surface,
        button_text(button.label, button.hotkey, button.rect.width),
        button.rect.center,
        22,
        palette.TEXT if button.enabled else palette.DIM,
        anchor="center",
    )


#: Room a button's text leaves on each side inside it, px.
BUTTON_TEXT_PAD = 8


def button_text(label: str, hotkey: str, width: int) -> str:
    """What a button ``width`` px wide shows: its label and its key ("Continue  [1]"); a label
    too long for the button is cut short with an ellipsis, its key kept, so the text never
    spills over the button's edges or under the next button."""
    key = f"  [{hotkey}]" if hotkey else ""
    room = width - 2 * BUTTON_TEXT_PAD
    if typeset.text_width(label + key, 22) <= room:
        return label + key
    words = label
    while words and typeset.text_width(words.rstrip() + "\u2026" + key, 22) > room:
        words = words[:-1]
    return words.rstrip() + "\u2026" + key


def draw_prompt(
    surface: pygame.Surface,
    rect: pygame.Rect,
    lines: Sequence[str],
    *,
    colour: tuple[int, int, int] = palette.TEXT,
) -> None:
    """Up to a few lines of guidance text, top-left in ``rect``."""
    y = rect.top
    for line in lines:
        for piece in typeset.wrap_text(line, 22, rect.width):
            typeset.draw_text(surface, piece, (rect.left, y), 22, colour)
            y += 20
            if y > rect.bottom - 18:
                return
        colour = palette.DIM


def ruling_panel_rect(
    screen: pygame.Rect, info: RulingInfo, *, button_row: bool | None = None
) -> pygame.Rect:
    """Where the ruling panel goes: centred on ``screen``, tall enough for its text and, when
    ``button_row`` (default: when ``info`` has buttons), a row of buttons under it (sized before
    the buttons are laid out in it by :func:`layout_buttons`)."""
    width = max(1, min(640, screen.width - 40))
    body = sum(len(typeset.wrap_text(t, 22, width - 40)) for t in (*info.fouls, *info.lines))
    buttons = bool(info.buttons) if button_row is None else button_row
    height = 78 + 22 * body + (74 if buttons else 24)
    return pygame.Rect(0, 0, width, height).move(
        screen.centerx - width // 2, screen.centery - height // 2
    )


def layout_buttons(panel: pygame.Rect, labels: Sequence[tuple[str, str]]) -> tuple[Button, ...]:
    """Buttons in a row at the bottom of ``panel``, for (label, action) pairs."""
    if not labels:
        return ()
    gap = 10
    n = len(labels)
    width = min(220, (panel.width - 40 - gap * (n - 1)) // n)
    total = n * width + gap * (n - 1)
    left = panel.centerx - total // 2
    top = panel.bottom - 50
    return tuple(
        Button(
            pygame.Rect(left + i * (width + gap), top, width, 36), label, action, hotkey=str(i + 1)
        )
        for i, (label, action) in enumerate(labels)
    )


#: The call banner's headline font size and height, and a call line's height and font, px.
CALL_HEADLINE_PX, CALL_HEADLINE_H, CALL_LINE_H, CALL_LINE_PX = 30, 32, 22, 22


def call_text_lines(info: RulingInfo, width: int) -> list[tuple[str, tuple[int, int, int]]]:
    """The call's fouls (alert colour) then its other sentences, wrapped to ``width`` px."""
    out: list[tuple[str, tuple[int, int, int]]] = []
    for text, colour in [(f, palette.ALERT) for f in info.fouls] + [
        (t, palette.TEXT) for t in info.lines
    ]:
        out += [(piece, colour) for piece in typeset.wrap_text(text, CALL_LINE_PX, max(1, width))]
    return out


def _draw_call_banner(
    surface: pygame.Surface, box: pygame.Rect, text: pygame.Rect, info: RulingInfo, hover: int
) -> None:
    # The banner of render.call_panel.call_layout: headline and lines in ``text``, stopping
    # above any button under the text, and the buttons.
    surface.blit(typeset.shade_surface(box.size, (22, 24, 30, 255)), box.topleft)
    edge = palette.ALERT if info.fouls else palette.PANEL_EDGE
    # The edge faces the table: the top one at the window's bottom, else (hung from the
    # scoreboard) the bottom one.
    y_edge = box.top + 1 if box.bottom >= surface.get_height() else box.bottom - 2
    pygame.draw.line(surface, edge, (box.left, y_edge), (box.right, y_edge), 3)
    typeset.draw_text(
        surface,
        info.headline,
        text.topleft,
        CALL_HEADLINE_PX,
        palette.ALERT if info.fouls else palette.TEXT,
    )
    y = text.top + CALL_HEADLINE_H
    below = [b.rect.top for b in info.buttons if b.rect.left < text.right]
    lowest = min([box.bottom - 8, *below])
    for piece, colour in call_text_lines(info, text.width):
        if y + CALL_LINE_H > lowest:
            break
        typeset.draw_text(surface, piece, (text.left, y), CALL_LINE_PX, colour)
        y += CALL_LINE_H
    for i, button in enumerate(info.buttons):
        draw_button(surface, button, highlight=i == hover)


def draw_ruling(
    surface: pygame.Surface,
    panel: pygame.Rect,
    info: RulingInfo,
    *,
    hover: int = -1,
    text: pygame.Rect | None = None,
) -> None:
    """The referee's call: headline, fouls with their evidence, other facts, choice buttons.
    With ``text`` (where the lines go) it is the window's banner at the bottom edge
    (``render.call_panel.call_layout``); without, a box of its own (pictures, the reference
    image). Skipped when the window leaves no room for it (:func:`typeset.has_room`)."""
    if not typeset.has_room(surface, panel):
        return
    if text is not None:
        _draw_call_banner(surface, panel, text, info, hover)
        return
    surface.blit(typeset.shade_surface(panel.size, (22, 24, 30, 236)), panel.topleft)
    edge = palette.ALERT if info.fouls else palette.PANEL_EDGE
    pygame.draw.rect(surface, edge, panel, width=2, border_radius=8)
    typeset.draw_text(
        surface,
        info.headline,
        (panel.centerx, panel.top + 16),
        34,
        palette.ALERT if info.fouls else palette.TEXT,
        anchor="midtop",
    )
    y = panel.top + 58
    for sentence, colour in [(f, palette.ALERT) for f in info.fouls] + [
        (t, palette.TEXT) for t in info.lines
    ]:
        for piece in typeset.wrap_text(sentence, 22, panel.width - 40):
            typeset.draw_text(surface, piece, (panel.left + 20, y), 22, colour)
            y += 22
    for i, button in enumerate(info.buttons):
        draw_button(surface, button, highlight=i == hover)


def draw_banner(
    surface: pygame.Surface, rect: pygame.Rect, title: str, lines: Sequence[str] = ()
) -> None:
    """A centred box with a big title and a few lines (start-up, messages, confirmations).
    Skipped when the window leaves no room for it (:func:`typeset.has_room`)."""
    if not typeset.has_room(surface, rect):
        return
    surface.blit(typeset.shade_surface(rect.size, (22, 24, 30, 240)), rect.topleft)
    pygame.draw.rect(surface, palette.PANEL_EDGE, rect, width=2, border_radius=8)
    typeset.draw_text(
        surface, title, (rect.centerx, rect.top + 18), 34, palette.TEXT, anchor="midtop"
    )
    y = rect.top + 62
    for line in lines:
        for piece in typeset.wrap_text(line, 22, rect.width - 40):
            typeset.draw_text(surface, piece, (rect.centerx, y), 22, palette.DIM, anchor="midtop")
            y += 22


def toast_box(
    size: tuple[int, int], text: str, avoid: Sequence[pygame.Rect] = ()
) -> tuple[pygame.Rect, list[str]]:
    """Where a toast of ``text`` goes in a window of ``size`` px, and its wrapped lines: centred
    near the top of the table area (84 px down), or, when that box would cover one of
    ``avoid`` (pocket labels and mouths, balls, px), just below the lowest of them it would cover,
    moving down until it covers none (the first place tried stays when every place does)."""
    lines = typeset.wrap_text(text, 24, max(200, size[0] - 160)) or [""]
    width = max(typeset.text_width(line, 24) for line in lines) + 24
    height = sum(typeset.text_image(line, 24, palette.TEXT).get_height() for line in lines) + 12
    box = pygame.Rect(0, 0, width, height)
    box.midtop = (size[0] // 2, 84)
    first = box.copy()
    for _ in range(len(avoid) + 1):
        hit = [r for r in avoid if box.colliderect(r)]
        if not hit:
            return box, lines
        box.top = max(r.bottom for r in hit) + 4
        if box.bottom > size[1]:
            break  # no clear place below: the first one
    return first, lines


def draw_toast(
    surface: pygame.Surface,
    text: str,
    *,
    colour: tuple[int, int, int] = palette.ACCENT,
    avoid: Sequence[pygame.Rect] = (),
) -> pygame.Rect:
    """A message near the top of the table area, wrapped to the window's width, placed by
    :func:`toast_box` off the rects of ``avoid``; returns its box (px)."""
    box, lines = toast_box(surface.get_size(), text, avoid)
    images = [typeset.text_image(line, 24, colour) for line in lines]
    surface.blit(typeset.shade_surface(box.size, (10, 10, 14, 215)), box.topleft)
    y = box.top + 6
    for img in images:
        surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
        y += img.get_height()
    return box
