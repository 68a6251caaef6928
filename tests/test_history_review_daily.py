"""The review of a game (verdicts checked against Freecell Solver), the deal of the
day, and the command line that reaches the history."""

from __future__ import annotations

import datetime
import json
import subprocess
import sys
from pathlib import Path

import pytest

from freecell.analysis.daily import candidates, daily_deal
from freecell.analysis.difficulty import Difficulty
from freecell.analysis.insight import Verdict, WinnabilityTrail
from freecell.analysis.ratings import shipped
from freecell.analysis.review import StepVerdict, path_positions, review_game
from freecell.cli import main
from freecell.engine import FREECELL, CommandBus, Game, Move, MoveCards, deal, parse_moves
from freecell.solver.api import Budget, Solved, Unsolvable
from freecell.storage import Storage
from freecell.storage.history import GameRow, Result
from freecell.storage.history_stats import daily_figures

from conftest import require_fc_solve

# games found by random play that are lost before their end (the builtin search's
# verdicts, checked below against Freecell Solver's)
LOST_GAMES = (
    (1, "4a 3b 6c 8d 18 32 c3 5c 63 6h 6h 3h"),
    (3, "4a 28 8b 3c 5d 23 15 48 64 dh 12 1d 4h 41 42 b4 8b 48 84 b8 4b b4 34v2 7b 72 78 38"),
    (11, "3a 18 2b 5c 2d b8 7b a7 6a ah 2a"),
)


@pytest.mark.fcsolve
@pytest.mark.parametrize(("number", "moves"), LOST_GAMES)
def test_review_verdicts_and_turning_point_agree_with_freecell_solver(
    number: int, moves: str
) -> None:
    require_fc_solve()
    from freecell.solver.fcsolve import FcSolveBackend

    played = parse_moves(moves)
    review = review_game(deal(number, FREECELL), FREECELL, played)
    fc = FcSolveBackend()
    positions = path_positions(deal(number, FREECELL), FREECELL, played)
    theirs = []
    for position in positions[1:]:
        verdict = fc.solve(position, FREECELL, Budget(5_000_000, 60))
        assert isinstance(verdict, Solved | Unsolvable), verdict
        theirs.append(StepVerdict.WINNABLE if isinstance(verdict, Solved) else StepVerdict.LOST)
    assert [m.verdict for m in review.moves] == theirs
    first_lost = theirs.index(StepVerdict.LOST) + 1
    assert review.turning_point == first_lost
    assert review.searches <= 2 + len(played).bit_length()  # halving, not every position


@pytest.mark.fcsolve
def test_review_through_freecell_solver_as_the_players_backend() -> None:
    require_fc_solve()
    from freecell.solver.fcsolve import FcSolveBackend

    number, moves = LOST_GAMES[0]
    review = review_game(deal(number, FREECELL), FREECELL, parse_moves(moves), FcSolveBackend())
    assert review.turning_point == 8


def test_a_won_game_has_no_turning_point_and_costs_no_search() -> None:
    from freecell.solver.builtin import BuiltinSolver

    line = BuiltinSolver().solve(deal(5, FREECELL), FREECELL, Budget(500_000, 30))
    assert isinstance(line, Solved)
    review = review_game(deal(5, FREECELL), FREECELL, line.moves)
    assert review.turning_point is None and review.searches == 0
    assert {m.verdict for m in review.moves} == {StepVerdict.WINNABLE}


def test_review_reads_what_the_trail_already_knows() -> None:
    number, moves = LOST_GAMES[0]
    played = parse_moves(moves)
    positions = path_positions(deal(number, FREECELL), FREECELL, played)
    trail = WinnabilityTrail()
    trail.record(positions[7], Verdict.WINNABLE)
    trail.record(positions[8], Verdict.LOST)
    review = review_game(deal(number, FREECELL), FREECELL, played, trail=trail)
    assert review.turning_point == 8 and review.searches == 0


def test_the_daily_deal_is_the_same_on_two_runs_and_differs_between_dates() -> None:
    day = datetime.date(2026, 3, 14)
    assert daily_deal(day) == daily_deal(day)
    code = "import datetime, sys; from freecell.analysis.daily import daily_deal;"
    code += "print(daily_deal(datetime.date(2026, 3, 14)))"
    other_run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert int(other_run.stdout) == daily_deal(day)
    week = {daily_deal(day + datetime.timedelta(days=n)) for n in range(7)}
    assert len(week) == 7
    rating = shipped().get(daily_deal(day))
    assert rating is not None and rating.winnable and rating.difficulty >= Difficulty.MEDIUM
    assert all(shipped().get(n).difficulty >= Difficulty.MEDIUM for n in candidates()[:50])  # type: ignore[union-attr]


def _daily_row(day: str, won: bool, own: bool, seconds: float = 100.0) -> GameRow:
    return GameRow(
        f"{day}-{won}-{own}-{seconds}", "freecell", 1, None, 0.0, 1.0, seconds, 90, (),
        Result.WON if won else Result.LOST, None, 0 if own else 1, 0, "dealt", day,
    )  # fmt: skip


