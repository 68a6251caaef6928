"""A game as one line: the variant, the deal (or the board) and the moves.

    FreeCell game: freecell #617: 3a 3b 3c 4d 82
    FreeCell game: freecell [Freecells: 6C - - - / JD KD 2S ... / ...]: 5b 5h

The board is Freecell Solver's text (:mod:`freecell.engine.notation`) with its
lines joined by `` / ``, in square brackets.  Copy game puts this line on the
clipboard; Paste and Open read it back into the same deal and the same moves
(:func:`freecell.engine.gamefile.parse_game` takes it as well as the game file).
"""

from __future__ import annotations

import re

from freecell.engine.moves import Move

PREFIX = "FreeCell game:"
_LINE = re.compile(
    r"^\s*FreeCell game:\s*(?P<variant>[^\s#\[\]:]+)\s+"
    r"(?:#(?P<deal>[^\s:]+)|\[(?P<board>[^\]]*)\])\s*:(?P<moves>[^\n]*)$",
    re.IGNORECASE,
)
_BOARD_JOIN = " / "


def format_one_line(
    variant_id: str, deal_number: int | None, board: str, moves: tuple[Move, ...]
) -> str:
    """The line for a game (``board``: the start in Freecell Solver's format, used
    when there is no deal number)."""
    if deal_number is not None:
        where = f"#{deal_number}"
    else:
        where = (
            "["
            + _BOARD_JOIN.join(line.strip() for line in board.splitlines() if line.strip())
            + "]"
        )
    return f"{PREFIX} {variant_id} {where}: {' '.join(m.notation for m in moves)}".rstrip()


def looks_like_one_line(text: str) -> bool:
    return text.lstrip().lower().startswith(PREFIX.lower())


def split_one_line(text: str) -> tuple[str, str | None, str | None, str] | None:
    """(variant id, deal text or None, board text or None, moves text); None when
    the text is not one such line."""
    found = _LINE.match(text.strip().removeprefix("\ufeff"))
    if found is None:
        return None
    board = found["board"]
    if board is not None:
        board = "\n".join(part.strip() for part in board.split("/")) + "\n"
    return found["variant"], found["deal"], board, found["moves"]
