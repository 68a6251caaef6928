"""What the table shows is derived from the game and the view (issue 35, item 2):
each mark follows its cards through a layout change or goes away, and no note
outlives the condition it states."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF

from freecell.analysis.insight import RatingCache
from freecell.core.analysis import Analysis
from freecell.engine import Move, MoveCards, Pile, parse_moves
from freecell.ui.features.insight import install_insight
from freecell.ui.panels.hint_bar import ButtonId
from freecell.ui.table.layout import CardSize
from test_insight_ui import WAIT_MS, DirectService
from ui_helpers import make_window


def _card_rect(window, pile: Pile) -> QRectF:  # type: ignore[no-untyped-def]
    """The scene rectangle of a pile's last card as the layout places it now."""
    scene = window.scene
    if pile.is_column:
        cards = window.bus.game.position.columns[pile.index]
        r = scene.layout.card_rect(pile.index, len(cards) - 1)
    else:
        r = scene.pile_rect(pile)
    return QRectF(r.x, r.y, r.w, r.h)


def test_hint_marks_follow_their_cards_when_the_stepper_opens(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Issue 35: H, then Game > Show the solution: the outlines stayed where the
    cards were before the panel pushed the table up."""
    window = make_window(qtbot, deal=617, analysis=Analysis(RatingCache(tmp_path / "c.json")))
    insight = install_insight(window, DirectService())
    assert insight is not None
    scene = window.scene
    window.scene.set_hint(Move(Pile.column(0), Pile.column(4), 1))
    before = scene.marks.hint_src.path().boundingRect()
    assert before.contains(_card_rect(window, Pile.column(0)).center())
    size = scene.view_size
    insight.show_solution()
    qtbot.waitUntil(lambda: insight.stepper.active, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: scene.view_size != size)
    src = scene.marks.hint_src.path().boundingRect()
    assert src != before
    assert src.contains(_card_rect(window, Pile.column(0)).center())
    assert (
        scene.marks.hint_dst.path()
        .boundingRect()
        .contains(_card_rect(window, Pile.column(4)).center())
    )
    # the next step plays a move: the hint was for the position left behind, it goes
    assert insight.stepper.next()
    assert not scene.hint_visible
    insight.close()


def test_selection_and_focus_follow_a_card_size_change(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot, deal=617)
    scene = window.scene
    window.controller.select(Pile.column(2), len(window.bus.game.position.columns[2]) - 1)
    assert scene.selection_visible
    window.set_card_size(CardSize.SMALL)
    sel = scene.marks.selection.path().boundingRect()
    assert sel.contains(_card_rect(window, Pile.column(2)).center())
    assert sel.width() <= scene.layout.card_w + 1


def test_a_proven_loss_is_said_again_after_undo_and_redo(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Issue 35: "A verdict forgets itself": the bar's Undo, then Ctrl+Y in the dead
    position said only "No legal move is left."."""
    window = make_window(qtbot, deal=2, analysis=Analysis(RatingCache(tmp_path / "c.json")))
    insight = install_insight(window, DirectService())
    assert insight is not None
    window.play_deal(617)
    for move in parse_moves("3a 3b 3c 4d 82 52 46"):
        window.dispatch(MoveCards(move))
    qtbot.waitUntil(lambda: "turned a winnable game" in window.hint_bar.text, timeout=WAIT_MS)
    said = window.hint_bar.text
    window.hint_bar.buttons[ButtonId.UNDO].click()
    assert window.bus.game.has_legal_move
    window.redo()
    assert window.hint_bar.text == said
    assert ButtonId.UNDO_TO_WINNABLE in window.hint_bar.buttons
    insight.close()
