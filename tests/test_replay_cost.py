"""Replaying a long game costs the same for each move (issue 36, finding 10: a
341,000-move list took 31.7 s).  Counted in Python function calls, not seconds, so
the test says the same on a busy machine; benchmarks/replay.py has the seconds."""

from __future__ import annotations

import sys
from pathlib import Path
from types import FrameType

import pytest

from freecell.cli import main
from freecell.engine import FREECELL, Game, parse_moves
from freecell.engine import game as game_module
from long_replay import DEAL, PREFIX, long_move_list


def _calls_to_replay(path: Path, quiet: bool) -> int:
    calls = 0

    def count(_frame: FrameType, event: str, _arg: object) -> None:
        nonlocal calls
        if event in ("call", "c_call"):
            calls += 1

    argv = ["replay", str(DEAL), "--moves", str(path), *(["-q"] if quiet else [])]
    sys.setprofile(count)
    try:
        code = main(argv)
    finally:
        sys.setprofile(None)
    assert code == 0
    return calls


@pytest.mark.parametrize("quiet", [True, False])
def test_each_move_of_a_replay_costs_the_same(
    tmp_path: Path, quiet: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    sizes = (26, 2_026, 4_026, 6_026)  # the first pays for what is done once (imports)
    costs = []
    for size in sizes:
        path = tmp_path / f"moves-{size}.txt"
        path.write_text(long_move_list(size))
        costs.append(_calls_to_replay(path, quiet))
        capsys.readouterr()
    first, second = costs[2] - costs[1], costs[3] - costs[2]
    assert abs(first - second) <= 2  # linear: 2,000 more moves cost the same each time
    # a few dozen calls a move (main before issue 36: 93, asking after every move
    # whether any legal move was left)
    assert first / 2_000 < 60


def test_a_replay_asks_once_whether_a_legal_move_is_left(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked = 0
    real = game_module.has_legal_move

    def counted(*args: object) -> bool:
        nonlocal asked
        asked += 1
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(game_module, "has_legal_move", counted)
    game = Game(FREECELL, DEAL)
    moves = parse_moves(long_move_list(1_000))

    assert game.play_all(moves) == (1_000, None)
    assert asked == 1
    assert game.move_count == 1_000 and [str(m) for m in game.path] == [str(m) for m in moves]


def test_play_all_stops_at_the_first_refusal_as_play_does() -> None:
    moves = parse_moves(" ".join(PREFIX[:3]) + " 1h " + " ".join(PREFIX[3:]))
    by_play = Game(FREECELL, DEAL)
    refused = None
    for move in moves:
        refused = by_play.play(move)
        if not hasattr(refused, "moves"):
            break
    game = Game(FREECELL, DEAL)

    played, refusal = game.play_all(moves)

    assert played == 3 and refusal == refused
    assert game.position == by_play.position and game.move_count == 3


def test_a_refused_first_move_keeps_the_redo_steps_as_play_does() -> None:
    moves = parse_moves(" ".join(PREFIX[:3]))
    game = Game(FREECELL, DEAL)
    game.play_all(moves)
    game.undo()

    assert game.play_all(parse_moves("1h")) == (0, game.play(parse_moves("1h")[0]))
    assert game.can_redo and game.move_count == 2


def test_the_moves_of_a_list_are_parsed_once_each() -> None:
    moves = parse_moves(long_move_list(100))
    assert moves[26] is moves[28] and str(moves[26]) == "18"
