"""freecell-cli against hostile input: endless and huge files, Unicode digits, a
byte-order mark.  Each is one line on stderr and exit 2 (or, for the mark, read)."""

from __future__ import annotations

from pathlib import Path

import pytest

from freecell.cli import main
from freecell.cli.common import MAX_BOARD_BYTES
from freecell.engine import InvalidDealNumber, parse_deal_number

DEALS = Path(__file__).parent / "data" / "deals"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _one_line_exit_2(code: int, out: str, err: str, message: str) -> None:
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize(
    "argv",
    [
        ["replay", "--board", "/dev/zero", "--moves", "EMPTY"],
        ["replay", "--board", "/dev/urandom", "--moves", "EMPTY"],
        ["solve", "--board", "/dev/zero"],
        ["replay", "1", "--moves", "/dev/zero"],
    ],
)
def test_endless_files_are_refused_at_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str]
) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    argv = [str(empty) if a == "EMPTY" else a for a in argv]
    _one_line_exit_2(*run(capsys, *argv), "not an ordinary file")


def test_a_huge_board_is_refused_without_being_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    big = tmp_path / "big.txt"
    with open(big, "wb") as handle:  # sparse: 70 MB on paper, nothing on disk
        handle.truncate(70 * 1024 * 1024)
    _one_line_exit_2(*run(capsys, "solve", "--board", str(big)), "too large")
    board = (DEALS / "deal-617.txt").read_text()
    just = tmp_path / "just.txt"
    just.write_text(board + "#" * (MAX_BOARD_BYTES - len(board) - 1) + "\n")
    assert just.stat().st_size == MAX_BOARD_BYTES  # the bound itself is still read
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    code, out, err = run(capsys, "replay", "--board", str(just), "--moves", str(empty))
    assert code == 0 and err == "" and out == board


@pytest.mark.parametrize(
    ("text", "message"),
    [("²", "not a deal number"), ("١٢٣", "not a deal number"), ("9" * 5000, "out of range")],
)
def test_unicode_and_giant_deal_numbers(
    capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    _one_line_exit_2(*run(capsys, "board", text), message)
    with pytest.raises(InvalidDealNumber, match=message):
        parse_deal_number(text)


def test_a_board_with_a_byte_order_mark_is_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    board = tmp_path / "bom.txt"
    board.write_bytes(b"\xef\xbb\xbf" + (DEALS / "deal-617.txt").read_bytes())
    moves = tmp_path / "moves.txt"
    moves.write_bytes(b"\xef\xbb\xbf3a\n")
    code, out, err = run(capsys, "replay", "--board", str(board), "--moves", str(moves))
    assert code == 0 and err == "" and out.startswith("1: 3a ok")
