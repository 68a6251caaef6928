"""Playing with the pointer (issue 5): real mouse events on the view -- drags, taps,
double-clicks, refused drops, drops on any foundation; the engine decides."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt

from freecell.engine import Pile, movable_limit
from ui_helpers import (
    RUNS,
    card_point,
    click,
    col,
    drag,
    drop_point,
    load,
    make_window,
    shown_where_engine_says,
)


def test_drag_a_run_moves_it_as_one_piece(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    load(window, RUNS)
    start = card_point(window, col(0), 4)  # the 9S, with 8H and 7C below it
    end = drop_point(window, col(6))  # an empty column
    vp = window.view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(vp, pos=start + QPoint(40, 60))
    items = [window.scene.items_by_card[c] for c in RUNS.columns[0][4:]]
    gaps = [items[i + 1].pos() - items[i].pos() for i in range(2)]
    qtbot.mouseMove(vp, pos=end)
    # the run follows the pointer as one piece: same spacing, lifted above the rest
    assert [items[i + 1].pos() - items[i].pos() for i in range(2)] == gaps
    assert all(item.zValue() >= 1000 for item in items)
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=end)
    columns = window.bus.game.position.columns
    assert [c.short for c in columns[6]] == ["9S", "8H", "7C"]
    assert [c.short for c in columns[0]] == ["KS", "QH", "JC", "TD"]
    assert window.bus.game.move_count == 1
    assert shown_where_engine_says(window)


def test_tap_a_card_then_tap_the_destination(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    load(window, RUNS)
    click(qtbot, window, card_point(window, col(1)))  # 7D cannot go home (6D is out)
    assert window.controller.selection == (col(1), 6)
    assert window.scene.selection_visible
    qtbot.wait(400)  # past the double-click interval, so the next tap is a tap
    click(qtbot, window, drop_point(window, col(7)))
    assert [c.short for c in window.bus.game.position.columns[7]] == ["7D"]
    assert window.controller.selection is None
    assert not window.scene.selection_visible


def test_tap_on_a_card_that_can_go_home_sends_it_home(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    load(window, RUNS)
    click(qtbot, window, card_point(window, col(5)))  # the 6D
    assert window.bus.game.position.foundations == (5, 6, 5, 5)
    assert window.controller.selection is None
    qtbot.wait(400)
    click(qtbot, window, card_point(window, Pile.cell(0)))  # the 6H in a free cell
    assert window.bus.game.position.foundations == (5, 6, 6, 5)
    assert window.bus.game.move_count == 2


def test_double_click_sends_one_card_home(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    load(window, RUNS)
    point = card_point(window, col(4))  # 6C; after it, 7C could go home too
    qtbot.mouseDClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert window.bus.game.position.foundations == (6, 5, 5, 5)
    assert window.bus.game.move_count == 1
    # a double-click on a card that cannot go home explains why
    point = card_point(window, col(1))
    qtbot.mouseDClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert window.bus.game.move_count == 1
    assert window.hint_bar.text.startswith("The seven of diamonds goes home after")


def test_refused_drop_springs_back_and_shows_the_reason(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    load(window, RUNS)
    before = window.bus.game.position
    drag(qtbot, window, card_point(window, col(0)), drop_point(window, col(1)))  # 7C on 7D
    assert window.bus.game.position == before
    assert window.bus.game.move_count == 0
    assert window.hint_bar.text == "A black 7 goes on a red 8"
    assert shown_where_engine_says(window)


def test_too_long_a_run_says_how_many_cards_can_move(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    load(window, RUNS)
    before = window.bus.game.position
    limit = movable_limit(before, window.bus.game.variant, to_empty_column=True)
    drag(qtbot, window, card_point(window, col(0), 0), drop_point(window, col(6)))  # 7 cards
    assert window.bus.game.position == before
    assert window.hint_bar.text == (
        f"Not enough free cells or empty columns: you can move {limit} cards now"
    )
    assert shown_where_engine_says(window)


def test_drag_shows_where_the_run_would_land(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    load(window, RUNS)
    vp = window.view.viewport()
    start = card_point(window, col(0), 4)
    end = drop_point(window, col(6))
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(vp, pos=start + QPoint(30, 30))
    qtbot.mouseMove(vp, pos=end)
    assert window.scene.drop_mark_visible
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=end)
    assert not window.scene.drop_mark_visible


def test_double_click_on_a_buried_card_does_nothing(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    load(window, RUNS)
    before = window.bus.game.position
    point = card_point(window, col(0), 2)  # the JC, buried under four cards
    qtbot.mouseDClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert window.bus.game.position == before


def test_a_drop_on_any_foundation_means_home(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    load(window, RUNS)
    # the 6D dragged onto the hearts foundation goes to the diamonds
    drag(qtbot, window, card_point(window, col(5)), drop_point(window, Pile.foundation(2)))
    assert window.bus.game.position.foundations == (5, 6, 5, 5)
    # a card that cannot go home yet is refused with the engine's reason
    drag(qtbot, window, card_point(window, col(0)), drop_point(window, Pile.foundation(0)))
    assert window.bus.game.move_count == 1
    assert window.hint_bar.text.startswith("The seven of clubs goes home after")
