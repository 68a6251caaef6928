"""Under the pseudo-locale every string the catalogue knows is decorated
(``[Ƒŕéé ćéļļš ~~~]``); a visible or accessible text with plain ASCII words in it
did not go through the catalogue.

Covered so far: the main window (menu bar and every menu, tool bar, status bar,
hint bar with a refusal, the results panel), the Preferences, Statistics, Plugins,
Custom variant and crash dialogs, the rules page of every kind of variant, the
solution stepper and the run picker; the table (its accessible tree, the
announcements, the hints and the insight's labels) in ``test_i18n_pseudo_table``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QDialogButtonBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QTreeWidget,
    QWidget,
)

from freecell import i18n
from freecell.engine import (
    BUILTIN_VARIANTS,
    FREECELL,
    BuildRule,
    EmptyColumnRule,
    Move,
    MoveCards,
)
from freecell.storage import StatisticsStore
from freecell.ui.dialogs.preferences import PreferencesDialog, language_choices
from freecell.ui.dialogs.statistics import StatisticsDialog
from freecell.ui.panels.rules_page import RulesDialog
from freecell.ui.shell.help_windows import about_html
from freecell.ui.shell.main_window import MainWindow
from freecell.ui.shell.translations import install_translations
from freecell.ui.table.run_picker import RunPickerItem
from i18n_windows import (
    RULES_VARIANTS,
    full_window,
    open_crash_dialog,
    open_custom_variant,
    open_plugins,
    open_rules,
    start_stepper,
)
from ui_helpers import make_window

_DECORATED = re.compile(r"\[[^\[\]]*~+\]")


def escaped(text: str) -> str | None:
    """What of ``text`` did not come from the catalogue, or None."""
    rest = text
    while True:
        stripped = _DECORATED.sub("", rest)
        if stripped == rest:
            break
        rest = stripped
    return rest if re.search(r"[A-Za-z]{2,}", rest) else None


@pytest.fixture
def pseudo(qapp: QApplication) -> Iterator[None]:
    install_translations(qapp, "pseudo")
    yield
    i18n.set_language("en")


def action_texts(actions: Iterable[QAction]) -> Iterator[tuple[str, str]]:
    for action in actions:
        if action.isSeparator():
            continue
        where = f"action {action.text()!r}"
        yield where, action.text()
        yield where + " tooltip", action.toolTip()
        yield where + " status tip", action.statusTip()
        menu = action.menu()
        if isinstance(menu, QMenu):
            yield f"menu {menu.title()!r}", menu.title()
            yield from action_texts(menu.actions())


def widget_texts(root: QWidget, skip: Iterable[QWidget] = ()) -> Iterator[tuple[str, str]]:
    skipped = set(skip)
    qts_own = {  # a dialog's standard buttons: Qt's catalogue words them (qtbase_*.qm)
        button for box in root.findChildren(QDialogButtonBox) for button in box.buttons()
    }
    for widget in [root, *root.findChildren(QWidget)]:
        if widget in skipped or not widget.isVisibleTo(root.window()):
            continue
        name = f"{type(widget).__name__} {widget.objectName()!r}"
        yield name + " accessible name", widget.accessibleName()
        yield name + " accessible description", widget.accessibleDescription()
        yield name + " tooltip", widget.toolTip()
        if isinstance(widget, QLabel | QAbstractButton) and widget not in qts_own:
            yield name, widget.text()
        if isinstance(widget, QLineEdit):
            yield name + " placeholder", widget.placeholderText()
        if isinstance(widget, QGroupBox):
            yield name, widget.title()
        if isinstance(widget, QComboBox):
            for i in range(widget.count()):
                yield f"{name} item {i}", widget.itemText(i)


def untranslated(texts: Iterable[tuple[str, str]]) -> list[str]:
    found = []
    for where, text in texts:
        rest = escaped(text)
        if rest is not None:
            found.append(f"{where}: {text!r}")
    return found


def _window(qtbot: Any) -> MainWindow:
    window = make_window(qtbot)
    # a refusal in the hint bar: the engine's code in the player's words
    window.dispatch(MoveCards(Move.parse("12")))
    return window


def test_the_main_window_speaks_only_through_the_catalogue(pseudo: None, qtbot: Any) -> None:
    window = _window(qtbot)
    assert window.hint_bar.label.text().startswith("[")  # the refusal, decorated
    texts = [*action_texts(window.menuBar().actions()), *widget_texts(window)]
    texts.append(("window title", window.windowTitle()))
    texts.append(("window accessible name", window.accessibleName()))
    about = re.sub(r"<[^>]+>|[\d.]+(?:\.dev\w*)?|GPL-[\w.+-]+", " ", about_html())
    texts.append(("about box", about))
    window.results.show_result(263.0, 97, 52, 1, "FreeCell")
    texts += widget_texts(window.results)
    assert len([t for _where, t in texts if t]) > 80  # menus, tool bar, status bar, panels
    assert untranslated(texts) == []


def test_preferences_speaks_only_through_the_catalogue(pseudo: None, qtbot: Any) -> None:
    window = _window(qtbot)
    catalog = window.session.catalog
    dialog = PreferencesDialog(
        window.session.settings,
        variants=[(v.id, v.name) for v in catalog.variants],
        scoring_schemes=[("none", "None"), ("standard", "Standard")],
        themes=[(t.id, t.name) for t in catalog.themes],
        surfaces=[(s.id, s.name) for s in catalog.surfaces],
        languages=language_choices(),
    )
    qtbot.addWidget(dialog)
    with qtbot.waitExposed(dialog):
        dialog.show()
    languages = dialog.combos["language"]
    texts = [t for t in widget_texts(dialog, skip=[languages])]
    texts.append(("language combo, following the system", languages.itemText(0)))
    assert untranslated(texts) == []


def test_the_check_sees_a_string_that_escaped(pseudo: None) -> None:
    assert escaped(i18n.gettext("Nothing to undo")) is None
    assert escaped("Nothing to undo") == "Nothing to undo"
    nested = i18n.gettext("#{number} ({variant})").format(
        number=1, variant=i18n.gettext("FreeCell")
    )
    assert escaped(nested) is None
    assert escaped(f"{nested} and more") is not None


def test_statistics_speak_only_through_the_catalogue(pseudo: None, qtbot: Any) -> None:
    store = StatisticsStore()
    store.record("freecell", 617, True, 95, 201.0)
    store.record("freecell", 11982, False, 30, 60.0)
    variants = [(v.id, i18n.gettext(v.name)) for v in BUILTIN_VARIANTS]
    dialog = StatisticsDialog(store, variants=variants, current_variant="freecell")
    qtbot.addWidget(dialog)
    with qtbot.waitExposed(dialog):
        dialog.show()
    texts = list(widget_texts(dialog))
    table = dialog.deals.model()
    horizontal = Qt.Orientation.Horizontal
    texts += [(f"column {c}", table.headerData(c, horizontal)) for c in range(table.columnCount())]
    texts += [(f"cell {r},1", table.index(r, 1).data()) for r in range(table.rowCount())]
    assert table.rowCount() == 2
    assert untranslated(texts) == []


# -- the dialogs and panels opened from the Game and Help menus ---------------------------
def _item_texts(tree: QTreeWidget) -> Iterator[tuple[str, str]]:
    header = tree.headerItem()
    for column in range(tree.columnCount()):
        yield f"heading {column}", header.text(column)
    for row in range(tree.topLevelItemCount()):
        item = tree.topLevelItem(row)
        assert item is not None
        name = str(item.data(0, Qt.ItemDataRole.UserRole))
        for column in range(tree.columnCount()):  # a built-in's title too (its name is an id)
            yield f"{name} column {column}", item.text(column)
        spoken = str(item.data(0, Qt.ItemDataRole.AccessibleTextRole))
        yield f"{name} spoken", spoken.replace(name, "", 1)


def test_plugins_and_custom_variant_speak_only_through_the_catalogue(
    pseudo: None, qtbot: Any
) -> None:
    window = full_window(qtbot)
    game_menu = window.menus["game"].actions()
    texts = [*action_texts(a for a in game_menu if a.objectName().endswith("Action"))]
    plugins = open_plugins(qtbot, window)
    texts += widget_texts(plugins, skip=[plugins.details])
    texts += _item_texts(plugins.tree)
    texts.append(("plugins title", plugins.windowTitle()))
    for row in range(plugins.tree.topLevelItemCount()):
        plugins.tree.setCurrentItem(plugins.tree.topLevelItem(row))
        info = plugins.manager.plugin(plugins.current_name() or "")
        details = plugins.details.toPlainText()
        for own in (info.location, info.version, info.name):
            details = details.replace(own, "") if own else details
        for provided in info.provides:  # ids are names in code, not words
            details = details.replace(provided.id, "")
        texts.append((f"{info.name} details", details))
    assert plugins.tree.topLevelItemCount() >= 4
    plugins.close()

    custom = open_custom_variant(qtbot, window)
    texts += widget_texts(custom)
    texts.append(("custom title", custom.windowTitle()))
    for build in range(custom.build.count()):
        custom.build.setCurrentIndex(build)
        texts.append((f"preview, build {build}", custom.preview.text()))
    custom.set_parameters(3, 8, BuildRule.ALTERNATE_COLOUR, EmptyColumnRule.ANY_CARD)
    texts.append(("preview of a named variant's rules", custom.preview.text()))
    custom.take_backs.setChecked(True)
    texts.append(("preview with take-backs", custom.preview.text()))
    custom.close()
    window.insight.close()  # type: ignore[attr-defined]
    assert untranslated(texts) == []


def test_the_crash_dialog_speaks_only_through_the_catalogue(
    pseudo: None, qtbot: Any, tmp_path: Path
) -> None:
    window = make_window(qtbot)
    log = tmp_path / "freecell.log"
    for path in (log, None):
        dialog = open_crash_dialog(qtbot, window, path)
        # the exception's own words and the log's path are quoted as they are
        message = dialog.text().replace("ValueError: 3", "").replace(str(log), "")
        texts = [("title", dialog.windowTitle()), ("message", message)]
        qts_own = QCoreApplication.translate("QMessageBox", "Show Details...")
        buttons = [b.text() for b in dialog.buttons() if b.text() != qts_own]
        texts += [(f"button {text!r}", text) for text in buttons]
        assert "~" in message
        assert untranslated(texts) == []
        dialog.close()


def test_the_rules_pages_speak_only_through_the_catalogue(pseudo: None, qtbot: Any) -> None:
    window = make_window(qtbot)
    texts: list[tuple[str, str]] = []
    for variant in (*BUILTIN_VARIANTS, *RULES_VARIANTS):
        dialog = open_rules(qtbot, window, variant)
        texts.append((f"{variant.id} title", dialog.windowTitle()))
        texts.append((f"{variant.id} name", dialog.browser.accessibleName()))
        for number, line in enumerate(dialog.browser.toPlainText().splitlines()):
            texts.append((f"{variant.id} line {number}", line))
        dialog.close()
    plugin_words = "Only a King fills an empty column."
    page = RulesDialog(window, FREECELL, plugin_words).browser.toPlainText()
    texts.append(("a plugin's rules around its own words", page.replace(plugin_words, "")))
    assert len(texts) > 300
    assert untranslated(texts) == []


def test_the_solution_stepper_and_run_picker_speak_only_through_the_catalogue(
    pseudo: None, qtbot: Any
) -> None:
    window = full_window(qtbot)
    stepper = start_stepper(window, "3a 4b")
    texts = list(widget_texts(stepper))
    texts.append(("step label", stepper.label.text()))
    stepper.play()
    texts.append(("pause button", stepper.play_button.text()))
    stepper.pause()
    assert stepper.next()
    stepper.take_over()
    texts.append(("after take over", window.hint_bar.label.text()))
    stepper = start_stepper(window, "5c")
    assert stepper.next()
    texts.append(("all made", stepper.label.text()))
    stepper.stop()
    stepper = start_stepper(window, "1h")  # a refused step: the solution no longer fits
    stepper.next()
    texts.append(("does not fit", window.hint_bar.label.text()))
    picker = RunPickerItem()
    for count in (1, 3, 12):
        picker.set_count(count)
        texts.append((f"picker, {count}", picker.label()))
    window.insight.close()  # type: ignore[attr-defined]
    assert untranslated(texts) == []
