"""Statistics derived from the history rows: equal to a reference computation over
random game sequences, and honest -- the issue's three ways of gaming them each set
no record, while the player's own game does."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from freecell.engine import (
    FREECELL,
    CommandBus,
    ContinueGame,
    Game,
    Move,
    MoveCards,
    Origin,
    SolutionMove,
    builtin_variant,
)
from freecell.engine.gamefile import (
    format_game,
    format_game_line,
    game_from_record,
    parse_game,
    record_of,
)
from freecell.solver.api import Budget, Solved
from freecell.solver.builtin import BuiltinSolver
from freecell.storage import Storage, StoragePaths
from freecell.storage.history import GameRow, Result
from freecell.storage.history_stats import derive
from freecell.storage.statistics import Statistics, VariantStats, record_result

# -- the property ---------------------------------------------------------------------

_rows = st.builds(
    lambda n, variant, deal, result, origin, hints, solution, seconds, moves, score: GameRow(
        f"g{n}",
        variant,
        deal,
        None if deal is not None else "board",
        float(n),
        float(n) + 1,
        seconds,
        moves,
        (),
        result,
        score,
        hints,
        solution,
        origin,
    ),
    st.integers(0, 10**6),
    st.sampled_from(["freecell", "bakers-game"]),
    st.one_of(st.none(), st.integers(1, 6)),
    st.sampled_from([Result.WON, Result.LOST, Result.ABANDONED, Result.PLAYING]),
    st.sampled_from(["dealt", "file", "pasted", "board"]),
    st.sampled_from([0, 0, 0, 2]),
    st.sampled_from([0, 0, 0, 5]),
    st.floats(1, 5000, allow_nan=False),
    st.integers(1, 300),
    st.one_of(st.none(), st.integers(-500, 5000)),
)


def _reference(rows: list[GameRow], start: Statistics) -> Statistics:
    """Game after game through the old store's arithmetic, the one the statistics
    file has kept since the first release."""
    stats = start
    for row in rows:
        if row.result is Result.PLAYING:
            continue
        stats = record_result(
            stats,
            row.variant,
            row.deal,
            row.result is Result.WON,
            row.move_count,
            row.seconds,
            row.score,
            assisted=not row.own,
            hints=row.hints,
        )
    return stats


def _longest_own_win_run(rows: list[GameRow], variant: str) -> int:
    best = run = 0
    for row in rows:
        if row.variant != variant or row.result is Result.PLAYING:
            continue
        run = run + 1 if row.won and row.own else 0
        best = max(best, run)
    return best


@settings(max_examples=200, deadline=None)
@given(st.lists(_rows, max_size=60), st.integers(0, 3))
def test_statistics_from_rows_equal_the_reference_computation(
    rows: list[GameRow], legacy_wins: int
) -> None:
    legacy = Statistics()
    for n in range(legacy_wins):  # totals migrated from statistics.json come first
        legacy = record_result(legacy, "freecell", 100 + n, True, 90, 300.0, 1000)
    derived = derive(rows, legacy.variants)
    assert derived == _reference(rows, legacy)
    for variant in ("freecell", "bakers-game"):
        figures = derived.for_variant(variant)
        finished = [r for r in rows if r.variant == variant and r.finished]
        base = legacy.for_variant(variant)
        assert figures.played == base.played + len(finished)
        assert figures.won == base.won + sum(r.won for r in finished)
        own_wins = [r for r in finished if r.won and r.own]
        if own_wins:
            assert figures.fastest_win == min(
                [r.seconds for r in own_wins] + ([300.0] if base.won else [])
            )
        elif not base.won:
            assert figures.fastest_win is None and figures.fewest_moves is None
        if not base.won:
            assert figures.longest_win_streak == _longest_own_win_run(rows, variant)


def test_a_reset_counts_only_later_games_and_drops_the_old_totals() -> None:
    legacy = record_result(Statistics(), "freecell", 1, True, 90, 300.0).variants
    row = GameRow(
        "a", "freecell", 2, None, 0.0, 10.0, 60.0, 80, (), Result.WON, None, 0, 0, "dealt"
    )
    later = GameRow(
        "b", "freecell", 3, None, 0.0, 30.0, 70.0, 85, (), Result.LOST, None, 0, 0, "dealt"
    )
    stats = derive([row, later], legacy, {"freecell": 20.0}).for_variant("freecell")
    assert (stats.played, stats.won, stats.fastest_win) == (1, 0, None)


# -- the three dishonest ways of the issue ------------------------------------------------


def _solution(number: int) -> list[Move]:
    verdict = BuiltinSolver().solve(Game(FREECELL, number).start, FREECELL, Budget(500_000, 30))
    assert isinstance(verdict, Solved)
    return list(verdict.moves)


def _storage(tmp_path: Path) -> Storage:
    return Storage(StoragePaths.in_folder(tmp_path))


def _no_record(stats: VariantStats) -> None:
    assert stats.fastest_win is None and stats.fewest_moves is None
    assert stats.beaten_deals() == [] and stats.best_score is None
    assert stats.current_win_streak == 0 and stats.longest_win_streak == 0


def test_a_solution_opened_from_a_file_and_finished_by_hand_sets_no_record(
    tmp_path: Path,
) -> None:
    moves = _solution(617)
    played = Game(FREECELL, 617)
    for move in moves[:-10]:
        played.play(move)
    text = format_game(record_of(played))  # the file holding the solver's moves
    storage = _storage(tmp_path)
    bus = CommandBus(Game(FREECELL, 1))
    storage.follow(bus, lambda _g: 1000)
    bus.dispatch(ContinueGame(game_from_record(parse_game(text, builtin_variant))))
    for move in moves[-10:]:  # ten by hand
        bus.dispatch(MoveCards(move))
    assert bus.game.is_won
    stats = storage.statistics.for_variant("freecell")
    assert (stats.played, stats.won, stats.assisted_wins) == (1, 1, 1)
    _no_record(stats)
    assert storage.history.rows()[0].origin == "file"


def test_a_game_won_by_show_the_solution_sets_no_record(tmp_path: Path) -> None:
    storage = _storage(tmp_path)
    bus = CommandBus(Game(FREECELL, 617))
    storage.follow(bus, lambda _g: 1000)
    for move in _solution(617):
        bus.dispatch(SolutionMove(move))
    assert bus.game.is_won
    stats = storage.statistics.for_variant("freecell")
    assert (stats.played, stats.won, stats.assisted_wins) == (1, 1, 1)
    _no_record(stats)


def test_a_pasted_game_reads_back_into_the_same_deal_and_moves_and_sets_no_record(
    tmp_path: Path,
) -> None:
    moves = _solution(617)
    played = Game(FREECELL, 617)
    for move in moves[:20]:
        played.play(move)
    line = format_game_line(record_of(played))
    assert "\n" not in line and "#617" in line
    record = parse_game(line, builtin_variant)
    assert record.deal_number == 617 and record.variant == FREECELL
    assert [m.notation for m in record.moves] == [m.notation for m in played.path]
    storage = _storage(tmp_path)
    bus = CommandBus(Game(FREECELL, 1))
    storage.follow(bus, lambda _g: 1000)
    bus.dispatch(ContinueGame(game_from_record(record, Origin.PASTED)))
    assert bus.game.position == played.position
    for move in moves[20:]:
        bus.dispatch(MoveCards(move))
    assert bus.game.is_won
    stats = storage.statistics.for_variant("freecell")
    assert (stats.played, stats.won) == (1, 1)
    _no_record(stats)


def test_the_players_own_game_sets_the_records(tmp_path: Path) -> None:
    moves = _solution(617)
    storage = _storage(tmp_path)
    bus = CommandBus(Game(FREECELL, 617))
    storage.follow(bus, lambda _g: 1000)
    for move in moves:
        bus.dispatch(MoveCards(move))
    stats = storage.statistics.for_variant("freecell")
    assert stats.fewest_moves == len(moves) and stats.beaten_deals() == [617]
    assert stats.best_score == 1000 and stats.current_win_streak == 1
    assert stats.fastest_win is not None
