"""No note outlives the condition it states (issue 35, items 2 and 7): a message in
the message bar and an item of the status bar go, or change, as soon as what they
say stops being true -- not when their time is up or the next move comes."""

from __future__ import annotations

from pathlib import Path

from freecell.analysis.insight import RatingCache
from freecell.core.analysis import Analysis
from freecell.engine import FREECELL, LoadPosition, MoveCards, parse_moves
from freecell.engine.rules import legal_moves
from freecell.scoring import NO_SCORING, STANDARD_SCORING
from freecell.solver.api import Unknown
from freecell.ui.features.insight import install_insight
from freecell.ui.panels.hint_bar import ButtonId
from test_insight import LOSING_MOVE, losing_board
from test_insight_ui import WAIT_MS, DirectService
from ui_helpers import FakeService, board, make_window

# one card from the win: the king of spades goes home from column 1
LAST_CARD = board(["KS"], home="C-K D-K H-K S-Q")


def test_all_cards_home_goes_with_the_undo_of_the_winning_move(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    window.dispatch(LoadPosition(LAST_CARD, FREECELL))
    window.dispatch(MoveCards(parse_moves("1h")[0]))
    assert window.bus.game.is_won
    assert window.hint_bar.kind == "won"
    window.undo()  # the game goes on: "All 52 cards are home." is no longer true
    assert not window.bus.game.is_won
    assert window.hint_bar.kind != "won"
    assert "52" not in window.hint_bar.text


def test_back_to_the_winnable_position_goes_once_the_player_plays_on(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot, deal=2, analysis=Analysis(RatingCache(tmp_path / "c.json")))
    insight = install_insight(window, DirectService())
    assert insight is not None
    window.dispatch(LoadPosition(losing_board(), FREECELL))
    qtbot.waitUntil(lambda: insight.state == "winnable", timeout=WAIT_MS)
    window.dispatch(MoveCards(parse_moves(LOSING_MOVE)[0]))
    qtbot.waitUntil(insight.undo_winnable_action.isEnabled, timeout=WAIT_MS)
    window.hint_bar.buttons[ButtonId.UNDO_TO_WINNABLE].click()
    assert ButtonId.BACK_TO_WHERE_I_WAS in window.hint_bar.buttons
    said = window.hint_bar.text
    # another move: "this position can still be won" is about a position left
    # behind, and the way back to where the player was is gone with the redo tail
    position = window.bus.game.position
    game = window.bus.game
    losing = parse_moves(LOSING_MOVE)[0]
    move = next(m for m in legal_moves(game.position, game.variant) if m != losing)
    window.dispatch(MoveCards(move))
    assert window.bus.game.position != position
    assert window.hint_bar.text != said
    assert ButtonId.BACK_TO_WHERE_I_WAS not in window.hint_bar.buttons
    insight.close()


def test_no_solution_in_time_goes_with_the_position_it_was_about(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot, deal=617, analysis=Analysis(RatingCache(tmp_path / "c.json")))
    insight = install_insight(window, FakeService(Unknown()))
    assert insight is not None
    window.dispatch(MoveCards(parse_moves("83")[0]))  # (from the start, par's search)
    insight.show_solution()
    qtbot.waitUntil(lambda: "no solution in time" in window.hint_bar.text, timeout=WAIT_MS)
    window.dispatch(MoveCards(parse_moves("4a")[0]))
    assert "no solution in time" not in window.hint_bar.text
    insight.close()


def test_the_score_follows_the_scoring_chosen_at_once(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot, deal=617, scoring=NO_SCORING.id)
    score = window.status.labels["score"]
    window.dispatch(MoveCards(parse_moves("83")[0]))
    assert not score.isVisibleTo(window.status.bar)
    window.session.change_settings(scoring=STANDARD_SCORING.id)
    assert score.isVisibleTo(window.status.bar) and score.text() == "Score: 0"
    window.session.change_settings(scoring=NO_SCORING.id)  # no score kept: none shown
    assert not score.isVisibleTo(window.status.bar)
