"""Qt's standard buttons (Close, OK, Cancel, Yes, No) in a language Qt has no
translation for (Greek, European Portuguese, Romanian): worded by freecell's catalogue.

Qt names these buttons itself, in the ``QPlatformTheme`` context of its own
``qtbase_*.qm``; without one they stayed English in a Greek window (seen in the
screenshots of docs/translating.md, Looking at a language).
"""

from __future__ import annotations

from PySide6.QtCore import QTranslator

from freecell.i18n import N_, _

QT_CONTEXT = "QPlatformTheme"
BUTTON_WORDS = frozenset((N_("Close"), N_("OK"), N_("Cancel"), N_("&Yes"), N_("&No")))


class ButtonWords(QTranslator):
    """Translates the standard buttons' words and nothing else."""

    def isEmpty(self) -> bool:
        return False

    # None, not "": Qt asks the next translator only on a null string, and PySide
    # turns "" into an empty one (Qt's other words would be blanked)
    def translate(
        self, context: str, source_text: str, disambiguation: str | None = None, n: int = -1
    ) -> str | None:
        if context == QT_CONTEXT and source_text in BUTTON_WORDS:
            return _(source_text)
        return None
