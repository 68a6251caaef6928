"""Proofs remembered: a position inside a proof is answered without searching, only
where the memory is enabled, and the memory keeps the newest proofs within its
capacity."""

from __future__ import annotations

import pytest

from freecell.engine import BAKERS_GAME, FREECELL, apply_move, deal, legal_moves
from freecell.solver import Budget, Unknown, Unsolvable, builtin
from freecell.solver.builtin import ProofMemory
from solver_helpers import SOLVER


@pytest.fixture
def memory(monkeypatch: pytest.MonkeyPatch) -> ProofMemory:
    fresh = ProofMemory()
    fresh.enabled = True
    monkeypatch.setattr(builtin, "PROOF_MEMORY", fresh)
    return fresh


def test_a_position_inside_a_proof_is_answered_without_searching(memory: ProofMemory) -> None:
    start = deal(10, BAKERS_GAME)
    first = SOLVER.solve(start, BAKERS_GAME, Budget(1_000_000, 60))
    assert isinstance(first, Unsolvable) and first.states == 5019
    # The player plays on in the lost game: every position after it is lost too.
    later = start
    for _ in range(3):
        move = next(m for m in legal_moves(later, BAKERS_GAME) if not m.dest.is_foundation)
        later = apply_move(later, move)
        verdict = SOLVER.solve(later, BAKERS_GAME, Budget(states=10))  # no budget needed
        assert isinstance(verdict, Unsolvable) and verdict.states == 0
    # Another deal, and the same deal under other rules, are searched as ever.
    other = SOLVER.solve(deal(14, BAKERS_GAME), BAKERS_GAME, Budget(1_000_000, 60))
    assert isinstance(other, Unsolvable) and other.states == 2967
    assert isinstance(SOLVER.solve(start, FREECELL, Budget(states=50)), Unknown)


def test_proofs_are_remembered_only_where_enabled(memory: ProofMemory) -> None:
    memory.enabled = False
    start = deal(14, BAKERS_GAME)
    for _ in range(2):
        verdict = SOLVER.solve(start, BAKERS_GAME, Budget(1_000_000, 60))
        assert isinstance(verdict, Unsolvable) and verdict.states == 2967
    # Nor is a search that ran out of budget a proof of anything.
    memory.enabled = True
    assert isinstance(SOLVER.solve(start, BAKERS_GAME, Budget(states=100)), Unknown)
    assert isinstance(SOLVER.solve(start, BAKERS_GAME, Budget(states=100)), Unknown)


def test_the_memory_keeps_the_newest_proofs_within_its_capacity() -> None:
    memory = ProofMemory(capacity=5)
    memory.remember(FREECELL, [b"a", b"b", b"c"])
    memory.remember(FREECELL, [b"d", b"e"])
    assert memory.lost(FREECELL, b"a") and memory.lost(FREECELL, b"e")
    assert not memory.lost(BAKERS_GAME, b"a")
    memory.remember(FREECELL, [b"f"])  # 6 states: the oldest proof goes
    assert not memory.lost(FREECELL, b"a") and memory.lost(FREECELL, b"f")
    memory.remember(FREECELL, [b"x"] * 6)  # larger than the whole memory: not kept
    assert not memory.lost(FREECELL, b"x") and memory.lost(FREECELL, b"d")
    memory.clear()
    assert not memory.lost(FREECELL, b"d")
