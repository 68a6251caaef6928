"""The Statistics window's calendar: games per day over the last weeks, the streak
of days played and the deal of the day (:class:`CalendarChart`)."""

from __future__ import annotations

import datetime

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from freecell.i18n import _
from freecell.i18n.formatting import format_date
from freecell.storage.history_series import Calendar, Day
from freecell.ui.dialogs.chart_base import DAILY, PLAYED, WON, Chart

MIN_WEEKS, MAX_WEEKS = 13, 106
"""The calendar shows a quarter at least, two years at most: as many weeks as
keep its days about square when they fill the chart's height."""


class CalendarChart(Chart):
    """The last weeks, a column each (Monday on top, the weekdays named at the left,
    the months above): a square per day, darker for more games, green when one was
    won; the deal of the day as a gold dot (filled when won), the running streak of
    days played outlined; a legend below.  The days fill the chart both ways: the
    height sets their size, the width how many weeks are shown."""

    def __init__(self) -> None:
        super().__init__(_("Games per day"), "calendarChart")
        self.calendar: Calendar | None = None
        self.weeks = MIN_WEEKS
        monday = datetime.date(2024, 1, 1)  # (any Monday: the weekdays' names, made once)
        self.weekdays = [format_date(monday + datetime.timedelta(days=d), "EEE") for d in range(7)]
        self._month_names: dict[tuple[int, int, bool], str] = {}
        self.setMinimumSize(420, 200)

    def show_calendar(self, shown: Calendar) -> None:
        self.calendar, self.empty = shown, not shown.days
        self.update()

    def legend(self) -> list[str]:
        return [_("Played"), _("Won"), _("Deal of the day"), _("Streak")]

    def grid(self) -> tuple[QRectF, int]:
        """Where the days go, and how many weeks across."""
        metrics = self.fontMetrics()
        line = metrics.height()
        left = 8 + max(metrics.horizontalAdvance(n) for n in self.weekdays) + 6
        top = 6 + line + 4
        bottom = line + 14  # the legend
        area = QRectF(left, top, self.width() - left - 10, self.height() - top - bottom)
        tall = max(area.height() / 7, 1.0)
        weeks = max(MIN_WEEKS, min(MAX_WEEKS, round(area.width() / tall)))
        return area, weeks

    def draw(self, painter: QPainter, text: QColor) -> None:
        shown = self.calendar
        assert shown is not None
        area, self.weeks = self.grid()
        weeks = self.weeks
        wide, tall = area.width() / weeks, area.height() / 7
        monday = shown.today - datetime.timedelta(days=shown.today.weekday() + 7 * (weeks - 1))
        busiest = max((d.played for d in shown.days.values()), default=1) or 1
        streak = set(shown.streak)
        self._weekdays(painter, text, area, tall, monday)
        self._months(painter, text, area, wide, monday, weeks)
        for week in range(weeks):
            for weekday in range(7):
                day = monday + datetime.timedelta(days=week * 7 + weekday)
                if day > shown.today:
                    break
                rect = QRectF(
                    area.left() + week * wide + 1,
                    area.top() + weekday * tall + 1,
                    wide - 2,
                    tall - 2,
                )
                self._day(
                    painter,
                    rect,
                    shown.days.get(day, Day(0, 0, None)),
                    busiest,
                    text,
                    day in streak,
                )
        self._legend(painter, text, area)

    def _weekdays(
        self, painter: QPainter, text: QColor, area: QRectF, tall: float, monday: datetime.date
    ) -> None:
        # every day named when a line fits in a day's height, else Monday, Wednesday, Friday
        every = 1 if tall >= self.fontMetrics().height() else 2
        painter.setPen(text)
        for weekday in range(0, 7, every):
            name = self.weekdays[weekday]
            painter.drawText(
                QRectF(4, area.top() + weekday * tall, area.left() - 10, tall),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                name,
            )

    def _months(
        self,
        painter: QPainter,
        text: QColor,
        area: QRectF,
        wide: float,
        monday: datetime.date,
        weeks: int,
    ) -> None:
        # a month is named over the week its 1st falls in; with its year in January
        # and at the first name, and skipped where it would overlap the one before
        metrics = self.fontMetrics()
        free_from = area.left()
        first = True
        for week in range(weeks):
            start = monday + datetime.timedelta(days=7 * week)
            end = start + datetime.timedelta(days=6)
            if week and start.month == end.month and start.day != 1:
                continue
            day = end.replace(day=1) if week else start
            label = self._month(day, first or day.month == 1)
            x = area.left() + week * wide + 1
            if x < free_from:
                continue
            painter.drawText(
                QRectF(x, 4, metrics.horizontalAdvance(label) + 4, metrics.height()),
                Qt.AlignmentFlag.AlignLeft,
                label,
            )
            free_from = x + metrics.horizontalAdvance(label) + 12
            first = False

    def _month(self, day: datetime.date, with_year: bool) -> str:
        key = (day.year, day.month, with_year)
        found = self._month_names.get(key)
        if found is None:
            found = self._month_names[key] = format_date(day, "LLL y" if with_year else "LLL")
        return found

    def _legend(self, painter: QPainter, text: QColor, area: QRectF) -> None:
        metrics = self.fontMetrics()
        size = metrics.height() * 0.8
        y = area.bottom() + 8
        x = area.left()
        played, won, daily, streak = self.legend()
        samples = (
            (Day(1, 0, None), False, played),
            (Day(1, 1, None), False, won),
            (Day(0, 0, "won"), False, daily),
            (Day(0, 0, None), True, streak),
        )
        for day, in_streak, label in samples:
            self._day(painter, QRectF(x, y, size, size), day, 2, text, in_streak)
            painter.setPen(text)
            width = metrics.horizontalAdvance(label) + 4
            painter.drawText(
                QRectF(x + size + 5, y - 2, width, metrics.height()),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                label,
            )
            x += size + 5 + width + 16

    @staticmethod
    def _day(
        painter: QPainter, rect: QRectF, day: Day, busiest: int, text: QColor, in_streak: bool
    ) -> None:
        colour = QColor(WON if day.won else PLAYED)
        colour.setAlpha(40 if not day.played else 90 + round(165 * day.played / busiest))
        painter.setPen(QPen(text, 2) if in_streak else Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawRect(rect)
        if day.daily is not None:
            radius = min(rect.width(), rect.height()) / 4
            painter.setPen(QPen(DAILY, 2))
            painter.setBrush(DAILY if day.daily == "won" else Qt.BrushStyle.NoBrush)
            painter.drawEllipse(rect.center(), radius, radius)
