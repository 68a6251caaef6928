"""How the main window looks before anything is chosen: its style sheet and the
size of a first start."""

from __future__ import annotations

from PySide6.QtCore import QSize

WINDOW_STYLE = """
QToolBar#gameToolbar { background: #20262e; border: none; spacing: 6px; padding: 4px 8px; }
QToolBar#gameToolbar QToolButton {
    color: #f2f2f2; background: #34404e; border: 1px solid #4a5868; border-radius: 6px;
    padding: 5px 14px; font-size: 11pt; font-weight: 600;
}
QToolBar#gameToolbar QToolButton:hover { background: #43536a; }
QToolBar#gameToolbar QToolButton:pressed { background: #2a3440; }
QToolBar#gameToolbar QToolButton:disabled { color: #7d8794; }
QToolBar#gameToolbar QToolButton:focus { border: 2px solid #ffcc33; }
QStatusBar { background: #20262e; color: #e6e9ee; }
QStatusBar::item { border: none; }
QStatusBar QLabel { color: #e6e9ee; font-size: 10pt; padding: 0px 4px; }
QStatusBar QLineEdit {
    background: #f6f6f2; color: #111; border-radius: 4px; padding: 2px 6px;
}
"""


FIRST_SIZE = QSize(1100, 820)
FIRST_SHARE = 0.85


def first_size(available: QSize) -> QSize:
    """The window's size on a first start (later ones restore the last): 85 % of
    the screen's free area (1632 x 918 on a 1920 x 1080 screen, where the cards
    fill the window) and at least 1100 x 820 -- but on a 1366 x 768 laptop the whole
    window, status bar included, must be on screen, so that nothing the player
    needs is under the edge."""
    return (available * FIRST_SHARE).expandedTo(FIRST_SIZE).boundedTo(available * 0.95)
