"""The announcer: how each message reaches a screen reader, once.

Orca 43 (no announcement handler) gets a description change on the focused object;
a reader that registered for ``Object:Announcement`` gets announcements only; a
mixed desktop gets both.  These tests pick what the AT-SPI registry says with a
stand-in for ``ListenerCache`` and read ``delivered``.  (The real Orca is in
``test_orca_speaks.py``.)"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QApplication

from freecell.engine import Move, MoveCards, Pile
from freecell.ui.accessibility import install_accessibility
from freecell.ui.accessibility.announcer import ANNOUNCEMENT, DESCRIPTION, routes_for
from freecell.ui.accessibility.atspi_listeners import Listeners
from ui_helpers import make_window

ORCA_43 = Listeners(
    (
        (":1.5", "Focus::"),
        (":1.5", "Object:StateChanged:Focused"),
        (":1.5", "Object:PropertyChange:AccessibleDescription"),
    )
)
ORCA_47 = Listeners((*ORCA_43.events, (":1.5", "Object:Announcement:")))
BOTH = Listeners((*ORCA_47.events, (":1.9", "Object:StateChanged:Focused")))


class Registry:
    def __init__(self, listeners: Listeners | None) -> None:
        self.listeners = listeners

    def get(self) -> Listeners | None:
        return self.listeners


def test_routes_follow_what_the_readers_listen_to() -> None:
    assert routes_for(None) == (ANNOUNCEMENT,)  # not AT-SPI: UIA, macOS
    assert routes_for(Listeners(())) == (ANNOUNCEMENT,)  # nobody listening
    assert routes_for(ORCA_43) == (DESCRIPTION,)
    assert routes_for(ORCA_47) == (ANNOUNCEMENT,)
    assert routes_for(BOTH) == (DESCRIPTION, ANNOUNCEMENT)
    assert ORCA_43.readers == {":1.5"} and ORCA_47.announcement_readers == {":1.5"}


@pytest.fixture
def window(qtbot):  # type: ignore[no-untyped-def]
    w = make_window(qtbot, deal=1)
    w.a11y = install_accessibility(w)
    QAccessible.setActive(True)
    w.view.setFocus()
    yield w
    w.close()


def _settle(qtbot) -> None:  # type: ignore[no-untyped-def]
    qtbot.wait(1200)  # past the time a reader takes to present a new focus


def test_orca_43_hears_a_move_once_as_the_focused_card_s_description(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    live = window.a11y.live
    live.listeners = Registry(ORCA_43)
    _settle(qtbot)
    live.delivered.clear()
    window.dispatch(MoveCards(Move(Pile.column(0), Pile.cell(-1))))
    _settle(qtbot)
    said = [d for d in live.delivered if "Moved the six of spades" in d.message]
    assert len(said) == 1 and said[0].route == DESCRIPTION
    # on the object the focus is on (free cell a, where the table's focus is)
    focused = window.a11y.model.focused_interface()
    assert said[0].target == focused.text(QAccessible.Text.Name)
    assert not [d for d in live.delivered if d.route == ANNOUNCEMENT]
    # the change carried the words; the card has its own description back at once
    # (a reader presenting the focus late would read them there and say them twice)
    assert "Moved" not in focused.text(QAccessible.Text.Description)
    qtbot.keyClick(window.view, Qt.Key.Key_Right)
    _settle(qtbot)
    assert "Moved" not in focused.text(QAccessible.Text.Description)


def _description_changes(monkeypatch):  # type: ignore[no-untyped-def]
    """What each DescriptionChanged event carries (as Qt's AT-SPI bridge reads it)."""
    told: list[str] = []
    original = QAccessible.updateAccessibility

    def record(event):  # type: ignore[no-untyped-def]
        if event.type() == QAccessible.Event.DescriptionChanged:
            iface = event.accessibleInterface()
            told.append(iface.text(QAccessible.Text.Description) if iface is not None else "?")
        original(event)

    monkeypatch.setattr(QAccessible, "updateAccessibility", record)
    return told


def test_a_message_is_one_change_that_carries_it_then_a_blank_one(  # type: ignore[no-untyped-def]
    qtbot, window, monkeypatch
) -> None:
    """Orca 43 speaks what a description change carries, and an empty one not at all;
    when it presents the focus it reads the description, which is never the message
    after the step that said it: each message is spoken once, however late Orca is."""
    live = window.a11y.live
    live.listeners = Registry(ORCA_43)
    _settle(qtbot)
    told = _description_changes(monkeypatch)
    window.dispatch(MoveCards(Move(Pile.column(0), Pile.cell(-1))))
    _settle(qtbot)
    moved = "Moved the six of spades from column 1 to free cell a."
    assert told == [moved, ""]
    focused = window.a11y.model.focused_interface()
    assert focused.text(QAccessible.Text.Description) != moved
    # a widget with the focus (the results panel's button): Qt tells its changes
    window.results.show_result(5, 3, 52, 1, "FreeCell")
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.results.new_button)
    _settle(qtbot)
    live.delivered.clear()
    live.announce("Undone: the six of spades from column 1 to free cell a.")
    _settle(qtbot)
    assert [(d.route, d.target) for d in live.delivered] == [(DESCRIPTION, "New deal")]
    assert "Undone" not in window.results.new_button.accessibleDescription()


