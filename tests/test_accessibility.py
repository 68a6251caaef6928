"""Screen reader and keyboard: the accessible tree of the table, the live status,
and a whole game won with key events only (no mouse), the run picker included."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QApplication

from freecell.engine import (
    FREECELL,
    Move,
    MoveCards,
    Pile,
    Refusal,
    card,
    check_move,
    deal,
    parse_moves,
)
from freecell.solver.api import Solved, Unsolvable
from freecell.texts.refusals import explain
from freecell.ui.accessibility import install_accessibility
from freecell.ui.accessibility.interfaces import CardInterface, PileInterface, TableInterface
from freecell.ui.accessibility.text import card_name, describe_table
from freecell.ui.panels.hint_bar import Button, ButtonId, MessageKind
from ui_helpers import RUNS, FakeService, load, make_window

SOLUTION_1 = Path(__file__).parent / "data" / "solution-1.txt"
NAME = QAccessible.Text.Name


@pytest.fixture
def window(qtbot):  # type: ignore[no-untyped-def]
    w = make_window(qtbot, deal=1)
    w.a11y = install_accessibility(w)
    QAccessible.setActive(True)
    yield w
    w.close()


def tree(window) -> TableInterface:  # type: ignore[no-untyped-def]
    iface = QAccessible.queryAccessibleInterface(window.view)
    assert isinstance(iface, TableInterface)
    return iface


def test_tree_lists_piles_and_cards_with_names(window) -> None:  # type: ignore[no-untyped-def]
    table = tree(window)
    position = window.bus.game.position
    assert table.childCount() == 4 + 4 + 8
    names = [table.child(i).text(NAME) for i in range(table.childCount())]
    assert names[0] == "Free cell a, empty"
    assert names[4] == "Clubs foundation, empty"
    assert names[8] == "Column 1, 7 cards, top card six of spades; 1 card can move"
    column1 = table.child(8)
    assert isinstance(column1, PileInterface)
    assert column1.parent() is table
    assert table.indexOfChild(column1) == 8
    assert column1.childCount() == 7
    top = column1.child(6)
    assert isinstance(top, CardInterface)
    assert top.text(NAME) == "Six of spades, column 1, top card; 1 card can move"
    assert "Can go to a free cell" in top.text(QAccessible.Text.Description)
    assert top.parent() is column1 and column1.indexOfChild(top) == 6
    under = column1.child(0)
    assert under.text(NAME) == "Jack of diamonds, column 1, card 1 of 7, under 6 cards"
    # every card of the deal is in the tree exactly once, in dealt order
    listed = [
        table.child(8 + c).child(d).text(NAME).split(",")[0]
        for c in range(8)
        for d in range(table.child(8 + c).childCount())
    ]
    assert listed == [x.name for col in position.columns for x in col]
    # the keyboard focus is a card the tree reports as focused
    focused = table.focusChild()
    assert focused is not None and focused.state().focused
    # geometry: a card's rectangle lies inside its pile's, on screen
    assert column1.rect().contains(top.rect())


def test_card_names_follow_a_run_and_the_supermove_limit(window) -> None:  # type: ignore[no-untyped-def]
    load(window, RUNS)
    table = tree(window)
    column1 = table.child(8)
    top = column1.child(column1.childCount() - 1)
    # KS QH JC TD 9S 8H 7C: a run of 7; 2 free cells, 2 empty columns -> 3*4 = 12
    assert top.text(NAME) == "Seven of clubs, column 1, top card; 7 cards can move"
    assert column1.child(4).text(NAME) == (
        "Nine of spades, column 1, card 5 of 7, under 2 cards; leads a run of 3"
    )
    cell = table.child(0)
    assert cell.text(NAME) == "Free cell a, six of hearts"
    assert cell.child(0).text(NAME) == "Six of hearts, free cell a; can go home"
    hearts = table.child(6)
    assert hearts.text(NAME) == "Hearts foundation, 5 cards, up to the five of hearts"
    assert hearts.childCount() == 5


def test_a_move_and_a_refusal_are_announced(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    live = window.a11y.live
    table = tree(window)
    with qtbot.waitSignal(live.announced) as said:
        window.dispatch(MoveCards(Move(Pile.column(0), Pile.cell(-1))))
    assert said.args == ["Moved the six of spades from column 1 to free cell a."]
    assert live.label.text() == said.args[0]  # on screen too
    # the tree follows: the six of spades is now in free cell a
    assert table.child(0).child(0).text(NAME) == "Six of spades, free cell a"
    with qtbot.waitSignal(live.announced) as said:
        window.dispatch(MoveCards(Move(Pile.column(1), Pile.column(2))))
    refusal = check_move(window.bus.game.position, FREECELL, Move(Pile.column(1), Pile.column(2)))
    assert isinstance(refusal, Refusal)
    assert said.args == [f"Not allowed: {explain(refusal)}"]
    assert live.history[-1] == said.args[0]  # said once, not twice
    assert live.history.count(said.args[0]) == 1
    window.undo()
    assert live.last == "Undone: the six of spades from column 1 to free cell a."


def test_a_file_that_cannot_be_read_is_not_said_as_a_refused_move(  # type: ignore[no-untyped-def]
    qtbot, window, tmp_path: Path
) -> None:
    from freecell.engine import builtin_variant
    from freecell.ui.features.sharing import install_sharing

    sharing = install_sharing(window, builtin_variant)
    with qtbot.waitSignal(window.a11y.live.announced) as said:
        assert not sharing.open_file(str(tmp_path / "missing.txt"))
    assert window.hint_bar.kind is MessageKind.PROBLEM
    assert said.args == [window.hint_bar.text]
    assert said.args[0].startswith("missing.txt could not be read (")


def test_describe_the_table_key_reads_the_position(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.view.setFocus()
    with qtbot.waitSignal(window.a11y.live.announced) as said:
        qtbot.keyClick(window.view, Qt.Key.Key_D)
    text = said.args[0]
    assert text == describe_table(deal(1, FREECELL), FREECELL, deal_number=1, move_count=0)
    assert text.index("Free cells") < text.index("Foundations") < text.index("Column 1")
    assert "Column 8, 6 cards from the first to the top: five of hearts" in text
    with qtbot.waitSignal(window.a11y.live.announced) as said:
        qtbot.keyClick(window.view, Qt.Key.Key_W)
    assert said.args[0].startswith("Free cell a, empty")


def test_hint_and_verdict_are_announced(qtbot) -> None:  # type: ignore[no-untyped-def]
    service = FakeService(Solved((Move.parse("5a"),)))
    window = make_window(qtbot, deal=1, service=service)
    live = install_accessibility(window).live
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_H)
    assert live.last.startswith("Still checking this position")
    qtbot.waitUntil(lambda: window.hint_bar.kind == "hint", timeout=5000)
    assert live.last == "Hint: move the six of clubs from column 5 to a free cell."
    service.verdict = Unsolvable(states=1234)
    window.hint()
    qtbot.waitUntil(lambda: window.hint_bar.kind == "lost", timeout=5000)
    assert live.last.startswith("This position is proven lost")
    window.close()


def _press(qtbot, window, key, times: int = 1, mods=Qt.KeyboardModifier.NoModifier) -> None:  # type: ignore[no-untyped-def]
    for _ in range(times):
        qtbot.keyClick(QApplication.focusWidget() or window.view, key, mods)


def _focus_pile(qtbot, window, pile: Pile) -> None:  # type: ignore[no-untyped-def]
    piles = window.controller.piles()
    now = window.controller.focus_index % len(piles)
    steps = (piles.index(pile) - now) % len(piles)
    if steps <= len(piles) // 2:
        _press(qtbot, window, Qt.Key.Key_Right, steps)
    else:
        _press(qtbot, window, Qt.Key.Key_Left, len(piles) - steps)
    assert window.controller.focused()[0] == pile


def play_by_keys(qtbot, window, move: Move) -> None:  # type: ignore[no-untyped-def]
    game = window.bus.game
    exact = check_move(game.position, game.variant, move)
    assert not isinstance(exact, Refusal), exact
    before = game.move_count
    _focus_pile(qtbot, window, exact.source)
    count = exact.count or 1
    if count > 1:
        _press(qtbot, window, Qt.Key.Key_P)  # the run picker on this column
        assert window.controller.picker_open
        _press(qtbot, window, Qt.Key.Key_Up, count - 1)  # one more card each time
        assert window.controller.picker.count == count
    else:
        # Shift+Space selects without sending home (a card for a cell, say)
        _press(qtbot, window, Qt.Key.Key_Space, mods=Qt.KeyboardModifier.ShiftModifier)
    assert window.controller.selection is not None
    _focus_pile(qtbot, window, exact.dest)
    _press(qtbot, window, Qt.Key.Key_Return)
    assert game.move_count == before + 1, window.a11y.live.last


def test_a_whole_game_won_with_keys_only(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    moves = parse_moves(SOLUTION_1.read_text())
    window.view.setFocus()
    picker_moves = 0
    for move in moves:
        game = window.bus.game
        exact = check_move(game.position, game.variant, move)
        picker_moves += not isinstance(exact, Refusal) and (exact.count or 1) > 1
        play_by_keys(qtbot, window, move)
    assert picker_moves > 0  # the run picker was used
    assert window.bus.game.is_won
    assert window.a11y.live.history[-1].startswith("You won! All 52 cards are home")
    qtbot.waitUntil(window.results.isVisible)
    assert QApplication.focusWidget() is window.results.new_button
    _press(qtbot, window, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() in (
        window.results.replay_button,
        window.results.look_button,
        window.results.copy_button,
    )
    ring = window.a11y.ring.visible_ring()
    assert ring is not None  # the focus is drawn on the results panel
    focused = QApplication.focusWidget()
    target = focused.rect().translated(focused.mapTo(window, focused.rect().topLeft()))
    assert ring.geometry().contains(target)
    _press(qtbot, window, Qt.Key.Key_Escape)  # look at the board
    assert not window.results.isVisible()
    assert QApplication.focusWidget() is window.view


def test_f6_reaches_the_message_bar_exits(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    called = []
    window.hint_bar.show_message(
        "No legal move is left.",
        MessageKind.LOST,
        [Button(ButtonId.UNDO, "Undo", lambda: called.append("undo"))],
    )
    QApplication.processEvents()  # the new button is shown by a posted event
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_F6)
    assert QApplication.focusWidget() is window.hint_bar.buttons[ButtonId.UNDO]
    assert window.a11y.ring.visible_ring() is not None
    qtbot.keyClick(window.hint_bar.buttons[ButtonId.UNDO], Qt.Key.Key_Space)
    assert called == ["undo"]
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_F6, Qt.KeyboardModifier.ShiftModifier)
    assert QApplication.focusWidget() is window.view


def test_keyboard_picker_reports_and_closes(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    load(window, RUNS)
    window.view.setFocus()
    _focus_pile(qtbot, window, Pile.column(0))
    _press(qtbot, window, Qt.Key.Key_P)
    assert window.controller.picker_open
    assert window.a11y.live.last.startswith("Run picker on column 1: 1 card from the seven")
    _press(qtbot, window, Qt.Key.Key_Up, 2)
    assert window.controller.picker.count == 3
    _press(qtbot, window, Qt.Key.Key_Escape)
    assert not window.controller.picker_open and window.controller.selection is None


def test_card_name_text_is_pure() -> None:
    position = deal(1, FREECELL)
    assert card_name(position, FREECELL, Pile.column(2), 6) == (
        "Two of hearts, column 3, top card; 1 card can move"
    )
    assert card("2H").name == "Two of hearts"


def test_reduce_motion_stops_animation_and_words_tell_every_move(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot, deal=1, reduce_motion=False)
    a11y = install_accessibility(window)
    window.dispatch(MoveCards(Move(Pile.column(0), Pile.cell(-1))))
    assert window.scene.animating  # the card glides...
    assert a11y.live.label.text() == "Moved the six of spades from column 1 to free cell a."
    window.scene.finish_animations()
    window.reduce_motion_action.trigger()
    assert window.scene.reduce_motion
    window.dispatch(MoveCards(Move(Pile.column(1), Pile.cell(-1))))
    assert not window.scene.animating  # ...and with reduce motion it is simply there
    item = window.scene.items_by_card[card("9C")]
    cell = window.scene.layout.cells[1]
    assert (item.pos().x(), item.pos().y()) == (cell.x, cell.y)
    assert a11y.live.label.text() == "Moved the nine of clubs from column 2 to free cell b."
    window.close()


def test_no_legal_move_left_is_said_once(window) -> None:  # type: ignore[no-untyped-def]
    from ui_helpers import stuck_board

    load(window, stuck_board())
    live = window.a11y.live
    assert live.last == "No legal move is left."
    assert live.history[-2] != "No legal move is left."
