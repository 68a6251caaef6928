"""Divers: depth-first searches that run beside the greedy open lists.

A diver orders siblings by the heuristic (or, with no weight on it, in the order
:func:`~freecell.solver.expansion.expand` makes them) and always takes the deepest
state first.  It takes only the children of the states it expands itself, so that
it keeps to its own line instead of jumping to the deepest state any list has found;
every state still reaches the shared lists, so the search stays complete.  A diver
walks through states that other lists have expanded already, so it keeps marks of
its own.  docs/solver.md tells which deals they were made for.
"""

from __future__ import annotations

from freecell.solver.open_lists import Order

# Divers join the search after this many expansions (most deals are solved before,
# and are searched exactly as without them), and leave it after making DIVE_LIMIT
# expansions of their own, all divers together: a proof pays for the states they
# expand a second time.
DIVE_AFTER = 1000
DIVE_LIMIT = 20_000
DIVE_DEPTH = 1000  # a diver's weight on depth: deepest first, always


def diver(jitter: int = 0, *, by_heuristic: bool = True) -> Order:
    """The order of a diver.  A ``jitter`` adds 0 to jitter-1 to its siblings'
    heuristic, chosen by the CRC of the key (deterministic, so ratings repeat):
    divers with different jitters walk different lines, and which line finds a hard
    deal's solution is close to a lottery, so two draws beat one.

    ``by_heuristic=False`` tries siblings in the order the moves are made instead:
    home, from the cells, then column by column onto other columns, into an empty
    one, into a cell -- about the order Freecell Solver's depth-first scan tries
    them in.  It owes nothing to the heuristic, so it finds the lines the heuristic
    hides."""
    return (-DIVE_DEPTH - jitter, 1 if by_heuristic else 0, 0)
