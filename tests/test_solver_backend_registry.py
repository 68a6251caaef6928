"""The solver registry and the fc-solve backend: both are known, fc-solve is
Unknown without its program, and where it is installed it agrees with the
built-in search."""

from __future__ import annotations

import pytest

from freecell.engine import BAKERS_GAME, FREECELL, Variant, deal
from freecell.solver import Budget, Solved, Unknown
from freecell.solver.backends import UnknownBackend, available_backends, get_backend
from freecell.solver.builtin import BuiltinSolver
from freecell.solver.fcsolve import FcSolveBackend, variant_flags
from solver_helpers import SOLVER, CountingCancel, replays_to_win

from conftest import require_fc_solve


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
