"""The table holds still (issue 35, item 1): the card size and every pile's place
depend on the view's size, the variant and the settings only -- never on the cards.
Whole deals are played through the real window, with moves, undos, redos, the
solution stepper and auto finish; at every step the geometry is the one the view's
size gives.  A column of 19 cards tightens first, then shrinks the cards as little
as needed, keeps its last card on the table, and the cards grow back only with the
window."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from freecell.analysis.insight import RatingCache
from freecell.core.analysis import Analysis
from freecell.engine import (
    BAKERS_GAME,
    EIGHT_OFF,
    FREECELL,
    SEAHAVEN_TOWERS,
    TWO_CELL,
    Event,
    MoveCards,
    Redo,
    Undo,
    Variant,
)
from freecell.solver.api import Budget, Mode, Solved
from freecell.ui.features.insight import install_insight
from freecell.ui.table.layout import CARD_ASPECT, compute_layout
from test_insight_ui import DirectService
from ui_helpers import board, load, make_window

WAIT_MS = 20_000


def geometry(window: Any) -> tuple[object, ...]:
    """What must not move: the card size and every pile's slot."""
    lay = window.scene.layout
    return (lay.card_w, lay.card_h, lay.cells, lay.foundations, lay.columns)


def _solution(window: Any) -> tuple[Any, ...] | None:
    game = window.bus.game
    verdict = DirectService().solve(game.position, game.variant, Budget(300_000, 20.0), Mode.FAST)
    return verdict.moves if isinstance(verdict, Solved) else None


@pytest.mark.parametrize(
    ("variant", "deals"),
    [
        (FREECELL, (617, 1, 11982)),
        (BAKERS_GAME, (5, 8, 12)),
        (EIGHT_OFF, (3, 4, 7)),
        (SEAHAVEN_TOWERS, (2, 6, 9)),
        (TWO_CELL, (1, 3, 4)),
    ],
    ids=lambda v: v.id if isinstance(v, Variant) else "",
)
@pytest.mark.parametrize("size", [(1366, 768), (1100, 800)], ids=["1366x768", "1100x800"])
def test_no_pile_moves_and_the_card_size_holds_through_whole_deals(  # type: ignore[no-untyped-def]
    qtbot, tmp_path: Path, variant: Variant, deals: tuple[int, ...], size: tuple[int, int]
) -> None:
    window = make_window(qtbot, analysis=Analysis(RatingCache(tmp_path / "c.json")))
    insight = install_insight(window, DirectService())
    assert insight is not None
    window.resize(*size)
    qtbot.waitUntil(lambda: window.size().toTuple() == size)
    window.play_variant(variant)
    # every (view size -> geometry) the table had, checked after every event
    seen: dict[tuple[float, float], tuple[object, ...]] = {}
    steps: list[str] = []

    def check(event: Event) -> None:
        shown = geometry(window)
        known = seen.setdefault(window.scene.view_size, shown)
        assert known == shown, (type(event).__name__, len(steps))
        steps.append(type(event).__name__)

    window.bus.subscribe(check)
    played = 0
    for number in deals:
        window.play_deal(number)
        moves = _solution(window)
        if moves is None:
            continue
        played += 1
        # a third by hand, each fourth move taken back and made again
        for i, move in enumerate(moves[: len(moves) // 3]):
            window.dispatch(MoveCards(move))
            if i % 4 == 3:
                window.dispatch(Undo())
                window.dispatch(Redo())
        # then the solution stepper, step by step, until auto finish can take over
        insight.show_solution()
        qtbot.waitUntil(lambda: insight.stepper.active, timeout=WAIT_MS)
        stepper = insight.stepper
        while stepper.active and not window.bus.game.can_auto_finish:
            assert stepper.next()
        if not window.bus.game.is_won:
            insight.stepper.stop()
            qtbot.waitUntil(lambda: window.bus.game.can_auto_finish, timeout=WAIT_MS)
            window.toggle_auto_finish()
            qtbot.waitUntil(lambda: window.bus.game.is_won, timeout=WAIT_MS)
        for kind in ("MoveApplied", "Undone", "Redone"):
            assert kind in steps
    assert played >= 1
    assert "SolutionMove" in repr(steps) or steps.count("MoveApplied") > 10
    insight.close()


# One column of 19 cards: a King at the foot of a dealt column of seven, and the
# Queen to the Ace on it.
NINETEEN = board(
    [
        "2C 3C 4C 5C 6C 7C KH QS JH TS 9H 8S 7H 6S 5H 4S 3H 2S AH",
        "KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H AS",
        "KC QD JC TD 9C 8D",
        "KD QC JD TC 9D 8C 7D",
        "6D 5D",
        "4D 3D",
        "2D AD",
        "AC",
    ],
)


def test_a_nineteen_card_column_shrinks_the_cards_once_and_stays_on_the_table(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot, deal=1)
    window.resize(1366, 768)
    qtbot.waitUntil(lambda: window.size().toTuple() == (1366, 768))
    scene, view = window.scene, window.view
    dealt = geometry(window)
    load(window, NINETEEN)
    lay = scene.layout
    vw, vh = scene.view_size
    # tightened to the index strip first ...
    assert lay.offsets[0] == pytest.approx(round(lay.card_h * 0.22), abs=1)
    # ... and only then shrunk, as little as needed: a card a pixel wider would not fit
    assert lay.card_w < dealt[0]
    wider = compute_layout(vw, vh, FREECELL, NINETEEN, cap=None)
    assert wider.card_w == lay.card_w
    assert lay.card_w >= 0.75 * dealt[0]  # (main showed 63 % of the dealt size)
    # the column's last card is whole on the table, with no scroll bar
    last = lay.card_rect(0, 18)
    assert last.y + last.h <= vh and last.y + last.h <= view.viewport().height()
    assert view.verticalScrollBar().maximum() == 0
    assert round(lay.card_w * CARD_ASPECT) == lay.card_h
    # taking the column apart does not grow the cards back: only the window does
    shrunk = geometry(window)
    for _ in range(4):
        window.dispatch(MoveCards(next(iter(_moves_off_column(window)))))
        assert geometry(window) == shrunk, (scene.view_size, (vw, vh), window.hint_bar.text)
    window.dispatch(Undo())
    assert geometry(window) == shrunk
    window.resize(1366, 760)
    qtbot.waitUntil(lambda: scene.view_size != (vw, vh))
    assert scene.layout.card_w > lay.card_w  # four cards fewer: a smaller shrink for them
    # a new deal gives the cards back too
    window.resize(1366, 768)
    qtbot.waitUntil(lambda: scene.view_size == (vw, vh))
    load(window, NINETEEN)
    assert geometry(window) == shrunk
    window.play_deal(1)
    assert geometry(window) == dealt


def _moves_off_column(window: Any) -> list[Any]:
    from freecell.engine import Move, Pile, check_move

    game = window.bus.game
    for dest in (Pile.foundation(), *(Pile.cell(i) for i in range(4))):
        move = check_move(game.position, game.variant, Move(Pile.column(0), dest, 1))
        if isinstance(move, Move):
            return [move]
    raise AssertionError("no move off the long column")
