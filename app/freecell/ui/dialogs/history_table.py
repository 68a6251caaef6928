"""The Statistics window's Games page: every finished game in a sortable,
filterable table, with Replay this deal, Review this game, Copy game and Export
to CSV.

What the buttons do to the game is the window's (``replay`` and ``review`` are
given the row); the page only finds the row.  Keyboard: the filters (Alt+letter),
the table (arrows; Enter replays), the buttons.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from freecell.i18n import _, ngettext
from freecell.storage.history_export import write_csv
from freecell.storage.history_rows import GameRow, Result
from freecell.ui.dialogs.history_model import DATE, HistoryFilter, HistoryModel
from freecell.ui.named import named

log = logging.getLogger(__name__)

RowAction = Callable[[GameRow], None]


def result_choices() -> list[tuple[str, Result | None]]:
    return [
        (_("All results"), None),
        (_("Won"), Result.WON),
        (_("Lost or abandoned"), Result.LOST),
        (_("Abandoned"), Result.ABANDONED),
    ]


class HistoryPage(QWidget):
    """The table of games (finished, newest first) and what can be done with one."""

    def __init__(
        self,
        games: Sequence[GameRow],
        variants: Sequence[tuple[str, str]],
        *,
        current_variant: str | None,
        replay: RowAction,
        review: RowAction,
        copy_line: Callable[[GameRow], str | None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("historyPage")
        self._replay, self._review, self._copy_line = replay, review, copy_line
        self.last_folder = str(Path.home())
        names = dict(variants)
        self.model = HistoryModel(games, lambda vid: names.get(vid, vid), self)
        self.proxy = HistoryFilter(self.model, self)

        self.variant_filter = named(QComboBox(), "historyVariant")
        self.variant_filter.addItem(_("All variants"), None)
        played = {r.variant for r in self.model.games}
        for vid, name in variants:
            if vid in played or vid == current_variant:
                self.variant_filter.addItem(name, vid)
        for vid in sorted(played - set(names)):
            self.variant_filter.addItem(vid, vid)
        self.result_filter = named(QComboBox(), "historyResult")
        for text, result in result_choices():
            self.result_filter.addItem(text, None if result is None else result.value)
        self.deal_filter = named(QLineEdit(), "historyDeal")
        self.deal_filter.setPlaceholderText(_("Deal number"))
        self.deal_filter.setClearButtonEnabled(True)
        self.deal_filter.setAccessibleName(_("Show only deals starting with"))
        filters = QHBoxLayout()
        for text, widget in (
            (_("Varia&nt:"), self.variant_filter),
            (_("Res&ult:"), self.result_filter),
            (_("D&eal:"), self.deal_filter),
        ):
            label = QLabel(text)
            label.setBuddy(widget)
            filters.addWidget(label)
            filters.addWidget(widget, 1)

        self.table = named(QTableView(), "historyTable")
        self.table.setModel(self.proxy)
        self.table.setAccessibleName(_("Games played"))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setTabKeyNavigation(False)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        header.setSortIndicator(DATE, Qt.SortOrder.DescendingOrder)
        self.table.setSortingEnabled(True)  # (the model is newest first already)
        self.table.activated.connect(lambda _i: self.replay_selected())
        self.count_label = named(QLabel(), "historyCount")

        self.replay_button = named(QPushButton(_("Re&play this deal")), "historyReplay")
        self.review_button = named(QPushButton(_("Rev&iew this game")), "historyReview")
        self.copy_button = named(QPushButton(_("&Copy game")), "historyCopy")
        self.copy_button.setToolTip(_("The game in one line that Paste reads back"))
        self.export_button = named(QPushButton(_("E&xport to CSV…")), "historyExport")
        self.replay_button.clicked.connect(self.replay_selected)
        self.review_button.clicked.connect(self.review_selected)
        self.copy_button.clicked.connect(self.copy_selected)
        self.export_button.clicked.connect(self.ask_export)
        buttons = QHBoxLayout()
        for button in (self.replay_button, self.review_button, self.copy_button):
            button.setAutoDefault(False)
            buttons.addWidget(button)
        buttons.addStretch(1)
        self.export_button.setAutoDefault(False)
        buttons.addWidget(self.export_button)

        layout = QVBoxLayout(self)
        layout.addLayout(filters)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.count_label)
        layout.addLayout(buttons)

        # the deal box filters as the player types, once they pause
        self._typing = QTimer(self, singleShot=True, interval=200)
        self._typing.timeout.connect(self.apply_filters)
        self.deal_filter.textChanged.connect(lambda _t: self._typing.start())
        # (the variant chosen before the filters listen: 10,000 games are filtered once)
        if current_variant is not None and self.variant_filter.findData(current_variant) >= 0:
            self.variant_filter.setCurrentIndex(self.variant_filter.findData(current_variant))
        self.variant_filter.currentIndexChanged.connect(lambda _i: self.apply_filters())
        self.result_filter.currentIndexChanged.connect(lambda _i: self.apply_filters())
        selection = self.table.selectionModel()
        selection.selectionChanged.connect(lambda *_a: self._enable())
        self.apply_filters()
        self._fit_columns()

    def _fit_columns(self) -> None:
        # sized on the words of the first rows only: fitting 10,000 would read them all
        metrics = self.table.fontMetrics()
        header = self.table.horizontalHeader()
        for column in range(self.proxy.columnCount()):
            words = [str(self.proxy.headerData(column, Qt.Orientation.Horizontal))]
            words += [
                str(self.proxy.index(row, column).data())
                for row in range(min(40, self.proxy.rowCount()))
            ]
            header.resizeSection(column, max(metrics.horizontalAdvance(w) for w in words) + 28)

    # -- filters -----------------------------------------------------------------------
    def apply_filters(self) -> None:
        result = self.result_filter.currentData()
        self.proxy.set_filters(
            self.variant_filter.currentData(),
            None if result is None else Result(result),
            self.deal_filter.text(),
        )
        shown, total = self.proxy.rowCount(), self.model.rowCount()
        self.count_label.setText(
            ngettext(
                "{shown} of {total} game shown", "{shown} of {total} games shown", total
            ).format(shown=shown, total=total)
        )
        self.table.setAccessibleDescription(self.count_label.text())
        if shown and not self.table.selectionModel().hasSelection():
            self.table.selectRow(0)
        self._enable()

    def _enable(self) -> None:
        game = self.selected()
        for button in (self.replay_button, self.review_button, self.copy_button):
            button.setEnabled(game is not None)
        if game is not None:
            self.review_button.setEnabled(bool(game.moves))
        self.export_button.setEnabled(self.proxy.rowCount() > 0)

    # -- the selected game --------------------------------------------------------------
    def selected(self) -> GameRow | None:
        rows = self.table.selectionModel().selectedRows()
        return self.proxy.game_at(rows[0].row()) if rows else None

    def select_game(self, game_id: str) -> bool:
        for row in range(self.proxy.rowCount()):
            if self.proxy.game_at(row).game_id == game_id:
                self.table.selectRow(row)
                return True
        return False

    def replay_selected(self) -> None:
        game = self.selected()
        if game is not None:
            self._replay(game)

    def review_selected(self) -> None:
        game = self.selected()
        if game is not None and game.moves:
            self._review(game)

    def copy_selected(self) -> str | None:
        game = self.selected()
        if game is None:
            return None
        line = self._copy_line(game)
        if line is not None:
            QGuiApplication.clipboard().setText(line + "\n")
            self.count_label.setText(_("The game is copied in one line."))
        return line

    # -- export -------------------------------------------------------------------------
    def ask_export(self) -> bool:
        path, _chosen = QFileDialog.getSaveFileName(
            self,
            _("Export the games to CSV"),
            str(Path(self.last_folder) / "freecell-history.csv"),
            _("CSV files (*.csv);;All files (*)"),
        )
        return self.export(path) if path else False

    def shown_games(self) -> list[GameRow]:
        return [self.proxy.game_at(row) for row in range(self.proxy.rowCount())]

    def export(self, path: str) -> bool:
        """Write the games shown (filtered, in the table's order), the columns of
        ``freecell-cli history --csv``; says how it went under the table."""
        target = Path(path)
        try:
            with open(target, "w", encoding="utf-8", newline="") as handle:
                count = write_csv(self.shown_games(), handle)
        except OSError as error:
            log.error("could not export the history to %s: %s", path, error)
            self.count_label.setText(
                _("The games could not be exported ({reason}).").format(
                    reason=error.strerror or error
                )
            )
            return False
        self.last_folder = str(target.parent)
        self.count_label.setText(
            ngettext("{n} game exported to {name}.", "{n} games exported to {name}.", count).format(
                n=count, name=target.name
            )
        )
        return True
