"""Whole deals won through the window (issue 5): fc-solve's line played with the
mouse, and with the keyboard alone."""

from __future__ import annotations

from PySide6.QtCore import Qt

from freecell.engine import Move as EMove
from freecell.engine import check_move
from ui_helpers import card_point, drag, drop_point, fc_solve_moves, key_to, make_window

from conftest import require_fc_solve


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


def test_a_whole_deal_won_with_the_keyboard_alone(qtbot) -> None:  # type: ignore[no-untyped-def]
    require_fc_solve()
    moves = fc_solve_moves(617)
    window = make_window(qtbot, deal=617)
    window.view.setFocus()
    for move in moves:
        m = _resolved(window, move)
        count = window.bus.game.move_count
        key_to(qtbot, window, m.source)
        if m.dest.is_foundation:
            qtbot.keyClick(window.view, Qt.Key.Key_Return)  # sends home when it can go
        else:
            if m.source.is_column:
                for _ in range((m.count or 1) - 1):
                    qtbot.keyClick(window.view, Qt.Key.Key_Up)
            # Shift+Space selects even a card that could go home; Space drops.
            qtbot.keyClick(window.view, Qt.Key.Key_Space, Qt.KeyboardModifier.ShiftModifier)
            assert window.controller.selection is not None
            key_to(qtbot, window, m.dest)
            qtbot.keyClick(window.view, Qt.Key.Key_Space)  # drop
        assert window.bus.game.move_count == count + 1, (move, window.hint_bar.text)
        assert window.scene.focus_visible
    assert window.bus.game.is_won
    qtbot.waitUntil(lambda: window.results.isVisible(), timeout=3000)
