"""``freecell-cli daily``: the deal of the day (docs/history.md gives the function),
and, as text, the player's record that day and their streaks of days."""

from __future__ import annotations

import argparse
import datetime
import json

from freecell.analysis.daily import daily_deal, today
from freecell.cli.common import EXIT_OK, CliError
from freecell.cli.history import _duration, _storage, _warn_notices
from freecell.i18n import N_, _
from freecell.storage.history_stats import daily_figures


def _date(text: str) -> datetime.date:
    try:
        if len(text) != 10:
            raise ValueError(text)
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise CliError(
            _("{text!r} is not a date written YYYY-MM-DD").format(text=text[:40])
        ) from None


def cmd_daily(args: argparse.Namespace) -> int:
    day = _date(args.date) if args.date is not None else today()
    number = daily_deal(day)
    if args.json:
        print(json.dumps({"date": day.isoformat(), "deal": number}))
        return EXIT_OK

    storage = _storage()
    figures = daily_figures(storage.history.daily_rows(), today())
    _warn_notices(storage)
    print(_("deal of the day {date}: #{deal}").format(date=day.isoformat(), deal=number))
    key = day.isoformat()
    if key in figures.records:
        best = figures.records[key]
        if best is None:
            print(_("played that day, not won by you alone yet"))
        else:
            print(
                _("your record that day: {time}, {moves} moves").format(
                    time=_duration(best.seconds), moves=best.move_count
                )
            )
    print(
        _("days in a row played: {played}; won: {won}").format(
            played=figures.days_played_streak, won=figures.days_won_streak
        )
    )
    return EXIT_OK


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    daily = sub.add_parser("daily", help=N_("the deal of the day: the same for every player"))
    daily.add_argument(
        "--date", metavar="YYYY-MM-DD", help=N_("another day's deal (default: today)")
    )
    daily.add_argument("--json", action="store_true", help=N_("print one JSON object"))
    daily.set_defaults(run=cmd_daily)
