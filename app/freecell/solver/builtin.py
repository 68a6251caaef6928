"""The built-in solver: pure Python, every variant, and honest about what it knows.

:class:`BuiltinSolver` turns an engine position into the compact form of
:mod:`.search`, runs a weighted best-first search, and turns the answer back into
engine moves.  A winning line is re-found on the real layout, shortened (a state on
the line reachable in one move from an earlier one cuts the loop out), and replayed
through :func:`~freecell.engine.check_move` before it is returned: a line that does
not replay is a bug, and raises rather than being handed to a player.

Foundation returns (variants that allow taking a card back home-to-tableau) are not
searched.  A line found without them is still a win, but a search that exhausts
the space without them proves nothing, so such variants never get ``Unsolvable``:
they get ``Unknown``.
"""

from __future__ import annotations

import time

from freecell.engine import (
    DECK,
    Move,
    Pile,
    Position,
    Refusal,
    Variant,
    apply_move,
    check_move,
)
from freecell.i18n import N_
from freecell.solver.api import Budget, CancelToken, Mode, Solved, Unknown, Unsolvable, Verdict
from freecell.solver.divers import diver
from freecell.solver.expansion import child_after, expand, successors
from freecell.solver.open_lists import Order
from freecell.solver.search import best_first
from freecell.solver.state import (
    CARD_BYTES,
    CELLS_END,
    FROM_CELL,
    HOME,
    TO_CELL,
    RawMove,
    Rules,
    State,
    autoplay,
    decode,
    make_key,
    rules_for,
    settle_start,
)

# A cap on the states one search stores, so that its memory stays bounded whatever
# budget it is given (what a state costs: docs/solver.md).
MAX_STORED_STATES = 800_000
DEFAULT_BUDGET = Budget()


class SolverBug(RuntimeError):
    """The search produced a line the engine refuses: never shown as a solution."""


def to_state(position: Position) -> State:
    found = list(position.foundations)
    cells = bytes(sorted(c.index for c in position.cells if c is not None))
    cols = [bytes(c.index for c in col) for col in position.columns]
    return found, cells, cols


# Open-list orders (weight on depth, on the heuristic, on next-card depth).  FAST
# alternates three greedy orders (one's blind spot is rarely another's, so the tail
# is far shorter than with one or two; more cost every proof too much per state);
# the third weighs the moves so far twice, a broader search.  The last three are
# divers (divers.diver()): two in heuristic order (with and without a jitter), one
# in the order the moves are made; they solve the deals every greedy order fails,
# and join too late to change the search of a typical deal.  SHORT searches again
# paying twice as much for depth, which finds shorter lines.  docs/solver.md has
# the measurements behind each choice.
FAST_ORDERS: tuple[Order, ...] = (
    (1, 2, 1),
    (1, 1, 2),
    (2, 1, 1),
    diver(),
    diver(jitter=6),
    diver(by_heuristic=False),
)
SHORT_ORDERS: tuple[Order, ...] = ((2, 1, 1),)
SHORT_STATES = 100_000
SHORT_SECONDS = 2.0


class ProofMemory:
    """Positions proven lost by this process's exhaustive searches, per variant.

    Every state an exhausted search stored is reachable from its start, so none of
    them can be won either.  A later question about one is answered at once: the
    live check asks after every move, so in a lost game each move used to cost a
    whole proof again.

    Off unless enabled (the solver worker process enables it): the command line,
    the benchmarks and the ratings answer every question by searching, so that
    their states and seconds mean the same whatever ran before.  Bounded: proofs
    are kept newest first up to ``capacity`` states in all (about 150 bytes each),
    and a proof larger than that is not kept.
    """

    def __init__(self, capacity: int = 400_000) -> None:
        self.capacity = capacity
        self.enabled = False
        # (variant, twin table or None, the keys -- through the table, if any)
        self._proofs: list[tuple[Variant, bytes | None, frozenset[bytes]]] = []

    def remember(self, variant: Variant, keys: list[bytes], twins: bytes | None = None) -> None:
        """Keep the states of an exhausted search (all of them lost).  With the
        search's twin table (SearchResult.twins), their twins are known lost too: a
        search that skipped a state never stored its children.  (A table leaves the
        foundation heights of the proof's states alone, and maps no other height
        onto them, so only a twin can match.)"""
        if len(keys) > self.capacity:
            return
        kept = frozenset(keys if twins is None else (k.translate(twins) for k in keys))
        self._proofs.insert(0, (variant, twins, kept))
        total = 0
        for n, (_, _, proof) in enumerate(self._proofs):
            total += len(proof)
            if total > self.capacity:
                del self._proofs[n:]
                break

    def lost(self, variant: Variant, key: bytes) -> bool:
        """Is ``key`` (a canonical key, safe moves made) inside a proof?"""
        return any(
            v == variant and (key if t is None else key.translate(t)) in p
            for v, t, p in self._proofs
        )

    def clear(self) -> None:
        self._proofs.clear()


