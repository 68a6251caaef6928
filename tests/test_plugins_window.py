"""The plugins wired into the real main window: Game > Plugins… and Custom variant…,
and the window falling back gracefully when a plugin it uses is switched off."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from freecell.core import Session
from freecell.engine import EIGHT_OFF, BuildRule, EmptyColumnRule, MoveCards, legal_moves
from freecell.plugin_host import create_manager, settings_store
from freecell.storage import Settings, SettingsStore
from freecell.themes import FOUR_COLOUR, WALNUT
from freecell.ui.dialogs.custom_variant import CustomVariantDialog
from freecell.ui.dialogs.plugins import PluginsDialog, install_plugins
from freecell.ui.shell.main_window import MainWindow
from plugin_helpers import write_plugin


def make_window(qtbot: QtBot, **settings: object) -> MainWindow:
    options: dict[str, object] = {"reduce_motion": True, "card_size": "medium"}
    options.update(settings)
    window = MainWindow(Session(Settings(**options), deal_number=617))  # type: ignore[arg-type]
    qtbot.addWidget(window)
    with qtbot.waitExposed(window):
        window.show()
    return window


def test_game_menu_gets_plugins_and_custom_variant(qtbot: QtBot) -> None:
    window = make_window(qtbot)
    plugins_action, custom_action = install_plugins(window, create_manager(store=settings_store()))
    actions = window.menus["game"].actions()
    assert plugins_action in actions and custom_action in actions
    assert custom_action.isEnabled()
    plugins_action.trigger()
    dialog = window.plugins_dialog  # type: ignore[attr-defined]
    assert isinstance(dialog, PluginsDialog)
    qtbot.waitExposed(dialog)
    assert dialog.current_name() == "scoring"
    dialog.close()


def test_switching_off_the_theme_plugin_falls_back_to_classic(qtbot: QtBot) -> None:
    window = make_window(qtbot)
    manager = create_manager(store=settings_store())
    install_plugins(window, manager)
    window.set_theme(FOUR_COLOUR)
    window.set_surface(WALNUT)
    manager.set_enabled("themes", False)
    assert window.renderer.theme.id == "classic"
    assert window.scene.surface.id == "green-felt"
    assert window.settings.theme == "classic"
    assert [t.id for t in window.catalog.themes] == ["classic"]
    text = window.hint_bar.text
    assert "card theme four-colour is not available" in text
    assert "table surface walnut is not available" in text
    assert SettingsStore().load().enabled_plugins == {"themes": False}


def test_switching_off_the_variants_plugin_falls_back_to_freecell(qtbot: QtBot) -> None:
    window = make_window(qtbot)
    manager = create_manager({})
    _, custom_action = install_plugins(window, manager)
    window.play_variant(EIGHT_OFF)
    game = window.bus.game
    window.dispatch(MoveCards(legal_moves(game.position, game.variant)[0]))
    manager.set_enabled("variants", False)
    assert window.bus.game.variant.id == "freecell"
    assert window.bus.game.move_count == 0
    assert "variant eight-off is not available" in window.hint_bar.text
    assert not custom_action.isEnabled()  # the Custom family went with the plugin


def test_custom_variant_from_the_game_menu(qtbot: QtBot) -> None:
    window = make_window(qtbot)
    _, custom_action = install_plugins(window, create_manager({}))
    custom_action.trigger()
    dialog = window.custom_variant_dialog  # type: ignore[attr-defined]
    assert isinstance(dialog, CustomVariantDialog)
    qtbot.waitExposed(dialog)
    dialog.set_parameters(2, 9, BuildRule.SAME_SUIT, EmptyColumnRule.KINGS_ONLY)
    with qtbot.waitSignal(dialog.finished, timeout=2000):
        dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted
    variant = window.bus.game.variant
    assert variant.id == "custom-2cells-9columns-suit-kings"
    assert len(window.bus.game.position.columns) == 9
    assert window.settings.variant == variant.id


def test_a_broken_plugin_is_reported_in_the_window(qtbot: QtBot, user_dir: Path) -> None:
    write_plugin(user_dir, "broken", "raise RuntimeError('cannot start')\n")
    window = make_window(qtbot)
    install_plugins(window, create_manager({"broken": True}, user_plugin_dir=user_dir))
    text = window.hint_bar.text
    assert "broken is off for this session" in text
    assert "cannot start" in text
    assert window.bus.game.variant.id == "freecell"  # the game goes on
