"""The figures the Statistics window's charts draw, derived from history rows.

Kept apart from the drawing so the charts and their tables (the same figures for
a screen reader) cannot disagree, and so they are tested without Qt.  Days are the
player's local calendar days of when a game ended; only finished games count.

:class:`HistoryDigest` is the history read once for the Statistics window: the
figures, the games its table lists and each variant's chart series come from one
read and one pass over the rows (a series is made when its variant is first shown,
then kept), where each page used to filter, sort and date the rows again.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from freecell.storage.history import GameHistory
from freecell.storage.history_rows import GameRow
from freecell.storage.history_stats import DailyFigures, daily_figures, derive
from freecell.storage.statistics import Statistics, VariantStats

DAY_BUCKETS_UP_TO = 45
"""Up to this many days between the first and last game, the win rate is drawn
day by day; beyond it, week by week (Monday first)."""


@dataclass(frozen=True, slots=True)
class RatePoint:
    start: datetime.date
    """The day, or the Monday of the week."""
    played: int
    won: int
    total_played: int
    total_won: int

    @property
    def rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    @property
    def total_rate(self) -> float:
        return self.total_won / self.total_played if self.total_played else 0.0


@dataclass(frozen=True, slots=True)
class WinRate:
    weekly: bool
    points: tuple[RatePoint, ...]


@dataclass(frozen=True, slots=True)
class WinPoint:
    """One won game: its moves and time (the scatter of time against moves)."""

    moves: int
    seconds: float
    deal: int | None
    day: datetime.date
    own: bool


@dataclass(frozen=True, slots=True)
class Day:
    played: int
    won: int
    daily: str | None
    """"won" or "played" when the deal of the day was played that day."""


@dataclass(frozen=True, slots=True)
class Calendar:
    today: datetime.date
    days: dict[datetime.date, Day]
    streak: tuple[datetime.date, ...]
    """The days in a row with a game played, back from today (or yesterday)."""
    daily: DailyFigures


@dataclass(frozen=True, slots=True)
class Ended:
    """A finished game and the local day it ended (worked out once)."""

    row: GameRow
    day: datetime.date


@dataclass(frozen=True, slots=True)
class ChartSeries:
    """What the three charts of one variant draw."""

    win_rate: WinRate
    won: tuple[WinPoint, ...]
    calendar: Calendar


def day_of(seconds: float) -> datetime.date:
    """The local calendar day of a Unix time."""
    return datetime.datetime.fromtimestamp(seconds).date()


def ended_games(rows: Iterable[GameRow]) -> list[Ended]:
    """The finished games of ``rows`` with their days, in the order they ended."""
    done = [Ended(r, day_of(r.ended)) for r in rows if r.finished and r.ended is not None]
    done.sort(key=lambda e: e.row.ended or 0.0)  # (the history's order already: a quick pass)
    return done


def win_rate(rows: Iterable[GameRow]) -> WinRate:
    """The share of games won in each day or week, and the running share so far."""
    return win_rate_of(ended_games(rows))


def win_rate_of(done: Sequence[Ended]) -> WinRate:
    if not done:
        return WinRate(False, ())
    weekly = (done[-1].day - done[0].day).days > DAY_BUCKETS_UP_TO
    buckets: dict[datetime.date, list[int]] = {}
    for game in done:
        day = game.day
        if weekly:
            day -= datetime.timedelta(days=day.weekday())
        counts = buckets.setdefault(day, [0, 0])
        counts[0] += 1
        counts[1] += game.row.won
    points: list[RatePoint] = []
    total_played = total_won = 0
    for day in sorted(buckets):
        played, won = buckets[day]
        total_played += played
        total_won += won
        points.append(RatePoint(day, played, won, total_played, total_won))
    return WinRate(weekly, tuple(points))


def won_games(rows: Iterable[GameRow]) -> tuple[WinPoint, ...]:
    return won_games_of(ended_games(rows))


def won_games_of(done: Sequence[Ended]) -> tuple[WinPoint, ...]:
    return tuple(
        WinPoint(g.row.move_count, g.row.seconds, g.row.deal, g.day, g.row.own)
        for g in done
        if g.row.won
    )


def calendar(rows: Sequence[GameRow], today: datetime.date) -> Calendar:
    """Games per day, the deal of the day's days, and the streak of days played."""
    return calendar_of(ended_games(rows), today)


def calendar_of(done: Sequence[Ended], today: datetime.date) -> Calendar:
    days: dict[datetime.date, list[int]] = {}
    for game in done:
        counts = days.setdefault(game.day, [0, 0])
        counts[0] += 1
        counts[1] += game.row.won
    figures = daily_figures((g.row for g in done if g.row.daily is not None), today)
    daily: dict[datetime.date, str] = {}
    for date, best in figures.records.items():
        daily[datetime.date.fromisoformat(date)] = "won" if best is not None else "played"
    for when in daily:
        days.setdefault(when, [0, 0])
    shown = {day: Day(counts[0], counts[1], daily.get(day)) for day, counts in sorted(days.items())}
    streak: list[datetime.date] = []
    day = today if shown.get(today, Day(0, 0, None)).played else today - datetime.timedelta(1)
    while shown.get(day, Day(0, 0, None)).played:
        streak.append(day)
        day -= datetime.timedelta(days=1)
    return Calendar(today, shown, tuple(reversed(streak)), figures)


class HistoryDigest:
    """The history read once: its rows, their figures, the finished games newest
    first (the Games page) and each variant's chart series (made on first ask)."""

    def __init__(
        self,
        rows: Sequence[GameRow],
        legacy: Mapping[str, VariantStats] | None = None,
        resets: Mapping[str, float] | None = None,
    ) -> None:
        self.rows = rows
        self.stats: Statistics = derive(rows, legacy, resets)
        self.ended = ended_games(rows)
        self.newest_first = [g.row for g in reversed(self.ended)]
        self._by_variant: dict[str, list[Ended]] = {}
        for game in self.ended:
            self._by_variant.setdefault(game.row.variant, []).append(game)
        self._series: dict[tuple[str, datetime.date], ChartSeries] = {}

    @classmethod
    def read(cls, history: GameHistory) -> HistoryDigest:
        return cls(history.rows(), history.legacy_totals(), history.resets())

    def variants(self) -> set[str]:
        return set(self._by_variant)

    def series(self, variant: str, today: datetime.date) -> ChartSeries:
        key = (variant, today)
        found = self._series.get(key)
        if found is None:
            done = self._by_variant.get(variant, [])
            found = self._series[key] = ChartSeries(
                win_rate_of(done), won_games_of(done), calendar_of(done, today)
            )
        return found
