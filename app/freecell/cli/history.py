"""``freecell-cli history`` and ``freecell-cli stats``: the game history and the
statistics derived from it (docs/history.md), as text, JSON or CSV.

Reading makes no database: before the first game there is simply none to show.
A damaged database is moved aside and said on stderr as a warning, as the window
says it; the command goes on with an empty history.
"""

from __future__ import annotations

import argparse
import json
import sys

from freecell.cli.common import EXIT_OK, CliError
from freecell.core.notice_words import notice_text
from freecell.i18n import N_, _
from freecell.storage import Storage
from freecell.storage.history_export import iso_time, row_json, write_csv
from freecell.storage.statistics import VariantStats


def _variant_id(text: str) -> str:
    if not text or len(text) > 200 or any(c.isspace() for c in text):
        raise CliError(_("{text!r} is not a variant id").format(text=text[:40]))
    return text


def _storage() -> Storage:
    return Storage()


def _warn_notices(storage: Storage) -> None:

    for notice in storage.take_notices():
        message = notice_text(notice)
        print(_("freecell-cli: warning: {message}").format(message=message), file=sys.stderr)


def _duration(seconds: float) -> str:
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


_RESULTS = {
    "won": N_("won"),
    "lost": N_("lost"),
    "abandoned": N_("abandoned"),
    "playing": N_("playing"),
}


def cmd_history(args: argparse.Namespace) -> int:
    variant = _variant_id(args.variant) if args.variant is not None else None
    storage = _storage()
    rows = storage.history.rows(variant)
    _warn_notices(storage)
    if args.json:
        print(json.dumps([row_json(r) for r in rows], ensure_ascii=False))
    elif args.csv:
        write_csv(rows, sys.stdout)
    elif not rows:
        print(_("no game played yet"))
    else:
        for row in rows:
            when = (iso_time(row.ended or row.started) or "")[:16].replace("T", " ")
            deal = f"#{row.deal}" if row.deal is not None else _("board")
            mark = "" if row.own else " " + _("(sets no record)")
            print(
                f"{when}  {row.variant}  {deal}  {_(_RESULTS[row.result.value])}  "
                f"{_duration(row.seconds)}  {row.move_count}{mark}"
            )
    return EXIT_OK


def stats_json(stats: VariantStats) -> dict[str, object]:
    """One variant's figures as ``stats --json`` prints them."""
    return {
        "played": stats.played,
        "won": stats.won,
        "lost": stats.lost,
        "win_rate": round(stats.win_rate, 4),
        "current_win_streak": stats.current_win_streak,
        "current_loss_streak": stats.current_loss_streak,
        "longest_win_streak": stats.longest_win_streak,
        "longest_loss_streak": stats.longest_loss_streak,
        "fastest_win": stats.fastest_win,
        "fewest_moves": stats.fewest_moves,
        "best_score": stats.best_score,
        "deals_beaten": stats.beaten_deals(),
        "wins_not_own": stats.assisted_wins,
        "hints_used": stats.hints_used,
    }


_FIGURES = (
    ("played", N_("played")),
    ("won", N_("won")),
    ("win_rate", N_("win rate")),
    ("current_win_streak", N_("current winning streak")),
    ("longest_win_streak", N_("longest winning streak")),
    ("fastest_win", N_("fastest win")),
    ("fewest_moves", N_("fewest moves")),
    ("best_score", N_("best score")),
    ("deals_beaten", N_("deals beaten")),
)


def cmd_stats(args: argparse.Namespace) -> int:
    variant = _variant_id(args.variant) if args.variant is not None else None
    storage = _storage()
    stats = storage.statistics.load()
    _warn_notices(storage)
    chosen = {vid: v for vid, v in stats.variants.items() if variant is None or vid == variant}
    if variant is not None and variant not in chosen:
        chosen[variant] = VariantStats()
    figures = {vid: stats_json(v) for vid, v in sorted(chosen.items())}
    if args.json:
        print(json.dumps({"variants": figures}, ensure_ascii=False))
        return EXIT_OK
    if not figures:
        print(_("no game played yet"))
    for vid, data in figures.items():
        print(vid)
        for key, label in _FIGURES:
            value = data[key]
            if key == "deals_beaten":
                shown = str(len(value))  # type: ignore[arg-type]
            elif key == "fastest_win":
                shown = _duration(value) if isinstance(value, float) else "-"
            elif key == "win_rate":
                shown = f"{round(100 * float(value))} %"  # type: ignore[arg-type]
            else:
                shown = "-" if value is None else str(value)
            print(f"  {_(label)}: {shown}")
    return EXIT_OK


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    history = sub.add_parser("history", help=N_("list the games played, newest last"))
    history.add_argument("--variant", metavar="ID", help=N_("only the games of this variant"))
    form = history.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true", help=N_("print one JSON list"))
    form.add_argument("--csv", action="store_true", help=N_("print CSV with a header row"))
    history.set_defaults(run=cmd_history)


def register_stats(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    stats = sub.add_parser(
        "stats", help=N_("the statistics of each variant, derived from the game history")
    )
    stats.add_argument("--variant", metavar="ID", help=N_("only this variant"))
    stats.add_argument("--json", action="store_true", help=N_("print one JSON object"))
    stats.set_defaults(run=cmd_stats)
