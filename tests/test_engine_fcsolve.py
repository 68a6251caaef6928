"""The engine against the outside world: Freecell Solver's solutions replay to a win.

`fc-solve -m -snx` (its default scan and the `-l lg` preset) solves Microsoft deals;
every move it prints must be legal here, mean the same thing, and end in a won game.
"""

from __future__ import annotations

import os
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest

from freecell.engine import (
    BAKERS_GAME,
    FREECELL,
    THREE_CELL,
    Game,
    Refusal,
    Variant,
    format_board,
    parse_moves,
)

from conftest import require_fc_solve


def fc_solve_solution(board: str, *flags: str) -> list[str] | None:
    """The solution fc-solve prints for ``board``, or None when it finds none."""
    env = dict(os.environ, FREECELL_SOLVER_QUIET="1")
    out = subprocess.run(
        ["fc-solve", "-m", "-snx", *flags],
        input=board,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    ).stdout
    if "This game is solveable." not in out:
        return None
    body = out.split("-=-=-=-=-=-=-=-=-=-=-=-", 1)[1].split("This game is solveable.")[0]
    return body.split()


def replay(variant: Variant, number: int, moves: list[str]) -> Game:
    game = Game(variant, number)
    for index, move in enumerate(parse_moves(" ".join(moves))):
        result = game.play(move)
        assert not isinstance(result, Refusal), f"deal {number} move {index} {move}: {result}"
    return game


@pytest.mark.parametrize("preset", [("-mi", "100000"), ("-l", "lg")], ids=["default", "lg"])
def test_fc_solve_solutions_replay_to_won(preset: tuple[str, ...]) -> None:
    """At least 50 deals each way.  The default scan takes ~20 s on deal 9, so it
    gets an iteration cap and the deals it gives up on are replaced by later ones."""
    require_fc_solve()
    numbers = range(1, 61)
    boards = [format_board(Game(FREECELL, number).start) for number in numbers]
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        solutions = list(pool.map(lambda board: fc_solve_solution(board, *preset), boards))
    won = 0
    for number, moves in zip(numbers, solutions, strict=True):
        if moves is None:
            continue
        assert replay(FREECELL, number, moves).is_won, number
        won += 1
    assert won >= 50


@pytest.mark.parametrize(
    ("variant", "flags"),
    [
        (THREE_CELL, ("--freecells-num", "3")),
        (BAKERS_GAME, ("--sequences-are-built-by", "suit")),
    ],
    ids=["three-cells", "bakers-game"],
)
def test_variant_solutions_replay(variant: Variant, flags: tuple[str, ...]) -> None:
    require_fc_solve()
    replayed = 0
    for number in range(1, 16):
        board = format_board(Game(variant, number).start)
        moves = fc_solve_solution(board, *flags, "-mi", "300000")
        if moves is None:
            continue  # unsolvable in this variant, or beyond the iteration cap
        assert replay(variant, number, moves).is_won, number
        replayed += 1
    assert replayed >= 5
