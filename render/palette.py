"""The window's colours (RGB): its panels, its text, and the accents that say good news, a
warning, or what is chosen."""

from __future__ import annotations

Colour = tuple[int, int, int]

#: The control panel and the boxes drawn over the table, and their edges.
PANEL: Colour = (34, 37, 44)
PANEL_EDGE: Colour = (70, 76, 88)
#: Text, and text that matters less (hints, the other side's line).
TEXT: Colour = (232, 234, 238)
DIM: Colour = (150, 156, 168)
#: What is chosen or called; a warning or a foul; good news (saved, a move done).
ACCENT: Colour = (255, 200, 60)
ALERT: Colour = (255, 96, 84)
GOOD: Colour = (120, 220, 130)
