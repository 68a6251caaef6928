"""Game > Deal of the day: the same FreeCell deal for every player on the same date
(:func:`freecell.analysis.daily.daily_deal`, dealt by ``Session.play_daily``, which
marks the game in the history).  The message bar says the date, the deal and the
player's streak of days; the per-day record and the streak are drawn in the
Statistics window's calendar."""

from __future__ import annotations

from PySide6.QtGui import QAction

from freecell.analysis.daily import today
from freecell.i18n import _, ngettext
from freecell.i18n.formatting import format_date
from freecell.storage.history_stats import daily_figures
from freecell.ui.panels.results import format_time
from freecell.ui.shell.door import Door, Doorway, MessageKind, door_of


def daily_words(door: Door, number: int) -> str:
    """ "Deal of the day, 2 Dec 2026: deal #1234." and the player's record of it."""
    day = today()
    words = [
        _("Deal of the day, {date}: deal #{number}.").format(date=format_date(day), number=number)
    ]
    storage = door.session.storage
    if storage is not None:
        figures = daily_figures(storage.history.daily_rows(), day)
        best = figures.records.get(day.isoformat())
        if best is not None:
            words.append(
                _("Today's best: {time}, {moves} moves.").format(
                    time=format_time(best.seconds), moves=best.move_count
                )
            )
        n = figures.days_played_streak
        if n:
            words.append(
                ngettext("Played {n} day in a row.", "Played {n} days in a row.", n).format(n=n)
            )
    return " ".join(words)


class DailyDeal:
    """The menu entry; ``play`` deals today's deal and says so."""

    def __init__(self, door: Door) -> None:
        self.door = door
        self.action = QAction(_("Deal of t&he day"), door.host)
        self.action.setObjectName("dailyAction")
        self.action.setToolTip(_("Today's deal: the same for every player on this date"))
        self.action.setStatusTip(self.action.toolTip())
        self.action.triggered.connect(lambda _c=False: self.play())
        door.add_action(self.action)

    def play(self) -> int:
        door = self.door
        door.stop_auto_finish()
        number = door.session.play_daily()
        door.say(daily_words(door, number), MessageKind.INFO, timeout_ms=8000)
        door.focus_table()
        return number


def install_daily(doorway: Doorway) -> DailyDeal:
    door = door_of(doorway)
    return door.register(DailyDeal(door))
