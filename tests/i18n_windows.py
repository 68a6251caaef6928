"""Every dialog and panel of the window opened the way the player opens it, in the
language installed at the time: for the pseudo-locale test (text that escaped the
catalogue) and the shortcut test (two items of one window sharing an ``&`` letter).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from PySide6.QtCore import QTranslator
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QWidget

from freecell import i18n
from freecell.engine import EIGHT_OFF, FREECELL, Move, Variant, with_take_backs
from freecell.plugin_host import create_manager, settings_store
from freecell.plugin_host.custom import custom_variant
from freecell.solver.api import Unknown
from freecell.storage import Storage
from freecell.ui.dialogs.custom_variant import CustomVariantDialog
from freecell.ui.dialogs.plugins import PluginsDialog, install_plugins
from freecell.ui.dialogs.preferences import PreferencesDialog, install_preferences
from freecell.ui.dialogs.statistics import StatisticsDialog, install_statistics
from freecell.ui.features.daily import install_daily
from freecell.ui.features.insight import install_insight
from freecell.ui.features.review import install_review
from freecell.ui.panels.rules_page import RulesDialog
from freecell.ui.panels.solution_stepper import SolutionStepper
from freecell.ui.shell.crash_dialog import CrashDialog
from freecell.ui.shell.main_window import MainWindow
from freecell.ui.shell.translations import install_translations
from ui_helpers import FakeService, make_window

PREFERENCES = QAction.MenuRole.PreferencesRole


class Language:
    """Install a language for the window and Qt; ``remove`` goes back to English
    (Qt's translator and the application font too, so the next language's test
    starts clean)."""

    def __init__(self, app: QApplication, code: str) -> None:
        self.app = app
        self.font = app.font()  # a CJK language puts its font in front
        self.translator: QTranslator | None = install_translations(app, code)

    def remove(self) -> None:
        if self.translator is not None:
            self.app.removeTranslator(self.translator)
        self.app.setFont(self.font)
        i18n.set_language("en")


def installed(app: QApplication, code: str) -> Iterator[None]:
    language = Language(app, code)
    try:
        yield
    finally:
        language.remove()


def shown(qtbot: Any, dialog: QWidget) -> QWidget:
    qtbot.addWidget(dialog)
    with qtbot.waitExposed(dialog):
        dialog.show()
    return dialog


def full_window(qtbot: Any) -> MainWindow:
    """The window with everything the game adds after the first frame (the insight,
    Preferences, the deal of the day, Review, Statistics with the history, Plugins
    and Custom variant), as ``freecell.ui.shell.app.install_features`` adds them; a
    solver that knows nothing."""
    window = make_window(qtbot, storage=Storage())
    insight = install_insight(window, FakeService(Unknown()))
    assert insight is not None
    install_preferences(window)
    install_daily(window)
    install_statistics(window, install_review(window))
    install_plugins(window, create_manager(store=settings_store()))
    return window


def open_preferences(qtbot: Any, window: MainWindow) -> PreferencesDialog:
    action = next(a for a in window.menus["game"].actions() if a.menuRole() == PREFERENCES)
    action.trigger()
    dialog = window.preferences_dialog  # type: ignore[attr-defined]
    assert isinstance(dialog, PreferencesDialog)
    qtbot.waitExposed(dialog)
    return dialog


def open_plugins(qtbot: Any, window: MainWindow) -> PluginsDialog:
    action = next(a for a in window.menus["game"].actions() if a.objectName() == "pluginsAction")
    action.trigger()
    dialog = window.plugins_dialog  # type: ignore[attr-defined]
    assert isinstance(dialog, PluginsDialog)
    qtbot.waitExposed(dialog)
    return dialog


def open_statistics(qtbot: Any, window: MainWindow, page: int) -> StatisticsDialog:
    """The Statistics window on its ``page`` (0 figures, 1 games, 2 charts)."""
    action = next(a for a in window.menus["game"].actions() if a.shortcut().toString() == "Ctrl+I")
    action.trigger()
    dialog = window.statistics_dialog  # type: ignore[attr-defined]
    assert isinstance(dialog, StatisticsDialog)
    qtbot.waitExposed(dialog)
    dialog.tabs.setCurrentIndex(page)
    return dialog


def open_custom_variant(qtbot: Any, window: MainWindow) -> CustomVariantDialog:
    action = next(
        a for a in window.menus["game"].actions() if a.objectName() == "customVariantAction"
    )
    action.trigger()
    dialog = window.custom_variant_dialog  # type: ignore[attr-defined]
    assert isinstance(dialog, CustomVariantDialog)
    qtbot.waitExposed(dialog)
    return dialog


def open_crash_dialog(qtbot: Any, window: MainWindow, log: Path | None) -> CrashDialog:
    dialog = CrashDialog("ValueError: 3", "Traceback (most recent call last): ...", log, window)
    shown(qtbot, dialog)
    dialog.count_another()
    return dialog


# a variant of each kind the rules page words differently: the built-ins, a custom
# one with no cells and only Kings in empty columns, one without supermoves
RULES_VARIANTS: tuple[Variant, ...] = (
    FREECELL,
    EIGHT_OFF,
    with_take_backs(FREECELL),
    custom_variant(0, 10, empty_column=EIGHT_OFF.empty_column),
)


def open_rules(qtbot: Any, window: MainWindow, variant: Variant) -> RulesDialog:
    window.play_variant(variant)
    window.show_rules()
    dialog = window.rules_dialog
    assert isinstance(dialog, RulesDialog)
    qtbot.waitExposed(dialog)
    return dialog


def start_stepper(window: MainWindow, moves: str = "3a 4b") -> SolutionStepper:
    """The window's solution stepper under the table, at its first step."""
    insight = window.insight  # type: ignore[attr-defined]
    stepper: SolutionStepper = insight.stepper
    stepper.start(tuple(Move.parse(m) for m in moves.split()))
    return stepper
