"""Playing with the keyboard (issue 5): letter keys and Ctrl shortcuts, and the
focus described for screen readers."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from freecell.engine import Move as EMove
from freecell.engine import MoveCards
from ui_helpers import RUNS, col, load, make_window


def test_letter_keys_and_control_shortcuts(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    window.view.setFocus()
    window.dispatch(MoveCards(EMove.parse("5a")))
    qtbot.keyClick(window.view, Qt.Key.Key_U)
    assert window.bus.game.move_count == 0
    qtbot.keyClick(
        window.view,
        Qt.Key.Key_Z,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert window.bus.game.move_count == 1
    qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.bus.game.move_count == 0
    qtbot.keyClick(window.view, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert window.bus.game.move_count == 1
    first = window.bus.game
    qtbot.keyClick(window.view, Qt.Key.Key_N)  # new deal mid-game: asked first
    question = window.abandon.box
    assert question is not None and window.bus.game is first
    question.findChild(QPushButton, "abandonButton").click()
    assert window.bus.game is not first and window.bus.game.move_count == 0
    assert not window.bus.game.can_undo


def test_focus_is_described_for_screen_readers(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    load(window, RUNS)
    window.view.setFocus()
    piles = window.controller.piles()
    for _ in range(piles.index(col(0))):
        qtbot.keyClick(window.view, Qt.Key.Key_Right)
    assert window.controller.focus_text == "Column 1, 7 cards: seven of clubs"
    qtbot.keyClick(window.view, Qt.Key.Key_Up)
    qtbot.keyClick(window.view, Qt.Key.Key_Up)
    assert window.controller.focus_text == "Column 1, 7 cards: nine of spades and the 2 below it"
    assert window.view.accessibleName().endswith("nine of spades and the 2 below it")
    qtbot.keyClick(window.view, Qt.Key.Key_Left)
    assert window.controller.focus_text == "The spades foundation: 5 cards home"
