"""A key that cannot act now says why, in the message bar and to the screen reader
(issue 35, item 3): F with no auto finish possible, H with no hint to give, U /
Ctrl+Z and Ctrl+Y with nothing to undo or redo -- also when their action is
greyed out, which makes Qt hand the key on as a plain key press."""

from __future__ import annotations

from PySide6.QtCore import Qt

from freecell.engine import SendHome
from freecell.ui.accessibility import install_accessibility
from ui_helpers import board, col, load, make_window


def _window(qtbot, deal: int = 1):  # type: ignore[no-untyped-def]
    window = make_window(qtbot, deal=deal)
    window.a11y = install_accessibility(window)
    window.view.setFocus()
    return window


def _said(window) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    """What the message bar shows and what the screen reader was last given."""
    return window.hint_bar.label.text(), window.a11y.live.last


def test_f_says_why_auto_finish_cannot_start(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = _window(qtbot, deal=1)  # no card can go home at deal 1's start
    qtbot.keyClick(window.view, Qt.Key.Key_F)
    shown, spoken = _said(window)
    assert shown == "Auto finish cannot start: no card can go home now."
    assert shown in spoken
    assert not window.auto_finish.running and window.bus.game.move_count == 0
    # deal 251 shows two cards that can go home, but not every card can
    window = _window(qtbot, deal=251)
    qtbot.keyClick(window.view, Qt.Key.Key_F)
    shown, spoken = _said(window)
    assert shown == "Auto finish cannot start yet: 2 cards can go home now, but not every card."
    assert shown in spoken
    # greyed out (as a tool bar that shows what can act greys it): the key still says
    window.auto_finish_action.setEnabled(False)
    window.hint_bar.dismiss()
    qtbot.keyClick(window.view, Qt.Key.Key_F)
    assert _said(window)[0].startswith("Auto finish cannot start yet")


def test_undo_and_redo_keys_say_there_is_nothing(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = _window(qtbot)
    window.undo_action.setEnabled(False)  # nothing to undo at a deal's start
    window.redo_action.setEnabled(False)
    for key, mods, words in (
        (Qt.Key.Key_U, Qt.KeyboardModifier.NoModifier, "Nothing to undo"),
        (Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier, "Nothing to undo"),
        (Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier, "Nothing to redo"),
        (
            Qt.Key.Key_Z,
            Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
            "Nothing to redo",
        ),
    ):
        window.hint_bar.dismiss()
        qtbot.keyClick(window.view, key, mods)
        shown, spoken = _said(window)
        assert shown == words, (key, mods)
        assert words in spoken
    # a key no action of ours owns says nothing
    window.hint_bar.dismiss()
    qtbot.keyClick(window.view, Qt.Key.Key_Q)
    assert window.hint_bar.kind == "idle"


def test_h_says_why_no_hint_comes(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = _window(qtbot)
    # one card from the win: send it home, then ask for a hint
    last = board(["KS"], home="C-K D-K H-K S-Q")
    load(window, last)
    window.dispatch(SendHome(col(0)))
    assert window.bus.game.is_won
    window.win.hide_results()
    window.view.setFocus()
    window.hint_bar.dismiss()
    qtbot.keyClick(window.view, Qt.Key.Key_H)
    shown, spoken = _said(window)
    assert shown == "The game is won: start a new deal or replay this one"
    assert shown in spoken
    # greyed out while auto finish is running: the key says why
    window.hint_action.setEnabled(False)
    load(window, board(["KS", "KH"], home="C-K D-K H-Q S-Q"))
    window.view.setFocus()
    window.auto_finish.toggle()
    assert window.auto_finish.running
    window.hint_bar.dismiss()
    qtbot.keyClick(window.view, Qt.Key.Key_H)
    assert _said(window)[0] == "No hint is needed: auto finish is sending the cards home."
