"""The window's controls: the toolbar's third button, the deal box, the menus'
shortcuts, the rules page and About."""

from __future__ import annotations

from freecell.engine import FREECELL, NewDeal
from freecell.ui.panels.rules_page import rules_html
from ui_helpers import RUNS, load, make_window


def test_third_button_switches_to_auto_finish_when_the_engine_says_so(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    assert window.third_button_text == "New deal (N)"
    load(window, RUNS)  # every column is a clean run: the engine says auto finish
    assert window.third_button_text == "Auto finish (F)"
    window.dispatch(NewDeal(1))
    assert window.third_button_text == "New deal (N)"


def test_deal_box_plays_a_number_and_explains_bad_input(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    box = window.status.deal_box
    before = window.bus.game
    box.setText("banana")
    qtbot.keyClick(box, "\r")
    assert window.bus.game is before
    assert "banana" in window.hint_bar.text or "number" in window.hint_bar.text.lower()
    box.setText("0")
    qtbot.keyClick(box, "\r")
    assert window.bus.game is before
    assert window.hint_bar.text
    box.setText("11982")
    qtbot.keyClick(box, "\r")
    assert window.bus.game.deal_number == 11982
    assert window.status.text("deal").startswith("Deal #11982")


def test_menus_have_the_usual_shortcuts(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    assert set(window.menus) == {"game", "edit", "view", "help"}
    keys = {a.objectName(): [k.toString() for k in a.shortcuts()] for a in window.actions()}
    assert "Ctrl+Z" in keys["undoAction"] and "U" in keys["undoAction"]
    assert "Ctrl+Shift+Z" in keys["redoAction"] and "Ctrl+Y" in keys["redoAction"]
    assert "H" in keys["hintAction"] and "F" in keys["auto_finishAction"]
    assert "Ctrl+N" in keys["newAction"] and "N" in keys["newAction"]
    assert "F1" in keys["rulesAction"]
    assert "F11" in keys["fullscreenAction"]


def test_rules_page_explains_rules_supermove_and_keys(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    window.rules_tool.trigger()
    dialog = window.rules_dialog
    qtbot.waitExposed(dialog)
    text = dialog.browser.toPlainText()
    for needle in ("foundations", "empty free cells + 1", "Left / Right", "proven lost"):
        assert needle in text
    assert "supermove" in rules_html(FREECELL)


def test_about_names_version_and_licence(qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    shown: list[str] = []
    from PySide6.QtWidgets import QMessageBox

    monkeypatch.setattr(QMessageBox, "about", lambda _p, _t, text: shown.append(text))
    window = make_window(qtbot)
    window.about_action.trigger()
    from freecell import __version__

    assert __version__ in shown[0] and "GPL-3.0-or-later" in shown[0]


def test_the_deal_box_gets_its_clear_button_with_the_first_character(qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtTest import QTest

    window = make_window(qtbot)
    box = window.status.deal_box
    assert not box.isClearButtonEnabled()  # nothing to clear yet (and its icon waits)
    box.setFocus()
    QTest.keyClicks(box, "617")
    assert box.isClearButtonEnabled() and box.text() == "617"
