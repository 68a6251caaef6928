"""Insight on the real main window: live winnability, undo to the last winnable
position, the solution stepper, winnable-only new deals, rating and par."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from freecell.analysis.difficulty import Difficulty, Rating
from freecell.analysis.insight import DealChooser, RatingCache, Verdict, sequence_source
from freecell.analysis.ratings import RatingTable
from freecell.core.analysis import Analysis
from freecell.engine import (
    FREECELL,
    LoadPosition,
    MoveCards,
    Position,
    Variant,
    apply_move,
    check_move,
    parse_moves,
)
from freecell.solver.api import Budget, Mode
from freecell.solver.api import Verdict as SolverVerdict
from freecell.solver.builtin import BuiltinSolver
from freecell.ui.features.hint_answers import describe_move
from freecell.ui.features.insight import Insight, install_insight
from freecell.ui.panels.hint_bar import ButtonId
from freecell.ui.panels.results import compare_with_par
from test_insight import LOSING_MOVE, losing_board
from ui_helpers import make_window

WAIT_MS = 20_000


class DirectService:
    """The real built-in solver, run in the calling (pool) thread: the same answers
    as the worker process without the cost of spawning one per test."""

    def __init__(self) -> None:
        self._cancel = threading.Event()
        self.calls = 0
        self.closed = False

    def solve(
        self,
        position: Position,
        variant: Variant,
        budget: Budget,
        mode: Mode,
        backend: str = "builtin",
    ) -> SolverVerdict:
        self.calls += 1
        self._cancel.clear()
        return BuiltinSolver().solve(position, variant, budget, self._cancel, mode)

    def answer(self, position, variant, budget, mode, backend):  # type: ignore[no-untyped-def]
        """As the worker answers for a backend that worked: its verdict, its id."""
        from freecell.solver.backends import Answer

        return Answer(self.solve(position, variant, budget, mode), backend.backend_id)

    def cancel(self) -> None:
        self._cancel.set()

    def close(self) -> None:
        self.closed = True


@pytest.fixture
def insight(qtbot, tmp_path: Path):  # type: ignore[no-untyped-def]
    window = make_window(qtbot, deal=2, analysis=Analysis(RatingCache(tmp_path / "c.json")))
    result = install_insight(window, DirectService())
    assert result is not None
    result.start_up()  # start-up's step: the insight's first searches
    yield result
    result.close()


def _wait_state(qtbot, insight: Insight, state: str) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: insight.state == state, timeout=WAIT_MS)


def test_live_check_shows_winnable_then_proven_lost_and_undo_restores(qtbot, insight) -> None:  # type: ignore[no-untyped-def]
    window = insight.window
    window.dispatch(LoadPosition(losing_board(), FREECELL))
    _wait_state(qtbot, insight, "winnable")
    assert insight.live_label.text() == "\u2714 Winnable"
    assert insight.live_label.accessibleName() == "Winnability: winnable"  # not by mark alone
    winnable = window.bus.game.position
    window.dispatch(MoveCards(parse_moves(LOSING_MOVE)[0]))
    assert insight.live_label.text() == ""  # unknown until checked
    _wait_state(qtbot, insight, "lost")
    lost = window.bus.game.position
    assert insight.live_label.text() == "\u2716 Proven lost"
    assert insight.live_label.accessibleName() == "Winnability: proven lost"
    qtbot.waitUntil(insight.undo_winnable_action.isEnabled, timeout=WAIT_MS)
    assert "move 1 (42)" in window.hint_bar.text
    assert ButtonId.UNDO_TO_WINNABLE in window.hint_bar.buttons
    # one command
    window.hint_bar.buttons[ButtonId.UNDO_TO_WINNABLE].click()
    assert window.bus.game.position == winnable
    assert window.bus.game.move_count == 0
    assert insight.state == "winnable"  # known: shown at once
    # ... and undoable in one command
    window.hint_bar.buttons[ButtonId.BACK_TO_WHERE_I_WAS].click()
    assert window.bus.game.position == lost


def test_the_next_move_cancels_a_running_check(qtbot, insight) -> None:  # type: ignore[no-untyped-def]
    window = insight.window
    insight.check_now()
    assert insight.jobs.busy("live")
    window.dispatch(MoveCards(window.bus.game.position and _first_legal(window)))
    assert not insight.jobs.busy("live")  # the old answer will be dropped
    _wait_state(qtbot, insight, "winnable")
    assert insight.trail.verdict(window.bus.game.position) is Verdict.WINNABLE


def _first_legal(window):  # type: ignore[no-untyped-def]
    from freecell.engine import legal_moves

    return legal_moves(window.bus.game.position, window.bus.game.variant)[0]


def test_solution_stepper_replays_and_reverses_a_known_solution(qtbot, insight) -> None:  # type: ignore[no-untyped-def]
    window = insight.window
    game = window.bus.game
    start = game.position
    insight.show_solution()
    qtbot.waitUntil(lambda: insight.stepper.active, timeout=WAIT_MS)
    stepper = insight.stepper
    moves = stepper.moves
    assert moves
    expected = [start]
    for move in moves:
        expected.append(apply_move(expected[-1], check_move(expected[-1], FREECELL, move)))
    assert expected[-1].is_won
    for i in range(5):
        assert stepper.next()
        assert game.position == expected[i + 1]
    assert game.move_count == 5  # the steps count as moves
    for i in range(5, 2, -1):
        assert stepper.previous()
        assert game.position == expected[i - 1]
    assert stepper.step == 2
    # play to the end at the fastest speed
    stepper.speed.setValue(5)
    stepper.play()
    stepper.timer.setInterval(5)  # faster than a player would pick, for the test
    qtbot.waitUntil(lambda: game.is_won, timeout=WAIT_MS)
    assert game.position == expected[-1]
    assert game.move_count == len(moves)
    assert game.path == list(moves)
    assert not stepper.active  # the results panel takes over


def test_take_over_and_a_players_move_end_the_stepping(qtbot, insight) -> None:  # type: ignore[no-untyped-def]
    window = insight.window
    window.dispatch(LoadPosition(losing_board(), FREECELL))
    insight.show_solution()
    qtbot.waitUntil(lambda: insight.stepper.active, timeout=WAIT_MS)
    insight.stepper.next()
    insight.stepper.take_over_button.click()
    assert not insight.stepper.active
    assert "made 1 move" in window.hint_bar.text
    insight.show_solution()
    qtbot.waitUntil(lambda: insight.stepper.active, timeout=WAIT_MS)
    window.dispatch(MoveCards(_first_legal(window)))
    assert not insight.stepper.active


def test_winnable_only_new_deal_skips_unwinnable_numbers(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    table = RatingTable(1, b"")  # nothing shipped: every candidate is rated on demand
    chooser = DealChooser(source=sequence_source([11982, 11982, 3]), table=table)
    analysis = Analysis(RatingCache(tmp_path / "c.json"), chooser)
    window = make_window(qtbot, deal=2, analysis=analysis)
    # 11982 is rated once (then cached as unknown) and never dealt
    result = install_insight(window, DirectService())
    assert result is not None
    result.set_winnable_only(True)
    result.rating_budget = Budget(states=3_000, seconds=60.0)
    window.new_deal()  # the toolbar, menu and results panel all call this
    qtbot.waitUntil(lambda: window.bus.game.deal_number == 3, timeout=WAIT_MS)
    rating = result.cache.rating(FREECELL, 3)
    assert rating is not None and rating.winnable
    unproven = result.cache.rating(FREECELL, 11982)
    assert unproven is not None and not unproven.winnable
    result.close()


def test_rating_and_par_are_shown_and_par_is_in_the_results(qtbot, insight) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: insight.par is not None and insight.rating is not None, timeout=WAIT_MS)
    text = insight.rating_label.text()
    assert insight.rating.label in text and f"par {insight.par}" in text
    assert insight.cache.par(FREECELL, 2) == insight.par
    window = insight.window
    moves = window.bus.game.move_count
    window.results.show_result(60.0, moves, 52, 2, "FreeCell")
    assert (
        window.results.values["Moves"].text() == f"{moves} ({compare_with_par(moves, insight.par)})"
    )
    button = window.results.copy_button
    assert button.width() >= button.sizeHint().width()  # the longer line did not squeeze it


def test_compare_with_par() -> None:
    assert compare_with_par(87, 92) == "par 92: 5 under"
    assert compare_with_par(95, 92) == "par 92: 3 over"
    assert compare_with_par(92, 92) == "par 92: level"


def test_live_winnability_can_be_switched_off(qtbot, insight) -> None:  # type: ignore[no-untyped-def]
    insight.set_live(False)
    insight.window.dispatch(MoveCards(_first_legal(insight.window)))
    qtbot.wait(DEBOUNCE_WAIT)
    assert insight.state == "" and not insight.jobs.busy("live")


DEBOUNCE_WAIT = 600


def test_switching_live_winnability_off_leaves_no_verdict_behind(qtbot, insight) -> None:  # type: ignore[no-untyped-def]
    """Unchecked (in the Game menu or in Preferences: the session's setting), the
    status bar says nothing of winnability, not even for positions the checks
    already know, and the setting is kept."""
    window = insight.window
    window.dispatch(LoadPosition(losing_board(), FREECELL))
    _wait_state(qtbot, insight, "winnable")
    window.dispatch(MoveCards(parse_moves(LOSING_MOVE)[0]))
    _wait_state(qtbot, insight, "lost")
    window.session.change_settings(live_winnability=False)  # what Preferences does
    assert not insight.live_action.isChecked()
    assert insight.state == "" and insight.live_label.text() == ""
    window.undo()  # back to a position known winnable
    window.redo()  # and to the one known lost
    qtbot.wait(DEBOUNCE_WAIT)
    assert insight.state == "" and insight.live_label.text() == ""
    assert not insight.jobs.busy("live") and not insight.jobs.busy("trace")
    insight.live_action.trigger()  # on again: the known verdict at once
    assert insight.state == "lost" and window.settings.live_winnability


def test_the_live_setting_is_read_from_and_saved_to_the_settings_file(
    qtbot, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    from freecell.storage import Storage

    window = make_window(qtbot, deal=2, storage=Storage())
    store = window.session.storage.settings
    first = install_insight(window, DirectService())
    assert first is not None and first.settings.live  # on by default
    first.live_action.trigger()
    assert not first.settings.live and not store.load().live_winnability
    first.close()
    other = make_window(qtbot, deal=3, storage=Storage())
    second = install_insight(other, DirectService())
    assert second is not None and not second.settings.live
    assert not second.live_action.isChecked()
    second.close()


def test_menus_offer_the_insight_commands(qtbot, insight) -> None:  # type: ignore[no-untyped-def]
    texts = [a.text() for a in insight.window.menus["game"].actions()]
    assert "Undo to the last w&innable position" in texts
    assert "Show the s&olution" in texts
    assert "&Winnable deals only" in texts
    assert "New deal &difficulty" in texts
    assert [a.text() for a in insight.filter_menu.actions()] == [
        "Any difficulty",
        "Easy",
        "Medium",
        "Hard",
        "Expert",
    ]


def test_a_hint_that_proves_a_loss_offers_the_undo_too(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window = make_window(
        qtbot, deal=2, service=DirectService(), analysis=Analysis(RatingCache(tmp_path / "c.json"))
    )
    insight = install_insight(window, DirectService())
    assert insight is not None
    insight.set_live(False, save=False)  # only the hint will look at the position
    window.dispatch(LoadPosition(losing_board(), FREECELL))
    start = window.bus.game.position
    window.dispatch(MoveCards(parse_moves(LOSING_MOVE)[0]))
    window.hint()
    qtbot.waitUntil(insight.undo_winnable_action.isEnabled, timeout=WAIT_MS)
    assert insight.state == "lost"
    assert ButtonId.UNDO_TO_WINNABLE in window.hint_bar.buttons
    insight.undo_winnable_action.trigger()
    assert window.bus.game.position == start
    insight.close()


def _checked_winnable(qtbot, tmp_path: Path, **settings):  # type: ignore[no-untyped-def]
    """A window whose hints and insight have workers of their own (counted), on a
    winnable position the live check has answered; and the line it found."""
    hint_service = DirectService()
    analysis = Analysis(RatingCache(tmp_path / "c.json"))
    window = make_window(qtbot, deal=2, service=hint_service, analysis=analysis, **settings)
    insight = install_insight(window, DirectService())
    assert insight is not None
    window.dispatch(LoadPosition(losing_board(), FREECELL))
    _wait_state(qtbot, insight, "winnable")
    line = insight.trail.solution(window.bus.game.position)
    assert line
    return window, insight, hint_service, line


def test_a_hint_after_the_live_check_needs_no_second_search(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The status bar already says "Winnable" or "Proven lost": a hint then comes from
    what the check found, at once, and the hint's own worker is not asked."""
    window, insight, hint_service, line = _checked_winnable(qtbot, tmp_path)
    window.hint()
    # at once, no "Still checking": the first move of the line the check found
    assert window.hint_bar.kind == "hint" and window.scene.hint_visible
    assert window.hint_bar.text == f"Hint: {describe_move(window.bus.game, line[0])}."
    window.dispatch(MoveCards(parse_moves(LOSING_MOVE)[0]))
    _wait_state(qtbot, insight, "lost")
    window.hint()
    qtbot.waitUntil(lambda: ButtonId.UNDO_TO_WINNABLE in window.hint_bar.buttons)
    assert "move 1 (42)" in window.hint_bar.text  # the losing move, traced as ever
    assert hint_service.calls == 0
    insight.close()
    assert window.known_verdict is None  # without the insight, hints search again
    window.hint()
    assert window.hints.busy
    window.hints.cancel()


def test_following_the_line_meets_positions_already_known(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The positions along the line a check found are winnable, with the rest of the
    line: playing its moves needs no new check, and each hint is there at once."""
    window, insight, hint_service, line = _checked_winnable(qtbot, tmp_path, auto_play="off")
    assert len(line) > 3
    for move in line[:3]:
        window.dispatch(MoveCards(move))
        assert insight.state == "winnable"  # known at once: no check scheduled
        assert not insight.debounce.isActive() and not insight.jobs.busy("live")
    window.hint()
    assert window.hint_bar.text == f"Hint: {describe_move(window.bus.game, line[3])}."
    assert hint_service.calls == 0
    insight.close()


def test_preferences_switch_follows_without_saving_twice(qtbot, insight) -> None:  # type: ignore[no-untyped-def]
    from freecell.storage import Settings

    saved: list[bool] = []
    insight._save_live = saved.append
    insight.on_settings_changed(Settings(live_winnability=False))
    assert not insight.settings.live and not insight.live_action.isChecked()
    assert saved == []


def test_safe_autoplay_is_paused_while_stepping_and_restored(qtbot, insight) -> None:  # type: ignore[no-untyped-def]
    from freecell.engine import SetAutoPlay

    window = insight.window
    window.dispatch(SetAutoPlay(True))
    insight.show_solution()
    qtbot.waitUntil(lambda: insight.stepper.active, timeout=WAIT_MS)
    assert not window.bus.game.auto_play
    for _ in range(10):
        assert insight.stepper.next()  # every solver move fits: no card went home early
    insight.stepper.take_over()
    assert window.bus.game.auto_play


def test_a_cancelled_rating_is_never_cached_as_unknown(qtbot, insight) -> None:  # type: ignore[no-untyped-def]
    from freecell.engine import NewDeal

    window = insight.window
    for number in (5, 6, 7, 8):  # each deal cancels the previous deal's rating
        window.dispatch(NewDeal(number))
    qtbot.waitUntil(lambda: insight.par is not None, timeout=WAIT_MS)
    assert window.bus.game.deal_number == 8
    for number in (2, 5, 6, 7, 8):
        rating = insight.cache.rating(FREECELL, number)
        assert rating is None or rating.length is not None, number


def test_a_second_new_deal_replaces_the_first_search(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    chooser = DealChooser(source=sequence_source([11982, 4, 11982, 5]), table=RatingTable(1, b""))
    analysis = Analysis(RatingCache(tmp_path / "c.json"), chooser)
    window = make_window(qtbot, deal=2, analysis=analysis)
    insight = install_insight(window, DirectService())
    assert insight is not None
    insight.set_winnable_only(True)
    insight.rating_budget = Budget(states=3_000, seconds=60.0)
    window.new_deal()
    window.new_deal()
    qtbot.waitUntil(lambda: window.bus.game.deal_number in (4, 5), timeout=WAIT_MS)
    qtbot.wait(300)
    assert window.bus.game.deal_number in (4, 5)  # one deal, not two in a row
    insight.close()


def test_rating_tip_says_what_the_rating_is_made_of() -> None:
    from freecell.ui.features.insight import rating_tip

    tip = rating_tip(Rating(Difficulty.HARD, 104, 2_400), 92)
    assert "Hard" in tip and "2,400 positions" in tip and "104-move" in tip and "Par 92" in tip
    assert "Unwinnable" in rating_tip(Rating(Difficulty.UNSOLVABLE, None, 61_000), None)
    assert "no claim" in rating_tip(Rating(Difficulty.UNKNOWN, None, 20_000), None)


def test_a_found_solution_replaces_looking_and_enter_presses_next(qtbot, insight) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import Qt

    window = insight.window
    insight.show_solution()
    assert window.hint_bar.text == "Looking for a solution\u2026"
    qtbot.waitUntil(lambda: insight.stepper.active, timeout=WAIT_MS)
    count = len(insight.stepper.moves)
    assert window.hint_bar.text.startswith(f"A solution in {count} moves")
    stepper = insight.stepper
    stepper.next_button.setFocus()
    qtbot.keyClick(stepper.next_button, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: stepper.step == 1, timeout=3000)
    assert window.bus.game.move_count == 1


def test_no_legal_move_comes_first_and_keeps_its_exits(qtbot, insight) -> None:  # type: ignore[no-untyped-def]
    window = insight.window
    window.play_deal(617)
    moves = parse_moves("3a 3b 3c 4d 82 52 46")
    for move in moves[:-1]:
        window.dispatch(MoveCards(move))
    window.dispatch(MoveCards(moves[-1]))
    game = window.bus.game
    # said at once, before any search, and the clock has stopped
    assert window.hint_bar.text == "No legal move is left."
    assert not game.clock.running
    assert {ButtonId.UNDO, ButtonId.REPLAY_DEAL, ButtonId.NEW_DEAL} <= set(window.hint_bar.buttons)
    # the live check proves the loss and traces the losing move: it stands beside
    qtbot.waitUntil(lambda: "turned a winnable game" in window.hint_bar.text, timeout=WAIT_MS)
    assert window.hint_bar.text.startswith("No legal move is left. This position is proven lost")
    assert {
        ButtonId.UNDO,
        ButtonId.REPLAY_DEAL,
        ButtonId.NEW_DEAL,
        ButtonId.UNDO_TO_WINNABLE,
    } <= set(window.hint_bar.buttons)
    # a hint says the same at once, with no search
    window.hint()
    assert window.hint_bar.text == "No legal move is left."
    window.hint_bar.buttons[ButtonId.UNDO].click()
    assert game.has_legal_move and game.clock.running


def test_the_stepper_from_the_start_plays_the_line_par_counts(qtbot, insight) -> None:  # type: ignore[no-untyped-def]
    window = insight.window
    ratings = insight.ratings
    qtbot.waitUntil(lambda: ratings.par_line is not None, timeout=3 * WAIT_MS)
    assert insight.par == len(ratings.par_line)
    insight.trail.record(window.bus.game.position, Verdict.WINNABLE, ratings.par_line[:-1])
    insight.show_solution()  # not the live check's line: the par line
    qtbot.waitUntil(lambda: insight.stepper.active, timeout=WAIT_MS)
    assert insight.stepper.moves == ratings.par_line
    # a par known without its line (from the cache): the line shown becomes par
    insight.stepper.stop()
    ratings.par, ratings.par_line = 999, None
    insight.show_solution()
    qtbot.waitUntil(lambda: insight.stepper.active, timeout=WAIT_MS)
    assert insight.par == len(insight.stepper.moves)
    assert "par " + str(insight.par) in ratings.label.text()
    qtbot.waitUntil(lambda: insight.cache.par(FREECELL, 2) == insight.par, timeout=WAIT_MS)


def test_moves_the_stepper_makes_are_counted_as_help(qtbot, insight) -> None:  # type: ignore[no-untyped-def]
    window = insight.window
    insight.show_solution()
    qtbot.waitUntil(lambda: insight.stepper.active, timeout=WAIT_MS)
    insight.stepper.next()
    insight.stepper.next()
    assert window.bus.game.solution_moves == 2 and window.bus.game.assisted
    window.hint()
    assert window.bus.game.hints_used == 1
