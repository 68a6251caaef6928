"""Review a game once it is over: each position's verdict and the turning point.

The verdicts along a game's path are ordered: a position from which a winnable one
can be reached is winnable, and every position after a lost one is lost.  So the
path is a run of winnable positions, then a run of lost ones, and the *turning
point* is the first move after which the game could no longer be won: the move
from the last winnable position to the first lost one (1-based, as the move list
counts).  A review therefore needs no search of every position: it searches the
last position, the first, and then halves the stretch between the latest position
known winnable and the earliest known lost (about log2(moves) searches; a
100-move game takes some 8).  A search that ends without a verdict (the budget ran
out) leaves that position unknown, and the next try is its nearest neighbour
still to be searched; what stays between the two runs is said to be unknown, and
then there is no turning point to claim.

Every search is the player's solver backend through
:func:`freecell.solver.backends.guarded_solve` (the built-in search stands in for
one that fails); the live checks' :class:`WinnabilityTrail` is read first and
given every verdict found, and the built-in search's proof memory is shared with
the rest of the process, so what the game already proved costs nothing again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from freecell.analysis.insight import Verdict, WinnabilityTrail
from freecell.engine import Move, Position, Refusal, Variant, apply_move, check_move
from freecell.solver.api import Budget, CancelToken, Mode, Solved, SolverBackend, Unsolvable
from freecell.solver.backends import BackendLoader, Fallback, guarded_solve
from freecell.solver.builtin import BuiltinSolver

REVIEW_BUDGET = Budget(states=2_000_000, seconds=5.0)


class StepVerdict(StrEnum):
    WINNABLE = "winnable"
    LOST = "lost"  # proven: an exhaustive search found no way to win
    UNKNOWN = "unknown"  # no search, or one that ran out of budget


@dataclass(frozen=True, slots=True)
class ReviewedMove:
    index: int  # 1-based
    move: Move
    verdict: StepVerdict  # of the position after this move


@dataclass(frozen=True, slots=True)
class Review:
    start: StepVerdict
    """The deal itself: LOST means it could never be won, so no move lost it."""
    moves: tuple[ReviewedMove, ...]
    turning_point: int | None
    """1-based index of the move after which the game could no longer be won."""
    searches: int
    """How many searches the review ran (the trail answered the rest)."""

    def to_json(self) -> dict[str, object]:
        return {
            "moves": [
                {"index": m.index, "move": m.move.notation, "verdict": m.verdict.value}
                for m in self.moves
            ],
            "turning_point": self.turning_point,
        }


class NotPlayable(ValueError):
    """A move of the game does not play from where it is made."""

    def __init__(self, index: int, move: Move, refusal: Refusal) -> None:
        super().__init__(f"move {index} ({move.notation}) does not play")
        self.index, self.move, self.refusal = index, move, refusal


def path_positions(start: Position, variant: Variant, moves: Sequence[Move]) -> list[Position]:
    """The positions after 0, 1, ... len(moves) moves; NotPlayable for a bad move."""
    positions = [start]
    for index, move in enumerate(moves, start=1):
        checked = check_move(positions[-1], variant, move)
        if isinstance(checked, Refusal):
            raise NotPlayable(index, move, checked)
        positions.append(apply_move(positions[-1], checked))
    return positions


def review_game(
    start: Position,
    variant: Variant,
    moves: Sequence[Move],
    backend: BackendLoader | SolverBackend | None = None,
    *,
    trail: WinnabilityTrail | None = None,
    budget: Budget = REVIEW_BUDGET,
    cancel: CancelToken | None = None,
    on_verdict: Callable[[int, StepVerdict], None] | None = None,
    on_fallback: Callable[[Fallback], None] | None = None,
    guarded: bool = False,
) -> Review:
    """Review the game ``moves`` played from ``start`` (see the module's docstring).

    ``backend`` None is the built-in search.  ``on_verdict(i, verdict)`` hears each
    position's verdict as a search settles it (i = moves made; 0 is the deal), for
    a window that shows them as they come.  A ``cancel`` set stops the searches:
    what is not settled then stays unknown.  ``guarded``: the caller says
    ``backend``'s answers were guarded already (a solver worker ran
    ``guarded_solve`` with the player's backend), so they are taken as they come:
    guarding them again would check each *unsolvable* a second time, with the
    built-in search running here, beside the window.
    """
    positions = path_positions(start, variant, moves)
    trail = trail if trail is not None else WinnabilityTrail()
    if backend is None:
        backend = BuiltinSolver()
    last = len(positions) - 1
    latest_winnable = -1  # every position up to here is winnable
    earliest_lost = last + 1  # every position from here on is lost
    unknown: set[int] = set()
    searches = 0

    def settle(index: int, verdict: Verdict | None) -> None:
        nonlocal latest_winnable, earliest_lost
        if verdict is Verdict.WINNABLE and index > latest_winnable:
            for i in range(max(latest_winnable + 1, 0), index + 1):
                if on_verdict is not None:
                    on_verdict(i, StepVerdict.WINNABLE)
            latest_winnable = index
        elif verdict is Verdict.LOST and index < earliest_lost:
            for i in range(index, earliest_lost):
                if on_verdict is not None:
                    on_verdict(i, StepVerdict.LOST)
            earliest_lost = index
        elif verdict is None:
            unknown.add(index)

    def known(index: int) -> Verdict | None:
        return trail.verdict(positions[index])

    def probe(index: int) -> None:
        nonlocal searches
        verdict = known(index)
        if verdict is None and not (cancel is not None and cancel.is_set()):
            searches += 1
            if guarded and not isinstance(backend, BackendLoader):
                found = backend.solve(positions[index], variant, budget, cancel, Mode.FAST)
            else:
                found = guarded_solve(
                    backend, positions[index], variant, budget, cancel, Mode.FAST, on_fallback
                ).verdict
            if isinstance(found, Solved):
                trail.record(positions[index], Verdict.WINNABLE, found.moves)
                verdict = Verdict.WINNABLE
            elif isinstance(found, Unsolvable):
                trail.record(positions[index], Verdict.LOST)
                verdict = Verdict.LOST
        settle(index, verdict)
        if verdict is Verdict.WINNABLE:  # a line found may pass through later positions
            for later in range(last, index, -1):
                if later < earliest_lost and known(later) is Verdict.WINNABLE:
                    settle(later, Verdict.WINNABLE)
                    break

    for index in range(last + 1):  # what the live checks already found costs nothing
        verdict = known(index)
        if verdict is not None:
            settle(index, verdict)
    if latest_winnable < last and earliest_lost > last:
        probe(last)
    if latest_winnable < 0 and earliest_lost > 0 and latest_winnable < last:
        probe(0)
    while True:
        between = [i for i in range(latest_winnable + 1, earliest_lost) if i not in unknown]
        if not between or (cancel is not None and cancel.is_set()):
            break
        middle = (latest_winnable + earliest_lost) / 2
        probe(min(between, key=lambda i: (abs(i - middle), i)))

    def verdict_at(index: int) -> StepVerdict:
        if index <= latest_winnable:
            return StepVerdict.WINNABLE
        if index >= earliest_lost:
            return StepVerdict.LOST
        return StepVerdict.UNKNOWN

    turning = (
        earliest_lost
        if latest_winnable >= 0 and earliest_lost == latest_winnable + 1 <= last
        else None
    )
    reviewed = tuple(ReviewedMove(i, move, verdict_at(i)) for i, move in enumerate(moves, start=1))
    return Review(verdict_at(0), reviewed, turning, searches)
