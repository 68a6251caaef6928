"""The window's language: freecell's catalogue (via :mod:`freecell.i18n`), Qt's own
translations for its standard dialogs and buttons, and the locale Qt formats with.

Called once at start-up, before any widget exists; a language chosen in
Preferences applies at the next start (a window built in one language is not
re-labelled under the player's hands).  Setting the locale costs the first frame
nothing: PySide makes ``QLocale`` and its enums when ``QtCore`` is imported, as in
any PySide6 program.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QLocale

from freecell.i18n import PSEUDO_LANGUAGE, SOURCE_LANGUAGE, set_language

if TYPE_CHECKING:
    from PySide6.QtCore import QCoreApplication, QTranslator


def install_translations(app: QCoreApplication, setting: str | None) -> QTranslator | None:
    """Use the language ``setting`` asks for (or the system's) for freecell's words
    and Qt's, and a font that has its script's bold; returns the translator installed
    for Qt's words (None in English)."""
    shown = set_language(setting)
    QLocale.setDefault(QLocale(SOURCE_LANGUAGE if shown == PSEUDO_LANGUAGE else shown))
    if shown in (SOURCE_LANGUAGE, PSEUDO_LANGUAGE):
        return None
    from PySide6.QtGui import QGuiApplication

    from freecell.ui.shell.script_font import use_script_font

    if isinstance(app, QGuiApplication):  # (a CJK language's: none read for the others)
        use_script_font(app, shown)
    # (imported for a language Qt translates: English makes neither class)
    from PySide6.QtCore import QLibraryInfo, QTranslator

    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    translator = QTranslator(app)
    if not translator.load(f"qtbase_{shown}", folder):
        from freecell.ui.shell.qt_button_words import ButtonWords

        translator = ButtonWords(app)  # (el, pt, ro: Qt has none; its buttons in our words)
    app.installTranslator(translator)
    return translator
