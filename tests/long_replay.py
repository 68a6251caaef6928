"""A legal move list of any length for deal 1 (issue 36: a 341,000-move replay took
31.7 s): 26 moves that empty column 8, then column 1's last card to column 8 and
back, again and again.  Used by tests/test_replay_cost.py and benchmarks/replay.py."""

from __future__ import annotations

DEAL = 1
# found by random legal play from deal 1 until a column was empty
PREFIX_TEXT = "8a 6b 6c 87 5d 63 6h 52 3h ch 3c 83 c8 d7 1c 3d d2 1d 15 42 85 b1 8b bh 8b 87"
PREFIX = PREFIX_TEXT.split()
TOGGLE = ("18", "81")


def long_move_list(count: int) -> str:
    """``count`` legal moves (at least the prefix's 26) from deal 1, as text."""
    tail = count - len(PREFIX)
    if tail < 0:
        raise ValueError(f"at least {len(PREFIX)} moves")
    moves = PREFIX + [TOGGLE[i % 2] for i in range(tail)]
    return " ".join(moves) + "\n"
