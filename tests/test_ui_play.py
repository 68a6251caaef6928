"""Playing (issue 5): real mouse and key events on the view; the engine decides."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QToolButton, QWidget

from freecell.engine import (
    CommandBus,
    Game,
    MoveCards,
    Pile,
    card,
    check_move,
    movable_limit,
    parse_moves,
)
from freecell.engine import Move as EMove
from freecell.solver.api import Solved, Unknown, Unsolvable
from freecell.ui.table.run_picker import PickerPart
from test_insight import LOSING_MOVE, losing_board
from ui_helpers import (
    RUNS,
    FakeService,
    board,
    card_point,
    click,
    drag,
    drop_point,
    fc_solve_moves,
    load,
    make_window,
    stuck_board,
)

from conftest import require_fc_solve


def col(i: int) -> Pile:
    return Pile.column(i)


def shown_where_engine_says(window) -> bool:  # type: ignore[no-untyped-def]
    targets = window.scene.target_rects(window.bus.game.position)
    return all(
        (window.scene.items_by_card[c].pos().x(), window.scene.items_by_card[c].pos().y())
        == (r.x, r.y)
        for c, (r, _z) in targets.items()
    )


# -- pointer -----------------------------------------------------------------------------
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


# -- run picker ----------------------------------------------------------------------------
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
    _key_to(qtbot, window, col(5))  # the focus elsewhere: the picker's keys still work
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
    _key_to(qtbot, window, col(6))
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


# -- whole games ---------------------------------------------------------------------------
def _resolved(window, move: EMove) -> EMove:  # type: ignore[no-untyped-def]
    game = window.bus.game
    checked = check_move(game.position, game.variant, move)
    assert isinstance(checked, EMove), (move, checked)
    return checked


def test_a_whole_deal_won_with_the_mouse(qtbot) -> None:  # type: ignore[no-untyped-def]
    require_fc_solve()
    moves = fc_solve_moves(1)
    window = make_window(qtbot, deal=1)
    for move in moves:
        m = _resolved(window, move)
        count = window.bus.game.move_count
        if m.dest.is_foundation:
            qtbot.wait(0)
            start = card_point(window, m.source)
            window.controller._just_sent_home = False
            qtbot.mouseDClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=start)
        else:
            depth = -1
            if m.source.is_column:
                depth = len(window.bus.game.position.columns[m.source.index]) - (m.count or 1)
            drag(qtbot, window, card_point(window, m.source, depth), drop_point(window, m.dest))
        assert window.bus.game.move_count == count + 1, (move, window.hint_bar.text)
    assert window.bus.game.is_won
    qtbot.waitUntil(lambda: window.results.isVisible(), timeout=3000)
    assert window.results.values["Deal"].text().startswith("#1")
    assert window.results.values["Cards home"].text() == "52 of 52"


def _key_to(qtbot, window, pile: Pile) -> None:  # type: ignore[no-untyped-def]
    piles = window.controller.piles()
    steps = (piles.index(pile) - window.controller.focus_index) % len(piles)
    for _ in range(steps):
        qtbot.keyClick(window.view, Qt.Key.Key_Right)
    assert window.controller.focused()[0] == pile


def test_a_whole_deal_won_with_the_keyboard_alone(qtbot) -> None:  # type: ignore[no-untyped-def]
    require_fc_solve()
    moves = fc_solve_moves(617)
    window = make_window(qtbot, deal=617)
    window.view.setFocus()
    for move in moves:
        m = _resolved(window, move)
        count = window.bus.game.move_count
        _key_to(qtbot, window, m.source)
        if m.dest.is_foundation:
            qtbot.keyClick(window.view, Qt.Key.Key_Return)  # sends home when it can go
        else:
            if m.source.is_column:
                for _ in range((m.count or 1) - 1):
                    qtbot.keyClick(window.view, Qt.Key.Key_Up)
            # Shift+Space selects even a card that could go home; Space drops.
            qtbot.keyClick(window.view, Qt.Key.Key_Space, Qt.KeyboardModifier.ShiftModifier)
            assert window.controller.selection is not None
            _key_to(qtbot, window, m.dest)
            qtbot.keyClick(window.view, Qt.Key.Key_Space)  # drop
        assert window.bus.game.move_count == count + 1, (move, window.hint_bar.text)
        assert window.scene.focus_visible
    assert window.bus.game.is_won
    qtbot.waitUntil(lambda: window.results.isVisible(), timeout=3000)


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
    qtbot.keyClick(window.view, Qt.Key.Key_N)  # new deal mid-game: just does it
    assert window.bus.game is not first and window.bus.game.move_count == 0
    assert not window.bus.game.can_undo


# -- hints -------------------------------------------------------------------------------
def test_hint_on_a_proven_lost_position_offers_four_exits(qtbot) -> None:  # type: ignore[no-untyped-def]
    service = FakeService(Unsolvable(states=1234))
    window = make_window(qtbot, deal=11982, service=service)
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_H)
    assert window.hint_bar.kind == "checking" and "checking" in window.hint_bar.text.lower()
    qtbot.waitUntil(lambda: window.hint_bar.kind == "lost", timeout=5000)
    assert "proven lost" in window.hint_bar.text
    assert list(window.hint_bar.buttons) == ["Undo", "Hint", "Replay deal", "New deal"]
    # the deal goes on: never declared lost, nothing ended
    assert not window.results.isVisible()
    game = window.bus.game
    window.dispatch(MoveCards(EMove.parse("1a")))
    assert window.bus.game is game and game.move_count == 1
    window.hint_bar.show_message("x", "lost", [("Undo", window.undo)])
    window.hint_bar.buttons["Undo"].click()
    assert game.move_count == 0


def test_each_exit_of_the_lost_bar_works(qtbot) -> None:  # type: ignore[no-untyped-def]
    service = FakeService(Unsolvable())
    window = make_window(qtbot, deal=11982, service=service)
    window.dispatch(MoveCards(EMove.parse("1a")))
    window.hint()
    qtbot.waitUntil(lambda: window.hint_bar.kind == "lost", timeout=5000)
    window.hint_bar.buttons["Replay deal"].click()
    assert window.bus.game.deal_number == 11982 and window.bus.game.move_count == 0
    window.hint()
    qtbot.waitUntil(lambda: window.hint_bar.kind == "lost", timeout=5000)
    window.hint_bar.buttons["Hint"].click()
    qtbot.waitUntil(lambda: len(service.calls) == 3, timeout=5000)
    qtbot.waitUntil(lambda: window.hint_bar.kind == "lost", timeout=5000)
    window.hint_bar.buttons["New deal"].click()
    assert window.bus.game.deal_number != 11982 or window.bus.game.move_count == 0


def test_solved_hint_marks_source_and_destination(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot, deal=1, service=FakeService(Solved((EMove.parse("5a"),))))
    window.hint()
    qtbot.waitUntil(lambda: window.hint_bar.kind == "hint", timeout=5000)
    assert window.scene.hint_visible
    assert window.hint_bar.text.startswith("Hint: move the six of clubs from column 5")
    # any move clears the marks
    window.dispatch(MoveCards(EMove.parse("2a")))
    assert not window.scene.hint_visible
    assert window.hint_bar.kind == "idle"


def test_unknown_verdict_suggests_without_a_claim(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot, deal=1, service=FakeService(Unknown(EMove.parse("5a"))))
    window.hint()
    qtbot.waitUntil(lambda: window.hint_bar.kind == "hint", timeout=5000)
    text = window.hint_bar.text
    assert text.startswith("Try this:") and "only a suggestion" in text
    assert "lost" not in text and "unsolvable" not in text.lower()


def test_a_move_during_a_search_cancels_it_and_drops_the_answer(qtbot) -> None:  # type: ignore[no-untyped-def]
    service = FakeService(block=True)
    window = make_window(qtbot, deal=1, service=service)
    window.hint()
    assert service.started.wait(5)
    assert window.hint_bar.kind == "checking"
    # the table stays playable: a real drag while the search runs
    drag(qtbot, window, card_point(window, col(4)), drop_point(window, Pile.cell(0)))
    assert window.bus.game.move_count == 1
    assert service.cancelled.is_set()
    assert window.hints.wait(5000)
    qtbot.waitUntil(lambda: window.hints.dropped == 1, timeout=3000)
    assert window.hint_bar.kind != "hint" and not window.scene.hint_visible


def test_no_solver_says_so(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot, service=None)
    window.hint()
    assert "not available" in window.hint_bar.text


# -- game flow -----------------------------------------------------------------------------
def test_auto_finish_sends_cards_one_by_one_and_stops_when_pressed_again(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot, reduce_motion=False)
    load(window, RUNS)
    button = window.toolbar.widgetForAction(window.third_action)
    assert isinstance(button, QToolButton) and button.text() == "Auto finish (F)"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert window.bus.game.move_count == 1
    assert button.text() == "Stop (F)"
    qtbot.waitUntil(lambda: window.bus.game.move_count >= 3, timeout=3000)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    stopped_at = window.bus.game.move_count
    assert not window.auto_finish_timer.isActive()
    qtbot.wait(600)
    assert window.bus.game.move_count == stopped_at < 32
    assert button.text() == "Auto finish (F)"
    # each card was one move and is one undo step
    home = window.bus.game.position.cards_home
    window.undo()
    assert window.bus.game.position.cards_home == home - 1
    assert window.bus.game.move_count == stopped_at - 1
    # F runs it to the end (reduce motion: no waiting for animations)
    window.reduce_motion_action.trigger()
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_F)
    qtbot.waitUntil(lambda: window.bus.game.is_won, timeout=20000)
    assert all(step.auto_finish for step in window.bus.game.steps)
    qtbot.waitUntil(lambda: window.results.isVisible(), timeout=3000)


def test_safe_auto_play_is_one_undo_step(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    window.safe_autoplay_action.trigger()
    assert window.bus.game.auto_play
    load(window, RUNS)
    click(qtbot, window, card_point(window, col(4)))  # 6C home, then safe cards follow
    assert window.bus.game.move_count == 1
    assert window.bus.game.position.cards_home > 21
    window.undo()
    assert window.bus.game.position == RUNS


def test_no_legal_move_says_so_with_three_exits(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    load(window, stuck_board())
    assert window.hint_bar.kind == "lost"
    assert window.hint_bar.text == "No legal move is left."
    assert list(window.hint_bar.buttons) == ["Undo", "Replay deal", "New deal"]


def test_won_shows_results_with_copy_and_three_exits(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    won_in_one = board(["KS"], home="C-K D-K H-K S-Q")
    load(window, won_in_one)
    click(qtbot, window, card_point(window, col(0)))
    assert window.bus.game.is_won
    qtbot.waitUntil(lambda: window.results.isVisible(), timeout=3000)
    panel = window.results
    assert panel.values["Moves"].text() == "1"
    assert panel.values["Cards home"].text() == "52 of 52"
    panel.look_button.click()
    assert not panel.isVisible() and window.bus.game.is_won  # table stays
    assert window.scene.items_by_card[card("KS")].isVisible()


def test_results_copy_button_and_replay(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    panel = window.results
    panel.show_result(83.0, 97, 52, 11982, "FreeCell")
    assert panel.values["Time"].text() == "1:23"
    panel.copy_button.click()
    assert QGuiApplication.clipboard().text() == "11982"
    panel.replay_button.click()
    assert not panel.isVisible()
    assert window.bus.game.deal_number == 1 and window.bus.game.move_count == 0
    panel.show_result(1.0, 1, 52, 5, "FreeCell")
    panel.new_button.click()
    assert not panel.isVisible()


def test_clock_starts_on_first_move_and_pauses_when_inactive(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    qtbot.waitUntil(window.isActiveWindow, timeout=3000)
    clock = window.bus.game.clock
    assert not clock.running
    window.dispatch(MoveCards(EMove.parse("5a")))
    assert clock.running
    other = QWidget()
    qtbot.addWidget(other)
    with qtbot.waitExposed(other):
        other.show()
    other.activateWindow()
    qtbot.waitUntil(lambda: not window.isActiveWindow(), timeout=3000)
    assert not clock.running
    frozen = clock.elapsed
    qtbot.wait(50)
    assert clock.elapsed == frozen
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=3000)
    assert clock.running
    window.showMinimized()
    qtbot.waitUntil(lambda: not clock.running, timeout=3000)


@pytest.mark.parametrize("number", [1, 617])
def test_command_bus_and_scene_agree_after_undo_and_redo(qtbot, number: int) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot, deal=number)
    reference = CommandBus(Game(window.bus.game.variant, number))
    for text in ("5a", "5b", "2a"):
        for bus in (window.bus, reference):
            bus.dispatch(MoveCards(EMove.parse(text)))
    window.undo()
    window.redo()
    window.undo()
    assert shown_where_engine_says(window)


def test_hints_are_off_when_the_solver_service_module_is_missing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from freecell.core import services as hints
    from freecell.launch import module_exists

    assert module_exists("freecell.solver.service")
    assert not module_exists("freecell.solver.no_such_module")
    assert not module_exists("no_such_package.service")
    monkeypatch.setattr(hints, "module_exists", lambda _name: False)
    assert hints.default_service() is None


def test_hints_from_the_real_solver_worker_process(qtbot) -> None:  # type: ignore[no-untyped-def]
    from freecell.ui.features.hints import default_service

    service = default_service()  # the worker process, started on first use
    assert service is not None
    window = make_window(qtbot, deal=1, service=service)
    try:
        window.hint()
        qtbot.waitUntil(lambda: window.hint_bar.kind == "hint", timeout=30000)
        assert window.hint_bar.text.startswith("Hint: move the")
        assert window.scene.hint_visible
        # a lost position that still has moves (with none, "no legal move" is said at
        # once and no search is asked: see test_a_hint_with_no_legal_move_searches_nothing)
        load(window, losing_board())
        window.dispatch(MoveCards(parse_moves(LOSING_MOVE)[0]))
        assert window.bus.game.has_legal_move
        window.hint()
        qtbot.waitUntil(lambda: "Hint" in window.hint_bar.buttons, timeout=30000)
        assert "proven lost" in window.hint_bar.text
        assert list(window.hint_bar.buttons) == ["Undo", "Hint", "Replay deal", "New deal"]
    finally:
        window.close()


def test_a_hint_with_no_legal_move_searches_nothing(qtbot) -> None:  # type: ignore[no-untyped-def]
    service = FakeService()
    window = make_window(qtbot, service=service)
    load(window, stuck_board())
    window.hint()
    assert window.hint_bar.text == "No legal move is left."
    assert list(window.hint_bar.buttons) == ["Undo", "Replay deal", "New deal"]
    qtbot.wait(100)
    assert service.calls == []


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


def test_moves_animate_unless_motion_is_reduced(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot, reduce_motion=False)
    load(window, RUNS)
    item = window.scene.items_by_card[card("6D")]
    start = item.pos()
    click(qtbot, window, card_point(window, col(5)))  # 6D flies home
    assert window.scene.animating
    qtbot.waitUntil(lambda: not window.scene.animating, timeout=3000)
    assert item.pos() != start and shown_where_engine_says(window)
    window.reduce_motion_action.trigger()
    click(qtbot, window, card_point(window, col(4)))
    assert not window.scene.animating and shown_where_engine_says(window)


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


def test_undo_after_the_win_closes_the_results_and_the_deal_goes_on(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    load(window, board(["KS"], home="C-K D-K H-K S-Q"))
    click(qtbot, window, card_point(window, col(0)))
    qtbot.waitUntil(lambda: window.results.isVisible(), timeout=3000)
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert not window.bus.game.is_won and not window.results.isVisible()
    assert window.status.text("deal") == "Custom board \u00b7 FreeCell"
    assert window.windowTitle() == "Custom board \u2014 FreeCell"
    assert window.accessibleName() == "FreeCell \u2014 Custom board"


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
