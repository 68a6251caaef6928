"""freecell-cli against the red team (issue 36): special files named on the command
line, an endless range to rate, digits of other scripts, a very long replay."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from freecell.cli.rate import DealRange
from freecell.engine import FREECELL, Game, deal
from freecell.engine.rules import has_legal_move, legal_moves
from special_files import SPECIAL_KINDS, make_special

CLI = [sys.executable, "-m", "freecell.cli"]


def _cli(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=timeout)


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
@pytest.mark.parametrize(
    "command",
    [
        ("solve", "--board", "{}"),
        ("replay", "1", "--moves", "{}"),
        ("replay", "--game", "{}"),
        ("replay", "{}"),
    ],
)
def test_a_special_file_on_the_command_line_is_one_line_and_exit_2(
    tmp_path: Path, kind: str, command: tuple[str, ...]
) -> None:
    path = make_special(tmp_path / "input.txt", kind)

    done = _cli(*(part.format(path) for part in command))

    assert done.returncode == 2
    assert done.stderr.count("\n") == 1
    assert "not an ordinary file" in done.stderr


def test_rate_streams_an_endless_range() -> None:
    proc = subprocess.Popen(
        [*CLI, "rate", "1-8589934591"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()  # would take 380 GB first if the list were built
    finally:
        proc.kill()
        proc.communicate(timeout=30)
    assert first.startswith("1\t")


def test_a_deal_range_is_made_one_at_a_time() -> None:
    numbers = DealRange("1-8589934591,617")
    assert len(numbers) == 8589934592
    it = iter(numbers)
    assert [next(it) for _ in range(3)] == [1, 2, 3]


@pytest.mark.parametrize("digits", ["٣", "\uff13", "1-٣", "۳-5"])
def test_digits_of_other_scripts_are_refused_as_board_refuses_them(digits: str) -> None:
    foreign = next(end for end in digits.split("-") if not end.isascii())
    board = _cli("board", foreign)
    rate = _cli("rate", digits)
    assert board.returncode == rate.returncode == 2
    assert (
        board.stderr.strip().splitlines()[-1].split(":", 1)[1]
        == (rate.stderr.strip().splitlines()[-1].split(":", 1)[1])
    )
    assert "0-9" in rate.stderr


def test_has_legal_move_agrees_with_the_list_of_legal_moves() -> None:
    rng = random.Random(36)
    for number in range(1, 40):
        game = Game(FREECELL, number, start=deal(number, FREECELL))
        for _ in range(200):
            moves = legal_moves(game.position, game.variant)
            assert has_legal_move(game.position, game.variant) == bool(moves)
            if not moves:
                break
            game.play(rng.choice(moves))