PROOF_MEMORY = ProofMemory()


class BuiltinSolver:
    """The pure-Python solver every installation has."""

    id = "builtin"
    name = N_("Built-in solver")

    def available(self) -> bool:
        return True

    def solve(
        self,
        position: Position,
        variant: Variant,
        budget: Budget = DEFAULT_BUDGET,
        cancel: CancelToken | None = None,
        mode: Mode = Mode.FAST,
    ) -> Verdict:
        started = time.monotonic()
        deadline = started + budget.seconds
        max_states = max(1, min(budget.states, MAX_STORED_STATES))
        rules = rules_for(variant)
        start = to_state(position)
        memory = PROOF_MEMORY if PROOF_MEMORY.enabled else None
        if memory is not None and memory.lost(variant, make_key(*settle_start(rules, start))):
            # Inside an earlier proof: no search, so no states searched.
            return Unsolvable(0, time.monotonic() - started)
        result = best_first(
            rules,
            start,
            orders=FAST_ORDERS,
            max_states=max_states,
            deadline=deadline,
            cancel=cancel,
        )
        states = result.states
        if result.outcome == "solved":
            keys = result.path
            if mode is not Mode.SHORT:
                moves = replay_path(rules, position, variant, keys)
                return Solved(tuple(moves), states, time.monotonic() - started)
            # (A one-move shortcut is rare on a fresh line -- the state would have
            # been reached from there first -- so FAST skips this; two-move
            # shortcuts do pay.)
            moves = replay_path(rules, position, variant, shorten(rules, keys, True, cancel))
            # A line in hand, spend more for a shorter one: weight depth higher.
            again = best_first(
                rules,
                start,
                orders=SHORT_ORDERS,
                max_states=min(max_states, SHORT_STATES),
                deadline=min(deadline, time.monotonic() + SHORT_SECONDS),
                cancel=cancel,
                sweep_for_proof=False,  # (solved already: a line, not a proof, is sought)
            )
            states += again.states
            if again.outcome == "solved":
                other = replay_path(
                    rules, position, variant, shorten(rules, again.path, True, cancel)
                )
                if _work(other) < _work(moves):
                    moves = other
            return Solved(tuple(moves), states, time.monotonic() - started)
        if result.outcome == "exhausted" and not variant.foundation_return:
            if memory is not None:
                memory.remember(variant, result.reached, result.twins)
            return Unsolvable(states, time.monotonic() - started)
        suggestion = suggest(rules, position, variant, result.best_path)
        return Unknown(
            suggestion,
            states,
            time.monotonic() - started,
            cancelled=result.outcome == "cancelled",
        )


def _work(moves: list[Move]) -> tuple[int, int]:
    """How long a line is to a player, shortest first: the moves that are not to
    the foundation (the ones that take thought), then all of them."""
    return sum(1 for move in moves if not move.dest.is_foundation), len(moves)


def suggest(rules: Rules, position: Position, variant: Variant, path: list[bytes]) -> Move | None:
    """The first move of the most promising line; a legal move at worst; None when
    there is nothing to play."""
    if len(path) >= 2:
        moves = replay_path(rules, position, variant, path[:2])
        return moves[0] if moves else None
    # No line yet: the first legal move the search would consider.
    found, cells, cols = settle_start(rules, to_state(position))
    if sum(found) < 52:
        home = replay_path(rules, position, variant, [make_key(found, cells, cols)])
        if home:
            return home[0]
        for move, _, _, _ in successors(rules, found, cells, cols):
            return _engine_move(position, move)
    return None


