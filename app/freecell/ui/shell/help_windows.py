"""The Help menu's windows: How to play (the variant's rules page) and About."""

from __future__ import annotations

import contextlib
from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QMessageBox, QWidget

from freecell import __version__
from freecell.engine import Variant
from freecell.i18n import _
from freecell.texts.variants import game_name
from freecell.ui.panels.rules_page import RulesDialog

LICENCE = "GPL-3.0-or-later"


def open_rules(
    parent: QWidget, variant: Variant, words: str | None, previous: QDialog | None
) -> QDialog:
    """Show the rules page of ``variant`` (a plugin's ``words`` when it gave some),
    modeless, in place of the ``previous`` one; returns the page shown.  A page is
    deleted when it is closed (each kept its browser and document for the rest of
    the session: some 3 MB a page, one more every time How to play was opened)."""
    if previous is not None:
        with contextlib.suppress(RuntimeError):  # (already closed, so deleted)
            previous.close()
    dialog = RulesDialog(parent, variant, words)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.setModal(False)
    dialog.show()
    return dialog


def show_about(parent: QWidget) -> None:
    QMessageBox.about(parent, _("About FreeCell"), about_html())


def about_html() -> str:
    """The About box's text: the game's name as the player's language writes it."""
    return (
        f"<h2>{escape(game_name())} {__version__}</h2><p>"
        + _(
            "FreeCell with exact rules, Microsoft deal numbers and a solver that "
            "can prove a position lost."
        )
        + "</p><p>"
        + _(
            "Licence: {licence} (GNU General Public License, version 3 or any later "
            "version). This program comes with ABSOLUTELY NO WARRANTY."
        ).format(licence=f"<b>{LICENCE}</b>")
        + "</p>"
    )
