"""Records that mean something (issue 22, item 5): help is counted apart, records
and streaks come from the player's own wins, the win panel and the statistics show
the same time, and the stepper plays the line par counts."""

from __future__ import annotations

from pathlib import Path

from freecell.engine import (
    FREECELL,
    CommandBus,
    CountHint,
    Game,
    MoveCards,
    SolutionMove,
    parse_moves,
)
from freecell.storage import Storage
from freecell.storage.savedgame import game_from_json, game_to_json
from freecell.storage.statistics import (
    Statistics,
    record_result,
    statistics_from_json,
    statistics_to_json,
)
from freecell.ui.dialogs.statistics import figures, format_seconds
from freecell.ui.panels.results import format_time, help_words

SOLUTION_1 = (Path(__file__).parent / "data" / "solution-1.txt").read_text()


def test_help_is_counted_and_sets_no_record() -> None:
    stats = record_result(Statistics(), "freecell", 1, True, 120, 300.0, 900)
    stats = record_result(stats, "freecell", 2, True, 80, 30.0, 1200, assisted=True, hints=3)
    v = stats.for_variant("freecell")
    assert (v.played, v.won, v.assisted_wins, v.hints_used) == (2, 2, 1, 3)
    # the helped win is no record: not the fastest, fewest or best, and it ends the streak
    assert (v.fastest_win, v.fewest_moves, v.best_score) == (300.0, 120, 900)
    assert v.current_win_streak == 0 and v.longest_win_streak == 1
    assert v.current_loss_streak == 0  # and it is not a loss
    assert v.beaten_deals() == [1]  # deal 2 was won only with help
    assert v.deals[2].won == 1 and v.deals[2].assisted == 1 and v.deals[2].best_moves is None
    # the file keeps it
    again = statistics_from_json(statistics_to_json(stats)).for_variant("freecell")
    assert again == v
    rows = dict(figures(v))
    assert rows["Won"] == "2 (1 with help)" and rows["Hints used"] == "3"


def test_the_bus_counts_hints_and_solution_moves_and_a_save_keeps_them() -> None:
    bus = CommandBus(Game(FREECELL, 1))
    moves = parse_moves(SOLUTION_1)
    bus.dispatch(CountHint())
    bus.dispatch(MoveCards(moves[0]))
    bus.dispatch(SolutionMove(moves[1]))
    game = bus.game
    assert (game.hints_used, game.solution_moves, game.assisted) == (1, 1, True)
    back = game_from_json(game_to_json(game))
    assert (back.hints_used, back.solution_moves) == (1, 1)
    assert not Game(FREECELL, 1).assisted


def test_a_won_game_with_help_is_recorded_as_such(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("FREECELL_HOME", str(tmp_path))
    storage = Storage()
    bus = CommandBus(Game(FREECELL, 1))
    for move in parse_moves(SOLUTION_1):
        bus.dispatch(SolutionMove(move))
    assert bus.game.is_won
    stats = storage.record_game(bus.game)
    assert stats is not None
    v = stats.for_variant("freecell")
    assert v.won == 1 and v.assisted_wins == 1
    assert v.fastest_win is None and v.fewest_moves is None and v.current_win_streak == 0


def test_the_win_panel_and_the_statistics_show_the_same_time() -> None:
    for seconds in (33.6, 34.0, 59.99, 75.4, 3599.5):
        assert format_seconds(seconds) == format_time(seconds)
    assert format_time(33.6) == "0:33"


def test_help_in_words() -> None:
    assert help_words(0, 0) == "none: your own win"
    assert help_words(2, 0) == "2 hints: counted apart, no record"
    assert help_words(1, 105) == "the solution (105 moves) and 1 hint: counted apart, no record"


def test_no_legal_move_is_counted_lost_only_when_the_player_leaves(
    tmp_path: Path,
    monkeypatch,  # type: ignore[no-untyped-def]
) -> None:
    from freecell.engine import NewDeal, Undo

    monkeypatch.setenv("FREECELL_HOME", str(tmp_path))
    storage = Storage()
    bus = CommandBus(Game(FREECELL, 617))
    storage.follow(bus)
    for move in parse_moves("3a 3b 3c 4d 82 52 46"):
        bus.dispatch(MoveCards(move))
    assert not bus.game.has_legal_move
    storage.flush()
    assert storage.statistics.for_variant("freecell").played == 0  # not over yet
    bus.dispatch(Undo())  # the player may still go back and play on
    bus.dispatch(NewDeal(1))  # ... or leave: now it is a loss
    storage.flush()
    stats = storage.statistics.for_variant("freecell")
    assert (stats.played, stats.won, stats.current_loss_streak) == (1, 0, 1)


def test_a_deal_won_only_with_help_says_so() -> None:
    from freecell.storage.statistics import DealRecord
    from freecell.ui.dialogs.statistics import _result

    assert _result(DealRecord(1, played=1, won=1, assisted=1)) == "Won with help"
    assert _result(DealRecord(1, played=2, won=2, assisted=1)) == "Won"
    assert _result(DealRecord(1, played=1)) == "Not won yet"
