"""Game > Choose deal… (Ctrl+G): a deal by its number (1 to 8,589,934,591, checked
as it is typed), or a random one, winnable only and of a difficulty if asked.

The random choice goes through the session's deal chooser (the same filter as
Game > Winnable deals only and New deal difficulty, which the dialog sets), and
either way the game in progress is asked about first (the window's ``play_deal``
and ``new_deal`` ask).
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from freecell.analysis.insight import DealFilter
from freecell.analysis.labels import deal_filter_word
from freecell.engine import MAX_DEAL, InvalidDealNumber, parse_deal_number
from freecell.i18n import _
from freecell.i18n.formatting import format_number
from freecell.i18n.mnemonics import without_mnemonic
from freecell.ui.features.insight import Insight
from freecell.ui.shell.door import Doorway, door_of


class ChooseDealDialog(QDialog):
    """Which deal to play next: ``number()`` (None for a random one), and the
    random deal's filter (``winnable_only()``, ``difficulty()``)."""

    def __init__(
        self,
        current: int | None,
        *,
        winnable_only: bool = False,
        difficulty: DealFilter = DealFilter.ANY,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("chooseDealDialog")
        self.setWindowTitle(_("Choose deal"))
        self.setAccessibleName(_("Choose deal"))
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 48)  # its title shows
        limit = format_number(MAX_DEAL)
        self.by_number = QRadioButton(_("Deal &number:"))
        self.by_number.setObjectName("byNumber")
        self.number_box = QLineEdit(str(current) if current is not None else "")
        self.number_box.setObjectName("dealNumber")
        # Translators: {limit} is 8,589,934,591 written as the language writes numbers
        range_words = _("A whole number from 1 to {limit}").format(limit=limit)
        self.number_box.setPlaceholderText(range_words)
        self.number_box.setAccessibleName(without_mnemonic(self.by_number.text()))
        self.number_box.setAccessibleDescription(range_words)
        self.number_box.setToolTip(range_words)
        self.by_random = QRadioButton(_("A &random deal"))
        self.by_random.setObjectName("byRandom")
        self.winnable = QCheckBox(_("&Winnable deals only"))
        self.winnable.setObjectName("winnableOnly")
        self.winnable.setAccessibleName(without_mnemonic(self.winnable.text()))
        self.winnable.setChecked(winnable_only)
        self.difficulty_box = QComboBox()
        self.difficulty_box.setObjectName("difficulty")
        for choice in DealFilter:
            self.difficulty_box.addItem(deal_filter_word(choice), choice.value)
        self.difficulty_box.setCurrentIndex(self.difficulty_box.findData(difficulty.value))
        difficulty_label = QLabel(_("&Difficulty:"))
        difficulty_label.setBuddy(self.difficulty_box)
        self.difficulty_box.setAccessibleName(without_mnemonic(difficulty_label.text()))
        self.problem = QLabel()
        self.problem.setObjectName("dealProblem")
        self.problem.setWordWrap(True)

        random_form = QFormLayout()
        random_form.setContentsMargins(24, 0, 0, 0)  # under "A random deal"
        random_form.addRow(self.winnable)
        random_form.addRow(difficulty_label, self.difficulty_box)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.play_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.play_button.setText(_("&Play"))
        self.play_button.setObjectName("playButton")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(self.by_number)
        layout.addWidget(self.number_box)
        layout.addWidget(self.by_random)
        layout.addLayout(random_form)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        self.by_number.setChecked(True)
        for signal in (self.by_number.toggled, self.number_box.textChanged):
            signal.connect(lambda *_a: self._check())
        self.number_box.textEdited.connect(lambda _t: self.by_number.setChecked(True))
        self._check()
        self.number_box.selectAll()
        self.number_box.setFocus()

    def number(self) -> int | None:
        """The deal number asked for (None: a random deal)."""
        if self.by_random.isChecked():
            return None
        return parse_deal_number(self.number_box.text())

    def winnable_only(self) -> bool:
        return self.winnable.isChecked()

    def difficulty(self) -> DealFilter:
        return DealFilter(self.difficulty_box.currentData())

    def _check(self) -> None:
        """Play only what can be played; say what is wrong with the number."""
        by_number = self.by_number.isChecked()
        self.winnable.setEnabled(not by_number)
        self.difficulty_box.setEnabled(not by_number)
        said = ""
        if by_number:
            try:
                self.number()
            except InvalidDealNumber:
                said = _("Type a whole number from 1 to {limit}.").format(
                    limit=format_number(MAX_DEAL)
                )
        self.problem.setText(said)
        self.problem.setVisible(bool(said))
        self.play_button.setEnabled(not said)
        self.number_box.setAccessibleDescription(said or self.number_box.toolTip())


def choose_deal(window: Doorway) -> ChooseDealDialog:
    """Open the dialog over the window, through its door; Play deals what it says
    (asking first about a game that would be lost)."""
    door = door_of(window)
    chooser = door.session.analysis.chooser
    dialog = ChooseDealDialog(
        door.game.deal_number,
        winnable_only=chooser.winnable_only,
        difficulty=chooser.wanted,
        parent=door.host,
    )

    def play() -> None:
        number = dialog.number()
        if number is not None:
            door.play_deal(number)
            return

        insight = door.feature(Insight)
        if insight is not None:  # its menu's check marks follow
            insight.deal_filter.set_winnable_only(dialog.winnable_only())
            insight.deal_filter.set_filter(dialog.difficulty())
        else:
            chooser.winnable_only, chooser.wanted = dialog.winnable_only(), dialog.difficulty()
        door.new_deal()

    dialog.accepted.connect(play)
    dialog.finished.connect(lambda _r: dialog.deleteLater())
    door.open_dialog("choose_deal", dialog)
    return dialog
