"""freecell-cli: board and replay, and bad input as one line with exit code 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from freecell.cli import main

DEALS = Path(__file__).parent / "data" / "deals"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_board_prints_the_golden_deal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "board", "617")
    assert code == 0 and out == (DEALS / "deal-617.txt").read_text()


def test_board_for_a_variant(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "board", "5", "--variant", "eight-off")
    assert code == 0 and out.startswith("Foundations:") and len(out.splitlines()) == 10


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["board", "0"], "out of range"),
        (["board", "8589934592"], "out of range"),
        (["board", "abc"], "not a deal number"),
        (["board", "1", "--variant", "nope"], "unknown variant"),
        (["replay", "1", "--moves", "/nonexistent/moves.txt"], "cannot read"),
        (["replay", "--moves", "-"], "give a deal number or --board FILE"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_replay_to_won(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text((Path(__file__).parent / "data" / "solution-1.txt").read_text())
    code, out, _ = run(capsys, "replay", "1", "--moves", str(moves))
    assert code == 0 and out.splitlines()[-1] == "won"
    assert out.splitlines()[0] == "1: 5a ok"


def test_replay_stops_at_the_first_illegal_move(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text("5a 5b 12\n")
    code, out, _ = run(capsys, "replay", "1", "--moves", str(moves))
    assert code == 1
    assert out.splitlines()[-1] == "illegal move 3 (12): A black 6 goes on a red 7"


def test_replay_from_a_board_prints_the_final_position(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = tmp_path / "board.txt"
    board.write_text((DEALS / "deal-1.txt").read_text())
    moves = tmp_path / "moves.txt"
    moves.write_text("5a\n")
    code, out, _ = run(capsys, "replay", "--board", str(board), "--moves", str(moves), "-q")
    assert code == 0
    assert out.splitlines()[:2] == ["Foundations: H-0 C-0 D-0 S-0", "Freecells: 6C - - -"]


@pytest.mark.parametrize(
    ("board", "moves", "message"),
    [
        ("AH\n", "5a", "the board has 1 column;"),
        (None, "5a zz", "'zz' is not a move"),
    ],
)
def test_malformed_files_keep_the_original_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], board: str | None, moves: str, message: str
) -> None:
    board_file = tmp_path / "board.txt"
    board_file.write_text(board if board is not None else (DEALS / "deal-1.txt").read_text())
    moves_file = tmp_path / "moves.txt"
    moves_file.write_text(moves)
    before = board_file.read_bytes(), moves_file.read_bytes()
    code, _, err = run(capsys, "replay", "--board", str(board_file), "--moves", str(moves_file))
    assert code == 2 and message in err and err.count("\n") == 1
    assert (board_file.read_bytes(), moves_file.read_bytes()) == before


def test_console_script_entry_point_runs() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "freecell.cli", "board", "1"], capture_output=True, text=True
    )
    assert result.returncode == 0
    assert result.stdout == (DEALS / "deal-1.txt").read_text()
    version = subprocess.run(
        [sys.executable, "-m", "freecell.cli", "--version"], capture_output=True, text=True
    )
    assert version.stdout.startswith("freecell ")


def test_the_quick_look_at_plugin_choices_agrees_with_the_settings_loader(
    tmp_path: Path,
) -> None:
    """``board N`` reads the plugin choices without the settings loader: the two
    must read one format, and the quick look declines whatever is not plain."""
    from freecell.storage import peek, settings

    assert (peek.SETTINGS_VERSION, peek.MAX_SETTINGS_BYTES) == (
        settings.SETTINGS_VERSION,
        settings.MAX_SETTINGS_BYTES,
    )
    path = tmp_path / "settings.json"
    assert peek.enabled_plugins(path) == {}
    store = settings.SettingsStore(path)
    store.save(settings.Settings(enabled_plugins={"six": True, "themes": False}))
    assert peek.enabled_plugins(path) == store.load().enabled_plugins
    for damaged in (b"{", b"[]", b'{"version": 99}', b'{"version": 1, "enabled_plugins": 3}'):
        path.write_bytes(damaged)
        assert peek.enabled_plugins(path) is None


def test_replay_into_no_legal_move_ends_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text("3a 3b 3c 4d 82 52 46\n")
    code, out, _ = run(capsys, "replay", "617", "--moves", str(moves))
    assert code == 0
    lines = out.splitlines()
    assert lines[-1] == "no legal move"
    assert lines[-2].startswith(":")  # the board comes before it
