"""The Preferences and Statistics dialogs, driven the way a player drives them."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QMessageBox

from freecell.engine import AutoPlay
from freecell.storage import Settings, StatisticsStore
from freecell.ui.dialogs.preferences import PreferencesDialog
from freecell.ui.dialogs.statistics import ONLY_WINS_NOTE, StatisticsDialog, format_seconds

VARIANTS = [
    ("freecell", "FreeCell"),
    ("two-cell", "FreeCell, two cells"),
    ("bakers-game", "Baker's Game"),
]
THEMES = [("classic", "Classic"), ("four-colour", "Four colour")]
SURFACES = [("green-felt", "Green felt"), ("blue-baize", "Blue baize")]
SCORING = [("none", "No scoring"), ("standard", "Standard")]
# The dialog opens on these: Medium (not the default, Fit, the last in the list),
# so the card size can be moved both ways.
START = Settings(card_size="medium")


def _prefs(qtbot: Any, settings: Settings | None = None) -> PreferencesDialog:
    dialog = PreferencesDialog(
        settings or START,
        variants=VARIANTS,
        scoring_schemes=SCORING,
        themes=THEMES,
        surfaces=SURFACES,
    )
    qtbot.addWidget(dialog)
    with qtbot.waitExposed(dialog):
        dialog.show()
    return dialog


def test_toggling_a_setting_emits_the_new_settings_at_once(qtbot: Any) -> None:
    dialog = _prefs(qtbot)
    with qtbot.waitSignal(dialog.settingsChanged) as blocker:
        qtbot.mouseClick(dialog.checks["large_print"], Qt.MouseButton.LeftButton)
    assert blocker.args == [dataclasses.replace(START, large_print=True)]

    with qtbot.waitSignal(dialog.settingsChanged) as blocker:
        dialog.checks["live_winnability"].setChecked(False)
    assert blocker.args[0].live_winnability is False
    assert blocker.args[0].large_print is True  # earlier changes are kept


@pytest.mark.parametrize(
    ("field", "index", "expected"),
    [
        ("variant", 2, "bakers-game"),
        ("scoring", 1, "standard"),
        ("theme", 1, "four-colour"),
        ("surface", 1, "blue-baize"),
        ("card_size", 4, "fit"),
    ],
)
def test_each_choice_emits_its_id(qtbot: Any, field: str, index: int, expected: str) -> None:
    dialog = _prefs(qtbot)
    with qtbot.waitSignal(dialog.settingsChanged) as blocker:
        dialog.combos[field].setCurrentIndex(index)
    assert getattr(blocker.args[0], field) == expected
    assert getattr(dialog.settings, field) == expected


def test_preferences_work_from_the_keyboard_alone(qtbot: Any) -> None:
    dialog = _prefs(qtbot)
    combo = dialog.combos["card_size"]
    combo.setFocus()
    qtbot.waitUntil(combo.hasFocus)
    with qtbot.waitSignal(dialog.settingsChanged) as blocker:
        qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert blocker.args[0].card_size == "large"
    motion = dialog.combos["reduce_motion"]  # Follow the desktop, On, Off
    motion.setFocus()
    qtbot.waitUntil(motion.hasFocus)
    with qtbot.waitSignal(dialog.settingsChanged) as blocker:
        qtbot.keyClick(motion, Qt.Key.Key_Down)
    assert blocker.args[0].reduce_motion is True


def test_every_control_has_an_accessible_name_and_a_mnemonic(qtbot: Any) -> None:
    dialog = _prefs(qtbot)
    for combo in dialog.combos.values():
        assert combo.accessibleName()
        assert combo.accessibleDescription()
    for check in dialog.checks.values():
        assert check.accessibleName()
        assert "&" in check.text()
    buddied = {label.buddy() for label in dialog.findChildren(QLabel) if label.buddy()}
    assert set(dialog.combos.values()) <= buddied


def test_showing_settings_does_not_emit_and_keeps_unavailable_choices(qtbot: Any) -> None:
    chosen = Settings(theme="from-a-switched-off-plugin", card_size="small")
    dialog = _prefs(qtbot, chosen)
    emitted: list[Settings] = []
    dialog.settingsChanged.connect(emitted.append)
    dialog.set_settings(dataclasses.replace(chosen, large_print=True))
    assert emitted == []
    assert dialog.combos["theme"].currentData() == "from-a-switched-off-plugin"
    assert "not available" in dialog.combos["theme"].currentText()
    assert dialog.checks["large_print"].isChecked()
    assert dialog.settings.theme == "from-a-switched-off-plugin"


# -- statistics --------------------------------------------------------------------------


def _stats_dialog(
    qtbot: Any, store: StatisticsStore, current: str = "freecell"
) -> StatisticsDialog:
    dialog = StatisticsDialog(store, variants=VARIANTS, current_variant=current)
    qtbot.addWidget(dialog)
    with qtbot.waitExposed(dialog):
        dialog.show()
    return dialog


def _played_store() -> StatisticsStore:
    store = StatisticsStore()
    store.record("freecell", 617, True, 95, 201.0)
    store.record("freecell", 617, True, 88, 250.0)
    store.record("freecell", 11982, False, 30, 60.0)
    store.record("freecell", 1, True, 120, 3725.0, score=420)
    store.record("two-cell", 5, False, 10, 10.0)
    return store


def test_statistics_show_the_figures_for_the_chosen_variant(qtbot: Any) -> None:
    dialog = _stats_dialog(qtbot, _played_store())
    shown = {label: widget.text() for label, widget in dialog.values.items()}
    assert shown["Played"] == "4"
    assert shown["Won"] == "3"
    assert shown["Lost"] == "1"
    assert shown["Win rate"] == "75%"
    assert shown["Current streak"] == "1 win"
    assert shown["Longest winning streak"] == "2"
    assert shown["Fastest win"] == "3:21"
    assert shown["Fewest moves"] == "88"
    assert shown["Best score"] == "420"
    assert shown["Deals beaten"] == "2"
    assert dialog.values["Played"].accessibleName() == "Played: 4"
    assert dialog.note.text() == ONLY_WINS_NOTE
    deals = dialog.deals.model()
    rows = [
        [deals.index(r, c).data() for c in range(deals.columnCount())]
        for r in range(deals.rowCount())
    ]
    assert rows == [
        ["#1", "Won", "1", "120", "1:02:05"],
        ["#617", "Won", "2", "88", "3:21"],
        ["#11982", "Not won yet", "1", "none yet", "none yet"],
    ]

    dialog.variant_box.setCurrentIndex(dialog.variant_box.findData("two-cell"))
    assert dialog.values["Played"].text() == "1"
    assert dialog.values["Current streak"].text() == "1 loss"
    assert dialog.values["Fastest win"].text() == "none yet"
    assert dialog.deals.model().rowCount() == 1


def test_reset_asks_first_and_wipes_only_that_variant(qtbot: Any, monkeypatch: Any) -> None:
    store = _played_store()
    dialog = _stats_dialog(qtbot, store)
    asked: list[str] = []

    def answer(button: QMessageBox.StandardButton) -> Any:
        def question(_parent: Any, _title: str, text: str, *_a: Any) -> QMessageBox.StandardButton:
            asked.append(text)
            return button

        return question

    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.No))
    assert dialog.confirm_reset() is False
    assert store.load().for_variant("freecell").played == 4

    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.Yes))
    with qtbot.waitSignal(dialog.statisticsReset) as blocker:
        qtbot.mouseClick(dialog.reset_button, Qt.MouseButton.LeftButton)
    assert blocker.args == ["freecell"]
    assert "FreeCell" in asked[-1]
    on_disk = StatisticsStore().load()
    assert on_disk.for_variant("freecell").played == 0
    assert on_disk.for_variant("two-cell").played == 1
    assert dialog.values["Played"].text() == "0"
    assert dialog.deals.model().rowCount() == 0
    assert not dialog.reset_button.isEnabled()


def test_a_variant_no_longer_offered_still_shows_its_figures(qtbot: Any) -> None:
    store = StatisticsStore()
    store.record("plugin-variant", 3, True, 50, 40.0)
    dialog = _stats_dialog(qtbot, store, current="plugin-variant")
    assert dialog.variant_id == "plugin-variant"
    assert dialog.values["Won"].text() == "1"


def test_format_seconds() -> None:
    assert format_seconds(None) == "none yet"
    assert format_seconds(0) == "0:00"
    assert format_seconds(75.4) == "1:15"
    assert format_seconds(3600) == "1:00:00"


# -- wired into the real main window ---------------------------------------------------------


def _window(qtbot: Any, storage: Any) -> Any:
    from freecell.core import Session
    from freecell.ui.shell.main_window import MainWindow

    settings = dataclasses.replace(storage.settings.load(), reduce_motion=False, card_size="medium")
    window = MainWindow(Session(settings, storage=storage, deal_number=617))
    qtbot.addWidget(window)
    with qtbot.waitExposed(window):
        window.show()
    return window


def test_preferences_from_the_game_menu_apply_to_the_window_and_are_saved(qtbot: Any) -> None:
    from freecell.core import SettingsChanged
    from freecell.storage import Storage
    from freecell.ui.dialogs.preferences import install_preferences

    storage = Storage()
    window = _window(qtbot, storage)
    seen: list[Settings] = []
    window.session.subscribe(
        lambda event: seen.append(event.new) if isinstance(event, SettingsChanged) else None
    )
    action = install_preferences(window)
    assert action in window.menus["game"].actions()
    action.trigger()
    dialog: PreferencesDialog = window.preferences_dialog
    qtbot.waitExposed(dialog)
    assert dialog.settings.card_size == "medium"

    dialog.combos["card_size"].setCurrentIndex(dialog.combos["card_size"].findData("large"))
    assert window.settings.card_size == "large"
    motion = dialog.combos["reduce_motion"]
    motion.setCurrentIndex(motion.findData("on"))
    assert window.reduce_motion_action.isChecked() and window.scene.reduce_motion
    auto_play = dialog.combos["auto_play"]
    auto_play.setCurrentIndex(auto_play.findData("all"))
    assert window.auto_play_actions["all"].isChecked()
    assert window.bus.game.auto_play is AutoPlay.ALL
    dialog.combos["scoring"].setCurrentIndex(1)
    dialog.combos["variant"].setCurrentIndex(dialog.combos["variant"].findData("bakers-game"))
    assert window.bus.game.variant.id == "bakers-game"

    on_disk = Storage().settings.load()
    assert on_disk.card_size == "large"
    assert on_disk.reduce_motion and on_disk.auto_play == "all"
    assert on_disk.scoring == "standard"
    assert on_disk.variant == "bakers-game"
    assert seen[-1] == dialog.settings
    dialog.close()


def test_statistics_from_the_game_menu_open_on_the_variant_played(qtbot: Any) -> None:
    from freecell.engine import NewDeal, builtin_variant
    from freecell.storage import Storage
    from freecell.ui.dialogs.statistics import install_statistics

    storage = Storage()
    storage.statistics.record("freecell-2", 9, True, 78, 90.0)
    window = _window(qtbot, storage)  # (its session follows the bus for storage)
    window.dispatch(NewDeal(variant=builtin_variant("freecell-2")))
    from freecell.engine import LoadPosition, Move, MoveCards, Position, card

    won_in_one = Position(((card("KS"),), *(((),) * 7)), (None,) * 2, (13, 13, 13, 12))
    window.dispatch(LoadPosition(won_in_one, builtin_variant("freecell-2")))
    window.dispatch(MoveCards(Move.parse("1h")))  # counted on the background writer
    action = install_statistics(window)
    assert action in window.menus["game"].actions()
    action.trigger()
    dialog: StatisticsDialog = window.statistics_dialog
    qtbot.waitExposed(dialog)
    assert dialog.variant_id == "freecell-2"
    # the board was typed in, not dealt here: won and counted, but no record
    assert dialog.values["Won"].text() == "2 (1 with help)"
    assert dialog.values["Fewest moves"].text() == "78"
    dialog.close()
