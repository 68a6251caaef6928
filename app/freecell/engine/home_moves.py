"""Moves home: the move a tap sends home, auto finish, and auto-play's choices.

Built on the rules (:mod:`freecell.engine.rules`): each move here is one the rules
allow, and each function takes the position (and the variant) and keeps no state.
"""

from __future__ import annotations

from enum import Enum

from freecell.engine.cards import ACE, Card, Suit
from freecell.engine.moves import Move, Pile
from freecell.engine.position import Position
from freecell.engine.rules import apply_move, source_cards
from freecell.engine.variant import BuildRule, Variant


def home_move(position: Position, pile: Pile) -> Move | None:
    """The move a single tap on ``pile`` makes when its exposed card can go home now:
    the bottom card of a column, or the card in a free cell."""
    if pile.is_foundation:
        return None
    cards = source_cards(position, pile)
    if not cards:
        return None
    c = cards[-1]
    if position.foundations[c.suit] + 1 != c.rank:
        return None
    return Move(pile, Pile.foundation(c.suit), 1)


def exposed_home_moves(position: Position) -> list[Move]:
    """Every column-bottom or free-cell card that can go home now, lowest rank first."""
    found: list[tuple[int, Move]] = []
    piles = [Pile.column(i) for i in range(len(position.columns))]
    piles += [Pile.cell(i) for i in range(len(position.cells))]
    for pile in piles:
        move = home_move(position, pile)
        if move is not None:
            rank = source_cards(position, pile)[-1].rank
            found.append((rank, move))
    found.sort(key=lambda item: item[0])
    return [m for _, m in found]


def can_auto_finish(position: Position) -> bool:
    """True when every remaining card can go home using column-bottom and free-cell
    cards only (and the game is not already won)."""
    if position.is_won:
        return False
    current = position
    while True:
        moves = exposed_home_moves(current)
        if not moves:
            return current.is_won
        for move in moves:
            current = apply_move(current, move)


def is_safe_home(position: Position, variant: Variant, c: Card) -> bool:
    """Safe auto-play: a card may go home unasked when every card that could still
    be built on it in the tableau is already home."""
    if position.foundations[c.suit] + 1 != c.rank:
        return False
    if c.rank == ACE:
        return True
    need = c.rank - 1
    if variant.build is BuildRule.SAME_SUIT:
        return True  # only the same suit's lower card builds on it, and it is home
    if variant.build is BuildRule.ALTERNATE_COLOUR:
        others = [s for s in Suit if s.is_red != c.is_red]
    else:
        others = [s for s in Suit if s is not c.suit]
    return all(position.foundations[s] >= need for s in others)


def safe_home_moves(position: Position, variant: Variant) -> list[Move]:
    """The safe moves home that auto-play would make now, one after another, until
    none is left.  Each move is legal in the position the previous one leaves."""
    moves: list[Move] = []
    current = position
    while True:
        step = next(
            (
                m
                for m in exposed_home_moves(current)
                if is_safe_home(current, variant, source_cards(current, m.source)[-1])
            ),
            None,
        )
        if step is None:
            return moves
        moves.append(step)
        current = apply_move(current, step)


class AutoPlay(Enum):
    """What goes home by itself after each of the player's moves: nothing, the safe
    cards (:func:`is_safe_home`), or every exposed card that can go home.  Falsy
    when off, so ``if game.auto_play:`` reads as before."""

    OFF = "off"
    SAFE = "safe"
    ALL = "all"

    def __bool__(self) -> bool:
        return self is not AutoPlay.OFF

    @classmethod
    def of(cls, value: AutoPlay | bool | str) -> AutoPlay:
        """``value`` as a mode: a bool is the old on/off switch (on: safe); an unknown
        text is off."""
        if isinstance(value, AutoPlay):
            return value
        if isinstance(value, bool):
            return cls.SAFE if value else cls.OFF
        return next((mode for mode in cls if mode.value == value), cls.OFF)


def auto_play_moves(position: Position, variant: Variant, mode: AutoPlay) -> list[Move]:
    """The moves home ``mode`` makes after a player's move, one after another until
    none is left; each is legal in the position the previous one leaves."""
    if mode is AutoPlay.SAFE:
        return safe_home_moves(position, variant)
    moves: list[Move] = []
    if mode is AutoPlay.ALL:
        current = position
        while found := exposed_home_moves(current):
            moves.append(found[0])
            current = apply_move(current, found[0])
    return moves
