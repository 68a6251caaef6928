"""The run picker offers runs only, says how many cards can move now, and covers
none of the cards it chooses among (issue 35, item 3)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, Qt

from freecell.engine import NewDeal, Pile, run_length
from freecell.ui.accessibility import install_accessibility
from ui_helpers import TIGHT, board, card_point, col, key_to, load, make_window

# Column 3 of deal 251: K♥ 7♠ 4♠ 6♣ Q♠ J♥ 10♣ -- only Q♠ J♥ 10♣ form a run.
KH, SEVEN_S, QS = 0, 1, 4


def _hold(qtbot, window, pile: Pile, depth: int) -> None:  # type: ignore[no-untyped-def]
    point = card_point(window, pile, depth)
    vp = window.view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=point)
    qtbot.waitUntil(lambda: window.controller.picker_open, timeout=3000)
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=point)


def _deal_251(qtbot, size: tuple[int, int]):  # type: ignore[no-untyped-def]
    window = make_window(qtbot, deal=251)
    window.resize(*size)
    qtbot.waitUntil(lambda: window.size().toTuple() == size)
    qtbot.wait(50)
    return window


def _covers_nothing_it_chooses(window, column: int) -> None:  # type: ignore[no-untyped-def]
    """The panel lies in view, over none of the column's run and none of the other
    piles a run could go to."""
    panel = window.controller.picker.sceneBoundingRect()
    lay, position = window.scene.layout, window.bus.game.position
    cards = position.columns[column]
    view = window.view
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    assert shown.adjusted(-0.5, -0.5, 0.5, 0.5).contains(panel), (shown, panel)
    for depth in range(len(cards) - run_length(cards, window.bus.game.variant.build), len(cards)):
        r = lay.card_rect(column, depth)
        assert not panel.intersects(QRectF(r.x, r.y, r.w, r.h)), depth
    others = [*lay.cells, *lay.foundations] + [
        lay.card_rect(i, max(0, len(c) - 1)) for i, c in enumerate(position.columns) if i != column
    ]
    for r in others:
        assert not panel.intersects(QRectF(r.x, r.y, r.w, r.h)), r


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_deal_251_offers_only_the_run_from_the_queen(qtbot, size) -> None:  # type: ignore[no-untyped-def]
    window = _deal_251(qtbot, size)
    controller = window.controller
    for held in (KH, SEVEN_S):
        _hold(qtbot, window, col(2), held)
        # held on a card that starts no run: the picker opens on the run's first card
        assert controller.selection == (col(2), QS)
        assert controller.picker.count == 3
        assert not controller.picker.can_take_more
        _covers_nothing_it_chooses(window, 2)
        window.view.setFocus()
        qtbot.keyClick(window.view, Qt.Key.Key_Up)  # one more: there is none
        assert controller.selection == (col(2), QS)
        qtbot.keyClick(window.view, Qt.Key.Key_Down)
        assert controller.selection == (col(2), QS + 1) and controller.picker.count == 2
        qtbot.keyClick(window.view, Qt.Key.Key_Down)
        qtbot.keyClick(window.view, Qt.Key.Key_Down)
        assert controller.picker.count == 1
        for _ in range(6):
            qtbot.keyClick(window.view, Qt.Key.Key_Up)
        assert controller.selection == (col(2), QS)  # never the 6♣, 4♠, 7♠ or K♥
        qtbot.keyClick(window.view, Qt.Key.Key_Escape)
        assert not controller.picker_open


def test_the_picker_by_key_offers_the_run_and_says_what_can_move(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = _deal_251(qtbot, (1366, 768))
    a11y = install_accessibility(window)
    window.view.setFocus()
    key_to(qtbot, window, col(2))
    for _ in range(6):
        qtbot.keyClick(window.view, Qt.Key.Key_Up)  # the focus on the K♥
    assert window.controller.focused() == (col(2), KH)
    qtbot.keyClick(window.view, Qt.Key.Key_P)
    assert window.controller.selection == (col(2), QS)
    # four free cells, no empty column: five cards can move together
    assert window.controller.picker.movable == 5
    assert window.controller.picker.movable_label() == "5 can move now"
    said = a11y.live.last
    assert said.startswith("Run picker on column 3: 3 cards from the queen of spades"), said
    assert "5 cards can move now" in said


def test_the_picker_says_when_more_are_chosen_than_can_move(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    load(window, TIGHT)
    _hold(qtbot, window, col(0), 4)  # 9S 8H 7C: three, with no free cell and one empty column
    picker = window.controller.picker
    assert picker.count == 3 and picker.movable == 2
    assert picker.movable_label() == "2 can move now"
    # a tap higher in the column while the panel is open moves its choice there
    qtbot.mouseClick(
        window.view.viewport(), Qt.MouseButton.LeftButton, pos=card_point(window, col(0), 2)
    )
    assert window.controller.selection == (col(0), 2) and picker.count == 5
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    _hold(qtbot, window, col(0), 0)  # the whole column is a run: the King is offered
    assert window.controller.selection == (col(0), 0) and picker.count == 7


def test_a_long_run_low_in_a_short_window_is_never_covered(qtbot) -> None:  # type: ignore[no-untyped-def]
    # a thirteen-card run from the King, in a window too short for the panel below it
    run = "KS QH JC TD 9S 8H 7C 6D 5S 4H 3C 2D AS"
    rest = ["KH QC JD TS 9H 8C 7D", "KD QS JH TC 9D 8S 7H", "KC QD JS TH 9C 8D 7S"]
    rest += ["6C 5D 4S 3H 2C AD", "6S 5H 4C 3D 2S AH", "6H 5C 4D 3S 2H AC"]
    window = make_window(qtbot)
    load(window, board([run, *rest]))
    for size in ((900, 560), (1366, 768)):
        window.resize(*size)
        qtbot.waitUntil(lambda size=size: window.size().toTuple() == size)
        qtbot.wait(50)
        for depth in (0, 6, 12):
            _hold(qtbot, window, col(0), depth)
            _covers_nothing_it_chooses(window, 0)
            qtbot.keyClick(window.view, Qt.Key.Key_Escape)


def test_a_new_deal_closes_the_picker_and_its_highlight(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = _deal_251(qtbot, (1366, 768))
    _hold(qtbot, window, col(2), 6)  # the 10♣ alone: a cell, or onto the J♦
    assert col(3) in window.controller.feedback.destinations
    window.dispatch(NewDeal(251))
    assert not window.controller.picker_open
    assert not window.controller.feedback.destinations_visible
