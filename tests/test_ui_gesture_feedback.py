"""Feedback for every gesture (issue 35, item 3): a dragged run lifts, the legal
destinations of what is held light up (and only they, the supermove limit
included), the highlight goes with the selection, and every one of these honours
reduce motion.  The run picker's own feedback is in test_ui_picker_offers.py; the
keys that cannot act in test_ui_idle_keys.py."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt

from freecell.engine import Pile
from ui_helpers import TIGHT, board, card_point, click, col, drop_point, key_to, load, make_window


def _window(qtbot, **settings):  # type: ignore[no-untyped-def]
    window = make_window(qtbot, **settings)
    load(window, TIGHT)
    return window


def _lit(window) -> set[Pile]:  # type: ignore[no-untyped-def]
    """The piles whose landing place the green outline covers, read from the item
    drawn on the table (not from the list the controller keeps)."""
    feedback = window.controller.feedback
    if not feedback.halo.isVisible() or feedback.halo.opacity() == 0:
        return set()
    path = feedback.outline.path()
    lit = set()
    for pile in window.controller.piles():
        centre = feedback.landing(pile).center()
        if path.contains(centre):
            lit.add(pile)
    return lit


def _start_drag(qtbot, window, start: QPoint, to: QPoint) -> None:  # type: ignore[no-untyped-def]
    vp = window.view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=start)
    for i in range(1, 5):
        p = start + (to - start) * (i / 4)
        qtbot.mouseMove(vp, pos=QPoint(round(p.x()), round(p.y())))


def test_a_drag_lights_exactly_the_legal_destinations(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = _window(qtbot)
    vp = window.view.viewport()
    # two cards (8H 7C) onto the nine of clubs: the limit is two, so it is lit
    _start_drag(
        qtbot, window, card_point(window, col(0), 5), card_point(window, col(0), 5) + QPoint(0, 60)
    )
    assert _lit(window) == {col(4)}
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=card_point(window, col(0), 5))
    assert _lit(window) == set()  # the highlight goes with the run
    # three cards (9S 8H 7C): the ten of hearts would take them, the limit does not
    _start_drag(qtbot, window, card_point(window, col(0), 4), drop_point(window, col(3)))
    assert _lit(window) == set()
    assert col(3) not in window.controller.feedback.destinations
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=drop_point(window, col(3)))
    # dropped there anyway: refused with its reason, and back where they were
    assert window.bus.game.move_count == 0
    assert window.hint_bar.kind == "refused"
    assert "2 cards" in window.hint_bar.label.text()
    assert _lit(window) == set()


def test_a_tap_or_a_key_pick_up_lights_the_destinations_till_put_down(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = _window(qtbot)
    # one card, 7C: onto the eight of diamonds, or into the empty column; every
    # cell is taken and the clubs foundation wants the six first
    click(qtbot, window, card_point(window, col(0)))
    assert window.controller.selection == (col(0), 6)
    assert _lit(window) == {col(5), col(7)}
    qtbot.wait(450)  # past the double-click interval
    click(qtbot, window, card_point(window, col(0)))  # the same card again: put down
    assert window.controller.selection is None
    assert _lit(window) == set()
    # a cell's card that can go home lights its foundation too (Shift+Space picks up)
    window.view.setFocus()
    key_to(qtbot, window, Pile.cell(0))
    qtbot.keyClick(window.view, Qt.Key.Key_Space, Qt.KeyboardModifier.ShiftModifier)
    assert window.controller.selection == (Pile.cell(0), 0)
    # 6H: hearts home, onto either black seven, the empty column
    assert _lit(window) == {Pile.foundation(2), col(0), col(6), col(7)}
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    assert _lit(window) == set()
    # after a move the outline is gone, with the selection
    click(qtbot, window, card_point(window, col(0)))
    click(qtbot, window, drop_point(window, col(5)))
    assert [c.short for c in window.bus.game.position.columns[5]] == ["8D", "7C"]
    assert window.controller.selection is None and _lit(window) == set()


def test_the_highlight_follows_its_pile_through_a_relayout(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = _window(qtbot)
    click(qtbot, window, card_point(window, col(0)))
    window.resize(1400, 900)
    qtbot.waitUntil(lambda: window.size().toTuple() == (1400, 900))
    qtbot.wait(50)
    assert _lit(window) == {col(5), col(7)}


def test_a_dragged_run_lifts_and_follows_the_pointer(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = _window(qtbot)
    scene, vp = window.scene, window.view.viewport()
    items = scene.cards_of(col(0), 5)
    origins = [i.pos() for i in items]
    width = items[0].sceneBoundingRect().width()  # the card's picture, its rim included
    start = card_point(window, col(0), 5)
    _start_drag(qtbot, window, start, start + QPoint(120, 80))
    lifted = items[0].sceneBoundingRect().width() / width
    assert 1.02 <= lifted <= 1.1  # a little larger, at once
    for item, origin in zip(items, origins, strict=True):
        assert abs(item.sceneBoundingRect().width() / width - lifted) < 0.01
        assert item.pos() == origin + QPointF(120, 80)  # follows the pointer
    # every card grows about the same point (the pointer's): the run stays one piece
    tops = [item.sceneBoundingRect().topLeft() for item in items]
    assert abs((tops[1].y() - tops[0].y()) - scene.layout.offsets[0] * lifted) < 1.0
    assert tops[0].x() < origins[0].x() + 120  # grown to the left and right of it
    feedback = window.controller.feedback
    shadow = feedback.shadow
    assert shadow is not None and shadow.isVisible() and shadow.opacity() == 1.0
    assert shadow.parentItem() is items[0]
    assert shadow.sceneBoundingRect().height() > items[0].sceneBoundingRect().height()
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=start + QPoint(120, 80))
    # nowhere to go: back at its size and place, no shadow
    assert all(item.sceneBoundingRect().width() == width for item in items)
    assert [i.pos() for i in items] == origins
    assert not shadow.isVisible()
    assert not feedback.lifting


def test_the_lift_and_the_highlight_animate_unless_motion_is_reduced(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = _window(qtbot, reduce_motion=False)
    feedback, vp = window.controller.feedback, window.view.viewport()
    click(qtbot, window, card_point(window, col(0)))
    assert feedback.fading and feedback.halo.opacity() < 1.0  # fading in
    qtbot.waitUntil(lambda: not feedback.fading)
    assert feedback.halo.opacity() == 1.0 and _lit(window) == {col(5), col(7)}
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    assert feedback.fading and feedback.halo.isVisible()  # fading out
    qtbot.waitUntil(lambda: not feedback.halo.isVisible())
    start = card_point(window, col(0), 5)
    _start_drag(qtbot, window, start, start + QPoint(100, 100))
    assert feedback.lift_amount < 1.0  # rising
    qtbot.waitUntil(lambda: feedback.lift_amount == 1.0)
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=start + QPoint(100, 100))
    assert feedback.lifting and window.scene.animating  # settling while it springs back
    qtbot.waitUntil(lambda: not feedback.lifting and not window.scene.animating)
    widths = {i.sceneBoundingRect().width() for i in window.scene.cards_of(col(0), 0)}
    assert len(widths) == 1  # every card of the column at its own size again

    # the player's choice at run time: everything at once from now on
    window.session.change_settings(reduce_motion=True)
    assert window.scene.reduce_motion
    click(qtbot, window, card_point(window, col(0)))
    assert not feedback.fading and feedback.halo.opacity() == 1.0
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    assert not feedback.halo.isVisible()
    _start_drag(qtbot, window, start, start + QPoint(100, 100))
    assert feedback.lift_amount == 1.0
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=start + QPoint(100, 100))
    assert not feedback.lifting and not window.scene.animating


def test_the_destinations_follow_the_variant_rules(qtbot) -> None:  # type: ignore[no-untyped-def]
    from freecell.engine import SEAHAVEN_TOWERS

    # Seahaven Towers: suits build down, only a King fills an empty column
    seahaven = board(
        [
            "KS QS JS",
            "KH QH JH TH 9H 8H 7H 6H",
            "KD QD JD TD 9D 8D 7D 6D",
            "KC QC JC TC 9C 8C 7C 6C",
            "TS 9S 8S",
            "7S",
            "6S",
        ],
        home="C-5 D-5 H-5 S-5",
        variant=SEAHAVEN_TOWERS,
    )
    window = make_window(qtbot)
    load(window, seahaven, SEAHAVEN_TOWERS)
    click(qtbot, window, card_point(window, col(5)))  # the seven of spades
    cells = {Pile.cell(i) for i in range(4)}
    # a cell, or the eight of spades -- no empty column (it is not a King), not home
    assert _lit(window) == cells | {col(4)}
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    # the King of spades' run: into any of the three empty columns, nowhere else
    click(qtbot, window, card_point(window, col(0), 0))
    assert window.controller.selection == (col(0), 0)
    assert _lit(window) == {col(7), col(8), col(9)}
