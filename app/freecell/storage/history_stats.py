"""Statistics derived from the game history: nothing is counted twice or kept apart.

Each variant's figures are a fold over its finished games in the order they ended,
starting from the totals migrated from the old ``statistics.json`` (those games
have no rows, but their figures stay part of the player's).  The arithmetic is
:func:`freecell.storage.statistics.record_result`'s, game for game (the property
test holds the two equal), done here with mutable tallies so that 10,000 games
cost one pass.  The honesty rules (docs/history.md):

* every finished game counts as played, and as won or lost;
* records (fastest win, fewest moves, best score, deals beaten) and winning
  streaks come only from the player's own games -- dealt here, played from the
  first move, no hint, no stepper (:attr:`GameRow.own`);
* a game that is not their own never extends a winning streak and ends one (a
  hint asked in a losing game cannot launder the loss); any loss ends a winning
  streak and extends a losing one.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from freecell.engine.game import new_game_id
from freecell.storage.history import GameHistory, GameRow, Result
from freecell.storage.statistics import (
    MAX_COUNT,
    DealRecord,
    Statistics,
    VariantStats,
)

N = TypeVar("N", int, float)


@dataclass
class _Deal:
    played: int = 0
    won: int = 0
    assisted: int = 0
    best_moves: int | None = None
    best_seconds: float | None = None


@dataclass
class _Tally:
    """One variant's figures while the fold runs."""

    played: int = 0
    won: int = 0
    assisted_wins: int = 0
    hints_used: int = 0
    win_streak: int = 0
    loss_streak: int = 0
    longest_win: int = 0
    longest_loss: int = 0
    best_score: int | None = None
    fastest_win: float | None = None
    fewest_moves: int | None = None
    deals: dict[int, _Deal] = field(default_factory=dict)

    @classmethod
    def of(cls, stats: VariantStats) -> _Tally:
        return cls(
            stats.played,
            stats.won,
            stats.assisted_wins,
            stats.hints_used,
            stats.current_win_streak,
            stats.current_loss_streak,
            stats.longest_win_streak,
            stats.longest_loss_streak,
            stats.best_score,
            stats.fastest_win,
            stats.fewest_moves,
            {
                n: _Deal(r.played, r.won, r.assisted, r.best_moves, r.best_seconds)
                for n, r in stats.deals.items()
            },
        )

    def add(self, row: GameRow) -> None:
        won, own = row.won, row.own
        self.played += 1
        self.won += won
        self.assisted_wins += won and not own
        self.hints_used = min(MAX_COUNT, self.hints_used + max(0, row.hints))
        if won and own:
            self.win_streak, self.loss_streak = self.win_streak + 1, 0
        elif won:
            self.win_streak, self.loss_streak = 0, 0
        else:
            self.win_streak, self.loss_streak = 0, self.loss_streak + 1
        self.longest_win = max(self.longest_win, self.win_streak)
        self.longest_loss = max(self.longest_loss, self.loss_streak)
        if own and row.score is not None:
            self.best_score = _max(self.best_score, row.score)
        record = won and own
        if record:
            self.fastest_win = _min(self.fastest_win, row.seconds)
            self.fewest_moves = _min(self.fewest_moves, row.move_count)
        if row.deal is not None:
            deal = self.deals.setdefault(row.deal, _Deal())
            deal.played += 1
            deal.won += won
            deal.assisted += won and not own
            if record:
                deal.best_moves = _min(deal.best_moves, row.move_count)
                deal.best_seconds = _min(deal.best_seconds, row.seconds)

    def figures(self, extra: Mapping[str, object]) -> VariantStats:
        return VariantStats(
            played=self.played,
            won=self.won,
            current_win_streak=self.win_streak,
            current_loss_streak=self.loss_streak,
            longest_win_streak=self.longest_win,
            longest_loss_streak=self.longest_loss,
            best_score=self.best_score,
            fastest_win=self.fastest_win,
            fewest_moves=self.fewest_moves,
            deals={
                n: DealRecord(n, d.played, d.won, d.best_moves, d.best_seconds, d.assisted)
                for n, d in sorted(self.deals.items())
            },
            extra=dict(extra),
            assisted_wins=self.assisted_wins,
            hints_used=self.hints_used,
        )


