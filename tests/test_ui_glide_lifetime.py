"""A card glide's animation lives as long as the glide: the scene does not keep one
per move for the rest of the session (the soak's memory grew with every move)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QVariantAnimation

from freecell.engine import legal_moves
from freecell.engine.commands import MoveCards
from ui_helpers import make_window


def test_the_scene_keeps_no_finished_animation(qtbot: Any) -> None:
    window = make_window(qtbot, deal=617, reduce_motion=False)
    scene = window.scene
    for _ in range(12):
        game = window.bus.game
        move = sorted(legal_moves(game.position, game.variant), key=lambda m: m.notation)[0]
        window.dispatch(MoveCards(move))
        qtbot.waitUntil(lambda: not scene.animating, timeout=5000)
    window.undo()
    qtbot.waitUntil(lambda: not scene.animating, timeout=5000)
    qtbot.wait(100)  # what deleteLater() left goes with the event loop
    assert window.bus.game.move_count == 11
    assert len(scene.findChildren(QVariantAnimation)) <= 1
