"""Scoring schemes: Standard adds and subtracts exactly, never goes below zero, and
undo/redo give back exactly the score the player had."""

from __future__ import annotations

from dataclasses import replace

import pytest

from freecell.engine import (
    FREECELL,
    CommandBus,
    DealStarted,
    Move,
    MoveApplied,
    MoveCards,
    NewDeal,
    Pile,
    PileKind,
    Redo,
    Undo,
    Undone,
    apply_move,
    check_move,
    deal,
)
from freecell.plugin_host import create_manager
from freecell.scoring import NO_SCORING, STANDARD_SCORING, PointsPerCard, ScoreKeeper, ScoringScheme

HOME = Move(Pile.column(0), Pile.foundation())
BACK = Move(Pile.foundation(0), Pile.cell(0))
TO_CELL = Move(Pile.column(0), Pile.cell())
START = deal(1, FREECELL)


def applied(moves: tuple[Move, ...], count: int) -> MoveApplied:
    return MoveApplied(moves, START, START, count)


def test_builtin_scoring_plugin_offers_none_and_standard() -> None:
    manager = create_manager({})
    schemes = manager.scoring_schemes()
    assert [s.id for s in schemes] == ["none", "standard"]
    assert all(isinstance(s, ScoringScheme) for s in schemes)
    assert manager.choose_scoring_scheme("standard").value is STANDARD_SCORING
    assert not NO_SCORING.keeps_score and STANDARD_SCORING.keeps_score


def test_standard_scoring_adds_and_subtracts_exactly() -> None:
    keeper = ScoreKeeper(STANDARD_SCORING)
    keeper.on_event(DealStarted(1, FREECELL, START))
    assert keeper.score == 0
    keeper.on_event(applied((HOME,), 1))
    assert keeper.score == 10
    keeper.on_event(applied((TO_CELL, HOME, HOME), 2))  # a move, then auto-play x2
    assert keeper.score == 30
    keeper.on_event(applied((BACK,), 3))
    assert keeper.score == 15
    keeper.on_event(applied((TO_CELL,), 4))
    assert keeper.score == 15


def test_standard_scoring_never_goes_below_zero() -> None:
    keeper = ScoreKeeper(STANDARD_SCORING)
    keeper.on_event(applied((HOME,), 1))
    keeper.on_event(applied((BACK,), 2))
    assert keeper.score == 0  # 10 - 15, floored
    keeper.on_event(applied((HOME,), 3))
    assert keeper.score == 10  # the floor does not bank a debt


def test_undo_restores_the_exact_earlier_score_and_redo_gives_it_back() -> None:
    keeper = ScoreKeeper(STANDARD_SCORING)
    keeper.on_event(applied((HOME,), 1))  # 10
    keeper.on_event(applied((BACK,), 2))  # 0 (floored)
    keeper.on_event(applied((HOME,), 3))  # 10
    keeper.on_event(Undone((HOME,), START, START, 2))
    assert keeper.score == 0
    keeper.on_event(Undone((BACK,), START, START, 1))
    assert keeper.score == 10
    keeper.on_event(MoveApplied((TO_CELL,), START, START, 2))  # a new branch
    assert keeper.score == 10
    keeper.on_event(applied((HOME,), 3))
    assert keeper.score == 20
    keeper.on_event(DealStarted(2, FREECELL, START))
    assert keeper.score == 0


def test_points_from_positions_alone() -> None:
    home = deal(8, FREECELL)
    first = check_move(home, FREECELL, Move(Pile.column(4), Pile.foundation()))
    assert isinstance(first, Move)
    after = apply_move(home, first)
    assert STANDARD_SCORING.points((), home, after) == 10
    assert STANDARD_SCORING.points((), after, home) == -15
    assert NO_SCORING.points((first,), home, after) == 0


def test_score_follows_a_real_game_through_the_bus() -> None:
    """Deal 8 has two Aces ready; with foundation return allowed, one comes back."""
    variant = replace(FREECELL, id="freecell-return", foundation_return=True)
    bus = CommandBus(variant=variant)
    keeper = ScoreKeeper(STANDARD_SCORING)
    bus.subscribe(keeper.on_event)
    bus.dispatch(NewDeal(8))
    scores = []
    for text in ("5h", "8h"):
        bus.dispatch(MoveCards(Move.parse(text)))
        scores.append(keeper.score)
    ace = bus.game.position
    home_suits = [s for s, rank in enumerate(ace.foundations) if rank]
    back = Move(Pile.foundation(home_suits[0]), Pile.cell())
    events = bus.dispatch(MoveCards(back))
    assert isinstance(events[0], MoveApplied), events
    assert events[0].moves[0].source.kind is PileKind.FOUNDATION
    scores.append(keeper.score)
    bus.dispatch(Undo())
    scores.append(keeper.score)
    bus.dispatch(Undo())
    scores.append(keeper.score)
    bus.dispatch(Redo())
    scores.append(keeper.score)
    assert scores == [10, 20, 5, 20, 10, 20]


@pytest.mark.parametrize("floor", [None, -100])
def test_a_scheme_without_a_zero_floor_goes_negative(floor: int | None) -> None:
    harsh = PointsPerCard(
        "harsh", "Harsh", per_card_home=5, per_card_off_foundation=-50, floor=floor
    )
    keeper = ScoreKeeper(harsh)
    keeper.on_event(applied((HOME,), 1))
    keeper.on_event(applied((BACK,), 2))
    assert keeper.score == -45
    keeper.on_event(applied((BACK,), 3))
    assert keeper.score == -95
    keeper.on_event(applied((BACK,), 4))
    assert keeper.score == (-145 if floor is None else -100)
