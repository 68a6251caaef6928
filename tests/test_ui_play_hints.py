"""Hints in the window (issue 5): the bars for a proven lost, solved and unknown
verdict and their exits, a move cancelling a search, no solver, the real worker
process."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from freecell.engine import Move as EMove
from freecell.engine import MoveCards, Pile, parse_moves
from freecell.solver.api import Solved, Unknown, Unsolvable
from freecell.ui.panels.hint_bar import Button, ButtonId, MessageKind
from test_insight import LOSING_MOVE, losing_board
from ui_helpers import (
    FakeService,
    card_point,
    col,
    drag,
    drop_point,
    load,
    make_window,
    stuck_board,
)

FOUR_EXITS = [ButtonId.UNDO, ButtonId.HINT, ButtonId.REPLAY_DEAL, ButtonId.NEW_DEAL]


def test_hint_on_a_proven_lost_position_offers_four_exits(qtbot) -> None:  # type: ignore[no-untyped-def]
    service = FakeService(Unsolvable(states=1234))
    window = make_window(qtbot, deal=11982, service=service)
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_H)
    assert window.hint_bar.kind == "checking" and "checking" in window.hint_bar.text.lower()
    qtbot.waitUntil(lambda: window.hint_bar.kind == "lost", timeout=5000)
    assert "proven lost" in window.hint_bar.text
    assert list(window.hint_bar.buttons) == FOUR_EXITS
    # the deal goes on: never declared lost, nothing ended
    assert not window.results.isVisible()
    game = window.bus.game
    window.dispatch(MoveCards(EMove.parse("1a")))
    assert window.bus.game is game and game.move_count == 1
    window.hint_bar.show_message(
        "x", MessageKind.LOST, [Button(ButtonId.UNDO, "Undo", window.undo)]
    )
    window.hint_bar.buttons[ButtonId.UNDO].click()
    assert game.move_count == 0


def test_each_exit_of_the_lost_bar_works(qtbot) -> None:  # type: ignore[no-untyped-def]
    service = FakeService(Unsolvable())
    window = make_window(qtbot, deal=11982, service=service)
    window.dispatch(MoveCards(EMove.parse("1a")))
    window.hint()
    qtbot.waitUntil(lambda: window.hint_bar.kind == "lost", timeout=5000)
    window.hint_bar.buttons[ButtonId.REPLAY_DEAL].click()
    assert window.bus.game.deal_number == 11982 and window.bus.game.move_count == 0
    window.hint()
    qtbot.waitUntil(lambda: window.hint_bar.kind == "lost", timeout=5000)
    window.hint_bar.buttons[ButtonId.HINT].click()
    qtbot.waitUntil(lambda: len(service.calls) == 3, timeout=5000)
    qtbot.waitUntil(lambda: window.hint_bar.kind == "lost", timeout=5000)
    window.hint_bar.buttons[ButtonId.NEW_DEAL].click()
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
        qtbot.waitUntil(lambda: ButtonId.HINT in window.hint_bar.buttons, timeout=30000)
        assert "proven lost" in window.hint_bar.text
        assert list(window.hint_bar.buttons) == FOUR_EXITS
    finally:
        window.close()


def test_a_hint_with_no_legal_move_searches_nothing(qtbot) -> None:  # type: ignore[no-untyped-def]
    service = FakeService()
    window = make_window(qtbot, service=service)
    load(window, stuck_board())
    window.hint()
    assert window.hint_bar.text == "No legal move is left."
    assert list(window.hint_bar.buttons) == [ButtonId.UNDO, ButtonId.REPLAY_DEAL, ButtonId.NEW_DEAL]
    qtbot.wait(100)
    assert service.calls == []
