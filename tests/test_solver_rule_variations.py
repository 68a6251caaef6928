"""The built-in solver under each rule variation, on hand-made positions: cells,
empty columns, build rules, supermoves, cards in cells, foundation returns."""

from __future__ import annotations

import dataclasses

import pytest

from freecell.engine import BAKERS_GAME, FREECELL, BuildRule, EmptyColumnRule, deal
from freecell.solver import Budget, Solved, Unknown, Unsolvable
from solver_helpers import SOLVER, board, replays_to_win, tiny


def test_a_won_position_is_solved_with_no_moves() -> None:
    variant = tiny(cells=0, columns=1)
    position = board([], None, variant)
    assert position.is_won
    verdict = SOLVER.solve(position, variant)
    assert isinstance(verdict, Solved) and verdict.moves == ()


def test_zero_cells_one_column_is_proven_stuck_and_one_cell_frees_it() -> None:
    stuck = tiny(cells=0, columns=1)
    verdict = SOLVER.solve(board(["QH KH"], None, stuck), stuck)
    assert isinstance(verdict, Unsolvable)
    roomy = tiny(cells=1, columns=1)
    position = board(["QH KH"], None, roomy)
    solved = SOLVER.solve(position, roomy)
    assert isinstance(solved, Solved)
    assert [m.notation for m in solved.moves] == ["1a", "1h", "ah"]


@pytest.mark.parametrize(
    ("empty", "solvable"),
    [
        (EmptyColumnRule.ANY_CARD, True),
        (EmptyColumnRule.KINGS_ONLY, False),
        (EmptyColumnRule.NOTHING, False),
    ],
)
def test_empty_column_rules(empty: EmptyColumnRule, solvable: bool) -> None:
    # The Queen must leave the Jack; only an empty column can take it.
    variant = tiny(cells=0, columns=3, empty_column=empty)
    position = board(["JS QS", "KS"], None, variant)
    verdict = SOLVER.solve(position, variant)
    if solvable:
        assert isinstance(verdict, Solved) and replays_to_win(position, variant, verdict.moves)
    else:
        assert isinstance(verdict, Unsolvable)


def test_kings_only_lets_a_king_into_the_empty_column() -> None:
    variant = tiny(cells=0, columns=2, empty_column=EmptyColumnRule.KINGS_ONLY)
    position = board(["QS KS"], None, variant)
    verdict = SOLVER.solve(position, variant)
    assert isinstance(verdict, Solved)
    assert verdict.moves[0].notation == "12"
    assert replays_to_win(position, variant, verdict.moves)


@pytest.mark.parametrize(
    ("king", "build", "solvable"),
    [
        ("KS", BuildRule.ANY_SUIT, True),
        ("KS", BuildRule.SAME_SUIT, True),
        ("KS", BuildRule.ALTERNATE_COLOUR, False),
        ("KH", BuildRule.ALTERNATE_COLOUR, True),
        ("KH", BuildRule.SAME_SUIT, False),
        ("KH", BuildRule.ANY_SUIT, True),
    ],
)
def test_build_rules(king: str, build: BuildRule, solvable: bool) -> None:
    # No cells, no empty column: the Queen of spades must rest on the King.
    variant = tiny(cells=0, columns=2, build=build)
    # The King of hearts sits on its Queen, so it cannot go home first.
    columns = ["JS QS", "KS"] if king == "KS" else ["KS JS QS", "QH KH"]
    position = board(columns, None, variant)
    verdict = SOLVER.solve(position, variant)
    if solvable:
        assert isinstance(verdict, Solved) and replays_to_win(position, variant, verdict.moves)
    else:
        assert isinstance(verdict, Unsolvable)


def test_without_supermoves_every_move_is_one_card() -> None:
    variant = dataclasses.replace(FREECELL, id="single", supermove=False)
    position = deal(1, variant)
    verdict = SOLVER.solve(position, variant, Budget(1_000_000, 20))
    assert isinstance(verdict, Solved)
    assert all(m.count == 1 for m in verdict.moves)
    assert replays_to_win(position, variant, verdict.moves)


def test_supermoves_carry_their_exact_count() -> None:
    position = deal(1, FREECELL)
    verdict = SOLVER.solve(position, FREECELL, Budget(1_000_000, 20))
    assert isinstance(verdict, Solved)
    assert any((m.count or 1) > 1 for m in verdict.moves)
    assert all(m.count is not None for m in verdict.moves)


def test_cards_in_cells_at_the_start() -> None:
    variant = dataclasses.replace(BAKERS_GAME, id="cells-start", cards_in_cells=2)
    position = deal(3, variant)
    assert sum(c is not None for c in position.cells) == 2
    verdict = SOLVER.solve(position, variant, Budget(1_000_000, 20))
    assert not isinstance(verdict, Solved) or replays_to_win(position, variant, verdict.moves)


def test_foundation_return_variants_never_get_a_proof() -> None:
    variant = tiny(cells=0, columns=1, foundation_return=True)
    verdict = SOLVER.solve(board(["QH KH"], None, variant), variant)
    assert isinstance(verdict, Unknown)