def shorten(
    rules: Rules, path: list[bytes], deep: bool = False, cancel: CancelToken | None = None
) -> list[bytes]:
    """Cut loops out of a line: from each state, jump to the furthest later state of
    the line that one move reaches (``deep``: or two moves, when that saves one).
    Greedy searches leave detours behind; this removes them cheaply.  A cancel
    keeps the rest of the line as it is."""
    index = {key: i for i, key in enumerate(path)}
    out = [path[0]]
    i = 0
    last = len(path) - 1
    while i < last:
        if cancel is not None and cancel.is_set():
            return out + path[i + 1 :]
        f, ce, co = decode(path[i])
        children = expand(rules, f, ce, co, {})
        best = i + 1
        via: bytes | None = None
        for key, _, _, _ in children:
            j = index.get(key, -1)
            if j > best:
                best = j
        if deep:
            for key, f2, _, _ in children:
                if f2[0] + f2[1] + f2[2] + f2[3] == 52:
                    continue
                # (expand() wants the canonical column order: decode the key.)
                for grandchild, _, _, _ in expand(rules, *decode(key), {}):
                    j = index.get(grandchild, -1)
                    if j > best + 1:  # two moves to j beat one move to best
                        best, via = j, key
        if via is not None:
            out.append(via)
        out.append(path[best])
        i = best
    return out


def replay_path(
    rules: Rules, position: Position, variant: Variant, keys: list[bytes]
) -> list[Move]:
    """Turn a line of canonical keys into engine moves on the real layout, checking
    every move with the engine as it goes."""
    found, cells, cols = to_state(position)
    current = position
    moves: list[Move] = []

    def play(move: Move) -> None:
        nonlocal current
        checked = check_move(current, variant, move)
        if isinstance(checked, Refusal):
            raise SolverBug(f"solver move {move} refused: {checked}")
        moves.append(checked)
        current = apply_move(current, checked)

    def play_home(cards: list[int]) -> None:
        for c in cards:
            play(Move(_pile_of(current, c), Pile.foundation(c & 3), 1))

    record: list[int] = []
    cells = autoplay(rules, found, cells, cols, record)
    play_home(record)
    if make_key(found, cells, cols) != keys[0]:
        raise SolverBug("the line does not start from the position given")
    for target in keys[1:]:
        head, _, tail = target.partition(CELLS_END)
        for move, f2, c2, k2 in successors(rules, found, cells, cols):
            if not _may_lead_to(move, cols, head, tail):
                continue
            record = []
            f3, c3, k3 = child_after(rules, move, f2, c2, k2, record)
            if make_key(f3, c3, k3) == target:
                play(_engine_move(current, move))
                play_home(record)
                found, cells, cols = f3, c3, k3
                break
        else:
            raise SolverBug("no move joins two states of the line")
    return moves


def _may_lead_to(move: RawMove, cols: list[bytes], head: bytes, tail: bytes) -> bool:
    """A cheap necessary condition for ``move`` to lead to the state whose key is
    ``head`` (foundations and cells) and ``tail`` (columns): the moved card ends up
    in a free cell, on its new neighbour, or home (safe moves may follow any move).
    It spares building the key of nearly every other move."""
    _, dst, _, c = move
    if head[c & 3] > c >> 2:
        return True  # home, by this move or by the safe moves after it
    if dst == HOME:
        return False
    if dst == TO_CELL:
        return head.find(CARD_BYTES[c], 4) >= 0
    if not cols[dst]:
        return True  # a new column: no neighbour to look for
    return bytes((cols[dst][-1], c)) in tail


def _pile_of(position: Position, c: int) -> Pile:
    target = DECK[c]
    for i, held in enumerate(position.cells):
        if held is target:
            return Pile.cell(i)
    for i, col in enumerate(position.columns):
        if col and col[-1] is target:
            return Pile.column(i)
    raise SolverBug(f"{target} is not exposed")


def _engine_move(position: Position, move: RawMove) -> Move:
    src, dst, count, c = move
    source = Pile.column(src) if src != FROM_CELL else _pile_of(position, c)
    if dst == HOME:
        dest = Pile.foundation(c & 3)
    elif dst == TO_CELL:
        free = next(i for i, held in enumerate(position.cells) if held is None)
        dest = Pile.cell(free)
    else:
        dest = Pile.column(dst)
    return Move(source, dest, count)
