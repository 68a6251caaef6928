"""Statistics arithmetic: per variant, streaks, bests only from wins, per-deal records."""

from __future__ import annotations

import pytest

from freecell.storage import Statistics, record_result, reset_variant
from freecell.storage.statistics import DealRecord, VariantStats


def _play(results: str, variant: str = "freecell", stats: Statistics | None = None) -> Statistics:
    """``"WWL"``: a win, a win, a loss, on deals 1, 2, 3 ..."""
    stats = stats or Statistics()
    for i, r in enumerate(results, 1):
        stats = record_result(stats, variant, i, r == "W", 100 + i, 60.0 + i)
    return stats


@pytest.mark.parametrize(
    ("results", "current_w", "current_l", "longest_w", "longest_l"),
    [
        ("", 0, 0, 0, 0),
        ("W", 1, 0, 1, 0),
        ("L", 0, 1, 0, 1),
        ("WWWLW", 1, 0, 3, 1),
        ("LLWLLL", 0, 3, 1, 3),
        ("WWLLLWWWWL", 0, 1, 4, 3),
    ],
)
def test_streaks(
    results: str, current_w: int, current_l: int, longest_w: int, longest_l: int
) -> None:
    s = _play(results).for_variant("freecell")
    assert (s.current_win_streak, s.current_loss_streak) == (current_w, current_l)
    assert (s.longest_win_streak, s.longest_loss_streak) == (longest_w, longest_l)
    assert s.played == len(results)
    assert s.won == results.count("W")
    assert s.lost == results.count("L")


def test_win_rate() -> None:
    assert VariantStats().win_rate == 0.0
    assert _play("WWWL").for_variant("freecell").win_rate == pytest.approx(0.75)


def test_time_and_moves_count_only_from_won_games() -> None:
    stats = Statistics()
    stats = record_result(stats, "freecell", 7, False, 5, 3.0)  # fast, few moves, lost
    s = stats.for_variant("freecell")
    assert s.fastest_win is None and s.fewest_moves is None
    assert s.deals[7] == DealRecord(7, played=1, won=0, best_moves=None, best_seconds=None)
    stats = record_result(stats, "freecell", 7, True, 120, 300.0)
    stats = record_result(stats, "freecell", 8, True, 90, 400.0)
    stats = record_result(stats, "freecell", 7, False, 1, 1.0)
    s = stats.for_variant("freecell")
    assert s.fastest_win == 300.0
    assert s.fewest_moves == 90
    assert s.deals[7] == DealRecord(7, played=3, won=1, best_moves=120, best_seconds=300.0)
    assert s.deals[8].beaten
    assert s.beaten_deals() == [7, 8]


def test_best_score_counts_every_game_and_ignores_none() -> None:
    stats = record_result(Statistics(), "freecell", 1, False, 10, 10.0, score=-52)
    assert stats.for_variant("freecell").best_score == -52
    stats = record_result(stats, "freecell", 2, True, 10, 10.0, score=None)
    assert stats.for_variant("freecell").best_score == -52
    stats = record_result(stats, "freecell", 3, False, 10, 10.0, score=30)
    assert stats.for_variant("freecell").best_score == 30


def test_each_variant_keeps_its_own_figures() -> None:
    stats = _play("WWW", "freecell")
    stats = _play("LL", "two-cell", stats)
    assert stats.for_variant("freecell").current_win_streak == 3
    assert stats.for_variant("two-cell").current_loss_streak == 2
    assert stats.for_variant("two-cell").fastest_win is None
    assert stats.for_variant("bakers-game") == VariantStats()


def test_a_typed_in_board_counts_but_has_no_deal_record() -> None:
    stats = record_result(Statistics(), "freecell", None, True, 80, 50.0)
    s = stats.for_variant("freecell")
    assert s.won == 1 and s.deals == {}


def test_reset_wipes_one_variant_only() -> None:
    stats = _play("WL", "freecell")
    stats = _play("W", "two-cell", stats)
    after = reset_variant(stats, "freecell")
    assert after.for_variant("freecell") == VariantStats()
    assert after.for_variant("two-cell") == stats.for_variant("two-cell")


def test_arithmetic_does_not_mutate_its_input() -> None:
    before = _play("W")
    snapshot = before.for_variant("freecell")
    record_result(before, "freecell", 1, False, 1, 1.0)
    assert before.for_variant("freecell") == snapshot
    assert before.for_variant("freecell").deals[1].played == 1
