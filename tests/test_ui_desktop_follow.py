"""The window follows the desktop: reduce motion unless the player chose, and the
light or dark scheme on every part of the window, also when either changes while
the game runs."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPalette
from PySide6.QtWidgets import QApplication, QToolBar

from freecell.engine import Pile
from freecell.storage import Settings, SettingsStore
from freecell.ui.shell import colour_scheme
from freecell.ui.shell.colour_scheme import DARK, LIGHT
from test_ui_looks import WON_IN_ONE
from ui_helpers import card_point, load, make_window

Window = QPalette.ColorRole.Window


@pytest.fixture
def desktop(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """A KDE desktop whose settings live in ``tmp_path``; the palette is put back."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CURRENT_DESKTOP", "KDE")
    monkeypatch.delenv("FREECELL_COLOUR_SCHEME", raising=False)
    palette = QPalette(QGuiApplication.palette())
    yield tmp_path
    QApplication.setPalette(palette)


def _animations(folder: Path, factor: float) -> None:
    (folder / "kdeglobals").write_text(
        f"[KDE]\nAnimationDurationFactor={factor}\n", encoding="utf-8"
    )


# -- reduce motion ---------------------------------------------------------------------
def test_old_settings_files_keep_their_choice_and_a_new_one_follows(tmp_path: Path) -> None:
    assert Settings().reduce_motion is None  # a first start follows the desktop
    for saved, loaded in ((True, True), (False, False), (None, None), ("yes", None)):
        path = tmp_path / f"{saved}.json"
        path.write_text(json.dumps({"version": 1, "reduce_motion": saved}), encoding="utf-8")
        assert SettingsStore(path).load().reduce_motion is loaded
    path = tmp_path / "missing.json"
    path.write_text(json.dumps({"version": 1, "theme": "classic"}), encoding="utf-8")
    assert SettingsStore(path).load().reduce_motion is None
    store = SettingsStore(tmp_path / "round.json")
    store.save(Settings(reduce_motion=None))
    assert store.load().reduce_motion is None


def test_reduce_motion_follows_the_desktop_until_the_player_chooses(qtbot, desktop) -> None:  # type: ignore[no-untyped-def]
    _animations(desktop, 0)
    window = make_window(qtbot, reduce_motion=None)
    assert not window.scene.reduce_motion  # the desktop is read after the first paint
    window.look.follow_desktop()
    assert window.scene.reduce_motion and window.reduce_motion_action.isChecked()
    # the desktop turns animations on while the game runs: followed
    _animations(desktop, 1.0)
    qtbot.waitUntil(lambda: not window.scene.reduce_motion, timeout=5000)
    assert not window.reduce_motion_action.isChecked()
    # the player chooses reduce motion in the menu: the desktop no longer decides
    window.reduce_motion_action.trigger()
    assert window.settings.reduce_motion is True and window.scene.reduce_motion
    _animations(desktop, 0.5)
    window.look.read_desktop()
    assert window.scene.reduce_motion
    # ... and "Follow the desktop" in Preferences gives it back
    window.session.change_settings(reduce_motion=None)
    assert not window.scene.reduce_motion


def test_a_desktop_without_animations_skips_the_celebration(qtbot, desktop) -> None:  # type: ignore[no-untyped-def]
    _animations(desktop, 0)
    window = make_window(qtbot, reduce_motion=None)
    window.look.follow_desktop()
    load(window, WON_IN_ONE)
    qtbot.mouseClick(
        window.view.viewport(), Qt.MouseButton.LeftButton, pos=card_point(window, Pile.column(0))
    )
    qtbot.waitUntil(window.results.isVisible, timeout=2000)
    assert window.scene.celebration is None


def test_preferences_offer_follow_on_and_off(qtbot) -> None:  # type: ignore[no-untyped-def]
    from freecell.ui.dialogs.preferences import PreferencesDialog

    dialog = PreferencesDialog(
        Settings(),
        variants=[("freecell", "FreeCell")],
        themes=[("classic", "Classic")],
        surfaces=[("green-felt", "Green felt")],
    )
    qtbot.addWidget(dialog)
    motion = dialog.combos["reduce_motion"]
    assert [motion.itemData(i) for i in range(motion.count())] == ["desktop", "on", "off"]
    assert motion.currentData() == "desktop"
    for choice, value in (("off", False), ("on", True), ("desktop", None)):
        with qtbot.waitSignal(dialog.settingsChanged) as blocker:
            motion.setCurrentIndex(motion.findData(choice))
        assert blocker.args[0].reduce_motion is value
    dialog.set_settings(Settings(reduce_motion=False))
    assert motion.currentData() == "off"


# -- the scheme on every part of the window ----------------------------------------------
def _dark(colour: QColor) -> bool:
    return colour.lightness() < 110


