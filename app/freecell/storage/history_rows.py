"""One game of the history as the program sees it (a :class:`GameRow`), and the
columns a game is written as; the store is :mod:`freecell.storage.history`."""

from __future__ import annotations

import time
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from freecell.engine.notation import format_board
from freecell.storage.jsonfile import MAX_ID_LENGTH

if TYPE_CHECKING:
    from freecell.engine import Game


class Result(StrEnum):
    PLAYING = "playing"  # not over (the game in progress, or one left by a crash)
    WON = "won"
    LOST = "lost"  # left with no legal move to make
    ABANDONED = "abandoned"  # left for another deal while moves were still possible


@dataclass(frozen=True, slots=True)
class GameRow:
    """One game of the history."""

    game_id: str
    variant: str
    deal: int | None
    board: str | None
    started: float
    """Unix time (UTC seconds) the game's first move was made, less its clock."""
    ended: float | None
    seconds: float
    move_count: int
    moves: tuple[str, ...]
    result: Result
    score: int | None
    hints: int
    solution_moves: int
    origin: str
    daily: str | None = None
    """The date (``YYYY-MM-DD``) this game was that day's deal, if it was."""

    @property
    def own(self) -> bool:
        """Dealt here, from the first move, no hint, no stepper: may set records."""
        return self.origin == "dealt" and self.hints == 0 and self.solution_moves == 0

    @property
    def finished(self) -> bool:
        return self.result is not Result.PLAYING

    @property
    def won(self) -> bool:
        return self.result is Result.WON


COLUMNS = (
    "game_id, variant, deal, board, started, ended, seconds, move_count, moves, result, "
    "score, hints, solution_moves, origin, daily"
)


# Rows whose ids are absurdly long (a hand-edited or hostile file) are not games the
# program wrote: they are left in the file and never read (issue 36).
SENSIBLE = " AND ".join(
    f"length({column}) <= {MAX_ID_LENGTH}"
    for column in ("game_id", "variant", "origin", "coalesce(daily, '')")
)


def row_from(values: tuple[object, ...]) -> GameRow:
    (gid, variant, deal, board, started, ended, seconds, count, moves, result, score, hints,
     solution, origin, daily) = values  # fmt: skip
    return GameRow(
        str(gid),
        str(variant),
        deal if isinstance(deal, int) else None,
        board if isinstance(board, str) else None,
        float(started),  # type: ignore[arg-type]
        float(ended) if isinstance(ended, int | float) else None,
        float(seconds),  # type: ignore[arg-type]
        int(count),  # type: ignore[call-overload]
        tuple(str(moves).split()),
        Result(str(result)),
        score if isinstance(score, int) else None,
        int(hints),  # type: ignore[call-overload]
        int(solution),  # type: ignore[call-overload]
        str(origin),
        daily if isinstance(daily, str) else None,
    )


def values_of(
    game: Game, score: int | None, result: Result, daily: str | None
) -> tuple[object, ...]:
    """The row's values, read on the thread that owns the game."""
    board = None
    if game.deal_number is None:
        board = format_board(game.start)
    now = time.time()
    ended = None if result is Result.PLAYING else now
    return (
        game.game_id,
        game.variant.id,
        game.deal_number,
        board,
        now - game.elapsed,
        ended,
        round(game.elapsed, 3),
        game.move_count,
        " ".join(m.notation for m in game.path),
        result.value,
        score,
        game.hints_used,
        game.solution_moves,
        game.origin.value,
        daily,
    )


def result_of(game: Game) -> Result:
    """How a game that is being left ends: won, lost (nothing left to play) or
    abandoned."""
    if game.is_won:
        return Result.WON
    return Result.ABANDONED if game.has_legal_move else Result.LOST
