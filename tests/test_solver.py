"""The built-in solver and the fc-solve backend: verdicts that are true, lines that
replay, budgets and cancels that are honoured."""

from __future__ import annotations

import dataclasses
import threading
import time
from collections.abc import Sequence

import pytest

from freecell.engine import (
    BAKERS_GAME,
    FREECELL,
    TWO_CELL,
    BuildRule,
    EmptyColumnRule,
    Move,
    Position,
    Refusal,
    Variant,
    apply_move,
    check_move,
    deal,
    legal_moves,
    parse_card,
)
from freecell.engine.cards import KING
from freecell.solver import (
    Budget,
    Mode,
    Solved,
    Unknown,
    Unsolvable,
    Verdict,
    builtin,
    divers,
    expansion,
    search,
    state,
    sweep,
    twins,
)
from freecell.solver.backends import UnknownBackend, available_backends, get_backend
from freecell.solver.builtin import BuiltinSolver, ProofMemory
from freecell.solver.fcsolve import FcSolveBackend, variant_flags
from freecell.solver.search import SearchResult

from conftest import require_fc_solve

SOLVER = BuiltinSolver()


def replays_to_win(position: Position, variant: Variant, moves: tuple[Move, ...]) -> bool:
    """Play every move through the engine's own checks; True when it ends won."""
    current = position
    for move in moves:
        checked = check_move(current, variant, move)
        assert not isinstance(checked, Refusal), f"{move}: {checked.reason}"
        assert checked == move, "moves come back resolved: exact piles and counts"
        current = apply_move(current, checked)
    return current.is_won


def board(columns: list[str], cells: list[str] | None, variant: Variant) -> Position:
    """A complete position from the cards still in play: every lower card of a suit
    is home (so the deck is whole), columns and cells padded to the variant."""
    held = [parse_card(t) for t in (cells or [])]
    cols = [tuple(parse_card(t) for t in c.split()) for c in columns]
    remaining = [*held, *(c for col in cols for c in col)]
    foundations = [KING, KING, KING, KING]
    for c in remaining:
        foundations[c.suit] = min(foundations[c.suit], c.rank - 1)
    position = Position(
        columns=tuple(cols) + ((),) * (variant.columns - len(cols)),
        cells=tuple(held) + (None,) * (variant.cells - len(held)),
        foundations=(foundations[0], foundations[1], foundations[2], foundations[3]),
    )
    position.validate()
    return position


def tiny(**changes: object) -> Variant:
    return dataclasses.replace(FREECELL, id="tiny", **changes)  # type: ignore[arg-type]


# -- known deals ------------------------------------------------------------------
@pytest.mark.parametrize(("number", "mode"), [(1, Mode.FAST), (1, Mode.SHORT), (617, Mode.FAST)])
def test_known_solvable_deals_are_solved_and_replay(number: int, mode: Mode) -> None:
    position = deal(number, FREECELL)
    verdict = SOLVER.solve(position, FREECELL, Budget(1_000_000, 20), mode=mode)
    assert isinstance(verdict, Solved)
    assert replays_to_win(position, FREECELL, verdict.moves)
    assert verdict.states > 0


def test_deal_11982_is_proven_unsolvable() -> None:
    verdict = SOLVER.solve(deal(11982, FREECELL), FREECELL, Budget(3_000_000, 60))
    assert isinstance(verdict, Unsolvable)
    assert verdict.states > 10_000  # an exhaustive search, not a guess


@pytest.mark.parametrize("number", [10, 14])
def test_bakers_game_deals_proven_unsolvable(number: int) -> None:
    verdict = SOLVER.solve(deal(number, BAKERS_GAME), BAKERS_GAME, Budget(3_000_000, 60))
    assert isinstance(verdict, Unsolvable)


def test_bakers_game_solution_builds_in_suit() -> None:
    position = deal(1, BAKERS_GAME)
    verdict = SOLVER.solve(position, BAKERS_GAME, Budget(1_000_000, 20))
    assert isinstance(verdict, Solved)
    assert replays_to_win(position, BAKERS_GAME, verdict.moves)


