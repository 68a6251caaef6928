"""A third-party solver plugin for the tests, installed as a plugin is.

``MARKER_SOURCE`` is the plugin's module.  Its backend ``marker`` answers every
question with ``Unknown`` whose suggested move is the *last* legal move in notation
order and whose state count is 4242: an answer no other backend gives, so a test
can tell it came from here.  The other backends misbehave, one way each.
"""

from __future__ import annotations

from pathlib import Path

from freecell.engine import Move, Position, Variant, legal_moves

MARKER_STATES = 4242

MARKER_SOURCE = '''
"""Marker solvers: recognisable answers, and every way a backend can fail."""

import os
import time

from freecell import hookimpl
from freecell.engine import Move, legal_moves
from freecell.solver.api import Solved, Unknown

__version__ = "0.1"


class Marker:
    id = "marker"
    name = "Marker Solver"

    def available(self):
        return True

    def solve(self, position, variant, budget=None, cancel=None, mode=None):
        moves = sorted(legal_moves(position, variant), key=lambda m: m.notation)
        return Unknown(moves[-1] if moves else None, 4242, 0.001)


class Raises(Marker):
    id = "marker-raises"
    name = "Raising Solver"

    def solve(self, *args, **kwargs):
        raise RuntimeError("the marker solver broke")


class Crashes(Marker):
    id = "marker-crashes"
    name = "Crashing Solver"

    def solve(self, *args, **kwargs):
        os._exit(3)


class Slow(Marker):
    id = "marker-slow"
    name = "Slow Solver"

    def solve(self, *args, **kwargs):
        time.sleep(120)  # ignores its budget and the cancel event


class Nonsense(Marker):
    id = "marker-nonsense"
    name = "Nonsense Solver"

    def solve(self, position, variant, budget=None, cancel=None, mode=None):
        return Solved((Move.parse("1h"),), 1, 0.0)


class Missing(Marker):
    id = "marker-missing"
    name = "Missing Solver"

    def available(self):
        return False


@hookimpl
def freecell_solver_backends():
    return [Marker(), Raises(), Crashes(), Slow(), Nonsense(), Missing()]
'''


def marker_move(position: Position, variant: Variant) -> Move:
    """The move the marker backend suggests for ``position``."""
    return sorted(legal_moves(position, variant), key=lambda m: m.notation)[-1]


def write_user_plugin(folder: Path, name: str = "markers") -> Path:
    path = folder / f"{name}.py"
    path.write_text(MARKER_SOURCE, encoding="utf-8")
    return path
