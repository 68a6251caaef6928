"""The Plugins dialog and the Custom variant dialog (pytest-qt, offscreen)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QTreeWidgetItem
from pytestqt.qtbot import QtBot

from freecell.engine import BAKERS_GAME, EIGHT_OFF, BuildRule, EmptyColumnRule
from freecell.plugin_host import create_manager, settings_store
from freecell.plugin_host.custom import custom_variant_id
from freecell.storage import SettingsStore
from freecell.ui.dialogs.custom_variant import CustomVariantDialog
from freecell.ui.dialogs.plugins import NAME_ROLE, PluginsDialog
from plugin_helpers import FakeSite, write_plugin

SIX = """
    '''Adds the Six-cell variant.'''
    from freecell import hookimpl
    from freecell.engine import Variant

    @hookimpl
    def freecell_variants():
        return [Variant(id="six-cells", name="Six cells", cells=6)]
"""


def rows(dialog: PluginsDialog) -> dict[str, QTreeWidgetItem]:
    found: dict[str, QTreeWidgetItem] = {}
    for i in range(dialog.tree.topLevelItemCount()):
        item = dialog.tree.topLevelItem(i)
        assert item is not None
        found[str(item.data(0, NAME_ROLE))] = item
    return found


def open_dialog(qtbot: QtBot, **kwargs: object) -> PluginsDialog:
    manager = create_manager(store=settings_store(), **kwargs)  # type: ignore[arg-type]
    dialog = PluginsDialog(manager)
    qtbot.addWidget(dialog)
    with qtbot.waitExposed(dialog):
        dialog.show()
    return dialog


def test_lists_every_plugin_with_version_source_provides_and_status(
    qtbot: QtBot, site: FakeSite, user_dir: Path
) -> None:
    site.install("freecell-six", "freecell_six", SIX, entry_name="six", version="3.1")
    write_plugin(user_dir, "homemade", SIX.replace("six-cells", "home-cells"))
    dialog = open_dialog(qtbot, user_plugin_dir=user_dir)
    found = rows(dialog)
    assert list(found) == ["scoring", "solvers", "themes", "variants", "six", "homemade"]
    variants = found["variants"]
    assert variants.text(0) == "Variants"  # a built-in's title; its name is what --enable takes
    assert found["six"].text(0) == "six"  # any other plugin's own name
    assert variants.text(1).startswith("8 variants")
    assert variants.text(3) == "built-in"
    assert variants.text(4) == "On"
    assert variants.checkState(0) == Qt.CheckState.Checked
    six = found["six"]
    assert (six.text(2), six.text(3), six.text(4)) == ("3.1", "installed package", "Off")
    assert six.text(1) == "variant (when on)"
    assert six.checkState(0) == Qt.CheckState.Unchecked
    assert found["homemade"].text(3) == "your plugin folder"
    assert dialog.notice_label.isHidden()
    assert dialog.tree.hasFocus()


def test_space_switches_a_plugin_on_and_the_choice_persists(qtbot: QtBot, site: FakeSite) -> None:
    site.install("freecell-six", "freecell_six", SIX, entry_name="six")
    dialog = open_dialog(qtbot)
    dialog.select("six")
    assert dialog.toggle_button.text() == "&Enable"
    assert "Switch it on to load it" in dialog.details.toPlainText()
    with qtbot.waitSignal(dialog.changed, timeout=2000):
        qtbot.keyClick(dialog.tree, Qt.Key.Key_Space)
    assert rows(dialog)["six"].checkState(0) == Qt.CheckState.Checked
    assert rows(dialog)["six"].text(4) == "On"
    assert dialog.current_name() == "six"
    assert dialog.toggle_button.text() == "&Disable"
    assert "six-cells" in dialog.details.toPlainText()
    assert dialog.manager.variant("six-cells").cells == 6
    assert SettingsStore().load().enabled_plugins == {"six": True}
    # a fresh manager (the next start) remembers it
    assert create_manager().variant("six-cells").name == "Six cells"


def test_the_button_and_the_checkbox_switch_a_builtin_off(qtbot: QtBot) -> None:
    dialog = open_dialog(qtbot)
    dialog.select("themes")
    with qtbot.waitSignal(dialog.changed, timeout=2000):
        qtbot.mouseClick(dialog.toggle_button, Qt.MouseButton.LeftButton)
    assert rows(dialog)["themes"].text(4) == "Off"
    assert SettingsStore().load().enabled_plugins == {"themes": False}
    theme = dialog.manager.choose_card_theme("four-colour")
    assert theme.value.id == "classic" and theme.fell_back  # graceful fallback
    with qtbot.waitSignal(dialog.changed, timeout=2000):
        rows(dialog)["themes"].setCheckState(0, Qt.CheckState.Checked)
    assert SettingsStore().load().enabled_plugins == {"themes": True}
    assert not dialog.manager.choose_card_theme("four-colour").fell_back


def test_keyboard_moves_between_plugins(qtbot: QtBot) -> None:
    dialog = open_dialog(qtbot)
    assert dialog.current_name() == "scoring"
    qtbot.keyClick(dialog.tree, Qt.Key.Key_Down)
    assert dialog.current_name() == "solvers"
    qtbot.keyClick(dialog.tree, Qt.Key.Key_End)
    assert dialog.current_name() == "variants"
    assert dialog.tree.accessibleName() == "Plugins"
    item = rows(dialog)["variants"]
    assert "Variants, on" in str(item.data(0, Qt.ItemDataRole.AccessibleTextRole))


def test_a_broken_plugin_is_shown_with_the_reason(qtbot: QtBot, user_dir: Path) -> None:
    write_plugin(user_dir, "broken", "raise RuntimeError('cannot start')\n")
    SettingsStore().save(SettingsStore().load().with_plugin("broken", True))
    dialog = open_dialog(qtbot, user_plugin_dir=user_dir)
    broken = rows(dialog)["broken"]
    assert broken.text(4) == "Failed — off for this session"
    assert "cannot start" in broken.toolTip(4)
    assert not dialog.notice_label.isHidden()
    assert "broken is off for this session" in dialog.notice_label.text()
    assert "cannot start" in dialog.notice_label.text()
    dialog.select("broken")
    assert "Problem: It could not be loaded" in dialog.details.toPlainText()


# -- Custom variant dialog -----------------------------------------------------------
def test_custom_variant_dialog_builds_the_variant(qtbot: QtBot) -> None:
    dialog = CustomVariantDialog(initial=EIGHT_OFF, known=[BAKERS_GAME, EIGHT_OFF])
    qtbot.addWidget(dialog)
    with qtbot.waitExposed(dialog):
        dialog.show()
    assert (dialog.cells.value(), dialog.columns.value()) == (8, 8)
    assert dialog.cells.hasFocus()
    dialog.cells.setValue(2)
    dialog.columns.setValue(10)
    dialog.empty.setCurrentIndex(dialog.empty.findData(EmptyColumnRule.NOTHING))
    dialog.build.setCurrentIndex(dialog.build.findData(BuildRule.ANY_SUIT))
    variant = dialog.variant()
    assert variant.id == custom_variant_id(2, 10, BuildRule.ANY_SUIT, EmptyColumnRule.NOTHING)
    assert (variant.cells, variant.columns, variant.cards_in_cells) == (2, 10, 0)
    assert "2 free cells, 10 columns" in dialog.preview.text()
    # the manager resolves the id the dialog made (it survives a restart)
    assert create_manager({}).variant(variant.id) == variant


def test_custom_variant_dialog_names_a_twin_and_accepts_with_enter(qtbot: QtBot) -> None:
    dialog = CustomVariantDialog(known=[BAKERS_GAME])
    qtbot.addWidget(dialog)
    with qtbot.waitExposed(dialog):
        dialog.show()
    assert dialog.variant().id == "custom-4cells-8columns-alternate-any"
    dialog.build.setCurrentIndex(dialog.build.findData(BuildRule.SAME_SUIT))
    assert "rules of Baker's Game" in dialog.preview.text()
    with qtbot.waitSignal(dialog.finished, timeout=2000):
        qtbot.keyClick(dialog.cells, Qt.Key.Key_Return)
    assert dialog.result() == QDialog.DialogCode.Accepted
