"""Scoring schemes: how many points a game is worth, as pure Python.

A scoring scheme is an engine-level value that plugins return from the
``freecell_scoring_schemes`` hook; the UI only shows the number.  A scheme prices
one *step* (one player action, one undo step: the player's move plus whatever
auto-play sent home after it).  :class:`ScoreKeeper` follows the engine's events
and remembers the score after every step of the path, so an undo restores exactly
the score the player had before — including when the floor ("never below zero")
clamped it — and a redo gives it back.  Nothing here imports Qt.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from freecell.engine import Game, Move, PileKind, Position
from freecell.i18n import N_

if TYPE_CHECKING:
    from freecell.engine import Event

__all__ = [
    "BUILTIN_SCORING",
    "NO_SCORING",
    "STANDARD_SCORING",
    "PointsPerCard",
    "ScoreKeeper",
    "ScoringScheme",
]


@runtime_checkable
class ScoringScheme(Protocol):
    """What a scoring plugin returns.

    ``id`` is stable (it is stored in settings); ``keeps_score`` False means the
    game shows no score at all (the "None" scheme); ``floor`` is the lowest score
    allowed, or ``None`` for no floor.
    """

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def description(self) -> str: ...

    @property
    def keeps_score(self) -> bool: ...

    @property
    def floor(self) -> int | None: ...

    def points(self, moves: Sequence[Move], before: Position, after: Position) -> int:
        """Points gained (or lost, if negative) by one step from ``before`` to ``after``
        made of ``moves`` (resolved moves, in order)."""
        ...


@dataclass(frozen=True, slots=True)
class PointsPerCard:
    """A fixed number of points for each card sent home and for each card taken back
    off a foundation.

    Counted from the moves when they are given (a step may send a card home and
    auto-play may send more), otherwise from the change in cards home between the
    two positions.
    """

    id: str
    name: str
    per_card_home: int = 0
    per_card_off_foundation: int = 0
    floor: int | None = 0
    keeps_score: bool = True
    description: str = ""

    def points(self, moves: Sequence[Move], before: Position, after: Position) -> int:
        if moves:
            home = sum(1 for m in moves if m.dest.kind is PileKind.FOUNDATION)
            off = sum(1 for m in moves if m.source.kind is PileKind.FOUNDATION)
        else:
            change = after.cards_home - before.cards_home
            home, off = max(change, 0), max(-change, 0)
        return home * self.per_card_home + off * self.per_card_off_foundation


NO_SCORING = PointsPerCard(
    id="none",
    name=N_("None"),
    keeps_score=False,
    description=N_("No score: just play."),
)

STANDARD_SCORING = PointsPerCard(
    id="standard",
    name=N_("Standard"),
    per_card_home=10,
    per_card_off_foundation=-15,
    floor=0,
    description=N_(
        "10 points for each card sent home, 15 taken off for each card brought "
        "back from a foundation; the score never goes below zero."
    ),
)

# What the built-in scoring plugin offers, and the session's defaults without it.
BUILTIN_SCORING: tuple[ScoringScheme, ...] = (NO_SCORING, STANDARD_SCORING)


class ScoreKeeper:
    """Follows the engine's events and keeps the score for one scheme.

    Subscribe :meth:`on_event` to the command bus (or feed it events by hand).  The
    score after ``n`` steps is remembered for every ``n`` on the current path, so
    undo goes back to the score that step started from and redo goes forward again
    without re-pricing; a new move after an undo drops the redo branch, as the game
    does.
    """

    def __init__(self, scheme: ScoringScheme) -> None:
        self.scheme = scheme
        self._scores: list[int] = [0]  # score after 0, 1, 2 ... steps
        self._index = 0

    @property
    def score(self) -> int:
        return self._scores[self._index]

    @property
    def keeps_score(self) -> bool:
        return self.scheme.keeps_score

    def reset(self) -> None:
        self._scores = [0]
        self._index = 0

    def follow_game(self, game: Game) -> None:
        """Price every step of ``game`` from scratch (its undo path and its redo
        tail): for a game restored from disk, or when the player changes the scheme
        in the middle of a deal."""
        self.reset()
        before = game.start
        for count, step in enumerate(game.steps, start=1):
            self._advance(step.moves, before, step.position, count)
            before = step.position
        self._index = game.index

    def on_event(self, event: Event) -> None:
        from freecell.engine import DealStarted, MoveApplied, Redone, Undone

        if isinstance(event, DealStarted):
            self.reset()
        elif isinstance(event, MoveApplied):
            self._advance(event.moves, event.before, event.position, event.move_count)
        elif isinstance(event, Undone):
            self._index = min(max(event.move_count, 0), len(self._scores) - 1)
        elif isinstance(event, Redone):
            if event.move_count < len(self._scores):
                self._index = event.move_count
            else:  # the keeper joined late: price the step now
                self._advance(event.moves, event.before, event.position, event.move_count)

    def _advance(
        self, moves: Sequence[Move], before: Position, after: Position, move_count: int
    ) -> None:
        step = max(move_count, 1)
        while len(self._scores) < step:  # joined mid-game: carry the last score forward
            self._scores.append(self._scores[-1])
        value = self._scores[step - 1] + self.scheme.points(moves, before, after)
        floor = self.scheme.floor
        if floor is not None:
            value = max(value, floor)
        del self._scores[step:]
        self._scores.append(value)
        self._index = step