def _looks(window) -> dict[str, bool]:  # type: ignore[no-untyped-def]
    """Whether each part of the window is drawn dark (from its pixels or palette)."""
    toolbar = window.findChild(QToolBar, "gameToolbar").grab().toImage()
    status = window.statusBar().grab().toImage()
    window.menus["game"].ensurePolished()
    return {
        "toolbar": _dark(QColor(toolbar.pixel(toolbar.width() - 3, toolbar.height() // 2))),
        "status bar": _dark(QColor(status.pixel(status.width() // 2, 2))),
        "menu": _dark(window.menus["game"].palette().color(Window)),
        "menu bar": _dark(window.menuBar().palette().color(Window)),
        "dialogs": _dark(QApplication.palette().color(Window)),
    }


def test_a_dark_gtk_desktop_darkens_menus_dialogs_and_bars_and_a_change_is_followed(  # type: ignore[no-untyped-def]
    qtbot, desktop, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CURRENT_DESKTOP", "XFCE")  # GTK's own setting is read
    QApplication.setPalette(QPalette(QColor("#efefef")))  # a light palette given to Qt
    gtk = desktop / "gtk-3.0"
    gtk.mkdir()
    (gtk / "settings.ini").write_text("[Settings]\ngtk-theme-name=Adwaita-dark\n", encoding="utf-8")
    window = make_window(qtbot)
    assert window.colour_scheme == DARK
    assert all(_looks(window).values()), _looks(window)
    window.look.follow_desktop()
    (gtk / "settings.ini").write_text("[Settings]\ngtk-theme-name=Adwaita\n", encoding="utf-8")
    qtbot.waitUntil(lambda: window.colour_scheme == LIGHT, timeout=5000)
    assert not any(_looks(window).values()), _looks(window)
    # the desktop's own light palette is given back, not one of ours
    assert QApplication.palette().color(Window) == QColor("#efefef")


def test_a_dark_palette_from_the_desktop_is_followed_at_run_time(qtbot, desktop) -> None:  # type: ignore[no-untyped-def]
    QApplication.setPalette(QPalette(QColor("#efefef")))
    window = make_window(qtbot)
    assert window.colour_scheme == LIGHT
    dark = QPalette(QColor("#31363b"), QColor("#2a2e32"))
    QApplication.setPalette(dark)  # e.g. KDE switched to Breeze Dark
    qtbot.waitUntil(lambda: window.colour_scheme == DARK, timeout=3000)
    assert all(_looks(window).values()), _looks(window)
    assert QApplication.palette().color(Window) == dark.color(Window)  # the desktop's kept


def test_qt_s_scheme_signal_is_followed(qtbot, desktop, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    monkeypatch.setattr(colour_scheme, "palette_scheme", lambda _p: DARK)
    QGuiApplication.styleHints().colorSchemeChanged.emit(Qt.ColorScheme.Dark)
    assert window.colour_scheme == DARK


@pytest.mark.parametrize("language", ["de", "ja"])
def test_the_motion_choice_the_size_note_and_the_preview_are_translated(  # type: ignore[no-untyped-def]
    qtbot, language: str
) -> None:
    from freecell import i18n
    from freecell.ui.dialogs.preferences import PreferencesDialog
    from freecell.ui.table.layout import CardSize

    i18n.set_language(language)
    try:
        dialog = PreferencesDialog(
            Settings(),
            variants=[("freecell", "FreeCell")],
            themes=[("classic", "Classic")],
            surfaces=[("green-felt", "Green felt")],
            preview=lambda _theme: QImage(40, 20, QImage.Format.Format_ARGB32),
        )
        qtbot.addWidget(dialog)
        motion = dialog.combos["reduce_motion"]
        english = ("Follow the desktop", "On: cards jump, no celebration", "Off: cards slide")
        for i, text in enumerate(english):
            assert motion.itemText(i) and motion.itemText(i) != text
        assert "Card theme preview" not in dialog.preview.accessibleName()
        window = make_window(qtbot)
        window.view.painted = True  # a change the player made, not the start-up
        window._card_size_shown(CardSize.EXTRA_LARGE, CardSize.LARGE)
        note = window.hint_bar.text
        assert note and "do not fit" not in note
        assert i18n._(CardSize.LARGE.label).lower() in note.lower()
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("scheme", [LIGHT, DARK])
def test_the_winnability_verdict_reads_on_the_bar_in_both_schemes(qtbot, scheme: str) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QLabel

    from freecell.ui.panels.status import PRIORITY_WINNABILITY
    from test_ui_card_contrast import contrast

    window = make_window(qtbot)
    window.apply_colour_scheme(scheme)
    label = QLabel("\u2714 Winnable")
    window.status.add_info(label, PRIORITY_WINNABILITY)
    bar = window.statusBar().grab().toImage()
    background = QColor(bar.pixel(bar.width() // 2, 2))
    for verdict in ("winnable", "lost"):
        label.setProperty("verdict", verdict)
        label.style().unpolish(label)
        label.style().polish(label)
        assert contrast(label.palette().color(label.foregroundRole()), background) >= 4.5