def test_a_reader_with_announcements_gets_announcements_only(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    live = window.a11y.live
    live.listeners = Registry(ORCA_47)
    live.delivered.clear()
    qtbot.keyClick(window.view, Qt.Key.Key_D)
    _settle(qtbot)
    assert [d.route for d in live.delivered] == [ANNOUNCEMENT]
    assert live.delivered[0].message.startswith("Deal 1, FreeCell")


def test_picking_up_says_so_and_marks_the_cards_selected(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    live = window.a11y.live
    model = window.a11y.model
    right = window.controller.piles().index(Pile.column(0))
    for _ in range(right):
        qtbot.keyClick(window.view, Qt.Key.Key_Right)
    qtbot.keyClick(window.view, Qt.Key.Key_Space, Qt.KeyboardModifier.ShiftModifier)
    assert live.last == "Picked up the six of spades from column 1."
    column = model.pile_interface(Pile.column(0))
    top = column.child(column.childCount() - 1)
    assert top.state().selected and top.state().focused
    assert not column.child(0).state().selected
    assert column.text(QAccessible.Text.Name).endswith("; 1 card picked up")
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    assert live.last == "Put down the six of spades; nothing is picked up."
    assert not top.state().selected
    # a move after a pick-up says the move, not "put down" as well
    qtbot.keyClick(window.view, Qt.Key.Key_Space, Qt.KeyboardModifier.ShiftModifier)
    live.listeners = Registry(ORCA_47)
    _settle(qtbot)
    live.delivered.clear()
    for _ in range(right):
        qtbot.keyClick(window.view, Qt.Key.Key_Left)
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    _settle(qtbot)
    assert [d.message for d in live.delivered] == [
        "Moved the six of spades from column 1 to free cell a."
    ]


def test_each_card_that_moved_tells_its_new_name(qtbot, window, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    told: list[str] = []
    original = QAccessible.updateAccessibility

    def record(event):  # type: ignore[no-untyped-def]
        if event.type() == QAccessible.Event.NameChanged:
            iface = event.accessibleInterface()
            if iface is not None:
                told.append(iface.text(QAccessible.Text.Name))
        original(event)

    monkeypatch.setattr(QAccessible, "updateAccessibility", record)
    window.dispatch(MoveCards(Move(Pile.column(0), Pile.cell(-1))))
    assert "Six of spades, free cell a" in told  # the card itself
    assert any(t.startswith("Six of diamonds, column 1, top card") for t in told)  # uncovered
    assert "Free cell a, six of spades" in told  # and its piles


def test_the_message_bar_s_name_is_its_message(window) -> None:  # type: ignore[no-untyped-def]
    bar = window.hint_bar
    bar.show_message("No legal move is left.", "lost")
    iface = QAccessible.queryAccessibleInterface(bar.label)
    assert iface.text(QAccessible.Text.Name) == "No legal move is left."
    assert window.a11y.live.last == "No legal move is left."
    assert QApplication.focusWidget() is window.view


def test_the_win_is_said_once_the_results_panel_has_the_focus(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    from ui_helpers import RUNS, load

    live = window.a11y.live
    live.listeners = Registry(ORCA_43)
    load(window, RUNS)
    window.a11y.live.hold(3000)
    window.a11y.live.announce("You won! All 52 cards are home, in 3 moves and 5 seconds.")
    _settle(qtbot)
    assert not [d for d in live.delivered if d.message.startswith("You won")]  # held
    window.results.show_result(5, 3, 52, 1, "FreeCell")
    _settle(qtbot)
    said = [d for d in live.delivered if "You won!" in d.message]
    assert len(said) == 1 and said[0].target == "New deal"


def test_tab_stays_in_the_results_panel_and_escape_closes_it(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.results.show_result(5, 3, 52, 1, "FreeCell")
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.results.new_button)
    seen = set()
    for _ in range(6):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        focus = QApplication.focusWidget()
        assert focus is not window.status.deal_box
        assert window.results.isAncestorOf(focus)
        seen.add(focus)
    assert len(seen) >= 3  # every button of the panel, round and round
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Backtab)
    assert window.results.isAncestorOf(QApplication.focusWidget())
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    assert not window.results.isVisible()
    assert QApplication.focusWidget() is window.view


def test_a_game_key_in_the_deal_box_is_the_game_s_key(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    box = window.status.deal_box
    box.setFocus()
    qtbot.waitUntil(box.hasFocus)
    qtbot.keyClick(box, Qt.Key.Key_D)
    assert box.text() == ""
    assert window.a11y.live.last.startswith("Deal 1, FreeCell")
    qtbot.keyClicks(box, "617")
    assert box.text() == "617"


def test_every_container_is_named(window) -> None:  # type: ignore[no-untyped-def]
    for widget in (window.hint_bar, window.statusBar(), window.menuBar()):
        iface = QAccessible.queryAccessibleInterface(widget)
        assert iface.text(QAccessible.Text.Name), widget
    assert window.accessibleName() == "FreeCell \u2014 Deal 1"
    assert window.windowTitle() == "Deal 1 \u2014 FreeCell"
