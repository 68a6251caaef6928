"""The flow of a game (issue 5): auto finish, safe auto play, no legal move, the
results of a win, the clock, undo and redo, animation."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QToolButton, QWidget

from freecell.engine import CommandBus, Game, MoveCards, card
from freecell.engine import Move as EMove
from freecell.ui.panels.hint_bar import ButtonId
from ui_helpers import (
    RUNS,
    board,
    card_point,
    click,
    col,
    load,
    make_window,
    shown_where_engine_says,
    stuck_board,
)


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
    window = make_window(qtbot, auto_play="off")
    window.auto_play_actions["safe"].trigger()
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
    assert list(window.hint_bar.buttons) == [ButtonId.UNDO, ButtonId.REPLAY_DEAL, ButtonId.NEW_DEAL]


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
