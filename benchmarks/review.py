"""How long ``review`` of a 100-move game takes against one ``solve`` of its deal.

    python benchmarks/review.py [--deals 1 2 3 5 8] [--backend builtin|fc-solve]

For each deal it builds a 100-move game a player could have played: the first
30 moves of the solver's own line, then 70 moves chosen at random (seeded) among
the legal ones, nine in ten into a free cell when one takes a card -- so the game
is winnable for a while and then, usually, lost.  It times one ``solve`` of the
deal and the review of the game, in the same process and run, the proof memory
emptied before each, and prints their ratio; the issue's target is 10x at most.
Only the ratio means anything on a shared machine.  Measured (2 cores, busy):
median 1.1x, worst 1.3x over deals 1 2 3 5 8 11 617 1941 (the lost games, 8, 617
and 1941, took 4-5 searches).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from freecell.analysis.review import review_game
from freecell.engine import FREECELL, Move, apply_move, deal, legal_moves
from freecell.solver.api import Budget, Solved
from freecell.solver.backends import guarded_solve
from freecell.solver.builtin import PROOF_MEMORY, BuiltinSolver

GAME_LENGTH = 100
PREFIX = 30  # moves of the solver's line before the player goes their own way


def game_of(number: int, seed: int = 0) -> list[Move]:
    position = deal(number, FREECELL)
    line = BuiltinSolver().solve(position, FREECELL, Budget(2_000_000, 60))
    assert isinstance(line, Solved)
    moves: list[Move] = []
    for move in line.moves[:PREFIX]:
        moves.append(move)
        position = apply_move(position, move)
    rng = random.Random(seed)
    while len(moves) < GAME_LENGTH:
        legal = legal_moves(position, FREECELL)
        # a player who goes wrong fills the cells: nine times in ten, a move to a cell
        to_cells = [m for m in legal if m.dest.is_cell]
        choices = [m for m in legal if not m.dest.is_foundation] or legal
        if to_cells and rng.random() < 0.9:
            choices = to_cells
        if not choices or position.is_won:
            break
        move = rng.choice(choices)
        moves.append(move)
        position = apply_move(position, move)
    return moves


def _backend(name: str) -> object:
    if name == "fc-solve":
        from freecell.solver.fcsolve import FcSolveBackend

        return FcSolveBackend()
    return BuiltinSolver()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, nargs="+", default=[1, 2, 3, 5, 8, 11, 617, 1941])
    parser.add_argument("--backend", default="builtin", choices=["builtin", "fc-solve"])
    args = parser.parse_args()
    backend = _backend(args.backend)
    ratios = []
    print(
        f"{'deal':>6} {'moves':>5} {'solve s':>8} {'review s':>9} {'searches':>8} "
        f"{'turn':>5} {'ratio':>6}"
    )
    for number in args.deals:
        moves = game_of(number)
        PROOF_MEMORY.clear()
        start = time.perf_counter()
        guarded_solve(backend, deal(number, FREECELL), FREECELL, Budget())  # type: ignore[arg-type]
        solve = time.perf_counter() - start
        PROOF_MEMORY.clear()
        start = time.perf_counter()
        review = review_game(deal(number, FREECELL), FREECELL, moves, backend)  # type: ignore[arg-type]
        took = time.perf_counter() - start
        ratio = took / solve
        ratios.append(ratio)
        print(
            f"{number:>6} {len(moves):>5} {solve:>8.3f} {took:>9.3f} {review.searches:>8} "
            f"{review.turning_point!s:>5} {ratio:>6.1f}"
        )
    print(f"median ratio {statistics.median(ratios):.1f}x, worst {max(ratios):.1f}x (target 10x)")


if __name__ == "__main__":
    main()