def test_a_record_per_day_and_streaks_of_days_played_and_won() -> None:
    rows = [
        _daily_row("2026-03-10", True, True),
        _daily_row("2026-03-12", True, True, 300.0),
        _daily_row("2026-03-12", True, True, 200.0),
        _daily_row("2026-03-13", True, False),  # won with a hint: played, not won alone
        _daily_row("2026-03-14", True, True),
    ]
    figures = daily_figures(rows, datetime.date(2026, 3, 14))
    best = figures.records["2026-03-12"]
    assert best is not None and best.seconds == 200.0
    assert figures.records["2026-03-13"] is None
    assert (figures.days_played_streak, figures.days_won_streak) == (3, 1)
    # the day is not over: yesterday's streak still stands until today is played
    later = daily_figures(rows, datetime.date(2026, 3, 15))
    assert (later.days_played_streak, later.days_won_streak) == (3, 1)


def test_the_daily_game_is_marked_in_the_history() -> None:
    from freecell.core import Session

    storage = Storage()
    session = Session(storage=storage)
    number = session.play_daily(datetime.date(2026, 3, 14))
    assert number == daily_deal(datetime.date(2026, 3, 14))
    session.bus.dispatch(MoveCards(Move.parse("1a")))
    (row,) = storage.history.rows()
    assert row.daily == "2026-03-14" and row.deal == number


# -- the command line ------------------------------------------------------------------


def _played_history() -> None:
    storage = Storage()
    bus = CommandBus(Game(FREECELL, 1))
    storage.follow(bus)
    for text in ("5a", "5b"):
        bus.dispatch(MoveCards(Move.parse(text)))
    bus.dispatch(MoveCards(Move.parse("1c")))
    from freecell.engine import NewDeal

    bus.dispatch(NewDeal(2))
    storage.history.close()


def test_cli_history_and_stats_json(capsys: pytest.CaptureFixture[str]) -> None:
    _played_history()
    assert main(["history", "--json"]) == 0
    (game,) = json.loads(capsys.readouterr().out)
    assert game["variant"] == "freecell" and game["deal"] == 1
    assert game["result"] == "abandoned" and game["moves"] == ["5a", "5b", "1c"]
    assert game["own"] is True
    assert main(["stats", "--json", "--variant", "freecell"]) == 0
    figures = json.loads(capsys.readouterr().out)["variants"]["freecell"]
    assert (figures["played"], figures["won"]) == (1, 0)
    assert {"fastest_win", "fewest_moves", "longest_win_streak"} <= set(figures)
    assert main(["history", "--csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("variant,deal,") and "5a 5b 1c" in lines[1]


def test_cli_review_and_daily_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    number, moves = LOST_GAMES[0]
    game = tmp_path / "game.txt"
    game.write_text(f"FreeCell game: freecell #{number}: {moves}\n")
    assert main(["review", str(game), "--json", "--backend", "builtin"]) == 0
    review = json.loads(capsys.readouterr().out)
    assert review["turning_point"] == 8
    assert review["moves"][0] == {"index": 1, "move": "4a", "verdict": "winnable"}
    assert main(["daily", "--date", "2026-03-14", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "date": "2026-03-14",
        "deal": daily_deal(datetime.date(2026, 3, 14)),
    }


@pytest.mark.parametrize(
    "argv",
    [
        ["daily", "--date", "2026-02-30"],
        ["daily", "--date", "tomorrow"],
        ["review", "/nonexistent/game.txt"],
        ["review", "/dev/zero"],
        ["history", "--variant", "two words"],
        ["stats", "--variant", ""],
    ],
)
def test_cli_bad_input_is_one_line_and_exit_2(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.strip().splitlines()) == 1


def test_cli_review_of_a_game_whose_move_does_not_play(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = tmp_path / "game.txt"
    game.write_text("FreeCell game: freecell #1: 5a 5a 5a 5a 5a\n")
    assert main(["review", str(game), "--backend", "builtin"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


class _SaysLost:
    """An untrusted backend that calls every position lost."""

    id = "says-lost"
    name = "Says lost"

    def available(self) -> bool:
        return True

    def solve(self, position: object, variant: object, budget: object = None,
              cancel: object = None, mode: object = None) -> Unsolvable:  # fmt: skip
        return Unsolvable()


def test_a_review_takes_a_workers_guarded_answers_and_guards_any_other() -> None:
    start = Game(FREECELL, 1).start
    moves = parse_moves("3a 3b")
    budget = Budget(states=20_000, seconds=2.0)
    # answers a solver worker guarded already (the window's): taken as they come
    taken = review_game(start, FREECELL, moves, _SaysLost(), budget=budget, guarded=True)
    assert taken.start is StepVerdict.LOST
    # the same backend asked directly: its "unsolvable" is checked by the built-in
    # search, which wins deal 1 or cannot decide: never a proof
    checked = review_game(start, FREECELL, moves, _SaysLost(), budget=budget)
    assert checked.start is not StepVerdict.LOST
