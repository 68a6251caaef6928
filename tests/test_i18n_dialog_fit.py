"""Preferences and Statistics fit a 1366x768 screen in every shipped language.

At 1366x768 the Preferences window was one column taller than the screen in Korean
and Chinese (Noto Sans CJK's lines are taller), so its Close button was cut off; it
now puts Looks beside Game and Behaviour.  The margin left is for a title bar and a
desktop panel (docs/translating.md, Looking at a language).
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from freecell.i18n import SHIPPED
from i18n_windows import full_window, installed, open_preferences, open_statistics

SCREEN_WIDTH, SCREEN_HEIGHT = 1366, 768
DESKTOP = 80  # a title bar and a desktop panel


@pytest.mark.parametrize("code", [c for c in SHIPPED if c != "en"] + ["en"])
def test_preferences_and_statistics_fit_a_1366x768_screen(
    qtbot: Any, qapp: QApplication, code: str
) -> None:
    for _ in installed(qapp, code):
        window = full_window(qtbot)
        preferences = open_preferences(qtbot, window)
        hint = preferences.sizeHint()
        assert hint.width() <= SCREEN_WIDTH, (code, hint)
        assert hint.height() <= SCREEN_HEIGHT - DESKTOP, (code, hint)
        preferences.close()
        statistics = open_statistics(qtbot, window, 0)
        hint = statistics.minimumSizeHint()
        assert hint.width() <= SCREEN_WIDTH, (code, hint)
        assert hint.height() <= SCREEN_HEIGHT - DESKTOP, (code, hint)
