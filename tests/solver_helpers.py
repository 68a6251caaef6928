"""Helpers for the solver tests: the built-in solver, replaying a line through the
engine's checks, hand-made positions, a counting cancel, a lost deal searched to
the end."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence

from freecell.engine import (
    FREECELL,
    Move,
    Position,
    Refusal,
    Variant,
    apply_move,
    check_move,
    deal,
    parse_card,
)
from freecell.engine.cards import KING
from freecell.solver import search, state
from freecell.solver.builtin import BuiltinSolver
from freecell.solver.search import SearchResult

SOLVER = BuiltinSolver()


def replays_to_win(position: Position, variant: Variant, moves: tuple[Move, ...]) -> bool:
    """Play every move through the engine's own checks; True when it ends won."""
    current = position
    for move in moves:
        checked = check_move(current, variant, move)
        assert not isinstance(checked, Refusal), f"{move}: {checked.reason}"
        assert checked == move, "moves come back resolved: exact piles and counts"
        current = apply_move(current, checked)
    return current.is_won


def board(columns: list[str], cells: list[str] | None, variant: Variant) -> Position:
    """A complete position from the cards still in play: every lower card of a suit
    is home (so the deck is whole), columns and cells padded to the variant."""
    held = [parse_card(t) for t in (cells or [])]
    cols = [tuple(parse_card(t) for t in c.split()) for c in columns]
    remaining = [*held, *(c for col in cols for c in col)]
    foundations = [KING, KING, KING, KING]
    for c in remaining:
        foundations[c.suit] = min(foundations[c.suit], c.rank - 1)
    position = Position(
        columns=tuple(cols) + ((),) * (variant.columns - len(cols)),
        cells=tuple(held) + (None,) * (variant.cells - len(held)),
        foundations=(foundations[0], foundations[1], foundations[2], foundations[3]),
    )
    position.validate()
    return position


def tiny(**changes: object) -> Variant:
    return dataclasses.replace(FREECELL, id="tiny", **changes)  # type: ignore[arg-type]


class CountingCancel:
    """A cancel token that is set from its ``set_at``-th look on, counting looks: the
    search's promptness as a count, not a clock (benchmarks/cancel.py has the time)."""

    def __init__(self, set_at: int) -> None:
        self.set_at = set_at
        self.looks = 0

    def is_set(self) -> bool:
        self.looks += 1
        return self.looks >= self.set_at


def search_lost_deal(
    variant: Variant, number: int, orders: Sequence[tuple[int, int, int]]
) -> SearchResult:
    """A deal with no solution (Baker's Game deal 10: 5,019 reachable states; deal
    21 with two free cells: 6,269), searched to the end with these open lists."""
    from freecell.solver.builtin import to_state

    return search.best_first(
        state.rules_for(variant),
        to_state(deal(number, variant)),
        orders=orders,
        max_states=100_000,
        deadline=time.monotonic() + 60,
        cancel=None,
    )
