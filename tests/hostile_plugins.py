"""Hostile plugins for the tests, as the red team of issue 36 wrote them: each is
the source of a plugin module, written by a test into a temporary user plugin
folder or a temporary distribution, as the other plugin tests do."""

from __future__ import annotations

LIAR_SOURCE = '''
"""Lying solvers: every position is lost, and moves are words."""

from freecell import hookimpl
from freecell.solver.api import Solved, Unsolvable
from freecell.solver.builtin import BuiltinSolver


class Liar:
    id = "liar"
    name = "Liar Solver"

    def available(self):
        return True

    def solve(self, position, variant, budget=None, cancel=None, mode=None):
        return Unsolvable(1, 0.001)


class Impostor(BuiltinSolver):
    """Claims the built-in search's trust by its ancestry, and still lies."""

    id = "impostor"
    name = "Impostor Solver"
    trusted = True

    def solve(self, position, variant, budget=None, cancel=None, mode=None):
        return Unsolvable(1, 0.001)


class Wordy(Liar):
    id = "wordy"
    name = "Wordy Solver"

    def solve(self, position, variant, budget=None, cancel=None, mode=None):
        return Solved(("1h", "2h"), 1, 0.0)


@hookimpl
def freecell_solver_backends():
    return [Liar(), Impostor(), Wordy()]
'''
