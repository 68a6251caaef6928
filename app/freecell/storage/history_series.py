"""The figures the Statistics window's charts draw, derived from history rows.

Kept apart from the drawing so the charts and their tables (the same figures for
a screen reader) cannot disagree, and so they are tested without Qt.  Days are the
player's local calendar days of when a game ended; only finished games count.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from freecell.storage.history_rows import GameRow
from freecell.storage.history_stats import DailyFigures, daily_figures

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


def day_of(seconds: float) -> datetime.date:
    """The local calendar day of a Unix time."""
    return datetime.datetime.fromtimestamp(seconds).date()


def _finished(rows: Iterable[GameRow]) -> list[GameRow]:
    return [r for r in rows if r.finished and r.ended is not None]


def win_rate(rows: Iterable[GameRow]) -> WinRate:
    """The share of games won in each day or week, and the running share so far."""
    done = sorted(_finished(rows), key=lambda r: r.ended or 0.0)
    if not done:
        return WinRate(False, ())
    first, last = day_of(done[0].ended or 0.0), day_of(done[-1].ended or 0.0)
    weekly = (last - first).days > DAY_BUCKETS_UP_TO
    buckets: dict[datetime.date, list[int]] = {}
    for row in done:
        day = day_of(row.ended or 0.0)
        if weekly:
            day -= datetime.timedelta(days=day.weekday())
        counts = buckets.setdefault(day, [0, 0])
        counts[0] += 1
        counts[1] += row.won
    points: list[RatePoint] = []
    total_played = total_won = 0
    for day in sorted(buckets):
        played, won = buckets[day]
        total_played += played
        total_won += won
        points.append(RatePoint(day, played, won, total_played, total_won))
    return WinRate(weekly, tuple(points))


def won_games(rows: Iterable[GameRow]) -> tuple[WinPoint, ...]:
    return tuple(
        WinPoint(r.move_count, r.seconds, r.deal, day_of(r.ended or 0.0), r.own)
        for r in _finished(rows)
        if r.won
    )


def calendar(rows: Sequence[GameRow], today: datetime.date) -> Calendar:
    """Games per day, the deal of the day's days, and the streak of days played."""
    days: dict[datetime.date, list[int]] = {}
    for row in _finished(rows):
        counts = days.setdefault(day_of(row.ended or 0.0), [0, 0])
        counts[0] += 1
        counts[1] += row.won
    figures = daily_figures(rows, today)
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
