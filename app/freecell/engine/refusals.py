"""Refused moves: the value a refusal is, and the sentences that explain one.

The rules (:mod:`freecell.engine.rules`) decide *whether* a move is refused; this
module only words *why*, so the rules read as rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from freecell.engine.cards import DECK, KING, RANK_NAMES, Card
from freecell.engine.position import Position
from freecell.engine.variant import BuildRule


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a move was refused, in a sentence a player understands."""

    reason: str

    def __str__(self) -> str:
        return self.reason


def _rank_word(rank: int) -> str:
    return str(rank) if 2 <= rank <= 10 else RANK_NAMES[rank - 1]


def _article(word: str) -> str:
    return "an" if word[0] in "AEIOU8" or word == "11" else "a"


def build_reason(card: Card, onto: Card, build: BuildRule) -> str:
    """Why ``card`` may not lie on ``onto`` under ``build``."""
    if card.rank == KING:
        return "A King can only go to an empty column, a free cell or home"
    need = _rank_word(card.rank + 1)
    if build is BuildRule.ALTERNATE_COLOUR:
        other = "black" if card.is_red else "red"
        return f"A {card.colour_name} {_rank_word(card.rank)} goes on a {other} {need}"
    if build is BuildRule.SAME_SUIT:
        target = DECK[card.rank * 4 + card.suit]
        return f"The {card.name.lower()} goes on the {target.name.lower()}"
    word = _rank_word(card.rank)
    return f"{_article(word).capitalize()} {word} goes on {_article(need)} {need}"


def home_reason(card: Card, position: Position) -> str:
    """Why ``card`` may not go home yet."""
    home = position.foundations[card.suit]
    if home == 0:
        return "Only an Ace can start a foundation"
    below = DECK[(card.rank - 2) * 4 + card.suit]
    return f"The {card.name.lower()} goes home after the {below.name.lower()}"


def too_many(limit: int) -> str:
    """Why a run longer than the supermove ``limit`` may not move."""
    cards = "1 card" if limit == 1 else f"{limit} cards"
    return f"Not enough free cells or empty columns: you can move {cards} now"
