"""The window follows the desktop (light or dark scheme, its animation setting),
a win is celebrated (and skipped at once), and the hint bar grows to its text."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from freecell.engine import Pile
from freecell.themes import GREEN_FELT, darkened
from freecell.ui.shell import colour_scheme
from freecell.ui.shell.colour_scheme import DARK, LIGHT, desktop_reduces_motion
from test_ui_card_contrast import contrast
from ui_helpers import board, card_point, load, make_window

WON_IN_ONE = board(["KS"], home="C-K D-K H-K S-Q")


def _cloth(window) -> QColor:  # type: ignore[no-untyped-def]
    img = window.view.grab().toImage()
    return QColor(img.pixel(4, img.height() - 4))


@pytest.mark.parametrize("scheme", [LIGHT, DARK])
def test_bars_and_cloth_follow_the_scheme(qtbot, scheme: str) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    light_cloth = _cloth(window) if scheme == DARK else None
    window.apply_colour_scheme(scheme)
    assert window.scene.dark is (scheme == DARK)
    bar = window.statusBar().grab().toImage()
    background = QColor(bar.pixel(bar.width() // 2, 2))
    assert (background.lightness() < 80) is (scheme == DARK)
    idle = window.hint_bar.grab().toImage()
    assert (QColor(idle.pixel(4, 4)).lightness() < 80) is (scheme == DARK)
    if light_cloth is not None:
        assert _cloth(window).lightness() < light_cloth.lightness() * 0.75


def test_the_dark_cloth_keeps_its_marks_readable() -> None:
    dark = darkened(GREEN_FELT)
    assert contrast(QColor(dark.text), QColor(dark.bottom)) >= 4.5
    assert QColor(dark.top).lightness() < QColor(GREEN_FELT.top).lightness()


def test_the_scheme_is_the_desktops(qapp, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("FREECELL_COLOUR_SCHEME", "dark")
    assert colour_scheme.desktop_scheme() == DARK
    monkeypatch.setenv("FREECELL_COLOUR_SCHEME", "")
    assert colour_scheme.desktop_scheme() in (LIGHT, DARK)


def test_reduce_motion_is_read_from_kde(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("XDG_CURRENT_DESKTOP", "KDE")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert desktop_reduces_motion() is None  # no kdeglobals: nothing said
    (tmp_path / "kdeglobals").write_text("[KDE]\nAnimationDurationFactor=0\n", encoding="utf-8")
    assert desktop_reduces_motion() is True
    (tmp_path / "kdeglobals").write_text("[KDE]\nAnimationDurationFactor=0.5\n", encoding="utf-8")
    assert desktop_reduces_motion() is False
    monkeypatch.setenv("XDG_CURRENT_DESKTOP", "")
    assert desktop_reduces_motion() is None


def test_a_win_is_celebrated_and_a_key_skips_it(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot, reduce_motion=False)
    load(window, WON_IN_ONE)
    qtbot.mouseClick(
        window.view.viewport(), Qt.MouseButton.LeftButton, pos=card_point(window, Pile.column(0))
    )
    assert window.bus.game.is_won
    qtbot.waitUntil(lambda: window.scene.celebrating, timeout=3000)
    assert not window.results.isVisible()
    qtbot.wait(300)  # the first cards have left their foundations
    home = window.scene.layout.foundations  # type: ignore[union-attr]
    moved = [
        item
        for item in window.scene.items_by_card.values()
        if item.isVisible() and all((item.pos().x(), item.pos().y()) != (r.x, r.y) for r in home)
    ]
    assert moved
    qtbot.keyClick(window.view, Qt.Key.Key_Space)
    assert not window.scene.celebrating
    qtbot.waitUntil(window.results.isVisible, timeout=2000)
    # every card is back on its foundation, as won
    for c, (rect, _z) in window.scene.target_rects(window.bus.game.position).items():
        item = window.scene.items_by_card[c]
        assert item.isVisible() and (item.pos().x(), item.pos().y()) == (rect.x, rect.y)


def test_a_click_skips_it_and_reduce_motion_never_starts_it(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot, reduce_motion=False)
    load(window, WON_IN_ONE)
    qtbot.mouseClick(
        window.view.viewport(), Qt.MouseButton.LeftButton, pos=card_point(window, Pile.column(0))
    )
    qtbot.waitUntil(lambda: window.scene.celebrating, timeout=3000)
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(window.results.isVisible, timeout=2000)
    calm = make_window(qtbot, reduce_motion=True)
    load(calm, WON_IN_ONE)
    qtbot.mouseClick(
        calm.view.viewport(), Qt.MouseButton.LeftButton, pos=card_point(calm, Pile.column(0))
    )
    qtbot.waitUntil(calm.results.isVisible, timeout=2000)
    assert calm.scene.celebration is None


def test_the_hint_bar_grows_to_a_long_message(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    idle = window.hint_bar.height()
    errors = " ".join(
        f"Plugin number {i} could not be loaded: it raised an error." for i in range(3)
    )
    window.hint_bar.show_message(errors, "refused")
    qtbot.waitUntil(lambda: window.hint_bar.height() > idle)
    label = window.hint_bar.label
    assert label.heightForWidth(label.width()) <= label.height()
    window.hint_bar.dismiss()
    assert window.hint_bar.height() == idle
