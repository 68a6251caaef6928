"""Review a game in the window: the timeline and its verdicts from a background
job, the turning point, stepping on the real table with the arrow keys (the table
takes no move meanwhile), each step said through the message bar, Play on from
here (a new, helped game), and the ways in (Game menu, results panel, history)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QPushButton, QWidget

from freecell.analysis.review import StepVerdict
from freecell.engine import Move, MoveCards, Position, Variant
from freecell.solver.api import Budget, Mode, Solved, Unsolvable, Verdict
from freecell.storage.history_rows import GameRow, Result
from freecell.ui.features.insight import install_insight
from freecell.ui.features.review import GameReview, install_review
from ui_helpers import make_window

MOVES = ("1a", "2b", "3c", "4d")


class LostWithThreeCellsFull:
    """A solver worker that calls a position lost once three cells are full."""

    def solve(self, position: Position, variant: Variant, budget: Budget, mode: Mode,
              backend: str = "builtin") -> Verdict:  # fmt: skip
        full = sum(c is not None for c in position.cells)
        return Unsolvable() if full >= 3 else Solved(())

    def answer(self, position, variant, budget, mode, backend):  # type: ignore[no-untyped-def]
        from freecell.solver.backends import Answer

        return Answer(self.solve(position, variant, budget, mode), backend.backend_id)

    def cancel(self) -> None:
        pass

    def close(self) -> None:
        pass


def _reviewing(qtbot: Any) -> tuple[Any, GameReview]:
    window = make_window(qtbot, deal=1)
    assert install_insight(window, LostWithThreeCellsFull()) is not None  # type: ignore[arg-type]
    review = install_review(window)
    for text in MOVES:
        window.dispatch(MoveCards(Move.parse(text)))
    assert window.bus.game.move_count == 4
    return window, review


def test_the_review_finds_the_turning_point_and_steps_on_the_table(qtbot: Any) -> None:
    window, review = _reviewing(qtbot)
    assert review.action in window.menus["game"].actions()
    review.action.trigger()
    panel = window.findChild(QWidget, "reviewPanel")
    assert panel is not None and panel.isVisible()
    assert review.current == 4  # opens on the end of the game
    qtbot.waitUntil(lambda: review.finished, timeout=10_000)
    W, L = StepVerdict.WINNABLE, StepVerdict.LOST
    assert review.verdicts == [W, W, W, L, L]
    assert review.turning_point == 3
    assert "turning point is move 3 (3c)" in window.hint_bar.text

    qtbot.keyClick(window.view, Qt.Key.Key_Left)
    assert review.current == 3
    assert window.scene.position == review.positions[3]  # the real table shows it
    assert window.hint_bar.text.startswith("Move 3 of 4, 3c: proven lost.")
    assert "This is the turning point" in window.hint_bar.text  # what Orca is given
    qtbot.keyClick(window.view, Qt.Key.Key_Home)
    assert review.current == 0 and window.scene.position == window.bus.game.start
    assert window.hint_bar.text == "The deal, before the first move: winnable."
    qtbot.keyClick(window.view, Qt.Key.Key_Right)
    assert review.current == 1
    qtbot.keyClick(window.view, Qt.Key.Key_T)
    assert review.current == 3
    qtbot.keyClick(window.view, Qt.Key.Key_End)
    assert review.current == 4
    timeline = window.findChild(QWidget, "reviewTimeline")
    assert timeline is not None
    qtbot.mouseClick(timeline, Qt.MouseButton.LeftButton, pos=QPoint(3, 15))
    assert review.current == 0

    # the table takes no move while it shows the review
    viewport = window.view.viewport()
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=viewport.rect().center())
    qtbot.keyClick(window.view, Qt.Key.Key_Space)
    assert window.bus.game.move_count == 4

    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    assert not review.active and not panel.isVisible()
    assert window.scene.position == window.bus.game.position


def test_play_on_from_here_is_a_new_helped_game(qtbot: Any) -> None:
    window, review = _reviewing(qtbot)
    old_id = window.bus.game.game_id
    assert review.review_current()
    review.step_to(2)
    play_on = window.findChild(QPushButton, "reviewPlayOn")
    assert play_on is not None and play_on.isEnabled()
    qtbot.mouseClick(play_on, Qt.MouseButton.LeftButton)
    game = window.bus.game
    assert not review.active
    assert game.game_id != old_id and [m.notation for m in game.path] == ["1a", "2b"]
    assert game.solution_moves == 2 and not game.own  # helped: no record
    assert "counts as helped" in window.hint_bar.text
    review.review_current()
    review.step_to(0)
    assert not play_on.isEnabled()  # from the deal itself: that is Replay deal


def test_a_change_to_the_game_closes_the_review(qtbot: Any) -> None:
    window, review = _reviewing(qtbot)
    review.review_current()
    window.undo()  # Ctrl+Z still works: the game comes back to the table
    assert not review.active
    assert window.scene.position == window.bus.game.position


def test_review_from_the_results_panel_and_from_the_history(qtbot: Any) -> None:
    window, review = _reviewing(qtbot)
    button = window.results.findChild(QPushButton, "resultsReview")
    assert button is not None
    row = GameRow("old", "freecell", 1, None, 0.0, 10.0, 5.0, 3, MOVES[:3], Result.LOST,
                  None, 0, 0, "dealt")  # fmt: skip
    assert review.review_row(row)
    assert len(review.positions) == 4 and review.subject is not None
    assert review.subject.deal == 1
    qtbot.waitUntil(lambda: review.finished, timeout=10_000)
    assert review.turning_point == 3
    bad = GameRow("bad", "freecell", 1, None, 0.0, 10.0, 5.0, 1, ("1h",), Result.LOST,
                  None, 0, 0, "dealt")  # fmt: skip
    assert not review.review_row(bad)
    assert "cannot be reviewed" in window.hint_bar.text
