"""The panel shown over the table when a deal is won.

It says how it went (time, moves, cards home, the deal number with a button that
copies it) and offers three ways on: a new deal, the same deal again, or closing
the panel to look at the finished board.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from freecell.i18n import _, ngettext, pgettext


def format_time(seconds: float) -> str:
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def compare_with_par(moves: int, par: int) -> str:
    """``"par 92: 5 under"``, ``"par 92: 3 over"``, ``"par 92: level"``."""
    if moves == par:
        return _("par {par}: level").format(par=par)
    difference = abs(moves - par)
    if moves < par:
        return _("par {par}: {n} under").format(par=par, n=difference)
    return _("par {par}: {n} over").format(par=par, n=difference)


def help_words(hints: int, solution_moves: int) -> str:
    """What helped a win, as the statistics count it: "none", "2 hints (no record)"."""
    solution = (
        ngettext("the solution ({n} move)", "the solution ({n} moves)", solution_moves).format(
            n=solution_moves
        )
        if solution_moves
        else ""
    )
    tips = ngettext("{n} hint", "{n} hints", hints).format(n=hints) if hints else ""
    if solution and tips:
        helped = _("{solution} and {hints}").format(solution=solution, hints=tips)
    else:
        helped = solution or tips
    if not helped:
        return _("none: your own win")
    return _("{help}: counted apart, no record").format(help=helped)


class ResultsPanel(QFrame):
    def __init__(
        self,
        parent: QWidget,
        on_new_deal: Callable[[], None],
        on_replay: Callable[[], None],
        par: Callable[[], int | None] | None = None,
    ) -> None:
        super().__init__(parent)
        self._par = par  # the won deal's par, when known
        self.setObjectName("resultsPanel")
        # where the part of the table the panel must leave visible ends (the
        # window sets it: the bottom of the cells and foundations), in its parent
        self.clear_below: Callable[[], float] | None = None
        self.setStyleSheet(
            "#resultsPanel { background: rgba(18, 26, 34, 238); border: 2px solid #ffcc33;"
            " border-radius: 14px; }"
            "#resultsPanel QLabel { color: #f4f1e8; font-size: 12pt; }"
            "#resultsPanel QLabel#title { font-size: 20pt; font-weight: bold; color: #ffd75e; }"
            "#resultsPanel QPushButton { font-size: 11pt; padding: 6px 14px; border-radius: 6px;"
            " background: #34495e; color: white; border: 1px solid #5d7a96; }"
            "#resultsPanel QPushButton:hover { background: #41607d; }"
            "#resultsPanel QPushButton:focus { border: 2px solid #ffcc33; }"
            "#resultsPanel QPushButton#primary { background: #2e7d32; border-color: #66bb6a; }"
        )
        box = self._box = QVBoxLayout(self)
        box.setContentsMargins(28, 22, 28, 22)
        box.setSpacing(14)
        title = QLabel(_("You won!"))
        title.setObjectName("title")
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        box.addWidget(title)
        grid = QGridLayout()
        grid.setHorizontalSpacing(18)
        self.values: dict[str, QLabel] = {}
        # the keys of self.values stay English; the labels are translated
        labels = {
            "Time": _("Time"),
            "Moves": _("Moves"),
            "Cards home": _("Cards home"),
            "Deal": _("Deal"),
            # the help used to win, which must not read as the Help menu
            "Help": pgettext("help used in the game", "Help"),
        }
        for row, (name, text) in enumerate(labels.items()):
            label = QLabel(text)
            value = QLabel("")
            # (not selectable: see HintBar; "Copy deal number" copies the deal)
            grid.addWidget(label, row, 0)
            grid.addWidget(value, row, 1)
            self.values[name] = value
        self.copy_button = QPushButton(_("Copy deal number"))
        self.copy_button.clicked.connect(self.copy_deal_number)
        grid.addWidget(self.copy_button, 3, 2)
        box.addLayout(grid)
        buttons = QHBoxLayout()
        self.new_button = QPushButton(_("New deal"))
        self.new_button.setObjectName("primary")
        self.replay_button = QPushButton(_("Replay deal"))
        self.look_button = QPushButton(_("Look at the board"))
        self.new_button.clicked.connect(lambda: self._leave(on_new_deal))
        self.replay_button.clicked.connect(lambda: self._leave(on_replay))
        self.look_button.clicked.connect(self.hide)
        for b in (self.new_button, self.replay_button, self.look_button):
            buttons.addWidget(b)
        box.addLayout(buttons)
        self._buttons = buttons
        self.deal_number: int | None = None
        self.hide()

    def add_button(self, text: str, object_name: str, then: Callable[[], object]) -> QPushButton:
        """For a feature: one more way on (Review), before "Look at the board"."""
        button = QPushButton(text)
        button.setObjectName(object_name)
        button.clicked.connect(lambda: self._leave(then))
        self._buttons.insertWidget(self._buttons.indexOf(self.look_button), button)
        return button

    def _leave(self, then: Callable[[], object]) -> None:
        self.hide()
        then()

    def show_result(
        self,
        seconds: float,
        moves: int,
        cards_home: int,
        deal_number: int | None,
        variant: str,
        hints: int = 0,
        solution_moves: int = 0,
    ) -> None:
        """Show the won deal's figures; when its par is known the Moves line reads
        "87 (par 92: 5 under)"."""
        par = self._par() if self._par is not None else None
        self.deal_number = deal_number
        self.values["Help"].setText(help_words(hints, solution_moves))
        self.values["Time"].setText(format_time(seconds))
        self.values["Moves"].setText(
            f"{moves} ({compare_with_par(moves, par)})" if par is not None else str(moves)
        )
        self.values["Cards home"].setText(_("{n} of 52").format(n=cards_home))
        self.values["Deal"].setText(
            _("#{number} ({variant})").format(number=deal_number, variant=_(variant))
            if deal_number is not None
            else _("a custom board ({variant})").format(variant=_(variant))
        )
        self.copy_button.setEnabled(deal_number is not None)
        self._box.activate()  # else adjustSize uses the size hint of the last text
        self.adjustSize()
        self.recentre()
        self.show()
        self.raise_()
        self.new_button.setFocus()

    def recentre(self) -> None:
        """Centred across, a third of the way down -- but below the top row when
        there is room (``clear_below`` says where it ends), so the panel never
        covers the foundations the player has just filled."""
        parent = self.parentWidget()
        if parent is None:
            return
        y = (parent.height() - self.height()) // 3
        if self.clear_below is not None:
            lowest = parent.height() - self.height() - 8
            y = max(y, min(round(self.clear_below()), lowest))
        self.move((parent.width() - self.width()) // 2, max(0, y))

    def copy_deal_number(self) -> None:
        if self.deal_number is not None:
            QGuiApplication.clipboard().setText(str(self.deal_number))
            self.copy_button.setText(_("Copied"))
