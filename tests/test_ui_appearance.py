"""Preferences > Appearance (System / Light / Dark) and the Sound switch: chosen in
the dialog, saved, and shown at once exactly as a fresh start with the same setting
shows them (bars, palette, hint bar, the table's cloth)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QRadioButton

from freecell.storage import Storage
from freecell.ui.dialogs.preferences import PreferencesDialog, install_preferences
from freecell.ui.shell.colour_scheme import DARK, LIGHT
from freecell.ui.shell.main_window import MainWindow
from ui_helpers import make_window


@pytest.fixture
def restore_palette() -> Iterator[None]:
    """The application's palette outlives the windows: put the desktop's back."""
    given = QPalette(QGuiApplication.palette())
    yield
    QApplication.setPalette(given)


def _gone(window: MainWindow) -> None:
    """Close a window and stop it following palette changes (a second window would
    take the first one's palette for the desktop's)."""
    window.removeEventFilter(window.look)
    window.close()


def _look(window: MainWindow) -> tuple[Any, ...]:
    view = window.view.viewport().grab().toImage()
    return (
        window.colour_scheme,
        window.styleSheet(),
        window.hint_bar.styleSheet(),
        window.scene.dark,
        QGuiApplication.palette().color(QPalette.ColorRole.Window).name(),
        QGuiApplication.palette().color(QPalette.ColorRole.Base).name(),
        view,
    )


def _open(window: MainWindow) -> PreferencesDialog:
    install_preferences(window).trigger()
    dialog: PreferencesDialog = window.preferences_dialog  # type: ignore[attr-defined]
    return dialog


@pytest.mark.parametrize("scheme", [DARK, LIGHT])
def test_a_chosen_appearance_equals_a_fresh_start_with_it(qtbot, restore_palette, scheme) -> None:  # type: ignore[no-untyped-def]
    other = LIGHT if scheme == DARK else DARK
    window = make_window(qtbot, appearance=other)
    assert window.colour_scheme == other
    dialog = _open(window)
    qtbot.waitExposed(dialog)
    radios = {b.objectName(): b for b in dialog.findChildren(QRadioButton)}
    assert set(radios) == {"appearance-system", "appearance-light", "appearance-dark"}
    assert radios[f"appearance-{other}"].isChecked()
    radios[f"appearance-{scheme}"].click()
    assert window.settings.appearance == scheme
    dialog.close()
    window.scene.finish_animations()
    changed = _look(window)
    _gone(window)

    fresh = make_window(qtbot, appearance=scheme)
    fresh.scene.finish_animations()
    assert changed == _look(fresh)
    _gone(fresh)


def test_system_follows_the_desktop_again(qtbot, restore_palette, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("FREECELL_COLOUR_SCHEME", "dark")  # the desktop is dark
    window = make_window(qtbot, appearance="light")
    assert window.colour_scheme == LIGHT  # the player's choice first
    window.session.change_settings(appearance="system")
    assert window.colour_scheme == DARK and window.scene.dark
    _gone(window)


def test_the_sound_switch_and_appearance_are_saved(qtbot, restore_palette) -> None:  # type: ignore[no-untyped-def]
    storage = Storage()
    window = make_window(qtbot, storage=storage)
    assert window.settings.sound is False and window.sounds is None  # off, as in kpat
    dialog = _open(window)
    qtbot.waitExposed(dialog)
    check = dialog.checks["sound"]
    assert check.objectName() == "sound" and not check.isChecked()
    check.setChecked(True)
    assert window.settings.sound and window.sounds is not None
    dialog.appearance.buttons["dark"].click()
    on_disk = Storage().settings.load()
    assert (on_disk.sound, on_disk.appearance) == (True, "dark")
    check.setChecked(False)
    assert window.sounds is None and Storage().settings.load().sound is False
    _gone(window)