def test_short_mode_is_not_longer_than_fast_on_deal_1() -> None:
    position = deal(1, FREECELL)
    fast = SOLVER.solve(position, FREECELL, Budget(1_000_000, 20), mode=Mode.FAST)
    short = SOLVER.solve(position, FREECELL, Budget(1_000_000, 20), mode=Mode.SHORT)
    assert isinstance(fast, Solved) and isinstance(short, Solved)

    def work(v: Solved) -> int:
        return sum(1 for m in v.moves if not m.dest.is_foundation)

    assert work(short) <= work(fast)


# -- budgets and cancel -----------------------------------------------------------
@pytest.mark.parametrize("budget", [Budget(states=50), Budget(states=10**7, seconds=0.05)])
def test_a_tiny_budget_gives_unknown_never_unsolvable(budget: Budget) -> None:
    position = deal(11982, FREECELL)
    verdict = SOLVER.solve(position, FREECELL, budget)
    assert isinstance(verdict, Unknown)
    assert not verdict.cancelled
    # The suggestion is a legal move from the position given.
    assert verdict.suggested_move is not None
    assert not isinstance(check_move(position, FREECELL, verdict.suggested_move), Refusal)


class CountingCancel:
    """A cancel token that is set from its ``set_at``-th look on, counting looks: the
    search's promptness as a count, not a clock (benchmarks/cancel.py has the time)."""

    def __init__(self, set_at: int) -> None:
        self.set_at = set_at
        self.looks = 0

    def is_set(self) -> bool:
        self.looks += 1
        return self.looks >= self.set_at


@pytest.mark.parametrize("set_at", [1, 5, 50])
def test_a_cancel_is_looked_at_often_and_obeyed_at_the_first_look(set_at: int) -> None:
    cancel = CountingCancel(set_at)
    verdict = SOLVER.solve(deal(11982, FREECELL), FREECELL, Budget(10**7, 600), cancel)
    assert isinstance(verdict, Unknown) and verdict.cancelled
    assert cancel.looks == set_at  # it stopped the first time it saw the cancel
    # a look every 64 expansions: about 110 states between looks on this deal, 300
    # before the first (a look every 4,096 expansions would be some 7,000 apart)
    assert verdict.states <= 250 * set_at + 500


class CancelFromOutside(threading.Event):
    """An event the search's first look waits on until another thread sets it, so the
    cancel always comes mid-search (a fixed sleep raced the proof, which an idle
    machine finishes in 0.3 s)."""

    def __init__(self) -> None:
        super().__init__()
        self.looked = threading.Event()

    def is_set(self) -> bool:
        if not self.looked.is_set():
            self.looked.set()
            self.wait(60)
        return super().is_set()


def test_cancel_from_another_thread_stops_the_search() -> None:
    cancel = CancelFromOutside()
    verdicts: list[Verdict] = []

    def search() -> None:
        budget = Budget(10**7, 600)
        verdicts.append(SOLVER.solve(deal(11982, FREECELL), FREECELL, budget, cancel))

    worker = threading.Thread(target=search)
    worker.start()
    assert cancel.looked.wait(60)
    cancel.set()
    worker.join(60)
    assert verdicts and isinstance(verdicts[0], Unknown) and verdicts[0].cancelled


def test_a_won_position_is_solved_with_no_moves() -> None:
    variant = tiny(cells=0, columns=1)
    position = board([], None, variant)
    assert position.is_won
    verdict = SOLVER.solve(position, variant)
    assert isinstance(verdict, Solved) and verdict.moves == ()


# -- hand-made positions for the rule variations ------------------------------------
def test_zero_cells_one_column_is_proven_stuck_and_one_cell_frees_it() -> None:
    stuck = tiny(cells=0, columns=1)
    verdict = SOLVER.solve(board(["QH KH"], None, stuck), stuck)
    assert isinstance(verdict, Unsolvable)
    roomy = tiny(cells=1, columns=1)
    position = board(["QH KH"], None, roomy)
    solved = SOLVER.solve(position, roomy)
    assert isinstance(solved, Solved)
    assert [m.notation for m in solved.moves] == ["1a", "1h", "ah"]


