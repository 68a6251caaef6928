"""``freecell-cli solve``: text and JSON verdicts, and bad input as one line, exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from freecell.cli import main
from freecell.engine import FREECELL, apply_move, deal, format_board, parse_moves

from conftest import require_fc_solve


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_prints_a_line_that_wins(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "1")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("solved in ")
    position = deal(1, FREECELL)
    for move in parse_moves(lines[1]):
        position = apply_move(position, move)
    assert position.is_won
    assert lines[2].startswith("states: ") and lines[3].startswith("seconds: ")


def test_solve_json_has_exactly_the_agreed_keys(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "1", "--json", "--mode", "short")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"verdict", "moves", "states", "seconds"}
    assert data["verdict"] == "solved" and data["moves"] and data["states"] > 0


def test_solve_an_unsolvable_board_from_a_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from freecell.engine import BAKERS_GAME

    path = tmp_path / "baker-10.txt"
    path.write_text(format_board(deal(10, BAKERS_GAME)))
    code, out, _ = run(capsys, "solve", "--board", str(path), "--variant", "bakers-game", "--json")
    assert code == 0
    assert json.loads(out)["verdict"] == "unsolvable"


def test_a_short_timeout_is_an_honest_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "11982", "--timeout", "0.05", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["verdict"] == "unknown" and data["moves"] == []


def test_solve_with_fc_solve(capsys: pytest.CaptureFixture[str]) -> None:
    require_fc_solve()
    code, out, _ = run(capsys, "solve", "617", "--backend", "fc-solve", "--json")
    assert code == 0 and json.loads(out)["verdict"] == "solved"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "0"], "out of range"),
        (["solve", "abc"], "not a deal number"),
        (["solve"], "give a deal number or --board FILE"),
        (["solve", "1", "--board", "x.txt"], "not both"),
        (["solve", "1", "--backend", "nope"], "unknown solver backend 'nope'"),
        (["solve", "1", "--timeout", "soon"], "not a number of seconds"),
        (["solve", "1", "--timeout", "0"], "positive number"),
        # the number read, not the text typed (which may end in a line break)
        (["solve", "1", "--timeout", " -1.5\n"], "positive number of seconds, not -1.5"),
        (["solve", "1", "--timeout", "inf"], "'inf' is not a number of seconds"),
        (["solve", "1", "--timeout", "nan"], "'nan' is not a number of seconds"),
        (["solve", "1", "--timeout", "9" * 400 + "s"], "'" + "9" * 40 + "' is not a number"),
        (["solve", "1", "--variant", "nope"], "nope"),
        (["solve", "--board", "/nonexistent/board.txt"], "cannot read"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and message in err


def test_an_unavailable_backend_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from freecell.solver.fcsolve import FcSolveBackend

    monkeypatch.setattr(FcSolveBackend, "available", lambda self: False)
    code, _, err = run(capsys, "solve", "1", "--backend", "fc-solve")
    assert code == 2 and "not available" in err and len(err.strip().splitlines()) == 1
