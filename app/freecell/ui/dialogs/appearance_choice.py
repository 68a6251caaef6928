"""Preferences > Appearance: the desktop's scheme, or light or dark always.

Three radio buttons in a row (one choice of three, all in sight); the window and
the table follow at once (``Settings.appearance``, shown by ``ui/shell/desktop_look``).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QButtonGroup, QHBoxLayout, QRadioButton, QWidget

from freecell.i18n import N_, _
from freecell.i18n.mnemonics import without_mnemonic
from freecell.storage.settings import APPEARANCES

_LABELS = dict(zip(APPEARANCES, (N_("S&ystem"), N_("L&ight"), N_("&Dark")), strict=True))
_TIPS = dict(
    zip(
        APPEARANCES,
        (
            N_("Light or dark as the desktop is, and following it when it changes"),
            N_("A light window and table, whatever the desktop's scheme"),
            N_("A dark window and table, whatever the desktop's scheme"),
        ),
        strict=True,
    )
)


class AppearanceChoice(QWidget):
    """System / Light / Dark; ``chosen(id)`` is called on the player's change."""

    def __init__(self, chosen: Callable[[str], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("appearance")
        self.setAccessibleName(_("Appearance"))
        self._chosen = chosen
        self.group = QButtonGroup(self)
        self.buttons: dict[str, QRadioButton] = {}
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        for appearance in APPEARANCES:
            button = QRadioButton(_(_LABELS[appearance]))
            button.setObjectName(f"appearance-{appearance}")
            button.setAccessibleName(without_mnemonic(button.text()))
            button.setAccessibleDescription(_(_TIPS[appearance]))
            button.setToolTip(_(_TIPS[appearance]))
            self.group.addButton(button)
            self.buttons[appearance] = button
            row.addWidget(button)
            button.toggled.connect(lambda on, a=appearance: self._toggled(a, on))
        row.addStretch(1)
        self._showing = False

    def show_appearance(self, appearance: str) -> None:
        """Tick ``appearance`` without telling anyone."""
        self._showing = True
        try:
            self.buttons.get(appearance, self.buttons["system"]).setChecked(True)
        finally:
            self._showing = False

    def _toggled(self, appearance: str, on: bool) -> None:
        if on and not self._showing:
            self._chosen(appearance)