@pytest.mark.parametrize(
    ("empty", "solvable"),
    [
        (EmptyColumnRule.ANY_CARD, True),
        (EmptyColumnRule.KINGS_ONLY, False),
        (EmptyColumnRule.NOTHING, False),
    ],
)
def test_empty_column_rules(empty: EmptyColumnRule, solvable: bool) -> None:
    # The Queen must leave the Jack; only an empty column can take it.
    variant = tiny(cells=0, columns=3, empty_column=empty)
    position = board(["JS QS", "KS"], None, variant)
    verdict = SOLVER.solve(position, variant)
    if solvable:
        assert isinstance(verdict, Solved) and replays_to_win(position, variant, verdict.moves)
    else:
        assert isinstance(verdict, Unsolvable)


def test_kings_only_lets_a_king_into_the_empty_column() -> None:
    variant = tiny(cells=0, columns=2, empty_column=EmptyColumnRule.KINGS_ONLY)
    position = board(["QS KS"], None, variant)
    verdict = SOLVER.solve(position, variant)
    assert isinstance(verdict, Solved)
    assert verdict.moves[0].notation == "12"
    assert replays_to_win(position, variant, verdict.moves)


@pytest.mark.parametrize(
    ("king", "build", "solvable"),
    [
        ("KS", BuildRule.ANY_SUIT, True),
        ("KS", BuildRule.SAME_SUIT, True),
        ("KS", BuildRule.ALTERNATE_COLOUR, False),
        ("KH", BuildRule.ALTERNATE_COLOUR, True),
        ("KH", BuildRule.SAME_SUIT, False),
        ("KH", BuildRule.ANY_SUIT, True),
    ],
)
def test_build_rules(king: str, build: BuildRule, solvable: bool) -> None:
    # No cells, no empty column: the Queen of spades must rest on the King.
    variant = tiny(cells=0, columns=2, build=build)
    # The King of hearts sits on its Queen, so it cannot go home first.
    columns = ["JS QS", "KS"] if king == "KS" else ["KS JS QS", "QH KH"]
    position = board(columns, None, variant)
    verdict = SOLVER.solve(position, variant)
    if solvable:
        assert isinstance(verdict, Solved) and replays_to_win(position, variant, verdict.moves)
    else:
        assert isinstance(verdict, Unsolvable)


def test_without_supermoves_every_move_is_one_card() -> None:
    variant = dataclasses.replace(FREECELL, id="single", supermove=False)
    position = deal(1, variant)
    verdict = SOLVER.solve(position, variant, Budget(1_000_000, 20))
    assert isinstance(verdict, Solved)
    assert all(m.count == 1 for m in verdict.moves)
    assert replays_to_win(position, variant, verdict.moves)


def test_supermoves_carry_their_exact_count() -> None:
    position = deal(1, FREECELL)
    verdict = SOLVER.solve(position, FREECELL, Budget(1_000_000, 20))
    assert isinstance(verdict, Solved)
    assert any((m.count or 1) > 1 for m in verdict.moves)
    assert all(m.count is not None for m in verdict.moves)


def test_cards_in_cells_at_the_start() -> None:
    variant = dataclasses.replace(BAKERS_GAME, id="cells-start", cards_in_cells=2)
    position = deal(3, variant)
    assert sum(c is not None for c in position.cells) == 2
    verdict = SOLVER.solve(position, variant, Budget(1_000_000, 20))
    assert not isinstance(verdict, Solved) or replays_to_win(position, variant, verdict.moves)


def test_foundation_return_variants_never_get_a_proof() -> None:
    variant = tiny(cells=0, columns=1, foundation_return=True)
    verdict = SOLVER.solve(board(["QH KH"], None, variant), variant)
    assert isinstance(verdict, Unknown)


# -- the registry -----------------------------------------------------------------
def test_registry_knows_both_backends() -> None:
    assert "builtin" in available_backends()
    assert isinstance(get_backend("builtin"), BuiltinSolver)
    with pytest.raises(UnknownBackend, match="unknown solver backend 'nope'"):
        get_backend("nope")


def test_fcsolve_backend_is_unavailable_without_the_program() -> None:
    backend = FcSolveBackend(executable="no-such-fc-solve-here")
    assert backend.available() is False
    verdict = backend.solve(deal(1, FREECELL), FREECELL)
    assert isinstance(verdict, Unknown)


