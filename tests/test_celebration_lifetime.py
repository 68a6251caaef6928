"""A win's celebration ends with its window: closing or deleting the window during
the celebration (or in the moment before it starts) stops its timers, and nothing
it started reaches a deleted widget afterwards."""

from __future__ import annotations

import logging

import pytest
from PySide6.QtCore import Qt

from freecell.engine import Pile
from freecell.ui.table import celebration
from ui_helpers import board, card_point, load, make_window

WON_IN_ONE = board(["KS"], home="C-K D-K H-K S-Q")
SHORT_MS = 300  # the celebration's own limit, shortened so the test outlives it


def _win(qtbot):  # type: ignore[no-untyped-def]
    window = make_window(qtbot, reduce_motion=False)
    load(window, WON_IN_ONE)
    qtbot.mouseClick(
        window.view.viewport(), Qt.MouseButton.LeftButton, pos=card_point(window, Pile.column(0))
    )
    assert window.bus.game.is_won
    return window


def _delete(qtbot, request: pytest.FixtureRequest, window, *, close: bool) -> None:  # type: ignore[no-untyped-def]
    """Delete the window now (pytest-qt would close it again at teardown, so it
    forgets it); ``close``: as a player closes it, else deleted without a close."""
    node = request.node
    node.qt_widgets = [(ref, f) for ref, f in node.qt_widgets if ref() is not window]
    gone: list[bool] = []
    window.destroyed.connect(lambda: gone.append(True))
    if close:
        window.close()
    window.deleteLater()
    qtbot.waitUntil(lambda: bool(gone), timeout=2000)


@pytest.mark.parametrize("close", [True, False], ids=["closed", "deleted"])
@pytest.mark.parametrize("when", ["during", "before"])
def test_a_gone_window_ends_its_celebration(  # type: ignore[no-untyped-def]
    qtbot,
    request: pytest.FixtureRequest,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    when: str,
    close: bool,
) -> None:
    monkeypatch.setattr(celebration, "LONGEST_MS", SHORT_MS)
    window = _win(qtbot)
    if when == "during":
        qtbot.waitUntil(lambda: window.scene.celebrating, timeout=3000)
    with caplog.at_level(logging.WARNING):
        _delete(qtbot, request, window, close=close)
        # past the delayed start and the celebration's end: any callback that
        # reached the deleted results panel would raise (pytest-qt fails on it)
        qtbot.wait(SHORT_MS * 3)
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []


def test_closing_the_window_stops_the_celebration(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = _win(qtbot)
    qtbot.waitUntil(lambda: window.scene.celebrating, timeout=3000)
    window.close()
    assert not window.scene.celebrating and window.scene.celebration is None
    qtbot.wait(100)
    assert not window.results.isVisible()  # nothing shown on a closed window
