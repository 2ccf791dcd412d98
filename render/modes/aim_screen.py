"""What the aim screen shows (``render.modes.aim``): the panel's buttons for what may be
declared now, the prompt's lines, and the picture: the zone of a cue ball in hand, the aim
assist (ghost ball and lines, or the engine's paths), the balls, the calls and the pocket
labels, the cue stick, the scoreboard and the controls. Each function reads the mode's state
and the host's; drawing mutates only the surface (and the mode's record of what it drew: the
wrong ball, the pocket labels' rectangles)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Protocol

import numpy as np
import pygame

import sim
from render import aim_drawing, draw, hud, palette, typeset
from render.aiming import guide_lines
from render.keys import Action
from render.layout import (
    FRAME_BUTTON_W,
    PANEL_BUTTON_W,
    SHOOT_BUTTON_W,
    WARN_BUTTON_MAX_W,
    lay_out_right,
    natural_button_width,
)
from render.modes.base import draw_controls
from render.modes.preparing import full_preview_waits
from render.preview import preview_for_aim, preview_words, wrong_first_ball
from render.scoreboard import score_info
from render.view import View
from render.widgets import Button
from render.words import PROMPT_ZONE_WORDS, ball_name, call_words
from rules.wording import ball_words

if TYPE_CHECKING:
    from render.host import Host
    from render.preview import PreviewCache


class AimScreenState(Protocol):
    """What the aim screen reads of the aim mode (``render.modes.aim.AimMode`` is one) and the
    readings it leaves there each frame (``wrong_ball``, ``preview_note``, ``rings``,
    ``label_rects``), for the prompt and the messages to use."""

    host: Host
    dragging: str | None
    previews: PreviewCache
    cue_placed: bool
    drag_ball: tuple[int, tuple[float, float]] | None
    wrong_ball: int | None
    preview_note: str
    rings: tuple[str, ...]
    label_rects: list[pygame.Rect]

    def frame_menu_offered(self) -> bool: ...


def panel_buttons(mode: AimScreenState, size: tuple[int, int]) -> list[Button]:
    """The panel's buttons for what may be declared now, in ``Layout.buttons`` (beside the
    widgets or in rows of their own: never over them), Shoot at the right end."""
    host = mode.host
    options = host.declaration_options()
    layout = host.layout(size)
    specs: list[tuple[str, str, str]] = []
    if options.push_out_allowed:
        specs.append(("Push out: ON" if host.aim.push_out else "Push out", Action.PUSH_OUT, "P"))
    if options.safety_allowed:
        specs.append(("Safety: ON" if host.aim.safety else "Safety", Action.SAFETY, "F"))
    if options.call_required:
        specs.append(("Call again", Action.RECALL, "C"))
    if options.free_ball_allowed:
        specs.append(
            ("Free ball: ON" if host.aim.free_ball else "Free ball", Action.FREE_BALL, "B")
        )
    if options.nomination_required or options.free_ball_allowed:
        specs.append(("Nominate", Action.NOMINATE, "N"))
    due = host.warning_due()
    if due:
        names = " & ".join(host.session.game.players[i] for i in due)
        label = f"Warn {names}: two fouls"
        if typeset.text_width(f"{label}  [W]", 22) + 24 > WARN_BUTTON_MAX_W:
            label = "Warn: two fouls"  # long names: the prompt and the scoreboard name them
        specs.insert(0, (label, Action.WARN, "W"))
    if mode.frame_menu_offered():
        specs.insert(0, ("Concede / re-rack", Action.FRAME, "X"))
    specs.append(("Shoot", Action.SHOOT, "Space"))
    compact = layout.compact_buttons
    fixed: dict[str, int] = {Action.SHOOT: SHOOT_BUTTON_W, Action.FRAME: FRAME_BUTTON_W}
    rows = []
    for label, action, key in specs:
        if compact:
            width = natural_button_width(typeset.text_width(label, 22))
        elif action == Action.WARN:
            width = min(WARN_BUTTON_MAX_W, typeset.text_width(f"{label}  [{key}]", 22) + 24)
        else:
            width = fixed.get(action, PANEL_BUTTON_W)
        rows.append((label, action, "" if compact else key, width))
    return list(lay_out_right(layout.buttons, rows))


#: What each ring round a ball means, by kind (``AimScreenState.rings``), for the prompt's legend.
RING_WORDS = {
    "call": "yellow = the ball called or nominated",
    "met": "orange = a ball a guide line runs into",
}


def ring_legend(rings: tuple[str, ...]) -> str:
    """The legend of the rings drawn round balls in the last frame ("" when none was)."""
    kinds = [RING_WORDS[k] for k in RING_WORDS if k in rings]
    return "Rings: " + "; ".join(kinds) + "." if kinds else ""


def prompt_lines(mode: AimScreenState) -> list[str]:
    host = mode.host
    who = host.session.game.players[host.session.game.to_play]
    lines = []
    if host.in_hand and mode.cue_placed:
        lines.append(f"{who}: cue ball placed - aim, then Space (drag it to move it again).")
    elif host.in_hand:
        lines.append(
            f"{who}: ball in hand {PROMPT_ZONE_WORDS.get(host.zone, '')}"
            " - drag or click to place the cue ball, then Space."
        )
    else:
        lines.append(f"{who} to shoot.")
    problem = host.declaration_problem()
    if problem:
        lines.append(problem)
    elif host.aim.called_ball is not None and host.aim.called_pocket is not None:
        called = call_words(host.session.game, host.aim.called_ball, host.aim.called_pocket)
        lines.append(f"Called: {called}. Yellow rings: the call.")
    options = host.declaration_options()
    if options.nomination_required or host.aim.free_ball:
        nominated = host.nominated_ball()
        if nominated is not None:
            how = "" if host.aim.nominated is not None else " (the ball aimed at)"
            prefix = "Free ball" if host.aim.free_ball else "Nominated"
            lines.append(f"{prefix}: {ball_words(host.ball_names[nominated])}{how}.")
    if mode.wrong_ball is not None:
        words = ball_name(host.session.game, mode.wrong_ball)
        lines.append(f"Careful: the aim hits {words} first, not a ball on.")
    if mode.preview_note:
        lines.append(mode.preview_note)
    if host.session.match_config.practice:
        lines.append(
            "Practice: drag any ball \u00b7 Backspace shot again \u00b7 Insert / Delete a ball"
            " \u00b7 Ctrl+E save"
        )
    if host.aim.push_out:
        lines.append("Push-out announced.")
    foul_hint = " \u00b7 D foul on the last shot" if host.foul_shot() is not None else ""
    # What G shows at this match's aim assist: nothing to toggle with none.
    level = host.session.match_config.aim_assist
    assist = {
        "ghost": " \u00b7 G ghost (geometry only: no throw)",
        "full": " \u00b7 G predicted paths",
    }.get(level, "")
    waiting = full_preview_waits() if level == "full" else None
    if waiting is not None:
        lines.append(waiting + ".")
    lines.append(
        f"Aim {host.aim.phi_deg % 360:6.2f}\u00b0 (Right arrow: clockwise)"
        f"{assist}{foul_hint} \u00b7 H help"
    )
    # The rest of the legend last: in a short prompt the keys' line comes first (the call's
    # line says its own rings).
    said = ("call",) if any(line.startswith("Called: ") for line in lines) else ()
    legend = ring_legend(tuple(k for k in mode.rings if k not in said))
    if legend:
        lines.append(legend)
    return lines


def draw_aim_screen(mode: AimScreenState, surface: pygame.Surface) -> None:
    host = mode.host
    host.remember_size(surface.get_size())
    size = surface.get_size()
    view = host.view_for(size)
    surface.blit(host.table_background(size), (0, 0))
    table = host.table
    if host.in_hand:
        aim_drawing.draw_zone(surface, view, table, host.zone)
    positions, on = host.current_positions()
    if mode.drag_ball is not None:  # practice: the ball dragged follows the pointer
        positions = np.array(positions, dtype=float)
        positions[mode.drag_ball[0]] = mode.drag_ball[1]
    cue = host.cue_xy()
    mode.wrong_ball = None
    mode.rings = ()
    mode.preview_note = ""
    level = host.session.match_config.aim_assist
    if level == "full" and full_preview_waits() is not None:
        level = "ghost"  # the predicted paths wait for the compiled engine
    assisting = host.show_ghost and mode.dragging not in ("cue", "ball") and level != "none"
    contact = host.aim_contact() if assisting and level == "ghost" else None
    if assisting and level == "full":
        preview = preview_for_aim(host.session.game, host.aim, mode.previews)
        if preview is not None:
            mode.wrong_ball = wrong_first_ball(host.session.game, host.aim, preview.first_ball)
            aim_drawing.draw_preview(
                surface, view, table, preview.cue_path, preview.object_path,
                preview.contact_xy, warning=mode.wrong_ball is not None,
                meets=preview.meets, other_paths=preview.other_paths,
                marks=[(m.kind, m.xy) for m in preview.marks],
            )  # fmt: skip
            mode.rings += ("met",) * bool(preview.meets)
            mode.preview_note = preview_words(host.session.game, preview)
    elif host.aim.theta_deg > 0 and full_preview_waits() is None and mode.dragging is None:
        # The ghost draws straight lines: whether an elevated cue ball leaves the cloth is
        # the engine's answer, said in words.
        jump = preview_for_aim(host.session.game, host.aim, mode.previews)
        if jump is not None:
            mode.preview_note = preview_words(host.session.game, jump, jump_only=True)
    if cue is not None and contact is not None:
        mode.wrong_ball = wrong_first_ball(host.session.game, host.aim, contact.ball)
        obj_path = tangent = None
        meets = []  # each guide line stops at the first ball it would hit, marked there
        lines = guide_lines(host.session.game, host.aim, contact)
        if lines is not None:
            obj_path, tangent = lines.object_path, lines.tangent_path
            for path, met in ((obj_path, lines.object_meets), (tangent, lines.tangent_meets)):
                if path is not None and met >= 0:
                    meets.append((path[1], (float(positions[met][0]), float(positions[met][1]))))
        clip = surface.get_clip()  # the guide lines stay on the cloth, off rails and pockets
        surface.set_clip(cloth_rect(view, table).clip(clip))
        aim_drawing.draw_aim(
            surface,
            view,
            table,
            cue,
            host.aim.phi_deg,
            ghost_xy=contact.ghost,
            end_xy=contact.ghost,
            object_path=obj_path,
            tangent_path=tangent,
            meets=meets,
        )
        surface.set_clip(clip)
        mode.rings += ("met",) * bool(meets)
    draw.draw_balls(
        surface, view, table, positions, on, host.looks, orientations=host.ball_orientations()
    )
    if host.in_hand and cue is not None:
        problem = host.session.game.placement_problem(cue)
        ring = (255, 90, 80) if problem else (255, 255, 255)
        cx, cy = view.to_screen(*cue)
        pygame.draw.circle(
            surface,
            ring,
            (round(cx), round(cy)),
            round(view.length_px(table.ball_radius) + 4),
            2,
        )
    layout = host.layout(size)
    if cue is not None and mode.dragging != "cue":
        clip = surface.get_clip()  # the cue stays on the table area, off the scoreboard
        surface.set_clip(layout.table.clip(clip))
        aim_drawing.draw_cue_stick(
            surface, view, table, cue, host.aim.phi_deg, 0.02 + 0.12 * host.aim.power
        )
        surface.set_clip(clip)
    _draw_calls(mode, surface, view, positions)  # over the cue: a pocket's label stays legible
    hud.draw_scoreboard(surface, layout.board, score_info(host.session))
    draw_controls(host, surface, layout)
    hud.draw_prompt(surface, layout.prompt, prompt_lines(mode))
    for button in panel_buttons(mode, size):
        hud.draw_button(surface, button, highlight=button.label.endswith("ON"))


def cloth_rect(view: View, table: sim.Table) -> pygame.Rect:
    """The playing surface (inside the cushions' noses) on screen, px."""
    x0, y0 = view.to_screen(0.0, 0.0)
    x1, y1 = view.to_screen(float(table.width), float(table.length))
    left, top = min(x0, x1), min(y0, y1)
    return pygame.Rect(round(left), round(top), round(abs(x1 - x0)), round(abs(y1 - y0)))


def _draw_calls(
    mode: AimScreenState, surface: pygame.Surface, view: View, positions: np.ndarray
) -> None:
    host = mode.host
    r = view.length_px(host.table.ball_radius)
    marks = []
    if host.aim.called_ball is not None:
        marks.append(positions[host.aim.called_ball])
    nominated = host.aim.nominated
    if nominated is not None:
        marks.append(positions[nominated])
    mode.rings += ("call",) * bool(marks)
    for p in marks:
        cx, cy = view.to_screen(float(p[0]), float(p[1]))
        pygame.draw.circle(surface, palette.ACCENT, (round(cx), round(cy)), round(r + 5), 2)
    options = host.declaration_options()
    mode.label_rects = []
    if options.call_required and not host.aim.safety:
        _draw_pocket_labels(mode, surface, view)
    if host.aim.called_pocket is not None:
        pocket = next(p for p in host.table.pockets if p.name == host.aim.called_pocket)
        cx, cy = view.to_screen(pocket.x, pocket.y)
        pygame.draw.circle(
            surface,
            palette.ACCENT,
            (round(cx), round(cy)),
            round(view.length_px(pocket.radius) + 6),
            3,
        )


def _draw_pocket_labels(mode: AimScreenState, surface: pygame.Surface, view: View) -> None:
    """Each pocket's name as the rulings say it (``Table.pockets[i].name``), written
    just outside the pocket on the rail, kept inside the table area (never under the
    scoreboard or past the window's edge); the called one in the accent colour."""
    host = mode.host
    area = host.layout(surface.get_size()).table
    cx0, cy0 = view.to_screen(float(host.table.width) / 2, float(host.table.length) / 2)
    for pocket in host.table.pockets:
        px, py = view.to_screen(pocket.x, pocket.y)
        # Outwards from the table's centre, past the pocket's mouth.
        dx, dy = px - cx0, py - cy0
        norm = math.hypot(dx, dy) or 1.0
        out = view.length_px(pocket.radius) + 14
        half_w, half_h = typeset.text_width(pocket.name, 18) / 2 + 2, 11
        x = min(max(px + dx / norm * out * 0.3, area.left + half_w), area.right - half_w)
        y = min(max(py + dy / norm * out, area.top + half_h), area.bottom - half_h)
        called = pocket.name == host.aim.called_pocket
        colour = palette.ACCENT if called else palette.TEXT
        label = typeset.draw_text(surface, pocket.name, (x, y), 18, colour, anchor="center")
        mouth = round(view.length_px(pocket.radius))
        mode.label_rects += [label, pygame.Rect(px - mouth, py - mouth, 2 * mouth, 2 * mouth)]
