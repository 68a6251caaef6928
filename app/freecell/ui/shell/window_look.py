"""How the main window looks before anything is chosen: the size of a first
start.  (Its style sheet follows the desktop's scheme: see ``colour_scheme``.)"""

from __future__ import annotations

from PySide6.QtCore import QSize

FIRST_SIZE = QSize(1100, 820)
FIRST_SHARE = 0.85


def first_size(available: QSize) -> QSize:
    """The window's size on a first start (later ones restore the last): 85 % of
    the screen's free area (1632 x 918 on a 1920 x 1080 screen, where the cards
    fill the window) and at least 1100 x 820 -- but on a 1366 x 768 laptop the whole
    window, status bar included, must be on screen, so that nothing the player
    needs is under the edge."""
    return (available * FIRST_SHARE).expandedTo(FIRST_SIZE).boundedTo(available * 0.95)
