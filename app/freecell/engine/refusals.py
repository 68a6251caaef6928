"""Refused commands: a reason *code* and the values that go with it, never words.

The rules (:mod:`freecell.engine.rules`), the game and the bus decide *whether* a
command is refused and *why*, as a :class:`Refusal`; the sentence a player reads or
hears is built at the edge, in the player's language
(:func:`freecell.texts.refusals.explain`).  Tests assert codes.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from freecell.engine.cards import Card
from freecell.engine.moves import Pile
from freecell.engine.variant import BuildRule


class Reason(StrEnum):
    """Why a command was refused; the comment names the :class:`Refusal` fields set."""

    NO_SUCH_COLUMN = "no-such-column"  # pile, variant
    NO_CELLS = "no-cells"  # variant
    NO_SUCH_CELL = "no-such-cell"  # pile, variant
    CHOOSE_CELL = "choose-cell"
    CHOOSE_FOUNDATION = "choose-foundation"
    NO_FOUNDATION_RETURN = "no-foundation-return"  # variant
    ALREADY_HOME = "already-home"
    ALREADY_THERE = "already-there"
    CELL_TO_CELL = "cell-to-cell"
    EMPTY_COLUMN = "empty-column"
    EMPTY_CELL = "empty-cell"
    EMPTY_FOUNDATION = "empty-foundation"
    ONE_CARD_FROM_CELL = "one-card-from-cell"  # a cell or foundation gives one card
    HOME_ONE_AT_A_TIME = "home-one-at-a-time"
    WRONG_FOUNDATION = "wrong-foundation"  # card
    ACE_FIRST = "ace-first"  # card
    HOME_AFTER = "home-after"  # card, onto (the card that must be home first)
    CELL_HOLDS_ONE = "cell-holds-one"
    NO_FREE_CELL = "no-free-cell"
    CELL_TAKEN = "cell-taken"
    TOO_FEW_CARDS = "too-few-cards"  # count (the cards there are), pile
    NOT_A_RUN = "not-a-run"
    SINGLE_CARDS_ONLY = "single-cards-only"  # variant
    TOO_MANY_CARDS = "too-many-cards"  # count (the supermove limit)
    KING_ON_A_CARD = "king-on-a-card"  # card
    DOES_NOT_BUILD = "does-not-build"  # card, onto, build
    EMPTY_COLUMNS_CLOSED = "empty-columns-closed"  # variant
    KINGS_ONLY = "kings-only"  # card
    CANNOT_GO_HOME = "cannot-go-home"
    GAME_WON = "game-won"
    NO_AUTO_FINISH = "no-auto-finish"
    NOTHING_TO_UNDO = "nothing-to-undo"
    NOTHING_TO_REDO = "nothing-to-redo"
    NO_SUCH_POSITION = "no-such-position"
    BAD_DEAL_NUMBER = "bad-deal-number"  # count (the number asked for)
    UNPLAYABLE_BOARD = "unplayable-board"  # detail (the board check's own words)


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a command was refused: a :class:`Reason` and its values."""

    code: Reason
    card: Card | None = None
    onto: Card | None = None
    pile: Pile | None = None
    count: int | None = None
    variant: str | None = None
    """The variant's name (data, translated at the edge like any variant name)."""
    build: BuildRule | None = None
    detail: str | None = None

    def __str__(self) -> str:
        """For logs and developers' errors, not for players: ``does-not-build(7H, 8S)``."""
        values = [
            str(getattr(self, name))
            for name in ("card", "onto", "pile", "count", "variant", "build", "detail")
            if getattr(self, name) is not None
        ]
        return f"{self.code.value}({', '.join(values)})"
