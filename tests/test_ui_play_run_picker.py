"""The run picker (issue 5): held on a card it picks how much of the run to take;
its arrows, close button and keys, and the clicks it swallows."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRectF, Qt

from freecell.ui.table.run_picker import PickerPart
from ui_helpers import RUNS, card_point, click, col, drop_point, key_to, load, make_window


def _picker_point(window, part: PickerPart) -> QPoint:  # type: ignore[no-untyped-def]
    picker = window.controller.picker
    rect = picker.part_rects()[part]
    return window.view.mapFromScene(picker.mapToScene(rect.center()))


def _hold(qtbot, window, point: QPoint) -> None:  # type: ignore[no-untyped-def]
    qtbot.mousePress(window.view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    qtbot.waitUntil(lambda: window.controller.picker_open, timeout=3000)


def test_run_picker_arrows_and_release_select_only(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    load(window, RUNS)
    before = window.bus.game.position
    vp = window.view.viewport()
    _hold(qtbot, window, card_point(window, col(0), 4))
    assert window.controller.picker.count == 3
    qtbot.mouseMove(vp, pos=_picker_point(window, PickerPart.UP))
    assert window.controller.picker.count == 4
    assert window.controller.selection == (col(0), 3)
    qtbot.mouseMove(vp, pos=_picker_point(window, PickerPart.DOWN))
    assert window.controller.picker.count == 3
    qtbot.mouseMove(vp, pos=_picker_point(window, PickerPart.UP))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=_picker_point(window, PickerPart.UP))
    # release confirms the selection only; the board is untouched
    assert window.controller.selection == (col(0), 3)
    assert window.bus.game.position == before
    # the player then taps the destination: the four cards from the 10D move
    click(qtbot, window, drop_point(window, col(6)))
    assert [c.short for c in window.bus.game.position.columns[6]] == ["TD", "9S", "8H", "7C"]
    assert not window.controller.picker_open


def test_run_picker_close_button_and_escape_cancel(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    load(window, RUNS)
    before = window.bus.game.position
    vp = window.view.viewport()
    _hold(qtbot, window, card_point(window, col(2), 5))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=card_point(window, col(2), 5))
    assert window.controller.picker_open and window.controller.selection == (col(2), 5)
    click(qtbot, window, _picker_point(window, PickerPart.CLOSE))
    assert not window.controller.picker_open
    assert window.controller.selection is None
    # again, and Escape this time (also sliding onto the close button and releasing)
    _hold(qtbot, window, card_point(window, col(2), 5))
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    assert not window.controller.picker_open and window.controller.selection is None
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=card_point(window, col(2), 5))
    _hold(qtbot, window, card_point(window, col(3), 6))
    close = _picker_point(window, PickerPart.CLOSE)
    qtbot.mouseMove(vp, pos=close)
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=close)
    assert not window.controller.picker_open and window.controller.selection is None
    assert window.bus.game.position == before
    assert window.bus.game.move_count == 0


def test_run_picker_opened_by_hold_answers_keys(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    load(window, RUNS)
    window.view.setFocus()
    key_to(qtbot, window, col(5))  # the focus elsewhere: the picker's keys still work
    vp = window.view.viewport()
    _hold(qtbot, window, card_point(window, col(0), 4))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=card_point(window, col(0), 4))
    assert window.controller.picker.count == 3
    qtbot.keyClick(window.view, Qt.Key.Key_Up)
    assert window.controller.picker.count == 4 and window.controller.selection == (col(0), 3)
    qtbot.keyClick(window.view, Qt.Key.Key_Up)
    qtbot.keyClick(window.view, Qt.Key.Key_Down)
    assert window.controller.selection == (col(0), 3)
    # Enter confirms: the panel closes, the run stays selected, nothing moved
    before = window.bus.game.position
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    assert not window.controller.picker_open
    assert window.controller.selection == (col(0), 3)
    assert window.bus.game.position == before
    key_to(qtbot, window, col(6))
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    assert [c.short for c in window.bus.game.position.columns[6]] == ["TD", "9S", "8H", "7C"]
    # opened again, Escape cancels
    _hold(qtbot, window, card_point(window, col(2), 5))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=card_point(window, col(2), 5))
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    assert not window.controller.picker_open and window.controller.selection is None


def test_run_picker_swallows_clicks_and_hides_no_destination(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    load(window, RUNS)
    vp = window.view.viewport()
    before = window.bus.game.position
    for column, depth in ((0, 4), (1, 6), (7, 0), (2, 0)):
        if not before.columns[column]:
            continue
        point = card_point(window, col(column), depth)
        _hold(qtbot, window, point)
        qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=point)
        panel = window.controller.picker.sceneBoundingRect()
        lay = window.scene.layout
        others = [*lay.cells, *lay.foundations] + [
            lay.card_rect(i, max(0, len(cards) - 1))
            for i, cards in enumerate(before.columns)
            if i != column
        ]
        for r in others:
            assert not panel.intersects(QRectF(r.x, r.y, r.w, r.h)), (column, r)
        # a click on the label (or twice on an arrow) never reaches the table
        qtbot.wait(400)
        label = window.view.mapFromScene(panel.center())
        click(qtbot, window, label)
        assert window.controller.picker_open
        assert window.controller.selection is not None
        qtbot.mouseDClick(vp, Qt.MouseButton.LeftButton, pos=_picker_point(window, PickerPart.DOWN))
        assert window.bus.game.position == before and window.bus.game.move_count == 0
        qtbot.keyClick(window.view, Qt.Key.Key_Escape)