def _min(old: N | None, new: N) -> N:
    return new if old is None or new < old else old


def _max(old: int | None, new: int) -> int:
    return new if old is None or new > old else old


def derive(
    rows: Iterable[GameRow],
    legacy: Mapping[str, VariantStats] | None = None,
    resets: Mapping[str, float] | None = None,
) -> Statistics:
    """The statistics of ``rows`` (in the order they ended), on top of the old
    file's ``legacy`` totals; a variant reset at time *t* counts only games ended
    after *t* and none of its old totals."""
    resets = resets or {}
    tallies: dict[str, _Tally] = {}
    extras: dict[str, Mapping[str, object]] = {}
    for variant, stats in (legacy or {}).items():
        if variant not in resets:
            tallies[variant] = _Tally.of(stats)
            extras[variant] = stats.extra
    for row in rows:
        if row.result is Result.PLAYING or row.ended is None:
            continue
        reset = resets.get(row.variant)
        if reset is not None and row.ended <= reset:
            continue
        tally = tallies.get(row.variant)
        if tally is None:
            tally = tallies[row.variant] = _Tally()
        tally.add(row)
    return Statistics({v: t.figures(extras.get(v, {})) for v, t in sorted(tallies.items())})


class HistoryStatistics:
    """The statistics the Statistics dialog and the command line show: derived from
    the history each time they are read (``load``), never stored apart."""

    def __init__(self, history: GameHistory) -> None:
        self.history = history

    @property
    def path(self) -> Path:
        return self.history.path

    def load(self) -> Statistics:
        return derive(self.history.rows(), self.history.legacy_totals(), self.history.resets())

    def for_variant(self, variant_id: str) -> VariantStats:
        return self.load().for_variant(variant_id)

    def reset(self, variant_id: str) -> Statistics:
        """Start the variant's figures afresh (its games stay in the history)."""
        self.history.reset(variant_id)
        return self.load()

    def record(
        self,
        variant_id: str,
        deal_number: int | None,
        won: bool,
        moves: int,
        seconds: float,
        score: int | None = None,
        *,
        assisted: bool = False,
        hints: int = 0,
    ) -> Statistics:
        """Add one finished game as a row (what the old store's ``record`` did); a
        game recorded this way was dealt here, and ``assisted`` marks it helped."""
        now = datetime.datetime.now(datetime.UTC).timestamp()
        self.history.add(
            GameRow(
                new_game_id(),
                variant_id,
                deal_number,
                None,
                now - seconds,
                now,
                seconds,
                moves,
                (),
                Result.WON if won else Result.LOST,
                score,
                hints,
                1 if assisted and hints == 0 else 0,
                "dealt",
            )
        )
        return self.load()


@dataclass(frozen=True, slots=True)
class DailyFigures:
    """The deal of the day in the history: the best own win of each day played
    (``records``: date -> that day's best game, or None when it was not won by
    the player alone), and the streaks of consecutive days up to ``today``."""

    records: dict[str, GameRow | None]
    days_played_streak: int
    days_won_streak: int


def daily_figures(rows: Iterable[GameRow], today: datetime.date) -> DailyFigures:
    """Streaks count back from today, or from yesterday while today's deal is
    still to be played: a streak is not lost before the day is over."""
    records: dict[str, GameRow | None] = {}
    for row in rows:
        if row.daily is None or not row.finished:
            continue
        best = records.get(row.daily)
        if row.won and row.own and (best is None or _better(row, best)):
            records[row.daily] = row
        else:
            records.setdefault(row.daily, None)
    played = set(records)
    won = {day for day, best in records.items() if best is not None}
    return DailyFigures(records, _streak(played, today), _streak(won, today))


def _better(row: GameRow, best: GameRow) -> bool:
    return (row.seconds, row.move_count) < (best.seconds, best.move_count)


def _streak(days: set[str], today: datetime.date) -> int:
    day = today if today.isoformat() in days else today - datetime.timedelta(days=1)
    count = 0
    while day.isoformat() in days:
        count += 1
        day -= datetime.timedelta(days=1)
    return count