def test_variant_flags_describe_the_variant() -> None:
    flags = variant_flags(BAKERS_GAME)
    assert flags[flags.index("--sequences-are-built-by") + 1] == "suit"
    assert flags[flags.index("--freecells-num") + 1] == "4"
    assert flags[flags.index("--empty-stacks-filled-by") + 1] == "any"


# -- fc-solve agrees ----------------------------------------------------------------
@pytest.mark.fcsolve
@pytest.mark.parametrize(
    ("variant", "number"),
    [(FREECELL, 1), (FREECELL, 2), (FREECELL, 3), (BAKERS_GAME, 1), (BAKERS_GAME, 10)],
)
def test_fcsolve_backend_matches_the_builtin_verdict(variant: Variant, number: int) -> None:
    require_fc_solve()
    position = deal(number, variant)
    theirs = FcSolveBackend().solve(position, variant, Budget(2_000_000, 20))
    ours = SOLVER.solve(position, variant, Budget(2_000_000, 20))
    assert theirs.verdict == ours.verdict
    if isinstance(theirs, Solved):
        assert replays_to_win(position, variant, theirs.moves)


@pytest.mark.fcsolve
def test_fcsolve_backend_tiny_budget_is_unknown() -> None:
    require_fc_solve()
    verdict = FcSolveBackend().solve(deal(11982, FREECELL), FREECELL, Budget(states=50))
    assert isinstance(verdict, Unknown)


@pytest.mark.fcsolve
def test_fcsolve_backend_cancel_kills_the_process() -> None:
    require_fc_solve()
    cancel = CountingCancel(1)  # set from the first look
    verdict = FcSolveBackend().solve(deal(11982, FREECELL), FREECELL, Budget(10**7, 30), cancel)
    assert isinstance(verdict, Unknown) and verdict.cancelled
    assert cancel.looks == 1  # killed at the first look, not left to finish


# -- the search's fast inner loop makes exactly the moves the move generator lists ----
@pytest.mark.parametrize(
    "variant",
    [
        FREECELL,
        BAKERS_GAME,
        tiny(supermove=False),
        tiny(cells=0),
        tiny(cells=2, build=BuildRule.ANY_SUIT, empty_column=EmptyColumnRule.NOTHING),
        tiny(cells=8, cards_in_cells=4, empty_column=EmptyColumnRule.KINGS_ONLY),
        tiny(columns=10, cards_in_cells=2, build=BuildRule.SAME_SUIT),
    ],
    ids=lambda v: v.id + f"-{v.cells}c-{v.columns}col-{v.build.value}-{v.empty_column.value}",
)
def test_fast_expansion_matches_the_move_generator(variant: Variant) -> None:
    import random

    from freecell.solver.builtin import to_state

    rules = state.Rules(variant)
    rng = random.Random(7)
    for number in (1, 2):
        found, cells, cols = to_state(deal(number, variant))
        cells = state.autoplay(rules, found, cells, cols)
        found, cells, cols = state.decode(state.make_key(found, cells, cols))
        for _ in range(40):
            slow = {
                state.make_key(*expansion.child_after(rules, move, f, c, k))
                for move, f, c, k in expansion.successors(rules, found, cells, cols)
            }
            fast = {child[0] for child in expansion.expand(rules, found, cells, cols, {})}
            assert slow == fast
            if not fast:
                break
            found, cells, cols = state.decode(rng.choice(sorted(fast)))
            if sum(found) == 52:
                break


