"""The window's side of translations: the saved language applied at start-up, Qt's
own catalogue for its standard buttons, and the choice in Preferences."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QLocale
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QLabel, QWidget

from freecell import i18n
from freecell.storage import Settings
from freecell.storage.settings import settings_from_json
from freecell.ui.dialogs.preferences import PreferencesDialog
from freecell.ui.panels.results import ResultsPanel
from freecell.ui.shell.translations import install_translations


@pytest.fixture
def app(qapp: QApplication) -> Iterator[QApplication]:
    font = qapp.font()  # a CJK language puts its font in front
    yield qapp
    qapp.setFont(font)
    i18n.set_language("en")
    QLocale.setDefault(QLocale("en"))


def test_the_saved_language_is_used_with_qts_own_translations(app: QApplication) -> None:
    translator = install_translations(app, "de")
    try:
        assert translator is not None
        assert i18n.language() == "de"
        assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Abbrechen"
        assert QLocale().name() == "de_DE"
    finally:
        if translator is not None:
            app.removeTranslator(translator)


@pytest.mark.parametrize(
    ("code", "close", "no"),
    [("el", "Κλείσιμο", "&Όχι"), ("pt", "Fechar", "&Não"), ("ro", "Închide", "&Nu")],
)
def test_qts_buttons_are_in_our_words_where_qt_has_no_catalogue(
    app: QApplication, code: str, close: str, no: str
) -> None:
    # the Close of Preferences and Statistics stayed English in Greek (no qtbase_el)
    translator = install_translations(app, code)
    try:
        assert translator is not None
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        assert buttons.button(QDialogButtonBox.StandardButton.Close).text() == close
        assert QCoreApplication.translate("QPlatformTheme", "&No") == no
        assert QCoreApplication.translate("QLineEdit", "&Copy") == "&Copy"  # Qt's own
    finally:
        if translator is not None:
            app.removeTranslator(translator)


def test_english_and_the_pseudo_locale_need_no_qt_catalogue(app: QApplication) -> None:
    assert install_translations(app, "en") is None
    assert install_translations(app, "pseudo") is None
    assert i18n.language() == "pseudo"


def test_the_language_setting_survives_the_file_and_defaults_to_the_system() -> None:
    assert Settings().language == "system"
    assert settings_from_json({"language": "pl"}).language == "pl"
    assert settings_from_json({"language": 3}).language == "system"


def test_preferences_offers_every_shipped_language_and_says_when_it_applies(qtbot: Any) -> None:
    dialog = PreferencesDialog(
        Settings(),
        variants=[("freecell", "FreeCell")],
        themes=[("classic", "Classic")],
        surfaces=[("green-felt", "Green felt")],
    )
    qtbot.addWidget(dialog)
    combo = dialog.combos["language"]
    offered = [combo.itemData(i) for i in range(combo.count())]
    assert offered[0] == "system" and set(offered[1:]) == set(i18n.SHIPPED)
    assert combo.itemText(offered.index("ja")) == "日本語"
    with qtbot.waitSignal(dialog.settingsChanged) as blocker:
        combo.setCurrentIndex(offered.index("pl"))
    assert blocker.args == [dataclasses.replace(Settings(), language="pl")]
    assert i18n.language() == "en"  # shown at the next start, as the dialog says
    notes = [label.text() for label in dialog.findChildren(QLabel)]
    assert any("language when FreeCell next starts" in text for text in notes)


def test_the_games_name_in_titles_and_about_is_the_catalogues(app: QApplication) -> None:
    from freecell.engine import FREECELL, Game
    from freecell.ui.shell.help_windows import about_html
    from freecell.ui.shell.window_look import deal_titles

    install_translations(app, "ja")
    title, spoken = deal_titles(Game(FREECELL, 617))
    assert title.endswith("\u2014 フリーセル") and spoken.startswith("フリーセル \u2014")
    assert "<h2>フリーセル " in about_html() and "FreeCell" not in title + spoken


@pytest.mark.parametrize("language", [code for code in i18n.SHIPPED if code != "en"])
def test_the_results_panels_help_row_is_not_the_help_menus_word(qtbot: Any, language: str) -> None:
    """The row counts the help used to win; in a translation it must not read as the
    Help menu (ja said ヘルプ), so it has a context of its own."""
    i18n.set_language(language)
    parent = QWidget()
    qtbot.addWidget(parent)
    labels = {
        label.text()
        for label in ResultsPanel(parent, lambda: None, lambda: None).findChildren(QLabel)
    }
    assert i18n.pgettext("help used in the game", "Help") in labels
    assert i18n._("&Help").replace("&", "") not in labels
