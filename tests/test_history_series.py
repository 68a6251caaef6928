"""The figures the Statistics window's charts draw (Qt-free): per day or week, the
won games' points, games per day, the streak of days and the deal of the day."""

from __future__ import annotations

import datetime

from freecell.storage.history_rows import GameRow, Result
from freecell.storage.history_series import calendar, day_of, win_rate, won_games

TODAY = datetime.date(2026, 12, 2)


def _noon(day: datetime.date) -> float:
    return datetime.datetime(day.year, day.month, day.day, 12).timestamp()


def _row(
    n: int, day: datetime.date, result: Result, *, hints: int = 0, daily: str | None = None
) -> GameRow:
    end = _noon(day)
    return GameRow(
        f"g{n}", "freecell", n, None, end - 60, end, 60.0 + n, 80 + n, ("3a",), result,
        None, hints, 0, "dealt", daily,
    )  # fmt: skip


def test_win_rate_by_day_then_by_week() -> None:
    d = TODAY
    rows = [
        _row(1, d - datetime.timedelta(2), Result.WON),
        _row(2, d - datetime.timedelta(2), Result.LOST),
        _row(3, d, Result.WON),
        _row(4, d, Result.ABANDONED),
    ]
    series = win_rate(rows)
    assert not series.weekly
    assert [(p.start, p.played, p.won, p.total_played, p.total_won) for p in series.points] == [
        (d - datetime.timedelta(2), 2, 1, 2, 1),
        (d, 2, 1, 4, 2),
    ]
    long_ago = _row(5, d - datetime.timedelta(100), Result.WON)
    weekly = win_rate([long_ago, *rows])
    assert weekly.weekly and all(p.start.weekday() == 0 for p in weekly.points)
    assert weekly.points[-1].total_rate == 3 / 5


def test_won_games_are_the_points_and_playing_games_count_nowhere() -> None:
    playing = GameRow("p", "freecell", 9, None, 0.0, None, 5.0, 3, (), Result.PLAYING,
                      None, 0, 0, "dealt")  # fmt: skip
    helped = _row(2, TODAY, Result.WON, hints=1)
    points = won_games([_row(1, TODAY, Result.WON), helped, _row(3, TODAY, Result.LOST), playing])
    assert [(p.deal, p.moves, p.own) for p in points] == [(1, 81, True), (2, 82, False)]
    assert win_rate([playing]).points == ()


def test_calendar_counts_days_the_streak_and_the_daily_deal() -> None:
    day = datetime.timedelta(days=1)
    rows = [
        _row(1, TODAY - 5 * day, Result.WON),
        _row(2, TODAY - 2 * day, Result.LOST, daily=(TODAY - 2 * day).isoformat()),
        _row(3, TODAY - day, Result.WON, daily=(TODAY - day).isoformat()),
        _row(4, TODAY - day, Result.LOST),
    ]
    shown = calendar(rows, TODAY)
    assert shown.streak == (TODAY - 2 * day, TODAY - day)  # today not played yet
    assert shown.days[TODAY - day].played == 2 and shown.days[TODAY - day].won == 1
    assert shown.days[TODAY - day].daily == "won"
    assert shown.days[TODAY - 2 * day].daily == "played"
    assert shown.days[TODAY - 5 * day].daily is None
    assert shown.daily.days_played_streak == 2 and shown.daily.days_won_streak == 1
    assert day_of(_noon(TODAY)) == TODAY


def test_the_digest_gives_each_variant_the_series_of_its_rows_from_one_pass() -> None:
    from freecell.storage.history_series import HistoryDigest

    day = datetime.timedelta(days=1)
    rows = [
        _row(1, TODAY - 60 * day, Result.WON),
        _row(2, TODAY - 2 * day, Result.LOST, daily=(TODAY - 2 * day).isoformat()),
        _row(3, TODAY - day, Result.WON, hints=1),
    ]
    other = GameRow("b", "bakers-game", 4, None, 0.0, _noon(TODAY), 9.0, 9, (), Result.WON,
                    None, 0, 0, "dealt")  # fmt: skip
    playing = GameRow("p", "freecell", 9, None, 0.0, None, 5.0, 3, (), Result.PLAYING,
                      None, 0, 0, "dealt")  # fmt: skip
    digest = HistoryDigest([*rows, other, playing])
    assert digest.stats.for_variant("freecell").played == 3
    assert digest.newest_first == [other, rows[2], rows[1], rows[0]]
    series = digest.series("freecell", TODAY)
    assert series.win_rate == win_rate(rows)
    assert series.won == won_games(rows)
    assert series.calendar == calendar(rows, TODAY)
    assert digest.series("freecell", TODAY) is series  # made once, then kept
    assert digest.series("bakers-game", TODAY).won == won_games([other])
    assert digest.series("klondike", TODAY).win_rate.points == ()
