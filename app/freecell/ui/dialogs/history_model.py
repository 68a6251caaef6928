"""The game history as a Qt model: one row per finished game, newest first.

:class:`HistoryModel` holds the rows and sorts itself (a key sort of the Python
list: 10,000 games in a few milliseconds, where a ``QSortFilterProxyModel`` sort
would call back into Python for every comparison); :class:`HistoryFilter`, the
proxy the view shows, filters by variant, result and deal, and hands sorting to
the model.  Words (results, dates, times) are made when a cell is first shown and
kept.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)

from freecell.i18n import N_, _, pgettext
from freecell.i18n.formatting import format_datetime
from freecell.storage.history_rows import GameRow, Result
from freecell.ui.panels.results import format_time

AnyIndex = QModelIndex | QPersistentModelIndex
COLUMNS = (N_("Variant"), N_("Deal"), N_("Date"), N_("Result"), N_("Time"), N_("Moves"))
VARIANT, DEAL, DATE, RESULT, TIME, MOVES = range(len(COLUMNS))
RowRole = Qt.ItemDataRole.UserRole + 1  # the GameRow itself


def result_word(result: Result) -> str:
    # (each call spelled out: a pgettext of variables is never extracted, and its
    # words stayed English in every language)
    if result is Result.WON:
        return pgettext("deal result", "Won")
    if result is Result.LOST:
        return pgettext("deal result", "Lost")
    if result is Result.ABANDONED:
        return pgettext("deal result", "Abandoned")
    return pgettext("deal result", "Playing")


def _sort_key(column: int) -> Callable[[GameRow], Any]:
    keys: dict[int, Callable[[GameRow], Any]] = {
        VARIANT: lambda r: r.variant,
        DEAL: lambda r: (r.deal is None, r.deal or 0),
        DATE: lambda r: r.ended or r.started,
        RESULT: lambda r: r.result.value,
        TIME: lambda r: r.seconds,
        MOVES: lambda r: r.move_count,
    }
    return keys[column]


class HistoryModel(QAbstractTableModel):
    """Finished games (``games``, given newest first: they are shown as given until
    a column is sorted); ``names`` gives a variant's name."""

    def __init__(
        self,
        games: Sequence[GameRow],
        names: Callable[[str], str],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._names = names
        self.games: list[GameRow] = list(games)
        self._words: dict[tuple[int, int], str] = {}

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.games)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return _(COLUMNS[section])
        return None

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = self.games[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            key = (id(row), column)
            words = self._words.get(key)
            if words is None:
                words = self._words[key] = self._text(row, column)
            return words
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (DEAL, TIME, MOVES):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == RowRole:
            return row
        return None

    def _text(self, row: GameRow, column: int) -> str:
        if column == VARIANT:
            return self._names(row.variant)
        if column == DEAL:
            if row.deal is None:
                return _("custom board")
            return (
                f"#{row.deal}"
                if row.daily is None
                else _("#{number} (daily)").format(number=row.deal)
            )
        if column == DATE:
            moment = datetime.datetime.fromtimestamp(row.ended or row.started)
            return format_datetime(moment, "short")
        if column == RESULT:
            words = result_word(row.result)
            return words if row.own else _("{result}, with help").format(result=words)
        if column == TIME:
            return format_time(row.seconds)
        return str(row.move_count)

    def game(self, row: int) -> GameRow:
        return self.games[row]

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if not 0 <= column < len(COLUMNS):
            return
        self.layoutAboutToBeChanged.emit()
        self.games.sort(key=_sort_key(column), reverse=order == Qt.SortOrder.DescendingOrder)
        self.layoutChanged.emit()


class HistoryFilter(QSortFilterProxyModel):
    """What the table shows: the model's games that pass the filters, in the
    model's order (sorting is the model's: see the module's docstring)."""

    def __init__(self, model: HistoryModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setSourceModel(model)
        self.history = model
        self.variant: str | None = None
        self.result: Result | None = None
        self.deal_text = ""

    def set_filters(self, variant: str | None, result: Result | None, deal_text: str) -> None:
        self.beginFilterChange()  # (invalidateFilter is deprecated from Qt 6.10)
        self.variant, self.result = variant, result
        self.deal_text = deal_text.strip().lstrip("#")
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: AnyIndex) -> bool:
        row = self.history.games[source_row]
        if self.variant is not None and row.variant != self.variant:
            return False
        if self.result is not None:
            lost = (Result.LOST, Result.ABANDONED)
            if row.result is not self.result and not (
                self.result is Result.LOST and row.result in lost
            ):
                return False
        if self.deal_text:
            return row.deal is not None and str(row.deal).startswith(self.deal_text)
        return True

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self.history.sort(column, order)

    def game_at(self, row: int) -> GameRow:
        return self.history.game(self.mapToSource(self.index(row, 0)).row())