# -- divers never cost completeness -------------------------------------------------
@pytest.mark.parametrize(
    ("orders", "dive_after", "dive_limit"),
    [
        (((1, 2, 1), (1, 1, 2), (1, 1, 0)), 1000, 4000),  # greedy lists only
        (((1, 2, 1), (1, 1, 2), (1, 1, 0), (-1000, 1, 0)), 10, 300),  # diver joins, leaves
        (((1, 2, 1), (-1000, 1, 0), (-1000, 1, 2)), 1, 10**9),  # two divers, never leave
        (((-1000, 1, 0),), 1000, 1),  # a diver alone searches everything
        (((2, 1, 1), (-1000, 0, 0)), 10, 300),  # a diver in move order joins, leaves
        (((-1000, 0, 0), (-1003, 0, 0)), 1000, 1),  # divers in move order alone
    ],
    ids=[
        "greedy",
        "diver-joins-and-leaves",
        "two-divers",
        "diver-alone",
        "move-order-diver",
        "move-order-divers-alone",
    ],
)
def test_every_mix_of_open_lists_exhausts_the_same_space(
    orders: tuple[tuple[int, int, int], ...],
    dive_after: int,
    dive_limit: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Baker's Game deal 10 has no solution: whatever the open lists, the search
    must visit every one of its 5,019 reachable states before it says so."""

    monkeypatch.setattr(divers, "DIVE_AFTER", dive_after)
    monkeypatch.setattr(divers, "DIVE_LIMIT", dive_limit)
    result = _search_lost_deal(BAKERS_GAME, 10, orders)
    assert (result.outcome, result.states, result.expanded) == ("exhausted", 5019, 5019)


def _search_lost_deal(
    variant: Variant, number: int, orders: Sequence[tuple[int, int, int]]
) -> SearchResult:
    """A deal with no solution (Baker's Game deal 10: 5,019 reachable states; deal
    21 with two free cells: 6,269), searched to the end with these open lists."""
    from freecell.solver.builtin import to_state

    return search.best_first(
        state.rules_for(variant),
        to_state(deal(number, variant)),
        orders=orders,
        max_states=100_000,
        deadline=time.monotonic() + 60,
        cancel=None,
    )


def test_a_proof_ends_when_the_space_is_exhausted_not_when_the_divers_tire() -> None:
    """Once a shared open list runs dry, every state found has been expanded: the
    search stops there.  (It used to let the divers walk the space again until
    DIVE_LIMIT: Baker's Game deal 10 took 19,400 expansions for its 5,019 states.)"""
    from freecell.solver.builtin import FAST_ORDERS

    result = _search_lost_deal(BAKERS_GAME, 10, FAST_ORDERS)
    assert (result.outcome, result.states, result.expanded) == ("exhausted", 5019, 5019)
    # The divers still walk through some states twice on their lines, not all.
    assert result.turns < 2 * result.states


# -- the sweep ------------------------------------------------------------------------
def _sweep_from(monkeypatch: pytest.MonkeyPatch, after: int, states: int = 10**9) -> None:
    """Start the sweep after ``after`` expansions, bounded by ``states`` (its growth
    unbounded, so that only ``states`` stops it)."""

    monkeypatch.setattr(sweep, "SWEEP_AFTER", after)
    monkeypatch.setattr(sweep, "SWEEP_STATES", states)
    monkeypatch.setattr(sweep, "SWEEP_GROWTH", 10**6)


@pytest.mark.parametrize(
    ("variant", "number", "states"), [(BAKERS_GAME, 10, 5019), (TWO_CELL, 21, 6269)]
)
@pytest.mark.parametrize("after", [1, 300, 10**9])
def test_a_sweep_that_runs_dry_has_seen_the_whole_space(
    variant: Variant, number: int, states: int, after: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sweep's stack starts with every state not yet expanded and takes every
    state found: when it runs dry, it has reached exactly the states the open lists
    reach.  (Twins off, so that both count the whole space.)"""
    from freecell.solver.builtin import FAST_ORDERS

    monkeypatch.setattr(twins, "TWINS_AFTER", 10**9)
    monkeypatch.setattr(divers, "DIVE_AFTER", 10**9)
    whole = _search_lost_deal(variant, number, FAST_ORDERS)
    _sweep_from(monkeypatch, after)
    swept = _search_lost_deal(variant, number, FAST_ORDERS)
    assert (swept.outcome, swept.states, swept.expanded) == ("exhausted", states, states)
    assert set(swept.reached) == set(whole.reached)
    if after < states:
        # Only the sweep expanded after ``after``: it never expands a state twice.
        # (The last turn is the one that finds its stack dry.)
        assert swept.turns == swept.expanded + 1


@pytest.mark.parametrize("budget", [1, 200, 2000])
def test_a_sweep_that_stops_leaves_its_open_states_to_the_lists(
    budget: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sweep stopped part way hands the states it found and left open to the
    shared lists, so the proof they finish is still whole: every state stored is
    expanded."""
    from freecell.solver.builtin import FAST_ORDERS

    _sweep_from(monkeypatch, 300, budget)
    result = _search_lost_deal(BAKERS_GAME, 10, FAST_ORDERS)
    assert (result.outcome, result.states, result.expanded) == ("exhausted", 5019, 5019)
    assert result.turns > result.expanded  # (the divers came back after it)


def test_a_sweep_stops_when_its_frontier_widens(monkeypatch: pytest.MonkeyPatch) -> None:
    """Growth, not only the states budget, stops a sweep: with no room to grow it
    stops at its first check, and the lists finish the proof."""
    from freecell.solver.builtin import FAST_ORDERS

    monkeypatch.setattr(sweep, "SWEEP_AFTER", 300)
    monkeypatch.setattr(sweep, "SWEEP_GROWTH", 0)
    monkeypatch.setattr(sweep, "SWEEP_SLACK", 0)
    result = _search_lost_deal(BAKERS_GAME, 10, FAST_ORDERS)
    assert (result.outcome, result.states, result.expanded) == ("exhausted", 5019, 5019)
    assert result.turns > result.expanded


@pytest.mark.parametrize("number", [1, 10, 617, 4864])
def test_lines_found_in_or_after_a_sweep_replay_to_a_win(
    number: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whether the sweep finds the line itself (it starts at once and is never
    stopped) or stops early and leaves it to the lists, the line wins -- with twins
    put back part way through (deal 10) as well."""

    monkeypatch.setattr(twins, "TWINS_AFTER", 1)
    position = deal(number, FREECELL)
    for budget in (10**9, 100):
        _sweep_from(monkeypatch, 1, budget)
        verdict = SOLVER.solve(position, FREECELL, Budget(states=200_000, seconds=60))
        assert isinstance(verdict, Solved), (number, budget)
        assert replays_to_win(position, FREECELL, verdict.moves)


def test_the_search_for_a_shorter_line_does_not_sweep(monkeypatch: pytest.MonkeyPatch) -> None:
    """SHORT mode's second search looks for a shorter line of a deal already solved:
    a sweep could prove nothing there, and would end it with a long line.  So it
    searches as if there were no sweep."""
    from freecell.solver.builtin import SHORT_ORDERS, to_state

    def short_search(sweep_for_proof: bool) -> SearchResult:
        return search.best_first(
            state.rules_for(FREECELL),
            to_state(deal(617, FREECELL)),
            orders=SHORT_ORDERS,
            max_states=100_000,
            deadline=time.monotonic() + 60,
            cancel=None,
            sweep_for_proof=sweep_for_proof,
        )

    monkeypatch.setattr(sweep, "SWEEP_AFTER", 10**9)
    unswept = short_search(True)
    _sweep_from(monkeypatch, 1)
    assert short_search(False).path == unswept.path
    assert len(short_search(True).path) > len(unswept.path)  # (what a sweep finds)
    calls: list[bool] = []
    best_first = builtin.best_first

    def spy(*args: object, **kwargs: object) -> SearchResult:
        calls.append(bool(kwargs.get("sweep_for_proof", True)))
        return best_first(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtin, "best_first", spy)
    verdict = SOLVER.solve(deal(617, FREECELL), FREECELL, mode=Mode.SHORT)
    assert isinstance(verdict, Solved) and calls == [True, False]


def test_a_sweep_honours_the_deadline() -> None:
    """The sweep takes every turn, and the search still looks at the clock every 64
    of them: a deadline passed during the sweep ends the search as "budget", never
    as a proof."""
    from freecell.solver.builtin import FAST_ORDERS, to_state

    ticks = iter(range(10**6))  # (the clock says n at its n+1-th look)
    stop_at = sweep.SWEEP_AFTER // 64 + 20  # (20 looks at it into the sweep)
    result = search.best_first(
        state.rules_for(FREECELL),
        to_state(deal(11982, FREECELL)),
        orders=FAST_ORDERS,
        max_states=200_000,
        deadline=stop_at - 0.5,
        cancel=None,
        clock=lambda: next(ticks),
    )
    assert result.outcome == "budget"
    assert result.turns == (stop_at + 1) * 64


# -- proofs remembered ---------------------------------------------------------------
@pytest.fixture
def memory(monkeypatch: pytest.MonkeyPatch) -> ProofMemory:
    fresh = ProofMemory()
    fresh.enabled = True
    monkeypatch.setattr(builtin, "PROOF_MEMORY", fresh)
    return fresh


def test_a_position_inside_a_proof_is_answered_without_searching(memory: ProofMemory) -> None:
    start = deal(10, BAKERS_GAME)
    first = SOLVER.solve(start, BAKERS_GAME, Budget(1_000_000, 60))
    assert isinstance(first, Unsolvable) and first.states == 5019
    # The player plays on in the lost game: every position after it is lost too.
    later = start
    for _ in range(3):
        move = next(m for m in legal_moves(later, BAKERS_GAME) if not m.dest.is_foundation)
        later = apply_move(later, move)
        verdict = SOLVER.solve(later, BAKERS_GAME, Budget(states=10))  # no budget needed
        assert isinstance(verdict, Unsolvable) and verdict.states == 0
    # Another deal, and the same deal under other rules, are searched as ever.
    other = SOLVER.solve(deal(14, BAKERS_GAME), BAKERS_GAME, Budget(1_000_000, 60))
    assert isinstance(other, Unsolvable) and other.states == 2967
    assert isinstance(SOLVER.solve(start, FREECELL, Budget(states=50)), Unknown)


def test_proofs_are_remembered_only_where_enabled(memory: ProofMemory) -> None:
    memory.enabled = False
    start = deal(14, BAKERS_GAME)
    for _ in range(2):
        verdict = SOLVER.solve(start, BAKERS_GAME, Budget(1_000_000, 60))
        assert isinstance(verdict, Unsolvable) and verdict.states == 2967
    # Nor is a search that ran out of budget a proof of anything.
    memory.enabled = True
    assert isinstance(SOLVER.solve(start, BAKERS_GAME, Budget(states=100)), Unknown)
    assert isinstance(SOLVER.solve(start, BAKERS_GAME, Budget(states=100)), Unknown)


def test_the_memory_keeps_the_newest_proofs_within_its_capacity() -> None:
    memory = ProofMemory(capacity=5)
    memory.remember(FREECELL, [b"a", b"b", b"c"])
    memory.remember(FREECELL, [b"d", b"e"])
    assert memory.lost(FREECELL, b"a") and memory.lost(FREECELL, b"e")
    assert not memory.lost(BAKERS_GAME, b"a")
    memory.remember(FREECELL, [b"f"])  # 6 states: the oldest proof goes
    assert not memory.lost(FREECELL, b"a") and memory.lost(FREECELL, b"f")
    memory.remember(FREECELL, [b"x"] * 6)  # larger than the whole memory: not kept
    assert not memory.lost(FREECELL, b"x") and memory.lost(FREECELL, b"d")
    memory.clear()
    assert not memory.lost(FREECELL, b"d")


@pytest.mark.parametrize("number", [11021, 21491, 24106])
def test_the_deals_that_once_ran_out_of_time_are_solved_in_a_few_thousand_states(
    number: int,
) -> None:
    """These three deals were still Unknown after 5 s (over 800,000 states) with the
    earlier orders; the greedy order that weighs the moves so far twice solves
    each in under 2,000.  A states budget, not a clock: the test is deterministic."""
    position = deal(number, FREECELL)
    verdict = SOLVER.solve(position, FREECELL, Budget(states=10_000, seconds=60))
    assert isinstance(verdict, Solved)
    assert replays_to_win(position, FREECELL, verdict.moves)


def test_the_diver_finds_what_the_greedy_lists_miss() -> None:
    """Deal 4864 defeats the three greedy orders for 150,000 states; with the diver
    it is solved in a few thousand, and the line replays."""
    position = deal(4864, FREECELL)
    verdict = SOLVER.solve(position, FREECELL, Budget(states=30_000, seconds=60))
    assert isinstance(verdict, Solved)
    assert replays_to_win(position, FREECELL, verdict.moves)


# -- twins ---------------------------------------------------------------------------
def test_twin_tables_name_cards_a_column_cannot_tell_apart_by_one_card() -> None:

    tables = state.rules_for(FREECELL).twin_tables
    five_hearts, five_diamonds = parse_card("5H").index, parse_card("5D").index
    five_spades, five_clubs = parse_card("5S").index, parse_card("5C").index
    for top, table in enumerate(tables):
        alike = table[five_hearts] == table[five_diamonds]
        assert alike == (top < 5)  # only cards above rank ``top`` are named by class
        assert (table[five_spades] == table[five_clubs]) == alike
        assert table[five_hearts] != table[five_spades]  # colours stay apart
        # Cards up to rank ``top`` come through as they are -- and so do the
        # foundation heights of a search using the table (below ``top``).
        assert table[: 4 * top] == bytes(range(4 * top)) and table[0xFE:] == b"\xfe\xff"
    # In suit, every card is told apart: no twins at all.
    assert state.rules_for(BAKERS_GAME).twin_tables == ()


def test_a_search_that_skips_twins_still_proves_what_the_whole_space_proves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Skipping a state whose twin was expanded must lose nothing: every state of the
    whole reachable space has a twin among the states the skipping search reached."""
    from freecell.solver.builtin import FAST_ORDERS

    monkeypatch.setattr(twins, "TWINS_AFTER", 10**9)
    whole = _search_lost_deal(TWO_CELL, 21, FAST_ORDERS)
    assert whole.outcome == "exhausted" and whole.twins is None
    assert whole.states == whole.expanded == 6269
    monkeypatch.setattr(twins, "TWINS_AFTER", 1)
    skipping = _search_lost_deal(TWO_CELL, 21, FAST_ORDERS)
    assert skipping.outcome == "exhausted" and skipping.twins is not None
    assert skipping.expanded < 0.6 * whole.expanded
    table = skipping.twins
    reached = {key.translate(table) for key in skipping.reached}
    assert {key.translate(table) for key in whole.reached} == reached
    # ... so the memory of that proof knows every one of those states lost, even
    # those the skipping search never stored.
    memory = ProofMemory()
    memory.remember(TWO_CELL, skipping.reached, table)
    unstored = set(whole.reached) - set(skipping.reached)
    assert unstored and all(memory.lost(TWO_CELL, key) for key in unstored)


def test_skipped_twins_are_searched_after_all_once_cards_near_them_can_go_home(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On a deal that is won, foundations climb: each time one reaches the twin
    rank, the skipped states go back to the open lists -- and the line still wins."""

    requeued: list[int] = []
    requeue = twins.requeue

    def spy(*args: object, **kwargs: object) -> list[int]:
        requeued.append(len(args[2]))  # type: ignore[arg-type]
        return requeue(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(twins, "requeue", spy)
    monkeypatch.setattr(twins, "TWINS_AFTER", 1)
    position = deal(10, FREECELL)  # (109 states skipped, then put back)
    verdict = SOLVER.solve(position, FREECELL, Budget(states=100_000, seconds=60))
    assert isinstance(verdict, Solved) and replays_to_win(position, FREECELL, verdict.moves)
    assert sum(requeued) > 0


def test_putting_twins_back_stops_when_the_search_must() -> None:
    """Regrouping and putting back go over up to every state stored (50 ms at
    84,000 states), so they honour a cancel or a deadline part way, as the search
    does every 64 expansions; the search then ends, not a proof."""

    rules = state.rules_for(FREECELL)
    found, cells, cols = state.settle_start(rules, builtin.to_state(deal(1, FREECELL)))
    key = state.make_key(found, cells, cols)
    keys = [key] * 10_000
    closed = bytearray([1]) * len(keys)
    table = rules.twin_tables[3]
    assert len(twins.regroup(keys, closed, table, lambda: "")) == 1  # (all one key)
    asked: list[int] = []

    def halt() -> str:
        asked.append(1)
        return "cancelled"

    twins.regroup(keys, closed, table, halt)
    assert len(asked) == 1  # stopped at once, not after 10,000 states
    shared: list = [({}, [], 1, 2, 1)]  # type: ignore[type-arg]
    skipped = [(n, 1) for n in range(len(keys))]
    twins.requeue(rules, keys, skipped, {}, None, closed, shared, halt)
    assert shared[0][0] == {} and len(asked) == 2  # nothing put back
