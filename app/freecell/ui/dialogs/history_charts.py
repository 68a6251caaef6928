"""The Statistics window's Charts page, drawn with QPainter (docs/history.md says
why no chart library): the win rate over time, time against moves for won games,
and games per day as a calendar with the streak and the deal of the day.

Every chart has its figures beside it as a table (the same series,
:mod:`freecell.storage.history_series`), so a screen reader or a keyboard user gets
all a sighted player does: each chart is focusable with a name and a summary, and
each table is reached with Tab and read cell by cell.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QPointF,
    QRectF,
    Qt,
)
from PySide6.QtGui import QColor, QPainter, QPalette, QPen, QPolygonF
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from freecell.i18n import _, ngettext
from freecell.i18n.formatting import format_date, format_percent
from freecell.storage.history_series import Calendar, ChartSeries, WinPoint, WinRate
from freecell.ui.dialogs.chart_base import HELPED, RUNNING, WON, Chart
from freecell.ui.dialogs.history_calendar import CalendarChart
from freecell.ui.named import named
from freecell.ui.panels.results import format_time

T = TypeVar("T")


class FiguresModel(QAbstractTableModel, Generic[T]):
    """A chart's figures as a read-only table: ``cells(item)`` gives a row's words
    (made when the row is shown, so 10,000 points cost nothing until read)."""

    def __init__(
        self, headers: Sequence[str], items: Sequence[T], cells: Callable[[T], Sequence[str]]
    ) -> None:
        super().__init__()
        self.headers, self.items, self._cells = list(headers), list(items), cells
        self._words: dict[int, Sequence[str]] = {}  # a row's words, made once: not per cell

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.items)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.headers)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.headers[section]
        return None

    def data(
        self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if index.isValid() and role == Qt.ItemDataRole.DisplayRole:
            row = index.row()
            words = self._words.get(row)
            if words is None:
                words = self._words[row] = self._cells(self.items[row])
            return words[index.column()]
        return None


class WinRateChart(Chart):
    """Bars: the share won in each day or week; line: the running share."""

    def __init__(self) -> None:
        super().__init__(_("Win rate over time"), "winRateChart")
        self.series = WinRate(False, ())

    def show_series(self, series: WinRate) -> None:
        self.series, self.empty = series, not series.points
        self.update()

    def draw(self, painter: QPainter, text: QColor) -> None:
        points = self.series.points
        area = self.plot_area()
        ticks = [(f / 4, format_percent(f / 4)) for f in range(5)]
        labels = [(0.0, format_date(points[0].start, "short"))]
        if len(points) > 1:
            labels.append((1.0, format_date(points[-1].start, "short")))
        self.axes(painter, text, area, ticks, labels)
        step = area.width() / len(points)
        bar = QColor(WON)
        bar.setAlpha(150)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(bar)
        for i, point in enumerate(points):
            h = point.rate * area.height()
            painter.drawRect(
                QRectF(
                    area.left() + i * step + step * 0.15, area.bottom() - h, max(step * 0.7, 1.0), h
                )
            )
        painter.setPen(QPen(RUNNING, 2.5))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        line = [
            QPointF(area.left() + (i + 0.5) * step, area.bottom() - p.total_rate * area.height())
            for i, p in enumerate(points)
        ]
        painter.drawPolyline(line)


class TimeMovesChart(Chart):
    """One dot per won game: moves across, time up; helped wins hollow."""

    def __init__(self) -> None:
        super().__init__(_("Time against moves for won games"), "timeMovesChart")
        self.points: tuple[WinPoint, ...] = ()

    def show_points(self, points: tuple[WinPoint, ...]) -> None:
        self.points, self.empty = points, not points
        self.update()

    def draw(self, painter: QPainter, text: QColor) -> None:
        area = self.plot_area()
        most_moves = max(p.moves for p in self.points) or 1
        longest = max(p.seconds for p in self.points) or 1.0
        ticks = [(f / 4, format_time(longest * f / 4)) for f in range(5)]
        labels = [(f / 4, str(round(most_moves * f / 4))) for f in range(5)]
        self.axes(painter, text, area, ticks, labels)
        dots: dict[bool, QPolygonF] = {False: QPolygonF(), True: QPolygonF()}
        for p in self.points:
            dots[p.own].append(
                QPointF(
                    area.left() + p.moves / most_moves * area.width(),
                    area.bottom() - p.seconds / longest * area.height(),
                )
            )
        # round pen points, one call per kind (a call per dot cost 100 ms at 5,000 wins);
        # a helped win is a ring: its dot with the background's colour inside
        ground = self.palette().color(QPalette.ColorRole.Base)
        for own, colour in ((False, HELPED), (True, WON)):
            pen = QPen(colour, 7.0)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(pen)
            painter.drawPoints(dots[own])
            if not own:
                pen = QPen(ground, 4.0)
                pen.setCapStyle(Qt.PenCapStyle.RoundCap)
                painter.setPen(pen)
                painter.drawPoints(dots[own])


def _figures_table(name: str, model: QAbstractTableModel, object_name: str) -> QTableView:
    table = named(QTableView(), object_name)
    table.setModel(model)
    table.setAccessibleName(name)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setTabKeyNavigation(False)
    table.verticalHeader().setVisible(False)
    table.setWordWrap(False)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setResizeContentsPrecision(60)  # the widths from the first rows: 10,000 cost no more
    header.setStretchLastSection(True)
    return table


def _page(chart: Chart, summary: QLabel, table: QTableView, *, across: bool = False) -> QWidget:
    """The summary, then the chart with its table beside it (below it, ``across``:
    the calendar is a wide strip of weeks)."""
    page = QWidget()
    layout = QVBoxLayout(page)
    layout.addWidget(summary)
    row = QVBoxLayout() if across else QHBoxLayout()
    row.addWidget(chart, 3)
    row.addWidget(table, 2)
    layout.addLayout(row, 1)
    return page


class ChartsPage(QTabWidget):
    """The three charts, each with its table, for the rows of one variant."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chartsPage")
        self.rate_chart, self.moves_chart, self.calendar_chart = (
            WinRateChart(),
            TimeMovesChart(),
            CalendarChart(),
        )
        self.rate_summary, self.moves_summary, self.calendar_summary = (QLabel() for _i in range(3))
        self.rate_table = _figures_table(
            _("Win rate over time, as a table"), FiguresModel([], [], list), "winRateTable"
        )
        self.moves_table = _figures_table(
            _("Time against moves, as a table"), FiguresModel([], [], list), "timeMovesTable"
        )
        self.calendar_table = _figures_table(
            _("Games per day, as a table"), FiguresModel([], [], list), "calendarTable"
        )
        self.addTab(_page(self.rate_chart, self.rate_summary, self.rate_table), _("&Win rate"))
        self.addTab(
            _page(self.moves_chart, self.moves_summary, self.moves_table), _("Time and &moves")
        )
        self.addTab(
            _page(self.calendar_chart, self.calendar_summary, self.calendar_table, across=True),
            _("&Calendar"),
        )

    def show_series(self, series: ChartSeries) -> None:
        rate = series.win_rate
        self.rate_chart.show_series(rate)
        self.rate_table.setModel(
            FiguresModel(
                [
                    _("Week of") if rate.weekly else _("Day"),
                    _("Played"),
                    _("Won"),
                    _("Win rate"),
                    _("Win rate so far"),
                ],
                rate.points,
                lambda p: (
                    format_date(p.start),
                    str(p.played),
                    str(p.won),
                    format_percent(p.rate),
                    format_percent(p.total_rate),
                ),
            )
        )
        last = rate.points[-1] if rate.points else None
        self._say(
            self.rate_chart,
            self.rate_summary,
            _("Win rate so far: {rate} of {n} games.").format(
                rate=format_percent(last.total_rate), n=last.total_played
            )
            if last
            else _("No game finished yet."),
        )

        points = series.won
        self.moves_chart.show_points(points)
        self.moves_table.setModel(
            FiguresModel(
                [_("Deal"), _("Moves"), _("Time"), _("Day"), _("Own win")],
                sorted(points, key=lambda p: (p.moves, p.seconds)),
                lambda p: (
                    f"#{p.deal}" if p.deal is not None else _("custom board"),
                    str(p.moves),
                    format_time(p.seconds),
                    format_date(p.day),
                    _("yes") if p.own else _("no"),
                ),
            )
        )
        self._say(
            self.moves_chart,
            self.moves_summary,
            ngettext(
                "{n} won game: filled dots are your own wins, hollow ones were helped.",
                "{n} won games: filled dots are your own wins, hollow ones were helped.",
                len(points),
            ).format(n=len(points)),
        )

        shown = series.calendar
        self.calendar_chart.show_calendar(shown)
        days = sorted(shown.days.items(), reverse=True)
        daily_words = {"won": _("won"), "played": _("played"), None: ""}
        self.calendar_table.setModel(
            FiguresModel(
                [_("Day"), _("Played"), _("Won"), _("Deal of the day")],
                days,
                lambda item: (
                    format_date(item[0]),
                    str(item[1].played),
                    str(item[1].won),
                    daily_words[item[1].daily],
                ),
            )
        )
        self._say(self.calendar_chart, self.calendar_summary, calendar_words(shown))

    @staticmethod
    def _say(chart: Chart, summary: QLabel, words: str) -> None:
        summary.setText(words)
        chart.setAccessibleDescription(words)


def calendar_words(shown: Calendar) -> str:
    days = len(shown.streak)
    daily = shown.daily
    return " ".join(
        (
            ngettext(
                "{n} day in a row with a game.", "{n} days in a row with a game.", days
            ).format(n=days),
            ngettext(
                "Deal of the day: played {n} day in a row,",
                "Deal of the day: played {n} days in a row,",
                daily.days_played_streak,
            ).format(n=daily.days_played_streak),
            ngettext(
                "won {n} day in a row.", "won {n} days in a row.", daily.days_won_streak
            ).format(n=daily.days_won_streak),
        )
    )
